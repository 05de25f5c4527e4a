/* Golden model of the rr_pick cell: the round-robin pick, the first request
 * after last, circularly (last's own request last of all), as valid / index
 * / one-hot. Written from the cell's definition (docs/blocks/rr_pick.md),
 * independently of the RTL. Combinational. */
#ifndef SIMT_RR_PICK_H
#define SIMT_RR_PICK_H

#include <stdbool.h>

#include "bitmask.h"
#include "rr_pick_decl.h"

/* width 1..RR_PICK_WIDTH_MAX; bits of in->req at or above width are
 * ignored; in->last is cut to the index port's width (index_mask(width)),
 * and a last at or above width counts as width - 1. */
void rr_pick_eval(unsigned width, const rr_pick_in_t *in, rr_pick_out_t *out);

#endif /* SIMT_RR_PICK_H */
