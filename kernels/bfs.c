/* bfs: level-synchronous breadth-first search over a random directed graph
 * in CSR form (row offsets + column indices), from vertex 0.
 *
 * The papers' BFS (Rodinia's bfs in TBC, DoM and DWS; graph traversal is the
 * standard case of both kinds of divergence). One thread per vertex; a
 * launch expands one level: a thread whose vertex is on the frontier (flag
 * set) walks its edge list and labels every unvisited neighbour with the
 * next level, setting its flag in the next frontier. Between launches
 * simt_next() swaps the two flag arrays and stops when a launch labelled no
 * vertex.
 *   - control divergence: only the frontier's threads work (a few per warp),
 *     and their loops run for their vertex's degree, which is skewed (most
 *     vertices have 1-4 edges, one in 16 has 16-63);
 *   - memory divergence: the neighbours' level words are gathered from all
 *     over the graph (half the edges go to a random vertex, half to a vertex
 *     within 64 of the source, so some lines hit and some miss).
 * Several threads may label one vertex in the same launch; they all write
 * the same level and flag, and a thread takes a vertex labelled in this very
 * launch as unvisited (it writes the same values again), so neither the
 * result nor any thread's instructions depend on the threads' order.
 *
 * Inputs: V vertices, out-degrees as above (about 4.7 on average):
 *   small V = 2048, default V = 32768, large V = 262144.
 * Launch: V threads, no barrier, one launch per level (about 8-12).
 * Output: level (int32 per vertex; -1 for a vertex vertex 0 cannot reach). */
#include "simt.h"

typedef struct {
    uint32_t nv;
    int32_t level_now;       /* the frontier's level */
    const uint32_t *row;     /* nv + 1 edge offsets */
    const uint32_t *col;     /* edge targets */
    int32_t *level;          /* nv: -1 unvisited */
    uint32_t *front, *next;  /* nv flags each: this level's and the next's */
    uint32_t *changed;       /* set when a launch labels a vertex */
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t nv = size == SIMT_SMALL ? 2048u : size == SIMT_DEFAULT ? 32768u : 262144u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    uint32_t *row = simt_alloc((nv + 1u) * 4u);
    for (uint32_t v = 0; v < nv; v++) {
        uint32_t deg = (simt_rand(&r) & 15u) == 0 ? 16u + simt_rand_below(&r, 48u)
                                                   : 1u + simt_rand_below(&r, 4u);
        row[v + 1] = row[v] + deg;
    }
    uint32_t ne = row[nv];
    uint32_t *col = simt_alloc(ne * 4u);
    for (uint32_t v = 0; v < nv; v++)
        for (uint32_t e = row[v]; e < row[v + 1]; e++) {
            uint32_t t = simt_rand(&r);
            if (t & 1u)
                col[e] = simt_rand_below(&r, nv);
            else
                col[e] = (v + 1u + ((t >> 1) & 63u)) % nv;
        }
    int32_t *level = simt_alloc(nv * 4u);
    for (uint32_t v = 1; v < nv; v++)
        level[v] = -1;
    a->nv = nv;
    a->level_now = 0;
    a->row = row;
    a->col = col;
    a->level = level;
    a->front = simt_alloc(nv * 4u);
    a->next = simt_alloc(nv * 4u);
    a->changed = simt_alloc(4u);
    a->front[0] = 1u;
    l->threads = nv;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, level, nv * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    if (tid >= a->nv || !a->front[tid])
        return;
    a->front[tid] = 0; /* the flags of this level become the next level's, cleared */
    int32_t lv = a->level_now + 1;
    uint32_t end = a->row[tid + 1];
    for (uint32_t e = a->row[tid]; e < end; e++) {
        uint32_t v = a->col[e];
        /* unvisited before this launch: -1, or lv from this very launch
         * (one unsigned compare: the same instructions either way) */
        if ((uint32_t)a->level[v] >= (uint32_t)lv) {
            a->level[v] = lv;
            a->next[v] = 1u;
            *a->changed = 1u;
        }
    }
}

int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    (void)launch;
    if (!*a->changed)
        return 0;
    *a->changed = 0;
    uint32_t *t = a->front;
    a->front = a->next;
    a->next = t;
    a->level_now++;
    return 1;
}
