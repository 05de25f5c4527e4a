/* Golden cycle model of warp_slice_table: Robust SIMD's warp-slice table
 * with a reconvergence stack per slice.
 *
 * Sources: the Robust SIMD paper (IPDPS'12) section IV-A and Figure 4
 * (warp-slices of neighbouring lanes, one width for all, a narrower residue
 * slice at the highest lanes; the slices of a warp merge by ORing their
 * masks and divide again at an interval's end; the first `depth` slices
 * run, the others are dormant and resume when one finishes or reaches a
 * synchronisation point; each slice has its own stack and its own TOS;
 * round-robin scheduling) and IV-B (the entry: mask, warp id, PC, slice
 * id, status, TOS; at most MaxSlices entries per WPU). Behaviour, cycle
 * timing and errors follow docs/blocks/warp_slice_table.md; written from
 * the paper and docs/blocks/warp_slice_table.md, not from the RTL.
 *
 * The stacks are the unchanged recon_stack model, one context per entry
 * (csim/pdom/recon_stack.c); this file decides what it gets in a cycle:
 * an INIT while the stacks are written after a division (entry p in the
 * p-th cycle after it, nothing for a hole), an accepted BRANCH or ADVANCE
 * in the request's cycle, else nothing. It is stepped every cycle.
 *
 * Each request is judged first by the table (BAD_OP .. BAD_PC of a
 * division); a request the table refuses never reaches the stack. A
 * BRANCH or ADVANCE the table accepts is then judged by the stack at the
 * same edge; its refusal (BAD_PC, OVERFLOW) leaves the stack unchanged
 * (recon_stack checks before it writes) and the table unchanged too.
 *
 * Points the page leaves open, decided here:
 *   - width_o and depth_o are 0 after reset (no division yet).
 *   - sel_entry_o is 0 when sel_valid_o is 0; resume_entry_o is 0 when
 *     resume_valid_o is 0.
 *   - A reserved op is BAD_OP even while the stacks are written (the
 *     lowest code wins: BAD_OP 1 before BUSY 2).
 *   - slices_o, active_o and arrived_o are counted from the statuses the
 *     last edge left (the RTL's registers hold the same values).
 *   - The read port shows the stack as it is: in the cycles that write the
 *     stacks, an entry not written yet shows its context's old stack. The
 *     contexts of holes and of entries >= P keep their old stacks (never
 *     read: those entries are FREE).
 *   - Events: `residue` is a live slice whose lane range is narrower than
 *     the width (the last slice of a warp when W mod width != 0);
 *     `sibling_apart` and `sibling_depths` are looked at after an accepted
 *     slice operation, in its warp only. */
#include "warp_slice_table.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "clog2.h"
#include "robust.h"

struct warp_slice_table {
    warp_slice_table_params_t p;
    recon_stack_t *stk;        /* context e: entry e's stack */
    /* derived (configs/warp_slice_table.cfg) */
    unsigned min_width;        /* MinWidth */
    uint64_t pc_none;          /* all PcWidth bits set; also the PC port mask */
    unsigned entry_mask;       /* EntryIdWidth low bits */
    unsigned width_mask;       /* WidthWidth low bits */
    unsigned count_mask;       /* CountWidth low bits */
    /* the entries */
    unsigned *status;          /* enum wsl_status */
    bitmask_t *lanes;          /* empty for a FREE entry */
    /* registers */
    unsigned width, depth;     /* width_o, depth_o */
    unsigned rr;               /* round-robin pointer: the last entry taken */
    unsigned init_pos, init_end; /* stacks written: next entry, P (busy while <) */
    uint64_t init_pc, init_rpc;
    bool rsp_valid, rsp_fin;
    unsigned rsp_err, err_sticky;
    bool resume_valid, released;
    unsigned resume_entry;
    /* scratch of the edge: a division's lanes */
    bitmask_t *div_lanes;      /* MaxSlices */
};

/* A request with every field cut to its port's width. */
typedef struct {
    bool valid;
    unsigned op, entry, width, depth;
    uint64_t pc, alt_pc, rpc;
    bitmask_t mask;
} req_t;

/* A division worked out before the edge. */
typedef struct {
    unsigned positions;        /* P */
    unsigned live;             /* n */
} division_t;

/* ------------------------------------------------------------------ */
/* parameters, life cycle                                               */

static bool in_range(unsigned v, unsigned lo, unsigned hi)
{
    return v >= lo && v <= hi;
}

static int init(warp_slice_table_t *m, const warp_slice_table_params_t *p)
{
    /* one stack context per entry; the ranges above lie within the stack's,
     * so only memory can make its creation fail */
    recon_stack_params_t sp = {.num_warps = p->max_slices, .warp_width = p->warp_width,
                               .pc_width = p->pc_width, .depth = p->depth,
                               .lcp_enable = false, .count_enable = true};
    if (recon_stack_create(&sp, &m->stk) != RS_OK)
        return WSL_ENOMEM;
    m->status = calloc(p->max_slices, sizeof *m->status);
    m->lanes = calloc(p->max_slices, sizeof *m->lanes);
    m->div_lanes = calloc(p->max_slices, sizeof *m->div_lanes);
    if (!m->status || !m->lanes || !m->div_lanes)
        return WSL_ENOMEM;
    /* the derived values (configs/warp_slice_table.cfg, configs/robust.inc) */
    m->min_width = (unsigned)wsl_derive_min_width(p);
    m->pc_none = bm_low_bits(p->pc_width);
    m->entry_mask = (unsigned)bm_low_bits((unsigned)wsl_derive_entry_id_width(p));
    m->width_mask = (unsigned)bm_low_bits((unsigned)wsl_derive_width_width(p));
    m->count_mask = (unsigned)bm_low_bits((unsigned)wsl_derive_count_width(p));
    return WSL_OK;
}

MODEL_DEFINE_CREATE(warp_slice_table, init)
MODEL_DEFINE_DESTROY(warp_slice_table, recon_stack_destroy(m->stk); free(m->status);
                     free(m->lanes); free(m->div_lanes))

/* The round-robin pointer "before entry 0". */
static unsigned rr_start(const warp_slice_table_t *m)
{
    return m->p.max_slices - 1u;
}

void warp_slice_table_reset(warp_slice_table_t *m)
{
    recon_stack_reset(m->stk);
    for (unsigned e = 0; e < m->p.max_slices; e++) {
        m->status[e] = WSL_STATUS_FREE;
        bm_clear(&m->lanes[e]);
    }
    m->width = m->depth = 0;
    m->rr = rr_start(m);
    m->init_pos = m->init_end = 0;
    m->init_pc = m->init_rpc = 0;
    m->rsp_valid = m->rsp_fin = false;
    m->rsp_err = WSL_ERR_NONE;
    m->err_sticky = 0;
    m->resume_valid = m->released = false;
    m->resume_entry = 0;
}

/* ------------------------------------------------------------------ */
/* helpers                                                              */

static bool busy(const warp_slice_table_t *m)
{
    return m->init_pos < m->init_end;
}

static bool is_live(unsigned s)
{
    return s == WSL_STATUS_ACTIVE || s == WSL_STATUS_DORMANT || s == WSL_STATUS_ARRIVED ||
           s == WSL_STATUS_WAITING;
}

static unsigned count_status(const warp_slice_table_t *m, unsigned s)
{
    unsigned n = 0;
    for (unsigned e = 0; e < m->p.max_slices; e++)
        n += m->status[e] == s;
    return n;
}

/* The lowest entry with status s, or MaxSlices. */
static unsigned lowest(const warp_slice_table_t *m, unsigned s)
{
    unsigned e = 0;
    while (e < m->p.max_slices && m->status[e] != s)
        e++;
    return e;
}

/* Lanes [lo, hi) of a warp. */
static bitmask_t lane_range(unsigned lo, unsigned hi)
{
    bitmask_t r, below;
    bm_fill(&r, hi);
    bm_fill(&below, lo);
    bm_andnot(&r, &r, &below);
    return r;
}

/* Slice k's lanes at width w: [k*w, min(W, (k+1)*w)). */
static unsigned slice_lo(unsigned k, unsigned w)
{
    return k * w;
}

static unsigned slice_hi(const warp_slice_table_t *m, unsigned k, unsigned w)
{
    unsigned hi = (k + 1u) * w;
    return hi < m->p.warp_width ? hi : m->p.warp_width;
}

static req_t cut(const warp_slice_table_t *m, const warp_slice_table_in_t *in)
{
    req_t r = {
        .valid = in->req_valid,
        .op = in->req_op & WSL_REQ_OP_MASK,
        .entry = in->req_entry & m->entry_mask,
        .width = in->req_width & m->width_mask,
        .depth = in->req_depth & m->count_mask,
        .pc = in->req_pc & m->pc_none,
        .alt_pc = in->req_alt_pc & m->pc_none,
        .rpc = in->req_rpc & m->pc_none,
        .mask = in->req_mask,
    };
    bm_trim(&r.mask, m->p.warp_width);
    return r;
}

/* The division of a LAUNCH or RECONF at width w (MinWidth..W) into
 * div[0..MaxSlices): every entry's lanes (empty: FREE). */
static division_t divide(const warp_slice_table_t *m, unsigned op, unsigned w, bitmask_t *div)
{
    const unsigned n_warps = m->p.num_warps;
    bitmask_t threads[WSL_NUM_WARPS_MAX];
    /* the threads of each warp: LAUNCH all of them; RECONF the OR of the
     * lanes of its ARRIVED and DORMANT entries (those of DONE ones left) */
    for (unsigned v = 0; v < n_warps; v++) {
        if (op == WSL_OP_LAUNCH)
            bm_fill(&threads[v], m->p.warp_width);
        else
            bm_clear(&threads[v]);
    }
    if (op == WSL_OP_RECONF) {
        for (unsigned e = 0; e < m->p.max_slices; e++) {
            if (m->status[e] == WSL_STATUS_ARRIVED || m->status[e] == WSL_STATUS_DORMANT)
                bm_or(&threads[e % n_warps], &threads[e % n_warps], &m->lanes[e]);
        }
    }
    division_t d = {.positions = robust_slices(n_warps, m->p.warp_width, w), .live = 0};
    for (unsigned e = 0; e < m->p.max_slices; e++) {
        bm_clear(&div[e]);
        if (e >= d.positions)
            continue;
        unsigned k = e / n_warps;
        bitmask_t range = lane_range(slice_lo(k, w), slice_hi(m, k, w));
        bm_and(&div[e], &threads[e % n_warps], &range);
        d.live += !bm_is_zero(&div[e]);
    }
    return d;
}

/* The table's own judgement of a request (the stack judges an accepted
 * BRANCH or ADVANCE afterwards). A LAUNCH or RECONF with a legal width
 * leaves its division in div[0..MaxSlices) and *d. */
static unsigned judge(const warp_slice_table_t *m, const req_t *r, division_t *d,
                      bitmask_t *div)
{
    if (r->op >= WSL_OP_COUNT)
        return WSL_ERR_BAD_OP;
    if (busy(m))
        return WSL_ERR_BUSY;
    if (r->op == WSL_OP_LAUNCH || r->op == WSL_OP_RECONF) {
        if (count_status(m, WSL_STATUS_ACTIVE) || count_status(m, WSL_STATUS_WAITING))
            return WSL_ERR_NOT_ARRIVED;
        if (!in_range(r->width, m->min_width, m->p.warp_width))
            return WSL_ERR_BAD_WIDTH;
        *d = divide(m, r->op, r->width, div);
        if (!in_range(r->depth, 1u, d->positions))
            return WSL_ERR_BAD_DEPTH;
        if (r->pc == m->pc_none)
            return WSL_ERR_BAD_PC;
        return WSL_ERR_NONE;
    }
    if (r->entry >= m->p.max_slices || m->status[r->entry] == WSL_STATUS_FREE)
        return WSL_ERR_BAD_ENTRY;
    if (m->status[r->entry] != WSL_STATUS_ACTIVE)
        return WSL_ERR_NOT_ACTIVE;
    if (r->op == WSL_OP_ARRIVE && recon_stack_depth(m->stk, r->entry) != 1u)
        return WSL_ERR_NOT_ROOT;
    return WSL_ERR_NONE;
}

/* The stack's verdict on an ACTIVE entry's BRANCH or ADVANCE as the
 * table's code. An ACTIVE entry's stack is initialised and not empty, and
 * its context is in range: EMPTY, BAD_WARP and BAD_MASK cannot happen. */
static unsigned stack_err(unsigned rs_err)
{
    switch (rs_err) {
    case RS_ERR_NONE:
        return WSL_ERR_NONE;
    case RS_ERR_BAD_PC:
        return WSL_ERR_BAD_PC;
    case RS_ERR_OVERFLOW:
        return WSL_ERR_OVERFLOW;
    default:
        assert(!"recon_stack refused an ACTIVE slice's operation");
        return WSL_ERR_NONE;
    }
}

/* ------------------------------------------------------------------ */
/* outputs during the cycle                                             */

static unsigned sel_entry(const warp_slice_table_t *m, bool *valid)
{
    *valid = false;
    if (busy(m))
        return 0;
    for (unsigned i = 1; i <= m->p.max_slices; i++) {
        unsigned e = (m->rr + i) % m->p.max_slices;
        if (m->status[e] == WSL_STATUS_ACTIVE) {
            *valid = true;
            return e;
        }
    }
    return 0;
}

/* The stack's request for an accepted BRANCH or ADVANCE. */
static recon_stack_in_t stack_request(const warp_slice_table_t *m, const req_t *r)
{
    return (recon_stack_in_t){.req_valid = true,
                              .req_op = r->op == WSL_OP_BRANCH ? RS_OP_BRANCH : RS_OP_ADVANCE,
                              .req_warp = r->entry, .req_pc = r->pc, .req_alt_pc = r->alt_pc,
                              .req_rpc = r->rpc, .req_lpc = m->pc_none, .req_mask = r->mask,
                              .rd_warp = r->entry};
}

static bool is_stack_op(unsigned op)
{
    return op == WSL_OP_BRANCH || op == WSL_OP_ADVANCE;
}

/* req_err_o (*err) and req_own_err_o (*own): the verdict the request
 * presented now gets, the stack's on a BRANCH or ADVANCE the table passes;
 * and the same but for a BRANCH's stack (0 without a request). */
static void request_err(const warp_slice_table_t *m, const warp_slice_table_in_t *in,
                        unsigned *err, unsigned *own)
{
    bitmask_t div[WSL_MAX_SLICES_MAX];
    division_t d;
    req_t r = cut(m, in);
    *err = *own = WSL_ERR_NONE;
    if (!r.valid)
        return;
    *err = judge(m, &r, &d, div);
    if (*err == WSL_ERR_NONE && is_stack_op(r.op)) {
        recon_stack_in_t si = stack_request(m, &r);
        recon_stack_out_t so;
        recon_stack_eval(m->stk, &si, &so);
        *err = stack_err(so.req_err);
        if (r.op == WSL_OP_BRANCH) {
            *own = WSL_ERR_NONE;
            return;
        }
    }
    *own = *err;
}

void warp_slice_table_eval(const warp_slice_table_t *m, const warp_slice_table_in_t *in,
                           warp_slice_table_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->req_ready = !busy(m);
    request_err(m, in, &out->req_err, &out->req_own_err);
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->rsp_fin = m->rsp_fin;
    out->resume_valid = m->resume_valid;
    out->resume_entry = m->resume_entry;
    out->released = m->released;
    out->err_sticky = m->err_sticky;
    out->width = m->width;
    out->depth = m->depth;
    for (unsigned e = 0; e < m->p.max_slices; e++) {
        out->slices += is_live(m->status[e]);
        out->active += m->status[e] == WSL_STATUS_ACTIVE;
    }
    out->arrived = count_status(m, WSL_STATUS_ACTIVE) == 0 &&
                   count_status(m, WSL_STATUS_WAITING) == 0;
    out->sel_entry = sel_entry(m, &out->sel_valid);

    /* the read port: the table's fields and the stack's top of req_entry */
    unsigned e = in->req_entry & m->entry_mask;
    if (e >= m->p.max_slices || m->status[e] == WSL_STATUS_FREE)
        return; /* FREE, every field 0 */
    out->rd_status = m->status[e];
    out->rd_warp = e % m->p.num_warps;
    out->rd_sid = e / m->p.num_warps;
    out->rd_lanes = m->lanes[e];
    recon_stack_out_t so;
    recon_stack_eval(m->stk, &(recon_stack_in_t){.rd_warp = e}, &so);
    if (so.rd_valid) {
        out->rd_pc = so.rd_pc;
        out->rd_rpc = so.rd_rpc;
        out->rd_mask = so.rd_mask;
        out->rd_count = so.rd_count;
        out->rd_tos = so.rd_depth;
    }
}

/* ------------------------------------------------------------------ */
/* the edge                                                             */

/* An accepted LAUNCH or RECONF: the division in m->div_lanes. */
static void apply_division(warp_slice_table_t *m, const req_t *r, const division_t *d,
                           warp_slice_table_events_t *ev)
{
    const unsigned n_warps = m->p.num_warps;
    if (r->op == WSL_OP_RECONF) {
        /* a warp had 2+ live slices, and the width changes */
        bool split = false;
        for (unsigned v = 0; v < n_warps && !split; v++) {
            unsigned n = 0;
            for (unsigned e = v; e < m->p.max_slices; e += n_warps)
                n += is_live(m->status[e]);
            split = n >= 2u;
        }
        ev->reconf_merge = split && r->width != m->width;
        ev->reconf = true;
    } else {
        ev->launch = true;
    }

    unsigned live = 0;
    for (unsigned e = 0; e < m->p.max_slices; e++) {
        m->lanes[e] = m->div_lanes[e];
        if (bm_is_zero(&m->lanes[e])) {
            m->status[e] = WSL_STATUS_FREE;
            ev->hole |= e < d->positions;
            continue;
        }
        m->status[e] = live < r->depth ? WSL_STATUS_ACTIVE : WSL_STATUS_DORMANT;
        live++;
        unsigned k = e / n_warps;
        ev->residue |= slice_hi(m, k, r->width) - slice_lo(k, r->width) < r->width;
    }
    ev->dormant = d->live > r->depth;
    ev->full_table = d->live == m->p.max_slices;

    m->width = r->width;
    m->depth = r->depth;
    m->rr = rr_start(m);
    /* the stacks are written in the P cycles after this edge */
    m->init_pos = 0;
    m->init_end = d->positions;
    m->init_pc = r->pc;
    m->init_rpc = r->rpc;
}

/* Entry e left ACTIVE (DONE, WAITING or ARRIVED): the lowest DORMANT entry
 * resumes. */
static bool resume(warp_slice_table_t *m)
{
    unsigned e = lowest(m, WSL_STATUS_DORMANT);
    if (e >= m->p.max_slices)
        return false;
    m->status[e] = WSL_STATUS_ACTIVE;
    m->resume_valid = true;
    m->resume_entry = e;
    return true;
}

/* After a slice operation: with nothing ACTIVE or DORMANT, the WAITING
 * entries are released, the first depth_o of them ACTIVE. */
static bool release(warp_slice_table_t *m)
{
    if (count_status(m, WSL_STATUS_ACTIVE) || count_status(m, WSL_STATUS_DORMANT) ||
        !count_status(m, WSL_STATUS_WAITING))
        return false;
    unsigned n = 0;
    for (unsigned e = 0; e < m->p.max_slices; e++) {
        if (m->status[e] == WSL_STATUS_WAITING)
            m->status[e] = n++ < m->depth ? WSL_STATUS_ACTIVE : WSL_STATUS_DORMANT;
    }
    m->released = true;
    return true;
}

/* Two ACTIVE, DORMANT or WAITING slices of entry e's warp have different
 * stack-top PCs (*apart) and different stack depths (*depths). */
static void siblings(const warp_slice_table_t *m, unsigned e, bool *apart, bool *depths)
{
    bool seen = false;
    uint64_t pc = 0;
    unsigned depth = 0;
    *apart = *depths = false;
    for (unsigned s = e % m->p.num_warps; s < m->p.max_slices; s += m->p.num_warps) {
        unsigned st = m->status[s];
        if (st != WSL_STATUS_ACTIVE && st != WSL_STATUS_DORMANT && st != WSL_STATUS_WAITING)
            continue;
        unsigned d = recon_stack_depth(m->stk, s);
        recon_stack_entry_t top;
        if (d == 0 || !recon_stack_entry(m->stk, s, d - 1u, &top))
            continue;
        *apart |= seen && top.pc != pc;
        *depths |= seen && d != depth;
        seen = true;
        pc = top.pc;
        depth = d;
    }
}

/* An accepted slice operation on r->entry; fin: the stack emptied. */
static void apply_slice_op(warp_slice_table_t *m, const req_t *r, bool fin,
                           warp_slice_table_events_t *ev)
{
    unsigned e = r->entry;
    if (r->op == WSL_OP_ARRIVE) {
        m->status[e] = WSL_STATUS_ARRIVED; /* the interval's end: a synchronisation */
        ev->arrive = true;
        ev->resume_arrive = resume(m);
    } else if (r->op == WSL_OP_BARRIER) {
        m->status[e] = WSL_STATUS_WAITING;
        ev->resume_barrier = resume(m);
    } else if (fin) {
        m->status[e] = WSL_STATUS_DONE;
        ev->slice_done = true;
        ev->resume_done = resume(m);
    }
    ev->release = release(m);
    m->rr = e;
    siblings(m, e, &ev->sibling_apart, &ev->sibling_depths);
}

void warp_slice_table_step(warp_slice_table_t *m, const warp_slice_table_in_t *in,
                           warp_slice_table_out_t *out, warp_slice_table_events_t *ev)
{
    if (out)
        warp_slice_table_eval(m, in, out);

    /* the rising edge: the table judges the request */
    warp_slice_table_events_t e;
    memset(&e, 0, sizeof e);
    req_t r = cut(m, in);
    division_t d = {0, 0};
    unsigned err = r.valid ? judge(m, &r, &d, m->div_lanes) : WSL_ERR_NONE;
    bool was_busy = busy(m);

    /* what the stack gets: the division's INIT of entry init_pos, or the
     * accepted BRANCH / ADVANCE, or nothing */
    recon_stack_in_t si;
    memset(&si, 0, sizeof si);
    bool to_stack = r.valid && err == WSL_ERR_NONE && is_stack_op(r.op);
    if (was_busy) {
        unsigned p = m->init_pos;
        if (!bm_is_zero(&m->lanes[p])) {
            si = (recon_stack_in_t){.req_valid = true, .req_op = RS_OP_INIT, .req_warp = p,
                                    .req_pc = m->init_pc, .req_rpc = m->init_rpc,
                                    .req_lpc = m->pc_none, .req_mask = m->lanes[p]};
        }
    } else if (to_stack) {
        si = stack_request(m, &r);
    }
    recon_stack_events_t se;
    recon_stack_step(m->stk, &si, NULL, &se);
    if (was_busy) {
        assert(se.err == RS_ERR_NONE); /* a live entry, a PC that is not none */
        m->init_pos++;
    }
    bool fin = false;
    if (to_stack) {
        err = stack_err(se.err);
        fin = err == WSL_ERR_NONE && se.depth_after == 0;
        e.diverge = err == WSL_ERR_NONE && r.op == WSL_OP_BRANCH && se.divergent;
    }

    /* the table's own update */
    m->resume_valid = m->released = false;
    m->resume_entry = 0;
    if (r.valid && err == WSL_ERR_NONE) {
        if (r.op == WSL_OP_LAUNCH || r.op == WSL_OP_RECONF)
            apply_division(m, &r, &d, &e);
        else
            apply_slice_op(m, &r, fin, &e);
    }
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, r.valid, err, WSL_ERR_NONE);
    m->rsp_fin = r.valid && fin;

    e.req = r.valid;
    e.op = r.valid ? r.op : 0;
    e.err = err;
    if (ev)
        *ev = e;
}

/* ------------------------------------------------------------------ */
/* queries                                                              */

const warp_slice_table_params_t *warp_slice_table_params(const warp_slice_table_t *m)
{
    return &m->p;
}

unsigned warp_slice_table_status(const warp_slice_table_t *m, unsigned e)
{
    return e < m->p.max_slices ? m->status[e] : (unsigned)WSL_STATUS_FREE;
}

bitmask_t warp_slice_table_lanes(const warp_slice_table_t *m, unsigned e)
{
    bitmask_t b;
    if (e < m->p.max_slices)
        b = m->lanes[e];
    else
        bm_clear(&b);
    return b;
}

const recon_stack_t *warp_slice_table_stack(const warp_slice_table_t *m)
{
    return m->stk;
}

bool warp_slice_table_busy(const warp_slice_table_t *m)
{
    return busy(m);
}

static bool same_stacks(const recon_stack_t *a, const recon_stack_t *b, unsigned contexts)
{
    for (unsigned c = 0; c < contexts; c++) {
        unsigned d = recon_stack_depth(a, c);
        if (d != recon_stack_depth(b, c))
            return false;
        for (unsigned l = 0; l < d; l++) {
            recon_stack_entry_t x, y;
            recon_stack_entry(a, c, l, &x);
            recon_stack_entry(b, c, l, &y);
            if (x.pc != y.pc || x.rpc != y.rpc || x.lpc != y.lpc || x.lpos != y.lpos ||
                !bm_eq(&x.mask, &y.mask))
                return false;
        }
    }
    return true;
}

bool warp_slice_table_same_state(const warp_slice_table_t *a, const warp_slice_table_t *b)
{
    if (memcmp(&a->p, &b->p, sizeof a->p) != 0)
        return false;
    for (unsigned e = 0; e < a->p.max_slices; e++) {
        if (a->status[e] != b->status[e] || !bm_eq(&a->lanes[e], &b->lanes[e]))
            return false;
    }
    return a->width == b->width && a->depth == b->depth && a->rr == b->rr &&
           a->init_pos == b->init_pos && a->init_end == b->init_end &&
           a->init_pc == b->init_pc && a->init_rpc == b->init_rpc &&
           a->resume_valid == b->resume_valid && a->resume_entry == b->resume_entry &&
           a->released == b->released && same_stacks(a->stk, b->stk, a->p.max_slices);
}

unsigned warp_slice_table_min_width(const warp_slice_table_t *m)
{
    return m->min_width;
}

bool warp_slice_table_arrived(const warp_slice_table_t *m)
{
    return !count_status(m, WSL_STATUS_ACTIVE) && !count_status(m, WSL_STATUS_WAITING);
}
