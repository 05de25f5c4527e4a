/* Golden cycle model of mdt: Diverge on Miss's Memory Divergence Table with
 * the MCB's per-thread status -- DoM (SC'09) sections 3.2, 4.1, 4.3.
 * Behaviour, timing, errors: docs/blocks/mdt.md. Written from the paper and
 * that page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_MDT_H
#define SIMT_MDT_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "mdt_decl.h"

#define MDT_MAX_WARPS MDT_NUM_WARPS_MAX
#define MDT_MAX_ENTRIES MDT_ENTRIES_PER_WARP_MAX
#define MDT_MAX_WIDTH MDT_WARP_WIDTH_MAX

/* The ports dom_core shares with the MDT, as X(type, field) lists (its
 * structs declare them and it copies them with the same lists). */
#define MDT_ACC_PORTS(X)                                                                 \
    X(bool, acc_valid) X(unsigned, acc_op) X(unsigned, acc_warp) X(uint64_t, acc_pc)    \
    X(uint64_t, acc_exec) X(uint64_t, acc_hit)
#define MDT_FILL_PORTS(X)                                                                \
    X(bool, fill_valid) X(unsigned, fill_warp) X(unsigned, fill_entry) X(uint64_t, fill_mask)
#define MDT_RSP_PORTS(X)                                                                 \
    X(bool, rsp_valid) X(unsigned, rsp_err) X(unsigned, rsp_kind) X(unsigned, rsp_entry) \
    X(uint64_t, rsp_rejoin) X(bool, rsp_waiting) X(bool, fill_rsp_valid) X(unsigned, fill_err)
#define MDT_RD_PORTS(X)                                                                  \
    X(bool, rd_valid) X(uint64_t, rd_pc) X(uint64_t, rd_waiting) X(uint64_t, rd_ready)  \
    X(unsigned, rd_age) X(uint64_t, rd_masked) X(bool, rd_free)

/* Masks are W-bit (W <= 64): bit t = thread t. Inputs are truncated to
 * their port widths by the model. */
typedef struct {
    MDT_ACC_PORTS(MODEL_FIELD)
    bool acc_alloc_ok;
    MDT_FILL_PORTS(MODEL_FIELD)
    unsigned rd_warp, rd_entry;
} mdt_in_t;

typedef struct {
    MDT_RSP_PORTS(MODEL_FIELD)
    unsigned err_sticky;
    MDT_RD_PORTS(MODEL_FIELD)
} mdt_out_t;

typedef struct {
    bool acc;        /* an access-port request this cycle */
    unsigned op, err, kind, entry;
    uint64_t rejoin;
    bool freed;      /* the access freed an entry */
    bool fill;       /* a fill-port request this cycle */
    unsigned fill_err;
    bool same_warp;  /* both ports on the same warp */
} mdt_events_t;

/* mdt_create/destroy/reset/step (model.h); the read port shows the state
 * before the edge at this cycle's rd_* address. */
MODEL_API(mdt);
MODEL_EVAL(mdt);

/* Read-only views for stimulus and tests. */
MODEL_PARAMS(mdt);
bool mdt_entry_valid(const mdt_t *m, unsigned w, unsigned e);
uint64_t mdt_entry_pc(const mdt_t *m, unsigned w, unsigned e);
unsigned mdt_entry_age(const mdt_t *m, unsigned w, unsigned e);
uint64_t mdt_waiting(const mdt_t *m, unsigned w, unsigned e);
uint64_t mdt_ready(const mdt_t *m, unsigned w, unsigned e);
/* Threads of warp w that are WAITING or READY in any entry. */
uint64_t mdt_masked(const mdt_t *m, unsigned w);

#endif /* SIMT_MDT_H */
