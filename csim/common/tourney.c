/* Golden model of the tourney cell: see tourney.h. */
#include "tourney.h"

void tourney_eval(unsigned width, bool max, const tourney_in_t *in, tourney_out_t *out)
{
    out->valid = false;
    out->key = 0;
    out->idx = 0;
    /* In index order, a later input replaces the best so far only with a
     * strictly better key: the lowest index wins a tie. */
    for (unsigned i = 0; i < width; i++) {
        if (!bm_get(&in->valid, i))
            continue;
        uint64_t k = in->key[i];
        if (!out->valid || (max ? k > out->key : k < out->key)) {
            out->valid = true;
            out->key = k;
            out->idx = i;
        }
    }
}
