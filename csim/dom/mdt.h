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

/* n cycles without a request on either port (in's acc_valid and fill_valid
 * ignored): the state n steps would leave (after the first, none changes
 * anything). */
void mdt_idle(mdt_t *m, const mdt_in_t *in, uint64_t n);

#endif /* SIMT_MDT_H */
