/* Golden cycle model of thread_compactor: TBC (HPCA'11) sections 3.2-3.3,
 * Fig. 8-9 -- one priority encoder per lane turns a block-wide active mask
 * into compacted warps, one per cycle; threads stay in their home lane.
 * Behaviour and timing: docs/blocks/thread_compactor.md. Written from the
 * paper and that page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_THREAD_COMPACTOR_H
#define SIMT_THREAD_COMPACTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "model.h"
#include "thread_compactor_decl.h"

/* A compacted warp: per lane valid + static warp index. */
typedef struct {
    uint64_t lane_valid;          /* bit l: lane l has a thread */
    uint16_t lane_sw[TC_WARP_WIDTH_MAX]; /* static warp of lane l (0 where invalid) */
} tc_warp_t;

/* thread_compactor_create/destroy/reset/step/peek (model.h); no events. */
MODEL_API_NO_EVENTS(thread_compactor);
MODEL_PEEK(thread_compactor);

/* Number of warps a mask compacts into: the largest per-lane thread count,
 * or, static_mode, the number of static warps with a thread. */
unsigned thread_compactor_warp_count(const thread_compactor_params_t *p, const bitmask_t *mask,
                                     bool static_mode);

#endif /* SIMT_THREAD_COMPACTOR_H */
