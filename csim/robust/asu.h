/* Golden cycle model of asu: Robust SIMD's adaptation state unit -- the
 * per-WPU finite state machine that samples cycles per task (CPT) over
 * intervals and searches the (SIMD width x multi-threading depth) space
 * until it converges (IPDPS'12, section IV, IV-B and section VI-A..C).
 * Behaviour, timing and errors: docs/blocks/asu.md. Written from the paper
 * and docs/blocks/asu.md, not from the RTL. No printing, no globals. */
#ifndef SIMT_ASU_H
#define SIMT_ASU_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "asu_decl.h"

/* What one edge did (the testbench's cover rules). */
typedef struct {
    bool op_rejected;        /* op != NOP with an error */
    unsigned op_err;         /* the op's code (NONE when accepted or NOP) */
    bool done_rejected;      /* done != 0 with an error */
    unsigned done_err;       /* done's code (NONE when accepted or 0) */
    bool interval;           /* an accepted SYNC ended an interval */
    bool drain_tasks;        /* done > 0 counted in DRAIN */
    bool up_better;          /* EVAL (UP) set a candidate */
    bool down_better;        /* EVAL (DOWN) set a candidate */
    bool both_worse;         /* RESOLVE found no candidate */
    bool move_gain;          /* EVAL (MOVE) won */
    bool move_stop;          /* EVAL (MOVE) lost */
    bool probe_clamped;      /* a probe issued with its value clamped to lo/hi */
    bool probe_skipped;      /* a TRY_UP/TRY_DOWN/TRY_MOVE skipped (x == v) */
    bool stride_halved;      /* STRIDE_DONE halved the stride */
    bool stride_one;         /* ... down to 1 */
    bool depth_clamped;      /* a WIDTH probe issued with depth below best_depth */
    bool dim_switch;         /* DIM_DONE of DWREP: DEPTH -> WIDTH */
    bool dwrep_repeat;       /* DIM_DONE of DWREP: WIDTH -> DEPTH */
    bool converged;          /* a CONVERGE action */
    unsigned strategy;       /* with it: the section's strategy */
    bool anneal;             /* with it: the section's stride rule */
    bool fallback;           /* an accepted START fell back */
    bool restart;            /* an accepted START in RUN, DRAIN, DIVIDE or DECIDE */
    bool end_early;          /* an accepted END in one of those phases */
    bool cycles_sat;         /* an accepted SYNC ended a saturated interval */
} asu_events_t;

/* asu_create/destroy/reset/step (model.h). Every output is a register:
 * step()'s *out is the state before the edge, the same as asu_peek(). */
MODEL_API(asu);
MODEL_PEEK(asu);
MODEL_PARAMS(asu);

/* S(width) = NumWarps * ceil(WarpWidth / width): the warp-slices a width
 * makes (0 for width 0). */
unsigned asu_slices(const asu_t *m, unsigned width);
/* MinWidth = ceil(WarpWidth / floor(MaxSlices / NumWarps)). */
unsigned asu_min_width(const asu_t *m);
/* IntervalTasks = TasksPerThread * NumWarps * WarpWidth. */
uint64_t asu_interval_tasks(const asu_t *m);
/* a and b hold the same state, the responses and sticky error bits apart
 * (a testbench's shadow check: a rejected input changes nothing else). */
bool asu_same_state(const asu_t *a, const asu_t *b);

#endif /* SIMT_ASU_H */
