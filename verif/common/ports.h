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

/* Print a port value as 0x-prefixed hex, most significant word first. */
void port_fprint(FILE *f, const port_desc_t *p, const uint64_t *base);

#endif /* SIMT_PORTS_H */
