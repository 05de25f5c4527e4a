/* Golden model of the rsp_reg cell: the registered response of a block's
 * request ports and the sticky error bits they share. Written from the
 * cell's specification (docs/blocks/rsp_reg.md), independently of the RTL.
 * No printing, no globals.
 *
 * Per port p: valid_o[p] is valid_i[p] of the cycle before; err_o[p] is that
 * request's error code, 0 without a request. sticky_o[k] is set at the edge
 * after any port's request has error code k != 0 (an error code without
 * its request counts for nothing) and only reset clears it. Every output is
 * a register: the outputs of a cycle depend on no input of that cycle. */
#ifndef SIMT_RSP_REG_H
#define SIMT_RSP_REG_H

#include "bitmask.h"
#include "model.h"
#include "rsp_reg_decl.h"

/* rsp_reg_create/destroy/reset/step/peek (model.h); no events. */
MODEL_API_NO_EVENTS(rsp_reg);
MODEL_PEEK(rsp_reg);

#endif /* SIMT_RSP_REG_H */
