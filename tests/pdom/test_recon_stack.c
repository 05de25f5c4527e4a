/* Unit tests of the recon_stack golden model (csim/pdom/recon_stack.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/pdom -Itests/common csim/common/prio_enc.c csim/pdom/recon_stack.c tests/pdom/test_recon_stack.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/recon_stack.md
 * and the papers. The papers' walk-throughs (TBC Fig. 7 and Fig. 10, DoM
 * section 3.1) are not repeated here: their scenario files
 * (verif/pdom/scenarios/) run against this model alone in the unit tests
 * (a model-only build, tests/run_tests.py) and against the RTL in the
 * co-simulation. Masks are written with lane 0 as bit 0. */
#include <stdlib.h>

#include "test_util.h"

#include "recon_stack.h"

#define NONE32 UINT64_C(0xffffffff)

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(recon_stack, RS_OK)

#define RS_EVENT_FIELDS(X)                                                 \
    X(op) X(err) X(uniform) X(divergent) X(loop_exit) X(pushes) X(lcp_push) \
    X(reuse) X(skip_rpc) X(skip_lpc) X(rpc_pop) X(lpc_merge) X(cascade) X(depth_after)
/* the fields of an entry but its mask; on the read port with prefix rd_ */
#define RS_ENTRY_FIELDS(X) X(pc) X(rpc) X(lpc) X(lpos)

/* An events literal: the fields not named are 0. */
#define EV(...) ((recon_stack_events_t){__VA_ARGS__})

static recon_stack_t *make(unsigned n, unsigned w, unsigned pcw, unsigned d,
                           bool lcp)
{
    recon_stack_params_t p = {n, w, pcw, d, lcp, .count_enable = true};
    return create_ok(&p);
}

static recon_stack_in_t idle_in(unsigned rd_warp)
{
    return (recon_stack_in_t){.rd_warp = rd_warp};
}

/* One cycle with no request: the read port and rsp outputs. */
static recon_stack_out_t peek(recon_stack_t *m, unsigned rd_warp)
{
    recon_stack_in_t in = idle_in(rd_warp);
    recon_stack_out_t out;
    recon_stack_step(m, &in, &out, NULL);
    return out;
}

static recon_stack_events_t req(recon_stack_t *m, unsigned op, unsigned w,
                                uint64_t pc, uint64_t alt, uint64_t rpc,
                                uint64_t lpc, uint64_t mask)
{
    recon_stack_in_t in = idle_in(0);
    in.req_valid = true;
    in.req_op = op;
    in.req_warp = w;
    in.req_pc = pc;
    in.req_alt_pc = alt;
    in.req_rpc = rpc;
    in.req_lpc = lpc;
    in.req_mask = bm64(mask);
    recon_stack_out_t out;
    recon_stack_events_t ev;
    recon_stack_step(m, &in, &out, &ev);
    return ev;
}

static recon_stack_events_t op_init(recon_stack_t *m, unsigned w, uint64_t pc,
                                    uint64_t mask, uint64_t rpc)
{
    return req(m, RS_OP_INIT, w, pc, 0, rpc, 0, mask);
}

static recon_stack_events_t op_adv(recon_stack_t *m, unsigned w, uint64_t npc)
{
    return req(m, RS_OP_ADVANCE, w, npc, 0, 0, 0, 0);
}

static recon_stack_events_t op_br(recon_stack_t *m, unsigned w, uint64_t tmask,
                                  uint64_t tpc, uint64_t fpc, uint64_t rpc,
                                  uint64_t lpc)
{
    return req(m, RS_OP_BRANCH, w, tpc, fpc, rpc, lpc, tmask);
}

static void check_ev(const recon_stack_events_t *got, recon_stack_events_t w)
{
    const recon_stack_events_t *want = &w;
    RS_EVENT_FIELDS(EXPECT_SAME_FIELD)
}

/* An accepted INIT of warp w: one entry. */
static void init(recon_stack_t *m, unsigned w, uint64_t pc, uint64_t mask,
                 uint64_t rpc)
{
    recon_stack_events_t ev = op_init(m, w, pc, mask, rpc);
    check_ev(&ev, EV(.op = RS_OP_INIT, .depth_after = 1));
}

/* ADVANCE / BRANCH of warp w whose events must be `want` (op filled in). */
static void advance(recon_stack_t *m, unsigned w, uint64_t npc,
                    recon_stack_events_t want)
{
    recon_stack_events_t ev = op_adv(m, w, npc);
    want.op = RS_OP_ADVANCE;
    check_ev(&ev, want);
}

static void branch(recon_stack_t *m, unsigned w, uint64_t tmask, uint64_t tpc,
                   uint64_t fpc, uint64_t rpc, uint64_t lpc,
                   recon_stack_events_t want)
{
    recon_stack_events_t ev = op_br(m, w, tmask, tpc, fpc, rpc, lpc);
    want.op = RS_OP_BRANCH;
    check_ev(&ev, want);
}

/* PCs of the hand-built programs below */
enum { PA = 0x10, PB = 0x20, PC_ = 0x30, PD = 0x40, PE = 0x50, PF = 0x60,
       PEXIT = 0x70 };

/* n warps of 4 threads, 32-bit PCs, Depth d; warp 0 started at A with all
 * four threads and the exit EXIT: the set-up of most tests. */
static recon_stack_t *start(unsigned n, unsigned d, bool lcp)
{
    recon_stack_t *m = make(n, 4, 32, d, lcp);
    init(m, 0, PA, 0xf, PEXIT);
    return m;
}

/* Two warps started (start()); warp 0 then inside a branch with a likely-
 * convergence point, 4 entries, and warp 1 at A with threads 0, 1. */
static recon_stack_t *start_diverged(unsigned d)
{
    recon_stack_t *m = start(2, d, true);
    op_br(m, 0, 0x3, PC_, PB, PF, PE);
    init(m, 1, PA, 0x3, PEXIT);
    return m;
}

/* An expected stack entry; its mask is in the low word. */
typedef struct {
    uint64_t pc, rpc, mask, lpc;
    unsigned lpos;
} ent_t;

static void check_entry(const recon_stack_t *m, unsigned w, unsigned level,
                        const ent_t *want)
{
    recon_stack_entry_t e;
    const recon_stack_entry_t *got = &e;
    assert_true(recon_stack_entry(m, w, level, &e));
    RS_ENTRY_FIELDS(EXPECT_SAME_FIELD)
    assert_int_equal(e.mask.w[0], want->mask);
    bitmask_t mask = bm64(want->mask);
    assert_true(bm_eq(&e.mask, &mask)); /* nothing above the low word */
}

/* For RS_ENTRY_FIELDS: the read port *o shows entry *want, or nothing. */
#define EXPECT_RD_FIELD(f) assert_int_equal(o->rd_##f, want->f);
#define EXPECT_RD_ZERO(f) assert_int_equal(o->rd_##f, 0);

/* The read port shows want as the TOS of a stack of `depth` entries. */
static void check_rd(const recon_stack_out_t *o, unsigned depth,
                     const ent_t *want)
{
    assert_true(o->rd_valid);
    RS_ENTRY_FIELDS(EXPECT_RD_FIELD)
    bitmask_t mask = bm64(want->mask);
    assert_true(bm_eq(&o->rd_mask, &mask));
    assert_int_equal(o->rd_count, (unsigned)__builtin_popcountll(want->mask));
    assert_int_equal(o->rd_depth, depth);
}

static void check_rd_zero(const recon_stack_out_t *o)
{
    bitmask_t zero;
    bm_clear(&zero);
    assert_false(o->rd_valid);
    RS_ENTRY_FIELDS(EXPECT_RD_ZERO)
    assert_true(bm_eq(&o->rd_mask, &zero));
    assert_int_equal(o->rd_count, 0);
    assert_int_equal(o->rd_depth, 0);
}

/* Warp w's stack holds `depth` entries, the top n of which are want[0..n-1]
 * (bottom first, the TOS last): through the accessors and, for the TOS,
 * through the read port (one idle cycle, so the read port shows the state
 * left by earlier cycles). */
static void check_stack(recon_stack_t *m, unsigned w, unsigned depth,
                        const ent_t *want, unsigned n)
{
    assert_int_equal(recon_stack_depth(m, w), depth);
    for (unsigned i = 0; i < n; i++)
        check_entry(m, w, depth - n + i, &want[i]);
    assert_false(recon_stack_entry(m, w, depth, NULL));
    recon_stack_out_t o = peek(m, w);
    check_rd(&o, depth, &want[n - 1]);
}

/* CHECK_STACK(m, w, depth, {pc, rpc, mask, lpc, lpos}, ...): check_stack()
 * with the top entries written out, bottom first. */
#define CHECK_STACK(m, w, depth, ...)                                  \
    check_stack(m, w, depth, (const ent_t[]){__VA_ARGS__},             \
                ARRAY_LEN(((const ent_t[]){__VA_ARGS__})))

/* Warp w has finished: its stack is empty, the read port shows nothing,
 * and the operation that emptied it (the previous cycle) was accepted. */
static void check_finished(recon_stack_t *m, unsigned w)
{
    assert_int_equal(recon_stack_depth(m, w), 0);
    assert_false(recon_stack_entry(m, w, 0, NULL));
    recon_stack_out_t o = peek(m, w);
    check_rd_zero(&o);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, RS_ERR_NONE);
    assert_int_equal(o.err_sticky & (1u << 6), 0); /* code 6 is reserved */
}

/* ADVANCE(w, npc) to the TOS rpc: a pop, `cascade` further cascaded pops,
 * `depth_after` entries left; at 0 the warp has finished. */
static void adv_pop(recon_stack_t *m, unsigned w, uint64_t npc,
                    unsigned cascade, unsigned depth_after)
{
    advance(m, w, npc, EV(.rpc_pop = true, .cascade = cascade,
                          .depth_after = depth_after));
    if (depth_after == 0)
        check_finished(m, w);
}

/* A BRANCH that is uniform and goes to the bottom entry's rpc (the exit):
 * the warp finishes. */
static void br_to_exit(recon_stack_t *m, unsigned w, uint64_t tmask,
                       uint64_t tpc, uint64_t fpc, uint64_t rpc, uint64_t lpc)
{
    branch(m, w, tmask, tpc, fpc, rpc, lpc,
           EV(.uniform = true, .rpc_pop = true, .depth_after = 0));
    check_finished(m, w);
}

/* Full copy of every stack, to show that a rejected op changes nothing. */
#define SNAP_WARPS 8u
typedef struct {
    unsigned depth[SNAP_WARPS];
    recon_stack_entry_t e[SNAP_WARPS][RS_DEPTH_MAX];
} snap_t;

static snap_t *snap_take(const recon_stack_t *m)
{
    const recon_stack_params_t *p = recon_stack_params(m);
    assert_true(p->num_warps <= SNAP_WARPS);
    snap_t *s = calloc(1, sizeof *s);
    assert_non_null(s);
    for (unsigned w = 0; w < p->num_warps; w++) {
        s->depth[w] = recon_stack_depth(m, w);
        for (unsigned l = 0; l < s->depth[w]; l++)
            assert_true(recon_stack_entry(m, w, l, &s->e[w][l]));
    }
    return s;
}

static void snap_check(const recon_stack_t *m, const snap_t *s)
{
    const recon_stack_params_t *p = recon_stack_params(m);
    for (unsigned w = 0; w < p->num_warps; w++) {
        assert_int_equal(recon_stack_depth(m, w), s->depth[w]);
        for (unsigned l = 0; l < s->depth[w]; l++) {
            recon_stack_entry_t e;
            const recon_stack_entry_t *got = &e, *want = &s->e[w][l];
            assert_true(recon_stack_entry(m, w, l, &e));
            RS_ENTRY_FIELDS(EXPECT_SAME_FIELD)
            assert_true(bm_eq(&e.mask, &want->mask));
        }
        assert_false(recon_stack_entry(m, w, s->depth[w], NULL));
    }
}

/* A request that must be rejected with err, leaving depth_after entries on
 * its warp's stack and err_sticky = sticky. */
typedef struct {
    unsigned op, w;
    uint64_t pc, alt, rpc, lpc, mask;
    unsigned err, depth_after, sticky;
} reject_t;

/* Issue each request in turn: the stacks must be unchanged, the events show
 * only op/err/depth, and the next cycle's rsp_* report it. */
static void expect_rejects(recon_stack_t *m, const reject_t *r, size_t n)
{
    for (; n--; r++) {
        snap_t *s = snap_take(m);
        recon_stack_events_t ev =
            req(m, r->op, r->w, r->pc, r->alt, r->rpc, r->lpc, r->mask);
        check_ev(&ev, EV(.op = r->op & 3u, .err = r->err,
                         .depth_after = r->depth_after));
        snap_check(m, s);
        free(s);
        recon_stack_out_t o = peek(m, 0);
        assert_true(o.rsp_valid);
        assert_int_equal(o.rsp_err, r->err);
        assert_int_equal(o.err_sticky, r->sticky);
    }
}

/* EXPECT_REJECTS(m, {op, w, pc, alt, rpc, lpc, mask, err, depth_after,
 * sticky}, ...): expect_rejects() with the requests written out. */
#define EXPECT_REJECTS(m, ...)                                         \
    expect_rejects(m, (const reject_t[]){__VA_ARGS__},                 \
                   ARRAY_LEN(((const reject_t[]){__VA_ARGS__})))

/* ------------------------------------------------------------------ */
/* parameters                                                           */

/* A legal parameter set: the model echoes it, every stack empty. */
static void expect_created(const recon_stack_params_t *want)
{
    recon_stack_t *m = create_ok(want);
    const recon_stack_params_t *got = recon_stack_params(m);
    RS_PARAM_FIELDS(EXPECT_SAME_PARAM)
    for (unsigned w = 0; w < want->num_warps; w++)
        assert_int_equal(recon_stack_depth(m, w), 0);
    recon_stack_destroy(m);
}

static void test_params(void **state)
{
    (void)state;
    static const recon_stack_params_t good[] = {
        /* the smallest and largest legal instances */
        {1, 2, 4, 3, false, false},
        {64, 64, 64, 32, true, true},
        /* Depth 3 + LcpEnable .. 32 */
        {4, 32, 32, 3, false, false},
        {4, 32, 32, 4, true, true},
        {4, 32, 32, 32, false, false},
        /* the default / paper configurations of configs/recon_stack.cfg */
        {6, 32, 32, 8, true, true},
        {32, 32, 32, 16, true, false},
    };
    static const bad_params_t bad[] = {
        /* NumWarps 1..64 */
        {{0, 32, 32, 8, true, true}, RS_EPARAM_NUM_WARPS},
        {{65, 32, 32, 8, true, true}, RS_EPARAM_NUM_WARPS},
        /* WarpWidth 2..64 */
        {{4, 1, 32, 8, true, true}, RS_EPARAM_WARP_WIDTH},
        {{4, 65, 32, 8, true, true}, RS_EPARAM_WARP_WIDTH},
        {{4, 0, 32, 8, true, true}, RS_EPARAM_WARP_WIDTH},
        /* PcWidth 4..64 */
        {{4, 32, 3, 8, true, true}, RS_EPARAM_PC_WIDTH},
        {{4, 32, 65, 8, true, true}, RS_EPARAM_PC_WIDTH},
        /* Depth 3 + LcpEnable .. 32 */
        {{4, 32, 32, 2, false, false}, RS_EPARAM_DEPTH},
        {{4, 32, 32, 3, true, true}, RS_EPARAM_DEPTH},
        {{4, 32, 32, 33, false, false}, RS_EPARAM_DEPTH},
        {{4, 32, 32, 33, true, true}, RS_EPARAM_DEPTH},
        /* first failing parameter in the order warps, width, pc width, depth */
        {{0, 1, 3, 0, false, false}, RS_EPARAM_NUM_WARPS},
        {{1, 1, 3, 0, false, false}, RS_EPARAM_WARP_WIDTH},
        {{1, 2, 3, 0, false, false}, RS_EPARAM_PC_WIDTH},
        {{1, 2, 4, 0, false, false}, RS_EPARAM_DEPTH},
    };
    for (size_t i = 0; i < ARRAY_LEN(good); i++)
        expect_created(&good[i]);
    expect_bad_params(bad, ARRAY_LEN(bad));
}

/* A fresh model of parameters p: PcNone is `none` (every PcWidth bit set);
 * out of reset nothing is valid, no response, no errors. */
static void check_fresh(const recon_stack_params_t *p, uint64_t none)
{
    recon_stack_t *m = create_ok(p);
    assert_int_equal(recon_stack_pc_none(m), none);
    recon_stack_out_t o = peek(m, 0);
    check_rd_zero(&o);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0);
    assert_int_equal(recon_stack_depth(m, 0), 0);
    assert_int_equal(recon_stack_depth(m, 1), 0);
    assert_int_equal(recon_stack_depth(m, 2), 0); /* out of range */
    assert_false(recon_stack_entry(m, 0, 0, NULL));
    assert_false(recon_stack_entry(m, 5, 0, NULL));
    recon_stack_destroy(m);
}

static void test_pc_none_and_reset_state(void **state)
{
    (void)state;
    check_fresh(&(recon_stack_params_t){1, 2, 4, 3, false, false}, 0xf);
    check_fresh(&(recon_stack_params_t){1, 2, 32, 3, false, false}, NONE32);
    check_fresh(&(recon_stack_params_t){2, 64, 64, 32, true, true}, ~UINT64_C(0));
    recon_stack_destroy(NULL); /* harmless */
}

/* ------------------------------------------------------------------ */
/* branch cases */

static void test_uniform_branches(void **state)
{
    recon_stack_t *m = *state = start(1, 4, true);
    /* at depth 1 a uniform branch is an ADVANCE to its one target */
    static const struct {
        uint64_t tmask, tpc, fpc, rpc, lpc, target;
    } uni[] = {
        {0xf, PB, PC_, PD, PE, PB},      /* all taken; lpc ignored */
        {0x0, PB, PC_, PD, PE, PC_},     /* none taken */
        {0x5, PD, PD, PF, PE, PD},       /* diverging outcome, tpc == fpc */
        /* outcome bits outside the warp (lanes 4..7) are no thread */
        {0xf0, PB, PE, PF, NONE32, PE},
    };
    for (size_t i = 0; i < ARRAY_LEN(uni); i++) {
        branch(m, 0, uni[i].tmask, uni[i].tpc, uni[i].fpc, uni[i].rpc,
               uni[i].lpc, EV(.uniform = true, .depth_after = 1));
        CHECK_STACK(m, 0, 1, {uni[i].target, PEXIT, 0xf, NONE32, 0});
    }

    /* uniform branch to the TOS rpc pops */
    branch(m, 0, 0x3, 0x100, 0x200, 0x300, NONE32,
           EV(.divergent = true, .pushes = 2, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {0x100, 0x300, 0x3, NONE32, 0});
    /* TOS mask 0x3 all taken (tmask bits outside TOS mask don't matter) */
    branch(m, 0, 0xf, 0x300, 0x180, 0x400, NONE32,
           EV(.uniform = true, .rpc_pop = true, .depth_after = 2));
    CHECK_STACK(m, 0, 2, {0x200, 0x300, 0xc, NONE32, 0});
    /* tpc == fpc == TOS.rpc: uniform, pops */
    branch(m, 0, 0x4, 0x300, 0x300, 0x500, NONE32,
           EV(.uniform = true, .rpc_pop = true, .depth_after = 1));
    CHECK_STACK(m, 0, 1, {0x300, PEXIT, 0xf, NONE32, 0});
    /* uniform to the bottom entry's rpc (the exit): the warp finishes */
    br_to_exit(m, 0, 0xf, PEXIT, 0x10, 0x20, NONE32);
}

static void test_side_equals_rpc_skip(void **state)
{
    recon_stack_t *m = *state = start(1, 3, false);
    const recon_stack_events_t skip =
        EV(.divergent = true, .pushes = 1, .skip_rpc = 1, .depth_after = 2);

    /* if-then without else: the not-taken side is the join point */
    branch(m, 0, 0x6, PB, PD, PD, NONE32, skip);
    CHECK_STACK(m, 0, 2, {PD, PEXIT, 0xf, NONE32, 0}, {PB, PD, 0x6, NONE32, 0});
    adv_pop(m, 0, PD, 0, 1);
    CHECK_STACK(m, 0, 1, {PD, PEXIT, 0xf, NONE32, 0});

    /* the taken side is the join point: only the not-taken side is pushed */
    branch(m, 0, 0x6, PF, PE, PF, NONE32, skip);
    CHECK_STACK(m, 0, 2, {PF, PEXIT, 0xf, NONE32, 0}, {PE, PF, 0x9, NONE32, 0});
}

/* A branch with likely-convergence point E and reconvergence point r;
 * neither side goes by E. r is an ordinary join (F) or the warp's exit. */
static void run_cascade_empty_lcp(uint64_t r)
{
    recon_stack_t *m = start(1, 4, true);

    if (r != PEXIT) {
        /* three pushes exactly fill Depth = 4; the bottom entry becomes
         * the reconvergence entry {F, EXIT} */
        branch(m, 0, 0x3, PC_, PB, r, PE,
               EV(.divergent = true, .pushes = 3, .lcp_push = true,
                  .depth_after = 4));
        CHECK_STACK(m, 0, 4, {r, PEXIT, 0xf, NONE32, 0}, {PE, r, 0x0, NONE32, 0},
                    {PB, r, 0xc, PE, 1}, {PC_, r, 0x3, PE, 1});
        adv_pop(m, 0, r, 0, 3);
        CHECK_STACK(m, 0, 3, {PB, r, 0xc, PE, 1});
        /* the LCP entry is exposed with an empty mask: cascaded off; the
         * bottom entry {F, EXIT} is unfinished */
        adv_pop(m, 0, r, 1, 1);
        CHECK_STACK(m, 0, 1, {r, PEXIT, 0xf, NONE32, 0});
    } else {
        /* the bottom entry already waits at the exit: no reconvergence
         * entry, the LCP entry takes its place (lpos 0) */
        branch(m, 0, 0x3, PC_, PB, r, PE,
               EV(.divergent = true, .pushes = 3, .lcp_push = true, .reuse = true,
                  .depth_after = 3));
        CHECK_STACK(m, 0, 3, {PE, r, 0x0, NONE32, 0}, {PB, r, 0xc, PE, 0},
                    {PC_, r, 0x3, PE, 0});
        adv_pop(m, 0, r, 0, 2);
        CHECK_STACK(m, 0, 2, {PE, r, 0x0, NONE32, 0}, {PB, r, 0xc, PE, 0});
        /* the LCP entry (empty mask) cascades off: the warp has finished */
        adv_pop(m, 0, r, 1, 0);
    }
    recon_stack_destroy(m);
}

static void test_cascade_empty_lcp(void **state)
{
    (void)state;
    run_cascade_empty_lcp(PF);
    run_cascade_empty_lcp(PEXIT);
}

/* The nested-else case (docs/blocks/recon_stack.md, "Depth"): a divergent
 * branch whose rpc is the TOS's own rpc, neither side going to it. The TOS
 * creates no reconvergence entry {F, F} (it would only ever cascade off):
 * the not-taken side takes its place, the taken side goes above. Then, when
 * both sides are done, the LCP entry nobody reached cascades off and the
 * bottom entry stays even though it is exposed. */
static void test_nested_else_reuse(void **state)
{
    recon_stack_t *m = *state = start(1, 8, true);
    const uint64_t G = 0x58;

    branch(m, 0, 0x3, PC_, PF, PF, PE,
           EV(.divergent = true, .pushes = 2, .lcp_push = true, .skip_rpc = 1,
              .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PE, PF, 0x0, NONE32, 0}, {PC_, PF, 0x3, PE, 1});
    /* rpc == TOS.rpc, neither side at rpc: the TOS takes the not-taken side */
    branch(m, 0, 0x1, PD, G, PF, PF,
           EV(.divergent = true, .pushes = 2, .reuse = true, .depth_after = 4));
    CHECK_STACK(m, 0, 4, {PE, PF, 0x0, NONE32, 0}, {G, PF, 0x2, PE, 1},
                {PD, PF, 0x1, PE, 1});
    adv_pop(m, 0, PF, 0, 3);
    CHECK_STACK(m, 0, 3, {G, PF, 0x2, PE, 1});
    adv_pop(m, 0, PF, 1, 1);
    CHECK_STACK(m, 0, 1, {PF, PEXIT, 0xf, NONE32, 0});
}

/* The same with a likely-convergence point of its own: the LCP entry takes
 * the TOS's place, both sides go above it; a side reaching the lpc merges
 * into it. Depth grows by 2, not 3. */
static void test_nested_else_reuse_lcp(void **state)
{
    recon_stack_t *m = *state = start(1, 8, true);
    const uint64_t G = 0x58, H = 0x5c;

    branch(m, 0, 0x3, PC_, PB, PF, NONE32, EV(.divergent = true, .pushes = 2, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PF, PEXIT, 0xf, NONE32, 0}, {PB, PF, 0xc, NONE32, 0},
                {PC_, PF, 0x3, NONE32, 0});
    branch(m, 0, 0x1, PD, G, PF, H,
           EV(.divergent = true, .pushes = 3, .lcp_push = true, .reuse = true,
              .depth_after = 5));
    CHECK_STACK(m, 0, 5, {PF, PEXIT, 0xf, NONE32, 0}, {PB, PF, 0xc, NONE32, 0},
                {H, PF, 0x0, NONE32, 0}, {G, PF, 0x2, H, 2}, {PD, PF, 0x1, H, 2});
    /* D reaches H: merged into the LCP entry; G is the TOS */
    advance(m, 0, H, EV(.lpc_merge = true, .depth_after = 4));
    CHECK_STACK(m, 0, 4, {PF, PEXIT, 0xf, NONE32, 0}, {PB, PF, 0xc, NONE32, 0},
                {H, PF, 0x1, NONE32, 0}, {G, PF, 0x2, H, 2});
    /* G reaches F: popped; the LCP entry (thread 0, at H) runs on */
    adv_pop(m, 0, PF, 0, 3);
    CHECK_STACK(m, 0, 3, {PF, PEXIT, 0xf, NONE32, 0}, {PB, PF, 0xc, NONE32, 0},
                {H, PF, 0x1, NONE32, 0});
    adv_pop(m, 0, PF, 0, 2);
    CHECK_STACK(m, 0, 2, {PF, PEXIT, 0xf, NONE32, 0}, {PB, PF, 0xc, NONE32, 0});
}

/* ------------------------------------------------------------------ */
/* a warp reaching its exit finishes (the bottom entry's rpc, given at
 * INIT): the pop of the bottom entry empties the stack */

/* ADVANCE, or a uniform BRANCH through either side, to the exit at depth 1:
 * depth 0, read port invalid, no error. Other warps are untouched; a warp
 * without an exit (rpc PcNone) cannot get there. */
static void test_exit_by_advance(void **state)
{
    recon_stack_t *m = *state = start(4, 4, true);

    init(m, 1, PA, 0x3, PEXIT);
    init(m, 2, PA, 0x5, PEXIT);
    init(m, 3, PA, 0x9, NONE32);
    /* warp 0 runs to B, then jumps to its exit */
    op_adv(m, 0, PB);
    CHECK_STACK(m, 0, 1, {PB, PEXIT, 0xf, NONE32, 0});
    adv_pop(m, 0, PEXIT, 0, 0);
    CHECK_STACK(m, 1, 1, {PA, PEXIT, 0x3, NONE32, 0});

    /* warp 1: every active thread takes the branch to the exit (the
     * branch's own rpc and lpc play no part in a uniform branch) */
    br_to_exit(m, 1, 0x3, PEXIT, PB, PC_, PD);

    /* warp 2 (lanes 0, 2): the outcome's only set bit is lane 1, no thread
     * of the warp: nobody takes it, all fall through to the exit */
    br_to_exit(m, 2, 0x2, PB, PEXIT, PC_, NONE32);

    /* warp 3 has no exit: PcNone is no PC an ADVANCE or BRANCH may name */
    assert_int_equal(op_adv(m, 3, NONE32).err, RS_ERR_BAD_PC);
    assert_int_equal(op_br(m, 3, 0x9, NONE32, PB, PC_, NONE32).err,
                     RS_ERR_BAD_PC);
    CHECK_STACK(m, 3, 1, {PA, NONE32, 0x9, NONE32, 0});

    assert_int_equal(peek(m, 0).err_sticky, 1u << RS_ERR_BAD_PC);
}

/* A divergence whose reconvergence PC is the warp's exit: the bottom entry
 * already waits there, so its sides take its place (no {exit, exit}
 * entry). Each side leaves at the exit; the last one empties the stack. (With
 * an unreached likely-convergence entry: test_cascade_empty_lcp.) */
static void test_exit_by_sides(void **state)
{

    /* (a) the smallest case: Depth 3, two sides, depth 2 */
    recon_stack_t *m = *state = start(1, 3, false);
    branch(m, 0, 0x3, PC_, PB, PEXIT, NONE32,
           EV(.divergent = true, .pushes = 2, .reuse = true, .depth_after = 2));
    CHECK_STACK(m, 0, 2, {PB, PEXIT, 0xc, NONE32, 0}, {PC_, PEXIT, 0x3, NONE32, 0});
    adv_pop(m, 0, PEXIT, 0, 1);
    CHECK_STACK(m, 0, 1, {PB, PEXIT, 0xc, NONE32, 0});
    adv_pop(m, 0, PEXIT, 0, 0);
    destroy_state(state);

    /* (b) nested: both branches reconverge at the exit; neither creates a
     * reconvergence entry, so the stack holds only the three open paths */
    m = *state = start(1, 8, false);
    op_br(m, 0, 0x3, PB, PC_, PEXIT, NONE32);
    /* [0] {C, EXIT, 0xc} [1] {B, EXIT, 0x3}; in B, rpc == TOS.rpc again */
    branch(m, 0, 0x1, PD, PE, PEXIT, NONE32,
           EV(.divergent = true, .pushes = 2, .reuse = true, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PC_, PEXIT, 0xc, NONE32, 0}, {PE, PEXIT, 0x2, NONE32, 0},
                {PD, PEXIT, 0x1, NONE32, 0});
    adv_pop(m, 0, PEXIT, 0, 2);
    adv_pop(m, 0, PEXIT, 0, 1);
    CHECK_STACK(m, 0, 1, {PC_, PEXIT, 0xc, NONE32, 0});
    adv_pop(m, 0, PEXIT, 0, 0);
}

/* DoM 3.1 loop branch at the bottom entry: the loop's exit X is the warp's
 * exit (the bottom entry's rpc). The threads leaving the loop have finished:
 * they leave the bottom mask and no entry holds them. When the rest leave,
 * the warp finishes. */
static void test_loop_exit_at_bottom(void **state)
{
    recon_stack_t *m = *state = make(1, 8, 32, 3, false);
    const uint64_t L = 0x100, X = 0x300;
    const recon_stack_events_t loop = EV(.loop_exit = true, .depth_after = 1);

    init(m, 0, 0x80, 0xff, X);
    op_adv(m, 0, L);
    /* trip 1: lane 7 leaves (not-taken side = X = rpc = TOS.rpc) */
    branch(m, 0, 0x7f, L, X, X, NONE32, loop);
    CHECK_STACK(m, 0, 1, {L, X, 0x7f, NONE32, 0});
    op_adv(m, 0, L + 8);
    CHECK_STACK(m, 0, 1, {L + 8, X, 0x7f, NONE32, 0});
    /* trip 2, exit on the taken side: lanes 2, 3 leave */
    branch(m, 0, 0x0c, X, L, X, NONE32, loop);
    CHECK_STACK(m, 0, 1, {L, X, 0x73, NONE32, 0});
    /* trip 3: lanes 4, 5, 6 leave; the outcome's bit 7 belongs to a lane
     * that has finished and is no thread any more: taken = 0x73 & 0x83 */
    branch(m, 0, 0x83, L, X, X, NONE32, loop);
    CHECK_STACK(m, 0, 1, {L, X, 0x03, NONE32, 0});
    /* last trip: lanes 0, 1 leave too: a uniform branch to the exit */
    br_to_exit(m, 0, 0x00, L, X, X, NONE32);
}

/* A finished warp starts again with INIT, like a never-initialised one. */
static void test_init_after_finish(void **state)
{
    recon_stack_t *m = *state = start(2, 4, true);

    init(m, 1, PA, 0x3, PEXIT);
    op_adv(m, 0, PEXIT);
    check_finished(m, 0);
    init(m, 0, PB, 0x6, PF);
    CHECK_STACK(m, 0, 1, {PB, PF, 0x6, NONE32, 0});
    /* and it works as before: diverge, reconverge, finish again */
    branch(m, 0, 0x2, PC_, PD, PE, NONE32,
           EV(.divergent = true, .pushes = 2, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PE, PF, 0x6, NONE32, 0}, {PD, PE, 0x4, NONE32, 0},
                {PC_, PE, 0x2, NONE32, 0});
    op_adv(m, 0, PE);
    op_adv(m, 0, PE);
    CHECK_STACK(m, 0, 1, {PE, PF, 0x6, NONE32, 0});
    adv_pop(m, 0, PF, 0, 0);
    /* a second start, now without an exit PC */
    init(m, 0, PA, 0x1, NONE32);
    CHECK_STACK(m, 0, 1, {PA, NONE32, 0x1, NONE32, 0});
    CHECK_STACK(m, 1, 1, {PA, PEXIT, 0x3, NONE32, 0}); /* untouched */
    assert_int_equal(peek(m, 0).err_sticky, 0);
}

/* After the finish the warp's stack is empty: ADVANCE and BRANCH are EMPTY
 * (the former exit PC included) and change nothing; the lower codes still
 * win over EMPTY. */
static void test_op_after_finish_empty(void **state)
{
    recon_stack_t *m = *state = start(2, 4, true);
    const unsigned empty = 1u << RS_ERR_EMPTY;

    init(m, 1, PA, 0x3, PEXIT);
    op_adv(m, 0, PEXIT);
    check_finished(m, 0);
    EXPECT_REJECTS(
        m,
        {RS_OP_ADVANCE, 0, PB, 0, 0, 0, 0, RS_ERR_EMPTY, 0, empty},
        {RS_OP_ADVANCE, 0, PEXIT, 0, 0, 0, 0, RS_ERR_EMPTY, 0, empty},
        {RS_OP_BRANCH, 0, PC_, PB, PD, NONE32, 0x3, RS_ERR_EMPTY, 0, empty},
        {RS_OP_BRANCH, 0, PEXIT, PB, PD, PE, 0xf, RS_ERR_EMPTY, 0, empty},
        {RS_OP_ADVANCE, 0, NONE32, 0, 0, 0, 0, RS_ERR_BAD_PC, 0,
         empty | 1u << RS_ERR_BAD_PC},
        {RS_OP_RESERVED, 0, PB, 0, 0, 0, 0, RS_ERR_BAD_OP, 0,
         empty | 1u << RS_ERR_BAD_PC | 1u << RS_ERR_BAD_OP});
    recon_stack_out_t o = peek(m, 0);
    check_rd_zero(&o);
    assert_int_equal(o.err_sticky, (1u << RS_ERR_EMPTY) |
                                       (1u << RS_ERR_BAD_PC) |
                                       (1u << RS_ERR_BAD_OP));
    CHECK_STACK(m, 1, 1, {PA, PEXIT, 0x3, NONE32, 0});
}

static void test_lcp_variants(void **state)
{
    recon_stack_t *m = *state = start(1, 8, true);

    /* a side whose pc is the new lpc merges into the new LCP entry */
    branch(m, 0, 0x3, PC_, PE, PF, PE,
           EV(.divergent = true, .pushes = 2, .lcp_push = true, .skip_lpc = 1,
              .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PF, PEXIT, 0xf, NONE32, 0}, {PE, PF, 0xc, NONE32, 0},
                {PC_, PF, 0x3, PE, 1});
    advance(m, 0, PE, EV(.lpc_merge = true, .depth_after = 2));
    CHECK_STACK(m, 0, 2, {PE, PF, 0xf, NONE32, 0});
    op_adv(m, 0, PF);
    CHECK_STACK(m, 0, 1, {PF, PEXIT, 0xf, NONE32, 0});

    /* one side at rpc, the other at lpc: only the LCP entry is pushed, and
     * it runs first with the lpc side's threads */
    init(m, 0, PA, 0xf, PEXIT);
    branch(m, 0, 0x3, PF, PE, PF, PE,
           EV(.divergent = true, .pushes = 1, .lcp_push = true, .skip_rpc = 1,
              .skip_lpc = 1, .depth_after = 2));
    CHECK_STACK(m, 0, 2, {PF, PEXIT, 0xf, NONE32, 0}, {PE, PF, 0xc, NONE32, 0});
    op_adv(m, 0, PF);
    CHECK_STACK(m, 0, 1, {PF, PEXIT, 0xf, NONE32, 0});

    /* lpc == rpc: no LCP entry, sides inherit the TOS lpc (none here) */
    init(m, 0, PA, 0xf, PEXIT);
    branch(m, 0, 0x3, PC_, PB, PF, PF,
           EV(.divergent = true, .pushes = 2, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PB, PF, 0xc, NONE32, 0}, {PC_, PF, 0x3, NONE32, 0});

    /* nested likely-convergence: the inner LCP entry records the outer
     * lpc/lpos, and the inner reconvergence entry keeps them too */
    const uint64_t G = 0x100, H = 0x110, I = 0x120, J = 0x118;
    init(m, 0, PA, 0xf, PEXIT);
    op_br(m, 0, 0x3, PC_, PB, PF, PE);
    CHECK_STACK(m, 0, 4, {PC_, PF, 0x3, PE, 1});
    branch(m, 0, 0x1, G, H, I, J,
           EV(.divergent = true, .pushes = 3, .lcp_push = true,
              .depth_after = 7));
    CHECK_STACK(m, 0, 7, {PF, PEXIT, 0xf, NONE32, 0}, {PE, PF, 0x0, NONE32, 0},
                {PB, PF, 0xc, PE, 1}, {I, PF, 0x3, PE, 1}, {J, I, 0x0, PE, 1},
                {H, I, 0x2, J, 4}, {G, I, 0x1, J, 4});
    advance(m, 0, J, EV(.lpc_merge = true, .depth_after = 6));
    CHECK_STACK(m, 0, 6, {J, I, 0x1, PE, 1}, {H, I, 0x2, J, 4});
    op_adv(m, 0, J);
    CHECK_STACK(m, 0, 5, {J, I, 0x3, PE, 1});
    adv_pop(m, 0, I, 0, 4);
    CHECK_STACK(m, 0, 4, {I, PF, 0x3, PE, 1});
    /* inner region done, reaches the outer lpc */
    advance(m, 0, PE, EV(.lpc_merge = true, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {PE, PF, 0x3, NONE32, 0}, {PB, PF, 0xc, PE, 1});
    op_adv(m, 0, PE);
    CHECK_STACK(m, 0, 2, {PE, PF, 0xf, NONE32, 0});
    op_adv(m, 0, PF);
    CHECK_STACK(m, 0, 1, {PF, PEXIT, 0xf, NONE32, 0});
}

static void test_lcp_disabled_ignores_lpc(void **state)
{
    recon_stack_t *m = *state = start(1, 4, false);
    const recon_stack_events_t two =
        EV(.divergent = true, .pushes = 2, .depth_after = 3);

    branch(m, 0, 0x3, PC_, PB, PF, PE, two);
    CHECK_STACK(m, 0, 3, {PF, PEXIT, 0xf, NONE32, 0}, {PB, PF, 0xc, NONE32, 0},
                {PC_, PF, 0x3, NONE32, 0});
    /* reaching E is plain sequential flow */
    advance(m, 0, PE, EV(.depth_after = 3));
    CHECK_STACK(m, 0, 3, {PE, PF, 0x3, NONE32, 0});

    /* a side at the given lpc is pushed like any other */
    init(m, 0, PA, 0xf, PEXIT);
    branch(m, 0, 0x3, PC_, PE, PF, PE, two);
    CHECK_STACK(m, 0, 3, {PE, PF, 0xc, NONE32, 0}, {PC_, PF, 0x3, NONE32, 0});
}

/* ------------------------------------------------------------------ */
/* depth limits */

static void test_overflow_exact_depth(void **state)
{
    recon_stack_t *m = *state = start(1, 4, false);
    const unsigned overflow = 1u << RS_ERR_OVERFLOW;

    op_br(m, 0, 0x7, PC_, PB, PF, NONE32);
    CHECK_STACK(m, 0, 3, {PC_, PF, 0x7, NONE32, 0});
    /* two pushes onto 3 entries: 5 > 4 */
    EXPECT_REJECTS(m, {RS_OP_BRANCH, 0, 0x100, 0x110, 0x120, NONE32, 0x1,
                       RS_ERR_OVERFLOW, 3, overflow});
    /* one push (other side at rpc) exactly fills Depth: accepted */
    branch(m, 0, 0x3, 0x100, 0x120, 0x120, NONE32,
           EV(.divergent = true, .pushes = 1, .skip_rpc = 1, .depth_after = 4));
    CHECK_STACK(m, 0, 4, {0x120, PF, 0x7, NONE32, 0},
                {0x100, 0x120, 0x3, NONE32, 0});
    /* full: even a single further entry is rejected */
    EXPECT_REJECTS(m, {RS_OP_BRANCH, 0, 0x200, 0x210, 0x210, NONE32, 0x1,
                       RS_ERR_OVERFLOW, 4, overflow});
    /* uniform branches and advances still work on a full stack */
    branch(m, 0, 0x3, 0x104, 0x200, 0x210, NONE32,
           EV(.uniform = true, .depth_after = 4));
    CHECK_STACK(m, 0, 4, {0x104, 0x120, 0x3, NONE32, 0});
    destroy_state(state);

    /* with LcpEnable the LCP entry counts: 2 + 3 > 4, 2 + 2 fits */
    m = *state = start(1, 4, true);
    op_br(m, 0, 0x7, PC_, PF, PF, NONE32);
    CHECK_STACK(m, 0, 2, {PC_, PF, 0x7, NONE32, 0});
    EXPECT_REJECTS(m, {RS_OP_BRANCH, 0, 0x100, 0x110, 0x120, 0x118, 0x1,
                       RS_ERR_OVERFLOW, 2, overflow});
    branch(m, 0, 0x1, 0x100, 0x110, 0x120, NONE32,
           EV(.divergent = true, .pushes = 2, .depth_after = 4));
}

/* Nested divergence down to Depth = 32 with 64-thread warps: branch k
 * splits thread k off (not taken) from threads k+1..63 (taken). */
static uint64_t tpc_k(unsigned k) { return 0x1000 + 0x10 * (uint64_t)k; }
static uint64_t fpc_k(unsigned k) { return 0x2000 + 0x10 * (uint64_t)k; }
static uint64_t rpc_k(unsigned k) { return 0x3000 + 0x10 * (uint64_t)k; }
static uint64_t from_k(unsigned k) { return ~UINT64_C(0) << k; }

static void test_nested_full_depth(void **state)
{
    recon_stack_t *m = *state = make(1, 64, 32, RS_DEPTH_MAX, false);
    const uint64_t exitpc = 0x8000;

    init(m, 0, 0x100, ~UINT64_C(0), exitpc);
    for (unsigned k = 0; k < 15; k++) {
        uint64_t outer = k == 0 ? exitpc : rpc_k(k - 1);
        branch(m, 0, ~(UINT64_C(1) << k), tpc_k(k), fpc_k(k), rpc_k(k), NONE32,
               EV(.divergent = true, .pushes = 2, .depth_after = 3 + 2 * k));
        CHECK_STACK(m, 0, 3 + 2 * k, {rpc_k(k), outer, from_k(k), NONE32, 0},
                    {fpc_k(k), rpc_k(k), UINT64_C(1) << k, NONE32, 0},
                    {tpc_k(k), rpc_k(k), from_k(k + 1), NONE32, 0});
    }
    /* 31 entries: a one-push branch makes exactly 32 */
    branch(m, 0, ~(UINT64_C(1) << 15), tpc_k(15), rpc_k(15), rpc_k(15), NONE32,
           EV(.divergent = true, .pushes = 1, .skip_rpc = 1,
              .depth_after = 32));
    CHECK_STACK(m, 0, 32, {rpc_k(15), rpc_k(14), from_k(15), NONE32, 0},
                {tpc_k(15), rpc_k(15), from_k(16), NONE32, 0});
    EXPECT_REJECTS(m,
                   {RS_OP_BRANCH, 0, 0x5000, 0x5010, 0x5020, NONE32,
                    ~(UINT64_C(1) << 16), RS_ERR_OVERFLOW, 32,
                    1u << RS_ERR_OVERFLOW},
                   {RS_OP_BRANCH, 0, 0x5000, 0x5020, 0x5020, NONE32,
                    ~(UINT64_C(1) << 16), RS_ERR_OVERFLOW, 32,
                    1u << RS_ERR_OVERFLOW});

    /* unwind */
    op_adv(m, 0, rpc_k(15));
    CHECK_STACK(m, 0, 31, {rpc_k(15), rpc_k(14), from_k(15), NONE32, 0});
    for (unsigned k = 15; k-- > 0;) {
        uint64_t outer = k == 0 ? exitpc : rpc_k(k - 1);
        adv_pop(m, 0, rpc_k(k), 0, 2 * k + 2);
        CHECK_STACK(m, 0, 2 * k + 2,
                    {fpc_k(k), rpc_k(k), UINT64_C(1) << k, NONE32, 0});
        op_adv(m, 0, rpc_k(k));
        CHECK_STACK(m, 0, 2 * k + 1, {rpc_k(k), outer, from_k(k), NONE32, 0});
    }
    CHECK_STACK(m, 0, 1, {rpc_k(0), exitpc, ~UINT64_C(0), NONE32, 0});
}

/* ------------------------------------------------------------------ */
/* errors */

static void test_every_error_code(void **state)
{
    /* 3 warps: the 2-bit warp id can say 3; 8-bit PCs: PcNone = 0xff */
    recon_stack_t *m = *state = make(3, 4, 8, 4, true);
    const uint64_t none = 0xff;

    init(m, 0, 0x10, 0xf, 0x70);
    op_br(m, 0, 0x3, 0x30, 0x20, 0x60, none); /* lpc none: accepted */
    init(m, 1, 0x10, 0x5, 0x70);
    CHECK_STACK(m, 0, 3, {0x30, 0x60, 0x3, none, 0});
    CHECK_STACK(m, 1, 1, {0x10, 0x70, 0x5, none, 0});
    assert_int_equal(peek(m, 0).err_sticky, 0);

    /* in the order of the codes; err_sticky gathers them */
    EXPECT_REJECTS(
        m,
        /* BAD_OP (1), also through truncation of the op, before BAD_WARP */
        {3, 0, 0x10, 0, 0, 0, 0xf, RS_ERR_BAD_OP, 3, 0x02},
        {7, 0, 0x10, 0, 0, 0, 0xf, RS_ERR_BAD_OP, 3, 0x02},
        {3, 3, 0x10, 0, 0, 0, 0xf, RS_ERR_BAD_OP, 0, 0x02},
        /* BAD_WARP (2), before BAD_PC */
        {RS_OP_ADVANCE, 3, 0x10, 0, 0, 0, 0, RS_ERR_BAD_WARP, 0, 0x06},
        {RS_OP_INIT, 3, none, 0, 0x70, 0, 0, RS_ERR_BAD_WARP, 0, 0x06},
        /* BAD_PC (3) */
        {RS_OP_INIT, 0, none, 0, 0x70, 0, 0xf, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_INIT, 0, 0x1ff, 0, 0x70, 0, 0xf, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_INIT, 0, none, 0, 0x70, 0, 0x0, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_ADVANCE, 0, none, 0, 0, 0, 0, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_ADVANCE, 2, none, 0, 0, 0, 0, RS_ERR_BAD_PC, 0, 0x0e},
        {RS_OP_BRANCH, 0, none, 0x20, 0x40, 0, 0x1, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_BRANCH, 0, 0x30, none, 0x40, 0, 0x1, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_BRANCH, 0, 0x30, 0x20, none, 0, 0x1, RS_ERR_BAD_PC, 3, 0x0e},
        {RS_OP_BRANCH, 2, 0x30, 0x20, none, 0, 0x1, RS_ERR_BAD_PC, 0, 0x0e},
        /* BAD_MASK (4): empty after truncation to 4 lanes */
        {RS_OP_INIT, 0, 0x10, 0, 0x70, 0, 0x0, RS_ERR_BAD_MASK, 3, 0x1e},
        {RS_OP_INIT, 0, 0x10, 0, 0x70, 0, 0xf0, RS_ERR_BAD_MASK, 3, 0x1e},
        {RS_OP_INIT, 2, 0x10, 0, 0x70, 0, 0x0, RS_ERR_BAD_MASK, 0, 0x1e},
        /* EMPTY (5) */
        {RS_OP_ADVANCE, 2, 0x10, 0, 0, 0, 0, RS_ERR_EMPTY, 0, 0x3e},
        {RS_OP_BRANCH, 2, 0x30, 0x20, 0x40, 0x50, 0x1, RS_ERR_EMPTY, 0, 0x3e});

    /* 6 is reserved (it was UNDERFLOW): warp 1 reaching its exit 0x70 is
     * accepted and finishes the warp; the uniform branch to 0x70 that
     * follows finds its stack empty */
    adv_pop(m, 1, 0x70, 0, 0);
    EXPECT_REJECTS(
        m,
        {RS_OP_BRANCH, 1, 0x70, 0x20, 0x30, none, 0xf, RS_ERR_EMPTY, 0, 0x3e},
        /* OVERFLOW (7): 3 entries + 2 pushes > 4; every code but 6 */
        {RS_OP_BRANCH, 0, 0x40, 0x50, 0x58, none, 0x1, RS_ERR_OVERFLOW, 3,
         0xbe});
    recon_stack_out_t o = peek(m, 0);
    assert_int_equal(o.err_sticky, 0xbe);
    assert_false(o.rsp_valid); /* the peek before was idle */

    /* an accepted op afterwards: sticky bits stay, rsp_err is 0 */
    op_adv(m, 0, 0x34);
    o = peek(m, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0xbe);
    CHECK_STACK(m, 0, 3, {0x34, 0x60, 0x3, none, 0});
    /* INIT with rpc = PcNone is legal (no exit PC) */
    init(m, 2, 0x10, 0x3, none);
    CHECK_STACK(m, 2, 1, {0x10, none, 0x3, none, 0});
}

static void test_rsp_timing_and_sticky(void **state)
{
    recon_stack_t *m = *state = make(1, 4, 32, 3, false);
    /* cycle by cycle: the request, and the cycle's outputs */
    static const struct {
        bool valid;
        unsigned op;
        uint64_t pc, rpc, mask;
        unsigned err; /* of the request's events; no request: all zero */
        bool rsp_valid;
        unsigned rsp_err, sticky;
        bool rd_valid;
        uint64_t rd_pc;
    } cycles[] = {
        /* 1: INIT; outputs still show reset state */
        {true, RS_OP_INIT, 0x10, 0x70, 0xf, 0, false, 0, 0, false, 0},
        /* 2: idle; the INIT's outcome and its result are visible */
        {false, 0, 0, 0, 0, 0, true, 0, 0, true, 0x10},
        /* 3: idle -> no response */
        {false, 0, 0, 0, 0, 0, false, 0, 0, true, 0x10},
        /* 4: a bad ADVANCE; outputs are still those of cycle 3's state */
        {true, RS_OP_ADVANCE, NONE32, 0, 0, RS_ERR_BAD_PC, false, 0, 0, true,
         0x10},
        /* 5: a good ADVANCE back to back; shows cycle 4's error and the
         * state before this cycle's edge */
        {true, RS_OP_ADVANCE, 0x14, 0, 0, 0, true, RS_ERR_BAD_PC,
         1u << RS_ERR_BAD_PC, true, 0x10},
        /* 6: idle; cycle 5's success, new pc, sticky kept */
        {false, 0, 0, 0, 0, 0, true, 0, 1u << RS_ERR_BAD_PC, true, 0x14},
        /* 7: idle */
        {false, 0, 0, 0, 0, 0, false, 0, 1u << RS_ERR_BAD_PC, true, 0x14},
    };

    for (size_t i = 0; i < ARRAY_LEN(cycles); i++) {
        recon_stack_in_t in = idle_in(0);
        in.req_valid = cycles[i].valid;
        in.req_op = cycles[i].op;
        in.req_pc = cycles[i].pc;
        in.req_rpc = cycles[i].rpc;
        in.req_mask = bm64(cycles[i].mask);
        recon_stack_out_t o;
        recon_stack_events_t ev;
        recon_stack_step(m, &in, &o, &ev);
        if (cycles[i].valid)
            assert_int_equal(ev.err, cycles[i].err);
        else
            check_ev(&ev, EV(0));
        assert_int_equal(o.rsp_valid, cycles[i].rsp_valid);
        assert_int_equal(o.rsp_err, cycles[i].rsp_err);
        assert_int_equal(o.err_sticky, cycles[i].sticky);
        assert_int_equal(o.rd_valid, cycles[i].rd_valid);
        assert_int_equal(o.rd_pc, cycles[i].rd_pc);
    }
}

static void test_read_port(void **state)
{
    recon_stack_t *m = *state = make(3, 4, 32, 4, false);
    recon_stack_out_t o;

    for (unsigned w = 0; w < 8; w++) {
        o = peek(m, w);
        check_rd_zero(&o);
    }
    init(m, 1, 0x10, 0x5, 0x70);
    o = peek(m, 1);
    check_rd(&o, 1, &(ent_t){0x10, 0x70, 0x5, NONE32, 0});
    o = peek(m, 0); /* empty warp */
    check_rd_zero(&o);
    o = peek(m, 2);
    check_rd_zero(&o);
    o = peek(m, 3); /* fits the 2-bit port, but >= NumWarps */
    check_rd_zero(&o);
    o = peek(m, 5); /* truncated to 2 bits: warp 1 */
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, 0x10);

    /* the read port is independent of the request port: same cycle,
     * different warp, and the requested warp's own pre-edge state */
    recon_stack_in_t in = idle_in(1);
    in.req_valid = true;
    in.req_op = RS_OP_ADVANCE;
    in.req_warp = 1;
    in.req_pc = 0x18;
    recon_stack_step(m, &in, &o, NULL);
    assert_int_equal(o.rd_pc, 0x10);
    o = peek(m, 1);
    assert_int_equal(o.rd_pc, 0x18);
    destroy_state(state);

    /* one warp: a 1-bit id port, id 1 is out of range */
    m = *state = make(1, 2, 4, 3, false);
    init(m, 0, 0x1, 0x3, 0xe);
    o = peek(m, 1);
    check_rd_zero(&o);
    o = peek(m, 2);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_lpc, 0xf);
    recon_stack_events_t ev = op_adv(m, 1, 0x2);
    check_ev(&ev, EV(.op = RS_OP_ADVANCE, .err = RS_ERR_BAD_WARP));
    advance(m, 2, 0x2, EV(.depth_after = 1)); /* truncated: warp 0 */
    CHECK_STACK(m, 0, 1, {0x2, 0xe, 0x3, 0xf, 0});
}

/* Without CountEnable the read port's count is 0 while its mask is not:
 * nothing is counted (the RTL keeps no counts). */
static void test_read_port_no_count(void **state)
{
    recon_stack_params_t p = {2, 8, 32, 4, false, .count_enable = false};
    recon_stack_t *m = *state = create_ok(&p);
    init(m, 1, 0x10, 0xb5, 0x70);
    recon_stack_out_t o = peek(m, 1);
    assert_true(o.rd_valid);
    bitmask_t mask = bm64(0xb5);
    assert_true(bm_eq(&o.rd_mask, &mask));
    assert_int_equal(o.rd_count, 0);
}

static void test_input_truncation(void **state)
{
    /* 4-bit PCs (PcNone 0xf), 3 warps (2-bit id), 4 lanes */
    recon_stack_t *m = *state = make(3, 4, 4, 4, true);
    recon_stack_events_t ev;

    ev = req(m, 4, 4, 0x13, 0, 0x1e, 0, 0x35); /* op 0, warp 0 */
    check_ev(&ev, EV(.op = RS_OP_INIT, .depth_after = 1));
    CHECK_STACK(m, 0, 1, {0x3, 0xe, 0x5, 0xf, 0});
    ev = req(m, 6, 0, 0x24, 0, 0, 0, 0); /* op 2 = ADVANCE to 0x4 */
    check_ev(&ev, EV(.op = RS_OP_ADVANCE, .depth_after = 1));
    CHECK_STACK(m, 0, 1, {0x4, 0xe, 0x5, 0xf, 0});
    /* truncates to PcNone */
    assert_int_equal(op_adv(m, 0, 0x1f).err, RS_ERR_BAD_PC);
    /* id 3 after truncation */
    assert_int_equal(op_adv(m, 7, 0x1).err, RS_ERR_BAD_WARP);
    /* branch PCs truncated too: tpc 0x16 -> 6, fpc 0x27 -> 7, rpc 0x38 -> 8,
     * lpc 0x49 -> 9; mask bit 4 ignored */
    branch(m, 0, 0x11, 0x16, 0x27, 0x38, 0x49,
           EV(.divergent = true, .pushes = 3, .lcp_push = true,
              .depth_after = 4));
    CHECK_STACK(m, 0, 4, {0x8, 0xe, 0x5, 0xf, 0}, {0x9, 0x8, 0x0, 0xf, 0},
                {0x7, 0x8, 0x4, 0x9, 1}, {0x6, 0x8, 0x1, 0x9, 1});
}

static void test_init_replaces(void **state)
{
    recon_stack_t *m = *state = start_diverged(8);
    CHECK_STACK(m, 0, 4, {PC_, PF, 0x3, PE, 1});
    init(m, 0, 0x200, 0x6, 0x300);
    CHECK_STACK(m, 0, 1, {0x200, 0x300, 0x6, NONE32, 0});
    assert_false(recon_stack_entry(m, 0, 1, NULL));
    CHECK_STACK(m, 1, 1, {PA, PEXIT, 0x3, NONE32, 0});
}

static void test_pc_width_64(void **state)
{
    recon_stack_t *m = *state = make(1, 8, 64, 8, true);
    const uint64_t none = ~UINT64_C(0);
    const uint64_t a = 0xfffffffffffffff0u, t = 0xfffffffffffffffeu,
                   f = 0x8000000000000000u, r = 0xfffffffffffffffdu,
                   l = 0xfffffffffffffffcu;

    /* rpc = PcNone: a warp without an exit PC */
    init(m, 0, a, 0xff, none);
    CHECK_STACK(m, 0, 1, {a, none, 0xff, none, 0});
    assert_int_equal(op_adv(m, 0, none).err, RS_ERR_BAD_PC);
    assert_int_equal(op_br(m, 0, 0x0f, t, f, none, l).err, RS_ERR_BAD_PC);
    branch(m, 0, 0x0f, t, f, r, l,
           EV(.divergent = true, .pushes = 3, .lcp_push = true,
              .depth_after = 4));
    CHECK_STACK(m, 0, 4, {r, none, 0xff, none, 0}, {l, r, 0x00, none, 0},
                {f, r, 0xf0, l, 1}, {t, r, 0x0f, l, 1});
    /* both sides reach the lpc, then the rpc */
    advance(m, 0, l, EV(.lpc_merge = true, .depth_after = 3));
    CHECK_STACK(m, 0, 3, {f, r, 0xf0, l, 1});
    advance(m, 0, l, EV(.lpc_merge = true, .depth_after = 2));
    CHECK_STACK(m, 0, 2, {l, r, 0xff, none, 0});
    adv_pop(m, 0, r, 0, 1);
    CHECK_STACK(m, 0, 1, {r, none, 0xff, none, 0});
}

static void test_warp_width_64(void **state)
{
    recon_stack_t *m = *state = make(2, 64, 32, 4, false);
    recon_stack_in_t in = idle_in(0);
    recon_stack_events_t ev;

    /* every bit of the 1024-bit input mask set: only 64 lanes kept */
    in.req_valid = true;
    in.req_op = RS_OP_INIT;
    in.req_pc = 0x10;
    in.req_rpc = 0x70;
    bm_fill(&in.req_mask, BM_MAX_BITS);
    recon_stack_step(m, &in, NULL, &ev);
    assert_int_equal(ev.err, 0);
    CHECK_STACK(m, 0, 1, {0x10, 0x70, ~UINT64_C(0), NONE32, 0});

    /* lane 63 alone takes the branch; lane 64 of the input is no lane */
    in.req_op = RS_OP_BRANCH;
    in.req_pc = 0x30;
    in.req_alt_pc = 0x20;
    in.req_rpc = 0x40;
    in.req_lpc = NONE32;
    bm_clear(&in.req_mask);
    bm_set(&in.req_mask, 63, true);
    bm_set(&in.req_mask, 64, true);
    recon_stack_step(m, &in, NULL, &ev);
    check_ev(&ev, EV(.op = RS_OP_BRANCH, .divergent = true, .pushes = 2,
                     .depth_after = 3));
    CHECK_STACK(m, 0, 3, {0x20, 0x40, ~UINT64_C(0) >> 1, NONE32, 0},
                {0x30, 0x40, UINT64_C(1) << 63, NONE32, 0});

    /* a mask with only bits above lane 63 is empty: BAD_MASK */
    in.req_op = RS_OP_INIT;
    bm_clear(&in.req_mask);
    bm_set(&in.req_mask, 64, true);
    bm_set(&in.req_mask, 1023, true);
    in.req_warp = 1;
    recon_stack_step(m, &in, NULL, &ev);
    assert_int_equal(ev.err, RS_ERR_BAD_MASK);
    assert_int_equal(recon_stack_depth(m, 1), 0);
}

static void test_reset(void **state)
{
    recon_stack_t *m = *state = start_diverged(4);
    op_adv(m, 1, PEXIT); /* warp 1 finishes; its response is pending */
    recon_stack_reset(m);
    assert_int_equal(recon_stack_depth(m, 0), 0);
    assert_int_equal(recon_stack_depth(m, 1), 0);
    assert_false(recon_stack_entry(m, 0, 0, NULL));
    recon_stack_out_t o = peek(m, 0);
    check_rd_zero(&o);
    assert_false(o.rsp_valid); /* the pending response is gone too */
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0);
    o = peek(m, 1);
    check_rd_zero(&o);
    /* and the stacks work again */
    init(m, 1, PB, 0x3, PEXIT);
    CHECK_STACK(m, 1, 1, {PB, PEXIT, 0x3, NONE32, 0});
}

/* ------------------------------------------------------------------ */
/* Random operations against invariants that follow from the spec (no
 * expected values from the model): a rejected op changes nothing; the TOS
 * mask is never empty; no entry holds a thread the warp's INIT did not
 * give it; every entry with an lpc
 * points below itself at an LCP entry whose pc is that lpc; rsp reports
 * the op one cycle later; err_sticky is the union of all errors; code 6
 * is never reported; a stack empties only by a pop at an rpc (the warp
 * reached its exit). */

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* warp_mask[w]: the threads of warp w's last accepted INIT */
static void check_invariants(const recon_stack_t *m, const bitmask_t *warp_mask)
{
    const recon_stack_params_t *p = recon_stack_params(m);
    uint64_t none = recon_stack_pc_none(m);
    for (unsigned w = 0; w < p->num_warps; w++) {
        unsigned d = recon_stack_depth(m, w);
        assert_true(d <= p->depth);
        if (d == 0)
            continue;
        recon_stack_entry_t bot, tos;
        assert_true(recon_stack_entry(m, w, 0, &bot));
        assert_true(recon_stack_entry(m, w, d - 1, &tos));
        assert_false(bm_is_zero(&tos.mask));
        assert_int_equal(bot.lpc, none);
        for (unsigned l = 0; l < d; l++) {
            recon_stack_entry_t e;
            assert_true(recon_stack_entry(m, w, l, &e));
            bitmask_t out;
            bm_andnot(&out, &e.mask, &warp_mask[w]);
            assert_true(bm_is_zero(&out));
            assert_true(e.pc != none);
            if (!p->lcp_enable)
                assert_int_equal(e.lpc, none);
            if (e.lpc != none) {
                recon_stack_entry_t lcp_e;
                assert_true(e.lpos < l);
                assert_true(recon_stack_entry(m, w, e.lpos, &lcp_e));
                assert_int_equal(lcp_e.pc, e.lpc);
            } else {
                assert_int_equal(e.lpos, 0);
            }
        }
    }
}

static void run_random(bool lcp, uint32_t seed)
{
    recon_stack_t *m = make(3, 8, 8, 6, lcp);
    unsigned sticky = 0, prev_err = 0, finishes = 0;
    bool prev_valid = false;
    bitmask_t warp_mask[3];
    memset(warp_mask, 0, sizeof warp_mask);

    for (unsigned i = 0; i < 20000; i++) {
        recon_stack_in_t in = idle_in(lcg(&seed) % 4);
        in.req_valid = lcg(&seed) % 8 != 0;
        unsigned r = lcg(&seed) % 16;
        in.req_op = r < 2 ? RS_OP_INIT : r < 9 ? RS_OP_BRANCH
                  : r < 15 ? RS_OP_ADVANCE : RS_OP_RESERVED;
        in.req_warp = lcg(&seed) % 4;
        /* few PCs so that rpc/lpc matches happen often; 0xff = PcNone */
        static const uint64_t pcs[] = {0x10, 0x20, 0x30, 0x40, 0x50, 0x60,
                                       0x70, 0xff};
        in.req_pc = pcs[lcg(&seed) % 8];
        in.req_alt_pc = pcs[lcg(&seed) % 8];
        in.req_rpc = pcs[lcg(&seed) % 8];
        in.req_lpc = pcs[lcg(&seed) % 8];
        in.req_mask = bm64(lcg(&seed) & 0xff);

        snap_t *s = snap_take(m);
        recon_stack_out_t o;
        recon_stack_events_t ev;
        recon_stack_step(m, &in, &o, &ev);
        assert_int_equal(o.rsp_valid, prev_valid);
        assert_int_equal(o.rsp_err, prev_err);
        assert_int_equal(o.err_sticky, sticky);
        if (in.req_valid) {
            unsigned w = in.req_warp & 3u;
            assert_int_equal(ev.depth_after, recon_stack_depth(m, w));
            assert_int_not_equal(ev.err, 6); /* reserved, never reported */
            if (ev.err == 0) {
                if (ev.op == RS_OP_INIT)
                    warp_mask[w] = in.req_mask;
                /* a stack empties only when its warp reaches its exit:
                 * by a pop at an rpc, never by INIT or an lpc merge */
                if (ev.depth_after == 0) {
                    assert_int_not_equal(ev.op, RS_OP_INIT);
                    assert_true(ev.rpc_pop);
                    assert_false(ev.lpc_merge);
                    finishes++;
                }
            } else {
                snap_check(m, s);
                sticky |= 1u << ev.err;
            }
        } else {
            check_ev(&ev, EV(0));
            snap_check(m, s);
        }
        free(s);
        prev_valid = in.req_valid;
        prev_err = in.req_valid ? ev.err : 0;
        check_invariants(m, warp_mask);
    }
    assert_true(finishes > 0); /* the stimulus does reach the exits */
    recon_stack_destroy(m);
}

static void test_random_invariants(void **state)
{
    (void)state;
    run_random(true, 1);
    run_random(true, 12345);
    run_random(false, 7);
}

/* ------------------------------------------------------------------ */
/* Random structured programs (nested if, if/else, do-while loops) run by
 * one warp of 64 threads. The generator lays each program out and works out
 * the depth its nesting needs from its structure alone; the run must reach
 * exactly that depth, finish at the exit, and never be rejected.
 *
 * Layout (PCs are instruction indices):
 *   if      BR(taken: then, alt: join, rpc: join) then...            join
 *   if/else BR(taken: then, alt: else, rpc: join) then... JMP else...  join
 *   loop    PRE body... BACK(taken: body, alt: join, rpc: join)        join
 * so an if/else or loop that ends an else part, an if without else or the
 * program joins where its enclosing entry reconverges (the nested-else case
 * of docs/blocks/recon_stack.md, "Depth").
 *
 * Outcomes: a branch of n >= 2 active threads always diverges: the lowest
 * n/2 take an if; at a loop's preheader the lowest n/2 threads get one trip,
 * the others two. Nesting is at most PROG_LEVELS deep, so every branch sees
 * at least 2 threads (64 >> PROG_LEVELS). */

#define PROG_LEVELS 5
#define PROG_MAX 512
enum { S_BASIC, S_IF, S_IFELSE, S_LOOP };
enum { I_PLAIN, I_PRE, I_BR, I_JMP, I_BACK };

typedef struct {
    int kind;
    unsigned kid[2], nkid[2]; /* then/body and else: ranges of prog_t.kids */
    unsigned first, join;     /* first PC, the PC after the statement */
    unsigned then_pc, else_pc, body_pc;
} stmt_t;

typedef struct {
    stmt_t st[PROG_MAX];
    unsigned nst;
    unsigned kids[2 * PROG_MAX], nkids;
    int ins_kind[4 * PROG_MAX];    /* per PC */
    unsigned ins_st[4 * PROG_MAX];
    unsigned npc;                  /* = the exit PC */
} prog_t;

static unsigned gen_block(prog_t *p, uint32_t *seed, unsigned level);

static unsigned gen_stmt(prog_t *p, uint32_t *seed, unsigned level)
{
    unsigned i = p->nst++;
    stmt_t *s = &p->st[i];
    memset(s, 0, sizeof *s);
    unsigned r = lcg(seed) % 10;
    s->kind = level >= PROG_LEVELS || p->nst > PROG_MAX - 40 || r < 3 ? S_BASIC
            : r < 5 ? S_IF : r < 8 ? S_IFELSE : S_LOOP;
    if (s->kind != S_BASIC) {
        unsigned k = gen_block(p, seed, level + 1);
        p->st[i].kid[0] = k;
        p->st[i].nkid[0] = p->kids[k];
    }
    if (p->st[i].kind == S_IFELSE) {
        unsigned k = gen_block(p, seed, level + 1);
        p->st[i].kid[1] = k;
        p->st[i].nkid[1] = p->kids[k];
    }
    return i;
}

/* A block of 1..3 statements: kids[k] = its length, kids[k+1..] = them. */
static unsigned gen_block(prog_t *p, uint32_t *seed, unsigned level)
{
    unsigned n = 1 + lcg(seed) % 3, tmp[3];
    for (unsigned j = 0; j < n; j++)
        tmp[j] = gen_stmt(p, seed, level);
    unsigned k = p->nkids;
    p->kids[k] = n;
    for (unsigned j = 0; j < n; j++)
        p->kids[k + 1 + j] = tmp[j];
    p->nkids += n + 1;
    return k;
}

static void emit(prog_t *p, int kind, unsigned st)
{
    p->ins_kind[p->npc] = kind;
    p->ins_st[p->npc++] = st;
}

static void lay_block(prog_t *p, unsigned k);

static void lay_stmt(prog_t *p, unsigned i)
{
    stmt_t *s = &p->st[i];
    s->first = p->npc;
    switch (s->kind) {
    case S_BASIC:
        emit(p, I_PLAIN, i);
        break;
    case S_IF:
    case S_IFELSE:
        emit(p, I_BR, i);
        s->then_pc = p->npc;
        lay_block(p, s->kid[0]);
        if (s->kind == S_IFELSE) {
            emit(p, I_JMP, i);
            s->else_pc = p->npc;
            lay_block(p, s->kid[1]);
        }
        break;
    default:
        emit(p, I_PRE, i);
        s->body_pc = p->npc;
        lay_block(p, s->kid[0]);
        emit(p, I_BACK, i);
    }
    s->join = p->npc;
    if (s->kind == S_IF)
        s->else_pc = s->join; /* the not-taken side goes straight to the join */
}

static void lay_block(prog_t *p, unsigned k)
{
    for (unsigned j = 0; j < p->kids[k]; j++)
        lay_stmt(p, p->kids[k + 1 + j]);
}

/* The depth a statement list needs when it runs in an entry at depth d
 * whose rpc is R, from the structure: a branch whose join is R reuses that
 * entry; any other divergent branch turns it into a reconvergence entry and
 * puts its sides above. */
static unsigned need_block(const prog_t *p, unsigned k, unsigned d, unsigned R);

static unsigned need_stmt(const prog_t *p, unsigned i, unsigned d, unsigned R)
{
    const stmt_t *s = &p->st[i];
    bool at_r = s->join == R;
    unsigned a, b;
    switch (s->kind) {
    case S_BASIC:
        return d;
    case S_IF: /* the taken side alone: in this entry (loop-branch rule) or above it */
        return need_block(p, s->kid[0], at_r ? d : d + 1, s->join);
    case S_IFELSE: { /* else side at base, then side above it */
        unsigned base = at_r ? d : d + 1;
        a = need_block(p, s->kid[0], base + 1, s->join);
        b = need_block(p, s->kid[1], base, s->join);
        return a > b ? a : b;
    }
    default: /* trip 1 in this entry; trip 2 here (at_r) or in a side above */
        a = need_block(p, s->kid[0], d, R);
        b = at_r ? a : need_block(p, s->kid[0], d + 1, s->join);
        return a > b ? a : b;
    }
}

static unsigned need_block(const prog_t *p, unsigned k, unsigned d, unsigned R)
{
    unsigned m = d;
    for (unsigned j = 0; j < p->kids[k]; j++) {
        unsigned n = need_stmt(p, p->kids[k + 1 + j], d, R);
        m = n > m ? n : m;
    }
    return m;
}

#define PROG_PC(i) (0x1000u + 4u * (i))

/* The lowest n/2 of the threads of mask (n = their number). */
static uint64_t lower_half(uint64_t mask)
{
    unsigned take = (unsigned)__builtin_popcountll(mask) / 2;
    uint64_t out = 0;
    for (unsigned t = 0; t < 64 && take; t++)
        if (mask >> t & 1u) {
            out |= UINT64_C(1) << t;
            take--;
        }
    return out;
}

typedef struct {
    unsigned max_depth, steps, reuses, loop_exits;
} prog_run_t;

/* Run p on warp 0 of m from INIT to the exit. */
static prog_run_t run_prog(recon_stack_t *m, const prog_t *p)
{
    static unsigned trips[PROG_MAX][64], target[PROG_MAX][64];
    prog_run_t r = {1, 0, 0, 0};
    init(m, 0, PROG_PC(0), ~UINT64_C(0), PROG_PC(p->npc));
    while (recon_stack_depth(m, 0) > 0) {
        assert_true(++r.steps < 200000);
        recon_stack_entry_t tos;
        assert_true(recon_stack_entry(m, 0, recon_stack_depth(m, 0) - 1, &tos));
        unsigned pc = (unsigned)(tos.pc - 0x1000u) / 4u;
        assert_true(pc < p->npc);
        uint64_t mask = tos.mask.w[0];
        unsigned i = p->ins_st[pc];
        const stmt_t *s = &p->st[i];
        recon_stack_events_t ev;
        switch (p->ins_kind[pc]) {
        case I_PRE: {
            uint64_t one = lower_half(mask);
            for (unsigned t = 0; t < 64; t++) {
                trips[i][t] = 0;
                target[i][t] = one >> t & 1u ? 1 : 2;
            }
        }
            /* fall through */
        case I_PLAIN:
            ev = op_adv(m, 0, PROG_PC(pc + 1));
            break;
        case I_JMP:
            ev = op_adv(m, 0, PROG_PC(s->join));
            break;
        case I_BR:
            ev = op_br(m, 0, lower_half(mask), PROG_PC(s->then_pc), PROG_PC(s->else_pc),
                       PROG_PC(s->join), NONE32);
            break;
        default: { /* I_BACK */
            uint64_t stay = 0;
            for (unsigned t = 0; t < 64; t++)
                if (mask >> t & 1u && ++trips[i][t] < target[i][t])
                    stay |= UINT64_C(1) << t;
            ev = op_br(m, 0, stay, PROG_PC(s->body_pc), PROG_PC(s->join), PROG_PC(s->join),
                       NONE32);
        }
        }
        assert_int_equal(ev.err, RS_ERR_NONE);
        r.max_depth = ev.depth_after > r.max_depth ? ev.depth_after : r.max_depth;
        r.reuses += ev.reuse;
        r.loop_exits += ev.loop_exit;
    }
    return r;
}

static void test_structured_programs(void **state)
{
    recon_stack_t *m = *state = make(1, 64, 32, 32, true);
    static prog_t p;
    uint32_t seed = 2026;
    unsigned reuses = 0, loop_exits = 0, deeper = 0;
    for (unsigned n = 0; n < 3000; n++) {
        memset(&p, 0, sizeof p);
        unsigned k = gen_block(&p, &seed, 0);
        lay_block(&p, k);
        unsigned need = need_block(&p, k, 1, p.npc);
        prog_run_t r = run_prog(m, &p);
        if (r.max_depth != need)
            fail_msg("program %u: maximum depth %u, its nesting needs %u", n, r.max_depth,
                     need);
        reuses += r.reuses > 0;
        loop_exits += r.loop_exits > 0;
        deeper += need > 3;
    }
    /* the generator does make the cases this checks */
    assert_true(reuses > 300 && loop_exits > 300 && deeper > 300);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_pc_none_and_reset_state),
        UNIT_TEST(test_uniform_branches),
        UNIT_TEST(test_side_equals_rpc_skip),
        UNIT_TEST(test_cascade_empty_lcp),
        UNIT_TEST(test_nested_else_reuse),
        UNIT_TEST(test_nested_else_reuse_lcp),
        UNIT_TEST(test_exit_by_advance),
        UNIT_TEST(test_exit_by_sides),
        UNIT_TEST(test_loop_exit_at_bottom),
        UNIT_TEST(test_init_after_finish),
        UNIT_TEST(test_op_after_finish_empty),
        UNIT_TEST(test_lcp_variants),
        UNIT_TEST(test_lcp_disabled_ignores_lpc),
        UNIT_TEST(test_overflow_exact_depth),
        UNIT_TEST(test_nested_full_depth),
        UNIT_TEST(test_every_error_code),
        UNIT_TEST(test_rsp_timing_and_sticky),
        UNIT_TEST(test_read_port),
        UNIT_TEST(test_read_port_no_count),
        UNIT_TEST(test_input_truncation),
        UNIT_TEST(test_init_replaces),
        UNIT_TEST(test_pc_width_64),
        UNIT_TEST(test_warp_width_64),
        UNIT_TEST(test_reset),
        UNIT_TEST(test_random_invariants),
        UNIT_TEST(test_structured_programs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
