/* Unit tests of the thread_compactor golden model (csim/tbc/thread_compactor.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/tbc csim/tbc/thread_compactor.c csim/tbc/tbc_stack.c tests/tbc/test_thread_compactor.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/thread_compactor.md
 * and the TBC paper (HPCA'11): section 3.1 Example 1 / Fig. 7 (8 threads,
 * warps of 4), section 3.3 / Fig. 9 (the per-lane priority encoders, a
 * 3-warp block). The paper numbers threads from 1: "thread k" is bit k-1 of
 * a mask, so with W = 4 threads 1-4 are static warp 0 (lanes 0-3) and
 * threads 5-8 static warp 1 (lanes 0-3). A lane of a warp is written as its
 * static warp, -1 when the lane is empty. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "thread_compactor.h"

#define NO (-1)

/* ------------------------------------------------------------------ */
/* helpers                                                              */

static thread_compactor_t *make(unsigned b, unsigned w)
{
    thread_compactor_params_t p = {b, w};
    thread_compactor_t *m = NULL;
    assert_int_equal(thread_compactor_create(&p, &m), TC_OK);
    assert_non_null(m);
    return m;
}

static bitmask_t bm64(uint64_t v)
{
    bitmask_t b;
    bm_from_u64(&b, v);
    return b;
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
    thread_compactor_in_t in;
    memset(&in, 0, sizeof in);
    in.in_valid = in_valid;
    if (mask)
        in.in_mask = *mask;
    in.in_static = in_static;
    in.out_ready = out_ready;
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
    for (unsigned l = 0; l < TC_MAX_LANES; l++)
        assert_int_equal(o->out_lane_sw[l], 0);
}

/* want[l] = static warp of lane l, NO when empty; lanes >= w must be empty */
static void check_warp(const thread_compactor_out_t *o, unsigned w, const int *want, bool last)
{
    assert_true(o->out_valid);
    assert_true(o->busy);
    assert_false(o->in_ready);
    assert_int_equal(o->out_last, last);
    for (unsigned l = 0; l < TC_MAX_LANES; l++) {
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

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void expect_create(unsigned b, unsigned w, int rc)
{
    thread_compactor_params_t p = {b, w};
    int dummy;
    thread_compactor_t *m = (thread_compactor_t *)&dummy; /* must be overwritten */
    assert_int_equal(thread_compactor_create(&p, &m), rc);
    if (rc == TC_OK) {
        assert_non_null(m);
        thread_compactor_out_t o;
        thread_compactor_peek(m, &o);
        check_idle(&o);
        thread_compactor_destroy(m);
    } else {
        assert_null(m);
    }
}

static void test_params(void **state)
{
    (void)state;
    /* smallest and largest */
    expect_create(4, 2, TC_OK);
    expect_create(1024, 64, TC_OK);
    /* WarpWidth 2..64 */
    expect_create(8, 0, TC_EPARAM_WIDTH);
    expect_create(8, 1, TC_EPARAM_WIDTH);
    expect_create(130, 65, TC_EPARAM_WIDTH);
    /* BlockThreads: a multiple of W, 2W..1024 */
    expect_create(6, 4, TC_EPARAM_THREADS);  /* not a multiple */
    expect_create(10, 4, TC_EPARAM_THREADS); /* not a multiple, in range */
    expect_create(4, 4, TC_EPARAM_THREADS);  /* one static warp */
    expect_create(0, 4, TC_EPARAM_THREADS);
    expect_create(2, 2, TC_EPARAM_THREADS);
    expect_create(1088, 64, TC_EPARAM_THREADS); /* 17 warps of 64 > 1024 */
    expect_create(1056, 32, TC_EPARAM_THREADS);
    expect_create(1026, 3, TC_EPARAM_THREADS);
    expect_create(1023, 3, TC_OK); /* S = 341, not a power of two */
    expect_create(960, 48, TC_OK);
    /* width is checked first */
    expect_create(3, 1, TC_EPARAM_WIDTH);
    expect_create(7, 65, TC_EPARAM_WIDTH);
    /* configs/thread_compactor.cfg */
    expect_create(256, 32, TC_OK);
    expect_create(1024, 32, TC_OK);
    expect_create(8, 4, TC_OK);
    /* no parameters at all */
    thread_compactor_t *m = NULL;
    assert_int_equal(thread_compactor_create(NULL, &m), TC_EPARAM_WIDTH);
    assert_null(m);
    thread_compactor_destroy(NULL); /* harmless */
}

static void test_reset(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
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
    bitmask_t c = bm64(0x61);
    load(m, &c, false);
    take(m, 4, (int[]){0, 1, 1, NO}, true);
    thread_compactor_destroy(m);
}

/* ------------------------------------------------------------------ */
/* TBC Example 1 / Fig. 7: 8 threads, warps of 4                        */

static void test_example1_block_c(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
    /* Fig. 7 (5)/(11): threads 1, 6, 7 (bits 0, 5, 6) become ONE warp:
     * lane 0 thread 1 (static warp 0), lane 1 thread 6 and lane 2 thread 7
     * (static warp 1); lane 3 empty */
    bitmask_t c = bm64(0x61);
    load(m, &c, false);
    take(m, 4, (int[]){0, 1, 1, NO}, true);
    expect_idle_cycle(m);
    assert_int_equal(count(8, 4, &c, false), 1);
    thread_compactor_destroy(m);
}

static void test_example1_block_b(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
    /* Fig. 7 (8): threads 2, 3, 4, 5, 8 (bits 1, 2, 3, 4, 7) become TWO
     * warps. Lane 0 holds threads 1 and 5: only 5 (static warp 1). Lanes 1
     * and 2: threads 2 and 3 (static warp 0). Lane 3 holds threads 4 and 8:
     * its encoder picks 4 (warp 0) first, then 8 (warp 1). */
    bitmask_t b = bm64(0x9e);
    load(m, &b, false);
    take(m, 4, (int[]){1, 0, 0, 0}, false);
    take(m, 4, (int[]){NO, NO, NO, 1}, true);
    expect_idle_cycle(m);
    assert_int_equal(count(8, 4, &b, false), 2);
    thread_compactor_destroy(m);
}

static void test_example1_block_d_full(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
    /* Fig. 7 (2)/(10): the full mask gives back the static warps, in order */
    bitmask_t d = bm64(0xff);
    load(m, &d, false);
    take(m, 4, (int[]){0, 0, 0, 0}, false);
    take(m, 4, (int[]){1, 1, 1, 1}, true);
    expect_idle_cycle(m);
    assert_int_equal(count(8, 4, &d, false), 2);
    thread_compactor_destroy(m);
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
    (void)state;
    thread_compactor_t *m = make(12, 4);
    /* taken: bits 0, 2, 4, 6, 7, 8, 9. Per lane (static warps):
     * lane 0 {0 (t1), 1 (t5), 2 (t9)}, lane 1 {2 (t10)}, lane 2 {0 (t3),
     * 1 (t7)}, lane 3 {1 (t8)}: three warps, lane 0 sets the count */
    bitmask_t c = bm64(0x3d5);
    assert_int_equal(count(12, 4, &c, false), 3);
    assert_int_equal(count(12, 4, &c, true), 3);
    load(m, &c, false);
    take(m, 4, (int[]){0, 2, 0, 1}, false);
    take(m, 4, (int[]){1, NO, 1, NO}, false);
    take(m, 4, (int[]){2, NO, NO, NO}, true);
    expect_idle_cycle(m);

    /* not taken: bits 1, 3, 5, 10, 11. lane 1 {0 (t2), 1 (t6)}, lane 2
     * {2 (t11)}, lane 3 {0 (t4), 2 (t12)}: two warps */
    bitmask_t b = bm64(0xc2a);
    assert_int_equal(count(12, 4, &b, false), 2);
    assert_int_equal(count(12, 4, &b, true), 3); /* all three static warps */
    load(m, &b, false);
    take(m, 4, (int[]){NO, 0, 2, 0}, false);
    take(m, 4, (int[]){NO, 1, NO, 2}, true);
    expect_idle_cycle(m);
    thread_compactor_destroy(m);
}

/* ------------------------------------------------------------------ */
/* static mode (TBC 3.2: compaction disabled for warp-synchronous code)  */

static void test_static_mode(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
    /* {1,6,7}: two static warps instead of one compacted warp */
    bitmask_t c = bm64(0x61);
    load(m, &c, true);
    take(m, 4, (int[]){0, NO, NO, NO}, false);
    take(m, 4, (int[]){NO, 1, 1, NO}, true);
    expect_idle_cycle(m);
    assert_int_equal(count(8, 4, &c, true), 2);

    /* {2,3,4,5,8}: warp 0 lanes 1-3, then warp 1 lanes 0 and 3 */
    bitmask_t b = bm64(0x9e);
    load(m, &b, true);
    take(m, 4, (int[]){NO, 0, 0, 0}, false);
    take(m, 4, (int[]){1, NO, NO, 1}, true);
    expect_idle_cycle(m);

    /* only static warp 1 */
    bitmask_t hi = bm64(0xa0);
    assert_int_equal(count(8, 4, &hi, true), 1);
    load(m, &hi, true);
    take(m, 4, (int[]){NO, 1, NO, 1}, true);
    expect_idle_cycle(m);

    /* the flag is per mask: the next one, not static, is compacted */
    load(m, &c, false);
    take(m, 4, (int[]){0, 1, 1, NO}, true);
    expect_idle_cycle(m);

    /* B = 12: static warps 0 and 2, warp 1 empty in between */
    thread_compactor_destroy(m);
    m = make(12, 4);
    bitmask_t gap = bm64(0x901); /* threads 1, 9, 12 */
    assert_int_equal(count(12, 4, &gap, true), 2);
    assert_int_equal(count(12, 4, &gap, false), 2); /* lane 0: threads 1, 9 */
    load(m, &gap, true);
    take(m, 4, (int[]){0, NO, NO, NO}, false);
    take(m, 4, (int[]){2, NO, NO, 2}, true);
    expect_idle_cycle(m);
    thread_compactor_destroy(m);
}

/* ------------------------------------------------------------------ */
/* handshakes                                                           */

static void test_backpressure(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
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
    thread_compactor_destroy(m);
}

static void test_in_ready_timing(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
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
    thread_compactor_destroy(m);
}

static void test_mask_truncated(void **state)
{
    (void)state;
    thread_compactor_t *m = make(8, 4);
    /* bits 8 and up are not threads of an 8-thread block */
    bitmask_t x;
    memset(&x, 0xff, sizeof x);
    x.w[0] = 0xffffffffffffff01u;
    assert_int_equal(count(8, 4, &x, false), 1);
    assert_int_equal(count(8, 4, &x, true), 1);
    load(m, &x, false);
    take(m, 4, (int[]){0, NO, NO, NO}, true);
    expect_idle_cycle(m);
    thread_compactor_destroy(m);
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
    bitmask_t diag;
    bm_clear(&diag);
    for (unsigned s = 0; s < 32; s++)
        bm_set(&diag, s * 32 + s, true);
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
    (void)state;
    thread_compactor_t *m = make(1024, 32);
    bitmask_t full;
    bm_fill(&full, 1024);
    assert_int_equal(count(1024, 32, &full, false), 32);
    assert_int_equal(count(1024, 32, &full, true), 32);
    load(m, &full, false);
    /* every encoder picks the same static warp: the 32 static warps */
    for (int k = 0; k < 32; k++) {
        int want[32];
        for (int l = 0; l < 32; l++)
            want[l] = k;
        take(m, 32, want, k == 31);
    }
    expect_idle_cycle(m);
    thread_compactor_destroy(m);
}

static void test_paper_size_lane_heavy(void **state)
{
    (void)state;
    thread_compactor_t *m = make(1024, 32);
    /* lane 5 of every static warp (thread s*32 + 5), plus lane 0 of static
     * warp 7 (thread 224) and lane 31 of static warp 31 (thread 1023): lane
     * 5 alone needs 32 warps, the other two ride in the first one */
    bitmask_t mk;
    bm_clear(&mk);
    for (unsigned s = 0; s < 32; s++)
        bm_set(&mk, s * 32 + 5, true);
    bm_set(&mk, 224, true);
    bm_set(&mk, 1023, true);
    assert_int_equal(count(1024, 32, &mk, false), 32);
    assert_int_equal(count(1024, 32, &mk, true), 32);
    load(m, &mk, false);
    for (int k = 0; k < 32; k++) {
        int want[32];
        for (int l = 0; l < 32; l++)
            want[l] = NO;
        want[5] = k;
        if (k == 0) {
            want[0] = 7;
            want[31] = 31;
        }
        take(m, 32, want, k == 31);
    }
    expect_idle_cycle(m);

    /* the diagonal: one full warp, lane l from static warp l */
    bitmask_t diag;
    bm_clear(&diag);
    for (unsigned s = 0; s < 32; s++)
        bm_set(&diag, s * 32 + s, true);
    load(m, &diag, false);
    int want[32];
    for (int l = 0; l < 32; l++)
        want[l] = l;
    take(m, 32, want, true);
    expect_idle_cycle(m);

    /* the same diagonal in static mode: 32 one-thread warps */
    load(m, &diag, true);
    for (int k = 0; k < 32; k++) {
        for (int l = 0; l < 32; l++)
            want[l] = l == k ? k : NO;
        take(m, 32, want, k == 31);
    }
    expect_idle_cycle(m);
    thread_compactor_destroy(m);
}

/* widths that do not divide 64: lanes straddle mask words */
static void test_odd_and_max_width(void **state)
{
    (void)state;
    /* W = 48, B = 960, S = 20. Thread 0 = lane 0 / warp 0; 64 = lane 16 /
     * warp 1; 95 = lane 47 / warp 1; 143 = lane 47 / warp 2; 959 = lane 47
     * / warp 19. Lane 47 has three threads -> three warps. */
    thread_compactor_t *m = make(960, 48);
    bitmask_t mk = bm_bits((unsigned[]){0, 64, 95, 143, 959}, 5);
    assert_int_equal(count(960, 48, &mk, false), 3);
    assert_int_equal(count(960, 48, &mk, true), 4); /* warps 0, 1, 2, 19 */
    load(m, &mk, false);
    int want[48];
    for (int l = 0; l < 48; l++)
        want[l] = NO;
    want[0] = 0;
    want[16] = 1;
    want[47] = 1;
    take(m, 48, want, false);
    want[0] = want[16] = NO;
    want[47] = 2;
    take(m, 48, want, false);
    want[47] = 19;
    take(m, 48, want, true);
    expect_idle_cycle(m);
    /* static mode: warp 0 {lane 0}, warp 1 {16, 47}, warp 2 {47}, warp 19 */
    load(m, &mk, true);
    for (int l = 0; l < 48; l++)
        want[l] = NO;
    want[0] = 0;
    take(m, 48, want, false);
    want[0] = NO;
    want[16] = want[47] = 1;
    take(m, 48, want, false);
    want[16] = NO;
    want[47] = 2;
    take(m, 48, want, false);
    want[47] = 19;
    take(m, 48, want, true);
    expect_idle_cycle(m);
    thread_compactor_destroy(m);

    /* W = 64, B = 1024: lane 63 is bit 63 of lane_valid */
    m = make(1024, 64);
    bitmask_t w64 = bm_bits((unsigned[]){63, 64, 127, 1023}, 4);
    assert_int_equal(count(1024, 64, &w64, false), 3);
    load(m, &w64, false);
    int want64[64];
    for (int l = 0; l < 64; l++)
        want64[l] = NO;
    want64[0] = 1;  /* thread 64 */
    want64[63] = 0; /* thread 63 */
    take(m, 64, want64, false);
    want64[0] = NO;
    want64[63] = 1; /* thread 127 */
    take(m, 64, want64, false);
    want64[63] = 15; /* thread 1023 */
    take(m, 64, want64, true);
    expect_idle_cycle(m);
    thread_compactor_destroy(m);

    /* W = 2, B = 4 (the smallest): thread 3 = lane 1 / warp 1 */
    m = make(4, 2);
    bitmask_t mn = bm64(0xb); /* threads 0, 1, 3 */
    assert_int_equal(count(4, 2, &mn, false), 2);
    load(m, &mn, false);
    take(m, 2, (int[]){0, 0}, false);
    take(m, 2, (int[]){NO, 1}, true);
    expect_idle_cycle(m);
    thread_compactor_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_example1_block_c),
        cmocka_unit_test(test_example1_block_b),
        cmocka_unit_test(test_example1_block_d_full),
        cmocka_unit_test(test_fig9_three_warps),
        cmocka_unit_test(test_static_mode),
        cmocka_unit_test(test_backpressure),
        cmocka_unit_test(test_in_ready_timing),
        cmocka_unit_test(test_mask_truncated),
        cmocka_unit_test(test_warp_count),
        cmocka_unit_test(test_paper_size_full),
        cmocka_unit_test(test_paper_size_lane_heavy),
        cmocka_unit_test(test_odd_and_max_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
