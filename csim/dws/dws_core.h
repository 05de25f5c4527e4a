/* Golden cycle model of dws_core: Dynamic Warp Subdivision's warp-split
 * table (csim/dws/warp_split_table.h) with the per-warp reconvergence stack
 * (csim/pdom/recon_stack.h) -- DWS (ISCA'10) sections 5.3 (the splits of a
 * warp wait for each other at conditional branches), 5.4 (after a branch the
 * top of the warp's stack is the initial split) and 5.5 (loop bypassing).
 *
 * The core judges each request before either child sees it, records per
 * warp what its held splits wait at (park: NONE, BRANCH with the branch's
 * targets and gathered outcome, or RPC) and a fault bit, and runs a
 * two-state sequencer: a warp whose splits have all arrived has its branch
 * or pop taken on the stack (SEQ), and its splits are then re-rooted from
 * the new top of stack (REROOT). Two stages: what a cycle judges (a
 * request, a SEQ or REROOT step) the children apply in the next cycle;
 * responses show it in the cycle after that. Behaviour, timing and
 * errors: docs/blocks/dws_core.md. Written from that page and the paper,
 * independently of the RTL. No printing, no globals. */
#ifndef SIMT_DWS_CORE_H
#define SIMT_DWS_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "recon_stack.h"
#include "warp_split_table.h"
#include "dws_core_decl.h"

/* What a cycle judges (events.phase), decided from the state before its
 * edge. */
enum dws_core_phase {
    DWS_CORE_PHASE_REQUEST = 0, /* a request of a warp that is not busy may be taken */
    DWS_CORE_PHASE_SEQ = 1,     /* an arrived warp's branch or pop on the stack */
    DWS_CORE_PHASE_REROOT = 2,  /* that warp's splits re-rooted from its new top */
};

/* What one edge did (the testbench's cover rules and stimulus read it):
 * what the cycle judged, and what the children applied (the operations
 * judged the cycle before). */
typedef struct {
    unsigned phase;          /* enum dws_core_phase: what this cycle judged */
    bool ignored;            /* a request presented while req_ready_o was low */
    bool taken;              /* a request was taken (req_ready_o and req_valid_i) */
    unsigned op, err, warp;  /* its op, error and warp (truncated) */
    bool mismatch;           /* err == MISMATCH */
    unsigned park;           /* the park of its warp before the edge */
    unsigned splits;         /* WST entries of its warp before the edge */
    bool held;               /* accepted, and it left its split held */
    bool bypass;             /* a loop bypass (section 5.5) */
    bool bypass_off;         /* ... but for no_bypass_i: the split waits for its warp */
    bool bypass_kept;        /* ... some of the split's threads continued */
    bool bypass_pop;         /* ... the last threads of the loop left: the stack popped */
    bool seq_pop;            /* SEQ: the pop (1) or the branch (0) */
    unsigned seq_park;       /* SEQ: what the warp's splits waited at (enum dwsc_park) */
    unsigned seq_warp;       /* SEQ: its warp */
    unsigned seq_splits;     /* SEQ: the WST entries the warp had */
    unsigned reroot_warp;    /* REROOT: its warp */
    bool reroot_release;     /* REROOT: the stack is empty: WST RELEASE */
    bool reroot_fault;       /* REROOT: the stack refused the branch: fault */
    /* the children's view of the cycle: the operations they applied
     * (req_valid false: none) */
    warp_split_table_in_t wst_in;
    warp_split_table_events_t wst;
    recon_stack_in_t stk_in;
    recon_stack_events_t stk;
} dws_core_events_t;

/* dws_core_create/destroy/reset/step (model.h); create's codes are above.
 * The outputs show the state before the edge. */
MODEL_API(dws_core);
MODEL_EVAL(dws_core);
MODEL_PARAMS(dws_core);

/* Read-only views for stimulus and tests. */
const warp_split_table_t *dws_core_wst(const dws_core_t *m);
const recon_stack_t *dws_core_stack(const dws_core_t *m);

/* Warp w's record (all zero for w out of range): what its held splits wait
 * at (enum dwsc_park), the taken outcome gathered from them, the targets of
 * the branch they wait at (kept after the record is cleared, until the next
 * first arrival at a branch overwrites them), and its fault bit. */
typedef struct {
    unsigned kind;
    uint64_t taken, tpc, fpc, rpc, lpc;
    bool fault;
} dws_core_park_t;
dws_core_park_t dws_core_park(const dws_core_t *m, unsigned w);

/* The phase the next cycle will be in, as far as the state says:
 * DWS_CORE_PHASE_REROOT with its warp in *warp (when warp is not NULL), or
 * DWS_CORE_PHASE_REQUEST (*warp = 0): a request is taken, or a sequencer
 * step happens when a warp that is not busy and has not faulted has
 * arrived (arrived_o). */
unsigned dws_core_phase(const dws_core_t *m, unsigned *warp);

/* n cycles without a request or a fill (in's req_valid and fill_valid
 * ignored), with in's modes and no_bypass_i: the state n dws_core_step()
 * calls would leave. The core's own stages drain in the first edges; once
 * no operation is in flight, no warp has arrived or is being re-rooted, the
 * rest is the warp-split table's warp_split_table_idle() (a system model
 * runs the cycles its cores skip this way). */
void dws_core_idle(dws_core_t *m, const dws_core_in_t *in, uint64_t n);

/* busy_o and req_ready_o for a request of `warp` this cycle, from the state
 * alone (neither depends on other inputs): what dws_core_eval() gives,
 * without evaluating the children. */
uint32_t dws_core_busy(const dws_core_t *m);
bool dws_core_req_ready(const dws_core_t *m, unsigned warp);

#endif /* SIMT_DWS_CORE_H */
