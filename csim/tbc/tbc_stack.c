/* Golden cycle model of tbc_stack: Thread Block Compaction's block-wide
 * reconvergence stack.
 *
 * Sources: TBC (HPCA'11) section 3.1 (Fig. 7: one stack per thread block,
 * two target entries pushed at a divergent branch, the taken side on top,
 * pop at the reconvergence PC restoring the static warps), section 3.2
 * (Fig. 8: entries {PC, RPC, WCnt, block-wide activemask}; the compactor can
 * be disabled to keep static warps), section 3.3 (Fig. 9: the masks are
 * populated incrementally as warps arrive in any order, WCnt counts the
 * pending warps and, on becoming TOS, is set to the largest per-lane thread
 * count; both targets are pushed even for a uniform warp, an empty one is
 * popped when it becomes TOS) and section 4 (Fig. 10: likely-convergence
 * entry, LPC/LPos, merge into the LPos entry at PC == LPC). A branch whose
 * reconvergence point is T's own (a loop's back edge) puts its entries in
 * T's place, as the per-warp stack does (section 3.1: the block-wide stack
 * pushes and pops at the same points as the per-warp one).
 *
 * Behaviour, timing and error codes follow docs/blocks/tbc_stack.md; the
 * model is written as plain software from the paper and that page, not from
 * the RTL. Every check that can reject a request is made before any state
 * is written, so a rejected request leaves the stack untouched.
 *
 * Cost per step: O(W) for an arriving warp, one 16-word mask operation per
 * push or merge, and an O(popcount) warp count on a settling step that
 * raises a compaction request. No allocation after create. */
#include "tbc_stack.h"

#include <stdlib.h>
#include <string.h>

#include "thread_compactor.h"
#include "clog2.h"

/* An entry is what tbc_stack_entry() shows of it. */
typedef tbc_stack_entry_t tbc_entry_t;

struct tbc_stack {
    tbc_stack_params_t p;
    thread_compactor_params_t cp; /* the same B and W, for the warp count */
    uint64_t pc_none;             /* all PcWidth bits set; also the PC port mask */
    uint64_t lane_mask;           /* W low bits set */
    unsigned sw_mask;             /* SwWidth low bits set */
    unsigned num_sw;              /* S = B / W */

    tbc_entry_t ent[TBC_DEPTH_MAX];
    unsigned sp;       /* entries on the stack */
    unsigned tos;      /* entry being executed (0 when empty) */
    bool replaced;     /* a pending branch's entries stand in T's place */
    tbc_entry_t held;  /* T, while replaced */
    bool static_mode;  /* compaction disabled for this block */
    bool settling;     /* entry tos is becoming TOS this cycle */
    bitmask_t arrived; /* threads that arrived since tos was last settled */

    bool cmp_valid; /* the compaction request register */
    bitmask_t cmp_mask;
    bool cmp_static;
    uint64_t cmp_pc;

    bool rsp_valid; /* registered outcome of the previous cycle's request */
    unsigned rsp_err;
    unsigned err_sticky;
};

static int init(tbc_stack_t *m, const tbc_stack_params_t *p)
{
    m->cp.block_threads = p->block_threads;
    m->cp.warp_width = p->warp_width;
    m->pc_none = bm_low_bits(p->pc_width);
    m->lane_mask = bm_low_bits(p->warp_width);
    m->num_sw = p->block_threads / p->warp_width;
    m->sw_mask = index_mask(m->num_sw);
    return TBC_OK;
}

MODEL_DEFINE_CREATE(tbc_stack, init)

void tbc_stack_destroy(tbc_stack_t *m)
{
    free(m);
}

void tbc_stack_reset(tbc_stack_t *m)
{
    memset(m->ent, 0, sizeof m->ent);
    m->sp = 0;
    m->tos = 0;
    m->replaced = false;
    memset(&m->held, 0, sizeof m->held);
    m->static_mode = false;
    m->settling = false;
    bm_clear(&m->arrived);
    m->cmp_valid = false;
    bm_clear(&m->cmp_mask);
    m->cmp_static = false;
    m->cmp_pc = 0;
    m->rsp_valid = false;
    m->rsp_err = TBC_ERR_NONE;
    m->err_sticky = 0;
}

/* Entry T: entry tos, or T held aside while its branch's entries stand in
 * its place. */
static tbc_entry_t *top_entry(tbc_stack_t *m)
{
    return m->replaced ? &m->held : &m->ent[m->tos];
}

static const tbc_entry_t *top_entry_c(const tbc_stack_t *m)
{
    return m->replaced ? &m->held : &m->ent[m->tos];
}

void tbc_stack_peek(const tbc_stack_t *m, tbc_stack_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->req_ready = !m->settling;
    if (m->cmp_valid) {
        out->cmp_valid = true;
        out->cmp_mask = m->cmp_mask;
        out->cmp_static = m->cmp_static;
        out->cmp_pc = m->cmp_pc;
    }
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->err_sticky = m->err_sticky;
    if (m->sp > 0) {
        const tbc_entry_t *t = top_entry_c(m);
        out->tos_valid = true;
        out->tos_pc = t->pc;
        out->tos_rpc = t->rpc;
        out->tos_lpc = t->lpc;
        out->tos_wcnt = t->wcnt;
        out->tos_mask = t->mask;
        out->tos_lpos = t->lpos;
        out->tos_idx = m->tos;
    }
    out->depth = m->sp;
}

/* ------------------------------------------------------------------ */
/* the arriving warp                                                    */

/* A request's warp after truncation to the port widths: only valid lanes
 * count; lane l of static warp s is thread s*W + l. */
typedef struct {
    uint64_t valid, taken;
    uint16_t sw[TBC_WARP_WIDTH_MAX];
} warp_t;

static void warp_from_in(const tbc_stack_t *m, const tbc_stack_in_t *in, warp_t *w)
{
    w->valid = in->req_lane_valid & m->lane_mask;
    w->taken = in->req_taken & w->valid;
    for (unsigned l = 0; l < m->p.warp_width; l++)
        w->sw[l] = (uint16_t)(w->valid >> l & 1u ? in->req_lane_sw[l] & m->sw_mask : 0u);
}

static unsigned thread_of(const tbc_stack_t *m, const warp_t *w, unsigned lane)
{
    return w->sw[lane] * m->p.warp_width + lane;
}

static bool warp_ok(const tbc_stack_t *m, const warp_t *w)
{
    if (w->valid == 0)
        return false;
    for (unsigned l = 0; l < m->p.warp_width; l++)
        if ((w->valid >> l & 1u) && w->sw[l] >= m->num_sw)
            return false;
    return true;
}

/* The NOT_PENDING conditions shared by BRANCH and ARRIVE (TBC 3.3: WCnt
 * tracks the warps still to arrive at T, each thread arrives once): every
 * thread of the warp belongs to T and has not arrived since T was settled,
 * and T still waits for a warp. */
static bool warp_pending(const tbc_stack_t *m, const warp_t *w)
{
    const tbc_entry_t *t = top_entry_c(m);
    if (t->wcnt == 0)
        return false;
    for (unsigned l = 0; l < m->p.warp_width; l++) {
        if (!(w->valid >> l & 1u))
            continue;
        unsigned th = thread_of(m, w, l);
        if (!bm_get(&t->mask, th) || bm_get(&m->arrived, th))
            return false;
    }
    return true;
}

static void mark_arrived(tbc_stack_t *m, const warp_t *w)
{
    for (unsigned l = 0; l < m->p.warp_width; l++)
        if (w->valid >> l & 1u)
            bm_set(&m->arrived, thread_of(m, w, l), true);
}

/* ------------------------------------------------------------------ */
/* requests                                                             */

static void push(tbc_stack_t *m, uint64_t pc, uint64_t rpc, uint64_t lpc, unsigned lpos)
{
    tbc_entry_t *e = &m->ent[m->sp++];
    e->pc = pc;
    e->rpc = rpc;
    e->lpc = lpc;
    e->lpos = lpos;
    e->wcnt = 0; /* set when the entry is settled */
    bm_clear(&e->mask);
}

/* BRANCH(tpc, fpc, rpc, lpc) by warp w on a non-empty stack, PCs and warp
 * already checked. Returns the error code; nothing is written on error. */
static unsigned branch(tbc_stack_t *m, const warp_t *w, uint64_t tpc, uint64_t fpc, uint64_t rpc,
                       uint64_t lpc, tbc_stack_events_t *e)
{
    if (!warp_pending(m, w))
        return TBC_ERR_NOT_PENDING;

    bool first = m->sp == m->tos + 1u;
    bool new_lcp = false, replace = false;
    tbc_entry_t *t = top_entry(m);
    if (!first) {
        /* warps after the first must arrive at the same branch (Fig. 9) */
        const tbc_entry_t *top = &m->ent[m->sp - 1u];
        const tbc_entry_t *below = &m->ent[m->sp - 2u];
        if (tpc != top->pc || fpc != below->pc || rpc != top->rpc)
            return TBC_ERR_MISMATCH;
    } else {
        new_lcp = m->p.lcp_enable && lpc != m->pc_none && lpc != rpc;
        /* T already waits where the branch reconverges (a loop's back
         * edge, or a branch that ends T's region): the entry below T holds
         * every thread at rpc, so T need not become a reconvergence entry;
         * the new entries take its place (recon_stack's and GPGPU-Sim's
         * rule; without it each iteration of a loop would leave two dead
         * entries on the stack) */
        replace = rpc == t->rpc;
        if ((replace ? m->tos : m->sp) + 2u + (new_lcp ? 1u : 0u) > m->p.depth)
            return TBC_ERR_OVERFLOW;
    }

    if (first) {
        if (replace) {
            /* T's fields stay visible (tos_*) until its last warp arrives */
            m->held = *t;
            m->replaced = true;
            m->sp = m->tos;
            t = &m->held;
            e->loop_replace = true;
        }
        /* Both targets, even if this warp is uniform (TBC 3.3); the
         * not-taken one first so the taken one is on top and runs first
         * (Fig. 7: C, the taken side, executes before B). */
        uint64_t tgt_lpc = t->lpc;
        unsigned tgt_lpos = t->lpos;
        if (new_lcp) {
            /* TBC 4 / Fig. 10 step 2: the likely-convergence entry sits
             * under the targets and inherits T's own LPC/LPos */
            tgt_lpc = lpc;
            tgt_lpos = m->sp;
            push(m, lpc, rpc, t->lpc, t->lpos);
        }
        push(m, fpc, rpc, tgt_lpc, tgt_lpos);
        push(m, tpc, rpc, tgt_lpc, tgt_lpos);
        t->pc = rpc; /* T now waits at the reconvergence point (or is gone) */
        e->first_arrival = true;
        e->lcp_push = new_lcp;
    }

    /* Fig. 9 steps 3-10: each thread sets its bit in the entry of its
     * outcome; the two targets are the top two entries */
    bitmask_t *tmask = &m->ent[m->sp - 1u].mask;
    bitmask_t *fmask = &m->ent[m->sp - 2u].mask;
    for (unsigned l = 0; l < m->p.warp_width; l++)
        if (w->valid >> l & 1u)
            bm_set(w->taken >> l & 1u ? tmask : fmask, thread_of(m, w, l), true);
    mark_arrived(m, w);

    /* Fig. 9 step 11: the last warp moves TOS to the taken target. The
     * not-taken target below it holds no work if no thread took it or it
     * starts at rpc (its threads wait there already, in the entry that
     * reconverges them): it is dropped and the taken target takes its
     * place. (An empty taken target is popped as it becomes TOS.) So a
     * loop's exit and a uniform branch leave nothing behind. */
    if (--t->wcnt == 0) {
        e->wcnt_zero = true;
        tbc_entry_t *nt = &m->ent[m->sp - 2u];
        if (bm_is_zero(&nt->mask) || nt->pc == nt->rpc) {
            *nt = m->ent[m->sp - 1u];
            m->sp--;
            e->drop_not_taken = true;
        }
        m->tos = m->sp - 1u;
        m->replaced = false;
        m->settling = true;
    }
    return TBC_ERR_NONE;
}

/* ARRIVE(npc) by warp w on a non-empty stack. */
static unsigned arrive(tbc_stack_t *m, const warp_t *w, uint64_t npc, tbc_stack_events_t *e)
{
    tbc_entry_t *t = top_entry(m);
    bool at_rpc = npc == t->rpc;
    bool at_lpc = !at_rpc && m->p.lcp_enable && npc == t->lpc;
    /* a pending branch: T's warps are expected at that branch instead */
    if (m->sp != m->tos + 1u || !(at_rpc || at_lpc) || !warp_pending(m, w))
        return TBC_ERR_NOT_PENDING;

    if (at_lpc) {
        /* TBC 4: the threads wait in the likely-convergence entry; LPos
         * always names an entry below T */
        tbc_entry_t *l = &m->ent[t->lpos];
        for (unsigned i = 0; i < m->p.warp_width; i++)
            if (w->valid >> i & 1u)
                bm_set(&l->mask, thread_of(m, w, i), true);
        e->lpc_arrive = true;
    }
    /* at rpc the threads are already in the entry below (TBC 3.1: the
     * reconvergence entry keeps the full mask), nothing to record */
    mark_arrived(m, w);

    if (--t->wcnt == 0) {
        /* TBC 3.3: WCnt reaches zero, the entry is popped */
        e->wcnt_zero = true;
        m->sp = m->tos;
        if (m->tos == 0) {
            /* the bottom entry: the block has finished; the stack is empty
             * (sp = tos = 0) and nothing settles (a request is only taken
             * when not settling) */
            e->block_done = true;
        } else {
            m->tos--;
            m->settling = true;
        }
    }
    return TBC_ERR_NONE;
}

/* Apply one accepted request at the clock edge; fills e (already zeroed). */
static void apply(tbc_stack_t *m, const tbc_stack_in_t *in, tbc_stack_events_t *e)
{
    /* truncate every input to its port width, as the wires would */
    unsigned op = in->req_op & TBC_REQ_OP_MASK;
    uint64_t pc = in->req_pc & m->pc_none;
    uint64_t alt_pc = in->req_alt_pc & m->pc_none;
    uint64_t rpc = in->req_rpc & m->pc_none;
    uint64_t lpc = in->req_lpc & m->pc_none;

    e->accepted = true;
    e->op = op;
    if (op == TBC_OP_RESERVED) {
        e->err = TBC_ERR_BAD_OP;
    } else if (op == TBC_OP_INIT) {
        bitmask_t mask = in->req_mask;
        bm_trim(&mask, m->p.block_threads);
        if (pc == m->pc_none) {
            e->err = TBC_ERR_BAD_PC;
        } else if (bm_is_zero(&mask)) {
            e->err = TBC_ERR_BAD_MASK;
        } else {
            /* whatever the stack held before is dropped */
            m->sp = 0;
            m->tos = 0;
            m->replaced = false;
            push(m, pc, rpc, m->pc_none, 0);
            m->ent[0].mask = mask;
            m->static_mode = in->req_static;
            bm_clear(&m->arrived);
            m->settling = true;
            /* the old block's mask must not reach the compactor any more */
            m->cmp_valid = false;
        }
    } else {
        warp_t w;
        warp_from_in(m, in, &w);
        bool pc_bad = op == TBC_OP_BRANCH
                          ? pc == m->pc_none || alt_pc == m->pc_none || rpc == m->pc_none
                          : pc == m->pc_none;
        if (!warp_ok(m, &w))
            e->err = TBC_ERR_BAD_WARP;
        else if (pc_bad)
            e->err = TBC_ERR_BAD_PC;
        else if (m->sp == 0)
            e->err = TBC_ERR_EMPTY;
        else if (op == TBC_OP_BRANCH)
            e->err = branch(m, &w, pc, alt_pc, rpc, lpc, e);
        else
            e->err = arrive(m, &w, pc, e);
    }

    if (e->err != TBC_ERR_NONE) {
        /* a rejected request reports only its op and code */
        unsigned err = e->err;
        memset(e, 0, sizeof *e);
        e->accepted = true;
        e->op = op;
        e->err = err;
    }
}

/* One settling step on entry tos (the "becoming TOS" rule). */
static void settle(tbc_stack_t *m, tbc_stack_events_t *e)
{
    tbc_entry_t *s = &m->ent[m->tos];
    bool empty = bm_is_zero(&s->mask);
    if (empty || s->pc == s->rpc || (m->p.lcp_enable && s->pc == s->lpc)) {
        if (empty) {
            /* TBC 3.3: a target no thread took is popped at once */
            e->settle_pop_empty = true;
        } else if (s->pc == s->rpc) {
            /* all its threads are at its reconvergence point already */
            e->settle_pop_done = true;
        } else {
            /* TBC 4 / Fig. 10 step 5: merge into the LPos entry */
            bm_or(&m->ent[s->lpos].mask, &m->ent[s->lpos].mask, &s->mask);
            e->settle_merge = true;
        }
        m->sp = m->tos;
        if (m->tos == 0) {
            m->settling = false;
            e->block_done = true;
        } else {
            m->tos--;
        }
        return;
    }
    /* Fig. 9 step 12: WCnt := the number of warps the compactor will make
     * (the largest per-lane count, or the static warps in static mode) and
     * the mask goes to the compactor */
    s->wcnt = thread_compactor_warp_count(&m->cp, &s->mask, m->static_mode);
    m->cmp_valid = true;
    m->cmp_mask = s->mask;
    m->cmp_static = m->static_mode;
    m->cmp_pc = s->pc;
    bm_clear(&m->arrived);
    m->settling = false;
    e->settled = true;
}

void tbc_stack_step(tbc_stack_t *m, const tbc_stack_in_t *in, tbc_stack_out_t *out,
                    tbc_stack_events_t *ev)
{
    /* outputs during the cycle: all from the state before the edge */
    bool ready = !m->settling;
    bool cmp_valid = m->cmp_valid;
    if (out)
        tbc_stack_peek(m, out);

    /* the rising edge */
    tbc_stack_events_t e;
    memset(&e, 0, sizeof e);
    if (cmp_valid && in->cmp_ready) {
        m->cmp_valid = false;
        bm_clear(&m->cmp_mask);
        m->cmp_static = false;
        m->cmp_pc = 0;
        e.cmp_taken = true;
    }
    bool req = ready && in->req_valid; /* a request is taken only when ready */
    if (!ready)
        settle(m, &e);
    else if (req)
        apply(m, in, &e);
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, req, e.err, TBC_ERR_NONE);
    e.depth_after = m->sp;
    if (ev)
        *ev = e;
}

const tbc_stack_params_t *tbc_stack_params(const tbc_stack_t *m)
{
    return &m->p;
}

unsigned tbc_stack_depth(const tbc_stack_t *m)
{
    return m->sp;
}

unsigned tbc_stack_tos(const tbc_stack_t *m)
{
    return m->tos;
}

bool tbc_stack_settling(const tbc_stack_t *m)
{
    return m->settling;
}

bool tbc_stack_entry(const tbc_stack_t *m, unsigned level, tbc_stack_entry_t *e)
{
    if (level >= m->sp)
        return false;
    if (e)
        *e = m->ent[level];
    return true;
}

bool tbc_stack_top(const tbc_stack_t *m, tbc_stack_entry_t *e)
{
    if (m->sp == 0)
        return false;
    *e = *top_entry_c(m);
    return true;
}

uint64_t tbc_stack_pc_none(const tbc_stack_t *m)
{
    return m->pc_none;
}
