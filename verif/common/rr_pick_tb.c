/* rr_pick testbench: every req_i and last_i value when Width + IdxWidth is at
 * most 16 bits (one input value a cycle), otherwise random requests of every
 * density -- single bits (at, above or below the pointer), runs (wrapping
 * too), only at or below the pointer -- with the pointer at random, at 0, at
 * the top index or (where the index port can name one) beyond the last
 * input. */
#include "cell_tb.h"
#include "cosim_kit.h"
#include "rr_pick.h"
#include "rr_pick_decl.h"

typedef struct {
    cosim_rng_t rng;
    uint64_t *cover;
    unsigned width;
    unsigned last_span;         /* values of the index port: 1 << IdxWidth */
    unsigned exhaustive_bits;   /* Width + IdxWidth, or 0: random */
    unsigned char picked[RR_PICK_WIDTH_MAX]; /* index i has been picked */
    unsigned picked_count;
} tb_t;

static int setup(tb_t *t, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    t->width = CFG_Width;
    t->last_span = 1u << CFG_IdxWidth;
    t->exhaustive_bits = CFG_Width + CFG_IdxWidth <= 16 ? CFG_Width + CFG_IdxWidth : 0;
    return 0;
}

/* Some bit of m in [lo, hi). */
static bool any_in(const bitmask_t *m, unsigned lo, unsigned hi)
{
    for (unsigned w = lo / 64u; w * 64u < hi; w++) {
        uint64_t bits = m->w[w];
        if (w == lo / 64u)
            bits &= ~bm_low_bits(lo % 64u);
        if ((w + 1u) * 64u > hi)
            bits &= bm_low_bits(hi % 64u);
        if (bits)
            return true;
    }
    return false;
}

static void cell_stimulus(tb_t *t, uint64_t cycle, rr_pick_in_t *in)
{
    if (t->exhaustive_bits) {
        uint64_t v = cycle & bm_low_bits(t->exhaustive_bits);
        in->req.w[0] = v & bm_low_bits(t->width);
        in->last = (unsigned)(v >> t->width);
        return;
    }
    switch (cosim_rng_below(&t->rng, 4)) {
    case 0: in->last = t->width - 1; break;
    case 1: in->last = 0; break;
    default: in->last = (unsigned)cosim_rng_below(&t->rng, t->last_span);
    }
    unsigned last = in->last < t->width ? in->last : t->width - 1;
    bitmask_t *v = &in->req;
    switch (cosim_rng_below(&t->rng, 8)) {
    case 0: /* none */
        break;
    case 1: /* one bit anywhere */
        bm_set(v, (unsigned)cosim_rng_below(&t->rng, t->width), true);
        break;
    case 2: /* the pointer's own bit, alone or with one above or below it */
        bm_set(v, last, true);
        if (cosim_rng_pct(&t->rng, 50))
            bm_set(v, (unsigned)cosim_rng_below(&t->rng, t->width), true);
        break;
    case 3: { /* a run between two random inputs, or outside it (wrapping around) */
        unsigned a = (unsigned)cosim_rng_below(&t->rng, t->width);
        unsigned b = (unsigned)cosim_rng_below(&t->rng, t->width);
        bool outside = cosim_rng_pct(&t->rng, 50);
        for (unsigned i = 0; i < t->width; i++)
            bm_set(v, i, ((i >= a && i <= b) || (i >= b && i <= a)) != outside);
        break;
    }
    default: /* random, sparse to dense; half of them only at or below the pointer */
        for (unsigned i = 0; i < bm_words(t->width); i++) {
            uint64_t r = cosim_rng_next(&t->rng);
            for (unsigned k = (unsigned)cosim_rng_below(&t->rng, 5); k > 0; k--)
                r &= cosim_rng_next(&t->rng);
            v->w[i] = r;
        }
        bm_trim(v, cosim_rng_pct(&t->rng, 50) ? last + 1u : t->width);
    }
}

static void cell_model(tb_t *t, uint64_t cycle, const rr_pick_in_t *in, rr_pick_out_t *out)
{
    rr_pick_eval(t->width, in, out);

    unsigned w = t->width;
    unsigned last = in->last < w ? in->last : w - 1;
    uint64_t *c = t->cover;
    c[RR_PICK_CV_NONE] += !out->valid;
    if (out->valid) {
        c[RR_PICK_CV_WRAP] += out->idx < last;
        c[RR_PICK_CV_OWN] += out->idx == in->last;
        c[RR_PICK_CV_ABOVE] += out->idx > last;
        c[RR_PICK_CV_SKIPS_LOWER] += out->idx > last && any_in(&in->req, 0, last + 1u);
        c[RR_PICK_CV_LAST_TOP] += in->last == w - 1;
        c[RR_PICK_CV_LAST_BEYOND] += in->last >= w;
        c[RR_PICK_CV_EVERY_POSITION] += cell_seen(t->picked, &t->picked_count, out->idx, w);
    }
    if (t->exhaustive_bits && cycle + 1 == (UINT64_C(1) << t->exhaustive_bits))
        c[RR_PICK_CV_EXHAUSTIVE]++;
}

COSIM_CELL_TESTBENCH(tb_t, rr_pick, KIT_COVERS_RR_PICK, setup);
