/* dws_core testbench: warps running one structured program on the
 * warp-split table and the reconvergence stack together
 * (docs/blocks/dws_core.md), against the composed golden model
 * (csim/dws/dws_core.h).
 *
 * Each warp runs a program generated when it starts: straight code of
 * ALU instructions and loads/stores, if/else regions (a conditional branch,
 * the then side, a jump over the else side, the join: the branch's
 * reconvergence PC) and loops (the body, then a loop branch back to the head
 * whose reconvergence PC is the loop exit), nested a few levels; the warp's
 * exit PC follows the last instruction. Every split of the warp runs it:
 * its next instruction is a function of its PC, so splits meet at branches
 * and at reconvergence points as section 5.3 requires. Per thread, an if's
 * outcome is random (uniform now and then) and a loop continues with a
 * random chance; hit masks are random as in warp_split_table's testbench,
 * and the memory is the same (dws_mem.h). The pipeline issues the scheduler's pick
 * most of the time, another ready split otherwise; a warp that is free (not
 * started, finished, released or faulted) is started again. About 3% of the
 * requests and 2% of the fills are illegal (every error code of the core and
 * of the fill port, MISMATCH both ways); each is checked for its code and,
 * against a shadow model that sees the same cycle without it, for an
 * unchanged state (a fill in the next cycle, when the table judges it: the
 * core registers its fill port). Requests go to warps that are not busy (busy_o); now and
 * then one is presented while req_ready_o is low and must be ignored. The
 * core's two stages are seen here only in the cover rules that look at what
 * the children did with a request: they read it one cycle after its
 * judgement. With --scenario, a directed scenario file is the
 * stimulus instead (verif/dws/scenarios/dws_core_*.scn). */
#include <assert.h>

#include "cosim_kit.h"
#include "dws_core.h"
#include "dws_mem.h"
#include "wst_scn.h"

#define MAX_N WST_NUM_WARPS_MAX
#define MAX_PROG 256
#define LANES bm_low_bits(CFG_WarpWidth)
#define WARP_ID_SPAN (1u << CFG_WarpIdWidth)   /* ids the port can carry */
#define ENTRY_ID_SPAN (1u << CFG_EntryIdWidth)

enum { K_ALU, K_MEM, K_IF, K_JMP, K_LOOP };

typedef struct {
    unsigned kind;
    uint64_t t, f, r; /* K_IF, K_LOOP: taken, fall-through, reconvergence; K_JMP: t */
    uint64_t l;       /* K_IF: likely-convergence PC (PcNone: none) */
} insn_t;

typedef struct {
    dws_core_params_t p;
    dws_core_t *m;
    dws_core_t *shadow; /* the same cycles, without the illegal requests */
    cosim_rng_t rng;
    uint64_t *cover;
    uint64_t pc_none;
    uint64_t now;
    /* each warp's program, and the one being generated */
    insn_t prog[MAX_N][MAX_PROG];
    unsigned plen[MAX_N];
    insn_t *gen;
    unsigned len, max_len, max_nest;
    unsigned owed;            /* instructions the open loops still emit after their body */
    dws_mem_t mem;            /* the memory: waiting threads' due cycles */
    bool fill_arrived[MAX_N]; /* the warp arrived at a reconvergence PC by a fill */
    dws_modes_t modes;       /* the policy and scheduler presented */
    bool no_bypass;          /* no_bypass_i presented (it holds for a while) */
    bool bad_req, bad_fill;
    unsigned bad_code, bad_fill_code;
    /* the fill presented last cycle, which the table judges this cycle (the
     * core registers its fill port) */
    bool bad_fill_q;
    unsigned bad_fill_code_q;
    dws_core_events_t judged; /* last cycle's events: the request the children apply now */
    /* the intent checks' memory: last cycle's request, if a BRANCH taken with
     * its top's reconvergence PC (section 5.5's loop test), and the warps
     * whose stack took a warp-wide branch or pop (refused: OVERFLOW), until
     * they are no longer busy */
    bool loop_taken;
    unsigned loop_warp;
    uint32_t stepped, refused;
    wst_scn_t scn; /* a directed scenario (scn.scn NULL: random stimulus) */
    scenario_mask_expect_t scn_tos_mask;
} tb_t;

/* ---- the program ------------------------------------------------------------- */

static unsigned emit(tb_t *t, unsigned kind)
{
    t->gen[t->len] = (insn_t){.kind = kind};
    return t->len++;
}

/* Room for n more instructions, those the open loops still owe, the exit PC
 * and PcNone after it. */
static bool room(const tb_t *t, unsigned n)
{
    return t->len + n + t->owed + 1 < t->max_len;
}

static void gen_region(tb_t *t, unsigned nest, unsigned budget);

static void gen_if(tb_t *t, unsigned nest, unsigned budget)
{
    unsigned br = emit(t, K_IF);
    gen_region(t, nest + 1, budget * 3 / 4);
    unsigned jmp = 0;
    bool has_else = room(t, 2) && cosim_rng_pct(&t->rng, 60);
    if (has_else) {
        jmp = emit(t, K_JMP);
        gen_region(t, nest + 1, budget * 3 / 4);
    }
    unsigned join = t->len;
    /* with LcpEnable, now and then a likely-convergence PC inside the
     * branch (reached or not: the stack handles both) */
    t->gen[br].l = t->p.lcp_enable && join > br + 2 && cosim_rng_pct(&t->rng, 40)
                       ? br + 2 + cosim_rng_below(&t->rng, join - br - 2)
                       : t->pc_none;
    t->gen[br].t = br + 1;
    t->gen[br].f = has_else ? jmp + 1 : join;
    t->gen[br].r = join;
    if (has_else)
        t->gen[jmp].t = join;
}

static void gen_loop(tb_t *t, unsigned nest, unsigned budget)
{
    unsigned head = t->len;
    if (cosim_rng_pct(&t->rng, 50))
        (void)emit(t, K_MEM); /* a loop body of loads and stores */
    t->owed += 2;             /* an ALU if the body is empty, the LOOP */
    gen_region(t, nest + 1, budget);
    t->owed -= 2;
    if (t->len == head)
        (void)emit(t, K_ALU);
    unsigned lb = emit(t, K_LOOP);
    t->gen[lb].t = head;
    t->gen[lb].f = lb + 1;
    t->gen[lb].r = lb + 1;
}

static void gen_region(tb_t *t, unsigned nest, unsigned budget)
{
    cosim_rng_t *r = &t->rng;
    for (unsigned i = 0; i < budget && room(t, 4); i++) {
        unsigned k = (unsigned)cosim_rng_below(r, 100);
        if (k < 25 && nest < t->max_nest)
            gen_if(t, nest, budget > 2 ? budget - 2 : 1);
        else if (k < 32 && nest < t->max_nest)
            gen_loop(t, nest, budget > 2 ? budget - 2 : 1);
        else
            (void)emit(t, k < 60 ? K_ALU : K_MEM);
    }
}

/* A new program for warp w. */
static void gen_program(tb_t *t, unsigned w)
{
    t->gen = t->prog[w];
    t->len = t->owed = 0;
    do
        gen_region(t, 0, 4 + (unsigned)cosim_rng_below(&t->rng, 12));
    while (t->len < 4 && room(t, 4));
    t->plen[w] = t->len;
    assert(t->len + 1 < t->max_len); /* the exit PC below PcNone */
}

/* ---- stimulus helpers --------------------------------------------------------- */

static uint64_t random_lanes(tb_t *t) { return cosim_rng_next(&t->rng) & LANES; }

static uint64_t hit_mask(tb_t *t, uint64_t mask)
{
    unsigned k = (unsigned)cosim_rng_below(&t->rng, 10);
    uint64_t h = k < 5 ? mask : k < 7 ? 0 : random_lanes(t);
    return h | (random_lanes(t) & ~mask);
}

/* A per-thread branch outcome: uniform now and then, else random. */
static uint64_t outcome(tb_t *t, unsigned kind)
{
    cosim_rng_t *r = &t->rng;
    if (kind == K_LOOP) { /* 1 = go round again, each thread with 70% */
        uint64_t m = 0;
        for (unsigned l = 0; l < t->p.warp_width; l++)
            m |= (uint64_t)cosim_rng_pct(r, 70) << l;
        return m;
    }
    unsigned k = (unsigned)cosim_rng_below(r, 10);
    return k < 2 ? LANES : k < 4 ? 0 : random_lanes(t);
}

static const warp_split_table_t *wst(const tb_t *t) { return dws_core_wst(t->m); }

static unsigned splits_of(const tb_t *t, unsigned w)
{
    unsigned c = 0;
    for (unsigned e = 0; e < t->p.warp_width; e++)
        c += warp_split_table_entry(wst(t), w, e).valid;
    return c;
}

/* A ready split of a warp that is not busy: 1 found. */
static int pick_ready(tb_t *t, uint32_t busy, unsigned *pw, unsigned *pe)
{
    unsigned n = t->p.num_warps * t->p.warp_width;
    unsigned start = (unsigned)cosim_rng_below(&t->rng, n);
    for (unsigned k = 0; k < n; k++) {
        unsigned f = (start + k) % n, w = f / t->p.warp_width, e = f % t->p.warp_width;
        if (!(busy >> w & 1u) && warp_split_table_ready(wst(t), w, e)) {
            *pw = w, *pe = e;
            return 1;
        }
    }
    return 0;
}

/* The request split (w, e) makes at its PC. */
static void issue(tb_t *t, unsigned w, unsigned e, dws_core_in_t *in)
{
    wst_entry_t x = warp_split_table_entry(wst(t), w, e);
    in->req_warp = w, in->req_entry = e;
    if (x.pc >= t->plen[w]) { /* never: a split at the exit has arrived there */
        in->req_valid = false;
        return;
    }
    const insn_t *i = &t->prog[w][x.pc];
    switch (i->kind) {
    case K_ALU:
        in->req_op = DWSC_OP_EXEC, in->req_pc = x.pc + 1;
        break;
    case K_MEM:
        in->req_op = DWSC_OP_MEM, in->req_pc = x.pc + 1, in->req_mask = hit_mask(t, x.mask);
        break;
    case K_JMP:
        in->req_op = DWSC_OP_EXEC, in->req_pc = i->t;
        break;
    default: /* K_IF, K_LOOP */
        in->req_op = DWSC_OP_BRANCH;
        in->req_pc = i->t, in->req_alt_pc = i->f, in->req_rpc = i->r;
        in->req_lpc = i->kind == K_IF ? i->l : t->pc_none;
        in->req_mask = outcome(t, i->kind) | (random_lanes(t) & ~x.mask);
        break;
    }
}

/* A first legal operation on a free warp: INIT at the program's start. */
static void start_warp(tb_t *t, unsigned w, dws_core_in_t *in)
{
    in->req_op = DWSC_OP_INIT, in->req_warp = w;
    in->req_pc = 0, in->req_rpc = t->plen[w];
    do
        in->req_mask = random_lanes(t);
    while (!in->req_mask);
    if (cosim_rng_pct(&t->rng, 40))
        in->req_mask = LANES;
}

/* An injected illegal request (the expected code in bad_code): 1 made. */
static int illegal_request(tb_t *t, const dws_core_out_t *o, dws_core_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned n = t->p.num_warps, w, e;
    switch (cosim_rng_below(r, 9)) {
    case 0:
        in->req_op = DWSC_OP_COUNT + (unsigned)cosim_rng_below(r, 8 - DWSC_OP_COUNT);
        in->req_warp = (unsigned)cosim_rng_below(r, WARP_ID_SPAN);
        t->bad_code = DWSC_ERR_BAD_OP;
        return 1;
    case 1:
        if (WARP_ID_SPAN == n)
            return 0;
        in->req_op = (unsigned)cosim_rng_below(r, DWSC_OP_COUNT);
        in->req_warp = n + (unsigned)cosim_rng_below(r, WARP_ID_SPAN - n);
        t->bad_code = DWSC_ERR_BAD_WARP;
        return 1;
    case 2: /* a free entry, or one past the warp's */
        w = (unsigned)cosim_rng_below(r, n), e = (unsigned)cosim_rng_below(r, ENTRY_ID_SPAN);
        if (e < t->p.warp_width && warp_split_table_entry(wst(t), w, e).valid)
            return 0;
        in->req_op = DWSC_OP_EXEC + (unsigned)cosim_rng_below(r, 3);
        in->req_warp = w, in->req_entry = e, in->req_pc = 1;
        t->bad_code = DWSC_ERR_BAD_ENTRY;
        return 1;
    case 3: /* a suspended or held split */
        w = (unsigned)cosim_rng_below(r, n);
        for (e = 0; e < t->p.warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(wst(t), w, e);
            if (x.valid && (x.held || (x.mask & t->mem.pending[w]))) {
                issue(t, w, e, in);
                t->bad_code = DWSC_ERR_SUSPENDED;
                return in->req_valid;
            }
        }
        return 0;
    case 4: /* a reserved PC */
        if (!pick_ready(t, o->busy, &w, &e))
            return 0;
        issue(t, w, e, in);
        if (in->req_op == DWSC_OP_BRANCH) {
            unsigned k = (unsigned)cosim_rng_below(r, 3);
            *(k == 0 ? &in->req_pc : k == 1 ? &in->req_alt_pc : &in->req_rpc) = t->pc_none;
        } else {
            in->req_pc = t->pc_none;
        }
        t->bad_code = DWSC_ERR_BAD_PC;
        return in->req_valid;
    case 5:
        start_warp(t, (unsigned)cosim_rng_below(r, n), in);
        if (cosim_rng_pct(r, 50)) {
            in->req_pc = t->pc_none;
            t->bad_code = DWSC_ERR_BAD_PC;
        } else {
            in->req_mask = 0;
            t->bad_code = DWSC_ERR_BAD_MASK;
        }
        return 1;
    case 6:
        w = (unsigned)cosim_rng_below(r, n);
        if (!t->mem.pending[w])
            return 0;
        start_warp(t, w, in);
        if (cosim_rng_pct(r, 50))
            in->req_op = DWSC_OP_RELEASE;
        t->bad_code = DWSC_ERR_BUSY;
        return 1;
    default: { /* MISMATCH: an arrival unlike the warp's held splits */
        if (!pick_ready(t, o->busy, &w, &e))
            return 0;
        dws_core_park_t pk = dws_core_park(t->m, w);
        wst_entry_t x = warp_split_table_entry(wst(t), w, e);
        recon_stack_entry_t top;
        unsigned d = recon_stack_depth(dws_core_stack(t->m), w);
        if (pk.kind == DWSC_PARK_NONE || !d || !recon_stack_entry(dws_core_stack(t->m), w, d - 1, &top))
            return 0;
        in->req_warp = w, in->req_entry = e;
        in->req_mask = x.mask;
        if (pk.kind == DWSC_PARK_BRANCH && cosim_rng_pct(r, 50)) {
            in->req_op = DWSC_OP_EXEC + (unsigned)cosim_rng_below(r, 2);
            in->req_pc = top.rpc; /* at the reconvergence PC */
            if (top.rpc == t->pc_none)
                return 0;
        } else {
            /* a branch that is not a loop bypass: rpc differs from the top's */
            in->req_op = DWSC_OP_BRANCH;
            in->req_rpc = (top.rpc + 1 + cosim_rng_below(r, 3)) % t->pc_none;
            if (in->req_rpc == top.rpc)
                return 0;
            in->req_pc = pk.kind == DWSC_PARK_BRANCH ? pk.tpc + 1 : 0;
            in->req_pc %= t->pc_none;
            in->req_alt_pc = pk.fpc % t->pc_none;
            in->req_lpc = t->pc_none;
        }
        t->bad_code = DWSC_ERR_MISMATCH;
        return 1;
    }
    }
}

static void random_request(tb_t *t, const dws_core_out_t *o, dws_core_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned n = t->p.num_warps;
    if (!cosim_rng_pct(r, 90))
        return;
    in->req_valid = true;
    if (cosim_rng_pct(r, 3) && illegal_request(t, o, in)) {
        t->bad_req = true;
        return;
    }
    /* a free warp starts (or a faulted one restarts); now and then a live
     * one without waiting threads is released */
    unsigned w = (unsigned)cosim_rng_below(r, n), e;
    if (o->busy >> w & 1u) {
        in->req_valid = false;
        return;
    }
    if (!t->mem.pending[w] && (splits_of(t, w) == 0 || ((o->fault >> w) & 1u) ||
                           cosim_rng_below(r, 20000) == 0)) {
        if (splits_of(t, w) && cosim_rng_pct(r, 30)) {
            in->req_op = DWSC_OP_RELEASE, in->req_warp = w;
            return;
        }
        gen_program(t, w);
        start_warp(t, w, in);
        return;
    }
    if (o->sel_valid && !(o->busy >> o->sel_warp & 1u) && cosim_rng_pct(r, 85))
        w = o->sel_warp, e = o->sel_entry;
    else if (!pick_ready(t, o->busy, &w, &e)) {
        in->req_valid = false;
        return;
    }
    issue(t, w, e, in);
}

/* ---- checks ------------------------------------------------------------------- */

/* The state as the read-only views show it. */
static bool same_state(const dws_core_t *a, const dws_core_t *b, const dws_core_params_t *p)
{
    const warp_split_table_t *wa = dws_core_wst(a), *wb = dws_core_wst(b);
    const recon_stack_t *sa = dws_core_stack(a), *sb = dws_core_stack(b);
    unsigned ra, rb;
    if (warp_split_table_sum_rmfc(wa) != warp_split_table_sum_rmfc(wb) ||
        dws_core_phase(a, &ra) != dws_core_phase(b, &rb) || ra != rb)
        return false;
    for (unsigned w = 0; w < p->num_warps; w++) {
        dws_core_park_t ka = dws_core_park(a, w), kb = dws_core_park(b, w);
        if (ka.kind != kb.kind || ka.taken != kb.taken || ka.fault != kb.fault ||
            (ka.kind == DWSC_PARK_BRANCH &&
             (ka.tpc != kb.tpc || ka.fpc != kb.fpc || ka.rpc != kb.rpc)))
            return false;
        if (warp_split_table_pending(wa, w) != warp_split_table_pending(wb, w) ||
            recon_stack_depth(sa, w) != recon_stack_depth(sb, w))
            return false;
        for (unsigned l = 0; l < recon_stack_depth(sa, w); l++) {
            recon_stack_entry_t x, y;
            recon_stack_entry(sa, w, l, &x);
            recon_stack_entry(sb, w, l, &y);
            if (x.pc != y.pc || x.rpc != y.rpc || !bm_eq(&x.mask, &y.mask))
                return false;
        }
        for (unsigned e = 0; e < p->warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(wa, w, e), y = warp_split_table_entry(wb, w, e);
            if (x.valid != y.valid || x.held != y.held || x.pc != y.pc || x.mask != y.mask ||
                x.icount != y.icount || x.mfc != y.mfc || x.rmfc != y.rmfc)
                return false;
        }
    }
    return true;
}

/* The core's invariant: a warp's splits hold exactly its top's threads
 * (but for a busy warp: its table and stack may be a stage apart). */
static int check_tops(const tb_t *t, char *err, size_t errlen)
{
    uint32_t busy = dws_core_busy(t->m);
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        if (busy >> w & 1u)
            continue;
        uint64_t all = 0;
        for (unsigned e = 0; e < t->p.warp_width; e++)
            all |= warp_split_table_entry(wst(t), w, e).mask;
        if (!all)
            continue;
        recon_stack_entry_t top;
        unsigned d = recon_stack_depth(dws_core_stack(t->m), w);
        if (!d || !recon_stack_entry(dws_core_stack(t->m), w, d - 1, &top) ||
            top.mask.w[0] != all) {
            snprintf(err, errlen, "warp %u: its splits hold 0x%llx, its top of stack does not",
                     w, (unsigned long long)all);
            return -1;
        }
    }
    return 0;
}

/* ---- intent checks ------------------------------------------------------------
 * What the warp-split table and the stack are composed for (DWS sections
 * 5.3-5.5), checked on every cycle from the ports (arrived_o, the top of
 * stack shown with a request) and the children's state and operations --
 * not from the composed model, whose wiring is the RTL's: a wiring changed
 * alike in both passes the lockstep comparison, not these.
 *   1. Section 5.3 ("upon conditional branches, the warp-splits have to wait
 *      for and eventually merge with others belonging to the same warp"):
 *      a warp's stack takes a branch or a pop only when every split of the
 *      warp has arrived (arrived_o) -- or, section 5.5, a split's branch
 *      whose reconvergence PC "matches that on top of the reconvergence
 *      stack" (a loop's), taken the cycle before.
 *   2. Section 5.4 ("threads marked by the top of the stack are executed
 *      until they reach the post-dominator and pops the stack"): a split
 *      that has run to its top's reconvergence PC does not run on: it is
 *      held there.
 *   3. Section 5.4 ("after a conditional branch, the active threads marked
 *      on the top of the warp's reconvergence stack is regarded as the
 *      initial warp-split"): when the warp is no longer busy after its
 *      stack took its branch or pop, it has one split, ready, at the top's
 *      PC with the top's threads; none if the stack emptied (the warp
 *      finished); and if the stack refused the branch (OVERFLOW), its
 *      splits still wait. */

/* Check 1, on the operation the stack applies at this edge (o: the
 * outputs of the cycle, the state before the edge). */
static int intent_stack_op(tb_t *t, const dws_core_in_t *in, const dws_core_out_t *o,
                           const dws_core_events_t *ev, char *err, size_t errlen)
{
    const recon_stack_in_t *s = &ev->stk_in;
    if (s->req_valid && (s->req_op == RS_OP_BRANCH || s->req_op == RS_OP_ADVANCE)) {
        unsigned w = s->req_warp;
        uint32_t bit = UINT32_C(1) << w;
        bool loop = s->req_op == RS_OP_BRANCH && t->loop_taken && t->loop_warp == w;
        if (!(o->arrived & bit) && !loop) {
            snprintf(err, errlen, "intent (DWS 5.3): warp %u's stack takes a %s before every "
                     "split of the warp has arrived", w, rs_op_name(s->req_op));
            return -1;
        }
        if (o->arrived & bit) {
            t->stepped |= bit;
            t->refused = ev->stk.err != RS_ERR_NONE ? t->refused | bit : t->refused & ~bit;
        }
    }
    t->loop_taken = in->req_valid && o->req_ready && in->req_op == DWSC_OP_BRANCH &&
                    o->tos_valid && in->req_rpc == o->tos_rpc;
    t->loop_warp = in->req_warp;
    return 0;
}

/* Checks 2 and 3, on the state after the edge, for the warps that are not
 * busy (a busy warp's table and stack may be a stage apart). */
static int intent_splits(tb_t *t, char *err, size_t errlen)
{
    uint32_t busy = dws_core_busy(t->m);
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        uint32_t bit = UINT32_C(1) << w;
        if (busy & bit)
            continue;
        recon_stack_entry_t top;
        unsigned d = recon_stack_depth(dws_core_stack(t->m), w);
        bool have_top = d && recon_stack_entry(dws_core_stack(t->m), w, d - 1, &top);
        unsigned n = 0;
        bool all_held = true;
        wst_entry_t one = {0};
        for (unsigned e = 0; e < t->p.warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(wst(t), w, e);
            if (!x.valid)
                continue;
            n++, one = x, all_held &= x.held;
            /* (a warp started at its exit PC is at its top's rpc without
             * having run there: INIT takes that, and the split waits for
             * nobody) */
            if (have_top && !x.held && x.pc == top.rpc && top.pc != top.rpc) {
                snprintf(err, errlen, "intent (DWS 5.4): warp %u's split %u runs on from its "
                         "top's reconvergence PC 0x%llx", w, e, (unsigned long long)top.rpc);
                return -1;
            }
        }
        if (!(t->stepped & bit))
            continue;
        t->stepped &= ~bit;
        bool ok = (t->refused & bit) ? n && all_held
                  : !have_top        ? n == 0
                                     : n == 1 && !one.held && one.pc == top.pc &&
                                           one.mask == top.mask.w[0];
        if (!ok) {
            snprintf(err, errlen, "intent (DWS 5.4): after warp %u's %s, its %u split(s) are not "
                     "%s", w, (t->refused & bit) ? "refused branch" : "branch or pop", n,
                     (t->refused & bit) ? "still waiting"
                     : have_top         ? "the one initial split of its top of stack"
                                        : "gone (its stack is empty)");
            return -1;
        }
    }
    return 0;
}

/* ---- directed scenarios ------------------------------------------------------- */

/* What an expect or peek line may check besides the table's keys (wst_scn.h,
 * slots 0 .. WSK_COUNT-1): the core's response, its ready and busy
 * outputs, its sequencer, the stack's response, the fault bits and the top
 * of stack (and tos_mask=). */
enum { CK_ERR, CK_RSP_HELD, CK_READY, CK_BUSY, CK_SEQ, CK_SEQ_W, CK_SEQ_POP, CK_STK_RSP, CK_STK_ERR,
       CK_STK_STICKY, CK_WST_STICKY, CK_FAULT, CK_TOS_VALID, CK_TOS_PC, CK_TOS_RPC,
       CK_TOS_DEPTH, CK_COUNT };
_Static_assert(WSK_COUNT + CK_COUNT <= SCN_MAX_EXPECT, "expect keys of dws_core");
static const scenario_key_t core_keys[CK_COUNT] = {
    [CK_ERR] = {"err", dwsc_err_words, "rsp_err_o"},
    [CK_RSP_HELD] = {"rsp_held", NULL, "rsp_held_o"},
    [CK_READY] = {"ready", NULL, "req_ready_o"},
    [CK_BUSY] = {"busy", NULL, "busy_o"},
    [CK_SEQ] = {"seq", NULL, "seq_valid_o"},
    [CK_SEQ_W] = {"seq_w", NULL, "seq_warp_o"},
    [CK_SEQ_POP] = {"seq_pop", NULL, "seq_pop_o"},
    [CK_STK_RSP] = {"stk_rsp", NULL, "stk_rsp_valid_o"},
    [CK_STK_ERR] = {"stk_err", rs_err_words, "stk_err_o"},
    [CK_STK_STICKY] = {"stk_sticky", NULL, "stk_sticky_o"},
    [CK_WST_STICKY] = {"wst_sticky", NULL, "wst_sticky_o"},
    [CK_FAULT] = {"fault", NULL, "fault_o"},
    [CK_TOS_VALID] = {"tos_valid", NULL, "tos_valid_o"},
    [CK_TOS_PC] = {"tos_pc", NULL, "tos_pc_o"},
    [CK_TOS_RPC] = {"tos_rpc", NULL, "tos_rpc_o"},
    [CK_TOS_DEPTH] = {"tos_depth", NULL, "tos_depth_o"},
};

/* A line: `init w= pc= [rpc=] mask=`, `exec w= e= pc=`, `mem w= e= pc= hit=`,
 * `branch w= e= pc= alt= rpc= [lpc=] taken=`, `release w=` (rpc and lpc
 * default to none); `fill w= mask=`; `idle`; `expect`/`peek [w= e=]`. Any
 * line may set policy=, sched= and no_bypass= (they hold); a request line may carry a
 * fill (fill= fw=). w= and e= also address the read ports. */
static const scenario_verb_t dwsc_verbs[] = {
    {"init", "INIT: stack {pc, rpc = the warp's exit, mask} and one split {pc, mask}"},
    {"exec", "EXEC: split e runs a non-memory instruction; pc = its next PC"},
    {"mem", "MEM: a load or store of split e; hit= the threads that hit"},
    {"branch", "BRANCH: split e's conditional branch; taken= its threads' outcome (rpc and lpc "
               "default to none)"},
    {"release", "RELEASE of warp w"},
    {"fill", "a fill only: mask= the threads of warp w whose data returned"},
    {NULL, NULL},
};

static int scenario_request_keys(tb_t *t, scenario_line_t *l, dws_core_in_t *in, char *err,
                                 size_t errlen);

static int scenario_request(tb_t *t, dws_core_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = wst_scn_begin(&t->scn, WST_SCN_IN(in), err, errlen);
    if (rc)
        return rc;
    uint64_t nb;
    if ((rc = scenario_get_bits(l, "no_bypass", 1, &nb, err, errlen)) < 0)
        return -1;
    if (rc)
        t->no_bypass = nb != 0; /* holds until changed, as policy= */
    in->no_bypass = t->no_bypass;
    if (!t->scn.check && scenario_request_keys(t, l, in, err, errlen))
        return -1;
    /* the checks, on any line */
    if (wst_scn_expect_read(l, &t->scn.exp, core_keys, CK_COUNT, err, errlen)||
        scenario_expect_mask_read(l, &t->scn_tos_mask, "tos_mask", CFG_WarpWidth, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

/* A request line (or idle, fill): 0, or -1 (unknown operation, bad value). */
static int scenario_request_keys(tb_t *t, scenario_line_t *l, dws_core_in_t *in, char *err,
                                 size_t errlen)
{
    uint64_t op;
    int rc = wst_scn_op_line(l, dwsc_op_words, WST_SCN_IN(in), &op, err, errlen);
    if (rc <= 0)
        return rc;
    static const char *const mask_key[DWSC_OP_COUNT] = {
        [DWSC_OP_INIT] = "mask", [DWSC_OP_MEM] = "hit", [DWSC_OP_BRANCH] = "taken"};
    in->req_valid = true;
    in->req_op = (unsigned)op;
    in->req_rpc = in->req_lpc = t->pc_none;
    if (scenario_get_bits(l, "pc", CFG_PcWidth, &in->req_pc, err, errlen) < 0 ||
        scenario_get_bits(l, "alt", CFG_PcWidth, &in->req_alt_pc, err, errlen) < 0 ||
        scenario_get_bits(l, "rpc", CFG_PcWidth, &in->req_rpc, err, errlen) < 0 ||
        scenario_get_bits(l, "lpc", CFG_PcWidth, &in->req_lpc, err, errlen) < 0 ||
        (mask_key[op] && wst_scn_get_mask(l, mask_key[op], &in->req_mask, err, errlen) < 0))
        return -1;
    return 0;
}

/* An expect or peek line against the model's outputs. */
static int scenario_check(tb_t *t, const dws_core_out_t *o, char *err, size_t errlen)
{
    const uint64_t got[WSK_COUNT] = WST_SCN_GOT(o), masks[WSM_COUNT] = WST_SCN_MASKS(o);
    const uint64_t own[CK_COUNT] = {
        [CK_ERR] = o->rsp_err,          [CK_RSP_HELD] = o->rsp_held,
        [CK_READY] = o->req_ready,      [CK_BUSY] = o->busy,
        [CK_SEQ] = o->seq_valid,
        [CK_SEQ_W] = o->seq_warp,       [CK_SEQ_POP] = o->seq_pop,
        [CK_STK_RSP] = o->stk_rsp_valid, [CK_STK_ERR] = o->stk_err,
        [CK_STK_STICKY] = o->stk_sticky, [CK_WST_STICKY] = o->wst_sticky,
        [CK_FAULT] = o->fault,          [CK_TOS_VALID] = o->tos_valid,
        [CK_TOS_PC] = o->tos_pc,        [CK_TOS_RPC] = o->tos_rpc,
        [CK_TOS_DEPTH] = o->tos_depth,
    };
    bitmask_t tos;
    bm_from_u64(&tos, o->tos_mask);
    return wst_scn_expect_check(&t->scn.line, &t->scn.exp, got, masks, core_keys, CK_COUNT, own,
                                err, errlen) ||
                   scenario_expect_mask_check(&t->scn.line, &t->scn_tos_mask, &tos, err, errlen)
               ? -1
               : 0;
}

/* ---- cover rules --------------------------------------------------------------- */

/* The warps that have arrived, after the edge. */
static uint32_t out_arrived(const tb_t *t)
{
    warp_split_table_out_t o;
    warp_split_table_eval(wst(t), &(warp_split_table_in_t){0}, &o);
    return o.arrived;
}

static void cover(tb_t *t, const dws_core_events_t *ev)
{
    uint64_t *c = t->cover;
    /* the request judged last cycle, which the children applied at this edge */
    const dws_core_events_t *ap = &t->judged;
    if (ap->taken && ap->err == DWSC_ERR_NONE) {
        c[DWSC_CV_BRANCH_WAIT] += ap->held && ap->op == DWSC_OP_BRANCH &&
                                  !((out_arrived(t) >> ap->warp) & 1u);
        c[DWSC_CV_BYPASS_KEEP] += ap->bypass && ap->bypass_kept && ev->stk.loop_exit;
    }
    t->judged = *ev;
    bool seq = ev->phase == DWS_CORE_PHASE_SEQ;
    if (seq) {
        c[DWSC_CV_BRANCH_WARP] += !ev->seq_pop;
        c[DWSC_CV_BRANCH_THREE] += !ev->seq_pop && ev->seq_splits >= 3;
        c[DWSC_CV_POP_WARP] += ev->seq_park == DWSC_PARK_RPC;
        c[DWSC_CV_LCP_MERGE] += ev->seq_park == DWSC_PARK_LPC;
        c[DWSC_CV_POP_FILL] += ev->seq_park == DWSC_PARK_RPC && t->fill_arrived[ev->seq_warp];
        c[DWSC_CV_SEQ_WHILE_FILL] += ev->wst.fill && !ev->wst.fill_err;
        t->fill_arrived[ev->seq_warp] = false;
    }
    if (ev->wst.arrived_fill)
        t->fill_arrived[ev->wst_in.fill_warp % MAX_N] = true;
    c[DWSC_CV_EXIT] += ev->reroot_release;
    c[DWSC_CV_FAULT] += ev->reroot_fault;
    c[DWSC_CV_REQ_WHILE_BUSY] += ev->ignored;
    if (!ev->taken)
        return;
    bool ok = ev->err == DWSC_ERR_NONE;
    c[DWSC_CV_ERR_MISMATCH] += ev->err == DWSC_ERR_MISMATCH;
    c[DWSC_CV_ERR_BAD_PC] += ev->err == DWSC_ERR_BAD_PC;
    c[DWSC_CV_BYPASS_OFF] += ok && ev->bypass_off;
    if (ok && ev->bypass) {
        c[DWSC_CV_BYPASS_FREE] += !ev->bypass_kept && !ev->bypass_pop;
        c[DWSC_CV_BYPASS_POP] += ev->bypass_pop;
        c[DWSC_CV_BYPASS_HELD] += ev->park == DWSC_PARK_BRANCH;
        c[DWSC_CV_SPLIT_IN_LOOP] += ev->bypass_kept && ev->splits >= 2;
    }
}

/* ---- cosim_testbench_t callbacks -------------------------------------------------- */

static void tb_reset(tb_t *t)
{
    dws_mem_reset(&t->mem);
    t->no_bypass = false;
    memset(t->fill_arrived, 0, sizeof t->fill_arrived);
    memset(&t->judged, 0, sizeof t->judged);
    t->bad_fill = t->bad_fill_q = false;
    t->loop_taken = false;
    t->stepped = t->refused = 0;
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_DWS_CORE];
    cosim_rng_seed(&t->rng, o->seed);
    t->pc_none = bm_low_bits(t->p.pc_width);
    dws_mem_init(&t->mem, t->p.num_warps, t->p.warp_width, WARP_ID_SPAN);
    /* PCs 0 .. len: the exit PC (len) below PcNone */
    t->max_len = t->pc_none < MAX_PROG ? (unsigned)t->pc_none : MAX_PROG;
    /* nest deep enough to overflow the small stacks (cover point fault) */
    t->max_nest = t->p.depth <= 8 ? 6 : 3;
    for (unsigned w = 0; w < t->p.num_warps; w++)
        gen_program(t, w);
    t->scn.scn = o->scn;
    tb_reset(t);
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, dws_core_in_t *in, char *err, size_t errlen)
{
    cosim_rng_t *r = &t->rng;
    (void)err, (void)errlen;
    t->now = cycle;
    t->bad_req = t->bad_fill = false;
    if (t->scn.scn)
        return scenario_request(t, in, err, errlen);
    dws_modes_next(&t->modes, r);
    in->policy = t->modes.policy;
    in->sched = t->modes.sched;
    if (cosim_rng_below(r, 256) == 0) /* loop bypass off now and then, for a while */
        t->no_bypass = cosim_rng_pct(r, 30);
    in->no_bypass = t->no_bypass;
    in->rd_warp = (unsigned)cosim_rng_below(r, WARP_ID_SPAN);
    in->rd_entry = (unsigned)cosim_rng_below(r, ENTRY_ID_SPAN);
    dws_core_out_t o;
    dws_core_eval(t->m, in, &o);
    random_request(t, &o, in);
    /* not taken after all (a sequencer step, or the warp is busy): presented
     * and ignored now and then */
    if (in->req_valid && !dws_core_req_ready(t->m, in->req_warp) && !cosim_rng_pct(r, 20))
        in->req_valid = t->bad_req = false;
    /* a warp with no operation in flight: no thread of it starts waiting
     * before the fill reaches the table */
    t->bad_fill_code = dws_mem_fill(&t->mem, r, cycle, MAX_N, ~o.busy, &in->fill_valid,
                                    &in->fill_warp, &in->fill_mask);
    t->bad_fill = t->bad_fill_code != 0;
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const dws_core_in_t *in, dws_core_out_t *out,
                    char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        dws_core_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    dws_core_events_t ev;
    dws_core_step(t->m, in, out, &ev);
    cover(t, &ev);
    if (intent_stack_op(t, in, out, &ev, err, errlen) || intent_splits(t, err, errlen))
        return -1;
    if (t->scn.scn) {
        dws_core_step(t->shadow, in, NULL, NULL);
        return check_tops(t, err, errlen) || (t->scn.scn && scenario_check(t, out, err, errlen))
                   ? -1
                   : 0;
    }
    dws_core_in_t legal = *in;
    legal.req_valid &= !t->bad_req;
    legal.fill_valid &= !t->bad_fill;
    dws_core_step(t->shadow, &legal, NULL, NULL);
    if (t->bad_req && ev.taken && ev.err != t->bad_code) {
        snprintf(err, errlen, "injected illegal request (op %u, warp %u, entry %u): expected "
                 "error %u, model reports %u", in->req_op, in->req_warp, in->req_entry,
                 t->bad_code, ev.err);
        return -1;
    }
    if (t->bad_fill_q && ev.wst.fill_err != t->bad_fill_code_q) {
        snprintf(err, errlen, "injected illegal fill (warp %u), presented last cycle: expected "
                 "error %u, model reports %u", ev.wst_in.fill_warp, t->bad_fill_code_q,
                 ev.wst.fill_err);
        return -1;
    }
    /* the two models saw the same inputs but on such cycles: only these can
     * part them (a fill is judged a cycle after it is presented) */
    if ((t->bad_req || t->bad_fill_q) && !same_state(t->m, t->shadow, &t->p)) {
        snprintf(err, errlen, "a rejected request or fill changed the model's state");
        return -1;
    }
    if (check_tops(t, err, errlen))
        return -1;
    dws_mem_schedule(&t->mem, &t->rng, wst(t), t->now, NULL, NULL);
    return 0;
}

COSIM_TESTBENCH_SHADOWED(tb_t, dws_core, true, NULL, tb_reset, .verbs = dwsc_verbs);
