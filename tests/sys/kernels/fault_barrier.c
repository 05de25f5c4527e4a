/* A barrier under divergence (only the even threads reach it): the
 * simulator must refuse it naming the PC and exit 1. */
#include "fault.h"

void simt_kernel(unsigned tid, unsigned n, const void *args)
{
    int32_t *out = (int32_t *)args;
    (void)n;
    if (!(tid & 1))
        simt_barrier();
    out[tid] = (int32_t)tid;
}
