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
 * One line per cycle (docs/scenarios.md; the reading and the keys the two
 * readers share in robust_tb_common.h):
 *   launch w= d= pc= exit=     reconf w= d= pc= exit=
 *   branch e= tpc= fpc= rpc= taken=     advance e= pc=     arrive e=     barrier e=
 *   idle [n=1] [e=]            (e= addresses the read port)
 *   expect / peek [e=]
 * Every line may carry the check keys, compared with the outputs of its
 * cycle (before its edge; a key its request takes is the request's): status=
 * warp= sid= lanes= pc= rpc= mask= tos= ready= rsp= err= fin= resume=
 * resume_e= released= sticky= width= depth= slices= active= arrived= sel=
 * sel_e=. */
static const scenario_verb_t wsl_verbs[] = {
    {"launch", "a section begins: every thread divided at width w, the first d slices active, "
               "at pc with exit PC exit"},
    {"reconf", "the live slices merge and divide again at width w, d active, at pc"},
    ROBUST_SLICE_VERBS,
    {NULL, NULL},
};

enum { SK_WIDTH, SK_DEPTH, SK_ERR, SK_COUNT }; /* after the shared RTK_COUNT */
static const scenario_key_t wsl_keys[SK_COUNT] = {
    [SK_WIDTH] = {"width", NULL, "width_o"},
    [SK_DEPTH] = {"depth", NULL, "depth_o"},
    [SK_ERR] = {"err", wsl_err_words, "rsp_err_o"},
};

static int scenario_stimulus(tb_t *t, warp_slice_table_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    if (robust_scn_request(l, &t->p, NULL, true, in, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, robust_table_keys, RTK_COUNT, 0, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, wsl_keys, SK_COUNT, RTK_COUNT, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const warp_slice_table_out_t *o, char *err,
                          size_t errlen)
{
    uint64_t got[RTK_COUNT + SK_COUNT] = {
        ROBUST_TABLE_GOT(o, 0),
        [RTK_COUNT + SK_WIDTH] = o->width,
        [RTK_COUNT + SK_DEPTH] = o->depth,
        [RTK_COUNT + SK_ERR] = o->rsp_err,
    };
    if (scenario_expect_check(&t->scn.line, &t->scn.exp, robust_table_keys, RTK_COUNT, 0, got,
                              err, errlen) ||
        scenario_expect_check(&t->scn.line, &t->scn.exp, wsl_keys, SK_COUNT, RTK_COUNT,
                              got + RTK_COUNT, err, errlen))
        return -1;
    return 0;
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
        return scenario_check(t, out, err, errlen);
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

COSIM_TESTBENCH_SHADOWED(tb_t, warp_slice_table, true, NULL, tb_reset, .verbs = wsl_verbs);
