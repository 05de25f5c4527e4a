/* Unit tests of the slip_ctrl golden model (csim/dom/slip_ctrl.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/dom -Itests/common csim/dom/mdt.c csim/dom/slip_ctrl.c tests/dom/test_slip_ctrl.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/slip_ctrl.md and
 * the DoM paper (SC'09): section 5.1 (slip counters, slip-limit mask,
 * blocking mode, reset on reassignment), section 5.2 (adaptive diff over
 * sampling periods of 100000 cycles), section 6 / Table 1 (8-bit counters).
 * Masks are written with thread 0 as bit 0.
 *
 * Tests of the event rules use a sampling period of 2^24 so no adaptive-diff
 * decision moves max-slip under them. */
#include "test_util.h"

#include "slip_ctrl.h"

#define LONG_PERIOD (1u << 24)

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(slip_ctrl, SC_OK)
TEST_STEP_HELPERS(slip_ctrl)

#define SC_EVENT_FIELDS(X)                                                               \
    X(ev) X(err) X(diverge_event) X(incremented) X(decremented) X(disabled_dec)          \
    X(released) X(saturated) X(period_end) X(adapt)

/* An events literal: the fields not named are 0. */
#define EV(...) ((slip_ctrl_events_t){__VA_ARGS__})

static slip_ctrl_params_t params(unsigned n, unsigned w, unsigned cw, unsigned period,
                                 unsigned init, unsigned idle_t, unsigned stall_t,
                                 unsigned bw, uint64_t fair)
{
    slip_ctrl_params_t p = {n, w, cw, period, init, idle_t, stall_t, bw, fair};
    return p;
}

static slip_ctrl_t *make(unsigned n, unsigned w, unsigned cw, unsigned period, unsigned init,
                         unsigned idle_t, unsigned stall_t, unsigned bw, uint64_t fair)
{
    slip_ctrl_params_t p = params(n, w, cw, period, init, idle_t, stall_t, bw, fair);
    return create_ok(&p);
}

/* An event-rule controller: N warps of W threads, 8-bit counters. */
static slip_ctrl_t *make_ev(unsigned n, unsigned w, unsigned init)
{
    return make(n, w, 8, LONG_PERIOD, init, 0, 0, 8, 0);
}

/* An idle cycle: the query port at warp qw, the read port at warp rw. */
static slip_ctrl_out_t peek(slip_ctrl_t *m, unsigned qw, unsigned rw)
{
    return step(m, &(slip_ctrl_in_t){.q_warp = qw, .rd_warp = rw}, NULL);
}

static slip_ctrl_events_t event(slip_ctrl_t *m, unsigned w, uint64_t exec, uint64_t hit)
{
    slip_ctrl_in_t in = {.ev_valid = true, .ev_warp = w, .ev_exec = exec, .ev_hit = hit};
    return step_ev(m, &in);
}

static slip_ctrl_events_t release(slip_ctrl_t *m, unsigned w)
{
    slip_ctrl_in_t in = {.rel_valid = true, .rel_warp = w};
    return step_ev(m, &in);
}

static void check_ev(const slip_ctrl_events_t *got, slip_ctrl_events_t w)
{
    const slip_ctrl_events_t *want = &w;
    SC_EVENT_FIELDS(EXPECT_SAME_FIELD)
}

/* An event of warp w whose events must be `want` (ev filled in). */
static void expect_event(slip_ctrl_t *m, unsigned w, uint64_t exec, uint64_t hit,
                         slip_ctrl_events_t want)
{
    slip_ctrl_events_t ev = event(m, w, exec, hit);
    want.ev = true;
    check_ev(&ev, want);
}

/* counters of warp w, threads 0..3, as four values */
static void check_c4(const slip_ctrl_t *m, unsigned w, unsigned c0, unsigned c1,
                     unsigned c2, unsigned c3)
{
    assert_int_equal(slip_ctrl_counter(m, w, 0), c0);
    assert_int_equal(slip_ctrl_counter(m, w, 1), c1);
    assert_int_equal(slip_ctrl_counter(m, w, 2), c2);
    assert_int_equal(slip_ctrl_counter(m, w, 3), c3);
}

/* the read port: counters of threads 0..3, and 0 for every other thread */
static void check_rd4(const slip_ctrl_out_t *o, unsigned c0, unsigned c1, unsigned c2,
                      unsigned c3)
{
    const unsigned c[4] = {c0, c1, c2, c3};
    for (unsigned t = 0; t < SC_WARP_WIDTH_MAX; t++)
        assert_int_equal(o->rd_counts[t], t < 4 ? c[t] : 0);
}

/* the query port: blocking mode and the slip-limit mask */
static void check_q(const slip_ctrl_out_t *o, bool block, uint64_t limit)
{
    assert_int_equal(o->q_block, block);
    assert_int_equal(o->q_limit, limit);
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    const bad_params_t bad[] = {
        {params(0, 4, 8, 100, 8, 5, 25, 8, 0), SC_EPARAM_NUM_WARPS},
        {params(65, 4, 8, 100, 8, 5, 25, 8, 0), SC_EPARAM_NUM_WARPS},
        {params(1, 1, 8, 100, 8, 5, 25, 8, 0), SC_EPARAM_WARP_WIDTH},
        {params(1, 65, 8, 100, 8, 5, 25, 8, 0), SC_EPARAM_WARP_WIDTH},
        {params(1, 4, 1, 100, 1, 5, 25, 8, 0), SC_EPARAM_COUNTER_WIDTH},
        {params(1, 4, 17, 100, 8, 5, 25, 8, 0), SC_EPARAM_COUNTER_WIDTH},
        {params(1, 4, 8, 1, 8, 0, 0, 8, 0), SC_EPARAM_SAMPLE_PERIOD},
        {params(1, 4, 8, (1u << 24) + 1, 8, 5, 25, 8, 0), SC_EPARAM_SAMPLE_PERIOD},
        {params(1, 4, 8, 100, 0, 5, 25, 8, 0), SC_EPARAM_INIT_MAX_SLIP},
        {params(1, 4, 8, 100, 256, 5, 25, 8, 0), SC_EPARAM_INIT_MAX_SLIP},
        {params(1, 4, 2, 100, 4, 5, 25, 8, 0), SC_EPARAM_INIT_MAX_SLIP},
        {params(1, 4, 8, 100, 8, 100, 25, 8, 0), SC_EPARAM_IDLE_THRESHOLD},
        {params(1, 4, 8, 100, 8, 5, 101, 8, 0), SC_EPARAM_STALL_THRESHOLD},
        {params(1, 4, 8, 100, 8, 5, 25, 0, 0), SC_EPARAM_BYTES_WIDTH},
        {params(1, 4, 8, 100, 8, 5, 25, 17, 0), SC_EPARAM_BYTES_WIDTH},
        /* several bad: the ranges in the order of the codes, then the rules */
        {params(0, 0, 0, 0, 0, 0, 0, 0, 0), SC_EPARAM_NUM_WARPS},
        {params(1, 0, 0, 0, 0, 0, 0, 0, 0), SC_EPARAM_WARP_WIDTH},
        {params(1, 2, 0, 0, 0, 0, 0, 0, 0), SC_EPARAM_COUNTER_WIDTH},
        {params(1, 2, 2, 0, 0, 0, 0, 0, 0), SC_EPARAM_SAMPLE_PERIOD},
        {params(1, 2, 2, 2, 0, 9, 9, 0, 0), SC_EPARAM_INIT_MAX_SLIP},
        {params(1, 2, 2, 2, 1, 9, 9, 0, 0), SC_EPARAM_BYTES_WIDTH},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));
    slip_ctrl_t *m = (slip_ctrl_t *)1;
    slip_ctrl_params_t ok = params(1, 4, 8, 100, 8, 5, 25, 8, 0);
    assert_int_equal(slip_ctrl_create(NULL, &m), SC_EPARAM_NUM_WARPS);
    assert_int_equal(slip_ctrl_create(&ok, NULL), SC_EPARAM_NUM_WARPS);

    const slip_ctrl_params_t edges[] = {
        params(1, 2, 2, 2, 1, 1, 2, 1, 0),
        params(1, 2, 2, 2, 3, 0, 0, 1, 0),
        params(64, 64, 16, 1u << 24, 65535, (1u << 24) - 1, 1u << 24, 16, ~UINT64_C(0)),
        params(3, 5, 8, 100000, 8, 5000, 25000, 8, 400000),
    };
    for (size_t i = 0; i < ARRAY_LEN(edges); i++) {
        m = create_ok(&edges[i]);
        assert_memory_equal(slip_ctrl_params(m), &edges[i], sizeof edges[i]);
        assert_int_equal(slip_ctrl_max_slip(m), edges[i].init_max_slip);
        slip_ctrl_destroy(m);
    }
    slip_ctrl_destroy(NULL);
}

static void test_reset_state(void **state)
{
    slip_ctrl_t *m = *state = make_ev(2, 4, 8);
    slip_ctrl_out_t o = peek(m, 1, 1);
    check_q(&o, false, 0);
    assert_int_equal(o.max_slip, 8);
    assert_int_equal(o.adapt, SC_ADAPT_HOLD);
    assert_false(o.period_end);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0);
    check_rd4(&o, 0, 0, 0, 0);
    check_c4(m, 0, 0, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 0), 0);
}

/* ------------------------------------------------------------------ */
/* section 5.1 event rules                                              */

/* Undiverged warp: a divergent access counts the hitters up; a uniform
 * access changes nothing; threads inactive on the branch stack are not
 * considered. */
static void test_undiverged_increment(void **state)
{
    slip_ctrl_t *m = *state = make_ev(2, 4, 8);
    const slip_ctrl_events_t up = EV(.diverge_event = true, .incremented = true);

    expect_event(m, 0, 0xF, 0xF, EV(0)); /* all hit */
    expect_event(m, 0, 0xF, 0x0, EV(0)); /* all miss */
    check_c4(m, 0, 0, 0, 0, 0);

    expect_event(m, 0, 0xF, 0x3, up); /* 0, 1 hit; 2, 3 miss */
    check_c4(m, 0, 1, 1, 0, 0);
    check_c4(m, 1, 0, 0, 0, 0);
    slip_ctrl_out_t o = peek(m, 0, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, SC_ERR_NONE);
    check_rd4(&o, 1, 1, 0, 0);
    assert_false(o.q_block); /* 1 < max-slip 8 */

    /* threads 0, 1 inactive on the branch stack: only 2, 3 are considered,
     * both at 0, so the warp counts as undiverged for this access */
    expect_event(m, 0, 0xC, 0x4, up);
    check_c4(m, 0, 1, 1, 1, 0);

    /* an inactive thread hitting does not count: hit bits outside exec */
    expect_event(m, 1, 0x3, 0xD, up); /* exec 0,1: 0 hits, 1 misses */
    check_c4(m, 1, 1, 0, 0, 0);
}

/* Diverged warp: decrement when the tail all hits, no change otherwise. */
static void test_diverged_rules(void **state)
{
    slip_ctrl_t *m = *state = make_ev(1, 4, 8);
    event(m, 0, 0xF, 0x3);
    check_c4(m, 0, 1, 1, 0, 0); /* tail = threads 2, 3 */

    /* thread 3 (tail) misses while 0, 1, 2 hit: the hitters move ahead */
    expect_event(m, 0, 0xF, 0x7, EV(.diverge_event = true, .incremented = true));
    check_c4(m, 0, 2, 2, 1, 0); /* tail = thread 3 */

    /* the tail (3) hits, thread 1 misses: thread 1 falls back by one */
    expect_event(m, 0, 0xF, 0xD, EV(.diverge_event = true, .decremented = true));
    check_c4(m, 0, 2, 1, 1, 0);

    /* all hit on a diverged warp, nobody disabled: nothing to decrement */
    expect_event(m, 0, 0xF, 0xF, EV(0));
    check_c4(m, 0, 2, 1, 1, 0);

    /* only the leader executes (the tail is inactive on the branch stack)
     * and misses: no executing tail thread, so "all tail threads hit" holds
     * vacuously and the leader's counter drops */
    expect_event(m, 0, 0x1, 0x0, EV(.decremented = true));
    check_c4(m, 0, 1, 1, 1, 0);

    /* the tail (3) hits alone: everybody else falls back to 0 */
    expect_event(m, 0, 0xF, 0x8, EV(.diverge_event = true, .decremented = true));
    check_c4(m, 0, 0, 0, 0, 0);

    /* undiverged again: the same split now counts thread 3 up */
    expect_event(m, 0, 0xF, 0x8, EV(.diverge_event = true, .incremented = true));
    check_c4(m, 0, 0, 0, 0, 1);
}

/* Reaching max-slip disables the thread and blocks the warp; the disabled
 * threads are decremented when the remaining threads hit; falling below
 * max-slip clears the limit. Max-slip 1 here. */
static void test_slip_limit(void **state)
{
    slip_ctrl_t *m = *state = make_ev(2, 4, 1);
    const slip_ctrl_events_t up = EV(.diverge_event = true, .incremented = true);
    const slip_ctrl_events_t down = EV(.decremented = true, .disabled_dec = true);

    slip_ctrl_in_t in = {.ev_valid = true, .ev_warp = 1, .ev_exec = 0xF, .ev_hit = 0x3,
                         .q_warp = 1};
    slip_ctrl_events_t ev;
    slip_ctrl_out_t o = step(m, &in, &ev);
    assert_false(o.q_block); /* registered: not yet */
    check_ev(&ev, EV(.ev = true, .diverge_event = true, .incremented = true));
    check_c4(m, 1, 1, 1, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 1), 0x3);
    assert_int_equal(slip_ctrl_limit(m, 0), 0);
    o = peek(m, 1, 1);
    check_q(&o, true, 0x3);
    o = peek(m, 0, 0);
    check_q(&o, false, 0);

    /* a disabled thread executing is an error, nothing changes */
    expect_event(m, 1, 0x5, 0x4, EV(.err = SC_ERR_BAD_EXEC));
    check_c4(m, 1, 1, 1, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 1), 0x3);

    /* the remaining threads: 2 hits, 3 (tail) misses: 2 moves ahead and is
     * disabled as well */
    expect_event(m, 1, 0xC, 0x4, up);
    check_c4(m, 1, 1, 1, 1, 0);
    assert_int_equal(slip_ctrl_limit(m, 1), 0x7);
    assert_true(peek(m, 1, 1).q_block);

    /* the remaining thread (3, the tail) hits: the disabled ones are
     * decremented and the limit clears at this edge */
    expect_event(m, 1, 0x8, 0x8, down);
    check_c4(m, 1, 0, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 1), 0);
    o = peek(m, 1, 1);
    check_q(&o, false, 0);

    /* thread 3 alone leads and is disabled; the others are the tail */
    event(m, 1, 0xB, 0x8); /* 3 hits: c3 = 1, L = 0x8 */
    assert_int_equal(slip_ctrl_limit(m, 1), 0x8);
    check_c4(m, 1, 0, 0, 0, 1);
    expect_event(m, 1, 0x7, 0x3, up); /* tail 0,1,2: 2 misses; 0, 1 move ahead */
    check_c4(m, 1, 1, 1, 0, 1);
    assert_int_equal(slip_ctrl_limit(m, 1), 0xB);
    expect_event(m, 1, 0x4, 0x4, down); /* the tail (2) hits */
    assert_int_equal(slip_ctrl_limit(m, 1), 0);
    check_c4(m, 1, 0, 0, 0, 0);
}

/* The slip-limit masks follow max-slip changes too, for every warp. */
static void test_limit_follows_max_slip(void **state)
{
    /* period 2; idle 0 <= 0 -> ALU bound; stall 0 < 1 -> not latency
     * bound: every period decrements max-slip */
    slip_ctrl_t *m = *state = make(3, 4, 8, 2, 2, 0, 1, 8, 0);
    event(m, 0, 0xF, 0x1);                      /* cycle 1 */
    check_c4(m, 0, 1, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 0), 0); /* 1 < 2 */
    /* cycle 2: period end */
    expect_event(m, 2, 0x3, 0x2,
                 EV(.diverge_event = true, .incremented = true, .period_end = true,
                    .adapt = SC_ADAPT_DEC));
    assert_int_equal(slip_ctrl_max_slip(m), 1);
    assert_int_equal(slip_ctrl_limit(m, 0), 0x1);
    assert_int_equal(slip_ctrl_limit(m, 1), 0);
    assert_int_equal(slip_ctrl_limit(m, 2), 0x2);
    slip_ctrl_out_t o = peek(m, 2, 2);          /* cycle 3 */
    assert_true(o.period_end);
    assert_int_equal(o.adapt, SC_ADAPT_DEC);
    assert_int_equal(o.max_slip, 1);
    check_q(&o, true, 0x2);
    destroy_state(state);

    /* max-slip rising above the counters clears the limits: idle every
     * cycle (2 > 0: not ALU bound), no bytes (0 <= 0: not bandwidth bound) */
    m = *state = make(2, 4, 8, 2, 1, 0, 1, 8, 0);
    slip_ctrl_in_t in = {.perf_idle = true, .ev_valid = true, .ev_warp = 1, .ev_exec = 0xF,
                         .ev_hit = 0x6};
    slip_ctrl_events_t ev;
    step(m, &in, &ev);                          /* cycle 1 */
    assert_int_equal(slip_ctrl_limit(m, 1), 0x6);
    in.ev_valid = false;
    step(m, &in, &ev);                          /* cycle 2 */
    assert_true(ev.period_end);
    assert_int_equal(ev.adapt, SC_ADAPT_INC);
    assert_int_equal(slip_ctrl_max_slip(m), 2);
    assert_int_equal(slip_ctrl_limit(m, 1), 0);
    check_c4(m, 1, 0, 1, 1, 0);
}

/* A thread at max-slip is disabled and so never counts further: over a
 * long pseudo-random event stream that executes only enabled threads, no
 * counter exceeds max-slip and none saturates. */
static void test_counters_bounded(void **state)
{
    slip_ctrl_t *m = *state = make(2, 8, 2, LONG_PERIOD, 3, 0, 0, 8, 0);
    uint64_t s = 88172645463325252u;
    unsigned highest = 0;
    for (int i = 0; i < 20000; i++) {
        xorshift64(&s);
        unsigned w = (unsigned)(s & 1u);
        uint64_t exec = ((s >> 8) & 0xFF) & ~slip_ctrl_limit(m, w);
        slip_ctrl_events_t ev = event(m, w, exec, (s >> 16) & 0xFF);
        assert_int_equal(ev.err, SC_ERR_NONE);
        assert_false(ev.saturated);
        for (unsigned t = 0; t < 8; t++) {
            unsigned c = slip_ctrl_counter(m, w, t);
            assert_true(c <= 3);
            assert_int_equal((slip_ctrl_limit(m, w) >> t) & 1u, c >= 3);
            highest = c > highest ? c : highest;
        }
    }
    assert_int_equal(highest, 3); /* slip does reach max-slip */
}

/* RELEASE: counters reset on warp reassignment; it wins over a same-cycle
 * event of the same warp. */
static void test_release(void **state)
{
    slip_ctrl_t *m = *state = make_ev(3, 4, 1);
    event(m, 0, 0xF, 0x3);
    event(m, 1, 0xF, 0xC);
    assert_int_equal(slip_ctrl_limit(m, 0), 0x3);
    assert_int_equal(slip_ctrl_limit(m, 1), 0xC);

    slip_ctrl_events_t ev = release(m, 0);
    check_ev(&ev, EV(.released = true));
    check_c4(m, 0, 0, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 0), 0);
    check_c4(m, 1, 0, 0, 1, 1);
    slip_ctrl_out_t o = peek(m, 0, 0);
    assert_false(o.q_block);
    assert_false(o.rsp_valid); /* a release has no response */

    /* release and event of the same warp: the event is accepted and
     * reported; its counter changes are discarded */
    slip_ctrl_in_t in = {.ev_valid = true, .ev_warp = 2, .ev_exec = 0xF, .ev_hit = 0x1,
                         .rel_valid = true, .rel_warp = 2};
    step(m, &in, &ev);
    check_ev(&ev, EV(.ev = true, .released = true, .diverge_event = true));
    check_c4(m, 2, 0, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 2), 0);
    o = peek(m, 2, 2);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, SC_ERR_NONE);
    assert_false(o.q_block);

    /* release of one warp and an event of another: both apply */
    in.ev_warp = 0;
    in.ev_hit = 0x1;
    in.rel_warp = 1;
    step(m, &in, &ev);
    check_ev(&ev, EV(.ev = true, .released = true, .diverge_event = true,
                     .incremented = true));
    check_c4(m, 0, 1, 0, 0, 0);
    check_c4(m, 1, 0, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 0), 0x1);
    assert_int_equal(slip_ctrl_limit(m, 1), 0);

    /* a release with a disabled-thread event of the same warp: the event is
     * rejected (BAD_EXEC, L at the start of the cycle), the release applies */
    in.ev_warp = 0;
    in.ev_exec = 0x1;
    in.rel_warp = 0;
    step(m, &in, &ev);
    check_ev(&ev, EV(.ev = true, .err = SC_ERR_BAD_EXEC, .released = true));
    check_c4(m, 0, 0, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 0), 0);
}

/* ------------------------------------------------------------------ */
/* errors, timing, read port                                            */

static void test_errors(void **state)
{
    slip_ctrl_t *m = *state = make_ev(3, 4, 1); /* warp id 2 bits: 3 is out of range */
    event(m, 1, 0xF, 0x1);                      /* c = 1,0,0,0; L = 0x1 */

    expect_event(m, 3, 0xF, 0x1, EV(.err = SC_ERR_BAD_WARP));
    slip_ctrl_out_t o = peek(m, 1, 1);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, SC_ERR_BAD_WARP);
    assert_int_equal(o.err_sticky, 1u << SC_ERR_BAD_WARP);

    expect_event(m, 1, 0x3, 0x2, EV(.err = SC_ERR_BAD_EXEC));
    check_c4(m, 1, 1, 0, 0, 0);
    assert_int_equal(slip_ctrl_limit(m, 1), 0x1);
    o = peek(m, 1, 1);
    assert_int_equal(o.rsp_err, SC_ERR_BAD_EXEC);
    assert_int_equal(o.err_sticky, 0x6);

    /* BAD_RELEASE: sticky only, no response, nothing released */
    assert_false(release(m, 3).released);
    o = peek(m, 1, 1);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0xE);
    check_c4(m, 1, 1, 0, 0, 0);

    /* a bad event and a bad release together: the response carries the
     * event's code */
    slip_ctrl_t *m2 = make_ev(3, 4, 1);
    slip_ctrl_in_t in = {.ev_valid = true, .ev_warp = 3, .rel_valid = true, .rel_warp = 3};
    slip_ctrl_events_t ev;
    step(m2, &in, &ev);
    assert_int_equal(ev.err, SC_ERR_BAD_WARP);
    o = peek(m2, 0, 0);
    assert_int_equal(o.rsp_err, SC_ERR_BAD_WARP);
    assert_int_equal(o.err_sticky, 0xA);
    o = peek(m2, 0, 0);
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0xA);
    slip_ctrl_destroy(m2);

    /* the state still works after errors */
    expect_event(m, 1, 0xE, 0xE, EV(.decremented = true, .disabled_dec = true));
    check_c4(m, 1, 0, 0, 0, 0);
}

static void test_read_port_and_truncation(void **state)
{
    /* N = 3: 2-bit warp ids; W = 6 */
    slip_ctrl_t *m = *state = make_ev(3, 6, 8);
    /* warp 6 -> 2, exec/hit bits above W ignored: exec 0x3F, hit 0x05 */
    expect_event(m, 6, 0xFFF, 0xFC5, EV(.diverge_event = true, .incremented = true));
    for (unsigned t = 0; t < 6; t++)
        assert_int_equal(slip_ctrl_counter(m, 2, t), (t == 0 || t == 2) ? 1u : 0u);

    slip_ctrl_out_t o = peek(m, 2, 2);
    check_rd4(&o, 1, 0, 1, 0); /* threads 3-5 at 0 too */
    /* rd_warp 6 -> 2 as well */
    o = peek(m, 0, 6);
    assert_int_equal(o.rd_counts[0], 1);
    /* warp 3 is out of range: zeros */
    o = peek(m, 3, 3);
    check_q(&o, false, 0);
    check_rd4(&o, 0, 0, 0, 0);
    /* views out of range */
    assert_int_equal(slip_ctrl_counter(m, 3, 0), 0);
    assert_int_equal(slip_ctrl_counter(m, 2, 6), 0);
    assert_int_equal(slip_ctrl_limit(m, 3), 0);

    /* the read port shows the state before the edge */
    o = step(m, &(slip_ctrl_in_t){.rel_valid = true, .rel_warp = 2, .rd_warp = 2}, NULL);
    assert_int_equal(o.rd_counts[0], 1);
    o = peek(m, 2, 2);
    assert_int_equal(o.rd_counts[0], 0);
}

static void test_width_64_counter_16(void **state)
{
    slip_ctrl_t *m = *state = make(64, 64, 16, LONG_PERIOD, 1, 0, 0, 16, 0);
    const uint64_t top = UINT64_C(1) << 63;
    expect_event(m, 63, ~UINT64_C(0), top, EV(.diverge_event = true, .incremented = true));
    assert_int_equal(slip_ctrl_counter(m, 63, 63), 1);
    assert_int_equal(slip_ctrl_counter(m, 63, 62), 0);
    assert_int_equal(slip_ctrl_limit(m, 63), top);
    slip_ctrl_out_t o = peek(m, 63, 63);
    check_q(&o, true, top);
    assert_int_equal(o.rd_counts[63], 1);
    expect_event(m, 63, ~top, ~top, EV(.decremented = true, .disabled_dec = true));
    assert_int_equal(slip_ctrl_limit(m, 63), 0);
}

static void test_reset(void **state)
{
    /* N = 3, period 2, no idle and no stall: every period decrements */
    slip_ctrl_t *m = *state = make(3, 4, 4, 2, 5, 0, 1, 8, 0);
    event(m, 0, 0xF, 0x1); /* cycle 1 */
    event(m, 3, 0xF, 0x1); /* cycle 2: BAD_WARP; period end: 5 -> 4 */
    release(m, 0);         /* cycle 3 */
    event(m, 1, 0xF, 0x2); /* cycle 4: period end: 4 -> 3 */
    assert_int_equal(slip_ctrl_max_slip(m), 3);
    check_c4(m, 1, 0, 1, 0, 0);
    slip_ctrl_reset(m);
    slip_ctrl_out_t o = peek(m, 1, 1);
    assert_int_equal(o.max_slip, 5);
    assert_false(o.period_end);
    assert_int_equal(o.adapt, 0);
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0);
    check_c4(m, 1, 0, 0, 0, 0);
    /* the period restarts at reset: the peek was cycle 1, this is cycle 2 */
    slip_ctrl_events_t ev = release(m, 0);
    check_ev(&ev, EV(.released = true, .period_end = true, .adapt = SC_ADAPT_DEC));
    assert_int_equal(slip_ctrl_max_slip(m), 4);
}

/* ------------------------------------------------------------------ */
/* section 5.2: adaptive diff                                           */

/* One sampling period of `period` cycles: idle on the first n_idle cycles,
 * stalled on the first n_stall, `bytes` off-chip bytes on the first cycle.
 * *first = outputs of its first cycle (the previous period's decision);
 * returns the events of its last cycle. Checks period_end stays 0 on the
 * cycles in between. */
static slip_ctrl_events_t run_period(slip_ctrl_t *m, unsigned period, unsigned n_idle,
                                     unsigned n_stall, unsigned bytes, slip_ctrl_out_t *first)
{
    slip_ctrl_events_t ev = {0};
    for (unsigned c = 0; c < period; c++) {
        slip_ctrl_in_t in = {.perf_idle = c < n_idle, .perf_mem_stall = c < n_stall,
                             .perf_bytes = c == 0 ? bytes : 0};
        slip_ctrl_out_t o = step(m, &in, &ev);
        if (c == 0)
            *first = o;
        if (c > 0)
            assert_false(o.period_end);
        if (c + 1 < period)
            assert_false(ev.period_end);
    }
    assert_true(ev.period_end);
    return ev;
}

static void test_adaptive_short_period(void **state)
{
    /* period 4; ALU bound at idle <= 1; latency bound at stall >= 2;
     * bandwidth bound above 10 bytes; 2-bit counters: max-slip 1..3 */
    slip_ctrl_t *m = *state = make(1, 4, 2, 4, 2, 1, 2, 8, 10);
    /* a period's statistics, the decision at its end and max-slip after
     * it; its first cycle shows the decision before (period_end, adapt and
     * max-slip: out of reset no decision, HOLD, 2) */
    static const struct {
        unsigned idle, stall, bytes, adapt, max_slip;
    } periods[] = {
        {2, 0, 10, SC_ADAPT_INC, 3},  /* idle 2 > 1, bytes 10 (not above 10): neither -> +1 */
        {4, 4, 0, SC_ADAPT_INC, 3},   /* same -> +1 held at 2^2 - 1 = 3 */
        /* idle 1 (ALU bound, at the threshold), stall 2 (latency bound, at
         * the threshold): in balance -> hold */
        {1, 2, 0, SC_ADAPT_HOLD, 3},
        {0, 1, 0, SC_ADAPT_DEC, 2},   /* idle 0, stall 1: ALU bound only -> -1 */
        {4, 0, 11, SC_ADAPT_DEC, 1},  /* idle 4, bytes 11: bandwidth bound only -> -1 */
        {4, 0, 200, SC_ADAPT_DEC, 1}, /* again -> held at 1 */
        {4, 4, 11, SC_ADAPT_HOLD, 1}, /* bandwidth and latency bound: hold */
        {2, 0, 0, SC_ADAPT_INC, 2},   /* idle 2, bytes 0 -> +1 */
    };
    bool decided = false;
    unsigned adapt = SC_ADAPT_HOLD, max_slip = 2;
    slip_ctrl_out_t o;
    for (size_t i = 0; i < ARRAY_LEN(periods); i++) {
        slip_ctrl_events_t ev = run_period(m, 4, periods[i].idle, periods[i].stall,
                                           periods[i].bytes, &o);
        assert_int_equal(o.period_end, decided);
        assert_int_equal(o.adapt, adapt);
        assert_int_equal(o.max_slip, max_slip);
        assert_int_equal(ev.adapt, periods[i].adapt);
        assert_int_equal(slip_ctrl_max_slip(m), periods[i].max_slip);
        decided = true;
        adapt = periods[i].adapt;
        max_slip = periods[i].max_slip;
    }

    /* after the decision cycle, period_end drops and adapt holds */
    o = peek(m, 0, 0);
    assert_true(o.period_end);
    assert_int_equal(o.adapt, SC_ADAPT_INC);
    assert_int_equal(o.max_slip, 2);
    o = peek(m, 0, 0);
    assert_false(o.period_end);
    assert_int_equal(o.adapt, SC_ADAPT_INC);
}

/* Bytes are truncated to BytesWidth and the totals restart each period. */
static void test_adaptive_bytes_width(void **state)
{
    /* period 2; bandwidth bound above 29 bytes; idle every cycle with idle
     * threshold 0: never ALU bound; no stall (threshold 2): not latency
     * bound. 4-bit byte counts: at most 15 a cycle. */
    slip_ctrl_t *m = *state = make(1, 2, 4, 2, 5, 0, 2, 4, 29);
    static const unsigned bytes[4][2] = {
        {0x1F, 14},   /* 15 + 14 = 29: not above -> +1 = 6 */
        {15, 15},     /* 30 > 29: bandwidth bound -> -1 = 5 */
        {0x10, 15},   /* 0 + 15 (totals restarted) -> +1 = 6 */
        {0x2F, 0x1E}, /* 15 + 14 = 29 -> +1 = 7 */
    };
    static const unsigned adapt[4] = {SC_ADAPT_INC, SC_ADAPT_DEC, SC_ADAPT_INC, SC_ADAPT_INC};
    static const unsigned slip[4] = {6, 5, 6, 7};
    for (unsigned i = 0; i < 4; i++) {
        slip_ctrl_events_t ev;
        for (unsigned c = 0; c < 2; c++) {
            slip_ctrl_in_t in = {0};
            in.perf_idle = true;
            in.perf_bytes = bytes[i][c];
            step(m, &in, &ev);
        }
        assert_true(ev.period_end);
        assert_int_equal(ev.adapt, adapt[i]);
        assert_int_equal(slip_ctrl_max_slip(m), slip[i]);
    }
}

/* The paper's sampling period of 100000 cycles with Table 1's 8-bit
 * counters and the default thresholds: idle 5000 (SamplePeriod/20), stall
 * 25000 (SamplePeriod/4); fair share 400000 bytes (4 bytes a cycle). */
static void test_adaptive_paper_period(void **state)
{
    slip_ctrl_t *m = *state = make(4, 32, 8, 100000, 8, 5000, 25000, 8, 400000);
    slip_ctrl_out_t o;
    slip_ctrl_events_t ev;

    /* period 1 (cycles 1..100000): idle every 10th cycle = 10000 (> 5000),
     * 3 bytes a cycle = 300000 (<= 400000), stall every 8th = 12500: neither
     * ALU nor bandwidth bound -> max-slip 9. Divergent events of warp 2 run
     * alongside and do not disturb the statistics. */
    for (unsigned c = 1; c <= 100000; c++) {
        slip_ctrl_in_t in = {0};
        in.perf_idle = c % 10 == 0;
        in.perf_mem_stall = c % 8 == 0;
        in.perf_bytes = 3;
        in.ev_valid = c % 1000 == 0;
        in.ev_warp = 2;
        in.ev_exec = 0xFFFFFFFFu;
        in.ev_hit = 0x0000FFFFu;
        o = step(m, &in, &ev);
        assert_false(o.period_end);
        assert_int_equal(o.max_slip, 8);
        assert_int_equal(ev.period_end, c == 100000);
    }
    assert_int_equal(ev.adapt, SC_ADAPT_INC);
    o = peek(m, 2, 2);                              /* cycle 100001 */
    assert_true(o.period_end);
    assert_int_equal(o.adapt, SC_ADAPT_INC);
    assert_int_equal(o.max_slip, 9);
    /* threads 0..15 hit every time, 16..31 never: the hitters move ahead
     * by one per event up to max-slip 8, are then disabled, and the events
     * that still execute them are rejected (BAD_EXEC); max-slip 9 now lets
     * them run again */
    assert_int_equal(o.rd_counts[0], 8);
    assert_int_equal(o.rd_counts[31], 0);

    /* period 2 (cycles 100001..200000, the peek above included): idle every
     * 25th = 4000 (<= 5000, ALU bound), stall every 4th = 25000 (at the
     * threshold, latency bound): hold. The peek cycle 100001 was neither
     * idle nor stalled, and 100001 % 25 != 0, 100001 % 4 != 0. */
    for (unsigned c = 100002; c <= 200000; c++) {
        slip_ctrl_in_t in = {0};
        in.perf_idle = c % 25 == 0;
        in.perf_mem_stall = c % 4 == 0;
        in.perf_bytes = 4;
        o = step(m, &in, &ev);
        assert_false(o.period_end);
        assert_int_equal(o.adapt, SC_ADAPT_INC);
        assert_int_equal(ev.period_end, c == 200000);
    }
    assert_int_equal(ev.adapt, SC_ADAPT_HOLD);
    assert_int_equal(slip_ctrl_max_slip(m), 9);

    /* period 3 (cycles 200001..300000): the same but one stall cycle fewer:
     * 24999 < 25000 -> ALU bound only -> -1 = 8 */
    for (unsigned c = 200001; c <= 300000; c++) {
        slip_ctrl_in_t in = {0};
        in.perf_idle = c % 25 == 0;
        in.perf_mem_stall = c % 4 == 0 && c != 200004;
        o = step(m, &in, &ev);
        assert_int_equal(o.period_end, c == 200001);
        assert_int_equal(ev.period_end, c == 300000);
    }
    assert_int_equal(ev.adapt, SC_ADAPT_DEC);
    o = peek(m, 0, 0);
    assert_true(o.period_end);
    assert_int_equal(o.adapt, SC_ADAPT_DEC);
    assert_int_equal(o.max_slip, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset_state),
        UNIT_TEST(test_undiverged_increment),
        UNIT_TEST(test_diverged_rules),
        UNIT_TEST(test_slip_limit),
        UNIT_TEST(test_limit_follows_max_slip),
        UNIT_TEST(test_counters_bounded),
        UNIT_TEST(test_release),
        UNIT_TEST(test_errors),
        UNIT_TEST(test_read_port_and_truncation),
        UNIT_TEST(test_width_64_counter_16),
        UNIT_TEST(test_reset),
        UNIT_TEST(test_adaptive_short_period),
        UNIT_TEST(test_adaptive_bytes_width),
        UNIT_TEST(test_adaptive_paper_period),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
