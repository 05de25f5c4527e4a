/* Golden cycle model of warp_split_table: Dynamic Warp Subdivision's
 * warp-split table (WST) with its split policies, counters and scheduler.
 *
 * Sources: DWS paper (ISCA'10) section 5.3 (splits of a warp wait for each
 * other at branches), 5.4 (the WST: split on a divergent cache access, the
 * run-ahead's hit mask, the fall-behind's XOR mask, catch-up priority by
 * the minimum instruction count, merging by PC at a load or store), 5.4.1
 * (one entry per thread context), 5.4.2 (Lazy Split), 5.4.3
 * (Latency-speculating Split: MFC, sum-rMFC, memory latency count), 5.5
 * (loop bypassing), 5.6 (shallowest-warp-first scheduling, the
 * remaining-MFC register). Behaviour, timing and errors follow
 * docs/blocks/warp_split_table.md; written as plain software from that page
 * and the paper, not from the RTL.
 *
 * Every rule is decided on the state before the edge (the decide_*
 * functions read the model and write nothing), then the edge applies them
 * in the page's order: fill wake effects (and the wait counters),
 * executing-cycle updates, split, merge, lazy split, sum-rMFC (decrement
 * first, then add the MFCs woken at the edge before; saturating).
 *
 * The scheduler is two registered stages (the page's "Scheduler"): at each
 * edge stage 1 captures the scheduler's view of the state before the edge
 * (each warp's ready entries, its boosted entry, every rMFC) and stage 2
 * registers the pick made from the view captured at the edge before. The
 * pick shown in a cycle was therefore made from the state two edges back;
 * sel_valid_o shows it only while that split is still ready. */
#include "warp_split_table.h"

#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "clog2.h"

/* An entry is stored as the read-only view type: {valid, held, pc, mask,
 * icount, mfc, rmfc, memlat, wait}. A free entry is all zero. */
typedef wst_entry_t wst_ent_t;

typedef struct {
    bool valid;
    unsigned flat;
    bool boost;
} pick_t;

/* One look at the state for the scheduler: per warp, its ready entries (a
 * bit per entry) and its boosted entry (W when none). */
typedef struct {
    uint64_t ready[WST_NUM_WARPS_MAX];
    unsigned boost[WST_NUM_WARPS_MAX];
    bool any_ready_boosted;   /* a boosted entry is ready somewhere */
} sched_view_t;

/* The scheduler's registers: stage 1, the view of the state before the last
 * edge with every entry's rMFC; stage 2, the pick and the round-robin
 * pointer (the flat index of the last pick). */
struct wst_stages {
    sched_view_t view;
    pick_t pick;
    unsigned rr;
    uint32_t rmfc[];          /* N * W, flat index */
};

struct warp_split_table {
    warp_split_table_params_t p;
    uint64_t pc_mask;       /* PcWidth low bits */
    uint64_t lane_mask;     /* W low bits */
    unsigned warp_id_mask;  /* WarpIdWidth low bits */
    unsigned entry_id_mask; /* EntryIdWidth low bits */
    uint32_t icount_max, mfc_max, lat_max, sum_max; /* all ones of each counter */
    unsigned flat_n;        /* N * W */
    wst_ent_t *ent;         /* N * W entries, warp-major: flat index w * W + e */
    uint64_t *pending;      /* per warp: threads whose miss is outstanding */
    uint32_t sum;           /* the sum-rMFC counter (5.4.3) */
    uint64_t woken_mfc;     /* the MFCs woken at the last edge: added to sum
                               at this one */
    /* the registered outputs (the sel_* and rd_* fields stay zero here) */
    warp_split_table_out_t reg;
    struct wst_stages *sched;  /* the scheduler's two stages (registers) */
};

#define ENT(m, w, e) (&(m)->ent[(size_t)(w) * (m)->p.warp_width + (e)])

/* ------------------------------------------------------------------ */
/* saturating counters                                                  */

/* v sat+1 at max; *sat set when it was held at all ones. */
static uint32_t sat_inc(uint32_t v, uint32_t max, bool *sat)
{
    if (v >= max) {
        *sat = true;
        return max;
    }
    return v + 1u;
}

static uint32_t sat_dec(uint32_t v)
{
    return v ? v - 1u : 0u;
}

/* v sat+ a at max; *sat set when the true sum exceeded max. */
static uint32_t sat_add(uint32_t v, uint64_t a, uint32_t max, bool *sat)
{
    uint64_t s = (uint64_t)v + a;
    if (s > max) {
        *sat = true;
        return max;
    }
    return (uint32_t)s;
}

/* ------------------------------------------------------------------ */
/* parameters, life cycle                                               */

static int init(warp_split_table_t *m, const warp_split_table_params_t *p)
{
    m->flat_n = p->num_warps * p->warp_width;
    m->ent = calloc(m->flat_n, sizeof *m->ent);
    m->pending = calloc(p->num_warps, sizeof *m->pending);
    m->sched = calloc(1, sizeof *m->sched + m->flat_n * sizeof m->sched->rmfc[0]);
    if (!m->ent || !m->pending || !m->sched)
        return WST_ENOMEM;
    m->pc_mask = bm_low_bits(p->pc_width);
    m->lane_mask = bm_low_bits(p->warp_width);
    m->warp_id_mask = index_mask(p->num_warps);
    m->entry_id_mask = index_mask(p->warp_width);
    m->icount_max = (uint32_t)bm_low_bits(p->icount_width);
    m->mfc_max = (uint32_t)bm_low_bits(p->mfc_width);
    m->lat_max = (uint32_t)bm_low_bits(p->lat_width);
    m->sum_max = (uint32_t)bm_low_bits(p->sum_width);
    return WST_OK;
}

/* Both stages empty: no split ready, no pick; round-robin starts at flat
 * index 0 (the pointer at the last one). */
static void sched_reset(warp_split_table_t *m)
{
    memset(m->sched, 0, sizeof *m->sched + m->flat_n * sizeof m->sched->rmfc[0]);
    m->sched->rr = m->flat_n - 1u;
}

MODEL_DEFINE_CREATE(warp_split_table, init)
MODEL_DEFINE_DESTROY(warp_split_table, free(m->ent); free(m->pending); free(m->sched))

void warp_split_table_reset(warp_split_table_t *m)
{
    memset(m->ent, 0, m->flat_n * sizeof *m->ent);
    memset(m->pending, 0, m->p.num_warps * sizeof *m->pending);
    m->sum = 0;
    m->woken_mfc = 0;
    sched_reset(m);
    memset(&m->reg, 0, sizeof m->reg);
}

const warp_split_table_params_t *warp_split_table_params(const warp_split_table_t *m)
{
    return &m->p;
}

/* ------------------------------------------------------------------ */
/* derived state                                                        */

/* Suspended (table of 5.4: executing status): a thread of it is pending. */
static bool suspended(const warp_split_table_t *m, unsigned w, const wst_ent_t *x)
{
    return x->valid && (x->mask & m->pending[w]) != 0;
}

/* Ready: valid, not held (5.3: it waits for the rest of its warp) and not
 * suspended. */
static bool ready_at(const warp_split_table_t *m, unsigned w, unsigned e)
{
    const wst_ent_t *x = ENT(m, w, e);
    return x->valid && !x->held && (x->mask & m->pending[w]) == 0;
}

/* The warp has a split and every split of it is held. */
static bool all_held(const warp_split_table_t *m, unsigned w)
{
    bool any = false;
    for (unsigned e = 0; e < m->p.warp_width; e++) {
        const wst_ent_t *x = ENT(m, w, e);
        if (x->valid && !x->held)
            return false;
        any |= x->valid;
    }
    return any;
}

/* The warp has arrived: every split of it held and none of its threads
 * waiting for a fill (dws_core may take its branch). */
static bool arrived_at(const warp_split_table_t *m, unsigned w)
{
    return all_held(m, w) && m->pending[w] == 0;
}

uint32_t warp_split_table_arrived(const warp_split_table_t *m)
{
    uint32_t a = 0;
    for (unsigned w = 0; w < m->p.num_warps; w++)
        a |= (uint32_t)arrived_at(m, w) << w;
    return a;
}

static unsigned valid_count(const warp_split_table_t *m, unsigned w)
{
    unsigned n = 0;
    for (unsigned e = 0; e < m->p.warp_width; e++)
        n += ENT(m, w, e)->valid ? 1u : 0u;
    return n;
}

/* The entry with the minimum instruction count among the warp's valid
 * entries (with_held) or its valid entries that are not held; the lowest
 * entry on a tie; W when there is none. *n counts the valid entries. */
static unsigned min_icount(const warp_split_table_t *m, unsigned w, bool with_held, unsigned *n)
{
    unsigned W = m->p.warp_width, best = W;
    *n = 0;
    for (unsigned e = 0; e < W; e++) {
        const wst_ent_t *x = ENT(m, w, e);
        if (!x->valid)
            continue;
        (*n)++;
        if ((with_held || !x->held) && (best == W || x->icount < ENT(m, w, best)->icount))
            best = e;
    }
    return best;
}

/* Catch-up priority (5.4): "finding the WST entry with the minimum
 * instruction count" of a warp with two or more splits, among those that are
 * not held (a held split waits; the one it waits for is boosted). Returns W
 * when the warp has no boosted entry. */
static unsigned boosted_of(const warp_split_table_t *m, unsigned w)
{
    unsigned n, best = min_icount(m, w, false, &n);
    return n >= 2 ? best : m->p.warp_width;
}

/* The lowest free entry of warp w (W when none). */
static unsigned lowest_free(const warp_split_table_t *m, unsigned w)
{
    for (unsigned e = 0; e < m->p.warp_width; e++)
        if (!ENT(m, w, e)->valid)
            return e;
    return m->p.warp_width;
}

/* ------------------------------------------------------------------ */
/* scheduler (5.6)                                                      */


static void sched_view(const warp_split_table_t *m, sched_view_t *v)
{
    memset(v, 0, sizeof *v);
    for (unsigned w = 0; w < m->p.num_warps; w++) {
        for (unsigned e = 0; e < m->p.warp_width; e++)
            v->ready[w] |= (uint64_t)ready_at(m, w, e) << e;
        v->boost[w] = boosted_of(m, w);
        if (v->boost[w] < m->p.warp_width && (v->ready[w] >> v->boost[w] & 1u))
            v->any_ready_boosted = true;
    }
}

static unsigned lowest_bit(uint64_t x)
{
    return (unsigned)__builtin_ctzll(x);
}

/* Stage 2: the split the scheduler picks with order `sched` from the view
 * stage 1 holds: its ready entries; with use_boost, only the boosted ones if
 * any candidate is boosted. RR: the first after the round-robin pointer in
 * flat order (warp * W + entry), wrapping (the pointer itself last). SWF:
 * the fewest rMFC, the lowest flat index on a tie. */
static pick_t select_split(const warp_split_table_t *m, unsigned sched, bool use_boost)
{
    const sched_view_t *v = &m->sched->view;
    const uint32_t *rmfc = m->sched->rmfc;
    unsigned W = m->p.warp_width, N = m->p.num_warps;
    bool only_boosted = use_boost && v->any_ready_boosted;
    uint64_t cand[WST_NUM_WARPS_MAX];
    for (unsigned w = 0; w < N; w++)
        cand[w] = !only_boosted ? v->ready[w]
                : v->boost[w] < W ? v->ready[w] & (1ull << v->boost[w]) : 0;

    pick_t r = {false, 0, false};
    if (sched == WST_SCHED_RR) {
        unsigned pw = m->sched->rr / W, pe = m->sched->rr % W;
        for (unsigned w = pw; w < N && !r.valid; w++) {
            /* after the pointer: in its warp, the entries above it */
            uint64_t c = w == pw ? (pe + 1u < 64u ? cand[w] >> (pe + 1u) << (pe + 1u) : 0)
                                 : cand[w];
            if (c)
                r = (pick_t){true, w * W + lowest_bit(c), false};
        }
        for (unsigned w = 0; w < N && !r.valid; w++)  /* wrap: the first of all */
            if (cand[w])
                r = (pick_t){true, w * W + lowest_bit(cand[w]), false};
    } else {
        for (unsigned w = 0; w < N; w++)
            for (uint64_t c = cand[w]; c; c &= c - 1u) {
                unsigned f = w * W + lowest_bit(c);
                if (!r.valid || rmfc[f] < rmfc[r.flat])
                    r = (pick_t){true, f, false};
            }
    }
    if (r.valid)
        r.boost = v->boost[r.flat / W] == r.flat % W;
    return r;
}

/* The edge: stage 2 registers its pick (and the pointer follows it), stage
 * 1 captures the view of the state before the edge. */
static void sched_edge(warp_split_table_t *m, pick_t pick, const sched_view_t *v)
{
    struct wst_stages *s = m->sched;
    s->pick = pick.valid ? pick : (pick_t){false, 0, false};
    if (pick.valid)
        s->rr = pick.flat;
    s->view = *v;
    for (unsigned f = 0; f < m->flat_n; f++)
        s->rmfc[f] = m->ent[f].rmfc;
}

/* ------------------------------------------------------------------ */
/* outputs during the cycle                                             */

static unsigned request_error(const warp_split_table_t *m, const warp_split_table_in_t *in);

/* The judge port: the error of its operation as a request on this state. */
static unsigned judge_error(const warp_split_table_t *m, const warp_split_table_in_t *in)
{
    warp_split_table_in_t q = {.policy = in->policy, .req_op = in->chk_op,
                               .req_warp = in->chk_warp, .req_entry = in->chk_entry,
                               .req_mask = in->chk_mask};
    return request_error(m, &q);
}

/* The outputs during the cycle. */
void warp_split_table_eval(const warp_split_table_t *m, const warp_split_table_in_t *in,
                           warp_split_table_out_t *out)
{
    *out = m->reg;
    out->sum_rmfc = m->sum;
    out->arrived = warp_split_table_arrived(m);
    out->chk_err = judge_error(m, in);
    out->chk_split = warp_split_table_entry(m, in->chk_warp & m->warp_id_mask,
                                            in->chk_entry & m->entry_id_mask).mask;

    /* the registered pick, shown valid while its split is still ready */
    pick_t s = m->sched->pick;
    out->sel_warp = s.flat / m->p.warp_width;
    out->sel_entry = s.flat % m->p.warp_width;
    out->sel_boost = s.boost;
    out->sel_valid = s.valid && ready_at(m, out->sel_warp, out->sel_entry);

    unsigned rw = in->rd_warp & m->warp_id_mask;
    unsigned re = in->rd_entry & m->entry_id_mask;
    if (rw >= m->p.num_warps)
        return;
    out->rd_pending = m->pending[rw];
    out->rd_count = valid_count(m, rw);
    if (re >= m->p.warp_width || !ENT(m, rw, re)->valid)
        return;
    const wst_ent_t *x = ENT(m, rw, re);
    out->rd_valid = true;
    out->rd_pc = x->pc;
    out->rd_icount = x->icount;
    out->rd_mask = x->mask;
    out->rd_suspended = suspended(m, rw, x);
    out->rd_held = x->held;
    out->rd_boost = boosted_of(m, rw) == re;
    out->rd_mfc = x->mfc;
    out->rd_rmfc = x->rmfc;
    out->rd_memlat = x->memlat;
    out->rd_wait = x->wait;
}

/* ------------------------------------------------------------------ */
/* decisions on the state before the edge                               */

/* The fill port. */
typedef struct {
    bool valid;
    unsigned warp, err;
    uint64_t mask;    /* F */
    uint64_t woken;   /* bit e: entry e of the warp wakes */
    bool partial;     /* a split gets some of its pending threads back, not the last */
} fill_dec_t;

static void decide_fill(const warp_split_table_t *m, const warp_split_table_in_t *in,
                        fill_dec_t *f)
{
    memset(f, 0, sizeof *f);
    f->valid = in->fill_valid;
    if (!f->valid)
        return;
    f->warp = in->fill_warp & m->warp_id_mask;
    f->mask = in->fill_mask & m->lane_mask;
    if (f->warp >= m->p.num_warps) {
        f->err = WST_ERR_BAD_WARP;
        return;
    }
    uint64_t P = m->pending[f->warp];
    if (f->mask == 0 || (f->mask & ~P) != 0) {
        f->err = WST_ERR_NOT_WAITING;
        return;
    }
    /* section 5.4.3: a split completes its missed requests when none of its
     * threads is pending any more */
    for (unsigned e = 0; e < m->p.warp_width; e++) {
        const wst_ent_t *x = ENT(m, f->warp, e);
        uint64_t mine = x->valid ? x->mask & P : 0;
        if (mine == 0)
            continue;
        if ((mine & ~f->mask) == 0)
            f->woken |= UINT64_C(1) << e;
        else if (mine & f->mask)
            f->partial = true;
    }
}

/* The request port. */
typedef struct {
    bool valid;
    unsigned op, warp, entry; /* truncated */
    uint64_t pc, mask;
    bool hold;                /* EXEC, MEM: the split(s) it leaves are held */
    unsigned err, kind;
    unsigned rsp_entry, merges;
    bool exec;                /* an executing cycle (accepted EXEC, MEM, BYPASS) */
    uint64_t hit, miss;       /* MEM: H, M */
    unsigned run_ahead;       /* SPLIT: R */
    uint64_t merge_set;       /* MEM without SPLIT: bit e = entry e is an O */
    bool merge_suspended, merge_woken;
    bool latspec_tested, latspec_split;
    bool err_held;            /* SUSPENDED because the split is held */
} req_dec_t;

/* MEM on a divergent access (5.4, 5.4.2, 5.4.3): SPLIT or WAIT. */
static unsigned decide_divergent(const warp_split_table_t *m, unsigned policy,
                                 const wst_ent_t *E, req_dec_t *d)
{
    switch (policy) {
    case WST_POLICY_AGGRESS:
        return WST_KIND_SPLIT;
    case WST_POLICY_LATSPEC:
        /* sum(rMFC) + rMFC' < MemLat, with the running split's MFC as rMFC'
         * and its last miss latency as MemLat; no overflow in 64 bits */
        d->latspec_tested = true;
        d->latspec_split = (uint64_t)m->sum + E->mfc < E->memlat;
        return d->latspec_split ? WST_KIND_SPLIT : WST_KIND_WAIT;
    default: /* OFF, LAZY: suspend whole; LAZY records the hit threads */
        return WST_KIND_WAIT;
    }
}

/* Merge (5.4: at a load or store the PC is compared with the other splits
 * of the warp): every other valid entry at the executing split's new PC
 * that is held exactly when the executing split is to be (a split waiting
 * at a branch or reconvergence point merges only with the others that
 * wait there, 5.3). */
static void decide_merge(const warp_split_table_t *m, const fill_dec_t *f, req_dec_t *d)
{
    unsigned w = d->warp;
    unsigned survivor = d->entry;
    for (unsigned e = 0; e < m->p.warp_width; e++) {
        const wst_ent_t *o = ENT(m, w, e);
        if (e == d->entry || !o->valid || o->pc != d->pc || o->held != d->hold)
            continue;
        d->merge_set |= UINT64_C(1) << e;
        d->merges++;
        if (e < survivor)
            survivor = e;
        if (suspended(m, w, o) && d->kind == WST_KIND_HIT)
            d->merge_suspended = true;
        if (f->valid && f->err == WST_ERR_NONE && f->warp == w && ((f->woken >> e) & 1u))
            d->merge_woken = true;
    }
    d->rsp_entry = survivor;
}

static void decide_request(const warp_split_table_t *m, const warp_split_table_in_t *in,
                           const fill_dec_t *f, req_dec_t *d)
{
    memset(d, 0, sizeof *d);
    d->valid = in->req_valid;
    if (!d->valid)
        return;
    d->op = in->req_op & ((1u << WST_OP_WIDTH) - 1u);
    d->warp = in->req_warp & m->warp_id_mask;
    d->entry = in->req_entry & m->entry_id_mask;
    d->pc = in->req_pc & m->pc_mask;
    d->mask = in->req_mask & m->lane_mask;
    d->kind = WST_KIND_NONE;

    if (d->op >= WST_OP_COUNT) {
        d->err = WST_ERR_BAD_OP;
        return;
    }
    if (d->warp >= m->p.num_warps) {
        d->err = WST_ERR_BAD_WARP;
        return;
    }
    uint64_t P = m->pending[d->warp];
    if (d->op == WST_OP_INIT || d->op == WST_OP_RELEASE) {
        if (d->op == WST_OP_INIT && d->mask == 0)
            d->err = WST_ERR_BAD_MASK;
        else if (P != 0)
            d->err = WST_ERR_BUSY;
        return; /* rsp_entry 0 */
    }

    /* EXEC, MEM, BYPASS */
    if (d->entry >= m->p.warp_width || !ENT(m, d->warp, d->entry)->valid) {
        d->err = WST_ERR_BAD_ENTRY;
        return;
    }
    const wst_ent_t *E = ENT(m, d->warp, d->entry);
    if (E->held || (E->mask & P)) {
        d->err = WST_ERR_SUSPENDED;
        d->err_held = E->held;
        return;
    }
    d->exec = true;
    d->hold = in->req_hold && (d->op == WST_OP_EXEC || d->op == WST_OP_MEM);
    d->rsp_entry = d->entry;
    if (d->op == WST_OP_BYPASS) {
        /* 5.5: the threads that go the same way stay in the split */
        if ((E->mask & d->mask) == 0)
            d->kind = WST_KIND_FREED;
        return;
    }
    if (d->op == WST_OP_EXEC)
        return;

    /* MEM: req_mask is the hit mask */
    d->hit = d->mask & E->mask;
    d->miss = E->mask & ~d->hit;
    if (d->miss == 0)
        d->kind = WST_KIND_HIT;
    else if (d->hit == 0)
        d->kind = WST_KIND_MISS;
    else
        d->kind = decide_divergent(m, in->policy & ((1u << WST_POLICY_WIDTH) - 1u), E, d);

    if (d->kind == WST_KIND_SPLIT) {
        /* a free entry exists: both halves are non-empty and the warp has
         * one entry per thread (5.4.1) */
        d->run_ahead = lowest_free(m, d->warp);
        d->rsp_entry = d->run_ahead;
    } else {
        decide_merge(m, f, d);
    }
}

/* The error of the request inputs, whether or not req_valid is set. */
static unsigned request_error(const warp_split_table_t *m, const warp_split_table_in_t *in)
{
    fill_dec_t none;
    req_dec_t d;
    warp_split_table_in_t q = *in;
    memset(&none, 0, sizeof none);
    q.req_valid = true;
    decide_request(m, &q, &none, &d);
    return d.err;
}

/* LAZY (5.4.2): split a suspended split only when no split of the core is
 * ready: the first suspended entry in (warp, entry) order with a thread not
 * pending (its recorded hit threads). */
typedef struct {
    bool valid;          /* a lazy split at this edge */
    bool none;           /* LAZY, nothing ready, nothing to split */
    unsigned warp, parent, run_ahead;
    wst_ent_t snap;      /* the parent before the edge */
} lazy_dec_t;

static void decide_lazy(const warp_split_table_t *m, const warp_split_table_in_t *in,
                        lazy_dec_t *l)
{
    memset(l, 0, sizeof *l);
    if ((in->policy & ((1u << WST_POLICY_WIDTH) - 1u)) != WST_POLICY_LAZY)
        return;
    for (unsigned w = 0; w < m->p.num_warps; w++)
        for (unsigned e = 0; e < m->p.warp_width; e++)
            if (ready_at(m, w, e))
                return;
    for (unsigned w = 0; w < m->p.num_warps; w++) {
        for (unsigned e = 0; e < m->p.warp_width; e++) {
            const wst_ent_t *x = ENT(m, w, e);
            if (!suspended(m, w, x) || (x->mask & ~m->pending[w]) == 0)
                continue;
            unsigned r = lowest_free(m, w);
            if (r >= m->p.warp_width)
                continue; /* cannot happen: one entry per thread (5.4.1) */
            l->valid = true;
            l->warp = w;
            l->parent = e;
            l->run_ahead = r;
            l->snap = *x;
            return;
        }
    }
    l->none = true;
}

/* ------------------------------------------------------------------ */
/* the edge                                                             */

/* Fill wake effects (5.4.3, 5.6) and the wait counters: every entry
 * suspended before the edge either wakes (the fill returned its last
 * pending thread) or counts one more cycle of waiting. Returns the sum of
 * the woken MFCs. */
static uint64_t apply_wake(warp_split_table_t *m, const fill_dec_t *f,
                           warp_split_table_events_t *ev)
{
    uint64_t added = 0;
    bool fill_ok = f->valid && f->err == WST_ERR_NONE;
    for (unsigned w = 0; w < m->p.num_warps; w++) {
        for (unsigned e = 0; e < m->p.warp_width; e++) {
            wst_ent_t *x = ENT(m, w, e);
            if (!suspended(m, w, x))
                continue;
            if (fill_ok && f->warp == w && ((f->woken >> e) & 1u)) {
                added += x->mfc;            /* MFC added to sum-rMFC */
                x->rmfc = x->mfc;           /* copied into the rMFC register */
                x->mfc = 0;                 /* clears and restarts */
                x->memlat = sat_inc(x->wait, m->lat_max, &ev->memlat_sat);
                x->wait = 0;
            } else {
                x->wait = sat_inc(x->wait, m->lat_max, &(bool){false});
            }
        }
    }
    return added;
}

/* The executing cycle (5.4, 5.4.3, 5.6) on E and the MEM/BYPASS outcome,
 * without the split's new entry and the merge. */
static void apply_exec(warp_split_table_t *m, const req_dec_t *d, warp_split_table_events_t *ev)
{
    wst_ent_t *E = ENT(m, d->warp, d->entry);
    bool missed = d->kind == WST_KIND_MISS || d->kind == WST_KIND_WAIT ||
                  d->kind == WST_KIND_SPLIT;
    E->pc = d->pc;
    E->held = d->hold;
    E->icount = sat_inc(E->icount, m->icount_max, &ev->icount_sat);
    E->rmfc = sat_dec(E->rmfc);
    if (!missed)
        E->mfc = sat_inc(E->mfc, m->mfc_max, &ev->mfc_sat);
    if (d->op == WST_OP_BYPASS) {
        E->mask &= d->mask;
        if (E->mask == 0)
            memset(E, 0, sizeof *E);
    }
    if (missed) {
        /* MISS, WAIT, the fall-behind of a SPLIT: suspended from this edge
         * (WAIT: the hit threads stay, not pending: LAZY's recorded hit mask) */
        E->wait = 0;
        m->pending[d->warp] |= d->miss;
    }
}

/* SPLIT (5.4): the run-ahead (the hit mask) takes the lowest free entry with
 * its parent's counters; the fall-behind (parent XOR hit) stays in E. */
static void apply_split(warp_split_table_t *m, const req_dec_t *d, const wst_ent_t *E0,
                        warp_split_table_events_t *ev)
{
    wst_ent_t *R = ENT(m, d->warp, d->run_ahead);
    bool ignore = false;
    R->valid = true;
    R->held = d->hold;
    R->pc = d->pc;
    R->icount = sat_inc(E0->icount, m->icount_max, &ignore); /* counted in apply_exec */
    R->mask = d->hit;
    R->mfc = sat_inc(E0->mfc, m->mfc_max, &ev->mfc_sat);
    R->rmfc = sat_dec(E0->rmfc);
    R->memlat = E0->memlat;
    R->wait = 0;
    /* the fall-behind: "an XOR between the hit mask and the active mask of
     * its parent" (5.4) */
    ENT(m, d->warp, d->entry)->mask = E0->mask ^ d->hit;
    ev->split_full = lowest_free(m, d->warp) >= m->p.warp_width;
}

/* Merge (5.4): E (its new values) with every O at the same PC (their values
 * after the wake effects); the lowest entry survives. */
static void apply_merge(warp_split_table_t *m, const req_dec_t *d)
{
    unsigned w = d->warp;
    wst_ent_t merged = *ENT(m, w, d->entry);
    uint32_t wait = 0;
    for (unsigned e = 0; e < m->p.warp_width; e++) {
        if (!((d->merge_set >> e) & 1u))
            continue;
        wst_ent_t *o = ENT(m, w, e);
        merged.mask |= o->mask;
        if (o->icount > merged.icount)
            merged.icount = o->icount;
        /* an O's new wait: 0 when it woke or was ready, else counted up */
        if (o->wait > wait)
            wait = o->wait;
        memset(o, 0, sizeof *o);
    }
    merged.wait = wait;
    memset(ENT(m, w, d->entry), 0, sizeof merged);
    *ENT(m, w, d->rsp_entry) = merged;
}

/* LAZY split (5.4.2): the parent's not-pending threads run ahead in the
 * warp's lowest free entry; the parent keeps its pending threads. */
static void apply_lazy(warp_split_table_t *m, const lazy_dec_t *l, uint64_t P,
                       warp_split_table_events_t *ev)
{
    wst_ent_t *R = ENT(m, l->warp, l->run_ahead);
    *R = l->snap;
    R->mask = l->snap.mask & ~P;
    R->wait = 0;
    ENT(m, l->warp, l->parent)->mask = l->snap.mask & P;
    ev->split_full = lowest_free(m, l->warp) >= m->p.warp_width;
}

void warp_split_table_step(warp_split_table_t *m, const warp_split_table_in_t *in,
                           warp_split_table_out_t *out, warp_split_table_events_t *ev_out)
{
    /* the scheduler's view of this cycle (the outputs, the events) */
    sched_view_t v;
    sched_view(m, &v);
    if (out)
        warp_split_table_eval(m, in, out);

    warp_split_table_events_t ev;
    memset(&ev, 0, sizeof ev);
    unsigned sched = in->sched & ((1u << WST_SCHED_WIDTH) - 1u);
    pick_t sel = select_split(m, sched, true);
    if (ev_out) { /* what only the events need (the testbench's cover rules) */
        pick_t plain = select_split(m, sched, false);
        pick_t rr = select_split(m, WST_SCHED_RR, true);
        pick_t swf = select_split(m, WST_SCHED_SWF, true);
        ev.boost_override = sel.valid && sel.boost && (!plain.valid || plain.flat != sel.flat);
        ev.swf_differs = rr.valid != swf.valid || (rr.valid && rr.flat != swf.flat);
        for (unsigned w = 0; w < m->p.num_warps; w++) {
            unsigned n, least = min_icount(m, w, true, &n);
            ev.boost_not_held |= n >= 2 && ENT(m, w, least)->held && v.boost[w] < m->p.warp_width;
        }
    }
    sched_edge(m, sel, &v);     /* reads the rMFCs before the edge changes them */
    uint32_t arrived0 = ev_out ? warp_split_table_arrived(m) : 0;

    /* decide every rule on the state before the edge */
    fill_dec_t f;
    req_dec_t d;
    lazy_dec_t l;
    decide_fill(m, in, &f);
    decide_request(m, in, &f, &d);
    decide_lazy(m, in, &l);
    uint64_t lazy_P = l.valid ? m->pending[l.warp] : 0;
    wst_ent_t E0 = {0};
    if (d.exec)
        E0 = *ENT(m, d.warp, d.entry);
    uint32_t sum0 = m->sum;
    bool fill_ok = f.valid && f.err == WST_ERR_NONE;
    bool fill_held = fill_ok && all_held(m, f.warp); /* its warp waits only for it */
    bool req_ok = d.valid && d.err == WST_ERR_NONE;

    /* 1. fill wake effects and wait counters */
    uint64_t added = apply_wake(m, &f, &ev);
    if (fill_ok)
        m->pending[f.warp] &= ~f.mask;

    /* 2.-4. the request: INIT/RELEASE, executing cycle, split, merge */
    if (req_ok) {
        if (d.op == WST_OP_INIT || d.op == WST_OP_RELEASE) {
            memset(ENT(m, d.warp, 0), 0, m->p.warp_width * sizeof *m->ent);
            if (d.op == WST_OP_INIT)
                *ENT(m, d.warp, 0) = (wst_ent_t){.valid = true, .pc = d.pc, .mask = d.mask,
                                                  .memlat = m->p.init_mem_lat};
        } else {
            apply_exec(m, &d, &ev);
            if (d.kind == WST_KIND_SPLIT)
                apply_split(m, &d, &E0, &ev);
            else if (d.merge_set)
                apply_merge(m, &d);
        }
    }

    /* 5. lazy split */
    if (l.valid)
        apply_lazy(m, &l, lazy_P, &ev);
    if (ev_out) {
        ev.arrived = warp_split_table_arrived(m) & ~arrived0;
        ev.arrived_fill = fill_held && ((ev.arrived >> f.warp) & 1u);
    }

    /* 6. sum-rMFC: decrement on an executing cycle, then add the MFCs woken
     * at the last edge (registered there: the add is one edge later) */
    if (d.exec) {
        ev.sum_floor = sum0 == 0;
        m->sum = sat_dec(m->sum);
    }
    m->sum = sat_add(m->sum, m->woken_mfc, m->sum_max, &ev.sum_sat);
    m->woken_mfc = added;

    /* registered responses and events */
    if (d.valid) {
        ev.req = true;
        ev.op = d.op;
        ev.err = d.err;
        ev.warp = d.warp;
        if (req_ok) {
            ev.kind = d.kind;
            ev.entry = d.rsp_entry;
            ev.merges = d.merges;
            ev.merge_suspended = d.merge_suspended;
            ev.merge_woken = d.merge_woken;
            ev.latspec_tested = d.latspec_tested;
            ev.latspec_split = d.latspec_split;
            ev.hold = d.hold;
            ev.hold_merge = d.hold && d.merges > 0;
            ev.hold_suspended = d.hold && d.miss != 0 && d.kind != WST_KIND_HIT;
        }
        ev.err_held = d.err_held;
    }
    m->reg.rsp_kind = ev.kind;
    m->reg.rsp_entry = ev.entry;
    m->reg.rsp_merges = ev.merges;
    model_respond(&m->reg.rsp_valid, &m->reg.rsp_err, &m->reg.err_sticky, d.valid, d.err,
                  WST_ERR_NONE);

    if (f.valid) {
        ev.fill = true;
        ev.fill_err = f.err;
        if (fill_ok) {
            ev.woken = f.woken;
            ev.fill_partial = f.partial;
        }
    }
    m->reg.fill_woken = ev.woken;
    model_respond(&m->reg.fill_rsp_valid, &m->reg.fill_err, &m->reg.err_sticky, f.valid, f.err,
                  WST_ERR_NONE);

    ev.lazy = l.valid;
    ev.lazy_none = l.none;
    if (l.valid) {
        ev.lazy_warp = l.warp;
        ev.lazy_entry = l.run_ahead;
        ev.lazy_woken = fill_ok && f.warp == l.warp && ((f.woken >> l.parent) & 1u);
        ev.lazy_held = l.snap.held;
    }
    m->reg.lazy_valid = ev.lazy;
    m->reg.lazy_warp = ev.lazy_warp;
    m->reg.lazy_entry = ev.lazy_entry;

    if (ev_out)
        *ev_out = ev;
}

/* Whether two states are the same but for the entries' wait counters. */
static bool same_but_waits(const warp_split_table_t *m, const wst_ent_t *ent,
                           const uint64_t *pending, uint32_t sum, uint64_t woken,
                           const warp_split_table_out_t *reg, const struct wst_stages *st)
{
    for (unsigned f = 0; f < m->flat_n; f++) {
        const wst_ent_t *a = &m->ent[f], *b = &ent[f];
        if (a->valid != b->valid || a->held != b->held || a->pc != b->pc ||
            a->mask != b->mask || a->icount != b->icount || a->mfc != b->mfc ||
            a->rmfc != b->rmfc || a->memlat != b->memlat || st->rmfc[f] != m->sched->rmfc[f])
            return false;
    }
    const struct wst_stages *s = m->sched;
    return !memcmp(pending, m->pending, m->p.num_warps * sizeof *pending) && sum == m->sum &&
           woken == m->woken_mfc && !memcmp(reg, &m->reg, sizeof *reg) &&
           !memcmp(&st->view, &s->view, sizeof s->view) && st->rr == s->rr &&
           st->pick.valid == s->pick.valid && st->pick.flat == s->pick.flat &&
           st->pick.boost == s->pick.boost;
}

void warp_split_table_idle(warp_split_table_t *m, const warp_split_table_in_t *in, uint64_t n)
{
    warp_split_table_in_t q = {.policy = in->policy, .sched = in->sched};
    size_t st_bytes = sizeof *m->sched + m->flat_n * sizeof *m->sched->rmfc;
    wst_ent_t *ent = malloc(m->flat_n * sizeof *ent);
    uint64_t *pending = malloc(m->p.num_warps * sizeof *pending);
    struct wst_stages *st = malloc(st_bytes);
    bool settled = false;
    while (n && !settled) {
        bool copied = ent && pending && st;
        warp_split_table_out_t reg = m->reg;
        uint32_t sum = m->sum;
        uint64_t woken = m->woken_mfc;
        if (copied) {
            memcpy(ent, m->ent, m->flat_n * sizeof *ent);
            memcpy(pending, m->pending, m->p.num_warps * sizeof *pending);
            memcpy(st, m->sched, st_bytes);
        }
        warp_split_table_step(m, &q, NULL, NULL);
        n--;
        settled = copied && same_but_waits(m, ent, pending, sum, woken, &reg, st);
    }
    free(ent);
    free(pending);
    free(st);
    /* the next edges are the same: each suspended entry waits one more */
    for (unsigned w = 0; n && w < m->p.num_warps; w++)
        for (unsigned e = 0; e < m->p.warp_width; e++) {
            wst_ent_t *x = ENT(m, w, e);
            if (suspended(m, w, x))
                x->wait = x->wait + n < m->lat_max ? (uint32_t)(x->wait + n) : m->lat_max;
        }
}

/* ------------------------------------------------------------------ */
/* read-only views                                                      */

wst_entry_t warp_split_table_entry(const warp_split_table_t *m, unsigned w, unsigned e)
{
    if (w >= m->p.num_warps || e >= m->p.warp_width)
        return (wst_entry_t){0};
    return *ENT(m, w, e);
}

uint64_t warp_split_table_pending(const warp_split_table_t *m, unsigned w)
{
    return w < m->p.num_warps ? m->pending[w] : 0;
}

uint32_t warp_split_table_sum_rmfc(const warp_split_table_t *m)
{
    return m->sum;
}

bool warp_split_table_ready(const warp_split_table_t *m, unsigned w, unsigned e)
{
    return w < m->p.num_warps && e < m->p.warp_width && ready_at(m, w, e);
}
