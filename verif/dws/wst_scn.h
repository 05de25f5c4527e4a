/* Directed scenario lines of the warp-split table's ports, shared by the
 * testbenches of warp_split_table and dws_core (docs/scenarios.md): dws_core
 * passes the table's outputs through under the same names, so both read the
 * same keys from expect and peek lines, the same policy= and sched= on any
 * line and fill= fw= on a request line. Include after cosim_kit.h (the
 * configuration's CFG_ widths and the table's code words). */
#ifndef SIMT_WST_SCN_H
#define SIMT_WST_SCN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "scenario.h"

/* Slots 0 .. WSK_COUNT-1 of an expect: the read port's entry (w=, e=), its
 * warp, the responses, the counters and the scheduler. A testbench's own
 * keys follow at slot WSK_COUNT. */
enum { WSK_VALID, WSK_PC, WSK_ICOUNT, WSK_SUSP, WSK_BOOST, WSK_MFC, WSK_RMFC, WSK_MEMLAT,
       WSK_WAIT, WSK_HELD, WSK_COUNT_, WSK_RSP, WSK_KIND, WSK_ENTRY, WSK_MERGES, WSK_FRSP,
       WSK_FERR, WSK_LAZY, WSK_LW, WSK_LE, WSK_STICKY, WSK_SUM, WSK_SEL, WSK_SW, WSK_SE,
       WSK_SBOOST, WSK_ARRIVED, WSK_COUNT };
static const scenario_key_t wst_scn_keys[WSK_COUNT] = {
    [WSK_VALID] = {"valid", NULL, "rd_valid_o"},
    [WSK_PC] = {"pc", NULL, "rd_pc_o"},
    [WSK_ICOUNT] = {"icount", NULL, "rd_icount_o"},
    [WSK_SUSP] = {"suspended", NULL, "rd_suspended_o"},
    [WSK_BOOST] = {"boost", NULL, "rd_boost_o"},
    [WSK_MFC] = {"mfc", NULL, "rd_mfc_o"},
    [WSK_RMFC] = {"rmfc", NULL, "rd_rmfc_o"},
    [WSK_MEMLAT] = {"memlat", NULL, "rd_memlat_o"},
    [WSK_WAIT] = {"wait", NULL, "rd_wait_o"},
    [WSK_HELD] = {"held", NULL, "rd_held_o"},
    [WSK_COUNT_] = {"count", NULL, "rd_count_o"},
    [WSK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [WSK_KIND] = {"kind", wst_kind_words, "rsp_kind_o"},
    [WSK_ENTRY] = {"entry", NULL, "rsp_entry_o"},
    [WSK_MERGES] = {"merges", NULL, "rsp_merges_o"},
    [WSK_FRSP] = {"frsp", NULL, "fill_rsp_valid_o"},
    [WSK_FERR] = {"ferr", wst_err_words, "fill_err_o"},
    [WSK_LAZY] = {"lazy", NULL, "lazy_valid_o"},
    [WSK_LW] = {"lazy_w", NULL, "lazy_warp_o"},
    [WSK_LE] = {"lazy_e", NULL, "lazy_entry_o"},
    [WSK_STICKY] = {"sticky", NULL, "err_sticky_o"},
    [WSK_SUM] = {"sum", NULL, "sum_rmfc_o"},
    [WSK_SEL] = {"sel", NULL, "sel_valid_o"},
    [WSK_SW] = {"sel_w", NULL, "sel_warp_o"},
    [WSK_SE] = {"sel_e", NULL, "sel_entry_o"},
    [WSK_SBOOST] = {"sel_boost", NULL, "sel_boost_o"},
    [WSK_ARRIVED] = {"arrived", NULL, "arrived_o"},
};

/* Their values in an output struct `o` with the table's port names (rsp
 * and sticky are the block's own response and sticky bits). */
#define WST_SCN_GOT(o)                                                                   \
    {                                                                                    \
        [WSK_VALID] = (o)->rd_valid, [WSK_PC] = (o)->rd_pc, [WSK_ICOUNT] = (o)->rd_icount, \
        [WSK_SUSP] = (o)->rd_suspended, [WSK_BOOST] = (o)->rd_boost,                     \
        [WSK_MFC] = (o)->rd_mfc, [WSK_RMFC] = (o)->rd_rmfc, [WSK_MEMLAT] = (o)->rd_memlat, \
        [WSK_WAIT] = (o)->rd_wait, [WSK_HELD] = (o)->rd_held, [WSK_COUNT_] = (o)->rd_count, \
        [WSK_RSP] = (o)->rsp_valid, [WSK_KIND] = (o)->rsp_kind,                          \
        [WSK_ENTRY] = (o)->rsp_entry, [WSK_MERGES] = (o)->rsp_merges,                    \
        [WSK_FRSP] = (o)->fill_rsp_valid, [WSK_FERR] = (o)->fill_err,                    \
        [WSK_LAZY] = (o)->lazy_valid, [WSK_LW] = (o)->lazy_warp,                         \
        [WSK_LE] = (o)->lazy_entry, [WSK_STICKY] = (o)->err_sticky,                      \
        [WSK_SUM] = (o)->sum_rmfc, [WSK_SEL] = (o)->sel_valid, [WSK_SW] = (o)->sel_warp, \
        [WSK_SE] = (o)->sel_entry, [WSK_SBOOST] = (o)->sel_boost,                        \
        [WSK_ARRIVED] = (o)->arrived,                                                    \
    }

/* The thread sets: the entry's threads, the warp's waiting threads, the
 * entries the last fill woke. */
enum { WSM_MASK, WSM_PENDING, WSM_WOKEN, WSM_COUNT };
static const char *const wst_scn_mask_keys[WSM_COUNT] = {"mask", "pending", "woken"};
#define WST_SCN_MASKS(o) {(o)->rd_mask, (o)->rd_pending, (o)->fill_woken}

typedef struct {
    scenario_expect_t exp; /* slots 0 .. WSK_COUNT-1 here, the testbench's after */
    scenario_mask_expect_t mask[WSM_COUNT];
} wst_scn_expect_t;

/* A testbench's scenario reader: the file, the line being run, whether it
 * is an expect or peek line, and the policy and scheduler set so far. */
typedef struct {
    scenario_t *scn;
    scenario_line_t line;
    enum scenario_check_kind check;
    wst_scn_expect_t exp;
    unsigned policy, sched;
} wst_scn_t;

/* A mask of the warp's width (a number or a thread set) into *v. */
static inline int wst_scn_get_mask(scenario_line_t *l, const char *key, uint64_t *v, char *err,
                                   size_t errlen)
{
    bitmask_t m;
    int rc = scenario_get_mask(l, key, CFG_WarpWidth, &m, err, errlen);
    if (rc > 0)
        *v = m.w[0];
    return rc;
}

/* The check keys of a line (any line): the table's, then the testbench's own
 * (own[0 .. n_own), slots WSK_COUNT on). 0, or -1 (bad value). */
static inline int wst_scn_expect_read(scenario_line_t *l, wst_scn_expect_t *e,
                                      const scenario_key_t *own, unsigned n_own, char *err,
                                      size_t errlen)
{
    if (scenario_expect_read(l, &e->exp, wst_scn_keys, WSK_COUNT, 0, err, errlen) ||
        scenario_expect_read(l, &e->exp, own, n_own, WSK_COUNT, err, errlen))
        return -1;
    for (unsigned k = 0; k < WSM_COUNT; k++)
        if (scenario_expect_mask_read(l, &e->mask[k], wst_scn_mask_keys[k], CFG_WarpWidth, err,
                                      errlen))
            return -1;
    return 0;
}

/* Check them: got (WST_SCN_GOT), masks (WST_SCN_MASKS), own_got (the
 * testbench's keys). 0, or -1 with the first difference. */
static inline int wst_scn_expect_check(const scenario_line_t *l, const wst_scn_expect_t *e,
                                       const uint64_t *got, const uint64_t *masks,
                                       const scenario_key_t *own, unsigned n_own,
                                       const uint64_t *own_got, char *err, size_t errlen)
{
    if (scenario_expect_check(l, &e->exp, wst_scn_keys, WSK_COUNT, 0, got, err, errlen) ||
        scenario_expect_check(l, &e->exp, own, n_own, WSK_COUNT, own_got, err, errlen))
        return -1;
    for (unsigned k = 0; k < WSM_COUNT; k++) {
        bitmask_t m;
        bm_from_u64(&m, masks[k]);
        if (scenario_expect_mask_check(l, &e->mask[k], &m, err, errlen))
            return -1;
    }
    return 0;
}

/* policy= and sched=, on any line: they hold until changed (*policy and
 * *sched keep them). 0, or -1 (bad value). */
static inline int wst_scn_mode(scenario_line_t *l, unsigned *policy, unsigned *sched, char *err,
                               size_t errlen)
{
    uint64_t v = 0;
    int rc;
    if ((rc = scenario_get_word(l, "policy", wst_policy_words, &v, err, errlen)) < 0)
        return -1;
    if (rc)
        *policy = (unsigned)v;
    if ((rc = scenario_get_word(l, "sched", wst_sched_words, &v, err, errlen)) < 0)
        return -1;
    if (rc)
        *sched = (unsigned)v;
    return 0;
}

/* A fill in the same cycle as a request line's request: fill=MASK fw=WARP.
 * 0, or -1 (bad value). */
static inline int wst_scn_fill(scenario_line_t *l, bool *valid, unsigned *warp, uint64_t *mask,
                               char *err, size_t errlen)
{
    uint64_t fw = 0;
    int rc;
    *mask = 0;
    if (wst_scn_get_mask(l, "fill", mask, err, errlen) < 0 ||
        (rc = scenario_get_bits(l, "fw", CFG_WarpIdWidth, &fw, err, errlen)) < 0)
        return -1;
    *valid = *mask != 0 || rc > 0;
    *warp = (unsigned)fw;
    return 0;
}

/* The inputs a line sets, in an input struct with the table's port names:
 * WST_SCN_IN(&in). */
typedef struct {
    unsigned *policy, *sched, *req_warp, *req_entry, *rd_warp, *rd_entry;
    bool *fill_valid;
    unsigned *fill_warp;
    uint64_t *fill_mask;
} wst_scn_in_t;
#define WST_SCN_IN(in)                                                                   \
    (&(wst_scn_in_t){&(in)->policy, &(in)->sched, &(in)->req_warp, &(in)->req_entry,    \
                     &(in)->rd_warp, &(in)->rd_entry, &(in)->fill_valid, &(in)->fill_warp, \
                     &(in)->fill_mask})

/* The next line: its kind, policy= and sched= (they hold until changed),
 * and w= and e= (0 when absent: the request's and the read ports' warp and
 * entry). 0, 1 at the end of the file, or -1 with a message. */
static inline int wst_scn_begin(wst_scn_t *s, const wst_scn_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &s->line;
    int rc = scenario_next(s->scn, l, err, errlen);
    if (rc)
        return rc;
    s->check = scenario_check_kind(l);
    uint64_t w = 0, e = 0;
    if (wst_scn_mode(l, &s->policy, &s->sched, err, errlen) ||
        scenario_get_bits(l, "w", CFG_WarpIdWidth, &w, err, errlen) < 0 ||
        scenario_get_bits(l, "e", CFG_EntryIdWidth, &e, err, errlen) < 0)
        return -1;
    *in->policy = s->policy, *in->sched = s->sched;
    *in->rd_warp = *in->req_warp = (unsigned)w;
    *in->rd_entry = *in->req_entry = (unsigned)e;
    return 0;
}

/* A line that is not an expect or peek: `idle`, `fill w= mask=`, or a
 * request (one of ops, its code into *op) with maybe a fill of the same
 * cycle (fill= fw=). 1 for a request (the caller reads its keys), else what
 * reading the line gives: 0, or -1 with a message. */
static inline int wst_scn_op_line(scenario_line_t *l, const scenario_word_t *ops,
                                  const wst_scn_in_t *in, uint64_t *op, char *err,
                                  size_t errlen)
{
    if (wst_scn_fill(l, in->fill_valid, in->fill_warp, in->fill_mask, err, errlen))
        return -1;
    if (!strcmp(l->verb, "idle"))
        return 0;
    if (!strcmp(l->verb, "fill")) {
        *in->fill_valid = true, *in->fill_warp = *in->req_warp;
        return wst_scn_get_mask(l, "mask", in->fill_mask, err, errlen) < 0 ? -1 : 0;
    }
    if (scenario_word(ops, l->verb, op)) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    return 1;
}

#endif /* SIMT_WST_SCN_H */
