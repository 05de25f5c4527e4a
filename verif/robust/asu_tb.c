/* asu testbench: a WPU running parallel sections of data-parallel tasks.
 * Each section draws a strategy, a stride rule, a starting organisation and a
 * task count (one in ten too few: the fall-back), and a performance
 * landscape over (width x depth): unimodal, the same with 10% noise per
 * interval, or adversarial (an unrelated level per point). An interval's
 * tasks arrive at the rate its landscape point gives (IntervalTasks per
 * `len` cycles; one interval in 100 stalls long enough that a cycle counter
 * of 16 bits or less saturates); after DRAIN shows, the threads finish their
 * tasks (up to one each) over a few cycles and the WPU presents SYNC; after convergence the section runs on
 * for a while, then a new one starts (or END and a pause). Some sections
 * are cut short by an early START or END. About one START in five is
 * illegal first, and SYNC outside DRAIN and over-range task counts are
 * injected now and then: each must give its error code and leave the model
 * in the state of a shadow model that saw the cycle without it. Or a
 * directed scenario (verif/robust/scenarios/asu_*.scn). */
#include <string.h>

#include "asu.h"
#include "cosim_kit.h"
#include "robust_tb_common.h"

typedef struct {
    asu_params_t p;
    asu_t *m;
    asu_t *shadow; /* the same cycles, without the illegal inputs */
    uint64_t *cover;
    cosim_rng_t rng;
    unsigned done_max; /* the largest value done_i can carry */
    robust_land_t land; /* the section's landscape */
    /* the WPU */
    unsigned prev_phase;
    uint64_t len, acc;   /* the interval's rate: IntervalTasks per len cycles */
    unsigned drain_left; /* DRAIN: cycles to SYNC */
    uint64_t drain_tasks; /* DRAIN: tasks the threads still finish */
    uint64_t wait;       /* IDLE, EXEC: cycles to the next START */
    uint64_t early;      /* RUN: cycles to an early START or END (0: none) */
    bool early_end;
    /* this cycle's injected input */
    bool bad_op, bad_done;
    unsigned bad_code;
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md); every line but an expect or a peek
 * may give done=K, the tasks completed in its cycle(s).
 *   start  w= d= strategy= anneal= tasks=   a section begins
 *   end                                   it ends
 *   sync                                  every thread has arrived
 *   idle   [n=1]                          nothing
 *   expect / peek                         a check without a request, with a cycle / without
 * Every line may carry the check keys, compared with the outputs of its
 * cycle (before its edge): width= depth= reconf= phase= step= dim= stride=
 * converged= fallback= cpt= cpt_sat= best_w= best_d= best_cpt= (shared with
 * robust_core, robust_tb_common.h) op_rsp= op_err= done_rsp= done_err=
 * sticky=. */
static const scenario_verb_t asu_verbs[] = {
    {"start", "START: a section begins at width w, depth d (strategy=, anneal=, tasks=)"},
    {"end", "END: the section ends"},
    {"sync", "SYNC: every thread has arrived (the interval ends)"},
    {NULL, NULL},
};

enum { AK_OP_RSP, AK_OP_ERR, AK_DONE_RSP, AK_DONE_ERR, AK_STICKY, AK_COUNT }; /* after RAK_COUNT */
static const scenario_key_t asu_keys[AK_COUNT] = {
    [AK_OP_RSP] = {"op_rsp", NULL, "op_valid_o"},
    [AK_OP_ERR] = {"op_err", asu_err_words, "op_err_o"},
    [AK_DONE_RSP] = {"done_rsp", NULL, "done_valid_o"},
    [AK_DONE_ERR] = {"done_err", asu_err_words, "done_err_o"},
    [AK_STICKY] = {"sticky", NULL, "err_sticky_o"},
};

static int scenario_stimulus(tb_t *t, asu_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    uint64_t v = 0;
    if (!t->scn.check) {
        if (scenario_get(l, "done", &v, err, errlen) < 0)
            return -1;
        in->done = (unsigned)v;
    }
    if (!strcmp(l->verb, "start")) {
        in->op = ASU_OP_START;
        if (scenario_get(l, "w", &v, err, errlen) < 0)
            return -1;
        in->start_width = (unsigned)v;
        if (scenario_get(l, "d", &v, err, errlen) < 0)
            return -1;
        in->start_depth = (unsigned)v;
        if (scenario_get_word(l, "strategy", asu_strategy_words, &v, err, errlen) < 0)
            return -1;
        in->start_strategy = (unsigned)v;
        if (scenario_get(l, "anneal", &v, err, errlen) < 0)
            return -1;
        in->start_anneal = v != 0;
        if (scenario_get(l, "tasks", &in->start_tasks, err, errlen) < 0)
            return -1;
    } else if (!strcmp(l->verb, "end")) {
        in->op = ASU_OP_END;
    } else if (!strcmp(l->verb, "sync")) {
        in->op = ASU_OP_SYNC;
    } else if (!t->scn.check && strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    if (scenario_expect_read(l, &t->scn.exp, robust_asu_keys, RAK_COUNT, 0, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, asu_keys, AK_COUNT, RAK_COUNT, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const asu_out_t *o, char *err, size_t errlen)
{
    uint64_t got[RAK_COUNT + AK_COUNT] = {
        ROBUST_ASU_GOT(o, 0),
        [RAK_COUNT + AK_OP_RSP] = o->op_valid,
        [RAK_COUNT + AK_OP_ERR] = o->op_err,
        [RAK_COUNT + AK_DONE_RSP] = o->done_valid,
        [RAK_COUNT + AK_DONE_ERR] = o->done_err,
        [RAK_COUNT + AK_STICKY] = o->err_sticky,
    };
    if (scenario_expect_check(&t->scn.line, &t->scn.exp, robust_asu_keys, RAK_COUNT, 0, got, err,
                              errlen) ||
        scenario_expect_check(&t->scn.line, &t->scn.exp, asu_keys, AK_COUNT, RAK_COUNT,
                              got + RAK_COUNT, err, errlen))
        return -1;
    return 0;
}

/* ---- the WPU ------------------------------------------------------------------ */

/* This cycle's completed tasks at the interval's rate. */
static unsigned tasks_now(tb_t *t)
{
    t->acc += asu_interval_tasks(t->m);
    uint64_t n = t->acc / t->len;
    t->acc %= t->len;
    return n > t->p.warp_width ? t->p.warp_width : (unsigned)n;
}

static unsigned random_width(tb_t *t)
{
    unsigned lo = asu_min_width(t->m);
    return lo + (unsigned)cosim_rng_below(&t->rng, t->p.warp_width - lo + 1u);
}

/* A START: a new section, its landscape and, one time in five, an illegal
 * START first (the legal one follows on a later cycle). */
static void start_section(tb_t *t, asu_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    uint64_t thr = (uint64_t)t->p.min_intervals * asu_interval_tasks(t->m);
    in->op = ASU_OP_START;
    in->start_strategy = (unsigned)cosim_rng_below(r, ASU_STRATEGY_COUNT);
    in->start_anneal = cosim_rng_pct(r, 70);
    if (cosim_rng_pct(r, 40)) { /* the conventional organisation */
        in->start_width = t->p.warp_width;
        in->start_depth = t->p.num_warps;
    } else {
        in->start_width = random_width(t);
        in->start_depth = 1u + (unsigned)cosim_rng_below(r, asu_slices(t->m, in->start_width));
    }
    in->start_tasks = cosim_rng_pct(r, 10) ? cosim_rng_below(r, thr)
                                           : thr + cosim_rng_below(r, thr);
    if (cosim_rng_pct(r, 20)) {
        unsigned width_span = 1u << CFG_WidthWidth, depth_span = 1u << CFG_DepthWidth;
        unsigned s = asu_slices(t->m, in->start_width);
        t->bad_op = true;
        switch (cosim_rng_below(r, 3)) {
        case 0:
            t->bad_code = ASU_ERR_BAD_WIDTH;
            in->start_width = cosim_rng_pct(r, 50) || t->p.warp_width + 1u >= width_span
                                  ? (unsigned)cosim_rng_below(r, asu_min_width(t->m))
                                  : t->p.warp_width + 1u;
            return;
        case 1:
            t->bad_code = ASU_ERR_BAD_DEPTH;
            in->start_depth = cosim_rng_pct(r, 50) || s + 1u >= depth_span ? 0 : s + 1u;
            return;
        default:
            t->bad_code = ASU_ERR_BAD_STRATEGY;
            in->start_strategy = 3;
            return;
        }
    }
    unsigned peak_w = random_width(t);
    robust_land_new(&t->land, r, peak_w,
                    1u + (unsigned)cosim_rng_below(r, asu_slices(t->m, peak_w)));
}

static int random_stimulus(tb_t *t, asu_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    asu_out_t o;
    asu_peek(t->m, &o);
    if (o.reconf && o.phase == ASU_PHASE_RUN) { /* an interval begins */
        t->len = robust_land_len(&t->land, r, o.width, o.depth);
        if (t->len == ROBUST_STALL_CYCLES && t->p.cycle_width < 16)
            t->len = (UINT64_C(1) << t->p.cycle_width) + 16u; /* just saturates */
        t->acc = 0;
        t->early = cosim_rng_pct(r, 3) ? 1u + cosim_rng_below(r, t->len) : 0;
        t->early_end = cosim_rng_pct(r, 50);
    }
    if (o.phase == ASU_PHASE_DRAIN && t->prev_phase != ASU_PHASE_DRAIN) {
        t->drain_left = (unsigned)cosim_rng_below(r, 48);
        t->drain_tasks = cosim_rng_below(r, (uint64_t)t->p.num_warps * t->p.warp_width + 1u);
    }
    if ((o.phase == ASU_PHASE_EXEC || o.phase == ASU_PHASE_IDLE) && t->prev_phase != o.phase)
        t->wait = cosim_rng_below(r, o.phase == ASU_PHASE_EXEC ? 3000 : 200);
    t->prev_phase = o.phase;

    switch (o.phase) {
    case ASU_PHASE_RUN:
    case ASU_PHASE_DRAIN:
        if (o.phase == ASU_PHASE_RUN) {
            in->done = tasks_now(t);
        } else { /* the threads finish their tasks, then SYNC */
            uint64_t most = t->drain_tasks < t->p.warp_width ? t->drain_tasks : t->p.warp_width;
            in->done = (unsigned)cosim_rng_below(r, most + 1u);
            t->drain_tasks -= in->done;
            if (t->drain_left-- == 0)
                in->op = ASU_OP_SYNC;
        }
        if (t->early && --t->early == 0) {
            if (t->early_end)
                in->op = ASU_OP_END;
            else
                start_section(t, in);
        }
        break;
    case ASU_PHASE_IDLE:
    case ASU_PHASE_EXEC:
        in->done = cosim_rng_pct(r, 20) ? (unsigned)cosim_rng_below(r, 3) : 0;
        if (t->wait) {
            t->wait--;
        } else if (o.phase == ASU_PHASE_EXEC && cosim_rng_pct(r, 20)) {
            in->op = ASU_OP_END;
        } else {
            start_section(t, in);
        }
        break;
    default: /* DIVIDE, DECIDE: the WPU is stalled */
        break;
    }
    if (in->op == ASU_OP_NOP && o.phase != ASU_PHASE_DRAIN && cosim_rng_below(r, 2000) == 0) {
        in->op = ASU_OP_SYNC;
        t->bad_op = true;
        t->bad_code = ASU_ERR_BAD_SYNC;
    }
    if (t->done_max > t->p.warp_width && cosim_rng_below(r, 2000) == 0) {
        in->done = t->p.warp_width + 1u +
                   (unsigned)cosim_rng_below(r, t->done_max - t->p.warp_width);
        t->bad_done = true;
    }
    return 0;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_ASU];
    cosim_rng_seed(&t->rng, o->seed);
    t->done_max = (1u << CFG_WidthWidth) - 1u;
    uint64_t it = asu_interval_tasks(t->m);
    t->land.lmin = 2u * it / t->p.warp_width > 500u ? 2u * it / t->p.warp_width : 500u;
    t->land.warp_width = t->p.warp_width;
    t->land.max_slices = t->p.max_slices;
    t->land.stall_one_in = 100;
    t->len = t->land.lmin;
    t->prev_phase = ASU_PHASE_COUNT; /* none yet */
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, asu_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    t->bad_op = t->bad_done = false;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const asu_in_t *in, asu_out_t *out, char *err,
                    size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        asu_peek(t->m, out);
        return scenario_check(t, out, err, errlen);
    }
    asu_events_t ev;
    asu_step(t->m, in, out, &ev);
    robust_asu_cover(t->cover, &ev);
    /* the shadow sees this cycle without its illegal inputs */
    asu_in_t legal = *in;
    if (t->bad_op)
        legal.op = ASU_OP_NOP;
    if (t->bad_done)
        legal.done = 0;
    asu_step(t->shadow, &legal, NULL, NULL);
    if (t->scn.scn)
        return scenario_check(t, out, err, errlen);
    if (t->bad_op && (!ev.op_rejected || ev.op_err != t->bad_code)) {
        snprintf(err, errlen, "injected illegal op %u: expected error %u, model reports %u",
                 in->op, t->bad_code, ev.op_rejected ? ev.op_err : 0u);
        return -1;
    }
    if (t->bad_done && (!ev.done_rejected || ev.done_err != ASU_ERR_BAD_COUNT)) {
        snprintf(err, errlen, "injected done_i = %u: expected error %u, model reports %u",
                 in->done, (unsigned)ASU_ERR_BAD_COUNT, ev.done_rejected ? ev.done_err : 0u);
        return -1;
    }
    if ((t->bad_op || t->bad_done) && !asu_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected input changed the model's state");
        return -1;
    }
    return 0;
}

static void tb_reset(tb_t *t) { t->prev_phase = ASU_PHASE_COUNT; t->early = 0; }

COSIM_TESTBENCH_SHADOWED(tb_t, asu, true, NULL, tb_reset, .verbs = asu_verbs);
