/* recon_stack testbench: port binding of the golden model, constrained-random
 * stimulus with injected illegal operations, functional cover points, and the
 * directed scenario reader. Built once per configuration (CFG_* defines from
 * configs/recon_stack.cfg) with the generated port header and shim. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "recon_stack.h"
#include "recon_stack_ports.h"
#include "scenario.h"

#ifndef CFG_NAME
#error "CFG_NAME and the CFG_<Parameter> defines come from configs/recon_stack.cfg"
#endif

typedef recon_stack_port_in_t pin_t;
typedef recon_stack_port_out_t pout_t;

/* ---- cover points ---------------------------------------------------------- */

enum {
    CV_INIT, CV_REINIT, CV_UNIFORM, CV_DIVERGE_TWO, CV_SKIP_RPC, CV_LOOP_EXIT, CV_RPC_POP,
    CV_CASCADE, CV_FULL, CV_DIVERGE_TO_FULL, CV_LCP_PUSH, CV_SKIP_LPC, CV_LCP_MERGE,
    CV_LCP_MERGE_CASCADE, CV_ERR_BAD_OP, CV_ERR_BAD_WARP, CV_ERR_BAD_PC, CV_ERR_BAD_MASK,
    CV_ERR_EMPTY, CV_ERR_OVERFLOW, CV_EXIT, CV_EXIT_CASCADE, CV_LOOP_EXIT_BOTTOM,
    CV_ALL_WARPS, CV_INTERLEAVE, CV_READ_OTHER, CV_COUNT
};

static const cover_desc_t covers[CV_COUNT] = {
    [CV_INIT] = {"init", "INIT of an empty stack"},
    [CV_REINIT] = {"reinit", "INIT replacing a non-empty stack"},
    [CV_UNIFORM] = {"uniform", "uniform branch"},
    [CV_DIVERGE_TWO] = {"diverge_two", "divergent branch pushing both sides"},
    [CV_SKIP_RPC] = {"skip_rpc", "divergent side going to rpc, not pushed"},
    [CV_LOOP_EXIT] = {"loop_exit", "loop branch: exiting threads leave TOS in place"},
    [CV_RPC_POP] = {"rpc_pop", "pop at the reconvergence point"},
    [CV_CASCADE] = {"cascade", "cascaded pop of a finished entry above the bottom"},
    [CV_FULL] = {"full", "a stack at Depth entries"},
    [CV_DIVERGE_TO_FULL] = {"diverge_to_full", "divergence filling the last entries"},
    [CV_LCP_PUSH] = {"lcp_push", "likely-convergence entry pushed"},
    [CV_SKIP_LPC] = {"skip_lpc", "divergent side going to lpc, merged at push"},
    [CV_LCP_MERGE] = {"lcp_merge", "pop and merge at the likely-convergence point"},
    [CV_LCP_MERGE_CASCADE] = {"lcp_merge_cascade", "lpc merge followed by cascaded pops"},
    [CV_ERR_BAD_OP] = {"err_bad_op", "reserved op rejected"},
    [CV_ERR_BAD_WARP] = {"err_bad_warp", "out-of-range warp id rejected"},
    [CV_ERR_BAD_PC] = {"err_bad_pc", "reserved PC rejected"},
    [CV_ERR_BAD_MASK] = {"err_bad_mask", "INIT with empty mask rejected"},
    [CV_ERR_EMPTY] = {"err_empty", "operation on an empty stack rejected"},
    [CV_ERR_OVERFLOW] = {"err_overflow", "push on a full stack rejected"},
    [CV_EXIT] = {"exit", "warp reached its exit: stack emptied"},
    [CV_EXIT_CASCADE] = {"exit_cascade", "cascaded pops emptied the stack"},
    [CV_LOOP_EXIT_BOTTOM] = {"loop_exit_bottom",
                             "loop exit at the bottom entry: leaving threads finished"},
    [CV_ALL_WARPS] = {"all_warps", "every warp initialised and operated"},
    [CV_INTERLEAVE] = {"interleave", "back-to-back operations on different warps"},
    [CV_READ_OTHER] = {"read_other", "read port on another warp than the operation"},
};

/* ---- testbench state ------------------------------------------------------- */

typedef struct {
    recon_stack_params_t p;
    recon_stack_t *m;
    cosim_rng_t rng;
    uint64_t pc_none;
    unsigned warp_id_span; /* 2^WarpIdWidth */
    uint64_t cover[CV_COUNT];
    uint64_t ops;
    uint64_t warps_seen;    /* bit w: warp w had an accepted op */
    int last_warp;          /* warp of the previous cycle's request, -1 none */
    bool grow[RS_MAX_WARPS]; /* per-warp nesting mood: push more than pop */
    bool poked[RS_MAX_WARPS]; /* an op was tried on the warp's empty stack */
    /* injected illegal operation awaiting its check */
    bool expect_err;
    unsigned expect_code;
    unsigned expect_warp;
    unsigned snap_depth;
    recon_stack_entry_t snap[RS_MAX_DEPTH];
    /* directed scenario */
    scenario_t *scn;
    bool scn_expect;         /* this cycle is an expect line */
    scenario_line_t scn_line;
    scenario_expect_t scn_exp; /* an expect line's values */
} tb_t;

static unsigned warp_id_width(unsigned n)
{
    unsigned w = 0;
    while ((1u << w) < n)
        w++;
    return w ? w : 1;
}

/* ---- port binding ---------------------------------------------------------- */

static void in_from_ports(const tb_t *t, const pin_t *p, recon_stack_in_t *in)
{
    in->req_valid = p->req_valid_i[0] & 1u;
    in->req_op = (unsigned)p->req_op_i[0];
    in->req_warp = (unsigned)p->req_warp_i[0];
    in->req_pc = p->req_pc_i[0];
    in->req_alt_pc = p->req_alt_pc_i[0];
    in->req_rpc = p->req_rpc_i[0];
    in->req_lpc = p->req_lpc_i[0];
    bm_from_words(&in->req_mask, p->req_mask_i, t->p.warp_width);
    in->rd_warp = (unsigned)p->rd_warp_i[0];
}

static void in_to_ports(const tb_t *t, const recon_stack_in_t *in, pin_t *p)
{
    p->req_valid_i[0] = in->req_valid;
    p->req_op_i[0] = in->req_op;
    p->req_warp_i[0] = in->req_warp;
    p->req_pc_i[0] = in->req_pc;
    p->req_alt_pc_i[0] = in->req_alt_pc;
    p->req_rpc_i[0] = in->req_rpc;
    p->req_lpc_i[0] = in->req_lpc;
    bm_to_words(p->req_mask_i, &in->req_mask, t->p.warp_width);
    p->rd_warp_i[0] = in->rd_warp;
}

static void out_to_ports(const tb_t *t, const recon_stack_out_t *o, pout_t *p)
{
    p->rsp_valid_o[0] = o->rsp_valid;
    p->rsp_err_o[0] = o->rsp_err;
    p->err_sticky_o[0] = o->err_sticky;
    p->rd_valid_o[0] = o->rd_valid;
    p->rd_pc_o[0] = o->rd_pc;
    p->rd_rpc_o[0] = o->rd_rpc;
    bm_to_words(p->rd_mask_o, &o->rd_mask, t->p.warp_width);
    p->rd_lpc_o[0] = o->rd_lpc;
    p->rd_lpos_o[0] = o->rd_lpos;
    p->rd_depth_o[0] = o->rd_depth;
}

/* ---- random stimulus ------------------------------------------------------- */

static uint64_t fresh_pc(tb_t *t)
{
    return cosim_rng_below(&t->rng, t->pc_none); /* never PcNone */
}

static void random_mask(tb_t *t, bitmask_t *m)
{
    for (unsigned i = 0; i < bm_words(t->p.warp_width); i++)
        m->w[i] = cosim_rng_next(&t->rng);
    bm_trim(m, t->p.warp_width);
}

static void snapshot(tb_t *t, unsigned w)
{
    t->snap_depth = recon_stack_depth(t->m, w);
    for (unsigned l = 0; l < t->snap_depth; l++)
        recon_stack_entry(t->m, w, l, &t->snap[l]);
}

static void inject(tb_t *t, unsigned code, unsigned w)
{
    t->expect_err = true;
    t->expect_code = code;
    t->expect_warp = w;
    snapshot(t, w);
}

/* One random request. Mostly legal sequences that exercise nesting, loops
 * and likely-convergence; about 3% deliberate illegal requests. */
static void random_request(tb_t *t, recon_stack_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned n = t->p.num_warps;
    t->expect_err = false;
    in->req_valid = cosim_rng_pct(r, 92);
    in->rd_warp = (unsigned)cosim_rng_below(r, t->warp_id_span);
    in->req_warp = (unsigned)cosim_rng_below(r, n);
    if (!in->req_valid) {
        in->req_op = (unsigned)cosim_rng_below(r, 4); /* ignored: don't-care inputs */
        return;
    }
    unsigned w = in->req_warp;
    unsigned depth = recon_stack_depth(t->m, w);
    recon_stack_entry_t tos;
    if (depth)
        recon_stack_entry(t->m, w, depth - 1, &tos);

    /* illegal requests */
    if (cosim_rng_pct(r, 3)) {
        switch (cosim_rng_below(r, 4)) {
        case 0:
            in->req_op = RS_OP_RESERVED;
            inject(t, RS_ERR_BAD_OP, w);
            return;
        case 1:
            if (t->warp_id_span > n) {
                in->req_warp = n + (unsigned)cosim_rng_below(r, t->warp_id_span - n);
                in->req_op = (unsigned)cosim_rng_below(r, 3);
                inject(t, RS_ERR_BAD_WARP, w);
                return;
            }
            break;
        case 2:
            in->req_op = (unsigned)cosim_rng_below(r, 3);
            in->req_pc = t->pc_none;
            in->req_alt_pc = fresh_pc(t);
            in->req_rpc = fresh_pc(t);
            random_mask(t, &in->req_mask);
            bm_set(&in->req_mask, 0, true);
            inject(t, RS_ERR_BAD_PC, w);
            return;
        default:
            in->req_op = RS_OP_INIT;
            in->req_pc = fresh_pc(t);
            in->req_rpc = t->pc_none;
            bm_clear(&in->req_mask);
            inject(t, RS_ERR_BAD_MASK, w);
            return;
        }
    }
    if (depth == 0) {
        /* the first request to each warp after reset operates on its empty
         * stack, then now and then again */
        if (!t->poked[w] || cosim_rng_pct(r, 10)) {
            t->poked[w] = true;
            in->req_op = cosim_rng_pct(r, 50) ? RS_OP_ADVANCE : RS_OP_BRANCH;
            in->req_pc = fresh_pc(t);
            in->req_alt_pc = fresh_pc(t);
            in->req_rpc = fresh_pc(t);
            inject(t, RS_ERR_EMPTY, w);
            return;
        }
        goto do_init;
    }
    if (cosim_rng_below(r, 1000) < 3)
        goto do_init;
    if (cosim_rng_pct(r, 1))
        t->grow[w] = !t->grow[w];
    if (depth == t->p.depth && bm_popcount(&tos.mask) >= 2 && cosim_rng_pct(r, 30)) {
        /* divergent branch with two fresh sides on a full stack */
        in->req_op = RS_OP_BRANCH;
        bm_clear(&in->req_mask);
        for (unsigned i = 0; i < t->p.warp_width; i++)
            if (bm_get(&tos.mask, i)) {
                bm_set(&in->req_mask, i, true);
                break;
            }
        do
            in->req_rpc = fresh_pc(t);
        while (in->req_rpc == tos.rpc);
        do
            in->req_pc = fresh_pc(t);
        while (in->req_pc == in->req_rpc || in->req_pc == tos.lpc);
        do
            in->req_alt_pc = fresh_pc(t);
        while (in->req_alt_pc == in->req_rpc || in->req_alt_pc == tos.lpc ||
               in->req_alt_pc == in->req_pc);
        in->req_lpc = t->pc_none;
        inject(t, RS_ERR_OVERFLOW, w);
        return;
    }

    unsigned branch_pct = t->grow[w] ? 75 : 35;
    if (cosim_rng_pct(r, branch_pct)) {
        in->req_op = RS_OP_BRANCH;
        unsigned k = (unsigned)cosim_rng_below(r, 10);
        if (k == 0) {
            bm_clear(&in->req_mask);
        } else if (k == 1) {
            bm_fill(&in->req_mask, t->p.warp_width);
        } else if (k < (t->grow[w] ? 8u : 5u)) {
            /* peel one active thread off: the only way to nest Depth deep */
            unsigned pick = (unsigned)cosim_rng_below(r, bm_popcount(&tos.mask));
            bm_clear(&in->req_mask);
            for (unsigned i = 0; i < t->p.warp_width; i++)
                if (bm_get(&tos.mask, i) && pick-- == 0) {
                    bm_set(&in->req_mask, i, true);
                    break;
                }
            if (cosim_rng_pct(r, 50)) /* the single thread goes either way */
                bm_andnot(&in->req_mask, &tos.mask, &in->req_mask);
        } else {
            random_mask(t, &in->req_mask);
        }
        in->req_rpc = (cosim_rng_pct(r, 30) && tos.rpc != t->pc_none) ? tos.rpc : fresh_pc(t);
        in->req_lpc = t->pc_none;
        if (t->p.lcp_enable) {
            unsigned c = (unsigned)cosim_rng_below(r, 10);
            if (c < 3)
                in->req_lpc = fresh_pc(t);
            else if (c < 5)
                in->req_lpc = in->req_rpc;
        }
        uint64_t eff_lpc = (in->req_lpc != t->pc_none && in->req_lpc != in->req_rpc)
                               ? in->req_lpc
                               : tos.lpc;
        uint64_t *side[2] = {&in->req_pc, &in->req_alt_pc};
        for (unsigned s = 0; s < 2; s++) {
            unsigned c = (unsigned)cosim_rng_below(r, 20);
            if (c < 3)
                *side[s] = in->req_rpc;
            else if (c < 5 && eff_lpc != t->pc_none)
                *side[s] = eff_lpc;
            else
                *side[s] = fresh_pc(t);
        }
        if (cosim_rng_pct(r, 3))
            in->req_alt_pc = in->req_pc;
    } else {
        in->req_op = RS_OP_ADVANCE;
        unsigned c = (unsigned)cosim_rng_below(r, 10);
        if (c < (t->grow[w] ? 1u : 4u) && depth > 1)
            in->req_pc = tos.rpc;
        else if (c < 6 && tos.lpc != t->pc_none)
            in->req_pc = tos.lpc;
        else
            in->req_pc = fresh_pc(t);
        /* now and then the warp reaches its exit and finishes (its stack
         * empties; it is re-initialised by a later request) */
        if (depth == 1 && tos.rpc != t->pc_none && cosim_rng_pct(r, t->grow[w] ? 1 : 5))
            in->req_pc = tos.rpc;
    }
    return;

do_init:
    in->req_op = RS_OP_INIT;
    in->req_pc = fresh_pc(t);
    in->req_rpc = cosim_rng_pct(r, 50) ? t->pc_none : fresh_pc(t);
    do
        random_mask(t, &in->req_mask);
    while (bm_is_zero(&in->req_mask));
}

/* ---- directed scenarios ---------------------------------------------------- */

static const scenario_word_t op_words[] = {
    {"init", RS_OP_INIT}, {"branch", RS_OP_BRANCH}, {"advance", RS_OP_ADVANCE},
    {"reserved", RS_OP_RESERVED}, {NULL, 0},
};
static const scenario_word_t err_words[] = {
    {"NONE", RS_ERR_NONE}, {"BAD_OP", RS_ERR_BAD_OP}, {"BAD_WARP", RS_ERR_BAD_WARP},
    {"BAD_PC", RS_ERR_BAD_PC}, {"BAD_MASK", RS_ERR_BAD_MASK}, {"EMPTY", RS_ERR_EMPTY},
    {"OVERFLOW", RS_ERR_OVERFLOW}, {NULL, 0}, /* code 6 is reserved */
};

/* What an expect line may check: the read port of warp w= and the response. */
enum { EK_VALID, EK_PC, EK_RPC, EK_MASK, EK_LPC, EK_LPOS, EK_DEPTH, EK_ERR, EK_STICKY, EK_COUNT };
static const scenario_key_t expect_keys[EK_COUNT] = {
    [EK_VALID] = {"valid", NULL}, [EK_PC] = {"pc", NULL},       [EK_RPC] = {"rpc", NULL},
    [EK_MASK] = {"mask", NULL},   [EK_LPC] = {"lpc", NULL},     [EK_LPOS] = {"lpos", NULL},
    [EK_DEPTH] = {"depth", NULL}, [EK_ERR] = {"err", err_words}, [EK_STICKY] = {"sticky", NULL},
};

static int scenario_request(tb_t *t, recon_stack_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn_line;
    int rc = scenario_next(t->scn, l, err, errlen);
    if (rc)
        return rc; /* 1: end, -1: error */
    t->scn_expect = !strcmp(l->verb, "expect");
    uint64_t v;
    if (scenario_get(l, "w", &v, err, errlen) < 0)
        return -1;
    in->req_warp = in->rd_warp = (unsigned)v;
    if (t->scn_expect) { /* compared with the model's outputs in tb_model */
        if (scenario_expect_read(l, &t->scn_exp, expect_keys, EK_COUNT, 0, err, errlen))
            return -1;
        return scenario_unused(l, err, errlen);
    }
    if (!strcmp(l->verb, "idle"))
        return scenario_unused(l, err, errlen);
    uint64_t op;
    if (scenario_word(op_words, l->verb, &op)) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    in->req_valid = true;
    in->req_op = (unsigned)op;
    if (scenario_get(l, "pc", &in->req_pc, err, errlen) < 0 ||
        scenario_get(l, "alt", &in->req_alt_pc, err, errlen) < 0 ||
        scenario_get(l, "rpc", &in->req_rpc, err, errlen) < 0)
        return -1;
    in->req_lpc = t->pc_none;
    if (scenario_get(l, "lpc", &in->req_lpc, err, errlen) < 0)
        return -1;
    uint64_t mask = 0;
    if (scenario_get(l, "mask", &mask, err, errlen) < 0)
        return -1;
    bm_from_u64(&in->req_mask, mask);
    return scenario_unused(l, err, errlen);
}

/* Check an expect line against the model's outputs. */
static int scenario_check(tb_t *t, const recon_stack_out_t *o, char *err, size_t errlen)
{
    const uint64_t got[EK_COUNT] = {
        [EK_VALID] = o->rd_valid,    [EK_PC] = o->rd_pc,     [EK_RPC] = o->rd_rpc,
        [EK_MASK] = o->rd_mask.w[0], [EK_LPC] = o->rd_lpc,   [EK_LPOS] = o->rd_lpos,
        [EK_DEPTH] = o->rd_depth,    [EK_ERR] = o->rsp_err,  [EK_STICKY] = o->err_sticky,
    };
    return scenario_expect_check(&t->scn_line, &t->scn_exp, expect_keys, EK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- cosim_tb_t callbacks -------------------------------------------------- */

static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->p = (recon_stack_params_t){
        .num_warps = CFG_NumWarps,
        .warp_width = CFG_WarpWidth,
        .pc_width = CFG_PcWidth,
        .depth = CFG_Depth,
        .lcp_enable = CFG_LcpEnable,
    };
    int rc = recon_stack_create(&t->p, &t->m);
    if (rc) {
        snprintf(err, errlen, "recon_stack model rejects configuration %s (code %d)", CFG_NAME,
                 rc);
        free(t);
        return NULL;
    }
    cosim_rng_seed(&t->rng, o->seed);
    t->pc_none = recon_stack_pc_none(t->m);
    t->warp_id_span = 1u << warp_id_width(t->p.num_warps);
    t->last_warp = -1;
    if (o->scenario) {
        scenario_symbol_t none = {"none", t->pc_none};
        t->scn = scenario_open(o->scenario, &none, 1, err, errlen);
        if (!t->scn) {
            recon_stack_destroy(t->m);
            free(t);
            return NULL;
        }
    }
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    if (t->scn)
        scenario_close(t->scn);
    recon_stack_destroy(t->m);
    free(t);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    recon_stack_in_t in;
    memset(&in, 0, sizeof in);
    (void)cycle;
    if (t->scn) {
        int rc = scenario_request(t, &in, err, errlen);
        if (rc)
            return rc;
    } else {
        random_request(t, &in);
    }
    in_to_ports(t, &in, (pin_t *)words);
    return 0;
}

static void cover(tb_t *t, const recon_stack_in_t *in, const recon_stack_events_t *ev,
                  unsigned depth_before)
{
    if (!in->req_valid) {
        t->last_warp = -1;
        return;
    }
    t->ops++;
    uint64_t *c = t->cover;
    /* CV_COUNT: no cover point (0 is no error, 6 is reserved) */
    static const unsigned err_cover[8] = {
        [0] = CV_COUNT,
        [RS_ERR_BAD_OP] = CV_ERR_BAD_OP,
        [RS_ERR_BAD_WARP] = CV_ERR_BAD_WARP,
        [RS_ERR_BAD_PC] = CV_ERR_BAD_PC,
        [RS_ERR_BAD_MASK] = CV_ERR_BAD_MASK,
        [RS_ERR_EMPTY] = CV_ERR_EMPTY,
        [6] = CV_COUNT,
        [RS_ERR_OVERFLOW] = CV_ERR_OVERFLOW,
    };
    if (ev->err) {
        if (err_cover[ev->err & 7u] < CV_COUNT)
            c[err_cover[ev->err & 7u]]++;
    } else {
        if (ev->op == RS_OP_INIT)
            c[depth_before ? CV_REINIT : CV_INIT]++;
        c[CV_UNIFORM] += ev->uniform;
        c[CV_DIVERGE_TWO] += ev->divergent && ev->pushes - ev->lcp_push == 2;
        c[CV_SKIP_RPC] += ev->divergent && ev->skip_rpc;
        c[CV_LOOP_EXIT] += ev->loop_exit;
        c[CV_RPC_POP] += ev->rpc_pop;
        /* an emptied stack: the last cascaded pop (if any) took the bottom */
        bool finished = ev->op != RS_OP_INIT && ev->depth_after == 0;
        c[CV_CASCADE] += ev->cascade > (finished ? 1u : 0u);
        c[CV_EXIT] += finished;
        c[CV_EXIT_CASCADE] += finished && ev->cascade > 0;
        c[CV_LOOP_EXIT_BOTTOM] += ev->loop_exit && depth_before == 1;
        c[CV_FULL] += ev->depth_after == t->p.depth;
        c[CV_DIVERGE_TO_FULL] += ev->divergent && ev->depth_after == t->p.depth;
        c[CV_LCP_PUSH] += ev->lcp_push;
        c[CV_SKIP_LPC] += ev->skip_lpc > 0;
        c[CV_LCP_MERGE] += ev->lpc_merge;
        c[CV_LCP_MERGE_CASCADE] += ev->lpc_merge && ev->cascade > 0;
        t->warps_seen |= UINT64_C(1) << in->req_warp;
        uint64_t all = t->p.num_warps == 64 ? ~UINT64_C(0)
                                            : (UINT64_C(1) << t->p.num_warps) - 1u;
        c[CV_ALL_WARPS] += t->warps_seen == all;
    }
    c[CV_INTERLEAVE] += t->last_warp >= 0 && (unsigned)t->last_warp != in->req_warp;
    c[CV_READ_OTHER] += in->rd_warp != in->req_warp;
    t->last_warp = (int)in->req_warp;
}

static int check_injected(tb_t *t, const recon_stack_events_t *ev, char *err, size_t errlen)
{
    if (ev->err != t->expect_code) {
        snprintf(err, errlen,
                 "injected illegal request on warp %u: expected error %u, model reports %u",
                 t->expect_warp, t->expect_code, ev->err);
        return -1;
    }
    unsigned w = t->expect_warp;
    if (w >= t->p.num_warps)
        return 0;
    if (recon_stack_depth(t->m, w) != t->snap_depth) {
        snprintf(err, errlen, "rejected request changed warp %u depth %u -> %u", w,
                 t->snap_depth, recon_stack_depth(t->m, w));
        return -1;
    }
    for (unsigned l = 0; l < t->snap_depth; l++) {
        recon_stack_entry_t e;
        recon_stack_entry(t->m, w, l, &e);
        if (e.pc != t->snap[l].pc || e.rpc != t->snap[l].rpc || e.lpc != t->snap[l].lpc ||
            e.lpos != t->snap[l].lpos || !bm_eq(&e.mask, &t->snap[l].mask)) {
            snprintf(err, errlen, "rejected request changed warp %u entry %u", w, l);
            return -1;
        }
    }
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *in_words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    recon_stack_in_t in;
    recon_stack_out_t out;
    recon_stack_events_t ev;
    (void)cycle;
    in_from_ports(t, (const pin_t *)in_words, &in);
    unsigned depth_before = recon_stack_depth(t->m, in.req_warp);
    recon_stack_step(t->m, &in, &out, &ev);
    out_to_ports(t, &out, (pout_t *)out_words);
    cover(t, &in, &ev, depth_before);
    if (t->scn && t->scn_expect)
        return scenario_check(t, &out, err, errlen);
    if (t->expect_err && in.req_valid) {
        t->expect_err = false;
        return check_injected(t, &ev, err, errlen);
    }
    return 0;
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->cover; }

static bool tb_cover_applies(const void *p, unsigned k)
{
    const tb_t *t = p;
    switch (k) {
    case CV_LCP_PUSH:
    case CV_SKIP_LPC:
    case CV_LCP_MERGE:
    case CV_LCP_MERGE_CASCADE:
        return t->p.lcp_enable;
    case CV_ERR_BAD_WARP:
        return t->warp_id_span > t->p.num_warps;
    case CV_CASCADE:
        /* a finished entry above the bottom needs a nested divergence whose
         * parent holds 2+ threads above the bottom, or an empty LCP entry */
        return t->p.depth >= 4 && (t->p.warp_width >= 3 || t->p.lcp_enable);
    case CV_ERR_OVERFLOW:
        /* every divergence splits at least one thread off the TOS: W threads
         * nest at most W-1 divergences of 2 (+1 likely-convergence) entries */
        return 1 + (2 + t->p.lcp_enable) * (t->p.warp_width - 1) > t->p.depth;
    case CV_INTERLEAVE:
    case CV_READ_OTHER:
        return t->p.num_warps > 1;
    default:
        /* the exit points need only a bottom entry with an exit PC and, for
         * exit_cascade / loop_exit_bottom, one divergence at it (W >= 2,
         * Depth >= 3): every configuration */
        return true;
    }
}

static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        RECON_STACK_COSIM_DUT,
        .scenarios = true,
        .covers = covers,
        .n_covers = CV_COUNT,
        .create = tb_create,
        .destroy = tb_destroy,
        .stimulus = tb_stimulus,
        .model = tb_model,
        .cover_counts = tb_cover_counts,
        .cover_applies = tb_cover_applies,
        .ops = tb_ops,
    };
    return cosim_main(&tb, CFG_NAME, argc, argv);
}
