/* tourney testbench: every valid set and key when Width * (KeyWidth + 1) is
 * at most 16 bits (one input value a cycle), otherwise random valid sets of
 * every density with keys drawn to make ties: from a pool of a few values
 * (0 and all ones among them), all equal, or uniform. */
#include "cell_tb.h"
#include "cosim_kit.h"
#include "tourney.h"
#include "tourney_decl.h"

typedef struct {
    cosim_rng_t rng;
    uint64_t *cover;
    unsigned width, key_width;
    bool max;
    uint64_t key_ones;          /* all ones at the key width */
    unsigned exhaustive_bits;   /* Width * (KeyWidth + 1), or 0: random */
    unsigned char won[TOURNEY_WIDTH_MAX]; /* index i has been the winner */
    unsigned won_count;
    bool won_zero, won_ones;    /* a winner's key was 0 / all ones */
} tb_t;

static int setup(tb_t *t, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    t->width = CFG_Width;
    t->key_width = CFG_KeyWidth;
    t->max = CFG_Max;
    t->key_ones = t->key_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->key_width) - 1u;
    t->exhaustive_bits = t->width * (t->key_width + 1) <= 16 ? t->width * (t->key_width + 1) : 0;
    return 0;
}

static uint64_t random_key(tb_t *t, const uint64_t *pool, unsigned pool_n, unsigned how)
{
    switch (how) {
    case 0: return pool[0];                                    /* all equal */
    case 1: return pool[cosim_rng_below(&t->rng, pool_n)];     /* a few values */
    default: return cosim_rng_next(&t->rng) & t->key_ones;     /* uniform */
    }
}

static void cell_stimulus(tb_t *t, uint64_t cycle, tourney_in_t *in)
{
    if (t->exhaustive_bits) {
        uint64_t v = cycle & ((UINT64_C(1) << t->exhaustive_bits) - 1u);
        in->valid.w[0] = v & ((UINT64_C(1) << t->width) - 1u);
        for (unsigned i = 0; i < t->width; i++)
            in->key[i] = v >> (t->width + i * t->key_width) & t->key_ones;
        return;
    }
    switch (cosim_rng_below(&t->rng, 8)) {
    case 0: break;                                             /* none */
    case 1: bm_fill(&in->valid, t->width); break;              /* all */
    case 2: bm_set(&in->valid, (unsigned)cosim_rng_below(&t->rng, t->width), true); break;
    default:                                                   /* sparse to dense */
        for (unsigned i = 0; i < bm_words(t->width); i++) {
            uint64_t r = cosim_rng_next(&t->rng);
            for (unsigned k = (unsigned)cosim_rng_below(&t->rng, 3); k > 0; k--)
                r = cosim_rng_pct(&t->rng, 50) ? r & cosim_rng_next(&t->rng)
                                               : r | cosim_rng_next(&t->rng);
            in->valid.w[i] = r;
        }
        bm_trim(&in->valid, t->width);
    }
    uint64_t pool[4] = {0, t->key_ones, cosim_rng_next(&t->rng) & t->key_ones,
                        cosim_rng_next(&t->rng) & t->key_ones};
    unsigned pool_n = 1 + (unsigned)cosim_rng_below(&t->rng, 4);
    if (cosim_rng_pct(&t->rng, 50)) /* the pool's first value at random */
        pool[0] = pool[cosim_rng_below(&t->rng, 4)];
    unsigned how = (unsigned)cosim_rng_below(&t->rng, 4);
    for (unsigned i = 0; i < t->width; i++)
        in->key[i] = random_key(t, pool, pool_n, how);
}

static void cell_model(tb_t *t, uint64_t cycle, const tourney_in_t *in, tourney_out_t *out)
{
    tourney_eval(t->width, t->max, in, out);

    unsigned n = bm_popcount(&in->valid);
    uint64_t *c = t->cover;
    c[TOURNEY_CV_NONE] += n == 0;
    c[TOURNEY_CV_ALL] += n == t->width;
    c[TOURNEY_CV_ONE] += n == 1;
    if (out->valid) {
        bool tie = false, lower = false;
        for (unsigned i = 0; i < t->width; i++) {
            if (!bm_get(&in->valid, i))
                continue;
            lower |= i < out->idx;
            tie |= i > out->idx && in->key[i] == out->key;
        }
        c[TOURNEY_CV_TIE] += tie;
        c[TOURNEY_CV_LOWER_LOSES] += lower;
        c[TOURNEY_CV_EVERY_POSITION] += cell_seen(t->won, &t->won_count, out->idx, t->width);
        bool was = t->won_zero && t->won_ones;
        t->won_zero |= out->key == 0;
        t->won_ones |= out->key == t->key_ones;
        c[TOURNEY_CV_EXTREME_KEYS] += !was && t->won_zero && t->won_ones;
    }
    if (t->exhaustive_bits && cycle + 1 == (UINT64_C(1) << t->exhaustive_bits))
        c[TOURNEY_CV_EXHAUSTIVE]++;
}

COSIM_CELL_TESTBENCH(tb_t, tourney, KIT_COVERS_TOURNEY, setup);
