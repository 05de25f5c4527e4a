/* The SIMT-X front end's intent checks: what the Pathtable, the divergence
 * predictor and the PST are wired together for (docs/blocks/
 * simtx_frontend.md, "Intent checks"), shared by the testbenches of
 * simtx_frontend and of the blocks that contain it (simtx_rename).
 *
 * A composed model wires its children as the RTL does, so a wiring changed
 * alike in both passes the lockstep comparison; these checks are written
 * from the paper instead, over the front end's ports (a request is followed
 * from its take, req_ready_o, to its response two cycles later) and its
 * children's state, read through their models' accessors after the edge:
 *   1. Sections 3.3, 3.4: every path the PST schedules is one the Pathtable
 *      holds (not FREE), whenever no request is in flight.
 *   2. Section 3.8.2: the pending-divergence count (pending_o, pending_nz_o)
 *      is the number of buops injected (accepted BRANCHes) and neither
 *      committed (accepted BCOMMITs) nor flushed by their warp's accepted
 *      ROLLBACK; buops_o is the request port's warp's share of it.
 *   3. Section 3.7.2: an accepted ROLLBACK returns its warp to the
 *      retirement copy: the PST's slots are the copy's, and the Pathtable
 *      holds exactly the copy's paths, each committed (VALID).
 *   4. Sections 3.7.1, 3.7.2: the bimodal predictor learns every resolved
 *      branch: an accepted BEXEC moves its branch PC's counter one step
 *      towards divergent if the Pathtable found the buop divergent
 *      (rsp_div_o), else towards uniform (saturating); an accepted RESOLVE
 *      by req_div_i; a refused one leaves it. */
#ifndef SIMT_SIMTX_FE_INTENT_H
#define SIMT_SIMTX_FE_INTENT_H

#include <stdbool.h>
#include <stddef.h>

#include "simtx_frontend.h"

typedef struct {
    simtx_frontend_params_t p;
    bool flight;              /* a request taken, not yet done */
    unsigned age;             /* edges since its take: 2 in its S cycle */
    simtx_frontend_in_t req;  /* it, as taken */
    unsigned warp;            /* the warp it acts on (CONVERGE: the pick's) */
    unsigned ctr;             /* the predictor's counter at its req_bpc_i when taken */
    unsigned buops[PT_NUM_WARPS_MAX]; /* per warp: buops injected, not committed or flushed */
    unsigned pending;         /* their sum */
    bool rolled_back;         /* the edge last checked ended an accepted ROLLBACK ... */
    unsigned rb_warp;         /* ... of this warp */
} simtx_fe_intent_t;

/* Nothing in flight, nothing pending (the block after its reset). */
void simtx_fe_intent_init(simtx_fe_intent_t *x, const simtx_frontend_params_t *p);

/* A stepped cycle (not a peek): in, out the front end's ports of the cycle,
 * fe its model after the edge. 0, or -1 with err ("intent (SIMT-X ...):
 * ..."). */
int simtx_fe_intent_edge(simtx_fe_intent_t *x, const simtx_frontend_t *fe,
                         const simtx_frontend_in_t *in, const simtx_frontend_out_t *out,
                         char *err, size_t errlen);

#endif /* SIMT_SIMTX_FE_INTENT_H */
