/* prio_enc testbench: exhaustive over every input when Width <= 16 (the run
 * counts through all 2^Width values, again and again), otherwise random
 * vectors of every density, with single set bits at every position. */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "prio_enc.h"
#include "prio_enc_ports.h"

enum { CV_ZERO, CV_ALL_ONES, CV_LSB_ONLY, CV_MSB_ONLY, CV_MANY, CV_EVERY_POSITION, CV_EXHAUSTIVE,
       CV_COUNT };

static const cover_desc_t covers[CV_COUNT] = {
    [CV_ZERO] = {"zero", "no bit set"},
    [CV_ALL_ONES] = {"all_ones", "every bit set"},
    [CV_LSB_ONLY] = {"lsb_only", "only bit 0"},
    [CV_MSB_ONLY] = {"msb_only", "only the top bit"},
    [CV_MANY] = {"many", "several bits set"},
    [CV_EVERY_POSITION] = {"every_position", "every index was the winner"},
    [CV_EXHAUSTIVE] = {"exhaustive", "every input value (Width <= 16)"},
};

typedef struct {
    unsigned width;
    cosim_rng_t rng;
    uint64_t cover[CV_COUNT];
    uint64_t ops;
    unsigned char *won;
    unsigned won_count;
} tb_t;

static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t || !(t->won = calloc(CFG_Width, 1))) {
        snprintf(err, errlen, "out of memory");
        free(t);
        return NULL;
    }
    t->width = CFG_Width;
    cosim_rng_seed(&t->rng, o->seed);
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    free(t->won);
    free(t);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *in, char *err, size_t errlen)
{
    tb_t *t = p;
    bitmask_t v;
    (void)err, (void)errlen;
    bm_clear(&v);
    if (t->width <= 16) {
        v.w[0] = cycle & ((UINT64_C(1) << t->width) - 1u);
    } else {
        switch (cosim_rng_below(&t->rng, 6)) {
        case 0: /* one bit */
            bm_set(&v, (unsigned)cosim_rng_below(&t->rng, t->width), true);
            break;
        case 1: /* all bits from a random position up */
            bm_fill(&v, t->width);
            for (unsigned i = 0, n = (unsigned)cosim_rng_below(&t->rng, t->width); i < n; i++)
                bm_set(&v, i, false);
            break;
        case 2:
            if (cosim_rng_pct(&t->rng, 50))
                bm_fill(&v, t->width);
            break;
        default: /* random, sparse to dense */
            for (unsigned i = 0; i < bm_words(t->width); i++) {
                uint64_t r = cosim_rng_next(&t->rng);
                unsigned k = (unsigned)cosim_rng_below(&t->rng, 4);
                for (unsigned j = 0; j < k; j++)
                    r &= cosim_rng_next(&t->rng);
                v.w[i] = r;
            }
            bm_trim(&v, t->width);
        }
    }
    bm_to_words(((prio_enc_port_in_t *)in)->in_i, &v, t->width);
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *in_words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    const prio_enc_port_in_t *in = (const void *)in_words;
    prio_enc_port_out_t *out = (void *)out_words;
    bitmask_t v;
    prio_enc_out_t o;
    (void)err, (void)errlen;
    bm_from_words(&v, in->in_i, t->width);
    prio_enc_eval(t->width, &v, &o);
    out->valid_o[0] = o.valid;
    out->idx_o[0] = o.idx;
    bm_to_words(out->onehot_o, &o.onehot, t->width);

    t->ops++;
    unsigned n = bm_popcount(&v);
    bitmask_t full;
    bm_fill(&full, t->width);
    t->cover[CV_ZERO] += n == 0;
    t->cover[CV_ALL_ONES] += bm_eq(&v, &full);
    t->cover[CV_LSB_ONLY] += n == 1 && bm_get(&v, 0);
    t->cover[CV_MSB_ONLY] += n == 1 && bm_get(&v, t->width - 1);
    t->cover[CV_MANY] += n >= 2;
    if (o.valid && !t->won[o.idx]) {
        t->won[o.idx] = 1;
        if (++t->won_count == t->width)
            t->cover[CV_EVERY_POSITION]++;
    }
    if (t->width <= 16 && cycle + 1 == (UINT64_C(1) << t->width))
        t->cover[CV_EXHAUSTIVE]++;
    return 0;
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    const tb_t *t = p;
    if (k == CV_EXHAUSTIVE)
        return t->width <= 16;
    if (k == CV_MANY || k == CV_MSB_ONLY)
        return t->width >= 2;
    return true;
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        PRIO_ENC_COSIM_DUT,
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
