/* Golden cycle model of div_predictor: SIMT-X's global bimodal divergence
 * predictor biased towards divergence (section 3.7.2; 32 x 2 bits in section
 * 4.5) and its global pending-divergence counter (section 3.8.2). Behaviour,
 * timing, errors: docs/blocks/div_predictor.md. Written from the paper and
 * that page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_DIV_PREDICTOR_H
#define SIMT_DIV_PREDICTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "div_predictor_decl.h"

/* The counter values (section 3.7.2's bimodal states). */
enum { DP_CTR_STRONG_UNI = 0, DP_CTR_WEAK_UNI = 1, DP_CTR_WEAK_DIV = 2, DP_CTR_STRONG_DIV = 3 };

typedef struct {
    bool req;             /* some input asked for something */
    unsigned err;         /* its error (DP_ERR_NONE: accepted) */
    bool res;             /* an accepted resolution: */
    unsigned res_index;   /*   its counter */
    unsigned ctr_before;  /*   the counter's value before the edge */
    unsigned ctr_after;   /*   and after */
    unsigned look_index;  /* the lookup's counter */
    unsigned pend_before; /* pending before the edge */
    unsigned pend_after;  /* and after (pend_before when rejected) */
    unsigned pend_terms;  /* accepted: how many of inj, cmt, a fix, sq were non-zero */
} div_predictor_events_t;

/* div_predictor_create/destroy/reset/step (model.h); the lookup shows the
 * state before the edge at this cycle's look_pc. */
MODEL_API(div_predictor);
MODEL_EVAL(div_predictor);
MODEL_PARAMS(div_predictor);

/* The counter a PC indexes: pc[pc_shift +: log2(entries)]. */
unsigned div_predictor_index(const div_predictor_t *m, uint64_t pc);
/* Counter i (0 for i out of range). */
unsigned div_predictor_counter(const div_predictor_t *m, unsigned i);
unsigned div_predictor_pending(const div_predictor_t *m);
/* The largest pending value, 2^pend_width - 1. */
unsigned div_predictor_pending_max(const div_predictor_t *m);
/* The same counters and pending value (the response registers aside). */
bool div_predictor_same_state(const div_predictor_t *a, const div_predictor_t *b);

#endif /* SIMT_DIV_PREDICTOR_H */
