/* Thread masks of up to 1024 bits (TBC's 1024-thread blocks) as fixed arrays
 * of 64-bit words: bit i of a mask is thread/lane i. One shared header for
 * every golden model and testbench -- do not write another mask helper.
 *
 * Invariant kept by every function here: bits at or above the mask's
 * logical width are zero, so masks compare with bm_eq() and test with
 * bm_is_zero() without knowing their width. */
#ifndef SIMT_BITMASK_H
#define SIMT_BITMASK_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define BM_MAX_BITS 1024u
#define BM_WORDS (BM_MAX_BITS / 64u)

typedef struct {
    uint64_t w[BM_WORDS];
} bitmask_t;

/* The n low bits set (n = 0..64): the mask of an n-bit port in a word. */
static inline uint64_t bm_low_bits(unsigned n)
{
    return n >= 64u ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1u;
}

/* Number of 64-bit words that hold nbits bits. */
static inline unsigned bm_words(unsigned nbits) { return (nbits + 63u) / 64u; }

static inline void bm_clear(bitmask_t *m) { memset(m, 0, sizeof *m); }

/* All nbits low bits set. */
static inline void bm_fill(bitmask_t *m, unsigned nbits)
{
    bm_clear(m);
    for (unsigned i = 0; i < nbits / 64u; i++)
        m->w[i] = ~UINT64_C(0);
    if (nbits % 64u)
        m->w[nbits / 64u] = bm_low_bits(nbits % 64u);
}

/* Clear every bit at or above nbits. */
static inline void bm_trim(bitmask_t *m, unsigned nbits)
{
    unsigned first = nbits / 64u;
    if (first >= BM_WORDS)
        return;
    if (nbits % 64u)
        m->w[first++] &= bm_low_bits(nbits % 64u);
    for (unsigned i = first; i < BM_WORDS; i++)
        m->w[i] = 0;
}

static inline bool bm_get(const bitmask_t *m, unsigned i)
{
    return (m->w[i / 64u] >> (i % 64u)) & 1u;
}

static inline void bm_set(bitmask_t *m, unsigned i, bool v)
{
    uint64_t bit = UINT64_C(1) << (i % 64u);
    if (v)
        m->w[i / 64u] |= bit;
    else
        m->w[i / 64u] &= ~bit;
}

static inline void bm_from_u64(bitmask_t *m, uint64_t v)
{
    bm_clear(m);
    m->w[0] = v;
}

static inline bool bm_is_zero(const bitmask_t *m)
{
    uint64_t acc = 0;
    for (unsigned i = 0; i < BM_WORDS; i++)
        acc |= m->w[i];
    return acc == 0;
}

static inline bool bm_eq(const bitmask_t *a, const bitmask_t *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* r = a & b (r may alias a or b); likewise the others. */
static inline void bm_and(bitmask_t *r, const bitmask_t *a, const bitmask_t *b)
{
    for (unsigned i = 0; i < BM_WORDS; i++)
        r->w[i] = a->w[i] & b->w[i];
}

static inline void bm_or(bitmask_t *r, const bitmask_t *a, const bitmask_t *b)
{
    for (unsigned i = 0; i < BM_WORDS; i++)
        r->w[i] = a->w[i] | b->w[i];
}

/* r = a & ~b */
static inline void bm_andnot(bitmask_t *r, const bitmask_t *a, const bitmask_t *b)
{
    for (unsigned i = 0; i < BM_WORDS; i++)
        r->w[i] = a->w[i] & ~b->w[i];
}

static inline unsigned bm_popcount(const bitmask_t *m)
{
    unsigned n = 0;
    for (unsigned i = 0; i < BM_WORDS; i++)
        n += (unsigned)__builtin_popcountll(m->w[i]);
    return n;
}

/* Copy the low nbits of m into / out of a packed little-endian word array
 * (the layout of the co-simulation port structs). */
static inline void bm_to_words(uint64_t *dst, const bitmask_t *m, unsigned nbits)
{
    memcpy(dst, m->w, bm_words(nbits) * sizeof(uint64_t));
}

static inline void bm_from_words(bitmask_t *m, const uint64_t *src, unsigned nbits)
{
    bm_clear(m);
    memcpy(m->w, src, bm_words(nbits) * sizeof(uint64_t));
    bm_trim(m, nbits);
}

#endif /* SIMT_BITMASK_H */
