/* Shared by the Thread Block Compaction testbenches (thread_compactor,
 * tbc_stack, tbc_core): random block masks, packing compacted warps into
 * port words, and the driver that plays the SIMT core around the stack:
 * it collects the compacted warps, makes them arrive at branches and
 * convergence points in random order, nests divergence to full depth, and
 * injects illegal requests whose rejection it checks against the model. */
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

unsigned tbc_sw_width(unsigned b, unsigned w);

/* Compacted warp <-> packed port words (lane_valid: W bits; lane_sw: W
 * fields of SwWidth bits, lane l at bit l*SwWidth). */
void tbc_pack_warp(const tc_warp_t *wp, unsigned b, unsigned w, uint64_t *lane_valid,
                   uint64_t *lane_sw);
void tbc_unpack_warp(tc_warp_t *wp, unsigned b, unsigned w, const uint64_t *lane_valid,
                     const uint64_t *lane_sw);

/* Stack request <-> the packed words of its ports. */
typedef struct {
    uint64_t *req_valid, *req_op, *req_lane_valid, *req_lane_sw, *req_taken, *req_mask,
        *req_static, *req_pc, *req_alt_pc, *req_rpc, *req_lpc;
} tbc_req_ports_t;
void tbc_req_to_ports(const tbc_stack_params_t *p, const tbc_stack_in_t *in,
                      const tbc_req_ports_t *ports);
void tbc_req_from_ports(const tbc_stack_params_t *p, tbc_stack_in_t *in,
                        const tbc_req_ports_t *ports);

/* ---- cover points of the stack (shared by tbc_stack and tbc_core) ------- */
enum {
    TCV_INIT, TCV_STATIC_BLOCK, TCV_FIRST_ARRIVAL, TCV_OUT_OF_ORDER, TCV_WCNT_ZERO_BRANCH,
    TCV_WCNT_ZERO_ARRIVE, TCV_POP_EMPTY, TCV_POP_DONE, TCV_SETTLE_MERGE, TCV_CASCADE,
    TCV_LCP_PUSH, TCV_LPC_ARRIVE, TCV_FULL_DEPTH, TCV_BLOCK_DONE, TCV_CMP_BACKPRESSURE,
    TCV_REQ_NOT_READY, TCV_COMPACTION_GAIN, TCV_MAX_WARPS, TCV_ERR_BAD_OP, TCV_ERR_BAD_WARP,
    TCV_ERR_BAD_PC, TCV_ERR_BAD_MASK, TCV_ERR_EMPTY, TCV_ERR_NOT_PENDING, TCV_ERR_MISMATCH,
    TCV_ERR_OVERFLOW, TCV_OUT_BACKPRESSURE, TCV_COUNT
};
extern const cover_desc_t tbc_covers[TCV_COUNT];

/* ---- the driver ------------------------------------------------------------ */
#define TBC_MAX_POOL 512u

typedef struct {
    tbc_stack_params_t p;
    unsigned s, sw_width;
    uint64_t pc_none;
    cosim_rng_t rng;
    /* compacted warps issued for the current top of stack, not yet arrived */
    tc_warp_t pool[TBC_MAX_POOL];
    uint64_t pool_seq[TBC_MAX_POOL]; /* issue order */
    unsigned npool;
    uint64_t issued, min_seq_arrived_after;
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
    /* the request of this cycle and the check it asks for */
    tbc_stack_in_t req;
    bool expect_err;
    unsigned expect_code;
    unsigned snap_depth, snap_tos;
    tbc_stack_entry_t snap[TBC_MAX_DEPTH];
    /* coverage */
    uint64_t cover[TCV_COUNT];
    uint64_t ops;
    unsigned settle_pops; /* consecutive settling pops */
} tbc_driver_t;

void tbc_driver_init(tbc_driver_t *d, const tbc_stack_params_t *p, uint64_t seed);
/* Choose this cycle's stack request. out is the stack's outputs this cycle
 * (tbc_stack_peek), m the model (for its entries). */
void tbc_driver_request(tbc_driver_t *d, const tbc_stack_t *m, const tbc_stack_out_t *out,
                        tbc_stack_in_t *req);
/* A mask was handed to the compactor (cmp_valid && cmp_ready). */
void tbc_driver_compaction(tbc_driver_t *d, const tbc_stack_t *m);
/* A compacted warp was issued to the pipeline. */
void tbc_driver_warp(tbc_driver_t *d, const tc_warp_t *w);
/* After the model's step: coverage, and the check of an injected illegal
 * request. Returns -1 with a message if the model did not reject it as
 * expected or its state changed. */
int tbc_driver_after(tbc_driver_t *d, const tbc_stack_t *m, const tbc_stack_in_t *req,
                     const tbc_stack_out_t *out, const tbc_stack_events_t *ev, char *err,
                     size_t errlen);
bool tbc_cover_applies(const tbc_stack_params_t *p, unsigned k, bool core);

#endif /* SIMT_TBC_TB_COMMON_H */
