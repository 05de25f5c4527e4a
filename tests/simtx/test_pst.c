/* Unit tests of the pst golden model (csim/simtx/pst.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/simtx -Itests/common csim/simtx/pst.c tests/simtx/test_pst.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/pst.md and SIMT-X
 * sections 3.4 (MinSP-PC: the deepest call stack, then the lowest PC; the RR
 * turn every (m+1) x n cycles; round robin among warps), 3.6 (a match of PCs
 * converges: one entry overwritten with h_k, the other evicted), 3.7.1
 * (Figure 3: RENEW of h0 by h1, ADD of h2), 3.7.2 (the retirement copy). */
#include "test_util.h"

#include "pst.h"

TEST_MODEL_HELPERS(pst, PST_OK)
TEST_STEP_HELPERS(pst)

static pst_params_t params(unsigned n, unsigned m, unsigned slots, unsigned pcw, unsigned dw,
                           unsigned paths)
{
    pst_params_t p = {n, m, slots, pcw, dw, paths};
    return p;
}

static pst_t *make(unsigned n, unsigned m, unsigned slots, unsigned paths)
{
    pst_params_t p = params(n, m, slots, 32, 8, paths);
    return create_ok(&p);
}

/* One request (no take); its events. */
static pst_events_t req(pst_t *m, unsigned op, unsigned w, unsigned a, unsigned b, unsigned h,
                        uint64_t pc, unsigned d)
{
    pst_in_t in = {.req_op = op, .req_warp = w, .req_slot = a, .req_slot2 = b, .req_path = h,
                   .req_pc = pc, .req_depth = d};
    return step_ev(m, &in);
}

#define ADD(m, w, h, pc, d) req(m, PST_OP_ADD, w, 0, 0, h, pc, d)
#define SET(m, w, s, pc, d) req(m, PST_OP_SET, w, s, 0, 0, pc, d)
#define RENEW(m, w, s, h, pc) req(m, PST_OP_RENEW, w, s, 0, h, pc, 0)
#define REMOVE(m, w, s) req(m, PST_OP_REMOVE, w, s, 0, 0, 0, 0)
#define CONVERGE(m, w, a, b, h) req(m, PST_OP_CONVERGE, w, a, b, h, 0, 0)

/* The outputs of an idle cycle (read port at w, s), with the edge. */
static pst_out_t look(pst_t *m, unsigned w, unsigned s, bool take)
{
    return step(m, &(pst_in_t){.rd_warp = w, .rd_slot = s, .sel_take = take}, NULL);
}

static void check_entry(const pst_t *m, unsigned w, unsigned s, bool v, unsigned h, uint64_t pc,
                        unsigned d)
{
    pst_entry_t e = pst_entry(m, w, s);
    assert_int_equal(e.valid, v);
    if (v) {
        assert_int_equal(e.path, h);
        assert_int_equal(e.pc, pc);
        assert_int_equal(e.depth, d);
    }
}

static void check_pick(const pst_out_t *o, unsigned w, unsigned s, unsigned h, uint64_t pc,
                       unsigned d, bool rr)
{
    assert_true(o->sel_valid);
    assert_int_equal(o->sel_warp, w);
    assert_int_equal(o->sel_slot, s);
    assert_int_equal(o->sel_path, h);
    assert_int_equal(o->sel_pc, pc);
    assert_int_equal(o->sel_depth, d);
    assert_int_equal(o->sel_rr, rr);
}

/* ------------------------------------------------------------------ */

static void test_params(void **state)
{
    (void)state;
    const bad_params_t bad[] = {
        {params(0, 4, 4, 32, 8, 8), PST_EPARAM_NUM_WARPS},
        {params(17, 4, 4, 32, 8, 8), PST_EPARAM_NUM_WARPS},
        {params(2, 1, 4, 32, 8, 8), PST_EPARAM_WARP_WIDTH},
        {params(2, 33, 4, 32, 8, 8), PST_EPARAM_WARP_WIDTH},
        {params(2, 4, 1, 32, 8, 8), PST_EPARAM_SLOTS_PER_WARP},
        {params(2, 4, 33, 32, 8, 64), PST_EPARAM_SLOTS_PER_WARP},
        {params(2, 4, 4, 3, 8, 8), PST_EPARAM_PC_WIDTH},
        {params(2, 4, 4, 65, 8, 8), PST_EPARAM_PC_WIDTH},
        {params(2, 4, 4, 32, 0, 8), PST_EPARAM_DEPTH_WIDTH},
        {params(2, 4, 4, 32, 17, 8), PST_EPARAM_DEPTH_WIDTH},
        {params(2, 4, 4, 32, 8, 3), PST_EPARAM_PATHS_PER_WARP},
        {params(2, 4, 4, 32, 8, 65), PST_EPARAM_PATHS_PER_WARP},
        {params(2, 4, 8, 32, 8, 7), PST_EPARAM_SLOTS_PER_WARP}, /* SlotsPerWarp > PathsPerWarp */
        {params(0, 0, 0, 0, 0, 0), PST_EPARAM_NUM_WARPS},  /* the first check wins */
    };
    expect_bad_params(bad, ARRAY_LEN(bad));
    pst_t *m = (pst_t *)&m;
    assert_int_equal(pst_create(NULL, &m), PST_EPARAM_NUM_WARPS);
    /* the corners of the legal space */
    pst_params_t lo = params(1, 2, 2, 4, 1, 4), hi = params(16, 32, 32, 64, 16, 64);
    pst_destroy(create_ok(&lo));
    pst_destroy(create_ok(&hi));
}

static void test_reset_state(void **state)
{
    pst_t *m = *state = make(2, 4, 4, 8);
    pst_out_t o = look(m, 0, 0, true);
    assert_false(o.sel_valid);
    assert_int_equal(o.sel_warp, 0);
    assert_int_equal(o.sel_slot, 0);
    assert_false(o.sel_rr);
    assert_false(o.conv_valid);
    assert_false(o.rd_valid);
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0);
    assert_int_equal(o.req_slot, 0);
    assert_int_equal(pst_turn_period(m), 10); /* (4 + 1) x 2 */
}

/* ADD takes the lowest free slot, shown on req_slot in its own cycle; a
 * full warp rejects an ADD with FULL and nothing changes. */
static void test_add_until_full(void **state)
{
    pst_t *m = *state = make(2, 4, 4, 8);
    for (unsigned s = 0; s < 4; s++) {
        pst_in_t in = {.req_op = PST_OP_ADD, .req_warp = 1, .req_path = 2 * s, .req_pc = 0x10 * s};
        pst_events_t ev;
        pst_out_t o = step(m, &in, &ev);
        assert_int_equal(o.req_slot, s);
        assert_int_equal(ev.err, PST_ERR_NONE);
        assert_int_equal(ev.add_slot, s);
        assert_int_equal(ev.add_last, s == 3);
    }
    REMOVE(m, 1, 1);
    pst_out_t o = step(m, &(pst_in_t){.req_warp = 1}, NULL);
    assert_int_equal(o.req_slot, 1); /* the hole is the lowest free slot */
    pst_events_t ev = ADD(m, 1, 7, 0x700, 0);
    assert_int_equal(ev.add_slot, 1);
    assert_true(ev.add_last);
    check_entry(m, 1, 1, true, 7, 0x700, 0);
    ev = ADD(m, 1, 5, 0x500, 0);
    assert_int_equal(ev.err, PST_ERR_FULL);
    o = look(m, 1, 0, false);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, PST_ERR_FULL);
    assert_int_equal(o.err_sticky, 1u << PST_ERR_FULL);
    assert_int_equal(o.req_slot, 0); /* warp 0 (req_warp 0): slot 0 free */
    for (unsigned s = 0; s < 4; s++)
        check_entry(m, 1, s, true, s == 1 ? 7 : 2 * s, s == 1 ? 0x700 : 0x10 * s, 0);
    o = step(m, &(pst_in_t){.req_warp = 1}, NULL);
    assert_int_equal(o.req_slot, 0); /* full: 0 */
    assert_false(o.rsp_valid);
}

/* Figure 3: h0's entry renewed by h1 (a), h2 added at the alternate PC (b);
 * MinSP-PC then picks the lower PC at equal depth. */
static void test_figure3(void **state)
{
    pst_t *m = *state = make(2, 4, 4, 8);
    ADD(m, 0, 0, 0x100, 0);
    pst_out_t o = look(m, 0, 0, false);
    check_pick(&o, 0, 0, 0, 0x100, 0, false);
    assert_int_equal(RENEW(m, 0, 0, 1, 0x200).err, PST_ERR_NONE);
    check_entry(m, 0, 0, true, 1, 0x200, 0);
    o = look(m, 0, 0, false);
    check_pick(&o, 0, 0, 1, 0x200, 0, false);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_path, 1);
    assert_int_equal(o.rd_pc, 0x200);
    assert_int_equal(ADD(m, 0, 2, 0x104, 0).add_slot, 1);
    o = look(m, 0, 1, false);
    check_pick(&o, 0, 1, 2, 0x104, 0, false);
    assert_false(o.conv_valid);
    /* RENEW keeps the depth; SET moves pc and depth */
    SET(m, 0, 1, 0x108, 2);
    RENEW(m, 0, 1, 3, 0x300);
    check_entry(m, 0, 1, true, 3, 0x300, 2);
}

/* MinSP-PC: depth first (a deeper path at a higher PC wins), then the PC,
 * then the lowest slot. */
static void test_minsp(void **state)
{
    pst_t *m = *state = make(1, 32, 4, 8); /* the RR turn after 33 cycles: none here */
    ADD(m, 0, 0, 0x100, 0); /* slot 0 */
    ADD(m, 0, 1, 0x300, 2); /* slot 1 */
    ADD(m, 0, 2, 0x200, 2); /* slot 2 */
    pst_out_t o = look(m, 0, 0, false);
    check_pick(&o, 0, 2, 2, 0x200, 2, false);
    SET(m, 0, 0, 0x500, 3);
    o = look(m, 0, 0, false);
    check_pick(&o, 0, 0, 0, 0x500, 3, false);
    SET(m, 0, 0, 0x300, 2); /* slots 0 and 1 tie at 0x300, depth 2; 2 is lower */
    o = look(m, 0, 0, false);
    check_pick(&o, 0, 2, 2, 0x200, 2, false);
    SET(m, 0, 2, 0x300, 2); /* three-way tie: the lowest slot */
    o = look(m, 0, 0, false);
    check_pick(&o, 0, 0, 0, 0x300, 2, false);
    assert_true(o.conv_valid);
    assert_int_equal(o.conv_slot, 1);
    assert_int_equal(o.conv_path, 1); /* slot 1 holds h1 */
}

/* Section 3.6 and the depth decision. */
static void test_convergence(void **state)
{
    pst_t *m = *state = make(2, 4, 4, 8);
    ADD(m, 1, 3, 0x180, 1); /* slot 0 */
    ADD(m, 1, 4, 0x180, 0); /* slot 1: same PC, shallower */
    pst_out_t o = look(m, 0, 0, false);
    check_pick(&o, 1, 0, 3, 0x180, 1, false);
    assert_false(o.conv_valid); /* a different frame */
    assert_int_equal(o.conv_path, 0);
    assert_int_equal(CONVERGE(m, 1, 0, 1, 5).err, PST_ERR_BAD_CONV);
    SET(m, 1, 1, 0x180, 1);
    o = look(m, 0, 0, false);
    check_pick(&o, 1, 0, 3, 0x180, 1, false);
    assert_true(o.conv_valid);
    assert_int_equal(o.conv_slot, 1);
    assert_int_equal(o.conv_path, 4); /* slot 1 holds h4 */
    /* h_k may not be a path another slot holds; a and b's own ids are free */
    ADD(m, 1, 6, 0x40, 0); /* slot 2 */
    assert_int_equal(CONVERGE(m, 1, 0, 1, 6).err, PST_ERR_BAD_PATH);
    assert_int_equal(CONVERGE(m, 1, 0, 0, 5).err, PST_ERR_BAD_CONV); /* a = b */
    pst_events_t ev = CONVERGE(m, 1, 1, 0, 4); /* keeps slot 1 (h4), evicts slot 0 */
    assert_int_equal(ev.err, PST_ERR_NONE);
    assert_int_equal(ev.conv_depth, 1);
    check_entry(m, 1, 0, false, 0, 0, 0);
    check_entry(m, 1, 1, true, 4, 0x180, 1);
    check_entry(m, 1, 2, true, 6, 0x40, 0);
}

static void test_errors(void **state)
{
    /* 3 warps (ids up to 3), 3 slots (up to 3), 5 paths (ids up to 7) */
    pst_params_t p = params(3, 2, 3, 16, 4, 5);
    pst_t *m = *state = create_ok(&p);
    for (unsigned op = PST_OP_ADD; op <= PST_OP_ROLLBACK; op++)
        assert_int_equal(req(m, op, 3, 0, 0, 0, 0, 0).err, PST_ERR_BAD_WARP);
    assert_int_equal(SET(m, 0, 0, 0, 0).err, PST_ERR_BAD_SLOT);      /* free */
    assert_int_equal(REMOVE(m, 0, 3).err, PST_ERR_BAD_SLOT);         /* out of range */
    assert_int_equal(ADD(m, 0, 5, 0x10, 0).err, PST_ERR_BAD_PATH);   /* >= PathsPerWarp */
    assert_int_equal(ADD(m, 0, 4, 0x10, 0).err, PST_ERR_NONE);
    assert_int_equal(ADD(m, 0, 4, 0x20, 0).err, PST_ERR_BAD_PATH);   /* held */
    assert_int_equal(ADD(m, 0, 0, 0x20, 0).err, PST_ERR_NONE);       /* slot 1 */
    assert_int_equal(RENEW(m, 0, 1, 4, 0x30).err, PST_ERR_BAD_PATH); /* held by slot 0 */
    assert_int_equal(RENEW(m, 0, 1, 0, 0x30).err, PST_ERR_NONE);     /* its own id */
    assert_int_equal(RENEW(m, 0, 2, 1, 0x30).err, PST_ERR_BAD_SLOT);
    assert_int_equal(CONVERGE(m, 0, 0, 2, 1).err, PST_ERR_BAD_SLOT); /* b free */
    assert_int_equal(CONVERGE(m, 0, 0, 1, 1).err, PST_ERR_BAD_CONV); /* PCs differ */
    assert_int_equal(req(m, PST_OP_RCOMMIT, 0, 3, 0, 0, 0, 0).err, PST_ERR_BAD_SLOT);
    assert_int_equal(req(m, PST_OP_RCOMMIT, 0, 2, 0, 6, 0, 0).err, PST_ERR_BAD_PATH);
    /* BAD_WARP before the others; FULL before BAD_PATH */
    ADD(m, 0, 2, 0x40, 0);
    assert_int_equal(ADD(m, 0, 4, 0x50, 0).err, PST_ERR_FULL);
    pst_out_t o = look(m, 0, 0, false);
    assert_int_equal(o.err_sticky, 0x3e); /* codes 1..5 */
    check_entry(m, 0, 0, true, 4, 0x10, 0);
    check_entry(m, 0, 1, true, 0, 0x30, 0);
    check_entry(m, 0, 2, true, 2, 0x40, 0);
    /* inputs wider than the ports are cut to their width */
    assert_int_equal(req(m, PST_OP_SET, 4, 0, 0, 0, 0x12345, 0x13).err, PST_ERR_NONE);
    check_entry(m, 0, 0, true, 4, 0x2345, 3);
}

/* The RR turn: n = 1, m = 2: every 3 cycles. */
static void test_rr_turn(void **state)
{
    pst_t *m = *state = make(1, 2, 4, 8);
    ADD(m, 0, 0, 0x100, 0);  /* cycle 0: slot 0 */
    ADD(m, 0, 1, 0x80, 0);   /* cycle 1: slot 1, MinSP's pick */
    pst_out_t o = look(m, 0, 0, true); /* cycle 2 */
    check_pick(&o, 0, 1, 1, 0x80, 0, false);
    o = look(m, 0, 0, false); /* cycle 3: the turn, after slot 3: slot 0 */
    check_pick(&o, 0, 0, 0, 0x100, 0, true);
    assert_true(pst_turn_pending(m));
    pst_events_t ev;
    o = step(m, &(pst_in_t){.sel_take = true}, &ev); /* cycle 4: still pending: taken */
    check_pick(&o, 0, 0, 0, 0x100, 0, true);
    assert_int_equal(ev.minsp_slot, 1);
    o = look(m, 0, 0, true); /* cycle 5: MinSP-PC */
    check_pick(&o, 0, 1, 1, 0x80, 0, false);
    o = look(m, 0, 0, true); /* cycle 6: the turn: after slot 0, slot 1 */
    check_pick(&o, 0, 1, 1, 0x80, 0, true);
    o = look(m, 0, 0, false); /* cycle 7 */
    assert_false(o.sel_rr);
    o = look(m, 0, 0, false); /* cycle 8 */
    assert_false(o.sel_rr);
    /* cycle 9: the turn; a take at the wrap (cycle 11) leaves a new turn */
    o = look(m, 0, 0, false);
    check_pick(&o, 0, 0, 0, 0x100, 0, true); /* after slot 1: slot 0 (2, 3 free) */
    look(m, 0, 0, false);                   /* cycle 10 */
    o = look(m, 0, 0, true);                /* cycle 11: taken, and wraps */
    assert_true(o.sel_rr);
    o = look(m, 0, 0, false); /* cycle 12: a new turn, after slot 0: slot 1 */
    check_pick(&o, 0, 1, 1, 0x80, 0, true);
}

/* Warps round robin, skipping warps without a path. */
static void test_warp_rr(void **state)
{
    pst_t *m = *state = make(4, 2, 2, 4);
    ADD(m, 2, 0, 0x20, 0);
    ADD(m, 0, 0, 0x10, 0);
    pst_events_t ev;
    pst_out_t o = step(m, &(pst_in_t){.sel_take = true}, &ev); /* after 3: warp 0 */
    assert_int_equal(o.sel_warp, 0);
    assert_false(ev.warp_skip);
    o = step(m, &(pst_in_t){.sel_take = true}, &ev); /* after 0: 1 empty, warp 2 */
    assert_int_equal(o.sel_warp, 2);
    assert_true(ev.warp_skip);
    o = look(m, 0, 0, false); /* after 2: 3 empty, warp 0 */
    assert_int_equal(o.sel_warp, 0);
    o = look(m, 0, 0, false); /* no take: the same */
    assert_int_equal(o.sel_warp, 0);
    /* a request and a take on one warp in one cycle both apply */
    o = step(m, &(pst_in_t){.req_op = PST_OP_SET, .req_warp = 0, .req_slot = 0, .req_pc = 0x14,
                            .sel_take = true},
             NULL);
    assert_int_equal(o.sel_pc, 0x10);
    check_entry(m, 0, 0, true, 0, 0x14, 0);
    o = look(m, 0, 0, false);
    assert_int_equal(o.sel_warp, 2);
}

/* Section 3.7.2: ROLLBACK restores the warp's retirement copy, no other. */
static void test_rollback(void **state)
{
    pst_t *m = *state = make(2, 4, 4, 8);
    ADD(m, 1, 0, 0x100, 0);
    ADD(m, 0, 5, 0x40, 1);
    req(m, PST_OP_RCOMMIT, 1, 0, 0, 0, 0x100, 0);
    pst_in_t rc = {.req_op = PST_OP_RCOMMIT, .req_warp = 1, .req_slot = 0, .req_path = 0,
                   .req_pc = 0x100, .req_rvalid = true};
    step(m, &rc, NULL);
    RENEW(m, 1, 0, 1, 0x200);
    ADD(m, 1, 2, 0x104, 0);
    SET(m, 1, 0, 0x300, 1);
    pst_entry_t r = pst_retired(m, 1, 0);
    assert_true(r.valid);
    assert_int_equal(r.pc, 0x100);
    pst_events_t ev = req(m, PST_OP_ROLLBACK, 1, 0, 0, 0, 0, 0);
    assert_true(ev.rollback_diff);
    check_entry(m, 1, 0, true, 0, 0x100, 0);
    check_entry(m, 1, 1, false, 0, 0, 0);
    check_entry(m, 0, 0, true, 5, 0x40, 1);
    ev = req(m, PST_OP_ROLLBACK, 1, 0, 0, 0, 0, 0);
    assert_false(ev.rollback_diff); /* the same table again */
}

/* An RCOMMIT of retirement slot s of warp w := {v, h, pc, depth 0}; its
 * error. */
static unsigned rcommit(pst_t *m, unsigned w, unsigned s, unsigned h, uint64_t pc, bool v)
{
    pst_in_t in = {.req_op = PST_OP_RCOMMIT, .req_warp = w, .req_slot = s, .req_path = h,
                   .req_pc = pc, .req_rvalid = v};
    return step_ev(m, &in).err;
}

/* rd_keep: the path ids of the valid slots of rd_warp's retirement copy,
 * whatever the speculative table holds (what a rollback's Pathtable SQUASH
 * keeps); rd_paths: those of the speculative table; both 0 for another warp
 * and for an out-of-range one. */
static void test_read_keep(void **state)
{
    pst_t *m = *state = make(3, 4, 4, 8); /* warp ids up to 3: 3 is out of range */
    ADD(m, 2, 1, 0x100, 0);               /* h1: the speculative table only */
    assert_int_equal(rcommit(m, 2, 0, 3, 0x100, true), PST_ERR_NONE);
    assert_int_equal(rcommit(m, 2, 2, 5, 0x140, true), PST_ERR_NONE);
    assert_int_equal(rcommit(m, 2, 1, 6, 0x180, false), PST_ERR_NONE); /* a free slot */
    pst_out_t o = look(m, 2, 0, false);
    assert_int_equal(o.rd_keep, 0x28); /* h3 and h5: bits 3 and 5 */
    assert_int_equal(o.rd_paths, 0x2); /* h1 */
    assert_true(o.rd_valid);           /* the slot read is the speculative h1 */
    assert_int_equal(o.rd_path, 1);
    ADD(m, 2, 7, 0x200, 1);            /* h7 in slot 1 */
    assert_int_equal(look(m, 2, 3, false).rd_paths, 0x82);
    assert_int_equal(look(m, 0, 0, false).rd_keep, 0);
    assert_int_equal(look(m, 3, 0, false).rd_keep, 0);
    assert_int_equal(look(m, 0, 0, false).rd_paths, 0);
    assert_int_equal(look(m, 3, 0, false).rd_paths, 0);
    /* slot 0 recorded free at retirement: h3 no longer kept */
    assert_int_equal(rcommit(m, 2, 0, 3, 0x100, false), PST_ERR_NONE);
    assert_int_equal(look(m, 2, 0, false).rd_keep, 0x20);
    /* the rollback restores the copy; the copy, and so rd_keep, stays;
     * the speculative table now holds the copy's h5 alone */
    assert_int_equal(req(m, PST_OP_ROLLBACK, 2, 0, 0, 0, 0, 0).err, PST_ERR_NONE);
    check_entry(m, 2, 0, false, 0, 0, 0);
    check_entry(m, 2, 2, true, 5, 0x140, 0);
    o = look(m, 2, 0, false);
    assert_int_equal(o.rd_keep, 0x20);
    assert_int_equal(o.rd_paths, 0x20);
}

static void test_reset(void **state)
{
    pst_t *m = *state = make(2, 4, 4, 8);
    ADD(m, 0, 0, 0x100, 0);
    SET(m, 0, 3, 0, 0); /* an error: a sticky bit */
    pst_reset(m);
    pst_out_t o = look(m, 0, 0, false);
    assert_false(o.sel_valid);
    assert_false(o.rd_valid);
    assert_int_equal(o.err_sticky, 0);
    assert_false(pst_turn_pending(m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),      UNIT_TEST(test_reset_state), UNIT_TEST(test_add_until_full),
        UNIT_TEST(test_figure3),     UNIT_TEST(test_minsp),       UNIT_TEST(test_convergence),
        UNIT_TEST(test_errors),      UNIT_TEST(test_rr_turn),     UNIT_TEST(test_warp_rr),
        UNIT_TEST(test_rollback),    UNIT_TEST(test_read_keep),   UNIT_TEST(test_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
