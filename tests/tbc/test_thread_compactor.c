/* Unit tests of the thread_compactor golden model (csim/tbc/thread_compactor.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/tbc -Itests/common csim/tbc/thread_compactor.c csim/tbc/tbc_stack.c tests/tbc/test_thread_compactor.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/thread_compactor.md
 * and the TBC paper (HPCA'11): section 3.1 Example 1 / Fig. 7 (8 threads,
 * warps of 4), section 3.3 / Fig. 9 (the per-lane priority encoders, a
 * 3-warp block). The paper numbers threads from 1: "thread k" is bit k-1 of
 * a mask, so with W = 4 threads 1-4 are static warp 0 (lanes 0-3) and
 * threads 5-8 static warp 1 (lanes 0-3). A lane of a warp is written as its
 * static warp, -1 when the lane is empty. */
#include <string.h>

#include "test_util.h"

#include "thread_compactor.h"

#define NO (-1)

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(thread_compactor, TC_OK)

static thread_compactor_t *make(unsigned b, unsigned w)
{
    thread_compactor_params_t p = {b, w};
    return create_ok(&p);
}

static bitmask_t bm_bits(const unsigned *bits, unsigned n)
{
    bitmask_t b;
    bm_clear(&b);
    for (unsigned i = 0; i < n; i++)
        bm_set(&b, bits[i], true);
    return b;
}

/* One cycle. */
static thread_compactor_out_t cyc(thread_compactor_t *m, bool in_valid, const bitmask_t *mask,
                                  bool in_static, bool out_ready)
{
    thread_compactor_in_t in = {.in_valid = in_valid, .in_static = in_static,
                                .out_ready = out_ready};
    if (mask)
        in.in_mask = *mask;
    thread_compactor_out_t out;
    memset(&out, 0xa5, sizeof out); /* must be fully written */
    thread_compactor_step(m, &in, &out);
    return out;
}

/* A cycle that offers the mask; the compactor must be empty and take it. */
static void load(thread_compactor_t *m, const bitmask_t *mask, bool in_static)
{
    thread_compactor_out_t o = cyc(m, true, mask, in_static, true);
    assert_true(o.in_ready);
    assert_false(o.out_valid);
    assert_false(o.busy);
}

static void check_idle(const thread_compactor_out_t *o)
{
    assert_true(o->in_ready);
    assert_false(o->out_valid);
    assert_false(o->out_last);
    assert_false(o->busy);
    assert_int_equal(o->out_lane_valid, 0);
    for (unsigned l = 0; l < TC_WARP_WIDTH_MAX; l++)
        assert_int_equal(o->out_lane_sw[l], 0);
}

/* want[l] = static warp of lane l, NO when empty; lanes >= w must be empty */
static void check_warp(const thread_compactor_out_t *o, unsigned w, const int *want, bool last)
{
    assert_true(o->out_valid);
    assert_true(o->busy);
    assert_false(o->in_ready);
    assert_int_equal(o->out_last, last);
    for (unsigned l = 0; l < TC_WARP_WIDTH_MAX; l++) {
        int sw = l < w ? want[l] : NO;
        assert_int_equal((o->out_lane_valid >> l) & 1u, sw != NO);
        assert_int_equal(o->out_lane_sw[l], sw == NO ? 0 : sw);
    }
}

/* A cycle that takes the current warp and checks it. */
static void take(thread_compactor_t *m, unsigned w, const int *want, bool last)
{
    thread_compactor_out_t o = cyc(m, false, NULL, false, true);
    check_warp(&o, w, want, last);
}

static void expect_idle_cycle(thread_compactor_t *m)
{
    thread_compactor_out_t o = cyc(m, false, NULL, false, true);
    check_idle(&o);
}

static unsigned count(unsigned b, unsigned w, const bitmask_t *mask, bool st)
{
    thread_compactor_params_t p = {b, w};
    return thread_compactor_warp_count(&p, mask, st);
}

/* The diagonal of a 1024-thread block in warps of 32: thread s*32 + s of
 * each static warp s, one per lane. */
static bitmask_t diagonal(void)
{
    bitmask_t diag;
    bm_clear(&diag);
    for (unsigned s = 0; s < 32; s++)
        bm_set(&diag, s * 32 + s, true);
    return diag;
}

/* The lanes of an expected warp: static warp per lane, NO when empty. */
typedef int lanes_t[TC_WARP_WIDTH_MAX];

/* Every lane of the n warps empty. */
static void no_lanes(lanes_t *warps, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        for (unsigned l = 0; l < TC_WARP_WIDTH_MAX; l++)
            warps[k][l] = NO;
}

/* The compactor m (B = b, W = w) takes mask, in static mode if st, and
 * gives back the n warps want[] in order, one a cycle, the last one
 * flagged; then it is idle. n is the mask's warp count too. */
static void expect_warps(thread_compactor_t *m, unsigned b, unsigned w, bitmask_t mask, bool st,
                         const lanes_t *want, unsigned n)
{
    assert_int_equal(count(b, w, &mask, st), n);
    load(m, &mask, st);
    for (unsigned k = 0; k < n; k++)
        take(m, w, want[k], k + 1 == n);
    expect_idle_cycle(m);
}

/* EXPECT_WARPS(m, b, w, mask, st, {lanes of warp 0}, ...): expect_warps()
 * with the warps written out. */
#define EXPECT_WARPS(m, b, w, mask, st, ...)                                 \
    expect_warps(m, b, w, mask, st, (const lanes_t[]){__VA_ARGS__},          \
                 ARRAY_LEN(((const lanes_t[]){__VA_ARGS__})))

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    static const thread_compactor_params_t good[] = {
        /* smallest and largest */
        {4, 2}, {1024, 64},
        /* BlockThreads not a power of two: S = 341; W = 48 */
        {1023, 3}, {960, 48},
        /* configs/thread_compactor.cfg */
        {256, 32}, {1024, 32}, {8, 4},
    };
    static const bad_params_t bad[] = {
        /* WarpWidth 2..64 */
        {{8, 0}, TC_EPARAM_WARP_WIDTH},
        {{8, 1}, TC_EPARAM_WARP_WIDTH},
        {{130, 65}, TC_EPARAM_WARP_WIDTH},
        /* BlockThreads: a multiple of W, 2W..1024 */
        {{6, 4}, TC_EPARAM_BLOCK_THREADS},  /* not a multiple */
        {{10, 4}, TC_EPARAM_BLOCK_THREADS}, /* not a multiple, in range */
        {{4, 4}, TC_EPARAM_BLOCK_THREADS},  /* one static warp */
        {{0, 4}, TC_EPARAM_BLOCK_THREADS},
        {{2, 2}, TC_EPARAM_BLOCK_THREADS},
        {{1088, 64}, TC_EPARAM_BLOCK_THREADS}, /* 17 warps of 64 > 1024 */
        {{1056, 32}, TC_EPARAM_BLOCK_THREADS},
        {{1026, 3}, TC_EPARAM_BLOCK_THREADS},
        /* the ranges in declaration order, then the rule */
        {{3, 1}, TC_EPARAM_BLOCK_THREADS},
        {{7, 65}, TC_EPARAM_WARP_WIDTH},
    };
    /* a new compactor is idle */
    for (size_t i = 0; i < ARRAY_LEN(good); i++) {
        thread_compactor_t *m = create_ok(&good[i]);
        thread_compactor_out_t o;
        thread_compactor_peek(m, &o);
        check_idle(&o);
        thread_compactor_destroy(m);
    }
    expect_bad_params(bad, ARRAY_LEN(bad));
    /* no parameters at all */
    thread_compactor_t *m = NULL;
    assert_int_equal(thread_compactor_create(NULL, &m), TC_EPARAM_BLOCK_THREADS);
    assert_null(m);
    thread_compactor_destroy(NULL); /* harmless */
}

static void test_reset(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    bitmask_t full = bm64(0xff);
    load(m, &full, true);
    thread_compactor_out_t o;
    thread_compactor_peek(m, &o);
    assert_true(o.out_valid);
    thread_compactor_reset(m);
    thread_compactor_peek(m, &o);
    check_idle(&o);
    expect_idle_cycle(m);
    /* the static flag is cleared as well: the full mask now compacts into
     * the static warps anyway, so check with Example 1's {1,6,7} */
    EXPECT_WARPS(m, 8, 4, bm64(0x61), false, {0, 1, 1, NO});
}

/* ------------------------------------------------------------------ */
/* TBC Example 1 / Fig. 7: 8 threads, warps of 4                        */

static void test_example1_block_c(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    /* Fig. 7 (5)/(11): threads 1, 6, 7 (bits 0, 5, 6) become ONE warp:
     * lane 0 thread 1 (static warp 0), lane 1 thread 6 and lane 2 thread 7
     * (static warp 1); lane 3 empty */
    EXPECT_WARPS(m, 8, 4, bm64(0x61), false, {0, 1, 1, NO});
}

static void test_example1_block_b(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    /* Fig. 7 (8): threads 2, 3, 4, 5, 8 (bits 1, 2, 3, 4, 7) become TWO
     * warps. Lane 0 holds threads 1 and 5: only 5 (static warp 1). Lanes 1
     * and 2: threads 2 and 3 (static warp 0). Lane 3 holds threads 4 and 8:
     * its encoder picks 4 (warp 0) first, then 8 (warp 1). */
    EXPECT_WARPS(m, 8, 4, bm64(0x9e), false, {1, 0, 0, 0}, {NO, NO, NO, 1});
}

static void test_example1_block_d_full(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    /* Fig. 7 (2)/(10): the full mask gives back the static warps, in order */
    EXPECT_WARPS(m, 8, 4, bm64(0xff), false, {0, 0, 0, 0}, {1, 1, 1, 1});
}

/* ------------------------------------------------------------------ */
/* Fig. 9: three static warps W1 (threads 1-4), W2 (5-8), W3 (9-12). The
 * text fixes thread 5 -> C (taken) and thread 6 -> B; the figure's other
 * outcomes are not in the text, so this test picks: taken (C) = threads
 * {1, 3, 5, 7, 8, 9, 10}, not taken (B) = {2, 4, 6, 11, 12}. "Thread 5 in
 * the first vector lane of static warp W2 corresponds to the second bit of
 * the first group": bit 4 = lane 0, static warp 1. */

static void test_fig9_three_warps(void **state)
{
    thread_compactor_t *m = *state = make(12, 4);
    /* taken: bits 0, 2, 4, 6, 7, 8, 9. Per lane (static warps):
     * lane 0 {0 (t1), 1 (t5), 2 (t9)}, lane 1 {2 (t10)}, lane 2 {0 (t3),
     * 1 (t7)}, lane 3 {1 (t8)}: three warps, lane 0 sets the count */
    bitmask_t c = bm64(0x3d5);
    assert_int_equal(count(12, 4, &c, true), 3);
    EXPECT_WARPS(m, 12, 4, c, false, {0, 2, 0, 1}, {1, NO, 1, NO}, {2, NO, NO, NO});

    /* not taken: bits 1, 3, 5, 10, 11. lane 1 {0 (t2), 1 (t6)}, lane 2
     * {2 (t11)}, lane 3 {0 (t4), 2 (t12)}: two warps */
    bitmask_t b = bm64(0xc2a);
    assert_int_equal(count(12, 4, &b, true), 3); /* all three static warps */
    EXPECT_WARPS(m, 12, 4, b, false, {NO, 0, 2, 0}, {NO, 1, NO, 2});
}

/* ------------------------------------------------------------------ */
/* static mode (TBC 3.2: compaction disabled for warp-synchronous code)  */

static void test_static_mode(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    /* {1,6,7}: two static warps instead of one compacted warp */
    EXPECT_WARPS(m, 8, 4, bm64(0x61), true, {0, NO, NO, NO}, {NO, 1, 1, NO});
    /* {2,3,4,5,8}: warp 0 lanes 1-3, then warp 1 lanes 0 and 3 */
    EXPECT_WARPS(m, 8, 4, bm64(0x9e), true, {NO, 0, 0, 0}, {1, NO, NO, 1});
    /* only static warp 1 */
    EXPECT_WARPS(m, 8, 4, bm64(0xa0), true, {NO, 1, NO, 1});
    /* the flag is per mask: the next one, not static, is compacted */
    EXPECT_WARPS(m, 8, 4, bm64(0x61), false, {0, 1, 1, NO});

    /* B = 12: static warps 0 and 2, warp 1 empty in between */
    destroy_state(state);
    m = *state = make(12, 4);
    bitmask_t gap = bm64(0x901); /* threads 1, 9, 12 */
    assert_int_equal(count(12, 4, &gap, false), 2); /* lane 0: threads 1, 9 */
    EXPECT_WARPS(m, 12, 4, gap, true, {0, NO, NO, NO}, {2, NO, NO, 2});
}

/* ------------------------------------------------------------------ */
/* handshakes                                                           */

static void test_backpressure(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    bitmask_t b = bm64(0x9e);
    bitmask_t other = bm64(0x01);
    load(m, &b, false);
    thread_compactor_out_t o;
    /* out_ready low: the same warp, cycle after cycle; a mask offered
     * meanwhile is not taken (in_ready is 0) */
    for (int i = 0; i < 3; i++) {
        o = cyc(m, true, &other, true, false);
        check_warp(&o, 4, (int[]){1, 0, 0, 0}, false);
    }
    take(m, 4, (int[]){1, 0, 0, 0}, false);
    o = cyc(m, true, &other, false, false);
    check_warp(&o, 4, (int[]){NO, NO, NO, 1}, true);
    o = cyc(m, false, NULL, false, false);
    check_warp(&o, 4, (int[]){NO, NO, NO, 1}, true);
    take(m, 4, (int[]){NO, NO, NO, 1}, true);
    /* nothing of the offered mask was kept */
    expect_idle_cycle(m);
    expect_idle_cycle(m);

    /* peek shows the same outputs and does not advance */
    load(m, &b, false);
    thread_compactor_peek(m, &o);
    check_warp(&o, 4, (int[]){1, 0, 0, 0}, false);
    thread_compactor_peek(m, &o);
    check_warp(&o, 4, (int[]){1, 0, 0, 0}, false);
    take(m, 4, (int[]){1, 0, 0, 0}, false);
    take(m, 4, (int[]){NO, NO, NO, 1}, true);
}

static void test_in_ready_timing(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    bitmask_t c = bm64(0x61), d = bm64(0xff), none = bm64(0);
    thread_compactor_out_t o;

    /* cycle 0 takes C; cycle 1 shows its warp and offers D: not taken,
     * although the last warp leaves in this very cycle */
    load(m, &c, false);
    o = cyc(m, true, &d, false, true);
    check_warp(&o, 4, (int[]){0, 1, 1, NO}, true);
    /* cycle 2: empty again, D is taken; cycle 3 its first warp */
    o = cyc(m, true, &d, false, true);
    check_idle(&o);
    o = cyc(m, true, &c, false, true);
    check_warp(&o, 4, (int[]){0, 0, 0, 0}, false);
    o = cyc(m, true, &c, false, true);
    check_warp(&o, 4, (int[]){1, 1, 1, 1}, true);
    expect_idle_cycle(m);

    /* an empty mask is taken and makes no warp */
    load(m, &none, false);
    expect_idle_cycle(m);
    /* in_valid low: nothing taken */
    o = cyc(m, false, &d, false, true);
    check_idle(&o);
    expect_idle_cycle(m);
}

static void test_mask_truncated(void **state)
{
    thread_compactor_t *m = *state = make(8, 4);
    /* bits 8 and up are not threads of an 8-thread block */
    bitmask_t x;
    memset(&x, 0xff, sizeof x);
    x.w[0] = 0xffffffffffffff01u;
    assert_int_equal(count(8, 4, &x, true), 1);
    EXPECT_WARPS(m, 8, 4, x, false, {0, NO, NO, NO});
}

/* ------------------------------------------------------------------ */
/* warp count                                                           */

static void test_warp_count(void **state)
{
    (void)state;
    bitmask_t z = bm64(0);
    assert_int_equal(count(8, 4, &z, false), 0);
    assert_int_equal(count(8, 4, &z, true), 0);
    bitmask_t one = bm64(0x80); /* thread 8 */
    assert_int_equal(count(8, 4, &one, false), 1);
    assert_int_equal(count(8, 4, &one, true), 1);
    bitmask_t full = bm64(0xff);
    assert_int_equal(count(8, 4, &full, true), 2);
    /* {2,3,4,5,8} static: both static warps */
    bitmask_t b = bm64(0x9e);
    assert_int_equal(count(8, 4, &b, true), 2);
    /* diagonal of 1024 threads in warps of 32: one thread per lane ->
     * one compacted warp, but 32 static warps */
    bitmask_t diag = diagonal();
    assert_int_equal(count(1024, 32, &diag, false), 1);
    assert_int_equal(count(1024, 32, &diag, true), 32);
    /* threads 0 and 1023: lanes 0 and 31 -> 1 warp; static warps 0, 31 */
    bitmask_t ends = bm_bits((unsigned[]){0, 1023}, 2);
    assert_int_equal(count(1024, 32, &ends, false), 1);
    assert_int_equal(count(1024, 32, &ends, true), 2);
    /* the same two bits with W = 64: lanes 0 and 63, static warps 0, 15 */
    assert_int_equal(count(1024, 64, &ends, false), 1);
    assert_int_equal(count(1024, 64, &ends, true), 2);
    /* W = 3, B = 9: threads 0, 3, 6 share lane 0 -> 3 warps */
    bitmask_t l0 = bm64(0x49);
    assert_int_equal(count(9, 3, &l0, false), 3);
    assert_int_equal(count(9, 3, &l0, true), 3);
    bitmask_t w1 = bm64(0x38); /* threads 3, 4, 5: static warp 1 */
    assert_int_equal(count(9, 3, &w1, false), 1);
    assert_int_equal(count(9, 3, &w1, true), 1);
}


/* ------------------------------------------------------------------ */
/* the paper's size: 1024-thread blocks, 32-wide warps                  */

static void test_paper_size_full(void **state)
{
    thread_compactor_t *m = *state = make(1024, 32);
    bitmask_t full;
    bm_fill(&full, 1024);
    /* every encoder picks the same static warp: the 32 static warps, as in
     * static mode */
    lanes_t want[32];
    for (int k = 0; k < 32; k++)
        for (int l = 0; l < 32; l++)
            want[k][l] = k;
    for (int st = 0; st < 2; st++)
        expect_warps(m, 1024, 32, full, st, want, 32);
}

static void test_paper_size_lane_heavy(void **state)
{
    thread_compactor_t *m = *state = make(1024, 32);
    lanes_t want[32];
    /* lane 5 of every static warp (thread s*32 + 5), plus lane 0 of static
     * warp 7 (thread 224) and lane 31 of static warp 31 (thread 1023): lane
     * 5 alone needs 32 warps, the other two ride in the first one */
    bitmask_t mk;
    bm_clear(&mk);
    for (unsigned s = 0; s < 32; s++)
        bm_set(&mk, s * 32 + 5, true);
    bm_set(&mk, 224, true);
    bm_set(&mk, 1023, true);
    assert_int_equal(count(1024, 32, &mk, true), 32);
    no_lanes(want, 32);
    for (int k = 0; k < 32; k++)
        want[k][5] = k;
    want[0][0] = 7;
    want[0][31] = 31;
    expect_warps(m, 1024, 32, mk, false, want, 32);

    /* the diagonal: one full warp, lane l from static warp l */
    bitmask_t diag = diagonal();
    for (int l = 0; l < 32; l++)
        want[0][l] = l;
    expect_warps(m, 1024, 32, diag, false, want, 1);

    /* the same diagonal in static mode: 32 one-thread warps */
    no_lanes(want, 32);
    for (int k = 0; k < 32; k++)
        want[k][k] = k;
    expect_warps(m, 1024, 32, diag, true, want, 32);
}

/* widths that do not divide 64: lanes straddle mask words */
static void test_odd_and_max_width(void **state)
{
    lanes_t want[4];
    /* W = 48, B = 960, S = 20. Thread 0 = lane 0 / warp 0; 64 = lane 16 /
     * warp 1; 95 = lane 47 / warp 1; 143 = lane 47 / warp 2; 959 = lane 47
     * / warp 19. Lane 47 has three threads -> three warps. */
    thread_compactor_t *m = *state = make(960, 48);
    bitmask_t mk = bm_bits((unsigned[]){0, 64, 95, 143, 959}, 5);
    static const int lane47[3] = {1, 2, 19}; /* its threads' static warps */
    no_lanes(want, 3);
    for (int k = 0; k < 3; k++)
        want[k][47] = lane47[k];
    want[0][0] = 0;
    want[0][16] = 1;
    expect_warps(m, 960, 48, mk, false, want, 3);
    /* static mode: warp 0 {lane 0}, warp 1 {16, 47}, warp 2 {47}, warp 19 */
    no_lanes(want, 4);
    want[0][0] = 0;
    want[1][16] = 1;
    for (int k = 0; k < 3; k++)
        want[k + 1][47] = lane47[k];
    expect_warps(m, 960, 48, mk, true, want, 4);
    destroy_state(state);

    /* W = 64, B = 1024: lane 63 is bit 63 of lane_valid */
    m = *state = make(1024, 64);
    no_lanes(want, 3);
    want[0][0] = 1;   /* thread 64 */
    want[0][63] = 0;  /* thread 63 */
    want[1][63] = 1;  /* thread 127 */
    want[2][63] = 15; /* thread 1023 */
    expect_warps(m, 1024, 64, bm_bits((unsigned[]){63, 64, 127, 1023}, 4), false, want, 3);
    destroy_state(state);

    /* W = 2, B = 4 (the smallest): thread 3 = lane 1 / warp 1 */
    m = *state = make(4, 2);
    EXPECT_WARPS(m, 4, 2, bm64(0xb), false, {0, 0}, {NO, 1}); /* threads 0, 1, 3 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset),
        UNIT_TEST(test_example1_block_c),
        UNIT_TEST(test_example1_block_b),
        UNIT_TEST(test_example1_block_d_full),
        UNIT_TEST(test_fig9_three_warps),
        UNIT_TEST(test_static_mode),
        UNIT_TEST(test_backpressure),
        UNIT_TEST(test_in_ready_timing),
        UNIT_TEST(test_mask_truncated),
        UNIT_TEST(test_warp_count),
        UNIT_TEST(test_paper_size_full),
        UNIT_TEST(test_paper_size_lane_heavy),
        UNIT_TEST(test_odd_and_max_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
