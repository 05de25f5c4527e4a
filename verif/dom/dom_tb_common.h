/* Shared by the Diverge on Miss testbenches (mdt, dom_core): a driver that
 * plays the SIMT core and memory system around the MDT. Each warp runs a
 * loop whose body holds one to M + 1 memory instructions (at least three); each execution
 * has a random per-thread hit mask (every warp has fast and slow threads);
 * misses come back as fills after random latencies, in any order; a warp
 * whose access is refused an entry waits as a blocking SIMD warp would; at
 * the loop's end the warp forces reconvergence (section 4.3) until the MDT
 * is empty, and is then reassigned. About 3% of requests are illegal, and
 * their rejection is checked against the model. */
#ifndef SIMT_DOM_TB_COMMON_H
#define SIMT_DOM_TB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cosim.h"
#include "mdt.h"

#define DOM_MAX_FILLS 4096u

enum {
    DCV_ALLOCATED, DCV_MERGED, DCV_REJOIN, DCV_MERGE_NEW_MISS, DCV_BLOCK_NO_ENTRY,
    DCV_BLOCK_SLIP, DCV_FORCED, DCV_FORCE_WAITING, DCV_FORCE_EMPTY, DCV_RELEASE,
    DCV_FREED, DCV_ALL_ENTRIES, DCV_SAME_WARP_FILL, DCV_FILL_OUT_OF_ORDER,
    DCV_ERR_BAD_OP, DCV_ERR_BAD_WARP, DCV_ERR_BAD_EXEC, DCV_ERR_BAD_ENTRY, DCV_ERR_NOT_WAITING,
    DCV_COUNT
};
extern const cover_desc_t dom_mdt_covers[DCV_COUNT];

typedef struct {
    bool live;
    bool released; /* the program's RELEASE has been sent */
    bool forcing;
    uint64_t active;     /* threads the branch stack keeps active */
    uint64_t fast;       /* threads that mostly hit */
    uint64_t pcs[10];
    unsigned npcs, ip, iter, iters;
    uint64_t busy_until;
} dom_warp_t;

typedef struct {
    unsigned w, e;
    uint64_t mask, due, seq;
} dom_fill_t;

typedef struct {
    mdt_params_t p;
    cosim_rng_t rng;
    uint64_t all;      /* W ones */
    unsigned id_span;  /* 2^WarpIdWidth */
    unsigned eid_span; /* 2^EntryIdWidth */
    dom_warp_t warps[MDT_MAX_WARPS];
    dom_fill_t fills[DOM_MAX_FILLS];
    unsigned nfills;
    uint64_t fill_seq, last_fill_seq;
    uint64_t cycle;
    /* this cycle's requests, for after() */
    mdt_in_t req;
    bool acc_expect, fill_expect;
    unsigned acc_code, fill_code;
    uint64_t masked_before[MDT_MAX_WARPS];
    unsigned sent_fill; /* index+1 of the fill record group sent, 0 none */
    uint64_t cover[DCV_COUNT];
    uint64_t ops;
} dom_driver_t;

void dom_driver_init(dom_driver_t *d, const mdt_params_t *p, uint64_t seed);
/* This cycle's MDT requests. limit: the access warp's slip-limit mask (0
 * without a slip controller); alloc_ok for a standalone MDT. */
void dom_driver_request(dom_driver_t *d, const mdt_t *m, uint64_t (*limit_of)(const void *,
                        unsigned), const void *limit_ctx, mdt_in_t *req);
/* After the MDT model's step: schedule fills, advance the warps, coverage,
 * and the check of injected illegal requests. */
int dom_driver_after(dom_driver_t *d, const mdt_t *m, const mdt_in_t *req,
                     const mdt_events_t *ev, bool alloc_ok, char *err, size_t errlen);
bool dom_mdt_cover_applies(const mdt_params_t *p, unsigned k, bool core);

#endif /* SIMT_DOM_TB_COMMON_H */
