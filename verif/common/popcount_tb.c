/* popcount testbench: every input value for widths up to 16 (one a cycle),
 * otherwise vectors of a count drawn uniformly from 0 .. Width (its bits at
 * random places), single bits, every bit but one, none or all, and runs of
 * ones, often a power of two long and aligned to one. */
#include "cell_tb.h"
#include "cosim_kit.h"
#include "popcount.h"

typedef struct {
    cosim_rng_t rng;
    uint64_t *cover;
    unsigned width;
    unsigned short perm[POPCOUNT_WIDTH_MAX]; /* the bit positions, shuffled as drawn */
    unsigned char alone[POPCOUNT_WIDTH_MAX]; /* bit i has been the only one set */
    unsigned alone_marked;
    unsigned char counted[POPCOUNT_WIDTH_MAX + 1]; /* count n has been seen */
    unsigned counted_marked;
} tb_t;

static int setup(tb_t *t, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    t->width = CFG_Width;
    for (unsigned i = 0; i < t->width; i++)
        t->perm[i] = (unsigned short)i;
    return 0;
}

/* k of the width bits set, at random places: a partial Fisher-Yates shuffle
 * of the positions picks the min(k, width - k) bits that differ from the
 * majority value. */
static void random_count(tb_t *t, bitmask_t *v, unsigned k)
{
    bool dense = k > t->width / 2;
    unsigned m = dense ? t->width - k : k;
    if (dense)
        bm_fill(v, t->width);
    for (unsigned i = 0; i < m; i++) {
        unsigned j = i + (unsigned)cosim_rng_below(&t->rng, t->width - i);
        unsigned short b = t->perm[j];
        t->perm[j] = t->perm[i];
        t->perm[i] = b;
        bm_set(v, b, !dense);
    }
}

static void cell_stimulus(tb_t *t, uint64_t cycle, popcount_in_t *in)
{
    bitmask_t *v = &in->in;
    unsigned w = t->width;
    if (w <= 16) {
        v->w[0] = cycle & bm_low_bits(w);
        return;
    }
    unsigned kind = (unsigned)cosim_rng_below(&t->rng, 8);
    if (kind < 4) {
        random_count(t, v, (unsigned)cosim_rng_below(&t->rng, w + 1u));
    } else if (kind == 4) {
        bm_set(v, (unsigned)cosim_rng_below(&t->rng, w), true);
    } else if (kind == 5) {
        bm_fill(v, w);
        bm_set(v, (unsigned)cosim_rng_below(&t->rng, w), false);
    } else if (kind == 6) {
        if (cosim_rng_pct(&t->rng, 50))
            bm_fill(v, w);
    } else { /* bits lo .. hi-1: a run, often aligned to its length */
        unsigned len = 1u << cosim_rng_below(&t->rng, (uint64_t)clog2(w) + 1u);
        unsigned lo = (unsigned)cosim_rng_below(&t->rng, w);
        if (cosim_rng_pct(&t->rng, 50))
            lo &= ~(len - 1u);
        unsigned hi = lo + len < w ? lo + len : w;
        bm_fill(v, hi);
        for (unsigned i = 0; i < lo; i++)
            bm_set(v, i, false);
    }
}

static void cell_model(tb_t *t, uint64_t cycle, const popcount_in_t *in, popcount_out_t *out)
{
    popcount_eval(t->width, &in->in, out);

    unsigned n = bm_popcount(&in->in), w = t->width;
    uint64_t *c = t->cover;
    c[POPCOUNT_CV_ZERO] += n == 0;
    c[POPCOUNT_CV_ALL_ONES] += n == w;
    c[POPCOUNT_CV_SINGLE] += n == 1;
    c[POPCOUNT_CV_ALL_BUT_ONE] += w >= 2 && n == w - 1u;
    if (n == 1) {
        unsigned i = 0;
        while (!bm_get(&in->in, i))
            i++;
        c[POPCOUNT_CV_EVERY_POSITION] += cell_seen(t->alone, &t->alone_marked, i, w);
    }
    c[POPCOUNT_CV_EVERY_COUNT] += cell_seen(t->counted, &t->counted_marked, n, w + 1u);
    if (w <= 16 && cycle + 1 == (UINT64_C(1) << w))
        c[POPCOUNT_CV_EXHAUSTIVE]++;
}

COSIM_CELL_TESTBENCH(tb_t, popcount, KIT_COVERS_POPCOUNT, setup);
