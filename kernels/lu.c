/* lu: LU decomposition A = L U of a dense n x n matrix by right-looking
 * Gaussian elimination without pivoting (the matrix is made diagonally
 * dominant, so no pivot is small), one launch per elimination step k:
 *   l_ik = a_ik / a_kk                   for i > k  (column k of L)
 *   a_ij = a_ij - (a_ik / a_kk) * a_kj   for i > k, j > k
 *
 * The papers' LU decomposition (Rodinia's lud class: triangular bounds).
 * One thread per matrix element (row-major: consecutive threads, consecutive
 * columns) in every launch; a thread works only if its row is below the
 * pivot row (`if (row > k)`) and its column is not left of it: the active
 * part shrinks to the bottom-right (n-k-1) x (n-k) corner, so whole warps
 * go idle, and a warp that straddles column k is split. Launch k reads only
 * row k and column k of A, which it does not write (column k's multipliers
 * go to L, the trailing update to columns > k), so the threads of a launch
 * never race. simt_next() advances k.
 *   - control divergence: the triangular bounds (the warps straddling
 *     column k, the rows above k), and the short j == k branch;
 *   - memory: row k is broadcast to every row's warps (reuse), element
 *     a_ik is shared by a row's threads, the updates are coalesced.
 *
 * Inputs: a_ij uniform in [-1, 1) off the diagonal, a_ii = 1 + the sum of
 * |a_ij| over its row: small n = 32, default n = 96, large n = 200.
 * Launch: n * n threads, no barrier, n - 1 launches (k = 0 .. n-2).
 * Output: the matrix after elimination (float x n x n; its upper triangle
 * with the diagonal is U, the strict lower triangle holds partial updates
 * that U does not use), then L (float x n x n, unit diagonal). */
#include "simt.h"

typedef struct {
    uint32_t n, k;
    float *a;   /* n x n, row-major */
    float *l;   /* n x n */
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t n = size == SIMT_SMALL ? 32u : size == SIMT_DEFAULT ? 96u : 200u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float *m = simt_alloc(n * n * 4u), *lo = simt_alloc(n * n * 4u);
    for (uint32_t i = 0; i < n; i++) {
        float sum = 0.0f;
        for (uint32_t j = 0; j < n; j++) {
            if (j == i)
                continue;
            float v = 2.0f * simt_rand_float(&r) - 1.0f;
            m[i * n + j] = v;
            sum = sum + (v < 0.0f ? -v : v);
        }
        m[i * n + i] = 1.0f + sum;
        lo[i * n + i] = 1.0f;
    }
    a->n = n;
    a->k = 0;
    a->a = m;
    a->l = lo;
    l->threads = n * n;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, m, n * n * 4u);
    simt_output(l, lo, n * n * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    uint32_t n = a->n, k = a->k, row = tid / n, col = tid % n;
    if (row > k && row < n) {
        float *m = a->a;
        if (col > k)
            m[row * n + col] = m[row * n + col] - m[row * n + k] / m[k * n + k] * m[k * n + col];
        else if (col == k)
            a->l[row * n + k] = m[row * n + k] / m[k * n + k];
    }
}

int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    (void)launch;
    a->k++;
    return a->k + 1u < a->n;
}
