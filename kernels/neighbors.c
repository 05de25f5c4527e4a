/* neighbors: the short-range force step of a molecular dynamics code:
 * per particle, the Lennard-Jones force from every other particle closer
 * than a cutoff, found through a cell list, and the number of neighbours.
 *   f(r) = 24 eps (2 (s/r)^12 - (s/r)^6) / r^2 * (r_i - r_j)  for r < rc.
 *
 * The papers' neighbour-list / N-body kernels (LJ-like force with a cutoff:
 * a branch and gathers). simt_setup() places the particles at randomly
 * chosen sites of a cubic lattice (spacing 1, half the sites used, a
 * jitter of +-0.2 per coordinate), in site order, and builds the cell list
 * (cells at least rc wide; a counting sort of the particle indices by
 * cell). A thread takes one particle and scans the 3 x 3 x 3 block of cells
 * around its own (fewer at the box's faces: the box is not periodic); for
 * each candidate it gathers the position by index, and only when r^2 <
 * rc^2 computes the force term.
 *   - control divergence: the cell loops' bounds (box faces) and lengths
 *     (cell occupancies vary), the candidate test (about 1 candidate in 8
 *     is within the cutoff), the self test;
 *   - memory divergence: the candidates' positions are gathered through the
 *     cell list; neighbouring threads scan overlapping cells (reuse) but in
 *     different orders and counts.
 *
 * Inputs: a lattice of S^3 sites, n = S^3 / 2 particles, rc = 1.8, s = 0.8,
 * eps = 1:  small S = 8 (n = 256); default S = 20 (4000); large S = 40
 * (32000).
 * Launch: n threads, no barrier, one launch.
 * Output: the force on each particle (float x 3 x n), then the neighbour
 * counts (int32 x n). */
#include "simt.h"

#define RC 1.8f
#define SIGMA 0.8f
#define EPSILON 1.0f

typedef struct {
    uint32_t n, cells;        /* cells per side */
    float side;               /* the box's side */
    const float *x, *y, *z;
    const uint32_t *start;    /* cells^3 + 1 offsets into list */
    const uint32_t *list;     /* particle indices, by cell */
    float *force;             /* 3 per particle */
    int32_t *count;
} args_t;

static uint32_t cell_of(float p, uint32_t cells, float side)
{
    int32_t c = (int32_t)(p * (float)cells / side);
    if (c < 0)
        c = 0;
    if (c >= (int32_t)cells)
        c = (int32_t)cells - 1;
    return (uint32_t)c;
}

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t s = size == SIMT_SMALL ? 8u : size == SIMT_DEFAULT ? 20u : 40u;
    uint32_t sites = s * s * s, n = sites / 2u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float *x = simt_alloc(n * 4u), *y = simt_alloc(n * 4u), *z = simt_alloc(n * 4u);
    /* selection sampling: exactly n of the sites, in site order */
    uint32_t k = 0;
    for (uint32_t site = 0; site < sites && k < n; site++) {
        if (simt_rand_below(&r, sites - site) >= n - k)
            continue;
        x[k] = (float)(site % s) + 0.5f + 0.4f * simt_rand_float(&r) - 0.2f;
        y[k] = (float)(site / s % s) + 0.5f + 0.4f * simt_rand_float(&r) - 0.2f;
        z[k] = (float)(site / (s * s)) + 0.5f + 0.4f * simt_rand_float(&r) - 0.2f;
        k++;
    }
    float side = (float)s;
    uint32_t cells = (uint32_t)(side / RC);
    uint32_t nc = cells * cells * cells;
    uint32_t *cell = simt_alloc(n * 4u), *start = simt_alloc((nc + 1u) * 4u),
             *fill = simt_alloc(nc * 4u), *list = simt_alloc(n * 4u);
    for (uint32_t i = 0; i < n; i++) {
        cell[i] = (cell_of(z[i], cells, side) * cells + cell_of(y[i], cells, side)) * cells +
                  cell_of(x[i], cells, side);
        start[cell[i] + 1u]++;
    }
    for (uint32_t c = 0; c < nc; c++)
        start[c + 1u] += start[c];
    for (uint32_t i = 0; i < n; i++)
        list[start[cell[i]] + fill[cell[i]]++] = i;
    a->n = n;
    a->cells = cells;
    a->side = side;
    a->x = x;
    a->y = y;
    a->z = z;
    a->start = start;
    a->list = list;
    a->force = simt_alloc(n * 12u);
    a->count = simt_alloc(n * 4u);
    l->threads = n;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, a->force, n * 12u);
    simt_output(l, a->count, n * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    if (tid >= a->n)
        return;
    uint32_t cells = a->cells;
    float px = a->x[tid], py = a->y[tid], pz = a->z[tid];
    uint32_t cx = cell_of(px, cells, a->side), cy = cell_of(py, cells, a->side),
             cz = cell_of(pz, cells, a->side);
    uint32_t z0 = cz ? cz - 1u : 0u, z1 = cz + 1u < cells ? cz + 1u : cells - 1u;
    uint32_t y0 = cy ? cy - 1u : 0u, y1 = cy + 1u < cells ? cy + 1u : cells - 1u;
    uint32_t x0 = cx ? cx - 1u : 0u, x1 = cx + 1u < cells ? cx + 1u : cells - 1u;
    float fx = 0.0f, fy = 0.0f, fz = 0.0f;
    int32_t count = 0;
    for (uint32_t zc = z0; zc <= z1; zc++)
        for (uint32_t yc = y0; yc <= y1; yc++)
            for (uint32_t xc = x0; xc <= x1; xc++) {
                uint32_t c = (zc * cells + yc) * cells + xc;
                uint32_t end = a->start[c + 1u];
                for (uint32_t e = a->start[c]; e < end; e++) {
                    uint32_t j = a->list[e];
                    if (j == tid)
                        continue;
                    float dx = px - a->x[j], dy = py - a->y[j], dz = pz - a->z[j];
                    float r2 = dx * dx + dy * dy + dz * dz;
                    if (r2 < RC * RC) {
                        float sr2 = SIGMA * SIGMA / r2;
                        float sr6 = sr2 * sr2 * sr2;
                        float f = 24.0f * EPSILON * (2.0f * sr6 * sr6 - sr6) / r2;
                        fx = fx + f * dx;
                        fy = fy + f * dy;
                        fz = fz + f * dz;
                        count++;
                    }
                }
            }
    a->force[3u * tid] = fx;
    a->force[3u * tid + 1u] = fy;
    a->force[3u * tid + 2u] = fz;
    a->count[tid] = count;
}
