/* ceil(log2(n)): the width of an index into n things (0 for n <= 1), as
 * SystemVerilog's $clog2. One definition for every golden model. */
#ifndef SIMT_CLOG2_H
#define SIMT_CLOG2_H

static inline unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while (b < 32u && (1u << b) < n)
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
