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

/* The input ports without _i (and without the clock and reset). Each value
 * is cut to its port's width, as the RTL's port would. */
typedef struct {
    bool req_valid;
    unsigned req_op;    /* enum wsl_op (6, 7 reserved) */
    unsigned req_entry; /* slice operations: the entry; always: the read port's entry */
    unsigned req_width; /* LAUNCH, RECONF: the SIMD width */
    unsigned req_depth; /* LAUNCH, RECONF: the active slices */
    uint64_t req_pc;    /* LAUNCH, RECONF: start PC; BRANCH: taken; ADVANCE: next PC */
    uint64_t req_alt_pc; /* BRANCH: not-taken PC */
    uint64_t req_rpc;   /* LAUNCH, RECONF: exit PC; BRANCH: reconvergence PC */
    bitmask_t req_mask; /* BRANCH: per-thread outcome, 1 = taken */
} warp_slice_table_in_t;

/* The output ports without _o. */
typedef struct {
    bool req_ready;       /* the stacks are not being written */
    unsigned req_err;     /* the request's enum wsl_err now (0 without one) */
    bool rsp_valid;       /* registered: a request last cycle */
    unsigned rsp_err;     /* its enum wsl_err */
    bool rsp_fin;         /* it finished its slice */
    bool resume_valid;    /* registered: a dormant slice resumed at the last edge */
    unsigned resume_entry; /* its entry (0 without one) */
    bool released;        /* registered: a barrier released at the last edge */
    unsigned err_sticky;  /* bit k: error code k seen since reset */
    unsigned width, depth; /* the last division's width and depth (0 after reset) */
    unsigned slices;      /* live entries: ACTIVE, DORMANT, ARRIVED or WAITING */
    unsigned active;      /* ACTIVE entries */
    bool arrived;         /* no entry ACTIVE or WAITING */
    bool sel_valid;       /* an ACTIVE entry to issue, not while the stacks are written */
    unsigned sel_entry;   /* round-robin choice (0 without one) */
    unsigned rd_status;   /* req_entry's enum wsl_status; every rd_* 0 when FREE */
    unsigned rd_warp, rd_sid;
    bitmask_t rd_lanes;
    uint64_t rd_pc, rd_rpc; /* its stack's top (0 when the stack is empty) */
    bitmask_t rd_mask;
    unsigned rd_tos;      /* entries on its stack */
} warp_slice_table_out_t;

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
