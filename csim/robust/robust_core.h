/* Golden cycle model of robust_core: Robust SIMD's warp-slice table and
 * adaptation state unit working together (IPDPS'12, sections IV and VI).
 * The two child models (csim/robust/warp_slice_table.h, csim/robust/asu.h)
 * wired as docs/blocks/robust_core.md says:
 *
 *   - the core judges a request first (its own codes, ROBC_ERR_*): RECONF
 *     only once the ASU has decided (phase RUN or EXEC), ARRIVE only while
 *     an interval drains or the ASU's configuration is not the slices'
 *     (phase EXEC: a fall-back to apply), LAUNCH not with strategy 3; the
 *     table judges what the core passes (its codes, WSL_ERR_*);
 *   - LAUNCH is also the ASU's START (the request's width and depth);
 *   - TASK (op 6) is the table's ADVANCE; the slice's top-of-stack threads
 *     are the ASU's done_i when the table takes it;
 *   - RECONF divides at the ASU's width and depth;
 *   - the ASU's op when no LAUNCH is taken: END once no live slice is left
 *     (a section ran), else SYNC once every live slice arrived in DRAIN.
 *
 * Written from the paper and docs/blocks/robust_core.md, not from the RTL.
 * No printing, no globals. */
#ifndef SIMT_ROBUST_CORE_H
#define SIMT_ROBUST_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "asu.h"
#include "model.h"
#include "warp_slice_table.h"
#include "robust_core_decl.h"

/* The outputs the core takes from a child unchanged (type, name). */
#define ROBC_TABLE_OUTS(X)                                                               \
    X(bool, req_ready) X(bool, rsp_fin) X(bool, resume_valid) X(unsigned, resume_entry)  \
    X(bool, released) X(unsigned, slices) X(unsigned, active) X(bool, arrived)           \
    X(bool, sel_valid) X(unsigned, sel_entry) X(unsigned, rd_status) X(unsigned, rd_warp) \
    X(unsigned, rd_sid) X(bitmask_t, rd_lanes) X(uint64_t, rd_pc) X(uint64_t, rd_rpc)    \
    X(bitmask_t, rd_mask) X(unsigned, rd_tos)
#define ROBC_ASU_OUTS(X)                                                                 \
    X(unsigned, width) X(unsigned, depth) X(bool, reconf) X(unsigned, phase)             \
    X(unsigned, step) X(unsigned, dim) X(unsigned, stride) X(bool, converged)            \
    X(bool, fallback) X(uint64_t, cpt) X(bool, cpt_sat) X(unsigned, best_width)          \
    X(unsigned, best_depth) X(uint64_t, best_cpt)

/* The ports of rtl/robust/robust_core.sv without _i/_o; each value is cut to
 * its port's width by the child that takes it. */
typedef struct {
    bool req_valid;
    unsigned req_op;     /* enum wsl_op, ROBC_OP_TASK; 7 reserved */
    unsigned req_entry;  /* slice operations: the entry; always: the read port's */
    unsigned req_width;  /* LAUNCH (RECONF takes the ASU's width) */
    unsigned req_depth;  /* LAUNCH (RECONF takes the ASU's depth) */
    uint64_t req_pc, req_alt_pc, req_rpc;
    bitmask_t req_mask;
    unsigned start_strategy; /* LAUNCH: enum asu_strategy (3 rejected) */
    bool start_anneal;
    uint64_t start_tasks;
} robust_core_in_t;

typedef struct {
    ROBC_TABLE_OUTS(MODEL_FIELD)
    ROBC_ASU_OUTS(MODEL_FIELD)
    bool rsp_valid;      /* registered: a request last cycle */
    unsigned rsp_err;    /* its code: enum wsl_err, or the core's enum robc_err */
    unsigned err_sticky; /* bit k: code k seen since reset */
    unsigned tbl_width, tbl_depth; /* the table's width_o, depth_o */
} robust_core_out_t;

/* What one edge did (the testbench's cover rules). */
typedef struct {
    warp_slice_table_in_t tbl_in;  /* what the table saw */
    warp_slice_table_events_t tbl;
    asu_in_t asu_in;               /* what the ASU saw */
    asu_events_t asu;
    bool req;                      /* a request was presented */
    unsigned err;                  /* its code (NONE when accepted) */
    bool task;                     /* an accepted TASK counted its threads */
    bool task_part;                /* ... from a slice above its stack's root */
    bool auto_sync, auto_end;      /* the core gave the ASU SYNC, END */
    bool reconf_probe;             /* an accepted RECONF in RUN (a probe) */
    bool reconf_converged;         /* ... in EXEC after a search */
    bool reconf_fallback;          /* ... in EXEC after a fall-back */
    bool depth_over_live;          /* ... with fewer live slices than its depth */
} robust_core_events_t;

/* robust_core_create/destroy/reset/step (model.h); eval(): the outputs of
 * the cycle without the edge (the read port follows req_entry). */
MODEL_API(robust_core);
MODEL_EVAL(robust_core);
MODEL_PARAMS(robust_core);

/* Read-only views for stimulus and tests. */
const warp_slice_table_t *robust_core_table(const robust_core_t *c);
const asu_t *robust_core_asu(const robust_core_t *c);
/* a and b hold the same state (the response registers and sticky bits
 * apart), both children included: the shadow check of a rejected request. */
bool robust_core_same_state(const robust_core_t *a, const robust_core_t *b);

#endif /* SIMT_ROBUST_CORE_H */
