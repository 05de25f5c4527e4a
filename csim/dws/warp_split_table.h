/* Golden cycle model of warp_split_table: Dynamic Warp Subdivision's
 * warp-split table with its split policies, counters and scheduler -- DWS
 * (ISCA'10) sections 5.3 to 5.6. Behaviour, timing, errors:
 * docs/blocks/warp_split_table.md. Written from the paper and that page,
 * independently of the RTL. No printing, no globals. */
#ifndef SIMT_WARP_SPLIT_TABLE_H
#define SIMT_WARP_SPLIT_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "warp_split_table_decl.h"

/* What one edge did (the testbench's cover rules and stimulus read it). */
typedef struct {
    bool req;                /* a request this cycle */
    unsigned op, err, kind;  /* its op, error and kind (kind NONE on error) */
    unsigned warp, entry;    /* its warp; rsp_entry_o's value */
    unsigned merges;         /* MEM: entries merged into the executing one */
    bool merge_suspended;    /* a merge in which the executing split was ready
                                and another merged entry was suspended */
    bool merge_woken;        /* a merged entry woke by the fill at this edge */
    bool split_full;         /* a SPLIT or LAZY split took the warp's last free entry */
    bool latspec_tested;     /* LATSPEC's test ran (a divergent access) */
    bool latspec_split;      /* ... and it split */
    bool fill;               /* a fill this cycle */
    unsigned fill_err;
    uint64_t woken;          /* entries of the fill's warp that woke */
    bool fill_partial;       /* a split got some of its pending threads back, not the last */
    bool lazy;               /* LAZY split a suspended split at this edge */
    unsigned lazy_warp, lazy_entry;
    bool lazy_none;          /* LAZY, no ready split, and no entry it could split */
    bool lazy_woken;         /* the LAZY-split parent woke at this edge */
    bool icount_sat, mfc_sat, memlat_sat, sum_sat; /* a counter held at all ones
                                                      instead of counting up */
    bool sum_floor;          /* an executing cycle with sum-rMFC at 0 */
    bool boost_override;     /* the pick this edge registers is a boosted entry
                                and the order without boosting would have
                                picked another */
    bool swf_differs;        /* at this edge's pick, SWF and RR would pick
                                different entries */
    bool hold;               /* an accepted EXEC or MEM held its split(s) */
    bool hold_merge;         /* ... a held MEM merged with held entries */
    bool hold_suspended;     /* ... a held MEM suspended a held split */
    uint32_t arrived;        /* warps that arrived at this edge (not before it) */
    bool arrived_fill;       /* the fill made its warp arrive */
    bool lazy_held;          /* the LAZY-split parent is held */
    bool boost_not_held;     /* a warp's minimum icount is held, another boosted */
    bool err_held;           /* the request was refused because its split is held */
} warp_split_table_events_t;

/* warp_split_table_create/destroy/reset/step (model.h); the read port shows
 * the state before the edge, sel_* the scheduler's registered pick (made
 * from the state two edges back; sel_valid only while that split is ready). */
MODEL_API(warp_split_table);
MODEL_EVAL(warp_split_table);
MODEL_PARAMS(warp_split_table);

/* Read-only views for stimulus and tests. */
typedef struct {
    bool valid, held;
    uint64_t pc, mask;
    uint32_t icount, mfc, rmfc, memlat, wait;
} wst_entry_t;
/* Entry e of warp w (all zero when w or e is out of range). */
wst_entry_t warp_split_table_entry(const warp_split_table_t *m, unsigned w, unsigned e);
/* Threads of warp w waiting for a fill. */
uint64_t warp_split_table_pending(const warp_split_table_t *m, unsigned w);
uint32_t warp_split_table_sum_rmfc(const warp_split_table_t *m);
/* The entry is valid, not held and none of its threads pending. */
bool warp_split_table_ready(const warp_split_table_t *m, unsigned w, unsigned e);
/* arrived_o: bit w when warp w has a split, every split of it held and none
 * of its threads waiting for a fill (from the state alone). */
uint32_t warp_split_table_arrived(const warp_split_table_t *m);

/* n cycles without a request or a fill (in's req_valid and fill_valid
 * ignored), with in's policy and scheduler: the state n steps would leave.
 * Steps until an edge changes nothing but the suspended entries' wait
 * counters (the registered responses cleared, a LAZY split made, the
 * scheduler's stages settled), then counts the rest of the waits at once
 * (a system model runs the cycles its cores skip this way). */
void warp_split_table_idle(warp_split_table_t *m, const warp_split_table_in_t *in, uint64_t n);

#endif /* SIMT_WARP_SPLIT_TABLE_H */
