/* Traps on purpose: thread 3 calls __builtin_trap() (ebreak). The
 * simulator must stop with "trapped" and exit 1. */
#include "fault.h"

void simt_kernel(unsigned tid, unsigned n, const void *args)
{
    int32_t *out = (int32_t *)args;
    (void)n;
    if (tid == 3)
        __builtin_trap();
    out[tid] = (int32_t)tid;
}
