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
 * The directed scenarios' verbs and check keys (below).
 *
 * The children's cover rules, for their own testbenches and robust_core's.
 * The cover points (WSL_CV_*, ASU_CV_*) come from the declarations
 * (cosim_kit.h). */
#ifndef SIMT_ROBUST_TB_COMMON_H
#define SIMT_ROBUST_TB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
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

/* ---- directed scenarios ------------------------------------------------------
 * What the Robust SIMD readers share (docs/scenarios.md): the request verbs of
 * a warp-slice table's lines (warp_slice_table, robust_core), and the check
 * keys of the outputs two blocks show under one port name -- the table's
 * (warp_slice_table, robust_core) and the ASU's (asu, robust_core). */

/* The slice operations' verbs (docs/scenarios.md), for a reader's table of
 * scenario_verb_t: its launch and reconf first (what they do differs per
 * block), then these. */
#define ROBUST_SLICE_VERBS                                                                   \
    {"branch", "slice e's branch: the taken threads (taken=) to tpc, the others to fpc, "     \
               "reconverging at rpc"},                                                        \
    {"advance", "slice e moves to pc"},                                                       \
    {"arrive", "slice e, at its stack's root, arrives at the interval's end"},               \
    {"barrier", "slice e waits at a barrier"}

/* Line l's request into q, the table's inputs: `e=` on any line (a slice
 * operation's entry, and the read port's); on a request line, the op its
 * verb names (the table's op words, then `more`'s: robust_core's TASK,
 * which takes ADVANCE's keys) and the keys that op takes, each no wider
 * than its port -- LAUNCH w= d= pc= exit=, RECONF the same (without w= d=
 * unless `reconf_sized`), BRANCH tpc= fpc= rpc= taken=, ADVANCE pc=.
 * Read before the line's check keys: a key the request takes is the
 * request's. 0, or -1 with a message (an unknown verb, a bad value). */
int robust_scn_request(scenario_line_t *l, const warp_slice_table_params_t *p,
                       const scenario_word_t *more, bool reconf_sized, warp_slice_table_in_t *q,
                       char *err, size_t errlen);

/* The check keys of the table's outputs that warp_slice_table and
 * robust_core both have: the read port at e= (lanes, mask: their first 64
 * threads), the response, the counts and the scheduler. */
enum { RTK_STATUS, RTK_WARP, RTK_SID, RTK_LANES, RTK_PC, RTK_RPC, RTK_MASK, RTK_TOS, RTK_READY,
       RTK_RSP, RTK_FIN, RTK_RESUME, RTK_RESUME_E, RTK_RELEASED, RTK_STICKY, RTK_SLICES,
       RTK_ACTIVE, RTK_ARRIVED, RTK_SEL, RTK_SEL_E, RTK_COUNT };
extern const scenario_key_t robust_table_keys[RTK_COUNT];
/* Their values in an output struct o with the table's field names, as the
 * designated initializers of a uint64_t array from slot `first`. */
#define ROBUST_TABLE_GOT(o, first)                                                            \
    [(first) + RTK_STATUS] = (o)->rd_status, [(first) + RTK_WARP] = (o)->rd_warp,               \
    [(first) + RTK_SID] = (o)->rd_sid, [(first) + RTK_LANES] = (o)->rd_lanes.w[0],              \
    [(first) + RTK_PC] = (o)->rd_pc, [(first) + RTK_RPC] = (o)->rd_rpc,                         \
    [(first) + RTK_MASK] = (o)->rd_mask.w[0], [(first) + RTK_TOS] = (o)->rd_tos,                \
    [(first) + RTK_READY] = (o)->req_ready, [(first) + RTK_RSP] = (o)->rsp_valid,               \
    [(first) + RTK_FIN] = (o)->rsp_fin, [(first) + RTK_RESUME] = (o)->resume_valid,             \
    [(first) + RTK_RESUME_E] = (o)->resume_entry, [(first) + RTK_RELEASED] = (o)->released,     \
    [(first) + RTK_STICKY] = (o)->err_sticky, [(first) + RTK_SLICES] = (o)->slices,             \
    [(first) + RTK_ACTIVE] = (o)->active, [(first) + RTK_ARRIVED] = (o)->arrived,               \
    [(first) + RTK_SEL] = (o)->sel_valid, [(first) + RTK_SEL_E] = (o)->sel_entry

/* The check keys of the ASU's outputs that asu and robust_core both have:
 * the configuration, the search, the measurement and the recorded best. */
enum { RAK_WIDTH, RAK_DEPTH, RAK_RECONF, RAK_PHASE, RAK_STEP, RAK_DIM, RAK_STRIDE, RAK_CONVERGED,
       RAK_FALLBACK, RAK_CPT, RAK_CPT_SAT, RAK_BEST_W, RAK_BEST_D, RAK_BEST_CPT, RAK_COUNT };
extern const scenario_key_t robust_asu_keys[RAK_COUNT];
/* Their values in an output struct o with the ASU's field names (as above). */
#define ROBUST_ASU_GOT(o, first)                                                              \
    [(first) + RAK_WIDTH] = (o)->width, [(first) + RAK_DEPTH] = (o)->depth,                     \
    [(first) + RAK_RECONF] = (o)->reconf, [(first) + RAK_PHASE] = (o)->phase,                   \
    [(first) + RAK_STEP] = (o)->step, [(first) + RAK_DIM] = (o)->dim,                           \
    [(first) + RAK_STRIDE] = (o)->stride, [(first) + RAK_CONVERGED] = (o)->converged,           \
    [(first) + RAK_FALLBACK] = (o)->fallback, [(first) + RAK_CPT] = (o)->cpt,                   \
    [(first) + RAK_CPT_SAT] = (o)->cpt_sat, [(first) + RAK_BEST_W] = (o)->best_width,           \
    [(first) + RAK_BEST_D] = (o)->best_depth, [(first) + RAK_BEST_CPT] = (o)->best_cpt

/* ---- cover rules -------------------------------------------------------------- */

void robust_table_cover(uint64_t *c, const warp_slice_table_events_t *ev);
void robust_asu_cover(uint64_t *c, const asu_events_t *ev);

#endif /* SIMT_ROBUST_TB_COMMON_H */
