/* Golden cycle model of tbc_core: Thread Block Compaction's block-wide stack
 * driving the thread compactor -- TBC (HPCA'11) Fig. 8, units 1 and 2.
 * Composed from the two golden models (tbc_stack.h, thread_compactor.h)
 * wired as rtl/tbc/tbc_core.sv documents it: the compactor's in_ready is the
 * stack's cmp_ready, the stack's compaction request is the compactor's
 * input, and the PC of a mask is registered when the compactor takes the
 * mask and shown with its warps (out_pc, 0 when no warp is shown).
 * Behaviour and timing: docs/blocks/tbc_stack.md, thread_compactor.md.
 * No printing, no globals. */
#ifndef SIMT_TBC_CORE_H
#define SIMT_TBC_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "model.h"
#include "tbc_stack.h"
#include "thread_compactor.h"
#include "tbc_core_decl.h"

/* The inner wires of a cycle, for coverage and stimulus feedback: both
 * children's ports and what the stack did. */
typedef struct {
    tbc_stack_in_t stack_in;
    tbc_stack_out_t stack_out;
    tbc_stack_events_t stack;
    thread_compactor_in_t cmp_in;
    thread_compactor_out_t cmp_out;
} tbc_core_events_t;

/* tbc_core_create/destroy/reset/step/peek (model.h). create returns TBC_OK,
 * or the tbc_status of the parameter the stack rejects (the compactor's B
 * and W are the stack's), or TBC_ENOMEM. No output depends on an input. */
MODEL_API(tbc_core);
MODEL_PEEK(tbc_core);

/* Read-only views of the children for stimulus generators and tests. */
const tbc_stack_t *tbc_core_stack(const tbc_core_t *m);
const thread_compactor_t *tbc_core_compactor(const tbc_core_t *m);

/* The request ports tbc_core passes to its stack unchanged: X(field). */
#define TBC_CORE_REQ_FIELDS(X) \
    X(req_valid) X(req_op) X(req_lane_valid) X(req_taken) X(req_mask) X(req_static) \
    X(req_pc) X(req_alt_pc) X(req_rpc) X(req_lpc)

#endif /* SIMT_TBC_CORE_H */
