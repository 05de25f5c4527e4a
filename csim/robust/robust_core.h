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
