/* hotspot: transient thermal simulation of a chip (the HotSpot model's
 * grid): each step, a cell's temperature moves toward its four neighbours',
 * rises with its dissipated power and leaks to the ambient:
 *   t' = t + cp*p + cy*(tn + ts - 2t) + cx*(te + tw - 2t) + cz*(amb - t).
 * On the chip's border a missing neighbour counts as the cell itself (no
 * flow through the edge).
 *
 * The papers' HotSpot (Rodinia's hotspot in TBC and DWS: divergence at the
 * borders). Temporal blocking with ghost zones: a thread block of 32
 * threads owns a T x T = 16 x 16 tile of the output and, per launch,
 * advances it S = 2 steps: it copies the tile and a halo S cells wide
 * (20 x 20 cells) into its own scratch area, then runs S steps there, each
 * over a region one cell smaller on every side than the last (the halo's
 * outer cells go stale), with simt_barrier() after the copy and after each
 * step, and writes its tile back. simt_next() swaps the input and output
 * grids until all steps are done.
 *   - control divergence: the region loops give 400 cells to 32 threads
 *     (the last round has 16 of them), the shrinking region and the halo
 *     cells off the chip are skipped, and chip-border cells take the
 *     one-sided formulas (every branch tested cell by cell);
 *   - memory: rows of the tile are coalesced, the halo and the scratch
 *     areas are reused across the steps (the barrier-synchronised block
 *     case of the suite: DWS's bulk-synchronous class).
 *
 * Inputs: an N x N grid of temperatures (320-330) and powers (0-1):
 *   small N = 64, 2 launches (4 steps); default N = 256, 2 launches;
 *   large N = 512, 4 launches.
 * Launch: (N/16)^2 thread blocks of 32 threads, block_threads 32.
 * Output: the temperatures after all the steps (N x N floats). */
#include "simt.h"

#define TILE 16u
#define STEPS 2u                        /* per launch */
#define EDGE (TILE + 2u * STEPS)        /* the scratch area's side */
#define BT 32u

typedef struct {
    uint32_t n, launches;
    const float *power;
    const float *tin;
    float *tout;
    float *scratch;    /* 2 * EDGE * EDGE floats per thread block */
    float cx, cy, cz, cp, amb;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t n = size == SIMT_SMALL ? 64u : size == SIMT_DEFAULT ? 256u : 512u;
    uint32_t launches = size == SIMT_LARGE ? 4u : 2u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float *power = simt_alloc(n * n * 4u), *t0 = simt_alloc(n * n * 4u),
          *t1 = simt_alloc(n * n * 4u);
    for (uint32_t k = 0; k < n * n; k++) {
        t0[k] = 320.0f + 10.0f * simt_rand_float(&r);
        power[k] = simt_rand_float(&r);
    }
    uint32_t blocks = (n / TILE) * (n / TILE);
    a->n = n;
    a->launches = launches;
    a->power = power;
    a->tin = t0;
    a->tout = t1;
    a->scratch = simt_alloc(blocks * 2u * EDGE * EDGE * 4u);
    a->cx = 0.1f;
    a->cy = 0.12f;
    a->cz = 0.002f;
    a->cp = 0.5f;
    a->amb = 80.0f;
    l->threads = blocks * BT;
    l->block_threads = BT;
    l->args = a;
    /* launch k writes t1 when k is even: the last one's output */
    simt_output(l, launches % 2u ? t1 : t0, n * n * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    uint32_t n = a->n, b = tid / BT, lid = tid % BT, tiles = n / TILE;
    int32_t gy0 = (int32_t)(b / tiles * TILE) - (int32_t)STEPS; /* the area's corner */
    int32_t gx0 = (int32_t)(b % tiles * TILE) - (int32_t)STEPS;
    int32_t last = (int32_t)n - 1;
    float *cur = a->scratch + b * 2u * EDGE * EDGE, *nxt = cur + EDGE * EDGE;

    for (uint32_t i = lid; i < EDGE * EDGE; i += BT) {
        int32_t gy = gy0 + (int32_t)(i / EDGE), gx = gx0 + (int32_t)(i % EDGE);
        if (gy >= 0 && gy <= last && gx >= 0 && gx <= last)
            cur[i] = a->tin[gy * (int32_t)n + gx];
    }
    simt_barrier();

    for (uint32_t s = 1; s <= STEPS; s++) {
        for (uint32_t i = lid; i < EDGE * EDGE; i += BT) {
            uint32_t ly = i / EDGE, lx = i % EDGE;
            if (ly < s || ly >= EDGE - s || lx < s || lx >= EDGE - s)
                continue; /* stale halo */
            int32_t gy = gy0 + (int32_t)ly, gx = gx0 + (int32_t)lx;
            if (gy < 0 || gy > last || gx < 0 || gx > last)
                continue; /* off the chip */
            float t = cur[i], vert, horiz;
            if (gy > 0 && gy < last && gx > 0 && gx < last) {
                vert = cur[i - EDGE] + cur[i + EDGE] - 2.0f * t;
                horiz = cur[i - 1u] + cur[i + 1u] - 2.0f * t;
            } else {
                float tn = t, ts = t, tw = t, te = t;
                if (gy > 0)
                    tn = cur[i - EDGE];
                if (gy < last)
                    ts = cur[i + EDGE];
                if (gx > 0)
                    tw = cur[i - 1u];
                if (gx < last)
                    te = cur[i + 1u];
                vert = tn + ts - 2.0f * t;
                horiz = te + tw - 2.0f * t;
            }
            float p = a->power[gy * (int32_t)n + gx];
            nxt[i] = t + a->cp * p + a->cy * vert + a->cx * horiz + a->cz * (a->amb - t);
        }
        simt_barrier();
        float *swap = cur;
        cur = nxt;
        nxt = swap;
    }

    for (uint32_t i = lid; i < TILE * TILE; i += BT) {
        uint32_t ly = i / TILE + STEPS, lx = i % TILE + STEPS;
        a->tout[(gy0 + (int32_t)ly) * (int32_t)n + gx0 + (int32_t)lx] = cur[ly * EDGE + lx];
    }
}

int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    if (launch + 1u >= a->launches)
        return 0;
    const float *t = a->tin;
    a->tin = a->tout;
    a->tout = (float *)t;
    return 1;
}
