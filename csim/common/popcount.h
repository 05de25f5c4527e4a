/* Golden model of the popcount cell: how many bits of a vector are set.
 * Combinational. */
#ifndef SIMT_POPCOUNT_H
#define SIMT_POPCOUNT_H

#include "bitmask.h"
#include "popcount_decl.h"

/* width 1..BM_MAX_BITS; bits of in at or above width are ignored. */
void popcount_eval(unsigned width, const bitmask_t *in, popcount_out_t *out);

#endif /* SIMT_POPCOUNT_H */
