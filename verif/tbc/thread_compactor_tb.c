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

static int tb_init(void *p, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    tb_t *t = p;
    t->p = (thread_compactor_params_t)KIT_PARAMS;
    if (thread_compactor_create(&t->p, &t->m)) {
        snprintf(err, errlen, "thread_compactor model rejects configuration %s", CFG_NAME);
        return -1;
    }
    tc_cover_init(&t->cov, &t->p, cover[KIT_COVERS_THREAD_COMPACTOR]);
    cosim_rng_seed(&t->rng, o->seed);
    return 0;
}

static void tb_fini(void *p) { thread_compactor_destroy(((tb_t *)p)->m); }

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    thread_compactor_in_t in;
    (void)cycle, (void)err, (void)errlen;
    tbc_random_block_mask(&t->rng, t->p.block_threads, t->p.warp_width, &in.in_mask, true);
    in.in_valid = cosim_rng_pct(&t->rng, 60);
    in.in_static = cosim_rng_pct(&t->rng, 15);
    in.out_ready = cosim_rng_pct(&t->rng, 75);
    KIT_TO_PORTS(KIT_IN_PORTS, kit_in_t, &in, words);
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *in_words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    thread_compactor_in_t in;
    thread_compactor_out_t out;
    (void)cycle, (void)err, (void)errlen;
    KIT_FROM_PORTS(KIT_IN_PORTS, kit_in_t, &in, in_words);
    thread_compactor_step(t->m, &in, &out);
    KIT_TO_PORTS(KIT_OUT_PORTS, kit_out_t, &out, out_words);
    tc_cover(&t->cov, &in, &out);
    return 0;
}

COSIM_TESTBENCH(tb_t, false, tb_fini);
