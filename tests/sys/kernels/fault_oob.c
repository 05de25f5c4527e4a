/* Faults on purpose: thread 5 reads one element past its input buffer. The
 * simulator must stop with "outside the kernel's buffers" and exit 1. */
#include "simt.h"

typedef struct {
    const int32_t *in;
    int32_t *out;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    (void)size, (void)seed;
    args_t *a = simt_alloc(sizeof *a);
    a->in = simt_alloc(64 * 4);
    a->out = simt_alloc(64 * 4);
    l->threads = 16, l->block_threads = 8, l->args = a;
    simt_output(l, a->out, 64 * 4);
}

void simt_kernel(unsigned tid, unsigned n, const void *args)
{
    const args_t *a = args;
    (void)n;
    /* far past the heap's end for thread 5 */
    a->out[tid] = a->in[tid == 5 ? 0x100000u : tid];
}
