/* Golden model of the onehot_mux cell: the word of the selected input (sel
 * one-hot, or no bit set: the word is 0). Combinational. Written from the
 * cell's specification (docs/blocks/dws_core.md), independently of the RTL. */
#ifndef SIMT_ONEHOT_MUX_H
#define SIMT_ONEHOT_MUX_H

#include "bitmask.h"
#include "onehot_mux_decl.h"

/* num inputs of width bits each, num * width at most BM_MAX_BITS (the
 * mask that holds data). Input n's word is at bits n * width of data; bits
 * of sel at or above num are ignored. At most one bit of sel may be set
 * (the cell's precondition); with two, the words are ORed, as the RTL's
 * AND-OR does. */
void onehot_mux_eval(unsigned num, unsigned width, const onehot_mux_in_t *in,
                     onehot_mux_out_t *out);

#endif /* SIMT_ONEHOT_MUX_H */
