/* Golden model of the rr_pick cell: see rr_pick.h. */
#include "rr_pick.h"

void rr_pick_eval(unsigned width, const rr_pick_in_t *in, rr_pick_out_t *out)
{
    unsigned last = in->last & index_mask(width);
    if (last >= width)
        last = width - 1;
    out->valid = false;
    out->idx = 0;
    bm_clear(&out->onehot);
    /* From the input after last around to last itself. */
    for (unsigned k = 1; k <= width; k++) {
        unsigned i = (last + k) % width;
        if (bm_get(&in->req, i)) {
            out->valid = true;
            out->idx = i;
            bm_set(&out->onehot, i, true);
            return;
        }
    }
}
