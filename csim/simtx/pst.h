/* Golden cycle model of pst: SIMT-X's Path Scheduling Table with
 * convergence detection -- SIMT-X sections 3.4 (the PST, RR/MinSP-PC), 3.6
 * (convergence detection), 3.7.1 (Figure 3: a predicted divergence renews
 * the path's entry, the alternate path gets one of its own), 3.7.2 (a
 * nullified path removed, the retirement copy for rollback), 4.5 (8 x 84-bit
 * entries). Behaviour, timing, errors: docs/blocks/pst.md. Written from the
 * paper and that page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_PST_H
#define SIMT_PST_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "pst_decl.h"

/* One slot: of the speculative table or of the retirement copy. The fields
 * of a slot that is not valid are never shown. */
typedef struct {
    bool valid;
    unsigned path;
    uint64_t pc;
    unsigned depth;
} pst_entry_t;

typedef struct {
    bool req;            /* req_op != NOP */
    unsigned op, err;    /* its op and error (PST_ERR_NONE: applied) */
    unsigned add_slot;   /* an accepted ADD: the slot it took */
    bool add_last;       /* ... and it was the warp's last free slot */
    unsigned conv_depth; /* an accepted CONVERGE: the two entries' call depth */
    bool rollback_diff;  /* an accepted ROLLBACK changed the warp's table */
    /* the selection shown this cycle */
    bool sel_valid, sel_rr, taken; /* taken: sel_take with a pick */
    unsigned minsp_slot;           /* what MinSP-PC picks in the picked warp */
    bool warp_skip;      /* a warp without a valid slot was passed over */
    bool minsp_depth;    /* the MinSP pick is deeper than a valid slot with a lower PC */
    bool minsp_pc;       /* the MinSP pick has a lower PC than a slot at its depth */
    bool same_pc_deeper; /* another valid slot has the pick's PC at another depth, no conv shown */
} pst_events_t;

/* pst_create/destroy/reset/step (model.h); pst_eval: this cycle's outputs
 * (the selection, the convergence and the read port from the state before
 * the edge, req_slot from req_warp) without the edge. */
MODEL_API(pst);
MODEL_EVAL(pst);

MODEL_PARAMS(pst);
/* Slot s of warp w: of the speculative table, or of its retirement copy. */
pst_entry_t pst_entry(const pst_t *m, unsigned w, unsigned s);
pst_entry_t pst_retired(const pst_t *m, unsigned w, unsigned s);
/* The same tables, pointers and cycle count (fields of slots that are not
 * valid ignored; the responses not compared): a rejected request changed
 * nothing. */
bool pst_same_state(const pst_t *a, const pst_t *b);
/* The RR turn's period (m+1) x n, and whether a turn is pending. */
unsigned pst_turn_period(const pst_t *m);
bool pst_turn_pending(const pst_t *m);

#endif /* SIMT_PST_H */
