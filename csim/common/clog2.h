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

#endif /* SIMT_CLOG2_H */
