/* Golden cycle model of dom_core: Diverge on Miss's slip controller gating
 * the Memory Divergence Table -- DoM (SC'09) section 4.1 step 3 and section
 * 5.1. The two child models (csim/dom/mdt.h, csim/dom/slip_ctrl.h) wired as
 * rtl/dom/dom_core.sv documents it:
 *
 *   - every ACCESS (acc_op 0) is the slip controller's event of the access
 *     warp, with the same executing threads and hits;
 *   - RELEASE (acc_op 2) is its release of the access warp: the MDT's
 *     entries and the slip counters are cleared together;
 *   - the slip controller's query port looks at the access warp: its
 *     blocking mode (acc_block_o) and slip-limit mask (acc_limit_o) at the
 *     start of the cycle; the MDT may allocate an entry only when that warp
 *     is not blocking (acc_alloc_ok_i = !acc_block_o);
 *   - one read port (rd_warp_i) reads the MDT entry and the slip counters;
 *   - the MDT's rsp_valid_o answers the slip controller's event too, whose
 *     own valid is not a port; the sticky error bits are mdt_sticky_o and
 *     slip_sticky_o.
 *
 * Behaviour, timing and errors: docs/blocks/mdt.md and docs/blocks/slip_ctrl.md.
 * No printing, no globals. */
#ifndef SIMT_DOM_CORE_H
#define SIMT_DOM_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "mdt.h"
#include "model.h"
#include "slip_ctrl.h"
#include "dom_core_decl.h"

/* What the children saw and did this cycle. */
typedef struct {
    mdt_in_t mdt_in;   /* acc_alloc_ok as the slip controller decided it */
    mdt_out_t mdt_out; /* err_sticky is mdt_sticky */
    mdt_events_t mdt;
    slip_ctrl_in_t slip_in;
    slip_ctrl_events_t slip;
} dom_core_events_t;

/* dom_core_create/destroy/reset/step (model.h); create's codes are above. */
MODEL_API(dom_core);
MODEL_EVAL(dom_core);

/* Read-only views for stimulus and tests. */
MODEL_PARAMS(dom_core);
const mdt_t *dom_core_mdt(const dom_core_t *c);
const slip_ctrl_t *dom_core_slip(const dom_core_t *c);

/* n cycles without a request (in's acc_valid and fill_valid ignored), with
 * in's perf_* inputs each cycle: the state n dom_core_step() calls would
 * leave, in time linear in the sampling periods crossed (a system model
 * runs the cycles its cores skip this way). */
void dom_core_idle(dom_core_t *c, const dom_core_in_t *in, uint64_t n);

#endif /* SIMT_DOM_CORE_H */
