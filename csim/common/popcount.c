/* Golden model of the popcount cell: see popcount.h. */
#include "popcount.h"

void popcount_eval(unsigned width, const bitmask_t *in, popcount_out_t *out)
{
    /* The definition, one bit at a time (not bitmask.h's bm_popcount: the
     * testbench counts with that, so the two opinions stay apart). */
    out->count = 0;
    for (unsigned i = 0; i < width; i++)
        out->count += bm_get(in, i);
}
