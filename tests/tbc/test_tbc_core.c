/* Unit tests of the tbc_core golden model (csim/tbc/tbc_core.c): the wiring
 * of the stack and the compactor that rtl/tbc/tbc_core.sv documents. The
 * children's behaviour has its own tests (test_tbc_stack.c,
 * test_thread_compactor.c); these check what the composition adds: the
 * compactor's in_ready as the stack's cmp_ready, a mask waiting while the
 * compactor is busy, the PC registered with the mask and shown with its
 * warps, back-pressure, and errors passed through.
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/tbc -Itests/common csim/tbc/thread_compactor.c csim/tbc/tbc_stack.c csim/tbc/tbc_core.c tests/tbc/test_tbc_core.c -lcmocka -o /tmp/t && /tmp/t
 *
 * TBC (HPCA'11) Example 1 / Fig. 7: 8 threads, warps of 4; bit t of a
 * thread set is the paper's thread t+1 (lane t mod 4, static warp t div 4),
 * as in verif/tbc/scenarios/tbc_core_fig7.scn. */
#include <string.h>

#include "test_util.h"

#include "tbc_core.h"

enum { PA = 0x100, PB = 0x200, PX = 0x500 };

TEST_MODEL_HELPERS(tbc_core, TBC_OK)

/* Fig. 7's block: 8 threads, warps of 4, 32-bit PCs, Depth 8 */
static tbc_core_t *make_fig7(void)
{
    tbc_core_params_t p = {8, 4, 32, 8, true};
    return create_ok(&p);
}

static tbc_core_in_t idle(bool out_ready)
{
    return (tbc_core_in_t){.out_ready = out_ready};
}

/* One cycle; peek must show the outputs step gives. */
static tbc_core_out_t cyc(tbc_core_t *m, const tbc_core_in_t *in, tbc_core_events_t *ev)
{
    tbc_core_out_t peeked, out;
    tbc_core_peek(m, &peeked);
    memset(&out, 0xa5, sizeof out); /* must be fully written */
    tbc_core_step(m, in, &out, ev);
    assert_memory_equal(&peeked, &out, sizeof out);
    return out;
}

/* A cycle offering INIT of the threads `mask` at pc, with the exit PX. */
static tbc_core_out_t init_cyc(tbc_core_t *m, uint64_t mask, uint64_t pc, bool out_ready,
                               tbc_core_events_t *ev)
{
    tbc_core_in_t in = idle(out_ready);
    in.req_valid = true;
    in.req_op = TBC_OP_INIT;
    in.req_mask = bm64(mask);
    in.req_pc = pc;
    in.req_rpc = PX;
    return cyc(m, &in, ev);
}

/* The threads of the warp on out_* (bit sw*W + l). */
static uint64_t out_threads(const tbc_core_out_t *o, unsigned w)
{
    uint64_t t = 0;
    for (unsigned l = 0; l < w; l++)
        if (o->out_lane_valid >> l & 1u)
            t |= UINT64_C(1) << (o->out_lane_sw[l] * w + l);
        else
            assert_int_equal(o->out_lane_sw[l], 0);
    return t;
}

static void check_warp(const tbc_core_out_t *o, uint64_t threads, uint64_t pc, bool last)
{
    assert_true(o->out_valid);
    assert_int_equal(out_threads(o, 4), threads);
    assert_int_equal(o->out_pc, pc);
    assert_int_equal(o->out_last, last);
}

static void check_no_warp(const tbc_core_out_t *o)
{
    assert_false(o->out_valid);
    assert_int_equal(o->out_lane_valid, 0);
    assert_int_equal(o->out_pc, 0);
    assert_false(o->out_last);
}

/* INIT a block and run to the cycle after the idle compactor took its mask
 * (the settling cycle, then the hand-over). */
static void start(tbc_core_t *m, uint64_t mask, uint64_t pc, bool out_ready)
{
    tbc_core_events_t ev;
    init_cyc(m, mask, pc, out_ready, &ev);
    tbc_core_in_t in = idle(out_ready);
    cyc(m, &in, &ev);
    cyc(m, &in, &ev);
    assert_true(ev.stack_out.cmp_valid && ev.stack_in.cmp_ready);
}

/* The parameters are the children's: each one's rejection comes through. */
static void test_params(void **state)
{
    (void)state;
    static const bad_params_t bad[] = {
        {{8, 1, 32, 8, true}, TBCC_EPARAM_WARP_WIDTH},
        {{6, 4, 32, 8, true}, TBCC_EPARAM_BLOCK_THREADS},
        {{8, 4, 32, 3, true}, TBCC_EPARAM_DEPTH},
        {{8, 4, 3, 8, true}, TBCC_EPARAM_PC_WIDTH},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));
    tbc_core_t *m = NULL;
    assert_int_not_equal(tbc_core_create(NULL, &m), TBC_OK);
    tbc_core_destroy(NULL);
    m = create_ok(&(tbc_core_params_t){1024, 64, 64, 32, true}); /* the widest */
    tbc_core_destroy(m);
}

/* Fig. 7 (1)-(2): INIT, one settling cycle, the mask handed over, two warps
 * with the block's PC; out_pc is 0 between warps. */
static void test_fig7_block_start(void **state)
{
    tbc_core_t *m = *state = make_fig7();
    tbc_core_events_t ev;
    tbc_core_out_t o = init_cyc(m, 0xFF, PA, true, &ev);
    assert_true(o.req_ready);
    assert_int_equal(o.depth, 0);
    check_no_warp(&o);

    tbc_core_in_t in = idle(true);
    o = cyc(m, &in, &ev); /* settling */
    assert_false(o.req_ready);
    assert_true(o.tos_valid);
    assert_int_equal(o.tos_pc, PA);
    assert_int_equal(o.tos_wcnt, 0);
    assert_int_equal(o.depth, 1);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, TBC_ERR_NONE);
    check_no_warp(&o);

    o = cyc(m, &in, &ev); /* the idle compactor takes the mask */
    assert_true(o.req_ready);
    assert_int_equal(o.tos_wcnt, 2);
    assert_true(ev.stack_out.cmp_valid);
    assert_true(ev.stack_in.cmp_ready);
    assert_true(ev.cmp_in.in_valid);
    assert_int_equal(ev.stack_out.cmp_pc, PA);
    check_no_warp(&o);

    o = cyc(m, &in, &ev);
    check_warp(&o, 0x0F, PA, false);
    assert_false(ev.stack_in.cmp_ready); /* busy compactor */
    o = cyc(m, &in, &ev);
    check_warp(&o, 0xF0, PA, true);
    o = cyc(m, &in, &ev);
    check_no_warp(&o);
    assert_true(ev.stack_in.cmp_ready);
    assert_int_equal(o.tos_wcnt, 2);
}

/* A block replaced while the compactor still emits the old one's warps (with
 * out_ready low): the new mask waits in the stack until the compactor is
 * empty, the old warps keep the old PC, the new warps show the new one. */
static void test_pc_travels_with_mask(void **state)
{
    tbc_core_t *m = *state = make_fig7();
    tbc_core_events_t ev;
    start(m, 0xFF, PA, true);
    tbc_core_out_t o = init_cyc(m, 0x30, PB, false, &ev); /* threads 5,6: one warp */
    check_warp(&o, 0x0F, PA, false);
    tbc_core_in_t in = idle(false);
    o = cyc(m, &in, &ev); /* the new block settles; the warp is held */
    check_warp(&o, 0x0F, PA, false);
    assert_false(o.req_ready);
    assert_int_equal(o.tos_pc, PB);
    o = cyc(m, &in, &ev); /* the new mask waits: the compactor is busy */
    check_warp(&o, 0x0F, PA, false);
    assert_true(ev.stack_out.cmp_valid);
    assert_false(ev.stack_in.cmp_ready);
    assert_int_equal(ev.stack_out.cmp_pc, PB);

    in = idle(true);
    o = cyc(m, &in, &ev);
    check_warp(&o, 0x0F, PA, false);
    o = cyc(m, &in, &ev);
    check_warp(&o, 0xF0, PA, true);
    assert_false(ev.stack_in.cmp_ready);
    o = cyc(m, &in, &ev); /* the compactor is empty: it takes the new mask */
    check_no_warp(&o);
    assert_true(ev.stack_out.cmp_valid);
    assert_true(ev.stack_in.cmp_ready);
    o = cyc(m, &in, &ev);
    check_warp(&o, 0x30, PB, true);
    o = cyc(m, &in, &ev);
    check_no_warp(&o);
    assert_false(ev.stack_out.cmp_valid);
}

/* Errors come from the stack unchanged; a rejected INIT leaves the core
 * idle; reset clears everything, the PC register included. */
static void test_errors_and_reset(void **state)
{
    tbc_core_t *m = *state = make_fig7();
    tbc_core_events_t ev;
    init_cyc(m, 0, PA, true, &ev);
    assert_int_equal(ev.stack.err, TBC_ERR_BAD_MASK);
    tbc_core_in_t in = idle(true);
    tbc_core_out_t o = cyc(m, &in, &ev);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, TBC_ERR_BAD_MASK);
    assert_int_equal(o.err_sticky, 1u << TBC_ERR_BAD_MASK);
    assert_int_equal(o.depth, 0);
    assert_true(o.req_ready);
    check_no_warp(&o);

    start(m, 0x11, PA, false); /* threads 1 and 5: lane 0 twice */
    in = idle(false);
    o = cyc(m, &in, &ev);
    check_warp(&o, 0x01, PA, false);
    tbc_core_reset(m);
    tbc_core_peek(m, &o);
    check_no_warp(&o);
    assert_int_equal(o.depth, 0);
    assert_int_equal(o.err_sticky, 0);
    assert_true(o.req_ready);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_fig7_block_start),
        UNIT_TEST(test_pc_travels_with_mask),
        UNIT_TEST(test_errors_and_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
