/* Control-flow analysis of one function: cfg.h says what it computes, this
 * file how -- basic blocks, the infinite-loop rule through strongly connected
 * components, and the immediate post-dominators as the dominators of the
 * reverse graph. */
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

struct cfg {
    uint32_t entry;
    size_t num_insns;
    uint32_t *block_of; /* instruction i -> its block */
    size_t num_blocks;
    cfg_block_t *blocks;
    uint32_t *lpc; /* per block ending in a BRANCH: its likely-convergence PC */
};

static bool has_target(cfg_kind_t k)
{
    return k == CFG_BRANCH || k == CFG_JUMP;
}

static bool falls_through(cfg_kind_t k)
{
    return k == CFG_SEQ || k == CFG_BRANCH || k == CFG_CALL;
}

/* The instruction after it is a leader. */
static bool ends_block(cfg_kind_t k)
{
    return k == CFG_BRANCH || k == CFG_JUMP || k == CFG_RET || k == CFG_STOP;
}

static bool leaves(cfg_kind_t k)
{
    return k == CFG_RET || k == CFG_STOP;
}

/* A block with an edge to the virtual exit: a real one or a virtual one. */
static bool exits(const cfg_block_t *b)
{
    return leaves(b->last) || b->virtual_exit;
}

/* CFG_OK, or the first instruction's error with its PC in *bad. */
static cfg_status_t check(const cfg_insn_t *insns, size_t n, uint32_t *bad)
{
    if (n == 0 || insns == NULL)
        return CFG_EEMPTY;
    const uint64_t entry = insns[0].pc, end = entry + 4 * (uint64_t)n;
    for (size_t i = 0; i < n; i++) {
        const cfg_insn_t *in = &insns[i];
        *bad = in->pc;
        if (in->pc != entry + 4 * (uint64_t)i || in->pc % 4 != 0)
            return CFG_EPC;
        switch (in->kind) {
        case CFG_SEQ:
        case CFG_BRANCH:
        case CFG_JUMP:
        case CFG_CALL:
        case CFG_RET:
        case CFG_STOP:
            break;
        case CFG_INDIRECT:
            return CFG_EINDIRECT;
        default:
            return CFG_EKIND;
        }
        if (has_target(in->kind) &&
            (in->target < entry || in->target >= end || in->target % 4 != 0))
            return CFG_ETARGET;
        if (i == n - 1 && falls_through(in->kind))
            return CFG_EFALLOFF;
    }
    return CFG_OK;
}

static void add_succ(cfg_block_t *b, uint32_t s)
{
    if (b->num_succ == 0 || b->succ[0] != s)
        b->succ[b->num_succ++] = s;
}

/* The leaders, block_of and the blocks with their successors. */
static bool make_blocks(cfg_t *g, const cfg_insn_t *insns)
{
    const size_t n = g->num_insns;
    uint32_t *of = g->block_of; /* first 1 at the leaders, then block numbers */
    of[0] = 1;
    for (size_t i = 0; i < n; i++) {
        if (has_target(insns[i].kind))
            of[(insns[i].target - g->entry) / 4] = 1;
        if (i + 1 < n && ends_block(insns[i].kind))
            of[i + 1] = 1;
    }
    uint32_t nb = 0;
    for (size_t i = 0; i < n; i++) {
        nb += of[i];
        of[i] = nb - 1;
    }
    g->blocks = calloc(nb, sizeof *g->blocks);
    if (g->blocks == NULL)
        return false;
    g->num_blocks = nb;
    for (size_t i = 0; i < n; i++) {
        cfg_block_t *b = &g->blocks[of[i]];
        if (i == 0 || of[i - 1] != of[i])
            b->first_pc = insns[i].pc;
        b->end_pc = insns[i].pc + 4;
        b->last = insns[i].kind;
        b->ipdom = CFG_EXIT;
        if (i + 1 < n && of[i + 1] == of[i])
            continue; /* not its last instruction */
        if (has_target(insns[i].kind))
            add_succ(b, of[(insns[i].target - g->entry) / 4]);
        if (falls_through(insns[i].kind))
            add_succ(b, of[i + 1]); /* check(): i + 1 < n */
    }
    return true;
}

/* Scratch of the analysis. Nodes: the blocks 0..nb-1 and the exit, nb. */
typedef struct {
    uint32_t nb;
    uint32_t *pred_first; /* block v's predecessors: pred[pred_first[v]..pred_first[v+1]) */
    uint32_t *pred;
    uint32_t *queue;                   /* breadth-first search */
    uint32_t *frame_node, *frame_next; /* depth-first search: node, next child */
    uint32_t *num, *low, *stack;       /* Tarjan */
    uint32_t *po, *order, num_ordered; /* postorder of the reverse graph */
    uint32_t *idom;
    uint8_t *flags;
    void *mem;
} work_t;

enum { REACHES = 1, ON_STACK = 2, VISITED = 4 };

#define UNDEF UINT32_MAX /* no node (yet) */

static bool work_new(work_t *w, const cfg_t *g)
{
    const size_t nb = g->num_blocks, nodes = nb + 1;
    if (nb > SIZE_MAX / 64)
        return false;
    /* pred_first nodes + 1, pred 2nb, then nine arrays of nodes */
    uint32_t *m = calloc(nodes + 1 + 2 * nb + 9 * nodes, sizeof *m);
    uint8_t *f = calloc(nodes, 1);
    if (m == NULL || f == NULL) {
        free(m);
        free(f);
        return false;
    }
    uint32_t **arrays[] = {&w->queue, &w->frame_node, &w->frame_next, &w->num, &w->low,
                           &w->stack, &w->po, &w->order, &w->idom};
    *w = (work_t){.nb = (uint32_t)nb, .pred_first = m, .pred = m + nodes + 1, .flags = f,
                  .mem = m};
    m += nodes + 1 + 2 * nb;
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++, m += nodes)
        *arrays[i] = m;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t k = 0; k < g->blocks[b].num_succ; k++)
            w->pred_first[g->blocks[b].succ[k] + 1]++;
    for (uint32_t v = 0; v < nb; v++)
        w->pred_first[v + 1] += w->pred_first[v];
    uint32_t *next = w->queue; /* where each block's next predecessor goes */
    for (uint32_t v = 0; v < nb; v++)
        next[v] = w->pred_first[v];
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t k = 0; k < g->blocks[b].num_succ; k++)
            w->pred[next[g->blocks[b].succ[k]]++] = b;
    return true;
}

static void work_free(work_t *w)
{
    free(w->mem);
    free(w->flags);
}

/* Marks v and every block with a path to v as reaching the exit. */
static void mark_reaching(work_t *w, uint32_t v)
{
    if (w->flags[v] & REACHES)
        return;
    uint32_t head = 0, tail = 0;
    w->flags[v] |= REACHES;
    w->queue[tail++] = v;
    while (head < tail) {
        const uint32_t u = w->queue[head++];
        for (uint32_t k = w->pred_first[u]; k < w->pred_first[u + 1]; k++) {
            const uint32_t p = w->pred[k];
            if (!(w->flags[p] & REACHES)) {
                w->flags[p] |= REACHES;
                w->queue[tail++] = p;
            }
        }
    }
}

/* A strongly connected component is complete: stack[first..top), its header
 * (the block the search met first) at stack[first]. If it cannot reach the
 * exit, every component it leads to can (they were completed before it), so
 * nothing leaves it: it is an infinite loop, and its latch gets the edge. */
static void close_component(cfg_block_t *blocks, work_t *w, uint32_t first, uint32_t top)
{
    const uint32_t header = w->stack[first];
    uint32_t latch = UNDEF;
    for (uint32_t i = first; i < top; i++) {
        const uint32_t u = w->stack[i];
        w->flags[u] &= (uint8_t)~ON_STACK;
        for (uint32_t k = 0; k < blocks[u].num_succ; k++)
            if (blocks[u].succ[k] == header && (latch == UNDEF || u > latch))
                latch = u; /* blocks are in PC order */
    }
    /* latch is UNDEF only for a block without a loop, which reaches the exit
     * through the components after it */
    if (!(w->flags[header] & REACHES) && latch != UNDEF) {
        blocks[latch].virtual_exit = true;
        mark_reaching(w, latch);
    }
}

static void push_frame(work_t *w, uint32_t *fp, uint32_t v)
{
    w->frame_node[*fp] = v;
    w->frame_next[*fp] = 0;
    (*fp)++;
}

/* The infinite-loop rule of cfg.h. Tarjan's strongly connected components
 * (R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
 * Computing 1(2), 1972), iteratively: a component is complete only after
 * every component it leads to, so the loops that nothing leaves get their
 * edges first and the blocks in front of them then reach the exit. */
static void connect_infinite_loops(cfg_block_t *blocks, work_t *w)
{
    for (uint32_t b = 0; b < w->nb; b++)
        if (leaves(blocks[b].last))
            mark_reaching(w, b);
    uint32_t count = 0, sp = 0;
    for (uint32_t root = 0; root < w->nb; root++) {
        if (w->num[root] != 0)
            continue;
        uint32_t fp = 0;
        for (uint32_t v = root;;) {
            if (v != UNDEF) { /* met v: number it and go down */
                w->num[v] = w->low[v] = ++count;
                w->stack[sp++] = v;
                w->flags[v] |= ON_STACK;
                push_frame(w, &fp, v);
            }
            const uint32_t u = w->frame_node[fp - 1];
            v = UNDEF;
            if (w->frame_next[fp - 1] < blocks[u].num_succ) {
                const uint32_t s = blocks[u].succ[w->frame_next[fp - 1]++];
                if (w->num[s] == 0)
                    v = s;
                else if ((w->flags[s] & ON_STACK) && w->num[s] < w->low[u])
                    w->low[u] = w->num[s];
                continue;
            }
            if (w->low[u] == w->num[u]) {
                uint32_t first = sp;
                while (w->stack[--first] != u) {
                }
                close_component(blocks, w, first, sp);
                sp = first;
            }
            if (--fp == 0)
                break;
            const uint32_t parent = w->frame_node[fp - 1];
            if (w->low[u] < w->low[parent])
                w->low[parent] = w->low[u];
        }
    }
}

/* The next child of x in the reverse graph (the exit's: the blocks with an
 * edge to it; a block's: its predecessors); false after the last. */
static bool next_rev_child(const cfg_block_t *blocks, work_t *w, uint32_t fp, uint32_t *child)
{
    const uint32_t x = w->frame_node[fp], k = w->frame_next[fp];
    if (x == w->nb) {
        for (uint32_t b = k; b < w->nb; b++)
            if (exits(&blocks[b])) {
                w->frame_next[fp] = b + 1;
                *child = b;
                return true;
            }
        return false;
    }
    if (w->pred_first[x] + k >= w->pred_first[x + 1])
        return false;
    w->frame_next[fp] = k + 1;
    *child = w->pred[w->pred_first[x] + k];
    return true;
}

/* Numbers the nodes in postorder of a depth-first search of the reverse
 * graph from the exit. */
static void reverse_postorder(const cfg_block_t *blocks, work_t *w)
{
    uint32_t fp = 0;
    w->num_ordered = 0;
    w->flags[w->nb] |= VISITED;
    push_frame(w, &fp, w->nb);
    while (fp > 0) {
        uint32_t c;
        if (next_rev_child(blocks, w, fp - 1, &c)) {
            if (!(w->flags[c] & VISITED)) {
                w->flags[c] |= VISITED;
                push_frame(w, &fp, c);
            }
            continue;
        }
        const uint32_t x = w->frame_node[--fp];
        w->po[x] = w->num_ordered;
        w->order[w->num_ordered++] = x;
    }
}

static uint32_t intersect(const work_t *w, uint32_t a, uint32_t b)
{
    while (a != b) {
        while (w->po[a] < w->po[b])
            a = w->idom[a];
        while (w->po[b] < w->po[a])
            b = w->idom[b];
    }
    return a;
}

/* Immediate post-dominators: the immediate dominators of the reverse graph,
 * rooted at the exit, by the iterative algorithm of K. D. Cooper, T. J.
 * Harvey and K. Kennedy, "A Simple, Fast Dominance Algorithm", Software
 * Practice and Experience 4, 2001 (their Figure 3): in reverse postorder,
 * a node's dominator is the common dominator of its processed predecessors
 * in the reverse graph (its successors, and the exit if it has an edge
 * there), until nothing changes. Every block reaches the exit by now. */
static void post_dominators(cfg_block_t *blocks, work_t *w)
{
    const uint32_t exit = w->nb;
    reverse_postorder(blocks, w);
    for (uint32_t x = 0; x < exit; x++)
        w->idom[x] = UNDEF;
    w->idom[exit] = exit;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = w->num_ordered - 1; i-- > 0;) { /* the exit is last */
            const uint32_t b = w->order[i];
            const cfg_block_t *blk = &blocks[b];
            uint32_t d = exits(blk) ? exit : UNDEF;
            for (uint32_t k = 0; k < blk->num_succ; k++) {
                const uint32_t s = blk->succ[k];
                if (w->idom[s] != UNDEF)
                    d = d == UNDEF ? s : intersect(w, s, d);
            }
            if (w->idom[b] != d) {
                w->idom[b] = d;
                changed = true;
            }
        }
    }
    for (uint32_t b = 0; b < exit; b++)
        blocks[b].ipdom = w->idom[b] == exit ? CFG_EXIT : w->idom[b];
}

/* ---------------------------------------------- likely-convergence points */

/* The first PC of node v (a block or the exit). */
static uint32_t node_pc(const cfg_t *g, uint32_t v)
{
    return v == CFG_EXIT ? CFG_EXIT : g->blocks[v].first_pc;
}

/* The closest backward branch or jump around the branch ending block b (the
 * candidate of cfg.h's rule), as a block index; UNDEF if none. */
static uint32_t enclosing_latch(const cfg_t *g, uint32_t b)
{
    uint32_t pc = g->blocks[b].end_pc - 4, best = UINT32_MAX, span = UINT32_MAX;
    for (uint32_t i = 0; i < g->num_blocks; i++) {
        const cfg_block_t *l = &g->blocks[i];
        uint32_t latch = l->end_pc - 4;
        if (l->last != CFG_BRANCH && l->last != CFG_JUMP)
            continue;
        uint32_t target = g->blocks[l->succ[0]].first_pc; /* the target comes first */
        if (target <= pc && pc < latch && latch - target < span)
            best = i, span = latch - target;
    }
    return best;
}

/* Marks in seen[] the blocks reachable from block `from`'s successors
 * without entering block `stop1` or `stop2` (UNDEF, CFG_EXIT: none);
 * returns whether `target` was among them. queue holds num_blocks. */
static bool reach(const cfg_t *g, uint32_t from, uint32_t stop1, uint32_t stop2,
                  uint32_t target, uint8_t *seen, uint32_t *queue)
{
    memset(seen, 0, g->num_blocks);
    uint32_t head = 0, tail = 0;
    const cfg_block_t *f = &g->blocks[from];
    for (uint32_t k = 0; k < f->num_succ; k++)
        if (f->succ[k] != CFG_EXIT && !seen[f->succ[k]])
            seen[f->succ[k]] = 1, queue[tail++] = f->succ[k];
    while (head < tail) { /* each block is queued once */
        uint32_t v = queue[head++];
        if (v == stop1 || v == stop2)
            continue; /* entered, not passed */
        for (uint32_t k = 0; k < g->blocks[v].num_succ; k++) {
            uint32_t x = g->blocks[v].succ[k];
            if (x != CFG_EXIT && !seen[x])
                seen[x] = 1, queue[tail++] = x;
        }
    }
    return target != UNDEF && seen[target];
}

/* The likely-convergence points of every branch: cfg.h's candidate where the
 * stack's merge at it is safe. The merge pops threads into the
 * likely-convergence entry wherever they reach its PC L; a thread that
 * reaches L from inside a region nested in the branch's -- a branch b2
 * whose reconvergence point rpc2 it has not passed yet -- would then also
 * wait in b2's reconvergence entry, on the stack twice. So L stays only if
 * every branch b2 in the branch's region (reached from it before its rpc
 * and L) cannot reach L before rpc2, or rpc2 is L (the stack pops there
 * first), or rpc2 is the branch's own rpc (then the stack makes no
 * reconvergence entry for b2: recon_stack's BRANCH rule 3, "rpc ==
 * T.rpc"). */
static bool likely_points(cfg_t *g)
{
    uint32_t nb = (uint32_t)g->num_blocks;
    g->lpc = malloc(nb * sizeof *g->lpc);
    uint8_t *region = malloc(nb), *seen = malloc(nb);
    uint32_t *queue = malloc(nb * sizeof *queue), *latch = malloc(nb * sizeof *latch);
    bool ok = g->lpc && region && seen && queue && latch;
    for (uint32_t b = 0; ok && b < nb; b++) {
        const cfg_block_t *bl = &g->blocks[b];
        latch[b] = UNDEF;
        if (bl->last != CFG_BRANCH)
            continue;
        uint32_t l = enclosing_latch(g, b), rpc = node_pc(g, bl->ipdom);
        /* none where the paths reconverge inside the loop */
        if (l != UNDEF && !(rpc != CFG_EXIT && rpc >= g->blocks[g->blocks[l].succ[0]].first_pc &&
                            rpc <= g->blocks[l].end_pc - 4))
            latch[b] = l;
    }
    for (uint32_t b = 0; ok && b < nb; b++) {
        if (latch[b] == UNDEF)
            continue;
        uint32_t l = latch[b], r = g->blocks[b].ipdom;
        reach(g, b, r, l, UNDEF, region, queue);
        for (uint32_t b2 = 0; b2 < nb && latch[b] != UNDEF; b2++) {
            const cfg_block_t *x = &g->blocks[b2];
            if (b2 == b || !region[b2] || x->last != CFG_BRANCH || b2 == l)
                continue;
            if (x->ipdom != r && x->ipdom != l && reach(g, b2, x->ipdom, UNDEF, l, seen, queue))
                latch[b] = UNDEF;
        }
    }
    for (uint32_t b = 0; ok && b < nb; b++)
        g->lpc[b] = latch[b] == UNDEF ? CFG_EXIT : g->blocks[latch[b]].end_pc - 4;
    free(region);
    free(seen);
    free(queue);
    free(latch);
    return ok;
}

/* The graph of a checked function, or NULL when memory runs out. */
static cfg_t *analyse(const cfg_insn_t *insns, size_t n)
{
    cfg_t *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    *g = (cfg_t){.entry = insns[0].pc, .num_insns = n};
    g->block_of = calloc(n, sizeof *g->block_of);
    work_t w;
    if (g->block_of == NULL || !make_blocks(g, insns) || !work_new(&w, g)) {
        cfg_free(g);
        return NULL;
    }
    connect_infinite_loops(g->blocks, &w);
    post_dominators(g->blocks, &w);
    work_free(&w);
    if (!likely_points(g)) {
        cfg_free(g);
        return NULL;
    }
    return g;
}

cfg_status_t cfg_analyse(const cfg_insn_t *insns, size_t n, cfg_t **out, cfg_error_t *err)
{
    uint32_t pc = 0;
    cfg_status_t rc = check(insns, n, &pc);
    cfg_t *g = NULL;
    if (rc == CFG_OK) {
        pc = 0;
        g = analyse(insns, n);
        rc = g != NULL ? CFG_OK : CFG_ENOMEM;
    }
    if (out != NULL)
        *out = g;
    if (err != NULL)
        *err = (cfg_error_t){rc, pc};
    return rc;
}

void cfg_free(cfg_t *g)
{
    if (g == NULL)
        return;
    free(g->block_of);
    free(g->blocks);
    free(g->lpc);
    free(g);
}

size_t cfg_num_blocks(const cfg_t *g)
{
    return g->num_blocks;
}

const cfg_block_t *cfg_block(const cfg_t *g, size_t i)
{
    return i < g->num_blocks ? &g->blocks[i] : NULL;
}

bool cfg_block_at(const cfg_t *g, uint32_t pc, size_t *index)
{
    const uint32_t off = pc - g->entry; /* below the entry: beyond the end */
    if (off % 4 != 0 || off / 4 >= g->num_insns)
        return false;
    *index = g->block_of[off / 4];
    return true;
}

bool cfg_reconv_pc(const cfg_t *g, uint32_t branch_pc, uint32_t *rpc)
{
    size_t i;
    if (!cfg_block_at(g, branch_pc, &i))
        return false;
    const cfg_block_t *b = &g->blocks[i];
    if (b->last != CFG_BRANCH || branch_pc != b->end_pc - 4)
        return false;
    *rpc = b->ipdom == CFG_EXIT ? CFG_EXIT : g->blocks[b->ipdom].first_pc;
    return true;
}


bool cfg_likely_pc(const cfg_t *g, uint32_t branch_pc, uint32_t *lpc)
{
    size_t i;
    uint32_t rpc;
    if (!cfg_reconv_pc(g, branch_pc, &rpc) || !cfg_block_at(g, branch_pc, &i))
        return false;
    *lpc = g->lpc[i];
    return true;
}
