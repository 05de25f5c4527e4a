/* Unit tests of the mdt golden model (csim/dom/mdt.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/dom csim/dom/mdt.c csim/dom/slip_ctrl.c tests/dom/test_mdt.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Expected values are worked out by hand from docs/blocks/mdt.md and the
 * DoM paper (SC'09): section 3.2 (three-state MCB status), section 4.1
 * steps 1-5 (allocation, fills in arbitrary order, re-join at the same
 * instruction, deallocation), section 4.3 (forced reconvergence repeated
 * until the MDT is empty), section 6 (two entries per warp). Masks are
 * written with thread 0 as bit 0. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "mdt.h"

/* ------------------------------------------------------------------ */
/* helpers                                                              */

static mdt_t *make(unsigned n, unsigned m_, unsigned w, unsigned pcw)
{
    mdt_params_t p = {n, m_, w, pcw};
    mdt_t *m = NULL;
    assert_int_equal(mdt_create(&p, &m), MDT_OK);
    assert_non_null(m);
    return m;
}

static mdt_in_t idle_in(void)
{
    mdt_in_t in;
    memset(&in, 0, sizeof in);
    return in;
}

static mdt_out_t cyc(mdt_t *m, const mdt_in_t *in, mdt_events_t *ev)
{
    mdt_out_t out;
    mdt_events_t e;
    mdt_step(m, in, &out, ev ? ev : &e);
    return out;
}

/* An idle cycle: the registered responses and the read port. */
static mdt_out_t peek(mdt_t *m, unsigned rw, unsigned re)
{
    mdt_in_t in = idle_in();
    in.rd_warp = rw;
    in.rd_entry = re;
    return cyc(m, &in, NULL);
}

static void set_access(mdt_in_t *in, unsigned w, uint64_t pc, uint64_t exec,
                       uint64_t hit, bool ok)
{
    in->acc_valid = true;
    in->acc_op = MDT_OP_ACCESS;
    in->acc_warp = w;
    in->acc_pc = pc;
    in->acc_exec = exec;
    in->acc_hit = hit;
    in->acc_alloc_ok = ok;
}

static void set_fill(mdt_in_t *in, unsigned w, unsigned e, uint64_t mask)
{
    in->fill_valid = true;
    in->fill_warp = w;
    in->fill_entry = e;
    in->fill_mask = mask;
}

static mdt_events_t access(mdt_t *m, unsigned w, uint64_t pc, uint64_t exec,
                           uint64_t hit, bool ok)
{
    mdt_in_t in = idle_in();
    set_access(&in, w, pc, exec, hit, ok);
    mdt_events_t ev;
    cyc(m, &in, &ev);
    return ev;
}

static mdt_events_t op(mdt_t *m, unsigned o, unsigned w)
{
    mdt_in_t in = idle_in();
    in.acc_valid = true;
    in.acc_op = o;
    in.acc_warp = w;
    mdt_events_t ev;
    cyc(m, &in, &ev);
    return ev;
}

static mdt_events_t fill(mdt_t *m, unsigned w, unsigned e, uint64_t mask)
{
    mdt_in_t in = idle_in();
    set_fill(&in, w, e, mask);
    mdt_events_t ev;
    cyc(m, &in, &ev);
    return ev;
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

/* Whole-state snapshot through the read-only views. */
#define SNAP_MAX 64
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

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    mdt_t *m = (mdt_t *)1;
    mdt_params_t ok = {4, 2, 32, 32};
    struct {
        mdt_params_t p;
        int rc;
    } cases[] = {
        {{0, 2, 32, 32}, MDT_EPARAM_WARPS},
        {{65, 2, 32, 32}, MDT_EPARAM_WARPS},
        {{4, 0, 32, 32}, MDT_EPARAM_ENTRIES},
        {{4, 9, 32, 32}, MDT_EPARAM_ENTRIES},
        {{4, 2, 1, 32}, MDT_EPARAM_WIDTH},
        {{4, 2, 65, 32}, MDT_EPARAM_WIDTH},
        {{4, 2, 32, 3}, MDT_EPARAM_PC_WIDTH},
        {{4, 2, 32, 65}, MDT_EPARAM_PC_WIDTH},
        /* several bad: the first in the order of the codes wins */
        {{0, 0, 0, 0}, MDT_EPARAM_WARPS},
        {{1, 0, 0, 0}, MDT_EPARAM_ENTRIES},
        {{1, 1, 0, 0}, MDT_EPARAM_WIDTH},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m = (mdt_t *)1;
        assert_int_equal(mdt_create(&cases[i].p, &m), cases[i].rc);
        assert_null(m);
    }
    assert_int_equal(mdt_create(NULL, &m), MDT_EPARAM_WARPS);
    assert_int_equal(mdt_create(&ok, NULL), MDT_EPARAM_WARPS);

    /* every boundary value is legal */
    mdt_params_t edges[] = {
        {1, 1, 2, 4}, {64, 8, 64, 64}, {1, 8, 2, 64}, {64, 1, 64, 4}, {3, 3, 5, 7},
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        m = NULL;
        assert_int_equal(mdt_create(&edges[i], &m), MDT_OK);
        assert_non_null(m);
        assert_memory_equal(mdt_params(m), &edges[i], sizeof edges[i]);
        mdt_destroy(m);
    }
    mdt_destroy(NULL);
}

static void test_reset_state(void **state)
{
    (void)state;
    mdt_t *m = make(4, 2, 8, 32);
    for (unsigned w = 0; w < 4; w++) {
        for (unsigned e = 0; e < 2; e++)
            check_free(m, w, e);
        assert_int_equal(mdt_masked(m, w), 0);
        mdt_out_t o = peek(m, w, 0);
        assert_false(o.rsp_valid);
        assert_false(o.fill_rsp_valid);
        assert_int_equal(o.err_sticky, 0);
        assert_false(o.rd_valid);
        assert_true(o.rd_free);
        assert_int_equal(o.rd_masked, 0);
    }
    mdt_destroy(m);
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
    (void)state;
    mdt_t *m = make(2, 2, 8, 32);
    const uint64_t pc = 0x40;

    mdt_events_t ev = access(m, 1, pc, 0xFF, 0x0F, true);
    assert_true(ev.acc);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.entry, 0);
    assert_false(ev.freed);
    check_entry(m, 1, 0, pc, 0xF0, 0x00, 0);
    check_free(m, 1, 1);
    assert_int_equal(mdt_masked(m, 1), 0xF0);
    assert_int_equal(mdt_masked(m, 0), 0);

    mdt_out_t o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_ALLOCATED, 0, 0, false);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, pc);
    assert_int_equal(o.rd_waiting, 0xF0);
    assert_int_equal(o.rd_ready, 0);
    assert_int_equal(o.rd_age, 0);
    assert_int_equal(o.rd_masked, 0xF0);
    assert_true(o.rd_free);

    /* step 4: fills in arbitrary order */
    ev = fill(m, 1, 0, 0x40);
    assert_true(ev.fill);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, pc, 0xB0, 0x40, 0);
    ev = fill(m, 1, 0, 0x10);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, pc, 0xA0, 0x50, 0);
    /* READY threads are still masked off the warp */
    assert_int_equal(mdt_masked(m, 1), 0xF0);
    o = peek(m, 1, 0);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_NONE);
    assert_int_equal(o.rd_waiting, 0xA0);
    assert_int_equal(o.rd_ready, 0x50);

    /* same instruction again: merge */
    ev = access(m, 1, pc, 0x0F, 0x07, true);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0x50);
    assert_false(ev.freed);
    check_entry(m, 1, 0, pc, 0xA8, 0x00, 0);
    assert_int_equal(mdt_masked(m, 1), 0xA8);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0x50, false);

    ev = fill(m, 1, 0, 0x80);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    ev = fill(m, 1, 0, 0x28);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, pc, 0x00, 0xA8, 0);

    /* 0xFF & ~0xA8 = 0x57 execute and all hit: re-join, free */
    ev = access(m, 1, pc, 0x57, 0x57, true);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0xA8);
    assert_true(ev.freed);
    check_free(m, 1, 0);
    assert_int_equal(mdt_masked(m, 1), 0);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0xA8, false);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_masked, 0);
    assert_true(o.rd_free);
    assert_int_equal(o.err_sticky, 0);

    /* the next divergence allocates afresh */
    ev = access(m, 1, pc, 0xFF, 0xFE, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    check_entry(m, 1, 0, pc, 0x01, 0, 0);
    mdt_destroy(m);
}

/* A merge that changes nothing, and accesses that need no entry. */
static void test_merge_and_none(void **state)
{
    (void)state;
    mdt_t *m = make(1, 2, 4, 16);
    access(m, 0, 0x10, 0xF, 0x3, true);            /* waiting 0xC */
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);

    /* merged, nothing READY, no new miss, threads still WAITING: no change */
    mdt_events_t ev = access(m, 0, 0x10, 0x3, 0x3, true);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0);
    assert_false(ev.freed);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);

    /* a merge takes place even with alloc_ok = 0 (no new entry needed) */
    ev = access(m, 0, 0x10, 0x3, 0x1, false);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    check_entry(m, 0, 0, 0x10, 0xE, 0, 0);

    /* another PC, all hit: NONE, no entry */
    ev = access(m, 0, 0x20, 0x1, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_NONE);
    assert_int_equal(ev.entry, 0);
    check_free(m, 0, 1);
    mdt_out_t o = peek(m, 0, 1);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_NONE, 0, 0, false);

    /* no executing thread at all: NONE */
    ev = access(m, 0, 0x30, 0x0, 0x0, true);
    assert_int_equal(ev.kind, MDT_KIND_NONE);
    check_free(m, 0, 1);
    mdt_destroy(m);
}

/* Allocation failure falls back to blocking (step 3): the slip controller
 * refuses (alloc_ok = 0) or the warp has no free entry. */
static void test_blocking(void **state)
{
    (void)state;
    mdt_t *m = make(2, 1, 4, 16);
    snap_t a, b;

    snap(m, &a);
    mdt_events_t ev = access(m, 0, 0x10, 0xF, 0x3, false);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, MDT_KIND_BLOCKING);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0);
    snap(m, &b);
    assert_same(&a, &b);
    mdt_out_t o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_BLOCKING, 0, 0, false);
    assert_true(o.rd_free);

    /* M = 1: the only entry is taken by PC 0x10 */
    access(m, 0, 0x10, 0xF, 0x3, true);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);
    snap(m, &a);
    ev = access(m, 0, 0x20, 0x3, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_BLOCKING);
    assert_int_equal(ev.entry, 0);
    snap(m, &b);
    assert_same(&a, &b);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_BLOCKING, 0, 0, false);
    assert_false(o.rd_free);
    /* without misses another PC is simply NONE */
    ev = access(m, 0, 0x20, 0x3, 0x3, true);
    assert_int_equal(ev.kind, MDT_KIND_NONE);

    /* the other warp's entries are separate */
    ev = access(m, 1, 0x20, 0x3, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    check_entry(m, 1, 0, 0x20, 0x2, 0, 0);
    mdt_destroy(m);
}

/* Two entries per warp (section 6: two outstanding memory operations). */
static void test_two_entries(void **state)
{
    (void)state;
    mdt_t *m = make(1, 2, 4, 16);
    mdt_events_t ev = access(m, 0, 0x10, 0xF, 0x3, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.entry, 0);
    ev = access(m, 0, 0x20, 0x3, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.entry, 1);
    mdt_out_t o = peek(m, 0, 1);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_ALLOCATED, 1, 0, false);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, 0x20);
    assert_int_equal(o.rd_age, 1);
    assert_int_equal(o.rd_masked, 0xE);
    assert_false(o.rd_free);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);
    check_entry(m, 0, 1, 0x20, 0x2, 0, 1);

    /* a third PC finds no free entry */
    ev = access(m, 0, 0x30, 0x1, 0x0, true);
    assert_int_equal(ev.kind, MDT_KIND_BLOCKING);

    /* the younger entry completes first and is freed; entry 0 keeps age 0 */
    fill(m, 0, 1, 0x2);
    check_entry(m, 0, 1, 0x20, 0x0, 0x2, 1);
    ev = access(m, 0, 0x20, 0x1, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    assert_int_equal(ev.entry, 1);
    assert_int_equal(ev.rejoin, 0x2);
    assert_true(ev.freed);
    check_free(m, 0, 1);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);

    /* PC 0x30 now allocates entry 1 (lowest free) with age 1 */
    ev = access(m, 0, 0x30, 0x3, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.entry, 1);
    check_entry(m, 0, 1, 0x30, 0x2, 0, 1);

    /* the older entry completes: freed, entry 1 becomes the oldest */
    fill(m, 0, 0, 0xC);
    ev = access(m, 0, 0x10, 0x1, 0x1, true);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0xC);
    assert_true(ev.freed);
    check_free(m, 0, 0);
    check_entry(m, 0, 1, 0x30, 0x2, 0, 0);

    /* the next allocation takes entry 0 with age 1: index is not age */
    ev = access(m, 0, 0x40, 0xD, 0x5, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.entry, 0);
    check_entry(m, 0, 0, 0x40, 0x8, 0, 1);
    assert_int_equal(mdt_masked(m, 0), 0xA);
    mdt_destroy(m);
}

/* Ages with four entries: freeing a middle one closes the gap. */
static void test_ages_four_entries(void **state)
{
    (void)state;
    mdt_t *m = make(1, 4, 8, 16);
    access(m, 0, 0x10, 0x03, 0x01, true); /* e0 waits 0x02, age 0 */
    access(m, 0, 0x20, 0x0D, 0x01, true); /* e1 waits 0x0C, age 1 */
    access(m, 0, 0x30, 0x31, 0x01, true); /* e2 waits 0x30, age 2 */
    check_entry(m, 0, 0, 0x10, 0x02, 0, 0);
    check_entry(m, 0, 1, 0x20, 0x0C, 0, 1);
    check_entry(m, 0, 2, 0x30, 0x30, 0, 2);
    check_free(m, 0, 3);

    fill(m, 0, 1, 0x0C);
    mdt_events_t ev = access(m, 0, 0x20, 0x01, 0x01, true);
    assert_true(ev.freed);
    check_free(m, 0, 1);
    check_entry(m, 0, 0, 0x10, 0x02, 0, 0);
    check_entry(m, 0, 2, 0x30, 0x30, 0, 1);

    /* three valid entries -> lowest free index 1 gets age 2 */
    ev = access(m, 0, 0x50, 0xC1, 0x01, true);
    assert_int_equal(ev.entry, 1);
    check_entry(m, 0, 1, 0x50, 0xC0, 0, 2);
    ev = access(m, 0, 0x60, 0x0D, 0x05, true);
    assert_int_equal(ev.entry, 3);
    check_entry(m, 0, 3, 0x60, 0x08, 0, 3);
    mdt_out_t o = peek(m, 0, 3);
    assert_false(o.rd_free);
    assert_int_equal(o.rd_age, 3);
    assert_int_equal(o.rd_masked, 0xFA);

    /* freeing the oldest drops every other age by one */
    fill(m, 0, 0, 0x02);
    ev = access(m, 0, 0x10, 0x01, 0x01, true);
    assert_true(ev.freed);
    check_free(m, 0, 0);
    check_entry(m, 0, 1, 0x50, 0xC0, 0, 1);
    check_entry(m, 0, 2, 0x30, 0x30, 0, 0);
    check_entry(m, 0, 3, 0x60, 0x08, 0, 2);
    mdt_destroy(m);
}

/* ------------------------------------------------------------------ */
/* section 4.3: forced reconvergence                                    */

static void test_force_43(void **state)
{
    (void)state;
    mdt_t *m = make(2, 2, 4, 16);
    access(m, 1, 0xA0, 0xF, 0x3, true); /* e0 waits 0xC, age 0 */
    access(m, 1, 0xB0, 0x3, 0x1, true); /* e1 waits 0x2, age 1 */
    fill(m, 1, 0, 0x4);
    check_entry(m, 1, 0, 0xA0, 0x8, 0x4, 0);

    /* the oldest entry's ready thread 2 re-joins; thread 3 still waits */
    mdt_events_t ev = op(m, MDT_OP_FORCE, 1);
    assert_int_equal(ev.op, MDT_OP_FORCE);
    assert_int_equal(ev.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0x4);
    assert_false(ev.freed);
    check_entry(m, 1, 0, 0xA0, 0x8, 0, 0);
    mdt_out_t o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0x4, true);

    /* forced again while thread 3 waits: nothing re-joins */
    ev = op(m, MDT_OP_FORCE, 1);
    assert_int_equal(ev.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.rejoin, 0);
    check_entry(m, 1, 0, 0xA0, 0x8, 0, 0);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0, true);

    /* thread 3 returns; the force empties and frees entry 0 */
    fill(m, 1, 0, 0x8);
    ev = op(m, MDT_OP_FORCE, 1);
    assert_int_equal(ev.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.rejoin, 0x8);
    assert_true(ev.freed);
    check_free(m, 1, 0);
    check_entry(m, 1, 1, 0xB0, 0x2, 0, 0);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0x8, false);

    /* repeated until the MDT is empty: entry 1 is now the oldest */
    ev = op(m, MDT_OP_FORCE, 1);
    assert_int_equal(ev.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.entry, 1);
    assert_int_equal(ev.rejoin, 0);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 1, 0, true);
    fill(m, 1, 1, 0x2);
    ev = op(m, MDT_OP_FORCE, 1);
    assert_int_equal(ev.entry, 1);
    assert_int_equal(ev.rejoin, 0x2);
    assert_true(ev.freed);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 1, 0x2, false);
    assert_int_equal(mdt_masked(m, 1), 0);

    ev = op(m, MDT_OP_FORCE, 1);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, MDT_KIND_FORCE_EMPTY);
    assert_int_equal(ev.entry, 0);
    o = peek(m, 1, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCE_EMPTY, 0, 0, false);
    /* warp 0 never had an entry */
    ev = op(m, MDT_OP_FORCE, 0);
    assert_int_equal(ev.kind, MDT_KIND_FORCE_EMPTY);
    mdt_destroy(m);
}

/* ------------------------------------------------------------------ */
/* RELEASE                                                              */

static void test_release(void **state)
{
    (void)state;
    mdt_t *m = make(2, 2, 4, 16);
    access(m, 0, 0x10, 0xF, 0x3, true);
    access(m, 0, 0x20, 0x3, 0x1, true);
    access(m, 1, 0x10, 0xF, 0x7, true);
    fill(m, 0, 0, 0x4);

    /* release warp 0 while a legal fill of warp 0 arrives: the fill is
     * accepted and has no effect; warp 1 is untouched */
    mdt_in_t in = idle_in();
    in.acc_valid = true;
    in.acc_op = MDT_OP_RELEASE;
    in.acc_warp = 0;
    set_fill(&in, 0, 0, 0x8);
    mdt_events_t ev;
    cyc(m, &in, &ev);
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
    in = idle_in();
    in.acc_valid = true;
    in.acc_op = MDT_OP_RELEASE;
    in.acc_warp = 0;
    set_fill(&in, 1, 0, 0x8);
    cyc(m, &in, &ev);
    assert_false(ev.same_warp);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, 0x10, 0x0, 0x8, 0);

    /* the released warp allocates from entry 0, age 0 */
    ev = access(m, 0, 0x20, 0x3, 0x1, true);
    assert_int_equal(ev.entry, 0);
    check_entry(m, 0, 0, 0x20, 0x2, 0, 0);
    mdt_destroy(m);
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

static void test_errors(void **state)
{
    (void)state;
    /* N = 3 (2-bit warp id: 3 is representable and out of range),
     * M = 3 (2-bit entry id: 3 likewise) */
    mdt_t *m = make(3, 3, 4, 16);
    access(m, 0, 0x10, 0xF, 0x3, true);  /* e0 waits 0xC */
    fill(m, 0, 0, 0x4);                  /* e0 ready 0x4, waits 0x8 */
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
    ev = access(m, 3, 0x10, 0xF, 0x0, true);
    assert_int_equal(ev.err, MDT_ERR_BAD_WARP);
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
    ev = access(m, 0, 0x20, 0x5, 0x0, true);
    assert_int_equal(ev.err, MDT_ERR_BAD_EXEC);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_BAD_EXEC, 0, 0, 0, false);
    /* the masked threads of another warp do not matter */
    snap(m, &b);
    assert_same(&a, &b);

    /* fill errors: BAD_WARP > BAD_ENTRY > NOT_WAITING */
    ev = fill(m, 3, 3, 0x0);
    assert_int_equal(ev.fill_err, MDT_ERR_BAD_WARP);
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
    mdt_in_t in = idle_in();
    set_access(&in, 0, 0x10, 0x4, 0x4, true);
    set_fill(&in, 0, 2, 0x8);
    ev = (mdt_events_t){0};
    cyc(m, &in, &ev);
    assert_int_equal(ev.err, MDT_ERR_BAD_EXEC);
    assert_int_equal(ev.fill_err, MDT_ERR_BAD_ENTRY);
    assert_true(ev.same_warp);
    snap(m, &b);
    assert_same(&a, &b);

    /* the state still works: the wait completes and the warp re-joins */
    assert_int_equal(fill(m, 0, 0, 0x8).fill_err, MDT_ERR_NONE);
    ev = access(m, 0, 0x10, 0x3, 0x3, true);
    assert_int_equal(ev.rejoin, 0xC);
    assert_true(ev.freed);
    /* sticky bits stay until reset */
    o = peek(m, 0, 0);
    assert_int_equal(o.err_sticky, 0x3E);
    mdt_destroy(m);
}

/* ------------------------------------------------------------------ */
/* both ports in the same cycle                                         */

static void test_same_cycle_fill_access(void **state)
{
    (void)state;
    mdt_t *m = make(2, 2, 4, 16);
    mdt_in_t in;
    mdt_events_t ev;

    /* a. merge + fill of the same entry: e0 waits 0xC, ready 0x2. The merge
     * re-joins 0x2 (start-of-cycle READY), adds miss thread 0; the fill
     * moves thread 2 to READY at the same edge. */
    access(m, 0, 0x10, 0xE, 0x0, true);
    fill(m, 0, 0, 0x2);
    check_entry(m, 0, 0, 0x10, 0xC, 0x2, 0);
    in = idle_in();
    set_access(&in, 0, 0x10, 0x1, 0x0, true);
    set_fill(&in, 0, 0, 0x4);
    cyc(m, &in, &ev);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    assert_int_equal(ev.rejoin, 0x2);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    assert_true(ev.same_warp);
    assert_false(ev.freed);
    check_entry(m, 0, 0, 0x10, 0x9, 0x4, 0);
    mdt_out_t o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0x2, false);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, MDT_ERR_NONE);

    /* b. a merge that would empty the entry while a fill makes its last
     * WAITING thread READY: the entry is not all INVALID, not freed.
     * State: waits 0x9, ready 0x4. Fill 0x1 -> waits 0x8, ready 0x5. */
    fill(m, 0, 0, 0x1);
    check_entry(m, 0, 0, 0x10, 0x8, 0x5, 0);
    in = idle_in();
    set_access(&in, 0, 0x10, 0x2, 0x2, true);
    set_fill(&in, 0, 0, 0x8);
    cyc(m, &in, &ev);
    assert_int_equal(ev.rejoin, 0x5);
    assert_false(ev.freed);
    check_entry(m, 0, 0, 0x10, 0x0, 0x8, 0);

    /* c. FORCE + fill of the last WAITING thread: rsp_waiting reports the
     * start-of-cycle WAITING set; the filled thread stays READY */
    access(m, 0, 0x10, 0x3, 0x1, true);  /* rejoin 0x8, thread 1 waits */
    check_entry(m, 0, 0, 0x10, 0x2, 0x0, 0);
    fill(m, 0, 0, 0x2);
    access(m, 0, 0x10, 0x9, 0x1, true);  /* rejoin 0x2, thread 3 waits */
    check_entry(m, 0, 0, 0x10, 0x8, 0x0, 0);
    in = idle_in();
    in.acc_valid = true;
    in.acc_op = MDT_OP_FORCE;
    in.acc_warp = 0;
    set_fill(&in, 0, 0, 0x8);
    cyc(m, &in, &ev);
    assert_int_equal(ev.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.rejoin, 0);
    assert_false(ev.freed);
    check_entry(m, 0, 0, 0x10, 0x0, 0x8, 0);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0, true);
    ev = op(m, MDT_OP_FORCE, 0);
    assert_int_equal(ev.rejoin, 0x8);
    assert_true(ev.freed);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0x8, false);

    /* d. allocation + fill to the entry being allocated: the fill sees the
     * start-of-cycle state (entry free) -> BAD_ENTRY; the allocation holds */
    in = idle_in();
    set_access(&in, 1, 0x30, 0x3, 0x1, true);
    set_fill(&in, 1, 0, 0x2);
    cyc(m, &in, &ev);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.fill_err, MDT_ERR_BAD_ENTRY);
    check_entry(m, 1, 0, 0x30, 0x2, 0, 0);

    /* e. the access executes the thread being filled: BAD_EXEC for the
     * access only, the fill applies */
    in = idle_in();
    set_access(&in, 1, 0x30, 0x2, 0x2, true);
    set_fill(&in, 1, 0, 0x2);
    cyc(m, &in, &ev);
    assert_int_equal(ev.err, MDT_ERR_BAD_EXEC);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, 0x30, 0x0, 0x2, 0);

    /* f. allocation on warp 0 and a fill on warp 1 at once */
    in = idle_in();
    set_access(&in, 0, 0x40, 0xF, 0xE, true);
    set_fill(&in, 1, 0, 0x2);
    cyc(m, &in, &ev);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    assert_int_equal(ev.fill_err, MDT_ERR_NOT_WAITING); /* already READY */
    assert_false(ev.same_warp);
    check_entry(m, 0, 0, 0x40, 0x1, 0, 0);
    mdt_destroy(m);
}

/* ------------------------------------------------------------------ */
/* timing, read port, truncation, widths                                */

static void test_response_timing(void **state)
{
    (void)state;
    mdt_t *m = make(1, 2, 4, 16);
    mdt_in_t in = idle_in();
    set_access(&in, 0, 0x10, 0xF, 0x3, true);
    set_fill(&in, 0, 0, 0x4); /* entry not yet valid: BAD_ENTRY */
    mdt_out_t o = cyc(m, &in, NULL);
    /* outputs during the request cycle belong to the previous cycle */
    assert_false(o.rsp_valid);
    assert_false(o.fill_rsp_valid);
    assert_false(o.rd_valid);

    in = idle_in();
    set_fill(&in, 0, 0, 0x4);
    o = cyc(m, &in, NULL);
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
    in = idle_in();
    set_access(&in, 0, 0x10, 0x3, 0x3, true);     /* merged, rejoin 0x4 */
    cyc(m, &in, NULL);
    in = idle_in();
    in.acc_valid = true;
    in.acc_op = MDT_OP_FORCE;
    o = cyc(m, &in, NULL);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, 0x4, false);
    o = peek(m, 0, 0);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_FORCED, 0, 0, true);
    mdt_destroy(m);
}

static void test_read_port(void **state)
{
    (void)state;
    mdt_t *m = make(3, 3, 8, 16);
    access(m, 2, 0x10, 0xFF, 0x0F, true);  /* e0 waits 0xF0 */
    access(m, 2, 0x20, 0x0F, 0x03, true);  /* e1 waits 0x0C */
    access(m, 2, 0x30, 0x03, 0x01, true);  /* e2 waits 0x02 */
    fill(m, 2, 1, 0x04);

    mdt_out_t o = peek(m, 2, 1);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, 0x20);
    assert_int_equal(o.rd_waiting, 0x08);
    assert_int_equal(o.rd_ready, 0x04);
    assert_int_equal(o.rd_age, 1);
    assert_int_equal(o.rd_masked, 0xFE);
    assert_false(o.rd_free);

    /* entry 3 is out of range (M = 3): entry fields zero, warp fields not */
    o = peek(m, 2, 3);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_pc, 0);
    assert_int_equal(o.rd_waiting, 0);
    assert_int_equal(o.rd_ready, 0);
    assert_int_equal(o.rd_age, 0);
    assert_int_equal(o.rd_masked, 0xFE);
    assert_false(o.rd_free);

    /* warp 3 is out of range (N = 3): all zeros, rd_free too */
    o = peek(m, 3, 0);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_masked, 0);
    assert_false(o.rd_free);

    /* an invalid entry of a valid warp */
    o = peek(m, 1, 2);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_pc, 0);
    assert_int_equal(o.rd_masked, 0);
    assert_true(o.rd_free);

    /* the read port sees the state before this cycle's edge */
    mdt_in_t in = idle_in();
    set_fill(&in, 2, 2, 0x02);
    in.rd_warp = 2;
    in.rd_entry = 2;
    o = cyc(m, &in, NULL);
    assert_int_equal(o.rd_waiting, 0x02);
    assert_int_equal(o.rd_ready, 0);
    o = peek(m, 2, 2);
    assert_int_equal(o.rd_waiting, 0);
    assert_int_equal(o.rd_ready, 0x02);
    assert_int_equal(o.rd_age, 2);

    /* read-address truncation: warp id 2 bits, entry id 2 bits */
    o = peek(m, 2 + 4, 1 + 8);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_pc, 0x20);
    mdt_destroy(m);
}

static void test_input_truncation(void **state)
{
    (void)state;
    /* N = 2 (1-bit warp id), M = 2 (1-bit entry id), W = 4, PcWidth = 8 */
    mdt_t *m = make(2, 2, 4, 8);
    mdt_events_t ev = access(m, 3, 0x140, 0xF3, 0xF1, true); /* warp 1, pc 0x40 */
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    check_entry(m, 1, 0, 0x40, 0x2, 0, 0);

    /* pc 0x240 truncates to 0x40 and merges; mask bits above W ignored */
    ev = access(m, 1, 0x240, 0x11, 0x10, true);
    assert_int_equal(ev.err, MDT_ERR_NONE);
    assert_int_equal(ev.kind, MDT_KIND_MERGED);
    check_entry(m, 1, 0, 0x40, 0x3, 0, 0);

    /* fill: entry 2 -> 0, warp 5 -> 1, mask 0x31 -> 0x1 */
    ev = fill(m, 5, 2, 0x31);
    assert_int_equal(ev.fill_err, MDT_ERR_NONE);
    check_entry(m, 1, 0, 0x40, 0x2, 0x1, 0);
    /* a fill mask with only bits above W is empty */
    assert_int_equal(fill(m, 1, 0, 0x20).fill_err, MDT_ERR_NOT_WAITING);

    /* exec entirely above W: no executing thread -> NONE */
    ev = access(m, 0, 0x50, 0xF0, 0x00, true);
    assert_int_equal(ev.kind, MDT_KIND_NONE);

    /* op 5 truncates to 1 (FORCE), op 7 to 3 (BAD_OP) */
    ev = op(m, 5, 1);
    assert_int_equal(ev.op, MDT_OP_FORCE);
    assert_int_equal(ev.kind, MDT_KIND_FORCED);
    assert_int_equal(ev.rejoin, 0x1);
    ev = op(m, 7, 1);
    assert_int_equal(ev.op, MDT_OP_RESERVED);
    assert_int_equal(ev.err, MDT_ERR_BAD_OP);
    mdt_destroy(m);
}

static void test_widths_64(void **state)
{
    (void)state;
    mdt_t *m = make(64, 8, 64, 64);
    const uint64_t top = UINT64_C(1) << 63;
    const uint64_t pc = UINT64_C(0xFEDCBA9876543210);
    mdt_events_t ev = access(m, 63, pc, ~UINT64_C(0), ~top, true);
    assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
    check_entry(m, 63, 0, pc, top, 0, 0);
    assert_int_equal(mdt_masked(m, 63), top);
    assert_int_equal(fill(m, 63, 0, top).fill_err, MDT_ERR_NONE);
    ev = access(m, 63, pc, ~top, ~top, true);
    assert_int_equal(ev.rejoin, top);
    assert_true(ev.freed);
    mdt_out_t o = peek(m, 63, 7);
    check_rsp(&o, MDT_ERR_NONE, MDT_KIND_MERGED, 0, top, false);

    /* fill all eight entries of warp 5 */
    for (unsigned e = 0; e < 8; e++) {
        ev = access(m, 5, 0x100 + e, UINT64_C(1) << e, 0, true);
        assert_int_equal(ev.kind, MDT_KIND_ALLOCATED);
        assert_int_equal(ev.entry, e);
    }
    ev = access(m, 5, 0x200, UINT64_C(1) << 8, 0, true);
    assert_int_equal(ev.kind, MDT_KIND_BLOCKING);
    o = peek(m, 5, 7);
    assert_int_equal(o.rd_age, 7);
    assert_int_equal(o.rd_masked, 0xFF);
    assert_false(o.rd_free);
    mdt_destroy(m);
}

static void test_reset(void **state)
{
    (void)state;
    mdt_t *m = make(2, 2, 4, 16);
    access(m, 0, 0x10, 0xF, 0x3, true);
    access(m, 1, 0x10, 0xF, 0x3, true);
    op(m, MDT_OP_RESERVED, 0);
    fill(m, 0, 1, 0x1);
    mdt_reset(m);
    mdt_out_t o = peek(m, 0, 0);
    assert_false(o.rsp_valid);
    assert_false(o.fill_rsp_valid);
    assert_int_equal(o.err_sticky, 0);
    assert_false(o.rd_valid);
    for (unsigned w = 0; w < 2; w++) {
        check_free(m, w, 0);
        check_free(m, w, 1);
        assert_int_equal(mdt_masked(m, w), 0);
    }
    assert_int_equal(access(m, 0, 0x10, 0xF, 0x3, true).entry, 0);
    check_entry(m, 0, 0, 0x10, 0xC, 0, 0);
    mdt_destroy(m);
}

/* ------------------------------------------------------------------ */
/* random stimulus: structural invariants of the MCB status              */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void test_random_invariants(void **state)
{
    (void)state;
    mdt_t *m = make(3, 3, 8, 8);
    uint64_t s = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 50000; i++) {
        mdt_in_t in = idle_in();
        unsigned w = (unsigned)(rng_next(&s) % 3);
        uint64_t masked = mdt_masked(m, w);
        in.acc_valid = rng_next(&s) % 2;
        in.acc_op = (unsigned)(rng_next(&s) % 16 == 0 ? 3 : rng_next(&s) % 3);
        in.acc_warp = w;
        in.acc_pc = rng_next(&s) % 4;
        in.acc_exec = rng_next(&s) & 0xFF & (rng_next(&s) % 8 ? ~masked : ~UINT64_C(0));
        in.acc_hit = rng_next(&s);
        in.acc_alloc_ok = rng_next(&s) % 4 != 0;
        in.fill_valid = rng_next(&s) % 2;
        in.fill_warp = (unsigned)(rng_next(&s) % 3);
        in.fill_entry = (unsigned)(rng_next(&s) % 3);
        in.fill_mask = mdt_waiting(m, in.fill_warp, in.fill_entry) & rng_next(&s);
        mdt_events_t ev;
        cyc(m, &in, &ev);
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
    mdt_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_reset_state),
        cmocka_unit_test(test_dom_41_walkthrough),
        cmocka_unit_test(test_merge_and_none),
        cmocka_unit_test(test_blocking),
        cmocka_unit_test(test_two_entries),
        cmocka_unit_test(test_ages_four_entries),
        cmocka_unit_test(test_force_43),
        cmocka_unit_test(test_release),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_same_cycle_fill_access),
        cmocka_unit_test(test_response_timing),
        cmocka_unit_test(test_read_port),
        cmocka_unit_test(test_input_truncation),
        cmocka_unit_test(test_widths_64),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_random_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
