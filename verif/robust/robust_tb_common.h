/* Shared by the Robust SIMD testbenches (asu, warp_slice_table,
 * robust_core).
 *
 * The performance landscape (asu, robust_core): the cycles an interval takes
 * at a (width, depth), unimodal around a peak, the same with 10% noise per
 * interval, or adversarial (an unrelated level per point); one interval in
 * stall_one_in stalls for 70,000 cycles, so that a 16-bit cycle counter
 * saturates.
 *
 * The WPU's task loop on a warp-slice table (warp_slice_table,
 * robust_core): a slice at its stack's root starts a task -- branches and
 * advances inside it (pdom_random_branch, so branches nest and reconverge;
 * a deep interval nests until the stacks fill) -- ends it (back to the loop
 * head), or rarely exits or waits at a barrier; draining, it returns to the
 * root and the head and arrives. Illegal requests of every table code.
 *
 * The children's cover rules, for their own testbenches and robust_core's.
 * The cover points (WSL_CV_*, ASU_CV_*) come from the declarations
 * (cosim_kit.h). */
#ifndef SIMT_ROBUST_TB_COMMON_H
#define SIMT_ROBUST_TB_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include "asu.h"
#include "cosim_kit.h"
#include "warp_slice_table.h"

/* ---- the performance landscape ---------------------------------------------- */

enum { LAND_UNIMODAL, LAND_NOISY, LAND_ADVERSARIAL, LAND_COUNT };
#define ROBUST_STALL_CYCLES 70000u

typedef struct {
    unsigned land;           /* LAND_* */
    unsigned peak_w, peak_d; /* the best point (unimodal, noisy) */
    uint64_t seed;           /* the adversarial levels */
    uint64_t lmin;           /* the cycles of the best point */
    unsigned stall_one_in;   /* one interval in this many stalls */
    unsigned warp_width, max_slices;
} robust_land_t;

/* A new landscape of a random kind with its best point at (peak_w, peak_d). */
void robust_land_new(robust_land_t *l, cosim_rng_t *r, unsigned peak_w, unsigned peak_d);
/* The cycles an interval at (w, d) takes: lmin at the best point, up to
 * 4 x lmin away from it (ROBUST_STALL_CYCLES one time in stall_one_in). */
uint64_t robust_land_len(const robust_land_t *l, cosim_rng_t *r, unsigned w, unsigned d);

/* ---- the WPU's task loop ------------------------------------------------------ */

typedef struct {
    cosim_rng_t rng;
    const warp_slice_table_t *m; /* the table the loop runs on */
    uint64_t pc_none, exit_pc, head_pc; /* head: where slices start and arrive */
    unsigned entry_span;  /* 2^EntryIdWidth */
    unsigned width_span;  /* 2^WidthWidth */
    unsigned count_span;  /* 2^CountWidth */
    bool deep;            /* this interval's branches nest deep (the stacks fill) */
    unsigned task_end_pct; /* a slice at its root ends its task this often (per 100) */
    unsigned exit_pct;    /* ... exits this often */
    bool exiting;         /* no task left: every slice ends its task and exits */
    unsigned bad_division_pct; /* a division is illegal this often (per 100) */
    unsigned illegal_one_in;   /* robust_wpu_maybe_illegal's odds: one in this many */
    bool bad;             /* this cycle's request is illegal */
    unsigned bad_code;    /* the table's code for it */
} robust_wpu_t;

void robust_wpu_init(robust_wpu_t *w, const warp_slice_table_t *m, uint64_t seed);
/* The request is illegal; the table's code for it. */
void robust_wpu_inject(robust_wpu_t *w, unsigned code);
/* A LAUNCH or RECONF at a random legal width and depth and the loop's PCs;
 * bad_division_pct times in 100 one of width, depth or PC is not legal
 * (width and depth only when `sized`: not for a RECONF that takes its
 * configuration elsewhere). */
void robust_wpu_division(robust_wpu_t *w, warp_slice_table_in_t *in, bool launch, bool sized);
/* One operation of the active slice e; *task_end: it is the end of a task
 * (an ADVANCE to the loop head from the stack's root). */
void robust_wpu_slice_op(robust_wpu_t *w, warp_slice_table_in_t *in, unsigned e, bool drain,
                         bool *task_end);
/* This cycle's request replaced by an illegal one, one time in
 * illegal_one_in. */
void robust_wpu_maybe_illegal(robust_wpu_t *w, warp_slice_table_in_t *in);

/* ---- cover rules -------------------------------------------------------------- */

void robust_table_cover(uint64_t *c, const warp_slice_table_events_t *ev);
void robust_asu_cover(uint64_t *c, const asu_events_t *ev);

#endif /* SIMT_ROBUST_TB_COMMON_H */
