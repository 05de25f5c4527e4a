/* warp_slice_table testbench: a WPU running a section's tasks on warp-slices.
 * A section LAUNCHes at a random width and depth; the scheduler's pick (or
 * now and then another active slice) runs: at its stack's root it starts a
 * task -- branches and advances inside it (pdom_random_branch, so branches
 * nest and reconverge; one interval in seven nests deep, so that the stacks
 * fill) -- or, rarely, exits (the slice is DONE, a dormant
 * one resumes) or waits at a barrier (released when no slice is left
 * active or dormant). After a random number of operations the interval
 * drains: every active slice returns to its root and ARRIVEs; then a RECONF
 * at a random width and depth (or a new LAUNCH once every thread has left,
 * or one time in eight). About 3% of requests are illegal (every code of
 * the page), each of which must be rejected with its code and leave the
 * model in the state of a shadow model that saw the cycle without it. Or a
 * directed scenario (verif/robust/scenarios/warp_slice_table_*.scn). */
#include <string.h>

#include "cosim_kit.h"
#include "robust_tb_common.h"
#include "warp_slice_table.h"

typedef struct {
    warp_slice_table_params_t p;
    warp_slice_table_t *m;
    warp_slice_table_t *shadow; /* the same cycles, without the illegal requests */
    uint64_t *cover;
    robust_wpu_t w;       /* the task loop (robust_tb_common.h) */
    unsigned ops_left;    /* operations before the interval drains */
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md):
 *   launch w= d= pc= exit=     reconf w= d= pc= exit=
 *   branch e= tpc= fpc= rpc= taken=     advance e= pc=     arrive e=     barrier e=
 *   idle [n=1] [e=]            (e= addresses the read port)
 *   expect / peek [e=] [status= warp= sid= lanes= pc= rpc= mask= tos= ready= rsp= err=
 *                  fin= resume= resume_e= released= sticky= width= depth= slices= active=
 *                  arrived= sel= sel_e=] */
enum { SK_STATUS, SK_WARP, SK_SID, SK_LANES, SK_PC, SK_RPC, SK_MASK, SK_TOS, SK_READY, SK_RSP,
       SK_ERR, SK_FIN, SK_RESUME, SK_RESUME_E, SK_RELEASED, SK_STICKY, SK_WIDTH, SK_DEPTH,
       SK_SLICES, SK_ACTIVE, SK_ARRIVED, SK_SEL, SK_SEL_E, SK_COUNT };
static const scenario_key_t wsl_keys[SK_COUNT] = {
    [SK_STATUS] = {"status", wsl_status_words}, [SK_WARP] = {"warp", NULL},
    [SK_SID] = {"sid", NULL},                   [SK_LANES] = {"lanes", NULL},
    [SK_PC] = {"pc", NULL},                     [SK_RPC] = {"rpc", NULL},
    [SK_MASK] = {"mask", NULL},                 [SK_TOS] = {"tos", NULL},
    [SK_READY] = {"ready", NULL},               [SK_RSP] = {"rsp", NULL},
    [SK_ERR] = {"err", wsl_err_words},          [SK_FIN] = {"fin", NULL},
    [SK_RESUME] = {"resume", NULL},             [SK_RESUME_E] = {"resume_e", NULL},
    [SK_RELEASED] = {"released", NULL},         [SK_STICKY] = {"sticky", NULL},
    [SK_WIDTH] = {"width", NULL},               [SK_DEPTH] = {"depth", NULL},
    [SK_SLICES] = {"slices", NULL},             [SK_ACTIVE] = {"active", NULL},
    [SK_ARRIVED] = {"arrived", NULL},           [SK_SEL] = {"sel", NULL},
    [SK_SEL_E] = {"sel_e", NULL},
};

static int scn_get(tb_t *t, const char *key, uint64_t *v, char *err, size_t errlen)
{
    return scenario_get(&t->scn.line, key, v, err, errlen) < 0 ? -1 : 0;
}

static int scenario_stimulus(tb_t *t, warp_slice_table_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    uint64_t v = 0;
    if (scn_get(t, "e", &v, err, errlen))
        return -1;
    in->req_entry = (unsigned)v;
    if (t->scn.check) {
        if (scenario_expect_read(l, &t->scn.exp, wsl_keys, SK_COUNT, 0, err, errlen))
            return -1;
        return scenario_done(l, err, errlen);
    }
    static const struct { const char *verb; unsigned op; } verbs[] = {
        {"launch", WSL_OP_LAUNCH}, {"reconf", WSL_OP_RECONF}, {"branch", WSL_OP_BRANCH},
        {"advance", WSL_OP_ADVANCE}, {"arrive", WSL_OP_ARRIVE}, {"barrier", WSL_OP_BARRIER},
    };
    for (unsigned i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
        if (strcmp(l->verb, verbs[i].verb))
            continue;
        in->req_valid = true;
        in->req_op = verbs[i].op;
    }
    if (!in->req_valid && strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    if (scn_get(t, "w", &v, err, errlen))
        return -1;
    in->req_width = (unsigned)v;
    if (scn_get(t, "d", &v, err, errlen))
        return -1;
    in->req_depth = (unsigned)v;
    if (scn_get(t, "pc", &in->req_pc, err, errlen) || scn_get(t, "tpc", &in->req_pc, err, errlen) ||
        scn_get(t, "fpc", &in->req_alt_pc, err, errlen) ||
        scn_get(t, "rpc", &in->req_rpc, err, errlen) ||
        scn_get(t, "exit", &in->req_rpc, err, errlen))
        return -1;
    if (scenario_get_mask(l, "taken", t->p.warp_width, &in->req_mask, err, errlen) < 0)
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const warp_slice_table_out_t *o, char *err,
                          size_t errlen)
{
    uint64_t got[SK_COUNT] = {
        [SK_STATUS] = o->rd_status, [SK_WARP] = o->rd_warp, [SK_SID] = o->rd_sid,
        [SK_LANES] = o->rd_lanes.w[0], [SK_PC] = o->rd_pc, [SK_RPC] = o->rd_rpc,
        [SK_MASK] = o->rd_mask.w[0], [SK_TOS] = o->rd_tos, [SK_READY] = o->req_ready,
        [SK_RSP] = o->rsp_valid, [SK_ERR] = o->rsp_err, [SK_FIN] = o->rsp_fin,
        [SK_RESUME] = o->resume_valid, [SK_RESUME_E] = o->resume_entry,
        [SK_RELEASED] = o->released, [SK_STICKY] = o->err_sticky, [SK_WIDTH] = o->width,
        [SK_DEPTH] = o->depth, [SK_SLICES] = o->slices, [SK_ACTIVE] = o->active,
        [SK_ARRIVED] = o->arrived, [SK_SEL] = o->sel_valid, [SK_SEL_E] = o->sel_entry,
    };
    return scenario_expect_check(&t->scn.line, &t->scn.exp, wsl_keys, SK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- the WPU ------------------------------------------------------------------ */

static int random_stimulus(tb_t *t, warp_slice_table_in_t *in)
{
    robust_wpu_t *w = &t->w;
    cosim_rng_t *r = &w->rng;
    warp_slice_table_out_t o;
    warp_slice_table_eval(t->m, in, &o);
    if (!o.req_ready) { /* the stacks are being written */
        if (cosim_rng_pct(r, 5)) {
            in->req_valid = true;
            in->req_op = WSL_OP_ADVANCE;
            robust_wpu_inject(w, WSL_ERR_BUSY);
        }
    } else if (cosim_rng_pct(r, 90)) {
        if (o.arrived) { /* every live slice arrived, or none is left */
            robust_wpu_division(w, in, o.slices == 0 || cosim_rng_pct(r, 12), true);
            t->ops_left = 20u + (unsigned)cosim_rng_below(r, 400);
            w->deep = cosim_rng_pct(r, 15);
        } else if (o.sel_valid) {
            unsigned e = o.sel_entry, x = (unsigned)cosim_rng_below(r, t->p.max_slices);
            bool task_end;
            if (cosim_rng_pct(r, 30) && warp_slice_table_status(t->m, x) == WSL_STATUS_ACTIVE)
                e = x; /* another active slice */
            robust_wpu_slice_op(w, in, e, t->ops_left == 0, &task_end);
            t->ops_left -= t->ops_left != 0;
        }
        robust_wpu_maybe_illegal(w, in);
    }
    if (!in->req_valid || in->req_op > WSL_OP_BARRIER || in->req_op < WSL_OP_BRANCH)
        in->req_entry = (unsigned)cosim_rng_below(r, w->entry_span); /* the read port */
    return 0;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_WARP_SLICE_TABLE];
    robust_wpu_init(&t->w, t->m, o->seed);
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, warp_slice_table_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle;
    t->w.bad = false;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const warp_slice_table_in_t *in,
                    warp_slice_table_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        warp_slice_table_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    warp_slice_table_events_t ev;
    warp_slice_table_step(t->m, in, out, &ev);
    robust_table_cover(t->cover, &ev);
    warp_slice_table_in_t legal = *in;
    legal.req_valid &= !t->w.bad;
    warp_slice_table_step(t->shadow, &legal, NULL, NULL);
    if (t->scn.scn)
        return t->scn.check ? scenario_check(t, out, err, errlen) : 0;
    if (t->w.bad && ev.err != t->w.bad_code) {
        snprintf(err, errlen, "injected illegal request (op %u, entry %u): expected error %u, "
                 "model reports %u", in->req_op, in->req_entry, t->w.bad_code, ev.err);
        return -1;
    }
    if (t->w.bad && !warp_slice_table_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    return 0;
}

static void tb_reset(tb_t *t) { t->ops_left = 0; }

COSIM_TESTBENCH_SHADOWED(tb_t, warp_slice_table, true, NULL, tb_reset);
