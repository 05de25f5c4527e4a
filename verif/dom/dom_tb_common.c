/* Shared by the Diverge on Miss testbenches: see dom_tb_common.h. */
#include "dom_tb_common.h"

#include <stdio.h>
#include <string.h>

void dom_driver_init(dom_driver_t *d, const mdt_params_t *p, uint64_t seed, uint64_t *cover)
{
    memset(d, 0, sizeof *d);
    d->p = *p;
    d->cover = cover;
    d->all = p->warp_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->warp_width) - 1u;
    d->id_span = 1;
    while (d->id_span < p->num_warps)
        d->id_span <<= 1;
    d->eid_span = 1;
    while (d->eid_span < p->entries_per_warp)
        d->eid_span <<= 1;
    cosim_rng_seed(&d->rng, seed);
}

void dom_driver_reset(dom_driver_t *d)
{
    dom_driver_t keep = *d;
    dom_driver_init(d, &keep.p, 0, keep.cover);
    d->rng = keep.rng;
    d->cycle = keep.cycle;
    d->fill_seq = keep.fill_seq;
    d->last_fill_seq = keep.last_fill_seq;
}

static uint64_t pc_none(const dom_driver_t *d)
{
    return d->p.pc_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << d->p.pc_width) - 1u;
}

static uint64_t rand_mask(dom_driver_t *d) { return cosim_rng_next(&d->rng) & d->all; }

/* ---- fills --------------------------------------------------------------------- */

static void schedule_fills(dom_driver_t *d, unsigned w, unsigned e, uint64_t miss)
{
    /* the missing threads' lines return in one to three groups */
    while (miss && d->nfills < DOM_MAX_FILLS) {
        uint64_t part = cosim_rng_pct(&d->rng, 50) ? miss : miss & rand_mask(d);
        if (!part)
            part = miss & (~miss + 1u);
        d->fills[d->nfills++] = (dom_fill_t){
            w, e, part, d->cycle + 3 + cosim_rng_below(&d->rng, 300), d->fill_seq++};
        miss &= ~part;
    }
}

static void drop_fills(dom_driver_t *d, unsigned w)
{
    for (unsigned i = 0; i < d->nfills;)
        if (d->fills[i].w == w)
            d->fills[i] = d->fills[--d->nfills];
        else
            i++;
}

/* A due fill, merged with the other due groups of its entry. */
static bool take_fill(dom_driver_t *d, mdt_in_t *req)
{
    int best = -1;
    for (unsigned i = 0; i < d->nfills; i++)
        if (d->fills[i].due <= d->cycle && (best < 0 || d->fills[i].due < d->fills[best].due))
            best = (int)i;
    if (best < 0)
        return false;
    unsigned w = d->fills[best].w, e = d->fills[best].e;
    uint64_t mask = 0;
    for (unsigned i = 0; i < d->nfills; i++) {
        const dom_fill_t *f = &d->fills[i];
        if (f->w == w && f->e == e && f->due <= d->cycle)
            mask |= f->mask;
    }
    req->fill_valid = true;
    req->fill_warp = w;
    req->fill_entry = e;
    req->fill_mask = mask;
    return true;
}

/* An accepted fill retires the scheduled groups it carries. Done after the
 * step from the request itself, so that a replayed run does the same. */
static void retire_fill(dom_driver_t *d, const mdt_in_t *req)
{
    uint64_t seq = UINT64_MAX;
    for (unsigned i = 0; i < d->nfills;) {
        dom_fill_t *f = &d->fills[i];
        if (f->w == req->fill_warp && f->e == req->fill_entry && (f->mask & ~req->fill_mask) == 0) {
            seq = f->seq < seq ? f->seq : seq;
            *f = d->fills[--d->nfills];
        } else {
            i++;
        }
    }
    if (seq != UINT64_MAX) {
        d->cover[MDT_CV_FILL_OUT_OF_ORDER] += seq < d->last_fill_seq;
        d->last_fill_seq = seq;
    }
}

static bool inject_fill(dom_driver_t *d, const mdt_t *m, mdt_in_t *req)
{
    cosim_rng_t *r = &d->rng;
    unsigned w = (unsigned)cosim_rng_below(r, d->p.num_warps);
    unsigned e = (unsigned)cosim_rng_below(r, d->eid_span);
    req->fill_valid = true;
    req->fill_warp = w;
    req->fill_entry = e;
    req->fill_mask = rand_mask(d) | 1u;
    switch (cosim_rng_below(r, 3)) {
    case 0:
        if (d->id_span == d->p.num_warps)
            return false;
        req->fill_warp = d->p.num_warps + (unsigned)cosim_rng_below(r, d->id_span - d->p.num_warps);
        d->fill_code = MDT_ERR_BAD_WARP;
        return true;
    case 1:
        if (e < d->p.entries_per_warp && mdt_entry_valid(m, w, e))
            return false;
        d->fill_code = MDT_ERR_BAD_ENTRY;
        return true;
    default: {
        if (e >= d->p.entries_per_warp || !mdt_entry_valid(m, w, e))
            return false;
        uint64_t not_waiting = d->all & ~mdt_waiting(m, w, e);
        if (!not_waiting || cosim_rng_pct(r, 10))
            req->fill_mask = 0;
        else
            req->fill_mask = (mdt_waiting(m, w, e) & rand_mask(d)) |
                             (not_waiting & (~not_waiting + 1u));
        d->fill_code = MDT_ERR_NOT_WAITING;
        return true;
    }
    }
}

/* ---- access port ------------------------------------------------------------------ */

static void start_program(dom_driver_t *d, unsigned w)
{
    dom_warp_t *g = &d->warps[w];
    cosim_rng_t *r = &d->rng;
    g->live = true;
    g->forcing = false;
    g->active = cosim_rng_pct(r, 60) ? d->all : rand_mask(d);
    if (!g->active)
        g->active = 1;
    g->fast = rand_mask(d);
    /* up to one more memory instruction than the warp has entries */
    unsigned most = d->p.entries_per_warp + 1 < 10 ? d->p.entries_per_warp + 1 : 10;
    g->npcs = 1 + (unsigned)cosim_rng_below(r, most < 3 ? 3 : most);
    for (unsigned i = 0; i < g->npcs; i++) {
        bool again;
        do {
            g->pcs[i] = cosim_rng_below(r, pc_none(d));
            again = false;
            for (unsigned j = 0; j < i; j++)
                again |= g->pcs[j] == g->pcs[i];
        } while (again);
    }
    g->ip = 0;
    g->iter = 0;
    g->iters = 2 + (unsigned)cosim_rng_below(r, 30);
    g->busy_until = d->cycle + 1 + cosim_rng_below(r, 4);
}

void dom_driver_request(dom_driver_t *d, const mdt_t *m,
                        uint64_t (*limit_of)(const void *, unsigned), const void *limit_ctx,
                        mdt_in_t *req)
{
    cosim_rng_t *r = &d->rng;
    memset(req, 0, sizeof *req);
    d->acc_expect = d->fill_expect = d->slip_expect = false;
    d->acc_code = d->fill_code = MDT_ERR_NONE;
    req->rd_warp = (unsigned)cosim_rng_below(r, d->id_span);
    req->rd_entry = (unsigned)cosim_rng_below(r, d->eid_span);
    req->acc_alloc_ok = cosim_rng_pct(r, 85);

    /* fill port */
    if (cosim_rng_pct(r, 3) && inject_fill(d, m, req))
        d->fill_expect = true;
    else {
        req->fill_valid = false;
        req->fill_warp = req->fill_entry = 0;
        req->fill_mask = 0;
        if (take_fill(d, req)) {
            d->fill_expect = true; /* a legal fill must be accepted */
            d->fill_code = MDT_ERR_NONE;
        }
    }

    /* access port: illegal requests (with a slip controller, a fourth kind) */
    if (cosim_rng_pct(r, 3)) {
        unsigned w = (unsigned)cosim_rng_below(r, d->p.num_warps);
        req->acc_valid = true;
        req->acc_warp = w;
        req->acc_pc = d->warps[w].pcs[0];
        switch (cosim_rng_below(r, limit_of ? 4 : 3)) {
        case 0:
            req->acc_op = MDT_OP_RESERVED;
            d->acc_expect = true;
            d->acc_code = MDT_ERR_BAD_OP;
            return;
        case 1:
            if (d->id_span > d->p.num_warps) {
                req->acc_op = MDT_OP_ACCESS;
                req->acc_warp = d->p.num_warps;
                req->acc_exec = 1;
                d->acc_expect = true;
                d->acc_code = MDT_ERR_BAD_WARP;
                d->slip_expect = limit_of != NULL; /* also the slip controller's event */
                d->slip_code = SC_ERR_BAD_WARP;
                return;
            }
            break;
        case 3: /* the slip controller ignores it (BAD_RELEASE, sticky bit only) */
            if (d->id_span > d->p.num_warps) {
                req->acc_op = MDT_OP_RELEASE;
                req->acc_warp = d->p.num_warps +
                                (unsigned)cosim_rng_below(r, d->id_span - d->p.num_warps);
                d->acc_expect = true;
                d->acc_code = MDT_ERR_BAD_WARP;
                return;
            }
            break;
        default:
            if (mdt_masked(m, w)) {
                uint64_t lim = limit_of ? limit_of(limit_ctx, w) : 0;
                req->acc_op = MDT_OP_ACCESS;
                req->acc_exec = (mdt_masked(m, w) & (~mdt_masked(m, w) + 1u)) |
                                (d->warps[w].active & ~mdt_masked(m, w) & ~lim);
                req->acc_exec &= ~lim | mdt_masked(m, w);
                req->acc_hit = rand_mask(d);
                d->acc_expect = true;
                d->acc_code = MDT_ERR_BAD_EXEC;
                return;
            }
            break;
        }
        req->acc_valid = false;
    }

    /* now and then a warp is reassigned while its threads still slip */
    if (cosim_rng_below(r, 400) == 0) {
        unsigned w = (unsigned)cosim_rng_below(r, d->p.num_warps);
        if (d->warps[w].live && mdt_masked(m, w)) {
            req->acc_valid = true;
            req->acc_warp = w;
            req->acc_op = MDT_OP_RELEASE;
            return;
        }
    }

    /* a warp that is ready to issue */
    unsigned start = (unsigned)cosim_rng_below(r, d->p.num_warps);
    for (unsigned k = 0; k < d->p.num_warps; k++) {
        unsigned w = (start + k) % d->p.num_warps;
        dom_warp_t *g = &d->warps[w];
        if (g->busy_until > d->cycle)
            continue;
        if (cosim_rng_pct(r, 25))
            return; /* the pipeline issues something else */
        req->acc_valid = true;
        req->acc_warp = w;
        if (!g->live) {
            req->acc_op = MDT_OP_RELEASE; /* reassigned to a new set of threads */
            return;
        }
        uint64_t lim = limit_of ? limit_of(limit_ctx, w) : 0;
        uint64_t exec = g->active & ~mdt_masked(m, w) & ~lim;
        if (g->forcing || !exec) {
            req->acc_op = MDT_OP_FORCE;
            return;
        }
        req->acc_op = MDT_OP_ACCESS;
        req->acc_pc = g->pcs[g->ip];
        req->acc_exec = exec;
        switch (cosim_rng_below(r, 10)) {
        case 0:
            req->acc_hit = d->all;
            break;
        case 1:
            req->acc_hit = 0;
            break;
        default: /* fast threads mostly hit, slow ones mostly miss */
            req->acc_hit = (g->fast & (rand_mask(d) | rand_mask(d) | rand_mask(d))) |
                           (~g->fast & rand_mask(d) & rand_mask(d));
        }
        req->acc_hit &= d->all;
        /* now and then the core executes a slip-limited thread that the MDT
         * does not mask off: the MDT accepts the access, the slip controller
         * rejects the event (BAD_EXEC) */
        uint64_t limited = lim & ~mdt_masked(m, w);
        if (limited && cosim_rng_pct(r, 2)) {
            req->acc_exec |= limited & (~limited + 1u);
            d->slip_expect = true;
            d->slip_code = SC_ERR_BAD_EXEC;
        }
        return;
    }
}

int dom_driver_after(dom_driver_t *d, const mdt_t *m, const mdt_in_t *req,
                     const mdt_events_t *ev, bool alloc_ok, char *err, size_t errlen)
{
    uint64_t *c = d->cover;
    cosim_rng_t *r = &d->rng;
    int rc = 0;
    if (ev->acc && mdt_err_cover[ev->err & 7u] < MDT_CV_COUNT)
        c[mdt_err_cover[ev->err & 7u]]++;
    if (ev->fill && mdt_err_cover[ev->fill_err & 7u] < MDT_CV_COUNT)
        c[mdt_err_cover[ev->fill_err & 7u]]++;
    if (d->acc_expect && ev->acc && ev->err != d->acc_code) {
        snprintf(err, errlen, "access port: expected error %u, model reports %u", d->acc_code,
                 ev->err);
        rc = -1;
    }
    if (d->fill_expect && ev->fill && ev->fill_err != d->fill_code) {
        snprintf(err, errlen,
                 "fill port (warp %u entry %u mask 0x%llx): expected error %u, model reports %u",
                 req->fill_warp, req->fill_entry, (unsigned long long)req->fill_mask,
                 d->fill_code, ev->fill_err);
        rc = -1;
    }
    c[MDT_CV_SAME_WARP_FILL] += ev->same_warp;
    if (ev->fill && ev->fill_err == 0)
        retire_fill(d, req);
    for (unsigned w = 0; w < d->p.num_warps; w++) {
        bool full = true;
        for (unsigned e = 0; e < d->p.entries_per_warp; e++)
            full &= mdt_entry_valid(m, w, e);
        c[MDT_CV_ALL_ENTRIES] += full;
    }
    if (ev->acc) {
        if (ev->err == 0 && !d->acc_expect) {
            unsigned w = req->acc_warp;
            dom_warp_t *g = &d->warps[w];
            switch (ev->kind) {
            case MDT_KIND_ALLOCATED:
            case MDT_KIND_MERGED: {
                uint64_t miss = req->acc_exec & ~req->acc_hit;
                c[MDT_CV_ALLOCATED] += ev->kind == MDT_KIND_ALLOCATED;
                c[MDT_CV_MERGED] += ev->kind == MDT_KIND_MERGED;
                c[MDT_CV_MERGE_NEW_MISS] += ev->kind == MDT_KIND_MERGED && miss;
                schedule_fills(d, w, ev->entry, miss);
                break;
            }
            case MDT_KIND_BLOCKING:
                /* the warp waits for all its misses like a plain SIMD core */
                c[alloc_ok ? MDT_CV_BLOCK_NO_ENTRY : MDT_CV_BLOCK_SLIP]++;
                g->busy_until = d->cycle + 20 + cosim_rng_below(r, 300);
                break;
            case MDT_KIND_FORCED: {
                c[MDT_CV_FORCED]++;
                bool still = mdt_entry_valid(m, w, ev->entry) && mdt_waiting(m, w, ev->entry);
                if (still || ev->rejoin == 0) {
                    c[MDT_CV_FORCE_WAITING] += still;
                    g->busy_until = d->cycle + 5 + cosim_rng_below(r, 60);
                }
                break;
            }
            case MDT_KIND_FORCE_EMPTY:
                c[MDT_CV_FORCE_EMPTY]++;
                if (g->forcing || !(g->active & ~mdt_masked(m, w)))
                    g->live = false; /* the program ends: next, a reassignment */
                break;
            default:
                break;
            }
            c[MDT_CV_REJOIN] += ev->rejoin != 0;
            c[MDT_CV_FREED] += ev->freed;
            if (ev->op == MDT_OP_RELEASE) {
                c[MDT_CV_RELEASE] += d->masked_before[w] != 0;
                drop_fills(d, w);
                start_program(d, w);
            }
            if (ev->op == MDT_OP_ACCESS) {
                if (++g->ip == g->npcs) {
                    g->ip = 0;
                    if (++g->iter == g->iters)
                        g->forcing = true; /* the loop is done: a return reconverges */
                }
            }
        }
    }
    for (unsigned w = 0; w < d->p.num_warps; w++)
        d->masked_before[w] = mdt_masked(m, w);
    d->cycle++;
    return rc;
}

/* ---- slip controller ------------------------------------------------------------ */

void dom_slip_cover_init(dom_slip_cover_t *s, const slip_ctrl_params_t *p, uint64_t *cover)
{
    memset(s, 0, sizeof *s);
    s->cover = cover;
    s->num_warps = p->num_warps;
    s->init_max_slip = p->init_max_slip;
}

void dom_slip_cover(dom_slip_cover_t *s, const slip_ctrl_t *m, const slip_ctrl_in_t *in,
                    unsigned max_slip_before, const slip_ctrl_events_t *ev)
{
    uint64_t *c = s->cover;
    c[SC_CV_INCREMENTED] += ev->incremented;
    c[SC_CV_DECREMENTED] += ev->decremented;
    c[SC_CV_DISABLED_DEC] += ev->disabled_dec;
    c[SC_CV_RELEASED] += ev->released;
    if (ev->period_end) {
        c[SC_CV_PERIOD_INC] += ev->adapt == SC_ADAPT_INC;
        c[SC_CV_PERIOD_DEC] += ev->adapt == SC_ADAPT_DEC;
        c[SC_CV_PERIOD_HOLD] += ev->adapt == SC_ADAPT_HOLD;
        c[SC_CV_MAX_FLOOR] += ev->adapt == SC_ADAPT_DEC && max_slip_before == 1;
    }
    c[SC_CV_MAX_RAISED] += slip_ctrl_max_slip(m) > s->init_max_slip;
    uint64_t any = 0;
    for (unsigned w = 0; w < s->num_warps; w++)
        any |= (uint64_t)(slip_ctrl_limit(m, w) != 0) << w;
    c[SC_CV_LIMIT_SET] += (any & ~s->any_limit_before) != 0;
    c[SC_CV_LIMIT_CLEARED] += (s->any_limit_before & ~any) != 0;
    s->any_limit_before = any;
    c[SC_CV_ERR_BAD_WARP] += ev->ev && ev->err == SC_ERR_BAD_WARP;
    c[SC_CV_ERR_BAD_EXEC] += ev->ev && ev->err == SC_ERR_BAD_EXEC;
    c[SC_CV_ERR_BAD_RELEASE] += in->rel_valid && in->rel_warp >= s->num_warps;
}

void dom_perf_init(dom_perf_t *g, const slip_ctrl_params_t *p)
{
    memset(g, 0, sizeof *g);
    g->period = p->sample_period;
    g->bytes_width = p->bytes_width;
    g->fair_bytes = p->fair_bytes;
}

void dom_perf_next(dom_perf_t *g, cosim_rng_t *r, uint64_t cycle, bool *idle, bool *stall,
                   unsigned *bytes)
{
    if (cycle % g->period == 0) /* the first two periods raise max-slip */
        g->phase = cycle < 2u * g->period ? 0 : (unsigned)cosim_rng_below(r, 4);
    unsigned idle_pct, stall_pct, bytes_max = (1u << g->bytes_width) - 1u;
    uint64_t fair_per_cycle = g->fair_bytes / g->period;
    uint64_t b = 0;
    switch (g->phase) {
    case 1: /* ALU-bound: almost never idle */
        idle_pct = 1, stall_pct = 0;
        break;
    case 2: /* bandwidth-bound: idle, but well above the fair share */
        idle_pct = 60, stall_pct = 10;
        b = bytes_max;
        break;
    case 3: /* bandwidth-bound and latency-bound */
        idle_pct = 60, stall_pct = 80;
        b = bytes_max;
        break;
    default: /* latency-bound only: idle, stalled, modest bandwidth */
        idle_pct = 60, stall_pct = 50;
        b = fair_per_cycle / 2;
    }
    *idle = cosim_rng_pct(r, idle_pct);
    *stall = cosim_rng_pct(r, stall_pct);
    *bytes = (unsigned)(b > bytes_max ? bytes_max : b);
}

/* ---- directed scenarios -------------------------------------------------------- */

int dom_scn_get_small(dom_scn_t *s, const char *key, uint64_t *v, uint64_t max, char *err,
                      size_t errlen)
{
    scenario_line_t *l = &s->line;
    int has = scenario_get(l, key, v, err, errlen);
    if (has > 0 && *v > max) {
        snprintf(err, errlen, "%s:%u: %s=0x%llx is out of range (at most %llu)", l->file,
                 l->lineno, key, (unsigned long long)*v, (unsigned long long)max);
        return -1;
    }
    return has;
}

int dom_scn_perf(dom_scn_t *s, bool *idle, bool *stall, unsigned *bytes, char *err,
                 size_t errlen)
{
    uint64_t i = 0, m = 0, b = 0;
    if (s->check != SCN_PEEK &&
        (dom_scn_get_small(s, "core_idle", &i, 1, err, errlen) < 0 ||
        dom_scn_get_small(s, "mem_stall", &m, 1, err, errlen) < 0 ||
         dom_scn_get_small(s, "bytes", &b, 0xffff, err, errlen) < 0))
        return -1;
    *idle = i;
    *stall = m;
    *bytes = (unsigned)b;
    return 0;
}

int dom_scn_counts_read(dom_scn_t *s, scenario_mask_expect_t *e, unsigned width, char *err,
                        size_t errlen)
{
    int rc = scenario_expect_mask_read(&s->line, e, "counts", width, err, errlen);
    e->hex = true;
    return rc;
}

void dom_scn_counts_check(const dom_scn_t *s, const scenario_mask_expect_t *e,
                          const uint64_t *words)
{
    bitmask_t got;
    bm_clear(&got);
    for (unsigned i = 0; i < (e->width + 63u) / 64u; i++)
        got.w[i] = words[i];
    scenario_expect_mask_check(&s->line, e, &got, NULL, 0);
}

const scenario_verb_t dom_mdt_verbs[] = {
    {"access", "ACCESS: a memory instruction of warp w at pc; exec= its threads, hit= those "
               "that hit (mdt: ok= acc_alloc_ok_i)"},
    {"force", "FORCE: warp w's entries reconverge"},
    {"release", "RELEASE: warp w is reassigned"},
    {"reserved", "op 3 (rejected)"},
    {"fill", "FILL of entry e of warp w: mask= the threads whose data returned"},
    {NULL, NULL},
};

const scenario_key_t dom_mdt_keys[DSK_COUNT] = {
    [DSK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [DSK_ERR] = {"err", mdt_err_words, "rsp_err_o"},
    [DSK_KIND] = {"kind", mdt_kind_words, "rsp_kind_o"},
    [DSK_ENTRY] = {"entry", NULL, "rsp_entry_o"},
    [DSK_REJOIN] = {"rejoin", NULL, "rsp_rejoin_o"},
    [DSK_RSP_WAITING] = {"rsp_waiting", NULL, "rsp_waiting_o"},
    [DSK_FILL_RSP] = {"fill_rsp", NULL, "fill_rsp_valid_o"},
    [DSK_FILL_ERR] = {"fill_err", mdt_err_words, "fill_err_o"},
    [DSK_STICKY] = {"sticky", NULL, NULL}, /* mdt: err_sticky_o, dom_core: mdt_sticky_o */
    [DSK_VALID] = {"valid", NULL, "rd_valid_o"},
    [DSK_PC] = {"pc", NULL, "rd_pc_o"},
    [DSK_WAITING] = {"waiting", NULL, "rd_waiting_o"},
    [DSK_READY] = {"ready", NULL, "rd_ready_o"},
    [DSK_AGE] = {"age", NULL, "rd_age_o"},
    [DSK_MASKED] = {"masked", NULL, "rd_masked_o"},
    [DSK_FREE] = {"free", NULL, "rd_free_o"},
};

int dom_scn_mdt_check(const dom_scn_t *s, const mdt_out_t *o, char *err, size_t errlen)
{
    if (!s->check)
        return 0;
    const uint64_t got[DSK_COUNT] = {
        [DSK_RSP] = o->rsp_valid,          [DSK_ERR] = o->rsp_err,
        [DSK_KIND] = o->rsp_kind,          [DSK_ENTRY] = o->rsp_entry,
        [DSK_REJOIN] = o->rsp_rejoin,      [DSK_RSP_WAITING] = o->rsp_waiting,
        [DSK_FILL_RSP] = o->fill_rsp_valid, [DSK_FILL_ERR] = o->fill_err,
        [DSK_STICKY] = o->err_sticky,      [DSK_VALID] = o->rd_valid,
        [DSK_PC] = o->rd_pc,               [DSK_WAITING] = o->rd_waiting,
        [DSK_READY] = o->rd_ready,         [DSK_AGE] = o->rd_age,
        [DSK_MASKED] = o->rd_masked,       [DSK_FREE] = o->rd_free,
    };
    return scenario_expect_check(&s->line, &s->exp, dom_mdt_keys, DSK_COUNT, 0, got, err,
                                 errlen);
}

static int mdt_request_keys(dom_scn_t *s, bool with_ok, mdt_in_t *req, char *err,
                            size_t errlen);

int dom_scn_mdt_request(dom_scn_t *s, bool with_ok, mdt_in_t *req, char *err, size_t errlen)
{
    uint64_t w = 0, e = 0;
    memset(req, 0, sizeof *req);
    if (s->check) { /* the read port at w= e= */
        if (dom_scn_get_small(s, "w", &w, 0xffff, err, errlen) < 0 ||
            dom_scn_get_small(s, "e", &e, 0xffff, err, errlen) < 0)
            return -1;
        req->acc_warp = req->rd_warp = (unsigned)w;
        req->rd_entry = (unsigned)e;
    } else if (strcmp(s->line.verb, "idle") && mdt_request_keys(s, with_ok, req, err, errlen)) {
        return -1;
    }
    /* the checks, on any line */
    return scenario_expect_read(&s->line, &s->exp, dom_mdt_keys, DSK_COUNT, 0, err, errlen);
}

/* A request line's request: 0, or -1 (unknown operation, bad value). */
static int mdt_request_keys(dom_scn_t *s, bool with_ok, mdt_in_t *req, char *err,
                            size_t errlen)
{
    scenario_line_t *l = &s->line;
    uint64_t w = 0, e = 0, op, ok = 1;
    if (dom_scn_get_small(s, "w", &w, 0xffff, err, errlen) < 0)
        return -1;
    req->rd_warp = (unsigned)w;
    if (!strcmp(l->verb, "fill")) {
        req->fill_valid = true;
        req->fill_warp = (unsigned)w;
        if (dom_scn_get_small(s, "e", &e, 0xffff, err, errlen) < 0 ||
            scenario_get(l, "mask", &req->fill_mask, err, errlen) < 0)
            return -1;
        req->fill_entry = (unsigned)e;
        return 0;
    }
    /* the verbs of the access port are its op codes (configs/mdt.cfg) */
    if (scenario_word(mdt_op_words, l->verb, &op)) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    req->acc_valid = true;
    req->acc_op = (unsigned)op;
    req->acc_warp = (unsigned)w;
    if (op == MDT_OP_ACCESS &&
        (scenario_get(l, "pc", &req->acc_pc, err, errlen) < 0 ||
         scenario_get(l, "exec", &req->acc_exec, err, errlen) < 0 ||
         scenario_get(l, "hit", &req->acc_hit, err, errlen) < 0 ||
         (with_ok && dom_scn_get_small(s, "ok", &ok, 1, err, errlen) < 0)))
        return -1;
    req->acc_alloc_ok = ok;
    return 0;
}
