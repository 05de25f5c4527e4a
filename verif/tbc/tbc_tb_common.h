/* Shared by the Thread Block Compaction testbenches (thread_compactor,
 * tbc_stack, tbc_core): random block masks, the compactor's cover rules, and
 * the driver that plays the SIMT core around the stack: it collects the
 * compacted warps, makes them arrive at branches and convergence points in
 * random order, nests divergence to full depth, injects illegal requests
 * whose rejection it checks against the model, and applies the stack's
 * cover rules. */
#ifndef SIMT_TBC_TB_COMMON_H
#define SIMT_TBC_TB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bitmask.h"
#include "cosim.h"
#include "tbc_stack.h"
#include "thread_compactor.h"

/* Random block-wide mask: empty (if allowed), full, sparse, dense, one lane's
 * threads, one static warp's threads, a few lanes. */
void tbc_random_block_mask(cosim_rng_t *r, unsigned b, unsigned w, bitmask_t *m,
                           bool allow_empty);

/* ---- cover rules of thread_compactor ------------------------------------------
 * Its own testbench and tbc_core's (on the compactor inside the core) apply
 * them to the compactor's ports each cycle; cover = thread_compactor's group
 * (cover[KIT_COVERS_THREAD_COMPACTOR]). */
typedef struct {
    thread_compactor_params_t p;
    uint64_t *cover;
    bool last_taken; /* the previous cycle took the last warp */
} tc_cover_t;

void tc_cover_init(tc_cover_t *c, const thread_compactor_params_t *p, uint64_t *cover);
/* A reset in mid-run empties the compactor (no back-to-back across it). */
static inline void tc_cover_reset(tc_cover_t *c) { c->last_taken = false; }
void tc_cover(tc_cover_t *c, const thread_compactor_in_t *in, const thread_compactor_out_t *out);

/* ---- the driver ------------------------------------------------------------ */
#define TBC_MAX_POOL 512u

typedef struct {
    tbc_stack_params_t p;
    unsigned s;
    uint64_t pc_none;
    cosim_rng_t rng;
    /* compacted warps issued for the current top of stack, not yet arrived */
    tc_warp_t pool[TBC_MAX_POOL];
    uint64_t pool_seq[TBC_MAX_POOL]; /* issue order */
    unsigned npool;
    uint64_t issued;
    bool discard; /* warps of a block replaced by INIT are still draining */
    /* the plan of the current top of stack */
    enum { PLAN_BRANCH, PLAN_ARRIVE } plan;
    uint64_t tpc, fpc, rpc, lpc;
    unsigned taken_style;
    bool grow;
    unsigned idle_blocks; /* cycles to stay empty after a block finishes */
    /* the last warp that arrived, for duplicate injections */
    tc_warp_t last_arrived;
    bool have_last;
    /* the check this cycle's request asks for */
    bool expect_err;
    unsigned expect_code;
    unsigned snap_depth, snap_tos;
    tbc_stack_entry_t snap[TBC_DEPTH_MAX];
    tbc_stack_entry_t snap_top; /* entry T (tbc_stack_top) */
    bool snap_have_top;
    /* coverage: tbc_stack's group (cover[KIT_COVERS_TBC_STACK]) */
    uint64_t *cover;
    unsigned settle_pops; /* consecutive settling pops */
} tbc_driver_t;

void tbc_driver_init(tbc_driver_t *d, const tbc_stack_params_t *p, uint64_t seed,
                     uint64_t *cover);
/* The core's reset in mid-run: the warps in flight and the plan are lost;
 * the random stream and the issue count go on. */
void tbc_driver_reset(tbc_driver_t *d);
/* Choose this cycle's stack request. out is the stack's outputs this cycle
 * (tbc_stack_peek), m the model (for its entries). */
void tbc_driver_request(tbc_driver_t *d, const tbc_stack_t *m, const tbc_stack_out_t *out,
                        tbc_stack_in_t *req);
/* A mask was handed to the compactor (cmp_valid && cmp_ready). */
void tbc_driver_compaction(tbc_driver_t *d, const tbc_stack_t *m);
/* A compacted warp was issued to the pipeline (a compactor's out_lane_*). */
void tbc_driver_warp(tbc_driver_t *d, uint64_t lane_valid, const uint16_t *lane_sw);
/* After the model's step: coverage, and the check of an injected illegal
 * request. Returns -1 with a message if the model did not reject it as
 * expected or its state changed. */
int tbc_driver_after(tbc_driver_t *d, const tbc_stack_t *m, const tbc_stack_in_t *req,
                     const tbc_stack_out_t *out, const tbc_stack_events_t *ev, char *err,
                     size_t errlen);

#endif /* SIMT_TBC_TB_COMMON_H */
