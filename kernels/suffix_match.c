/* suffix_match: longest exact matches of short DNA reads against a
 * reference, by walking a depth-limited suffix trie (MUMmer-like).
 *
 * The papers' MUMmer (MUMmerGPU in TBC and DWS: reads matched against a
 * suffix tree of the reference). simt_setup() builds the trie of every
 * substring of the reference of at most D = 20 characters (each node: four
 * child indices and the first reference position that reaches it). A
 * thread takes one read and, for each start position in it, walks the trie
 * down the read's characters until a character has no child, the read ends
 * or the depth limit is reached; it keeps the longest walk (maximal-match
 * length, reference position, read offset). It stops trying start positions
 * once the rest of the read is shorter than its best match so far.
 *   - control divergence: the walks' lengths depend on the data (a random
 *     read matches ~6 characters, a read copied from the reference with a
 *     substitution every ~10 characters matches up to 20), the reads'
 *     lengths differ (24-55), and the early stop comes at different start
 *     positions;
 *   - memory divergence: every step is a dependent load (pointer chasing)
 *     of a node anywhere in a trie of megabytes; only the top levels stay
 *     in the cache.
 *
 * Inputs: a reference of R characters (0-3, uniform); Q reads, three in four
 * copied from a random place of the reference with a random substitution
 * with probability 1/10 per character, the rest random:
 *   small R = 4096, Q = 256; default R = 65536, Q = 4096;
 *   large R = 262144, Q = 40960.
 * Launch: Q threads, no barrier, one launch.
 * Output: match (int32 x 3 per read: length, reference position of the
 * match, offset in the read; -1 position for a read with no match). */
#include "simt.h"

#define DEPTH 20u
#define MIN_LEN 24u
#define LEN_SPAN 32u /* lengths MIN_LEN .. MIN_LEN + LEN_SPAN - 1 */

typedef struct {
    uint32_t nq;
    const int32_t *child;   /* 4 per node; 0: none (node 0 is the root) */
    const int32_t *first;   /* per node: the first reference position */
    const uint8_t *reads;   /* the reads' characters, one after the other */
    const uint32_t *start;  /* nq + 1 offsets into reads */
    int32_t *match;         /* 3 per read */
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t nr = size == SIMT_SMALL ? 4096u : size == SIMT_DEFAULT ? 65536u : 262144u;
    uint32_t nq = size == SIMT_SMALL ? 256u : size == SIMT_DEFAULT ? 4096u : 40960u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);

    uint8_t *ref = simt_alloc(nr);
    for (uint32_t i = 0; i < nr; i++)
        ref[i] = (uint8_t)(simt_rand(&r) >> 30);

    /* the trie: at most one new node per character of each suffix */
    uint32_t cap = 1u + nr * DEPTH;
    int32_t *child = simt_alloc(cap * 16u);
    int32_t *first = simt_alloc(cap * 4u);
    int32_t nodes = 1;
    for (uint32_t i = 0; i < nr; i++) {
        int32_t node = 0;
        for (uint32_t d = 0; d < DEPTH && i + d < nr; d++) {
            int32_t *slot = &child[node * 4 + ref[i + d]];
            if (!*slot) {
                *slot = nodes;
                first[nodes] = (int32_t)i;
                nodes++;
            }
            node = *slot;
        }
    }

    uint32_t *start = simt_alloc((nq + 1u) * 4u);
    for (uint32_t q = 0; q < nq; q++)
        start[q + 1] = start[q] + MIN_LEN + simt_rand_below(&r, LEN_SPAN);
    uint8_t *reads = simt_alloc(start[nq]);
    for (uint32_t q = 0; q < nq; q++) {
        uint32_t len = start[q + 1] - start[q];
        int copied = (simt_rand(&r) & 3u) != 0;
        uint32_t at = simt_rand_below(&r, nr - len);
        for (uint32_t k = 0; k < len; k++) {
            uint32_t c;
            if (copied && simt_rand_below(&r, 10u) != 0)
                c = ref[at + k];
            else
                c = simt_rand(&r) >> 30;
            reads[start[q] + k] = (uint8_t)c;
        }
    }

    a->nq = nq;
    a->child = child;
    a->first = first;
    a->reads = reads;
    a->start = start;
    a->match = simt_alloc(nq * 12u);
    l->threads = nq;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, a->match, nq * 12u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    if (tid >= a->nq)
        return;
    const uint8_t *read = a->reads + a->start[tid];
    uint32_t len = a->start[tid + 1] - a->start[tid];
    uint32_t best = 0, best_off = 0;
    int32_t best_pos = -1;
    for (uint32_t s = 0; s < len; s++) {
        if (len - s <= best)
            break; /* no longer match can start here */
        int32_t node = 0;
        uint32_t d = 0;
        while (s + d < len && d < DEPTH) {
            int32_t next = a->child[node * 4 + read[s + d]];
            if (!next)
                break;
            node = next;
            d++;
        }
        if (d > best) {
            best = d;
            best_pos = a->first[node];
            best_off = s;
        }
    }
    a->match[tid * 3u] = (int32_t)best;
    a->match[tid * 3u + 1u] = best_pos;
    a->match[tid * 3u + 2u] = (int32_t)best_off;
}
