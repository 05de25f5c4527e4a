/* Golden model of the prio_enc cell: see prio_enc.h. */
#include "prio_enc.h"

void prio_enc_eval(unsigned width, const bitmask_t *in, prio_enc_out_t *out)
{
    out->valid = false;
    out->idx = 0;
    bm_clear(&out->onehot);
    for (unsigned i = 0; i < width; i++) {
        if (bm_get(in, i)) {
            out->valid = true;
            out->idx = i;
            bm_set(&out->onehot, i, true);
            return;
        }
    }
}
