/* Golden cycle model of slip_ctrl: Diverge on Miss's adaptive slip
 * controller (per-thread slip counters, slip-limit mask, max-slip) and
 * adaptive diff -- DoM (SC'09) sections 5.1, 5.2, 6, Table 1. Behaviour,
 * timing, errors: docs/blocks/slip_ctrl.md. Written from the paper and that
 * page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_SLIP_CTRL_H
#define SIMT_SLIP_CTRL_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "slip_ctrl_decl.h"

typedef struct {
    bool ev;            /* an event this cycle */
    unsigned err;
    bool diverge_event; /* some executing thread hit and some missed */
    bool incremented;   /* undiverged warp: hitters +1 */
    bool decremented;   /* diverged warp, tail all hit: misses/disabled -1 */
    bool disabled_dec;  /* a disabled thread's counter was decremented */
    bool released;
    bool saturated;     /* a counter was held at its maximum */
    bool period_end;
    unsigned adapt;     /* decision at a period end */
} slip_ctrl_events_t;

/* slip_ctrl_create/destroy/reset/step (model.h); q_* and rd_* show the
 * state before the edge at this cycle's addresses. */
MODEL_API(slip_ctrl);
MODEL_EVAL(slip_ctrl);

MODEL_PARAMS(slip_ctrl);
unsigned slip_ctrl_counter(const slip_ctrl_t *m, unsigned w, unsigned t);
uint64_t slip_ctrl_limit(const slip_ctrl_t *m, unsigned w);
unsigned slip_ctrl_max_slip(const slip_ctrl_t *m);

/* n cycles without an event or a release (in's ev_valid and rel_valid
 * ignored), with in's perf_* inputs each cycle: the state n steps would
 * leave, in time linear in the period ends crossed, not in n. */
void slip_ctrl_idle(slip_ctrl_t *m, const slip_ctrl_in_t *in, uint64_t n);

#endif /* SIMT_SLIP_CTRL_H */
