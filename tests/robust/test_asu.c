/* Unit tests of the asu golden model (csim/robust/asu.c), Robust SIMD's
 * adaptation state unit.
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/robust -Itests/common csim/robust/asu.c tests/robust/test_asu.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/asu.md and the
 * Robust SIMD paper (IPDPS'12) sections IV and VI (DWrep / WidthOnly /
 * DepthOnly, Inc and quasi-annealing strides, cycles per task over an
 * interval, the fall-back for sections with too few tasks).
 *
 * Most tests use SMALL: NumWarps 2, WarpWidth 8, MaxSlices 8,
 * TasksPerThread 1, MinIntervals 2, fall-back 4 x 2, CycleWidth 12,
 * CptFrac 2, TaskWidth 16. Derived: MinWidth = ceil(8 / (8 / 2)) = 2,
 * IntervalTasks = 16, the fall-back below 2 * 16 = 32 tasks, CptWidth = 14,
 * TaskCntWidth = clog2(16 + 3 * 8) = 6 (saturating at 63), and
 * S(8) = 2, S(5..7) = S(4) = 4, S(3) = 6, S(2) = 8. An interval of c
 * counted cycles and exactly 16 tasks has CPT = floor(4c / 16) = c / 4,
 * so an interval of 4q cycles measures CPT q.
 *
 * WIDE: the same with NumWarps 4, MaxSlices 16 (depth strides of 2):
 * MinWidth = ceil(8 / 4) = 2, IntervalTasks = 32, S(8) = 4, S(4..7) = 8,
 * S(3) = 12, S(2) = 16; an interval of 8q cycles measures CPT q. */
#include "test_util.h"

#include "asu.h"

TEST_MODEL_HELPERS(asu, ASU_OK)

/* ------------------------------------------------------------------ */
/* parameters                                                           */

static asu_params_t prm(unsigned n, unsigned w, unsigned ms, unsigned tpt, unsigned mi,
                        unsigned fw, unsigned fd, unsigned cw, unsigned cf, unsigned tw)
{
    return (asu_params_t){.num_warps = n, .warp_width = w, .max_slices = ms,
                          .tasks_per_thread = tpt, .min_intervals = mi,
                          .fallback_width = fw, .fallback_depth = fd, .cycle_width = cw,
                          .cpt_frac = cf, .task_width = tw};
}

static asu_params_t small_p(void)
{
    return prm(2, 8, 8, 1, 2, 4, 2, 12, 2, 16);
}

static asu_params_t wide_p(void)
{
    return prm(4, 8, 16, 1, 2, 4, 2, 12, 2, 16);
}

static asu_t *make_small(void)
{
    asu_params_t p = small_p();
    return create_ok(&p);
}

static asu_t *make_wide(void)
{
    asu_params_t p = wide_p();
    return create_ok(&p);
}

/* ------------------------------------------------------------------ */
/* stepping                                                             */

static asu_out_t peek(const asu_t *m)
{
    asu_out_t o;
    asu_peek(m, &o);
    return o;
}

/* Every output field, for comparing whole states. */
#define ASU_STATE_FIELDS(X)                                                              \
    X(width) X(depth) X(reconf) X(phase) X(step) X(dim) X(stride) X(converged)           \
    X(fallback) X(cpt) X(cpt_sat) X(best_width) X(best_depth) X(best_cpt)
#define ASU_RESPONSE_FIELDS(X)                                                           \
    X(op_valid) X(op_err) X(done_valid) X(done_err) X(err_sticky)

/* The two states are the same, except for the responses to the inputs. */
static void expect_same_state(const asu_out_t *got, const asu_out_t *want)
{
    ASU_STATE_FIELDS(EXPECT_SAME_FIELD)
}

static void expect_same_out(const asu_out_t *got, const asu_out_t *want)
{
    ASU_STATE_FIELDS(EXPECT_SAME_FIELD)
    ASU_RESPONSE_FIELDS(EXPECT_SAME_FIELD)
}

/* One cycle; every output is a register, so what step() shows is the state
 * before the edge, the same as peek(). */
static asu_events_t cycle_in(asu_t *m, const asu_in_t *in)
{
    asu_out_t before = peek(m), out;
    asu_events_t ev;
    asu_step(m, in, &out, &ev);
    expect_same_out(&out, &before);
    return ev;
}

static asu_events_t cyc(asu_t *m, unsigned op, unsigned done)
{
    return cycle_in(m, &(asu_in_t){.op = op, .done = done});
}

static asu_events_t start(asu_t *m, unsigned w, unsigned d, unsigned strategy, bool anneal,
                          uint64_t tasks)
{
    asu_in_t in = {.op = ASU_OP_START, .start_width = w, .start_depth = d,
                   .start_strategy = strategy, .start_anneal = anneal, .start_tasks = tasks};
    return cycle_in(m, &in);
}

static unsigned cpt_width(const asu_t *m)
{
    return asu_params(m)->cycle_width + asu_params(m)->cpt_frac;
}

/* The search's events as flags (a row of a walk lists them). */
enum {
    F_UP = 1u << 0,      /* up_better */
    F_DOWN = 1u << 1,    /* down_better */
    F_WORSE = 1u << 2,   /* both_worse */
    F_GAIN = 1u << 3,    /* move_gain */
    F_STOP = 1u << 4,    /* move_stop */
    F_CLAMP = 1u << 5,   /* probe_clamped */
    F_SKIP = 1u << 6,    /* probe_skipped */
    F_HALF = 1u << 7,    /* stride_halved */
    F_DCLAMP = 1u << 8,  /* depth_clamped */
    F_SWITCH = 1u << 9,  /* dim_switch */
    F_REPEAT = 1u << 10, /* dwrep_repeat */
    F_CONV = 1u << 11,   /* converged */
};

/* acc |= e, field by field; the strategy and stride rule of a CONVERGE. */
static void or_events(asu_events_t *acc, const asu_events_t *e)
{
#define OR_(f) acc->f = acc->f || e->f;
    OR_(op_rejected) OR_(done_rejected) OR_(interval) OR_(drain_tasks) OR_(up_better)
    OR_(down_better) OR_(both_worse) OR_(move_gain) OR_(move_stop) OR_(probe_clamped)
    OR_(probe_skipped) OR_(stride_halved) OR_(depth_clamped) OR_(dim_switch)
    OR_(dwrep_repeat) OR_(fallback) OR_(restart) OR_(end_early) OR_(cycles_sat)
#undef OR_
    if (e->converged) {
        acc->converged = true;
        acc->strategy = e->strategy;
        acc->anneal = e->anneal;
    }
}

static unsigned flags(const asu_events_t *e)
{
    return (e->up_better ? F_UP : 0u) | (e->down_better ? F_DOWN : 0u) |
           (e->both_worse ? F_WORSE : 0u) | (e->move_gain ? F_GAIN : 0u) |
           (e->move_stop ? F_STOP : 0u) | (e->probe_clamped ? F_CLAMP : 0u) |
           (e->probe_skipped ? F_SKIP : 0u) | (e->stride_halved ? F_HALF : 0u) |
           (e->depth_clamped ? F_DCLAMP : 0u) | (e->dim_switch ? F_SWITCH : 0u) |
           (e->dwrep_repeat ? F_REPEAT : 0u) | (e->converged ? F_CONV : 0u);
}

/* From RUN, an interval of `cycles` counted cycles and exactly
 * IntervalTasks tasks: idle cycles, then IntervalTasks / WarpWidth cycles of
 * WarpWidth tasks (the last reaches IntervalTasks: DRAIN), then SYNC. Ends
 * in DIVIDE. */
static void feed(asu_t *m, unsigned cycles, asu_events_t *acc)
{
    const unsigned w = asu_params(m)->warp_width;
    const unsigned k = (unsigned)(asu_interval_tasks(m) / w);
    assert_true(cycles >= k + 1u);
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    for (unsigned i = 0; i + k + 1u < cycles; i++) {
        asu_events_t e = cyc(m, ASU_OP_NOP, 0);
        or_events(acc, &e);
        assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
        assert_false(peek(m).reconf);
    }
    for (unsigned j = 1; j <= k; j++) {
        asu_events_t e = cyc(m, ASU_OP_NOP, w);
        or_events(acc, &e);
        assert_int_equal(peek(m).phase, j == k ? ASU_PHASE_DRAIN : ASU_PHASE_RUN);
    }
    asu_events_t e = cyc(m, ASU_OP_SYNC, 0);
    assert_true(e.interval);
    assert_false(e.op_rejected);
    or_events(acc, &e);
    assert_int_equal(peek(m).phase, ASU_PHASE_DIVIDE);
}

/* DIVIDE: exactly CptWidth cycles; cpt_o and cpt_sat_o hold the last
 * interval's values until the edge that ends it. */
static void divide(asu_t *m, asu_events_t *acc)
{
    const unsigned n = cpt_width(m);
    const asu_out_t before = peek(m);
    for (unsigned i = 1; i <= n; i++) {
        assert_int_equal(peek(m).phase, ASU_PHASE_DIVIDE);
        asu_events_t e = cyc(m, ASU_OP_NOP, 0);
        or_events(acc, &e);
        if (i < n) {
            assert_int_equal(peek(m).cpt, before.cpt);
            assert_int_equal(peek(m).cpt_sat, before.cpt_sat);
        }
    }
    assert_int_equal(peek(m).phase, ASU_PHASE_DECIDE);
}

/* DECIDE until a probe (RUN) or CONVERGE (EXEC): the number of actions,
 * one a cycle. Both loads raise reconf_o. */
static unsigned decide(asu_t *m, asu_events_t *acc)
{
    unsigned n = 0;
    while (peek(m).phase == ASU_PHASE_DECIDE) {
        assert_true(n < 64);
        asu_events_t e = cyc(m, ASU_OP_NOP, 0);
        or_events(acc, &e);
        n++;
        if (peek(m).phase == ASU_PHASE_DECIDE)
            assert_false(peek(m).reconf);
    }
    assert_true(peek(m).reconf);
    return n;
}

/* A whole interval of `cycles` cycles: feed, DIVIDE, DECIDE. Returns the
 * DECIDE actions; acc gathers the events. */
static unsigned interval(asu_t *m, unsigned cycles, asu_events_t *acc)
{
    feed(m, cycles, acc);
    divide(m, acc);
    return decide(m, acc);
}

/* One interval of a walk: the probe being measured, the recorded best
 * before it, the CPT it measures, then the DECIDE actions and the search's
 * events that follow. */
typedef struct {
    unsigned w, d, step, dim, stride;
    unsigned bw, bd;
    uint64_t bcpt;
    unsigned q;
    unsigned actions;
    unsigned ev;
} row_t;

/* Runs the rows in order; an interval of cycles_per_q * q cycles measures
 * CPT q. Returns the events of the last row (the CONVERGE). */
static asu_events_t walk(asu_t *m, const row_t *rows, size_t n, unsigned cycles_per_q)
{
    asu_events_t acc = {0};
    for (size_t i = 0; i < n; i++) {
        const row_t *r = &rows[i];
        asu_out_t o = peek(m);
        assert_int_equal(o.phase, ASU_PHASE_RUN);
        assert_true(o.reconf);
        assert_int_equal(o.width, r->w);
        assert_int_equal(o.depth, r->d);
        assert_int_equal(o.step, r->step);
        assert_int_equal(o.dim, r->dim);
        assert_int_equal(o.stride, r->stride);
        assert_int_equal(o.best_width, r->bw);
        assert_int_equal(o.best_depth, r->bd);
        assert_int_equal(o.best_cpt, r->bcpt);
        assert_false(o.converged);
        acc = (asu_events_t){0};
        unsigned a = interval(m, cycles_per_q * r->q, &acc);
        assert_int_equal(peek(m).cpt, r->q);
        assert_int_equal(a, r->actions);
        assert_int_equal(flags(&acc), r->ev);
    }
    return acc;
}

static void expect_converged(const asu_t *m, unsigned w, unsigned d, uint64_t cpt)
{
    asu_out_t o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_EXEC);
    assert_true(o.converged);
    assert_false(o.fallback);
    assert_true(o.reconf);
    assert_int_equal(o.width, w);
    assert_int_equal(o.depth, d);
    assert_int_equal(o.best_width, w);
    assert_int_equal(o.best_depth, d);
    assert_int_equal(o.best_cpt, cpt);
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    const bad_params_t bad[] = {
        /* each range, both ends */
        {prm(0, 8, 8, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_NUM_WARPS},
        {prm(65, 8, 8, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_NUM_WARPS},
        {prm(2, 1, 8, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_WARP_WIDTH},
        {prm(2, 65, 8, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_WARP_WIDTH},
        {prm(2, 8, 0, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_MAX_SLICES},
        {prm(2, 8, 257, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_MAX_SLICES},
        {prm(2, 8, 8, 0, 2, 4, 2, 12, 2, 16), ASU_EPARAM_TASKS_PER_THREAD},
        {prm(2, 8, 8, 17, 2, 4, 2, 12, 2, 16), ASU_EPARAM_TASKS_PER_THREAD},
        {prm(2, 8, 8, 1, 0, 4, 2, 12, 2, 16), ASU_EPARAM_MIN_INTERVALS},
        {prm(2, 8, 8, 1, 1025, 4, 2, 12, 2, 16), ASU_EPARAM_MIN_INTERVALS},
        {prm(2, 8, 8, 1, 2, 0, 2, 12, 2, 16), ASU_EPARAM_FALLBACK_WIDTH},
        {prm(2, 8, 8, 1, 2, 65, 2, 12, 2, 16), ASU_EPARAM_FALLBACK_WIDTH},
        {prm(2, 8, 8, 1, 2, 4, 0, 12, 2, 16), ASU_EPARAM_FALLBACK_DEPTH},
        {prm(2, 8, 8, 1, 2, 4, 257, 12, 2, 16), ASU_EPARAM_FALLBACK_DEPTH},
        {prm(2, 8, 8, 1, 2, 4, 2, 3, 2, 16), ASU_EPARAM_CYCLE_WIDTH},
        {prm(2, 8, 8, 1, 2, 4, 2, 41, 2, 16), ASU_EPARAM_CYCLE_WIDTH},
        {prm(2, 8, 8, 1, 2, 4, 2, 12, 9, 16), ASU_EPARAM_CPT_FRAC},
        {prm(2, 8, 8, 1, 2, 4, 2, 12, 2, 1), ASU_EPARAM_TASK_WIDTH},
        {prm(2, 8, 8, 1, 2, 4, 2, 12, 2, 41), ASU_EPARAM_TASK_WIDTH},
        /* the requires */
        {prm(4, 8, 2, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_MAX_SLICES},
        {prm(2, 2, 5, 1, 2, 2, 1, 12, 2, 16), ASU_EPARAM_MAX_SLICES},
        {prm(2, 8, 8, 1, 2, 1, 2, 12, 2, 16), ASU_EPARAM_FALLBACK_WIDTH}, /* < 2 */
        {prm(2, 8, 8, 1, 2, 9, 2, 12, 2, 16), ASU_EPARAM_FALLBACK_WIDTH}, /* > 8 */
        {prm(2, 8, 2, 1, 2, 4, 2, 12, 2, 16), ASU_EPARAM_FALLBACK_WIDTH}, /* Min 8 */
        {prm(2, 8, 8, 1, 2, 8, 3, 12, 2, 16), ASU_EPARAM_FALLBACK_DEPTH}, /* S(8)=2 */
        {prm(2, 8, 8, 1, 2, 4, 5, 12, 2, 16), ASU_EPARAM_FALLBACK_DEPTH}, /* S(4)=4 */
        {prm(2, 8, 8, 1, 2, 4, 2, 12, 2, 5), ASU_EPARAM_TASK_WIDTH}, /* 32 >= 2^5 */
        /* several bad: the first check wins */
        {prm(0, 0, 0, 0, 0, 0, 0, 0, 0, 0), ASU_EPARAM_NUM_WARPS},
        {prm(2, 8, 8, 1, 2, 4, 2, 12, 9, 1), ASU_EPARAM_CPT_FRAC},
        {prm(4, 8, 2, 1, 2, 1, 9, 12, 2, 2), ASU_EPARAM_MAX_SLICES},
        {prm(2, 8, 8, 1, 2, 1, 9, 12, 2, 2), ASU_EPARAM_FALLBACK_WIDTH},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));

    asu_t *m = (asu_t *)1;
    asu_params_t ok = small_p();
    assert_int_equal(asu_create(NULL, &m), ASU_EPARAM_NUM_WARPS);
    assert_null(m);
    assert_int_equal(asu_create(&ok, NULL), ASU_EPARAM_NUM_WARPS);

    /* the edges of the requires are legal */
    const asu_params_t edges[] = {
        prm(2, 8, 8, 1, 2, 4, 2, 12, 2, 6),   /* 32 < 2^6 */
        prm(2, 8, 8, 1, 2, 2, 8, 12, 2, 16),  /* FallbackDepth = S(2) = 8 */
        prm(2, 8, 2, 1, 2, 8, 2, 12, 2, 16),  /* MaxSlices = NumWarps: MinWidth 8 */
        prm(2, 2, 4, 1, 2, 1, 4, 12, 2, 16),  /* MaxSlices = N * W: MinWidth 1 */
    };
    for (size_t i = 0; i < ARRAY_LEN(edges); i++) {
        m = create_ok(&edges[i]);
        assert_memory_equal(asu_params(m), &edges[i], sizeof edges[i]);
        asu_destroy(m);
    }
    asu_destroy(NULL);

    /* the cfg's named configurations: MinWidth, IntervalTasks, S() */
    static const struct {
        asu_params_t p;
        unsigned min_width;
        uint64_t interval_tasks;
        unsigned w, s_w;
    } named[] = {
        /* default: ceil(16 / (16 / 4)) = 4; 2 * 4 * 16; S(5) = 4 * 4 */
        {{4, 16, 16, 2, 30, 8, 2, 16, 4, 24}, 4, 128, 5, 16},
        /* paper: ceil(32 / (8 / 2)) = 8; 2 * 2 * 32; S(12) = 2 * 3 */
        {{2, 32, 8, 2, 30, 8, 2, 24, 4, 32}, 8, 128, 12, 6},
        /* paper_range: ceil(64 / 8) = 8; 2 * 16 * 64; S(8) = 16 * 8 */
        {{16, 64, 128, 2, 30, 8, 2, 24, 4, 32}, 8, 2048, 8, 128},
        /* small: ceil(8 / 4) = 2; 2 * 2 * 8; S(3) = 2 * 3 */
        {{2, 8, 8, 2, 30, 4, 2, 12, 2, 16}, 2, 32, 3, 6},
        /* min: ceil(2 / 1) = 2; 1 * 1 * 2; S(2) = 1 */
        {{1, 2, 1, 1, 1, 2, 1, 4, 0, 2}, 2, 2, 2, 1},
        /* max: ceil(64 / 4) = 16; 16 * 64 * 64; S(16) = 64 * 4 */
        {{64, 64, 256, 16, 1024, 16, 2, 40, 8, 40}, 16, 65536, 16, 256},
    };
    for (size_t i = 0; i < ARRAY_LEN(named); i++) {
        m = create_ok(&named[i].p);
        assert_int_equal(asu_min_width(m), named[i].min_width);
        assert_int_equal(asu_interval_tasks(m), named[i].interval_tasks);
        assert_int_equal(asu_slices(m, named[i].w), named[i].s_w);
        assert_int_equal(asu_slices(m, asu_params(m)->warp_width), asu_params(m)->num_warps);
        asu_destroy(m);
    }
}

/* IDLE at WarpWidth x NumWarps, everything else 0; asu_reset() returns to
 * it from anywhere, the sticky errors included. */
static void test_reset_state(void **state)
{
    asu_t *m = *state = make_small();
    const asu_out_t want = {.width = 8, .depth = 2, .phase = ASU_PHASE_IDLE};
    asu_out_t o = peek(m);
    expect_same_out(&o, &want);
    assert_int_equal(asu_slices(m, 2), 8);
    assert_int_equal(asu_slices(m, 3), 6);
    assert_int_equal(asu_slices(m, 5), 4);
    assert_int_equal(asu_min_width(m), 2);
    assert_int_equal(asu_interval_tasks(m), 16);

    /* NOPs change nothing */
    for (int i = 0; i < 3; i++) {
        asu_events_t e = cyc(m, ASU_OP_NOP, 0);
        assert_int_equal(flags(&e), 0);
        o = peek(m);
        expect_same_out(&o, &want);
    }

    /* a search under way, an error seen: reset */
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
    asu_events_t acc = {0};
    interval(m, 40, &acc);
    cyc(m, ASU_OP_SYNC, 9);
    assert_int_not_equal(peek(m).err_sticky, 0);
    asu_reset(m);
    o = peek(m);
    expect_same_out(&o, &want);

    destroy_state(state);
    m = *state = make_wide();
    o = peek(m);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 4);
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

/* A rejected START changes nothing; the errors answer one cycle later;
 * the lowest code wins; err_sticky gathers them. */
static void test_start_errors(void **state)
{
    asu_t *m = *state = make_small();
    const asu_out_t idle = peek(m);
    static const struct {
        unsigned w, d, strategy;
        uint64_t tasks;
        unsigned err;
    } c[] = {
        {1, 1, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_WIDTH},       /* below MinWidth 2 */
        {9, 1, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_WIDTH},       /* above WarpWidth 8 */
        {0, 1, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_WIDTH},
        {8, 0, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_DEPTH},
        {8, 3, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_DEPTH},       /* S(8) = 2 */
        {4, 5, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_DEPTH},       /* S(4) = 4 */
        {2, 9, ASU_STRATEGY_DWREP, 100, ASU_ERR_BAD_DEPTH},       /* S(2) = 8 */
        {8, 2, 3, 100, ASU_ERR_BAD_STRATEGY},
        {1, 0, 3, 100, ASU_ERR_BAD_WIDTH},                        /* lowest wins */
        {8, 3, 3, 100, ASU_ERR_BAD_DEPTH},
        {1, 1, ASU_STRATEGY_DWREP, 0, ASU_ERR_BAD_WIDTH},         /* no fall-back */
        {8, 2, 3, 5, ASU_ERR_BAD_STRATEGY},
    };
    for (size_t i = 0; i < ARRAY_LEN(c); i++) {
        asu_events_t e = start(m, c[i].w, c[i].d, c[i].strategy, true, c[i].tasks);
        assert_true(e.op_rejected);
        assert_int_equal(e.op_err, c[i].err);
        assert_false(e.fallback);
        asu_out_t o = peek(m);
        expect_same_state(&o, &idle);
        assert_true(o.op_valid);
        assert_int_equal(o.op_err, c[i].err);
        assert_false(o.done_valid);
    }
    /* bits 1, 2, 3 */
    assert_int_equal(peek(m).err_sticky, 0x0E);

    /* the legal corners are accepted */
    asu_events_t e = start(m, 2, 8, ASU_STRATEGY_DEPTH_ONLY, false, 100);
    assert_false(e.op_rejected);
    assert_int_equal(peek(m).op_err, ASU_ERR_NONE);
    assert_true(peek(m).op_valid);
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    assert_int_equal(peek(m).err_sticky, 0x0E);
    /* a NOP answers nothing; the sticky bits stay */
    cyc(m, ASU_OP_NOP, 0);
    assert_false(peek(m).op_valid);
    assert_int_equal(peek(m).op_err, ASU_ERR_NONE);
    assert_int_equal(peek(m).err_sticky, 0x0E);
    start(m, 8, 1, ASU_STRATEGY_WIDTH_ONLY, false, 100);
    assert_int_equal(peek(m).op_err, ASU_ERR_NONE);
}

/* SYNC outside DRAIN and done_i above WarpWidth; a rejected input changes
 * nothing, the rest of the cycle's work goes on. */
static void test_sync_count_errors(void **state)
{
    asu_t *m = *state = make_small();
    const asu_out_t idle = peek(m);

    /* IDLE: SYNC rejected; done_i checked, never counted */
    asu_events_t e = cyc(m, ASU_OP_SYNC, 0);
    assert_true(e.op_rejected);
    assert_int_equal(e.op_err, ASU_ERR_BAD_SYNC);
    assert_false(e.interval);
    asu_out_t o = peek(m);
    expect_same_state(&o, &idle);
    assert_true(o.op_valid);
    assert_int_equal(o.op_err, ASU_ERR_BAD_SYNC);
    assert_false(o.done_valid);

    e = cyc(m, ASU_OP_NOP, 9);
    assert_true(e.done_rejected);
    assert_int_equal(e.done_err, ASU_ERR_BAD_COUNT);
    assert_false(e.op_rejected);
    o = peek(m);
    expect_same_state(&o, &idle);
    assert_false(o.op_valid);
    assert_true(o.done_valid);
    assert_int_equal(o.done_err, ASU_ERR_BAD_COUNT);
    assert_int_equal(o.err_sticky, (1u << 4) | (1u << 5));

    /* done_i = WarpWidth is legal (ignored in IDLE); 15 is the port's top */
    e = cyc(m, ASU_OP_NOP, 8);
    assert_false(e.done_rejected);
    assert_true(peek(m).done_valid);
    assert_int_equal(peek(m).done_err, ASU_ERR_NONE);
    e = cyc(m, ASU_OP_NOP, 15);
    assert_int_equal(e.done_err, ASU_ERR_BAD_COUNT);
    cyc(m, ASU_OP_NOP, 0);
    assert_false(peek(m).done_valid);
    assert_int_equal(peek(m).done_err, ASU_ERR_NONE);

    /* both ports in one cycle, each with its own code */
    e = start(m, 1, 1, 0, false, 100);
    assert_true(e.op_rejected);
    e = cycle_in(m, &(asu_in_t){.op = ASU_OP_START, .start_width = 8, .start_depth = 3,
                                .start_tasks = 100, .done = 12});
    assert_int_equal(e.op_err, ASU_ERR_BAD_DEPTH);
    assert_int_equal(e.done_err, ASU_ERR_BAD_COUNT);
    o = peek(m);
    assert_int_equal(o.op_err, ASU_ERR_BAD_DEPTH);
    assert_int_equal(o.done_err, ASU_ERR_BAD_COUNT);
    assert_int_equal(o.err_sticky, 0x36);
    expect_same_state(&o, &idle);

    /* during a search: START (8,2); the first counted cycle follows */
    start(m, 8, 2, ASU_STRATEGY_DWREP, false, 32);
    /* c1: SYNC in RUN rejected; its done_i 5 counted (5) */
    e = cyc(m, ASU_OP_SYNC, 5);
    assert_int_equal(e.op_err, ASU_ERR_BAD_SYNC);
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    /* c2: a rejected START; its done_i 3 counted (8), the configuration stays */
    e = cycle_in(m, &(asu_in_t){.op = ASU_OP_START, .start_width = 4, .start_depth = 4,
                                .start_strategy = 3, .start_tasks = 100, .done = 3});
    assert_int_equal(e.op_err, ASU_ERR_BAD_STRATEGY);
    assert_false(e.restart);
    o = peek(m);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 2);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_false(o.reconf);
    /* c3: done 9 rejected: nothing counted (17 would reach DRAIN) */
    e = cyc(m, ASU_OP_NOP, 9);
    assert_int_equal(e.done_err, ASU_ERR_BAD_COUNT);
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    /* c4: 8 more: 5 + 3 + 8 = 16 reaches IntervalTasks */
    cyc(m, ASU_OP_NOP, 8);
    assert_int_equal(peek(m).phase, ASU_PHASE_DRAIN);
    /* c5: SYNC: 5 cycles, 16 tasks: CPT = floor(5 * 4 / 16) = 1 */
    e = cyc(m, ASU_OP_SYNC, 0);
    assert_true(e.interval);
    assert_int_equal(peek(m).op_err, ASU_ERR_NONE);
    assert_int_equal(peek(m).phase, ASU_PHASE_DIVIDE);
    /* DIVIDE: a SYNC rejected, the division goes on: 14 cycles in all */
    e = cyc(m, ASU_OP_SYNC, 0);
    assert_int_equal(e.op_err, ASU_ERR_BAD_SYNC);
    for (int i = 0; i < 12; i++)
        cyc(m, ASU_OP_NOP, 0);
    assert_int_equal(peek(m).phase, ASU_PHASE_DIVIDE);
    cyc(m, ASU_OP_NOP, 0);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_DECIDE);
    assert_int_equal(o.cpt, 1);
    /* DECIDE: a SYNC rejected, EVAL (BASE) still runs */
    e = cyc(m, ASU_OP_SYNC, 0);
    assert_int_equal(e.op_err, ASU_ERR_BAD_SYNC);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_DECIDE);
    assert_int_equal(o.best_width, 8);
    assert_int_equal(o.best_depth, 2);
    assert_int_equal(o.best_cpt, 1);
    assert_int_equal(o.err_sticky, 0x3E);
}

/* ------------------------------------------------------------------ */
/* START: fall-back and search                                          */

/* Fewer than MinIntervals x IntervalTasks = 32 tasks fall back. */
static void test_fallback_threshold(void **state)
{
    asu_t *m = *state = make_small();
    const asu_out_t before = peek(m);

    asu_events_t e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, 31);
    assert_true(e.fallback);
    assert_false(e.restart);
    assert_false(e.op_rejected);
    asu_out_t o = peek(m);
    assert_int_equal(o.width, 4);
    assert_int_equal(o.depth, 2);
    assert_true(o.converged);
    assert_true(o.fallback);
    assert_true(o.reconf);
    assert_int_equal(o.phase, ASU_PHASE_EXEC);
    /* the search state is set as for a search (docs/blocks/asu.md, START):
     * step BASE, DWREP's first dimension DEPTH at its annealing stride
     * max(1, NumWarps / 2) = 1, the best cleared */
    assert_int_equal(o.step, ASU_STEP_BASE);
    assert_int_equal(o.dim, ASU_DIM_DEPTH);
    assert_int_equal(o.stride, 1);
    assert_int_not_equal(o.stride, before.stride); /* 0 after reset */
    assert_int_equal(o.best_width, 0);
    assert_int_equal(o.best_cpt, 0);
    /* EXEC holds; done_i and the cycles count for nothing */
    for (int i = 0; i < 20; i++) {
        e = cyc(m, ASU_OP_NOP, 8);
        assert_false(e.drain_tasks);
    }
    o = peek(m);
    assert_false(o.reconf);
    assert_int_equal(o.phase, ASU_PHASE_EXEC);
    assert_int_equal(o.width, 4);
    assert_int_equal(o.depth, 2);

    /* exactly 32: a search at (8, 2), quasi-annealing, depth first */
    e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
    assert_false(e.fallback);
    assert_false(e.restart); /* from EXEC */
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 2);
    assert_true(o.reconf);
    assert_false(o.converged);
    assert_false(o.fallback);
    assert_int_equal(o.step, ASU_STEP_BASE);
    assert_int_equal(o.dim, ASU_DIM_DEPTH);
    assert_int_equal(o.stride, 1); /* max(1, 2 / 2) */

    /* while sampling, 0 tasks: fall back (and a restart) */
    e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, 0);
    assert_true(e.fallback);
    assert_true(e.restart);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_EXEC);
    assert_int_equal(o.width, 4);
    assert_true(o.fallback);

    /* start_tasks_i is TaskWidth = 16 bits wide: 2^16 + 5 is 5 */
    e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
    assert_false(e.fallback);
    e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, (UINT64_C(1) << 16) + 5u);
    assert_true(e.fallback);
    e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, (UINT64_C(1) << 16) + 32u);
    assert_false(e.fallback);
}

/* ------------------------------------------------------------------ */
/* sampling and division                                                */

/* The START cycle's done_i is not counted; RUN becomes DRAIN at the edge
 * that reaches IntervalTasks; DRAIN and the SYNC cycle still count. */
static void test_counting_and_drain(void **state)
{
    asu_t *m = *state = make_small();
    /* done_i 8 in the START cycle: not counted */
    asu_events_t e = cycle_in(m, &(asu_in_t){.op = ASU_OP_START, .start_width = 8,
                                              .start_depth = 2, .start_tasks = 100,
                                              .done = 8});
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    /* c1..c3: 5 each: 15 */
    for (int i = 0; i < 3; i++) {
        e = cyc(m, ASU_OP_NOP, 5);
        assert_false(e.drain_tasks);
        assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    }
    assert_false(peek(m).reconf);
    /* c4..c22: idle */
    for (int i = 0; i < 19; i++)
        cyc(m, ASU_OP_NOP, 0);
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    /* c23: 1 more: 16, DRAIN at this edge */
    e = cyc(m, ASU_OP_NOP, 1);
    assert_false(e.drain_tasks);
    assert_int_equal(peek(m).phase, ASU_PHASE_DRAIN);
    /* c24: 3 while draining: 19 */
    e = cyc(m, ASU_OP_NOP, 3);
    assert_true(e.drain_tasks);
    assert_int_equal(peek(m).phase, ASU_PHASE_DRAIN);
    /* c25: nothing */
    e = cyc(m, ASU_OP_NOP, 0);
    assert_false(e.drain_tasks);
    /* c26: SYNC with 2: 21 tasks in 26 cycles */
    e = cyc(m, ASU_OP_SYNC, 2);
    assert_true(e.interval);
    assert_true(e.drain_tasks);
    assert_false(e.cycles_sat);
    assert_int_equal(peek(m).phase, ASU_PHASE_DIVIDE);
    /* done_i during DIVIDE is ignored */
    for (int i = 0; i < 14; i++) {
        assert_int_equal(peek(m).cpt, 0);
        cyc(m, ASU_OP_NOP, 8);
    }
    /* floor(26 * 4 / 21) = floor(4.95) = 4 (1.00 cycles per task) */
    asu_out_t o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_DECIDE);
    assert_int_equal(o.cpt, 4);
    assert_false(o.cpt_sat);
}

/* DIVIDE takes CptWidth cycles; the quotient has CptFrac fraction bits. */
static void test_divide_length_and_quotient(void **state)
{
    /* 50 cycles, 16 tasks: 50 / 16 = 3.125 */
    static const struct {
        unsigned cf, cycles_of_divide;
        uint64_t cpt;
    } c[] = {
        {0, 12, 3},    /* floor(50 / 16) */
        {2, 14, 12},   /* floor(200 / 16) = floor(12.5) */
        {8, 20, 800},  /* 12800 / 16 */
    };
    for (size_t i = 0; i < ARRAY_LEN(c); i++) {
        asu_params_t p = prm(2, 8, 8, 1, 2, 4, 2, 12, c[i].cf, 16);
        asu_t *m = *state = create_ok(&p);
        start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
        asu_events_t acc = {0};
        feed(m, 50, &acc);
        unsigned n = 0;
        while (peek(m).phase == ASU_PHASE_DIVIDE) {
            assert_int_equal(peek(m).cpt, 0);
            cyc(m, ASU_OP_NOP, 0);
            n++;
        }
        assert_int_equal(n, c[i].cycles_of_divide);
        assert_int_equal(peek(m).phase, ASU_PHASE_DECIDE);
        assert_int_equal(peek(m).cpt, c[i].cpt);
        destroy_state(state);
    }

    /* a second interval: the first's CPT shows until the second's DIVIDE
     * ends (divide() checks it) */
    asu_t *m = *state = make_small();
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
    asu_events_t acc = {0};
    interval(m, 50, &acc);
    assert_int_equal(peek(m).cpt, 12);
    feed(m, 40, &acc);
    divide(m, &acc);
    assert_int_equal(peek(m).cpt, 10); /* 160 / 16 */
}

/* The cycle counter saturates at 2^CycleWidth - 1 and marks the interval;
 * the task counter saturates at 2^TaskCntWidth - 1. */
static void test_saturation(void **state)
{
    /* CycleWidth 4: the counter holds 15 */
    asu_params_t p = prm(2, 8, 8, 1, 2, 4, 2, 4, 2, 16);
    asu_t *m = *state = create_ok(&p);
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
    /* 15 cycles fit: floor(15 * 4 / 16) = 3, not saturated */
    asu_events_t acc = {0};
    feed(m, 15, &acc);
    assert_false(acc.cycles_sat);
    divide(m, &acc);
    assert_int_equal(peek(m).cpt, 3);
    assert_false(peek(m).cpt_sat);
    decide(m, &acc);
    /* 16 cycles: one the counter cannot hold; CPT of 15 cycles */
    acc = (asu_events_t){0};
    feed(m, 16, &acc);
    assert_true(acc.cycles_sat);
    divide(m, &acc); /* cpt_sat_o only changes at the end */
    assert_int_equal(peek(m).cpt, 3);
    assert_true(peek(m).cpt_sat);
    decide(m, &acc);
    /* 40 cycles: the same */
    acc = (asu_events_t){0};
    feed(m, 40, &acc);
    assert_true(acc.cycles_sat);
    divide(m, &acc);
    assert_int_equal(peek(m).cpt, 3);
    assert_true(peek(m).cpt_sat);
    decide(m, &acc);
    /* the mark belongs to one interval: 9 cycles, 36 / 16 = 2 */
    acc = (asu_events_t){0};
    feed(m, 9, &acc);
    assert_false(acc.cycles_sat);
    divide(m, &acc);
    assert_int_equal(peek(m).cpt, 2);
    assert_false(peek(m).cpt_sat);
    destroy_state(state);

    /* SMALL: TaskCntWidth 6, the task counter holds 63 */
    m = *state = make_small();
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 32);
    for (int i = 0; i < 40; i++)
        cyc(m, ASU_OP_NOP, 0);
    cyc(m, ASU_OP_NOP, 8);
    cyc(m, ASU_OP_NOP, 8);
    assert_int_equal(peek(m).phase, ASU_PHASE_DRAIN);
    for (int i = 0; i < 10; i++)
        cyc(m, ASU_OP_NOP, 8); /* 96 tasks: 63 */
    asu_events_t e = cyc(m, ASU_OP_SYNC, 0);
    assert_true(e.interval);
    assert_false(e.cycles_sat);
    acc = (asu_events_t){0};
    divide(m, &acc);
    /* 53 cycles: floor(212 / 63) = 3 (96 tasks would give 2) */
    assert_int_equal(peek(m).cpt, 3);
    assert_false(peek(m).cpt_sat);
}

/* ------------------------------------------------------------------ */
/* the search                                                           */

/* DWREP with quasi-annealing from (8, 2) over a hand-made landscape (CPT
 * per configuration): f(8,2) 100, f(8,1) 120, f(4,2) 80, f(2,2) 90,
 * f(6,2) 85, f(5,2) 70, f(3,2) 75, f(5,3) 60, f(5,1) 95, f(5,4) 50,
 * f(6,4) 55, f(4,4) 58. Strides: width 8/2 = 4, depth 2/2 = 1. */
static void test_dwrep_anneal_landscape(void **state)
{
    asu_t *m = *state = make_small();
    asu_events_t e = start(m, 8, 2, ASU_STRATEGY_DWREP, true, 1000);
    assert_false(e.fallback);
    const unsigned D = ASU_DIM_DEPTH, W = ASU_DIM_SIMD_WIDTH;
    const unsigned B = ASU_STEP_BASE, U = ASU_STEP_UP, DN = ASU_STEP_DOWN,
                   MV = ASU_STEP_MOVE;
    const row_t r[] = {
        /* w, d, step, dim, stride, best, q, actions, events */
        /* EVAL; TRY_UP 2+1 -> hi S(8)=2 = v: skip; TRY_DOWN 1 */
        {8, 2, B, D, 1, 0, 0, 0, 100, 3, F_SKIP},
        /* EVAL 120 !< 100; RESOLVE none; STRIDE_DONE (1); DIM_DONE ->
         * WIDTH; TRY_UP 8+4 -> 8: skip; TRY_DOWN 4, depth min(2, S(4)) */
        {8, 1, DN, D, 1, 8, 2, 100, 120, 6, F_WORSE | F_SWITCH | F_SKIP},
        /* EVAL 80 < 100: candidate down; RESOLVE; TRY_MOVE 4-4 -> lo 2 */
        {4, 2, DN, W, 4, 8, 2, 100, 80, 3, F_DOWN | F_CLAMP},
        /* EVAL MOVE 90 !< 80: stop; STRIDE_DONE 4 -> 2; TRY_UP 4+2 */
        {2, 2, MV, W, 4, 4, 2, 80, 90, 3, F_STOP | F_HALF},
        /* EVAL 85 !< 80; TRY_DOWN 4-2 = 2 */
        {6, 2, U, W, 2, 4, 2, 80, 85, 2, 0},
        /* EVAL 90; RESOLVE none; STRIDE_DONE 2 -> 1; TRY_UP 5 */
        {2, 2, DN, W, 2, 4, 2, 80, 90, 4, F_WORSE | F_HALF},
        /* EVAL 70 < 80: candidate up; TRY_DOWN 3 */
        {5, 2, U, W, 1, 4, 2, 80, 70, 2, F_UP},
        /* EVAL 75 !< the candidate's 70; RESOLVE: best (5,2); TRY_MOVE 6 */
        {3, 2, DN, W, 1, 4, 2, 80, 75, 3, 0},
        /* EVAL MOVE 85: stop; STRIDE_DONE; DIM_DONE: width moved ->
         * DEPTH; TRY_UP 2+1, hi S(5) = 4 */
        {6, 2, MV, W, 1, 5, 2, 70, 85, 4, F_STOP | F_REPEAT},
        /* EVAL 60 < 70: candidate up; TRY_DOWN 1 */
        {5, 3, U, D, 1, 5, 2, 70, 60, 2, F_UP},
        /* EVAL 95; RESOLVE: best (5,3); TRY_MOVE 4 */
        {5, 1, DN, D, 1, 5, 2, 70, 95, 3, 0},
        /* EVAL MOVE 50 < 60: best (5,4); TRY_MOVE 5 -> hi 4: skip;
         * STRIDE_DONE; DIM_DONE -> WIDTH (depth moved); TRY_UP 6,
         * depth min(4, S(6) = 4) */
        {5, 4, MV, D, 1, 5, 3, 60, 50, 5, F_GAIN | F_SKIP | F_SWITCH},
        /* EVAL 55; TRY_DOWN 4 */
        {6, 4, U, W, 1, 5, 4, 50, 55, 2, 0},
        /* EVAL 58; RESOLVE none; STRIDE_DONE; DIM_DONE: depth moved ->
         * DEPTH; TRY_UP 4+1 -> hi S(5) = 4: skip; TRY_DOWN 3 */
        {4, 4, DN, W, 1, 5, 4, 50, 58, 6, F_WORSE | F_REPEAT | F_SKIP},
        /* EVAL 60; RESOLVE none; STRIDE_DONE; DIM_DONE -> WIDTH; TRY_UP 6 */
        {5, 3, DN, D, 1, 5, 4, 50, 60, 5, F_WORSE | F_SWITCH},
        /* EVAL 55; TRY_DOWN 4 */
        {6, 4, U, W, 1, 5, 4, 50, 55, 2, 0},
        /* EVAL 58; RESOLVE none; STRIDE_DONE; DIM_DONE: neither moved;
         * CONVERGE */
        {4, 4, DN, W, 1, 5, 4, 50, 58, 5, F_WORSE | F_CONV},
    };
    e = walk(m, r, ARRAY_LEN(r), 4);
    assert_true(e.converged);
    assert_int_equal(e.strategy, ASU_STRATEGY_DWREP);
    assert_true(e.anneal);
    expect_converged(m, 5, 4, 50);
    asu_out_t o = peek(m);
    assert_int_equal(o.cpt, 58);
    assert_int_equal(o.step, ASU_STEP_DOWN);
    assert_int_equal(o.dim, ASU_DIM_SIMD_WIDTH);
    assert_int_equal(o.stride, 1);
    /* EXEC holds the configuration */
    cyc(m, ASU_OP_NOP, 8);
    o = peek(m);
    assert_false(o.reconf);
    assert_int_equal(o.phase, ASU_PHASE_EXEC);
    assert_int_equal(o.width, 5);
    assert_int_equal(o.depth, 4);
}

/* Inc strides are 1; quasi-annealing starts at half the lanes (width) and
 * half the warps (depth) and halves them. A flat landscape (every CPT 10),
 * WIDE. */
static void test_inc_vs_anneal(void **state)
{
    asu_t *m = *state = make_wide();
    const unsigned D = ASU_DIM_DEPTH, W = ASU_DIM_SIMD_WIDTH;
    const unsigned B = ASU_STEP_BASE, U = ASU_STEP_UP, DN = ASU_STEP_DOWN;

    /* the first strides */
    start(m, 8, 4, ASU_STRATEGY_DEPTH_ONLY, true, 100);
    assert_int_equal(peek(m).dim, ASU_DIM_DEPTH);
    assert_int_equal(peek(m).stride, 2);
    start(m, 8, 4, ASU_STRATEGY_DEPTH_ONLY, false, 100);
    assert_int_equal(peek(m).stride, 1);
    start(m, 8, 4, ASU_STRATEGY_DWREP, true, 100);
    assert_int_equal(peek(m).dim, ASU_DIM_DEPTH);
    assert_int_equal(peek(m).stride, 2);
    start(m, 8, 4, ASU_STRATEGY_WIDTH_ONLY, true, 100);
    assert_int_equal(peek(m).dim, ASU_DIM_SIMD_WIDTH);
    assert_int_equal(peek(m).stride, 4);
    start(m, 8, 4, ASU_STRATEGY_WIDTH_ONLY, false, 100);
    assert_int_equal(peek(m).stride, 1);

    /* WidthOnly, Inc, from (8,4): TRY_UP 9 -> 8 skip; TRY_DOWN 7 */
    const row_t inc[] = {
        {8, 4, B, W, 1, 0, 0, 0, 10, 3, F_SKIP},
        /* EVAL; RESOLVE none; STRIDE_DONE (Inc); DIM_DONE; CONVERGE */
        {7, 4, DN, W, 1, 8, 4, 10, 10, 5, F_WORSE | F_CONV},
    };
    asu_events_t e = walk(m, inc, ARRAY_LEN(inc), 8);
    assert_int_equal(e.strategy, ASU_STRATEGY_WIDTH_ONLY);
    assert_false(e.anneal);
    expect_converged(m, 8, 4, 10);

    /* WidthOnly, annealing: 4, 2, 1 */
    start(m, 8, 4, ASU_STRATEGY_WIDTH_ONLY, true, 100);
    const row_t ann[] = {
        /* TRY_UP skip; TRY_DOWN 4, depth min(4, S(4) = 8) */
        {8, 4, B, W, 4, 0, 0, 0, 10, 3, F_SKIP},
        /* EVAL; RESOLVE none; STRIDE_DONE 4 -> 2; TRY_UP skip; TRY_DOWN 6 */
        {4, 4, DN, W, 4, 8, 4, 10, 10, 5, F_WORSE | F_HALF | F_SKIP},
        /* ... 2 -> 1; TRY_UP skip; TRY_DOWN 7 */
        {6, 4, DN, W, 2, 8, 4, 10, 10, 5, F_WORSE | F_HALF | F_SKIP},
        /* EVAL; RESOLVE none; STRIDE_DONE (1); DIM_DONE; CONVERGE */
        {7, 4, DN, W, 1, 8, 4, 10, 10, 5, F_WORSE | F_CONV},
    };
    e = walk(m, ann, ARRAY_LEN(ann), 8);
    assert_int_equal(e.strategy, ASU_STRATEGY_WIDTH_ONLY);
    assert_true(e.anneal);
    expect_converged(m, 8, 4, 10);

    /* DepthOnly, annealing, from (4,4), S(4) = 8: 2, then 1 */
    start(m, 4, 4, ASU_STRATEGY_DEPTH_ONLY, true, 100);
    const row_t dep[] = {
        {4, 4, B, D, 2, 0, 0, 0, 10, 2, 0},          /* TRY_UP 6 */
        {4, 6, U, D, 2, 4, 4, 10, 10, 2, 0},         /* TRY_DOWN 2 */
        /* RESOLVE none; STRIDE_DONE 2 -> 1; TRY_UP 5 */
        {4, 2, DN, D, 2, 4, 4, 10, 10, 4, F_WORSE | F_HALF},
        {4, 5, U, D, 1, 4, 4, 10, 10, 2, 0},         /* TRY_DOWN 3 */
        {4, 3, DN, D, 1, 4, 4, 10, 10, 5, F_WORSE | F_CONV},
    };
    e = walk(m, dep, ARRAY_LEN(dep), 8);
    assert_int_equal(e.strategy, ASU_STRATEGY_DEPTH_ONLY);
    expect_converged(m, 4, 4, 10);

    /* half the warps, floored, at least 1 */
    destroy_state(state);
    asu_params_t p3 = prm(3, 8, 12, 1, 2, 4, 2, 12, 2, 16);
    m = *state = create_ok(&p3);
    start(m, 8, 3, ASU_STRATEGY_DEPTH_ONLY, true, 100);
    assert_int_equal(peek(m).stride, 1);
    destroy_state(state);
    asu_params_t p5 = prm(5, 8, 20, 1, 2, 4, 2, 12, 2, 16);
    m = *state = create_ok(&p5);
    start(m, 8, 5, ASU_STRATEGY_DEPTH_ONLY, true, 1000);
    assert_int_equal(peek(m).stride, 2);
}

/* DepthOnly on WIDE from (8,3), S(8) = 4, depth stride 2: a probe clamped
 * to hi that still runs; then from (8,4) an up probe skipped and a move
 * clamped to lo. Converges after one dimension. */
static void test_clamped_and_skipped(void **state)
{
    asu_t *m = *state = make_wide();
    const unsigned D = ASU_DIM_DEPTH;
    const unsigned B = ASU_STEP_BASE, U = ASU_STEP_UP, DN = ASU_STEP_DOWN,
                   MV = ASU_STEP_MOVE;

    start(m, 8, 3, ASU_STRATEGY_DEPTH_ONLY, true, 100);
    const row_t a[] = {
        /* TRY_UP 3+2 = 5 > 4: clamped to 4, still a probe */
        {8, 3, B, D, 2, 0, 0, 0, 50, 2, F_CLAMP},
        /* TRY_DOWN 3-2 = 1 = lo: not clamped */
        {8, 4, U, D, 2, 8, 3, 50, 60, 2, 0},
        /* RESOLVE none; STRIDE_DONE 2 -> 1; TRY_UP 4 (not clamped) */
        {8, 1, DN, D, 2, 8, 3, 50, 70, 4, F_WORSE | F_HALF},
        {8, 4, U, D, 1, 8, 3, 50, 60, 2, 0},
        /* RESOLVE none; STRIDE_DONE (1); DIM_DONE: DepthOnly; CONVERGE */
        {8, 2, DN, D, 1, 8, 3, 50, 55, 5, F_WORSE | F_CONV},
    };
    asu_events_t e = walk(m, a, ARRAY_LEN(a), 8);
    assert_int_equal(e.strategy, ASU_STRATEGY_DEPTH_ONLY);
    assert_false(e.dim_switch);
    expect_converged(m, 8, 3, 50);
    assert_int_equal(peek(m).dim, ASU_DIM_DEPTH);

    start(m, 8, 4, ASU_STRATEGY_DEPTH_ONLY, true, 100);
    const row_t b[] = {
        /* TRY_UP 4+2 -> 4 = v: skipped; TRY_DOWN 2 */
        {8, 4, B, D, 2, 0, 0, 0, 50, 3, F_SKIP},
        /* EVAL 40 < 50: candidate down; RESOLVE; TRY_MOVE 2-2 -> lo 1 */
        {8, 2, DN, D, 2, 8, 4, 50, 40, 3, F_DOWN | F_CLAMP},
        /* EVAL MOVE 45 !< 40; STRIDE_DONE 2 -> 1; TRY_UP 3 */
        {8, 1, MV, D, 2, 8, 2, 40, 45, 3, F_STOP | F_HALF},
        {8, 3, U, D, 1, 8, 2, 40, 48, 2, 0},           /* TRY_DOWN 1 */
        {8, 1, DN, D, 1, 8, 2, 40, 45, 5, F_WORSE | F_CONV},
    };
    walk(m, b, ARRAY_LEN(b), 8);
    expect_converged(m, 8, 2, 40);
}

/* WidthOnly on SMALL from (4,4), width stride 4: the probe of width 8
 * makes S(8) = 2 slices, so its depth is min(4, 2) = 2; the best keeps
 * that depth. Converges after one dimension. */
static void test_depth_clamped_width_only(void **state)
{
    asu_t *m = *state = make_small();
    const unsigned W = ASU_DIM_SIMD_WIDTH;
    const unsigned B = ASU_STEP_BASE, U = ASU_STEP_UP, DN = ASU_STEP_DOWN;

    start(m, 4, 4, ASU_STRATEGY_WIDTH_ONLY, true, 100);
    const row_t r[] = {
        /* TRY_UP 4+4 = 8: (8, min(4, 2)) */
        {4, 4, B, W, 4, 0, 0, 0, 50, 2, F_DCLAMP},
        /* EVAL 40 < 50: candidate up; TRY_DOWN 4-4 -> lo 2: (2, min(4, 8)) */
        {8, 2, U, W, 4, 4, 4, 50, 40, 2, F_UP | F_CLAMP},
        /* EVAL 45 !< 40; RESOLVE: best (8,2); TRY_MOVE 12 -> 8: skip;
         * STRIDE_DONE 4 -> 2; TRY_UP skip; TRY_DOWN 6: (6, min(2, 4)) */
        {2, 4, DN, W, 4, 4, 4, 50, 45, 6, F_SKIP | F_HALF},
        /* RESOLVE none; STRIDE_DONE 2 -> 1; TRY_UP skip; TRY_DOWN 7 */
        {6, 2, DN, W, 2, 8, 2, 40, 42, 5, F_WORSE | F_HALF | F_SKIP},
        /* RESOLVE none; STRIDE_DONE; DIM_DONE: WidthOnly; CONVERGE */
        {7, 2, DN, W, 1, 8, 2, 40, 41, 5, F_WORSE | F_CONV},
    };
    asu_events_t e = walk(m, r, ARRAY_LEN(r), 4);
    assert_int_equal(e.strategy, ASU_STRATEGY_WIDTH_ONLY);
    assert_true(e.anneal);
    assert_false(e.dim_switch);
    expect_converged(m, 8, 2, 40);
    assert_int_equal(peek(m).dim, ASU_DIM_SIMD_WIDTH);
}

/* A probe must be strictly lower to win: ties keep the best (and, for the
 * down probe, the up candidate). DepthOnly, Inc, SMALL, from (4,2),
 * S(4) = 4. */
static void test_tie_keeps_best(void **state)
{
    asu_t *m = *state = make_small();
    const unsigned D = ASU_DIM_DEPTH;
    const unsigned B = ASU_STEP_BASE, U = ASU_STEP_UP, DN = ASU_STEP_DOWN,
                   MV = ASU_STEP_MOVE;

    start(m, 4, 2, ASU_STRATEGY_DEPTH_ONLY, false, 100);
    const row_t flat[] = {
        {4, 2, B, D, 1, 0, 0, 0, 50, 2, 0},                 /* TRY_UP 3 */
        {4, 3, U, D, 1, 4, 2, 50, 50, 2, 0},                /* tie; TRY_DOWN 1 */
        {4, 1, DN, D, 1, 4, 2, 50, 50, 5, F_WORSE | F_CONV}, /* tie; none */
    };
    walk(m, flat, ARRAY_LEN(flat), 4);
    expect_converged(m, 4, 2, 50);

    start(m, 4, 2, ASU_STRATEGY_DEPTH_ONLY, false, 100);
    const row_t tie[] = {
        {4, 2, B, D, 1, 0, 0, 0, 50, 2, 0},
        {4, 3, U, D, 1, 4, 2, 50, 40, 2, F_UP},          /* candidate up */
        /* 40 ties the candidate: it stays up; RESOLVE; TRY_MOVE 4 */
        {4, 1, DN, D, 1, 4, 2, 50, 40, 3, 0},
        /* 40 ties the best (4,3): stop; STRIDE_DONE; DIM_DONE; CONVERGE */
        {4, 4, MV, D, 1, 4, 3, 40, 40, 4, F_STOP | F_CONV},
    };
    walk(m, tie, ARRAY_LEN(tie), 4);
    expect_converged(m, 4, 3, 40);
}

/* The smallest legal unit (the cfg's min: 1 warp of 2 lanes, 1 slice):
 * one width, one depth, so every probe is skipped and DECIDE takes 12
 * actions. IntervalTasks 2, CptFrac 0, CycleWidth 4 (CptWidth 4). */
static void test_min_all_skipped(void **state)
{
    asu_params_t p = prm(1, 2, 1, 1, 1, 2, 1, 4, 0, 2);
    asu_t *m = *state = create_ok(&p);
    assert_int_equal(asu_min_width(m), 2);
    /* 1 < 1 x 2: the fall-back (2, 1) */
    asu_events_t e = start(m, 2, 1, ASU_STRATEGY_DWREP, true, 1);
    assert_true(e.fallback);
    e = start(m, 2, 1, ASU_STRATEGY_DWREP, true, 2);
    assert_false(e.fallback);
    assert_int_equal(peek(m).stride, 1); /* max(1, 1 / 2) */
    /* EVAL; TRY_UP, TRY_DOWN skipped; RESOLVE none; STRIDE_DONE;
     * DIM_DONE -> WIDTH; TRY_UP, TRY_DOWN skipped; RESOLVE none;
     * STRIDE_DONE; DIM_DONE: nothing moved; CONVERGE. 6 cycles / 2 tasks */
    const row_t r[] = {
        {2, 1, ASU_STEP_BASE, ASU_DIM_DEPTH, 1, 0, 0, 0, 3, 12,
         F_SKIP | F_WORSE | F_SWITCH | F_CONV},
    };
    e = walk(m, r, ARRAY_LEN(r), 2);
    assert_true(e.anneal);
    expect_converged(m, 2, 1, 3);
    /* done_i is 2 bits: 3 > WarpWidth */
    e = cyc(m, ASU_OP_NOP, 3);
    assert_int_equal(e.done_err, ASU_ERR_BAD_COUNT);
}

/* ------------------------------------------------------------------ */
/* START and END during a search                                        */

static void test_start_restarts(void **state)
{
    asu_t *m = *state = make_small();
    asu_events_t acc = {0};

    /* RUN: DWREP from (8,2): the BASE interval, then the probe (8,1) */
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 100);
    interval(m, 400, &acc);
    asu_out_t o = peek(m);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 1);
    for (int i = 0; i < 5; i++)
        cyc(m, ASU_OP_NOP, 3); /* 15 counted */
    /* START (4,4) WidthOnly, Inc; its done_i is not counted */
    asu_events_t e = cycle_in(m, &(asu_in_t){.op = ASU_OP_START, .start_width = 4,
                                              .start_depth = 4,
                                              .start_strategy = ASU_STRATEGY_WIDTH_ONLY,
                                              .start_tasks = 100, .done = 8});
    assert_true(e.restart);
    assert_false(e.fallback);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_int_equal(o.width, 4);
    assert_int_equal(o.depth, 4);
    assert_true(o.reconf);
    assert_int_equal(o.step, ASU_STEP_BASE);
    assert_int_equal(o.dim, ASU_DIM_SIMD_WIDTH);
    assert_int_equal(o.stride, 1);
    assert_int_equal(o.best_width, 0);
    assert_int_equal(o.best_depth, 0);
    assert_int_equal(o.best_cpt, 0);
    assert_int_equal(o.cpt, 100); /* the last interval's */
    /* the counters started again: 120 cycles, 16 tasks: CPT 30 */
    unsigned a = interval(m, 120, &acc);
    o = peek(m);
    assert_int_equal(o.cpt, 30);
    /* EVAL (BASE): best (4,4,30); TRY_UP 5: (5, min(4, S(5) = 4)) */
    assert_int_equal(a, 2);
    assert_int_equal(o.best_width, 4);
    assert_int_equal(o.best_depth, 4);
    assert_int_equal(o.best_cpt, 30);
    assert_int_equal(o.width, 5);
    assert_int_equal(o.depth, 4);
    assert_int_equal(o.step, ASU_STEP_UP);

    /* DRAIN */
    cyc(m, ASU_OP_NOP, 8);
    cyc(m, ASU_OP_NOP, 8);
    assert_int_equal(peek(m).phase, ASU_PHASE_DRAIN);
    e = start(m, 8, 2, ASU_STRATEGY_DEPTH_ONLY, true, 100);
    assert_true(e.restart);
    assert_int_equal(peek(m).phase, ASU_PHASE_RUN);
    assert_int_equal(peek(m).dim, ASU_DIM_DEPTH);

    /* DIVIDE: the interrupted division never shows */
    feed(m, 60, &acc);
    cyc(m, ASU_OP_NOP, 0);
    cyc(m, ASU_OP_NOP, 0);
    e = start(m, 8, 2, ASU_STRATEGY_DWREP, false, 100);
    assert_true(e.restart);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_int_equal(o.cpt, 30);

    /* DECIDE, after EVAL (BASE): the search starts again from BASE */
    feed(m, 60, &acc);
    divide(m, &acc);
    assert_int_equal(peek(m).cpt, 15);
    cyc(m, ASU_OP_NOP, 0);
    assert_int_equal(peek(m).best_cpt, 15);
    e = start(m, 4, 2, ASU_STRATEGY_DWREP, false, 100);
    assert_true(e.restart);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_int_equal(o.step, ASU_STEP_BASE);
    assert_int_equal(o.best_cpt, 0);

    /* A restart forgets that depth moved: DWREP, Inc, from (4,2), S(4) = 4:
     * depth moves up to (4,3), the move (4,4) is under way: START again */
    const unsigned D = ASU_DIM_DEPTH, W = ASU_DIM_SIMD_WIDTH;
    const unsigned B = ASU_STEP_BASE, U = ASU_STEP_UP, DN = ASU_STEP_DOWN;
    const row_t moving[] = {
        {4, 2, B, D, 1, 0, 0, 0, 50, 2, 0},
        {4, 3, U, D, 1, 4, 2, 50, 40, 2, F_UP},
        {4, 1, DN, D, 1, 4, 2, 50, 60, 3, 0}, /* RESOLVE up; TRY_MOVE 4 */
    };
    walk(m, moving, ARRAY_LEN(moving), 4);
    assert_int_equal(peek(m).step, ASU_STEP_MOVE);
    start(m, 4, 2, ASU_STRATEGY_DWREP, false, 100);
    /* flat: one depth pass, one width pass, CONVERGE */
    const row_t flat[] = {
        {4, 2, B, D, 1, 0, 0, 0, 50, 2, 0},
        {4, 3, U, D, 1, 4, 2, 50, 50, 2, 0},
        /* RESOLVE none; STRIDE_DONE; DIM_DONE -> WIDTH; TRY_UP 5 */
        {4, 1, DN, D, 1, 4, 2, 50, 50, 5, F_WORSE | F_SWITCH},
        {5, 2, U, W, 1, 4, 2, 50, 50, 2, 0},
        /* RESOLVE none; STRIDE_DONE; DIM_DONE: neither moved: CONVERGE */
        {3, 2, DN, W, 1, 4, 2, 50, 50, 5, F_WORSE | F_CONV},
    };
    e = walk(m, flat, ARRAY_LEN(flat), 4);
    assert_int_equal(e.strategy, ASU_STRATEGY_DWREP);
    assert_false(e.anneal);
    expect_converged(m, 4, 2, 50);
}

/* END: IDLE; the configuration, converged_o, fallback_o and the recorded
 * values stay. */
static void test_end_keeps_configuration(void **state)
{
    asu_t *m = *state = make_small();
    asu_events_t acc = {0};

    /* END in IDLE: accepted, nothing happens */
    asu_out_t idle = peek(m);
    asu_events_t e = cyc(m, ASU_OP_END, 0);
    assert_false(e.op_rejected);
    assert_false(e.end_early);
    asu_out_t o = peek(m);
    expect_same_state(&o, &idle);
    assert_true(o.op_valid);
    assert_int_equal(o.op_err, ASU_ERR_NONE);

    /* END right after START: the probe's reconf_o drops */
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 100);
    e = cyc(m, ASU_OP_END, 0);
    assert_true(e.end_early);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_IDLE);
    assert_false(o.reconf);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 2);

    /* END while the probe (8,1) runs */
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 100);
    interval(m, 400, &acc);
    cyc(m, ASU_OP_NOP, 4);
    const asu_out_t before = peek(m);
    e = cyc(m, ASU_OP_END, 4);
    assert_true(e.end_early);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_IDLE);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 1);
    assert_false(o.converged);
    assert_false(o.fallback);
    assert_false(o.reconf);
    assert_int_equal(o.best_width, 8);
    assert_int_equal(o.best_depth, 2);
    assert_int_equal(o.best_cpt, 100);
    assert_int_equal(o.cpt, 100);
    assert_int_equal(o.step, before.step);
    assert_int_equal(o.dim, before.dim);
    assert_int_equal(o.stride, before.stride);
    /* IDLE: nothing counts, SYNC is rejected */
    const asu_out_t ended = peek(m);
    for (int i = 0; i < 30; i++)
        cyc(m, ASU_OP_NOP, 8);
    e = cyc(m, ASU_OP_SYNC, 0);
    assert_int_equal(e.op_err, ASU_ERR_BAD_SYNC);
    o = peek(m);
    expect_same_state(&o, &ended);

    /* END in DIVIDE */
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 100);
    feed(m, 40, &acc);
    e = cyc(m, ASU_OP_END, 0);
    assert_true(e.end_early);
    assert_int_equal(peek(m).phase, ASU_PHASE_IDLE);
    assert_int_equal(peek(m).cpt, 100);

    /* END in EXEC after a fall-back: not early; converged and fallback stay */
    start(m, 8, 2, ASU_STRATEGY_DWREP, true, 3);
    e = cyc(m, ASU_OP_END, 0);
    assert_false(e.end_early);
    o = peek(m);
    assert_int_equal(o.phase, ASU_PHASE_IDLE);
    assert_true(o.converged);
    assert_true(o.fallback);
    assert_int_equal(o.width, 4);
    assert_int_equal(o.depth, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset_state),
        UNIT_TEST(test_start_errors),
        UNIT_TEST(test_sync_count_errors),
        UNIT_TEST(test_fallback_threshold),
        UNIT_TEST(test_counting_and_drain),
        UNIT_TEST(test_divide_length_and_quotient),
        UNIT_TEST(test_saturation),
        UNIT_TEST(test_dwrep_anneal_landscape),
        UNIT_TEST(test_inc_vs_anneal),
        UNIT_TEST(test_clamped_and_skipped),
        UNIT_TEST(test_depth_clamped_width_only),
        UNIT_TEST(test_tie_keeps_best),
        UNIT_TEST(test_min_all_skipped),
        UNIT_TEST(test_start_restarts),
        UNIT_TEST(test_end_keeps_configuration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
