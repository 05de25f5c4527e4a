/* Golden model of the prio_enc cell: the lowest set bit of a vector (bit 0
 * has the highest priority), as valid / index / one-hot. Combinational. */
#ifndef SIMT_PRIO_ENC_H
#define SIMT_PRIO_ENC_H

#include <stdbool.h>

#include "bitmask.h"
#include "prio_enc_decl.h"

/* width 1..BM_MAX_BITS; bits of in at or above width are ignored. */
void prio_enc_eval(unsigned width, const bitmask_t *in, prio_enc_out_t *out);

#endif /* SIMT_PRIO_ENC_H */
