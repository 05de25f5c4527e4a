/* ceil(log2(n)): the width of an index into n things (0 for n <= 1), as
 * SystemVerilog's $clog2. One definition for every golden model. */
#ifndef SIMT_CLOG2_H
#define SIMT_CLOG2_H

#include <stdint.h>

static inline unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while (b < 32u && (1u << b) < n)
        b++;
    return b;
}

/* The same of a 64-bit value (the generated parameter checks). */
static inline unsigned clog2_u64(uint64_t n)
{
    unsigned b = 0;
    while (b < 64u && (UINT64_C(1) << b) < n)
        b++;
    return b;
}

/* The mask of an index port into n things: max(1, clog2(n)) low bits set
 * (a port is at least one bit wide). */
static inline unsigned index_mask(unsigned n)
{
    unsigned b = clog2(n);
    return (1u << (b < 1u ? 1u : b)) - 1u;
}

#endif /* SIMT_CLOG2_H */
