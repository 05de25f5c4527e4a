/* Unit tests of the simtx_rename golden model (csim/simtx/simtx_rename.c):
 * SIMT-X's front end and PIRAT working together.
 *
 * Built and run by tests/run_tests.py (unit tests): gcc with the include
 * folders of `scripts/cfg.py sources simtx_rename cincdirs` and
 * -Itests/common, the block's csim sources and this file, -lcmocka.
 *
 * What is tested is the wiring (docs/blocks/simtx_rename.md): the PIRAT's
 * Rmasks are the Pathtable's row of the renaming warp, its pending
 * divergence the predictor's, and an accepted ROLLBACK rolls the PIRAT back
 * in the request's S cycle; each child's own behaviour is its own tests'.
 * Expected values are worked out by hand from the SIMT-X paper (3.5.1: a
 * buop's h_j = h_i AND c, the alternate h_i AND NOT c; 3.7.1: a predicted
 * path's speculative mask is its parent's; 3.8.1's rules; 3.8.2: the
 * pending-divergence counter, +1 when a buop is injected) and the children's
 * pages: a Pathtable allocation takes the lowest free entry; a front-end
 * request is taken while req_ready is high and done two cycles later (the
 * predictor counts the buop at that edge); the PIRAT maps register r of
 * warp w on w * ArchRegs + r at reset, a merge takes the lowest free
 * register and the instruction's destination the next; mrg_* and ins_*
 * show a rename in the cycle after it.
 *
 * Configuration P: the paper's 2 warps x 4 threads, 8 paths and 4 PST slots
 * a warp, 16 architectural registers a warp (warp 0's r0..r15 on p0..p15,
 * warp 1's on p16..p31), 168 physical registers (p32.. free). Every cycle
 * goes to the model m and its shadow s (the same inputs here, except where
 * a test says), and the PIRAT's leak check runs after every edge. */
#include <stdio.h>
#include <stdlib.h>

#include "test_util.h"

#include "simtx_rename.h"

TEST_MODEL_HELPERS(simtx_rename, RN_OK)

typedef simtx_rename_in_t in_t;
typedef simtx_rename_out_t out_t;
typedef simtx_rename_events_t ev_t;
typedef shadowed_t tb_t;

#define TB_TEST(f) cmocka_unit_test_teardown(f, shadowed_teardown)

static const simtx_rename_params_t P = {
    .num_warps = 2, .warp_width = 4, .paths_per_warp = 8, .ref_width = 4,
    .slots_per_warp = 4, .depth_width = 16, .pc_width = 64, .entries = 32, .pc_shift = 0,
    .pend_width = 5, .arch_regs = 16, .phys_regs = 168};

enum { NO = -1 }; /* no such operand */

/* ---- cycles ------------------------------------------------------------- */

static void expect_no_leak(const simtx_rename_t *m)
{
    char err[256] = "";
    if (pirat_leak_check(simtx_rename_pirat(m), err, sizeof err))
        fail_msg("pirat_leak_check: %s", err);
}

/* One cycle on both models: the model's outputs, its events in *ev. */
static out_t cycle(tb_t *t, in_t in, ev_t *ev)
{
    out_t o;
    simtx_rename_step(t->m, &in, &o, ev);
    simtx_rename_step(t->s, &in, NULL, NULL);
    expect_no_leak(t->m);
    return o;
}

/* The outputs of the cycle after the last edge, without one. */
static out_t peek(const tb_t *t)
{
    out_t o;
    simtx_rename_eval(t->m, &(in_t){0}, &o);
    return o;
}

/* A front-end request (taken at once) and two idle cycles: the outputs of
 * the third, the cycle it is done, which must show it accepted. */
static out_t request(tb_t *t, in_t in)
{
    ev_t ev;
    out_t o = cycle(t, in, &ev);
    assert_true(o.req_ready);
    assert_true(ev.fe.take);
    in_t idle = {0};
    cycle(t, idle, &ev);
    o = cycle(t, idle, &ev);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, PT_ERR_NONE);
    return o;
}

static in_t fe(unsigned op, unsigned w)
{
    return (in_t){.req_op = op, .req_warp = w};
}

/* A rename of warp w on path h: source s0 and destination d (NO: none). */
static in_t ren(unsigned w, unsigned h, int s0, int d)
{
    return (in_t){.ren_valid = true, .ren_warp = w, .ren_path = h,
                  .ren_src_valid = s0 != NO, .ren_src0 = s0 == NO ? 0u : (unsigned)s0,
                  .ren_dst_valid = d != NO, .ren_dst = d == NO ? 0u : (unsigned)d};
}

/* A cycle whose rename is taken: its events. */
static ev_t renamed(tb_t *t, in_t in)
{
    ev_t ev;
    out_t o = cycle(t, in, &ev);
    assert_true(o.ren_ready);
    assert_int_equal(o.ren_err, PR_ERR_NONE);
    assert_true(ev.pr.renamed);
    return ev;
}

static void expect_entry(const tb_t *t, unsigned w, unsigned r, unsigned main, bool ld_valid,
                         unsigned mp, unsigned ld)
{
    pirat_entry_t e;
    assert_true(pirat_entry(simtx_rename_pirat(t->m), w, r, &e));
    assert_int_equal(e.main, main);
    assert_int_equal(e.ld_valid, ld_valid);
    if (ld_valid) {
        assert_true(e.is_path);
        assert_int_equal(e.mp, mp);
        assert_int_equal(e.ld, ld);
    }
}

/* INIT of warp 0 with all four threads at pc 0: h0, PST slot 0. */
static void init_warp0(tb_t *t)
{
    in_t in = fe(FE_OP_INIT, 0);
    in.req_mask = 0xf;
    out_t o = request(t, in);
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 0);
}

/* BRANCH in slot 0 predicted divergent (the counters reset weakly
 * divergent): h1, speculative with h0's mask; the predictor counts it at
 * the edge of the request's last cycle. */
static void branch_slot0(tb_t *t)
{
    in_t in = fe(FE_OP_BRANCH, 0);
    in.req_slot = 0;
    in.req_pc = 0x40;
    out_t o = request(t, in);
    assert_int_equal(o.rsp_id, 1);
    assert_false(o.pending_nz);
    assert_true(peek(t).pending_nz);
}

/* ---- tests ------------------------------------------------------------------ */

static void test_bad_params(void **state)
{
    (void)state;
    bad_params_t cases[] = {{P, RN_EPARAM_PEND_WIDTH}, {P, RN_EPARAM_PHYS_REGS}};
    cases[0].p.pend_width = 4;  /* 2 x 8 buops in flight need 5 bits */
    cases[1].p.phys_regs = 65;  /* 2 x 2 x 16 + 2 = 66 at least */
    expect_bad_params(cases, ARRAY_LEN(cases));
}

/* Section 3.8.1 with the Pathtable's masks: h1 writes r1 while its buop is
 * in flight (r1 := (p1, h1, p32)); the buop executes with c = 0011: h1 =
 * 0011, the alternate h2 = 1100. Then h2 reads r1: 1100 within NOT Rmask(h1)
 * = 1100 -> Main, p1; h0 (1111) reads r1: neither -> a merge into p33, the
 * lowest free: p33 <- phi(p1, h1, p32). */
static void test_masks_from_pathtable(void **state)
{
    tb_t *t = shadowed_new(state, &P);
    init_warp0(t);
    branch_slot0(t);
    ev_t ev = renamed(t, ren(0, 1, NO, 1));
    assert_int_equal(ev.pr.dst_rule, PR_DST_MAIN_ONLY);
    expect_entry(t, 0, 1, 1, true, 1, 32);
    in_t bx = fe(FE_OP_BEXEC, 0);
    bx.req_a = 0;
    bx.req_b = 1;
    bx.req_mask = 0x3;
    bx.req_pc = 0x10;
    out_t o = request(t, bx);
    assert_true(o.rsp_div);
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 2);

    in_t in = ren(0, 2, 1, NO);
    in.rd_warp = 1; /* the rename's warp is read, not rd_warp's */
    ev = renamed(t, in);
    assert_int_equal(ev.pr_in.pt_masks[0], 0xf);
    assert_int_equal(ev.pr_in.pt_masks[1], 0x3);
    assert_int_equal(ev.pr_in.pt_masks[2], 0xc);
    assert_int_equal(ev.pr.src_rule[0], PR_SRC_MAIN);
    o = peek(t);
    assert_true(o.ins_valid);
    assert_int_equal(o.ins_src0, 1);

    ev = renamed(t, ren(0, 0, 1, NO));
    assert_int_equal(ev.pr.src_rule[0], PR_SRC_MERGE);
    o = peek(t);
    assert_true(o.mrg_valid);
    assert_int_equal(o.mrg_dst, 33);
    assert_int_equal(o.mrg_main, 1);
    assert_int_equal(o.mrg_ld, 32);
    assert_true(o.mrg_is_path);
    assert_int_equal(o.mrg_mp, 1);
    assert_int_equal(o.ins_src0, 33);
    expect_entry(t, 0, 1, 33, false, 0, 0);
}

/* The read port shows the renaming warp's row while a rename is
 * presented, rd_warp's otherwise. */
static void test_read_port_follows_rename(void **state)
{
    tb_t *t = shadowed_new(state, &P);
    init_warp0(t);
    out_t o;
    in_t in = {.rd_warp = 0};
    simtx_rename_eval(t->m, &in, &o);
    assert_int_equal(o.rd_masks[0], 0xf);
    in.rd_warp = 1;
    simtx_rename_eval(t->m, &in, &o);
    assert_int_equal(o.rd_masks[0], 0);
    in = ren(0, 0, NO, NO);
    in.rd_warp = 1;
    simtx_rename_eval(t->m, &in, &o);
    assert_int_equal(o.rd_masks[0], 0xf);
}

/* Section 3.8.2: h0 (1111) writes r2 twice. With nothing pending the
 * second write covers m = 1111 -> (p2, h0, p33) (the LDiv overwritten).
 * After a BRANCH the predictor counts a pending divergence, and the same
 * write on h1 (1111, its parent's mask) is a destination merge: p34 <-
 * phi(p2, h0, p33), the instruction writes p35, r2 := (p34, h1, p35). */
static void test_pending_from_predictor(void **state)
{
    tb_t *t = shadowed_new(state, &P);
    init_warp0(t);
    ev_t ev = renamed(t, ren(0, 0, NO, 2));
    assert_int_equal(ev.pr.dst_rule, PR_DST_MAIN_ONLY);
    ev = renamed(t, ren(0, 0, NO, 2));
    assert_false(ev.pr_in.pending);
    assert_int_equal(ev.pr.dst_rule, PR_DST_OVER_LD);
    expect_entry(t, 0, 2, 2, true, 0, 33);
    branch_slot0(t);
    ev = renamed(t, ren(0, 1, NO, 2));
    assert_true(ev.pr_in.pending);
    assert_int_equal(ev.pr.dst_rule, PR_DST_MERGE);
    assert_true(ev.pr.dst_merge_pend);
    out_t o = peek(t);
    assert_true(o.mrg_valid);
    assert_true(o.mrg_hold);
    assert_int_equal(o.mrg_dst, 34);
    assert_int_equal(o.mrg_main, 2);
    assert_int_equal(o.mrg_ld, 33);
    assert_int_equal(o.ins_dst, 35);
    expect_entry(t, 0, 2, 34, true, 1, 35);
}

/* An accepted ROLLBACK of warp 0 rolls its PIRAT back in its S cycle:
 * r3's write before it (p32) and r4's in the cycle after its take (p34)
 * are undone (both free, r3 and r4 on p3 and p4 again), r5's in the S
 * cycle is not taken; warp 1's write of r0 (p33) stays. */
static void test_rollback_in_s_cycle(void **state)
{
    tb_t *t = shadowed_new(state, &P);
    init_warp0(t);
    in_t rt = fe(FE_OP_RETIRE, 0);
    rt.req_slot = 0;
    rt.req_rvalid = true;
    rt.req_a = 0;
    request(t, rt);
    in_t init1 = fe(FE_OP_INIT, 1);
    init1.req_mask = 0xf;
    request(t, init1); /* warp 1's h0 */
    renamed(t, ren(0, 0, NO, 3));
    renamed(t, ren(1, 0, NO, 0));
    ev_t ev;
    out_t o = cycle(t, fe(FE_OP_ROLLBACK, 0), &ev);
    assert_true(ev.fe.take);
    assert_false(o.rb_valid);
    o = cycle(t, ren(0, 0, NO, 4), &ev);
    assert_true(o.ren_ready);
    assert_false(o.rb_valid);
    assert_int_equal(peek(t).ins_dst, 34);
    in_t in = ren(0, 0, NO, 5);
    o = cycle(t, in, &ev);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, PT_ERR_NONE);
    assert_true(o.rb_valid);
    assert_int_equal(o.rb_warp, 0);
    assert_false(o.ren_ready);
    assert_true(ev.pr.blocked);
    assert_true(ev.pr_in.rb_valid);
    const pirat_t *pr = simtx_rename_pirat(t->m);
    assert_true(pirat_is_free(pr, 32));
    assert_true(pirat_is_free(pr, 34));
    assert_false(pirat_is_free(pr, 33));
    expect_entry(t, 0, 3, 3, false, 0, 0);
    expect_entry(t, 0, 4, 4, false, 0, 0);
    expect_entry(t, 1, 0, 16, true, 0, 33);
    assert_int_equal(peek(t).free_count, 168 - 32 - 1);
}

/* A rename on a path the Pathtable does not hold for it is refused
 * (BAD_PATH) and renames nothing: a FREE path, and the path a BRANCH
 * allocates in the cycle its response shows; the cycle after, it renames. */
static void test_rename_unheld_path(void **state)
{
    tb_t *t = shadowed_new(state, &P);
    init_warp0(t);
    ev_t ev;
    out_t o = cycle(t, ren(0, 1, NO, 3), &ev); /* h1: FREE */
    assert_true(o.ren_ready);
    assert_int_equal(o.ren_err, PR_ERR_BAD_PATH);
    assert_false(ev.pr.renamed);
    o = cycle(t, ren(1, 0, NO, 3), &ev); /* warp 1 has no path */
    assert_int_equal(o.ren_err, PR_ERR_BAD_PATH);
    in_t br = fe(FE_OP_BRANCH, 0);
    br.req_slot = 0;
    br.req_pc = 0x40;
    o = cycle(t, br, &ev);
    assert_true(ev.fe.take);
    cycle(t, (in_t){0}, &ev);
    o = cycle(t, ren(0, 1, NO, 3), &ev); /* S: h1's response shows */
    assert_true(o.rsp_valid);
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 1);
    assert_int_equal(o.ren_err, PR_ERR_BAD_PATH);
    assert_false(ev.pr.renamed);
    renamed(t, ren(0, 1, NO, 3)); /* the cycle after */
    assert_true(peek(t).ren_err_sticky & 1u << PR_ERR_BAD_PATH);
}

/* A ROLLBACK the front end refuses (its retirement copy names h1, not
 * committed: the Pathtable's SQUASH refuses it) leaves the PIRAT alone. */
static void test_rollback_refused(void **state)
{
    tb_t *t = shadowed_new(state, &P);
    init_warp0(t);
    branch_slot0(t);
    in_t rt = fe(FE_OP_RETIRE, 0);
    rt.req_slot = 0;
    rt.req_rvalid = true;
    rt.req_a = 1;
    request(t, rt);
    renamed(t, ren(0, 1, NO, 1));
    ev_t ev;
    cycle(t, fe(FE_OP_ROLLBACK, 0), &ev);
    cycle(t, (in_t){0}, &ev);
    out_t o = cycle(t, (in_t){0}, &ev);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, PT_ERR_BAD_KEEP);
    assert_false(o.rb_valid);
    assert_false(ev.pr_in.rb_valid);
    assert_false(pirat_is_free(simtx_rename_pirat(t->m), 32));
    expect_entry(t, 0, 1, 1, true, 1, 32);
}

/* Path lifetime (docs/blocks/simtx_rename.md): a merge naming a path takes
 * a Pathtable reference in the cycle it shows and drops it at its commit,
 * where the core echoes the path. With 2-bit counts (maximum 3) a rename of
 * the warp is held while a path's count, with that edge's hold, is within
 * one of the maximum (one count kept for a front-end REF). */
static unsigned ref_of(const tb_t *t, unsigned w, unsigned h)
{
    return pathtable_ref(simtx_frontend_pathtable(simtx_rename_frontend(t->m)), w, h);
}

static void test_merge_holds_path(void **state)
{
    simtx_rename_params_t p2 = P;
    p2.ref_width = 2;
    tb_t *t = shadowed_new(state, &p2);
    init_warp0(t);
    branch_slot0(t);
    renamed(t, ren(0, 1, NO, 1));                 /* r1 on h1: (p1, h1, p32) */
    in_t bx = fe(FE_OP_BEXEC, 0);
    bx.req_a = 0;
    bx.req_b = 1;
    bx.req_mask = 0x3;                            /* h1 0011, h2 1100 */
    bx.req_pc = 0x10;
    request(t, bx);
    assert_int_equal(ref_of(t, 0, 1), 1);         /* PST slot 0 */
    renamed(t, ren(0, 0, 1, NO));                 /* h0 (1111) reads r1: a merge naming h1 */

    ev_t ev;
    out_t o = cycle(t, ren(0, 0, NO, 2), &ev);    /* the merge shows: its hold at this edge */
    assert_true(o.mrg_valid);
    assert_true(o.mrg_is_path);
    assert_int_equal(o.mrg_mp, 1);
    assert_int_equal(o.mrg_dst, 33);
    assert_int_equal(o.hold_err, PT_ERR_NONE);
    assert_false(o.ren_ready);                    /* 1 + 1 + 1 >= 3: held */
    assert_true(ev.pr.held);
    assert_int_equal(ref_of(t, 0, 1), 2);
    o = cycle(t, ren(0, 0, NO, 2), &ev);          /* 2 + 1 >= 3: still held */
    assert_false(o.ren_ready);

    in_t c = {.cmt_valid = true, .cmt_warp = 0, .cmt_reg = 1, .cmt_preg = 32, .cmt_mask = 0x3};
    o = cycle(t, c, &ev);                         /* r1's producer commits */
    assert_int_equal(o.cmt_err, PR_ERR_NONE);
    c = (in_t){.cmt_valid = true, .cmt_warp = 0, .cmt_merge = true, .cmt_reg = 1,
               .cmt_preg = 33, .cmt_is_path = true, .cmt_path = 1};
    o = cycle(t, c, &ev);                         /* the merge commits: its reference dropped */
    assert_int_equal(o.cmt_err, PR_ERR_NONE);
    assert_int_equal(o.drop_err, PT_ERR_NONE);
    assert_int_equal(ref_of(t, 0, 1), 1);
    ev = renamed(t, ren(0, 0, NO, 2));            /* 1 + 1 < 3: taken */
    assert_false(ev.pr.held);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_params),
        TB_TEST(test_masks_from_pathtable),
        TB_TEST(test_read_port_follows_rename),
        TB_TEST(test_pending_from_predictor),
        TB_TEST(test_rollback_in_s_cycle),
        TB_TEST(test_rollback_refused),
        TB_TEST(test_rename_unheld_path),
        TB_TEST(test_merge_holds_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
