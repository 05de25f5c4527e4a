/* onehot_mux testbench: every selection (none, or one input) with every
 * data value when Num * Width is at most 12 bits (one a cycle), otherwise
 * random selections (none now and then, every input, the first and last
 * more often) over words that are random, all zeros or all ones, and now and
 * then every word but the selected one all ones (a leak would show). Never
 * two bits of sel_i: the cell's precondition (its assertion fails). */
#include "cell_tb.h"
#include "cosim_kit.h"
#include "onehot_mux.h"

typedef struct {
    cosim_rng_t rng;
    uint64_t *cover;
    unsigned num, width;
    unsigned exhaustive_bits; /* Num * Width, or 0: random */
    unsigned char won[ONEHOT_MUX_NUM_MAX]; /* input n has been selected */
    unsigned won_count;
    bool got_zero, got_ones; /* a selected word was 0 / all ones */
} tb_t;

static int setup(tb_t *t, char *err, size_t errlen)
{
    t->num = CFG_Num;
    t->width = CFG_Width;
    if ((uint64_t)t->num * t->width > BM_MAX_BITS) {
        snprintf(err, errlen, "onehot_mux: Num * Width = %u bits: the model's mask holds %u",
                 t->num * t->width, BM_MAX_BITS);
        return -1;
    }
    t->exhaustive_bits = t->num * t->width <= 12 ? t->num * t->width : 0;
    return 0;
}

/* Word n of data (random already): all zeros (how 0), all ones (1) or left
 * random (2). */
static void set_word(tb_t *t, bitmask_t *data, unsigned n, unsigned how)
{
    if (how == 2)
        return;
    for (unsigned b = n * t->width, end = b + t->width; b < end;) {
        unsigned len = 64u - b % 64u < end - b ? 64u - b % 64u : end - b;
        uint64_t bits = bm_low_bits(len) << (b % 64u);
        data->w[b / 64u] = how ? data->w[b / 64u] | bits : data->w[b / 64u] & ~bits;
        b += len;
    }
}

static void cell_stimulus(tb_t *t, uint64_t cycle, onehot_mux_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    if (t->exhaustive_bits) {
        uint64_t total = (uint64_t)(t->num + 1u) << t->exhaustive_bits, v = cycle % total;
        unsigned s = (unsigned)(v >> t->exhaustive_bits); /* 0: none, else input s - 1 */
        if (s)
            bm_set(&in->sel, s - 1u, true);
        in->data.w[0] = v & bm_low_bits(t->exhaustive_bits);
        return;
    }
    unsigned pick = (unsigned)cosim_rng_below(r, 8), n = 0;
    bool none = pick == 0;
    if (pick == 1)
        n = 0;
    else if (pick == 2)
        n = t->num - 1u;
    else
        n = (unsigned)cosim_rng_below(r, t->num);
    if (!none)
        bm_set(&in->sel, n, true);
    for (unsigned i = 0; i < bm_words(t->num * t->width); i++)
        in->data.w[i] = cosim_rng_next(r);
    bm_trim(&in->data, t->num * t->width);
    /* a word all zeros 1/6 of the time, all ones 1/3, random 1/2 */
    bool others_ones = cosim_rng_pct(r, 15);
    for (unsigned k = 0; k < t->num; k++) {
        unsigned how = (unsigned)cosim_rng_below(r, 6);
        set_word(t, &in->data, k, others_ones && k != n ? 1u : how == 0 ? 0u : how < 3 ? 1u : 2u);
    }
}

static void cell_model(tb_t *t, uint64_t cycle, const onehot_mux_in_t *in, onehot_mux_out_t *out)
{
    onehot_mux_eval(t->num, t->width, in, out);

    uint64_t *c = t->cover;
    unsigned n = 0, sel = bm_popcount(&in->sel);
    c[ONEHOT_MUX_CV_NONE] += sel == 0;
    if (sel == 1) {
        while (!bm_get(&in->sel, n))
            n++;
        c[ONEHOT_MUX_CV_EVERY_POSITION] += cell_seen(t->won, &t->won_count, n, t->num);
        /* every other word all ones: the data's ones are all but the word's zeros */
        c[ONEHOT_MUX_CV_OTHERS_ONES] += t->num >= 2 && bm_popcount(&in->data) ==
                                        (t->num - 1u) * t->width + bm_popcount(&out->data);
        unsigned ones = bm_popcount(&out->data);
        bool was = t->got_zero && t->got_ones;
        t->got_zero |= ones == 0;
        t->got_ones |= ones == t->width;
        c[ONEHOT_MUX_CV_EXTREME_WORDS] += !was && t->got_zero && t->got_ones;
    }
    if (t->exhaustive_bits && cycle + 1 == (uint64_t)(t->num + 1u) << t->exhaustive_bits)
        c[ONEHOT_MUX_CV_EXHAUSTIVE]++;
}

COSIM_CELL_TESTBENCH(tb_t, onehot_mux, KIT_COVERS_ONEHOT_MUX, setup);
