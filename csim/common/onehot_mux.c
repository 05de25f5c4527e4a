/* Golden model of the onehot_mux cell: see onehot_mux.h. */
#include "onehot_mux.h"

/* len (1..64) bits of m from bit pos up. */
static uint64_t get_bits(const bitmask_t *m, unsigned pos, unsigned len)
{
    unsigned w = pos / 64u, s = pos % 64u;
    uint64_t v = m->w[w] >> s;
    if (s && s + len > 64u)
        v |= m->w[w + 1u] << (64u - s);
    return v & bm_low_bits(len);
}

void onehot_mux_eval(unsigned num, unsigned width, const onehot_mux_in_t *in,
                     onehot_mux_out_t *out)
{
    bm_clear(&out->data);
    for (unsigned n = 0; n < num; n++) {
        if (!bm_get(&in->sel, n))
            continue;
        for (unsigned b = 0; b < width; b += 64u) /* the word, 64 bits at a time */
            out->data.w[b / 64u] |= get_bits(&in->data, n * width + b,
                                              width - b < 64u ? width - b : 64u);
    }
}
