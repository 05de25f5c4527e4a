/* Shared Thread Block Compaction testbench code: see tbc_tb_common.h. */
#include "tbc_tb_common.h"

#include <stdio.h>
#include <string.h>

#include "cosim_kit.h" /* the cover points of the group: TBC_CV_*, TC_CV_* */
#include "pdom_stim.h"

void tbc_random_block_mask(cosim_rng_t *r, unsigned b, unsigned w, bitmask_t *m,
                           bool allow_empty)
{
    unsigned s = b / w;
    bm_clear(m);
    switch (cosim_rng_below(r, 8)) {
    case 0:
        if (allow_empty)
            return;
        /* fall through */
    case 1:
        bm_fill(m, b);
        return;
    case 2: { /* one lane's threads */
        unsigned l = (unsigned)cosim_rng_below(r, w);
        for (unsigned k = 0; k < s; k++)
            bm_set(m, k * w + l, true);
        return;
    }
    case 3: { /* one static warp */
        unsigned k = (unsigned)cosim_rng_below(r, s);
        for (unsigned l = 0; l < w; l++)
            bm_set(m, k * w + l, cosim_rng_pct(r, 80));
        break;
    }
    default: { /* random density */
        unsigned k = (unsigned)cosim_rng_below(r, 4);
        for (unsigned i = 0; i < bm_words(b); i++) {
            uint64_t v = cosim_rng_next(r);
            for (unsigned j = 0; j < k; j++)
                v = (k & 1) ? v & cosim_rng_next(r) : v | cosim_rng_next(r);
            m->w[i] = v;
        }
        bm_trim(m, b);
    }
    }
    if (!allow_empty && bm_is_zero(m))
        bm_set(m, (unsigned)cosim_rng_below(r, b), true);
}

/* ---- cover rules of thread_compactor ------------------------------------------ */

void tc_cover_init(tc_cover_t *c, const thread_compactor_params_t *p, uint64_t *cover)
{
    memset(c, 0, sizeof *c);
    c->p = *p;
    c->cover = cover;
}

void tc_cover(tc_cover_t *c, const thread_compactor_in_t *in, const thread_compactor_out_t *out)
{
    uint64_t *v = c->cover;
    const thread_compactor_params_t *p = &c->p;
    unsigned S = p->block_threads / p->warp_width;
    if (in->in_valid && out->in_ready) {
        unsigned warps = thread_compactor_warp_count(p, &in->in_mask, in->in_static);
        unsigned statics = thread_compactor_warp_count(p, &in->in_mask, true);
        v[TC_CV_EMPTY_MASK] += bm_is_zero(&in->in_mask);
        v[TC_CV_FULL_MASK] += bm_popcount(&in->in_mask) == p->block_threads;
        v[TC_CV_COMPACTS] += !in->in_static && warps < statics;
        v[TC_CV_ONE_HEAVY_LANE] += !in->in_static && warps == S &&
                                   bm_popcount(&in->in_mask) == S;
        v[TC_CV_STATIC] += in->in_static && warps > 1;
        v[TC_CV_BACK_TO_BACK] += c->last_taken && warps > 0;
    }
    v[TC_CV_BACKPRESSURE] += out->out_valid && !in->out_ready;
    v[TC_CV_OFFER_WHILE_BUSY] += in->in_valid && !out->in_ready;
    c->last_taken = out->out_valid && in->out_ready && out->out_last;
}

/* ---- driver ------------------------------------------------------------------ */

void tbc_driver_init(tbc_driver_t *d, const tbc_stack_params_t *p, uint64_t seed,
                     uint64_t *cover)
{
    memset(d, 0, sizeof *d);
    d->p = *p;
    d->cover = cover;
    d->s = p->block_threads / p->warp_width;
    d->pc_none = p->pc_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->pc_width) - 1u;
    cosim_rng_seed(&d->rng, seed);
}

void tbc_driver_reset(tbc_driver_t *d)
{
    tbc_stack_params_t p = d->p;
    cosim_rng_t rng = d->rng;
    uint64_t issued = d->issued;
    tbc_driver_init(d, &p, 0, d->cover);
    d->rng = rng;
    d->issued = issued;
}

static uint64_t fresh_pc(tbc_driver_t *d) { return cosim_rng_below(&d->rng, d->pc_none); }

void tbc_driver_warp(tbc_driver_t *d, uint64_t lane_valid, const uint16_t *lane_sw)
{
    if (d->discard || d->npool == TBC_MAX_POOL)
        return;
    tc_warp_t *w = &d->pool[d->npool];
    w->lane_valid = lane_valid;
    memcpy(w->lane_sw, lane_sw, sizeof w->lane_sw);
    d->pool_seq[d->npool++] = d->issued++;
}

/* A new top of stack: its warps get a plan. */
void tbc_driver_compaction(tbc_driver_t *d, const tbc_stack_t *m)
{
    tbc_stack_entry_t t;
    cosim_rng_t *r = &d->rng;
    d->discard = false;
    d->npool = 0;
    d->have_last = false;
    if (!tbc_stack_top(m, &t))
        return;
    unsigned depth = tbc_stack_depth(m);
    if (cosim_rng_pct(r, 3))
        d->grow = !d->grow;
    if (depth <= 1)
        d->grow = true;
    if (depth >= d->p.depth - 1)
        d->grow = cosim_rng_pct(r, 85) ? false : d->grow;
    bool can_arrive = t.rpc != d->pc_none;
    unsigned branch_pct = d->grow ? 80 : 25;
    d->plan = (!can_arrive || cosim_rng_pct(r, branch_pct)) ? PLAN_BRANCH : PLAN_ARRIVE;
    static const pdom_branch_mix_t mix = {.rpc_reuse_pct = 25, .side_rpc = 2, .side_lpc = 4};
    pdom_branch_t b;
    pdom_random_branch(r, d->pc_none, d->p.lcp_enable, t.rpc, t.lpc, &mix, &b);
    d->tpc = b.pc, d->fpc = b.alt_pc, d->rpc = b.rpc, d->lpc = b.lpc;
    d->taken_style = (unsigned)cosim_rng_below(r, 6);
}

static void snapshot(tbc_driver_t *d, const tbc_stack_t *m, unsigned code)
{
    d->expect_err = true;
    d->expect_code = code;
    d->snap_depth = tbc_stack_depth(m);
    d->snap_tos = tbc_stack_tos(m);
    for (unsigned l = 0; l < d->snap_depth; l++)
        tbc_stack_entry(m, l, &d->snap[l]);
    d->snap_have_top = tbc_stack_top(m, &d->snap_top);
}

static void set_warp(tbc_stack_in_t *req, const tc_warp_t *w)
{
    req->req_lane_valid = w->lane_valid;
    memcpy(req->req_lane_sw, w->lane_sw, sizeof req->req_lane_sw);
}

static uint64_t taken_bits(tbc_driver_t *d, const tc_warp_t *w)
{
    switch (d->taken_style) {
    case 0:
        return w->lane_valid; /* uniform taken */
    case 1:
        return 0; /* uniform not taken */
    case 2: { /* one lane peeled off */
        unsigned n = (unsigned)__builtin_popcountll(w->lane_valid);
        unsigned pick = n ? (unsigned)cosim_rng_below(&d->rng, n) : 0;
        for (unsigned l = 0; l < d->p.warp_width; l++)
            if (((w->lane_valid >> l) & 1u) && pick-- == 0)
                return UINT64_C(1) << l;
        return 0;
    }
    default:
        return cosim_rng_next(&d->rng) & w->lane_valid;
    }
}

static void init_request(tbc_driver_t *d, tbc_stack_in_t *req)
{
    req->req_valid = true;
    req->req_op = TBC_OP_INIT;
    tbc_random_block_mask(&d->rng, d->p.block_threads, d->p.warp_width, &req->req_mask, false);
    req->req_static = cosim_rng_pct(&d->rng, 15);
    req->req_pc = fresh_pc(d);
    req->req_rpc = cosim_rng_pct(&d->rng, 75) ? fresh_pc(d) : d->pc_none;
}

/* An illegal request for the current state, with its expected code; false
 * if the chosen kind is not possible now. */
static bool inject(tbc_driver_t *d, const tbc_stack_t *m, tbc_stack_in_t *req)
{
    cosim_rng_t *r = &d->rng;
    unsigned depth = tbc_stack_depth(m);
    tbc_stack_entry_t t;
    bool have_t = tbc_stack_top(m, &t);
    bool pending = depth > tbc_stack_tos(m) + 1;
    req->req_valid = true;
    switch (cosim_rng_below(r, 8)) {
    case 0:
        req->req_op = TBC_OP_RESERVED;
        snapshot(d, m, TBC_ERR_BAD_OP);
        return true;
    case 1:
        req->req_op = cosim_rng_pct(r, 50) ? TBC_OP_BRANCH : TBC_OP_ARRIVE;
        req->req_lane_valid = 0;
        req->req_pc = fresh_pc(d);
        snapshot(d, m, TBC_ERR_BAD_WARP);
        return true;
    case 2:
        init_request(d, req);
        req->req_pc = d->pc_none;
        snapshot(d, m, TBC_ERR_BAD_PC);
        return true;
    case 3:
        init_request(d, req);
        bm_clear(&req->req_mask);
        snapshot(d, m, TBC_ERR_BAD_MASK);
        return true;
    case 4: /* a thread that is not in the TOS mask */
        if (!have_t)
            return false;
        for (unsigned tries = 0; tries < 8; tries++) {
            unsigned th = (unsigned)cosim_rng_below(r, d->p.block_threads);
            if (bm_get(&t.mask, th))
                continue;
            tc_warp_t w;
            memset(&w, 0, sizeof w);
            w.lane_valid = UINT64_C(1) << (th % d->p.warp_width);
            w.lane_sw[th % d->p.warp_width] = (uint16_t)(th / d->p.warp_width);
            set_warp(req, &w);
            req->req_op = TBC_OP_ARRIVE;
            req->req_pc = t.rpc != d->pc_none ? t.rpc : fresh_pc(d);
            snapshot(d, m, TBC_ERR_NOT_PENDING);
            return true;
        }
        return false;
    case 5: /* the last warp again */
        if (!have_t || !d->have_last || t.wcnt == 0)
            return false;
        set_warp(req, &d->last_arrived);
        req->req_op = d->plan == PLAN_BRANCH ? TBC_OP_BRANCH : TBC_OP_ARRIVE;
        req->req_pc = d->plan == PLAN_BRANCH ? d->tpc : t.rpc;
        req->req_alt_pc = d->fpc;
        req->req_rpc = d->rpc;
        req->req_lpc = d->lpc;
        if (req->req_pc == d->pc_none)
            return false;
        snapshot(d, m, TBC_ERR_NOT_PENDING);
        return true;
    case 6: /* ARRIVE while a branch is pending, or a different branch */
        if (!have_t || !pending || !d->npool || t.wcnt == 0)
            return false;
        set_warp(req, &d->pool[0]);
        if (cosim_rng_pct(r, 50) && t.rpc != d->pc_none) {
            req->req_op = TBC_OP_ARRIVE;
            req->req_pc = t.rpc;
            snapshot(d, m, TBC_ERR_NOT_PENDING);
        } else {
            req->req_op = TBC_OP_BRANCH;
            req->req_pc = d->tpc;
            req->req_alt_pc = d->fpc;
            req->req_rpc = d->rpc;
            do
                req->req_pc = fresh_pc(d);
            while (req->req_pc == d->tpc);
            snapshot(d, m, TBC_ERR_MISMATCH);
        }
        return true;
    default:
        if (depth)
            return false;
        req->req_op = cosim_rng_pct(r, 50) ? TBC_OP_BRANCH : TBC_OP_ARRIVE;
        req->req_lane_valid = 1;
        req->req_pc = fresh_pc(d);
        req->req_alt_pc = fresh_pc(d);
        req->req_rpc = fresh_pc(d);
        snapshot(d, m, TBC_ERR_EMPTY);
        return true;
    }
}

void tbc_driver_request(tbc_driver_t *d, const tbc_stack_t *m, const tbc_stack_out_t *out,
                        tbc_stack_in_t *req)
{
    cosim_rng_t *r = &d->rng;
    memset(req, 0, sizeof *req);
    req->req_lpc = d->pc_none;
    d->expect_err = false;
    req->cmp_ready = cosim_rng_pct(r, 80);
    if (!out->req_ready) {
        /* a request the settling stack must not take */
        if (cosim_rng_pct(r, 20)) {
            req->req_valid = true;
            req->req_op = (unsigned)cosim_rng_below(r, 4);
            req->req_pc = fresh_pc(d);
            req->req_lane_valid = cosim_rng_next(r);
        }
        return;
    }
    unsigned depth = tbc_stack_depth(m);
    if (cosim_rng_pct(r, 4) && inject(d, m, req))
        return;
    memset(req, 0, sizeof *req);
    req->req_lpc = d->pc_none;
    req->cmp_ready = cosim_rng_pct(r, 80);
    if (depth == 0) {
        if (d->idle_blocks) {
            d->idle_blocks--;
            return;
        }
        init_request(d, req);
        return;
    }
    if (cosim_rng_below(r, 2000) == 0) { /* replace the block mid-flight */
        init_request(d, req);
        return;
    }
    if (!d->npool || cosim_rng_pct(r, 30))
        return; /* the warps are busy in the pipeline */
    tbc_stack_entry_t t;
    tbc_stack_top(m, &t);
    unsigned i = (unsigned)cosim_rng_below(r, d->npool);
    const tc_warp_t *w = &d->pool[i];
    req->req_valid = true;
    set_warp(req, w);
    if (d->plan == PLAN_BRANCH) {
        req->req_op = TBC_OP_BRANCH;
        req->req_taken = taken_bits(d, w);
        req->req_pc = d->tpc;
        req->req_alt_pc = d->fpc;
        req->req_rpc = d->rpc;
        req->req_lpc = d->lpc;
    } else {
        req->req_op = TBC_OP_ARRIVE;
        bool to_lpc = d->p.lcp_enable && t.lpc != d->pc_none && cosim_rng_pct(r, 40);
        req->req_pc = to_lpc ? t.lpc : t.rpc;
    }
}

static bool entries_equal(const tbc_stack_entry_t *a, const tbc_stack_entry_t *b)
{
    return a->pc == b->pc && a->rpc == b->rpc && a->lpc == b->lpc && a->lpos == b->lpos &&
           a->wcnt == b->wcnt && bm_eq(&a->mask, &b->mask);
}

int tbc_driver_after(tbc_driver_t *d, const tbc_stack_t *m, const tbc_stack_in_t *req,
                     const tbc_stack_out_t *out, const tbc_stack_events_t *ev, char *err,
                     size_t errlen)
{
    uint64_t *c = d->cover;
    c[TBC_CV_REQ_NOT_READY] += req->req_valid && !out->req_ready;
    c[TBC_CV_CMP_BACKPRESSURE] += out->cmp_valid && !req->cmp_ready;
    c[TBC_CV_POP_EMPTY] += ev->settle_pop_empty;
    c[TBC_CV_POP_DONE] += ev->settle_pop_done;
    c[TBC_CV_SETTLE_MERGE] += ev->settle_merge;
    if (ev->settle_pop_empty || ev->settle_pop_done || ev->settle_merge) {
        if (++d->settle_pops >= 2)
            c[TBC_CV_CASCADE]++;
    } else if (ev->settled) {
        d->settle_pops = 0;
        tbc_stack_entry_t t;
        if (tbc_stack_top(m, &t)) {
            unsigned statics = thread_compactor_warp_count(
                &(thread_compactor_params_t){d->p.block_threads, d->p.warp_width}, &t.mask,
                true);
            c[TBC_CV_COMPACTION_GAIN] += t.wcnt < statics;
            c[TBC_CV_MAX_WARPS] += t.wcnt == d->s;
        }
    }
    c[TBC_CV_BLOCK_DONE] += ev->block_done;
    if (ev->block_done)
        d->idle_blocks = (unsigned)cosim_rng_below(&d->rng, 4);
    c[TBC_CV_FULL_DEPTH] += ev->depth_after == d->p.depth;
    if (!ev->accepted)
        return 0;
    if (ev->err) {
        if (tbc_err_cover[ev->err & 15u] < TBC_CV_COUNT)
            c[tbc_err_cover[ev->err & 15u]]++;
        if (ev->err == TBC_ERR_OVERFLOW && !d->expect_err)
            d->plan = PLAN_ARRIVE; /* no room to branch: reconverge instead */
    } else {
        c[TBC_CV_INIT] += ev->op == TBC_OP_INIT;
        c[TBC_CV_STATIC_BLOCK] += ev->op == TBC_OP_INIT && req->req_static;
        c[TBC_CV_FIRST_ARRIVAL] += ev->first_arrival;
        c[TBC_CV_LOOP_REPLACE] += ev->loop_replace;
        c[TBC_CV_LCP_PUSH] += ev->lcp_push;
        c[TBC_CV_LPC_ARRIVE] += ev->lpc_arrive;
        c[TBC_CV_WCNT_ZERO_BRANCH] += ev->wcnt_zero && ev->op == TBC_OP_BRANCH;
        c[TBC_CV_WCNT_ZERO_ARRIVE] += ev->wcnt_zero && ev->op == TBC_OP_ARRIVE;
        if (ev->op == TBC_OP_INIT) {
            d->npool = 0;
            d->discard = true;
        }
        if (ev->op == TBC_OP_INIT || ev->wcnt_zero)
            d->have_last = false; /* a new top of stack: nothing has arrived yet */
        /* the arriving warp leaves the pool; found by its lanes, not by what
         * the stimulus chose, so that a replayed run covers the same points */
        int found = -1;
        if (ev->op == TBC_OP_BRANCH || ev->op == TBC_OP_ARRIVE)
            for (unsigned k = 0; k < d->npool && found < 0; k++)
                if (d->pool[k].lane_valid == req->req_lane_valid &&
                    !memcmp(d->pool[k].lane_sw, req->req_lane_sw, sizeof req->req_lane_sw))
                    found = (int)k;
        if (found >= 0) {
            unsigned i = (unsigned)found;
            for (unsigned k = 0; k < d->npool; k++)
                if (d->pool_seq[k] < d->pool_seq[i]) {
                    c[TBC_CV_OUT_OF_ORDER]++;
                    break;
                }
            d->last_arrived = d->pool[i];
            d->have_last = !ev->wcnt_zero;
            d->pool[i] = d->pool[d->npool - 1];
            d->pool_seq[i] = d->pool_seq[d->npool - 1];
            d->npool--;
        }
    }
    if (!d->expect_err)
        return 0;
    d->expect_err = false;
    if (ev->err != d->expect_code) {
        snprintf(err, errlen, "injected illegal request (op %u): expected error %u, model reports %u",
                 req->req_op, d->expect_code, ev->err);
        return -1;
    }
    if (tbc_stack_depth(m) != d->snap_depth || tbc_stack_tos(m) != d->snap_tos) {
        snprintf(err, errlen, "rejected request changed depth/tos %u/%u -> %u/%u", d->snap_depth,
                 d->snap_tos, tbc_stack_depth(m), tbc_stack_tos(m));
        return -1;
    }
    for (unsigned l = 0; l < d->snap_depth; l++) {
        tbc_stack_entry_t e;
        tbc_stack_entry(m, l, &e);
        if (!entries_equal(&e, &d->snap[l])) {
            snprintf(err, errlen, "rejected request changed entry %u", l);
            return -1;
        }
    }
    tbc_stack_entry_t top;
    if (tbc_stack_top(m, &top) != d->snap_have_top ||
        (d->snap_have_top && !entries_equal(&top, &d->snap_top))) {
        snprintf(err, errlen, "rejected request changed entry T (tos_*)");
        return -1;
    }
    return 0;
}
