/* prio_enc testbench: every input value for widths up to 16 (one a cycle),
 * otherwise random vectors of every density, single bits and runs. */
#include "cell_tb.h"
#include "cosim_kit.h"
#include "prio_enc.h"
#include "prio_enc_decl.h"

typedef struct {
    cosim_rng_t rng;
    uint64_t *cover;
    unsigned width;
    unsigned char won[PRIO_ENC_WIDTH_MAX]; /* index i has been the winner */
    unsigned won_count;
} tb_t;

static int setup(tb_t *t, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    t->width = CFG_Width;
    return 0;
}

static void cell_stimulus(tb_t *t, uint64_t cycle, prio_enc_in_t *in)
{
    bitmask_t *v = &in->in;
    if (t->width <= 16) {
        v->w[0] = cycle & ((UINT64_C(1) << t->width) - 1u);
    } else {
        switch (cosim_rng_below(&t->rng, 6)) {
        case 0: /* one bit */
            bm_set(v, (unsigned)cosim_rng_below(&t->rng, t->width), true);
            break;
        case 1: /* all bits from a random position up */
            bm_fill(v, t->width);
            for (unsigned i = 0, n = (unsigned)cosim_rng_below(&t->rng, t->width); i < n; i++)
                bm_set(v, i, false);
            break;
        case 2:
            if (cosim_rng_pct(&t->rng, 50))
                bm_fill(v, t->width);
            break;
        default: /* random, sparse to dense */
            for (unsigned i = 0; i < bm_words(t->width); i++) {
                uint64_t r = cosim_rng_next(&t->rng);
                unsigned k = (unsigned)cosim_rng_below(&t->rng, 4);
                for (unsigned j = 0; j < k; j++)
                    r &= cosim_rng_next(&t->rng);
                v->w[i] = r;
            }
            bm_trim(v, t->width);
        }
    }
}

static void cell_model(tb_t *t, uint64_t cycle, const prio_enc_in_t *in, prio_enc_out_t *out)
{
    prio_enc_eval(t->width, &in->in, out);

    const bitmask_t *v = &in->in;
    unsigned n = bm_popcount(v);
    uint64_t *c = t->cover;
    c[PRIO_ENC_CV_ZERO] += n == 0;
    c[PRIO_ENC_CV_ALL_ONES] += n == t->width;
    c[PRIO_ENC_CV_LSB_ONLY] += n == 1 && bm_get(v, 0);
    c[PRIO_ENC_CV_MSB_ONLY] += n == 1 && bm_get(v, t->width - 1);
    c[PRIO_ENC_CV_MANY] += n >= 2;
    if (out->valid)
        c[PRIO_ENC_CV_EVERY_POSITION] += cell_seen(t->won, &t->won_count, out->idx, t->width);
    if (t->width <= 16 && cycle + 1 == (UINT64_C(1) << t->width))
        c[PRIO_ENC_CV_EXHAUSTIVE]++;
}

COSIM_CELL_TESTBENCH(tb_t, prio_enc, KIT_COVERS_PRIO_ENC, setup);
