/* Golden cycle model of pirat: SIMT-X's Path-Identifying Register Alias
 * Table -- per warp and architectural register a Main and a Leading
 * Divergent physical register, the LDiv's lanes a path id or a mask; merge
 * micro-ops where a consumer's path is not dominated by one of them; the
 * Commit PIRAT, register release and rollback; the shared free list.
 * SIMT-X (TACO 2020) sections 3.5.3, 3.7.2, 3.8, Figure 4, 4.5. Behaviour,
 * timing, errors: docs/blocks/pirat.md. Written from the paper and that
 * page, independently of the RTL. No printing, no globals. */
#ifndef SIMT_PIRAT_H
#define SIMT_PIRAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "pirat_decl.h"

/* The rule a source or the destination took (cover points, tests). */
enum pirat_src_rule { PR_SRC_NONE, PR_SRC_MAIN_ONLY, PR_SRC_LD, PR_SRC_MAIN, PR_SRC_MERGE };
enum pirat_dst_rule { PR_DST_NONE, PR_DST_MAIN_ONLY, PR_DST_OVER_LD, PR_DST_OVER_MAIN,
                      PR_DST_MERGE };

/* What the edge did. */
typedef struct {
    /* rename */
    bool ren;             /* ren_valid */
    unsigned ren_err;     /* its error */
    bool renamed;         /* the instruction renamed at this edge */
    bool blocked;         /* not taken: its warp rolled back */
    bool stall_noreg;     /* stalled for want of registers */
    bool held;            /* held by ren_hold (no error) */
    bool serialise;       /* stalled while a first source merge was renamed */
    bool merge;           /* a merge renamed (mrg_valid next cycle) */
    bool merge_last_reg;  /* it took the last free register */
    unsigned src_rule[2]; /* enum pirat_src_rule of each source, in the cycle's judgement */
    bool src_rmask_path;  /* a source's Rmask came through a path id */
    unsigned dst_rule;    /* enum pirat_dst_rule (renamed instructions only) */
    bool dst_merge_pend;  /* a destination merge that only pending forced */
    bool naive_merge;     /* the naive RAT would merge this renamed instruction's write
                           * (pirat_naive_merge) */
    /* commit */
    bool cmt;             /* cmt_valid */
    unsigned cmt_err;
    bool commit_fill, rel_ld, rel_main, rel_merge, hold, rel_hold, null_commit, to_mask;
    bool ren_cmt_entry;   /* a rename and a commit of one entry */
    bool cmt_mapped;      /* a commit refused: it would release a register the
                           * speculative entry maps */
    /* rollback */
    bool rb;              /* an accepted rollback */
    unsigned rb_freed;    /* uncommitted registers it freed */
    bool rb_live_merge;   /* one of them was a merge's */
    bool rb_hold;         /* it released a held pair */
    unsigned released;    /* registers released by commit and rollback */
    unsigned free_after;  /* free registers after the edge */
} pirat_events_t;

/* pirat_create/destroy/reset/step/eval (model.h): ren_ready, ren_err,
 * cmt_err and rd_* are of the cycle, the rest registered. */
MODEL_API(pirat);
MODEL_EVAL(pirat);
MODEL_PARAMS(pirat);

/* A speculative or Commit PIRAT entry (warp w, register r). */
typedef struct {
    unsigned main;
    bool ld_valid;
    bool is_path;  /* the speculative entry's Rmask is path id mp (Commit: never) */
    uint64_t mp;   /* path id or mask */
    unsigned ld;
} pirat_entry_t;

/* The reference the PIRAT is measured against (section 3.1, Figure 1(b),
 * section 4.3): a naive RAT keeps one mapping per architectural register,
 * so a write that may leave some of the warp's threads unwritten must merge
 * its new definition with the old one at once, and a source never merges.
 * Whether it merges the write of an instruction of Wmask `wmask` renamed
 * with `pending` divergences: under a pending divergence (its path's mask
 * may still narrow) or when the path does not hold all `lanes` (the warp's
 * threads). The model flags it for each renamed instruction with a
 * destination (pirat_events_t.naive_merge). */
bool pirat_naive_merge(uint64_t wmask, bool pending, uint64_t lanes);

bool pirat_entry(const pirat_t *m, unsigned w, unsigned r, pirat_entry_t *e);
bool pirat_commit_entry(const pirat_t *m, unsigned w, unsigned r, pirat_entry_t *e);
bool pirat_is_free(const pirat_t *m, unsigned p);
unsigned pirat_free_count(const pirat_t *m);
/* The register-leak check: every physical register is exactly one of free,
 * in flight (allocated, uncommitted), in one Commit PIRAT field, or in one
 * held pair; the speculative PIRATs name only in-flight or committed-mapped
 * registers. 0, or -1 with err saying which register breaks it. */
int pirat_leak_check(const pirat_t *m, char *err, size_t errlen);
bool pirat_same_state(const pirat_t *a, const pirat_t *b);
/* The registered outputs (mrg_*, ins_*, uop_warp, free_count, err_sticky):
 * what pirat_eval shows of them whatever the inputs. */
const pirat_out_t *pirat_registered(const pirat_t *m);

#endif /* SIMT_PIRAT_H */
