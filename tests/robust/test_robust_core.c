/* Unit tests of the robust_core golden model (csim/robust/robust_core.c):
 * Robust SIMD's warp-slice table and adaptation state unit together.
 *
 * Expected values are worked out by hand from docs/blocks/robust_core.md,
 * docs/blocks/warp_slice_table.md, docs/blocks/asu.md and the Robust SIMD
 * paper (IPDPS'12) sections IV and VI.
 *
 * Most tests use SMALL: NumWarps 2, WarpWidth 8, MaxSlices 8, PcWidth 16
 * (none = 0xffff), Depth 4; TasksPerThread 2, MinIntervals 30, fall-back 4
 * wide x 2, CycleWidth 12, CptFrac 2, TaskWidth 16. Derived: MinWidth =
 * ceil(8 / (8 / 2)) = 2; IntervalTasks = 2 x 2 x 8 = 32; the fall-back
 * below 30 x 32 = 960 tasks; CptWidth = 14 (DIVIDE's cycles). Width 8
 * makes P = 2 slices (entry e = warp e), width 4 makes 4 (entry e = warp
 * e % 2, lanes 0x0f for e < 2, 0xf0 above).
 *
 * Every test runs the model beside a shadow that gets the same inputs,
 * except that a request expected to be rejected goes to the model only:
 * robust_core_same_state() then checks that it changed nothing in either
 * child. */
#include <stdlib.h>

#include "test_util.h"

#include "robust_core.h"

TEST_MODEL_HELPERS(robust_core, ROBC_OK)

typedef robust_core_in_t in_t;
typedef robust_core_out_t out_t;
typedef robust_core_events_t ev_t;

enum { HEAD = 0x10, EXIT = 0x90 };

static robust_core_params_t small_p(void)
{
    return (robust_core_params_t){
        .num_warps = 2, .warp_width = 8, .max_slices = 8, .pc_width = 16, .depth = 4,
        .tasks_per_thread = 2, .min_intervals = 30, .fallback_width = 4,
        .fallback_depth = 2, .cycle_width = 12, .cpt_frac = 2, .task_width = 16};
}

typedef struct {
    robust_core_t *m, *s;
} tb_t;

static int tb_teardown(void **state)
{
    tb_t *t = *state;
    if (t) {
        robust_core_destroy(t->m);
        robust_core_destroy(t->s);
        free(t);
    }
    *state = NULL;
    return 0;
}

#define TB_TEST(f) cmocka_unit_test_teardown(f, tb_teardown)

static tb_t *tb_new(void **state)
{
    tb_t *t = calloc(1, sizeof *t);
    assert_non_null(t);
    *state = t;
    robust_core_params_t p = small_p();
    t->m = create_ok(&p);
    t->s = create_ok(&p);
    return t;
}

/* The outputs of the current cycle with the read port on entry e. */
static out_t rd(const tb_t *t, unsigned e)
{
    out_t o;
    robust_core_eval(t->m, &(in_t){.req_entry = e}, &o);
    return o;
}

/* One cycle of both. */
static ev_t cyc(tb_t *t, in_t in)
{
    ev_t e;
    robust_core_step(t->m, &in, NULL, &e);
    robust_core_step(t->s, &in, NULL, NULL);
    assert_true(robust_core_same_state(t->m, t->s));
    return e;
}

static ev_t idle(tb_t *t)
{
    return cyc(t, (in_t){0});
}

/* An accepted request. */
static ev_t ok(tb_t *t, in_t in)
{
    ev_t e = cyc(t, in);
    assert_int_equal(e.err, WSL_ERR_NONE);
    assert_true(rd(t, 0).rsp_valid);
    assert_int_equal(rd(t, 0).rsp_err, WSL_ERR_NONE);
    return e;
}

/* A request rejected with `code`: the model gets it, the shadow an idle
 * cycle; neither child changed. */
static void reject(tb_t *t, in_t in, unsigned code)
{
    ev_t e;
    robust_core_step(t->m, &in, NULL, &e);
    robust_core_step(t->s, &(in_t){0}, NULL, NULL);
    assert_int_equal(e.err, code);
    assert_true(robust_core_same_state(t->m, t->s));
    out_t o = rd(t, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, code);
    assert_true(o.err_sticky & (1u << code));
}

static in_t launch(unsigned w, unsigned d, unsigned strategy, uint64_t tasks)
{
    return (in_t){.req_valid = true, .req_op = WSL_OP_LAUNCH, .req_width = w, .req_depth = d,
                  .req_pc = HEAD, .req_rpc = EXIT, .start_strategy = strategy,
                  .start_anneal = true, .start_tasks = tasks};
}

static in_t reconf(void)
{
    /* width and depth: the ASU's, whatever the request says */
    return (in_t){.req_valid = true, .req_op = WSL_OP_RECONF, .req_width = 3, .req_depth = 7,
                  .req_pc = HEAD, .req_rpc = EXIT};
}

static in_t slice_op(unsigned op, unsigned e, uint64_t pc)
{
    return (in_t){.req_valid = true, .req_op = op, .req_entry = e, .req_pc = pc};
}

static in_t task(unsigned e)
{
    return slice_op(ROBC_OP_TASK, e, HEAD);
}

static in_t arrive(unsigned e)
{
    return slice_op(WSL_OP_ARRIVE, e, 0);
}

/* Idle until the stacks are written (req_ready_o); returns the cycles. */
static unsigned wait_ready(tb_t *t)
{
    unsigned n = 0;
    while (!rd(t, 0).req_ready) {
        idle(t);
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* one interval, its boundary and the probe that follows                */

static void test_interval(void **state)
{
    tb_t *t = tb_new(state);
    reject(t, reconf(), ROBC_ERR_MID_INTERVAL);  /* no section */
    reject(t, arrive(0), ROBC_ERR_NOT_DRAINING); /* nothing drains */

    ev_t e = ok(t, launch(8, 2, ASU_STRATEGY_DWREP, 1000));
    assert_int_equal(e.asu_in.op, ASU_OP_START);
    out_t o = rd(t, 0);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 2);
    assert_int_equal(o.tbl_width, 8);
    assert_int_equal(o.tbl_depth, 2);
    assert_int_equal(o.slices, 2);
    assert_int_equal(o.active, 2);
    assert_int_equal(wait_ready(t), 2); /* P = 2 stacks written */

    /* each TASK of a whole 8-wide slice completes 8 tasks: 4 reach 32 */
    for (unsigned i = 0; i < 3; i++) {
        e = ok(t, task(i & 1u));
        assert_true(e.task);
        assert_int_equal(e.asu_in.done, 8);
        assert_int_equal(rd(t, 0).phase, ASU_PHASE_RUN);
    }
    reject(t, arrive(0), ROBC_ERR_NOT_DRAINING);
    reject(t, reconf(), WSL_ERR_NOT_ARRIVED); /* decided (RUN), but the slices run */
    ok(t, task(1));
    assert_int_equal(rd(t, 0).phase, ASU_PHASE_DRAIN);

    /* draining: the slices stop at the loop head; the core ends the interval */
    reject(t, reconf(), ROBC_ERR_MID_INTERVAL);
    ok(t, arrive(0));
    assert_int_equal(rd(t, 0).active, 1);
    e = ok(t, arrive(1));
    assert_false(e.auto_sync); /* the last arrival shows after its edge */
    assert_true(rd(t, 0).arrived);
    e = idle(t);
    assert_true(e.auto_sync);
    assert_true(e.asu.interval);
    assert_int_equal(rd(t, 0).phase, ASU_PHASE_DIVIDE);

    /* DIVIDE takes CptWidth = 14 cycles; DECIDE: EVAL (the base is the
     * best), TRY_UP (depth 2 + stride 1 clamps to S(8) = 2: skipped),
     * TRY_DOWN (depth 1: a probe) */
    for (unsigned i = 0; i < 14 + 2; i++) {
        reject(t, reconf(), ROBC_ERR_MID_INTERVAL);
        assert_true(rd(t, 0).phase == ASU_PHASE_DIVIDE || rd(t, 0).phase == ASU_PHASE_DECIDE);
    }
    idle(t);
    o = rd(t, 0);
    assert_int_equal(o.phase, ASU_PHASE_RUN);
    assert_int_equal(o.step, ASU_STEP_DOWN);
    assert_int_equal(o.width, 8);
    assert_int_equal(o.depth, 1);
    assert_true(o.reconf);
    assert_int_equal(o.best_depth, 2);

    /* the WPU applies it: the table divides at (8, 1), whatever the request
     * said; one slice runs, the other is dormant */
    e = ok(t, reconf());
    assert_true(e.reconf_probe);
    assert_true(e.tbl.reconf);
    o = rd(t, 0);
    assert_int_equal(o.tbl_width, 8);
    assert_int_equal(o.tbl_depth, 1);
    assert_int_equal(o.slices, 2);
    assert_int_equal(o.active, 1);
    assert_int_equal(rd(t, 1).rd_status, WSL_STATUS_DORMANT);
    reject(t, reconf(), WSL_ERR_BUSY);
}

/* ------------------------------------------------------------------ */
/* the fall-back (section VI-C) applied at the first synchronisation    */

static void test_fallback(void **state)
{
    tb_t *t = tb_new(state);
    ev_t e = ok(t, launch(8, 2, ASU_STRATEGY_DWREP, 959)); /* one below 960 */
    assert_true(e.asu.fallback);
    out_t o = rd(t, 0);
    assert_int_equal(o.phase, ASU_PHASE_EXEC);
    assert_true(o.fallback);
    assert_int_equal(o.width, 4);
    assert_int_equal(o.depth, 2);
    assert_int_equal(o.tbl_width, 8); /* the slices keep the LAUNCH's width */
    wait_ready(t);

    /* the configurations differ: the slices may stop and reconfigure */
    ok(t, task(0));
    ok(t, arrive(0));
    reject(t, reconf(), WSL_ERR_NOT_ARRIVED);
    ok(t, arrive(1));
    e = idle(t);
    assert_false(e.auto_sync); /* not DRAIN: no SYNC */
    e = ok(t, reconf());
    assert_true(e.reconf_fallback);
    o = rd(t, 0);
    assert_int_equal(o.tbl_width, 4);
    assert_int_equal(o.tbl_depth, 2);
    assert_int_equal(o.slices, 4);
    assert_int_equal(o.active, 2);
    assert_int_equal(rd(t, 2).rd_status, WSL_STATUS_DORMANT);
    assert_int_equal(rd(t, 2).rd_lanes.w[0], 0xf0);
    wait_ready(t);
    /* applied: nothing is due any more */
    reject(t, arrive(0), ROBC_ERR_NOT_DRAINING);
}

/* ------------------------------------------------------------------ */
/* illegal LAUNCHes: the core's strategy, the table's width and depth   */

static void test_bad_launch(void **state)
{
    tb_t *t = tb_new(state);
    reject(t, launch(8, 2, 3, 1000), ROBC_ERR_BAD_STRATEGY);
    reject(t, launch(0, 2, 0, 1000), WSL_ERR_BAD_WIDTH);
    reject(t, launch(1, 2, 0, 1000), WSL_ERR_BAD_WIDTH); /* below MinWidth 2 */
    reject(t, launch(9, 2, 0, 1000), WSL_ERR_BAD_WIDTH);
    reject(t, launch(8, 0, 0, 1000), WSL_ERR_BAD_DEPTH);
    reject(t, launch(8, 3, 0, 1000), WSL_ERR_BAD_DEPTH); /* P(8) = 2 */
    reject(t, (in_t){.req_valid = true, .req_op = 7}, WSL_ERR_BAD_OP);
    assert_int_equal(rd(t, 0).phase, ASU_PHASE_IDLE); /* the ASU never started */
    assert_int_equal(rd(t, 0).err_sticky, (1u << ROBC_ERR_BAD_STRATEGY) |
                                              (1u << WSL_ERR_BAD_WIDTH) |
                                              (1u << WSL_ERR_BAD_DEPTH) | (1u << WSL_ERR_BAD_OP));
    ok(t, launch(2, 8, 0, 1000)); /* P(2) = 8 */
    assert_int_equal(rd(t, 0).active, 8);
    reject(t, launch(8, 2, 0, 1000), WSL_ERR_BUSY);
    wait_ready(t);
    reject(t, launch(8, 2, 3, 1000), ROBC_ERR_BAD_STRATEGY); /* the core's code first */
    reject(t, launch(8, 2, 0, 1000), WSL_ERR_NOT_ARRIVED);
}

/* ------------------------------------------------------------------ */
/* a TASK counts the threads on top of the slice's stack                */

static void test_task_part(void **state)
{
    tb_t *t = tb_new(state);
    ok(t, launch(8, 2, ASU_STRATEGY_DEPTH_ONLY, 1000));
    wait_ready(t);
    /* entry 0 diverges: 4 threads taken, 4 not, reconverging at 0x40 */
    in_t br = {.req_valid = true, .req_op = WSL_OP_BRANCH, .req_entry = 0, .req_pc = 0x20,
               .req_alt_pc = 0x30, .req_rpc = 0x40, .req_mask = bm64(0x0f)};
    ok(t, br);
    assert_int_equal(rd(t, 0).rd_tos, 3);
    ev_t e = ok(t, slice_op(ROBC_OP_TASK, 0, 0x40)); /* the top's 4 threads end a task */
    assert_true(e.task_part);
    assert_int_equal(e.asu_in.done, 4);
    assert_int_equal(rd(t, 0).rd_tos, 2);
    e = ok(t, slice_op(ROBC_OP_TASK, 0, 0x40)); /* the other 4, and the stack pops */
    assert_int_equal(e.asu_in.done, 4);
    assert_int_equal(rd(t, 0).rd_tos, 1);
    e = ok(t, task(0));
    assert_false(e.task_part);
    assert_int_equal(e.asu_in.done, 8);
    /* a rejected TASK counts nothing */
    in_t bad = slice_op(ROBC_OP_TASK, 5, HEAD);
    robust_core_step(t->m, &bad, NULL, &e);
    robust_core_step(t->s, &(in_t){0}, NULL, NULL);
    assert_int_equal(e.err, WSL_ERR_BAD_ENTRY);
    assert_int_equal(e.asu_in.done, 0);
    assert_true(robust_core_same_state(t->m, t->s));
}

/* ------------------------------------------------------------------ */
/* the last slice's exit ends the section                               */

static void test_section_end(void **state)
{
    tb_t *t = tb_new(state);
    ok(t, launch(8, 2, ASU_STRATEGY_WIDTH_ONLY, 1000));
    wait_ready(t);
    ok(t, slice_op(WSL_OP_ADVANCE, 0, EXIT));
    ev_t e = ok(t, slice_op(WSL_OP_ADVANCE, 1, EXIT));
    assert_true(e.tbl.slice_done);
    assert_false(e.auto_end);
    assert_int_equal(rd(t, 0).slices, 0);
    e = idle(t);
    assert_true(e.auto_end);
    assert_true(e.asu.end_early); /* still sampling */
    assert_int_equal(rd(t, 0).phase, ASU_PHASE_IDLE);
    e = idle(t);
    assert_false(e.auto_end); /* once */
    reject(t, reconf(), ROBC_ERR_MID_INTERVAL);
    ok(t, launch(4, 4, ASU_STRATEGY_WIDTH_ONLY, 1000));
    assert_int_equal(rd(t, 0).slices, 4);
}

/* ------------------------------------------------------------------ */
/* parameters: the core's checks hold each child's (the declaration's)  */

static void test_params(void **state)
{
    (void)state;
    robust_core_params_t p = small_p();
    robust_core_t *m = (robust_core_t *)&p; /* set beforehand: must be cleared */
    p.depth = 2;                            /* the table's: 3..32 */
    assert_int_equal(robust_core_create(&p, &m), ROBC_EPARAM_DEPTH);
    assert_null(m);
    p = small_p();
    p.fallback_width = 1; /* the ASU's: below MinWidth 2 */
    assert_int_equal(robust_core_create(&p, &m), ROBC_EPARAM_FALLBACK_WIDTH);
    assert_null(m);
    assert_int_equal(robust_core_create(NULL, &m), ROBC_EPARAM_NUM_WARPS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TB_TEST(test_interval),  TB_TEST(test_fallback),    TB_TEST(test_bad_launch),
        TB_TEST(test_task_part), TB_TEST(test_section_end), cmocka_unit_test(test_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
