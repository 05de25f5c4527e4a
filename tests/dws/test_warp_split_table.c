/* Unit tests of the warp_split_table golden model (csim/dws/warp_split_table.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -g -fsanitize=address,undefined -fno-sanitize-recover=all -Icsim/common -Icsim/dws -Itests/common csim/dws/warp_split_table.c tests/dws/test_warp_split_table.c -lcmocka -o /tmp/test_wst && /tmp/test_wst
 *
 * Expected values are worked out by hand from docs/blocks/warp_split_table.md
 * and the DWS paper (ISCA'10): section 5.4 (split on a divergent access, the
 * fall-behind's XOR mask, catch-up priority, merging by PC, Figure 4),
 * 5.4.2 (Lazy Split, Figure 5), 5.4.3 (MFC, sum-rMFC, memlat), 5.5 (loop
 * bypass), 5.6 (SWF, Figure 6), and 5.3 (a split waits for its warp at a
 * branch: held). Masks are written with thread 0 as bit 0. An entry is
 * written {pc, icount, mask, mfc, rmfc, memlat, wait}; HELD(...) is the same
 * entry held. */
#include <string.h>

#include "test_util.h"

#include "warp_split_table.h"

/* ------------------------------------------------------------------ */
/* helpers                                                              */

TEST_MODEL_HELPERS(warp_split_table, WST_OK)

typedef warp_split_table_t wst_t;
typedef warp_split_table_in_t in_t;
typedef warp_split_table_out_t out_t;
typedef warp_split_table_events_t ev_t;
typedef warp_split_table_params_t params_t;

/* The inputs of every cycle of the test's model since it was created or
 * reset: check_sel replays them into a second model, to look ahead at the
 * scheduler without moving the test's model. */
#define HIST_MAX 256
static struct {
    const wst_t *m;
    params_t p;
    in_t in[HIST_MAX];
    unsigned n;
    bool overflow;
} hist;

static wst_t *create_h(const params_t *p)
{
    wst_t *m = create_ok(p);
    hist.m = m;
    hist.p = *p;
    hist.n = 0;
    hist.overflow = false;
    return m;
}

static void reset_h(wst_t *m)
{
    warp_split_table_reset(m);
    if (hist.m == m)
        hist.n = 0;
}

/* One clock cycle: its events. */
static ev_t step_ev(wst_t *m, const in_t *in)
{
    if (hist.m == m) {
        if (hist.n < HIST_MAX)
            hist.in[hist.n++] = *in;
        else
            hist.overflow = true;
    }
    ev_t ev;
    warp_split_table_step(m, in, NULL, &ev);
    return ev;
}

enum { OFF = WST_POLICY_OFF, AGG = WST_POLICY_AGGRESS, LAZY = WST_POLICY_LAZY,
       LAT = WST_POLICY_LATSPEC, RR = WST_SCHED_RR, SWF = WST_SCHED_SWF };

/* N warps of W threads, 16-bit PCs, 8-bit icount, 6-bit MFC, 8-bit lat and
 * sum, InitMemLat iml. */
static wst_t *make(unsigned n, unsigned w, unsigned iml)
{
    params_t p = {n, w, 16, 8, 6, 8, 8, iml};
    return create_h(&p);
}

static in_t req_in(unsigned policy, unsigned op, unsigned w, unsigned e, uint64_t pc,
                   uint64_t mask)
{
    return (in_t){.policy = policy, .req_valid = true, .req_op = op, .req_warp = w,
                  .req_entry = e, .req_pc = pc, .req_mask = mask};
}

/* The judge port set to the request's operation. */
static void judge_req(in_t *in)
{
    in->chk_op = in->req_op;
    in->chk_warp = in->req_warp;
    in->chk_entry = in->req_entry;
    in->chk_mask = in->req_mask;
}

static ev_t req(wst_t *m, unsigned policy, unsigned op, unsigned w, unsigned e, uint64_t pc,
                uint64_t mask)
{
    in_t in = req_in(policy, op, w, e, pc, mask);
    return step_ev(m, &in);
}

/* An accepted request: its kind and rsp_entry. */
static void check_ok(ev_t ev, unsigned kind, unsigned entry)
{
    assert_true(ev.req);
    assert_int_equal(ev.err, WST_ERR_NONE);
    assert_int_equal(ev.kind, kind);
    assert_int_equal(ev.entry, entry);
}

static void init_w(wst_t *m, unsigned w, uint64_t pc, uint64_t mask)
{
    check_ok(req(m, OFF, WST_OP_INIT, w, 0, pc, mask), WST_KIND_NONE, 0);
}

static ev_t exec_p(wst_t *m, unsigned policy, unsigned w, unsigned e, uint64_t pc)
{
    ev_t ev = req(m, policy, WST_OP_EXEC, w, e, pc, 0);
    check_ok(ev, WST_KIND_NONE, e);
    return ev;
}

static ev_t exec(wst_t *m, unsigned w, unsigned e, uint64_t pc)
{
    return exec_p(m, OFF, w, e, pc);
}

/* A MEM that must be accepted with kind and rsp_entry. */
static ev_t mem(wst_t *m, unsigned policy, unsigned w, unsigned e, uint64_t pc, uint64_t hit,
                unsigned kind, unsigned entry)
{
    ev_t ev = req(m, policy, WST_OP_MEM, w, e, pc, hit);
    check_ok(ev, kind, entry);
    return ev;
}

static ev_t fill_p(wst_t *m, unsigned policy, unsigned w, uint64_t mask)
{
    in_t in = {.policy = policy, .fill_valid = true, .fill_warp = w, .fill_mask = mask};
    return step_ev(m, &in);
}

/* An accepted fill of warp w waking the entries `woken`. */
static ev_t fill(wst_t *m, unsigned w, uint64_t mask, uint64_t woken)
{
    ev_t ev = fill_p(m, OFF, w, mask);
    assert_true(ev.fill);
    assert_int_equal(ev.fill_err, WST_ERR_NONE);
    assert_int_equal(ev.woken, woken);
    return ev;
}

static ev_t idle(wst_t *m, unsigned policy)
{
    in_t in = {.policy = policy};
    return step_ev(m, &in);
}

/* The outputs of the current cycle without an edge. */
static out_t view(const wst_t *m, unsigned rw, unsigned re, unsigned sched)
{
    out_t o;
    warp_split_table_eval(m, &(in_t){.sched = sched, .rd_warp = rw, .rd_entry = re}, &o);
    return o;
}

#define ENT_(held_, pc_, ic_, mask_, mfc_, rmfc_, lat_, wait_)                            \
    ((wst_entry_t){.valid = true, .held = (held_), .pc = (pc_), .icount = (ic_),          \
                   .mask = (mask_), .mfc = (mfc_), .rmfc = (rmfc_), .memlat = (lat_),     \
                   .wait = (wait_)})
#define ENT(...) ENT_(false, __VA_ARGS__)
#define HELD(...) ENT_(true, __VA_ARGS__)

/* Entry e of warp w is `want`; the read port shows the same. */
static void check_ent(const wst_t *m, unsigned w, unsigned e, wst_entry_t want)
{
    wst_entry_t got = warp_split_table_entry(m, w, e);
    assert_int_equal(got.valid, want.valid);
    assert_int_equal(got.held, want.held);
    assert_int_equal(got.pc, want.pc);
    assert_int_equal(got.icount, want.icount);
    assert_int_equal(got.mask, want.mask);
    assert_int_equal(got.mfc, want.mfc);
    assert_int_equal(got.rmfc, want.rmfc);
    assert_int_equal(got.memlat, want.memlat);
    assert_int_equal(got.wait, want.wait);
    out_t o = view(m, w, e, RR);
    assert_int_equal(o.rd_valid, want.valid);
    assert_int_equal(o.rd_held, want.held);
    assert_int_equal(o.rd_pc, want.pc);
    assert_int_equal(o.rd_icount, want.icount);
    assert_int_equal(o.rd_mask, want.mask);
    assert_int_equal(o.rd_mfc, want.mfc);
    assert_int_equal(o.rd_rmfc, want.rmfc);
    assert_int_equal(o.rd_memlat, want.memlat);
    assert_int_equal(o.rd_wait, want.wait);
}

static void check_free(const wst_t *m, unsigned w, unsigned e)
{
    check_ent(m, w, e, (wst_entry_t){0});
}

/* The registered response of the last edge's request. */
static void check_rsp(const wst_t *m, unsigned err, unsigned kind, unsigned entry,
                      unsigned merges)
{
    out_t o = view(m, 0, 0, RR);
    assert_true(o.rsp_valid);
    assert_int_equal(o.rsp_err, err);
    assert_int_equal(o.rsp_kind, kind);
    assert_int_equal(o.rsp_entry, entry);
    assert_int_equal(o.rsp_merges, merges);
}

/* Everything observable through the read port, the views and the
 * scheduler, as plain numbers (structs with padding do not compare with
 * memcmp). */
#define SNAP_MAX 64
#define SNAP_RD 12
typedef struct {
    uint64_t rd[SNAP_MAX][SNAP_RD]; /* rd_* of each entry, [10] = rd_wait */
    uint64_t ent[SNAP_MAX][9];      /* the view, [7] = wait */
    uint64_t arrived;
    uint64_t sel[2][4];
    uint64_t pending[8];
    uint64_t sum;
} snap_t;

static void snap(const wst_t *m, snap_t *s)
{
    const params_t *p = warp_split_table_params(m);
    memset(s, 0, sizeof *s);
    assert_true(p->num_warps * p->warp_width <= SNAP_MAX && p->num_warps <= 8);
    for (unsigned w = 0; w < p->num_warps; w++) {
        s->pending[w] = warp_split_table_pending(m, w);
        for (unsigned e = 0; e < p->warp_width; e++) {
            unsigned i = w * p->warp_width + e;
            out_t o = view(m, w, e, RR);
            uint64_t rd[SNAP_RD] = {o.rd_valid, o.rd_pc, o.rd_icount, o.rd_mask,
                                    o.rd_suspended, o.rd_boost, o.rd_mfc, o.rd_rmfc,
                                    o.rd_memlat, o.rd_pending * 64 + o.rd_count, o.rd_wait,
                                    o.rd_held};
            memcpy(s->rd[i], rd, sizeof rd);
            wst_entry_t x = warp_split_table_entry(m, w, e);
            uint64_t en[9] = {x.valid, x.pc,     x.mask, x.icount, x.mfc,
                              x.rmfc,  x.memlat, x.wait, x.held};
            memcpy(s->ent[i], en, sizeof en);
        }
    }
    for (unsigned k = 0; k < 2; k++) {
        out_t o = view(m, 0, 0, k);
        s->sel[k][0] = o.sel_valid;
        s->sel[k][1] = o.sel_warp;
        s->sel[k][2] = o.sel_entry;
        s->sel[k][3] = o.sel_boost;
    }
    s->sum = warp_split_table_sum_rmfc(m);
    s->arrived = view(m, 0, 0, RR).arrived;
}

static void assert_same(const snap_t *a, const snap_t *b)
{
    assert_memory_equal(a, b, sizeof *a);
}

/* A second model in the test model's state: its inputs so far replayed
 * (the two must show the same). */
static wst_t *replica(const wst_t *m)
{
    assert_ptr_equal(hist.m, m);
    assert_false(hist.overflow);
    wst_t *r = create_ok(&hist.p);
    for (unsigned i = 0; i < hist.n; i++)
        warp_split_table_step(r, &hist.in[i], NULL, NULL);
    snap_t a, b;
    snap(m, &a);
    snap(r, &b);
    assert_same(&a, &b);
    return r;
}

/* The scheduler's pick with order sched, as sel_* show it two idle cycles
 * from now (both stages then have seen the current state; the round-robin
 * pointer is the pick of the first of them), looked at in a replica: the
 * test's model does not move. */
static void check_sel(const wst_t *m, unsigned sched, bool valid, unsigned w, unsigned e,
                      bool boost)
{
    wst_t *r = replica(m);
    for (unsigned i = 0; i < 2; i++)
        warp_split_table_step(r, &(in_t){.sched = sched}, NULL, NULL);
    out_t o = view(r, 0, 0, sched);
    warp_split_table_destroy(r);
    assert_int_equal(o.sel_valid, valid);
    assert_int_equal(o.sel_warp, w);
    assert_int_equal(o.sel_entry, e);
    assert_int_equal(o.sel_boost, boost);
}

/* ------------------------------------------------------------------ */
/* parameters and reset                                                 */

static void test_params(void **state)
{
    (void)state;
    static const bad_params_t bad[] = {
        {{0, 8, 32, 8, 6, 8, 8, 200}, WST_EPARAM_NUM_WARPS},
        {{17, 8, 32, 8, 6, 8, 8, 200}, WST_EPARAM_NUM_WARPS},
        {{6, 1, 32, 8, 6, 8, 8, 200}, WST_EPARAM_WARP_WIDTH},
        {{6, 65, 32, 8, 6, 8, 8, 200}, WST_EPARAM_WARP_WIDTH},
        {{6, 8, 3, 8, 6, 8, 8, 200}, WST_EPARAM_PC_WIDTH},
        {{6, 8, 65, 8, 6, 8, 8, 200}, WST_EPARAM_PC_WIDTH},
        {{6, 8, 32, 1, 6, 8, 8, 200}, WST_EPARAM_ICOUNT_WIDTH},
        {{6, 8, 32, 33, 6, 8, 8, 200}, WST_EPARAM_ICOUNT_WIDTH},
        {{6, 8, 32, 8, 1, 8, 8, 200}, WST_EPARAM_MFC_WIDTH},
        {{6, 8, 32, 8, 17, 8, 8, 200}, WST_EPARAM_MFC_WIDTH},
        {{6, 8, 32, 8, 6, 1, 8, 0}, WST_EPARAM_LAT_WIDTH},
        {{6, 8, 32, 8, 6, 17, 8, 200}, WST_EPARAM_LAT_WIDTH},
        {{6, 8, 32, 8, 2, 8, 1, 200}, WST_EPARAM_SUM_WIDTH},
        {{6, 8, 32, 8, 6, 8, 25, 200}, WST_EPARAM_SUM_WIDTH},
        /* require SumWidth >= MfcWidth: the code of MfcWidth, as its message */
        {{6, 8, 32, 8, 6, 8, 5, 200}, WST_EPARAM_MFC_WIDTH},
        {{6, 8, 32, 8, 16, 8, 15, 200}, WST_EPARAM_MFC_WIDTH},
        {{6, 8, 32, 8, 6, 8, 8, 65536}, WST_EPARAM_INIT_MEM_LAT},
        /* require InitMemLat < 2^LatWidth: the code of LatWidth, as its message */
        {{6, 8, 32, 8, 6, 8, 8, 256}, WST_EPARAM_LAT_WIDTH},
        {{6, 8, 32, 8, 6, 2, 8, 4}, WST_EPARAM_LAT_WIDTH},
        /* several bad: the ranges in the order of the codes, then the rules */
        {{0, 0, 0, 0, 0, 0, 0, 70000}, WST_EPARAM_NUM_WARPS},
        {{1, 2, 4, 2, 0, 0, 0, 70000}, WST_EPARAM_MFC_WIDTH},
        {{1, 2, 4, 2, 2, 2, 1, 70000}, WST_EPARAM_SUM_WIDTH},
        {{1, 2, 4, 2, 8, 2, 7, 70000}, WST_EPARAM_INIT_MEM_LAT},
    };
    expect_bad_params(bad, ARRAY_LEN(bad));
    wst_t *m = (wst_t *)1;
    params_t ok = {6, 8, 32, 8, 6, 8, 8, 200};
    assert_int_equal(warp_split_table_create(NULL, &m), WST_EPARAM_NUM_WARPS);
    assert_null(m);
    assert_int_equal(warp_split_table_create(&ok, NULL), WST_EPARAM_NUM_WARPS);

    /* the configurations of configs/warp_split_table.cfg and the boundaries */
    static const params_t edges[] = {
        {6, 8, 32, 8, 6, 8, 8, 200},      {8, 8, 32, 16, 10, 10, 14, 300},
        {4, 8, 32, 16, 10, 10, 14, 300},  {2, 4, 8, 4, 3, 4, 4, 6},
        {1, 2, 4, 2, 2, 2, 2, 0},         {8, 64, 64, 32, 16, 16, 24, 65535},
        {16, 64, 64, 32, 16, 16, 16, 65535}, {1, 2, 4, 2, 2, 2, 2, 3},
    };
    for (size_t i = 0; i < ARRAY_LEN(edges); i++) {
        m = create_h(&edges[i]);
        assert_memory_equal(warp_split_table_params(m), &edges[i], sizeof edges[i]);
        warp_split_table_destroy(m);
    }
    warp_split_table_destroy(NULL);
}

static void test_reset_state(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    for (unsigned w = 0; w < 2; w++)
        for (unsigned e = 0; e < 4; e++) {
            check_free(m, w, e);
            out_t o = view(m, w, e, RR);
            assert_false(o.rsp_valid);
            assert_false(o.fill_rsp_valid);
            assert_false(o.lazy_valid);
            assert_int_equal(o.err_sticky, 0);
            assert_int_equal(o.sum_rmfc, 0);
            assert_int_equal(o.rd_count, 0);
            assert_int_equal(o.rd_pending, 0);
        }
    check_sel(m, RR, false, 0, 0, false);
    check_sel(m, SWF, false, 0, 0, false);

    /* after reset round-robin starts at flat index 0 */
    init_w(m, 1, 0x10, 0x1);
    init_w(m, 0, 0x10, 0x1);
    check_sel(m, RR, true, 0, 0, false);

    /* a reset in mid-run clears everything, the sticky bits too */
    (void)req(m, OFF, 7, 0, 0, 0, 0);
    (void)mem(m, OFF, 0, 0, 0x11, 0, WST_KIND_MISS, 0);
    reset_h(m);
    out_t o = view(m, 0, 0, RR);
    assert_false(o.rsp_valid);
    assert_int_equal(o.err_sticky, 0);
    assert_int_equal(warp_split_table_pending(m, 0), 0);
    check_free(m, 0, 0);
    check_free(m, 1, 0);
    check_sel(m, RR, false, 0, 0, false);
}

/* ------------------------------------------------------------------ */
/* INIT, RELEASE, executing cycles                                      */

static void test_init_release_busy(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 1, 0x40, 0xB);
    check_ent(m, 1, 0, ENT(0x40, 0, 0xB, 0, 0, 20, 0));
    check_rsp(m, WST_ERR_NONE, WST_KIND_NONE, 0, 0);
    out_t o = view(m, 1, 0, RR);
    assert_int_equal(o.rd_count, 1);
    assert_false(o.rd_suspended);
    assert_false(o.rd_boost); /* a warp with one split has no boost */
    check_sel(m, RR, true, 1, 0, false);

    /* INIT replaces every entry of the warp */
    (void)mem(m, AGG, 1, 0, 0x44, 0x3, WST_KIND_SPLIT, 1);
    fill(m, 1, 0x8, 0x1);
    assert_int_equal(view(m, 1, 0, RR).rd_count, 2);
    init_w(m, 1, 0x80, 0x6);
    check_ent(m, 1, 0, ENT(0x80, 0, 0x6, 0, 0, 20, 0));
    check_free(m, 1, 1);
    assert_int_equal(view(m, 1, 0, RR).rd_count, 1);

    /* BUSY while a thread is pending: INIT and RELEASE */
    (void)mem(m, OFF, 1, 0, 0x84, 0x0, WST_KIND_MISS, 0);
    ev_t ev = req(m, OFF, WST_OP_INIT, 1, 0, 0x90, 0xF);
    assert_int_equal(ev.err, WST_ERR_BUSY);
    assert_int_equal(req(m, OFF, WST_OP_RELEASE, 1, 0, 0, 0).err, WST_ERR_BUSY);
    check_rsp(m, WST_ERR_BUSY, WST_KIND_NONE, 0, 0);
    check_ent(m, 1, 0, ENT(0x84, 1, 0x6, 0, 0, 20, 2));

    /* after the fill RELEASE frees everything */
    fill(m, 1, 0x6, 0x1);
    check_ok(req(m, OFF, WST_OP_RELEASE, 1, 3, 0x1234, 0xF), WST_KIND_NONE, 0);
    check_rsp(m, WST_ERR_NONE, WST_KIND_NONE, 0, 0);
    check_free(m, 1, 0);
    assert_int_equal(view(m, 1, 0, RR).rd_count, 0);
    check_sel(m, RR, false, 0, 0, false);
    /* RELEASE of a warp without entries is fine */
    check_ok(req(m, OFF, WST_OP_RELEASE, 0, 0, 0, 0), WST_KIND_NONE, 0);
    assert_int_equal(view(m, 0, 0, RR).err_sticky, 1u << WST_ERR_BUSY);
}

/* Section 5.4.3 / 5.6: an executing cycle counts icount and MFC up,
 * rMFC and sum-rMFC down. */
static void test_exec_counters(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    ev_t ev = exec(m, 0, 0, 0x11);
    assert_true(ev.sum_floor);
    check_ent(m, 0, 0, ENT(0x11, 1, 0xF, 1, 0, 20, 0));
    check_rsp(m, WST_ERR_NONE, WST_KIND_NONE, 0, 0);
    exec(m, 0, 0, 0x12);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xF, 2, 0, 20, 0));

    /* miss: icount counts, MFC stops */
    (void)mem(m, OFF, 0, 0, 0x13, 0x0, WST_KIND_MISS, 0);
    check_ent(m, 0, 0, ENT(0x13, 3, 0xF, 2, 0, 20, 0));
    /* the fill at the next edge: memlat 1, rMFC = MFC = 2; the woken MFC
     * reaches sum-rMFC one edge later */
    fill(m, 0, 0xF, 0x1);
    check_ent(m, 0, 0, ENT(0x13, 3, 0xF, 0, 2, 1, 0));
    assert_int_equal(view(m, 0, 0, RR).sum_rmfc, 0);
    idle(m, OFF);
    assert_int_equal(view(m, 0, 0, RR).sum_rmfc, 2);

    ev = exec(m, 0, 0, 0x14);
    assert_false(ev.sum_floor);
    check_ent(m, 0, 0, ENT(0x14, 4, 0xF, 1, 1, 1, 0));
    assert_int_equal(view(m, 0, 0, RR).sum_rmfc, 1);
    exec(m, 0, 0, 0x15);
    check_ent(m, 0, 0, ENT(0x15, 5, 0xF, 2, 0, 1, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    ev = exec(m, 0, 0, 0x16);
    assert_true(ev.sum_floor);
    check_ent(m, 0, 0, ENT(0x16, 6, 0xF, 3, 0, 1, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
}

static void test_mem_hit_miss(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    init_w(m, 1, 0x10, 0x3);
    (void)mem(m, OFF, 0, 0, 0x14, 0xF, WST_KIND_HIT, 0);
    check_ent(m, 0, 0, ENT(0x14, 1, 0xF, 1, 0, 20, 0));
    check_rsp(m, WST_ERR_NONE, WST_KIND_HIT, 0, 0);
    /* hit bits of threads outside the split do not matter */
    (void)mem(m, OFF, 1, 0, 0x20, 0xF, WST_KIND_HIT, 0);
    check_ent(m, 1, 0, ENT(0x20, 1, 0x3, 1, 0, 20, 0));

    ev_t ev = mem(m, AGG, 0, 0, 0x18, 0x0, WST_KIND_MISS, 0);
    assert_false(ev.latspec_tested);
    check_ent(m, 0, 0, ENT(0x18, 2, 0xF, 1, 0, 20, 0));
    assert_int_equal(warp_split_table_pending(m, 0), 0xF);
    out_t o = view(m, 0, 0, RR);
    assert_true(o.rd_suspended);
    assert_int_equal(o.rd_pending, 0xF);
    assert_false(warp_split_table_ready(m, 0, 0));
    check_sel(m, RR, true, 1, 0, false);

    /* a suspended split does not execute; its wait counts */
    assert_int_equal(req(m, OFF, WST_OP_EXEC, 0, 0, 0x1C, 0).err, WST_ERR_SUSPENDED);
    check_ent(m, 0, 0, ENT(0x18, 2, 0xF, 1, 0, 20, 1));
    idle(m, OFF);
    check_ent(m, 0, 0, ENT(0x18, 2, 0xF, 1, 0, 20, 2));
    /* fill three edges after the miss: memlat 3 */
    fill(m, 0, 0xF, 0x1);
    check_ent(m, 0, 0, ENT(0x18, 2, 0xF, 0, 1, 3, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    assert_true(warp_split_table_ready(m, 0, 0));
    idle(m, OFF);
    assert_int_equal(warp_split_table_sum_rmfc(m), 1);
}

/* ------------------------------------------------------------------ */
/* divergent accesses under each policy                                 */

static void test_divergent_off_lazy(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    init_w(m, 1, 0x10, 0xF);
    /* OFF: the whole split waits, no new entry */
    ev_t ev = mem(m, OFF, 0, 0, 0x14, 0x3, WST_KIND_WAIT, 0);
    assert_false(ev.latspec_tested);
    check_ent(m, 0, 0, ENT(0x14, 1, 0xF, 0, 0, 20, 0));
    check_free(m, 0, 1);
    assert_int_equal(warp_split_table_pending(m, 0), 0xC);
    assert_true(view(m, 0, 0, RR).rd_suspended);
    /* LAZY: the same (warp 1 still ready before this edge: no lazy split) */
    ev = mem(m, LAZY, 1, 0, 0x14, 0x9, WST_KIND_WAIT, 0);
    assert_false(ev.lazy);
    check_ent(m, 1, 0, ENT(0x14, 1, 0xF, 0, 0, 20, 0));
    check_free(m, 1, 1);
    assert_int_equal(warp_split_table_pending(m, 1), 0x6);
    check_rsp(m, WST_ERR_NONE, WST_KIND_WAIT, 0, 0);
}

/* AGGRESS (5.4): the hit mask runs ahead in the lowest free entry, the
 * fall-behind (parent XOR hit) stays suspended in the parent's entry. */
static void test_divergent_aggress(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    exec(m, 0, 0, 0x11);
    ev_t ev = mem(m, AGG, 0, 0, 0x12, 0x5, WST_KIND_SPLIT, 1);
    assert_false(ev.split_full);
    check_rsp(m, WST_ERR_NONE, WST_KIND_SPLIT, 1, 0);
    check_ent(m, 0, 1, ENT(0x12, 2, 0x5, 2, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x12, 2, 0xA, 1, 0, 20, 0));
    assert_int_equal(warp_split_table_pending(m, 0), 0xA);
    assert_true(view(m, 0, 0, RR).rd_suspended);
    assert_false(view(m, 0, 1, RR).rd_suspended);
    assert_int_equal(view(m, 0, 0, RR).rd_count, 2);

    /* the run-ahead splits again: entry 2 */
    (void)mem(m, AGG, 0, 1, 0x13, 0x1, WST_KIND_SPLIT, 2);
    check_ent(m, 0, 2, ENT(0x13, 3, 0x1, 3, 0, 20, 0));
    check_ent(m, 0, 1, ENT(0x13, 3, 0x4, 2, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x12, 2, 0xA, 1, 0, 20, 1));
    assert_int_equal(warp_split_table_pending(m, 0), 0xE);

    /* entry 0 wakes and splits into the last free entry 3 */
    fill(m, 0, 0xA, 0x1);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xA, 0, 1, 2, 0));
    ev = mem(m, AGG, 0, 0, 0x20, 0x8, WST_KIND_SPLIT, 3);
    assert_true(ev.split_full);
    check_ent(m, 0, 3, ENT(0x20, 3, 0x8, 1, 0, 2, 0));
    check_ent(m, 0, 0, ENT(0x20, 3, 0x2, 0, 0, 2, 0));
    assert_int_equal(view(m, 0, 0, RR).rd_count, 4);
}

/* LATSPEC (5.4.3): split when sum-rMFC + MFC < memlat. The split's memlat
 * is k (its fill came k edges after its miss), sum-rMFC 2 and MFC 1 at the
 * divergent access: 3 < k splits. */
static wst_t *latspec_case(unsigned k, unsigned *kind)
{
    wst_t *m = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    exec(m, 0, 0, 0x11);
    exec(m, 0, 0, 0x12);
    exec(m, 0, 0, 0x13);
    (void)mem(m, OFF, 0, 0, 0x14, 0x0, WST_KIND_MISS, 0);
    for (unsigned i = 1; i < k; i++)
        idle(m, OFF);
    fill(m, 0, 0xF, 0x1);
    check_ent(m, 0, 0, ENT(0x14, 4, 0xF, 0, 3, k, 0));
    idle(m, OFF);   /* the woken MFC reaches sum-rMFC one edge after the wake */
    assert_int_equal(warp_split_table_sum_rmfc(m), 3);
    exec(m, 0, 0, 0x15);
    check_ent(m, 0, 0, ENT(0x15, 5, 0xF, 1, 2, k, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 2);
    ev_t ev = req(m, LAT, WST_OP_MEM, 0, 0, 0x16, 0x3);
    assert_int_equal(ev.err, WST_ERR_NONE);
    assert_true(ev.latspec_tested);
    assert_int_equal(ev.latspec_split, ev.kind == WST_KIND_SPLIT);
    *kind = ev.kind;
    assert_int_equal(warp_split_table_sum_rmfc(m), 1);
    return m;
}

static void test_divergent_latspec(void **state)
{
    unsigned kind;
    /* 2 + 1 == 3: not less, WAIT */
    wst_t *m = *state = latspec_case(3, &kind);
    assert_int_equal(kind, WST_KIND_WAIT);
    check_ent(m, 0, 0, ENT(0x16, 6, 0xF, 1, 1, 3, 0));
    check_free(m, 0, 1);
    assert_int_equal(warp_split_table_pending(m, 0), 0xC);
    destroy_state(state);

    /* 2 + 1 < 4: SPLIT */
    m = *state = latspec_case(4, &kind);
    assert_int_equal(kind, WST_KIND_SPLIT);
    check_ent(m, 0, 1, ENT(0x16, 6, 0x3, 2, 1, 4, 0));
    check_ent(m, 0, 0, ENT(0x16, 6, 0xC, 1, 1, 4, 0));
    assert_int_equal(warp_split_table_pending(m, 0), 0xC);
    destroy_state(state);

    /* a split that never missed predicts InitMemLat: 0 + 0 < 1 splits,
     * 0 + 0 < 0 does not */
    m = *state = make(1, 4, 1);
    init_w(m, 0, 0x10, 0xF);
    (void)mem(m, LAT, 0, 0, 0x11, 0x3, WST_KIND_SPLIT, 1);
    destroy_state(state);
    m = *state = make(1, 4, 0);
    init_w(m, 0, 0x10, 0xF);
    (void)mem(m, LAT, 0, 0, 0x11, 0x3, WST_KIND_WAIT, 0);
}

/* ------------------------------------------------------------------ */
/* fills                                                                */

static void test_fill_partial_and_two(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    exec(m, 0, 0, 0x11);
    (void)mem(m, AGG, 0, 0, 0x12, 0x3, WST_KIND_SPLIT, 1);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xC, 1, 0, 20, 0));
    check_ent(m, 0, 1, ENT(0x12, 2, 0x3, 2, 0, 20, 0));
    exec(m, 0, 1, 0x13);
    (void)mem(m, OFF, 0, 1, 0x14, 0x0, WST_KIND_MISS, 1);
    check_ent(m, 0, 1, ENT(0x14, 4, 0x3, 3, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x12, 2, 0xC, 1, 0, 20, 2));
    assert_int_equal(warp_split_table_pending(m, 0), 0xF);
    check_sel(m, RR, false, 0, 0, false);

    /* partial: thread 2 of entry 0 and thread 0 of entry 1 return */
    ev_t ev = fill(m, 0, 0x5, 0x0);
    assert_true(ev.fill_partial);
    out_t o = view(m, 0, 0, RR);
    assert_true(o.fill_rsp_valid);
    assert_int_equal(o.fill_err, WST_ERR_NONE);
    assert_int_equal(o.fill_woken, 0);
    assert_int_equal(o.rd_pending, 0xA);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xC, 1, 0, 20, 3));
    check_ent(m, 0, 1, ENT(0x14, 4, 0x3, 3, 0, 20, 1));

    /* the rest wakes both: memlat 4 (split edge to fill) and 2 (miss edge
     * to fill); sum-rMFC = 1 + 3 one edge later */
    ev = fill(m, 0, 0xA, 0x3);
    assert_false(ev.fill_partial);
    o = view(m, 0, 0, RR);
    assert_int_equal(o.fill_woken, 0x3);
    assert_int_equal(o.sum_rmfc, 0);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xC, 0, 1, 4, 0));
    check_ent(m, 0, 1, ENT(0x14, 4, 0x3, 0, 3, 2, 0));
    assert_int_equal(warp_split_table_pending(m, 0), 0);

    /* no fill: fill_rsp_valid 0, fill_woken 0 */
    idle(m, OFF);
    o = view(m, 0, 0, RR);
    assert_int_equal(o.sum_rmfc, 4);
    assert_false(o.fill_rsp_valid);
    assert_int_equal(o.fill_woken, 0);
    assert_false(o.rsp_valid);
}

/* ------------------------------------------------------------------ */
/* merging (5.4)                                                        */

static void test_merge_two(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    (void)mem(m, AGG, 0, 0, 0x11, 0x3, WST_KIND_SPLIT, 1);
    check_ent(m, 0, 1, ENT(0x11, 1, 0x3, 1, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 20, 0));
    exec(m, 0, 1, 0x12);
    exec(m, 0, 1, 0x20); /* a jump: PCs do not tell progress */
    (void)mem(m, OFF, 0, 1, 0x13, 0x3, WST_KIND_HIT, 1);
    check_ent(m, 0, 1, ENT(0x13, 4, 0x3, 4, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 20, 3));
    fill(m, 0, 0xC, 0x1);
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 4, 0));
    /* the fall-behind has the minimum icount: boosted */
    assert_true(view(m, 0, 0, RR).rd_boost);
    assert_false(view(m, 0, 1, RR).rd_boost);
    exec(m, 0, 0, 0x12);
    /* an EXEC at the same PC does not merge */
    check_ent(m, 0, 0, ENT(0x12, 2, 0xC, 1, 0, 4, 0));
    /* the load: HIT and merge; survivor entry 0, icount max(3, 4) = 4,
     * counters of the executing split */
    ev_t ev = mem(m, OFF, 0, 0, 0x13, 0xF, WST_KIND_HIT, 0);
    assert_int_equal(ev.merges, 1);
    assert_false(ev.merge_suspended);
    assert_false(ev.merge_woken);
    check_rsp(m, WST_ERR_NONE, WST_KIND_HIT, 0, 1);
    check_ent(m, 0, 0, ENT(0x13, 4, 0xF, 2, 0, 4, 0));
    check_free(m, 0, 1);
    assert_int_equal(view(m, 0, 0, RR).rd_count, 1);
    assert_false(view(m, 0, 0, RR).rd_boost);

    /* the executing split is not the lowest: the lowest survives, with the
     * executing split's counters; a MISS merges too */
    (void)mem(m, AGG, 0, 0, 0x14, 0x1, WST_KIND_SPLIT, 1);
    check_ent(m, 0, 1, ENT(0x14, 5, 0x1, 3, 0, 4, 0));
    check_ent(m, 0, 0, ENT(0x14, 5, 0xE, 2, 0, 4, 0));
    exec(m, 0, 1, 0x30);
    ev = mem(m, OFF, 0, 1, 0x14, 0x0, WST_KIND_MISS, 0);
    assert_int_equal(ev.merges, 1);
    assert_false(ev.merge_suspended); /* the executing split missed */
    /* entry 0's new wait: 1 + 1; entry 1 new {0x14, 7, 0x1, 4, 0, 4} */
    check_ent(m, 0, 0, ENT(0x14, 7, 0xF, 4, 0, 4, 2));
    check_free(m, 0, 1);
    assert_int_equal(warp_split_table_pending(m, 0), 0xF);
    check_rsp(m, WST_ERR_NONE, WST_KIND_MISS, 0, 1);
}

/* Three splits; a ready split merging into a suspended one waits with it. */
static void test_merge_three_suspended(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    (void)mem(m, AGG, 0, 0, 0x11, 0x3, WST_KIND_SPLIT, 1);
    (void)mem(m, AGG, 0, 1, 0x12, 0x1, WST_KIND_SPLIT, 2);
    check_ent(m, 0, 2, ENT(0x12, 2, 0x1, 2, 0, 20, 0));
    check_ent(m, 0, 1, ENT(0x12, 2, 0x2, 1, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 20, 1));
    assert_int_equal(warp_split_table_pending(m, 0), 0xE);
    fill(m, 0, 0xC, 0x1);
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 2, 0));
    check_ent(m, 0, 1, ENT(0x12, 2, 0x2, 1, 0, 20, 1));

    ev_t ev = mem(m, OFF, 0, 0, 0x12, 0xC, WST_KIND_HIT, 0);
    assert_int_equal(ev.merges, 2);
    assert_true(ev.merge_suspended);
    assert_false(ev.merge_woken);
    check_rsp(m, WST_ERR_NONE, WST_KIND_HIT, 0, 2);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xF, 1, 0, 2, 2));
    check_free(m, 0, 1);
    check_free(m, 0, 2);
    assert_true(view(m, 0, 0, RR).rd_suspended);
    check_sel(m, RR, false, 0, 0, false);

    /* thread 1 returns: memlat 3 = the edges since entry 1 was suspended */
    fill(m, 0, 0x2, 0x1);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xF, 0, 1, 3, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    idle(m, OFF);
    assert_int_equal(warp_split_table_sum_rmfc(m), 1);
}

/* A fill wakes a split at the edge where another split of the warp merges
 * with it (merge_woken); the woken MFC still goes to sum-rMFC. */
static void test_merge_woken_same_edge(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    exec(m, 0, 0, 0x10);
    (void)mem(m, AGG, 0, 0, 0x11, 0x3, WST_KIND_SPLIT, 1);
    check_ent(m, 0, 0, ENT(0x11, 2, 0xC, 1, 0, 20, 0));
    check_ent(m, 0, 1, ENT(0x11, 2, 0x3, 2, 0, 20, 0));
    in_t in = req_in(AGG, WST_OP_MEM, 0, 1, 0x11, 0x3);
    in.fill_valid = true;
    in.fill_warp = 0;
    in.fill_mask = 0xC;
    ev_t ev = step_ev(m, &in);
    check_ok(ev, WST_KIND_HIT, 0);
    assert_int_equal(ev.merges, 1);
    assert_true(ev.merge_woken);
    assert_true(ev.merge_suspended);
    assert_int_equal(ev.woken, 0x1);
    check_ent(m, 0, 0, ENT(0x11, 3, 0xF, 3, 0, 20, 0));
    check_free(m, 0, 1);
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    assert_int_equal(warp_split_table_pending(m, 0), 0);
    out_t o = view(m, 0, 0, RR);
    assert_int_equal(o.fill_woken, 0x1);
    assert_int_equal(o.rsp_merges, 1);
    idle(m, OFF);   /* the woken MFC, one edge later */
    assert_int_equal(warp_split_table_sum_rmfc(m), 1);
}

/* ------------------------------------------------------------------ */
/* the paper's figures                                                  */

/* Figure 4: the initial split (top of stack) splits on a divergent access,
 * the run-ahead goes on, the fall-behind wakes and catches up with
 * priority, and both merge at a load when their PCs match. */
static void test_fig4_walkthrough(void **state)
{
    params_t p = {2, 8, 32, 16, 10, 10, 14, 300}; /* Table 3's memory latency */
    wst_t *m = *state = create_h(&p);
    init_w(m, 0, 0x100, 0xFF);
    exec(m, 0, 0, 0x104);
    (void)mem(m, AGG, 0, 0, 0x108, 0x0F, WST_KIND_SPLIT, 1);
    check_ent(m, 0, 1, ENT(0x108, 2, 0x0F, 2, 0, 300, 0));
    check_ent(m, 0, 0, ENT(0x108, 2, 0xF0, 1, 0, 300, 0));
    /* tie on icount: entry 0 is boosted but suspended, entry 1 runs */
    assert_true(view(m, 0, 0, RR).rd_boost);
    check_sel(m, RR, true, 0, 1, false);
    check_sel(m, SWF, true, 0, 1, false);

    exec(m, 0, 1, 0x10C);
    (void)mem(m, AGG, 0, 1, 0x110, 0xFF, WST_KIND_HIT, 1);
    check_ent(m, 0, 1, ENT(0x110, 4, 0x0F, 4, 0, 300, 0));
    check_ent(m, 0, 0, ENT(0x108, 2, 0xF0, 1, 0, 300, 2));

    fill(m, 0, 0xF0, 0x1);
    check_ent(m, 0, 0, ENT(0x108, 2, 0xF0, 0, 1, 3, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0); /* 1, one edge later */
    /* catch-up: SWF alone would take entry 1 (rMFC 0 < 1) */
    check_sel(m, SWF, true, 0, 0, true);
    check_sel(m, RR, true, 0, 0, true);

    /* the pick this edge registers comes from the state two edges back,
     * before the fill: entry 1, the only ready split, no override */
    in_t in = req_in(OFF, WST_OP_EXEC, 0, 0, 0x10C, 0);
    in.sched = SWF;
    ev_t ev = step_ev(m, &in);
    check_ok(ev, WST_KIND_NONE, 0);
    assert_false(ev.boost_override);
    assert_true(ev.swf_differs == false);
    check_ent(m, 0, 0, ENT(0x10C, 3, 0xF0, 1, 0, 3, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 1); /* 0 sat-1, + 1 */
    /* RR alone would take entry 1 (after the pointer at entry 0) */
    check_sel(m, RR, true, 0, 0, true);

    /* this edge's pick comes from the state after the fill: the boosted
     * entry 0 over SWF's entry 1 (rMFC 0 < 1) */
    in = req_in(OFF, WST_OP_MEM, 0, 0, 0x110, 0xF0);
    in.sched = SWF;
    ev = step_ev(m, &in);
    check_ok(ev, WST_KIND_HIT, 0);
    assert_true(ev.boost_override);
    assert_false(ev.swf_differs);
    assert_int_equal(ev.merges, 1);
    check_ent(m, 0, 0, ENT(0x110, 4, 0xFF, 2, 0, 3, 0));
    check_free(m, 0, 1);
    assert_int_equal(view(m, 0, 0, RR).rd_count, 1);
    check_sel(m, RR, true, 0, 0, false);
}

/* Figure 5 under LAZY: a divergent access suspends the split whole; only
 * when no split of the core is ready is the recorded hit mask split off;
 * the run-ahead issues no miss before the fill, and the fall-behind then
 * runs the same instructions again and merges. */
static void test_fig5_lazy(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    init_w(m, 1, 0x10, 0xF);
    ev_t ev = mem(m, LAZY, 0, 0, 0x14, 0x3, WST_KIND_WAIT, 0);
    assert_false(ev.lazy);
    ev = exec_p(m, LAZY, 1, 0, 0x11);
    assert_false(ev.lazy);
    ev = mem(m, LAZY, 1, 0, 0x14, 0x0, WST_KIND_MISS, 0);
    assert_false(ev.lazy);
    assert_false(ev.lazy_none);
    check_sel(m, RR, false, 0, 0, false);

    /* not LAZY: nothing happens */
    ev = idle(m, OFF);
    assert_false(ev.lazy);
    assert_false(ev.lazy_none);
    check_free(m, 0, 1);

    ev = idle(m, LAZY);
    assert_true(ev.lazy);
    assert_false(ev.lazy_woken);
    assert_false(ev.split_full);
    assert_int_equal(ev.lazy_warp, 0);
    assert_int_equal(ev.lazy_entry, 1);
    check_ent(m, 0, 1, ENT(0x14, 1, 0x3, 0, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x14, 1, 0xC, 0, 0, 20, 4));
    check_ent(m, 1, 0, ENT(0x14, 2, 0xF, 1, 0, 20, 2));
    out_t o = view(m, 0, 0, RR);
    assert_true(o.lazy_valid);
    assert_int_equal(o.lazy_warp, 0);
    assert_int_equal(o.lazy_entry, 1);
    assert_false(o.rsp_valid);
    check_sel(m, RR, true, 0, 1, false);

    /* a split is ready: no further lazy split */
    ev = exec_p(m, LAZY, 0, 1, 0x15);
    assert_false(ev.lazy);
    assert_false(view(m, 0, 0, RR).lazy_valid);
    check_ent(m, 0, 1, ENT(0x15, 2, 0x3, 1, 0, 20, 0));

    /* the fill returns before the run-ahead misses; the run-ahead executes
     * in the same cycle */
    in_t in = req_in(LAZY, WST_OP_EXEC, 0, 1, 0x16, 0);
    in.fill_valid = true;
    in.fill_warp = 0;
    in.fill_mask = 0xC;
    ev = step_ev(m, &in);
    check_ok(ev, WST_KIND_NONE, 1);
    assert_int_equal(ev.woken, 0x1);
    check_ent(m, 0, 0, ENT(0x14, 1, 0xC, 0, 0, 6, 0));
    check_ent(m, 0, 1, ENT(0x16, 3, 0x3, 2, 0, 20, 0));
    /* the fall-behind re-executes the stream with catch-up priority */
    check_sel(m, RR, true, 0, 0, true);
    exec_p(m, LAZY, 0, 0, 0x15);
    ev = mem(m, LAZY, 0, 0, 0x16, 0xC, WST_KIND_HIT, 0);
    assert_int_equal(ev.merges, 1);
    check_ent(m, 0, 0, ENT(0x16, 3, 0xF, 2, 0, 6, 0));
    check_free(m, 0, 1);
}

/* LAZY splits a split whose last pending threads return at the same edge;
 * the run-ahead takes the parent's values before the edge. With nothing to
 * split, lazy_none. */
static void test_lazy_woken_and_none(void **state)
{
    wst_t *m = *state = make(1, 2, 20);
    /* an empty table under LAZY: nothing ready, nothing to split */
    ev_t ev = idle(m, LAZY);
    assert_true(ev.lazy_none);
    assert_false(ev.lazy);

    init_w(m, 0, 0x10, 0x3);
    exec(m, 0, 0, 0x11);
    (void)mem(m, LAZY, 0, 0, 0x12, 0x1, WST_KIND_WAIT, 0);
    check_ent(m, 0, 0, ENT(0x12, 2, 0x3, 1, 0, 20, 0));
    ev = fill_p(m, LAZY, 0, 0x2);
    assert_true(ev.lazy);
    assert_true(ev.lazy_woken);
    assert_true(ev.split_full);
    assert_int_equal(ev.lazy_entry, 1);
    assert_int_equal(ev.woken, 0x1);
    check_ent(m, 0, 1, ENT(0x12, 2, 0x1, 1, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x12, 2, 0x2, 0, 1, 1, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0); /* 1 at the next edge */
    out_t o = view(m, 0, 0, RR);
    assert_true(o.lazy_valid);
    assert_int_equal(o.lazy_entry, 1);
    assert_int_equal(o.fill_woken, 0x1);

    /* every thread missed: LAZY has nothing to split */
    (void)mem(m, OFF, 0, 0, 0x13, 0x0, WST_KIND_MISS, 0);
    (void)mem(m, OFF, 0, 1, 0x14, 0x0, WST_KIND_MISS, 1);
    ev = idle(m, LAZY);
    assert_false(ev.lazy);
    assert_true(ev.lazy_none);
    assert_false(view(m, 0, 0, RR).lazy_valid);
}

/* ------------------------------------------------------------------ */
/* scheduler (5.6)                                                      */

/* sel_* now, in the current cycle. */
static void expect_sel(const wst_t *m, bool valid, unsigned w, unsigned e)
{
    out_t o = view(m, 0, 0, RR);
    assert_int_equal(o.sel_valid, valid);
    assert_int_equal(o.sel_warp, w);
    assert_int_equal(o.sel_entry, e);
    assert_false(o.sel_boost);
}

/* Round robin through the two stages, cycle by cycle (flat index warp * 2
 * + entry): the pick of an edge comes from the state two edges back and the
 * pointer follows the pick, executed or not. */
static void test_sched_rr(void **state)
{
    wst_t *m = *state = make(4, 2, 20);
    /* warp 0's INIT shows two edges after its own */
    init_w(m, 0, 0x10, 0x1);
    expect_sel(m, false, 0, 0);
    init_w(m, 1, 0x10, 0x1);
    expect_sel(m, false, 0, 0);
    init_w(m, 2, 0x10, 0x1);
    expect_sel(m, true, 0, 0);   /* from {0}: after the reset pointer (7), 0 */
    idle(m, OFF);
    expect_sel(m, true, 1, 0);   /* from {0, 2}: after 0 */
    idle(m, OFF);
    expect_sel(m, true, 2, 0);   /* from {0, 2, 4}: after 2 */
    idle(m, OFF);
    expect_sel(m, true, 0, 0);   /* after 4: wrap */
    idle(m, OFF);
    expect_sel(m, true, 1, 0);

    /* warp 2 misses at the edge that registers it as the pick (made from
     * the state two edges back): named, not shown valid */
    (void)mem(m, OFF, 2, 0, 0x14, 0, WST_KIND_MISS, 0);
    expect_sel(m, false, 2, 0);
    idle(m, OFF);
    expect_sel(m, true, 0, 0);   /* from {0, 2, 4}, after 4: wrap */
    idle(m, OFF);
    expect_sel(m, true, 1, 0);   /* from {0, 2}: warp 2 is no candidate */
    idle(m, OFF);
    expect_sel(m, true, 0, 0);

    /* the pointer itself comes last: warp 0 misses, warp 1 alone is ready */
    (void)mem(m, OFF, 0, 0, 0x14, 0, WST_KIND_MISS, 0);
    expect_sel(m, true, 1, 0);
    idle(m, OFF);
    expect_sel(m, false, 0, 0);  /* from {0, 2}: warp 0, suspended since */
    idle(m, OFF);
    expect_sel(m, true, 1, 0);   /* from {2} */
    idle(m, OFF);
    expect_sel(m, true, 1, 0);   /* from {2}, after 2: wrap to 2 itself */

    /* a request on another split moves nothing; sched_i only chooses the
     * order of the pick */
    fill(m, 0, 0x1, 0x1);
    expect_sel(m, true, 1, 0);
    assert_int_equal(req(m, OFF, WST_OP_EXEC, 2, 0, 0, 0).err, WST_ERR_SUSPENDED);
    expect_sel(m, true, 1, 0);   /* from {2}: the state before the fill */
    idle(m, OFF);
    expect_sel(m, true, 0, 0);   /* from {0, 2}, after 2: wrap */
}

/* Figure 6: SWF issues the split with the fewest remaining MFC first. */
static void test_sched_swf_fig6(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0x1);
    init_w(m, 1, 0x10, 0x1);
    exec(m, 0, 0, 0x11);
    exec(m, 0, 0, 0x12);
    exec(m, 0, 0, 0x13);
    (void)mem(m, OFF, 0, 0, 0x14, 0x0, WST_KIND_MISS, 0);
    exec(m, 1, 0, 0x11);
    (void)mem(m, OFF, 1, 0, 0x12, 0x0, WST_KIND_MISS, 0);
    fill(m, 0, 0x1, 0x1);
    fill(m, 1, 0x1, 0x1);
    check_ent(m, 0, 0, ENT(0x14, 4, 0x1, 0, 3, 3, 0));
    check_ent(m, 1, 0, ENT(0x12, 2, 0x1, 0, 1, 2, 0));
    /* warp 0's 3 is in; warp 1's 1 comes at the next edge */
    assert_int_equal(warp_split_table_sum_rmfc(m), 3);
    /* SWF: warp 1 (rMFC 1 < 3), wherever the pointer is */
    check_sel(m, SWF, true, 1, 0, false);
    /* cycle by cycle (flat index warp * 4 + entry; the pointer at 4, the
     * last pick, from the state before warp 1's miss) */
    in_t in = {.sched = SWF};
    ev_t ev = step_ev(m, &in);   /* from before warp 1's fill: warp 0 alone */
    assert_false(ev.swf_differs);
    expect_sel(m, true, 0, 0);
    ev = step_ev(m, &in);        /* from both: RR after 0 is warp 1 as well */
    assert_false(ev.swf_differs);
    expect_sel(m, true, 1, 0);
    ev = step_ev(m, &in);        /* RR after 4 would wrap to warp 0 */
    assert_true(ev.swf_differs);
    assert_false(ev.boost_override);
    expect_sel(m, true, 1, 0);
    in.sched = RR;
    assert_true(step_ev(m, &in).swf_differs);
    expect_sel(m, true, 0, 0);
    exec(m, 1, 0, 0x13);
    check_ent(m, 1, 0, ENT(0x13, 3, 0x1, 1, 0, 2, 0));
    check_sel(m, SWF, true, 1, 0, false);
    /* a tie on rMFC: the lowest flat index */
    exec(m, 0, 0, 0x15);
    exec(m, 0, 0, 0x16);
    exec(m, 0, 0, 0x17);
    check_ent(m, 0, 0, ENT(0x17, 7, 0x1, 3, 0, 3, 0));
    check_sel(m, SWF, true, 0, 0, false);
}

/* Catch-up priority beats both orders; a boosted candidate of one warp
 * beats the other warps' candidates. */
static void test_boost_beats_both(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    exec(m, 0, 0, 0x11);
    (void)mem(m, AGG, 0, 0, 0x12, 0x3, WST_KIND_SPLIT, 1);
    fill(m, 0, 0xC, 0x1);
    check_ent(m, 0, 0, ENT(0x12, 2, 0xC, 0, 1, 1, 0));
    check_ent(m, 0, 1, ENT(0x12, 2, 0x3, 2, 0, 20, 0));
    /* tie on icount: entry 0 boosted. RR alone: entry 1 (after the pointer
     * at entry 0); SWF alone: entry 1 (rMFC 0 < 1) */
    check_sel(m, RR, true, 0, 0, true);
    check_sel(m, SWF, true, 0, 0, true);
    /* this edge's pick comes from the state before the fill: entry 1, the
     * only ready split */
    in_t in = {.sched = RR};
    ev_t ev = step_ev(m, &in);
    assert_false(ev.boost_override);
    /* then from the state after it: the boosted entry 0 over SWF's entry 1,
     * and over RR's entry 1 (after the pointer at entry 0, the last pick) */
    in.sched = SWF;
    ev = step_ev(m, &in);
    assert_true(ev.boost_override);
    assert_false(ev.swf_differs);
    in.sched = RR;
    assert_true(step_ev(m, &in).boost_override);

    /* warp 1 (one split, never boosted) is no candidate while warp 0 has a
     * ready boosted split */
    init_w(m, 1, 0x10, 0x1);
    exec(m, 0, 1, 0x13);
    check_sel(m, RR, true, 0, 0, true);
    /* the boosted split suspended: the others are candidates again */
    (void)mem(m, OFF, 0, 0, 0x14, 0x0, WST_KIND_MISS, 0);
    check_sel(m, RR, true, 0, 1, false);
    out_t o = view(m, 0, 0, RR);
    assert_true(o.rd_boost);
    assert_true(o.rd_suspended);
    exec(m, 0, 1, 0x14);
    check_sel(m, RR, true, 1, 0, false);
}

/* ------------------------------------------------------------------ */
/* loop bypass (5.5)                                                    */

static void test_bypass(void **state)
{
    wst_t *m = *state = make(4, 2, 20);
    init_w(m, 0, 0x10, 0x1);
    init_w(m, 1, 0x10, 0x1);
    init_w(m, 2, 0x10, 0x3);
    exec(m, 0, 0, 0x11);
    check_ok(req(m, OFF, WST_OP_BYPASS, 2, 0, 0x14, 0x2), WST_KIND_NONE, 0);
    check_ent(m, 2, 0, ENT(0x14, 1, 0x2, 1, 0, 20, 0));
    check_rsp(m, WST_ERR_NONE, WST_KIND_NONE, 0, 0);
    exec(m, 0, 0, 0x12);
    /* keeps no thread: FREED */
    ev_t ev = req(m, OFF, WST_OP_BYPASS, 2, 0, 0x18, 0x1);
    check_ok(ev, WST_KIND_FREED, 0);
    check_rsp(m, WST_ERR_NONE, WST_KIND_FREED, 0, 0);
    check_free(m, 2, 0);
    assert_int_equal(view(m, 2, 0, RR).rd_count, 0);
    assert_int_equal(req(m, OFF, WST_OP_BYPASS, 2, 0, 0x18, 0x1).err, WST_ERR_BAD_ENTRY);
}

/* ------------------------------------------------------------------ */
/* held splits (5.3: the splits of a warp wait for each other)          */

static ev_t req_hold(wst_t *m, unsigned policy, unsigned op, unsigned w, unsigned e,
                     uint64_t pc, uint64_t mask)
{
    in_t in = req_in(policy, op, w, e, pc, mask);
    in.req_hold = true;
    return step_ev(m, &in);
}

/* A run-ahead split executes a branch and is held; a request on it is
 * refused; the fall-behind wakes, is boosted, reaches the branch and is
 * held: the warp has arrived. INIT re-roots it. */
static void test_hold_branch(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    (void)mem(m, AGG, 0, 0, 0x11, 0x3, WST_KIND_SPLIT, 1);
    ev_t ev = req_hold(m, OFF, WST_OP_EXEC, 0, 1, 0x12, 0);
    check_ok(ev, WST_KIND_NONE, 1);
    assert_true(ev.hold);
    assert_false(ev.hold_merge);
    assert_int_equal(ev.arrived, 0);
    check_ent(m, 0, 1, HELD(0x12, 2, 0x3, 2, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 20, 1));
    /* entry 0 is the only split not held: boosted, though suspended */
    assert_true(view(m, 0, 0, RR).rd_boost);
    assert_false(view(m, 0, 1, RR).rd_boost);
    check_sel(m, RR, false, 0, 0, false); /* held and suspended: nothing ready */
    assert_int_equal(view(m, 0, 0, RR).arrived, 0);

    /* the judge port gives the request's error and entry during the cycle;
     * the request gets that error at the edge */
    in_t in = req_in(OFF, WST_OP_EXEC, 0, 1, 0x13, 0);
    judge_req(&in);
    out_t o;
    warp_split_table_eval(m, &in, &o);
    assert_int_equal(o.chk_err, WST_ERR_SUSPENDED);
    assert_int_equal(o.chk_split, 0x3);
    ev = step_ev(m, &in);
    assert_int_equal(ev.err, WST_ERR_SUSPENDED);
    assert_true(ev.err_held);
    check_ent(m, 0, 1, HELD(0x12, 2, 0x3, 2, 0, 20, 0));
    /* the judge port alone: no request, no effect */
    in.req_valid = false;
    in.chk_op = WST_OP_INIT;
    in.chk_mask = 0x1;
    warp_split_table_eval(m, &in, &o);
    assert_int_equal(o.chk_err, WST_ERR_BUSY); /* entry 0's threads wait */
    in.chk_mask = 0;
    warp_split_table_eval(m, &in, &o);
    assert_int_equal(o.chk_err, WST_ERR_BAD_MASK); /* before BUSY */
    in.chk_op = WST_OP_MEM;
    in.chk_entry = 2;
    warp_split_table_eval(m, &in, &o);
    assert_int_equal(o.chk_err, WST_ERR_BAD_ENTRY);
    assert_int_equal(o.chk_split, 0);
    in.chk_warp = 1; /* one warp */
    warp_split_table_eval(m, &in, &o);
    assert_int_equal(o.chk_err, WST_ERR_BAD_WARP);

    /* the fall-behind's threads return: memlat 3, the edges from the one
     * that suspended it (2) to the fill's (5) */
    fill(m, 0, 0xC, 0x1);
    check_ent(m, 0, 0, ENT(0x11, 1, 0xC, 0, 0, 3, 0));
    check_sel(m, RR, true, 0, 0, true);
    ev = req_hold(m, OFF, WST_OP_EXEC, 0, 0, 0x12, 0);
    check_ok(ev, WST_KIND_NONE, 0);
    assert_int_equal(ev.arrived, 0x1);
    assert_false(ev.arrived_fill);
    check_ent(m, 0, 0, HELD(0x12, 2, 0xC, 1, 0, 3, 0));
    assert_int_equal(view(m, 0, 0, RR).arrived, 0x1);
    assert_false(view(m, 0, 0, RR).rd_boost); /* no split left to boost */
    check_sel(m, RR, false, 0, 0, false);

    /* re-rooted: one split, not held */
    init_w(m, 0, 0x20, 0xF);
    check_ent(m, 0, 0, ENT(0x20, 0, 0xF, 0, 0, 20, 0));
    check_free(m, 0, 1);
    assert_int_equal(view(m, 0, 0, RR).arrived, 0);
}

/* Held loads and stores (a reconvergence point right after them): a split
 * not held never merges with a held one at the same PC; a held one does,
 * and waits for its misses; the fill makes the warp arrive. */
static void test_hold_mem_merge(void **state)
{
    wst_t *m = *state = make(1, 4, 20);
    init_w(m, 0, 0x20, 0xF);
    (void)mem(m, AGG, 0, 0, 0x21, 0x1, WST_KIND_SPLIT, 1);
    in_t in = req_in(OFF, WST_OP_MEM, 0, 1, 0x22, 0x1);
    in.req_hold = true;
    ev_t ev = step_ev(m, &in);
    check_ok(ev, WST_KIND_HIT, 1);
    assert_int_equal(ev.merges, 0);
    check_ent(m, 0, 1, HELD(0x22, 2, 0x1, 2, 0, 20, 0));
    fill(m, 0, 0xE, 0x1);
    check_ent(m, 0, 0, ENT(0x21, 1, 0xE, 0, 0, 2, 0));
    /* not held: no merge with entry 1 at 0x22 */
    ev = mem(m, OFF, 0, 0, 0x22, 0xE, WST_KIND_HIT, 0);
    assert_int_equal(ev.merges, 0);
    check_ent(m, 0, 0, ENT(0x22, 2, 0xE, 1, 0, 2, 0));
    check_ent(m, 0, 1, HELD(0x22, 2, 0x1, 2, 0, 20, 0));
    /* held and divergent under OFF: WAIT, merged with entry 1: icount
     * max(3, 2), E's counters (mfc stays 1: it missed), suspended */
    ev = req_hold(m, OFF, WST_OP_MEM, 0, 0, 0x22, 0x2);
    check_ok(ev, WST_KIND_WAIT, 0);
    check_ent(m, 0, 0, HELD(0x22, 3, 0xF, 1, 0, 2, 0));
    check_free(m, 0, 1);
    assert_int_equal(ev.merges, 1);
    assert_true(ev.hold_merge);
    assert_true(ev.hold_suspended);
    assert_int_equal(ev.arrived, 0);
    assert_true(view(m, 0, 0, RR).rd_suspended);
    assert_int_equal(warp_split_table_pending(m, 0), 0xC);
    /* the fill wakes it: rmfc = mfc 1, memlat 1, sum-rMFC 1 (one edge
     * later); arrived */
    ev = fill(m, 0, 0xC, 0x1);
    assert_int_equal(ev.arrived, 0x1);
    assert_true(ev.arrived_fill);
    check_ent(m, 0, 0, HELD(0x22, 3, 0xF, 0, 1, 1, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    assert_int_equal(view(m, 0, 0, RR).arrived, 0x1);
    idle(m, OFF);
    assert_int_equal(warp_split_table_sum_rmfc(m), 1);
}

/* LAZY splits a held split (nothing else ready): both halves stay held. A
 * held split with the warp's minimum icount leaves the boost to another. */
static void test_hold_lazy_boost(void **state)
{
    wst_t *m = *state = make(2, 4, 20);
    init_w(m, 0, 0x10, 0xF);
    ev_t ev = req_hold(m, LAZY, WST_OP_MEM, 0, 0, 0x11, 0x3);
    check_ok(ev, WST_KIND_WAIT, 0);
    check_ent(m, 0, 0, HELD(0x11, 1, 0xF, 0, 0, 20, 0));
    ev = idle(m, LAZY);
    assert_true(ev.lazy);
    assert_true(ev.lazy_held);
    check_ent(m, 0, 1, HELD(0x11, 1, 0x3, 0, 0, 20, 0));
    check_ent(m, 0, 0, HELD(0x11, 1, 0xC, 0, 0, 20, 1));
    fill(m, 0, 0xC, 0x1);
    assert_int_equal(view(m, 0, 0, RR).arrived, 0x1);

    /* warp 1: the fall-behind reaches the branch first (icount 2) while
     * the run-ahead runs on (icount 3): the minimum is held, the run-ahead
     * is boosted */
    init_w(m, 1, 0x10, 0xF);
    (void)mem(m, AGG, 1, 0, 0x11, 0x3, WST_KIND_SPLIT, 1);
    fill(m, 1, 0xC, 0x1);
    check_ok(req_hold(m, OFF, WST_OP_EXEC, 1, 0, 0x12, 0), WST_KIND_NONE, 0);
    exec(m, 1, 1, 0x12);
    exec(m, 1, 1, 0x13);
    assert_false(view(m, 1, 0, RR).rd_boost);
    assert_true(view(m, 1, 1, RR).rd_boost);
    check_sel(m, SWF, true, 1, 1, true);
    ev = idle(m, OFF);
    assert_true(ev.boost_not_held);
}

/* ------------------------------------------------------------------ */
/* errors                                                               */

static void expect_err(wst_t *m, in_t in, unsigned err, unsigned ferr)
{
    /* the edge does what an idle one does in a replica (the scheduler and
     * the wait counters move on), and nothing else */
    wst_t *r = replica(m);
    warp_split_table_step(r, &(in_t){.policy = in.policy, .sched = in.sched}, NULL, NULL);
    snap_t a, b;
    snap(r, &a);
    warp_split_table_destroy(r);
    unsigned sticky = view(m, 0, 0, RR).err_sticky;
    ev_t ev = step_ev(m, &in);
    assert_int_equal(ev.req, in.req_valid);
    assert_int_equal(ev.err, err);
    assert_int_equal(ev.kind, WST_KIND_NONE);
    assert_int_equal(ev.entry, 0);
    assert_int_equal(ev.merges, 0);
    assert_int_equal(ev.fill, in.fill_valid);
    assert_int_equal(ev.fill_err, ferr);
    assert_int_equal(ev.woken, 0);
    snap(m, &b);
    assert_same(&a, &b);
    out_t o = view(m, 0, 0, RR);
    assert_int_equal(o.rsp_valid, in.req_valid);
    assert_int_equal(o.rsp_err, err);
    assert_int_equal(o.rsp_kind, WST_KIND_NONE);
    assert_int_equal(o.rsp_entry, 0);
    assert_int_equal(o.rsp_merges, 0);
    assert_int_equal(o.fill_rsp_valid, in.fill_valid);
    assert_int_equal(o.fill_err, ferr);
    assert_int_equal(o.fill_woken, 0);
    assert_int_equal(o.err_sticky, sticky | (err ? 1u << err : 0) | (ferr ? 1u << ferr : 0));
}

static in_t fill_in(unsigned w, uint64_t mask)
{
    return (in_t){.fill_valid = true, .fill_warp = w, .fill_mask = mask};
}

static void test_errors(void **state)
{
    /* N = 3 (2-bit warp id: 3 representable), W = 3 (2-bit entry id) */
    wst_t *m = *state = make(3, 3, 20);
    init_w(m, 0, 0x10, 0x7);
    exec(m, 0, 0, 0x11);
    (void)mem(m, AGG, 0, 0, 0x12, 0x1, WST_KIND_SPLIT, 1);
    init_w(m, 1, 0x20, 0x3);
    exec(m, 1, 0, 0x21);
    /* w0: e0 {0x12, 2, 0x6} suspended, e1 {0x12, 2, 0x1} ready; w1: e0 */
    assert_int_equal(warp_split_table_pending(m, 0), 0x6);
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);

    /* BAD_OP wins over everything */
    for (unsigned op = 5; op < 8; op++)
        expect_err(m, req_in(AGG, op, 3, 3, 0x12, 0), WST_ERR_BAD_OP, 0);
    /* BAD_WARP on every op; wins over BAD_MASK, BAD_ENTRY */
    for (unsigned op = 0; op < 5; op++)
        expect_err(m, req_in(AGG, op, 3, 3, 0x12, 0), WST_ERR_BAD_WARP, 0);
    /* BAD_ENTRY: >= W, free, a warp without entries; wins over SUSPENDED */
    expect_err(m, req_in(AGG, WST_OP_EXEC, 0, 3, 0x13, 0), WST_ERR_BAD_ENTRY, 0);
    expect_err(m, req_in(AGG, WST_OP_MEM, 0, 2, 0x13, 0x1), WST_ERR_BAD_ENTRY, 0);
    expect_err(m, req_in(AGG, WST_OP_BYPASS, 2, 0, 0x13, 0x1), WST_ERR_BAD_ENTRY, 0);
    /* SUSPENDED: EXEC, MEM (would merge with entry 1: same PC), BYPASS */
    expect_err(m, req_in(AGG, WST_OP_EXEC, 0, 0, 0x13, 0), WST_ERR_SUSPENDED, 0);
    expect_err(m, req_in(AGG, WST_OP_MEM, 0, 0, 0x12, 0x2), WST_ERR_SUSPENDED, 0);
    expect_err(m, req_in(AGG, WST_OP_BYPASS, 0, 0, 0x13, 0x0), WST_ERR_SUSPENDED, 0);
    /* BAD_MASK, also over BUSY */
    expect_err(m, req_in(AGG, WST_OP_INIT, 1, 0, 0x30, 0x0), WST_ERR_BAD_MASK, 0);
    expect_err(m, req_in(AGG, WST_OP_INIT, 0, 0, 0x30, 0x0), WST_ERR_BAD_MASK, 0);
    /* BUSY */
    expect_err(m, req_in(AGG, WST_OP_INIT, 0, 0, 0x30, 0x7), WST_ERR_BUSY, 0);
    expect_err(m, req_in(AGG, WST_OP_RELEASE, 0, 0, 0, 0), WST_ERR_BUSY, 0);

    /* fill errors: BAD_WARP over NOT_WAITING */
    expect_err(m, fill_in(3, 0x0), 0, WST_ERR_BAD_WARP);
    expect_err(m, fill_in(3, 0x6), 0, WST_ERR_BAD_WARP);
    expect_err(m, fill_in(0, 0x0), 0, WST_ERR_NOT_WAITING);
    expect_err(m, fill_in(0, 0x1), 0, WST_ERR_NOT_WAITING);
    expect_err(m, fill_in(0, 0x3), 0, WST_ERR_NOT_WAITING);
    expect_err(m, fill_in(1, 0x1), 0, WST_ERR_NOT_WAITING);
    expect_err(m, fill_in(2, 0x1), 0, WST_ERR_NOT_WAITING);
    /* both ports rejected in one cycle */
    in_t in = req_in(AGG, WST_OP_RELEASE, 0, 0, 0, 0);
    in.fill_valid = true;
    in.fill_warp = 0;
    in.fill_mask = 0x7;
    expect_err(m, in, WST_ERR_BUSY, WST_ERR_NOT_WAITING);
    assert_int_equal(view(m, 0, 0, RR).err_sticky, 0xFE);

    /* judged independently: a rejected request with an accepted fill */
    in = req_in(AGG, WST_OP_EXEC, 0, 0, 0x13, 0);
    in.fill_valid = true;
    in.fill_warp = 0;
    in.fill_mask = 0x6;
    ev_t ev = step_ev(m, &in);
    assert_int_equal(ev.err, WST_ERR_SUSPENDED);
    assert_int_equal(ev.fill_err, WST_ERR_NONE);
    assert_int_equal(ev.woken, 0x1);
    /* not an executing cycle: icount unchanged; suspended 28 edges before
     * (INIT and EXEC of warp 1, 26 rejected cycles): memlat 29 */
    check_ent(m, 0, 0, ENT(0x12, 2, 0x6, 0, 1, 29, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    idle(m, OFF);   /* the woken MFC, one edge later */
    assert_int_equal(warp_split_table_sum_rmfc(m), 1);
}

/* ------------------------------------------------------------------ */
/* saturation                                                           */

static void test_saturation(void **state)
{
    /* every counter 2 bits: all ones = 3 */
    params_t p = {1, 2, 4, 2, 2, 2, 2, 0};
    wst_t *m = *state = create_h(&p);
    init_w(m, 0, 0x0, 0x3);
    check_ent(m, 0, 0, ENT(0x0, 0, 0x3, 0, 0, 0, 0));
    for (unsigned i = 1; i <= 3; i++) {
        ev_t ev = exec(m, 0, 0, i);
        assert_false(ev.icount_sat);
        assert_false(ev.mfc_sat);
    }
    check_ent(m, 0, 0, ENT(0x3, 3, 0x3, 3, 0, 0, 0));
    ev_t ev = exec(m, 0, 0, 0x14); /* the PC truncated to 4 bits */
    assert_true(ev.icount_sat);
    assert_true(ev.mfc_sat);
    check_ent(m, 0, 0, ENT(0x4, 3, 0x3, 3, 0, 0, 0));
    /* a miss: icount held, MFC does not count */
    ev = mem(m, OFF, 0, 0, 0x5, 0x0, WST_KIND_MISS, 0);
    assert_true(ev.icount_sat);
    assert_false(ev.mfc_sat);
    /* wait saturates at 3 */
    for (unsigned i = 1; i <= 4; i++) {
        ev = idle(m, OFF);
        assert_false(ev.memlat_sat);
        check_ent(m, 0, 0, ENT(0x5, 3, 0x3, 3, 0, 0, i < 3 ? i : 3));
    }
    ev = fill(m, 0, 0x3, 0x1);
    assert_true(ev.memlat_sat);
    assert_false(ev.sum_sat);
    check_ent(m, 0, 0, ENT(0x5, 3, 0x3, 0, 3, 3, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    /* wait 2 -> memlat 3 exactly: no saturation. The MISS's edge is an
     * executing cycle with sum-rMFC 0 (sat-1: 0) and adds the woken 3. */
    ev = mem(m, OFF, 0, 0, 0x6, 0x0, WST_KIND_MISS, 0);
    assert_true(ev.sum_floor);
    assert_int_equal(warp_split_table_sum_rmfc(m), 3);
    idle(m, OFF);
    idle(m, OFF);
    ev = fill(m, 0, 0x3, 0x1);
    assert_false(ev.memlat_sat);
    check_ent(m, 0, 0, ENT(0x6, 3, 0x3, 0, 0, 3, 0));
    assert_int_equal(warp_split_table_sum_rmfc(m), 3);
}

static void test_sum_saturation_floor(void **state)
{
    params_t p = {1, 2, 4, 2, 2, 2, 2, 3};
    wst_t *m = *state = create_h(&p);
    init_w(m, 0, 0x0, 0x3);
    exec(m, 0, 0, 1);
    exec(m, 0, 0, 2);
    exec(m, 0, 0, 3);
    ev_t ev = mem(m, AGG, 0, 0, 0x4, 0x1, WST_KIND_SPLIT, 1);
    assert_true(ev.mfc_sat);   /* the run-ahead's MFC 3 sat+1 */
    assert_true(ev.icount_sat);
    assert_true(ev.split_full);
    check_ent(m, 0, 1, ENT(0x4, 3, 0x1, 3, 0, 3, 0));
    check_ent(m, 0, 0, ENT(0x4, 3, 0x2, 3, 0, 3, 0));
    ev = mem(m, OFF, 0, 1, 0x5, 0x0, WST_KIND_MISS, 1);
    assert_true(ev.sum_floor);
    ev = fill(m, 0, 0x3, 0x3);
    assert_false(ev.sum_sat);
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    ev = idle(m, OFF);       /* the woken MFCs, one edge later */
    assert_true(ev.sum_sat); /* 0 + 3 + 3 held at 3 */
    assert_int_equal(warp_split_table_sum_rmfc(m), 3);
    assert_int_equal(view(m, 0, 0, RR).sum_rmfc, 3);
    /* sum-rMFC stays at 0 */
    for (unsigned i = 0; i < 3; i++)
        assert_false(exec(m, 0, 0, 0x6).sum_floor);
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
    ev = exec(m, 0, 1, 0x7);
    assert_true(ev.sum_floor);
    assert_false(ev.sum_sat);
    assert_int_equal(warp_split_table_sum_rmfc(m), 0);
}

/* ------------------------------------------------------------------ */
/* truncation                                                           */

static void test_input_truncation(void **state)
{
    wst_t *m = *state = make(3, 3, 20);
    /* op 8 -> INIT, warp 4 -> 0, pc 16 bits, mask 3 bits */
    ev_t ev = req(m, OFF, 8, 4, 7, 0x12345, 0xFF);
    check_ok(ev, WST_KIND_NONE, 0);
    assert_int_equal(ev.op, WST_OP_INIT);
    assert_int_equal(ev.warp, 0);
    check_ent(m, 0, 0, ENT(0x2345, 0, 0x7, 0, 0, 20, 0));
    /* op 10 -> MEM, entry 4 -> 0, policy 5 -> AGGRESS, hit 0xF9 -> 0x1 */
    ev = req(m, 5, 10, 4, 4, 0x10012, 0xF9);
    check_ok(ev, WST_KIND_SPLIT, 1);
    check_ent(m, 0, 1, ENT(0x12, 1, 0x1, 1, 0, 20, 0));
    check_ent(m, 0, 0, ENT(0x12, 1, 0x6, 0, 0, 20, 0));
    /* fill warp 4 -> 0, mask 0xF6 -> 0x6 */
    in_t in = {.fill_valid = true, .fill_warp = 4, .fill_mask = 0xF6};
    ev = step_ev(m, &in);
    assert_int_equal(ev.fill_err, WST_ERR_NONE);
    assert_int_equal(ev.woken, 0x1);
    /* warp 7 -> 3: out of range */
    assert_int_equal(req(m, OFF, WST_OP_EXEC, 7, 0, 0, 0).err, WST_ERR_BAD_WARP);
    /* sched 3 -> SWF; this edge's pick comes from the state after the fill */
    step_ev(m, &(in_t){.sched = 3});
    /* read port: warp 4 -> 0, entry 5 -> 1 */
    out_t o;
    warp_split_table_eval(m, &(in_t){.rd_warp = 4, .rd_entry = 5}, &o);
    assert_true(o.rd_valid);
    assert_int_equal(o.rd_mask, 0x1);
    assert_int_equal(o.rd_count, 2);
    /* SWF: entry 1 (rMFC 0); boost: entry 0 (tie on icount 1) */
    assert_true(o.sel_valid);
    assert_int_equal(o.sel_entry, 0);
    assert_true(o.sel_boost);
    /* out-of-range read: warp 3, entry 3 */
    warp_split_table_eval(m, &(in_t){.rd_warp = 3, .rd_entry = 0}, &o);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_count, 0);
    assert_int_equal(o.rd_pending, 0);
    warp_split_table_eval(m, &(in_t){.rd_warp = 0, .rd_entry = 3}, &o);
    assert_false(o.rd_valid);
    assert_int_equal(o.rd_pc, 0);
    assert_int_equal(o.rd_count, 2);
    /* views out of range */
    wst_entry_t z = warp_split_table_entry(m, 5, 0);
    assert_false(z.valid);
    assert_int_equal(warp_split_table_pending(m, 9), 0);
    assert_false(warp_split_table_ready(m, 0, 9));
}

/* 64-thread warps: masks and entries at bit 63. */
static void test_width_64(void **state)
{
    params_t p = {2, 64, 64, 32, 16, 16, 24, 65535};
    wst_t *m = *state = create_h(&p);
    init_w(m, 1, UINT64_MAX, UINT64_MAX);
    check_ent(m, 1, 0, ENT(UINT64_MAX, 0, UINT64_MAX, 0, 0, 65535, 0));
    (void)mem(m, AGG, 1, 0, 0x8, UINT64_C(1) << 63, WST_KIND_SPLIT, 1);
    check_ent(m, 1, 1, ENT(0x8, 1, UINT64_C(1) << 63, 1, 0, 65535, 0));
    check_ent(m, 1, 0, ENT(0x8, 1, UINT64_MAX >> 1, 0, 0, 65535, 0));
    /* split the run-ahead down to single threads: entry 63 is the last */
    /* the fall-behind (threads t..62, all pending) wakes and splits off
     * thread t into entry t + 2 */
    for (unsigned t = 0; t < 62; t++) {
        fill(m, 1, UINT64_MAX >> 1 & ~((UINT64_C(1) << t) - 1), 0x1);
        ev_t ev = mem(m, AGG, 1, 0, 0x9 + t, UINT64_C(1) << t, WST_KIND_SPLIT, t + 2);
        assert_int_equal(ev.split_full, t == 61);
    }
    check_ent(m, 1, 63, ENT(0x9 + 61, 63, UINT64_C(1) << 61, 1, 0, 1, 0));
    check_ent(m, 1, 0, ENT(0x9 + 61, 63, UINT64_C(1) << 62, 0, 0, 1, 0));
    assert_int_equal(view(m, 1, 63, RR).rd_count, 64);
}

/* ------------------------------------------------------------------ */
/* pseudo-random run                                                    */

static void check_invariants(const wst_t *m)
{
    const params_t *p = warp_split_table_params(m);
    uint32_t arrived = view(m, 0, 0, RR).arrived;
    for (unsigned w = 0; w < p->num_warps; w++) {
        uint64_t seen = 0;
        bool any = false, all_held = true;
        for (unsigned e = 0; e < p->warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(m, w, e);
            if (!x.valid) {
                assert_int_equal(x.mask, 0);
                assert_false(x.held);
                continue;
            }
            any = true;
            all_held &= x.held;
            if (x.held)
                assert_false(warp_split_table_ready(m, w, e));
            assert_true(x.mask != 0);
            assert_int_equal(x.mask & seen, 0);
            seen |= x.mask;
            if (warp_split_table_ready(m, w, e))
                assert_int_equal(x.wait, 0);
        }
        assert_int_equal(warp_split_table_pending(m, w) & ~seen, 0);
        assert_int_equal((arrived >> w) & 1u,
                         any && all_held && warp_split_table_pending(m, w) == 0);
    }
}

static void test_random_invariants(void **state)
{
    params_t p = {6, 8, 32, 8, 6, 8, 8, 200}; /* the default configuration */
    wst_t *m = *state = create_h(&p);
    uint64_t s = 0x9E3779B97F4A7C15u;
    unsigned lazy = 0, splits = 0, merges = 0, wakes = 0, holds = 0, arrivals = 0;
    for (int i = 0; i < 100000; i++) {
        in_t in = {0};
        in.policy = (unsigned)(xorshift64(&s) % 4);
        in.sched = (unsigned)(xorshift64(&s) % 2);
        unsigned w = (unsigned)(xorshift64(&s) % 7);
        unsigned e = (unsigned)(xorshift64(&s) % 8);
        in.req_valid = xorshift64(&s) % 4 != 0;
        unsigned r = (unsigned)(xorshift64(&s) % 32);
        in.req_op = r < 2 ? WST_OP_INIT : r < 3 ? WST_OP_RELEASE : r < 4 ? 5 + r % 3
                    : r < 14 ? WST_OP_EXEC : r < 28 ? WST_OP_MEM : WST_OP_BYPASS;
        in.req_warp = w;
        in.req_entry = e;
        in.req_pc = xorshift64(&s) % 6;
        in.req_hold = xorshift64(&s) % 4 == 0;
        in.req_mask = xorshift64(&s) & (xorshift64(&s) % 2 ? ~UINT64_C(0) : 0xFF);
        if (in.req_op == WST_OP_BYPASS && xorshift64(&s) % 2)
            in.req_mask |= ~warp_split_table_entry(m, w, e).mask; /* keep most */
        in.fill_valid = xorshift64(&s) % 3 == 0;
        in.fill_warp = (unsigned)(xorshift64(&s) % 7);
        in.fill_mask = warp_split_table_pending(m, in.fill_warp) & xorshift64(&s);
        if (xorshift64(&s) % 16 == 0)
            in.fill_mask = xorshift64(&s);
        in.rd_warp = (unsigned)(xorshift64(&s) % 8);
        in.rd_entry = (unsigned)(xorshift64(&s) % 8);
        /* the judge port: the request, or another operation */
        judge_req(&in);
        if (xorshift64(&s) % 2) {
            in.chk_op = (unsigned)(xorshift64(&s) % 8);
            in.chk_warp = (unsigned)(xorshift64(&s) % 8);
            in.chk_entry = (unsigned)(xorshift64(&s) % 8);
            in.chk_mask = xorshift64(&s) % 8 ? xorshift64(&s) : 0;
        }
        /* the pipeline follows the scheduler most of the time */
        out_t pre;
        warp_split_table_eval(m, &in, &pre);
        if (pre.sel_valid && xorshift64(&s) % 2) {
            in.req_warp = pre.sel_warp;
            in.req_entry = pre.sel_entry;
        }
        if (xorshift64(&s) % 20000 == 0)
            warp_split_table_reset(m);

        warp_split_table_eval(m, &in, &pre);
        if (pre.sel_valid)
            assert_true(warp_split_table_ready(m, pre.sel_warp, pre.sel_entry));
        /* the read port is the view */
        wst_entry_t x = warp_split_table_entry(m, in.rd_warp, in.rd_entry);
        assert_int_equal(pre.rd_valid, x.valid);
        assert_int_equal(pre.rd_mask, x.mask);
        assert_int_equal(pre.rd_pc, x.pc);
        assert_int_equal(pre.rd_wait, x.wait);
        assert_int_equal(pre.rd_pending, warp_split_table_pending(m, in.rd_warp));
        /* the judge port's entry (ids truncated to 3 bits; a free entry's mask is 0) */
        assert_int_equal(pre.chk_split,
                         warp_split_table_entry(m, in.chk_warp & 7, in.chk_entry & 7).mask);

        out_t out;
        ev_t ev;
        warp_split_table_step(m, &in, &out, &ev);
        assert_int_equal(out.sel_valid, pre.sel_valid);
        assert_int_equal(out.sel_warp, pre.sel_warp);
        assert_int_equal(out.sel_entry, pre.sel_entry);
        assert_int_equal(out.sel_boost, pre.sel_boost);
        assert_int_equal(out.rd_valid, pre.rd_valid);
        assert_int_equal(out.rd_icount, pre.rd_icount);
        assert_int_equal(out.rsp_valid, pre.rsp_valid);
        assert_int_equal(out.sum_rmfc, pre.sum_rmfc);
        if (in.req_valid && in.chk_op == in.req_op && in.chk_warp == in.req_warp &&
            in.chk_entry == in.req_entry && in.chk_mask == in.req_mask)
            assert_int_equal(out.chk_err, ev.err); /* the error, before the edge */
        check_invariants(m);
        lazy += ev.lazy;
        splits += ev.kind == WST_KIND_SPLIT;
        merges += ev.merges > 0;
        wakes += ev.woken != 0;
        holds += ev.hold;
        arrivals += ev.arrived != 0;
    }
    /* the run reached the interesting behaviour */
    assert_true(lazy > 10);
    assert_true(splits > 100);
    assert_true(merges > 100);
    assert_true(wakes > 100);
    assert_true(holds > 100);
    assert_true(arrivals > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        UNIT_TEST(test_params),
        UNIT_TEST(test_reset_state),
        UNIT_TEST(test_init_release_busy),
        UNIT_TEST(test_exec_counters),
        UNIT_TEST(test_mem_hit_miss),
        UNIT_TEST(test_divergent_off_lazy),
        UNIT_TEST(test_divergent_aggress),
        UNIT_TEST(test_divergent_latspec),
        UNIT_TEST(test_fill_partial_and_two),
        UNIT_TEST(test_merge_two),
        UNIT_TEST(test_merge_three_suspended),
        UNIT_TEST(test_merge_woken_same_edge),
        UNIT_TEST(test_fig4_walkthrough),
        UNIT_TEST(test_fig5_lazy),
        UNIT_TEST(test_lazy_woken_and_none),
        UNIT_TEST(test_sched_rr),
        UNIT_TEST(test_sched_swf_fig6),
        UNIT_TEST(test_boost_beats_both),
        UNIT_TEST(test_bypass),
        UNIT_TEST(test_hold_branch),
        UNIT_TEST(test_hold_mem_merge),
        UNIT_TEST(test_hold_lazy_boost),
        UNIT_TEST(test_errors),
        UNIT_TEST(test_saturation),
        UNIT_TEST(test_sum_saturation_floor),
        UNIT_TEST(test_input_truncation),
        UNIT_TEST(test_width_64),
        UNIT_TEST(test_random_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
