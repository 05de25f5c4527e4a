/* Unit tests of the simtx_frontend golden model (csim/simtx/simtx_frontend.c):
 * SIMT-X's Pathtable, divergence predictor (with its pending-divergence
 * counter) and Path Scheduling Table working together.
 *
 * Built and run by tests/run_tests.py (unit tests): gcc with
 * -Icsim/common -Icsim/simtx -Itests/common, the block's csim sources
 * (scripts/cfg.py sources simtx_frontend csim) and this file, -lcmocka.
 *
 * Expected values are worked out by hand from the SIMT-X paper (sections 3.4
 * MinSP-PC; 3.5.1 h_j = h_i AND c, h_k = h_i AND NOT c; 3.5.2 h_k = h_i OR
 * h_j; 3.6 one PST entry overwritten with h_k, the other evicted; 3.7.1 with
 * Figure 3; 3.7.2 the biased bimodal predictor, the wrong-direction row, the
 * PST's retirement copy; 3.8.2 the pending-divergence counter) and the pages
 * docs/blocks/{simtx_frontend,pathtable,pst,div_predictor}.md: a Pathtable
 * allocation takes the lowest free entry, a PST ADD the lowest free slot; a
 * count is the path's holders (its PST slot, the micro-ops naming it as a
 * source, REF holders); a committed entry nobody holds is freed; the
 * predictor's counters reset to 2 (weakly divergent), index pc[0 +: 5] here,
 * predict divergent unless 0; bit t of a mask is thread t.
 *
 * Configuration P: the paper's (section 4.5) 2 warps x 4 threads, 8 paths
 * and 4 PST slots a warp, 64-bit PCs, 16-bit depths, 32 counters, PcShift 0,
 * PendWidth 5. Every request expected to be rejected also goes to a shadow
 * model as a NOP: simtx_frontend_same_state() then checks it changed
 * nothing (Pathtable, PST, predictor, buops in flight). A request takes
 * three edges (docs/blocks/simtx_frontend.md): ok() and bad() present it
 * while req_ready is high and idle two cycles; the response shows in the
 * third. Nothing here takes the PST's pick (sel_take 0), so the last taken
 * warp stays 1 (reset) and the pick is warp 0 whenever warp 0 has a valid
 * slot; the RR turn (every (4+1) x 2 = 10 edges, pending until a take) is
 * noted where a test reads the pick. */
#include <stdlib.h>

#include "test_util.h"

#include "simtx_frontend.h"

TEST_MODEL_HELPERS(simtx_frontend, FE_OK)

typedef simtx_frontend_in_t in_t;
typedef simtx_frontend_out_t out_t;
typedef simtx_frontend_events_t ev_t;

static const simtx_frontend_params_t P = {
    .num_warps = 2, .warp_width = 4, .paths_per_warp = 8, .ref_width = 4,
    .slots_per_warp = 4, .depth_width = 16, .pc_width = 64,
    .entries = 32, .pc_shift = 0, .pend_width = 5};

typedef shadowed_t tb_t; /* the model m and its shadow s (test_util.h) */
#define tb_new shadowed_new
#define TB_TEST(f) cmocka_unit_test_teardown(f, shadowed_teardown)

/* Present a request to the model m (it must be taken) and idle two cycles
 * with the same inputs but no op: the outputs and events of the third, the
 * cycle it is done (rsp_*; the rest show the state before its last edge).
 * The shadow sees op shadow_op in place of the request's. */
static out_t run(tb_t *t, in_t in, unsigned shadow_op, ev_t *ev)
{
    out_t o;
    in_t idle = in, sh = in;
    idle.req_op = FE_OP_NOP;
    sh.req_op = shadow_op;
    simtx_frontend_step(t->m, &in, &o, ev);
    assert_true(o.req_ready);
    assert_true(ev->take);
    assert_false(ev->req);
    simtx_frontend_step(t->s, &sh, NULL, NULL);
    for (unsigned i = 0; i < 2; i++) {
        simtx_frontend_step(t->m, &idle, &o, ev);
        assert_false(o.req_ready);
        assert_false(ev->take);
        simtx_frontend_step(t->s, &idle, NULL, NULL);
    }
    assert_true(ev->req);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, ev->err);
    assert_true(simtx_frontend_ready(t->m));
    assert_true(simtx_frontend_same_state(t->m, t->s));
    return o;
}

/* One request that must be accepted, on both models: the outputs of the
 * cycle it is done. The PST and the predictor never refuse what the core
 * passes. */
static out_t ok(tb_t *t, in_t in)
{
    ev_t ev;
    out_t o = run(t, in, in.req_op, &ev);
    assert_int_equal(o.rsp_err, PT_ERR_NONE);
    assert_int_equal(ev.pst_err, PST_ERR_NONE);
    assert_int_equal(ev.dp_err, DP_ERR_NONE);
    return o;
}

/* One request that must be rejected with code err, changing nothing: the
 * shadow sees a NOP instead. */
static void bad(tb_t *t, in_t in, unsigned err)
{
    ev_t ev;
    out_t o = run(t, in, FE_OP_NOP, &ev);
    assert_int_equal(o.rsp_err, err);
    assert_false(o.rsp_alloc);
    assert_true(o.err_sticky & (1u << err));
}

/* The outputs of the cycle without a request (no edge): read port on warp
 * w, lookup at look_pc; buops is warp w's. */
static out_t look(const tb_t *t, unsigned w, uint64_t look_pc)
{
    out_t o;
    in_t in = {.req_warp = w, .rd_warp = w, .look_pc = look_pc};
    simtx_frontend_eval(t->m, &in, &o);
    return o;
}

/* ---- requests ------------------------------------------------------------ */

static in_t init_(unsigned w, uint64_t mask, uint64_t pc, unsigned depth)
{
    return (in_t){.req_op = FE_OP_INIT, .req_warp = w, .req_mask = mask, .req_pc = pc,
                  .req_depth = depth};
}

static in_t fetch(unsigned w, unsigned slot, uint64_t pc, unsigned depth)
{
    return (in_t){.req_op = FE_OP_FETCH, .req_warp = w, .req_slot = slot, .req_pc = pc,
                  .req_depth = depth};
}

static in_t branch(unsigned w, unsigned slot, uint64_t pc)
{
    return (in_t){.req_op = FE_OP_BRANCH, .req_warp = w, .req_slot = slot, .req_pc = pc};
}

static in_t end_(unsigned w, unsigned slot)
{
    return (in_t){.req_op = FE_OP_END, .req_warp = w, .req_slot = slot};
}

/* buop a -> b executes with condition c; the alternate side at pc (depth
 * 0); the branch's own PC bpc */
static in_t bexec(unsigned w, unsigned a, unsigned b, uint64_t c, uint64_t pc, uint64_t bpc)
{
    return (in_t){.req_op = FE_OP_BEXEC, .req_warp = w, .req_a = a, .req_b = b, .req_mask = c,
                  .req_pc = pc, .req_bpc = bpc};
}

static in_t bcommit(unsigned w, unsigned a, unsigned b, bool alt, unsigned c)
{
    return (in_t){.req_op = FE_OP_BCOMMIT, .req_warp = w, .req_a = a, .req_b = b,
                  .req_alt = alt, .req_c = c};
}

static in_t uop(unsigned op, unsigned w, unsigned a, unsigned b, unsigned c)
{
    return (in_t){.req_op = op, .req_warp = w, .req_a = a, .req_b = b, .req_c = c};
}

static in_t resolve(uint64_t bpc, bool div, uint64_t look_pc)
{
    return (in_t){.req_op = FE_OP_RESOLVE, .req_bpc = bpc, .req_div = div, .look_pc = look_pc};
}

static in_t retire(unsigned w, unsigned slot, bool v, unsigned h, uint64_t pc, unsigned depth)
{
    return (in_t){.req_op = FE_OP_RETIRE, .req_warp = w, .req_slot = slot, .req_rvalid = v,
                  .req_a = h, .req_pc = pc, .req_depth = depth};
}

/* ---- state ----------------------------------------------------------------- */

/* Pathtable entry h of warp w. */
static void entry(const tb_t *t, unsigned w, unsigned h, unsigned state, uint64_t mask,
                  unsigned ref)
{
    const pathtable_t *pt = simtx_frontend_pathtable(t->m);
    assert_int_equal(pathtable_state(pt, w, h), state);
    assert_int_equal(pathtable_mask(pt, w, h), mask);
    assert_int_equal(pathtable_ref(pt, w, h), ref);
}

/* PST slot s of warp w (speculative table). */
static void slot(const tb_t *t, unsigned w, unsigned s, bool v, unsigned h, uint64_t pc,
                 unsigned depth)
{
    pst_entry_t e = pst_entry(simtx_frontend_pst(t->m), w, s);
    assert_int_equal(e.valid, v);
    if (v) {
        assert_int_equal(e.path, h);
        assert_int_equal(e.pc, pc);
        assert_int_equal(e.depth, depth);
    }
}

/* The predictor's counter of a PC, through the index the page defines: here
 * pc[0 +: 5]; the index is checked against the hand-computed one. */
static unsigned ctr(const tb_t *t, uint64_t pc, unsigned index)
{
    const div_predictor_t *dp = simtx_frontend_predictor(t->m);
    assert_int_equal(div_predictor_index(dp, pc), index);
    return div_predictor_counter(dp, index);
}

static void check_pick(const out_t *o, unsigned w, unsigned s, unsigned h, uint64_t pc,
                       unsigned depth)
{
    assert_true(o->sel_valid);
    assert_int_equal(o->sel_warp, w);
    assert_int_equal(o->sel_slot, s);
    assert_int_equal(o->sel_path, h);
    assert_int_equal(o->sel_pc, pc);
    assert_int_equal(o->sel_depth, depth);
}

/* Figure 3(a) on warp 0 (the start of tests 1 to 5): h0 = 1111 in slot 0
 * at 0x10; the branch at 0x10 is predicted divergent (counter 16 = 0x10 &
 * 31 at its reset value 2), so the core sends BRANCH with the predicted
 * side's target 0x40. */
static void fig3a(tb_t *t)
{
    out_t o = ok(t, init_(0, 0xf, 0x10, 0));
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 0);   /* every entry free: h0 */
    assert_int_equal(o.rsp_slot, 0); /* every slot free: slot 0 */
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1); /* held by its PST slot */
    slot(t, 0, 0, true, 0, 0x10, 0);

    o = look(t, 0, 0x10);
    check_pick(&o, 0, 0, 0, 0x10, 0);
    assert_int_equal(o.look_ctr, 2);
    assert_true(o.look_div); /* predicted divergent: BRANCH */
    assert_int_equal(o.pending, 0);
    assert_int_equal(o.buops, 0);

    o = ok(t, branch(0, 0, 0x40));
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 1); /* h0 in use: h1 */
    assert_int_equal(o.pending, 0); /* registered: the state before the edge */
    assert_int_equal(o.buops, 0);
    /* h1 SPEC with h0's mask copied, held by the slot; h0 keeps one holder:
     * the buop (+1) in place of the slot (-1) */
    entry(t, 0, 1, PT_STATE_SPEC, 0xf, 1);
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    slot(t, 0, 0, true, 1, 0x40, 0); /* renewed: {h1, 0x40}, depth kept */
    slot(t, 0, 1, false, 0, 0, 0);
    o = look(t, 0, 0);
    assert_int_equal(o.pending, 1);
    assert_true(o.pending_nz);
    assert_int_equal(o.buops, 1);
    assert_int_equal(simtx_frontend_buops(t->m, 0), 1);
    assert_int_equal(simtx_frontend_buops(t->m, 1), 0);
    assert_int_equal(o.rd_free, 6); /* h2..h7, the one reserved for the alternate included */
    assert_int_equal(o.rd_resv, 1);
    check_pick(&o, 0, 0, 1, 0x40, 0);
}

/* ---- 1. Figure 3(a) + (b): resolved divergent ------------------------------ */

static void test_fig3ab_divergent(void **state)
{
    tb_t *t = tb_new(state, &P);
    fig3a(t);
    assert_int_equal(ctr(t, 0x10, 16), 2);

    /* (b) c = 0011: threads 0, 1 go h1's way, 2, 3 the alternate's (0x14) */
    out_t o = ok(t, bexec(0, 0, 1, 0x3, 0x14, 0x10));
    assert_true(o.rsp_div);
    assert_false(o.rsp_null);
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 2);   /* h0, h1 in use: h2 */
    assert_int_equal(o.rsp_slot, 1); /* slot 0 holds h1: slot 1 */
    entry(t, 0, 1, PT_STATE_SPEC, 0x3, 1);  /* h0 AND c */
    entry(t, 0, 2, PT_STATE_SPEC, 0xc, 1);  /* h0 AND NOT c, held by its slot */
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1); /* still the buop's */
    slot(t, 0, 0, true, 1, 0x40, 0);
    slot(t, 0, 1, true, 2, 0x14, 0);
    slot(t, 0, 2, false, 0, 0, 0);
    assert_int_equal(ctr(t, 0x10, 16), 3); /* divergent resolution: 2 + 1 */
    o = look(t, 0, 0x10);
    assert_int_equal(o.look_ctr, 3);
    assert_int_equal(o.pending, 1); /* the buop is in flight until it commits */
    assert_int_equal(o.buops, 1);
    assert_int_equal(o.rd_resv, 0); /* the reservation was taken */
    /* MinSP-PC: depth 0 both, 0x14 < 0x40: slot 1 (9 edges: no RR turn,
     * which comes at the 10th) */
    check_pick(&o, 0, 1, 2, 0x14, 0);
    assert_false(o.sel_rr);
    assert_false(o.conv_valid);

    /* commit: h1, h2 VALID; h0 loses the buop, its last holder: freed */
    o = ok(t, bcommit(0, 0, 1, true, 2));
    assert_int_equal(o.pending, 1);
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1);
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1);
    o = look(t, 0, 0);
    assert_int_equal(o.pending, 0);
    assert_false(o.pending_nz);
    assert_int_equal(o.buops, 0);
    assert_int_equal(o.rd_masks[0], 0);
    assert_int_equal(o.rd_masks[1], 0x3);
    assert_int_equal(o.rd_masks[2], 0xc);
    assert_int_equal(o.rd_states[0], PT_STATE_FREE);
    assert_int_equal(o.rd_states[1], PT_STATE_VALID);
    assert_int_equal(o.rd_states[2], PT_STATE_VALID);
    assert_int_equal(o.rd_states[3], PT_STATE_FREE);
    assert_int_equal(o.rd_free, 6);
    assert_int_equal(o.err_sticky, 0);
    /* the other warp untouched */
    o = look(t, 1, 0);
    for (unsigned h = 0; h < 8; h++)
        assert_int_equal(o.rd_states[h], PT_STATE_FREE);
    assert_int_equal(o.buops, 0);
    slot(t, 1, 0, false, 0, 0, 0);
}

/* ---- 2. Figure 3(c): a useless entry ------------------------------------ */

static void test_fig3c_useless(void **state)
{
    tb_t *t = tb_new(state, &P);
    fig3a(t);
    /* every thread on h1's side: no alternate, the PST unchanged */
    out_t o = ok(t, bexec(0, 0, 1, 0xf, 0x14, 0x10));
    assert_false(o.rsp_div);
    assert_false(o.rsp_null);
    assert_false(o.rsp_alloc);
    entry(t, 0, 1, PT_STATE_SPEC, 0xf, 1);
    entry(t, 0, 2, PT_STATE_FREE, 0, 0); /* the reserved entry was not taken */
    slot(t, 0, 0, true, 1, 0x40, 0);
    slot(t, 0, 1, false, 0, 0, 0);
    /* uniform resolution: 2 - 1 = 1, weakly uniform, still predicts divergent */
    assert_int_equal(ctr(t, 0x10, 16), 1);
    o = look(t, 0, 0x10);
    assert_int_equal(o.look_ctr, 1);
    assert_true(o.look_div);
    assert_int_equal(o.rd_resv, 0); /* released */
    assert_int_equal(o.pending, 1); /* counted until it commits (the page's decision) */

    /* h1 still validated; h0 de-referenced and freed */
    ok(t, bcommit(0, 0, 1, false, 0));
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
    entry(t, 0, 1, PT_STATE_VALID, 0xf, 1);
    o = look(t, 0, 0);
    assert_int_equal(o.pending, 0);
    assert_int_equal(o.buops, 0);
    assert_int_equal(o.rd_free, 7);
    check_pick(&o, 0, 0, 1, 0x40, 0);
}

/* ---- 3. predicted divergent, uniform the other way ----------------------- */

static void test_wrong_direction(void **state)
{
    tb_t *t = tb_new(state, &P);
    fig3a(t);
    /* no thread on h1's side: h1 nullified, the alternate holds all four */
    out_t o = ok(t, bexec(0, 0, 1, 0x0, 0x14, 0x10));
    assert_true(o.rsp_null);
    assert_false(o.rsp_div);
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 2);   /* lowest free: h2 */
    assert_int_equal(o.rsp_slot, 1); /* lowest free slot: 1 */
    entry(t, 0, 1, PT_STATE_SPEC, 0x0, 1);
    entry(t, 0, 2, PT_STATE_SPEC, 0xf, 1);
    slot(t, 0, 0, true, 1, 0x40, 0);
    slot(t, 0, 1, true, 2, 0x14, 0);
    /* uniform (the Pathtable's req_div 0): 2 - 1 */
    assert_int_equal(ctr(t, 0x10, 16), 1);

    /* the core removes h1's slot; h1 keeps its slot's count until DEREF */
    ok(t, end_(0, 0));
    slot(t, 0, 0, false, 0, 0, 0);
    slot(t, 0, 1, true, 2, 0x14, 0);
    entry(t, 0, 1, PT_STATE_SPEC, 0x0, 1);
    o = look(t, 0, 0);
    check_pick(&o, 0, 1, 2, 0x14, 0); /* the front end fetches the correct path */
    assert_false(o.conv_valid);
    /* END of the now free slot is refused */
    bad(t, end_(0, 0), FE_ERR_BAD_SLOT);

    /* the buop commits: h1 (null) and h2 VALID, h0 freed; pending 0 */
    ok(t, bcommit(0, 0, 1, true, 2));
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
    entry(t, 0, 1, PT_STATE_VALID, 0x0, 1);
    entry(t, 0, 2, PT_STATE_VALID, 0xf, 1);
    assert_int_equal(look(t, 0, 0).pending, 0);
    /* the last instruction fetched on h1 commits: DEREF frees it */
    ok(t, uop(FE_OP_DEREF, 0, 1, 0, 0));
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
    assert_int_equal(look(t, 0, 0).rd_free, 7);
}

/* ---- 4. convergence (section 3.6) ------------------------------------------- */

static void test_convergence(void **state)
{
    tb_t *t = tb_new(state, &P);
    fig3a(t);                                    /* edges 1 to 6 */
    ok(t, bexec(0, 0, 1, 0x3, 0x14, 0x10));      /* 9: h1 = 0011, h2 = 1100 in slot 1 */
    ok(t, bcommit(0, 0, 1, true, 2));            /* 12: h0 freed */
    ok(t, fetch(0, 0, 0x80, 1));                 /* 15: h1 calls the function at 0x80 */
    ok(t, fetch(0, 1, 0x80, 0));                 /* 18: h2 at 0x80 in the caller's frame */
    slot(t, 0, 0, true, 1, 0x80, 1);
    slot(t, 0, 1, true, 2, 0x80, 0);
    /* same PC, different depths: the deeper is picked, no convergence */
    out_t o = look(t, 0, 0);
    check_pick(&o, 0, 0, 1, 0x80, 1);
    assert_false(o.conv_valid);
    bad(t, (in_t){.req_op = FE_OP_CONVERGE}, FE_ERR_NO_CONV); /* 21 */

    ok(t, fetch(0, 1, 0x80, 1)); /* 24: h2 calls it too */
    /* a tie at 0x80, depth 1: MinSP-PC's pick is the lowest slot, 0; the RR
     * turn pending since the 10th edge (nothing takes the pick) picks the
     * first valid slot after warp 0's RR pointer, still its reset value 3:
     * slot 0 too. Slot 1 converges with it. */
    o = look(t, 0, 0);
    check_pick(&o, 0, 0, 1, 0x80, 1);
    assert_true(o.sel_rr);
    assert_true(o.conv_valid);
    assert_int_equal(o.conv_slot, 1);

    /* CONVERGE acts on the pick's warp whatever req_warp says (1 here, an
     * empty warp); cuop on h1 (the pick's path) and h2 (slot 1's) */
    o = ok(t, (in_t){.req_op = FE_OP_CONVERGE, .req_warp = 1});
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 0); /* h1, h2 in use, h0 freed: h0 is the lowest free */
    slot(t, 0, 0, true, 0, 0x80, 1); /* the pick's slot takes h_k, keeps pc and depth */
    slot(t, 0, 1, false, 0, 0, 0);   /* evicted */
    entry(t, 0, 0, PT_STATE_SPEC, 0xf, 1);  /* h1 OR h2, held by slot 0 */
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1); /* its slot's count passed to the cuop */
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1);
    o = look(t, 0, 0);
    assert_int_equal(o.pending, 0); /* a cuop is no pending divergence */
    assert_int_equal(o.buops, 0);
    assert_false(o.conv_valid);
    check_pick(&o, 0, 0, 0, 0x80, 1);
    for (unsigned h = 0; h < 8; h++) /* warp 1 untouched */
        assert_int_equal(look(t, 1, 0).rd_states[h], PT_STATE_FREE);
    slot(t, 1, 0, false, 0, 0, 0);

    ok(t, uop(FE_OP_CEXEC, 0, 1, 2, 0));
    entry(t, 0, 0, PT_STATE_SPEC, 0xf, 1); /* 0011 OR 1100 */
    /* a PIRAT entry still names h2: it outlives the cuop's commit */
    ok(t, uop(FE_OP_REF, 0, 2, 0, 0));
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 2);
    ok(t, uop(FE_OP_CCOMMIT, 0, 1, 2, 0));
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);    /* the cuop was its last holder */
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1); /* the REF holder remains */
    ok(t, uop(FE_OP_DEREF, 0, 2, 0, 0));
    entry(t, 0, 2, PT_STATE_FREE, 0, 0);
    assert_int_equal(look(t, 0, 0).rd_free, 7);
}

/* ---- 5. rollback to the retirement copy (section 3.7.2) ------------------ */

static void test_rollback(void **state)
{
    tb_t *t = tb_new(state, &P);
    ok(t, init_(1, 0x5, 0x200, 0)); /* the other warp: w1 h0 = 0101, slot 0 */
    fig3a(t);
    ok(t, bexec(0, 0, 1, 0x3, 0x14, 0x10)); /* h1 = 0011, h2 = 1100 in slot 1 */
    ok(t, bcommit(0, 0, 1, true, 2));       /* h0 freed */
    /* the two committed paths retire with their slots */
    ok(t, retire(0, 0, true, 1, 0x40, 0));
    ok(t, retire(0, 1, true, 2, 0x14, 0));
    ok(t, uop(FE_OP_REF, 0, 1, 0, 0)); /* a PIRAT holder of h1: count 2 */
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 2);

    /* speculative work: slot 0 moves on; a branch on slot 1 (h2 at 0x14)
     * predicted divergent allocates the lowest free entry, h0 = 1100 */
    ok(t, fetch(0, 0, 0x44, 0));
    out_t o = ok(t, branch(0, 1, 0x30));
    assert_int_equal(o.rsp_id, 0);
    entry(t, 0, 0, PT_STATE_SPEC, 0xc, 1);
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1); /* the buop's */
    slot(t, 0, 1, true, 0, 0x30, 0);
    /* and warp 1 has a buop of its own in flight: w1 h1 = 0101 */
    o = ok(t, branch(1, 0, 0x240));
    assert_int_equal(o.rsp_id, 1);
    o = look(t, 0, 0);
    assert_int_equal(o.pending, 2);
    assert_int_equal(o.buops, 1);
    assert_int_equal(look(t, 1, 0).buops, 1);

    /* the warp rolls back */
    o = ok(t, (in_t){.req_op = FE_OP_ROLLBACK, .req_warp = 0});
    assert_int_equal(o.buops, 1); /* the sq the predictor saw */
    /* the PST is the retirement copy */
    for (unsigned s = 0; s < 4; s++) {
        pst_entry_t r = pst_retired(simtx_frontend_pst(t->m), 0, s);
        pst_entry_t e = pst_entry(simtx_frontend_pst(t->m), 0, s);
        assert_int_equal(e.valid, r.valid);
        if (r.valid) {
            assert_int_equal(e.path, r.path);
            assert_int_equal(e.pc, r.pc);
            assert_int_equal(e.depth, r.depth);
        }
    }
    slot(t, 0, 0, true, 1, 0x40, 0); /* 0x44 undone */
    slot(t, 0, 1, true, 2, 0x14, 0); /* {h0, 0x30} undone */
    slot(t, 0, 2, false, 0, 0, 0);
    slot(t, 0, 3, false, 0, 0, 0);
    /* the Pathtable: the speculative h0 freed, the copy's paths VALID, each
     * held by its slot alone */
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1);
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1);
    for (unsigned h = 3; h < 8; h++)
        entry(t, 0, h, PT_STATE_FREE, 0, 0);
    o = look(t, 0, 0);
    assert_int_equal(o.pending, 1); /* 2 - warp 0's one buop */
    assert_int_equal(o.buops, 0);
    assert_int_equal(o.rd_free, 6);
    assert_int_equal(o.rd_resv, 0);
    /* 36 edges since reset: the RR turn pending since the 10th, not taken;
     * warp 0's RR pointer is still its reset value, slot 3, so the turn's
     * pick is the first valid slot after it, slot 0, not MinSP-PC's 1 */
    check_pick(&o, 0, 0, 1, 0x40, 0);
    assert_true(o.sel_rr);
    /* the other warp untouched */
    entry(t, 1, 0, PT_STATE_VALID, 0x5, 1);
    entry(t, 1, 1, PT_STATE_SPEC, 0x5, 1);
    slot(t, 1, 0, true, 1, 0x240, 0);
    assert_int_equal(simtx_frontend_buops(t->m, 1), 1);

    /* the squashed buop is gone: its BEXEC names a free h0 */
    bad(t, bexec(0, 2, 0, 0x4, 0x18, 0x14), PT_ERR_BAD_PATH);
    /* warp 1's buop still resolves (uniform, useless) and commits */
    o = ok(t, bexec(1, 0, 1, 0x5, 0x204, 0x200));
    assert_false(o.rsp_alloc);
    ok(t, bcommit(1, 0, 1, false, 0));
    entry(t, 1, 0, PT_STATE_FREE, 0, 0);
    entry(t, 1, 1, PT_STATE_VALID, 0x5, 1);
    assert_int_equal(look(t, 1, 0).pending, 0);
}

/* ---- 6. the core's own errors ---------------------------------------------- */

static void test_core_errors(void **state)
{
    tb_t *t = tb_new(state, &P);
    bad(t, (in_t){.req_op = 15, .req_warp = 0}, PT_ERR_BAD_OP);
    /* (BAD_WARP needs a warp id the port carries: test_bad_warp_in_port) */
    ok(t, init_(0, 0xf, 0x10, 0));                 /* h0, slot 0 */
    bad(t, fetch(0, 1, 0x14, 0), FE_ERR_BAD_SLOT);   /* slot 1 is free */
    bad(t, branch(0, 2, 0x40), FE_ERR_BAD_SLOT);
    bad(t, end_(0, 3), FE_ERR_BAD_SLOT);
    bad(t, fetch(1, 0, 0x14, 0), FE_ERR_BAD_SLOT);   /* warp 1 has no slot */

    /* fill warp 0's PST by divergence:
     *   BRANCH s0 -> h1 (1111); BEXEC c=0011 -> h1 0011, h2 1100 in slot 1;
     *   BCOMMIT frees h0 */
    ok(t, branch(0, 0, 0x40));
    ok(t, bexec(0, 0, 1, 0x3, 0x14, 0x10));
    ok(t, bcommit(0, 0, 1, true, 2));
    /*   BRANCH s1 (h2 = 1100) -> h0 (the lowest free) = 1100; BEXEC c=0100 ->
     *   h0 0100, the alternate 1000 in h3 (h0..h2 in use), slot 2 */
    out_t o = ok(t, branch(0, 1, 0x60));
    assert_int_equal(o.rsp_id, 0);
    o = ok(t, bexec(0, 2, 0, 0x4, 0x18, 0x14));
    assert_int_equal(o.rsp_id, 3);
    assert_int_equal(o.rsp_slot, 2);
    ok(t, bcommit(0, 2, 0, true, 3));
    entry(t, 0, 0, PT_STATE_VALID, 0x4, 1);
    entry(t, 0, 3, PT_STATE_VALID, 0x8, 1);
    entry(t, 0, 2, PT_STATE_FREE, 0, 0);
    /* slots 0..2 valid, slot 3 free: a BRANCH is allowed with no buop in
     * flight (1 free slot > 0 buops): s0 (h1 = 0011) -> h2 = 0011 */
    o = ok(t, branch(0, 0, 0x44));
    assert_int_equal(o.rsp_id, 2);
    /* now the one free slot is kept for that buop's alternate */
    o = look(t, 0, 0);
    assert_int_equal(o.buops, 1);
    bad(t, branch(0, 1, 0x64), FE_ERR_PST_FULL);
    bad(t, branch(0, 2, 0x1c), FE_ERR_PST_FULL);
    /* the buop diverges: c = 0001: h2 = 0001, alternate 0010 in h4 (h0..h3
     * in use), the last free slot, 3 */
    o = ok(t, bexec(0, 1, 2, 0x1, 0x48, 0x40));
    assert_int_equal(o.rsp_id, 4);
    assert_int_equal(o.rsp_slot, 3);
    slot(t, 0, 3, true, 4, 0x48, 0);
    /* the PST is full, but an INIT of the warp is refused for running (the
     * Pathtable would have h5 to give): test_init_running */
    o = look(t, 0, 0);
    assert_int_equal(o.rd_free, 3);
    bad(t, init_(0, 0xf, 0x100, 0), FE_ERR_RUNNING);
    /* slots at 0x44, 0x60, 0x18, 0x48: no two alike, no convergence */
    o = look(t, 0, 0);
    assert_false(o.conv_valid);
    bad(t, (in_t){.req_op = FE_OP_CONVERGE}, FE_ERR_NO_CONV);

    /* the Pathtable's own refusals, passed through */
    bad(t, uop(FE_OP_REF, 0, 5, 0, 0), PT_ERR_BAD_PATH); /* h5 is free */
    /* the oldest uncommitted buop (h1 -> h2) made the alternate h4: a commit
     * without it is out of order, and pending stays (shadow check) */
    bad(t, bcommit(0, 1, 2, false, 0), PT_ERR_BAD_COMMIT);
    bad(t, uop(FE_OP_DEREF, 1, 0, 0, 0), PT_ERR_BAD_PATH); /* warp 1: h0 free */
    assert_int_equal(look(t, 0, 0).pending, 1);
    o = ok(t, bcommit(0, 1, 2, true, 4));
    assert_int_equal(look(t, 0, 0).pending, 0);

    /* every code seen, sticky */
    unsigned want = 1u << PT_ERR_BAD_OP | 1u << PT_ERR_BAD_PATH |
                    1u << PT_ERR_BAD_COMMIT | 1u << FE_ERR_BAD_SLOT |
                    1u << FE_ERR_PST_FULL | 1u << FE_ERR_NO_CONV | 1u << FE_ERR_RUNNING;
    assert_int_equal(o.err_sticky, want);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, PT_ERR_NONE);
}

/* ---- 6b. the core's contract, judged at T ---------------------------------- */

/* A DEREF of a path a valid PST slot of its warp holds is refused (the
 * core's BAD_PATH): the slot's reference is dropped after its END. The
 * Pathtable would take it (count 2: a REF holder's besides the slot's). */
static void test_deref_held(void **state)
{
    tb_t *t = tb_new(state, &P);
    ok(t, init_(1, 0x5, 0x200, 0)); /* w1: h0 = 0101 in slot 0 */
    ok(t, uop(FE_OP_REF, 1, 0, 0, 0));
    ok(t, end_(1, 0));              /* w1's h0 has no slot now, count 2 */
    ok(t, init_(0, 0xf, 0x10, 0));  /* w0: h0 = 1111 in slot 0 */
    ok(t, uop(FE_OP_REF, 0, 0, 0, 0));
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 2);
    ev_t ev;
    out_t o = run(t, uop(FE_OP_DEREF, 0, 0, 0, 0), FE_OP_NOP, &ev);
    assert_int_equal(o.rsp_err, PT_ERR_BAD_PATH);
    assert_int_equal(ev.pt_in.req_op, PT_OP_NOP); /* the core's refusal, not the Pathtable's */
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 2);
    slot(t, 0, 0, true, 0, 0x10, 0);
    /* warp 1's h0 is no slot's (warp 0's slot 0 holds warp 0's h0) */
    ok(t, uop(FE_OP_DEREF, 1, 0, 0, 0));
    entry(t, 1, 0, PT_STATE_VALID, 0x5, 1);
    ok(t, uop(FE_OP_DEREF, 1, 0, 0, 0));
    entry(t, 1, 0, PT_STATE_FREE, 0, 0);
    /* once warp 0's slot left, its DEREFs are taken */
    ok(t, end_(0, 0));
    ok(t, uop(FE_OP_DEREF, 0, 0, 0, 0));
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
}

/* An INIT of a warp with a valid PST slot is refused (RUNNING): no second
 * root path. Another warp, or the warp once its paths ended, starts. */
static void test_init_running(void **state)
{
    tb_t *t = tb_new(state, &P);
    ok(t, init_(0, 0x3, 0x10, 0)); /* h0 = 0011 in slot 0 */
    bad(t, init_(0, 0xc, 0x20, 0), FE_ERR_RUNNING);
    entry(t, 0, 0, PT_STATE_VALID, 0x3, 1);
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
    slot(t, 0, 0, true, 0, 0x10, 0);
    slot(t, 0, 1, false, 0, 0, 0);
    /* warp 1 does not run */
    out_t o = ok(t, init_(1, 0xc, 0x20, 0));
    assert_int_equal(o.rsp_id, 0);
    /* warp 0's path ends (END, then DEREF at its last commit): it starts again */
    ok(t, end_(0, 0));
    ok(t, uop(FE_OP_DEREF, 0, 0, 0, 0));
    o = ok(t, init_(0, 0xc, 0x20, 0));
    assert_int_equal(o.rsp_id, 0);
    assert_int_equal(o.rsp_slot, 0);
    entry(t, 0, 0, PT_STATE_VALID, 0xc, 1);
}

/* A BCOMMIT while the warp has no buop in flight is refused (the core's
 * BAD_COMMIT): here a cuop's paths, which the Pathtable would take (the
 * cuop's h_k is the oldest uncommitted entry, h_i committed). Nothing
 * changes: the warp's buop count does not wrap, the pending count does not
 * fall, the cuop then commits as one. */
static void test_bcommit_no_buop(void **state)
{
    tb_t *t = tb_new(state, &P);
    fig3a(t);
    ok(t, bexec(0, 0, 1, 0x3, 0x14, 0x10)); /* h1 = 0011 in slot 0 at 0x40, h2 = 1100 in
                                             * slot 1 at 0x14 */
    ok(t, bcommit(0, 0, 1, true, 2));       /* h0 freed, no buop in flight */
    ok(t, fetch(0, 1, 0x40, 0));            /* h2 reaches 0x40: it converges with slot 0 */
    /* the pick: slot 0 (MinSP-PC's lowest slot on a tie, and the RR turn's
     * first valid slot after the reset pointer 3) */
    out_t o = ok(t, (in_t){.req_op = FE_OP_CONVERGE});
    assert_int_equal(o.rsp_id, 0); /* cuop h1, h2 -> h0 */
    ok(t, uop(FE_OP_CEXEC, 0, 1, 2, 0));
    entry(t, 0, 0, PT_STATE_SPEC, 0xf, 1);
    assert_int_equal(look(t, 0, 0).buops, 0);

    bad(t, bcommit(0, 1, 0, false, 0), PT_ERR_BAD_COMMIT);
    o = look(t, 0, 0);
    assert_int_equal(o.buops, 0);
    assert_int_equal(o.pending, 0);
    entry(t, 0, 0, PT_STATE_SPEC, 0xf, 1);
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1);
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1);
    ok(t, uop(FE_OP_CCOMMIT, 0, 1, 2, 0));
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
    entry(t, 0, 2, PT_STATE_FREE, 0, 0);
}

/* BAD_WARP with a warp the port can carry: 3 warps, 2-bit warp ids, warp 3
 * out of range (at P the 1-bit port cannot name warp 2). */
static void test_bad_warp_in_port(void **state)
{
    simtx_frontend_params_t p3 = P;
    p3.num_warps = 3;
    p3.pend_width = 5; /* clog2(3 x 8 + 1) = 5 */
    tb_t *t = tb_new(state, &p3);
    bad(t, init_(3, 0xf, 0x10, 0), PT_ERR_BAD_WARP);
    bad(t, (in_t){.req_op = FE_OP_ROLLBACK, .req_warp = 3}, PT_ERR_BAD_WARP);
    bad(t, retire(3, 0, true, 0, 0x10, 0), PT_ERR_BAD_WARP);
    /* a refused RESOLVE trains nothing: 0x24 indexes counter 4 (pc mod 32),
     * still at its reset value 2 */
    bad(t, (in_t){.req_op = FE_OP_RESOLVE, .req_warp = 3, .req_bpc = 0x24, .req_div = false},
        PT_ERR_BAD_WARP);
    assert_int_equal(ctr(t, 0x24, 4), 2);
    ok(t, init_(2, 0xf, 0x10, 0));
    slot(t, 2, 0, true, 0, 0x10, 0);
}

/* ---- 7. RESOLVE trains the predictor (sections 3.7.2, biased bimodal) ----- */

static void test_resolve_trains(void **state)
{
    tb_t *t = tb_new(state, &P);
    /* branch at 0x24: counter 0x24 & 31 = 4; 0x44 aliases it (0x44 & 31 = 4),
     * 0x25 is counter 5 */
    assert_int_equal(ctr(t, 0x24, 4), 2);
    out_t o = look(t, 0, 0x24);
    assert_int_equal(o.look_ctr, 2);
    assert_true(o.look_div);

    /* uniform once: 1, weakly uniform, still predicted divergent; the lookup
     * in the resolution's done cycle shows the old value (the counter is
     * written at that cycle's edge) */
    o = ok(t, resolve(0x24, false, 0x24));
    assert_int_equal(o.look_ctr, 2);
    assert_int_equal(ctr(t, 0x24, 4), 1);
    o = look(t, 0, 0x24);
    assert_int_equal(o.look_ctr, 1);
    assert_true(o.look_div);
    /* uniform twice: 0, strongly uniform: predicted uniform */
    ok(t, resolve(0x24, false, 0));
    assert_int_equal(ctr(t, 0x24, 4), 0);
    o = look(t, 0, 0x24);
    assert_int_equal(o.look_ctr, 0);
    assert_false(o.look_div);
    o = look(t, 0, 0x44); /* the alias, no tags */
    assert_int_equal(o.look_ctr, 0);
    assert_false(o.look_div);
    o = look(t, 0, 0x25); /* the neighbour untouched */
    assert_int_equal(o.look_ctr, 2);
    assert_true(o.look_div);
    /* saturated at 0 */
    ok(t, resolve(0x24, false, 0));
    assert_int_equal(ctr(t, 0x24, 4), 0);
    /* one divergent resolution: 1, predicted divergent again */
    ok(t, resolve(0x24, true, 0));
    assert_int_equal(ctr(t, 0x24, 4), 1);
    o = look(t, 0, 0x24);
    assert_int_equal(o.look_ctr, 1);
    assert_true(o.look_div);
    /* a RESOLVE is no buop: pending untouched, no path, no slot */
    assert_int_equal(o.pending, 0);
    assert_int_equal(o.buops, 0);
    assert_false(o.sel_valid);
    assert_int_equal(o.rd_free, 8);
    assert_int_equal(ctr(t, 0x24, 4), 1);
}

/* ---- 8. one request in flight ------------------------------------------- */

/* A request presented while req_ready is low is not taken and changes
 * nothing, nor does a take of the pick then; the one in flight finishes
 * alone. */
static void test_one_in_flight(void **state)
{
    tb_t *t = tb_new(state, &P);
    out_t o;
    ev_t ev;
    in_t a = init_(0, 0xf, 0x10, 0), b = init_(1, 0x3, 0x20, 0);
    simtx_frontend_step(t->m, &a, &o, &ev);
    assert_true(o.req_ready);
    assert_true(ev.take);
    /* P: warp 1's INIT presented, with a take of the pick: not taken */
    b.sel_take = true;
    simtx_frontend_step(t->m, &b, &o, &ev);
    assert_false(o.req_ready);
    assert_false(ev.take);
    assert_false(o.rsp_valid);
    /* the Pathtable acted (h0 of warp 0, counted for the slot it will
     * have), the PST not yet */
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    slot(t, 0, 0, false, 0, 0, 0);
    assert_false(look(t, 0, 0).sel_valid);
    /* S: presented again: not taken; warp 0's INIT is done */
    simtx_frontend_step(t->m, &b, &o, &ev);
    assert_false(o.req_ready);
    assert_false(ev.take);
    assert_true(ev.req);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, PT_ERR_NONE);
    assert_true(o.rsp_alloc);
    assert_int_equal(o.rsp_id, 0);
    assert_int_equal(o.rsp_slot, 0);
    assert_int_equal(ev.in.req_warp, 0);
    slot(t, 0, 0, true, 0, 0x10, 0);
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    /* warp 1 untouched; the pick not taken: the last taken warp is still
     * 1 (reset), so warp 0 is picked and no RR pointer moved */
    entry(t, 1, 0, PT_STATE_FREE, 0, 0);
    slot(t, 1, 0, false, 0, 0, 0);
    o = look(t, 0, 0);
    assert_true(o.req_ready);
    assert_false(o.rsp_valid); /* one response for one request */
    check_pick(&o, 0, 0, 0, 0x10, 0);
    /* now it is taken */
    simtx_frontend_step(t->m, &b, &o, &ev);
    assert_true(ev.take);
}

/* ---- parameters ---------------------------------------------------------- */

static void test_bad_params(void **state)
{
    (void)state;
    simtx_frontend_params_t pend = P, warps = P, entries = P, slots = P, many = P;
    pend.pend_width = 4;     /* 2 x 8 buops need clog2(17) = 5 bits */
    warps.num_warps = 0;     /* the Pathtable's */
    many.num_warps = 1u << 20; /* out of range, and more buops than the pending count
                                * holds: the range's code, checked before the rules */
    entries.entries = 24;    /* not a power of two: the predictor's */
    slots.slots_per_warp = 16; /* more slots than paths: the PST's */
    const bad_params_t c[] = {
        {pend, FE_EPARAM_PEND_WIDTH},
        {warps, FE_EPARAM_NUM_WARPS},
        {many, FE_EPARAM_NUM_WARPS},
        {entries, FE_EPARAM_ENTRIES},
        {slots, FE_EPARAM_SLOTS_PER_WARP},
    };
    expect_bad_params(c, ARRAY_LEN(c));
    simtx_frontend_t *m = (simtx_frontend_t *)&m;
    assert_int_equal(simtx_frontend_create(NULL, &m), FE_EPARAM_NUM_WARPS);
    assert_null(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TB_TEST(test_fig3ab_divergent),
        TB_TEST(test_fig3c_useless),
        TB_TEST(test_wrong_direction),
        TB_TEST(test_convergence),
        TB_TEST(test_rollback),
        TB_TEST(test_core_errors),
        TB_TEST(test_deref_held),
        TB_TEST(test_init_running),
        TB_TEST(test_bcommit_no_buop),
        TB_TEST(test_bad_warp_in_port),
        TB_TEST(test_resolve_trains),
        TB_TEST(test_one_in_flight),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
