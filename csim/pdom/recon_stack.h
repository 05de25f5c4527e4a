/* Golden cycle model of recon_stack: N per-warp PDOM reconvergence stacks
 * with likely-convergence points (DoM section 3.1, TBC sections 2.2.2 and 4).
 * The behaviour is specified in docs/blocks/recon_stack.md; this model is
 * written from that page and the papers, independently of the RTL.
 *
 * Usage: recon_stack_create() once, recon_stack_step() once per clock cycle
 * with that cycle's inputs; it returns the outputs the block shows during the
 * cycle and then applies the cycle's operation (the rising edge). Nothing is
 * printed; errors are return codes. No global state: hold as many instances
 * as you like. */
#ifndef SIMT_RECON_STACK_H
#define SIMT_RECON_STACK_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "model.h"
#include "recon_stack_decl.h"

/* What the cycle's operation did: functional coverage and stimulus feedback.
 * All zero when there was no valid request. */
typedef struct {
    unsigned op;          /* the request's op (valid only if req_valid) */
    unsigned err;         /* enum rs_err of the request */
    bool uniform;         /* BRANCH resolved uniform (incl. tpc == fpc) */
    bool divergent;       /* BRANCH took the divergent path (case 3) */
    bool loop_exit;       /* BRANCH took the loop-branch path (case 2) */
    unsigned pushes;      /* entries written (0..3); with reuse the first
                           * takes the top entry's place */
    bool reuse;           /* divergent, rpc == TOS.rpc: no reconvergence
                           * entry; the top entry took the first new one */
    bool lcp_push;        /* a likely-convergence entry was pushed */
    unsigned skip_rpc;    /* sides not pushed because pc == rpc */
    unsigned skip_lpc;    /* sides merged at push because pc == lpc */
    bool rpc_pop;         /* TOS popped because next pc == rpc */
    bool lpc_merge;       /* TOS popped and merged because next pc == lpc */
    unsigned cascade;     /* extra entries popped by the cascade */
    unsigned depth_after; /* depth of the addressed warp after the cycle;
                           * 0 after an accepted ADVANCE/BRANCH: the warp
                           * reached its exit and finished */
} recon_stack_events_t;

/* recon_stack_create/destroy/reset/step (model.h). The reset empties every
 * stack and clears rsp_* and err_sticky. */
MODEL_API(recon_stack);
MODEL_EVAL(recon_stack);

/* Read-only view of a warp's stack, for stimulus generators and tests. */
typedef struct {
    uint64_t pc, rpc, lpc;
    bitmask_t mask;
    unsigned lpos;
} recon_stack_entry_t;

MODEL_PARAMS(recon_stack);
/* Entries on warp w's stack (0 if w is out of range). */
unsigned recon_stack_depth(const recon_stack_t *m, unsigned w);
/* Entry `level` (0 = bottom) of warp w; false if there is none. */
bool recon_stack_entry(const recon_stack_t *m, unsigned w, unsigned level,
                       recon_stack_entry_t *e);
/* The reserved "none" PC of this configuration (all PcWidth bits set). */
uint64_t recon_stack_pc_none(const recon_stack_t *m);

#endif /* SIMT_RECON_STACK_H */
