/* saxpy: y = a*x + y over n floats, one thread per element.
 *
 * The suite's coherent control case (the papers' "coherent" class, e.g. the
 * non-divergent set TBC checks for no loss on): no branch at all in the
 * kernel, every thread of every warp runs the same straight-line code, and
 * consecutive threads touch consecutive words (coalesced loads and stores,
 * one line per 8 threads at 32 B lines). Neither control nor memory
 * divergence; whatever a mechanism changes here is its overhead.
 *
 * Inputs (simt_rand_float, in [0, 1)): x[n], y[n]; a = 2.5.
 *   small n = 16384, default n = 262144, large n = 2621440.
 * Launch: n threads, no barrier, one launch.
 * Output: y (n floats). */
#include "simt.h"

typedef struct {
    uint32_t n;
    float a;
    const float *x;
    float *y;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t n = size == SIMT_SMALL ? 16384u : size == SIMT_DEFAULT ? 262144u : 2621440u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float *x = simt_alloc(n * 4u), *y = simt_alloc(n * 4u);
    for (uint32_t i = 0; i < n; i++) {
        x[i] = simt_rand_float(&r);
        y[i] = simt_rand_float(&r);
    }
    a->n = n;
    a->a = 2.5f;
    a->x = x;
    a->y = y;
    l->threads = n;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, y, n * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads; /* exactly n threads: no bounds test, no branch */
    a->y[tid] = a->a * a->x[tid] + a->y[tid];
}
