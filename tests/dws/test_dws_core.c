/* Unit tests of the dws_core golden model (csim/dws/dws_core.c): the
 * warp-split table and the per-warp reconvergence stack composed.
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -g -fsanitize=address,undefined \
 *       -fno-sanitize-recover=all -Icsim/common -Icsim/dws -Icsim/pdom -Itests/common \
 *       csim/common/prio_enc.c csim/dws/warp_split_table.c csim/pdom/recon_stack.c \
 *       csim/dws/dws_core.c tests/dws/test_dws_core.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/dws_core.md, the
 * children's pages (warp_split_table.md, recon_stack.md) and the DWS paper
 * (ISCA'10): section 5.3 (the splits of a warp wait for each other at a
 * conditional branch), 5.4 (after the branch the top of stack is the
 * initial split), 5.5 (loop bypassing). The children's own rules are tested
 * in test_warp_split_table.c and test_recon_stack.c; these tests are about
 * the core: judging, the held splits' record, the sequencer and the
 * re-root. Masks are written with thread 0 as bit 0; a stack entry is
 * {pc, rpc, mask}, a split {pc, mask}. Every cycle is stepped through
 * cycle(), which also checks that eval() shows what step() shows. The core
 * is two stages: the helpers for a request, a sequencer step and a re-root
 * step the cycle that judges it and the cycle in which the children apply
 * it, so that its response and effects show when they return. */
#include <string.h>

#include "test_util.h"

#include "dws_core.h"

#define NONE8 UINT64_C(0xff) /* PcNone of 8-bit PCs */

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(dws_core, DWSC_OK)

typedef dws_core_t core_t;
typedef dws_core_in_t in_t;
typedef dws_core_out_t out_t;
typedef dws_core_events_t ev_t;

enum { REQ = DWS_CORE_PHASE_REQUEST, SEQ = DWS_CORE_PHASE_SEQ,
       REROOT = DWS_CORE_PHASE_REROOT, AGG = WST_POLICY_AGGRESS };

/* N warps of 4 threads, 8-bit PCs, the `small` configuration's counters
 * (InitMemLat 6), stacks of `depth` entries. */
static core_t *make(unsigned n, unsigned depth, bool lcp)
{
    dws_core_params_t p = {n, 4, 8, 4, 3, 4, 4, 6, depth, lcp};
    return create_ok(&p);
}

/* Every output, for comparing two output structs field by field: the
 * core's own and the warp-split table's (DWSC_WARP_SPLIT_TABLE_OUTS). */
#define CORE_OUTS(X)                                                                      \
    X(bool, req_ready, ) X(bool, rsp_valid, ) X(unsigned, rsp_err, ) X(bool, rsp_held, )  \
    X(unsigned, err_sticky, ) X(unsigned, wst_sticky, ) X(bool, seq_valid, )              \
    X(unsigned, seq_warp, ) X(bool, seq_pop, ) X(bool, stk_rsp_valid, )                   \
    X(unsigned, stk_err, ) X(unsigned, stk_sticky, ) X(uint32_t, fault, )                 \
    X(bool, tos_valid, ) X(uint64_t, tos_pc, ) X(uint64_t, tos_rpc, )                     \
    X(uint64_t, tos_mask, ) X(unsigned, tos_depth, ) X(bool, fill_rsp_valid, )
#define SAME_OUT_(type, f, dims) assert_int_equal(a->f, b->f);

static void same_out(const out_t *a, const out_t *b)
{
    CORE_OUTS(SAME_OUT_)
    DWSC_WARP_SPLIT_TABLE_OUTS(SAME_OUT_)
}

/* One clock cycle; eval() beforehand must show the outputs step() shows,
 * and the state-only queries the busy and ready that eval() shows. */
static ev_t cycle(core_t *c, in_t in)
{
    out_t pre, out;
    ev_t ev;
    dws_core_eval(c, &in, &pre);
    assert_int_equal(dws_core_busy(c), pre.busy);
    assert_int_equal(dws_core_req_ready(c, in.req_warp), pre.req_ready);
    dws_core_step(c, &in, &out, &ev);
    same_out(&pre, &out);
    return ev;
}

static in_t req_in(unsigned op, unsigned w, unsigned e, uint64_t pc, uint64_t mask)
{
    return (in_t){.policy = AGG, .req_valid = true, .req_op = op, .req_warp = w,
                  .req_entry = e, .req_pc = pc, .req_mask = mask};
}

static in_t branch_in(unsigned w, unsigned e, uint64_t tpc, uint64_t fpc, uint64_t rpc,
                      uint64_t lpc, uint64_t mask)
{
    in_t in = req_in(DWSC_OP_BRANCH, w, e, tpc, mask);
    in.req_alt_pc = fpc;
    in.req_rpc = rpc;
    in.req_lpc = lpc;
    return in;
}

static ev_t idle(core_t *c)
{
    return cycle(c, (in_t){.policy = AGG});
}

/* The core's two stages: a cycle that judges (its events), then an idle
 * cycle in which the children apply what it judged (their inputs and
 * events). Its response and effects show after both. */
static ev_t judged_then_applied(core_t *c, in_t in)
{
    ev_t ev = cycle(c, in);
    ev_t ap = idle(c);
    ev.wst_in = ap.wst_in;
    ev.wst = ap.wst;
    ev.stk_in = ap.stk_in;
    ev.stk = ap.stk;
    return ev;
}

/* A request taken in a REQUEST cycle and accepted, and applied. */
static ev_t ok(core_t *c, in_t in)
{
    ev_t ev = judged_then_applied(c, in);
    assert_int_equal(ev.phase, REQ);
    assert_true(ev.taken);
    assert_int_equal(ev.err, DWSC_ERR_NONE);
    return ev;
}

static ev_t init(core_t *c, unsigned w, uint64_t pc, uint64_t rpc, uint64_t mask)
{
    in_t in = req_in(DWSC_OP_INIT, w, 0, pc, mask);
    in.req_rpc = rpc;
    return ok(c, in);
}

static ev_t exec(core_t *c, unsigned w, unsigned e, uint64_t npc)
{
    return ok(c, req_in(DWSC_OP_EXEC, w, e, npc, 0));
}

/* MEM with the WST's kind. */
static ev_t mem(core_t *c, unsigned w, unsigned e, uint64_t npc, uint64_t hit, unsigned kind)
{
    ev_t ev = ok(c, req_in(DWSC_OP_MEM, w, e, npc, hit));
    assert_int_equal(ev.wst.kind, kind);
    return ev;
}

static ev_t branch(core_t *c, unsigned w, unsigned e, uint64_t tpc, uint64_t fpc, uint64_t rpc,
                   uint64_t lpc, uint64_t mask)
{
    return ok(c, branch_in(w, e, tpc, fpc, rpc, lpc, mask));
}

static in_t fill_in(unsigned w, uint64_t mask)
{
    return (in_t){.policy = AGG, .fill_valid = true, .fill_warp = w, .fill_mask = mask};
}

/* A fill presented, then accepted by the WST in the next cycle (the core
 * registers its fill port), waking the entries `woken` of warp w: the
 * events of that next cycle. */
static ev_t fill(core_t *c, unsigned w, uint64_t mask, uint64_t woken)
{
    ev_t ev = cycle(c, fill_in(w, mask));
    assert_false(ev.wst_in.fill_valid);
    ev = idle(c);
    assert_true(ev.wst_in.fill_valid);
    assert_int_equal(ev.wst.fill_err, WST_ERR_NONE);
    assert_int_equal(ev.wst.woken, woken);
    return ev;
}

/* An idle cycle that judges a sequencer step (SEQ) or a re-root (REROOT)
 * of warp w. */
static ev_t idle_judging(core_t *c, unsigned phase, unsigned w)
{
    ev_t ev = idle(c);
    assert_int_equal(ev.phase, phase);
    assert_int_equal(phase == SEQ ? ev.seq_warp : ev.reroot_warp, w);
    return ev;
}

/* The outputs of the current cycle (no edge) with req_warp_i = w and the
 * read port on (w, e). */
static out_t view(const core_t *c, unsigned w, unsigned e)
{
    out_t o;
    dws_core_eval(c, &(in_t){.req_warp = w, .rd_warp = w, .rd_entry = e}, &o);
    return o;
}

/* Split e of warp w is {pc, mask}, held or not. */
static void check_split(const core_t *c, unsigned w, unsigned e, bool held, uint64_t pc,
                        uint64_t mask)
{
    wst_entry_t x = warp_split_table_entry(dws_core_wst(c), w, e);
    assert_true(x.valid);
    assert_int_equal(x.held, held);
    assert_int_equal(x.pc, pc);
    assert_int_equal(x.mask, mask);
}

static void check_free(const core_t *c, unsigned w, unsigned e)
{
    assert_false(warp_split_table_entry(dws_core_wst(c), w, e).valid);
}

/* Stack entry `level` of warp w is {pc, rpc, mask}. */
static void check_level(const core_t *c, unsigned w, unsigned level, uint64_t pc, uint64_t rpc,
                        uint64_t mask)
{
    recon_stack_entry_t x;
    assert_true(recon_stack_entry(dws_core_stack(c), w, level, &x));
    assert_int_equal(x.pc, pc);
    assert_int_equal(x.rpc, rpc);
    assert_int_equal(x.mask.w[0], mask);
}

/* The top of warp w's stack as tos_* shows it (a REQUEST cycle on w). */
static void check_tos(const core_t *c, unsigned w, uint64_t pc, uint64_t rpc, uint64_t mask,
                      unsigned depth)
{
    out_t o = view(c, w, 0);
    assert_true(o.req_ready);
    assert_true(o.tos_valid);
    assert_int_equal(o.tos_pc, pc);
    assert_int_equal(o.tos_rpc, rpc);
    assert_int_equal(o.tos_mask, mask);
    assert_int_equal(o.tos_depth, depth);
    assert_int_equal(recon_stack_depth(dws_core_stack(c), w), depth);
}

static void check_park(const core_t *c, unsigned w, unsigned kind, uint64_t taken)
{
    dws_core_park_t k = dws_core_park(c, w);
    assert_int_equal(k.kind, kind);
    assert_int_equal(k.taken, taken);
}

static void check_targets(const core_t *c, unsigned w, uint64_t tpc, uint64_t fpc,
                          uint64_t rpc, uint64_t lpc)
{
    dws_core_park_t k = dws_core_park(c, w);
    assert_int_equal(k.tpc, tpc);
    assert_int_equal(k.fpc, fpc);
    assert_int_equal(k.rpc, rpc);
    assert_int_equal(k.lpc, lpc);
}

/* The sequencer's step for warp w (the port is not ready and the read
 * port shows w whatever req_warp_i is): the pop or the branch, taken with
 * `splits` WST entries, judged and applied. Returns its events. */
static ev_t seq(core_t *c, unsigned w, bool pop, unsigned splits)
{
    out_t o = view(c, w ^ 1u, 0);
    assert_false(o.req_ready);
    assert_int_equal(o.arrived >> w & 1u, 1);
    ev_t ev = judged_then_applied(c, (in_t){.policy = AGG});
    assert_int_equal(ev.phase, SEQ);
    assert_false(ev.taken);
    assert_int_equal(ev.seq_warp, w);
    assert_int_equal(ev.seq_pop, pop);
    assert_int_equal(ev.seq_splits, splits);
    assert_false(ev.wst_in.req_valid);
    assert_true(ev.stk_in.req_valid);
    assert_int_equal(ev.stk_in.req_op, pop ? RS_OP_ADVANCE : RS_OP_BRANCH);
    assert_int_equal(ev.stk_in.req_warp, w);
    unsigned rw;
    assert_int_equal(dws_core_phase(c, &rw), REROOT);
    assert_int_equal(rw, w);
    o = view(c, w ^ 1u, 0);
    assert_false(o.req_ready);
    assert_true(o.seq_valid);
    assert_int_equal(o.seq_warp, w);
    assert_int_equal(o.seq_pop, pop);
    assert_true(o.stk_rsp_valid);
    return ev;
}

/* The re-root of warp w, judged and applied: INIT of its splits from the
 * new top {pc, mask} (release: the stack is empty, RELEASE). */
static ev_t reroot(core_t *c, unsigned w, bool release, uint64_t pc, uint64_t mask)
{
    ev_t ev = judged_then_applied(c, (in_t){.policy = AGG});
    assert_int_equal(ev.phase, REROOT);
    assert_int_equal(ev.reroot_warp, w);
    assert_false(ev.reroot_fault);
    assert_int_equal(ev.reroot_release, release);
    assert_false(ev.stk_in.req_valid);
    assert_true(ev.wst_in.req_valid);
    assert_int_equal(ev.wst_in.req_warp, w);
    assert_int_equal(ev.wst_in.req_op, release ? WST_OP_RELEASE : WST_OP_INIT);
    check_park(c, w, DWSC_PARK_NONE, 0);
    assert_int_equal(dws_core_phase(c, NULL), REQ);
    if (release) {
        assert_int_equal(view(c, w, 0).rd_count, 0);
        return ev;
    }
    assert_int_equal(ev.wst_in.req_pc, pc);
    assert_int_equal(ev.wst_in.req_mask, mask);
    /* one split with fresh counters (section 5.4: "since the root") */
    wst_entry_t x = warp_split_table_entry(dws_core_wst(c), w, 0);
    assert_true(x.valid && !x.held);
    assert_int_equal(x.pc, pc);
    assert_int_equal(x.mask, mask);
    assert_int_equal(x.icount, 0);
    assert_int_equal(x.memlat, 6);
    assert_int_equal(view(c, w, 0).rd_count, 1);
    return ev;
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    /* the configurations of configs/dws_core.cfg */
    static const dws_core_params_t cfgs[] = {
        {6, 8, 32, 8, 6, 8, 8, 200, 8, true},        {8, 8, 32, 16, 10, 10, 14, 300, 16, false},
        {4, 8, 32, 16, 10, 10, 14, 300, 16, false},  {2, 4, 8, 4, 3, 4, 4, 6, 4, true},
        {1, 2, 4, 2, 2, 2, 2, 0, 3, false},          {2, 64, 64, 32, 16, 16, 24, 65535, 32, true},
    };
    for (size_t i = 0; i < ARRAY_LEN(cfgs); i++) {
        core_t *c = create_ok(&cfgs[i]);
        assert_int_equal(dws_core_params(c)->depth, cfgs[i].depth);
        assert_int_equal(warp_split_table_params(dws_core_wst(c))->init_mem_lat,
                         cfgs[i].init_mem_lat);
        assert_int_equal(warp_split_table_params(dws_core_wst(c))->num_warps,
                         cfgs[i].num_warps);
        assert_int_equal(recon_stack_params(dws_core_stack(c))->lcp_enable, cfgs[i].lcp_enable);
        assert_int_equal(recon_stack_params(dws_core_stack(c))->pc_width, cfgs[i].pc_width);
        dws_core_destroy(c);
    }
    bad_params_t bad[10];
    for (unsigned i = 0; i < ARRAY_LEN(bad); i++)
        bad[i] = (bad_params_t){cfgs[3], DWSC_EPARAM_DEPTH};
    bad[0].p.num_warps = 0, bad[0].rc = DWSC_EPARAM_NUM_WARPS;
    bad[1].p.num_warps = 17, bad[1].rc = DWSC_EPARAM_NUM_WARPS; /* the stack takes 64, the WST 16 */
    bad[2].p.warp_width = 65, bad[2].rc = DWSC_EPARAM_WARP_WIDTH;
    bad[3].p.pc_width = 3, bad[3].rc = DWSC_EPARAM_PC_WIDTH;
    bad[4].p.sum_width = 2, bad[4].rc = DWSC_EPARAM_MFC_WIDTH; /* < mfc_width */
    bad[5].p.init_mem_lat = 16, bad[5].rc = DWSC_EPARAM_LAT_WIDTH;
    bad[6].p.depth = 3; /* < 3 + LcpEnable */
    bad[7].p.depth = 33;
    bad[8].p.depth = 2, bad[8].p.lcp_enable = false;
    bad[9].p.depth = 0, bad[9].p.icount_width = 1, bad[9].rc = DWSC_EPARAM_ICOUNT_WIDTH; /* ranges in order */
    expect_bad_params(bad, ARRAY_LEN(bad));
    core_t *c = (core_t *)1;
    assert_int_equal(dws_core_create(NULL, &c), DWSC_EPARAM_NUM_WARPS);
    assert_null(c);
    assert_int_equal(dws_core_create(&cfgs[3], NULL), DWSC_EPARAM_NUM_WARPS);
    dws_core_destroy(NULL);
}

static void check_quiet(const core_t *c)
{
    out_t o = view(c, 0, 0), z;
    memset(&z, 0, sizeof z);
    z.req_ready = true;
    same_out(&o, &z);
    for (unsigned w = 0; w < 2; w++) {
        dws_core_park_t k = dws_core_park(c, w);
        assert_int_equal(k.kind + k.taken + k.tpc + k.fpc + k.rpc + k.lpc + k.fault, 0);
    }
    unsigned w = 7;
    assert_int_equal(dws_core_phase(c, &w), REQ);
    assert_int_equal(w, 0);
}

/* After reset: ready, every output 0, no record; reset clears a busy core. */
static void test_reset(void **state)
{
    core_t *c = *state = make(2, 4, true);
    check_quiet(c);
    dws_core_park_t k = dws_core_park(c, 2); /* out of range */
    assert_int_equal(k.kind + k.fault, 0);

    init(c, 0, 0x10, 0x80, 0xf);
    branch(c, 0, 0, 0x20, 0x30, 0x40, 0x50, 0x3);
    (void)cycle(c, req_in(7, 0, 0, 0, 0)); /* not taken: SEQ; sets nothing */
    (void)idle(c);                           /* the stack applies the branch */
    assert_int_equal(dws_core_phase(c, NULL), REROOT);
    dws_core_reset(c);
    check_quiet(c);
    assert_int_equal(recon_stack_depth(dws_core_stack(c), 0), 0);
    check_free(c, 0, 0);
}

/* ------------------------------------------------------------------ */
/* a warp's branch (sections 5.3 and 5.4)                               */

/* Warp 0 of 4 threads starts at 0x10 (exit 0x80), splits on a divergent
 * load (AGGRESS: threads 0-1 hit and run ahead in entry 1, threads 2-3 wait
 * in entry 0), and both splits arrive one after the other at the branch
 * {taken 0x20, fall-through 0x30, reconvergence 0x40}: thread 0 and thread
 * 2 take it. The warp then has stack {0x40, 0x80, 0xf} {0x30, 0x40, 0xa}
 * {0x20, 0x40, 0x5} and one split {0x20, 0x5}. */
static void diverge(core_t *c)
{
    ev_t ev = init(c, 0, 0x10, 0x80, 0xf);
    assert_true(ev.wst_in.req_valid && ev.stk_in.req_valid);
    assert_int_equal(ev.wst_in.req_op, WST_OP_INIT);
    assert_int_equal(ev.stk_in.req_op, RS_OP_INIT);
    assert_int_equal(ev.stk_in.req_rpc, 0x80);
    out_t o = view(c, 0, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, DWSC_ERR_NONE);
    assert_false(o.rsp_held);
    check_tos(c, 0, 0x10, 0x80, 0xf, 1);
    check_split(c, 0, 0, false, 0x10, 0xf);

    ev = mem(c, 0, 0, 0x11, 0x3, WST_KIND_SPLIT);
    assert_false(ev.held);
    assert_false(ev.wst_in.req_hold);
    assert_false(ev.stk_in.req_valid);
    check_split(c, 0, 1, false, 0x11, 0x3);
    check_split(c, 0, 0, false, 0x11, 0xc);

    /* the run-ahead arrives: held (rsp_held_o), its warp waits */
    ev = branch(c, 0, 1, 0x20, 0x30, 0x40, NONE8, 0x1);
    assert_true(ev.held);
    assert_false(ev.bypass);
    assert_int_equal(ev.park, DWSC_PARK_NONE);
    assert_int_equal(ev.splits, 2);
    assert_int_equal(ev.wst_in.req_op, WST_OP_EXEC);
    assert_int_equal(ev.wst_in.req_pc, 0x20);
    assert_true(ev.wst_in.req_hold);
    assert_false(ev.stk_in.req_valid);
    o = view(c, 0, 1);
    assert_true(o.rsp_held);
    assert_true(o.rd_held);
    assert_int_equal(o.arrived, 0);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x1);
    check_targets(c, 0, 0x20, 0x30, 0x40, NONE8);

    fill(c, 0, 0xc, 0x1);
    assert_int_equal(view(c, 0, 0).arrived, 0);
    check_tos(c, 0, 0x10, 0x80, 0xf, 1);

    /* the fall-behind arrives (bit 1 lies outside its split: ignored) */
    ev = branch(c, 0, 0, 0x20, 0x30, 0x40, NONE8, 0x6);
    assert_true(ev.held);
    assert_int_equal(ev.park, DWSC_PARK_BRANCH);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x5);
    o = view(c, 1, 0);
    assert_true(o.rsp_held);
    assert_int_equal(o.arrived, 0x1);
    assert_false(o.req_ready);
    assert_false(o.tos_valid); /* req_warp_i's (empty), not the stepped warp's */
    assert_int_equal(o.tos_depth, 0);
    assert_int_equal(view(c, 0, 0).tos_pc, 0x10);
    assert_int_equal(dws_core_phase(c, NULL), REQ);

    /* SEQ: the stack takes the branch with the gathered outcome */
    ev = seq(c, 0, false, 2);
    assert_int_equal(ev.stk_in.req_pc, 0x20);
    assert_int_equal(ev.stk_in.req_alt_pc, 0x30);
    assert_int_equal(ev.stk_in.req_rpc, 0x40);
    assert_int_equal(ev.stk_in.req_lpc, NONE8);
    assert_int_equal(ev.stk_in.req_mask.w[0], 0x5);
    assert_true(ev.stk.divergent);
    o = view(c, 1, 0);
    assert_int_equal(o.stk_err, RS_ERR_NONE);
    assert_int_equal(o.tos_pc, 0x20);
    assert_int_equal(o.tos_rpc, 0x40);
    assert_int_equal(o.tos_mask, 0x5);
    assert_int_equal(o.tos_depth, 3);

    /* REROOT: the taken side is the warp's one split */
    reroot(c, 0, false, 0x20, 0x5);
    check_free(c, 0, 1);
    check_tos(c, 0, 0x20, 0x40, 0x5, 3);
    check_level(c, 0, 0, 0x40, 0x80, 0xf);
    check_level(c, 0, 1, 0x30, 0x40, 0xa);
    o = view(c, 0, 0);
    assert_false(o.seq_valid);
    assert_false(o.stk_rsp_valid);
    assert_false(o.rsp_valid);
    assert_int_equal(o.arrived, 0);
    check_targets(c, 0, 0x20, 0x30, 0x40, NONE8); /* kept, not read */
}

static void test_branch_two_splits(void **state)
{
    core_t *c = *state = make(2, 4, true);
    diverge(c);
}

/* A uniform branch waits too (decided point 1): both splits take it, the
 * stack only moves its top, and the re-root merges the splits into one. */
static void test_uniform_branch_waits(void **state)
{
    core_t *c = *state = make(2, 4, false);
    init(c, 1, 0x10, 0x80, 0xf);
    mem(c, 1, 0, 0x11, 0x9, WST_KIND_SPLIT); /* e1 {0x11, 0x9}, e0 {0x11, 0x6} waits */
    branch(c, 1, 1, 0x20, 0x30, 0x40, NONE8, 0xf);
    fill(c, 1, 0x6, 0x1);
    branch(c, 1, 0, 0x20, 0x30, 0x40, NONE8, 0x6);
    check_park(c, 1, DWSC_PARK_BRANCH, 0xf);
    ev_t ev = seq(c, 1, false, 2);
    assert_true(ev.stk.uniform);
    reroot(c, 1, false, 0x20, 0xf);
    check_free(c, 1, 1);
    check_tos(c, 1, 0x20, 0x80, 0xf, 1);
}

/* ------------------------------------------------------------------ */
/* the pop at the reconvergence PC, the exit                            */

static void test_pop_at_rpc(void **state)
{
    core_t *c = *state = make(2, 4, true);
    diverge(c); /* top {0x20, 0x40, 0x5}, split e0 {0x20, 0x5} */

    mem(c, 0, 0, 0x21, 0x1, WST_KIND_SPLIT); /* e1 {0x21, 0x1}, e0 {0x21, 0x4} waits */
    /* e1's next PC is the top's rpc: it has arrived there */
    ev_t ev = exec(c, 0, 1, 0x40);
    assert_true(ev.held);
    assert_true(ev.wst_in.req_hold);
    assert_true(view(c, 0, 0).rsp_held);
    check_park(c, 0, DWSC_PARK_RPC, 0);
    check_split(c, 0, 1, true, 0x40, 0x1);
    assert_int_equal(view(c, 0, 0).arrived, 0);

    /* e0 wakes, reaches 0x40 with a load that misses: held and waiting,
     * merged with e1 (same PC, both held) */
    fill(c, 0, 0x4, 0x1);
    ev = mem(c, 0, 0, 0x40, 0x0, WST_KIND_MISS);
    assert_true(ev.held);
    assert_int_equal(ev.wst.merges, 1);
    check_split(c, 0, 0, true, 0x40, 0x5);
    check_free(c, 0, 1);
    assert_int_equal(view(c, 0, 0).arrived, 0);
    check_park(c, 0, DWSC_PARK_RPC, 0);

    /* the last arrival is a fill */
    ev = fill(c, 0, 0x4, 0x1);
    assert_true(ev.wst.arrived_fill);
    assert_int_equal(view(c, 0, 0).arrived, 0x1);

    ev = seq(c, 0, true, 1);
    assert_int_equal(ev.stk_in.req_pc, 0x40); /* ADVANCE to the top's rpc */
    assert_true(ev.stk.rpc_pop);
    reroot(c, 0, false, 0x30, 0xa); /* the fall-through side */
    check_tos(c, 0, 0x30, 0x40, 0xa, 2);

    /* the fall-through side reaches 0x40 in one split: arrives at once */
    exec(c, 0, 0, 0x40);
    seq(c, 0, true, 1);
    reroot(c, 0, false, 0x40, 0xf);
    check_tos(c, 0, 0x40, 0x80, 0xf, 1);
}

/* Reaching the exit (the bottom entry's rpc): the stack empties and the
 * re-root releases the warp's splits; INIT starts it again. */
static void test_exit(void **state)
{
    core_t *c = *state = make(2, 4, true);
    init(c, 0, 0x10, 0x80, 0xf);
    mem(c, 0, 0, 0x11, 0x3, WST_KIND_SPLIT);
    exec(c, 0, 1, 0x80);
    fill(c, 0, 0xc, 0x1);
    exec(c, 0, 0, 0x80);
    ev_t ev = seq(c, 0, true, 2);
    assert_int_equal(ev.stk_in.req_pc, 0x80);
    assert_int_equal(ev.stk.depth_after, 0);
    out_t o = view(c, 1, 0);
    assert_false(o.tos_valid);
    assert_int_equal(o.tos_depth, 0);
    reroot(c, 0, true, 0, 0);
    check_free(c, 0, 0);
    check_free(c, 0, 1);
    o = view(c, 0, 0);
    assert_true(o.req_ready);
    assert_false(o.tos_valid);
    assert_int_equal(o.rsp_kind, WST_KIND_NONE);
    init(c, 0, 0x10, 0x80, 0x6);
    check_tos(c, 0, 0x10, 0x80, 0x6, 1);
    check_split(c, 0, 0, false, 0x10, 0x6);
}

/* Two warps arrive at the same edge (warp 0 by a request, warp 1 by a fill
 * at its reconvergence PC): the lowest goes first, and the second's step
 * follows in the next cycle (the stages overlap): the port is not ready for
 * four cycles (SEQ 0, SEQ 1, REROOT 0, REROOT 1). */
static void test_two_warps_in_order(void **state)
{
    core_t *c = *state = make(2, 4, true);
    init(c, 1, 0x50, 0x90, 0xf);
    ev_t ev = mem(c, 1, 0, 0x90, 0x0, WST_KIND_MISS); /* at its exit: held and waiting */
    assert_true(ev.held);
    check_park(c, 1, DWSC_PARK_RPC, 0);
    init(c, 0, 0x10, 0x80, 0x3);
    /* warp 0's split reaches its exit in the cycle warp 1's misses return:
     * the table applies both in the next cycle (the request's second stage,
     * the registered fill), and both warps arrive at that edge */
    in_t in = req_in(DWSC_OP_EXEC, 0, 0, 0x80, 0);
    in.fill_valid = true;
    in.fill_warp = 1;
    in.fill_mask = 0xf;
    ev = cycle(c, in);
    assert_true(ev.taken);
    assert_true(ev.held);
    assert_false(ev.wst_in.req_valid);
    assert_false(ev.wst_in.fill_valid);
    assert_false(view(c, 0, 0).req_ready); /* warp 0 busy */
    assert_true(view(c, 1, 0).req_ready);
    assert_int_equal(view(c, 0, 0).busy, 0x1);
    ev = idle(c);
    assert_true(ev.wst_in.req_valid && ev.wst_in.req_hold);
    assert_true(ev.wst_in.fill_valid);
    assert_true(ev.wst.arrived_fill);
    assert_int_equal(view(c, 0, 0).arrived, 0x3);
    assert_int_equal(view(c, 0, 0).busy, 0);

    (void)idle_judging(c, SEQ, 0);
    assert_false(view(c, 1, 0).req_ready); /* warp 1's step */
    ev = idle_judging(c, SEQ, 1);
    assert_true(ev.stk_in.req_valid); /* warp 0's pop applied meanwhile */
    assert_int_equal(ev.stk_in.req_warp, 0);
    assert_false(view(c, 1, 0).req_ready); /* warp 0's re-root */
    ev = idle_judging(c, REROOT, 0);
    assert_true(ev.reroot_release);
    assert_int_equal(ev.stk_in.req_warp, 1);
    assert_false(view(c, 0, 0).req_ready); /* warp 1's re-root */
    ev = idle_judging(c, REROOT, 1);
    assert_true(ev.reroot_release);
    assert_true(ev.wst_in.req_valid);
    assert_int_equal(ev.wst_in.req_op, WST_OP_RELEASE);
    assert_int_equal(ev.wst_in.req_warp, 0);
    /* warp 1's RELEASE is in flight: only warp 0 is ready */
    out_t o = view(c, 0, 0);
    assert_true(o.req_ready);
    assert_int_equal(o.busy, 0x2);
    assert_false(view(c, 1, 0).req_ready);
    ev = idle(c);
    assert_int_equal(ev.wst_in.req_warp, 1);
    assert_true(view(c, 1, 0).req_ready);
    assert_int_equal(view(c, 1, 0).rd_count, 0);
    assert_int_equal(recon_stack_depth(dws_core_stack(c), 1), 0);
}

/* ------------------------------------------------------------------ */
/* loop bypassing (section 5.5)                                         */

/* Warp 0 enters a loop {body 0x10.., exit 0x20} whose first branch
 * diverges (thread 0 leaves): the stack {0x20, 0x80, 0xf} {0x10, 0x20, 0xe};
 * a load splits the loop's threads: e1 {0x11, 0x6} runs, e0 {0x11, 0x8}
 * waits. */
static void enter_loop(core_t *c, bool exit_taken)
{
    uint64_t tpc = exit_taken ? 0x20 : 0x10, fpc = exit_taken ? 0x10 : 0x20;
    init(c, 0, 0x10, 0x80, 0xf);
    /* the first divergence of the loop is a plain branch: nothing on the
     * stack has rpc 0x20 yet */
    ev_t ev = branch(c, 0, 0, tpc, fpc, 0x20, NONE8, exit_taken ? 0x1 : 0xe);
    assert_true(ev.held);
    assert_false(ev.bypass);
    ev = seq(c, 0, false, 1);
    assert_int_equal(ev.stk.skip_rpc, 1);
    reroot(c, 0, false, 0x10, 0xe);
    check_tos(c, 0, 0x10, 0x20, 0xe, 2);
    mem(c, 0, 0, 0x11, 0x6, WST_KIND_SPLIT);
}

/* Keep, free and pop, with the exit on either side of the branch. The
 * loop branch's outcome per step: keep (thread 1 stays, thread 2 exits),
 * free (e1's thread 1 exits), pop (e0's thread 3, the last, exits). */
static void test_bypass(void **state)
{
    for (unsigned v = 0; v < 2; v++) {
        bool x = v == 1; /* exit_taken: tpc is the exit */
        core_t *c = *state = make(2, 4, true);
        uint64_t tpc = x ? 0x20 : 0x10, fpc = x ? 0x10 : 0x20;
        enter_loop(c, x);

        /* keep: outcome on S = 0x6; every other thread of T goes the
         * loop's way (taken when tpc is the loop) */
        ev_t ev = branch(c, 0, 1, tpc, fpc, 0x20, NONE8, x ? 0x4 : 0x2);
        assert_true(ev.bypass && ev.bypass_kept && !ev.bypass_pop);
        assert_false(ev.held);
        assert_int_equal(ev.wst_in.req_op, WST_OP_BYPASS);
        assert_int_equal(ev.wst_in.req_pc, 0x10);
        assert_int_equal(ev.wst_in.req_mask, x ? 0xb : 0x2);
        assert_false(ev.wst_in.req_hold);
        assert_int_equal(ev.stk_in.req_op, RS_OP_BRANCH);
        assert_int_equal(ev.stk_in.req_mask.w[0], x ? 0x4 : 0xb);
        assert_true(ev.stk.loop_exit);
        out_t o = view(c, 0, 1);
        assert_false(o.rsp_held);
        assert_int_equal(o.rsp_kind, WST_KIND_NONE);
        check_tos(c, 0, 0x10, 0x20, 0xa, 2); /* thread 2 waits below */
        check_split(c, 0, 1, false, 0x10, 0x2);
        check_park(c, 0, DWSC_PARK_NONE, 0);

        /* free: every thread of e1 exits, e0 is still in the loop */
        ev = branch(c, 0, 1, tpc, fpc, 0x20, NONE8, x ? 0x2 : 0x0);
        assert_true(ev.bypass && !ev.bypass_kept && !ev.bypass_pop);
        assert_int_equal(ev.wst_in.req_mask, x ? 0xd : 0x0);
        assert_int_equal(ev.stk_in.req_mask.w[0], x ? 0x2 : 0xd);
        assert_int_equal(ev.wst.kind, WST_KIND_FREED);
        check_tos(c, 0, 0x10, 0x20, 0x8, 2);
        check_free(c, 0, 1);

        /* pop: e0 holds every thread of the top and none stays */
        fill(c, 0, 0x8, 0x1);
        ev = branch(c, 0, 0, tpc, fpc, 0x20, NONE8, x ? 0x8 : 0x0);
        assert_true(ev.bypass && !ev.bypass_kept && ev.bypass_pop);
        assert_int_equal(ev.wst_in.req_mask, x ? 0x7 : 0x0);
        assert_int_equal(ev.stk_in.req_mask.w[0], x ? 0x8 : 0x7);
        assert_true(ev.stk.rpc_pop);
        unsigned w = 1;
        assert_int_equal(dws_core_phase(c, &w), REROOT);
        assert_int_equal(w, 0);
        o = view(c, 1, 0);
        assert_false(o.req_ready);
        assert_false(o.seq_valid);
        assert_int_equal(o.tos_pc, 0x20);
        assert_int_equal(o.tos_depth, 1);
        reroot(c, 0, false, 0x20, 0xf);
        check_tos(c, 0, 0x20, 0x80, 0xf, 1);
        destroy_state(state);
    }
}

/* A split bypasses the loop branch while another waits at a branch of the
 * loop body (no MISMATCH: a bypass is not an arrival); when its thread has
 * left, the waiting split is the last of its warp and the warp's branch is
 * taken on the shrunk top. */
static void test_bypass_while_held(void **state)
{
    core_t *c = *state = make(2, 4, true);
    enter_loop(c, false);
    branch(c, 0, 1, 0x30, 0x38, 0x3c, NONE8, 0x2);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x2);
    fill(c, 0, 0x8, 0x1);
    ev_t ev = branch(c, 0, 0, 0x10, 0x20, 0x20, NONE8, 0x0);
    assert_true(ev.bypass && !ev.bypass_kept && !ev.bypass_pop);
    assert_int_equal(ev.park, DWSC_PARK_BRANCH);
    assert_int_equal(ev.splits, 2);
    assert_int_equal(ev.stk_in.req_mask.w[0], 0x7);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x2);
    check_targets(c, 0, 0x30, 0x38, 0x3c, NONE8);
    out_t o = view(c, 0, 0);
    assert_int_equal(o.arrived, 0x1);
    assert_int_equal(o.tos_mask, 0x6);

    ev = seq(c, 0, false, 1);
    assert_int_equal(ev.stk_in.req_pc, 0x30);
    assert_int_equal(ev.stk_in.req_mask.w[0], 0x2);
    assert_int_equal(ev.stk.pushes, 2);
    reroot(c, 0, false, 0x30, 0x2);
    check_tos(c, 0, 0x30, 0x3c, 0x2, 4);
    check_level(c, 0, 1, 0x3c, 0x20, 0x6);
    check_level(c, 0, 2, 0x38, 0x3c, 0x4);
}

/* Loop bypass off (no_bypass_i, the comparison of section 5.5): the loop
 * branch of enter_loop()'s running split e1 waits for e0 like any branch;
 * once e0 has its data and arrives there too, the warp takes the loop
 * branch on the stack with the gathered outcome (threads 1 and 3 go round
 * again, thread 2 leaves: it waits below) and runs on as one split. */
static void test_bypass_off(void **state)
{
    core_t *c = *state = make(2, 4, true);
    enter_loop(c, false);
    in_t in = branch_in(0, 1, 0x10, 0x20, 0x20, NONE8, 0x2);
    in.no_bypass = true;
    ev_t ev = ok(c, in);
    assert_true(ev.held && ev.bypass_off);
    assert_false(ev.bypass);
    assert_int_equal(ev.wst_in.req_op, WST_OP_EXEC);
    assert_true(ev.wst_in.req_hold);
    assert_false(ev.stk_in.req_valid);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x2);
    check_tos(c, 0, 0x10, 0x20, 0xe, 2); /* thread 2 has not left */
    fill(c, 0, 0x8, 0x1);
    in = branch_in(0, 0, 0x10, 0x20, 0x20, NONE8, 0x8);
    in.no_bypass = true;
    ev = ok(c, in);
    assert_true(ev.held && ev.bypass_off);
    check_park(c, 0, DWSC_PARK_BRANCH, 0xa);
    ev = seq(c, 0, false, 2);
    assert_int_equal(ev.stk_in.req_mask.w[0], 0xa);
    assert_true(ev.stk.loop_exit);
    reroot(c, 0, false, 0x10, 0xa);
    check_tos(c, 0, 0x10, 0x20, 0xa, 2);
    check_split(c, 0, 0, false, 0x10, 0xa);
    check_free(c, 0, 1);

    /* with no_bypass_i low again the next loop branch is a bypass */
    ev = branch(c, 0, 0, 0x10, 0x20, 0x20, NONE8, 0x2);
    assert_true(ev.bypass && ev.bypass_kept);
    assert_false(ev.bypass_off || ev.held);
}

/* ------------------------------------------------------------------ */
/* the stack's refusal: fault                                           */

static void test_overflow_fault(void **state)
{
    core_t *c = *state = make(2, 4, true);
    for (unsigned v = 0; v < 2; v++) {
        diverge(c); /* depth 3 of 4 */
        /* a divergent branch inside needs 2 more entries */
        branch(c, 0, 0, 0x24, 0x28, 0x2c, NONE8, 0x1);
        ev_t ev = seq(c, 0, false, 1);
        assert_int_equal(ev.stk.err, RS_ERR_OVERFLOW);
        out_t o = view(c, 1, 0);
        assert_int_equal(o.stk_err, RS_ERR_OVERFLOW);
        assert_int_equal(o.tos_depth, 3);
        ev = idle(c);
        assert_int_equal(ev.phase, REROOT);
        assert_true(ev.reroot_fault);
        assert_false(ev.reroot_release);
        assert_false(ev.wst_in.req_valid);
        assert_false(ev.stk_in.req_valid);
        /* the warp keeps its state; the port serves the other warps */
        o = view(c, 0, 0);
        assert_true(o.req_ready);
        assert_int_equal(o.fault, 0x1);
        assert_int_equal(o.arrived, 0x1);
        assert_int_equal(o.stk_sticky, 1u << RS_ERR_OVERFLOW);
        assert_true(dws_core_park(c, 0).fault);
        check_park(c, 0, DWSC_PARK_BRANCH, 0x1);
        check_split(c, 0, 0, true, 0x24, 0x5);
        check_tos(c, 0, 0x20, 0x40, 0x5, 3);
        ev = cycle(c, req_in(DWSC_OP_EXEC, 0, 0, 0x21, 0));
        assert_int_equal(ev.err, DWSC_ERR_SUSPENDED);
        init(c, 1, 0x10, 0x80, 0x1);
        exec(c, 1, 0, 0x11);
        assert_int_equal(view(c, 0, 0).fault, 0x1);

        /* INIT (first round) or RELEASE (second) clears the fault */
        if (v == 0) {
            init(c, 0, 0x10, 0x80, 0xf);
            check_tos(c, 0, 0x10, 0x80, 0xf, 1);
        } else {
            ok(c, req_in(DWSC_OP_RELEASE, 0, 0, 0, 0));
            check_tos(c, 0, 0x20, 0x40, 0x5, 3); /* the stack stays */
            check_free(c, 0, 0);
        }
        assert_int_equal(view(c, 0, 0).fault, 0);
        dws_core_park_t k = dws_core_park(c, 0);
        assert_false(k.fault);
        assert_int_equal(k.kind, DWSC_PARK_NONE);
        dws_core_reset(c);
    }
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

/* Everything observable of the core, but the response to the request. */
#define SNAP_N 256
typedef struct {
    uint64_t v[SNAP_N];
    unsigned n;
} snap_t;

static void put(snap_t *s, uint64_t v)
{
    assert_true(s->n < SNAP_N);
    s->v[s->n++] = v;
}

static void snap(const core_t *c, snap_t *s)
{
    memset(s, 0, sizeof *s);
    const dws_core_params_t *p = dws_core_params(c);
    const warp_split_table_t *t = dws_core_wst(c);
    for (unsigned w = 0; w < p->num_warps; w++) {
        for (unsigned e = 0; e < p->warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(t, w, e);
            uint64_t f[] = {x.valid, x.held, x.pc, x.mask, x.icount, x.mfc, x.rmfc,
                            x.memlat, x.wait};
            for (unsigned i = 0; i < ARRAY_LEN(f); i++)
                put(s, f[i]);
        }
        put(s, warp_split_table_pending(t, w));
        put(s, recon_stack_depth(dws_core_stack(c), w));
        recon_stack_entry_t x;
        for (unsigned l = 0; recon_stack_entry(dws_core_stack(c), w, l, &x); l++) {
            put(s, x.pc);
            put(s, x.rpc);
            put(s, x.mask.w[0]);
            put(s, x.lpc);
        }
        dws_core_park_t k = dws_core_park(c, w);
        uint64_t f[] = {k.kind, k.taken, k.tpc, k.fpc, k.rpc, k.lpc, k.fault};
        for (unsigned i = 0; i < ARRAY_LEN(f); i++)
            put(s, f[i]);
    }
    put(s, warp_split_table_sum_rmfc(t));
    put(s, dws_core_phase(c, NULL));
    out_t o = view(c, 0, 0);
    o.rsp_valid = false, o.rsp_err = 0, o.err_sticky = 0;
#define SNAP_OUT_(type, f, dims) put(s, (uint64_t)o.f);
    CORE_OUTS(SNAP_OUT_)
    DWSC_WARP_SPLIT_TABLE_OUTS(SNAP_OUT_)
#undef SNAP_OUT_
}

/* The request `in` is refused with err: a is stepped with it, its twin b
 * (the same history) without it, then both for the cycle in which the
 * children would have applied it; both must end in the same state. */
static void expect_err(core_t *a, core_t *b, in_t in, unsigned err)
{
    unsigned sticky = view(a, 0, 0).err_sticky;
    ev_t ev = judged_then_applied(a, in);
    in.req_valid = false;
    (void)judged_then_applied(b, in);
    assert_int_equal(ev.phase, REQ);
    assert_true(ev.taken);
    assert_int_equal(ev.err, err);
    assert_int_equal(ev.mismatch, err == DWSC_ERR_MISMATCH);
    assert_false(ev.held || ev.bypass || ev.bypass_pop);
    assert_false(ev.wst_in.req_valid); /* it reaches neither child */
    assert_false(ev.stk_in.req_valid);
    snap_t sa, sb;
    snap(a, &sa);
    snap(b, &sb);
    assert_int_equal(sa.n, sb.n);
    assert_memory_equal(sa.v, sb.v, sa.n * sizeof sa.v[0]);
    out_t o = view(a, 0, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, err);
    assert_false(o.rsp_held);
    assert_int_equal(o.err_sticky, sticky | 1u << err);
}

/* Three warps (2-bit warp ids: warp 3 is out of range):
 *   w0: e1 held at the branch {0x20, 0x30, 0x40, lpc 0x50}, e0 {0x11, 0xc}
 *       ready;
 *   w1: e1 held at the rpc (its exit 0x80), e0 {0x12, 0xe} ready;
 *   w2: e0 {0x11, 0xf} waits for a fill (every thread missed). */
static void error_history(core_t *c)
{
    init(c, 0, 0x10, 0x80, 0xf);
    mem(c, 0, 0, 0x11, 0x3, WST_KIND_SPLIT);
    branch(c, 0, 1, 0x20, 0x30, 0x40, 0x50, 0x1);
    fill(c, 0, 0xc, 0x1);
    init(c, 1, 0x10, 0x80, 0xf);
    mem(c, 1, 0, 0x12, 0x1, WST_KIND_SPLIT);
    exec(c, 1, 1, 0x80);
    fill(c, 1, 0xe, 0x1);
    init(c, 2, 0x10, 0x80, 0xf);
    mem(c, 2, 0, 0x11, 0x0, WST_KIND_MISS);
}

/* Likely-convergence points (LcpEnable): reaching the top's lpc is an
 * arrival; the warp pops and merges there once all its splits have
 * arrived (recon_stack's ADVANCE at lpc). A branch that would be a loop
 * bypass but whose staying side is the top's lpc waits for the warp. */
static void test_lcp_arrival(void **state)
{
    core_t *c = *state = make(1, 8, true);
    init(c, 0, 0x10, 0x80, 0xf);
    /* one split: it arrives at once; the stack pushes the lcp entry
     * {0x38, 0x40, 0}, the not-taken side {0x30, 0x40, 0xc}, the taken side
     * {0x20, 0x40, 0x3}, and the bottom becomes the reconvergence entry */
    branch(c, 0, 0, 0x20, 0x30, 0x40, 0x38, 0x3);
    seq(c, 0, false, 1);
    reroot(c, 0, false, 0x20, 0x3);
    check_level(c, 0, 1, 0x38, 0x40, 0x0);

    mem(c, 0, 0, 0x21, 0x1, WST_KIND_SPLIT); /* e1 {0x21, 0x1}; e0 {0x21, 0x2} waits */
    ev_t ev = exec(c, 0, 1, 0x38);
    assert_true(ev.held);
    assert_true(ev.wst_in.req_hold);
    check_park(c, 0, DWSC_PARK_LPC, 0);
    fill(c, 0, 0x2, 0x1);
    /* e0 may arrive only at the lpc: a branch, or the reconvergence PC, is
     * refused with the state unchanged */
    in_t bad = branch_in(0, 0, 0x24, 0x25, 0x26, NONE8, 0x2);
    assert_int_equal(cycle(c, bad).err, DWSC_ERR_MISMATCH);
    assert_int_equal(cycle(c, req_in(DWSC_OP_EXEC, 0, 0, 0x40, 0)).err, DWSC_ERR_MISMATCH);
    check_split(c, 0, 0, false, 0x21, 0x2);
    check_park(c, 0, DWSC_PARK_LPC, 0);
    exec(c, 0, 0, 0x38);
    /* the pop at 0x38: the taken side's threads join the lcp entry; the
     * not-taken side is the top */
    ev = seq(c, 0, true, 2);
    assert_int_equal(ev.seq_park, DWSC_PARK_LPC);
    assert_int_equal(ev.stk_in.req_pc, 0x38);
    assert_true(ev.stk.lpc_merge);
    reroot(c, 0, false, 0x30, 0xc);
    check_tos(c, 0, 0x30, 0x40, 0xc, 3);
    check_level(c, 0, 1, 0x38, 0x40, 0x3);

    /* rpc is the top's and the fall-through exits, but the taken side is
     * the top's lpc: not a bypass; the warp's branch pops and merges */
    ev = branch(c, 0, 0, 0x38, 0x40, 0x40, NONE8, 0x4);
    assert_true(ev.held);
    assert_false(ev.bypass);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x4);
    ev = seq(c, 0, false, 1);
    assert_true(ev.stk.loop_exit);
    assert_true(ev.stk.lpc_merge);
    reroot(c, 0, false, 0x38, 0x7); /* thread 3 waits in the bottom entry */
    check_tos(c, 0, 0x38, 0x40, 0x7, 2);
}

static void test_errors(void **state)
{
    core_t *a = *state = make(3, 4, true);
    core_t *b = make(3, 4, true);
    error_history(a);
    error_history(b);
    check_park(a, 0, DWSC_PARK_BRANCH, 0x1);
    check_park(a, 1, DWSC_PARK_RPC, 0);
    assert_int_equal(view(a, 0, 0).arrived, 0);

    /* BAD_OP over everything */
    for (unsigned op = 5; op < 8; op++)
        expect_err(a, b, req_in(op, 3, 3, NONE8, 0), DWSC_ERR_BAD_OP);
    /* BAD_WARP on every op */
    for (unsigned op = 0; op < 5; op++)
        expect_err(a, b, req_in(op, 3, 0, NONE8, 0), DWSC_ERR_BAD_WARP);
    /* BAD_ENTRY: a free entry; over BAD_PC */
    expect_err(a, b, req_in(DWSC_OP_EXEC, 0, 2, 0x13, 0), DWSC_ERR_BAD_ENTRY);
    expect_err(a, b, req_in(DWSC_OP_MEM, 2, 3, NONE8, 0x1), DWSC_ERR_BAD_ENTRY);
    expect_err(a, b, branch_in(1, 2, 0x20, 0x30, 0x40, NONE8, 0x1), DWSC_ERR_BAD_ENTRY);
    /* SUSPENDED: waiting for a fill, held; over BAD_PC and MISMATCH */
    expect_err(a, b, req_in(DWSC_OP_EXEC, 2, 0, NONE8, 0), DWSC_ERR_SUSPENDED);
    expect_err(a, b, req_in(DWSC_OP_EXEC, 0, 1, 0x21, 0), DWSC_ERR_SUSPENDED);
    expect_err(a, b, req_in(DWSC_OP_MEM, 1, 1, 0x80, 0x1), DWSC_ERR_SUSPENDED);
    expect_err(a, b, branch_in(0, 1, 0x20, 0x30, 0x40, 0x50, 0x1), DWSC_ERR_SUSPENDED);
    expect_err(a, b, branch_in(2, 0, 0x20, 0x30, 0x40, 0x50, 0x1), DWSC_ERR_SUSPENDED);
    /* BAD_PC: INIT (over BAD_MASK and BUSY), EXEC, MEM, each BRANCH pc; a
     * BRANCH that would mismatch (w1 waits at the rpc) */
    expect_err(a, b, req_in(DWSC_OP_INIT, 1, 0, NONE8, 0xf), DWSC_ERR_BAD_PC);
    expect_err(a, b, req_in(DWSC_OP_INIT, 2, 0, NONE8, 0x0), DWSC_ERR_BAD_PC);
    expect_err(a, b, req_in(DWSC_OP_EXEC, 0, 0, NONE8, 0), DWSC_ERR_BAD_PC);
    expect_err(a, b, req_in(DWSC_OP_MEM, 1, 0, NONE8, 0xe), DWSC_ERR_BAD_PC);
    expect_err(a, b, branch_in(0, 0, NONE8, 0x30, 0x40, 0x50, 0x1), DWSC_ERR_BAD_PC);
    expect_err(a, b, branch_in(0, 0, 0x20, NONE8, 0x40, 0x50, 0x1), DWSC_ERR_BAD_PC);
    expect_err(a, b, branch_in(0, 0, 0x20, 0x30, NONE8, 0x50, 0x1), DWSC_ERR_BAD_PC);
    expect_err(a, b, branch_in(1, 0, 0x20, 0x30, NONE8, NONE8, 0x1), DWSC_ERR_BAD_PC);
    /* BAD_MASK: empty, empty after truncation to W; over BUSY */
    expect_err(a, b, req_in(DWSC_OP_INIT, 1, 0, 0x10, 0x0), DWSC_ERR_BAD_MASK);
    expect_err(a, b, req_in(DWSC_OP_INIT, 1, 0, 0x10, 0x30), DWSC_ERR_BAD_MASK);
    expect_err(a, b, req_in(DWSC_OP_INIT, 2, 0, 0x10, 0x0), DWSC_ERR_BAD_MASK);
    /* BUSY: INIT and RELEASE of w2, whose threads wait */
    expect_err(a, b, req_in(DWSC_OP_INIT, 2, 0, 0x10, 0xf), DWSC_ERR_BUSY);
    expect_err(a, b, req_in(DWSC_OP_RELEASE, 2, 0, 0, 0), DWSC_ERR_BUSY);
    /* MISMATCH: at the rpc while the warp waits at a branch (EXEC, MEM);
     * at a branch while it waits at the rpc; at another branch: each
     * target, the lpc (LcpEnable), and a plain branch with the same tpc
     * and fpc but rpc 0x44 */
    expect_err(a, b, req_in(DWSC_OP_EXEC, 0, 0, 0x80, 0), DWSC_ERR_MISMATCH);
    expect_err(a, b, req_in(DWSC_OP_MEM, 0, 0, 0x80, 0xc), DWSC_ERR_MISMATCH);
    expect_err(a, b, branch_in(1, 0, 0x20, 0x30, 0x40, 0x50, 0x2), DWSC_ERR_MISMATCH);
    expect_err(a, b, branch_in(0, 0, 0x21, 0x30, 0x40, 0x50, 0x4), DWSC_ERR_MISMATCH);
    expect_err(a, b, branch_in(0, 0, 0x20, 0x31, 0x40, 0x50, 0x4), DWSC_ERR_MISMATCH);
    expect_err(a, b, branch_in(0, 0, 0x20, 0x30, 0x44, 0x50, 0x4), DWSC_ERR_MISMATCH);
    expect_err(a, b, branch_in(0, 0, 0x20, 0x30, 0x40, 0x51, 0x4), DWSC_ERR_MISMATCH);
    expect_err(a, b, branch_in(0, 0, 0x20, 0x30, 0x40, NONE8, 0x4), DWSC_ERR_MISMATCH);
    assert_int_equal(view(a, 0, 0).err_sticky, 0x1fe);
    assert_int_equal(view(a, 0, 0).wst_sticky, 0);
    assert_int_equal(view(a, 0, 0).stk_sticky, 0);

    /* not errors: the matching arrival; the other split at its rpc */
    ev_t ev = branch(a, 0, 0, 0x20, 0x30, 0x40, 0x50, 0x4);
    assert_true(ev.held);
    check_park(a, 0, DWSC_PARK_BRANCH, 0x5);
    dws_core_destroy(b);
}

/* Without LcpEnable the lpc is not compared (the stack ignores it): the
 * first arrival's goes to the stack. */
static void test_lpc_ignored_without_lcp(void **state)
{
    core_t *c = *state = make(1, 4, false);
    init(c, 0, 0x10, 0x80, 0xf);
    mem(c, 0, 0, 0x11, 0x3, WST_KIND_SPLIT);
    branch(c, 0, 1, 0x20, 0x30, 0x40, 0x38, 0x3);
    fill(c, 0, 0xc, 0x1);
    branch(c, 0, 0, 0x20, 0x30, 0x40, 0x39, 0x0);
    check_targets(c, 0, 0x20, 0x30, 0x40, 0x38);
    ev_t ev = seq(c, 0, false, 2);
    assert_int_equal(ev.stk_in.req_lpc, 0x38);
    assert_int_equal(ev.stk_in.req_mask.w[0], 0x3);
    reroot(c, 0, false, 0x20, 0x3);
    check_tos(c, 0, 0x20, 0x40, 0x3, 3);
}

/* ------------------------------------------------------------------ */
/* the port while the sequencer works; input widths                     */

/* Requests presented in the SEQ and REROOT cycles are not taken, nor are
 * requests of a busy warp (no response, no effect); another warp's request
 * is taken between the sequencer's steps; fills go on. */
static void test_request_while_busy(void **state)
{
    core_t *c = *state = make(2, 4, true);
    init(c, 1, 0x50, 0x90, 0xf);
    mem(c, 1, 0, 0x51, 0x0, WST_KIND_MISS);
    init(c, 0, 0x10, 0x80, 0xf);
    exec(c, 0, 0, 0x80); /* warp 0 arrives at its exit */

    /* SEQ of warp 0 */
    in_t in = req_in(DWSC_OP_INIT, 1, 0, 0x60, 0x3);
    in.req_rpc = 0x90;
    in.fill_valid = true;
    in.fill_warp = 1;
    in.fill_mask = 0xf;
    ev_t ev = cycle(c, in);
    assert_int_equal(ev.phase, SEQ);
    assert_true(ev.ignored);
    assert_false(ev.taken);
    assert_false(ev.wst_in.fill_valid); /* the fill is registered */
    out_t o = view(c, 1, 0);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, DWSC_ERR_NONE);
    assert_false(o.fill_rsp_valid);

    /* the stack applies it, the table takes the fill: warp 0 is busy, warp
     * 1 is not */
    assert_int_equal(view(c, 1, 0).busy, 0x1);
    assert_false(view(c, 0, 0).req_ready);
    assert_true(view(c, 1, 0).req_ready);
    ev = cycle(c, req_in(DWSC_OP_EXEC, 0, 0, 0x81, 0));
    assert_int_equal(ev.phase, REQ);
    assert_true(ev.ignored);
    assert_false(ev.taken);
    assert_true(ev.stk_in.req_valid);
    assert_true(ev.wst_in.fill_valid);
    assert_int_equal(ev.wst.woken, 0x1);
    o = view(c, 1, 0);
    assert_false(o.rsp_valid);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_woken, 0x1);

    /* REROOT of warp 0: nothing is taken */
    in.fill_valid = false;
    ev = cycle(c, in);
    assert_int_equal(ev.phase, REROOT);
    assert_true(ev.ignored);
    assert_false(ev.taken);
    assert_true(ev.reroot_release);
    assert_false(view(c, 1, 0).rsp_valid);
    check_split(c, 1, 0, false, 0x51, 0xf);

    /* warp 0's RELEASE in flight: warp 1's INIT is taken */
    assert_false(view(c, 0, 0).req_ready);
    ev = cycle(c, in);
    assert_true(ev.taken && !ev.ignored);
    assert_int_equal(ev.wst_in.req_op, WST_OP_RELEASE);
    assert_int_equal(ev.wst_in.req_warp, 0);
    assert_false(view(c, 1, 0).rsp_valid);
    ev = idle(c);
    assert_int_equal(ev.wst_in.req_op, WST_OP_INIT);
    assert_int_equal(ev.wst_in.req_warp, 1);
    assert_true(view(c, 1, 0).rsp_valid);
    check_tos(c, 1, 0x60, 0x90, 0x3, 1);
}

/* Inputs wider than their ports are truncated: 3-bit op, 1-bit warp id
 * (N = 2), 2-bit entry id, 8-bit PCs, 4-bit masks. */
/* The modes are registered: policy_i of cycle t rules the table in t+1,
 * so a request is applied under the policy presented with it, whatever the
 * cycle that applies it presents. Warp 0's divergent access is judged under
 * AGGRESS and applied while OFF is presented (it splits); warp 1's the
 * other way round (it waits whole). */
static void test_policy_registered(void **state)
{
    core_t *c = *state = make(2, 4, false);
    init(c, 0, 0x10, 0x80, 0xf);
    init(c, 1, 0x10, 0x80, 0xf);
    for (unsigned w = 0; w < 2; w++) {
        unsigned judged = w ? WST_POLICY_OFF : AGG, presented = w ? AGG : WST_POLICY_OFF;
        in_t in = req_in(DWSC_OP_MEM, w, 0, 0x11, 0x3);
        in.policy = judged;
        ev_t ev = cycle(c, in);
        assert_true(ev.taken);
        ev = cycle(c, (in_t){.policy = presented});
        assert_int_equal(ev.wst_in.policy, judged);
        assert_int_equal(ev.wst.kind, w ? WST_KIND_WAIT : WST_KIND_SPLIT);
    }
    check_split(c, 0, 1, false, 0x11, 0x3);    /* the run-ahead split */
    check_split(c, 1, 0, false, 0x11, 0xf);    /* suspended whole */
}

static void test_input_truncation(void **state)
{
    core_t *c = *state = make(2, 4, true);
    in_t in = req_in(8 + DWSC_OP_INIT, 2, 5, 0x310, 0xf3);
    in.req_rpc = 0x180;
    ev_t ev = ok(c, in);
    assert_int_equal(ev.op, DWSC_OP_INIT);
    assert_int_equal(ev.warp, 0);
    check_tos(c, 0, 0x10, 0x80, 0x3, 1);
    check_split(c, 0, 0, false, 0x10, 0x3);
    out_t o;
    dws_core_eval(c, &(in_t){.req_warp = 4, .rd_warp = 2, .rd_entry = 4}, &o);
    assert_true(o.tos_valid);
    assert_int_equal(o.tos_pc, 0x10);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, 0x10);

    /* rejected once truncated: pc 0x1ff is PcNone, mask 0x30 is empty */
    ev = cycle(c, req_in(DWSC_OP_INIT, 1, 0, 0x1ff, 0xf));
    assert_int_equal(ev.err, DWSC_ERR_BAD_PC);
    ev = cycle(c, req_in(DWSC_OP_INIT, 1, 0, 0x10, 0x30));
    assert_int_equal(ev.err, DWSC_ERR_BAD_MASK);

    /* a BRANCH: 11 is BRANCH, warp 2 is 0, entry 4 is 0 */
    in = branch_in(2, 4, 0x120, 0x230, 0x340, 0x1ff, 0x1f1);
    in.req_op = 8 + DWSC_OP_BRANCH;
    ev = ok(c, in);
    assert_true(ev.held);
    check_park(c, 0, DWSC_PARK_BRANCH, 0x1);
    check_targets(c, 0, 0x20, 0x30, 0x40, NONE8);
    ev = seq(c, 0, false, 1);
    assert_int_equal(ev.stk_in.req_mask.w[0], 0x1);
    reroot(c, 0, false, 0x20, 0x1);

    /* EXEC to 0x140 is the top's rpc 0x40: arrived; a fill of warp 2 is
     * warp 0's */
    mem(c, 0, 0, 0x21, 0x0, WST_KIND_MISS);
    fill(c, 2, 0x11, 0x1);
    in = req_in(9, 2, 4, 0x140, 0);
    ev = ok(c, in);
    assert_int_equal(ev.op, DWSC_OP_EXEC);
    assert_true(ev.held);
    seq(c, 0, true, 1);
    reroot(c, 0, false, 0x30, 0x2); /* the fall-through side */
}

/* ------------------------------------------------------------------ */
/* random stimulus: the page's invariant                                */

/* A PC of the random programs: one of eight, the top's rpc now and then,
 * PcNone rarely. */
static uint64_t rand_pc(uint64_t *seed, uint64_t rpc)
{
    unsigned r = (unsigned)(xorshift64(seed) % 64);
    return r < 2 ? NONE8 : r < 14 ? rpc : 0x10 + r % 8;
}

/* A random request for warp w: on one of its ready splits if it has one;
 * a BRANCH takes its warp's recorded targets most of the time, so that
 * the warps' branches complete. */
static in_t rand_req(const core_t *c, uint64_t *seed, unsigned w)
{
    out_t o = view(c, w, 0);
    unsigned r = (unsigned)(xorshift64(seed) % 100);
    unsigned op = r < 3    ? DWSC_OP_INIT
                  : r < 4  ? DWSC_OP_RELEASE
                  : r < 45 ? DWSC_OP_EXEC
                  : r < 70 ? DWSC_OP_MEM
                  : r < 98 ? DWSC_OP_BRANCH
                           : 5 + r % 3;
    unsigned e = (unsigned)(xorshift64(seed) % 4);
    for (unsigned k = 0; k < 4; k++)
        if (warp_split_table_ready(dws_core_wst(c), w, k) && xorshift64(seed) % 4)
            e = k;
    in_t in = req_in(op, w, e, rand_pc(seed, o.tos_rpc), xorshift64(seed) % 16);
    in.req_alt_pc = rand_pc(seed, o.tos_rpc);
    in.req_rpc = op == DWSC_OP_INIT ? 0x18 : xorshift64(seed) % 2 ? o.tos_rpc : rand_pc(seed, 0);
    in.req_lpc = xorshift64(seed) % 2 ? NONE8 : 0x10 + xorshift64(seed) % 8;
    dws_core_park_t k = dws_core_park(c, w);
    if (op == DWSC_OP_BRANCH && k.kind == DWSC_PARK_BRANCH && xorshift64(seed) % 8) {
        in.req_pc = k.tpc, in.req_alt_pc = k.fpc, in.req_rpc = k.rpc, in.req_lpc = k.lpc;
    }
    if (op == DWSC_OP_INIT && in.req_mask == 0)
        in.req_mask = 0xf;
    return in;
}

/* 20,000 cycles of random requests and fills in two configurations:
 * every warp that is not busy and has splits has a stack whose top's mask
 * is the union of its splits' masks (the page's invariant), and its record
 * is NONE exactly when none of its splits is held; a refused request
 * reaches no child, an accepted one the table in the next cycle; eval()
 * shows what step() shows (cycle()). The run must reach branches, pops, bypasses, exits, faults
 * and mismatches. */
static void test_random_invariants(void **state)
{
    uint64_t seed = UINT64_C(0x9e3779b97f4a7c15);
    unsigned seen[8] = {0};
    for (unsigned v = 0; v < 2; v++) {
        unsigned n = v ? 3 : 2;
        core_t *c = *state = make(n, v ? 5 : 4, v == 0);
        ev_t prev = {0};
        for (unsigned t = 0; t < 20000; t++) {
            unsigned w = (unsigned)(xorshift64(&seed) % 4);
            in_t in = rand_req(c, &seed, w);
            in.req_valid = xorshift64(&seed) % 8 != 0;
            in.policy = (unsigned)(xorshift64(&seed) % 4);
            in.sched = (unsigned)(xorshift64(&seed) % 2);
            unsigned fw = (unsigned)(xorshift64(&seed) % n);
            uint64_t pend = warp_split_table_pending(dws_core_wst(c), fw);
            if (pend && xorshift64(&seed) % 3 == 0) {
                uint64_t f = pend & xorshift64(&seed);
                in.fill_valid = true, in.fill_warp = fw, in.fill_mask = f ? f : pend;
            }
            ev_t ev = cycle(c, in);
            /* what the last cycle judged, the children take now */
            if (prev.taken && prev.err != DWSC_ERR_NONE)
                assert_false(ev.wst_in.req_valid || ev.stk_in.req_valid);
            if (prev.taken && prev.err == DWSC_ERR_NONE)
                assert_true(ev.wst_in.req_valid);
            prev = ev;
            seen[0] += ev.phase == SEQ && !ev.seq_pop;
            seen[1] += ev.phase == SEQ && ev.seq_pop;
            seen[2] += ev.bypass_kept;
            seen[3] += ev.bypass && !ev.bypass_kept && !ev.bypass_pop;
            seen[4] += ev.bypass_pop;
            seen[5] += ev.reroot_release;
            seen[6] += ev.reroot_fault;
            seen[7] += ev.mismatch;
            uint32_t busy = view(c, 0, 0).busy;
            for (unsigned x = 0; x < n; x++) {
                if (busy >> x & 1u)
                    continue; /* its table and stack may be a stage apart */
                uint64_t all = 0;
                bool held = false;
                for (unsigned e = 0; e < 4; e++) {
                    wst_entry_t s = warp_split_table_entry(dws_core_wst(c), x, e);
                    all |= s.valid ? s.mask : 0;
                    held |= s.valid && s.held;
                }
                assert_int_equal(dws_core_park(c, x).kind != DWSC_PARK_NONE, held);
                if (!all)
                    continue;
                recon_stack_entry_t top;
                unsigned d = recon_stack_depth(dws_core_stack(c), x);
                assert_true(d > 0 && recon_stack_entry(dws_core_stack(c), x, d - 1, &top));
                assert_int_equal(top.mask.w[0], all);
            }
        }
        destroy_state(state);
    }
    for (unsigned i = 0; i < ARRAY_LEN(seen); i++)
        assert_true(seen[i] > 0);
}

/* Two models in the same state as far as every port and view shows. */
static void same_state(const core_t *a, const core_t *b, unsigned n)
{
    for (unsigned w = 0; w < n; w++) {
        for (unsigned e = 0; e < 4; e++) {
            out_t x = view(a, w, e), y = view(b, w, e);
            same_out(&x, &y);
            wst_entry_t p = warp_split_table_entry(dws_core_wst(a), w, e);
            wst_entry_t q = warp_split_table_entry(dws_core_wst(b), w, e);
            assert_true(p.valid == q.valid && p.held == q.held && p.pc == q.pc &&
                        p.mask == q.mask && p.icount == q.icount && p.mfc == q.mfc &&
                        p.rmfc == q.rmfc && p.memlat == q.memlat);
            assert_int_equal(p.wait, q.wait);
        }
        dws_core_park_t p = dws_core_park(a, w), q = dws_core_park(b, w);
        assert_true(p.kind == q.kind && p.taken == q.taken && p.tpc == q.tpc &&
                    p.fpc == q.fpc && p.rpc == q.rpc && p.lpc == q.lpc && p.fault == q.fault);
        unsigned d = recon_stack_depth(dws_core_stack(a), w);
        assert_int_equal(d, recon_stack_depth(dws_core_stack(b), w));
        for (unsigned l = 0; l < d; l++) {
            recon_stack_entry_t x, y;
            assert_true(recon_stack_entry(dws_core_stack(a), w, l, &x));
            assert_true(recon_stack_entry(dws_core_stack(b), w, l, &y));
            assert_true(x.pc == y.pc && x.rpc == y.rpc && x.mask.w[0] == y.mask.w[0]);
        }
    }
    assert_int_equal(dws_core_phase(a, NULL), dws_core_phase(b, NULL));
}

/* dws_core_idle(n) leaves the state n steps without a request or a fill
 * leave: a warp whose last arrival is a fill in the gap's first edge; random
 * requests and fills on two models in lockstep, and now and
 * then a gap of 1 to 300 cycles (a new policy, scheduler and no_bypass_i)
 * that one model idles through and the other steps through; the states
 * are compared after each gap, and the runs go on from them. The gaps must
 * include ones that start with operations in flight and ones long enough
 * for waits to count in bulk, saturating. */
static void test_idle_equals_steps(void **state)
{
    /* directed: a warp's last arrival is a fill presented just before the
     * gap (the table takes it at the gap's first edge): the sequencer must
     * still take the warp's pop, and the re-root, within the gap */
    core_t *d[2];
    for (unsigned k = 0; k < 2; k++) {
        d[k] = make(2, 4, true);
        diverge(d[k]);
        mem(d[k], 0, 0, 0x21, 0x1, WST_KIND_SPLIT);
        exec(d[k], 0, 1, 0x40);
        fill(d[k], 0, 0x4, 0x1);
        mem(d[k], 0, 0, 0x40, 0x0, WST_KIND_MISS);
        cycle(d[k], fill_in(0, 0x4));
    }
    dws_core_idle(d[0], &(in_t){.policy = AGG}, 12);
    for (unsigned k = 0; k < 12; k++)
        dws_core_step(d[1], &(in_t){.policy = AGG}, NULL, NULL);
    same_state(d[0], d[1], 2);
    check_park(d[0], 0, DWSC_PARK_NONE, 0); /* popped and re-rooted */
    check_tos(d[0], 0, 0x30, 0x40, 0xa, 2);
    dws_core_destroy(d[0]);
    dws_core_destroy(d[1]);

    uint64_t seed = UINT64_C(0x2545f4914f6cdd1d);
    unsigned in_flight = 0, bulk = 0, saturated = 0;
    core_t *b = NULL;
    for (unsigned v = 0; v < 2; v++) {
        unsigned n = v ? 3 : 2;
        core_t *a = *state = make(n, v ? 5 : 4, v == 0);
        b = make(n, v ? 5 : 4, v == 0);
        for (unsigned t = 0; t < 6000; t++) {
            if (xorshift64(&seed) % 12) {
                unsigned w = (unsigned)(xorshift64(&seed) % 4);
                in_t in = rand_req(a, &seed, w);
                in.req_valid = xorshift64(&seed) % 6 != 0;
                in.policy = (unsigned)(xorshift64(&seed) % 4);
                unsigned fw = (unsigned)(xorshift64(&seed) % n);
                uint64_t pend = warp_split_table_pending(dws_core_wst(a), fw);
                if (pend && xorshift64(&seed) % 3 == 0)
                    in.fill_valid = true, in.fill_warp = fw, in.fill_mask = pend;
                dws_core_step(a, &in, NULL, NULL);
                dws_core_step(b, &in, NULL, NULL);
                continue;
            }
            unsigned r = (unsigned)(xorshift64(&seed) % 16);
            uint64_t gap = r < 10 ? 1 + r : r < 15 ? 12 + xorshift64(&seed) % 30 : 300;
            in_t q = {.policy = (unsigned)(xorshift64(&seed) % 4),
                      .sched = (unsigned)(xorshift64(&seed) % 2),
                      .no_bypass = xorshift64(&seed) % 2 != 0};
            in_flight += dws_core_busy(a) != 0;
            uint32_t wait0 = 0;
            for (unsigned w = 0; w < n; w++)
                for (unsigned e = 0; e < 4; e++)
                    if (warp_split_table_entry(dws_core_wst(a), w, e).wait > wait0)
                        wait0 = warp_split_table_entry(dws_core_wst(a), w, e).wait;
            dws_core_idle(a, &q, gap);
            for (uint64_t k = 0; k < gap; k++)
                dws_core_step(b, &q, NULL, NULL);
            same_state(a, b, n);
            for (unsigned w = 0; w < n; w++)
                for (unsigned e = 0; e < 4; e++) {
                    uint32_t wait = warp_split_table_entry(dws_core_wst(a), w, e).wait;
                    bulk += gap > 8 && wait > wait0 + 4 && wait < 15;
                    saturated += gap > 8 && wait == 15;
                }
        }
        dws_core_destroy(b);
        b = NULL;
        destroy_state(state);
    }
    assert_true(in_flight > 0 && bulk > 0 && saturated > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset),
        UNIT_TEST(test_branch_two_splits),
        UNIT_TEST(test_uniform_branch_waits),
        UNIT_TEST(test_pop_at_rpc),
        UNIT_TEST(test_exit),
        UNIT_TEST(test_two_warps_in_order),
        UNIT_TEST(test_bypass),
        UNIT_TEST(test_bypass_while_held),
        UNIT_TEST(test_bypass_off),
        UNIT_TEST(test_idle_equals_steps),
        UNIT_TEST(test_overflow_fault),
        UNIT_TEST(test_lcp_arrival),
        UNIT_TEST(test_errors),
        UNIT_TEST(test_lpc_ignored_without_lcp),
        UNIT_TEST(test_request_while_busy),
        UNIT_TEST(test_policy_registered),
        UNIT_TEST(test_input_truncation),
        UNIT_TEST(test_random_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
