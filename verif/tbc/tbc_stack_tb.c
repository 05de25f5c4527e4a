/* tbc_stack testbench: the stack alone. The testbench plays the rest of the
 * core: a thread_compactor model turns each compaction request into warps
 * (with random back-pressure on cmp_ready), and the shared driver
 * (tbc_tb_common.c) makes those warps arrive at branches and convergence
 * points in random order, nests divergence to full depth and injects
 * illegal requests. */
#include "cosim_kit.h"
#include "tbc_stack.h"
#include "tbc_tb_common.h"

typedef struct {
    tbc_stack_params_t p;
    tbc_stack_t *m;
    thread_compactor_t *cmp; /* part of the stimulus: produces the warps */
    tbc_driver_t d;
    cosim_rng_t rng;
} tb_t;

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    thread_compactor_params_t cp = {t->p.block_threads, t->p.warp_width};
    if (thread_compactor_create(&cp, &t->cmp)) {
        snprintf(err, errlen, "thread_compactor model rejects configuration %s", CFG_NAME);
        return -1;
    }
    tbc_driver_init(&t->d, &t->p, o->seed, cover[KIT_COVERS_TBC_STACK]);
    cosim_rng_seed(&t->rng, o->seed ^ UINT64_C(0x5bd1e995));
    return 0;
}

static void tb_fini(tb_t *t) { thread_compactor_destroy(t->cmp); }

static int tb_stimulus(tb_t *t, uint64_t cycle, tbc_stack_in_t *in, char *err, size_t errlen)
{
    tbc_stack_out_t out;
    thread_compactor_out_t c;
    (void)cycle, (void)err, (void)errlen;
    tbc_stack_peek(t->m, &out);
    tbc_driver_request(&t->d, t->m, &out, in);
    thread_compactor_peek(t->cmp, &c);
    in->cmp_ready = in->cmp_ready && c.in_ready;
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const tbc_stack_in_t *in, tbc_stack_out_t *out, char *err,
                    size_t errlen)
{
    tbc_stack_events_t ev;
    (void)cycle;
    tbc_stack_step(t->m, in, out, &ev);

    /* the rest of the core: compactor and pipeline (stimulus side) */
    thread_compactor_in_t ci = {.in_valid = out->cmp_valid && in->cmp_ready,
                                .in_mask = out->cmp_mask,
                                .in_static = out->cmp_static,
                                .out_ready = cosim_rng_pct(&t->rng, 70)};
    thread_compactor_out_t co;
    if (out->cmp_valid && in->cmp_ready)
        tbc_driver_compaction(&t->d, t->m);
    thread_compactor_step(t->cmp, &ci, &co);
    if (co.out_valid && ci.out_ready)
        tbc_driver_warp(&t->d, co.out_lane_valid, co.out_lane_sw);
    return tbc_driver_after(&t->d, t->m, in, out, &ev, err, errlen);
}

/* the core's reset: the compactor (stimulus side) with the stack */
static void tb_reset(tb_t *t)
{
    thread_compactor_reset(t->cmp);
    tbc_driver_reset(&t->d);
}

COSIM_TESTBENCH(tb_t, tbc_stack, false, tb_fini, tb_reset);
