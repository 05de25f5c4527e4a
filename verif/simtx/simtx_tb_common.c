/* What the SIMT-X testbenches share (see simtx_tb_common.h). */
#include "simtx_tb_common.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int simtx_threads_check(const pathtable_t *pt, unsigned w, uint64_t paths, uint64_t ended,
                        uint64_t threads, const char *what, char *err, size_t errlen)
{
    uint64_t seen = ended;
    for (unsigned h = 0; h < 64u && (paths >> h); h++) {
        if (!((paths >> h) & 1u))
            continue;
        uint64_t mk = pathtable_mask(pt, w, h);
        if (mk & seen) {
            snprintf(err, errlen, "warp %u: %s %u's threads %#llx are also another path's or "
                     "ended", w, what, h, (unsigned long long)(mk & seen));
            return -1;
        }
        seen |= mk;
    }
    if (seen != threads) {
        snprintf(err, errlen, "warp %u: %ss and ended threads %#llx, warp threads %#llx", w,
                 what, (unsigned long long)seen, (unsigned long long)threads);
        return -1;
    }
    return 0;
}

int simtx_fe_scn_op(const char *verb)
{
    for (unsigned op = FE_OP_INIT; op < FE_OP_COUNT; op++)
        if (!strcasecmp(fe_op_name(op), verb))
            return (int)op;
    return strcmp(verb, "reserved") ? -1 : 15;
}

/* A request's operands: the key, and the input it drives. */
enum { OK_W, OK_S, OK_A, OK_B, OK_C, OK_ALT, OK_MASK, OK_PC, OK_D, OK_BPC, OK_DIV, OK_V,
       OK_COUNT };
static const char *const fe_operand_keys[OK_COUNT] = {
    [OK_W] = "w", [OK_S] = "s",       [OK_A] = "a",   [OK_B] = "b",   [OK_C] = "c",
    [OK_ALT] = "alt", [OK_MASK] = "mask", [OK_PC] = "pc", [OK_D] = "d", [OK_BPC] = "bpc",
    [OK_DIV] = "div", [OK_V] = "v",
};

/* The operands each op reads ("[...]": optional, 0 when absent). */
static const char *const fe_op_operands[16] = {
    [FE_OP_INIT] = "w mask pc d",      [FE_OP_FETCH] = "w s pc d",
    [FE_OP_BRANCH] = "w s pc",         [FE_OP_CONVERGE] = "",
    [FE_OP_END] = "w s",               [FE_OP_BEXEC] = "w a b mask pc d bpc",
    [FE_OP_BCOMMIT] = "w a b [c alt]", [FE_OP_CEXEC] = "w a b c",
    [FE_OP_CCOMMIT] = "w a b c",       [FE_OP_REF] = "w a",
    [FE_OP_DEREF] = "w a",             [FE_OP_RESOLVE] = "w bpc div",
    [FE_OP_RETIRE] = "w s v a pc d",   [FE_OP_ROLLBACK] = "w",
    [15] = "w",
};

/* Operand o of line l into in: 1 given, 0 absent, -1 a bad value. */
static int fe_operand(scenario_line_t *l, unsigned o, const simtx_fe_widths_t *wd,
                      simtx_frontend_in_t *in, char *err, size_t errlen)
{
    const unsigned width[OK_COUNT] = {
        [OK_W] = wd->warp, [OK_S] = wd->slot, [OK_A] = wd->path, [OK_B] = wd->path,
        [OK_C] = wd->path, [OK_ALT] = 1,      [OK_PC] = wd->pc,  [OK_D] = wd->depth,
        [OK_BPC] = wd->pc, [OK_DIV] = 1,      [OK_V] = 1,
    };
    uint64_t v = 0;
    int got;
    if (o == OK_MASK) {
        bitmask_t m;
        got = scenario_get_mask(l, "mask", wd->lanes, &m, err, errlen);
        v = got > 0 ? m.w[0] : 0;
    } else {
        got = scenario_get_bits(l, fe_operand_keys[o], width[o], &v, err, errlen);
    }
    if (got <= 0)
        return got;
    switch (o) {
    case OK_W: in->req_warp = (unsigned)v; break;
    case OK_S: in->req_slot = (unsigned)v; break;
    case OK_A: in->req_a = (unsigned)v; break;
    case OK_B: in->req_b = (unsigned)v; break;
    case OK_C: in->req_c = (unsigned)v; break;
    case OK_ALT: in->req_alt = v != 0; break;
    case OK_MASK: in->req_mask = v; break;
    case OK_PC: in->req_pc = v; break;
    case OK_D: in->req_depth = (unsigned)v; break;
    case OK_BPC: in->req_bpc = v; break;
    case OK_DIV: in->req_div = v != 0; break;
    default: in->req_rvalid = v != 0; break;
    }
    return 1;
}

int simtx_fe_scn_request(scenario_line_t *l, unsigned op, const simtx_fe_widths_t *wd,
                         simtx_frontend_in_t *in, char *err, size_t errlen)
{
    in->req_op = op & 15u;
    bool optional = false;
    for (const char *k = fe_op_operands[op & 15u]; k && *k;) {
        if (*k == ' ' || *k == '[' || *k == ']') {
            optional = *k == '[' || (optional && *k != ']');
            k++;
            continue;
        }
        size_t n = strcspn(k, " ]");
        unsigned o = 0;
        while (o < OK_COUNT && (strlen(fe_operand_keys[o]) != n ||
                                strncmp(fe_operand_keys[o], k, n)))
            o++;
        int got = o < OK_COUNT ? fe_operand(l, o, wd, in, err, errlen) : -1;
        if (o == OK_COUNT)
            snprintf(err, errlen, "testbench defect: op %u names no operand '%.*s'", op,
                     (int)n, k);
        if (got < 0)
            return -1;
        if (!got && !optional) {
            snprintf(err, errlen, "%s:%u: %s needs %.*s=", l->file, l->lineno, l->verb, (int)n,
                     k);
            return -1;
        }
        k += n;
    }
    return 0;
}
