/* Never ends: thread 0 spins while its flag (never set) is zero. Run with a
 * cycle limit, the simulator must stop with "cycle limit" and exit 1. */
#include "fault.h"

void simt_kernel(unsigned tid, unsigned n, const void *args)
{
    volatile int32_t *flag = (volatile int32_t *)args;
    (void)n;
    if (tid == 0)
        while (!flag[1])
            ;
    flag[tid] = 0;
}
