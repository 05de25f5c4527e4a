/* Golden cycle model of tbc_stack: Thread Block Compaction's block-wide
 * reconvergence stack with warp counters and likely-convergence points --
 * TBC (HPCA'11) sections 3.1-3.3 (Fig. 7, 9) and 4. Behaviour, timing and
 * error codes: docs/blocks/tbc_stack.md. Written from the paper and that
 * page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_TBC_STACK_H
#define SIMT_TBC_STACK_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "model.h"
#include "tbc_stack_decl.h"

/* What the cycle did: coverage and stimulus feedback. */
typedef struct {
    bool accepted;       /* a request was taken (valid && ready) */
    unsigned op, err;
    bool first_arrival;  /* BRANCH that pushed the targets */
    bool loop_replace;   /* ... in T's place: its rpc was T's */
    bool drop_not_taken; /* the last warp: the not-taken target had no work */
    bool lcp_push;
    bool wcnt_zero;      /* the request brought T.wcnt to 0 */
    bool lpc_arrive;     /* ARRIVE at the likely-convergence point */
    bool settle_pop_empty, settle_pop_done, settle_merge; /* settling step kinds */
    bool settled;        /* a settling step raised a compaction request */
    bool cmp_taken;      /* cmp_valid && cmp_ready this cycle */
    bool block_done;     /* the stack became empty by popping its bottom */
    unsigned depth_after;
} tbc_stack_events_t;

/* tbc_stack_create/destroy/reset/step/peek (model.h): in supplies nothing
 * the outputs depend on (they are all registered or functions of state). */
MODEL_API(tbc_stack);
MODEL_PEEK(tbc_stack);

/* Read-only views for stimulus generators and tests. */
typedef struct {
    uint64_t pc, rpc, lpc;
    unsigned wcnt, lpos;
    bitmask_t mask;
} tbc_stack_entry_t;
MODEL_PARAMS(tbc_stack);
unsigned tbc_stack_depth(const tbc_stack_t *m);
unsigned tbc_stack_tos(const tbc_stack_t *m);
bool tbc_stack_settling(const tbc_stack_t *m);
bool tbc_stack_entry(const tbc_stack_t *m, unsigned level, tbc_stack_entry_t *e);
/* Entry T, whose warps execute (what tos_* show): entry tos, or while the
 * targets of a branch with T's rpc stand in T's place, T as it was; false
 * when the stack is empty. */
bool tbc_stack_top(const tbc_stack_t *m, tbc_stack_entry_t *e);
uint64_t tbc_stack_pc_none(const tbc_stack_t *m);

#endif /* SIMT_TBC_STACK_H */
