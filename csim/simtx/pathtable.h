/* Golden cycle model of pathtable: SIMT-X's Pathtable -- per warp, the mask
 * of every path as paths diverge (buop) and re-converge (cuop), speculative
 * until the micro-op that made them commits, with a reference count that
 * frees a path nobody holds. SIMT-X (TACO 2020) sections 3.3, 3.5.1, 3.5.2,
 * 3.7.1, 3.7.2, 4.5. Behaviour, timing, errors: docs/blocks/pathtable.md.
 * Written from the paper and that page, independently of the RTL. No
 * printing, no globals. */
#ifndef SIMT_PATHTABLE_H
#define SIMT_PATHTABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "pathtable_decl.h"

/* What the edge did (cover points, testbench checks). */
typedef struct {
    unsigned op, err;      /* the request and its verdict (op NOP: none) */
    bool alloc;            /* an entry allocated: id */
    unsigned id;
    bool div, null, useless; /* BEXEC's outcome */
    unsigned dropped;      /* BEXEC: younger speculative entries that lost lanes */
    bool nested;           /* BEXEC with an older buop of the warp uncommitted */
    unsigned freed;        /* entries freed */
    unsigned squashed;     /* SQUASH: speculative entries freed */
    unsigned kept;         /* SQUASH: committed entries kept */
    bool ref_many;         /* a count above 1 after the edge */
    bool full;             /* the warp has no free entry after the edge */
    /* the holders beside the request port */
    bool hold, drop;       /* accepted */
    unsigned hold_err, drop_err;
    bool hold_keeps;       /* the hold kept alive an entry the request let go to 0 */
    bool drop_freed;       /* the drop freed a committed entry */
    bool side_squashed;    /* a hold or drop discarded: its warp rolled back */
} pathtable_events_t;

/* pathtable_create/destroy/reset/step/eval (model.h): the req_* outputs are
 * the request's verdict and allocation in its own cycle, rd_* the state
 * before the edge. */
MODEL_API(pathtable);
MODEL_EVAL(pathtable);
MODEL_PARAMS(pathtable);

/* State, for testbenches and tests (warp w, entry h). */
unsigned pathtable_state(const pathtable_t *m, unsigned w, unsigned h);
uint64_t pathtable_mask(const pathtable_t *m, unsigned w, unsigned h);
unsigned pathtable_ref(const pathtable_t *m, unsigned w, unsigned h);
unsigned pathtable_free(const pathtable_t *m, unsigned w); /* free entries */
unsigned pathtable_resv(const pathtable_t *m, unsigned w); /* reserved for alternates */
unsigned pathtable_inflight(const pathtable_t *m, unsigned w); /* uncommitted micro-ops */
bool pathtable_same_state(const pathtable_t *a, const pathtable_t *b);

#endif /* SIMT_PATHTABLE_H */
