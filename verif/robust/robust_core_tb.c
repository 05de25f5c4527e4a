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
 * cycle without it. Or a directed scenario
 * (verif/robust/scenarios/robust_core_*.scn). On every cycle of either,
 * the intent checks (below): what the table and the ASU are wired together
 * for, from the paper. */
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
    scenario_cycle_t scn;  /* a directed scenario instead of the generator (scn.scn set) */
    scenario_word_t err_words[ROBC_ERR_COUNT + 1u]; /* the table's codes, then the core's */
    scenario_key_t err_key; /* err=, by those names */
    /* the intent checks' view of the last cycle, from the ports */
    bool last_valid;          /* a cycle was stepped since the start or the last reset */
    robust_core_in_t last_in; /* its inputs */
    robust_core_out_t last;   /* its outputs */
    uint64_t interval_tasks;  /* tasks the slices completed in the ASU's interval */
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

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md; the reading and the keys shared with
 * the children's readers in robust_tb_common.h):
 *   launch  w= d= pc= exit= strategy= anneal= tasks=   LAUNCH and the ASU's START
 *   reconf  pc= exit=                 RECONF at the ASU's width_o x depth_o
 *   branch  e= tpc= fpc= rpc= taken=  advance e= pc=   arrive e=   barrier e=
 *   task    e= pc=                    slice e ends a task (the ASU counts its threads)
 *   idle    [n=1] [e=]                (e= addresses the read port)
 *   expect / peek [e=]
 * The core gives the ASU its SYNC and END itself: no verb. Every line may
 * carry the check keys, compared with the outputs of its cycle (before its
 * edge; a key its request takes is the request's): the table's (status=
 * warp= sid= lanes= pc= rpc= mask= tos= ready= rsp= fin= resume= resume_e=
 * released= sticky= slices= active= arrived= sel= sel_e=), the ASU's (width=
 * depth= reconf= phase= step= dim= stride= converged= fallback= cpt=
 * cpt_sat= best_w= best_d= best_cpt=) and the core's (err=, by the table's
 * or the core's code names; tbl_width= tbl_depth=). */
static const scenario_verb_t robc_verbs[] = {
    {"launch", "LAUNCH: a section begins, every thread divided at width w, the first d slices "
               "active, at pc with exit PC exit; the ASU starts (strategy=, anneal=, tasks=)"},
    {"reconf", "RECONF: the live slices merge and divide again at the ASU's width and depth, "
               "at pc"},
    ROBUST_SLICE_VERBS,
    {"task", "TASK: slice e ends a task -- the threads on its stack's top each complete one "
             "(the ASU counts them) -- and moves to pc"},
    {NULL, NULL},
};

enum { CK_TBL_WIDTH, CK_TBL_DEPTH, CK_COUNT }; /* after RTK_COUNT + RAK_COUNT, then err= */
static const scenario_key_t core_keys[CK_COUNT] = {
    [CK_TBL_WIDTH] = {"tbl_width", NULL, "tbl_width_o"},
    [CK_TBL_DEPTH] = {"tbl_depth", NULL, "tbl_depth_o"},
};
#define SLOT_ASU RTK_COUNT
#define SLOT_CORE (RTK_COUNT + RAK_COUNT)
#define SLOT_ERR (RTK_COUNT + RAK_COUNT + CK_COUNT)

static int scenario_stimulus(tb_t *t, robust_core_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    warp_slice_table_in_t q = {0};
    const warp_slice_table_params_t *tp = warp_slice_table_params(robust_core_table(t->m));
    if (robust_scn_request(l, tp, robc_op_words, false, &q, err, errlen))
        return -1;
    core_request(&q, in);
    if (in->req_valid && in->req_op == WSL_OP_LAUNCH) { /* the ASU's START */
        uint64_t v = 0;
        if (scenario_get_word(l, "strategy", asu_strategy_words, &v, err, errlen) < 0)
            return -1;
        if (v > 3u) {
            snprintf(err, errlen, "%s:%u: strategy=%llu does not fit start_strategy_i (2 bits)",
                     l->file, l->lineno, (unsigned long long)v);
            return -1;
        }
        in->start_strategy = (unsigned)v;
        v = 0;
        if (scenario_get_bits(l, "anneal", 1, &v, err, errlen) < 0 ||
            scenario_get_bits(l, "tasks", t->p.task_width, &in->start_tasks, err, errlen) < 0)
            return -1;
        in->start_anneal = v != 0;
    }
    if (scenario_expect_read(l, &t->scn.exp, robust_table_keys, RTK_COUNT, 0, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, robust_asu_keys, RAK_COUNT, SLOT_ASU, err,
                             errlen) ||
        scenario_expect_read(l, &t->scn.exp, core_keys, CK_COUNT, SLOT_CORE, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, &t->err_key, 1, SLOT_ERR, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const robust_core_out_t *o, char *err, size_t errlen)
{
    uint64_t got[SLOT_ERR + 1] = {
        ROBUST_TABLE_GOT(o, 0),
        ROBUST_ASU_GOT(o, SLOT_ASU),
        [SLOT_CORE + CK_TBL_WIDTH] = o->tbl_width,
        [SLOT_CORE + CK_TBL_DEPTH] = o->tbl_depth,
        [SLOT_ERR] = o->rsp_err,
    };
    const scenario_line_t *l = &t->scn.line;
    const scenario_expect_t *e = &t->scn.exp;
    if (scenario_expect_check(l, e, robust_table_keys, RTK_COUNT, 0, got, err, errlen) ||
        scenario_expect_check(l, e, robust_asu_keys, RAK_COUNT, SLOT_ASU, got + SLOT_ASU, err,
                              errlen) ||
        scenario_expect_check(l, e, core_keys, CK_COUNT, SLOT_CORE, got + SLOT_CORE, err,
                              errlen) ||
        scenario_expect_check(l, e, &t->err_key, 1, SLOT_ERR, got + SLOT_ERR, err, errlen))
        return -1;
    return 0;
}

/* ---- intent checks ---------------------------------------------------------------
 * What the table and the ASU are wired together for, checked on every cycle
 * from the ports (the last cycle's and this one's: a request's verdict shows
 * the cycle after it) -- not from the composed model, whose wiring is the
 * RTL's: a wiring changed alike in both passes the lockstep comparison, not
 * these.
 *   1. Sections IV and IV-A, Figure 3: the WPU runs the organisation the
 *      ASU suggests, and changes it only at an interval's end: the table's
 *      width and depth change only by an accepted LAUNCH (the section's
 *      start, to the request's) or RECONF (to the ASU's width_o x depth_o
 *      shown in its cycle).
 *   2. Sections IV and VI-C: the ASU measures the organisation it
 *      suggested: every task it counts (a TASK accepted while it samples,
 *      RUN or DRAIN) ran at the table's organisation equal to the ASU's.
 *   3. Section VI-C: an interval drains exactly when the tasks its slices
 *      completed -- the threads on top of each TASKing slice's stack --
 *      reach TasksPerThread x the WPU's threads.
 *   4. Sections IV-A and VI-C: an interval ends (the ASU leaves DRAIN to
 *      divide) exactly when every live slice has finished its task and
 *      arrived. */

static bool sampling(unsigned phase)
{
    return phase == ASU_PHASE_RUN || phase == ASU_PHASE_DRAIN;
}

static int intent_check(tb_t *t, const robust_core_out_t *o, char *err, size_t errlen)
{
    const robust_core_in_t *li = &t->last_in;
    const robust_core_out_t *lo = &t->last;
    unsigned op = li->req_op & 7u;
    /* the last cycle's request, accepted (its verdict shows now) */
    bool ok = li->req_valid && o->rsp_valid && o->rsp_err == WSL_ERR_NONE;
    unsigned want_w = lo->tbl_width, want_d = lo->tbl_depth;
    const char *why = "unchanged: no LAUNCH or RECONF accepted";
    if (ok && op == WSL_OP_LAUNCH) {
        want_w = li->req_width, want_d = li->req_depth;
        why = "the accepted LAUNCH's";
    } else if (ok && op == WSL_OP_RECONF) {
        want_w = lo->width, want_d = lo->depth;
        why = "the ASU's, by the accepted RECONF";
    }
    if (o->tbl_width != want_w || o->tbl_depth != want_d) {
        snprintf(err, errlen, "intent (Robust IV-A): the table's organisation is %u x %u, "
                 "expected %u x %u (%s)", o->tbl_width, o->tbl_depth, want_w, want_d, why);
        return -1;
    }
    bool task = ok && op == ROBC_OP_TASK && sampling(lo->phase);
    if (task && (lo->tbl_width != lo->width || lo->tbl_depth != lo->depth)) {
        snprintf(err, errlen, "intent (Robust IV, VI-C): a task counted in the ASU's interval "
                 "ran at %u x %u, the ASU measures %u x %u", lo->tbl_width, lo->tbl_depth,
                 lo->width, lo->depth);
        return -1;
    }
    if (task)
        t->interval_tasks += bm_popcount(&lo->rd_mask);
    if (o->reconf && o->phase == ASU_PHASE_RUN) /* a new interval (START or a probe) */
        t->interval_tasks = 0;
    else if (lo->phase == ASU_PHASE_RUN && sampling(o->phase)) {
        uint64_t target = (uint64_t)t->p.tasks_per_thread * t->p.num_warps * t->p.warp_width;
        if ((o->phase == ASU_PHASE_DRAIN) != (t->interval_tasks >= target)) {
            snprintf(err, errlen, "intent (Robust VI-C): the interval %s with %llu of its %llu "
                     "tasks completed", o->phase == ASU_PHASE_DRAIN ? "drains" : "runs on",
                     (unsigned long long)t->interval_tasks, (unsigned long long)target);
            return -1;
        }
    }
    bool all_arrived = lo->arrived && lo->slices > 0 && !(ok && op == WSL_OP_LAUNCH);
    if (lo->phase == ASU_PHASE_DRAIN &&
        (o->phase == ASU_PHASE_DIVIDE) != all_arrived) {
        snprintf(err, errlen, "intent (Robust IV-A, VI-C): the interval %s with %u live "
                 "slices, %s", o->phase == ASU_PHASE_DIVIDE ? "ended" : "drains on",
                 lo->slices, lo->arrived ? "every one arrived" : "not every one arrived");
        return -1;
    }
    return 0;
}

/* Every stepped cycle (not a peek): the checks against the last one, then
 * this one becomes the last. */
static int intent(tb_t *t, const robust_core_in_t *in, const robust_core_out_t *o, char *err,
                  size_t errlen)
{
    if (t->last_valid && intent_check(t, o, err, errlen))
        return -1;
    t->last_valid = true;
    t->last_in = *in;
    t->last = *o;
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
    /* err= names the table's codes and the core's own */
    scenario_words_join(t->err_words, ROBC_ERR_COUNT + 1u, wsl_err_words, robc_err_words);
    t->err_key = (scenario_key_t){"err", t->err_words, "rsp_err_o"};
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, robust_core_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle;
    t->w.bad = t->bad = false;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const robust_core_in_t *in,
                    robust_core_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        robust_core_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    robust_core_events_t ev;
    robust_core_step(t->m, in, out, &ev);
    if (intent(t, in, out, err, errlen))
        return -1;
    cover(t, &ev);
    if (ev.task)
        t->tasks_left -= ev.asu_in.done < t->tasks_left ? ev.asu_in.done : t->tasks_left;
    robust_core_in_t legal = *in;
    legal.req_valid &= !t->bad;
    robust_core_step(t->shadow, &legal, NULL, NULL);
    if (t->scn.scn)
        return scenario_check(t, out, err, errlen);
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
    t->last_valid = false; /* the block's state is gone: no last cycle to compare with */
    t->interval_tasks = 0;
}

COSIM_TESTBENCH_SHADOWED(tb_t, robust_core, true, NULL, tb_reset, .verbs = robc_verbs);
