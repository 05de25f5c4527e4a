/* rsp_reg testbench: random requests on every port in phases of their own
 * density (no request, some, every port) and error rate (rare, so that the
 * sticky bits fill one by one; or frequent), with codes drawn to repeat
 * (all ones, a small pool, uniform), and error codes on ports without a
 * request (they must count for nothing). When NumPorts * (ErrWidth + 1) is
 * at most 12 bits, cycles EXHAUSTIVE_FROM .. + 2^bits - 1 drive every input
 * value once, in order. */
#include "cosim_kit.h"
#include "rsp_reg.h"

#define EXHAUSTIVE_FROM 4096u /* after the sticky bits have filled at random */

typedef struct {
    rsp_reg_params_t p;
    rsp_reg_t *m;
    uint64_t *cover;
    cosim_rng_t rng;
    unsigned ports, port_mask, code_max; /* code_max: 2^ErrWidth - 1, all ones */
    unsigned exhaustive_bits;            /* NumPorts * (ErrWidth + 1), or 0: random only */
    /* the phase: request density (percent), error rate (percent), a pool of codes */
    unsigned req_pct, err_pct, pool[3];
    uint64_t phase_left;
    /* cover bookkeeping */
    unsigned prev_err[RSP_REG_NUM_PORTS_MAX]; /* a port's request's code the cycle before */
    bitmask_t seen[RSP_REG_NUM_PORTS_MAX];    /* codes a port's requests had */
    unsigned seen_ports;                      /* ports that had every code */
} tb_t;

static unsigned random_code(tb_t *t)
{
    switch (cosim_rng_below(&t->rng, 10)) {
    case 0: case 1: case 2: return t->code_max;
    case 3: case 4: case 5: return t->pool[cosim_rng_below(&t->rng, 3)];
    default: return 1u + (unsigned)cosim_rng_below(&t->rng, t->code_max);
    }
}

static void new_phase(tb_t *t)
{
    static const unsigned req[] = {0, 25, 60, 100}, err[] = {2, 2, 10, 60};
    cosim_rng_t *r = &t->rng;
    t->req_pct = req[cosim_rng_below(r, 4)];
    t->err_pct = err[cosim_rng_below(r, 4)];
    for (unsigned i = 0; i < 3; i++)
        t->pool[i] = 1u + (unsigned)cosim_rng_below(r, t->code_max);
    t->phase_left = 20u + cosim_rng_below(r, 400);
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_RSP_REG];
    cosim_rng_seed(&t->rng, o->seed);
    t->ports = t->p.num_ports;
    t->port_mask = (1u << t->ports) - 1u;
    t->code_max = (unsigned)rsp_reg_derive_sticky_width(&t->p) - 1u;
    unsigned bits = t->ports * (t->p.err_width + 1u);
    t->exhaustive_bits = bits <= 12 ? bits : 0;
    new_phase(t);
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, rsp_reg_in_t *in, char *err, size_t errlen)
{
    cosim_rng_t *r = &t->rng;
    (void)err, (void)errlen;
    if (t->exhaustive_bits && cycle >= EXHAUSTIVE_FROM &&
        cycle - EXHAUSTIVE_FROM < (UINT64_C(1) << t->exhaustive_bits)) {
        uint64_t v = cycle - EXHAUSTIVE_FROM;
        in->valid = (unsigned)v & t->port_mask;
        for (unsigned p = 0; p < t->ports; p++)
            in->err[p] = (uint16_t)(v >> (t->ports + p * t->p.err_width) & t->code_max);
        return 0;
    }
    if (--t->phase_left == 0)
        new_phase(t);
    for (unsigned p = 0; p < t->ports; p++) {
        if (cosim_rng_pct(r, t->req_pct)) {
            in->valid |= 1u << p;
            in->err[p] = (uint16_t)(cosim_rng_pct(r, t->err_pct) ? random_code(t) : 0u);
        } else if (cosim_rng_pct(r, 50)) { /* a code without its request */
            in->err[p] = (uint16_t)random_code(t);
        }
    }
    return 0;
}

static void cover(tb_t *t, uint64_t cycle, const rsp_reg_in_t *in, const rsp_reg_out_t *before)
{
    uint64_t *c = t->cover;
    unsigned valid = in->valid & t->port_mask;
    c[RSP_REG_CV_IDLE] += valid == 0;
    c[RSP_REG_CV_ALL_PORTS] += valid == t->port_mask;
    for (unsigned p = 0; p < t->ports; p++) {
        unsigned code = in->err[p] & t->code_max;
        if (!(valid >> p & 1u)) {
            c[RSP_REG_CV_IGNORED] += code != 0;
            t->prev_err[p] = 0;
            continue;
        }
        c[RSP_REG_CV_ERROR] += code != 0;
        c[RSP_REG_CV_CODE_MAX] += code == t->code_max;
        c[RSP_REG_CV_STICKY_AGAIN] += code != 0 && bm_get(&before->sticky, code);
        c[RSP_REG_CV_ERROR_THEN_OK] += t->prev_err[p] != 0 && code == 0;
        t->prev_err[p] = code;
        for (unsigned q = p + 1; q < t->ports; q++)
            c[RSP_REG_CV_SAME_CODE] += code != 0 && (valid >> q & 1u) &&
                                       (in->err[q] & t->code_max) == code;
        if (!bm_get(&t->seen[p], code)) {
            bm_set(&t->seen[p], code, true);
            if (bm_popcount(&t->seen[p]) == t->code_max + 1u && ++t->seen_ports == t->ports)
                c[RSP_REG_CV_EVERY_CODE]++;
        }
    }
    rsp_reg_out_t after;
    rsp_reg_peek(t->m, &after);
    c[RSP_REG_CV_ALL_STICKY] += bm_popcount(&after.sticky) == t->code_max;
    if (t->exhaustive_bits &&
        cycle + 1 == EXHAUSTIVE_FROM + (UINT64_C(1) << t->exhaustive_bits))
        c[RSP_REG_CV_EXHAUSTIVE]++;
}

static int tb_model(tb_t *t, uint64_t cycle, const rsp_reg_in_t *in, rsp_reg_out_t *out,
                    char *err, size_t errlen)
{
    (void)err, (void)errlen;
    rsp_reg_step(t->m, in, out); /* out: the registers before the edge */
    cover(t, cycle, in, out);
    return 0;
}

/* A reset in mid-run: no request is in flight; the cover bookkeeping goes on. */
static void tb_reset(tb_t *t)
{
    for (unsigned p = 0; p < t->ports; p++)
        t->prev_err[p] = 0;
}

COSIM_TESTBENCH(tb_t, rsp_reg, false, NULL, tb_reset);
