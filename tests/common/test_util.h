/* Helpers shared by the cmocka unit tests of the golden models
 * (tests/<group>/test_<block>.c). Header-only: a suite is a single .c file,
 * built with -Itests/common (tests/run_tests.py). */
#ifndef SIMT_TEST_UTIL_H
#define SIMT_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "bitmask.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* The mask whose low 64 bits are v: small thread/lane sets as one word. */
static inline bitmask_t bm64(uint64_t v)
{
    bitmask_t b;
    bm_from_u64(&b, v);
    return b;
}

/* Marsaglia's xorshift64: a pseudo-random stimulus that is the same on every
 * run. The seed must not be 0. */
static inline uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Field f of *got equals field f of *want. Applied to an X-macro list of a
 * struct's fields, it compares the structs field by field, so that a
 * failure names the field (padding makes memcmp unreliable). */
#define EXPECT_SAME_FIELD(f) assert_int_equal(got->f, want->f);
/* The same for an X(type, field) list (the generated <PRE>_PARAM_FIELDS). */
#define EXPECT_SAME_PARAM(type, f) EXPECT_SAME_FIELD(f)

/* TEST_MODEL_HELPERS(B, OK), for a golden model B with the interface of csim/
 * (B_t, B_params_t, int B_create(const B_params_t *, B_t **) returning OK
 * on success, B_destroy): defines
 *   bad_params_t            a parameter set p that creation must reject with
 *                           code rc;
 *   create_ok(p)            creates a model from *p, which must succeed;
 *   expect_bad_params(c, n) each of the n sets c[i] is rejected with its
 *                           code, and the handle cleared: it is set
 *                           beforehand, so a model that leaves it is caught;
 *   destroy_state(state)    destroys the model a test keeps in *state: the
 *                           teardown of UNIT_TEST, or a test ending one
 *                           model to go on with another;
 *   shadowed_t, shadowed_new(state, p), shadowed_teardown(state)
 *                           a model m and its shadow s from *p, kept in
 *                           *state (a rejected request goes to s as a NOP,
 *                           then B_same_state(m, s) says it changed nothing),
 *                           and the teardown that destroys both. */
#define TEST_MODEL_HELPERS(B, OK)                                                   \
    typedef struct {                                                                \
        B##_params_t p;                                                             \
        int rc;                                                                     \
    } bad_params_t;                                                                 \
    static inline B##_t *create_ok(const B##_params_t *p)                           \
    {                                                                               \
        B##_t *m = NULL;                                                            \
        assert_int_equal(B##_create(p, &m), OK);                                    \
        assert_non_null(m);                                                         \
        return m;                                                                   \
    }                                                                               \
    static inline void expect_bad_params(const bad_params_t *c, size_t n)           \
    {                                                                               \
        for (size_t i = 0; i < n; i++) {                                            \
            B##_t *m = (B##_t *)&m;                                                 \
            assert_int_equal(B##_create(&c[i].p, &m), c[i].rc);                     \
            assert_null(m);                                                         \
        }                                                                           \
    }                                                                               \
    static inline int destroy_state(void **state)                                   \
    {                                                                               \
        B##_destroy(*state);                                                        \
        *state = NULL;                                                              \
        return 0;                                                                   \
    }                                                                               \
    typedef struct {                                                                \
        B##_t *m, *s;                                                               \
    } shadowed_t;                                                                   \
    static inline int shadowed_teardown(void **state)                               \
    {                                                                               \
        shadowed_t *t = *state;                                                     \
        if (t) {                                                                    \
            B##_destroy(t->m);                                                      \
            B##_destroy(t->s);                                                      \
            free(t);                                                                \
        }                                                                           \
        *state = NULL;                                                              \
        return 0;                                                                   \
    }                                                                               \
    static inline shadowed_t *shadowed_new(void **state, const B##_params_t *p)     \
    {                                                                               \
        shadowed_t *t = calloc(1, sizeof *t);                                       \
        assert_non_null(t);                                                         \
        *state = t;                                                                 \
        t->m = create_ok(p);                                                        \
        t->s = create_ok(p);                                                        \
        return t;                                                                   \
    }

/* A test that hands its model to cmocka (m = *state = create...): the model
 * is destroyed after the test, also when an assertion failed. */
#define UNIT_TEST(f) cmocka_unit_test_teardown(f, destroy_state)

/* TEST_STEP_HELPERS(B), for a model stepped by
 * B_step(B_t *, const B_in_t *, B_out_t *, B_events_t *): defines
 *   step(m, in, ev)  one clock cycle: returns its outputs and, unless ev is
 *                    NULL, writes its events to *ev;
 *   step_ev(m, in)   one clock cycle: returns its events. */
#define TEST_STEP_HELPERS(B)                                                        \
    static inline B##_out_t step(B##_t *m, const B##_in_t *in, B##_events_t *ev)    \
    {                                                                               \
        B##_out_t out;                                                              \
        B##_events_t e;                                                             \
        B##_step(m, in, &out, ev ? ev : &e);                                        \
        return out;                                                                 \
    }                                                                               \
    static inline B##_events_t step_ev(B##_t *m, const B##_in_t *in)                \
    {                                                                               \
        B##_events_t ev;                                                            \
        step(m, in, &ev);                                                           \
        return ev;                                                                  \
    }

#endif /* SIMT_TEST_UTIL_H */
