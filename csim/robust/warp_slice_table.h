/* Golden cycle model of warp_slice_table: Robust SIMD's warp-slice table
 * (IPDPS'12, section IV-A and Figure 4) with one reconvergence stack per
 * warp-slice. Each warp is divided into slices of neighbouring lanes, all of
 * one SIMD width; the first `depth` live slices run (ACTIVE), the others
 * wait (DORMANT) until an active one finishes, waits at a barrier or stops
 * at the interval's end. Every
 * slice branches and reconverges on its own stack, so the slices of a warp
 * never wait for each other. At an interval's end the slices stop
 * (ARRIVED), merge (OR of their lanes) and divide again at a new width.
 *
 * The stacks are the unchanged recon_stack model (csim/pdom/recon_stack.h):
 * one instance with NumWarps = MaxSlices, one stack context per entry, no
 * likely-convergence points.
 *
 * Behaviour, timing and errors: docs/blocks/warp_slice_table.md. Written
 * from the paper and docs/blocks/warp_slice_table.md, not from the RTL.
 * No printing, no globals. */
#ifndef SIMT_WARP_SLICE_TABLE_H
#define SIMT_WARP_SLICE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "model.h"
#include "recon_stack.h"
#include "warp_slice_table_decl.h"

/* What one edge did (the testbench's cover rules). */
typedef struct {
    bool req;             /* a request was presented */
    unsigned op;          /* its op (cut to 3 bits) */
    unsigned err;         /* its enum wsl_err (NONE when accepted) */
    bool launch, reconf;  /* an accepted LAUNCH / RECONF */
    bool reconf_merge;    /* an accepted RECONF: a warp had 2+ live slices, width changed */
    bool residue;         /* the division made a live slice narrower than the width */
    bool dormant;         /* the division left 1+ slices DORMANT */
    bool hole;            /* the division left a position < P without a live thread */
    bool full_table;      /* the division made MaxSlices live slices */
    bool diverge;         /* an accepted BRANCH diverged on its stack */
    bool slice_done;      /* an accepted BRANCH / ADVANCE finished its slice */
    bool resume_done;     /* a dormant slice resumed because one finished */
    bool resume_barrier;  /* ... because one waited at a barrier */
    bool resume_arrive;   /* ... because one arrived at the interval's end */
    bool release;         /* a barrier released its waiting slices */
    bool arrive;          /* an accepted ARRIVE */
    bool sibling_apart;   /* after an accepted slice operation: two ACTIVE, DORMANT or
                           * WAITING slices of its warp have different stack-top PCs */
    bool sibling_depths;  /* ... and two of them different stack depths */
} warp_slice_table_events_t;

/* warp_slice_table_create/destroy/reset/step (model.h). eval(): the
 * outputs of the cycle without the edge; only the read port depends on
 * the inputs (req_entry). step() is eval() and then the edge. */
MODEL_API(warp_slice_table);
MODEL_EVAL(warp_slice_table);
MODEL_PARAMS(warp_slice_table);

/* Entry e's status (enum wsl_status; FREE for e >= MaxSlices). */
unsigned warp_slice_table_status(const warp_slice_table_t *m, unsigned e);
/* Entry e's lanes (empty when FREE or e >= MaxSlices). */
bitmask_t warp_slice_table_lanes(const warp_slice_table_t *m, unsigned e);
/* The slices' stacks: context e is entry e's stack. */
const recon_stack_t *warp_slice_table_stack(const warp_slice_table_t *m);
/* The stacks are being written after a division (req_ready_o low). */
bool warp_slice_table_busy(const warp_slice_table_t *m);
/* a and b hold the same state, the response registers (rsp_*) and sticky
 * error bits apart, the stacks included: a testbench's shadow check that a
 * rejected request changed nothing. */
bool warp_slice_table_same_state(const warp_slice_table_t *a, const warp_slice_table_t *b);
/* MinWidth. */
unsigned warp_slice_table_min_width(const warp_slice_table_t *m);
/* No slice is ACTIVE or WAITING: LAUNCH and RECONF are legal. */
bool warp_slice_table_arrived(const warp_slice_table_t *m);

#endif /* SIMT_WARP_SLICE_TABLE_H */
