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

/* The inputs each child takes unchanged (type, name). */
#define RN_FE_INS(X)                                                                     \
    X(unsigned, req_op) X(unsigned, req_warp) X(unsigned, req_slot) X(unsigned, req_a)   \
    X(unsigned, req_b) X(unsigned, req_c) X(bool, req_alt) X(uint64_t, req_mask)         \
    X(uint64_t, req_pc) X(unsigned, req_depth) X(uint64_t, req_bpc) X(bool, req_div)     \
    X(bool, req_rvalid) X(bool, sel_take) X(uint64_t, look_pc) X(unsigned, rd_path)
#define RN_PR_INS(X)                                                                     \
    X(bool, ren_valid) X(unsigned, ren_warp) X(unsigned, ren_path)                       \
    X(unsigned, ren_src_valid) X(unsigned, ren_src0) X(unsigned, ren_src1)               \
    X(bool, ren_dst_valid) X(unsigned, ren_dst) X(bool, cmt_valid) X(unsigned, cmt_warp) \
    X(bool, cmt_merge) X(bool, cmt_hold) X(unsigned, cmt_reg) X(unsigned, cmt_preg)      \
    X(uint64_t, cmt_mask) X(unsigned, rd_reg) X(unsigned, rd_preg)
/* The outputs each child gives unchanged (type, name; the arrays apart). */
#define RN_FE_OUTS(X)                                                                    \
    X(bool, req_ready) X(bool, rsp_valid) X(unsigned, rsp_err) X(bool, rsp_alloc)        \
    X(unsigned, rsp_id) X(bool, rsp_div) X(bool, rsp_null) X(unsigned, rsp_slot)         \
    X(unsigned, err_sticky) X(unsigned, buops)                                           \
    FE_PT_OUTS(X) FE_PST_OUTS(X) FE_DP_OUTS(X)
#define RN_PR_OUTS(X)                                                                    \
    X(bool, ren_ready) X(unsigned, ren_err) X(unsigned, cmt_err) X(bool, mrg_valid)      \
    X(unsigned, mrg_reg) X(unsigned, mrg_dst) X(unsigned, mrg_main) X(unsigned, mrg_ld)  \
    X(bool, mrg_is_path) X(uint64_t, mrg_mp) X(bool, mrg_hold) X(bool, ins_valid)        \
    X(unsigned, ins_src0) X(unsigned, ins_src1) X(unsigned, ins_dst) X(unsigned, uop_warp) \
    X(unsigned, free_count) X(unsigned, rd_main) X(bool, rd_ld_valid) X(bool, rd_is_path) \
    X(uint64_t, rd_mp) X(unsigned, rd_ld) X(unsigned, rd_cmain) X(bool, rd_cld_valid)   \
    X(uint64_t, rd_cmask) X(unsigned, rd_cld) X(bool, rd_pfree) X(bool, rd_pspec)        \
    X(unsigned, rd_powner)

/* The ports of rtl/simtx/simtx_rename.sv without _i/_o. */
typedef struct {
    RN_FE_INS(MODEL_FIELD)
    RN_PR_INS(MODEL_FIELD)
    unsigned rd_warp; /* both read ports' (the Pathtable's: ren_warp while ren_valid) */
    bool cmt_is_path; /* a merge's commit: it named path cmt_path, whose reference it drops */
    unsigned cmt_path;
} simtx_rename_in_t;

typedef struct {
    RN_FE_OUTS(MODEL_FIELD)
    RN_PR_OUTS(MODEL_FIELD)
    uint64_t rd_masks[PT_PATHS_PER_WARP_MAX]; /* the Pathtable's row (ren_warp's while ren_valid) */
    uint16_t rd_states[PT_PATHS_PER_WARP_MAX];
    uint16_t rd_refs[PT_PATHS_PER_WARP_MAX];
    unsigned ren_err_sticky; /* the PIRAT's err_sticky */
    bool rb_valid;           /* the PIRAT rolls warp rb_warp back at this edge */
    unsigned rb_warp;
} simtx_rename_out_t;

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
