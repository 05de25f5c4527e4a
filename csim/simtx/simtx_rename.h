/* Golden cycle model of simtx_rename: SIMT-X's front end (simtx_frontend:
 * the Pathtable, the divergence predictor and its pending count, the PST)
 * and its PIRAT (pirat) working together (TACO 2020, sections 3.4 to 3.8).
 * The two child models wired as docs/blocks/simtx_rename.md documents:
 *
 *   - the PIRAT's Rmasks (pt_masks) are the Pathtable's row of ren_warp
 *     (the front end's read port, which reads ren_warp's row while
 *     ren_valid, rd_warp's otherwise), its pending divergence the
 *     predictor's pending_nz, both of the cycle (before its edge);
 *   - a ROLLBACK the front end accepts rolls the warp's PIRAT back in the
 *     request's S cycle, at the edge where the PST and the predictor act
 *     (rb_valid, rb_warp show it): the Pathtable squashed the warp's
 *     speculative paths at the edge before. Whatever the warp renamed in
 *     between is flushed with it; a rename of the warp in that cycle is not
 *     taken (the PIRAT's own rule);
 *   - a merge that names a path holds it in the Pathtable from the cycle it
 *     shows (mrg_valid, mrg_is_path: a hold of path mrg_mp of warp
 *     uop_warp at that edge, unless the edge rolls that warp back) to its
 *     accepted commit (cmt_merge with cmt_is_path: a drop of cmt_path), so
 *     that the path it reads when it executes is not freed and reused
 *     before (section 3.5.3; the hold's and the drop's verdicts are
 *     hold_err, drop_err); so that the count never overflows, a rename
 *     is held (the PIRAT's ren_hold: a stall) while a path of its warp's
 *     row (rd_refs) is within one of its maximum, counting the hold of
 *     the edge (one count kept for a front-end REF in the same edge);
 *   - every other port is a child's, unchanged; the PIRAT's err_sticky is
 *     ren_err_sticky.
 *
 * The PIRAT's commit port and the front end's requests are the core's: it
 * commits a warp's micro-ops in order across both (a buop's BCOMMIT, an
 * instruction's or a merge's commit, ...). Written from the paper and the
 * page, not from the RTL. No printing, no globals. */
#ifndef SIMT_SIMTX_RENAME_H
#define SIMT_SIMTX_RENAME_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "pirat.h"
#include "simtx_frontend.h"
#include "simtx_rename_decl.h"

/* What one edge did: each child's inputs and events. */
typedef struct {
    simtx_frontend_in_t fe_in;
    simtx_frontend_events_t fe;
    pirat_in_t pr_in; /* rb_valid, rb_warp: the rollback of the edge */
    pirat_events_t pr;
} simtx_rename_events_t;

/* simtx_rename_create/destroy/reset/step (model.h); eval(): the outputs of
 * the cycle without the edge. */
MODEL_API(simtx_rename);
MODEL_EVAL(simtx_rename);
MODEL_PARAMS(simtx_rename);

/* Read-only views for stimulus and tests. */
const simtx_frontend_t *simtx_rename_frontend(const simtx_rename_t *c);
const pirat_t *simtx_rename_pirat(const simtx_rename_t *c);
/* a and b hold the same state (simtx_frontend_same_state and
 * pirat_same_state): the shadow check of a rejected request. */
bool simtx_rename_same_state(const simtx_rename_t *a, const simtx_rename_t *b);

#endif /* SIMT_SIMTX_RENAME_H */
