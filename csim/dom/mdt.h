/* Golden cycle model of mdt: Diverge on Miss's Memory Divergence Table with
 * the MCB's per-thread status -- DoM (SC'09) sections 3.2, 4.1, 4.3.
 * Behaviour, timing, errors: docs/blocks/mdt.md. Written from the paper and
 * that page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_MDT_H
#define SIMT_MDT_H

#include <stdbool.h>
#include <stdint.h>

#define MDT_MAX_WARPS MDT_NUM_WARPS_MAX
#define MDT_MAX_ENTRIES MDT_ENTRIES_PER_WARP_MAX
#define MDT_MAX_WIDTH MDT_WARP_WIDTH_MAX

typedef struct {
    unsigned num_warps;        /* 1..64 */
    unsigned entries_per_warp; /* 1..8 */
    unsigned warp_width;       /* 2..64 */
    unsigned pc_width;         /* 4..64 */
} mdt_params_t;

/* enum mdt_op, mdt_kind, mdt_err, mdt_status and the parameter ranges
 * (configs/mdt.cfg) */
#include "mdt_decl.h"
enum { MDT_OK = 0, MDT_EPARAM_WARPS = -1, MDT_EPARAM_ENTRIES = -2, MDT_EPARAM_WIDTH = -3,
       MDT_EPARAM_PC_WIDTH = -4, MDT_ENOMEM = -5 };

/* Masks are W-bit (W <= 64): bit t = thread t. Inputs are truncated to
 * their port widths by the model. */
typedef struct {
    bool acc_valid;
    unsigned acc_op;
    unsigned acc_warp;
    uint64_t acc_pc;
    uint64_t acc_exec, acc_hit;
    bool acc_alloc_ok;
    bool fill_valid;
    unsigned fill_warp, fill_entry;
    uint64_t fill_mask;
    unsigned rd_warp, rd_entry;
} mdt_in_t;

typedef struct {
    bool rsp_valid;
    unsigned rsp_err, rsp_kind, rsp_entry;
    uint64_t rsp_rejoin;
    bool rsp_waiting;
    bool fill_rsp_valid;
    unsigned fill_err;
    unsigned err_sticky;
    bool rd_valid;
    uint64_t rd_pc, rd_waiting, rd_ready;
    unsigned rd_age;
    uint64_t rd_masked;
    bool rd_free;
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

typedef struct mdt mdt_t;

int mdt_create(const mdt_params_t *p, mdt_t **out);
void mdt_destroy(mdt_t *m);
void mdt_reset(mdt_t *m);
/* One cycle: *out = outputs during the cycle (the read port from the state
 * before the edge and this cycle's rd_* inputs), then the edge. */
void mdt_step(mdt_t *m, const mdt_in_t *in, mdt_out_t *out, mdt_events_t *ev);

/* Read-only views for stimulus and tests. */
const mdt_params_t *mdt_params(const mdt_t *m);
bool mdt_entry_valid(const mdt_t *m, unsigned w, unsigned e);
uint64_t mdt_entry_pc(const mdt_t *m, unsigned w, unsigned e);
unsigned mdt_entry_age(const mdt_t *m, unsigned w, unsigned e);
uint64_t mdt_waiting(const mdt_t *m, unsigned w, unsigned e);
uint64_t mdt_ready(const mdt_t *m, unsigned w, unsigned e);
/* Threads of warp w that are WAITING or READY in any entry. */
uint64_t mdt_masked(const mdt_t *m, unsigned w);

#endif /* SIMT_MDT_H */
