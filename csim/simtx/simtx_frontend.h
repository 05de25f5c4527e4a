/* Golden cycle model of simtx_frontend: SIMT-X's Pathtable, divergence
 * predictor with its pending-divergence counter, and Path Scheduling Table
 * working together (TACO 2020, sections 3.4 to 3.7 and 3.8.2). The three
 * child models (pathtable.h, div_predictor.h, pst.h) wired as
 * docs/blocks/simtx_frontend.md says.
 *
 * A request takes three cycles, one in flight at a time (req_ready: no
 * request in flight). In the cycle it is taken (T) the core reads the PST
 * (the slot the request names, the pick and the convergence, the free
 * slots, the retirement copy's paths) and judges its own errors; in the
 * next (P) the Pathtable acts on what T read; in the third (S) the PST and
 * the predictor act on the Pathtable's verdict and allocation, and the
 * response (rsp_*) shows. The next request can be taken the cycle after S:
 *
 *   - the core judges a request first: a reserved op, a warp out of range,
 *     an INIT of a warp with a valid PST slot, a PST slot that is not valid
 *     (FETCH, BRANCH, END) or out of range (RETIRE), no free PST slot beyond
 *     one kept for each buop in flight (BRANCH), no convergence shown
 *     (CONVERGE), a retirement path out of range, a DEREF of a path a valid
 *     PST slot of the warp holds, a BCOMMIT with no buop of the warp in
 *     flight; then the Pathtable judges what the core passes; a request
 *     either refuses reaches no child;
 *   - the Pathtable's allocation is the PST's path id (INIT and a BEXEC's
 *     alternate: ADD; BRANCH: RENEW; CONVERGE: CONVERGE);
 *   - BRANCH's buop is on the slot's path; CONVERGE's cuop on the pick's
 *     path and the path of the slot the PST shows converging with it
 *     (sel_path, conv_path), both as the PST showed them in T;
 *   - the predictor: inj at BRANCH, cmt at BCOMMIT, sq at ROLLBACK (the
 *     warp's buops in flight, which the core counts), a resolution at BEXEC
 *     (diverged: the Pathtable's verdict) and RESOLVE (req_div);
 *   - ROLLBACK's SQUASH keeps the paths of the PST's retirement copy;
 *   - the pick is taken (sel_take) only in a cycle req_ready is high.
 *
 * Written from the paper and docs/blocks/simtx_frontend.md, not from the
 * RTL. No printing, no globals. */
#ifndef SIMT_SIMTX_FRONTEND_H
#define SIMT_SIMTX_FRONTEND_H

#include <stdbool.h>
#include <stdint.h>

#include "div_predictor.h"
#include "model.h"
#include "pathtable.h"
#include "pst.h"
#include "simtx_frontend_decl.h"

/* What one edge did (the testbench's cover rules and checks): whether a
 * request was taken, and the request that finished (its S cycle), with what
 * each child saw and did for it. */
typedef struct {
    bool take;                     /* a request was taken this cycle */
    bool req;                      /* a request finished this cycle; the rest is its */
    simtx_frontend_in_t in;        /* as presented when taken */
    pst_out_t pick;                /* the PST's outputs when it was taken */
    pst_events_t pick_ev;          /* the PST's events of that cycle (the pick's take) */
    bool look_div;                 /* the predictor's lookup when it was taken */
    pathtable_in_t pt_in;          /* what each child saw (the Pathtable in P, */
    pathtable_events_t pt;         /* the PST and the predictor in S) */
    pst_in_t pst_in;
    pst_events_t pst;
    div_predictor_in_t dp_in;
    div_predictor_events_t dp;
    unsigned err;                  /* its code (NONE when accepted) */
    unsigned warp;                 /* the warp it acted on (CONVERGE: the pick's) */
    unsigned pst_err, dp_err;      /* the PST's and the predictor's verdicts: always NONE */
    pathtable_events_t pt_edge;    /* what the Pathtable did at this edge (its holders */
    unsigned pt_edge_warp;         /* beside the request port too) and its request's warp */
} simtx_frontend_events_t;

/* simtx_frontend_create/destroy/reset/step (model.h); eval(): the outputs
 * of the cycle without the edge. */
MODEL_API(simtx_frontend);
MODEL_EVAL(simtx_frontend);
MODEL_PARAMS(simtx_frontend);

/* Read-only views for stimulus and tests. */
const pathtable_t *simtx_frontend_pathtable(const simtx_frontend_t *c);
const pst_t *simtx_frontend_pst(const simtx_frontend_t *c);
const div_predictor_t *simtx_frontend_predictor(const simtx_frontend_t *c);
/* No request in flight: req_ready (the stimulus's view). */
bool simtx_frontend_ready(const simtx_frontend_t *c);
/* Warp w's buops in flight. */
unsigned simtx_frontend_buops(const simtx_frontend_t *c, unsigned w);
/* a and b hold the same state (the response registers, sticky bits and
 * the request in flight apart), every child included: the shadow check of a
 * rejected request. */
bool simtx_frontend_same_state(const simtx_frontend_t *a, const simtx_frontend_t *b);

#endif /* SIMT_SIMTX_FRONTEND_H */
