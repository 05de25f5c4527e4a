/* simtx_frontend testbench: warps of a SIMT-X core running random programs
 * (the core: simtx_core_stim.h, shared with the blocks that contain the
 * front end).
 *
 * The core fetches the PST's pick (FETCH, BRANCH, CONVERGE, END), executes
 * micro-ops out of order once their source paths are final (BEXEC, CEXEC,
 * RESOLVE) and commits them in order (RETIRE, BCOMMIT, CCOMMIT, DEREF); a
 * branch fetched as uniform that diverged or went the other way rolls its
 * warp back when it commits (ROLLBACK; an exception's rollback would be the
 * same ROLLBACK: the testbench leaves it out so that a rollback's cause
 * shows in the cover rules, which see only the ports). A request takes
 * three cycles; while the model is busy, one cycle in ten carries a random
 * request (and a take of the pick) that must not be taken.
 *
 * Checks besides the lockstep (the read port shows, every cycle, the whole
 * Pathtable row of the warp the last request taken acts on, so every mask
 * a request changed is compared the cycle after the Pathtable's write):
 *   - every request the testbench meant to be legal is accepted (or refused
 *     only for want of a Pathtable entry or a PST slot, FULL and PST_FULL);
 *     about 3% illegal requests get the error the testbench expects and
 *     leave the model in the state of a shadow model that saw the cycle
 *     without them;
 *   - the PST and the predictor never refuse what the core passes them;
 *   - after every request of a warp whose commit stage is between two
 *     micro-ops: the retirement copy holds exactly the paths the testbench
 *     committed, each committed, their masks disjoint, and with the threads
 *     of the paths that ended they make up the warp's threads (no thread
 *     lost or duplicated);
 *   - a warp whose program ended has every Pathtable entry free again.
 * The testbench computes the outcomes from the paths' masks and the
 * conditions it drew, not from the model's verdicts. */
#include <string.h>

#include "cosim_kit.h"
#include "simtx_core_stim.h"
#include "simtx_frontend.h"

typedef struct {
    simtx_frontend_params_t p;
    simtx_frontend_t *m;
    simtx_frontend_t *shadow;
    uint64_t *cover;
    cosim_rng_t rng;
    simtx_core_t core;
    bool div_seen[PT_NUM_WARPS_MAX]; /* a branch of the warp resolved divergent since its
                                      * last rollback */
    bool generated;      /* this cycle's inputs came from the generator */
} tb_t;

static const pathtable_t *pt_of(const tb_t *t) { return simtx_frontend_pathtable(t->m); }

/* ---- cover ---------------------------------------------------------------------- */

/* A request done (ev->req): in is the request as taken, pick the PST's
 * outputs then. */
static void cover(tb_t *t, const simtx_frontend_events_t *ev)
{
    uint64_t *c = t->cover;
    const simtx_frontend_in_t *in = &ev->in;
    const pst_out_t *pick = &ev->pick;
    if (ev->err != PT_ERR_NONE) {
        if (fe_err_cover[ev->err & 15u] < FE_CV_COUNT)
            c[fe_err_cover[ev->err & 15u]]++;
        c[FE_CV_ERR_BAD_OP] += ev->err == PT_ERR_BAD_OP;
        c[FE_CV_ERR_BAD_WARP] += ev->err == PT_ERR_BAD_WARP;
        c[FE_CV_ERR_PATHTABLE] += ev->err != PT_ERR_BAD_OP && ev->err != PT_ERR_BAD_WARP &&
                                  ev->err < PT_ERR_COUNT && ev->pt_in.req_op != PT_OP_NOP;
        c[FE_CV_PT_FULL] += ev->err == PT_ERR_FULL && in->req_op == FE_OP_BRANCH;
        c[FE_CV_PST_RESV] += ev->err == FE_ERR_PST_FULL && in->req_op == FE_OP_BRANCH;
        return;
    }
    const pathtable_events_t *pe = &ev->pt;
    c[FE_CV_DIVERGED] += pe->op == PT_OP_BEXEC && pe->div && ev->pst_in.req_op == PST_OP_ADD;
    c[FE_CV_USELESS] += pe->useless;
    c[FE_CV_NULLIFIED] += pe->null;
    c[FE_CV_NESTED] += pe->op == PT_OP_BEXEC && pe->nested;
    c[FE_CV_ROLLBACK_SPEC] += pe->squashed > 0 && ev->dp_in.sq > 0;
    if (ev->pst.req && ev->pst.op == PST_OP_CONVERGE) {
        c[FE_CV_CONVERGE] += ev->pst.conv_depth == 0;
        c[FE_CV_CONVERGE_DEEP] += ev->pst.conv_depth > 0;
    }
    c[FE_CV_SAME_PC_DEEPER] += ev->pick_ev.same_pc_deeper;
    c[FE_CV_RR_TURN] += ev->pick_ev.sel_rr && ev->pick_ev.taken &&
                        ev->pick_ev.minsp_slot != pick->sel_slot;
    const div_predictor_events_t *de = &ev->dp;
    if (de->res) {
        c[FE_CV_PRED_SAT_DIV] += de->ctr_before == DP_CTR_STRONG_DIV && ev->dp_in.res_div;
        c[FE_CV_PRED_SAT_UNI] += de->ctr_before == DP_CTR_STRONG_UNI && !ev->dp_in.res_div;
    }
    c[FE_CV_PENDING_MANY] += de->pend_after >= 2;
    /* the fetch took the pick (and moved its slot): a back edge, or a pick
     * the predictor says uniform */
    bool fetch = in->sel_take && pick->sel_valid && in->req_warp == pick->sel_warp &&
                 in->req_slot == pick->sel_slot &&
                 (in->req_op == FE_OP_FETCH || in->req_op == FE_OP_BRANCH);
    c[FE_CV_PRED_UNIFORM] += fetch && in->req_op == FE_OP_FETCH && !ev->look_div;
    c[FE_CV_LOOP] += fetch && in->req_pc < pick->sel_pc;
    if (in->req_op == FE_OP_RESOLVE) { /* a branch fetched as uniform */
        c[FE_CV_UNI_RIGHT] += !in->req_div;
        c[FE_CV_UNI_DIVERGED] += in->req_div;
        t->div_seen[ev->warp] |= in->req_div;
    }
    if (in->req_op == FE_OP_ROLLBACK) { /* no divergence: the wrong direction */
        c[FE_CV_UNI_WRONG_DIR] += !t->div_seen[ev->warp];
        t->div_seen[ev->warp] = false;
    }
    c[FE_CV_WARP_DONE] += pe->op == PT_OP_DEREF && pe->freed &&
                          pathtable_free(pt_of(t), ev->warp) == t->p.paths_per_warp;
}


/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static void tb_reset(tb_t *t)
{
    simtx_core_reset(&t->core);
    memset(t->div_seen, 0, sizeof t->div_seen);
}

static void tb_fini(tb_t *t) { simtx_core_fini(&t->core); }

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    t->cover = cover[KIT_COVERS_SIMTX_FRONTEND];
    cosim_rng_seed(&t->rng, o->seed);
    memset(t->div_seen, 0, sizeof t->div_seen);
    return simtx_core_init(&t->core, &t->p, t->m, &t->rng, 1u << CFG_WarpIdWidth,
                           1u << CFG_SlotIdWidth, 0, NULL, NULL, err, errlen);
}

static int tb_stimulus(tb_t *t, uint64_t cycle, simtx_frontend_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle, (void)err, (void)errlen;
    t->generated = true;
    simtx_core_stimulus(&t->core, in);
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const simtx_frontend_in_t *in,
                    simtx_frontend_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    simtx_frontend_events_t ev;
    simtx_frontend_step(t->m, in, out, &ev);
    bool generated = t->generated;
    t->generated = false;
    simtx_frontend_in_t legal = *in;
    simtx_core_shadow_in(&t->core, generated, &legal.req_op, &legal.sel_take);
    simtx_frontend_step(t->shadow, &legal, NULL, NULL);
    /* a request presented while req_ready is low: ignored (from the ports) */
    t->cover[FE_CV_BUSY_IGNORED] += (in->req_op & 15u) != FE_OP_NOP && !out->req_ready;
    bool shadow;
    if (simtx_core_edge(&t->core, generated, &ev, out->rsp_alloc, out->rsp_id, &shadow, err,
                        errlen))
        return -1;
    if (ev.req)
        cover(t, &ev); /* from the ports and the model alone: a replay's too */
    if (shadow && !simtx_frontend_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    return 0;
}

COSIM_TESTBENCH_SHADOWED(tb_t, simtx_frontend, false, tb_fini, tb_reset);
