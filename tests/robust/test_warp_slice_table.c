/* Unit tests of the warp_slice_table golden model
 * (csim/robust/warp_slice_table.c), Robust SIMD's warp-slice table with a
 * reconvergence stack per slice.
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/robust -Icsim/pdom \
 *       -Itests/common csim/pdom/recon_stack.c csim/robust/warp_slice_table.c \
 *       tests/robust/test_warp_slice_table.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/warp_slice_table.md,
 * docs/blocks/recon_stack.md and the Robust SIMD paper (IPDPS'12) section
 * IV-A and Figure 4.
 *
 * Most tests use SMALL: NumWarps 2, WarpWidth 8, MaxSlices 8, PcWidth 16
 * (none = 0xffff), Depth 4. Derived: MinWidth = ceil(8 / (8 / 2)) = 2,
 * EntryIdWidth 3, WidthWidth = CountWidth = clog2(9) = 4. Entry e is warp
 * e % 2's slice e / 2; P(8) = 2, P(4) = 4, P(3) = 6, P(2) = 8. At width 4
 * the entries' lanes are 0x0f, 0x0f, 0xf0, 0xf0; at width 2 entry e has
 * lanes 0x3 << 2 * (e / 2).
 *
 * Every test runs the model beside a shadow that gets the same inputs,
 * except that a request expected to be rejected goes to the model only:
 * warp_slice_table_same_state() then checks that it changed nothing. */
#include <stdlib.h>

#include "test_util.h"

#include "warp_slice_table.h"

TEST_MODEL_HELPERS(warp_slice_table, WSL_OK)

typedef warp_slice_table_t wsl_t;
typedef warp_slice_table_in_t in_t;
typedef warp_slice_table_out_t out_t;
typedef warp_slice_table_events_t ev_t;

#define NONE16 UINT64_C(0xffff)

enum { FREE = WSL_STATUS_FREE, ACT = WSL_STATUS_ACTIVE, DORM = WSL_STATUS_DORMANT,
       ARR = WSL_STATUS_ARRIVED, WAIT = WSL_STATUS_WAITING, DONE = WSL_STATUS_DONE };

static warp_slice_table_params_t prm(unsigned n, unsigned w, unsigned ms, unsigned pcw,
                                     unsigned d)
{
    return (warp_slice_table_params_t){.num_warps = n, .warp_width = w, .max_slices = ms,
                                       .pc_width = pcw, .depth = d};
}

static warp_slice_table_params_t small_p(void)
{
    return prm(2, 8, 8, 16, 4);
}

/* ------------------------------------------------------------------ */
/* the bench: the model and its shadow                                  */

typedef struct {
    wsl_t *m, *s;
} tb_t;

static int tb_teardown(void **state)
{
    tb_t *t = *state;
    if (t) {
        warp_slice_table_destroy(t->m);
        warp_slice_table_destroy(t->s);
        free(t);
    }
    *state = NULL;
    return 0;
}

#define TB_TEST(f) cmocka_unit_test_teardown(f, tb_teardown)

static tb_t *tb_new(void **state, warp_slice_table_params_t p)
{
    tb_t *t = calloc(1, sizeof *t);
    assert_non_null(t);
    *state = t;
    t->m = create_ok(&p);
    t->s = create_ok(&p);
    return t;
}

/* A bench ended within a test, to go on with another. */
static void tb_end(void **state)
{
    tb_teardown(state);
}

/* The outputs of the current cycle with the read port on entry e and no
 * request. */
static out_t rd(const tb_t *t, unsigned e)
{
    out_t o;
    warp_slice_table_eval(t->m, &(in_t){.req_entry = e}, &o);
    return o;
}

/* One cycle of both; *out: the model's outputs during it. */
static ev_t cyc_out(tb_t *t, in_t in, out_t *out)
{
    ev_t e;
    out_t o;
    warp_slice_table_step(t->m, &in, &o, &e);
    warp_slice_table_step(t->s, &in, NULL, NULL);
    assert_true(warp_slice_table_same_state(t->m, t->s));
    if (out)
        *out = o;
    return e;
}

static ev_t cyc(tb_t *t, in_t in)
{
    return cyc_out(t, in, NULL);
}

static ev_t idle(tb_t *t)
{
    return cyc(t, (in_t){0});
}

/* No effect flag is set in e. */
static void expect_no_effect(const ev_t *e)
{
    assert_false(e->launch || e->reconf || e->reconf_merge || e->residue || e->dormant ||
                 e->hole || e->full_table || e->diverge || e->slice_done ||
                 e->resume_done || e->resume_barrier || e->resume_arrive || e->release ||
                 e->arrive || e->sibling_apart);
}

/* A request that must be accepted; its events. */
static ev_t ok(tb_t *t, in_t in)
{
    out_t now;
    warp_slice_table_eval(t->m, &in, &now);
    assert_int_equal(now.req_err, WSL_ERR_NONE);
    assert_int_equal(now.req_own_err, WSL_ERR_NONE);
    ev_t e = cyc(t, in);
    assert_true(e.req);
    assert_int_equal(e.op, in.req_op & 7u);
    assert_int_equal(e.err, WSL_ERR_NONE);
    out_t o = rd(t, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, WSL_ERR_NONE);
    return e;
}

/* A request that must be rejected with `code`: the model gets it, the
 * shadow an idle cycle; the state stays the same and the response shows
 * the code. */
static void reject(tb_t *t, in_t in, unsigned code)
{
    /* the verdict now; without a branch's stack's (BAD_PC and OVERFLOW
     * are a branch's only from its stack) */
    out_t now;
    warp_slice_table_eval(t->m, &in, &now);
    assert_int_equal(now.req_err, code);
    bool stack_verdict = in.req_op == WSL_OP_BRANCH &&
                         (code == WSL_ERR_BAD_PC || code == WSL_ERR_OVERFLOW);
    assert_int_equal(now.req_own_err, stack_verdict ? WSL_ERR_NONE : code);
    ev_t e;
    warp_slice_table_step(t->m, &in, NULL, &e);
    warp_slice_table_step(t->s, &(in_t){0}, NULL, NULL);
    assert_true(e.req);
    assert_int_equal(e.err, code);
    expect_no_effect(&e);
    assert_true(warp_slice_table_same_state(t->m, t->s));
    out_t o = rd(t, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, code);
    assert_false(o.rsp_fin);
    assert_false(o.resume_valid);
    assert_false(o.released);
    assert_true(o.err_sticky & (1u << code));
}

/* ------------------------------------------------------------------ */
/* requests                                                             */

static in_t division(unsigned op, unsigned w, unsigned d, uint64_t pc, uint64_t rpc)
{
    return (in_t){.req_valid = true, .req_op = op, .req_width = w, .req_depth = d,
                  .req_pc = pc, .req_rpc = rpc};
}

static in_t launch(unsigned w, unsigned d, uint64_t pc, uint64_t rpc)
{
    return division(WSL_OP_LAUNCH, w, d, pc, rpc);
}

static in_t reconf(unsigned w, unsigned d, uint64_t pc, uint64_t rpc)
{
    return division(WSL_OP_RECONF, w, d, pc, rpc);
}

static in_t branch(unsigned e, uint64_t taken, uint64_t tpc, uint64_t fpc, uint64_t rpc)
{
    return (in_t){.req_valid = true, .req_op = WSL_OP_BRANCH, .req_entry = e,
                  .req_pc = tpc, .req_alt_pc = fpc, .req_rpc = rpc, .req_mask = bm64(taken)};
}

static in_t advance(unsigned e, uint64_t pc)
{
    return (in_t){.req_valid = true, .req_op = WSL_OP_ADVANCE, .req_entry = e, .req_pc = pc};
}

static in_t arrive(unsigned e)
{
    return (in_t){.req_valid = true, .req_op = WSL_OP_ARRIVE, .req_entry = e};
}

static in_t barrier(unsigned e)
{
    return (in_t){.req_valid = true, .req_op = WSL_OP_BARRIER, .req_entry = e};
}

static in_t raw_op(unsigned op, unsigned e)
{
    return (in_t){.req_valid = true, .req_op = op, .req_entry = e, .req_width = 4,
                  .req_depth = 1, .req_pc = 0x10};
}

/* ------------------------------------------------------------------ */
/* checks                                                               */

/* Entry e's status is st[e] for every e < n. */
static void expect_status(const tb_t *t, const unsigned *st, unsigned n)
{
    for (unsigned e = 0; e < n; e++)
        assert_int_equal(warp_slice_table_status(t->m, e), st[e]);
}
#define EXPECT_STATUS(t, ...)                                                            \
    do {                                                                                 \
        const unsigned st_[] = {__VA_ARGS__};                                            \
        expect_status(t, st_, ARRAY_LEN(st_));                                           \
    } while (0)

static void expect_lanes(const tb_t *t, const uint64_t *l, unsigned n)
{
    for (unsigned e = 0; e < n; e++) {
        bitmask_t want = bm64(l[e]), got = warp_slice_table_lanes(t->m, e);
        assert_true(bm_eq(&got, &want));
    }
}
#define EXPECT_LANES(t, ...)                                                             \
    do {                                                                                 \
        const uint64_t l_[] = {__VA_ARGS__};                                             \
        expect_lanes(t, l_, ARRAY_LEN(l_));                                              \
    } while (0)

/* The read port on entry e. */
static void expect_rd(const tb_t *t, unsigned e, unsigned status, unsigned warp, unsigned sid,
                      uint64_t lanes, uint64_t pc, uint64_t rpc, uint64_t mask, unsigned tos)
{
    out_t o = rd(t, e);
    assert_int_equal(o.rd_status, status);
    assert_int_equal(o.rd_warp, warp);
    assert_int_equal(o.rd_sid, sid);
    assert_int_equal(o.rd_lanes.w[0], lanes);
    assert_int_equal(o.rd_pc, pc);
    assert_int_equal(o.rd_rpc, rpc);
    assert_int_equal(o.rd_mask.w[0], mask);
    assert_int_equal(o.rd_tos, tos);
    for (unsigned i = 1; i < BM_WORDS; i++)
        assert_int_equal(o.rd_lanes.w[i] | o.rd_mask.w[i], 0);
}

static void expect_rd_free(const tb_t *t, unsigned e)
{
    expect_rd(t, e, FREE, 0, 0, 0, 0, 0, 0, 0);
}

/* Level `level` of entry e's stack. */
static void expect_level(const tb_t *t, unsigned e, unsigned level, uint64_t pc, uint64_t rpc,
                         uint64_t mask)
{
    recon_stack_entry_t x;
    assert_true(recon_stack_entry(warp_slice_table_stack(t->m), e, level, &x));
    assert_int_equal(x.pc, pc);
    assert_int_equal(x.rpc, rpc);
    assert_int_equal(x.mask.w[0], mask);
}

static unsigned stack_depth(const tb_t *t, unsigned e)
{
    return recon_stack_depth(warp_slice_table_stack(t->m), e);
}

/* The P cycles that write the stacks after a division: busy, no request
 * taken, nothing selected; then ready. */
static void wait_init(tb_t *t, unsigned positions)
{
    for (unsigned p = 0; p < positions; p++) {
        out_t o = rd(t, 0);
        assert_true(warp_slice_table_busy(t->m));
        assert_false(o.req_ready);
        assert_false(o.sel_valid);
        assert_int_equal(o.sel_entry, 0);
        idle(t);
    }
    assert_false(warp_slice_table_busy(t->m));
    assert_true(rd(t, 0).req_ready);
}

/* The counters and flags. */
static void expect_counts(const tb_t *t, unsigned slices, unsigned active, bool arrived)
{
    out_t o = rd(t, 0);
    assert_int_equal(o.slices, slices);
    assert_int_equal(o.active, active);
    assert_int_equal(o.arrived, arrived);
}

static void expect_sel(const tb_t *t, bool valid, unsigned entry)
{
    out_t o = rd(t, 0);
    assert_int_equal(o.sel_valid, valid);
    assert_int_equal(o.sel_entry, entry);
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    const bad_params_t bad[] = {
        {prm(0, 8, 8, 16, 4), WSL_EPARAM_NUM_WARPS},
        {prm(17, 8, 64, 16, 4), WSL_EPARAM_NUM_WARPS},
        {prm(2, 1, 2, 16, 4), WSL_EPARAM_WARP_WIDTH},
        {prm(2, 65, 8, 16, 4), WSL_EPARAM_WARP_WIDTH},
        {prm(2, 8, 0, 16, 4), WSL_EPARAM_MAX_SLICES},
        {prm(2, 8, 65, 16, 4), WSL_EPARAM_MAX_SLICES},
        {prm(2, 8, 8, 3, 4), WSL_EPARAM_PC_WIDTH},
        {prm(2, 8, 8, 65, 4), WSL_EPARAM_PC_WIDTH},
        {prm(2, 8, 8, 16, 2), WSL_EPARAM_DEPTH},
        {prm(2, 8, 8, 16, 33), WSL_EPARAM_DEPTH},
        /* the requires */
        {prm(4, 8, 3, 16, 4), WSL_EPARAM_MAX_SLICES},
        {prm(2, 2, 5, 16, 4), WSL_EPARAM_MAX_SLICES},
        {prm(1, 8, 9, 16, 4), WSL_EPARAM_MAX_SLICES},
        /* several bad: the first check wins */
        {prm(0, 0, 0, 0, 0), WSL_EPARAM_NUM_WARPS},
        {prm(2, 8, 8, 3, 2), WSL_EPARAM_PC_WIDTH},
        {prm(4, 8, 3, 16, 2), WSL_EPARAM_DEPTH},
        {prm(4, 2, 2, 16, 4), WSL_EPARAM_MAX_SLICES},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));

    wsl_t *m = (wsl_t *)1;
    warp_slice_table_params_t p = small_p();
    assert_int_equal(warp_slice_table_create(NULL, &m), WSL_EPARAM_NUM_WARPS);
    assert_null(m);
    assert_int_equal(warp_slice_table_create(&p, NULL), WSL_EPARAM_NUM_WARPS);

    /* the edges, and the cfg's named configurations */
    const warp_slice_table_params_t good[] = {
        prm(1, 2, 1, 4, 3),      /* min */
        prm(16, 64, 64, 64, 32), /* max */
        prm(4, 8, 4, 16, 4),     /* MaxSlices = NumWarps */
        prm(2, 2, 4, 16, 4),     /* MaxSlices = NumWarps * WarpWidth */
        prm(4, 16, 16, 32, 8),   /* default */
        prm(2, 32, 8, 64, 8),    /* paper */
        prm(16, 64, 64, 32, 8),  /* paper_range */
        prm(2, 8, 8, 16, 4),     /* small */
    };
    for (size_t i = 0; i < ARRAY_LEN(good); i++) {
        m = create_ok(&good[i]);
        assert_memory_equal(warp_slice_table_params(m), &good[i], sizeof good[i]);
        const recon_stack_params_t *sp = recon_stack_params(warp_slice_table_stack(m));
        assert_int_equal(sp->num_warps, good[i].max_slices);
        assert_int_equal(sp->warp_width, good[i].warp_width);
        assert_int_equal(sp->pc_width, good[i].pc_width);
        assert_int_equal(sp->depth, good[i].depth);
        assert_false(sp->lcp_enable);
        warp_slice_table_destroy(m);
    }
    warp_slice_table_destroy(NULL);
}

/* The outputs of a model in reset state. */
static void expect_reset_state(const tb_t *t)
{
    unsigned ms = warp_slice_table_params(t->m)->max_slices;
    for (unsigned e = 0; e < ms + 1u; e++) {
        out_t o = rd(t, e);
        assert_true(o.req_ready);
        assert_false(o.rsp_valid);
        assert_int_equal(o.rsp_err, 0);
        assert_false(o.rsp_fin);
        assert_false(o.resume_valid);
        assert_int_equal(o.resume_entry, 0);
        assert_false(o.released);
        assert_int_equal(o.err_sticky, 0);
        assert_int_equal(o.width, 0);
        assert_int_equal(o.depth, 0);
        assert_int_equal(o.slices, 0);
        assert_int_equal(o.active, 0);
        assert_true(o.arrived);
        assert_false(o.sel_valid);
        assert_int_equal(o.sel_entry, 0);
        expect_rd_free(t, e);
        assert_int_equal(warp_slice_table_status(t->m, e), FREE);
        bitmask_t lanes = warp_slice_table_lanes(t->m, e);
        assert_true(bm_is_zero(&lanes));
        assert_int_equal(stack_depth(t, e), 0);
    }
    assert_false(warp_slice_table_busy(t->m));
}

static void test_reset_state(void **state)
{
    tb_t *t = tb_new(state, small_p());
    expect_reset_state(t);
    ev_t e = idle(t);
    assert_false(e.req);
    assert_int_equal(e.op, 0);
    assert_int_equal(e.err, WSL_ERR_NONE);
    expect_no_effect(&e);
    expect_reset_state(t);

    /* some work, an error, then the reset in the middle of the stack writes */
    ok(t, launch(4, 2, 0x10, 0x90));
    wait_init(t, 4);
    ok(t, advance(0, 0x14));
    reject(t, advance(2, 0x14), WSL_ERR_NOT_ACTIVE);
    ok(t, arrive(1));        /* entry 2 resumes */
    ok(t, advance(0, 0x90)); /* done: entry 3 resumes */
    ok(t, advance(2, 0x18));
    ok(t, barrier(2));       /* nothing dormant is left */
    ok(t, arrive(3));        /* release: entry 2 */
    ok(t, arrive(2));
    ok(t, reconf(2, 1, 0x20, 0x90));
    idle(t);
    assert_true(warp_slice_table_busy(t->m));
    warp_slice_table_reset(t->m);
    warp_slice_table_reset(t->s);
    expect_reset_state(t);
    assert_true(warp_slice_table_same_state(t->m, t->s));
}

/* ------------------------------------------------------------------ */
/* Figure 4: one 8-wide warp divided into two slices of 4                */

static void test_figure4(void **state)
{
    /* NumWarps 1, WarpWidth 8, MaxSlices 2: MinWidth = ceil(8 / 2) = 4 */
    tb_t *t = tb_new(state, prm(1, 8, 2, 16, 4));
    const uint64_t A = 0x10, B = 0x20, C = 0x30, J = 0x40, EXIT = 0x80;

    /* (b) -> (c): LAUNCH at width 4, depth 2: two slices, both ready at A */
    ev_t e = ok(t, launch(4, 2, A, EXIT));
    assert_true(e.launch);
    assert_true(e.full_table); /* 2 live slices = MaxSlices */
    assert_false(e.reconf || e.dormant || e.hole || e.residue || e.sibling_apart);
    EXPECT_STATUS(t, ACT, ACT);
    EXPECT_LANES(t, 0x0f, 0xf0);
    out_t o = rd(t, 0);
    assert_int_equal(o.width, 4);
    assert_int_equal(o.depth, 2);
    expect_counts(t, 2, 2, false);

    /* the two stacks are written in the P = 2 cycles after the edge */
    expect_rd(t, 0, ACT, 0, 0, 0x0f, 0, 0, 0, 0);
    expect_rd(t, 1, ACT, 0, 1, 0xf0, 0, 0, 0, 0);
    assert_false(rd(t, 0).req_ready);
    idle(t);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, A, EXIT, 0x0f, 1);
    expect_rd(t, 1, ACT, 0, 1, 0xf0, 0, 0, 0, 0);
    assert_false(rd(t, 0).req_ready);
    idle(t);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, A, EXIT, 0x0f, 1);
    expect_rd(t, 1, ACT, 0, 1, 0xf0, A, EXIT, 0xf0, 1);
    assert_true(rd(t, 0).req_ready);
    expect_sel(t, true, 0);

    /* (d): slice 1 branches on its own stack: taken lanes 4 and 6 (the
     * outcome's lanes 0..3 are outside the slice and ignored) */
    e = ok(t, branch(1, 0x5f, B, C, J));
    assert_true(e.diverge);
    assert_true(e.sibling_apart); /* slice 0 at A, slice 1 at B */
    assert_false(e.slice_done);
    expect_rd(t, 1, ACT, 0, 1, 0xf0, B, J, 0x50, 3);
    expect_level(t, 1, 0, J, EXIT, 0xf0);
    expect_level(t, 1, 1, C, J, 0xa0);
    expect_level(t, 1, 2, B, J, 0x50);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, A, EXIT, 0x0f, 1); /* slice 0 untouched */
    expect_sel(t, true, 0);                              /* the pointer at 1 */

    /* slice 0 goes on without waiting for slice 1 */
    e = ok(t, advance(0, 0x14));
    assert_true(e.sibling_apart);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, 0x14, EXIT, 0x0f, 1);
    expect_rd(t, 1, ACT, 0, 1, 0xf0, B, J, 0x50, 3);
    expect_sel(t, true, 1); /* the pointer at 0 */
    /* a uniform branch of slice 0: its taken lanes are all outside it */
    e = ok(t, branch(0, 0xf0, 0x50, 0x18, 0x60));
    assert_false(e.diverge);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, 0x18, EXIT, 0x0f, 1);

    /* slice 1 reconverges on its own: B -> J pops to C, C -> J pops to J */
    ok(t, advance(1, J));
    expect_rd(t, 1, ACT, 0, 1, 0xf0, C, J, 0xa0, 2);
    e = ok(t, advance(1, J));
    assert_true(e.sibling_apart); /* J and 0x18 */
    expect_rd(t, 1, ACT, 0, 1, 0xf0, J, EXIT, 0xf0, 1);

    /* slice 0 reaches the exit: DONE, its stack empty; slice 1 goes on */
    e = ok(t, advance(0, EXIT));
    assert_true(e.slice_done);
    assert_false(e.resume_done || e.release || e.sibling_apart);
    o = rd(t, 0);
    assert_true(o.rsp_fin);
    assert_false(o.resume_valid);
    expect_rd(t, 0, DONE, 0, 0, 0x0f, 0, 0, 0, 0);
    expect_rd(t, 1, ACT, 0, 1, 0xf0, J, EXIT, 0xf0, 1);
    expect_counts(t, 1, 1, false);
    expect_sel(t, true, 1);
    reject(t, advance(0, 0x14), WSL_ERR_NOT_ACTIVE);

    e = ok(t, advance(1, EXIT));
    assert_true(e.slice_done);
    EXPECT_STATUS(t, DONE, DONE);
    expect_counts(t, 0, 0, true);
    expect_sel(t, false, 0);
}

/* ------------------------------------------------------------------ */
/* the stack writes after a division                                    */

static void test_init_cycles(void **state)
{
    tb_t *t = tb_new(state, small_p());
    /* width 2: P = 8, every entry live; depth 3 */
    ev_t e = ok(t, launch(2, 3, 0x100, NONE16));
    assert_true(e.launch);
    assert_true(e.full_table);
    assert_true(e.dormant);
    assert_false(e.hole || e.residue);
    EXPECT_STATUS(t, ACT, ACT, ACT, DORM, DORM, DORM, DORM, DORM);
    EXPECT_LANES(t, 0x03, 0x03, 0x0c, 0x0c, 0x30, 0x30, 0xc0, 0xc0);
    expect_counts(t, 8, 3, false);

    /* cycle p writes entry p: before its edge, entries < p are written */
    for (unsigned p = 0; p < 8; p++) {
        out_t o = rd(t, p);
        assert_false(o.req_ready);
        assert_false(o.sel_valid);
        assert_true(warp_slice_table_busy(t->m));
        for (unsigned q = 0; q < 8; q++)
            assert_int_equal(stack_depth(t, q), q < p ? 1u : 0u);
        assert_int_equal(o.rd_tos, 0);
        if (p == 2)
            reject(t, advance(0, 0x104), WSL_ERR_BUSY);
        else if (p == 3)
            reject(t, launch(2, 3, 0x100, NONE16), WSL_ERR_BUSY);
        else if (p == 4)
            reject(t, raw_op(7, 0), WSL_ERR_BAD_OP); /* 1 before BUSY's 2 */
        else if (p == 5)
            reject(t, arrive(9), WSL_ERR_BUSY);
        else
            idle(t);
        assert_int_equal(rd(t, p).rd_tos, 1);
    }
    assert_true(rd(t, 0).req_ready);
    expect_sel(t, true, 0);
    for (unsigned q = 0; q < 8; q++) {
        uint64_t lanes = UINT64_C(3) << (2 * (q / 2));
        assert_int_equal(stack_depth(t, q), 1);
        expect_level(t, q, 0, 0x100, NONE16, lanes);
        expect_rd(t, q, q < 3 ? ACT : DORM, q % 2, q / 2, lanes, 0x100, NONE16, lanes, 1);
    }
    /* with no exit, reaching 0xffff is no PC: it cannot finish */
    reject(t, advance(0, NONE16), WSL_ERR_BAD_PC);
}

/* ------------------------------------------------------------------ */
/* RECONF: merge and divide again                                       */

static void test_reconf_merge(void **state)
{
    tb_t *t = tb_new(state, small_p());
    const uint64_t EXIT = 0x200;
    ok(t, launch(4, 4, 0x10, EXIT));
    EXPECT_STATUS(t, ACT, ACT, ACT, ACT, FREE, FREE, FREE, FREE);
    EXPECT_LANES(t, 0x0f, 0x0f, 0xf0, 0xf0, 0, 0, 0, 0);
    wait_init(t, 4);

    /* the interval ends: every slice at 0x30, at its stack's root */
    for (unsigned s = 0; s < 4; s++)
        ok(t, advance(s, 0x30));
    for (unsigned s = 0; s < 4; s++) {
        expect_counts(t, 4, 4 - s, false);
        ev_t e = ok(t, arrive(s));
        assert_true(e.arrive);
        /* nothing DORMANT: no slice resumes */
        assert_false(e.resume_done || e.resume_barrier || e.resume_arrive || e.release);
        assert_false(rd(t, 0).resume_valid);
    }
    EXPECT_STATUS(t, ARR, ARR, ARR, ARR);
    expect_counts(t, 4, 0, true);
    expect_sel(t, false, 0);

    /* 2 slices of 4 per warp -> one slice of 8 per warp */
    ev_t e = ok(t, reconf(8, 2, 0x30, EXIT));
    assert_true(e.reconf);
    assert_true(e.reconf_merge);
    assert_false(e.launch || e.residue || e.dormant || e.hole || e.full_table);
    EXPECT_STATUS(t, ACT, ACT, FREE, FREE, FREE, FREE, FREE, FREE);
    EXPECT_LANES(t, 0xff, 0xff, 0, 0, 0, 0, 0, 0);
    out_t o = rd(t, 0);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 2);
    expect_counts(t, 2, 2, false);
    wait_init(t, 2);
    expect_rd(t, 0, ACT, 0, 0, 0xff, 0x30, EXIT, 0xff, 1);
    expect_rd(t, 1, ACT, 1, 0, 0xff, 0x30, EXIT, 0xff, 1);
    /* entries 2 and 3 are FREE: their contexts keep the old stacks, the
     * read port shows 0 */
    assert_int_equal(stack_depth(t, 2), 1);
    expect_rd_free(t, 2);
    expect_rd_free(t, 3);

    /* one slice of 8 per warp -> width 3: 0x07, 0x38 and the residue 0xc0 */
    ok(t, arrive(0));
    ok(t, arrive(1));
    e = ok(t, reconf(3, 6, 0x40, EXIT));
    assert_true(e.reconf);
    assert_false(e.reconf_merge); /* no warp had two slices */
    assert_true(e.residue);
    assert_false(e.dormant || e.hole || e.full_table);
    EXPECT_STATUS(t, ACT, ACT, ACT, ACT, ACT, ACT, FREE, FREE);
    EXPECT_LANES(t, 0x07, 0x07, 0x38, 0x38, 0xc0, 0xc0, 0, 0);
    wait_init(t, 6);
    expect_rd(t, 4, ACT, 0, 2, 0xc0, 0x40, EXIT, 0xc0, 1);
    expect_rd(t, 5, ACT, 1, 2, 0xc0, 0x40, EXIT, 0xc0, 1);
    expect_rd(t, 3, ACT, 1, 1, 0x38, 0x40, EXIT, 0x38, 1);

    /* the same width again: no merge event; depth 1 leaves 5 dormant */
    for (unsigned s = 0; s < 6; s++) {
        e = ok(t, arrive(s));
        assert_false(e.resume_arrive); /* depth 6 of 6 live: nothing DORMANT */
    }
    e = ok(t, reconf(3, 1, 0x50, EXIT));
    assert_false(e.reconf_merge);
    assert_true(e.dormant);
    assert_true(e.residue);
    EXPECT_STATUS(t, ACT, DORM, DORM, DORM, DORM, DORM, FREE, FREE);
    wait_init(t, 6);

    /* each ARRIVE resumes the lowest DORMANT entry, which is at its start
     * PC with no task begun and arrives at once; the last one resumes
     * nothing. Entry s + 1 is warp (s + 1) % 2's slice (s + 1) / 2. */
    static const uint64_t lanes3[] = {0x07, 0x07, 0x38, 0x38, 0xc0, 0xc0};
    for (unsigned s = 0; s < 6; s++) {
        e = ok(t, arrive(s));
        assert_true(e.arrive);
        assert_false(e.resume_done || e.resume_barrier || e.release);
        out_t r = rd(t, 0);
        if (s < 5) {
            assert_true(e.resume_arrive);
            assert_true(r.resume_valid);
            assert_int_equal(r.resume_entry, s + 1);
            assert_int_equal(warp_slice_table_status(t->m, s), ARR);
            expect_rd(t, s + 1, ACT, (s + 1) % 2, (s + 1) / 2, lanes3[s + 1], 0x50, EXIT,
                      lanes3[s + 1], 1);
            expect_counts(t, 6, 1, false);
            expect_sel(t, true, s + 1); /* the pointer at s */
        } else {
            assert_false(e.resume_arrive);
            assert_false(r.resume_valid);
            assert_int_equal(r.resume_entry, 0);
        }
    }
    EXPECT_STATUS(t, ARR, ARR, ARR, ARR, ARR, ARR, FREE, FREE);
    expect_counts(t, 6, 0, true);
    expect_sel(t, false, 0);

    /* the slices that were dormant merge as ARRIVED ones: warp 0 (entries
     * 0, 2, 4) 0x07 | 0x38 | 0xc0 = 0xff, warp 1 (1, 3, 5) the same */
    e = ok(t, reconf(8, 2, 0x60, EXIT));
    assert_true(e.reconf_merge);
    EXPECT_STATUS(t, ACT, ACT, FREE, FREE, FREE, FREE, FREE, FREE);
    EXPECT_LANES(t, 0xff, 0xff, 0, 0, 0, 0, 0, 0);
    wait_init(t, 2);
    expect_level(t, 1, 0, 0x60, EXIT, 0xff);
}

/* ------------------------------------------------------------------ */
/* holes: the threads of DONE slices have left                          */

static void test_holes(void **state)
{
    tb_t *t = tb_new(state, small_p());
    const uint64_t EXIT = 0x90;
    ok(t, launch(2, 8, 0x10, EXIT));
    EXPECT_STATUS(t, ACT, ACT, ACT, ACT, ACT, ACT, ACT, ACT);
    wait_init(t, 8);

    /* warp 0 lanes 0..3 (entries 0, 2) and warp 1 lanes 4, 5 (entry 5) finish */
    ok(t, advance(0, EXIT));
    ok(t, advance(2, EXIT));
    ev_t e = ok(t, advance(5, EXIT));
    assert_true(e.slice_done);
    for (unsigned s = 0; s < 8; s++) {
        if (s != 0 && s != 2 && s != 5)
            ok(t, arrive(s));
    }
    EXPECT_STATUS(t, DONE, ARR, DONE, ARR, ARR, DONE, ARR, ARR);
    expect_counts(t, 5, 0, true);
    /* 4 positions (3 live slices): depth 5 is too deep */
    reject(t, reconf(4, 5, 0x20, EXIT), WSL_ERR_BAD_DEPTH);

    /* warp 0: lanes 4..7 (0xf0); warp 1: 0x03 | 0x0c | 0xc0 = 0xcf.
     * Width 4: entry 0 (warp 0, lanes 0..3) has no thread left: a hole */
    e = ok(t, reconf(4, 2, 0x20, EXIT));
    assert_true(e.hole);
    assert_true(e.dormant);
    assert_true(e.reconf_merge); /* warp 0 had entries 4 and 6 */
    assert_false(e.residue || e.full_table);
    EXPECT_STATUS(t, FREE, ACT, ACT, DORM, FREE, FREE, FREE, FREE);
    EXPECT_LANES(t, 0, 0x0f, 0xf0, 0xc0, 0, 0, 0, 0);
    expect_counts(t, 3, 2, false);

    /* cycle 0 writes nothing (the hole), cycles 1..3 entries 1..3 */
    assert_int_equal(stack_depth(t, 0), 0); /* it was DONE: empty */
    idle(t);
    assert_int_equal(stack_depth(t, 0), 0);
    idle(t);
    expect_level(t, 1, 0, 0x20, EXIT, 0x0f);
    wait_init(t, 2);
    expect_level(t, 2, 0, 0x20, EXIT, 0xf0);
    expect_rd(t, 3, DORM, 1, 1, 0xc0, 0x20, EXIT, 0xc0, 1);
    expect_rd_free(t, 0);
    expect_sel(t, true, 1);
    reject(t, branch(0, 0x1, 0x24, 0x28, 0x2c), WSL_ERR_BAD_ENTRY);

    /* after a division the pointer stands before entry 0 */
    ok(t, advance(2, 0x24));
    expect_sel(t, true, 1); /* wraps past 3 (DORMANT), 0 (FREE) */
}

/* ------------------------------------------------------------------ */
/* dormant slices: resumed on DONE and on BARRIER; the barrier release   */

static void test_resume_and_release(void **state)
{
    tb_t *t = tb_new(state, small_p());
    const uint64_t EXIT = 0x90;
    /* width 4 depth 1: entry 0 ACTIVE, entries 1..3 DORMANT */
    ev_t e = ok(t, launch(4, 1, 0x10, EXIT));
    assert_true(e.dormant);
    EXPECT_STATUS(t, ACT, DORM, DORM, DORM, FREE);
    wait_init(t, 4);
    expect_sel(t, true, 0);
    reject(t, advance(1, 0x14), WSL_ERR_NOT_ACTIVE);

    /* entry 0 finishes: entry 1 (the lowest DORMANT) resumes */
    e = ok(t, advance(0, EXIT));
    assert_true(e.slice_done);
    assert_true(e.resume_done);
    assert_false(e.resume_barrier || e.release);
    out_t o = rd(t, 0);
    assert_true(o.rsp_fin);
    assert_true(o.resume_valid);
    assert_int_equal(o.resume_entry, 1);
    assert_false(o.released);
    EXPECT_STATUS(t, DONE, ACT, DORM, DORM);
    expect_counts(t, 3, 1, false);
    expect_sel(t, true, 1);
    idle(t); /* the pulses last one cycle */
    o = rd(t, 0);
    assert_false(o.rsp_valid || o.rsp_fin || o.resume_valid || o.released);
    assert_int_equal(o.resume_entry, 0);

    /* entry 1 waits at a barrier: entry 2 resumes, then 3 */
    e = ok(t, barrier(1));
    assert_true(e.resume_barrier);
    assert_false(e.resume_done || e.release || e.slice_done);
    assert_int_equal(rd(t, 0).resume_entry, 2);
    assert_false(rd(t, 0).rsp_fin);
    EXPECT_STATUS(t, DONE, WAIT, ACT, DORM);
    e = ok(t, barrier(2));
    assert_true(e.resume_barrier);
    assert_int_equal(rd(t, 0).resume_entry, 3);
    EXPECT_STATUS(t, DONE, WAIT, WAIT, ACT);
    expect_counts(t, 3, 1, false);

    /* the last one waits: nothing ACTIVE or DORMANT, the barrier releases:
     * the first depth_o = 1 waiting entries ACTIVE, the rest DORMANT */
    e = ok(t, barrier(3));
    assert_true(e.release);
    assert_false(e.resume_barrier || e.resume_done);
    o = rd(t, 0);
    assert_true(o.released);
    assert_false(o.resume_valid);
    EXPECT_STATUS(t, DONE, ACT, DORM, DORM);
    expect_sel(t, true, 1); /* the pointer at 3: wraps to 1 */

    /* the released slice finishes: entry 2 resumes */
    e = ok(t, advance(1, EXIT));
    assert_true(e.resume_done);
    assert_int_equal(rd(t, 0).resume_entry, 2);
    EXPECT_STATUS(t, DONE, DONE, ACT, DORM);
}

static void test_release_depth(void **state)
{
    tb_t *t = tb_new(state, small_p());
    const uint64_t EXIT = 0x90;
    ok(t, launch(4, 2, 0x10, EXIT));
    EXPECT_STATUS(t, ACT, ACT, DORM, DORM);
    wait_init(t, 4);
    ok(t, barrier(1)); /* entry 2 resumes */
    assert_int_equal(rd(t, 0).resume_entry, 2);
    ok(t, barrier(0)); /* entry 3 resumes */
    assert_int_equal(rd(t, 0).resume_entry, 3);
    EXPECT_STATUS(t, WAIT, WAIT, ACT, ACT);
    ev_t e = ok(t, barrier(3)); /* no dormant left; entry 2 still runs */
    assert_false(e.resume_barrier || e.release);
    assert_false(rd(t, 0).resume_valid);
    EXPECT_STATUS(t, WAIT, WAIT, ACT, WAIT);
    expect_counts(t, 4, 1, false);

    /* entry 2 finishes (a uniform branch, no taken thread, to the exit),
     * no dormant to resume: the barrier releases 0, 1 (depth 2) and leaves
     * 3 DORMANT */
    e = ok(t, branch(2, 0x00, 0x50, EXIT, 0x60));
    assert_true(e.slice_done);
    assert_false(e.diverge);
    assert_true(e.release);
    assert_false(e.resume_done);
    out_t o = rd(t, 0);
    assert_true(o.rsp_fin);
    assert_true(o.released);
    assert_false(o.resume_valid);
    EXPECT_STATUS(t, ACT, ACT, DONE, DORM);
    expect_counts(t, 3, 2, false);
    expect_sel(t, true, 0); /* the pointer at 2 */
}

/* ------------------------------------------------------------------ */
/* ARRIVE                                                               */

static void test_arrive(void **state)
{
    tb_t *t = tb_new(state, small_p());
    const uint64_t EXIT = 0x90;
    /* width 8 depth 1: entry 0 (warp 0) ACTIVE, entry 1 (warp 1) DORMANT */
    ok(t, launch(8, 1, 0x10, EXIT));
    EXPECT_STATUS(t, ACT, DORM, FREE);
    wait_init(t, 2);

    /* diverged: the stack holds 3 entries, not the root only */
    ev_t e = ok(t, branch(0, 0x0f, 0x20, 0x30, 0x40));
    assert_true(e.diverge);
    assert_false(e.sibling_apart); /* entry 1 is warp 1's: warp 0 has one slice */
    reject(t, arrive(0), WSL_ERR_NOT_ROOT);
    ok(t, advance(0, 0x40));
    assert_int_equal(rd(t, 0).rd_tos, 2);
    reject(t, arrive(0), WSL_ERR_NOT_ROOT);
    ok(t, advance(0, 0x40));
    expect_rd(t, 0, ACT, 0, 0, 0xff, 0x40, EXIT, 0xff, 1);

    /* entry 1 is DORMANT: it cannot arrive */
    reject(t, arrive(1), WSL_ERR_NOT_ACTIVE);

    /* at the root: ARRIVED; it left ACTIVE, so the lowest DORMANT entry
     * (1) resumes, at its start PC */
    e = ok(t, arrive(0));
    assert_true(e.arrive);
    assert_true(e.resume_arrive);
    assert_false(e.resume_done || e.resume_barrier || e.release || e.sibling_apart);
    out_t o = rd(t, 0);
    assert_false(o.rsp_fin);
    assert_true(o.resume_valid);
    assert_int_equal(o.resume_entry, 1);
    assert_false(o.released);
    EXPECT_STATUS(t, ARR, ACT, FREE);
    expect_counts(t, 2, 1, false);
    expect_sel(t, true, 1); /* the pointer at 0 */
    expect_rd(t, 0, ARR, 0, 0, 0xff, 0x40, EXIT, 0xff, 1);
    expect_rd(t, 1, ACT, 1, 0, 0xff, 0x10, EXIT, 0xff, 1);
    idle(t); /* the pulse lasts one cycle */
    o = rd(t, 0);
    assert_false(o.resume_valid);
    assert_int_equal(o.resume_entry, 0);
    reject(t, arrive(0), WSL_ERR_NOT_ACTIVE);
    reject(t, reconf(4, 4, 0x40, EXIT), WSL_ERR_NOT_ARRIVED); /* entry 1 runs */

    /* the resumed slice arrives at once; nothing DORMANT is left */
    e = ok(t, arrive(1));
    assert_true(e.arrive);
    assert_false(e.resume_arrive || e.resume_done || e.resume_barrier || e.release);
    o = rd(t, 0);
    assert_false(o.resume_valid);
    assert_int_equal(o.resume_entry, 0);
    EXPECT_STATUS(t, ARR, ARR, FREE);
    expect_counts(t, 2, 0, true);
    expect_sel(t, false, 0);
    reject(t, arrive(1), WSL_ERR_NOT_ACTIVE);

    /* RECONF merges the two ARRIVED slices (one per warp: no merge event) */
    e = ok(t, reconf(4, 4, 0x40, EXIT));
    assert_false(e.reconf_merge);
    EXPECT_STATUS(t, ACT, ACT, ACT, ACT, FREE);
    EXPECT_LANES(t, 0x0f, 0x0f, 0xf0, 0xf0);
    wait_init(t, 4);

    /* an ARRIVE while the others wait at a barrier releases them */
    ok(t, barrier(0));
    ok(t, barrier(1));
    ok(t, barrier(2));
    EXPECT_STATUS(t, WAIT, WAIT, WAIT, ACT);
    expect_counts(t, 4, 1, false);
    e = ok(t, arrive(3));
    assert_true(e.arrive);
    assert_true(e.release);
    assert_false(e.resume_arrive); /* nothing DORMANT */
    assert_true(rd(t, 0).released);
    assert_false(rd(t, 0).resume_valid);
    EXPECT_STATUS(t, ACT, ACT, ACT, ARR);
    expect_sel(t, true, 0); /* the pointer at 3 */
}

/* ARRIVE resumes the lowest DORMANT slice. At depth 1 (width 4: entries 0
 * .. 3, lanes 0x0f, 0x0f, 0xf0, 0xf0): 0 and 1 wait at a barrier, each
 * resuming the next, so 2 is the last ACTIVE slice, with 3 DORMANT. 2
 * arrives: 3 resumes (the barrier cannot release yet: 3 is ACTIVE). Leaves
 * WAIT, WAIT, ARR, ACT, the pointer at 2. */
static void arrive_past_barrier(tb_t *t)
{
    ok(t, launch(4, 1, 0x10, 0x90));
    wait_init(t, 4);
    EXPECT_STATUS(t, ACT, DORM, DORM, DORM);
    ok(t, barrier(0)); /* entry 1 resumes */
    ok(t, barrier(1)); /* entry 2 resumes */
    EXPECT_STATUS(t, WAIT, WAIT, ACT, DORM);
    expect_counts(t, 4, 1, false);

    ev_t e = ok(t, arrive(2));
    assert_true(e.arrive);
    assert_true(e.resume_arrive);
    assert_false(e.release || e.resume_done || e.resume_barrier);
    out_t o = rd(t, 0);
    assert_true(o.resume_valid);
    assert_int_equal(o.resume_entry, 3);
    assert_false(o.released);
    EXPECT_STATUS(t, WAIT, WAIT, ARR, ACT);
    expect_counts(t, 4, 1, false); /* slices wait: not arrived */
    expect_sel(t, true, 3);
    /* entry 3 (warp 1, slice 1) at its start PC, its stack at the root */
    expect_rd(t, 3, ACT, 1, 1, 0xf0, 0x10, 0x90, 0xf0, 1);
    reject(t, reconf(4, 1, 0x20, 0x90), WSL_ERR_NOT_ARRIVED);
}

/* No deadlock when the last ACTIVE slice arrives while others wait at a
 * barrier and one is DORMANT: the dormant one resumes, and once it arrives
 * or waits too the barrier releases; the released slices arrive in turn
 * (each resuming the next) and the table reaches arrived: a RECONF is
 * legal. */
static void test_arrive_resumes_past_barrier(void **state)
{
    /* the resumed slice arrives: nothing ACTIVE or DORMANT, 0 and 1 WAITING:
     * released in entry order, 0 ACTIVE (depth_o 1), 1 DORMANT */
    tb_t *t = tb_new(state, small_p());
    arrive_past_barrier(t);
    ev_t e = ok(t, arrive(3));
    assert_true(e.arrive);
    assert_true(e.release);
    assert_false(e.resume_arrive || e.resume_done || e.resume_barrier);
    out_t o = rd(t, 0);
    assert_true(o.released);
    assert_false(o.resume_valid);
    EXPECT_STATUS(t, ACT, DORM, ARR, ARR);
    expect_counts(t, 4, 1, false);
    expect_sel(t, true, 0); /* the pointer at 3: wraps to 0 */

    e = ok(t, arrive(0)); /* entry 1 resumes */
    assert_true(e.resume_arrive);
    assert_false(e.release);
    assert_int_equal(rd(t, 0).resume_entry, 1);
    EXPECT_STATUS(t, ARR, ACT, ARR, ARR);
    expect_counts(t, 4, 1, false);
    e = ok(t, arrive(1)); /* nothing DORMANT or WAITING left */
    assert_false(e.resume_arrive || e.release);
    assert_false(rd(t, 0).resume_valid);
    EXPECT_STATUS(t, ARR, ARR, ARR, ARR);
    expect_counts(t, 4, 0, true);
    expect_sel(t, false, 0);
    /* warp 0: 0x0f | 0xf0 (entries 0, 2); warp 1: 0x0f | 0xf0 (1, 3) */
    e = ok(t, reconf(8, 2, 0x20, 0x90));
    assert_true(e.reconf_merge);
    EXPECT_STATUS(t, ACT, ACT, FREE, FREE);
    EXPECT_LANES(t, 0xff, 0xff, 0, 0);
    tb_end(state);

    /* the resumed slice waits: 0, 1 and 3 WAITING are released in entry
     * order, 0 ACTIVE, 1 and 3 DORMANT */
    t = tb_new(state, small_p());
    arrive_past_barrier(t);
    e = ok(t, barrier(3));
    assert_true(e.release);
    assert_false(e.resume_barrier || e.resume_arrive || e.resume_done);
    o = rd(t, 0);
    assert_true(o.released);
    assert_false(o.resume_valid);
    EXPECT_STATUS(t, ACT, DORM, ARR, DORM);
    expect_counts(t, 4, 1, false);
    expect_sel(t, true, 0);

    e = ok(t, arrive(0)); /* entry 1 resumes */
    assert_true(e.resume_arrive);
    assert_int_equal(rd(t, 0).resume_entry, 1);
    EXPECT_STATUS(t, ARR, ACT, ARR, DORM);
    e = ok(t, arrive(1)); /* entry 3 resumes */
    assert_true(e.resume_arrive);
    assert_int_equal(rd(t, 0).resume_entry, 3);
    EXPECT_STATUS(t, ARR, ARR, ARR, ACT);
    expect_counts(t, 4, 1, false);
    e = ok(t, arrive(3));
    assert_false(e.resume_arrive || e.release);
    assert_false(rd(t, 0).resume_valid);
    EXPECT_STATUS(t, ARR, ARR, ARR, ARR);
    expect_counts(t, 4, 0, true);
    e = ok(t, reconf(8, 2, 0x20, 0x90));
    assert_true(e.reconf_merge);
    EXPECT_STATUS(t, ACT, ACT, FREE, FREE);
    EXPECT_LANES(t, 0xff, 0xff, 0, 0);
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

static void test_errors(void **state)
{
    tb_t *t = tb_new(state, small_p());
    const uint64_t EXIT = 0x90;

    /* nothing launched */
    reject(t, branch(0, 1, 0x20, 0x30, 0x40), WSL_ERR_BAD_ENTRY);
    reject(t, arrive(7), WSL_ERR_BAD_ENTRY);
    reject(t, barrier(3), WSL_ERR_BAD_ENTRY);
    reject(t, reconf(4, 5, 0x10, EXIT), WSL_ERR_BAD_DEPTH); /* P(4) = 4 */
    reject(t, raw_op(6, 0), WSL_ERR_BAD_OP);
    reject(t, raw_op(7, 0), WSL_ERR_BAD_OP);
    ev_t e;
    warp_slice_table_step(t->m, &(in_t){.req_valid = true, .req_op = 14}, NULL, &e);
    warp_slice_table_step(t->s, &(in_t){0}, NULL, NULL);
    assert_int_equal(e.op, 6); /* cut to 3 bits */
    assert_int_equal(e.err, WSL_ERR_BAD_OP);

    /* LAUNCH: width (MinWidth 2 .. 8; 4 bits), depth (1 .. P; 4 bits), pc */
    reject(t, launch(0, 1, 0x10, EXIT), WSL_ERR_BAD_WIDTH);
    reject(t, launch(1, 1, 0x10, EXIT), WSL_ERR_BAD_WIDTH);
    reject(t, launch(9, 1, 0x10, EXIT), WSL_ERR_BAD_WIDTH);
    reject(t, launch(16, 1, 0x10, EXIT), WSL_ERR_BAD_WIDTH); /* cut to 0 */
    reject(t, launch(4, 0, 0x10, EXIT), WSL_ERR_BAD_DEPTH);
    reject(t, launch(4, 5, 0x10, EXIT), WSL_ERR_BAD_DEPTH);  /* P(4) = 4 */
    reject(t, launch(8, 3, 0x10, EXIT), WSL_ERR_BAD_DEPTH);  /* P(8) = 2 */
    reject(t, launch(4, 16, 0x10, EXIT), WSL_ERR_BAD_DEPTH); /* cut to 0 */
    reject(t, launch(4, 2, NONE16, EXIT), WSL_ERR_BAD_PC);
    reject(t, launch(4, 2, 0x1ffff, EXIT), WSL_ERR_BAD_PC);  /* cut to 0xffff */
    /* the lowest code wins */
    reject(t, launch(1, 0, NONE16, EXIT), WSL_ERR_BAD_WIDTH);
    reject(t, launch(4, 9, NONE16, EXIT), WSL_ERR_BAD_DEPTH);

    /* width 4 depth 2, no exit limit on rpc: entries 0, 1 ACTIVE, 2, 3 DORMANT */
    ok(t, launch(4, 2, 0x10, EXIT));
    reject(t, launch(4, 2, 0x10, EXIT), WSL_ERR_BUSY);
    reject(t, advance(0, 0x14), WSL_ERR_BUSY);
    reject(t, raw_op(7, 0), WSL_ERR_BAD_OP);
    idle(t); /* the fourth cycle */
    assert_true(rd(t, 0).req_ready);
    EXPECT_STATUS(t, ACT, ACT, DORM, DORM, FREE);

    reject(t, launch(4, 2, 0x10, EXIT), WSL_ERR_NOT_ARRIVED);
    reject(t, launch(1, 0, NONE16, EXIT), WSL_ERR_NOT_ARRIVED); /* 6 before 7..9 */
    reject(t, reconf(8, 1, 0x10, EXIT), WSL_ERR_NOT_ARRIVED);
    reject(t, branch(4, 1, 0x20, 0x30, 0x40), WSL_ERR_BAD_ENTRY); /* >= P: FREE */
    reject(t, advance(7, 0x14), WSL_ERR_BAD_ENTRY);
    reject(t, branch(2, 1, 0x20, 0x30, 0x40), WSL_ERR_NOT_ACTIVE); /* DORMANT */
    reject(t, branch(2, 1, NONE16, 0x30, 0x40), WSL_ERR_NOT_ACTIVE); /* 4 before 9 */
    reject(t, arrive(3), WSL_ERR_NOT_ACTIVE);
    reject(t, barrier(3), WSL_ERR_NOT_ACTIVE);

    /* entry 1 (warp 1, lanes 0..3) diverges: stack {0x40, 0x90, 0x0f},
     * {0x30, 0x40, 0x0c}, {0x20, 0x40, 0x03}, 3 of Depth 4 */
    e = ok(t, branch(1, 0x03, 0x20, 0x30, 0x40));
    assert_true(e.diverge);
    reject(t, arrive(1), WSL_ERR_NOT_ROOT);
    /* a nested divergent branch to a new rpc needs 2 more entries: 5 > 4 */
    reject(t, branch(1, 0x01, 0x24, 0x28, 0x2c), WSL_ERR_OVERFLOW);
    expect_rd(t, 1, ACT, 1, 0, 0x0f, 0x20, 0x40, 0x03, 3);
    expect_level(t, 1, 1, 0x30, 0x40, 0x0c);
    /* the PCs the stack refuses */
    reject(t, branch(0, 0x01, NONE16, 0x30, 0x40), WSL_ERR_BAD_PC);
    reject(t, branch(0, 0x01, 0x20, NONE16, 0x40), WSL_ERR_BAD_PC);
    reject(t, branch(0, 0x01, 0x20, 0x30, NONE16), WSL_ERR_BAD_PC);
    reject(t, advance(0, NONE16), WSL_ERR_BAD_PC);
    reject(t, advance(0, 0x3ffff), WSL_ERR_BAD_PC); /* cut to 0xffff */

    /* a WAITING slice keeps a division illegal too */
    ok(t, barrier(0)); /* entry 2 resumes */
    EXPECT_STATUS(t, WAIT, ACT, ACT, DORM);
    reject(t, reconf(4, 1, 0x10, EXIT), WSL_ERR_NOT_ARRIVED);

    /* every code seen, bit 0 never */
    assert_int_equal(rd(t, 0).err_sticky, 0x7fe);
    /* an idle cycle changes nothing; an accepted request that the shadow
     * does not get makes the states differ */
    warp_slice_table_step(t->m, &(in_t){0}, NULL, NULL);
    assert_true(warp_slice_table_same_state(t->m, t->s));
    in_t adv = advance(2, 0x14);
    warp_slice_table_step(t->m, &adv, NULL, NULL);
    warp_slice_table_step(t->s, &(in_t){0}, NULL, NULL);
    assert_false(warp_slice_table_same_state(t->m, t->s));
}

/* MinWidth from MaxSlices / NumWarps, and the smallest configuration. */
static void test_min_width(void **state)
{
    /* 1 warp, 3 slices: MinWidth = ceil(8 / 3) = 3; width 3 makes 0x07,
     * 0x38 and the residue 0xc0: every entry */
    tb_t *t = tb_new(state, prm(1, 8, 3, 16, 3));
    reject(t, launch(2, 1, 0x10, 0x90), WSL_ERR_BAD_WIDTH);
    ev_t e = ok(t, launch(3, 2, 0x10, 0x90));
    assert_true(e.residue && e.dormant && e.full_table);
    assert_false(e.hole);
    EXPECT_STATUS(t, ACT, ACT, DORM);
    EXPECT_LANES(t, 0x07, 0x38, 0xc0);
    wait_init(t, 3);
    expect_rd(t, 2, DORM, 0, 2, 0xc0, 0x10, 0x90, 0xc0, 1);
    reject(t, advance(3, 0x14), WSL_ERR_BAD_ENTRY); /* EntryIdWidth 2: 3 >= 3 */
    expect_rd_free(t, 3);
    tb_end(state);

    /* 2 warps, 3 slices: one slice per warp, MinWidth = 8 */
    t = tb_new(state, prm(2, 8, 3, 16, 3));
    reject(t, launch(7, 1, 0x10, 0x90), WSL_ERR_BAD_WIDTH);
    e = ok(t, launch(8, 2, 0x10, 0x90));
    assert_false(e.residue || e.dormant || e.full_table || e.hole);
    EXPECT_STATUS(t, ACT, ACT, FREE);
    wait_init(t, 2);
    tb_end(state);

    /* min: 1 warp of 2 lanes, 1 slice, 4-bit PCs (none = 0xf) */
    t = tb_new(state, prm(1, 2, 1, 4, 3));
    reject(t, launch(1, 1, 0x3, 0xf), WSL_ERR_BAD_WIDTH);
    reject(t, launch(2, 1, 0xf, 0xf), WSL_ERR_BAD_PC);
    e = ok(t, launch(2, 1, 0x3, 0xf));
    assert_true(e.full_table);
    wait_init(t, 1);
    expect_rd(t, 0, ACT, 0, 0, 0x3, 0x3, 0xf, 0x3, 1);
    expect_rd_free(t, 1); /* EntryIdWidth 1: entry 1 >= MaxSlices */
    reject(t, advance(1, 0x4), WSL_ERR_BAD_ENTRY);
    ok(t, advance(0, 0x4));
    expect_sel(t, true, 0); /* the only active entry: after the pointer, wrapping */
}

/* ------------------------------------------------------------------ */
/* the scheduler                                                        */

static void test_round_robin(void **state)
{
    tb_t *t = tb_new(state, small_p());
    ok(t, launch(2, 8, 0x10, 0x90));
    wait_init(t, 8);
    expect_sel(t, true, 0);
    idle(t);
    expect_sel(t, true, 0); /* only an accepted request moves the pointer */

    ok(t, advance(5, 0x14));
    expect_sel(t, true, 6);
    ok(t, barrier(6));
    expect_sel(t, true, 7);
    reject(t, advance(3, NONE16), WSL_ERR_BAD_PC);      /* refused by the stack */
    expect_sel(t, true, 7);
    reject(t, advance(6, 0x14), WSL_ERR_NOT_ACTIVE);    /* refused by the table */
    expect_sel(t, true, 7);
    ok(t, advance(7, 0x14));
    expect_sel(t, true, 0); /* wraps */
    ok(t, advance(0, 0x14));
    expect_sel(t, true, 1);
    ok(t, barrier(1));
    expect_sel(t, true, 2);
    ok(t, barrier(2));
    expect_sel(t, true, 3);
    ok(t, barrier(4));
    expect_sel(t, true, 5); /* 4 was the pointer; 5 is next */
    ok(t, barrier(3));
    expect_sel(t, true, 5); /* the pointer at 3: 4 WAITING, 5 next */
    ok(t, barrier(5));
    expect_sel(t, true, 7);
    ok(t, barrier(7));
    expect_sel(t, true, 0);
    EXPECT_STATUS(t, ACT, WAIT, WAIT, WAIT, WAIT, WAIT, WAIT, WAIT);
    ok(t, advance(0, 0x18));
    expect_sel(t, true, 0); /* the only one: after the pointer, wrapping to itself */

    /* the last one waits: all 8 released (depth 8), the pointer at 0 */
    ev_t e = ok(t, barrier(0));
    assert_true(e.release);
    EXPECT_STATUS(t, ACT, ACT, ACT, ACT, ACT, ACT, ACT, ACT);
    expect_sel(t, true, 1);

    /* every slice arrives at 0x40 (the last ARRIVE at entry 3); the division
     * puts the pointer before entry 0 */
    static const unsigned order[] = {4, 5, 6, 7, 0, 1, 2, 3};
    for (unsigned i = 0; i < 8; i++) {
        ok(t, advance(order[i], 0x40));
        ok(t, arrive(order[i]));
    }
    expect_sel(t, false, 0);
    ok(t, reconf(2, 8, 0x40, 0x90));
    wait_init(t, 8);
    expect_sel(t, true, 0);
}

/* ------------------------------------------------------------------ */
/* the read port                                                        */

static void test_read_port(void **state)
{
    /* MaxSlices 6 (EntryIdWidth 3: entries 6 and 7 out of range);
     * MinWidth = ceil(8 / 3) = 3 */
    tb_t *t = tb_new(state, prm(2, 8, 6, 16, 4));
    for (unsigned q = 0; q < 8; q++)
        expect_rd_free(t, q);
    ok(t, launch(4, 3, 0x10, 0x90));
    EXPECT_STATUS(t, ACT, ACT, ACT, DORM, FREE, FREE);
    wait_init(t, 4);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, 0x10, 0x90, 0x0f, 1);
    expect_rd(t, 3, DORM, 1, 1, 0xf0, 0x10, 0x90, 0xf0, 1);
    expect_rd_free(t, 4);
    expect_rd_free(t, 5);
    expect_rd_free(t, 6);
    expect_rd_free(t, 7);
    assert_int_equal(warp_slice_table_status(t->m, 6), FREE);
    assert_int_equal(warp_slice_table_status(t->m, 100), FREE);
    /* req_entry is cut to 3 bits: 8 is entry 0, 11 entry 3 */
    expect_rd(t, 8, ACT, 0, 0, 0x0f, 0x10, 0x90, 0x0f, 1);
    expect_rd(t, 11, DORM, 1, 1, 0xf0, 0x10, 0x90, 0xf0, 1);

    reject(t, advance(6, 0x14), WSL_ERR_BAD_ENTRY);
    reject(t, advance(7, 0x14), WSL_ERR_BAD_ENTRY);
    ok(t, advance(10, 0x14)); /* entry 2 */
    expect_rd(t, 2, ACT, 0, 1, 0xf0, 0x14, 0x90, 0xf0, 1);
    /* the op and mask are cut too: op 8 + 2 is BRANCH; mask bits >= 8 go */
    in_t b = branch(2, 0xf0, 0x20, 0x30, 0x40);
    b.req_op += 8;
    b.req_mask.w[0] |= 0xf00;
    b.req_mask.w[1] = ~UINT64_C(0);
    ev_t e = ok(t, b);
    assert_int_equal(e.op, WSL_OP_BRANCH);
    assert_false(e.diverge); /* uniform: all of 0xf0 taken */
    expect_rd(t, 2, ACT, 0, 1, 0xf0, 0x20, 0x90, 0xf0, 1);

    /* the read port during a request shows the state before its edge,
     * whether or not the request is valid */
    out_t o;
    in_t in = advance(0, 0x18);
    warp_slice_table_eval(t->m, &in, &o);
    assert_int_equal(o.rd_pc, 0x10);
    cyc_out(t, in, &o);
    assert_int_equal(o.rd_pc, 0x10);
    expect_rd(t, 0, ACT, 0, 0, 0x0f, 0x18, 0x90, 0x0f, 1);

    /* a DONE slice: its table fields, its empty stack's 0 */
    e = ok(t, advance(0, 0x90));
    assert_true(e.slice_done && e.resume_done);
    assert_int_equal(rd(t, 0).resume_entry, 3);
    expect_rd(t, 0, DONE, 0, 0, 0x0f, 0, 0, 0, 0);
    expect_rd(t, 3, ACT, 1, 1, 0xf0, 0x10, 0x90, 0xf0, 1);
}

/* sibling_apart: only ACTIVE, DORMANT and WAITING slices of the request's
 * warp count. */
static void test_sibling_apart(void **state)
{
    tb_t *t = tb_new(state, small_p());
    ok(t, launch(4, 4, 0x10, 0x90));
    wait_init(t, 4);
    /* entries 0 and 2 are warp 0, 1 and 3 warp 1 */
    ev_t e = ok(t, advance(1, 0x14));
    assert_true(e.sibling_apart); /* 1 at 0x14, 3 at 0x10 */
    e = ok(t, advance(0, 0x14));
    assert_true(e.sibling_apart); /* warp 0: 0 at 0x14, 2 at 0x10 */
    e = ok(t, advance(2, 0x14));
    assert_false(e.sibling_apart); /* both at 0x14 */
    e = ok(t, advance(3, 0x14));
    assert_false(e.sibling_apart);
    e = ok(t, barrier(2));
    assert_false(e.sibling_apart);
    e = ok(t, advance(0, 0x18));
    assert_true(e.sibling_apart); /* WAITING entry 2 at 0x14 counts */
    e = ok(t, advance(1, 0x18));
    assert_true(e.sibling_apart);
    e = ok(t, arrive(3)); /* ARRIVED entry 3 no longer counts */
    assert_false(e.sibling_apart);
    e = ok(t, advance(1, 0x1c));
    assert_false(e.sibling_apart);
    e = ok(t, advance(0, 0x90)); /* DONE entry 0 no longer counts: 2 alone */
    assert_true(e.slice_done);
    assert_false(e.sibling_apart);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params),
        TB_TEST(test_reset_state),
        TB_TEST(test_figure4),
        TB_TEST(test_init_cycles),
        TB_TEST(test_reconf_merge),
        TB_TEST(test_holes),
        TB_TEST(test_resume_and_release),
        TB_TEST(test_release_depth),
        TB_TEST(test_arrive),
        TB_TEST(test_arrive_resumes_past_barrier),
        TB_TEST(test_errors),
        TB_TEST(test_min_width),
        TB_TEST(test_round_robin),
        TB_TEST(test_read_port),
        TB_TEST(test_sibling_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
