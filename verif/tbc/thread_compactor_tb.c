/* thread_compactor testbench: random block-wide masks of every shape (empty,
 * full, sparse, one heavy lane, one static warp), static mode, masks offered
 * while the compactor is busy, and random back-pressure on the warp output.
 * The cover rules are shared with tbc_core (tc_cover, tbc_tb_common.c). */
#include "cosim_kit.h"
#include "tbc_tb_common.h"
#include "thread_compactor.h"

typedef struct {
    thread_compactor_params_t p;
    thread_compactor_t *m;
    cosim_rng_t rng;
    tc_cover_t cov;
} tb_t;

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    tc_cover_init(&t->cov, &t->p, cover[KIT_COVERS_THREAD_COMPACTOR]);
    cosim_rng_seed(&t->rng, o->seed);
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, thread_compactor_in_t *in, char *err, size_t errlen)
{
    (void)cycle, (void)err, (void)errlen;
    tbc_random_block_mask(&t->rng, t->p.block_threads, t->p.warp_width, &in->in_mask, true);
    in->in_valid = cosim_rng_pct(&t->rng, 60);
    in->in_static = cosim_rng_pct(&t->rng, 15);
    in->out_ready = cosim_rng_pct(&t->rng, 75);
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const thread_compactor_in_t *in, thread_compactor_out_t *out, char *err,
                    size_t errlen)
{
    (void)cycle, (void)err, (void)errlen;
    thread_compactor_step(t->m, in, out);
    tc_cover(&t->cov, in, out);
    return 0;
}

static void tb_reset(tb_t *t) { tc_cover_reset(&t->cov); }

COSIM_TESTBENCH(tb_t, thread_compactor, false, NULL, tb_reset);
