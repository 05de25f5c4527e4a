/* Golden model of the tourney cell: the minimum (or maximum) key among the
 * valid inputs, with its index; the lowest index wins a tie. Combinational. */
#ifndef SIMT_TOURNEY_H
#define SIMT_TOURNEY_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "tourney_decl.h"

/* width 1..TOURNEY_WIDTH_MAX inputs; max: the maximum key wins instead of
 * the minimum. Keys are compared as given (the caller masks them to the key
 * width). The match size (Radix) does not change the result: it is not an
 * argument. */
void tourney_eval(unsigned width, bool max, const tourney_in_t *in, tourney_out_t *out);

#endif /* SIMT_TOURNEY_H */
