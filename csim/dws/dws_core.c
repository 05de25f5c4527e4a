/* Golden cycle model of dws_core: the warp-split table and the per-warp
 * reconvergence stack of DWS (ISCA'10) sections 5.3-5.5, composed as
 * docs/blocks/dws_core.md specifies (see dws_core.h). The children are the
 * unchanged models csim/dws/warp_split_table.c and csim/pdom/recon_stack.c;
 * this file only decides what each of them gets in a cycle.
 *
 * Each cycle is decided on the state before the edge (decide() reads the
 * model and writes nothing): the situation (REROOT, SEQ or REQUEST) and
 * the operations it gives each child and, for a request, its error. At the
 * edge the children apply the operations decided the cycle before (the
 * ones in flight), the core updates its own records, and this cycle's
 * operations become the ones in flight.
 *
 * Points the page leaves open, decided here (closest to the paper):
 *   - seq_warp_o and seq_pop_o are 0 when seq_valid_o is 0, rsp_held_o is 0
 *     unless an accepted request held its split (as the WST's lazy_* and
 *     rsp_kind_o are 0 without a LAZY split or on an error).
 *   - Clearing a warp's record (INIT, RELEASE, re-root) clears its kind and
 *     outcome; the recorded targets stay until the next first arrival at a
 *     branch overwrites them (they are read only while the kind is BRANCH).
 *   - The sequencer takes the branch for park BRANCH and the pop for any
 *     other kind: an arrived warp always has park BRANCH or RPC (only the
 *     core holds splits), so the other case cannot happen.
 *   - A loop bypass is never a MISMATCH, whatever the warp's held splits
 *     wait at (the page checks MISMATCH only for a BRANCH that is not a loop
 *     bypass); an EXEC or MEM whose next PC is not T.rpc never is either.
 *   - The re-root looks at the stack's registered error only (stk_err_o):
 *     the edge before a re-root always applied a stack operation, the
 *     step's or the bypass's that the re-root follows. */
#include "dws_core.h"

#include <stdlib.h>
#include <string.h>

#include "clog2.h"

/* An accepted request's update of its warp's record, applied with the
 * children's operations (the cycle after its judgement). */
typedef struct {
    bool valid;
    unsigned warp, op, at;   /* at: EXEC, MEM: the point it arrived at */
    bool held, bypass;
    uint64_t pc, alt_pc, rpc, lpc, taken; /* BRANCH: the targets; the split's taken threads */
} rec_upd_t;

struct dws_core {
    dws_core_params_t p;
    warp_split_table_t *wst;
    recon_stack_t *stk;
    uint64_t pc_none;       /* all PcWidth bits set; also the PC port mask */
    uint64_t lane_mask;     /* W low bits */
    unsigned warp_id_mask;  /* WarpIdWidth low bits */
    unsigned entry_id_mask; /* EntryIdWidth low bits */
    dws_core_park_t *park;  /* per warp: its held splits' record and fault bit */
    /* the operations in flight: judged last cycle, applied at the next edge
     * (only the req_* fields are used) */
    warp_split_table_in_t ap_wi;
    recon_stack_in_t ap_si;
    bool ap_reroot;         /* ap_si is a SEQ step or a bypass pop: re-root its warp */
    rec_upd_t ap_rec;       /* the record update in flight */
    bool reroot;            /* the next cycle re-roots reroot_warp */
    unsigned reroot_warp;
    /* the fill port and the modes, registered: last cycle's fill, which the
     * table takes now, and last cycle's policy and scheduler, which rule it */
    bool fill_valid;
    unsigned fill_warp;
    uint64_t fill_mask;
    unsigned policy, sched;
    /* the judgement of the last cycle (stage 1) and the outputs */
    bool r1_taken, r1_held, r1_seq, r1_pop;
    unsigned r1_err, r1_seq_warp;
    bool rsp_valid, rsp_held;
    unsigned rsp_err, err_sticky;
    bool seq_valid, seq_pop;
    unsigned seq_warp;
};

/* ------------------------------------------------------------------ */
/* parameters, life cycle                                               */

/* The children check the parameters. */
static int init(dws_core_t *m, const dws_core_params_t *p)
{
    /* p passed the core's checks, which hold each child's (its ranges and
     * rules): a child can only fail for want of memory */
    warp_split_table_params_t wp = dws_core_warp_split_table_params(p);
    recon_stack_params_t sp = dws_core_recon_stack_params(p);
    if (warp_split_table_create(&wp, &m->wst) != WST_OK ||
        recon_stack_create(&sp, &m->stk) != RS_OK)
        return DWSC_ENOMEM;
    m->park = calloc(p->num_warps, sizeof *m->park);
    if (!m->park)
        return DWSC_ENOMEM;
    m->pc_none = bm_low_bits(p->pc_width);
    m->lane_mask = bm_low_bits(p->warp_width);
    m->warp_id_mask = index_mask(p->num_warps);
    m->entry_id_mask = index_mask(p->warp_width);
    return DWSC_OK;
}

MODEL_DEFINE_CREATE(dws_core, init)
MODEL_DEFINE_DESTROY(dws_core, warp_split_table_destroy(m->wst); recon_stack_destroy(m->stk);
                     free(m->park))

void dws_core_reset(dws_core_t *m)
{
    warp_split_table_reset(m->wst);
    recon_stack_reset(m->stk);
    memset(m->park, 0, m->p.num_warps * sizeof *m->park);
    memset(&m->ap_wi, 0, sizeof m->ap_wi);
    memset(&m->ap_si, 0, sizeof m->ap_si);
    memset(&m->ap_rec, 0, sizeof m->ap_rec);
    m->ap_reroot = m->reroot = false;
    m->reroot_warp = 0;
    m->fill_valid = false;
    m->fill_warp = 0;
    m->fill_mask = 0;
    m->policy = WST_POLICY_OFF;
    m->sched = WST_SCHED_RR;
    m->r1_taken = m->r1_held = m->r1_seq = m->r1_pop = false;
    m->r1_err = m->r1_seq_warp = 0;
    m->rsp_valid = m->rsp_held = m->seq_valid = m->seq_pop = false;
    m->rsp_err = m->err_sticky = m->seq_warp = 0;
}

/* The warps with an operation in flight or re-rooted this cycle. */
static uint32_t busy_warps(const dws_core_t *m)
{
    uint32_t b = 0;
    if (m->ap_wi.req_valid)
        b |= 1u << m->ap_wi.req_warp;
    if (m->ap_si.req_valid)
        b |= 1u << m->ap_si.req_warp;
    if (m->reroot)
        b |= 1u << m->reroot_warp;
    return b;
}

/* fault_o: the warps whose branch overflowed the stack. */
static uint32_t faulted_warps(const dws_core_t *m)
{
    uint32_t f = 0;
    for (unsigned w = 0; w < m->p.num_warps; w++)
        f |= (uint32_t)m->park[w].fault << w;
    return f;
}

/* What a cycle judges, from the state before its edge and the arrived
 * warps (arrived_o): a re-root, else a sequencer step of the lowest warp
 * that has arrived and is neither busy nor faulted (in *step), else a
 * request. */
static unsigned phase_of(const dws_core_t *m, uint32_t arrived, uint32_t busy, unsigned *step)
{
    uint32_t ready_warps = arrived & ~faulted_warps(m) & ~busy;
    if (m->reroot)
        return DWS_CORE_PHASE_REROOT;
    if (ready_warps) {
        *step = (unsigned)__builtin_ctz(ready_warps);
        return DWS_CORE_PHASE_SEQ;
    }
    return DWS_CORE_PHASE_REQUEST;
}

/* req_ready_o: a REQUEST cycle, and the (truncated) warp is not busy. */
static bool takes(const dws_core_t *m, unsigned phase, unsigned warp, uint32_t busy)
{
    warp &= m->warp_id_mask;
    return phase == DWS_CORE_PHASE_REQUEST && !(warp < m->p.num_warps && (busy >> warp & 1u));
}

/* ------------------------------------------------------------------ */
/* decisions on the state before the edge                               */

typedef struct {
    unsigned phase, warp;      /* the situation; the warp the stack's read port shows */
    uint32_t busy;             /* busy_o */
    warp_split_table_in_t wi;  /* the children's inputs at the edge (the ops in flight) */
    recon_stack_in_t si;
    warp_split_table_out_t wo; /* their outputs during the cycle */
    recon_stack_out_t so;
    warp_split_table_in_t jw;  /* the operations judged now (req_* only) */
    recon_stack_in_t js;
    bool jrr;                  /* js is followed by a re-root of its warp */
    /* REQUEST */
    bool ignored, taken;
    unsigned op, err;
    uint64_t pc, alt_pc, rpc, lpc, mask, S; /* truncated; S: the split's threads */
    bool no_bypass;            /* no_bypass_i */
    bool held, loop, bypass, kept, pop; /* loop: a bypass but for no_bypass_i */
    unsigned at;               /* EXEC, MEM: the point it arrives at (enum dwsc_park) */
    /* SEQ, REROOT */
    unsigned splits;           /* WST entries of the request's or the sequenced warp */
    bool release, fault;
} cycle_t;

static unsigned count_splits(const dws_core_t *m, unsigned w)
{
    unsigned n = 0;
    for (unsigned e = 0; e < m->p.warp_width; e++)
        n += warp_split_table_entry(m->wst, w, e).valid ? 1u : 0u;
    return n;
}

static void wst_request(warp_split_table_in_t *wi, unsigned op, unsigned w, unsigned e,
                        uint64_t pc, uint64_t mask, bool hold)
{
    wi->req_valid = true;
    wi->req_op = op;
    wi->req_warp = w;
    wi->req_entry = e;
    wi->req_pc = pc;
    wi->req_mask = mask;
    wi->req_hold = hold;
}

static void stk_request(recon_stack_in_t *si, unsigned op, unsigned w, uint64_t pc,
                        uint64_t alt_pc, uint64_t rpc, uint64_t lpc, uint64_t mask)
{
    si->req_valid = true;
    si->req_op = op;
    si->req_warp = w;
    si->req_pc = pc;
    si->req_alt_pc = alt_pc;
    si->req_rpc = rpc;
    si->req_lpc = lpc;
    bm_from_u64(&si->req_mask, mask);
}

/* The request's error (the page's "Errors": lowest code wins), with the
 * loop-bypass decision it needs. The WST judged the operation the core
 * would forward (BRANCH as EXEC): its BAD_ENTRY and SUSPENDED are the
 * core's codes 3 and 4, its BUSY the core's BUSY. */
static unsigned judge(const dws_core_t *m, cycle_t *c)
{
    unsigned w = c->warp, wst_err = c->wo.chk_err;
    uint64_t T_rpc = c->so.rd_rpc, T_lpc = c->so.rd_lpc;
    bool exec_mem = c->op == DWSC_OP_EXEC || c->op == DWSC_OP_MEM;
    /* section 5.5: "checks whether its reconverging PC matches that on top
     * of the reconvergence stack"; one side leaves the loop at rpc */
    c->loop = c->op == DWSC_OP_BRANCH && c->rpc == T_rpc &&
              ((c->pc == c->rpc) != (c->alt_pc == c->rpc));
    /* ... unless the staying side goes to the top's likely-convergence PC:
     * there the stack pops the whole top, which only a warp-wide branch
     * may do (the other splits' threads are not there yet) */
    if (c->loop && T_lpc != m->pc_none &&
        (c->pc == c->rpc ? c->alt_pc : c->pc) == T_lpc)
        c->loop = false;
    c->bypass = c->loop && !c->no_bypass; /* no_bypass_i: every branch waits */
    /* an EXEC or MEM whose next PC is the reconvergence PC (first, as the
     * stack's ADVANCE checks it) or the likely-convergence PC has arrived */
    c->at = !exec_mem ? DWSC_PARK_NONE
            : c->pc == T_rpc ? DWSC_PARK_RPC
            : c->pc == T_lpc && T_lpc != m->pc_none ? DWSC_PARK_LPC
            : DWSC_PARK_NONE;
    c->held = c->at != DWSC_PARK_NONE || (c->op == DWSC_OP_BRANCH && !c->bypass);

    if (c->op >= DWSC_OP_COUNT)
        return DWSC_ERR_BAD_OP;
    if (w >= m->p.num_warps)
        return DWSC_ERR_BAD_WARP;
    if (wst_err == WST_ERR_BAD_ENTRY || wst_err == WST_ERR_SUSPENDED)
        return wst_err;
    bool bad_pc = c->op == DWSC_OP_BRANCH
                      ? c->pc == m->pc_none || c->alt_pc == m->pc_none ||
                            c->rpc == m->pc_none
                      : c->op != DWSC_OP_RELEASE && c->pc == m->pc_none;
    if (bad_pc)
        return DWSC_ERR_BAD_PC;
    if (c->op == DWSC_OP_INIT && c->mask == 0)
        return DWSC_ERR_BAD_MASK;
    if (wst_err == WST_ERR_BUSY)
        return DWSC_ERR_BUSY;
    const dws_core_park_t *k = &m->park[w];
    if (c->at != DWSC_PARK_NONE && k->kind != DWSC_PARK_NONE && k->kind != c->at)
        return DWSC_ERR_MISMATCH;
    if (c->op == DWSC_OP_BRANCH && !c->bypass) {
        if (k->kind == DWSC_PARK_RPC || k->kind == DWSC_PARK_LPC)
            return DWSC_ERR_MISMATCH;
        if (k->kind == DWSC_PARK_BRANCH &&
            (k->tpc != c->pc || k->fpc != c->alt_pc || k->rpc != c->rpc ||
             (m->p.lcp_enable && k->lpc != c->lpc)))
            return DWSC_ERR_MISMATCH;
    }
    return DWSC_ERR_NONE;
}

/* REQUEST: the request's error and, when accepted, the children's ops. */
static void decide_request(const dws_core_t *m, const dws_core_in_t *in, cycle_t *c)
{
    c->taken = in->req_valid && takes(m, c->phase, c->warp, c->busy);
    if (!c->taken)
        return;
    unsigned w = c->warp, e = in->req_entry & m->entry_id_mask;
    c->pc = in->req_pc & m->pc_none;
    c->alt_pc = in->req_alt_pc & m->pc_none;
    c->rpc = in->req_rpc & m->pc_none;
    c->lpc = in->req_lpc & m->pc_none;
    c->mask = in->req_mask & m->lane_mask;
    c->no_bypass = in->no_bypass;
    c->S = c->wo.chk_split;
    c->err = judge(m, c);
    if (w < m->p.num_warps)
        c->splits = count_splits(m, w);
    if (c->err != DWSC_ERR_NONE) {
        c->held = c->bypass = false; /* a refused request reaches neither child */
        return;
    }

    warp_split_table_in_t *wi = &c->jw;
    switch (c->op) {
    case DWSC_OP_INIT:
        wst_request(wi, WST_OP_INIT, w, 0, c->pc, c->mask, false);
        stk_request(&c->js, RS_OP_INIT, w, c->pc, 0, c->rpc, 0, c->mask);
        break;
    case DWSC_OP_RELEASE:
        wst_request(wi, WST_OP_RELEASE, w, 0, 0, 0, false);
        break;
    case DWSC_OP_EXEC:
    case DWSC_OP_MEM:
        wst_request(wi, c->op == DWSC_OP_EXEC ? WST_OP_EXEC : WST_OP_MEM, w, e, c->pc,
                    c->mask, c->held);
        break;
    default: /* BRANCH */
        if (!c->bypass) {
            /* section 5.3: the split waits for its warp at the branch */
            wst_request(wi, WST_OP_EXEC, w, e, c->pc, 0, true);
            break;
        }
        /* section 5.5: the threads going the loop's way again continue as
         * the split; the exiting ones wait below the top of the stack. Every
         * other thread of the top is marked as going the loop's way. */
        bool exit_taken = c->pc == c->rpc;
        uint64_t stay = exit_taken ? ~c->mask & m->lane_mask : c->mask;
        uint64_t outcome = (c->mask & c->S) | (~c->S & (exit_taken ? 0 : m->lane_mask));
        c->kept = (c->S & stay) != 0;
        c->pop = c->S == c->so.rd_mask.w[0] && !c->kept;
        c->jrr = c->pop; /* the stack pops: re-root the warp from its new top */
        wst_request(wi, WST_OP_BYPASS, w, e, exit_taken ? c->alt_pc : c->pc, stay, false);
        stk_request(&c->js, RS_OP_BRANCH, w, c->pc, c->alt_pc, c->rpc, c->lpc, outcome);
        break;
    }
}

static void decide(const dws_core_t *m, const dws_core_in_t *in, cycle_t *c)
{
    memset(c, 0, sizeof *c);
    c->op = in->req_op & ((1u << DWSC_OP_WIDTH) - 1u);
    /* the table applies the operation in flight, last cycle's fill and last
     * cycle's policy and scheduler (the fill port and the modes are
     * registered); the read port goes straight to it; its judge port judges
     * the op the core would forward (BRANCH as EXEC) */
    c->wi = m->ap_wi;
    c->wi.policy = m->policy;
    c->wi.sched = m->sched;
    c->wi.fill_valid = m->fill_valid;
    c->wi.fill_warp = m->fill_warp;
    c->wi.fill_mask = m->fill_mask;
    c->wi.rd_warp = in->rd_warp;
    c->wi.rd_entry = in->rd_entry;
    c->wi.chk_op = c->op == DWSC_OP_BRANCH ? WST_OP_EXEC : c->op;
    c->wi.chk_warp = in->req_warp;
    c->wi.chk_entry = in->req_entry;
    c->wi.chk_mask = in->req_mask;
    warp_split_table_eval(m->wst, &c->wi, &c->wo);
    c->si = m->ap_si;

    c->busy = busy_warps(m);
    unsigned step = 0;
    c->phase = phase_of(m, c->wo.arrived, c->busy, &step);
    if (c->phase == DWS_CORE_PHASE_REROOT) {
        c->warp = m->reroot_warp;
        c->si.rd_warp = c->warp;
    } else if (c->phase == DWS_CORE_PHASE_SEQ) {
        c->warp = step;
        c->si.rd_warp = in->req_warp;
    } else {
        c->warp = in->req_warp & m->warp_id_mask;
        c->si.rd_warp = in->req_warp;
    }
    recon_stack_eval(m->stk, &c->si, &c->so);

    unsigned s = c->warp;
    if (c->phase == DWS_CORE_PHASE_REROOT) {
        /* section 5.4: "the active threads marked on the top of the warp's
         * reconvergence stack is regarded as the initial warp-split" */
        c->fault = c->so.rsp_err != RS_ERR_NONE;
        c->release = !c->fault && !c->so.rd_valid;
        if (c->release)
            wst_request(&c->jw, WST_OP_RELEASE, s, 0, 0, 0, false);
        else if (!c->fault)
            wst_request(&c->jw, WST_OP_INIT, s, 0, c->so.rd_pc, c->so.rd_mask.w[0], false);
    } else if (c->phase == DWS_CORE_PHASE_SEQ) {
        const dws_core_park_t *k = &m->park[s];
        c->splits = count_splits(m, s);
        c->jrr = true;
        if (k->kind == DWSC_PARK_BRANCH) {
            stk_request(&c->js, RS_OP_BRANCH, s, k->tpc, k->fpc, k->rpc, k->lpc, k->taken);
        } else { /* RPC, LPC: every thread of the top is at that PC */
            recon_stack_entry_t top = {0};
            unsigned d = recon_stack_depth(m->stk, s);
            bool ok = d && recon_stack_entry(m->stk, s, d - 1, &top);
            (void)ok; /* an arrived warp has splits: its stack is not empty */
            stk_request(&c->js, RS_OP_ADVANCE, s, k->kind == DWSC_PARK_LPC ? top.lpc : top.rpc,
                        0, 0, 0, 0);
        }
    } else {
        decide_request(m, in, c);
    }
    c->ignored = in->req_valid && !c->taken;
}

/* ------------------------------------------------------------------ */
/* outputs during the cycle                                             */

static void outputs(const dws_core_t *m, const cycle_t *c, dws_core_out_t *out)
{
    *out = (dws_core_out_t){
        .req_ready = takes(m, c->phase, c->warp, c->busy),
        .busy = c->busy,
        .rsp_valid = m->rsp_valid,
        .rsp_err = m->rsp_err,
        .rsp_held = m->rsp_held,
        .err_sticky = m->err_sticky,
        .wst_sticky = c->wo.err_sticky,
        .seq_valid = m->seq_valid,
        .seq_warp = m->seq_warp,
        .seq_pop = m->seq_pop,
        .stk_rsp_valid = c->so.rsp_valid,
        .stk_err = c->so.rsp_err,
        .stk_sticky = c->so.err_sticky,
        .fault = faulted_warps(m),
        .tos_valid = c->so.rd_valid,
        .tos_pc = c->so.rd_pc,
        .tos_rpc = c->so.rd_rpc,
        .tos_mask = c->so.rd_mask.w[0],
        .tos_depth = c->so.rd_depth,
    };
#define DWS_CORE_FROM_WST_(type, f, dims) out->f = c->wo.f;
    DWSC_WARP_SPLIT_TABLE_OUTS(DWS_CORE_FROM_WST_)
#undef DWS_CORE_FROM_WST_
    out->fill_rsp_valid = c->wo.fill_rsp_valid;
}

void dws_core_eval(const dws_core_t *m, const dws_core_in_t *in, dws_core_out_t *out)
{
    cycle_t c;
    decide(m, in, &c);
    outputs(m, &c, out);
}

/* ------------------------------------------------------------------ */
/* the edge                                                             */

/* The record update of an accepted request. */
static rec_upd_t record_update(const cycle_t *c)
{
    return (rec_upd_t){.valid = true, .warp = c->warp, .op = c->op, .at = c->at,
                       .held = c->held, .bypass = c->bypass, .pc = c->pc, .alt_pc = c->alt_pc,
                       .rpc = c->rpc, .lpc = c->lpc, .taken = c->mask & c->S};
}

/* The core's record at the edge that applies a request. */
static void apply_request(dws_core_t *m, const rec_upd_t *c)
{
    dws_core_park_t *k = &m->park[c->warp];
    switch (c->op) {
    case DWSC_OP_INIT:
    case DWSC_OP_RELEASE:
        *k = (dws_core_park_t){.tpc = k->tpc, .fpc = k->fpc, .rpc = k->rpc, .lpc = k->lpc};
        break;
    case DWSC_OP_EXEC:
    case DWSC_OP_MEM:
        if (c->held)
            k->kind = c->at;
        break;
    default: /* BRANCH */
        if (c->bypass)
            break;
        if (k->kind == DWSC_PARK_NONE) { /* the first arrival records the targets */
            k->tpc = c->pc;
            k->fpc = c->alt_pc;
            k->rpc = c->rpc;
            k->lpc = c->lpc;
        }
        k->kind = DWSC_PARK_BRANCH;
        k->taken |= c->taken;
        break;
    }
}

void dws_core_step(dws_core_t *m, const dws_core_in_t *in, dws_core_out_t *out,
                   dws_core_events_t *ev)
{
    cycle_t c;
    decide(m, in, &c);
    if (out)
        outputs(m, &c, out);

    dws_core_events_t e;
    memset(&e, 0, sizeof e);
    e.wst_in = c.wi;
    e.stk_in = c.si;
    warp_split_table_step(m->wst, &c.wi, NULL, ev ? &e.wst : NULL); /* events: only for ev */
    recon_stack_step(m->stk, &c.si, NULL, ev ? &e.stk : NULL);

    e.phase = c.phase;
    e.ignored = c.ignored;
    bool accepted = c.taken && c.err == DWSC_ERR_NONE;
    switch (c.phase) {
    case DWS_CORE_PHASE_REROOT:
        e.reroot_warp = c.warp;
        e.reroot_release = c.release;
        e.reroot_fault = c.fault;
        if (c.fault) {
            m->park[c.warp].fault = true;
        } else {
            m->park[c.warp].kind = DWSC_PARK_NONE;
            m->park[c.warp].taken = 0;
        }
        break;
    case DWS_CORE_PHASE_SEQ:
        e.seq_pop = c.js.req_op == RS_OP_ADVANCE;
        e.seq_park = m->park[c.warp].kind;
        e.seq_warp = c.warp;
        e.seq_splits = c.splits;
        break;
    default:
        if (!c.taken)
            break;
        e.taken = true;
        e.op = c.op;
        e.err = c.err;
        e.warp = c.warp;
        e.mismatch = c.err == DWSC_ERR_MISMATCH;
        e.park = c.warp < m->p.num_warps ? m->park[c.warp].kind : DWSC_PARK_NONE;
        e.splits = c.splits;
        e.held = c.held;
        e.bypass = c.bypass;
        e.bypass_off = c.loop && c.no_bypass;
        e.bypass_kept = c.bypass && c.kept;
        e.bypass_pop = c.bypass && c.pop;
        break;
    }

    /* the record update judged last cycle applies with the children's
     * operations; this cycle's goes in flight */
    if (m->ap_rec.valid)
        apply_request(m, &m->ap_rec);
    m->ap_rec = accepted ? record_update(&c) : (rec_upd_t){0};

    /* the stack's operation in flight was a SEQ step or a bypass pop: the
     * next cycle re-roots its warp; this cycle's operations go in flight */
    m->reroot = m->ap_si.req_valid && m->ap_reroot;
    m->reroot_warp = m->ap_si.req_warp;
    m->ap_wi = c.jw;
    m->ap_si = c.js;
    m->ap_reroot = c.jrr;
    m->fill_valid = in->fill_valid;
    m->fill_warp = in->fill_warp;
    m->fill_mask = in->fill_mask;
    m->policy = in->policy;
    m->sched = in->sched;

    /* the responses: last cycle's judgement shows now, this cycle's waits */
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, m->r1_taken, m->r1_err,
                  DWSC_ERR_NONE);
    m->rsp_held = m->r1_held;
    m->seq_valid = m->r1_seq;
    m->seq_warp = m->r1_seq_warp;
    m->seq_pop = m->r1_pop;
    m->r1_taken = c.taken;
    m->r1_err = c.err;
    m->r1_held = accepted && c.held;
    m->r1_seq = c.phase == DWS_CORE_PHASE_SEQ;
    m->r1_seq_warp = e.seq_warp;
    m->r1_pop = e.seq_pop;
    if (ev)
        *ev = e;
}

/* Nothing the core itself does at an edge without a request or a fill:
 * no operation in flight or to re-root, no response to show, no warp that
 * has arrived (a sequencer step), the modes registered as in's. */
static bool core_quiet(const dws_core_t *m, const dws_core_in_t *in)
{
    /* (a stack operation at the last edge was judged the edge before: its
     * response or seq_valid shows, so the stack's own response is covered) */
    return !m->ap_wi.req_valid && !m->ap_si.req_valid && !m->ap_rec.valid && !m->reroot &&
           !m->reroot_warp && !m->fill_valid && !m->r1_taken && !m->r1_seq && !m->rsp_valid &&
           !m->seq_valid && !m->rsp_held && m->policy == in->policy && m->sched == in->sched &&
           !(warp_split_table_arrived(m->wst) & ~faulted_warps(m));
}

void dws_core_idle(dws_core_t *m, const dws_core_in_t *in, uint64_t n)
{
    dws_core_in_t q = {.policy = in->policy, .sched = in->sched, .no_bypass = in->no_bypass};
    for (bool first = true; n && (first || !core_quiet(m, &q)); first = false, n--)
        dws_core_step(m, &q, NULL, NULL);
    if (n)
        warp_split_table_idle(m->wst, &(warp_split_table_in_t){.policy = m->policy,
                                                               .sched = m->sched}, n);
}

/* ------------------------------------------------------------------ */
/* read-only views                                                      */

const dws_core_params_t *dws_core_params(const dws_core_t *m)
{
    return &m->p;
}

const warp_split_table_t *dws_core_wst(const dws_core_t *m)
{
    return m->wst;
}

const recon_stack_t *dws_core_stack(const dws_core_t *m)
{
    return m->stk;
}

dws_core_park_t dws_core_park(const dws_core_t *m, unsigned w)
{
    return w < m->p.num_warps ? m->park[w] : (dws_core_park_t){0};
}

uint32_t dws_core_busy(const dws_core_t *m)
{
    return busy_warps(m);
}

bool dws_core_req_ready(const dws_core_t *m, unsigned warp)
{
    uint32_t busy = busy_warps(m);
    unsigned step;
    return takes(m, phase_of(m, warp_split_table_arrived(m->wst), busy, &step), warp, busy);
}

unsigned dws_core_phase(const dws_core_t *m, unsigned *warp)
{
    if (warp)
        *warp = m->reroot ? m->reroot_warp : 0;
    return m->reroot ? DWS_CORE_PHASE_REROOT : DWS_CORE_PHASE_REQUEST;
}
