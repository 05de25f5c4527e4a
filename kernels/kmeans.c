/* kmeans: Lloyd's k-means clustering: the assignment step on the cores
 * (each point to its nearest centroid, squared Euclidean distance), the
 * update step (each centroid to the mean of its points) in simt_next()
 * between launches, as a host would do it; up to ITERS rounds, fewer if no
 * point changed cluster.
 *
 * The papers' k-means (Rodinia's kmeans in DoM, where it is the negative
 * control: high reuse, nothing to gain from diverging on a miss). One
 * thread per point keeps its D = 8 features in registers and scans the
 * K = 16 centroids, which every thread of the core reads in the same order
 * (they stay in the L1: the reuse). The features are stored feature-major
 * (feature d of point i at d * n + i), so the loads are coalesced.
 *   - control divergence: only the argmin's short `if (dist < best)`
 *     branch, taken by different threads for different centroids;
 *   - memory divergence: little; the centroids are broadcast, the features
 *     streamed once per round.
 *
 * Inputs: n points around K random centres (uniform in [0, 10)^D, each
 * point a centre plus noise uniform in [-1.5, 1.5) per feature); the
 * initial centroids are the first K points:
 *   small n = 512, default n = 8192, large n = 65536.
 * Launch: n threads, no barrier, up to ITERS = 4 launches.
 * Output: the cluster of each point (int32 x n), the centroids
 * (float x K x D). */
#include "simt.h"

#define D 8u
#define K 16u
#define ITERS 4u

typedef struct {
    uint32_t n;
    const float *feat;   /* D x n, feature-major */
    float *cent;         /* K x D */
    int32_t *member;     /* n; -1 before the first round */
    uint32_t *changed;   /* set when a point changes cluster */
    float *sum;          /* K x D, simt_next's */
    uint32_t *count;     /* K, simt_next's */
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t n = size == SIMT_SMALL ? 512u : size == SIMT_DEFAULT ? 8192u : 65536u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float *centre = simt_alloc(K * D * 4u);
    for (uint32_t k = 0; k < K * D; k++)
        centre[k] = 10.0f * simt_rand_float(&r);
    float *feat = simt_alloc(D * n * 4u);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = simt_rand_below(&r, K);
        for (uint32_t d = 0; d < D; d++)
            feat[d * n + i] = centre[c * D + d] + 3.0f * simt_rand_float(&r) - 1.5f;
    }
    float *cent = simt_alloc(K * D * 4u);
    for (uint32_t k = 0; k < K; k++)
        for (uint32_t d = 0; d < D; d++)
            cent[k * D + d] = feat[d * n + k];
    int32_t *member = simt_alloc(n * 4u);
    for (uint32_t i = 0; i < n; i++)
        member[i] = -1;
    a->n = n;
    a->feat = feat;
    a->cent = cent;
    a->member = member;
    a->changed = simt_alloc(4u);
    a->sum = simt_alloc(K * D * 4u);
    a->count = simt_alloc(K * 4u);
    l->threads = n;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, member, n * 4u);
    simt_output(l, cent, K * D * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    uint32_t n = a->n;
    if (tid >= n)
        return;
    float x[D]; /* in registers: the loops over d are unrolled */
#pragma GCC unroll 8
    for (uint32_t d = 0; d < D; d++)
        x[d] = a->feat[d * n + tid];
    float best = 0.0f;
    int32_t arg = -1;
    for (uint32_t k = 0; k < K; k++) {
        const float *c = a->cent + k * D;
        float dist = 0.0f;
#pragma GCC unroll 8
        for (uint32_t d = 0; d < D; d++) {
            float e = x[d] - c[d];
            dist = dist + e * e;
        }
        if (arg < 0 || dist < best) {
            best = dist;
            arg = (int32_t)k;
        }
    }
    if (a->member[tid] != arg) {
        a->member[tid] = arg;
        *a->changed = 1u;
    }
}

/* The update step: each centroid to the mean of its points (summed in
 * point order); a centroid with no point stays where it is. */
int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    if (!*a->changed)
        return 0;
    *a->changed = 0;
    uint32_t n = a->n;
    for (uint32_t k = 0; k < K; k++) {
        a->count[k] = 0;
        for (uint32_t d = 0; d < D; d++)
            a->sum[k * D + d] = 0.0f;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = (uint32_t)a->member[i];
        a->count[k]++;
        for (uint32_t d = 0; d < D; d++)
            a->sum[k * D + d] = a->sum[k * D + d] + a->feat[d * n + i];
    }
    for (uint32_t k = 0; k < K; k++)
        if (a->count[k])
            for (uint32_t d = 0; d < D; d++)
                a->cent[k * D + d] = a->sum[k * D + d] / (float)a->count[k];
    return launch + 1u < ITERS;
}
