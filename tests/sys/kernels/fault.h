/* The set-up the fault kernels share: 16 threads in blocks of 8 and one
 * output buffer of 16 int32, the kernel's argument. */
#include "simt.h"

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    (void)size, (void)seed;
    int32_t *out = simt_alloc(16 * 4);
    l->threads = 16, l->block_threads = 8, l->args = out;
    simt_output(l, out, 16 * 4);
}
