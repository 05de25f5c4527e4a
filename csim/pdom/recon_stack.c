/* Golden cycle model of recon_stack: N per-warp PDOM reconvergence stacks
 * with likely-convergence points.
 *
 * Sources: DoM paper section 3.1 (branch divergence stack: TOS becomes the
 * reconvergence entry, not-taken then taken side pushed, pop at the
 * reconvergence PC, loop branches modify the mask in place), TBC paper
 * section 2.2.2 (PDOM stack, pop when next PC == RPC) and section 4 /
 * Fig. 10 (likely-convergence entry, LPC/LPos, pop-and-merge at the LPC).
 * Behaviour follows docs/blocks/recon_stack.md; this file is deliberately
 * written as plain software (stack arrays, a pop loop for the cascade) and
 * not from the RTL.
 *
 * A warp that reaches its exit finishes: the pop that removes the bottom
 * entry (directly or by the cascade) leaves the stack empty, and only a new
 * INIT starts the warp again.
 *
 * Error handling is check-before-mutate: every condition that rejects an
 * operation (OVERFLOW included) is decided before any entry is written, so
 * a rejected operation leaves the stacks untouched. */
#include "recon_stack.h"

#include <stdlib.h>
#include <string.h>

#include "clog2.h"

/* An entry is what recon_stack_entry() shows of it. */
typedef recon_stack_entry_t rs_entry_t;

struct recon_stack {
    recon_stack_params_t p;
    uint64_t pc_none;      /* all PcWidth bits set; also the PC port mask */
    unsigned warp_id_mask; /* WarpIdWidth low bits set */
    unsigned *sp;          /* per warp: entries on its stack */
    rs_entry_t *ent;       /* num_warps * depth entries, warp-major */
    unsigned *try_sp;      /* the same, where eval() tries the cycle's request */
    rs_entry_t *try_ent;
    bool rsp_valid;        /* registered outcome of the previous cycle */
    unsigned rsp_err;
    unsigned err_sticky;
};

/* The entries of warp w's stack (const or not, as m). */
#define WARP_STACK(m, w) (&(m)->ent[(size_t)(w) * (m)->p.depth])

static int init(recon_stack_t *m, const recon_stack_params_t *p)
{
    m->sp = calloc(p->num_warps, sizeof *m->sp);
    m->ent = calloc((size_t)p->num_warps * p->depth, sizeof *m->ent);
    m->try_sp = calloc(p->num_warps, sizeof *m->try_sp);
    m->try_ent = calloc((size_t)p->num_warps * p->depth, sizeof *m->try_ent);
    if (!m->sp || !m->ent || !m->try_sp || !m->try_ent)
        return RS_ENOMEM;
    m->pc_none = bm_low_bits(p->pc_width);
    m->warp_id_mask = index_mask(p->num_warps);
    return RS_OK;
}

MODEL_DEFINE_CREATE(recon_stack, init)
MODEL_DEFINE_DESTROY(recon_stack, free(m->sp); free(m->ent); free(m->try_sp); free(m->try_ent))

void recon_stack_reset(recon_stack_t *m)
{
    memset(m->sp, 0, m->p.num_warps * sizeof *m->sp);
    memset(m->ent, 0, (size_t)m->p.num_warps * m->p.depth * sizeof *m->ent);
    m->rsp_valid = false;
    m->rsp_err = RS_ERR_NONE;
    m->err_sticky = 0;
}

/* The cascade: after a pop, finished entries (pc == rpc, or an empty mask:
 * a likely-convergence entry nobody reached) are popped too. The bottom
 * entry is no exception: at its own rpc (the warp's exit) all of the warp's
 * threads have finished, and popping it empties the stack. */
static void cascade(recon_stack_t *m, unsigned w, recon_stack_events_t *e)
{
    rs_entry_t *s = WARP_STACK(m, w);
    while (m->sp[w] > 0) {
        const rs_entry_t *t = &s[m->sp[w] - 1];
        if (t->pc != t->rpc && !bm_is_zero(&t->mask))
            break;
        m->sp[w]--;
        e->cascade++;
    }
}

/* ADVANCE(w, npc) on a non-empty stack. It cannot fail: the checks that
 * reject an ADVANCE (BAD_PC, EMPTY) are made by the caller. */
static void advance(recon_stack_t *m, unsigned w, uint64_t npc,
                    recon_stack_events_t *e)
{
    rs_entry_t *s = WARP_STACK(m, w);
    rs_entry_t *t = &s[m->sp[w] - 1];

    if (npc == t->rpc) {
        /* reconvergence (TBC 2.2.2: next PC == RPC at the TOS). At the
         * bottom entry the rpc is the warp's exit: popping it empties the
         * stack, the warp has finished. */
        m->sp[w]--;
        e->rpc_pop = true;
        cascade(m, w, e);
    } else if (m->p.lcp_enable && npc == t->lpc) {
        /* likely convergence (TBC 4, Fig. 10 steps 5 and 9): pop and merge
         * into the entry LPos names. That entry lies below t: entries only
         * ever refer to likely-convergence entries under them. */
        bm_or(&s[t->lpos].mask, &s[t->lpos].mask, &t->mask);
        m->sp[w]--;
        e->lpc_merge = true;
        cascade(m, w, e);
    } else {
        t->pc = npc;
    }
}

static void push(recon_stack_t *m, unsigned w, uint64_t pc, uint64_t rpc,
                 const bitmask_t *mask, uint64_t lpc, unsigned lpos)
{
    rs_entry_t *n = &WARP_STACK(m, w)[m->sp[w]++];
    n->pc = pc;
    n->rpc = rpc;
    n->mask = *mask;
    n->lpc = lpc;
    n->lpos = lpos;
}

/* BRANCH on a non-empty stack; PCs already checked against PcNone. */
static unsigned branch(recon_stack_t *m, unsigned w, const bitmask_t *tmask,
                       uint64_t tpc, uint64_t fpc, uint64_t rpc, uint64_t lpc,
                       recon_stack_events_t *e)
{
    rs_entry_t *s = WARP_STACK(m, w);
    rs_entry_t *t = &s[m->sp[w] - 1];
    bitmask_t taken, not_taken;
    bm_and(&taken, &t->mask, tmask);
    bm_andnot(&not_taken, &t->mask, tmask);
    bool t_empty = bm_is_zero(&taken);
    bool nt_empty = bm_is_zero(&not_taken);

    /* 1. uniform: an ADVANCE to the non-empty side (tpc if PCs are equal) */
    if (t_empty || nt_empty || tpc == fpc) {
        e->uniform = true;
        uint64_t target = (t_empty && tpc != fpc) ? fpc : tpc;
        advance(m, w, target, e);
        return RS_ERR_NONE;
    }

    /* 2. loop branch (DoM 3.1, last paragraph): the case of 3's rule "t
     * already waits at rpc" in which one side goes to rpc: that side leaves,
     * the other side takes t (only the mask shrinks), then advance. Above
     * the bottom, the exiting threads already wait below, in the entry whose
     * pc is t->rpc. At the bottom, t->rpc is the warp's exit: they have
     * finished and no entry holds them any more. The staying PC differs from
     * rpc == t->rpc, so this advance does not pop at the rpc. A loop branch
     * creates no likely-convergence entry (its lpc is not used), so a loop
     * never grows the stack. */
    if (rpc == t->rpc && (tpc == rpc || fpc == rpc)) {
        e->loop_exit = true;
        bool exit_taken = (tpc == rpc);
        t->mask = exit_taken ? not_taken : taken;
        advance(m, w, exit_taken ? fpc : tpc, e);
        return RS_ERR_NONE;
    }

    /* 3. divergent. The entries it creates, in order: the likely-convergence
     * entry (if any), the not-taken side, the taken side. Where the threads
     * reconverge, at rpc, t becomes the reconvergence entry and they go
     * above it -- unless t already waits at rpc (rpc == t->rpc: the branch
     * ends where t's region ends). Then no reconvergence entry is created:
     * the first new entry takes t's place (GPGPU-Sim's simt_stack, whose
     * depths TBC's Table 3 reports; docs/blocks/recon_stack.md "Depth").
     * Work out every entry first so OVERFLOW leaves no trace. */
    unsigned top = m->sp[w] - 1;
    bool reuse = rpc == t->rpc;
    unsigned base = reuse ? top : top + 1; /* where the first new entry goes */
    bool new_lcp = m->p.lcp_enable && lpc != m->pc_none && lpc != rpc;
    uint64_t lpc_eff = new_lcp ? lpc : t->lpc;
    unsigned lpos_eff = new_lcp ? base : t->lpos;
    /* a side at rpc waits in t; a side at the effective lpc merges at once.
     * rpc is checked first, as in ADVANCE. */
    bool push_nt = fpc != rpc && fpc != lpc_eff;
    bool push_t = tpc != rpc && tpc != lpc_eff;
    unsigned n = (new_lcp ? 1u : 0u) + (push_nt ? 1u : 0u) + (push_t ? 1u : 0u);
    if (base + n > m->p.depth)
        return RS_ERR_OVERFLOW;

    e->divergent = true;
    e->pushes = n;
    e->lcp_push = new_lcp;
    e->reuse = reuse;
    uint64_t outer_lpc = t->lpc;
    unsigned outer_lpos = t->lpos;
    if (reuse)
        m->sp[w] = top; /* n >= 1: neither side is at rpc (that is case 2) */
    else
        t->pc = rpc; /* t becomes the reconvergence entry */
    if (new_lcp) {
        bitmask_t none;
        bm_clear(&none);
        push(m, w, lpc, rpc, &none, outer_lpc, outer_lpos);
    }
    /* not-taken side first, so the taken side is on top and runs first */
    const bitmask_t *side_mask[2] = {&not_taken, &taken};
    const uint64_t side_pc[2] = {fpc, tpc};
    for (unsigned i = 0; i < 2; i++) {
        if (side_pc[i] == rpc) {
            e->skip_rpc++;
        } else if (side_pc[i] == lpc_eff) {
            bitmask_t *lm = &s[lpos_eff].mask;
            bm_or(lm, lm, side_mask[i]);
            e->skip_lpc++;
        } else {
            push(m, w, side_pc[i], rpc, side_mask[i], lpc_eff, lpos_eff);
        }
    }
    return RS_ERR_NONE;
}

/* Apply one valid request at the clock edge; fills e (already zeroed). */
static void apply(recon_stack_t *m, const recon_stack_in_t *in,
                  recon_stack_events_t *e)
{
    /* truncate every input to its port width, as the wires would */
    unsigned op = in->req_op & RS_REQ_OP_MASK;
    unsigned w = in->req_warp & m->warp_id_mask;
    uint64_t pc = in->req_pc & m->pc_none;
    uint64_t alt_pc = in->req_alt_pc & m->pc_none;
    uint64_t rpc = in->req_rpc & m->pc_none;
    uint64_t lpc = in->req_lpc & m->pc_none;
    bitmask_t mask = in->req_mask;
    bm_trim(&mask, m->p.warp_width);
    bool warp_ok = w < m->p.num_warps;

    e->op = op;
    if (op == RS_OP_RESERVED)
        e->err = RS_ERR_BAD_OP;
    else if (!warp_ok)
        e->err = RS_ERR_BAD_WARP;
    else if (op == RS_OP_INIT) {
        if (pc == m->pc_none)
            e->err = RS_ERR_BAD_PC;
        else if (bm_is_zero(&mask))
            e->err = RS_ERR_BAD_MASK;
        else {
            m->sp[w] = 0;
            push(m, w, pc, rpc, &mask, m->pc_none, 0);
        }
    } else if (op == RS_OP_ADVANCE) {
        if (pc == m->pc_none)
            e->err = RS_ERR_BAD_PC;
        else if (m->sp[w] == 0)
            e->err = RS_ERR_EMPTY;
        else
            advance(m, w, pc, e);
    } else { /* RS_OP_BRANCH */
        if (pc == m->pc_none || alt_pc == m->pc_none || rpc == m->pc_none)
            e->err = RS_ERR_BAD_PC;
        else if (m->sp[w] == 0)
            e->err = RS_ERR_EMPTY;
        else
            e->err = branch(m, w, &mask, pc, alt_pc, rpc, lpc, e);
    }

    if (e->err != RS_ERR_NONE) {
        /* a rejected op reports only its op and code */
        unsigned err = e->err;
        memset(e, 0, sizeof *e);
        e->op = op;
        e->err = err;
    }
    e->depth_after = warp_ok ? m->sp[w] : 0;
}

/* req_err, req_fin: what a request with this outcome shows */
static void outcome(const recon_stack_in_t *in, const recon_stack_events_t *e,
                    recon_stack_out_t *out)
{
    out->req_err = in->req_valid ? e->err : RS_ERR_NONE;
    out->req_fin = in->req_valid && e->err == RS_ERR_NONE && e->depth_after == 0;
}

/* The outputs during the cycle, from the state before the edge; req_err and
 * req_fin from the request applied to a copy of its warp's stack. */
void recon_stack_eval(const recon_stack_t *m, const recon_stack_in_t *in,
                      recon_stack_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->err_sticky = m->err_sticky;
    if (in->req_valid) {
        recon_stack_t t = *m;
        unsigned w = in->req_warp & m->warp_id_mask;
        t.sp = m->try_sp;
        t.ent = m->try_ent;
        if (w < m->p.num_warps) { /* the only warp a request touches */
            t.sp[w] = m->sp[w];
            memcpy(WARP_STACK(&t, w), WARP_STACK(m, w), m->p.depth * sizeof *m->ent);
        }
        recon_stack_events_t e;
        memset(&e, 0, sizeof e);
        apply(&t, in, &e);
        outcome(in, &e, out);
    }
    unsigned rw = in->rd_warp & m->warp_id_mask;
    if (rw < m->p.num_warps && m->sp[rw] > 0) {
        const rs_entry_t *t = &WARP_STACK(m, rw)[m->sp[rw] - 1];
        out->rd_valid = true;
        out->rd_pc = t->pc;
        out->rd_rpc = t->rpc;
        out->rd_mask = t->mask;
        out->rd_count = m->p.count_enable ? bm_popcount(&t->mask) : 0;
        out->rd_lpc = t->lpc;
        out->rd_lpos = t->lpos;
        out->rd_depth = m->sp[rw];
    }
}

void recon_stack_step(recon_stack_t *m, const recon_stack_in_t *in,
                      recon_stack_out_t *out, recon_stack_events_t *ev)
{
    if (out)
        recon_stack_eval(m, &(recon_stack_in_t){.rd_warp = in->rd_warp}, out);

    /* the rising edge */
    recon_stack_events_t e;
    memset(&e, 0, sizeof e);
    if (in->req_valid)
        apply(m, in, &e);
    if (out)
        outcome(in, &e, out); /* as eval would have shown them */
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, in->req_valid, e.err,
                  RS_ERR_NONE);
    if (ev)
        *ev = e;
}

const recon_stack_params_t *recon_stack_params(const recon_stack_t *m)
{
    return &m->p;
}

unsigned recon_stack_depth(const recon_stack_t *m, unsigned w)
{
    return w < m->p.num_warps ? m->sp[w] : 0;
}

bool recon_stack_entry(const recon_stack_t *m, unsigned w, unsigned level,
                       recon_stack_entry_t *e)
{
    if (w >= m->p.num_warps || level >= m->sp[w])
        return false;
    if (e)
        *e = WARP_STACK(m, w)[level];
    return true;
}

uint64_t recon_stack_pc_none(const recon_stack_t *m)
{
    return m->pc_none;
}
