/* Random operands of a PDOM branch, shared by the stimulus of the per-warp
 * stack (recon_stack) and of the block-wide stack (tbc_stack, tbc_core): the
 * same choices, each driver with its own mix of them. */
#ifndef SIMT_PDOM_STIM_H
#define SIMT_PDOM_STIM_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim.h"

typedef struct {
    unsigned rpc_reuse_pct; /* % of branches that reconverge where the TOS does */
    unsigned side_rpc;      /* of 20 draws per side: below this, the side goes to rpc */
    unsigned side_lpc;      /* below this (and not to rpc): to the effective lpc */
} pdom_branch_mix_t;

typedef struct {
    uint64_t pc, alt_pc, rpc, lpc; /* taken, fall-through, reconvergence, likely */
} pdom_branch_t;

/* A branch from a top of stack {tos_rpc, tos_lpc}: rpc fresh or the TOS's;
 * with likely-convergence points, lpc none (50%), fresh (30%) or rpc (20%);
 * each side to rpc, to the effective lpc (the new one, else the TOS's) or a
 * fresh PC. Fresh PCs are never pc_none. */
void pdom_random_branch(cosim_rng_t *r, uint64_t pc_none, bool lcp, uint64_t tos_rpc,
                        uint64_t tos_lpc, const pdom_branch_mix_t *mix, pdom_branch_t *b);

#endif /* SIMT_PDOM_STIM_H */
