/* Unit tests of the mdt golden model (csim/dom/mdt.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/dom -Itests/common csim/dom/mdt.c csim/dom/slip_ctrl.c tests/dom/test_mdt.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/mdt.md and the
 * DoM paper (SC'09): section 3.2 (three-state MCB status), section 4.1
 * steps 1-5 (allocation, fills in arbitrary order, re-join at the same
 * instruction, deallocation), section 4.3 (forced reconvergence repeated
 * until the MDT is empty), section 6 (two entries per warp). Masks are
 * written with thread 0 as bit 0. */
#include <string.h>

#include "test_util.h"

#include "mdt.h"

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(mdt, MDT_OK)
TEST_STEP_HELPERS(mdt)

static mdt_t *make(unsigned n, unsigned m_, unsigned w, unsigned pcw)
{
    mdt_params_t p = {n, m_, w, pcw};
    return create_ok(&p);
}

/* An idle cycle: the registered responses and the read port. */
static mdt_out_t peek(mdt_t *m, unsigned rw, unsigned re)
{
    return step(m, &(mdt_in_t){.rd_warp = rw, .rd_entry = re}, NULL);
}

/* Inputs with an access-port request: an ACCESS, or op o of warp w. */
static mdt_in_t access_in(unsigned w, uint64_t pc, uint64_t exec, uint64_t hit, bool ok)
{
    return (mdt_in_t){.acc_valid = true, .acc_op = MDT_OP_ACCESS, .acc_warp = w, .acc_pc = pc,
                      .acc_exec = exec, .acc_hit = hit, .acc_alloc_ok = ok};
}

static mdt_in_t op_in(unsigned o, unsigned w)
{
    return (mdt_in_t){.acc_valid = true, .acc_op = o, .acc_warp = w};
}

static void set_fill(mdt_in_t *in, unsigned w, unsigned e, uint64_t mask)
{
    in->fill_valid = true;
    in->fill_warp = w;
    in->fill_entry = e;
    in->fill_mask = mask;
}

/* One cycle: the requests of in plus a fill of entry e of warp w. */
static mdt_events_t with_fill(mdt_t *m, mdt_in_t in, unsigned w, unsigned e, uint64_t mask)
{
    set_fill(&in, w, e, mask);
    return step_ev(m, &in);
}

static mdt_events_t fill(mdt_t *m, unsigned w, unsigned e, uint64_t mask)
{
    return with_fill(m, (mdt_in_t){0}, w, e, mask);
}

/* A fill that must be accepted. */
static void fill_ok(mdt_t *m, unsigned w, unsigned e, uint64_t mask)
{
    mdt_events_t ev = fill(m, w, e, mask);
    assert_true(ev.fill);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
}

static mdt_events_t access(mdt_t *m, unsigned w, uint64_t pc, uint64_t exec, uint64_t hit,
                           bool ok)
{
    mdt_in_t in = access_in(w, pc, exec, hit, ok);
    return step_ev(m, &in);
}

static mdt_events_t op(mdt_t *m, unsigned o, unsigned w)
{
    mdt_in_t in = op_in(o, w);
    return step_ev(m, &in);
}

/* An accepted access-port request: its kind, entry, the threads re-joined
 * and whether the entry was freed. */
static void check_acc(mdt_events_t ev, unsigned kind, unsigned entry, uint64_t rejoin,
                      bool freed)
{
    assert_true(ev.acc);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, kind);
    assert_int_equal(ev.entry, entry);
    assert_int_equal(ev.rejoin, rejoin);
    assert_int_equal(ev.freed, freed);
}

static void check_entry(const mdt_t *m, unsigned w, unsigned e, uint64_t pc,
                        uint64_t waiting, uint64_t ready, unsigned age)
{
    assert_true(mdt_entry_valid(m, w, e));
    assert_int_equal(mdt_entry_pc(m, w, e), pc);
    assert_int_equal(mdt_waiting(m, w, e), waiting);
    assert_int_equal(mdt_ready(m, w, e), ready);
    assert_int_equal(mdt_entry_age(m, w, e), age);
}

static void check_free(const mdt_t *m, unsigned w, unsigned e)
{
    assert_false(mdt_entry_valid(m, w, e));
    assert_int_equal(mdt_entry_pc(m, w, e), 0);
    assert_int_equal(mdt_waiting(m, w, e), 0);
    assert_int_equal(mdt_ready(m, w, e), 0);
}

static void check_rsp(const mdt_out_t *o, unsigned err, unsigned kind,
                      unsigned entry, uint64_t rejoin, bool waiting)
{
    assert_true(o->rsp_valid);
    assert_int_equal(o->rsp_err, err);
    assert_int_equal(o->rsp_kind, kind);
    assert_int_equal(o->rsp_entry, entry);
    assert_int_equal(o->rsp_rejoin, rejoin);
    assert_int_equal(o->rsp_waiting, waiting);
}

/* No response on either port, no error since reset. */
static void check_no_rsp(const mdt_out_t *o)
{
    assert_false(o->rsp_valid);
    assert_false(o->fill_rsp_valid);
    assert_int_equal(o->err_sticky, 0);
}

/* The read port: the entry (valid, pc, WAITING and READY threads, age), the
 * warp's masked threads and whether it has a free entry. */
static void check_rd(const mdt_out_t *o, bool valid, uint64_t pc, uint64_t waiting,
                     uint64_t ready, unsigned age, uint64_t masked, bool free_entry)
{
    assert_int_equal(o->rd_valid, valid);
    assert_int_equal(o->rd_pc, pc);
    assert_int_equal(o->rd_waiting, waiting);
    assert_int_equal(o->rd_ready, ready);
    assert_int_equal(o->rd_age, age);
    assert_int_equal(o->rd_masked, masked);
    assert_int_equal(o->rd_free, free_entry);
}

/* Whole-state snapshot through the read-only views. */
#define SNAP_MAX (MDT_NUM_WARPS_MAX * MDT_ENTRIES_PER_WARP_MAX)
typedef struct {
    bool v[SNAP_MAX];
    uint64_t pc[SNAP_MAX], wt[SNAP_MAX], rd[SNAP_MAX];
    unsigned age[SNAP_MAX];
} snap_t;

static void snap(const mdt_t *m, snap_t *s)
{
    const mdt_params_t *p = mdt_params(m);
    memset(s, 0, sizeof *s);
    assert_true(p->num_warps * p->entries_per_warp <= SNAP_MAX);
    for (unsigned w = 0; w < p->num_warps; w++)
        for (unsigned e = 0; e < p->entries_per_warp; e++) {
            unsigned i = w * p->entries_per_warp + e;
            s->v[i] = mdt_entry_valid(m, w, e);
            s->pc[i] = mdt_entry_pc(m, w, e);
            s->wt[i] = mdt_waiting(m, w, e);
            s->rd[i] = mdt_ready(m, w, e);
            s->age[i] = mdt_entry_age(m, w, e);
        }
}

static void assert_same(const snap_t *a, const snap_t *b)
{
    assert_memory_equal(a, b, sizeof *a);
}

/* An ACCESS of warp w that allocates entry e: its missing threads `waiting`
 * wait there, at age `age`. */
static void expect_alloc(mdt_t *m, unsigned w, uint64_t pc, uint64_t exec, uint64_t hit,
                         unsigned e, uint64_t waiting, unsigned age)
{
    check_acc(access(m, w, pc, exec, hit, true), MDT_KIND_ALLOCATED, e, 0, false);
    check_entry(m, w, e, pc, waiting, 0, age);
}

/* An ACCESS that allocates an entry: PC, executing and hitting threads,
 * and the missing threads, left waiting. */
typedef struct {
    uint64_t pc, exec, hit, waiting;
} alloc_t;

/* ACCESSes a[0..n-1] of warp w, which has no entry yet: a[e] allocates
 * entry e, of age e. */
static void expect_allocs(mdt_t *m, unsigned w, const alloc_t *a, unsigned n)
{
    for (unsigned e = 0; e < n; e++)
        expect_alloc(m, w, a[e].pc, a[e].exec, a[e].hit, e, a[e].waiting, e);
}

/* EXPECT_ALLOCS(m, w, {pc, exec, hit, waiting}, ...): expect_allocs() with
 * the ACCESSes written out. */
#define EXPECT_ALLOCS(m, w, ...)                                                         \
    expect_allocs(m, w, (const alloc_t[]){__VA_ARGS__},                                 \
                  ARRAY_LEN(((const alloc_t[]){__VA_ARGS__})))

/* An ACCESS answered BLOCKING (the warp executes it as a normal load): no
 * entry changes. Returns the next cycle's outputs. */
static mdt_out_t expect_blocking(mdt_t *m, unsigned w, uint64_t pc, uint64_t exec,
                                 uint64_t hit, bool ok)
{
    snap_t a, b;
    snap(m, &a);
    check_acc(access(m, w, pc, exec, hit, ok), MDT_KIND_BLOCKING, 0, 0, false);
    snap(m, &b);
    assert_same(&a, &b);
    mdt_out_t o = peek(m, w, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_BLOCKING, 0, 0, false);
    return o;
}

/* Entry e of warp w (at pc, of age `age`) waits for `waiting` alone: their
 * fill returns, they are READY, and the warp executing the load again with
 * the threads `exec`, all hitting, re-joins them and frees the entry. */
static void complete(mdt_t *m, unsigned w, unsigned e, uint64_t pc, unsigned age,
                     uint64_t waiting, uint64_t exec)
{
    fill_ok(m, w, e, waiting);
    check_entry(m, w, e, pc, 0, waiting, age);
    check_acc(access(m, w, pc, exec, exec, true), MDT_KIND_MERGED, e, waiting, true);
    check_free(m, w, e);
}

/* FORCE of warp w: its oldest entry e re-joins `rejoin`, is freed or not,
 * and the response says whether threads of it still wait. */
static void force(mdt_t *m, unsigned w, unsigned e, uint64_t rejoin, bool freed, bool waiting)
{
    mdt_events_t ev = op(m, MDT_OP_FORCE, w);
    assert_int_equal(ev.op, MDT_OP_FORCE);
    check_acc(ev, MDT_KIND_FORCED, e, rejoin, freed);
    mdt_out_t o = peek(m, w, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, e, rejoin, waiting);
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    static const bad_params_t bad[] = {
        {{0, 2, 32, 32}, MDT_EPARAM_NUM_WARPS},
        {{65, 2, 32, 32}, MDT_EPARAM_NUM_WARPS},
        {{4, 0, 32, 32}, MDT_EPARAM_ENTRIES_PER_WARP},
        {{4, 9, 32, 32}, MDT_EPARAM_ENTRIES_PER_WARP},
        {{4, 2, 1, 32}, MDT_EPARAM_WARP_WIDTH},
        {{4, 2, 65, 32}, MDT_EPARAM_WARP_WIDTH},
        {{4, 2, 32, 3}, MDT_EPARAM_PC_WIDTH},
        {{4, 2, 32, 65}, MDT_EPARAM_PC_WIDTH},
        /* several bad: the first in the order of the codes wins */
        {{0, 0, 0, 0}, MDT_EPARAM_NUM_WARPS},
        {{1, 0, 0, 0}, MDT_EPARAM_ENTRIES_PER_WARP},
        {{1, 1, 0, 0}, MDT_EPARAM_WARP_WIDTH},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));
    mdt_t *m = (mdt_t *)1;
    mdt_params_t ok = {4, 2, 32, 32};
    assert_int_equal(mdt_create(NULL, &m), MDT_EPARAM_NUM_WARPS);
    assert_int_equal(mdt_create(&ok, NULL), MDT_EPARAM_NUM_WARPS);

    /* every boundary value is legal */
    static const mdt_params_t edges[] = {
        {1, 1, 2, 4}, {64, 8, 64, 64}, {1, 8, 2, 64}, {64, 1, 64, 4}, {3, 3, 5, 7},
    };
    for (size_t i = 0; i < ARRAY_LEN(edges); i++) {
        m = create_ok(&edges[i]);
        assert_memory_equal(mdt_params(m), &edges[i], sizeof edges[i]);
        mdt_destroy(m);
    }
    mdt_destroy(NULL);
}

static void test_reset_state(void **state)
{
    mdt_t *m = *state = make(4, 2, 8, 32);
    for (unsigned w = 0; w < 4; w++) {
        for (unsigned e = 0; e < 2; e++)
            check_free(m, w, e);
        assert_int_equal(mdt_masked(m, w), 0);
        mdt_out_t o = peek(m, w, 0);
        check_no_rsp(&o);
        check_rd(&o, false, 0, 0, 0, 0, 0, true);
    }
}

/* ------------------------------------------------------------------ */
/* section 4.1 walk-through                                             */

/* One warp of 8 threads executes a divergent load at PC 0x40 three times:
 * 1. threads 0-3 hit, 4-7 miss: an entry is allocated, 4-7 WAITING, 0-3
 *    continue (steps 1-3);
 * 2. fills return out of order, thread 6 first, then 4 (step 4);
 * 3. the load again with the unmasked threads 0-3: thread 3 misses now.
 *    Ready threads 4, 6 re-join; 5, 7 keep waiting; 3 is added (steps 3, 5);
 * 4. fills of 7, then 3 and 5;
 * 5. the load again with threads 0, 1, 2, 4, 6 all hitting: 3, 5, 7
 *    re-join, every thread is INVALID, the entry is freed (step 5). */
static void test_dom_41_walkthrough(void **state)
{
    mdt_t *m = *state = make(2, 2, 8, 32);
    const uint64_t pc = 0x40;

    expect_alloc(m, 1, pc, 0xFF, 0x0F, 0, 0xF0, 0);
    check_free(m, 1, 1);
    assert_int_equal(mdt_masked(m, 1), 0xF0);
    assert_int_equal(mdt_masked(m, 0), 0);

    mdt_out_t o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_ALLOCATED, 0, 0, false);
    check_rd(&o, true, pc, 0xF0, 0, 0, 0xF0, true);

    /* step 4: fills in arbitrary order */
    fill_ok(m, 1, 0, 0x40);
    check_entry(m, 1, 0, pc, 0xB0, 0x40, 0);
    fill_ok(m, 1, 0, 0x10);
    check_entry(m, 1, 0, pc, 0xA0, 0x50, 0);
    /* READY threads are still masked off the warp */
    assert_int_equal(mdt_masked(m, 1), 0xF0);
    o = peek(m, 1, 0);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_NONE);
    assert_int_equal(o.rd_waiting, 0xA0);
    assert_int_equal(o.rd_ready, 0x50);

    /* same instruction again: merge */
    check_acc(access(m, 1, pc, 0x0F, 0x07, true), MDT_KIND_MERGED, 0, 0x50, false);
    check_entry(m, 1, 0, pc, 0xA8, 0x00, 0);
    assert_int_equal(mdt_masked(m, 1), 0xA8);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0x50, false);

    fill_ok(m, 1, 0, 0x80);
    fill_ok(m, 1, 0, 0x28);
    check_entry(m, 1, 0, pc, 0x00, 0xA8, 0);

    /* 0xFF & ~0xA8 = 0x57 execute and all hit: re-join, free */
    check_acc(access(m, 1, pc, 0x57, 0x57, true), MDT_KIND_MERGED, 0, 0xA8, true);
    check_free(m, 1, 0);
    assert_int_equal(mdt_masked(m, 1), 0);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0xA8, false);
    check_rd(&o, false, 0, 0, 0, 0, 0, true);
    assert_int_equal(o.err_sticky, 0);

    /* the next divergence allocates afresh */
    expect_alloc(m, 1, pc, 0xFF, 0xFE, 0, 0x01, 0);
}

/* A merge that changes nothing, and accesses that need no entry. */
static void test_merge_and_none(void **state)
{
    mdt_t *m = *state = make(1, 2, 4, 16);
    expect_alloc(m, 0, 0x10, 0xF, 0x3, 0, 0xC, 0);

    /* merged, nothing READY, no new miss, threads still WAITING: no change */
    check_acc(access(m, 0, 0x10, 0x3, 0x3, true), MDT_KIND_MERGED, 0, 0, false);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);

    /* a merge takes place even with alloc_ok = 0 (no new entry needed) */
    check_acc(access(m, 0, 0x10, 0x3, 0x1, false), MDT_KIND_MERGED, 0, 0, false);
    check_entry(m, 0, 0, 0x10, 0xE, 0, 0);

    /* another PC, all hit: NONE, no entry */
    check_acc(access(m, 0, 0x20, 0x1, 0x1, true), MDT_KIND_NONE, 0, 0, false);
    check_free(m, 0, 1);
    mdt_out_t o = peek(m, 0, 1);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_NONE, 0, 0, false);

    /* no executing thread at all: NONE */
    check_acc(access(m, 0, 0x30, 0x0, 0x0, true), MDT_KIND_NONE, 0, 0, false);
    check_free(m, 0, 1);
}

/* Allocation failure falls back to blocking (step 3): the slip controller
 * refuses (alloc_ok = 0) or the warp has no free entry. */
static void test_blocking(void **state)
{
    mdt_t *m = *state = make(2, 1, 4, 16);

    mdt_out_t o = expect_blocking(m, 0, 0x10, 0xF, 0x3, false);
    assert_true(o.rd_free);

    /* M = 1: the only entry is taken by PC 0x10 */
    expect_alloc(m, 0, 0x10, 0xF, 0x3, 0, 0xC, 0);
    o = expect_blocking(m, 0, 0x20, 0x3, 0x1, true);
    assert_false(o.rd_free);
    /* without misses another PC is simply NONE */
    check_acc(access(m, 0, 0x20, 0x3, 0x3, true), MDT_KIND_NONE, 0, 0, false);

    /* the other warp's entries are separate */
    expect_alloc(m, 1, 0x20, 0x3, 0x1, 0, 0x2, 0);
}

/* Two entries per warp (section 6: two outstanding memory operations). */
static void test_two_entries(void **state)
{
    mdt_t *m = *state = make(1, 2, 4, 16);
    EXPECT_ALLOCS(m, 0, {0x10, 0xF, 0x3, 0xC}, {0x20, 0x3, 0x1, 0x2});
    mdt_out_t o = peek(m, 0, 1);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_ALLOCATED, 1, 0, false);
    check_rd(&o, true, 0x20, 0x2, 0, 1, 0xE, false);

    /* a third PC finds no free entry */
    expect_blocking(m, 0, 0x30, 0x1, 0x0, true);

    /* the younger entry completes first and is freed; entry 0 keeps age 0 */
    complete(m, 0, 1, 0x20, 1, 0x2, 0x1);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);

    /* PC 0x30 now allocates entry 1 (lowest free) with age 1 */
    expect_alloc(m, 0, 0x30, 0x3, 0x1, 1, 0x2, 1);

    /* the older entry completes: freed, entry 1 becomes the oldest */
    complete(m, 0, 0, 0x10, 0, 0xC, 0x1);
    check_entry(m, 0, 1, 0x30, 0x2, 0, 0);

    /* the next allocation takes entry 0 with age 1: index is not age */
    expect_alloc(m, 0, 0x40, 0xD, 0x5, 0, 0x8, 1);
    assert_int_equal(mdt_masked(m, 0), 0xA);
}

/* Ages with four entries: freeing a middle one closes the gap. */
static void test_ages_four_entries(void **state)
{
    mdt_t *m = *state = make(1, 4, 8, 16);
    EXPECT_ALLOCS(m, 0, {0x10, 0x03, 0x01, 0x02}, {0x20, 0x0D, 0x01, 0x0C},
                  {0x30, 0x31, 0x01, 0x30});
    check_free(m, 0, 3);

    complete(m, 0, 1, 0x20, 1, 0x0C, 0x01);
    check_entry(m, 0, 0, 0x10, 0x02, 0, 0);
    check_entry(m, 0, 2, 0x30, 0x30, 0, 1);

    /* three valid entries -> lowest free index 1 gets age 2 */
    expect_alloc(m, 0, 0x50, 0xC1, 0x01, 1, 0xC0, 2);
    expect_alloc(m, 0, 0x60, 0x0D, 0x05, 3, 0x08, 3);
    mdt_out_t o = peek(m, 0, 3);
    check_rd(&o, true, 0x60, 0x08, 0, 3, 0xFA, false);

    /* freeing the oldest drops every other age by one */
    complete(m, 0, 0, 0x10, 0, 0x02, 0x01);
    check_entry(m, 0, 1, 0x50, 0xC0, 0, 1);
    check_entry(m, 0, 2, 0x30, 0x30, 0, 0);
    check_entry(m, 0, 3, 0x60, 0x08, 0, 2);
}

/* ------------------------------------------------------------------ */
/* section 4.3: forced reconvergence                                    */

static void test_force_43(void **state)
{
    mdt_t *m = *state = make(2, 2, 4, 16);
    EXPECT_ALLOCS(m, 1, {0xA0, 0xF, 0x3, 0xC}, {0xB0, 0x3, 0x1, 0x2});
    fill_ok(m, 1, 0, 0x4);
    check_entry(m, 1, 0, 0xA0, 0x8, 0x4, 0);

    /* the oldest entry's ready thread 2 re-joins; thread 3 still waits */
    force(m, 1, 0, 0x4, false, true);
    check_entry(m, 1, 0, 0xA0, 0x8, 0, 0);

    /* forced again while thread 3 waits: nothing re-joins */
    force(m, 1, 0, 0, false, true);
    check_entry(m, 1, 0, 0xA0, 0x8, 0, 0);

    /* thread 3 returns; the force empties and frees entry 0 */
    fill_ok(m, 1, 0, 0x8);
    force(m, 1, 0, 0x8, true, false);
    check_free(m, 1, 0);
    check_entry(m, 1, 1, 0xB0, 0x2, 0, 0);

    /* repeated until the MDT is empty: entry 1 is now the oldest */
    force(m, 1, 1, 0, false, true);
    fill_ok(m, 1, 1, 0x2);
    force(m, 1, 1, 0x2, true, false);
    assert_int_equal(mdt_masked(m, 1), 0);

    check_acc(op(m, MDT_OP_FORCE, 1), MDT_KIND_FORCE_EMPTY, 0, 0, false);
    mdt_out_t o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCE_EMPTY, 0, 0, false);
    /* warp 0 never had an entry */
    check_acc(op(m, MDT_OP_FORCE, 0), MDT_KIND_FORCE_EMPTY, 0, 0, false);
}

/* ------------------------------------------------------------------ */
/* RELEASE                                                              */

static void test_release(void **state)
{
    mdt_t *m = *state = make(2, 2, 4, 16);
    expect_alloc(m, 0, 0x10, 0xF, 0x3, 0, 0xC, 0);
    expect_alloc(m, 0, 0x20, 0x3, 0x1, 1, 0x2, 1);
    expect_alloc(m, 1, 0x10, 0xF, 0x7, 0, 0x8, 0);
    fill_ok(m, 0, 0, 0x4);

    /* release warp 0 while a legal fill of warp 0 arrives: the fill is
     * accepted and has no effect; warp 1 is untouched */
    mdt_events_t ev = with_fill(m, op_in(MDT_OP_RELEASE, 0), 0, 0, 0x8);
    assert_int_equal(ev.op, MDT_OP_RELEASE);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, MDT_KIND_NONE);
    assert_true(ev.fill);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    assert_true(ev.same_warp);
    check_free(m, 0, 0);
    check_free(m, 0, 1);
    assert_int_equal(mdt_masked(m, 0), 0);
    check_entry(m, 1, 0, 0x10, 0x8, 0, 0);
    mdt_out_t o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_NONE, 0, 0, false);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_NONE);
    assert_true(o.rd_free);

    /* release of a warp with no entries, and a fill of another warp in the
     * same cycle which does apply */
    ev = with_fill(m, op_in(MDT_OP_RELEASE, 0), 1, 0, 0x8);
    assert_false(ev.same_warp);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, 0x10, 0x0, 0x8, 0);

    /* the released warp allocates from entry 0, age 0 */
    expect_alloc(m, 0, 0x20, 0x3, 0x1, 0, 0x2, 0);
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

static void test_errors(void **state)
{
    /* N = 3 (2-bit warp id: 3 is representable and out of range),
     * M = 3 (2-bit entry id: 3 likewise) */
    mdt_t *m = *state = make(3, 3, 4, 16);
    expect_alloc(m, 0, 0x10, 0xF, 0x3, 0, 0xC, 0);
    fill_ok(m, 0, 0, 0x4); /* e0 ready 0x4, waits 0x8 */
    snap_t a, b;
    snap(m, &a);
    mdt_events_t ev;
    mdt_out_t o;

    /* BAD_OP: op 3, wins over a bad warp */
    ev = op(m, MDT_OP_RESERVED, 3);
    assert_int_equal(ev.op, MDT_OP_RESERVED);
    assert_int_equal(ev.err, MDT_ERR_BAD_OP);
    assert_int_equal(ev.kind, 0);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_BAD_OP, 0, 0, 0, false);
    assert_int_equal(o.err_sticky, 1u << MDT_ERR_BAD_OP);

    /* BAD_WARP on every op; for ACCESS it wins over BAD_EXEC */
    assert_int_equal(access(m, 3, 0x10, 0xF, 0x0, true).err, MDT_ERR_BAD_WARP);
    assert_int_equal(op(m, MDT_OP_FORCE, 3).err, MDT_ERR_BAD_WARP);
    assert_int_equal(op(m, MDT_OP_RELEASE, 3).err, MDT_ERR_BAD_WARP);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_BAD_WARP, 0, 0, 0, false);

    /* BAD_EXEC: a WAITING thread, a READY thread executing; the same PC
     * (would merge) and a new PC (would allocate) */
    ev = access(m, 0, 0x10, 0x8, 0x8, true);
    assert_int_equal(ev.err, MDT_ERR_BAD_EXEC);
    assert_int_equal(ev.kind, 0);
    assert_int_equal(ev.rejoin, 0);
    assert_int_equal(access(m, 0, 0x20, 0x5, 0x0, true).err, MDT_ERR_BAD_EXEC);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_BAD_EXEC, 0, 0, 0, false);
    /* the masked threads of another warp do not matter */
    snap(m, &b);
    assert_same(&a, &b);

    /* fill errors: BAD_WARP > BAD_ENTRY > NOT_WAITING */
    assert_int_equal(fill(m, 3, 3, 0x0).fill_err, MDT_ERR_BAD_WARP);
    o = peek(m, 0, 0);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_BAD_WARP);
    assert_false(o.rsp_valid);
    assert_int_equal(fill(m, 0, 3, 0x8).fill_err, MDT_ERR_BAD_ENTRY); /* entry >= M */
    assert_int_equal(fill(m, 0, 1, 0x0).fill_err, MDT_ERR_BAD_ENTRY); /* not valid */
    assert_int_equal(fill(m, 1, 0, 0x8).fill_err, MDT_ERR_BAD_ENTRY); /* other warp */
    assert_int_equal(fill(m, 0, 0, 0x0).fill_err, MDT_ERR_NOT_WAITING); /* empty */
    assert_int_equal(fill(m, 0, 0, 0x4).fill_err, MDT_ERR_NOT_WAITING); /* READY */
    assert_int_equal(fill(m, 0, 0, 0x1).fill_err, MDT_ERR_NOT_WAITING); /* INVALID */
    assert_int_equal(fill(m, 0, 0, 0x9).fill_err, MDT_ERR_NOT_WAITING); /* partly */
    o = peek(m, 0, 0);
    assert_int_equal(o.fill_err, MDT_ERR_NOT_WAITING);
    assert_int_equal(o.err_sticky, 0x3E);
    assert_int_equal(o.rd_waiting, 0x8);
    assert_int_equal(o.rd_ready, 0x4);

    snap(m, &b);
    assert_same(&a, &b);

    /* both ports rejected in one cycle */
    ev = with_fill(m, access_in(0, 0x10, 0x4, 0x4, true), 0, 2, 0x8);
    assert_int_equal(ev.err, MDT_ERR_BAD_EXEC);
    assert_int_equal(ev.fill_err, MDT_ERR_BAD_ENTRY);
    assert_true(ev.same_warp);
    snap(m, &b);
    assert_same(&a, &b);

    /* the state still works: the wait completes and the warp re-joins */
    fill_ok(m, 0, 0, 0x8);
    check_acc(access(m, 0, 0x10, 0x3, 0x3, true), MDT_KIND_MERGED, 0, 0xC, true);
    /* sticky bits stay until reset */
    o = peek(m, 0, 0);
    assert_int_equal(o.err_sticky, 0x3E);
}

/* ------------------------------------------------------------------ */
/* both ports in the same cycle                                         */

static void test_same_cycle_fill_access(void **state)
{
    mdt_t *m = *state = make(2, 2, 4, 16);
    mdt_events_t ev;

    /* a. merge + fill of the same entry: e0 waits 0xC, ready 0x2. The merge
     * re-joins 0x2 (start-of-cycle READY), adds miss thread 0; the fill
     * moves thread 2 to READY at the same edge. */
    expect_alloc(m, 0, 0x10, 0xE, 0x0, 0, 0xE, 0);
    fill_ok(m, 0, 0, 0x2);
    check_entry(m, 0, 0, 0x10, 0xC, 0x2, 0);
    ev = with_fill(m, access_in(0, 0x10, 0x1, 0x0, true), 0, 0, 0x4);
    check_acc(ev, MDT_KIND_MERGED, 0, 0x2, false);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    assert_true(ev.same_warp);
    check_entry(m, 0, 0, 0x10, 0x9, 0x4, 0);
    mdt_out_t o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0x2, false);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_NONE);

    /* b. a merge that would empty the entry while a fill makes its last
     * WAITING thread READY: the entry is not all INVALID, not freed.
     * State: waits 0x9, ready 0x4. Fill 0x1 -> waits 0x8, ready 0x5. */
    fill_ok(m, 0, 0, 0x1);
    check_entry(m, 0, 0, 0x10, 0x8, 0x5, 0);
    ev = with_fill(m, access_in(0, 0x10, 0x2, 0x2, true), 0, 0, 0x8);
    check_acc(ev, MDT_KIND_MERGED, 0, 0x5, false);
    check_entry(m, 0, 0, 0x10, 0x0, 0x8, 0);

    /* c. FORCE + fill of the last WAITING thread: rsp_waiting reports the
     * start-of-cycle WAITING set; the filled thread stays READY */
    access(m, 0, 0x10, 0x3, 0x1, true);  /* rejoin 0x8, thread 1 waits */
    check_entry(m, 0, 0, 0x10, 0x2, 0x0, 0);
    fill_ok(m, 0, 0, 0x2);
    access(m, 0, 0x10, 0x9, 0x1, true);  /* rejoin 0x2, thread 3 waits */
    check_entry(m, 0, 0, 0x10, 0x8, 0x0, 0);
    ev = with_fill(m, op_in(MDT_OP_FORCE, 0), 0, 0, 0x8);
    check_acc(ev, MDT_KIND_FORCED, 0, 0, false);
    check_entry(m, 0, 0, 0x10, 0x0, 0x8, 0);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0, true);
    force(m, 0, 0, 0x8, true, false);

    /* d. allocation + fill to the entry being allocated: the fill sees the
     * start-of-cycle state (entry free) -> BAD_ENTRY; the allocation holds */
    ev = with_fill(m, access_in(1, 0x30, 0x3, 0x1, true), 1, 0, 0x2);
    check_acc(ev, MDT_KIND_ALLOCATED, 0, 0, false);
    assert_int_equal(ev.fill_err, MDT_ERR_BAD_ENTRY);
    check_entry(m, 1, 0, 0x30, 0x2, 0, 0);

    /* e. the access executes the thread being filled: BAD_EXEC for the
     * access only, the fill applies */
    ev = with_fill(m, access_in(1, 0x30, 0x2, 0x2, true), 1, 0, 0x2);
    assert_int_equal(ev.err, MDT_ERR_BAD_EXEC);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, 0x30, 0x0, 0x2, 0);

    /* f. allocation on warp 0 and a fill on warp 1 at once */
    ev = with_fill(m, access_in(0, 0x40, 0xF, 0xE, true), 1, 0, 0x2);
    check_acc(ev, MDT_KIND_ALLOCATED, 0, 0, false);
    assert_int_equal(ev.fill_err, MDT_ERR_NOT_WAITING); /* already READY */
    assert_false(ev.same_warp);
    check_entry(m, 0, 0, 0x40, 0x1, 0, 0);
}

/* ------------------------------------------------------------------ */
/* timing, read port, truncation, widths                                */

static void test_response_timing(void **state)
{
    mdt_t *m = *state = make(1, 2, 4, 16);
    mdt_in_t in = access_in(0, 0x10, 0xF, 0x3, true);
    set_fill(&in, 0, 0, 0x4); /* entry not yet valid: BAD_ENTRY */
    mdt_out_t o = step(m, &in, NULL);
    /* outputs during the request cycle belong to the previous cycle */
    assert_false(o.rsp_valid);
    assert_false(o.fill_rsp_valid);
    assert_false(o.rd_valid);

    in = (mdt_in_t){0};
    set_fill(&in, 0, 0, 0x4);
    o = step(m, &in, NULL);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_ALLOCATED, 0, 0, false);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_BAD_ENTRY);
    assert_int_equal(o.err_sticky, 1u << MDT_ERR_BAD_ENTRY);
    /* the read port shows the allocation (state before this edge) */
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_waiting, 0xC);
    assert_int_equal(o.rd_ready, 0);

    o = peek(m, 0, 0);
    assert_false(o.rsp_valid);
    assert_int_equal(o.rsp_kind, 0);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_NONE);
    assert_int_equal(o.rd_ready, 0x4);

    o = peek(m, 0, 0);
    assert_false(o.rsp_valid);
    assert_false(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, 0);
    assert_int_equal(o.err_sticky, 1u << MDT_ERR_BAD_ENTRY);

    /* back-to-back requests: one response per cycle, in order */
    in = access_in(0, 0x10, 0x3, 0x3, true); /* merged, rejoin 0x4 */
    step(m, &in, NULL);
    in = op_in(MDT_OP_FORCE, 0);
    o = step(m, &in, NULL);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0x4, false);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0, true);
}

static void test_read_port(void **state)
{
    mdt_t *m = *state = make(3, 3, 8, 16);
    EXPECT_ALLOCS(m, 2, {0x10, 0xFF, 0x0F, 0xF0}, {0x20, 0x0F, 0x03, 0x0C},
                  {0x30, 0x03, 0x01, 0x02});
    fill_ok(m, 2, 1, 0x04);

    mdt_out_t o = peek(m, 2, 1);
    check_rd(&o, true, 0x20, 0x08, 0x04, 1, 0xFE, false);
    /* entry 3 is out of range (M = 3): entry fields zero, warp fields not */
    o = peek(m, 2, 3);
    check_rd(&o, false, 0, 0, 0, 0, 0xFE, false);
    /* warp 3 is out of range (N = 3): all zeros, rd_free too */
    o = peek(m, 3, 0);
    check_rd(&o, false, 0, 0, 0, 0, 0, false);
    /* an invalid entry of a valid warp */
    o = peek(m, 1, 2);
    check_rd(&o, false, 0, 0, 0, 0, 0, true);

    /* the read port sees the state before this cycle's edge */
    mdt_in_t in = {.rd_warp = 2, .rd_entry = 2};
    set_fill(&in, 2, 2, 0x02);
    o = step(m, &in, NULL);
    check_rd(&o, true, 0x30, 0x02, 0, 2, 0xFE, false);
    o = peek(m, 2, 2);
    check_rd(&o, true, 0x30, 0, 0x02, 2, 0xFE, false);

    /* read-address truncation: warp id 2 bits, entry id 2 bits */
    o = peek(m, 2 + 4, 1 + 8);
    check_rd(&o, true, 0x20, 0x08, 0x04, 1, 0xFE, false);
}

static void test_input_truncation(void **state)
{
    /* N = 2 (1-bit warp id), M = 2 (1-bit entry id), W = 4, PcWidth = 8 */
    mdt_t *m = *state = make(2, 2, 4, 8);
    /* warp 1, pc 0x40 */
    check_acc(access(m, 3, 0x140, 0xF3, 0xF1, true), MDT_KIND_ALLOCATED, 0, 0, false);
    check_entry(m, 1, 0, 0x40, 0x2, 0, 0);

    /* pc 0x240 truncates to 0x40 and merges; mask bits above W ignored */
    check_acc(access(m, 1, 0x240, 0x11, 0x10, true), MDT_KIND_MERGED, 0, 0, false);
    check_entry(m, 1, 0, 0x40, 0x3, 0, 0);

    /* fill: entry 2 -> 0, warp 5 -> 1, mask 0x31 -> 0x1 */
    fill_ok(m, 5, 2, 0x31);
    check_entry(m, 1, 0, 0x40, 0x2, 0x1, 0);
    /* a fill mask with only bits above W is empty */
    assert_int_equal(fill(m, 1, 0, 0x20).fill_err, MDT_ERR_NOT_WAITING);

    /* exec entirely above W: no executing thread -> NONE */
    check_acc(access(m, 0, 0x50, 0xF0, 0x00, true), MDT_KIND_NONE, 0, 0, false);

    /* op 5 truncates to 1 (FORCE), op 7 to 3 (BAD_OP) */
    mdt_events_t ev = op(m, 5, 1);
    assert_int_equal(ev.op, MDT_OP_FORCE);
    check_acc(ev, MDT_KIND_FORCED, 0, 0x1, false);
    ev = op(m, 7, 1);
    assert_int_equal(ev.op, MDT_OP_RESERVED);
    assert_int_equal(ev.err, MDT_ERR_BAD_OP);
}

static void test_widths_64(void **state)
{
    mdt_t *m = *state = make(64, 8, 64, 64);
    const uint64_t top = UINT64_C(1) << 63;
    const uint64_t pc = UINT64_C(0xFEDCBA9876543210);
    expect_alloc(m, 63, pc, ~UINT64_C(0), ~top, 0, top, 0);
    assert_int_equal(mdt_masked(m, 63), top);
    complete(m, 63, 0, pc, 0, top, ~top);
    mdt_out_t o = peek(m, 63, 7);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, top, false);

    /* fill all eight entries of warp 5 */
    for (unsigned e = 0; e < 8; e++)
        expect_alloc(m, 5, 0x100 + e, UINT64_C(1) << e, 0, e, UINT64_C(1) << e, e);
    expect_blocking(m, 5, 0x200, UINT64_C(1) << 8, 0, true);
    o = peek(m, 5, 7);
    assert_int_equal(o.rd_age, 7);
    assert_int_equal(o.rd_masked, 0xFF);
    assert_false(o.rd_free);
}

static void test_reset(void **state)
{
    mdt_t *m = *state = make(2, 2, 4, 16);
    expect_alloc(m, 0, 0x10, 0xF, 0x3, 0, 0xC, 0);
    expect_alloc(m, 1, 0x10, 0xF, 0x3, 0, 0xC, 0);
    op(m, MDT_OP_RESERVED, 0);
    fill(m, 0, 1, 0x1);
    mdt_reset(m);
    mdt_out_t o = peek(m, 0, 0);
    check_no_rsp(&o);
    assert_false(o.rd_valid);
    for (unsigned w = 0; w < 2; w++) {
        check_free(m, w, 0);
        check_free(m, w, 1);
        assert_int_equal(mdt_masked(m, w), 0);
    }
    assert_int_equal(access(m, 0, 0x10, 0xF, 0x3, true).entry, 0);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);
}

/* ------------------------------------------------------------------ */
/* random stimulus: structural invariants of the MCB status              */

static void test_random_invariants(void **state)
{
    mdt_t *m = *state = make(3, 3, 8, 8);
    uint64_t s = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 50000; i++) {
        mdt_in_t in = {0};
        unsigned w = (unsigned)(xorshift64(&s) % 3);
        uint64_t masked = mdt_masked(m, w);
        in.acc_valid = xorshift64(&s) % 2;
        in.acc_op = (unsigned)(xorshift64(&s) % 16 == 0 ? 3 : xorshift64(&s) % 3);
        in.acc_warp = w;
        in.acc_pc = xorshift64(&s) % 4;
        in.acc_exec = xorshift64(&s) & 0xFF & (xorshift64(&s) % 8 ? ~masked : ~UINT64_C(0));
        in.acc_hit = xorshift64(&s);
        in.acc_alloc_ok = xorshift64(&s) % 4 != 0;
        in.fill_valid = xorshift64(&s) % 2;
        in.fill_warp = (unsigned)(xorshift64(&s) % 3);
        in.fill_entry = (unsigned)(xorshift64(&s) % 3);
        in.fill_mask = mdt_waiting(m, in.fill_warp, in.fill_entry) & xorshift64(&s);
        step(m, &in, NULL);
        for (unsigned x = 0; x < 3; x++) {
            uint64_t seen = 0;
            unsigned ages = 0, n = 0;
            for (unsigned e = 0; e < 3; e++) {
                uint64_t wt = mdt_waiting(m, x, e), rd = mdt_ready(m, x, e);
                assert_int_equal(wt & rd, 0);
                assert_int_equal((wt | rd) & seen, 0); /* one entry per thread */
                seen |= wt | rd;
                if (mdt_entry_valid(m, x, e)) {
                    assert_true((wt | rd) != 0);   /* no all-INVALID entry */
                    ages |= 1u << mdt_entry_age(m, x, e);
                    n++;
                }
            }
            assert_int_equal(ages, (1u << n) - 1u);  /* ages 0..n-1 */
            assert_int_equal(mdt_masked(m, x), seen);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset_state),
        UNIT_TEST(test_dom_41_walkthrough),
        UNIT_TEST(test_merge_and_none),
        UNIT_TEST(test_blocking),
        UNIT_TEST(test_two_entries),
        UNIT_TEST(test_ages_four_entries),
        UNIT_TEST(test_force_43),
        UNIT_TEST(test_release),
        UNIT_TEST(test_errors),
        UNIT_TEST(test_same_cycle_fill_access),
        UNIT_TEST(test_response_timing),
        UNIT_TEST(test_read_port),
        UNIT_TEST(test_input_truncation),
        UNIT_TEST(test_widths_64),
        UNIT_TEST(test_reset),
        UNIT_TEST(test_random_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
