/* The memory system around the warp-split table, shared by the stimulus of
 * warp_split_table and dws_core: each thread that starts waiting for a fill
 * gets a due cycle; fills return due threads in random groups, now and then
 * an illegal fill is injected. */
#ifndef SIMT_DWS_MEM_H
#define SIMT_DWS_MEM_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim.h"
#include "warp_split_table.h"

typedef struct {
    unsigned num_warps, warp_width, warp_id_span; /* span: ids the port can carry */
    uint64_t due[WST_NUM_WARPS_MAX][WST_WARP_WIDTH_MAX]; /* valid while pending */
    uint64_t pending[WST_NUM_WARPS_MAX]; /* the table's pending masks after the last edge,
                                          * less the threads filled since */
    uint64_t sent[WST_NUM_WARPS_MAX];    /* threads filled since the last edge */
} dws_mem_t;

/* The memory of a table of num_warps x warp_width (warp ids the port can
 * carry: warp_id_span), nothing pending. */
void dws_mem_init(dws_mem_t *d, unsigned num_warps, unsigned warp_width, unsigned warp_id_span);
/* A reset in mid-run: the table's misses are forgotten with its state. */
void dws_mem_reset(dws_mem_t *d);

/* A fill for this cycle: due threads of some warp (warp `first` tried first
 * when it is in range), or 2% of the time an illegal fill. Returns the error
 * code the fill port must give it (WST_ERR_NOT_WAITING, WST_ERR_BAD_WARP),
 * 0 for a legal fill or none. `steady`: bit w when no thread of warp w can
 * start waiting before the table judges the fill (a fill that reaches the
 * table a cycle late, as dws_core's, is judged after the next edge); an
 * illegal fill names threads not waiting only in such a warp, else none. */
unsigned dws_mem_fill(dws_mem_t *d, cosim_rng_t *r, uint64_t now, unsigned first,
                      uint32_t steady, bool *valid, unsigned *warp, uint64_t *mask);

/* After an edge: the threads of `wst` that started waiting get a due cycle
 * (a thread filled before the edge but still waiting, because its fill
 * reaches the table a cycle late, is not one of them),
 * `base` (0: the usual, 4-64 cycles, 5% of the time 200-600) plus 0-7. */
void dws_mem_schedule(dws_mem_t *d, cosim_rng_t *r, const warp_split_table_t *wst,
                      uint64_t now, uint64_t (*base)(const void *ctx, unsigned w),
                      const void *ctx);

/* The modes of the random stimulus: each holds for a while (a new policy
 * about every 3000 cycles, the scheduler flipped about every 1000). */
typedef struct {
    unsigned policy, sched;
} dws_modes_t;
void dws_modes_next(dws_modes_t *m, cosim_rng_t *r);

#endif /* SIMT_DWS_MEM_H */
