/* Shared Diverge on Miss testbench driver: see dom_tb_common.h. */
#include "dom_tb_common.h"

#include <stdio.h>
#include <string.h>

#include "slip_ctrl.h"

const cover_desc_t dom_mdt_covers[DCV_COUNT] = {
    [DCV_ALLOCATED] = {"allocated", "an entry allocated for a divergent access"},
    [DCV_MERGED] = {"merged", "an access merged into its PC's entry"},
    [DCV_REJOIN] = {"rejoin", "READY threads re-join on the instruction's next execution"},
    [DCV_MERGE_NEW_MISS] = {"merge_new_miss", "threads newly WAITING in an existing entry"},
    [DCV_BLOCK_NO_ENTRY] = {"block_no_entry", "blocking: the warp has no free entry"},
    [DCV_BLOCK_SLIP] = {"block_slip", "blocking: the slip controller refuses an entry"},
    [DCV_FORCED] = {"forced", "forced reconvergence of the oldest entry"},
    [DCV_FORCE_WAITING] = {"force_waiting", "forced entry still has WAITING threads"},
    [DCV_FORCE_EMPTY] = {"force_empty", "forced reconvergence with an empty MDT"},
    [DCV_RELEASE] = {"release", "warp reassigned with entries in use"},
    [DCV_FREED] = {"freed", "an entry freed when its threads are all INVALID"},
    [DCV_ALL_ENTRIES] = {"all_entries", "a warp with every entry in use"},
    [DCV_SAME_WARP_FILL] = {"same_warp_fill", "fill and access of one warp in one cycle"},
    [DCV_FILL_OUT_OF_ORDER] = {"fill_out_of_order", "a later miss returning first"},
    [DCV_ERR_BAD_OP] = {"err_bad_op", "reserved op rejected"},
    [DCV_ERR_BAD_WARP] = {"err_bad_warp", "out-of-range warp rejected"},
    [DCV_ERR_BAD_EXEC] = {"err_bad_exec", "access executing masked-off threads rejected"},
    [DCV_ERR_BAD_ENTRY] = {"err_bad_entry", "fill of a free entry rejected"},
    [DCV_ERR_NOT_WAITING] = {"err_not_waiting", "fill of a thread that is not WAITING rejected"},
};

bool dom_mdt_cover_applies(const mdt_params_t *p, unsigned k, bool core)
{
    unsigned span = 1;
    while (span < p->num_warps)
        span <<= 1;
    switch (k) {
    case DCV_ERR_BAD_WARP:
        return span > p->num_warps;
    case DCV_BLOCK_SLIP:
        return true; /* standalone: alloc_ok low; core: a slip limit */
    default:
        (void)core;
        return true;
    }
}

void dom_driver_init(dom_driver_t *d, const mdt_params_t *p, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    d->p = *p;
    d->all = p->warp_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->warp_width) - 1u;
    d->id_span = 1;
    while (d->id_span < p->num_warps)
        d->id_span <<= 1;
    d->eid_span = 1;
    while (d->eid_span < p->entries_per_warp)
        d->eid_span <<= 1;
    cosim_rng_seed(&d->rng, seed);
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
        d->cover[DCV_FILL_OUT_OF_ORDER] += seq < d->last_fill_seq;
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
    d->acc_expect = d->fill_expect = false;
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

    /* access port: illegal requests */
    if (cosim_rng_pct(r, 3)) {
        unsigned w = (unsigned)cosim_rng_below(r, d->p.num_warps);
        req->acc_valid = true;
        req->acc_warp = w;
        req->acc_pc = d->warps[w].pcs[0];
        switch (cosim_rng_below(r, 3)) {
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
        return;
    }
}

int dom_driver_after(dom_driver_t *d, const mdt_t *m, const mdt_in_t *req,
                     const mdt_events_t *ev, bool alloc_ok, char *err, size_t errlen)
{
    uint64_t *c = d->cover;
    static const unsigned err_cover[6] = {0, DCV_ERR_BAD_OP, DCV_ERR_BAD_WARP, DCV_ERR_BAD_EXEC,
                                          DCV_ERR_BAD_ENTRY, DCV_ERR_NOT_WAITING};
    cosim_rng_t *r = &d->rng;
    int rc = 0;
    if (ev->acc && ev->err <= 5)
        c[err_cover[ev->err]] += ev->err != 0;
    if (ev->fill && ev->fill_err <= 5)
        c[err_cover[ev->fill_err]] += ev->fill_err != 0;
    if (d->acc_expect && ev->acc && ev->err != d->acc_code) {
        snprintf(err, errlen, "access port: expected error %u, model reports %u", d->acc_code,
                 ev->err);
        rc = -1;
    }
    if (d->fill_expect && ev->fill && ev->fill_err != d->fill_code) {
        snprintf(err, errlen, "fill port (warp %u entry %u mask 0x%llx): expected error %u, model reports %u",
                 req->fill_warp, req->fill_entry, (unsigned long long)req->fill_mask,
                 d->fill_code, ev->fill_err);
        rc = -1;
    }
    c[DCV_SAME_WARP_FILL] += ev->same_warp;
    if (ev->fill && ev->fill_err == 0)
        retire_fill(d, req);
    for (unsigned w = 0; w < d->p.num_warps; w++) {
        bool full = true;
        for (unsigned e = 0; e < d->p.entries_per_warp; e++)
            full &= mdt_entry_valid(m, w, e);
        c[DCV_ALL_ENTRIES] += full;
    }
    if (ev->acc) {
        d->ops++;
        if (ev->err == 0 && !d->acc_expect) {
            unsigned w = req->acc_warp;
            dom_warp_t *g = &d->warps[w];
            switch (ev->kind) {
            case MDT_KIND_ALLOCATED:
            case MDT_KIND_MERGED: {
                uint64_t miss = req->acc_exec & ~req->acc_hit;
                c[DCV_ALLOCATED] += ev->kind == MDT_KIND_ALLOCATED;
                c[DCV_MERGED] += ev->kind == MDT_KIND_MERGED;
                c[DCV_MERGE_NEW_MISS] += ev->kind == MDT_KIND_MERGED && miss;
                schedule_fills(d, w, ev->entry, miss);
                break;
            }
            case MDT_KIND_BLOCKING:
                /* the warp waits for all its misses like a plain SIMD core */
                c[alloc_ok ? DCV_BLOCK_NO_ENTRY : DCV_BLOCK_SLIP]++;
                g->busy_until = d->cycle + 20 + cosim_rng_below(r, 300);
                break;
            case MDT_KIND_FORCED: {
                c[DCV_FORCED]++;
                bool still = mdt_entry_valid(m, w, ev->entry) && mdt_waiting(m, w, ev->entry);
                if (still || ev->rejoin == 0) {
                    c[DCV_FORCE_WAITING] += still;
                    g->busy_until = d->cycle + 5 + cosim_rng_below(r, 60);
                }
                break;
            }
            case MDT_KIND_FORCE_EMPTY:
                c[DCV_FORCE_EMPTY]++;
                if (g->forcing || !(g->active & ~mdt_masked(m, w)))
                    g->live = false; /* the program ends: next, a reassignment */
                break;
            default:
                break;
            }
            c[DCV_REJOIN] += ev->rejoin != 0;
            c[DCV_FREED] += ev->freed;
            if (ev->op == MDT_OP_RELEASE) {
                c[DCV_RELEASE] += d->masked_before[w] != 0;
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

/* ---- directed scenarios -------------------------------------------------------- */

int dom_scn_open(dom_scn_t *s, const char *path, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->scn = scenario_open(path, NULL, 0, err, errlen);
    return s->scn ? 0 : -1;
}

void dom_scn_close(dom_scn_t *s)
{
    scenario_close(s->scn);
    s->scn = NULL;
}

int dom_scn_next(dom_scn_t *s, char *err, size_t errlen)
{
    if (s->repeat) { /* the next cycle of an idle n= line: the same line again */
        s->repeat--;
        return 0;
    }
    scenario_line_t *l = &s->line;
    int rc = scenario_next(s->scn, l, err, errlen);
    if (rc)
        return rc;
    s->expect = !strcmp(l->verb, "expect");
    memset(&s->exp, 0, sizeof s->exp);
    if (!strcmp(l->verb, "idle")) {
        uint64_t n = 1;
        if (scenario_get(l, "n", &n, err, errlen) < 0)
            return -1;
        if (n == 0) {
            snprintf(err, errlen, "%s:%u: idle n= wants at least 1 cycle", l->file, l->lineno);
            return -1;
        }
        s->repeat = n - 1;
    }
    return 0;
}

const scenario_word_t dom_adapt_words[] = {
    {"HOLD", SC_ADAPT_HOLD}, {"INC", SC_ADAPT_INC}, {"DEC", SC_ADAPT_DEC}, {NULL, 0},
};
const scenario_word_t dom_slip_err_words[] = {
    {"NONE", SC_ERR_NONE},         {"BAD_WARP", SC_ERR_BAD_WARP},
    {"BAD_EXEC", SC_ERR_BAD_EXEC}, {"BAD_RELEASE", SC_ERR_BAD_RELEASE},
    {NULL, 0},
};

int dom_scn_perf(dom_scn_t *s, uint64_t *idle, uint64_t *stall, uint64_t *bytes, char *err,
                 size_t errlen)
{
    if (scenario_get(&s->line, "core_idle", idle, err, errlen) < 0 ||
        scenario_get(&s->line, "mem_stall", stall, err, errlen) < 0 ||
        scenario_get(&s->line, "bytes", bytes, err, errlen) < 0)
        return -1;
    return 0;
}

int dom_scn_fits(const dom_scn_t *s, const port_desc_t *d, unsigned n, const uint64_t *words,
                 char *err, size_t errlen)
{
    for (unsigned p = 0; p < n; p++) {
        if (d[p].width >= 64)
            continue;
        uint64_t v = words[d[p].word];
        if (v >> d[p].width) {
            snprintf(err, errlen, "%s:%u: value 0x%llx does not fit %s (%u bits)", s->line.file,
                     s->line.lineno, (unsigned long long)v, d[p].name, d[p].width);
            return -1;
        }
    }
    return 0;
}

static const scenario_word_t mdt_err_words[] = {
    {"NONE", MDT_ERR_NONE},           {"BAD_OP", MDT_ERR_BAD_OP},
    {"BAD_WARP", MDT_ERR_BAD_WARP},   {"BAD_EXEC", MDT_ERR_BAD_EXEC},
    {"BAD_ENTRY", MDT_ERR_BAD_ENTRY}, {"NOT_WAITING", MDT_ERR_NOT_WAITING},
    {NULL, 0},
};
static const scenario_word_t mdt_kind_words[] = {
    {"NONE", MDT_KIND_NONE},         {"MERGED", MDT_KIND_MERGED},
    {"ALLOCATED", MDT_KIND_ALLOCATED}, {"BLOCKING", MDT_KIND_BLOCKING},
    {"FORCED", MDT_KIND_FORCED},     {"FORCE_EMPTY", MDT_KIND_FORCE_EMPTY},
    {NULL, 0},
};

const scenario_key_t dom_mdt_keys[DSK_COUNT] = {
    [DSK_RSP] = {"rsp", NULL},           [DSK_ERR] = {"err", mdt_err_words},
    [DSK_KIND] = {"kind", mdt_kind_words}, [DSK_ENTRY] = {"entry", NULL},
    [DSK_REJOIN] = {"rejoin", NULL},     [DSK_RSP_WAITING] = {"rsp_waiting", NULL},
    [DSK_FILL_RSP] = {"fill_rsp", NULL}, [DSK_FILL_ERR] = {"fill_err", mdt_err_words},
    [DSK_STICKY] = {"sticky", NULL},     [DSK_VALID] = {"valid", NULL},
    [DSK_PC] = {"pc", NULL},             [DSK_WAITING] = {"waiting", NULL},
    [DSK_READY] = {"ready", NULL},       [DSK_AGE] = {"age", NULL},
    [DSK_MASKED] = {"masked", NULL},     [DSK_FREE] = {"free", NULL},
};

void dom_scn_mdt_got(const mdt_out_t *o, uint64_t got[DSK_COUNT])
{
    got[DSK_RSP] = o->rsp_valid;
    got[DSK_ERR] = o->rsp_err;
    got[DSK_KIND] = o->rsp_kind;
    got[DSK_ENTRY] = o->rsp_entry;
    got[DSK_REJOIN] = o->rsp_rejoin;
    got[DSK_RSP_WAITING] = o->rsp_waiting;
    got[DSK_FILL_RSP] = o->fill_rsp_valid;
    got[DSK_FILL_ERR] = o->fill_err;
    got[DSK_STICKY] = o->err_sticky;
    got[DSK_VALID] = o->rd_valid;
    got[DSK_PC] = o->rd_pc;
    got[DSK_WAITING] = o->rd_waiting;
    got[DSK_READY] = o->rd_ready;
    got[DSK_AGE] = o->rd_age;
    got[DSK_MASKED] = o->rd_masked;
    got[DSK_FREE] = o->rd_free;
}

/* A warp or entry id, or a 0/1 flag: at most max (wider ones would be cut by
 * the C structs before dom_scn_fits could see them). */
static int get_small(scenario_line_t *l, const char *key, uint64_t *v, uint64_t max, char *err,
                     size_t errlen)
{
    int has = scenario_get(l, key, v, err, errlen);
    if (has > 0 && *v > max) {
        snprintf(err, errlen, "%s:%u: %s=0x%llx is out of range (at most %llu)", l->file,
                 l->lineno, key, (unsigned long long)*v, (unsigned long long)max);
        return -1;
    }
    return has;
}

int dom_scn_mdt_request(dom_scn_t *s, bool with_ok, mdt_in_t *req, char *err, size_t errlen)
{
    scenario_line_t *l = &s->line;
    static const scenario_word_t ops[] = {
        {"access", MDT_OP_ACCESS},   {"force", MDT_OP_FORCE},
        {"release", MDT_OP_RELEASE}, {"reserved", MDT_OP_RESERVED},
        {NULL, 0},
    };
    uint64_t w = 0, e = 0, op, ok = 1;
    memset(req, 0, sizeof *req);
    if (s->expect) {
        if (get_small(l, "w", &w, 0xffff, err, errlen) < 0 ||
            get_small(l, "e", &e, 0xffff, err, errlen) < 0 ||
            scenario_expect_read(l, &s->exp, dom_mdt_keys, DSK_COUNT, 0, err, errlen))
            return -1;
        req->acc_warp = req->rd_warp = (unsigned)w;
        req->rd_entry = (unsigned)e;
        return 0;
    }
    if (!strcmp(l->verb, "idle"))
        return 0;
    if (get_small(l, "w", &w, 0xffff, err, errlen) < 0)
        return -1;
    req->rd_warp = (unsigned)w;
    if (!strcmp(l->verb, "fill")) {
        req->fill_valid = true;
        req->fill_warp = (unsigned)w;
        if (get_small(l, "e", &e, 0xffff, err, errlen) < 0 ||
            scenario_get(l, "mask", &req->fill_mask, err, errlen) < 0)
            return -1;
        req->fill_entry = (unsigned)e;
        return 0;
    }
    if (scenario_word(ops, l->verb, &op)) {
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
         (with_ok && get_small(l, "ok", &ok, 1, err, errlen) < 0)))
        return -1;
    req->acc_alloc_ok = ok;
    return 0;
}
