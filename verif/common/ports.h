/* Port descriptors of the generated port structs (scripts/gen_shim.py): a
 * struct is a flat array of little-endian uint64_t words, each port at a
 * word offset, so the harness can compare, print and record any block's
 * ports without knowing them. */
#ifndef SIMT_PORTS_H
#define SIMT_PORTS_H

#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *name;
    unsigned width; /* bits */
    unsigned word;  /* offset of its first word in the struct */
} port_desc_t;

static inline unsigned port_words(const port_desc_t *p) { return (p->width + 63u) / 64u; }

/* A width-bit field (width <= 64) at bit offset off of a packed port, e.g.
 * lane l's static warp index in req_lane_sw_i. */
static inline uint64_t port_get_field(const uint64_t *w, unsigned off, unsigned width)
{
    uint64_t v = w[off / 64u] >> (off % 64u);
    if (off % 64u + width > 64u)
        v |= w[off / 64u + 1] << (64u - off % 64u);
    return width == 64u ? v : v & ((UINT64_C(1) << width) - 1u);
}

static inline void port_set_field(uint64_t *w, unsigned off, unsigned width, uint64_t v)
{
    uint64_t m = width == 64u ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1u;
    v &= m;
    w[off / 64u] = (w[off / 64u] & ~(m << (off % 64u))) | (v << (off % 64u));
    if (off % 64u + width > 64u) {
        unsigned sh = 64u - off % 64u;
        w[off / 64u + 1] = (w[off / 64u + 1] & ~(m >> sh)) | (v >> sh);
    }
}

/* Print a port value as 0x-prefixed hex, most significant word first. */
void port_fprint(FILE *f, const port_desc_t *p, const uint64_t *base);

#endif /* SIMT_PORTS_H */
