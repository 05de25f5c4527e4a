/* Unit tests of the tbc_stack golden model (csim/tbc/tbc_stack.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/tbc -Itests/common csim/tbc/thread_compactor.c csim/tbc/tbc_stack.c tests/tbc/test_tbc_stack.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/tbc_stack.md and
 * the TBC paper (HPCA'11): section 3.1 Example 1 / Fig. 7 (8 threads, warps
 * of 4, block-wide stack), section 3.3 / Fig. 9 (arrival in any order,
 * incremental masks, WCnt), section 4 Example 2 / Fig. 10 (likely-
 * convergence entry, merge at LPC). The paper numbers threads from 1:
 * "thread k" is bit k-1 of a mask, so with W = 4 threads 1-4 are static warp
 * 0 (lanes 0-3) and threads 5-8 static warp 1. A warp is written as the
 * static warp of each lane, NO for an empty lane; taken bits are per lane. */
#include <string.h>

#include "test_util.h"

#include "tbc_stack.h"

#define NO (-1)
#define NONE32 UINT64_C(0xffffffff)
#define W4(a, b, c, d) ((const int[]){a, b, c, d})

enum { PA = 0x10, PB = 0x20, PC_ = 0x30, PD = 0x40, PE = 0x50, PF = 0x60, PEXIT = 0x70 };

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(tbc_stack, TBC_OK)

#define TBC_EVENT_FIELDS(X)                                                               \
    X(accepted) X(op) X(err) X(first_arrival) X(loop_replace) X(lcp_push) X(wcnt_zero)    \
    X(drop_not_taken) X(lpc_arrive)                                                       \
    X(settle_pop_empty) X(settle_pop_done) X(settle_merge) X(settled) X(cmp_taken)        \
    X(block_done) X(depth_after)
/* the fields of an entry but its mask; as outputs with prefix tos_ */
#define TBC_ENTRY_FIELDS(X) X(pc) X(rpc) X(lpc) X(lpos) X(wcnt)
/* the outputs that are neither masks nor the response */
#define TBC_STATE_OUT_FIELDS(X)                                                           \
    X(req_ready) X(cmp_valid) X(cmp_static) X(cmp_pc) X(tos_valid) X(tos_pc) X(tos_rpc)   \
    X(tos_lpc) X(tos_wcnt) X(tos_lpos) X(tos_idx) X(depth)

static tbc_stack_t *make(unsigned b, unsigned w, unsigned pcw, unsigned d, bool lcp)
{
    tbc_stack_params_t p = {b, w, pcw, d, lcp};
    return create_ok(&p);
}

static tbc_stack_in_t in_idle(bool cmp_ready)
{
    return (tbc_stack_in_t){.cmp_ready = cmp_ready};
}

static void set_warp(tbc_stack_in_t *in, unsigned w, const int *sw)
{
    for (unsigned l = 0; l < w; l++) {
        if (sw[l] == NO)
            continue;
        in->req_lane_valid |= UINT64_C(1) << l;
        in->req_lane_sw[l] = (uint16_t)sw[l];
    }
}

static tbc_stack_in_t in_init(const bitmask_t *mask, uint64_t pc, uint64_t rpc, bool st)
{
    tbc_stack_in_t in = in_idle(false);
    in.req_valid = true;
    in.req_op = TBC_OP_INIT;
    in.req_mask = *mask;
    in.req_pc = pc;
    in.req_rpc = rpc;
    in.req_static = st;
    return in;
}

static tbc_stack_in_t in_init64(uint64_t mask, uint64_t pc, uint64_t rpc, bool st)
{
    bitmask_t b = bm64(mask);
    return in_init(&b, pc, rpc, st);
}

static tbc_stack_in_t in_branch(unsigned w, const int *sw, uint64_t taken, uint64_t tpc,
                                uint64_t fpc, uint64_t rpc, uint64_t lpc)
{
    tbc_stack_in_t in = in_idle(false);
    in.req_valid = true;
    in.req_op = TBC_OP_BRANCH;
    set_warp(&in, w, sw);
    in.req_taken = taken;
    in.req_pc = tpc;
    in.req_alt_pc = fpc;
    in.req_rpc = rpc;
    in.req_lpc = lpc;
    return in;
}

static tbc_stack_in_t in_arrive(unsigned w, const int *sw, uint64_t npc)
{
    tbc_stack_in_t in = in_idle(false);
    in.req_valid = true;
    in.req_op = TBC_OP_ARRIVE;
    set_warp(&in, w, sw);
    in.req_pc = npc;
    return in;
}

static tbc_stack_out_t cyc(tbc_stack_t *m, const tbc_stack_in_t *in, tbc_stack_events_t *ev)
{
    tbc_stack_out_t out;
    tbc_stack_events_t e;
    memset(&out, 0xa5, sizeof out); /* must be fully written */
    memset(&e, 0xa5, sizeof e);
    tbc_stack_step(m, in, &out, &e);
    if (ev)
        *ev = e;
    /* peek gives the same outputs as step */
    return out;
}

static tbc_stack_out_t peek(const tbc_stack_t *m)
{
    tbc_stack_out_t out;
    memset(&out, 0xa5, sizeof out);
    tbc_stack_peek(m, &out);
    return out;
}

/* An events literal: the fields not named are 0. */
#define EV(...) ((tbc_stack_events_t){__VA_ARGS__})

static void check_ev(const tbc_stack_events_t *got, tbc_stack_events_t w)
{
    const tbc_stack_events_t *want = &w;
    TBC_EVENT_FIELDS(EXPECT_SAME_FIELD)
}

static void check_mask(const bitmask_t *got, uint64_t want)
{
    bitmask_t w = bm64(want);
    assert_int_equal(got->w[0], want);
    assert_true(bm_eq(got, &w)); /* nothing above the low word */
}

static void check_entry(const tbc_stack_t *m, unsigned level, uint64_t pc, uint64_t rpc,
                        uint64_t lpc, unsigned lpos, unsigned wcnt, uint64_t mask)
{
    tbc_stack_entry_t e;
    assert_true(tbc_stack_entry(m, level, &e));
    assert_int_equal(e.pc, pc);
    assert_int_equal(e.rpc, rpc);
    assert_int_equal(e.lpc, lpc);
    assert_int_equal(e.lpos, lpos);
    assert_int_equal(e.wcnt, wcnt);
    check_mask(&e.mask, mask);
}

/* An expected TOS, on the tos_* / depth outputs: entry idx of `depth`. */
typedef struct {
    unsigned idx, depth;
    uint64_t pc, rpc, lpc;
    unsigned lpos, wcnt;
    uint64_t mask;
} tos_t;
#define TOS(...) ((tos_t){__VA_ARGS__})

/* For TBC_ENTRY_FIELDS: the tos_* outputs *o show *want, or nothing. */
#define EXPECT_TOS_FIELD(f) assert_int_equal(o->tos_##f, want->f);
#define EXPECT_TOS_ZERO(f) assert_int_equal(o->tos_##f, 0);

static void check_tos(const tbc_stack_out_t *o, tos_t tos)
{
    const tos_t *want = &tos;
    assert_true(o->tos_valid);
    assert_int_equal(o->tos_idx, want->idx);
    assert_int_equal(o->depth, want->depth);
    TBC_ENTRY_FIELDS(EXPECT_TOS_FIELD)
    check_mask(&o->tos_mask, want->mask);
}

static void check_tos_empty(const tbc_stack_out_t *o)
{
    bitmask_t z;
    bm_clear(&z);
    assert_false(o->tos_valid);
    assert_int_equal(o->tos_idx, 0);
    assert_int_equal(o->depth, 0);
    TBC_ENTRY_FIELDS(EXPECT_TOS_ZERO)
    assert_true(bm_eq(&o->tos_mask, &z));
}

static void check_cmp(const tbc_stack_out_t *o, bool valid, uint64_t mask, bool st, uint64_t pc)
{
    assert_int_equal(o->cmp_valid, valid);
    check_mask(&o->cmp_mask, valid ? mask : 0);
    assert_int_equal(o->cmp_static, valid ? st : false);
    assert_int_equal(o->cmp_pc, valid ? pc : 0);
}

/* The whole state, to show that a rejected request changes nothing. */
typedef struct {
    unsigned sp, tos;
    bool settling;
    tbc_stack_entry_t e[TBC_DEPTH_MAX];
    tbc_stack_out_t o;
} snap_t;

static void snap_take(const tbc_stack_t *m, snap_t *s)
{
    memset(s, 0, sizeof *s);
    s->sp = tbc_stack_depth(m);
    s->tos = tbc_stack_tos(m);
    s->settling = tbc_stack_settling(m);
    for (unsigned l = 0; l < s->sp; l++)
        assert_true(tbc_stack_entry(m, l, &s->e[l]));
    s->o = peek(m);
}

static void snap_check(const tbc_stack_t *m, const snap_t *s)
{
    assert_int_equal(tbc_stack_depth(m), s->sp);
    assert_int_equal(tbc_stack_tos(m), s->tos);
    assert_int_equal(tbc_stack_settling(m), s->settling);
    for (unsigned l = 0; l < s->sp; l++) {
        tbc_stack_entry_t e;
        const tbc_stack_entry_t *got = &e, *want = &s->e[l];
        assert_true(tbc_stack_entry(m, l, &e));
        TBC_ENTRY_FIELDS(EXPECT_SAME_FIELD)
        assert_true(bm_eq(&e.mask, &want->mask));
    }
    assert_false(tbc_stack_entry(m, s->sp, NULL));
    /* every output but the response ones */
    tbc_stack_out_t o = peek(m);
    const tbc_stack_out_t *got = &o, *want = &s->o;
    TBC_STATE_OUT_FIELDS(EXPECT_SAME_FIELD)
    assert_true(bm_eq(&o.cmp_mask, &want->cmp_mask));
    assert_true(bm_eq(&o.tos_mask, &want->tos_mask));
}

/* A request that must be accepted without error; want: its events (the
 * helper fills accepted and op). The next cycle reports it. */
static void acc(tbc_stack_t *m, tbc_stack_in_t in, tbc_stack_events_t want)
{
    tbc_stack_events_t ev;
    tbc_stack_out_t o = cyc(m, &in, &ev);
    assert_true(o.req_ready);
    want.accepted = true;
    want.op = in.req_op & 3u;
    check_ev(&ev, want);
    o = peek(m);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, TBC_ERR_NONE);
}

/* A request that must be rejected with code err, changing nothing but the
 * response and the sticky error bits. */
static void rej(tbc_stack_t *m, tbc_stack_in_t in, unsigned err)
{
    snap_t s;
    snap_take(m, &s);
    unsigned sticky = s.o.err_sticky;
    tbc_stack_events_t ev;
    tbc_stack_out_t o = cyc(m, &in, &ev);
    assert_true(o.req_ready);
    check_ev(&ev, EV(.accepted = true, .op = in.req_op & 3u, .err = err, .depth_after = s.sp));
    snap_check(m, &s);
    o = peek(m);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, err);
    assert_int_equal(o.err_sticky, sticky | (1u << err));
}

/* A cycle in which the stack settles (req_ready low); a request offered
 * meanwhile must not be taken. */
static tbc_stack_out_t settle_cyc(tbc_stack_t *m, bool cmp_ready, tbc_stack_events_t want)
{
    tbc_stack_in_t in = in_init64(0x1, PA, PEXIT, false); /* held, not taken */
    in.cmp_ready = cmp_ready;
    tbc_stack_events_t ev;
    tbc_stack_out_t o = cyc(m, &in, &ev);
    assert_false(o.req_ready);
    check_ev(&ev, want);
    assert_false(peek(m).rsp_valid);
    return o;
}

/* An idle cycle; returns its outputs. */
static tbc_stack_out_t idle(tbc_stack_t *m, bool cmp_ready, tbc_stack_events_t want)
{
    tbc_stack_in_t in = in_idle(cmp_ready);
    tbc_stack_events_t ev;
    tbc_stack_out_t o = cyc(m, &in, &ev);
    check_ev(&ev, want);
    return o;
}

/* settle() flags: cmp_ready in the settling cycle; cmp_ready in the cycle
 * after it (the compactor takes the request); a request of static warps. */
enum { READY_SETTLING = 1, TAKE = 2, STATIC = 4 };

/* The stack settles on a new TOS, `tos` (its wcnt: the warps the compactor
 * will make of its mask). The settling cycle shows it with WCnt 0; the next,
 * idle cycle shows its WCnt and its compaction request, with the stack ready
 * again. Returns the settling cycle's outputs. */
static tbc_stack_out_t settle(tbc_stack_t *m, unsigned flags, tos_t tos)
{
    tbc_stack_out_t settling =
        settle_cyc(m, flags & READY_SETTLING, EV(.settled = true, .depth_after = tos.depth));
    tos_t uncounted = tos;
    uncounted.wcnt = 0;
    check_tos(&settling, uncounted);
    bool take = flags & TAKE;
    tbc_stack_out_t o = idle(m, take, EV(.cmp_taken = take, .depth_after = tos.depth));
    assert_true(o.req_ready);
    check_cmp(&o, true, tos.mask, flags & STATIC, tos.pc);
    check_tos(&o, tos);
    return settling;
}

/* INIT of a block of 32-bit PCs, its settling cycle and the compaction
 * request taken: the common start of most tests. */
static void start(tbc_stack_t *m, uint64_t mask, uint64_t pc, uint64_t rpc, bool st,
                  unsigned wcnt)
{
    acc(m, in_init64(mask, pc, rpc, st), EV(.depth_after = 1));
    settle(m, TAKE | (st ? STATIC : 0), TOS(0, 1, pc, rpc, NONE32, 0, wcnt, mask));
}

/* Fig. 7's block: 8 threads, warps of 4, 32-bit PCs, Depth d; started at A,
 * every thread, exit EXIT: two static warps, WCnt 2. */
static tbc_stack_t *start_block8(unsigned d, bool lcp)
{
    tbc_stack_t *m = make(8, 4, 32, d, lcp);
    start(m, 0xff, PA, PEXIT, false, 2);
    return m;
}

/* Both static warps of an 8-thread block reach the same branch, static
 * warp `first` before the other: the first pushes the targets (depth
 * entries then), the second brings WCnt to 0 -- and drops the not-taken
 * target if no thread took it or it starts at rpc. taken0, taken1: the
 * outcomes of static warps 0, 1. */
static void branch_both(tbc_stack_t *m, unsigned first, uint64_t taken0, uint64_t taken1,
                        uint64_t tpc, uint64_t fpc, uint64_t rpc, uint64_t lpc, unsigned depth)
{
    const int *sw[2] = {W4(0, 0, 0, 0), W4(1, 1, 1, 1)};
    const uint64_t taken[2] = {taken0, taken1};
    unsigned second = 1 - first;
    acc(m, in_branch(4, sw[first], taken[first], tpc, fpc, rpc, lpc),
        EV(.first_arrival = true, .depth_after = depth));
    bool drop = ((taken0 & taken1 & 0xf) == 0xf) || fpc == rpc;
    acc(m, in_branch(4, sw[second], taken[second], tpc, fpc, rpc, lpc),
        EV(.wcnt_zero = true, .drop_not_taken = drop, .depth_after = depth - drop));
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

/* A legal parameter set: the model echoes it, its stack is empty and its
 * PcNone is `none` (every PcWidth bit set). */
static void expect_created(const tbc_stack_params_t *want, uint64_t none)
{
    tbc_stack_t *m = create_ok(want);
    const tbc_stack_params_t *got = tbc_stack_params(m);
    TBC_PARAM_FIELDS(EXPECT_SAME_PARAM)
    assert_int_equal(tbc_stack_depth(m), 0);
    assert_int_equal(tbc_stack_pc_none(m), none);
    tbc_stack_destroy(m);
}

static void test_params(void **state)
{
    (void)state;
    static const struct {
        tbc_stack_params_t p;
        uint64_t none;
    } good[] = {
        /* smallest and largest */
        {{4, 2, 4, 3, false}, 0xf}, {{1024, 64, 64, 32, true}, ~UINT64_C(0)},
        /* BlockThreads: multiple of W, 2W..1024 */
        {{1000, 40, 32, 8, true}, NONE32},
        /* Depth 3 + LcpEnable .. 32 */
        {{8, 4, 32, 3, false}, NONE32}, {{8, 4, 32, 4, true}, NONE32},
        {{8, 4, 32, 32, true}, NONE32},
        /* configs/tbc_stack.cfg */
        {{256, 32, 32, 8, true}, NONE32}, {{1024, 32, 32, 16, true}, NONE32},
        {{8, 4, 32, 8, true}, NONE32},
    };
    static const bad_params_t bad[] = {
        /* WarpWidth 2..64 */
        {{8, 1, 32, 8, true}, TBC_EPARAM_WARP_WIDTH}, {{8, 0, 32, 8, true}, TBC_EPARAM_WARP_WIDTH},
        {{130, 65, 32, 8, true}, TBC_EPARAM_WARP_WIDTH},
        /* BlockThreads: multiple of W, 2W..1024 */
        {{4, 4, 32, 8, true}, TBC_EPARAM_BLOCK_THREADS}, {{10, 4, 32, 8, true}, TBC_EPARAM_BLOCK_THREADS},
        {{1056, 32, 32, 8, true}, TBC_EPARAM_BLOCK_THREADS},
        /* PcWidth 4..64 */
        {{8, 4, 3, 8, true}, TBC_EPARAM_PC_WIDTH}, {{8, 4, 65, 8, true}, TBC_EPARAM_PC_WIDTH},
        /* Depth 3 + LcpEnable .. 32 */
        {{8, 4, 32, 2, false}, TBC_EPARAM_DEPTH}, {{8, 4, 32, 3, true}, TBC_EPARAM_DEPTH},
        {{8, 4, 32, 33, false}, TBC_EPARAM_DEPTH},
        /* the ranges in declaration order (threads, width, pc width, depth), then the rules */
        {{3, 1, 3, 0, false}, TBC_EPARAM_BLOCK_THREADS}, {{3, 2, 3, 0, false}, TBC_EPARAM_BLOCK_THREADS},
        {{4, 2, 3, 0, false}, TBC_EPARAM_PC_WIDTH}, {{4, 2, 4, 0, false}, TBC_EPARAM_DEPTH},
    };
    for (size_t i = 0; i < ARRAY_LEN(good); i++)
        expect_created(&good[i].p, good[i].none);
    expect_bad_params(bad, ARRAY_LEN(bad));
    tbc_stack_t *m = NULL;
    assert_int_equal(tbc_stack_create(NULL, &m), TBC_EPARAM_BLOCK_THREADS);
    assert_null(m);
    tbc_stack_destroy(NULL);
}

static void test_reset_state(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    assert_int_equal(tbc_stack_pc_none(m), NONE32);
    tbc_stack_out_t o = peek(m);
    assert_true(o.req_ready);
    check_cmp(&o, false, 0, false, 0);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0);
    check_tos_empty(&o);
    assert_false(tbc_stack_settling(m));
    assert_false(tbc_stack_entry(m, 0, NULL));

    /* reset in the middle of a block: settling, a request held, an error */
    rej(m, in_arrive(4, W4(0, 0, 0, 0), PD), TBC_ERR_EMPTY);
    acc(m, in_init64(0xff, PA, PEXIT, true), EV(.depth_after = 1));
    settle_cyc(m, false, EV(.settled = true, .depth_after = 1));
    assert_true(peek(m).cmp_valid);
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x1, PC_, PB, PD, NONE32),
        EV(.first_arrival = true, .depth_after = 3));
    tbc_stack_reset(m);
    o = peek(m);
    assert_true(o.req_ready);
    check_cmp(&o, false, 0, false, 0);
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0);
    check_tos_empty(&o);
    assert_int_equal(tbc_stack_depth(m), 0);
    assert_int_equal(tbc_stack_tos(m), 0);
    /* and a new block starts as usual */
    start(m, 0x61, PA, PEXIT, false, 1);
}

/* ------------------------------------------------------------------ */
/* TBC Example 1 / Fig. 7, block-wide, cycle by cycle.
 * flag = (t==1)||(t==6)||(t==7): taken -> C {1,6,7} = 0x61, not taken -> B
 * {2,3,4,5,8} = 0x9e, reconvergence at D. Fig. 9: the warps reach the branch
 * in any order; w2_first selects static warp 1 (threads 5-8) first. */

static void run_fig7(bool w2_first, bool lcp)
{
    tbc_stack_t *m = make(8, 4, 32, 8, lcp);
    tbc_stack_events_t ev;
    tbc_stack_out_t o;
    tbc_stack_in_t in;

    /* Fig. 7 (1): one entry {A, EXIT, threads 1-8} */
    in = in_init64(0xff, PA, PEXIT, false);
    o = cyc(m, &in, &ev);
    assert_true(o.req_ready);
    check_tos_empty(&o);
    assert_false(o.rsp_valid);
    check_ev(&ev, EV(.accepted = true, .op = TBC_OP_INIT, .depth_after = 1));

    /* the next cycle it becomes TOS: req_ready low, the INIT reported */
    o = settle_cyc(m, false, EV(.settled = true, .depth_after = 1));
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    check_tos(&o, TOS(0, 1, PA, PEXIT, NONE32, 0, 0, 0xff));
    check_cmp(&o, false, 0, false, 0);

    /* Fig. 7 (2): the mask goes to the compactor, WCnt = 2 (two warps);
     * cmp_ready low holds the request */
    for (int i = 0; i < 3; i++) {
        o = idle(m, false, EV(.depth_after = 1));
        assert_true(o.req_ready);
        assert_false(o.rsp_valid);
        check_cmp(&o, true, 0xff, false, PA);
        check_tos(&o, TOS(0, 1, PA, PEXIT, NONE32, 0, 2, 0xff));
    }
    o = idle(m, true, EV(.cmp_taken = true, .depth_after = 1));
    check_cmp(&o, true, 0xff, false, PA);
    o = peek(m);
    check_cmp(&o, false, 0, false, 0);

    /* Fig. 7 (3)-(4), Fig. 9 (2)-(10): the two static warps reach the
     * branch. The first pushes B (not taken) then C (taken) and sets
     * T.pc := D; each thread sets its bit in its outcome's entry */
    const int *w1 = W4(0, 0, 0, 0), *w2 = W4(1, 1, 1, 1);
    const int *first = w2_first ? w2 : w1, *second = w2_first ? w1 : w2;
    uint64_t t_first = w2_first ? 0x6 : 0x1, t_second = w2_first ? 0x1 : 0x6;
    in = in_branch(4, first, t_first, PC_, PB, PD, NONE32);
    o = cyc(m, &in, &ev);
    assert_true(o.req_ready);
    check_ev(&ev, EV(.accepted = true, .op = TBC_OP_BRANCH, .first_arrival = true,
                     .depth_after = 3));
    check_entry(m, 0, PD, PEXIT, NONE32, 0, 1, 0xff);
    check_entry(m, 1, PB, PD, NONE32, 0, 0, w2_first ? 0x90 : 0x0e);
    check_entry(m, 2, PC_, PD, NONE32, 0, 0, w2_first ? 0x60 : 0x01);
    assert_int_equal(tbc_stack_tos(m), 0);

    in = in_branch(4, second, t_second, PC_, PB, PD, NONE32);
    o = cyc(m, &in, &ev);
    assert_true(o.req_ready);
    assert_true(o.rsp_valid);
    check_tos(&o, TOS(0, 3, PD, PEXIT, NONE32, 0, 1, 0xff));
    check_ev(&ev, EV(.accepted = true, .op = TBC_OP_BRANCH, .wcnt_zero = true,
                     .depth_after = 3));
    check_entry(m, 0, PD, PEXIT, NONE32, 0, 0, 0xff);
    check_entry(m, 1, PB, PD, NONE32, 0, 0, 0x9e);
    check_entry(m, 2, PC_, PD, NONE32, 0, 0, 0x61);

    /* Fig. 9 (11)-(12): WCnt hit zero, TOS moves to C, which settles:
     * threads 1, 6, 7 in three different lanes -> one warp */
    settle(m, TAKE, TOS(2, 3, PC_, PD, NONE32, 0, 1, 0x61));

    /* Fig. 7 (5)-(7): the compacted warp {t1, t6, t7} reaches D: pop */
    in = in_arrive(4, W4(0, 1, 1, NO), PD);
    o = cyc(m, &in, &ev);
    check_cmp(&o, false, 0, false, 0);
    check_ev(&ev, EV(.accepted = true, .op = TBC_OP_ARRIVE, .wcnt_zero = true,
                     .depth_after = 2));

    /* Fig. 7 (8): B settles: lane 3 holds threads 4 and 8 -> two warps */
    o = settle(m, TAKE, TOS(1, 2, PB, PD, NONE32, 0, 2, 0x9e));
    assert_true(o.rsp_valid);

    /* Fig. 7 (9): both compacted warps reach D */
    acc(m, in_arrive(4, W4(1, 0, 0, 0), PD), EV(.depth_after = 2));
    o = peek(m);
    check_tos(&o, TOS(1, 2, PB, PD, NONE32, 0, 1, 0x9e));
    acc(m, in_arrive(4, W4(NO, NO, NO, 1), PD), EV(.wcnt_zero = true, .depth_after = 1));

    /* Fig. 7 (10): the original entry, now at D, gets the full mask back:
     * the static warps again */
    settle(m, TAKE, TOS(0, 1, PD, PEXIT, NONE32, 0, 2, 0xff));

    /* both reach the exit: the bottom entry is popped, the block is done */
    acc(m, in_arrive(4, second, PEXIT), EV(.depth_after = 1));
    acc(m, in_arrive(4, first, PEXIT),
        EV(.wcnt_zero = true, .block_done = true, .depth_after = 0));
    o = peek(m);
    assert_true(o.req_ready);
    check_tos_empty(&o);
    check_cmp(&o, false, 0, false, 0);
    assert_int_equal(o.err_sticky, 0);
    assert_false(tbc_stack_settling(m));
    rej(m, in_branch(4, w1, 0x1, PC_, PB, PD, NONE32), TBC_ERR_EMPTY);
    tbc_stack_destroy(m);
}

static void test_fig7_w1_first(void **state)
{
    (void)state;
    run_fig7(false, false);
    run_fig7(false, true);
}

static void test_fig7_w2_first(void **state)
{
    (void)state;
    run_fig7(true, false);
    run_fig7(true, true);
}

/* Fig. 9 with three static warps (B = 12, W = 4), arriving W2, W3, W1.
 * The text fixes thread 5 -> C (first new entry) and thread 6 -> B; the
 * other outcomes are this test's choice: C = {1,3,5,7,8,9,10}. */
static void test_fig9_three_warps(void **state)
{
    tbc_stack_t *m = *state = make(12, 4, 32, 8, true);
    start(m, 0xfff, PA, PEXIT, false, 3);
    /* the arrivals in order: static warp, outcome per lane; then C's and
     * B's masks and T's WCnt */
    static const struct {
        int sw;
        uint64_t taken, c, b;
        unsigned wcnt;
    } arrivals[] = {
        /* W2 = threads 5-8: 5, 7, 8 taken (lanes 0, 2, 3): C gets bits 4,
         * 6, 7, B bit 5 (thread 6) */
        {1, 0xd, 0x0d0, 0x020, 2},
        /* W3 = threads 9-12: 9, 10 taken */
        {2, 0x3, 0x3d0, 0xc20, 1},
        /* W1 = threads 1-4: 1, 3 taken */
        {0, 0x5, 0x3d5, 0xc2a, 0},
    };
    for (size_t i = 0; i < ARRAY_LEN(arrivals); i++) {
        int sw = arrivals[i].sw;
        acc(m, in_branch(4, W4(sw, sw, sw, sw), arrivals[i].taken, PC_, PB, PD, NONE32),
            EV(.first_arrival = i == 0, .wcnt_zero = arrivals[i].wcnt == 0, .depth_after = 3));
        check_entry(m, 2, PC_, PD, NONE32, 0, 0, arrivals[i].c);
        check_entry(m, 1, PB, PD, NONE32, 0, 0, arrivals[i].b);
        check_entry(m, 0, PD, PEXIT, NONE32, 0, arrivals[i].wcnt, 0xfff);
    }
    /* C: lane 0 holds threads 1, 5, 9 -> WCnt 3 */
    settle(m, 0, TOS(2, 3, PC_, PD, NONE32, 0, 3, 0x3d5));
    /* the compactor's three warps (worked out in test_thread_compactor) */
    acc(m, in_arrive(4, W4(0, 2, 0, 1), PD), EV(.depth_after = 3));
    acc(m, in_arrive(4, W4(1, NO, 1, NO), PD), EV(.depth_after = 3));
    acc(m, in_arrive(4, W4(2, NO, NO, NO), PD), EV(.wcnt_zero = true, .depth_after = 2));
    /* B: lanes 1 and 3 hold two threads each -> WCnt 2; the request
     * replaces C's, never taken */
    tbc_stack_out_t o = settle(m, 0, TOS(1, 2, PB, PD, NONE32, 0, 2, 0xc2a));
    check_cmp(&o, true, 0x3d5, false, PC_);
}

/* ------------------------------------------------------------------ */
/* uniform branches: the empty target is popped when it becomes TOS      */

static void test_uniform_empty_target(void **state)
{
    /* every thread taken: B (not taken) has no thread; the last warp
     * drops it and C takes its place */
    tbc_stack_t *m = *state = start_block8(3, false);
    branch_both(m, 0, 0xf, 0xf, PC_, PB, PD, NONE32, 3); /* exactly Depth, then 2 */
    check_entry(m, 1, PC_, PD, NONE32, 0, 0, 0xff);
    settle(m, READY_SETTLING | TAKE, TOS(1, 2, PC_, PD, NONE32, 0, 2, 0xff));
    acc(m, in_arrive(4, W4(1, 1, 1, 1), PD), EV(.depth_after = 2));
    acc(m, in_arrive(4, W4(0, 0, 0, 0), PD), EV(.wcnt_zero = true, .depth_after = 1));
    /* nothing to pop: the original entry settles at once */
    tbc_stack_out_t o = settle(m, 0, TOS(0, 1, PD, PEXIT, NONE32, 0, 2, 0xff));
    check_cmp(&o, false, 0, false, 0);
    destroy_state(state);

    /* every thread not taken: C (the top) is empty and popped at once */
    m = *state = start_block8(3, false);
    branch_both(m, 1, 0x0, 0x0, PC_, PB, PD, NONE32, 3);
    o = settle_cyc(m, false, EV(.settle_pop_empty = true, .depth_after = 2));
    check_tos(&o, TOS(2, 3, PC_, PD, NONE32, 0, 0, 0x00));
    settle(m, 0, TOS(1, 2, PB, PD, NONE32, 0, 2, 0xff));
}

/* A single warp: the first arrival is also the last one (section 3.3:
 * both targets even for a uniform warp). */
static void test_single_warp_block(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    start(m, 0x0f, PA, PEXIT, false, 1); /* threads 1-4 only */
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x0, PC_, PB, PD, NONE32),
        EV(.first_arrival = true, .wcnt_zero = true, .depth_after = 3));
    check_entry(m, 2, PC_, PD, NONE32, 0, 0, 0x00);
    check_entry(m, 1, PB, PD, NONE32, 0, 0, 0x0f);
    settle_cyc(m, false, EV(.settle_pop_empty = true, .depth_after = 2));
    settle(m, 0, TOS(1, 2, PB, PD, NONE32, 0, 1, 0x0f));
}

/* ------------------------------------------------------------------ */
/* cascaded settling: several entries pass in consecutive cycles         */

static void test_not_taken_dropped(void **state)
{
    tbc_stack_t *m = *state = start_block8(5, false);
    /* uniform branch A -> C: B, the not-taken target, has no thread */
    branch_both(m, 0, 0xf, 0xf, PC_, PB, PD, NONE32, 3);
    check_entry(m, 0, PD, PEXIT, NONE32, 0, 0, 0xff);
    check_entry(m, 1, PC_, PD, NONE32, 0, 0, 0xff);
    settle(m, READY_SETTLING | TAKE, TOS(1, 2, PC_, PD, NONE32, 0, 2, 0xff));
    /* in C an if without else: its not-taken side starts at the
     * reconvergence point F, where C now waits with every thread, so it is
     * dropped too, though threads 5-8 took it; E runs threads 1-4 */
    branch_both(m, 0, 0xf, 0x0, PE, PF, PF, NONE32, 4);
    check_entry(m, 1, PF, PD, NONE32, 0, 0, 0xff);
    check_entry(m, 2, PE, PF, NONE32, 0, 0, 0x0f);
    settle(m, READY_SETTLING | TAKE, TOS(2, 3, PE, PF, NONE32, 0, 1, 0x0f));
    acc(m, in_arrive(4, W4(0, 0, 0, 0), PF), EV(.wcnt_zero = true, .depth_after = 2));
    settle(m, READY_SETTLING | TAKE, TOS(1, 2, PF, PD, NONE32, 0, 2, 0xff));
}

/* A bottom-tested loop whose exit is T's own rpc: each iteration's
 * entries take T's place (loop_replace) and the exit side, on top, is
 * popped as it becomes TOS, so any trip count fits in two entries. (Had T
 * become a reconvergence entry, every iteration would leave two entries
 * behind: a 3-entry stack would overflow on the second iteration.) */
static void test_loop_bounded(void **state)
{
    tbc_stack_t *m = *state = start_block8(3, false);
    tbc_stack_out_t o;
    for (int it = 0; it < 40; it++) {
        bool last = it == 39;
        acc(m, in_branch(4, W4(1, 1, 1, 1), last ? 0x0 : 0xf, PA, PEXIT, PEXIT, NONE32),
            EV(.first_arrival = true, .loop_replace = true, .depth_after = 2));
        /* T (the loop's entry, now waiting at its rpc) shows until its
         * last warp arrives */
        o = peek(m);
        check_tos(&o, TOS(0, 2, PEXIT, PEXIT, NONE32, 0, 1, 0xff));
        check_entry(m, 0, PEXIT, PEXIT, NONE32, 0, 0, last ? 0xf0 : 0x00);
        check_entry(m, 1, PA, PEXIT, NONE32, 0, 0, last ? 0x00 : 0xf0);
        /* the exit side starts at rpc: dropped */
        acc(m, in_branch(4, W4(0, 0, 0, 0), last ? 0x0 : 0xf, PA, PEXIT, PEXIT, NONE32),
            EV(.wcnt_zero = true, .drop_not_taken = true, .depth_after = 1));
        if (!last)
            settle(m, READY_SETTLING | TAKE, TOS(0, 1, PA, PEXIT, NONE32, 0, 2, 0xff));
    }
    /* every thread left: the loop's side, empty, is popped and with it the
     * block */
    o = settle_cyc(m, false, EV(.settle_pop_empty = true, .block_done = true, .depth_after = 0));
    check_tos(&o, TOS(0, 1, PA, PEXIT, NONE32, 0, 0, 0x00));
    o = peek(m);
    check_tos_empty(&o);
}

/* INIT at its own exit PC: the bottom entry is popped while settling. */
static void test_init_at_exit(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    acc(m, in_init64(0xff, PEXIT, PEXIT, false), EV(.depth_after = 1));
    tbc_stack_out_t o = settle_cyc(
        m, false, EV(.settle_pop_done = true, .block_done = true, .depth_after = 0));
    check_tos(&o, TOS(0, 1, PEXIT, PEXIT, NONE32, 0, 0, 0xff));
    o = peek(m);
    assert_true(o.req_ready);
    check_tos_empty(&o);
    check_cmp(&o, false, 0, false, 0);
}

/* ------------------------------------------------------------------ */
/* likely-convergence points (section 4, Example 2 / Fig. 10)           */

/* Example 2 with 8 threads: A branches to B (taken: thread 1) or C (the
 * rest), reconvergence at F, likely convergence at E. In C a second branch
 * sends threads 3 and 4 to D (break -> F) and the rest to E. inner_lpc is
 * that branch's LPC: PF (== its rpc, footnote 7: no new entry) or PE (a
 * new likely-convergence entry above the first one). */
static void run_example2(bool nested_lcp)
{
    tbc_stack_t *m = start_block8(8, true);

    /* Fig. 10 (1)-(2): the LCP entry E, then C (not taken), B (taken) */
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x1, PB, PC_, PF, PE),
        EV(.first_arrival = true, .lcp_push = true, .depth_after = 4));
    check_entry(m, 0, PF, PEXIT, NONE32, 0, 1, 0xff);
    check_entry(m, 1, PE, PF, NONE32, 0, 0, 0x00);
    check_entry(m, 2, PC_, PF, PE, 1, 0, 0x0e);
    check_entry(m, 3, PB, PF, PE, 1, 0, 0x01);
    /* a later warp must name the same branch; its lpc is not compared */
    acc(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PB, PC_, PF, NONE32),
        EV(.wcnt_zero = true, .depth_after = 4));
    check_entry(m, 2, PC_, PF, PE, 1, 0, 0xfe);
    settle(m, READY_SETTLING | TAKE, TOS(3, 4, PB, PF, PE, 1, 1, 0x01));

    /* Fig. 10 (8)-(9): thread 1 leaves B for E == LPC: merged into entry 1 */
    acc(m, in_arrive(4, W4(0, NO, NO, NO), PE),
        EV(.lpc_arrive = true, .wcnt_zero = true, .depth_after = 3));
    check_entry(m, 1, PE, PF, NONE32, 0, 0, 0x01);

    /* C: threads 2-8; lanes 1-3 hold two threads each */
    settle(m, READY_SETTLING | TAKE, TOS(2, 3, PC_, PF, PE, 1, 2, 0xfe));

    /* Fig. 10 (3)-(4): the branch in C. Compacted warp 1 = {t5, t2, t3,
     * t4}: t3, t4 -> D (taken). Warp 2 = {-, t6, t7, t8}: all -> E. */
    uint64_t inner_lpc = nested_lcp ? PE : PF;
    unsigned d_lpos = nested_lcp ? 2 : 1;
    /* it reconverges at F, C's own rpc: its entries take C's place (C
     * would otherwise wait at F holding threads that entry 0 holds at F
     * already); C shows on tos_* until its last warp arrives */
    acc(m, in_branch(4, W4(1, 0, 0, 0), 0xc, PD, PE, PF, inner_lpc),
        EV(.first_arrival = true, .loop_replace = true, .lcp_push = nested_lcp,
           .depth_after = nested_lcp ? 5 : 4));
    unsigned top = nested_lcp ? 4 : 3;
    tbc_stack_out_t o = peek(m);
    check_tos(&o, TOS(2, top + 1, PF, PF, PE, 1, 1, 0xfe));
    if (nested_lcp)
        check_entry(m, 2, PE, PF, PE, 1, 0, 0x00); /* inherits C's lpc, lpos */
    check_entry(m, top - 1, PE, PF, PE, d_lpos, 0, 0x12);
    check_entry(m, top, PD, PF, PE, d_lpos, 0, 0x0c);
    acc(m, in_branch(4, W4(NO, 1, 1, 1), 0x0, PD, PE, PF, inner_lpc),
        EV(.wcnt_zero = true, .depth_after = top + 1));
    check_entry(m, top - 1, PE, PF, PE, d_lpos, 0, 0xf2);

    /* D: threads 3, 4 -> one warp, which reaches F (Fig. 10 (6)-(7)) */
    settle(m, READY_SETTLING | TAKE, TOS(top, top + 1, PD, PF, PE, d_lpos, 1, 0x0c));
    acc(m, in_arrive(4, W4(NO, NO, 0, 0), PF), EV(.wcnt_zero = true, .depth_after = top));

    /* the E target has pc == lpc: merged (Fig. 10 (4)-(5)); with the
     * nested entry that one merges again into entry 1 */
    o = settle_cyc(m, false, EV(.settle_merge = true, .depth_after = top - 1));
    check_tos(&o, TOS(top - 1, top, PE, PF, PE, d_lpos, 0, 0xf2));
    if (nested_lcp) {
        check_entry(m, 2, PE, PF, PE, 1, 0, 0xf2);
        o = settle_cyc(m, false, EV(.settle_merge = true, .depth_after = 2));
        check_tos(&o, TOS(2, 3, PE, PF, PE, 1, 0, 0xf2));
    }
    check_entry(m, 1, PE, PF, NONE32, 0, 0, 0xf3);
    /* Fig. 10 (10): the likely-convergence entry runs E with threads
     * 1, 2, 5, 6, 7, 8: lanes 0 and 1 hold two each -> WCnt 2 */
    settle(m, TAKE, TOS(1, 2, PE, PF, NONE32, 0, 2, 0xf3));
    acc(m, in_arrive(4, W4(0, 0, 1, 1), PF), EV(.depth_after = 2));
    acc(m, in_arrive(4, W4(1, 1, NO, NO), PF), EV(.wcnt_zero = true, .depth_after = 1));
    settle(m, 0, TOS(0, 1, PF, PEXIT, NONE32, 0, 2, 0xff));
    tbc_stack_destroy(m);
}

static void test_example2_lcp(void **state)
{
    (void)state;
    run_example2(false);
}

static void test_example2_nested_lcp(void **state)
{
    (void)state;
    run_example2(true);
}

/* Static warp 0 (threads 1-4) of Fig. 7's block reaches Example 2's branch
 * (thread 1 to B, the rest to C; reconvergence at F) with a likely-
 * convergence point that makes no LCP entry: only C and B are pushed. */
static void branch_without_lcp(tbc_stack_t *m, uint64_t lpc)
{
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x1, PB, PC_, PF, lpc),
        EV(.first_arrival = true, .depth_after = 3));
    check_entry(m, 1, PC_, PF, NONE32, 0, 0, 0x0e);
    check_entry(m, 2, PB, PF, NONE32, 0, 0, 0x01);
}

/* LCP off: lpc is ignored, entries carry PcNone, an arrival at what would
 * be the LPC is not a convergence point. */
static void test_lcp_disabled(void **state)
{
    tbc_stack_t *m = *state = start_block8(3, false);
    branch_without_lcp(m, PE);
    acc(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PB, PC_, PF, PE),
        EV(.wcnt_zero = true, .depth_after = 3));
    settle_cyc(m, true, EV(.settled = true, .depth_after = 3));
    rej(m, in_arrive(4, W4(0, NO, NO, NO), PE), TBC_ERR_NOT_PENDING);
    acc(m, in_arrive(4, W4(0, NO, NO, NO), PF), EV(.wcnt_zero = true, .depth_after = 2));
}

/* LCP on, lpc == rpc or PcNone: no likely-convergence entry */
static void test_lcp_not_pushed(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        tbc_stack_t *m = start_block8(4, true);
        branch_without_lcp(m, k ? PF : NONE32);
        tbc_stack_destroy(m);
    }
}

/* ------------------------------------------------------------------ */
/* static mode (section 3.2: compaction disabled)                      */

static void test_static_mode(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    start(m, 0xff, PA, PEXIT, true, 2);
    branch_both(m, 0, 0x1, 0x6, PC_, PB, PD, NONE32, 3);
    /* {1,6,7} spans both static warps: WCnt 2 (compacted it would be 1) */
    settle(m, TAKE | STATIC, TOS(2, 3, PC_, PD, NONE32, 0, 2, 0x61));
    /* the static warps {t1} and {t6, t7} */
    acc(m, in_arrive(4, W4(0, NO, NO, NO), PD), EV(.depth_after = 3));
    acc(m, in_arrive(4, W4(NO, 1, 1, NO), PD), EV(.wcnt_zero = true, .depth_after = 2));
    settle(m, STATIC, TOS(1, 2, PB, PD, NONE32, 0, 2, 0x9e));

    /* static mode is per INIT: one static warp's threads -> 1. The INIT
     * withdraws B's request, which was never taken. */
    acc(m, in_init64(0xa0, PA, PEXIT, true), EV(.depth_after = 1));
    settle(m, READY_SETTLING | STATIC, TOS(0, 1, PA, PEXIT, NONE32, 0, 1, 0xa0));
    /* and off again */
    acc(m, in_init64(0x61, PA, PEXIT, false), EV(.depth_after = 1));
    settle(m, READY_SETTLING, TOS(0, 1, PA, PEXIT, NONE32, 0, 1, 0x61));
}

/* ------------------------------------------------------------------ */
/* the compaction request handshake                                     */

static void test_cmp_handshake(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    acc(m, in_init64(0xff, PA, PEXIT, false), EV(.depth_after = 1));
    settle_cyc(m, false, EV(.settled = true, .depth_after = 1));
    tbc_stack_out_t o;
    for (int i = 0; i < 4; i++) {
        o = idle(m, false, EV(.depth_after = 1));
        check_cmp(&o, true, 0xff, false, PA);
    }
    /* a new INIT while the request waits withdraws it (docs/blocks/
     * tbc_stack.md, INIT): the old block's mask must not reach the
     * compactor, so cmp_ready in the settling cycle takes nothing */
    acc(m, in_init64(0x0f, PB, PEXIT, false), EV(.depth_after = 1));
    o = settle(m, READY_SETTLING, TOS(0, 1, PB, PEXIT, NONE32, 0, 1, 0x0f));
    check_cmp(&o, false, 0, false, 0);
    /* withdrawn again, never taken */
    acc(m, in_init64(0xf0, PC_, PEXIT, true), EV(.depth_after = 1));
    o = settle(m, STATIC, TOS(0, 1, PC_, PEXIT, NONE32, 0, 1, 0xf0));
    check_cmp(&o, false, 0, false, 0);
    /* cmp_ready without a request does nothing */
    idle(m, true, EV(.cmp_taken = true, .depth_after = 1));
    o = idle(m, true, EV(.depth_after = 1));
    check_cmp(&o, false, 0, false, 0);
    /* warps may arrive before the request is taken */
    acc(m, in_init64(0xff, PA, PEXIT, false), EV(.depth_after = 1));
    settle_cyc(m, false, EV(.settled = true, .depth_after = 1));
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x0, PC_, PB, PD, NONE32),
        EV(.first_arrival = true, .depth_after = 3));
    o = peek(m);
    check_cmp(&o, true, 0xff, false, PA);
}

/* requests offered while settling are neither applied nor rejected */
static void test_settling_holds_requests(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    acc(m, in_init64(0xff, PA, PEXIT, false), EV(.depth_after = 1));
    tbc_stack_in_t bad = in_idle(false);
    bad.req_valid = true;
    bad.req_op = TBC_OP_RESERVED;
    tbc_stack_events_t ev;
    tbc_stack_out_t o = cyc(m, &bad, &ev);
    assert_false(o.req_ready);
    assert_true(o.rsp_valid); /* the INIT's response */
    check_ev(&ev, EV(.settled = true, .depth_after = 1));
    o = peek(m);
    assert_false(o.rsp_valid); /* nothing for the held request */
    assert_int_equal(o.err_sticky, 0);
    assert_true(o.req_ready);
    /* now it is taken */
    rej(m, bad, TBC_ERR_BAD_OP);
    /* rsp_valid drops again after an idle cycle */
    idle(m, false, EV(.depth_after = 1));
    o = peek(m);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 1u << TBC_ERR_BAD_OP);
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

static void test_every_error_code(void **state)
{
    /* B = 12, W = 4: S = 3, SwWidth = 2 (static warp 3 exists on the port
     * but not in the block); PcWidth 8: PcNone = 0xff; Depth 4 */
    tbc_stack_t *m = *state = make(12, 4, 8, 4, true);
    const uint64_t N = 0xff;
    assert_int_equal(tbc_stack_pc_none(m), N);
    tbc_stack_in_t in;

    /* 1 BAD_OP, whatever else is wrong */
    in = in_branch(4, W4(NO, NO, NO, NO), 0, N, N, N, N);
    in.req_op = TBC_OP_RESERVED;
    rej(m, in, TBC_ERR_BAD_OP);
    in.req_op = 7; /* two bits: 3 */
    rej(m, in, TBC_ERR_BAD_OP);
    /* 2 BAD_WARP: no valid lane; a valid lane in static warp 3 */
    rej(m, in_branch(4, W4(NO, NO, NO, NO), 0, N, N, N, N), TBC_ERR_BAD_WARP);
    rej(m, in_arrive(4, W4(NO, NO, NO, NO), N), TBC_ERR_BAD_WARP);
    rej(m, in_branch(4, W4(0, 3, 0, 0), 0, PC_, PB, PD, N), TBC_ERR_BAD_WARP);
    rej(m, in_arrive(4, W4(2, 2, 2, 3), PD), TBC_ERR_BAD_WARP);
    in = in_arrive(4, W4(0, 0, 0, 0), PD);
    in.req_lane_valid = 0xf0; /* lanes 4-7 do not exist: no valid lane */
    rej(m, in, TBC_ERR_BAD_WARP);
    /* 3 BAD_PC: beats BAD_MASK and EMPTY; rpc PcNone is fine for INIT and
     * lpc PcNone for BRANCH */
    rej(m, in_init64(0x0, N, PEXIT, false), TBC_ERR_BAD_PC);
    rej(m, in_init64(0xfff, 0x1ff, PEXIT, false), TBC_ERR_BAD_PC); /* truncated */
    rej(m, in_branch(4, W4(0, 0, 0, 0), 0, N, PB, PD, N), TBC_ERR_BAD_PC);
    rej(m, in_branch(4, W4(0, 0, 0, 0), 0, PC_, N, PD, N), TBC_ERR_BAD_PC);
    rej(m, in_branch(4, W4(0, 0, 0, 0), 0, PC_, PB, N, N), TBC_ERR_BAD_PC);
    rej(m, in_arrive(4, W4(0, 0, 0, 0), N), TBC_ERR_BAD_PC);
    /* 4 BAD_MASK: empty, also after truncation to B bits */
    rej(m, in_init64(0x0, PA, N, false), TBC_ERR_BAD_MASK);
    rej(m, in_init64(0xf000, PA, N, false), TBC_ERR_BAD_MASK);
    /* 5 EMPTY */
    rej(m, in_branch(4, W4(0, 0, 0, 0), 0, PC_, PB, PD, N), TBC_ERR_EMPTY);
    rej(m, in_arrive(4, W4(0, 0, 0, 0), PD), TBC_ERR_EMPTY);
    assert_int_equal(peek(m).err_sticky, 0x3e);

    /* a block without thread 12 (bit 11): lane 0 has three threads */
    acc(m, in_init64(0x7ff, PA, PEXIT, false), EV(.depth_after = 1));
    settle(m, TAKE, TOS(0, 1, PA, PEXIT, N, 0, 3, 0x7ff));
    /* 6 NOT_PENDING: thread 12 is not in T */
    rej(m, in_branch(4, W4(2, 2, 2, 2), 0, PC_, PB, PD, N), TBC_ERR_NOT_PENDING);
    rej(m, in_arrive(4, W4(NO, NO, NO, 2), PEXIT), TBC_ERR_NOT_PENDING);
    /* ... npc is not a convergence point of T */
    rej(m, in_arrive(4, W4(0, 0, 0, 0), PD), TBC_ERR_NOT_PENDING);
    /* an invalid lane's static warp and outcome are ignored */
    in = in_branch(4, W4(2, 2, 2, NO), 0x9, PC_, PB, PD, N);
    in.req_lane_sw[3] = 3;
    acc(m, in, EV(.first_arrival = true, .depth_after = 3));
    check_entry(m, 2, PC_, PD, N, 0, 0, 0x100);
    check_entry(m, 1, PB, PD, N, 0, 0, 0x600);
    /* duplicate arrival, whole or in part */
    rej(m, in_branch(4, W4(2, 2, 2, NO), 0x9, PC_, PB, PD, N), TBC_ERR_NOT_PENDING);
    rej(m, in_branch(4, W4(0, 0, 2, 0), 0x0, PC_, PB, PD, N), TBC_ERR_NOT_PENDING);
    /* NOT_PENDING beats MISMATCH */
    rej(m, in_branch(4, W4(2, NO, NO, NO), 0x0, PE, PB, PD, N), TBC_ERR_NOT_PENDING);
    /* ARRIVE while a branch is pending, even at T's rpc */
    rej(m, in_arrive(4, W4(1, 1, 1, 1), PEXIT), TBC_ERR_NOT_PENDING);
    rej(m, in_arrive(4, W4(1, 1, 1, 1), PD), TBC_ERR_NOT_PENDING);
    /* 7 MISMATCH: another tpc, fpc or rpc */
    rej(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PE, PB, PD, N), TBC_ERR_MISMATCH);
    rej(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PC_, PE, PD, N), TBC_ERR_MISMATCH);
    rej(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PC_, PB, PE, N), TBC_ERR_MISMATCH);
    rej(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PB, PC_, PD, N), TBC_ERR_MISMATCH);
    /* lower codes still win while pending */
    rej(m, in_branch(4, W4(1, 1, 1, 1), 0x0, N, PB, PD, N), TBC_ERR_BAD_PC);
    rej(m, in_branch(4, W4(3, 1, 1, 1), 0x0, PE, PB, PD, N), TBC_ERR_BAD_WARP);
    /* the rest arrive: static warps 1 and 0 */
    acc(m, in_branch(4, W4(1, 1, 1, 1), 0x0, PC_, PB, PD, N), EV(.depth_after = 3));
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x1, PC_, PB, PD, N),
        EV(.wcnt_zero = true, .depth_after = 3));
    check_entry(m, 2, PC_, PD, N, 0, 0, 0x101);
    check_entry(m, 1, PB, PD, N, 0, 0, 0x6fe);
    settle_cyc(m, true, EV(.settled = true, .depth_after = 3));
    /* C = threads 1 and 9, both lane 0: two warps */
    assert_int_equal(peek(m).tos_wcnt, 2);
    /* 6 again: thread 2 is in B, not in C */
    rej(m, in_branch(4, W4(0, 0, NO, NO), 0x0, PE, PF, PA, N), TBC_ERR_NOT_PENDING);
    /* 8 OVERFLOW: 3 + 2 > Depth 4; also with the LCP entry */
    rej(m, in_branch(4, W4(0, NO, NO, NO), 0x1, PE, PF, PA, N), TBC_ERR_OVERFLOW);
    rej(m, in_branch(4, W4(0, NO, NO, NO), 0x1, PE, PF, PA, PB), TBC_ERR_OVERFLOW);
    assert_int_equal(peek(m).err_sticky, 0x1fe);
    /* the warp that overflowed has not arrived: it may still reach D */
    acc(m, in_arrive(4, W4(0, NO, NO, NO), PD), EV(.depth_after = 3));
    assert_int_equal(peek(m).tos_wcnt, 1);
    /* an accepted request after errors: rsp_err 0, sticky kept */
    tbc_stack_out_t o = peek(m);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0x1fe);
}

/* OVERFLOW exactly at Depth, with and without the LCP entry */
static void test_overflow_exact_depth(void **state)
{
    tbc_stack_t *m = *state = start_block8(5, true);
    branch_both(m, 0, 0xf, 0x0, PC_, PB, PD, NONE32, 3); /* C: threads 1-4, B: 5-8 */
    settle_cyc(m, true, EV(.settled = true, .depth_after = 3));
    /* 3 + LCP + 2 = 6 > 5 */
    rej(m, in_branch(4, W4(0, 0, 0, 0), 0x3, 0x80, 0x90, PE, PF), TBC_ERR_OVERFLOW);
    /* 3 + 2 = 5: fits exactly (C's one warp: first and last arrival) */
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x3, 0x80, 0x90, PE, NONE32),
        EV(.first_arrival = true, .wcnt_zero = true, .depth_after = 5));
    check_entry(m, 4, 0x80, PE, NONE32, 0, 0, 0x03);
    check_entry(m, 3, 0x90, PE, NONE32, 0, 0, 0x0c);
    /* C's request, never taken so far, is taken as the new one is raised */
    settle_cyc(m, true, EV(.settled = true, .cmp_taken = true, .depth_after = 5));
    assert_int_equal(peek(m).tos_wcnt, 1);
    tbc_stack_out_t o = peek(m);
    check_cmp(&o, true, 0x03, false, 0x80);
    /* full: any further branch overflows */
    rej(m, in_branch(4, W4(0, 0, NO, NO), 0x1, 0xa0, 0xb0, PE, NONE32), TBC_ERR_OVERFLOW);
    rej(m, in_branch(4, W4(0, 0, NO, NO), 0x1, 0xa0, 0xb0, PE, PE), TBC_ERR_OVERFLOW);
    destroy_state(state);

    /* the smallest LCP stack: INIT + LCP entry + two targets = 4 */
    m = *state = start_block8(4, true);
    acc(m, in_branch(4, W4(0, 0, 0, 0), 0x1, PB, PC_, PF, PE),
        EV(.first_arrival = true, .lcp_push = true, .depth_after = 4));
}

/* duplicate arrivals and the arrived set being cleared on settling */
static void test_duplicate_arrival(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 32, 8, true);
    start(m, 0x9e, PB, PD, false, 2); /* Fig. 7's B entry on its own */
    acc(m, in_arrive(4, W4(1, 0, 0, 0), PD), EV(.depth_after = 1));
    rej(m, in_arrive(4, W4(1, 0, 0, 0), PD), TBC_ERR_NOT_PENDING);
    rej(m, in_arrive(4, W4(NO, 0, NO, 1), PD), TBC_ERR_NOT_PENDING); /* thread 2 again */
    /* an arrived thread cannot take a branch either */
    rej(m, in_branch(4, W4(NO, NO, NO, 0), 0x0, PC_, PE, PD, NONE32), TBC_ERR_NOT_PENDING);
    assert_int_equal(peek(m).tos_wcnt, 1);
    /* the other warp may branch: first arrival at T */
    acc(m, in_branch(4, W4(NO, NO, NO, 1), 0x8, PC_, PE, PD, NONE32),
        EV(.first_arrival = true, .loop_replace = true, .wcnt_zero = true,
           .drop_not_taken = true, .depth_after = 1));
    /* the branch reconverges at D, the bottom entry's own rpc: its targets
     * took the bottom's place, and E (not taken, no thread) was dropped: C,
     * with thread 8, is the bottom now; settling clears arrived */
    settle(m, READY_SETTLING | TAKE, TOS(0, 1, PC_, PD, NONE32, 0, 1, 0x80));
    /* threads 2-5 arrived at D directly, thread 8 through C: the block is
     * done */
    acc(m, in_arrive(4, W4(NO, NO, NO, 1), PD),
        EV(.wcnt_zero = true, .block_done = true, .depth_after = 0));
    tbc_stack_out_t o = peek(m);
    o = peek(m);
    check_tos_empty(&o);
    assert_true(o.req_ready);
}

/* ------------------------------------------------------------------ */
/* input truncation                                                     */

static void test_input_truncation(void **state)
{
    tbc_stack_t *m = *state = make(8, 4, 8, 8, true);
    /* op 4 is INIT on a 2-bit port; pc 0x110 is 0x10 on 8 bits; mask bits
     * 8 and up are not threads */
    tbc_stack_in_t in = in_init64(0xffffffffffffff61u, 0x110, 0x170, false);
    in.req_op = 4;
    memset(&in.req_mask.w[1], 0xff, sizeof in.req_mask.w - sizeof in.req_mask.w[0]);
    acc(m, in, EV(.depth_after = 1));
    check_entry(m, 0, 0x10, 0x70, 0xff, 0, 0, 0x61);
    settle(m, READY_SETTLING | TAKE, TOS(0, 1, 0x10, 0x70, 0xff, 0, 1, 0x61));
    /* lane_sw is SwWidth = 1 bit: 3 -> 1, 2 -> 0; lane_valid and taken
     * above W are not lanes; an invalid lane's sw is ignored */
    in = in_branch(4, W4(2, 3, 3, NO), 0xf1, 0x130, 0x120, 0x140, 0x1ff);
    in.req_lane_valid |= 0xf0;
    in.req_lane_sw[3] = 0xffff;
    acc(m, in, EV(.first_arrival = true, .wcnt_zero = true, .depth_after = 3));
    check_entry(m, 0, 0x40, 0x70, 0xff, 0, 0, 0x61);
    check_entry(m, 1, 0x20, 0x40, 0xff, 0, 0, 0x60);
    check_entry(m, 2, 0x30, 0x40, 0xff, 0, 0, 0x01);
}

/* ------------------------------------------------------------------ */
/* the paper's size: 1024 threads, 32-wide warps                        */

static tbc_stack_in_t warp32(unsigned op, const unsigned *sw)
{
    tbc_stack_in_t in = in_idle(false);
    in.req_valid = true;
    in.req_op = op;
    in.req_lane_valid = 0xffffffffu;
    for (unsigned l = 0; l < 32; l++)
        in.req_lane_sw[l] = (uint16_t)sw[l];
    return in;
}

static void check_entry_bm(const tbc_stack_t *m, unsigned level, uint64_t pc, unsigned wcnt,
                           const bitmask_t *mask)
{
    tbc_stack_entry_t e;
    assert_true(tbc_stack_entry(m, level, &e));
    assert_int_equal(e.pc, pc);
    assert_int_equal(e.wcnt, wcnt);
    assert_true(bm_eq(&e.mask, mask));
}

static void test_paper_size(void **state)
{
    tbc_stack_t *m = *state = make(1024, 32, 32, 16, true);
    bitmask_t full, diag, rest;
    bm_fill(&full, 1024);
    bm_clear(&diag);
    for (unsigned s = 0; s < 32; s++)
        bm_set(&diag, s * 32 + s, true);
    bm_andnot(&rest, &full, &diag);
    assert_int_equal(bm_popcount(&rest), 992);

    acc(m, in_init(&full, PA, PEXIT, false), EV(.depth_after = 1));
    settle_cyc(m, true, EV(.settled = true, .depth_after = 1));
    tbc_stack_out_t o = idle(m, true, EV(.cmp_taken = true, .depth_after = 1));
    assert_true(bm_eq(&o.cmp_mask, &full));
    assert_int_equal(o.tos_wcnt, 32);

    /* static warp s: only lane s taken. The taken side is the diagonal,
     * one thread per lane -> a single warp; the rest has 31 per lane. */
    unsigned sw[32];
    for (unsigned s = 0; s < 32; s++) {
        for (unsigned l = 0; l < 32; l++)
            sw[l] = s + (s == 3 ? 32u : 0u); /* 35 is 3 on a 5-bit port */
        tbc_stack_in_t in = warp32(TBC_OP_BRANCH, sw);
        in.req_taken = UINT64_C(1) << s;
        in.req_pc = PC_;
        in.req_alt_pc = PB;
        in.req_rpc = PD;
        in.req_lpc = NONE32;
        acc(m, in, EV(.first_arrival = s == 0, .wcnt_zero = s == 31, .depth_after = 3));
        if (s < 31)
            assert_int_equal(peek(m).tos_wcnt, 31 - s);
    }
    check_entry_bm(m, 2, PC_, 0, &diag);
    check_entry_bm(m, 1, PB, 0, &rest);
    settle_cyc(m, true, EV(.settled = true, .depth_after = 3));
    o = idle(m, true, EV(.cmp_taken = true, .depth_after = 3));
    assert_true(bm_eq(&o.cmp_mask, &diag));
    assert_true(bm_eq(&o.tos_mask, &diag));
    assert_int_equal(o.tos_wcnt, 1);
    /* the one compacted warp: lane l from static warp l */
    for (unsigned l = 0; l < 32; l++)
        sw[l] = l;
    tbc_stack_in_t in = warp32(TBC_OP_ARRIVE, sw);
    in.req_pc = PD;
    acc(m, in, EV(.wcnt_zero = true, .depth_after = 2));
    settle_cyc(m, true, EV(.settled = true, .depth_after = 2));
    o = idle(m, true, EV(.cmp_taken = true, .depth_after = 2));
    assert_true(bm_eq(&o.cmp_mask, &rest));
    assert_int_equal(o.tos_wcnt, 31);
    /* its 31 warps: lane l's k-th thread is static warp k, skipping l */
    for (unsigned k = 0; k < 31; k++) {
        for (unsigned l = 0; l < 32; l++)
            sw[l] = k < l ? k : k + 1;
        in = warp32(TBC_OP_ARRIVE, sw);
        in.req_pc = PD;
        acc(m, in, EV(.wcnt_zero = k == 30, .depth_after = k == 30 ? 1 : 2));
    }
    settle_cyc(m, false, EV(.settled = true, .depth_after = 1));
    o = idle(m, false, EV(.depth_after = 1));
    assert_true(bm_eq(&o.cmp_mask, &full));
    assert_true(bm_eq(&o.tos_mask, &full));
    assert_int_equal(o.tos_pc, PD);
    assert_int_equal(o.tos_wcnt, 32);
}

/* a static warp count that is not a power of two: W = 40, B = 1000, S = 25,
 * SwWidth 5: static warps 25..31 exist on the port only */
static void test_sw_range(void **state)
{
    tbc_stack_t *m = *state = make(1000, 40, 16, 4, true);
    bitmask_t mask;
    bm_fill(&mask, 1000);
    acc(m, in_init(&mask, PA, PEXIT, false), EV(.depth_after = 1));
    settle_cyc(m, true, EV(.settled = true, .depth_after = 1));
    assert_int_equal(peek(m).tos_wcnt, 25);
    tbc_stack_in_t in = in_idle(false);
    in.req_valid = true;
    in.req_op = TBC_OP_ARRIVE;
    in.req_pc = PEXIT;
    in.req_lane_valid = UINT64_C(1) << 39;
    in.req_lane_sw[39] = 25;
    rej(m, in, TBC_ERR_BAD_WARP);
    in.req_lane_sw[39] = 57; /* 25 on 5 bits */
    rej(m, in, TBC_ERR_BAD_WARP);
    in.req_lane_sw[39] = 56; /* 24: thread 999, the last one */
    acc(m, in, EV(.depth_after = 1));
    assert_int_equal(peek(m).tos_wcnt, 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset_state),
        UNIT_TEST(test_fig7_w1_first),
        UNIT_TEST(test_fig7_w2_first),
        UNIT_TEST(test_fig9_three_warps),
        UNIT_TEST(test_uniform_empty_target),
        UNIT_TEST(test_single_warp_block),
        UNIT_TEST(test_not_taken_dropped),
        UNIT_TEST(test_loop_bounded),
        UNIT_TEST(test_init_at_exit),
        UNIT_TEST(test_example2_lcp),
        UNIT_TEST(test_example2_nested_lcp),
        UNIT_TEST(test_lcp_disabled),
        UNIT_TEST(test_lcp_not_pushed),
        UNIT_TEST(test_static_mode),
        UNIT_TEST(test_cmp_handshake),
        UNIT_TEST(test_settling_holds_requests),
        UNIT_TEST(test_every_error_code),
        UNIT_TEST(test_overflow_exact_depth),
        UNIT_TEST(test_duplicate_arrival),
        UNIT_TEST(test_input_truncation),
        UNIT_TEST(test_paper_size),
        UNIT_TEST(test_sw_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
