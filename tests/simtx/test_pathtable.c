/* Unit tests of the pathtable golden model (csim/simtx/pathtable.c): SIMT-X's
 * Pathtable.
 *
 * Expected values are worked out by hand from the SIMT-X paper (sections
 * 3.5.1, 3.5.2, 3.7.1 with Figure 3, 3.7.2) and docs/blocks/pathtable.md:
 * an allocation takes the lowest free entry; a count is the path's holders
 * (its PST slot, the micro-ops naming it, other holders); an entry is freed
 * when it is committed and nobody holds it; bit t of a mask is thread t.
 *
 * The tests use P2: 2 warps of 4 threads, 8 entries a warp, 2-bit counts
 * (so a count's maximum, 3, is near), and P4 (4 entries, for a full table).
 * Every request expected to be rejected also goes to a shadow model as a
 * NOP: pathtable_same_state() then checks that it changed nothing. */
#include <stdlib.h>

#include "test_util.h"

#include "pathtable.h"

TEST_MODEL_HELPERS(pathtable, PT_OK)

typedef pathtable_in_t in_t;
typedef pathtable_out_t out_t;
typedef pathtable_events_t ev_t;

static const pathtable_params_t P2 = {.num_warps = 2, .warp_width = 4, .paths_per_warp = 8,
                                      .ref_width = 2};
static const pathtable_params_t P4 = {.num_warps = 1, .warp_width = 4, .paths_per_warp = 4,
                                      .ref_width = 2};

typedef shadowed_t tb_t; /* the model m and its shadow s (test_util.h) */
#define tb_new shadowed_new
#define TB_TEST(f) cmocka_unit_test_teardown(f, shadowed_teardown)

/* One accepted request on both models: its outputs in its own cycle. */
static out_t ok(tb_t *t, in_t in)
{
    out_t o;
    ev_t ev;
    pathtable_step(t->m, &in, &o, &ev);
    assert_int_equal(o.req_err, PT_ERR_NONE);
    assert_int_equal(ev.err, PT_ERR_NONE);
    pathtable_step(t->s, &in, NULL, NULL);
    return o;
}

/* One request that must be rejected with code err, changing nothing. */
static void bad(tb_t *t, in_t in, unsigned err)
{
    out_t o;
    pathtable_step(t->m, &in, &o, NULL);
    assert_int_equal(o.req_err, err);
    assert_false(o.req_alloc);
    pathtable_step(t->s, &(in_t){0}, NULL, NULL);
    assert_true(pathtable_same_state(t->m, t->s));
    pathtable_eval(t->m, &(in_t){0}, &o);
    assert_int_equal(o.rsp_err, err); /* registered at the edge */
    assert_true(o.rsp_valid);
    assert_true(o.err_sticky & (1u << err));
}

/* Entry h of warp w: its state, mask and count. */
static void entry(const tb_t *t, unsigned w, unsigned h, unsigned state, uint64_t mask,
                  unsigned ref)
{
    assert_int_equal(pathtable_state(t->m, w, h), state);
    assert_int_equal(pathtable_mask(t->m, w, h), mask);
    assert_int_equal(pathtable_ref(t->m, w, h), ref);
}

static in_t op(unsigned code, unsigned w, unsigned a, unsigned b, unsigned c)
{
    return (in_t){.req_op = code, .req_warp = w, .req_a = a, .req_b = b, .req_c = c};
}

static in_t init_(unsigned w, uint64_t mask)
{
    return (in_t){.req_op = PT_OP_INIT, .req_warp = w, .req_mask = mask};
}

static in_t bexec(unsigned w, unsigned a, unsigned b, uint64_t c)
{
    return (in_t){.req_op = PT_OP_BEXEC, .req_warp = w, .req_a = a, .req_b = b, .req_mask = c};
}

static in_t bcommit(unsigned w, unsigned a, unsigned b, bool alt, unsigned c)
{
    return (in_t){.req_op = PT_OP_BCOMMIT, .req_warp = w, .req_a = a, .req_b = b,
                  .req_alt = alt, .req_c = c};
}

/* Figure 3(a): h0 VALID and convergent; the branch predicted divergent
 * allocates h1 with h0's mask; h0's PST slot passes to h1, the buop holds h0. */
static void fig3a(tb_t *t)
{
    out_t o = ok(t, init_(0, 0xf));
    assert_true(o.req_alloc);
    assert_int_equal(o.req_id, 0);
    o = ok(t, op(PT_OP_BUOP, 0, 0, 0, 0));
    assert_true(o.req_alloc);
    assert_int_equal(o.req_id, 1);
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    entry(t, 0, 1, PT_STATE_SPEC, 0xf, 1);
    assert_int_equal(pathtable_resv(t->m, 0), 1);
    assert_int_equal(pathtable_inflight(t->m, 0), 1);
}

static void test_fig3a_predicted_divergent(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);
    assert_int_equal(pathtable_free(t->m, 0), 6);
    assert_int_equal(pathtable_free(t->m, 1), 8); /* the other warp untouched */
}

/* Figure 3(b): resolved divergent; the alternate allocated; commit
 * validates both and evicts h0. */
static void test_fig3b_resolved_divergent(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);
    ev_t ev;
    out_t o;
    in_t in = bexec(0, 0, 1, 0x3);
    pathtable_step(t->m, &in, &o, &ev);
    pathtable_step(t->s, &in, NULL, NULL);
    assert_int_equal(o.req_err, PT_ERR_NONE);
    assert_true(o.req_div);
    assert_false(o.req_null);
    assert_true(o.req_alloc);
    assert_int_equal(o.req_id, 2);
    entry(t, 0, 1, PT_STATE_SPEC, 0x3, 1);
    entry(t, 0, 2, PT_STATE_SPEC, 0xc, 1);
    assert_int_equal(pathtable_resv(t->m, 0), 0);
    ok(t, bcommit(0, 0, 1, true, 2));
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1);
    entry(t, 0, 2, PT_STATE_VALID, 0xc, 1);
    assert_int_equal(pathtable_inflight(t->m, 0), 0);
}

/* Figure 3(c): predicted divergent, uniform in the predicted direction: a
 * useless entry, still validated; h0 de-referenced. */
static void test_fig3c_useless_entry(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);
    ev_t ev;
    out_t o;
    in_t in = bexec(0, 0, 1, 0xf);
    pathtable_step(t->m, &in, &o, &ev);
    assert_false(o.req_alloc);
    assert_false(o.req_div);
    assert_false(o.req_null);
    assert_true(ev.useless);
    ok(t, bcommit(0, 0, 1, false, 0));
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
    entry(t, 0, 1, PT_STATE_VALID, 0xf, 1);
    assert_int_equal(pathtable_free(t->m, 0), 7);
}

/* 3.7.2, first row: uniform in the other direction: h1 nullified, the
 * alternate holds every thread; h1 stays (committed, null) until its PST
 * slot is released. */
static void test_wrong_direction_nullifies(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);
    out_t o = ok(t, bexec(0, 0, 1, 0x0));
    assert_true(o.req_null);
    assert_false(o.req_div);
    assert_true(o.req_alloc);
    assert_int_equal(o.req_id, 2);
    entry(t, 0, 1, PT_STATE_SPEC, 0x0, 1);
    entry(t, 0, 2, PT_STATE_SPEC, 0xf, 1);
    ok(t, bcommit(0, 0, 1, true, 2));
    entry(t, 0, 1, PT_STATE_VALID, 0x0, 1);
    ok(t, op(PT_OP_DEREF, 0, 1, 0, 0));
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
    entry(t, 0, 2, PT_STATE_VALID, 0xf, 1);
}

/* 3.7.1, last paragraph: younger speculative entries copied from h1 drop
 * the lanes that left; older ones and the alternate keep theirs. */
static void test_younger_entries_drop_lanes(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);                                   /* h0 1111 VALID, h1 1111 SPEC */
    ok(t, op(PT_OP_BUOP, 0, 1, 0, 0));          /* h2 from h1: 1111 */
    ok(t, op(PT_OP_BUOP, 0, 2, 0, 0));          /* h3 from h2: 1111 */
    ev_t ev;
    in_t in = bexec(0, 0, 1, 0x6);              /* threads 1, 2 take h1's way */
    pathtable_step(t->m, &in, NULL, &ev);
    assert_int_equal(ev.err, PT_ERR_NONE);
    assert_int_equal(ev.dropped, 2);
    assert_false(ev.nested);                    /* the oldest buop */
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);     /* h0: older, kept */
    entry(t, 0, 1, PT_STATE_SPEC, 0x6, 1);
    entry(t, 0, 2, PT_STATE_SPEC, 0x6, 1);
    entry(t, 0, 3, PT_STATE_SPEC, 0x6, 1);
    entry(t, 0, 4, PT_STATE_SPEC, 0x9, 1);      /* the alternate */
    /* the second buop (h1 -> h2) resolves: thread 1 stays; only h3 is younger */
    in = bexec(0, 1, 2, 0x2);
    pathtable_step(t->m, &in, NULL, &ev);
    assert_int_equal(ev.err, PT_ERR_NONE);
    assert_true(ev.nested);
    assert_int_equal(ev.dropped, 1);
    entry(t, 0, 3, PT_STATE_SPEC, 0x2, 1);
    entry(t, 0, 4, PT_STATE_SPEC, 0x9, 1);
    entry(t, 0, 5, PT_STATE_SPEC, 0x4, 1);
}

/* Section 3.5.2: a cuop allocates h_k = h_i OR h_j, validated at commit,
 * which releases both sources. */
static void test_convergence(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);
    ok(t, bexec(0, 0, 1, 0x3));
    ok(t, bcommit(0, 0, 1, true, 2));             /* h1 0011, h2 1100 */
    out_t o = ok(t, op(PT_OP_CUOP, 0, 1, 2, 0));
    assert_true(o.req_alloc);
    assert_int_equal(o.req_id, 0);                /* the lowest free */
    entry(t, 0, 0, PT_STATE_SPEC, 0xf, 1);
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1);       /* held by the cuop now */
    ok(t, op(PT_OP_CEXEC, 0, 1, 2, 0));
    entry(t, 0, 0, PT_STATE_SPEC, 0xf, 1);
    ok(t, op(PT_OP_CCOMMIT, 0, 1, 2, 0));
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
    entry(t, 0, 2, PT_STATE_FREE, 0, 0);
    assert_int_equal(pathtable_free(t->m, 0), 7);
}

/* A cuop over a path whose buop has not executed: its mask is the
 * conservative OR, and drops the lanes that leave when the buop resolves. */
static void test_convergent_path_tracks_older_buop(void **state)
{
    tb_t *t = tb_new(state, &P2);
    ok(t, init_(0, 0x3));                         /* h0 0011 */
    ok(t, init_(0, 0xc));                         /* h1 1100 (a second path) */
    ok(t, op(PT_OP_BUOP, 0, 0, 0, 0));            /* h2 from h0: 0011 */
    out_t o = ok(t, op(PT_OP_CUOP, 0, 2, 1, 0));  /* h3 = h2 OR h1 = 1111 */
    assert_int_equal(o.req_id, 3);
    entry(t, 0, 3, PT_STATE_SPEC, 0xf, 1);
    ok(t, bexec(0, 0, 2, 0x1));                   /* thread 1 leaves h2 */
    entry(t, 0, 3, PT_STATE_SPEC, 0xd, 1);
    entry(t, 0, 4, PT_STATE_SPEC, 0x2, 1);        /* the alternate */
    ok(t, op(PT_OP_CEXEC, 0, 2, 1, 3));           /* h3 := 0001 | 1100 */
    entry(t, 0, 3, PT_STATE_SPEC, 0xd, 1);
}

/* 3.7.2, last row: a rollback frees the warp's speculative entries, keeps
 * the committed paths of the retirement PST (held by their slot: count 1)
 * and frees the committed ones it does not name; the other warp untouched. */
static void test_rollback(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);                                     /* h0 VALID held by the buop, h1 SPEC */
    ok(t, op(PT_OP_REF, 0, 0, 0, 0));             /* h0: 2 holders */
    ok(t, init_(0, 0x0f));                        /* h2 VALID, not in the retirement PST */
    ok(t, init_(1, 0x05));                        /* warp 1's h0 */
    ev_t ev;
    in_t in = {.req_op = PT_OP_SQUASH, .req_warp = 0, .req_keep = 0x1};
    pathtable_step(t->m, &in, NULL, &ev);
    assert_int_equal(ev.err, PT_ERR_NONE);
    assert_int_equal(ev.squashed, 1);
    assert_int_equal(ev.kept, 1);
    assert_int_equal(ev.freed, 2);
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 1);
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
    entry(t, 0, 2, PT_STATE_FREE, 0, 0);
    assert_int_equal(pathtable_resv(t->m, 0), 0);
    assert_int_equal(pathtable_inflight(t->m, 0), 0);
    entry(t, 1, 0, PT_STATE_VALID, 0x5, 1);
    /* the next buop takes the sequence the squashed one had: it commits */
    ok(t, op(PT_OP_BUOP, 0, 0, 0, 0));
    ok(t, bexec(0, 0, 1, 0xf));
    ok(t, bcommit(0, 0, 1, false, 0));
    entry(t, 0, 1, PT_STATE_VALID, 0xf, 1);
}

/* The whole row of warp w (rd_masks, rd_states) holds, entry by entry, the
 * hand-worked masks and states, and so does the per-entry read port
 * (rd_mask, rd_state at rd_path h); the elements past the warp's entries
 * are 0. */
static void expect_row(const tb_t *t, unsigned w, const uint64_t *mask, const unsigned *st)
{
    unsigned n = pathtable_params(t->m)->paths_per_warp;
    out_t o;
    pathtable_eval(t->m, &(in_t){.rd_warp = w}, &o);
    for (unsigned h = 0; h < PT_PATHS_PER_WARP_MAX; h++) {
        assert_int_equal(o.rd_masks[h], h < n ? mask[h] : 0);
        assert_int_equal(o.rd_states[h], h < n ? st[h] : PT_STATE_FREE);
    }
    for (unsigned h = 0; h < n; h++) {
        out_t e;
        pathtable_eval(t->m, &(in_t){.rd_warp = w, .rd_path = h}, &e);
        assert_int_equal(e.rd_mask, mask[h]);
        assert_int_equal(e.rd_state, st[h]);
    }
}

/* The read port's whole row, through Figure 3(b): INIT 1111 -> h0; BUOP h0
 * -> h1 = 1111 SPEC; BEXEC c=0011 -> h1 = 0011, the alternate h2 = 1100
 * SPEC; BCOMMIT -> h1, h2 VALID and h0 freed (a free entry reads 0). The
 * other warp's row and an out-of-range warp's are all 0 (FREE). */
static void test_read_row(void **state)
{
    enum { F = PT_STATE_FREE, S = PT_STATE_SPEC, V = PT_STATE_VALID };
    static const uint64_t none[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    static const unsigned all_free[8] = {F, F, F, F, F, F, F, F};
    tb_t *t = tb_new(state, &P2);
    expect_row(t, 0, none, all_free);
    fig3a(t);
    expect_row(t, 0, (const uint64_t[8]){0xf, 0xf, 0, 0, 0, 0, 0, 0},
               (const unsigned[8]){V, S, F, F, F, F, F, F});
    ok(t, bexec(0, 0, 1, 0x3));
    expect_row(t, 0, (const uint64_t[8]){0xf, 0x3, 0xc, 0, 0, 0, 0, 0},
               (const unsigned[8]){V, S, S, F, F, F, F, F});
    ok(t, bcommit(0, 0, 1, true, 2));
    expect_row(t, 0, (const uint64_t[8]){0x0, 0x3, 0xc, 0, 0, 0, 0, 0},
               (const unsigned[8]){F, V, V, F, F, F, F, F});
    expect_row(t, 1, none, all_free);
    expect_row(t, 2, none, all_free); /* rd_warp >= NumWarps */
}

static void test_errors_leave_state(void **state)
{
    tb_t *t = tb_new(state, &P2);
    bad(t, op(11, 0, 0, 0, 0), PT_ERR_BAD_OP);
    bad(t, op(15, 0, 0, 0, 0), PT_ERR_BAD_OP);
    bad(t, init_(2, 0xf), PT_ERR_BAD_WARP);
    bad(t, init_(0, 0x0), PT_ERR_BAD_MASK);
    bad(t, init_(0, 0x10), PT_ERR_BAD_MASK);      /* no thread of the warp */
    fig3a(t);
    bad(t, op(PT_OP_BUOP, 0, 5, 0, 0), PT_ERR_BAD_PATH);  /* a free entry */
    bad(t, op(PT_OP_BUOP, 0, 8, 0, 0), PT_ERR_BAD_PATH);  /* out of range */
    bad(t, op(PT_OP_CUOP, 0, 1, 1, 0), PT_ERR_BAD_PATH);  /* a = b */
    bad(t, bexec(0, 1, 0, 0x3), PT_ERR_BAD_PATH);         /* h0 is not speculative */
    bad(t, bexec(0, 1, 1, 0x3), PT_ERR_BAD_PATH);         /* a = b */
    /* the second buop must not commit before the first */
    ok(t, op(PT_OP_BUOP, 0, 1, 0, 0));                    /* h2 from h1 */
    bad(t, bcommit(0, 1, 2, false, 0), PT_ERR_BAD_COMMIT);
    ok(t, bexec(0, 0, 1, 0x3));                           /* alternate h3 */
    bad(t, bcommit(0, 0, 1, false, 0), PT_ERR_BAD_COMMIT); /* h3 left behind */
    ok(t, bcommit(0, 0, 1, true, 3));
    /* counts: 2 bits, at most 3 holders */
    ok(t, op(PT_OP_REF, 0, 3, 0, 0));
    ok(t, op(PT_OP_REF, 0, 3, 0, 0));
    entry(t, 0, 3, PT_STATE_VALID, 0xc, 3);
    bad(t, op(PT_OP_REF, 0, 3, 0, 0), PT_ERR_BAD_REF);
    ok(t, op(PT_OP_DEREF, 0, 2, 0, 0));                   /* h2 SPEC: kept at 0 */
    entry(t, 0, 2, PT_STATE_SPEC, 0x3, 0);
    bad(t, op(PT_OP_DEREF, 0, 2, 0, 0), PT_ERR_BAD_REF);
    bad(t, op(PT_OP_BUOP, 0, 2, 0, 0), PT_ERR_BAD_PATH);  /* nobody holds h2 */
    /* a rollback keeps committed paths only */
    bad(t, (in_t){.req_op = PT_OP_SQUASH, .req_keep = 0x4}, PT_ERR_BAD_KEEP); /* h2 SPEC */
    bad(t, (in_t){.req_op = PT_OP_SQUASH, .req_keep = 0x40}, PT_ERR_BAD_KEEP); /* free */
    /* BEXEC with no buop in flight (h2's buop executed? no: it is in flight) */
    ok(t, bexec(0, 1, 2, 0x3));
    bad(t, bexec(0, 1, 2, 0x3), PT_ERR_BAD_EXEC);
}

static void test_full(void **state)
{
    tb_t *t = tb_new(state, &P4);
    ok(t, init_(0, 0xf));                         /* h0 */
    ok(t, op(PT_OP_BUOP, 0, 0, 0, 0));            /* h1, one entry reserved: 2 free */
    bad(t, op(PT_OP_BUOP, 0, 1, 0, 0), PT_ERR_FULL);  /* needs h2 and a reservation */
    ok(t, init_(0, 0x1));                         /* h2: 1 free, reserved */
    bad(t, init_(0, 0x1), PT_ERR_FULL);
    bad(t, op(PT_OP_CUOP, 0, 1, 2, 0), PT_ERR_FULL);
    ev_t ev;
    pathtable_step(t->m, &(in_t){.req_op = PT_OP_BEXEC, .req_a = 0, .req_b = 1,
                                 .req_mask = 0x3}, NULL, &ev);
    assert_true(ev.alloc);                        /* the reservation's entry */
    assert_int_equal(ev.id, 3);
    assert_true(ev.full);
}

static void test_bad_params(void **state)
{
    (void)state;
    const bad_params_t c[] = {
        {{.num_warps = 0, .warp_width = 4, .paths_per_warp = 8, .ref_width = 2},
         PT_EPARAM_NUM_WARPS},
        {{.num_warps = 17, .warp_width = 4, .paths_per_warp = 8, .ref_width = 2},
         PT_EPARAM_NUM_WARPS},
        {{.num_warps = 1, .warp_width = 1, .paths_per_warp = 8, .ref_width = 2},
         PT_EPARAM_WARP_WIDTH},
        {{.num_warps = 1, .warp_width = 33, .paths_per_warp = 8, .ref_width = 2},
         PT_EPARAM_WARP_WIDTH},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 3, .ref_width = 2},
         PT_EPARAM_PATHS_PER_WARP},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 65, .ref_width = 2},
         PT_EPARAM_PATHS_PER_WARP},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .ref_width = 1},
         PT_EPARAM_REF_WIDTH},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .ref_width = 9},
         PT_EPARAM_REF_WIDTH},
    };
    expect_bad_params(c, ARRAY_LEN(c));
    pathtable_t *m = (pathtable_t *)&m;
    assert_int_equal(pathtable_create(NULL, &m), PT_EPARAM_NUM_WARPS);
}

/* Holders beside the request port (SIMT-X's merge micro-ops naming a path):
 * a hold in the very edge where CCOMMIT releases the path's last request
 * holder keeps it (the counts are summed: 1 - 1 + 1); it is freed by the
 * drop, and only then can an allocation take its id again. */
static void test_hold_keeps_path_past_commit(void **state)
{
    tb_t *t = tb_new(state, &P2);
    fig3a(t);
    ok(t, bexec(0, 0, 1, 0x3));
    ok(t, bcommit(0, 0, 1, true, 2));             /* h1 0011, h2 1100 */
    ok(t, op(PT_OP_CUOP, 0, 1, 2, 0));            /* h0 = h1 OR h2 */
    ok(t, op(PT_OP_CEXEC, 0, 1, 2, 0));
    in_t in = op(PT_OP_CCOMMIT, 0, 1, 2, 0);
    in.hold_valid = true, in.hold_warp = 0, in.hold_path = 1;
    out_t o;
    ev_t ev;
    pathtable_step(t->m, &in, &o, &ev);
    pathtable_step(t->s, &in, NULL, NULL);
    assert_int_equal(o.req_err, PT_ERR_NONE);
    assert_int_equal(o.hold_err, PT_ERR_NONE);
    assert_true(ev.hold && ev.hold_keeps);
    entry(t, 0, 1, PT_STATE_VALID, 0x3, 1);       /* kept, with its mask */
    entry(t, 0, 2, PT_STATE_FREE, 0, 0);
    o = ok(t, op(PT_OP_BUOP, 0, 0, 0, 0));
    assert_int_equal(o.req_id, 2);                /* h1 is not reused */
    in = (in_t){.drop_valid = true, .drop_warp = 0, .drop_path = 1};
    pathtable_step(t->m, &in, &o, &ev);
    pathtable_step(t->s, &in, NULL, NULL);
    assert_int_equal(o.drop_err, PT_ERR_NONE);
    assert_true(ev.drop && ev.drop_freed);
    entry(t, 0, 1, PT_STATE_FREE, 0, 0);
}

/* A hold and a drop act on any warp, beside a request of another; a hold
 * and a drop of one path in one edge leave its count; a SQUASH of the
 * warp discards them (its rollback flushes their holders). */
static void test_hold_drop_other_warp_and_squash(void **state)
{
    tb_t *t = tb_new(state, &P2);
    ok(t, init_(1, 0xf));                         /* warp 1: h0 */
    in_t in = init_(0, 0x3);
    in.hold_valid = true, in.hold_warp = 1, in.hold_path = 0;
    ok(t, in);
    entry(t, 1, 0, PT_STATE_VALID, 0xf, 2);
    entry(t, 0, 0, PT_STATE_VALID, 0x3, 1);
    in = (in_t){.hold_valid = true, .hold_warp = 1, .hold_path = 0,
                .drop_valid = true, .drop_warp = 1, .drop_path = 0};
    ok(t, in);
    entry(t, 1, 0, PT_STATE_VALID, 0xf, 2);
    in = (in_t){.req_op = PT_OP_SQUASH, .req_warp = 1, .req_keep = 1u, .hold_valid = true,
                .hold_warp = 1, .hold_path = 0, .drop_valid = true, .drop_warp = 1,
                .drop_path = 0};
    out_t o;
    ev_t ev;
    pathtable_step(t->m, &in, &o, &ev);
    pathtable_step(t->s, &in, NULL, NULL);
    assert_int_equal(o.hold_err, PT_ERR_NONE);
    assert_int_equal(o.drop_err, PT_ERR_NONE);
    assert_true(ev.side_squashed && !ev.hold && !ev.drop);
    entry(t, 1, 0, PT_STATE_VALID, 0xf, 1);       /* held by its PST slot alone */
}

/* A hold or drop that names a free path or a warp out of range, a hold at
 * the count's maximum (after the request's own REF), a drop of a count the
 * request takes to 0: refused with the code, nothing changed, sticky set. */
static void side_bad(tb_t *t, in_t in, bool hold, unsigned err)
{
    out_t o;
    pathtable_step(t->m, &in, &o, NULL);
    assert_int_equal(hold ? o.hold_err : o.drop_err, err);
    in_t legal = in;
    if (hold)
        legal.hold_valid = false;
    else
        legal.drop_valid = false;
    pathtable_step(t->s, &legal, NULL, NULL);
    assert_true(pathtable_same_state(t->m, t->s));
    pathtable_eval(t->m, &(in_t){0}, &o);
    assert_true(o.err_sticky & (1u << err));
}

static void test_side_errors(void **state)
{
    tb_t *t = tb_new(state, &P2);
    ok(t, init_(0, 0xf));                         /* h0, count 1 */
    side_bad(t, (in_t){.hold_valid = true, .hold_warp = 0, .hold_path = 3}, true,
             PT_ERR_BAD_PATH);
    side_bad(t, (in_t){.drop_valid = true, .drop_warp = 2, .drop_path = 0}, false,
             PT_ERR_BAD_WARP);
    ok(t, op(PT_OP_REF, 0, 0, 0, 0));             /* count 2 */
    in_t in = op(PT_OP_REF, 0, 0, 0, 0);          /* 3, the maximum of 2 bits */
    in.hold_valid = true, in.hold_warp = 0, in.hold_path = 0;
    side_bad(t, in, true, PT_ERR_BAD_REF);
    entry(t, 0, 0, PT_STATE_VALID, 0xf, 3);
    ok(t, op(PT_OP_DEREF, 0, 0, 0, 0));
    ok(t, op(PT_OP_DEREF, 0, 0, 0, 0));           /* count 1 */
    in = op(PT_OP_DEREF, 0, 0, 0, 0);             /* the request frees h0 ... */
    in.drop_valid = true, in.drop_warp = 0, in.drop_path = 0;
    side_bad(t, in, false, PT_ERR_BAD_REF);       /* ... so the drop finds none */
    entry(t, 0, 0, PT_STATE_FREE, 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        TB_TEST(test_fig3a_predicted_divergent),
        TB_TEST(test_fig3b_resolved_divergent),
        TB_TEST(test_fig3c_useless_entry),
        TB_TEST(test_wrong_direction_nullifies),
        TB_TEST(test_younger_entries_drop_lanes),
        TB_TEST(test_convergence),
        TB_TEST(test_convergent_path_tracks_older_buop),
        TB_TEST(test_rollback),
        TB_TEST(test_read_row),
        TB_TEST(test_errors_leave_state),
        TB_TEST(test_full),
        TB_TEST(test_hold_keeps_path_past_commit),
        TB_TEST(test_hold_drop_other_warp_and_squash),
        TB_TEST(test_side_errors),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
