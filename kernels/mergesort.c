/* mergesort: bottom-up merge sort of n 32-bit keys (n a power of two),
 * one launch per pass: pass p merges pairs of sorted runs of width 2^p
 * into runs of width 2^(p+1), one thread per pair, from one buffer into the
 * other; simt_next() doubles the width, halves the threads and swaps the
 * buffers, until one run is left.
 *
 * The papers' sorting kernels (merge-based sorts: data-dependent branches).
 * A thread's merge is one loop over its output: it takes the head of the
 * left run when the right run is exhausted or the left head is not larger,
 * else the head of the right run, and loads the next key of the run it took
 * from.
 *   - control divergence: which run a thread takes from is data-dependent
 *     and changes from element to element (the two paths of the merge
 *     branch, and the guarded reloads at a run's end);
 *   - memory divergence: each thread streams two runs 2^p words apart and
 *     writes a third; early passes are coalesced, late ones stride by
 *     2^(p+1) words between threads (one line per thread);
 *   - parallelism halves every pass: the last passes run on 2 and 1 thread
 *     (a long serial tail that memory latency dominates).
 *
 * Inputs: n keys, uniform random 32-bit:
 *   small n = 2048 (11 passes), default n = 32768 (15), large n = 262144 (18).
 * Launch: n / 2^(p+1) threads in pass p, no barrier (fewer in the
 * last passes).
 * Output: the sorted keys (uint32 x n). */
#include "simt.h"

typedef struct {
    uint32_t n, width;   /* the runs' width this pass */
    const uint32_t *src;
    uint32_t *dst;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t log_n = size == SIMT_SMALL ? 11u : size == SIMT_DEFAULT ? 15u : 18u;
    uint32_t n = 1u << log_n;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    uint32_t *b0 = simt_alloc(n * 4u), *b1 = simt_alloc(n * 4u);
    for (uint32_t i = 0; i < n; i++)
        b0[i] = simt_rand(&r);
    a->n = n;
    a->width = 1;
    a->src = b0;
    a->dst = b1;
    l->threads = n / 2u;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, log_n % 2u ? b1 : b0, n * 4u); /* pass p writes b1 when p is even */
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    uint32_t w = a->width, lo = 2u * w * tid;
    if (lo >= a->n)
        return;
    uint32_t mid = lo + w, hi = mid + w;
    const uint32_t *src = a->src;
    uint32_t *dst = a->dst;
    uint32_t i = lo, j = mid, x = src[i], y = src[j];
    for (uint32_t k = lo; k < hi; k++) {
        if (j >= hi || (i < mid && x <= y)) {
            dst[k] = x;
            i++;
            if (i < mid)
                x = src[i];
        } else {
            dst[k] = y;
            j++;
            if (j < hi)
                y = src[j];
        }
    }
}

int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    (void)launch;
    a->width *= 2u;
    if (a->width >= a->n)
        return 0;
    const uint32_t *t = a->src;
    a->src = a->dst;
    a->dst = (uint32_t *)t;
    l->threads = a->n / (2u * a->width);
    return 1;
}
