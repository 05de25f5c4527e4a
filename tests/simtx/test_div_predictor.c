/* Unit tests of the div_predictor golden model (csim/simtx/div_predictor.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/simtx -Itests/common csim/simtx/div_predictor.c tests/simtx/test_div_predictor.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from the SIMT-X paper and
 * docs/blocks/div_predictor.md: section 3.7.2 (2-bit bimodal counters biased
 * towards divergence: divergent unless strongly uniform; counters reset to 2,
 * weakly divergent), section 3.8.2 (the pending-divergence counter: +1 per
 * injected buop, -1 per committed one, a fix turns a branch into a buop (+1)
 * or back (-1); a squash takes the flushed buops off), the page's errors
 * (any error rejects the whole cycle).
 *
 * Most tests use the default configuration: 64 counters, 32-bit PCs,
 * PcShift 2, so PC 0x40 is counter (0x40 >> 2) & 63 = 16, and 0x140
 * ((0x140 >> 2) & 63 = 80 & 63 = 16) and 0x43 (alignment bits) alias it. */
#include "test_util.h"

#include "div_predictor.h"

TEST_MODEL_HELPERS(div_predictor, DP_OK)
TEST_STEP_HELPERS(div_predictor)

static div_predictor_params_t params(unsigned entries, unsigned pcw, unsigned shift,
                                     unsigned pendw)
{
    return (div_predictor_params_t){entries, pcw, shift, pendw};
}

static div_predictor_t *make(unsigned entries, unsigned pcw, unsigned shift, unsigned pendw)
{
    div_predictor_params_t p = params(entries, pcw, shift, pendw);
    return create_ok(&p);
}

static div_predictor_t *make_default(void) { return make(64, 32, 2, 6); }

/* A cycle with only a lookup of pc: its outputs. */
static div_predictor_out_t look(div_predictor_t *m, uint64_t pc)
{
    return step(m, &(div_predictor_in_t){.look_pc = pc}, NULL);
}

/* The outputs without a cycle. */
static div_predictor_out_t peek(const div_predictor_t *m, uint64_t pc)
{
    div_predictor_out_t o;
    div_predictor_eval(m, &(div_predictor_in_t){.look_pc = pc}, &o);
    return o;
}

/* A resolution of pc (outcome div, fix code), its events. */
static div_predictor_events_t resolve(div_predictor_t *m, uint64_t pc, bool div, unsigned fix)
{
    div_predictor_in_t in = {.res_valid = true, .res_pc = pc, .res_div = div, .res_fix = fix};
    return step_ev(m, &in);
}

/* A pending-only cycle, its events. */
static div_predictor_events_t pend(div_predictor_t *m, bool inj, bool cmt, unsigned sq)
{
    div_predictor_in_t in = {.inj = inj, .cmt = cmt, .sq = sq};
    return step_ev(m, &in);
}

static void check_pred(const div_predictor_t *m, uint64_t pc, bool div, unsigned ctr)
{
    div_predictor_out_t o = peek(m, pc);
    assert_int_equal(o.look_div, div);
    assert_int_equal(o.look_ctr, ctr);
}

static void check_pending(const div_predictor_t *m, unsigned pending)
{
    div_predictor_out_t o = peek(m, 0);
    assert_int_equal(o.pending, pending);
    assert_int_equal(o.pending_nz, pending != 0);
}

/* ------------------------------------------------------------------ */

static void test_params(void **state)
{
    (void)state;
    const bad_params_t bad[] = {
        {params(1, 32, 2, 4), DP_EPARAM_ENTRIES},
        {params(48, 32, 2, 4), DP_EPARAM_ENTRIES},   /* not a power of two */
        {params(8192, 32, 2, 4), DP_EPARAM_ENTRIES},
        {params(32, 3, 0, 4), DP_EPARAM_PC_WIDTH},
        {params(32, 65, 0, 4), DP_EPARAM_PC_WIDTH},
        {params(32, 32, 5, 4), DP_EPARAM_PC_SHIFT},
        {params(32, 6, 2, 4), DP_EPARAM_PC_SHIFT},   /* 5 index bits + 2 > 6 */
        {params(32, 32, 2, 0), DP_EPARAM_PEND_WIDTH},
        {params(32, 32, 2, 17), DP_EPARAM_PEND_WIDTH},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));
    assert_int_equal(div_predictor_create(NULL, &(div_predictor_t *){NULL}), DP_EPARAM_ENTRIES);
    /* the edges of the legal space */
    div_predictor_destroy(make(2, 4, 0, 1));
    div_predictor_destroy(make(4096, 64, 4, 16));
    div_predictor_destroy(make(16, 4, 0, 1)); /* every PC bit indexes */
}

/* "divergence is always predicted unless the predictor suggests that the
 * branch is strongly uniform": after reset every counter is 2. */
static void test_reset_predicts_divergent(void **state)
{
    div_predictor_t *m = *state = make_default();
    for (uint64_t pc = 0; pc < 64 * 4; pc += 4)
        check_pred(m, pc, true, 2);
    div_predictor_out_t o = look(m, 0x40);
    assert_true(o.look_div);
    assert_int_equal(o.look_ctr, 2);
    assert_int_equal(o.pending, 0);
    assert_false(o.pending_nz);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_err, 0);
    assert_int_equal(o.err_sticky, 0);
    assert_int_equal(div_predictor_index(m, 0x40), 16);
    assert_int_equal(div_predictor_index(m, 0x140), 16);
    assert_int_equal(div_predictor_index(m, 0x43), 16);
}

/* Two uniform outcomes: 2 -> 1 (still divergent) -> 0 (uniform); one
 * divergent outcome: 0 -> 1, divergent again. Other counters untouched. */
static void test_train(void **state)
{
    div_predictor_t *m = *state = make_default();
    div_predictor_events_t e = resolve(m, 0x40, false, DP_FIX_NONE);
    assert_true(e.res);
    assert_int_equal(e.res_index, 16);
    assert_int_equal(e.ctr_before, 2);
    assert_int_equal(e.ctr_after, 1);
    check_pred(m, 0x40, true, 1);
    resolve(m, 0x40, false, DP_FIX_NONE);
    check_pred(m, 0x40, false, 0);
    check_pred(m, 0x140, false, 0); /* its alias */
    check_pred(m, 0x43, false, 0);  /* alignment bits ignored */
    check_pred(m, 0x44, true, 2);   /* the next counter */
    resolve(m, 0x140, true, DP_FIX_NONE); /* the alias trains it back */
    check_pred(m, 0x40, true, 1);
    for (unsigned i = 0; i < 64; i++)
        assert_int_equal(div_predictor_counter(m, i), i == 16 ? 1 : 2);
}

/* The counters saturate at 3 and at 0. */
static void test_saturate(void **state)
{
    div_predictor_t *m = *state = make_default();
    const unsigned up[] = {3, 3, 3};
    for (unsigned k = 0; k < ARRAY_LEN(up); k++) {
        resolve(m, 0x80, true, DP_FIX_NONE);
        check_pred(m, 0x80, true, up[k]);
    }
    const unsigned down[] = {2, 1, 0, 0, 0};
    for (unsigned k = 0; k < ARRAY_LEN(down); k++) {
        resolve(m, 0x80, false, DP_FIX_NONE);
        check_pred(m, 0x80, down[k] != 0, down[k]);
    }
}

/* A lookup in the cycle of a resolution of the same counter sees the value
 * before the edge. */
static void test_lookup_sees_old_value(void **state)
{
    div_predictor_t *m = *state = make_default();
    resolve(m, 0x40, false, DP_FIX_NONE); /* 2 -> 1 */
    div_predictor_in_t in = {.look_pc = 0x40, .res_valid = true, .res_pc = 0x40};
    div_predictor_out_t o = step(m, &in, NULL); /* uniform: 1 -> 0 */
    assert_true(o.look_div);
    assert_int_equal(o.look_ctr, 1);
    check_pred(m, 0x40, false, 0);
}

/* pending: inj +1; inj with a TO_BUOP fix +2; cmt -1; TO_BRANCH -1;
 * inj and cmt together 0; a squash of 2; TO_BUOP and TO_BRANCH are only
 * counted with their resolution. */
static void test_pending_sequence(void **state)
{
    div_predictor_t *m = *state = make_default();
    check_pending(m, 0);
    pend(m, true, false, 0);
    check_pending(m, 1);
    div_predictor_in_t in = {.inj = true, .res_valid = true, .res_pc = 0x40, .res_div = true,
                             .res_fix = DP_FIX_TO_BUOP};
    step(m, &in, NULL);
    check_pending(m, 3);
    check_pred(m, 0x40, true, 3);
    pend(m, false, true, 0);
    check_pending(m, 2);
    resolve(m, 0x80, false, DP_FIX_TO_BRANCH);
    check_pending(m, 1);
    div_predictor_events_t e = pend(m, true, true, 0);
    assert_int_equal(e.pend_before, 1);
    assert_int_equal(e.pend_after, 1);
    assert_int_equal(e.pend_terms, 2);
    check_pending(m, 1);
    pend(m, true, false, 0);
    pend(m, true, false, 0);
    check_pending(m, 3);
    /* a rollback: the branch becomes a buop, two younger buops flushed */
    in = (div_predictor_in_t){.res_valid = true, .res_pc = 0xc0, .res_div = true,
                              .res_fix = DP_FIX_TO_BUOP, .sq = 2};
    step(m, &in, NULL);
    check_pending(m, 2);
    pend(m, false, false, 2);
    check_pending(m, 0);
    /* every one of these cycles was a request, answered without error */
    div_predictor_out_t o = look(m, 0);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, DP_ERR_NONE);
    o = look(m, 0); /* the lookup alone is no request */
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0);
}

/* Each error: the code one cycle later, its sticky bit, and no change --
 * neither pending nor the resolution's counter. PendWidth 2: max 3. */
static void test_errors(void **state)
{
    div_predictor_t *m = *state = make(32, 32, 0, 2);
    /* underflow: a commit with nothing pending; the resolution riding
     * along does not train its counter */
    div_predictor_in_t in = {.cmt = true, .res_valid = true, .res_pc = 5, .res_div = false};
    div_predictor_events_t e;
    step(m, &in, &e);
    assert_int_equal(e.err, DP_ERR_UNDERFLOW);
    assert_false(e.res);
    check_pred(m, 5, true, 2);
    check_pending(m, 0);
    div_predictor_out_t o = look(m, 5);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, DP_ERR_UNDERFLOW);
    assert_int_equal(o.err_sticky, 1u << DP_ERR_UNDERFLOW);
    /* fill to 3, then one more: overflow */
    for (unsigned k = 0; k < 3; k++)
        pend(m, true, false, 0);
    check_pending(m, 3);
    in = (div_predictor_in_t){.inj = true, .res_valid = true, .res_pc = 5, .res_div = true};
    step(m, &in, &e);
    assert_int_equal(e.err, DP_ERR_OVERFLOW);
    check_pending(m, 3);
    check_pred(m, 5, true, 2);
    /* but inj with a commit is net 0: accepted at the maximum */
    e = pend(m, true, true, 0);
    assert_int_equal(e.err, DP_ERR_NONE);
    check_pending(m, 3);
    /* a squash of more than is pending: 3 - 1 (TO_BRANCH) - 3 < 0 */
    in = (div_predictor_in_t){.res_valid = true, .res_pc = 5, .res_fix = DP_FIX_TO_BRANCH,
                              .sq = 3};
    step(m, &in, &e);
    assert_int_equal(e.err, DP_ERR_UNDERFLOW);
    check_pending(m, 3);
    check_pred(m, 5, true, 2);
    /* a reserved fix code */
    e = resolve(m, 5, false, 3);
    assert_int_equal(e.err, DP_ERR_BAD_FIX);
    check_pred(m, 5, true, 2);
    /* a fix without a resolution, even with an accepted-looking commit */
    in = (div_predictor_in_t){.res_fix = DP_FIX_TO_BRANCH, .cmt = true};
    step(m, &in, &e);
    assert_true(e.req);
    assert_int_equal(e.err, DP_ERR_BAD_FIX);
    check_pending(m, 3);
    /* BAD_FIX comes before OVERFLOW: inj at the maximum with a fix of 3 */
    in = (div_predictor_in_t){.inj = true, .res_valid = true, .res_pc = 5, .res_fix = 3};
    step(m, &in, &e);
    assert_int_equal(e.err, DP_ERR_BAD_FIX);
    o = look(m, 5);
    assert_int_equal(o.rsp_err, DP_ERR_BAD_FIX);
    assert_int_equal(o.err_sticky, (1u << DP_ERR_OVERFLOW) | (1u << DP_ERR_UNDERFLOW) |
                                       (1u << DP_ERR_BAD_FIX));
    assert_int_equal(o.pending, 3);
    /* the sticky bits stay until reset */
    o = look(m, 5);
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0xe);
    div_predictor_reset(m);
    o = look(m, 5);
    assert_int_equal(o.err_sticky, 0);
    assert_int_equal(o.pending, 0);
}

/* The smallest configuration: two counters (pc bit 0), a 1-bit counter. */
static void test_min(void **state)
{
    div_predictor_t *m = *state = make(2, 4, 0, 1);
    resolve(m, 0x3, false, DP_FIX_NONE);
    resolve(m, 0x5, false, DP_FIX_NONE); /* 0x5 aliases 0x3: bit 0 */
    check_pred(m, 0x1, false, 0);
    check_pred(m, 0x2, true, 2);
    check_pred(m, 0x13, false, 0); /* bits above PcWidth are not wires */
    pend(m, true, false, 0);
    check_pending(m, 1);
    assert_int_equal(pend(m, true, false, 0).err, DP_ERR_OVERFLOW);
    assert_int_equal(pend(m, false, false, 1).err, DP_ERR_NONE);
    check_pending(m, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params),
        UNIT_TEST(test_reset_predicts_divergent),
        UNIT_TEST(test_train),
        UNIT_TEST(test_saturate),
        UNIT_TEST(test_lookup_sees_old_value),
        UNIT_TEST(test_pending_sequence),
        UNIT_TEST(test_errors),
        UNIT_TEST(test_min),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
