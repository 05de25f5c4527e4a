/* shortpath: global sequence alignment (Needleman-Wunsch) of a batch of
 * sequence pairs: the dynamic program over the score matrix
 *   H[i][j] = max(H[i-1][j-1] + sim(a_i, b_j), H[i-1][j] - g, H[i][j-1] - g)
 * (the best path through the edit graph), computed anti-diagonal by
 * anti-diagonal: one launch per diagonal d = i + j, whose cells depend only
 * on the two diagonals before it.
 *
 * The papers' dynamic-programming kernels (Rodinia's nw: the wavefront, and
 * "frequent short branches, which hurt DWS"). One thread per row i of each
 * pair, in every launch; a thread works if column j = d - i lies in 1..L.
 * The cell's max of three is two data-dependent compare-and-branch steps,
 * each choosing the value and the traceback direction (diagonal, up,
 * left), which is stored beside the score.
 *   - control divergence: the wavefront bounds (the first and last
 *     diagonals are short: most threads idle, a warp straddles the edge),
 *     and the two short branches of every cell, taken by different
 *     threads;
 *   - memory divergence: the threads of a warp walk an anti-diagonal, so
 *     their loads and stores are L words apart (one line each), but each
 *     diagonal reuses the lines of the two before it.
 *
 * Inputs: P pairs of sequences of length L over 20 letters; b is a's copy
 * with substitutions (1 in 4), deletions and insertions (1 in 20 each);
 * sim a random symmetric 20 x 20 table (-4..3 off the diagonal, 4..7 on
 * it); gap g = 4; H[i][0] = -g i, H[0][j] = -g j:
 *   small P = 4, L = 64; default P = 32, L = 128; large P = 64, L = 256.
 * Launch: P * L threads, no barrier, 2L - 1 launches (d = 2 .. 2L).
 * Output: the score matrices (int32 x P x (L+1) x (L+1), their last
 * element the alignment's score), then the traceback directions (uint8,
 * same shape: 0 diagonal, 1 up, 2 left; 0 in row and column 0). */
#include "simt.h"

#define LETTERS 20u
#define GAP 4

typedef struct {
    uint32_t pairs, len, d;   /* d: this launch's diagonal */
    const uint8_t *sa, *sb;   /* pairs x len letters each */
    const int32_t *sim;       /* LETTERS x LETTERS */
    int32_t *h;               /* pairs x (len+1) x (len+1) */
    uint8_t *dir;             /* same shape */
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t pairs = size == SIMT_SMALL ? 4u : size == SIMT_DEFAULT ? 32u : 64u;
    uint32_t len = size == SIMT_SMALL ? 64u : size == SIMT_DEFAULT ? 128u : 256u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    int32_t *sim = simt_alloc(LETTERS * LETTERS * 4u);
    for (uint32_t x = 0; x < LETTERS; x++) {
        sim[x * LETTERS + x] = 4 + (int32_t)simt_rand_below(&r, 4u);
        for (uint32_t y = x + 1u; y < LETTERS; y++) {
            int32_t v = (int32_t)simt_rand_below(&r, 8u) - 4;
            sim[x * LETTERS + y] = v;
            sim[y * LETTERS + x] = v;
        }
    }
    uint8_t *sa = simt_alloc(pairs * len), *sb = simt_alloc(pairs * len);
    for (uint32_t p = 0; p < pairs; p++) {
        uint8_t *x = sa + p * len, *y = sb + p * len;
        for (uint32_t i = 0; i < len; i++)
            x[i] = (uint8_t)simt_rand_below(&r, LETTERS);
        uint32_t i = 0, j = 0;
        while (j < len) {
            uint32_t u = simt_rand_below(&r, 20u);
            if (u == 0 && i < len) { /* deletion */
                i++;
                continue;
            }
            if (u == 1 || i >= len) /* insertion (or past a's end) */
                y[j++] = (uint8_t)simt_rand_below(&r, LETTERS);
            else if (u < 7) /* substitution */
                y[j++] = (uint8_t)simt_rand_below(&r, LETTERS), i++;
            else
                y[j++] = x[i++];
        }
    }
    uint32_t w = len + 1u;
    int32_t *h = simt_alloc(pairs * w * w * 4u);
    for (uint32_t p = 0; p < pairs; p++)
        for (uint32_t k = 0; k < w; k++) {
            h[p * w * w + k] = -GAP * (int32_t)k;
            h[p * w * w + k * w] = -GAP * (int32_t)k;
        }
    a->pairs = pairs;
    a->len = len;
    a->d = 2;
    a->sa = sa;
    a->sb = sb;
    a->sim = sim;
    a->h = h;
    a->dir = simt_alloc(pairs * w * w);
    l->threads = pairs * len;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, h, pairs * w * w * 4u);
    simt_output(l, a->dir, pairs * w * w);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    uint32_t len = a->len, p = tid / len, i = tid % len + 1u, j = a->d - i;
    if (p >= a->pairs || j < 1u || j > len) /* j wraps below 1 when d < i + 1 */
        return;
    uint32_t w = len + 1u, c = p * w * w + i * w + j;
    const int32_t *h = a->h;
    int32_t best = h[c - w - 1u] + a->sim[a->sa[p * len + i - 1u] * LETTERS +
                                         a->sb[p * len + j - 1u]];
    int32_t up = h[c - w] - GAP, left = h[c - 1u] - GAP;
    uint8_t dir = 0;
    if (up > best) {
        best = up;
        dir = 1;
    }
    if (left > best) {
        best = left;
        dir = 2;
    }
    a->h[c] = best;
    a->dir[c] = dir;
}

int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    (void)launch;
    a->d++;
    return a->d <= 2u * a->len;
}
