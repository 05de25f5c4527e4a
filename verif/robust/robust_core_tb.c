/* robust_core testbench: a WPU running parallel sections on warp-slices
 * while the ASU adapts their width and depth. Each section LAUNCHes at a
 * random (or the conventional) organisation with a random strategy, stride
 * rule and task count (one in ten too few: the fall-back), and draws a
 * performance landscape (robust_tb_common.h: unimodal, noisy or
 * adversarial). Its slices run the task loop of warp_slice_table's
 * testbench -- tasks with nested branches, barriers -- each task ending in a
 * TASK whose threads the ASU counts, at the rate the landscape gives the
 * table's (width, depth): one operation per `len / lmin` cycles. When the
 * ASU drains, the slices end their tasks and ARRIVE; the core ends the
 * interval; once the ASU has decided, the WPU's RECONF applies its
 * configuration (or, one time in 50, a new LAUNCH restarts it). Once the
 * section's tasks are done the slices exit and the core ends it. About 3%
 * of requests are illegal: every table code (warp_slice_table's
 * testbench's), and the core's own -- a RECONF mid-interval, an ARRIVE with
 * nothing draining, strategy 3 -- each of which must be rejected with its
 * code and leave the model in the state of a shadow model that saw the
 * cycle without it. */
#include <string.h>

#include "cosim_kit.h"
#include "robust.h"
#include "robust_core.h"
#include "robust_tb_common.h"

typedef struct {
    robust_core_params_t p;
    robust_core_t *m;
    robust_core_t *shadow; /* the same cycles, without the illegal requests */
    uint64_t *cov_tbl, *cov_asu, *cov_core;
    robust_wpu_t w;        /* the task loop (robust_tb_common.h) */
    robust_land_t land;    /* the section's landscape */
    uint64_t len, acc;     /* the rate: an operation per len / lmin cycles */
    uint64_t stall;        /* cycles of a stalled interval without an operation */
    unsigned prev_phase;
    uint64_t tasks_left;   /* the section's tasks not yet started */
    uint64_t pause;        /* cycles before the next LAUNCH */
    bool bad;              /* this cycle's request is illegal */
    unsigned bad_code;     /* its code: the core's own, else the table's */
} tb_t;

/* ---- the WPU ------------------------------------------------------------------ */

/* The core's own verdict on a request, from its page (0: none; the
 * table's follows): RECONF needs the ASU's decision, ARRIVE a drain or a
 * configuration to apply, LAUNCH a strategy. */
static unsigned core_code(const robust_core_out_t *o, const robust_core_in_t *in)
{
    unsigned op = in->req_op & 7u;
    if (op == WSL_OP_RECONF && o->phase != ASU_PHASE_RUN && o->phase != ASU_PHASE_EXEC)
        return ROBC_ERR_MID_INTERVAL;
    if (op == WSL_OP_ARRIVE && o->phase != ASU_PHASE_DRAIN &&
        !(o->phase == ASU_PHASE_EXEC && (o->width != o->tbl_width || o->depth != o->tbl_depth)))
        return ROBC_ERR_NOT_DRAINING;
    if (op == WSL_OP_LAUNCH && (in->start_strategy & 3u) == 3u)
        return ROBC_ERR_BAD_STRATEGY;
    return 0;
}

/* The table's request as the core's (the LAUNCH fields aside). */
static void core_request(const warp_slice_table_in_t *q, robust_core_in_t *in)
{
    in->req_valid = q->req_valid;
    in->req_op = q->req_op;
    in->req_entry = q->req_entry;
    in->req_width = q->req_width;
    in->req_depth = q->req_depth;
    in->req_pc = q->req_pc;
    in->req_alt_pc = q->req_alt_pc;
    in->req_rpc = q->req_rpc;
    in->req_mask = q->req_mask;
}

/* A LAUNCH: the section's organisation, search and tasks, and its
 * landscape. */
static void launch(tb_t *t, robust_core_in_t *in)
{
    cosim_rng_t *r = &t->w.rng;
    warp_slice_table_in_t q = {0};
    t->w.bad_division_pct = 40; /* a LAUNCH's width, depth or PC out of range */
    robust_wpu_division(&t->w, &q, true, true);
    if (!t->w.bad && cosim_rng_pct(r, 40)) { /* the conventional organisation */
        q.req_width = t->p.warp_width;
        q.req_depth = t->p.num_warps;
    }
    core_request(&q, in);
    in->start_strategy = (unsigned)cosim_rng_below(r, ASU_STRATEGY_COUNT);
    in->start_anneal = cosim_rng_pct(r, 70);
    uint64_t thr = (uint64_t)t->p.min_intervals * asu_interval_tasks(robust_core_asu(t->m));
    unsigned c = (unsigned)cosim_rng_below(r, 10);
    in->start_tasks = c == 0 ? cosim_rng_below(r, thr / 16u + 1u) /* too few: the fall-back */
                      : c < 6 ? thr + cosim_rng_below(r, thr)
                              : thr + cosim_rng_below(r, 3u * thr);
    if (cosim_rng_pct(r, 3)) {
        in->start_strategy = 3;
        robust_wpu_inject(&t->w, WSL_ERR_NONE); /* the core's BAD_STRATEGY */
    }
    if (t->w.bad)
        return; /* an illegal LAUNCH: the section starts later */
    t->tasks_left = in->start_tasks;
    t->w.exiting = false;
    /* two sections in five lose slices early, one in five fast */
    t->w.exit_pct = !cosim_rng_pct(r, 40) ? 0u : cosim_rng_pct(r, 50) ? 1u : 8u;
    unsigned lo = warp_slice_table_min_width(robust_core_table(t->m));
    unsigned pw = lo + (unsigned)cosim_rng_below(r, t->p.warp_width - lo + 1u);
    robust_land_new(&t->land, r, pw,
                    1u + (unsigned)cosim_rng_below(
                             r, robust_slices(t->p.num_warps, t->p.warp_width, pw)));
}

/* An illegal request now and then (often while draining): a RECONF before
 * the ASU's decision, an ARRIVE with nothing draining (or, draining, of a
 * slice the table refuses), a LAUNCH with strategy 3. */
static void core_illegal(tb_t *t, const robust_core_out_t *o, robust_core_in_t *in,
                         bool drain)
{
    cosim_rng_t *r = &t->w.rng;
    if (t->w.bad || cosim_rng_below(r, drain ? 4 : 100) != 0)
        return;
    robust_core_in_t bad = {.req_valid = true, .req_entry = in->req_entry,
                            .req_pc = t->w.head_pc, .req_rpc = t->w.exit_pc};
    switch (cosim_rng_below(r, 3)) {
    case 0:
        bad.req_op = WSL_OP_RECONF;
        break;
    case 1: { /* while draining: a slice the table refuses (its code) */
        const warp_slice_table_t *tbl = robust_core_table(t->m);
        unsigned e = (unsigned)cosim_rng_below(r, t->w.entry_span);
        unsigned st = warp_slice_table_status(tbl, e);
        bad.req_op = WSL_OP_ARRIVE;
        bad.req_entry = e;
        if (core_code(o, &bad))
            break;
        if (!o->req_ready || (st == WSL_STATUS_ACTIVE &&
            recon_stack_depth(warp_slice_table_stack(tbl), e) == 1u))
            return; /* BUSY, or a legal arrival */
        robust_wpu_inject(&t->w, st == WSL_STATUS_FREE     ? WSL_ERR_BAD_ENTRY
                                 : st != WSL_STATUS_ACTIVE ? WSL_ERR_NOT_ACTIVE
                                                           : WSL_ERR_NOT_ROOT);
        *in = bad;
        return;
    }
    default:
        bad.req_op = WSL_OP_LAUNCH;
        bad.req_width = t->p.warp_width;
        bad.req_depth = 1;
        bad.start_strategy = 3;
        break;
    }
    if (!core_code(o, &bad))
        return;
    *in = bad;
    t->w.bad = true; /* its code: the core's */
}

static int random_stimulus(tb_t *t, robust_core_in_t *in)
{
    robust_wpu_t *w = &t->w;
    cosim_rng_t *r = &w->rng;
    robust_core_out_t o;
    robust_core_eval(t->m, in, &o);

    /* a new interval (or section): its rate */
    if (o.phase == ASU_PHASE_RUN && t->prev_phase != ASU_PHASE_RUN) {
        t->len = robust_land_len(&t->land, r, o.width, o.depth);
        t->acc = 0;
        if (t->len == ROBUST_STALL_CYCLES) { /* the interval stalls, then runs */
            /* just long enough to saturate a cycle counter of 16 bits or less */
            t->stall = t->p.cycle_width <= 16 ? (UINT64_C(1) << t->p.cycle_width) + 16u : 0u;
            t->len = t->land.lmin;
        }
    }
    t->prev_phase = o.phase;

    /* converged (or fallen back): the section soon runs out of tasks */
    if (o.phase == ASU_PHASE_EXEC && cosim_rng_below(r, 3000) == 0)
        t->tasks_left = 0;
    bool drain = o.phase == ASU_PHASE_DRAIN ||
                 (o.phase == ASU_PHASE_EXEC && (o.width != o.tbl_width || o.depth != o.tbl_depth));
    warp_slice_table_in_t q = {0};
    if (!o.req_ready) { /* the stacks are being written */
        if (cosim_rng_pct(r, 5)) {
            q.req_valid = true;
            q.req_op = WSL_OP_ADVANCE;
            robust_wpu_inject(w, WSL_ERR_BUSY);
        }
        core_request(&q, in);
    } else if (o.phase == ASU_PHASE_IDLE || (o.arrived && o.slices == 0)) {
        if (t->pause) {
            t->pause--;
        } else {
            launch(t, in);
            t->pause = cosim_rng_below(r, 50);
        }
    } else if (o.arrived) { /* every live slice arrived */
        if (o.phase == ASU_PHASE_RUN || o.phase == ASU_PHASE_EXEC) {
            if (cosim_rng_pct(r, 2)) {
                launch(t, in); /* a new section instead */
            } else {
                w->bad_division_pct = 4; /* its PC */
                robust_wpu_division(w, &q, false, false);
                core_request(&q, in);
                w->deep = cosim_rng_pct(r, 5);
            }
        } else if (cosim_rng_below(r, 1000) == 0) {
            launch(t, in); /* while the ASU measures and decides: a restart */
        }
    } else if (t->stall) {
        t->stall--;
    } else if (o.sel_valid) {
        t->acc += t->land.lmin;
        w->illegal_one_in = drain ? 6 : 33; /* the arrivals' errors while draining */
        if (t->acc >= t->len) {
            t->acc -= t->len;
            unsigned e = o.sel_entry, x = (unsigned)cosim_rng_below(r, t->p.max_slices);
            bool task_end;
            if (cosim_rng_pct(r, 30) &&
                warp_slice_table_status(robust_core_table(t->m), x) == WSL_STATUS_ACTIVE)
                e = x; /* another active slice */
            w->exiting = t->tasks_left == 0;
            robust_wpu_slice_op(w, &q, e, drain, &task_end);
            robust_wpu_maybe_illegal(w, &q);
            if (w->bad && w->bad_code == WSL_ERR_BAD_OP)
                q.req_op = 7; /* 6 is the core's TASK */
            core_request(&q, in);
            /* a task ends at the loop head, or now and then for the threads on
             * top as they reconverge */
            const recon_stack_t *stk = warp_slice_table_stack(robust_core_table(t->m));
            if (!w->bad && q.req_op == WSL_OP_ADVANCE && recon_stack_depth(stk, e) > 1u &&
                cosim_rng_pct(r, 20))
                task_end = true;
            if (task_end && !w->bad)
                in->req_op = ROBC_OP_TASK;
        }
    }
    if (!w->bad)
        core_illegal(t, &o, in, drain);
    if (!in->req_valid || in->req_op > WSL_OP_BARRIER + 1u || in->req_op < WSL_OP_BRANCH)
        in->req_entry = (unsigned)cosim_rng_below(r, w->entry_span); /* the read port */
    if (w->bad) {
        unsigned own = core_code(&o, in);
        t->bad = true;
        t->bad_code = own ? own : w->bad_code;
    }
    return 0;
}

/* ---- cover ---------------------------------------------------------------------- */

static void cover(tb_t *t, const robust_core_events_t *ev)
{
    uint64_t *c = t->cov_core;
    robust_table_cover(t->cov_tbl, &ev->tbl);
    robust_asu_cover(t->cov_asu, &ev->asu);
    if (ev->req && robc_err_cover[ev->err & 15u] < ROBC_CV_COUNT)
        c[robc_err_cover[ev->err & 15u]]++;
    c[ROBC_CV_TASK] += ev->task;
    c[ROBC_CV_TASK_PART] += ev->task_part;
    c[ROBC_CV_AUTO_SYNC] += ev->auto_sync;
    c[ROBC_CV_AUTO_END] += ev->auto_end;
    c[ROBC_CV_RECONF_PROBE] += ev->reconf_probe;
    c[ROBC_CV_RECONF_CONVERGED] += ev->reconf_converged;
    c[ROBC_CV_RECONF_FALLBACK] += ev->reconf_fallback;
    c[ROBC_CV_DEPTH_OVER_LIVE] += ev->depth_over_live;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cov_tbl = cover[KIT_COVERS_WARP_SLICE_TABLE];
    t->cov_asu = cover[KIT_COVERS_ASU];
    t->cov_core = cover[KIT_COVERS_ROBUST_CORE];
    robust_wpu_init(&t->w, robust_core_table(t->m), o->seed);
    t->w.exit_pct = 0; /* slices exit when the section's tasks are done */
    t->w.task_end_pct = 50; /* short tasks: many intervals in a run */
    t->land.lmin = 1000;
    t->land.warp_width = t->p.warp_width;
    t->land.max_slices = t->p.max_slices;
    t->land.stall_one_in = 100;
    t->len = t->land.lmin;
    t->prev_phase = ASU_PHASE_COUNT; /* none yet */
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, robust_core_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle, (void)err, (void)errlen;
    t->w.bad = t->bad = false;
    return random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const robust_core_in_t *in,
                    robust_core_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    robust_core_events_t ev;
    robust_core_step(t->m, in, out, &ev);
    cover(t, &ev);
    if (ev.task)
        t->tasks_left -= ev.asu_in.done < t->tasks_left ? ev.asu_in.done : t->tasks_left;
    robust_core_in_t legal = *in;
    legal.req_valid &= !t->bad;
    robust_core_step(t->shadow, &legal, NULL, NULL);
    if (t->bad && ev.err != t->bad_code) {
        snprintf(err, errlen, "injected illegal request (op %u, entry %u): expected error %u, "
                 "model reports %u", in->req_op, in->req_entry, t->bad_code, ev.err);
        return -1;
    }
    if (t->bad && !robust_core_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    return 0;
}

static void tb_reset(tb_t *t)
{
    t->prev_phase = ASU_PHASE_COUNT;
    t->pause = t->stall = 0;
    t->tasks_left = 0;
}

COSIM_TESTBENCH_SHADOWED(tb_t, robust_core, false, NULL, tb_reset);
