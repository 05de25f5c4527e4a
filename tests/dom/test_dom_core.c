/* Unit tests of the dom_core golden model (csim/dom/dom_core.c): the slip
 * controller gating the MDT, wired as rtl/dom/dom_core.sv documents.
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/dom -Itests/common \
 *       csim/dom/mdt.c csim/dom/slip_ctrl.c csim/dom/dom_core.c tests/dom/test_dom_core.c \
 *       -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/mdt.md,
 * docs/blocks/slip_ctrl.md and the DoM paper (SC'09): section 4.1 step 3
 * (an allocation refused because the slip controller decides the access
 * executes as a normal load) and section 5.1 (slip counters, blocking mode,
 * reset on reassignment). The children's own rules are tested in
 * test_mdt.c and test_slip_ctrl.c; these tests are about the wiring. Masks
 * are written with thread 0 as bit 0. A response shows in the outputs of
 * the cycle after its request. */
#include "test_util.h"

#include "dom_core.h"

#define LONG_PERIOD (1u << 24)
#define PC_A 0x10u
#define PC_B 0x24u

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(dom_core, DOMC_OK)
TEST_STEP_HELPERS(dom_core)

/* The small configuration: N warps of 4 threads, 2 MDT entries per warp,
 * 4-bit counters, max-slip 3; no adaptive-diff decision under the tests. */
static dom_core_params_t small(unsigned n)
{
    return (dom_core_params_t){
        .num_warps = n,         .entries_per_warp = 2,      .warp_width = 4,
        .pc_width = 8,          .counter_width = 4,         .sample_period = LONG_PERIOD,
        .init_max_slip = 3,     .idle_threshold = 0,        .stall_threshold = 0,
        .bytes_width = 4,       .fair_bytes = 0,
    };
}

/* An idle cycle looking at warp w (query and read ports) and entry e. */
static dom_core_out_t peek(dom_core_t *c, unsigned w, unsigned e)
{
    return step(c, &(dom_core_in_t){.acc_warp = w, .rd_warp = w, .rd_entry = e}, NULL);
}

static dom_core_events_t request(dom_core_t *c, unsigned op, unsigned w, uint64_t pc,
                                 uint64_t exec, uint64_t hit)
{
    dom_core_in_t in = {.acc_valid = true, .acc_op = op, .acc_warp = w, .rd_warp = w,
                        .acc_pc = pc, .acc_exec = exec, .acc_hit = hit};
    return step_ev(c, &in);
}

static dom_core_events_t access_(dom_core_t *c, unsigned w, uint64_t pc, uint64_t exec,
                                 uint64_t hit)
{
    return request(c, MDT_OP_ACCESS, w, pc, exec, hit);
}

static void fill(dom_core_t *c, unsigned w, unsigned e, uint64_t mask)
{
    dom_core_in_t in = {.fill_valid = true, .fill_warp = w, .fill_entry = e, .fill_mask = mask};
    step(c, &in, NULL);
}

/* One loop iteration of warp w at PC A in which thread 0 hits and threads
 * 1-3 miss, their lines return and they re-join: thread 0 slips one ahead. */
static void slip_one(dom_core_t *c, unsigned w)
{
    access_(c, w, PC_A, 0xf, 0x1);
    fill(c, w, 0, 0xe);
    access_(c, w, PC_A, 0x1, 0x1);
}

/* ------------------------------------------------------------------ */
/* tests                                                                */

/* The parameters are the children's: each child rejects its own. */
static void test_params(void **state)
{
    (void)state;
    dom_core_params_t p = small(2);
    dom_core_t *c = create_ok(&p);
    assert_int_equal(dom_core_params(c)->num_warps, 2);
    assert_int_equal(mdt_params(dom_core_mdt(c))->entries_per_warp, 2);
    assert_int_equal(slip_ctrl_params(dom_core_slip(c))->counter_width, 4);
    dom_core_destroy(c);

    bad_params_t bad[6];
    for (unsigned i = 0; i < 6; i++)
        bad[i].p = small(2);
    bad[0].p.num_warps = 0, bad[0].rc = DOMC_EPARAM_NUM_WARPS;
    bad[1].p.entries_per_warp = 9, bad[1].rc = DOMC_EPARAM_ENTRIES_PER_WARP;
    bad[2].p.pc_width = 3, bad[2].rc = DOMC_EPARAM_PC_WIDTH;
    bad[3].p.counter_width = 1, bad[3].rc = DOMC_EPARAM_COUNTER_WIDTH;
    bad[4].p.init_max_slip = 16, bad[4].rc = DOMC_EPARAM_INIT_MAX_SLIP; /* > 2^4 - 1 */
    bad[5].p.idle_threshold = LONG_PERIOD, bad[5].rc = DOMC_EPARAM_IDLE_THRESHOLD;
    expect_bad_params(bad, ARRAY_LEN(bad));
    assert_int_not_equal(dom_core_create(NULL, &c), DOMC_OK);
    dom_core_destroy(NULL);
}

/* Every ACCESS is the slip controller's event of its warp with the same
 * threads and hits; RELEASE its release; FORCE and op 3 neither. */
static void test_wiring(void **state)
{
    dom_core_params_t p = small(2);
    dom_core_t *c = *state = create_ok(&p);

    dom_core_events_t ev = access_(c, 1, PC_A, 0xf, 0x1);
    assert_true(ev.slip_in.ev_valid);
    assert_int_equal(ev.slip_in.ev_warp, 1);
    assert_int_equal(ev.slip_in.ev_exec, 0xf);
    assert_int_equal(ev.slip_in.ev_hit, 0x1);
    assert_false(ev.slip_in.rel_valid);
    assert_int_equal(ev.slip_in.q_warp, 1);
    assert_true(ev.slip.incremented); /* undiverged warp: the hitter +1 */
    assert_true(ev.mdt_in.acc_alloc_ok);
    assert_int_equal(ev.mdt.kind, MDT_KIND_ALLOCATED);

    dom_core_out_t o = peek(c, 1, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, MDT_ERR_NONE);
    assert_int_equal(o.rsp_kind, MDT_KIND_ALLOCATED);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, PC_A);
    assert_int_equal(o.rd_waiting, 0xe);
    assert_int_equal(o.rd_masked, 0xe);
    assert_int_equal(o.rd_counts[0], 1);
    assert_int_equal(o.rd_counts[1], 0);
    assert_int_equal(o.slip_err, SC_ERR_NONE);

    ev = request(c, MDT_OP_FORCE, 1, 0, 0, 0);
    assert_false(ev.slip_in.ev_valid);
    assert_false(ev.slip_in.rel_valid);
    assert_int_equal(ev.mdt.kind, MDT_KIND_FORCED);

    ev = request(c, MDT_OP_RESERVED, 1, 0, 0, 0);
    assert_false(ev.slip_in.ev_valid);
    assert_false(ev.slip_in.rel_valid);
    assert_int_equal(ev.mdt.err, MDT_ERR_BAD_OP);

    ev = request(c, MDT_OP_RELEASE, 1, 0, 0, 0);
    assert_false(ev.slip_in.ev_valid);
    assert_true(ev.slip_in.rel_valid);
    assert_int_equal(ev.slip_in.rel_warp, 1);
    o = peek(c, 1, 0);
    assert_int_equal(o.mdt_sticky, 1u << MDT_ERR_BAD_OP);
    assert_int_equal(o.slip_sticky, 0);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_masked, 0);
    assert_int_equal(o.rd_counts[0], 0); /* counters reset with the MDT's entries */

    /* the read port reads MDT entry and slip counters of one warp */
    access_(c, 0, PC_B, 0x3, 0x2);
    o = peek(c, 0, 0);
    assert_int_equal(o.rd_pc, PC_B);
    assert_int_equal(o.rd_waiting, 0x1);
    assert_int_equal(o.rd_counts[1], 1);
    o = peek(c, 1, 0);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_counts[1], 0);
}

/* Section 4.1 step 3 with 5.1: a warp in blocking mode is refused a new
 * entry although one is free, may still merge into an existing entry, and
 * leaves blocking mode when its disabled thread's counter drops. Other
 * warps are not affected. */
static void test_slip_limit_gates_allocation(void **state)
{
    dom_core_params_t p = small(2);
    dom_core_t *c = *state = create_ok(&p);

    slip_one(c, 1);
    slip_one(c, 1);
    dom_core_out_t o = peek(c, 1, 0);
    assert_int_equal(o.rd_counts[0], 2);
    assert_false(o.acc_block);

    /* thread 0 reaches max-slip 3; the MDT decided before: allocated */
    dom_core_events_t ev = access_(c, 1, PC_A, 0xf, 0x1);
    assert_true(ev.mdt_in.acc_alloc_ok);
    assert_int_equal(ev.mdt.kind, MDT_KIND_ALLOCATED);
    o = peek(c, 1, 0);
    assert_int_equal(o.rd_counts[0], 3);
    assert_true(o.acc_block);
    assert_int_equal(o.acc_limit, 0x1);
    assert_int_equal(o.max_slip, 3);
    /* the query port follows the access warp, the read port rd_warp */
    dom_core_in_t in = {0};
    in.acc_warp = 1;
    o = step(c, &in, NULL);
    assert_true(o.acc_block);
    assert_int_equal(o.rd_counts[0], 0);
    in.acc_warp = 0;
    in.rd_warp = 1;
    o = step(c, &in, NULL);
    assert_false(o.acc_block);
    assert_int_equal(o.acc_limit, 0);
    assert_int_equal(o.rd_counts[0], 3);

    /* thread 1's line returns; FORCE re-joins it (threads 2, 3 wait on) */
    fill(c, 1, 0, 0x2);
    ev = request(c, MDT_OP_FORCE, 1, 0, 0, 0);
    assert_int_equal(ev.mdt.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.mdt.rejoin, 0x2);

    /* thread 1 misses at B: entry 1 is free, the warp is blocking */
    ev = access_(c, 1, PC_B, 0x2, 0x0);
    assert_false(ev.mdt_in.acc_alloc_ok);
    assert_int_equal(ev.mdt.err, MDT_ERR_NONE);
    assert_int_equal(ev.mdt.kind, MDT_KIND_BLOCKING);
    o = peek(c, 1, 1);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_kind, MDT_KIND_BLOCKING);
    assert_false(o.rd_valid);
    assert_true(o.rd_free);

    /* warp 0 is not blocking: its misses get an entry */
    ev = access_(c, 0, PC_B, 0xf, 0x0);
    assert_true(ev.mdt_in.acc_alloc_ok);
    assert_int_equal(ev.mdt.kind, MDT_KIND_ALLOCATED);

    /* thread 1 at A again, hits: a blocking warp still merges; the tail hit,
     * so the disabled thread 0 -1 = 2: the limit clears */
    ev = access_(c, 1, PC_A, 0x2, 0x2);
    assert_false(ev.mdt_in.acc_alloc_ok);
    assert_int_equal(ev.mdt.kind, MDT_KIND_MERGED);
    assert_true(ev.slip.disabled_dec);
    o = peek(c, 1, 0);
    assert_int_equal(o.rd_counts[0], 2);
    assert_false(o.acc_block);
    assert_int_equal(o.acc_limit, 0);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_waiting, 0xc);

    /* reassigned: entries and counters cleared together */
    request(c, MDT_OP_RELEASE, 1, 0, 0, 0);
    o = peek(c, 1, 0);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_masked, 0);
    assert_int_equal(o.rd_counts[0], 0);
    assert_int_equal(o.mdt_sticky, 0);
    assert_int_equal(o.slip_sticky, 0);
}

/* Each child reports its own errors: an event the MDT accepts but the slip
 * controller rejects, and out-of-range warps on both. */
static void test_errors(void **state)
{
    dom_core_params_t p = small(3); /* warp id 3 is out of range */
    dom_core_t *c = *state = create_ok(&p);

    /* thread 0 limited; executing it anyway: the MDT accepts (it is not
     * masked off; threads 1-3 are READY), the slip controller rejects the
     * event */
    slip_one(c, 2);
    slip_one(c, 2);
    access_(c, 2, PC_A, 0xf, 0x1);
    fill(c, 2, 0, 0xe);
    dom_core_out_t o = peek(c, 2, 0);
    assert_int_equal(o.acc_limit, 0x1);
    assert_int_equal(o.rd_masked, 0xe);
    dom_core_events_t ev = access_(c, 2, PC_B, 0x1, 0x1);
    assert_int_equal(ev.mdt.err, MDT_ERR_NONE);
    assert_true(ev.slip.ev);
    assert_int_equal(ev.slip.err, SC_ERR_BAD_EXEC);
    o = peek(c, 2, 0);
    assert_int_equal(o.rsp_err, MDT_ERR_NONE);
    assert_int_equal(o.slip_err, SC_ERR_BAD_EXEC);
    assert_int_equal(o.rd_counts[0], 3); /* the rejected event changed nothing */

    /* ACCESS of warp 3: both reject it */
    ev = access_(c, 3, PC_A, 0x1, 0x0);
    assert_int_equal(ev.mdt.err, MDT_ERR_BAD_WARP);
    assert_int_equal(ev.slip.err, SC_ERR_BAD_WARP);
    o = peek(c, 0, 0);
    assert_int_equal(o.rsp_err, MDT_ERR_BAD_WARP);
    assert_int_equal(o.slip_err, SC_ERR_BAD_WARP);

    /* RELEASE of warp 3: the MDT rejects it, the slip controller ignores it */
    request(c, MDT_OP_RELEASE, 3, 0, 0, 0);
    o = peek(c, 0, 0);
    assert_int_equal(o.rsp_err, MDT_ERR_BAD_WARP);
    assert_int_equal(o.mdt_sticky, 1u << MDT_ERR_BAD_WARP);
    assert_int_equal(o.slip_sticky, (1u << SC_ERR_BAD_EXEC) | (1u << SC_ERR_BAD_WARP) |
                                        (1u << SC_ERR_BAD_RELEASE));
}

/* Adaptive diff runs on the core statistics ports; max-slip moves the slip
 * limit that gates the MDT. Period 4: not idle enough -> ALU-bound -> -1. */
static void test_adaptive_diff(void **state)
{
    dom_core_params_t p = small(1);
    p.sample_period = 4;
    p.idle_threshold = 1;
    p.stall_threshold = 4;
    p.fair_bytes = 100;
    dom_core_t *c = *state = create_ok(&p);

    slip_one(c, 0); /* cycles 1-3: thread 0's counter 1 */
    /* cycle 4: thread 0 +1 = 2, and the period ends (idle 0: -1 = 2) */
    access_(c, 0, PC_A, 0xf, 0x1);
    dom_core_in_t in = {0};
    dom_core_out_t o = step(c, &in, NULL);
    assert_true(o.period_end);
    assert_int_equal(o.max_slip, 2);
    assert_int_equal(o.adapt, SC_ADAPT_DEC);
    /* the counter now reaches max-slip: the warp is blocking */
    assert_true(o.acc_block);
    assert_int_equal(o.acc_limit, 0x1);
    dom_core_events_t ev = request(c, MDT_OP_FORCE, 0, 0, 0, 0);
    assert_false(ev.mdt_in.acc_alloc_ok);

    /* idle every cycle, no bytes: neither bound -> +1 = 3 */
    dom_core_reset(c);
    in.perf_idle = true;
    for (unsigned i = 0; i < 4; i++)
        step(c, &in, NULL);
    o = step(c, &in, NULL);
    assert_true(o.period_end);
    assert_int_equal(o.adapt, SC_ADAPT_INC);
    assert_int_equal(o.max_slip, 4);
    o = peek(c, 0, 0);
    assert_int_equal(o.rd_counts[0], 0); /* reset cleared the counters */
}

/* The outputs a core can see of c: every warp's and entry's read port and
 * the query port, the period registers and the sticky errors. */
static void expect_same_outputs(dom_core_t *a, dom_core_t *b, unsigned n)
{
    for (unsigned w = 0; w < n; w++)
        for (unsigned e = 0; e < 2; e++) {
            dom_core_in_t in = {.acc_warp = w, .rd_warp = w, .rd_entry = e};
            dom_core_out_t x, y;
            dom_core_eval(a, &in, &x);
            dom_core_eval(b, &in, &y);
            assert_memory_equal(&x, &y, sizeof x);
        }
}

/* dom_core_idle(n) leaves the state n request-free steps leave: gaps of
 * random length (crossing period ends: period 16) with random statistics
 * inputs, between random requests and fills (errors included: both see
 * the same), on one model run with idle() and one stepped. */
static void test_idle_equals_steps(void **state)
{
    dom_core_params_t p = small(2);
    p.sample_period = 16, p.idle_threshold = 3, p.stall_threshold = 6, p.fair_bytes = 40;
    dom_core_t *a = *state = create_ok(&p);
    dom_core_t *b = create_ok(&p);
    uint64_t seed = 0x5eed;
    for (unsigned round = 0; round < 2000; round++) {
        uint64_t r = xorshift64(&seed);
        dom_core_in_t in = {.perf_idle = r & 1, .perf_mem_stall = r >> 1 & 1,
                            .perf_bytes = (unsigned)(r >> 2 & 15)};
        if (r >> 6 & 1) { /* a request and a fill, as a core makes them */
            in.acc_valid = r >> 7 & 1, in.acc_op = (unsigned)(r >> 8 & 3);
            in.acc_warp = (unsigned)(r >> 10 & 1), in.acc_pc = r >> 11 & 1 ? PC_A : PC_B;
            in.acc_exec = r >> 12 & 0xf, in.acc_hit = r >> 16 & 0xf;
            in.fill_valid = r >> 20 & 1, in.fill_warp = (unsigned)(r >> 21 & 1);
            in.fill_entry = (unsigned)(r >> 22 & 1), in.fill_mask = r >> 23 & 0xf;
            step(a, &in, NULL);
            step(b, &in, NULL);
        } else {
            uint64_t n = r >> 32 & 63;
            in.acc_valid = r >> 7 & 1, in.fill_valid = r >> 20 & 1; /* ignored */
            dom_core_idle(a, &in, n);
            in.acc_valid = in.fill_valid = false;
            for (uint64_t i = 0; i < n; i++)
                step(b, &in, NULL);
        }
        expect_same_outputs(a, b, 2);
    }
    dom_core_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_wiring),
        UNIT_TEST(test_slip_limit_gates_allocation),
        UNIT_TEST(test_errors),
        UNIT_TEST(test_adaptive_diff),
        UNIT_TEST(test_idle_equals_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
