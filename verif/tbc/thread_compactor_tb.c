/* thread_compactor testbench: random block-wide masks of every shape (empty,
 * full, sparse, one heavy lane, one static warp), static mode, masks offered
 * while the compactor is busy, and random back-pressure on the warp output. */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "tbc_tb_common.h"
#include "thread_compactor.h"
#include "thread_compactor_ports.h"

typedef thread_compactor_port_in_t pin_t;
typedef thread_compactor_port_out_t pout_t;

enum {
    CV_EMPTY_MASK, CV_FULL_MASK, CV_COMPACTS, CV_ONE_HEAVY_LANE, CV_STATIC, CV_BACKPRESSURE,
    CV_OFFER_WHILE_BUSY, CV_BACK_TO_BACK, CV_COUNT
};

static const cover_desc_t covers[CV_COUNT] = {
    [CV_EMPTY_MASK] = {"empty_mask", "an empty mask taken (no warp)"},
    [CV_FULL_MASK] = {"full_mask", "a full mask: S warps, the static arrangement"},
    [CV_COMPACTS] = {"compacts", "fewer warps than static warps with a thread"},
    [CV_ONE_HEAVY_LANE] = {"one_heavy_lane", "S warps from a single lane's threads"},
    [CV_STATIC] = {"static", "static mode (compaction disabled)"},
    [CV_BACKPRESSURE] = {"backpressure", "a warp held by out_ready low"},
    [CV_OFFER_WHILE_BUSY] = {"offer_while_busy", "a mask offered while warps remain"},
    [CV_BACK_TO_BACK] = {"back_to_back", "a mask taken the cycle after the last warp"},
};

typedef struct {
    thread_compactor_params_t p;
    thread_compactor_t *m;
    cosim_rng_t rng;
    uint64_t cover[CV_COUNT];
    uint64_t ops;
    bool last_taken; /* the previous cycle took the last warp */
} tb_t;

static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->p = (thread_compactor_params_t){.block_threads = CFG_BlockThreads,
                                       .warp_width = CFG_WarpWidth};
    if (thread_compactor_create(&t->p, &t->m)) {
        snprintf(err, errlen, "thread_compactor model rejects configuration %s", CFG_NAME);
        free(t);
        return NULL;
    }
    cosim_rng_seed(&t->rng, o->seed);
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    thread_compactor_destroy(t->m);
    free(t);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    pin_t *in = (pin_t *)words;
    bitmask_t mask;
    (void)cycle, (void)err, (void)errlen;
    tbc_random_block_mask(&t->rng, t->p.block_threads, t->p.warp_width, &mask, true);
    in->in_valid_i[0] = cosim_rng_pct(&t->rng, 60);
    in->in_static_i[0] = cosim_rng_pct(&t->rng, 15);
    in->out_ready_i[0] = cosim_rng_pct(&t->rng, 75);
    bm_to_words(in->in_mask_i, &mask, t->p.block_threads);
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    const pin_t *pin = (const pin_t *)words;
    thread_compactor_in_t in;
    thread_compactor_out_t out;
    (void)cycle, (void)err, (void)errlen;
    memset(&in, 0, sizeof in);
    in.in_valid = pin->in_valid_i[0] & 1u;
    in.in_static = pin->in_static_i[0] & 1u;
    in.out_ready = pin->out_ready_i[0] & 1u;
    bm_from_words(&in.in_mask, pin->in_mask_i, t->p.block_threads);
    thread_compactor_step(t->m, &in, &out);
    pout_t *po = (pout_t *)out_words;
    po->in_ready_o[0] = out.in_ready;
    po->out_valid_o[0] = out.out_valid;
    po->out_last_o[0] = out.out_last;
    po->busy_o[0] = out.busy;
    tbc_pack_warp(&out.out, t->p.block_threads, t->p.warp_width, po->out_lane_valid_o,
                  po->out_lane_sw_o);

    /* coverage */
    uint64_t *c = t->cover;
    unsigned S = t->p.block_threads / t->p.warp_width;
    if (in.in_valid && out.in_ready) {
        t->ops++;
        unsigned warps = thread_compactor_warp_count(&t->p, &in.in_mask, in.in_static);
        unsigned statics = thread_compactor_warp_count(&t->p, &in.in_mask, true);
        c[CV_EMPTY_MASK] += bm_is_zero(&in.in_mask);
        c[CV_FULL_MASK] += bm_popcount(&in.in_mask) == t->p.block_threads;
        c[CV_COMPACTS] += !in.in_static && warps < statics;
        c[CV_ONE_HEAVY_LANE] += !in.in_static && warps == S &&
                                bm_popcount(&in.in_mask) == S;
        c[CV_STATIC] += in.in_static && warps > 1;
        c[CV_BACK_TO_BACK] += t->last_taken && warps > 0;
    }
    c[CV_BACKPRESSURE] += out.out_valid && !in.out_ready;
    c[CV_OFFER_WHILE_BUSY] += in.in_valid && !out.in_ready;
    t->last_taken = out.out_valid && in.out_ready && out.out_last;
    return 0;
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    (void)p, (void)k;
    return true;
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        THREAD_COMPACTOR_COSIM_DUT,
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
