/* What the PIRAT's testbenches share (see pirat_tb_common.h). */
#include "pirat_tb_common.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cosim_kit.h" /* PR_CV_*, pr_err_cover: the same in every SIMT-X block's kit */

#define HOT_REGS 4u

/* ---- instructions ------------------------------------------------------------------ */

unsigned pirat_pick_reg(cosim_rng_t *r, unsigned arch_regs)
{
    unsigned hot = arch_regs < HOT_REGS ? arch_regs : HOT_REGS;
    return (unsigned)cosim_rng_below(r, cosim_rng_pct(r, 80) ? hot : arch_regs);
}

void pirat_random_operands(cosim_rng_t *r, unsigned arch_regs, pirat_instr_t *i)
{
    i->src_valid = (unsigned)cosim_rng_below(r, 4);
    i->src0 = pirat_pick_reg(r, arch_regs);
    i->src1 = pirat_pick_reg(r, arch_regs);
    i->dst_valid = cosim_rng_pct(r, 85);
    i->dst = pirat_pick_reg(r, arch_regs);
}

void pirat_present(const pirat_instr_t *i, pirat_in_t *in)
{
    in->ren_valid = true;
    in->ren_warp = i->warp;
    in->ren_path = i->path;
    in->ren_src_valid = i->src_valid;
    in->ren_src0 = i->src0;
    in->ren_src1 = i->src1;
    in->ren_dst_valid = i->dst_valid;
    in->ren_dst = i->dst;
}

/* ---- illegal requests ---------------------------------------------------------------- */

void pirat_illegal(cosim_rng_t *r, const pirat_params_t *p, const pirat_t *m,
                   const pirat_illegal_ctx_t *x, pirat_in_t *in, pirat_bad_t *t)
{
    unsigned wspan = x->wspan, pspan = x->pspan, rspan = x->rspan;
    uint64_t lanes = (UINT64_C(1) << p->warp_width) - 1u;
    unsigned kind = (unsigned)cosim_rng_below(r, 8);
    if (kind == 0 && wspan == p->num_warps)
        kind = 3;
    if (kind == 1 && pspan == p->paths_per_warp)
        kind = 7;
    if (kind == 2 && rspan == p->arch_regs)
        kind = 3;
    pirat_instr_t bad = {.valid = true, .warp = (unsigned)cosim_rng_below(r, p->num_warps),
                         .path = 0, .src_valid = 3, .src0 = 0, .src1 = 0, .dst_valid = true};
    *t = (pirat_bad_t){.warp = bad.warp};
    switch (kind) {
    case 0: /* a warp out of range: rename, commit or rollback */
        t->code = PR_ERR_BAD_WARP;
    {
        unsigned out = p->num_warps + (unsigned)cosim_rng_below(r, wspan - p->num_warps);
        bool rb = cosim_rng_pct(r, 34);
        if (rb && x->rb_port) {
            t->rb = true;
            in->rb_valid = true;
            in->rb_warp = out;
        } else if (cosim_rng_pct(r, 50)) {
            t->cmt = true;
            in->cmt_valid = true;
            in->cmt_warp = out;
        } else {
            t->ren = true;
            pirat_present(&bad, in);
            in->ren_warp = out;
        }
        return;
    }
    case 1: /* a path out of range */
        t->code = PR_ERR_BAD_PATH;
        t->ren = true;
        pirat_present(&bad, in);
        in->ren_path = p->paths_per_warp +
                       (unsigned)cosim_rng_below(r, pspan - p->paths_per_warp);
        return;
    case 7: { /* a path in range that the rename may not use */
        pirat_in_t try = *in;
        pirat_present(&bad, &try);
        if (!x->bad_path || !x->bad_path(x->ctx, &try)) {
            t->code = PR_ERR_NONE;
            return;
        }
        *in = try;
        t->code = PR_ERR_BAD_PATH;
        t->ren = true;
        return;
    }
    case 2: { /* a register out of range: a source, the destination, a commit's */
        t->code = PR_ERR_BAD_REG;
        unsigned reg = p->arch_regs + (unsigned)cosim_rng_below(r, rspan - p->arch_regs);
        if (cosim_rng_pct(r, 25)) {
            t->cmt = true;
            in->cmt_valid = true;
            in->cmt_warp = bad.warp;
            in->cmt_reg = reg;
            return;
        }
        t->ren = true;
        pirat_present(&bad, in);
        unsigned where = (unsigned)cosim_rng_below(r, 3);
        if (where == 0)
            in->ren_src0 = reg;
        else if (where == 1)
            in->ren_src1 = reg;
        else
            in->ren_dst = reg;
        return;
    }
    case 3:
    case 4: /* a register not in flight, or another warp's */
        t->code = PR_ERR_BAD_PREG;
        t->cmt = true;
        in->cmt_valid = true;
        in->cmt_warp = bad.warp;
        in->cmt_reg = pirat_pick_reg(r, p->arch_regs);
        in->cmt_mask = cosim_rng_next(r) & lanes;
        for (unsigned tries = 0; tries < 64; tries++) {
            unsigned q = (unsigned)cosim_rng_below(r, x->pregspan);
            pirat_out_t o;
            pirat_in_t probe = {.rd_preg = q};
            pirat_eval(m, &probe, &o);
            if (q >= p->phys_regs || !o.rd_pspec || o.rd_powner != bad.warp) {
                in->cmt_preg = q;
                return;
            }
        }
        in->cmt_valid = t->cmt = false; /* every register is the warp's, in flight */
        t->code = PR_ERR_NONE;
        return;
    default: { /* a commit the Commit PIRAT cannot apply */
        t->code = PR_ERR_BAD_COMMIT;
        unsigned head;
        if (!x->head_preg || !x->head_preg(x->ctx, bad.warp, &head)) {
            t->code = PR_ERR_NONE;
            return;
        }
        /* the head's register under a register whose Commit entry would
         * drop, for the mask drawn, a register its speculative entry maps */
        if (cosim_rng_pct(r, 50))
            for (unsigned reg = 0; reg < p->arch_regs; reg++) {
                pirat_entry_t c, e;
                pirat_commit_entry(m, bad.warp, reg, &c);
                pirat_entry(m, bad.warp, reg, &e);
                uint64_t mask = cosim_rng_pct(r, 50) ? lanes : ~c.mp & lanes;
                unsigned drop = (c.mp & ~mask & lanes) == 0 ? c.ld : c.main;
                if (c.ld_valid && (drop == e.main || (e.ld_valid && drop == e.ld))) {
                    t->cmt = true;
                    in->cmt_valid = true;
                    in->cmt_warp = bad.warp;
                    in->cmt_preg = head;
                    in->cmt_reg = reg;
                    in->cmt_merge = false;
                    in->cmt_mask = mask;
                    return;
                }
            }
        /* the head's register (in flight, the warp's), on an entry where it
         * cannot apply: a merge of a Main-only entry, or a write of no
         * thread where the LDiv holds some threads and Main others */
        for (unsigned reg = 0; reg < p->arch_regs; reg++) {
            pirat_entry_t c;
            pirat_commit_entry(m, bad.warp, reg, &c);
            uint64_t inside = c.mp & lanes, outside = ~c.mp & lanes;
            if (!c.ld_valid || (inside && outside)) {
                t->cmt = true;
                in->cmt_valid = true;
                in->cmt_warp = bad.warp;
                in->cmt_preg = head;
                in->cmt_reg = reg;
                in->cmt_merge = !c.ld_valid;
                in->cmt_mask = 0;
                return;
            }
        }
        t->code = PR_ERR_NONE;
        return;
    }
    }
}

/* ---- cover rules ---------------------------------------------------------------- */

void pirat_cover(uint64_t *c, unsigned num_warps, const pirat_in_t *in,
                 const pirat_events_t *e)
{
    static const unsigned src_cv[] = {
        [PR_SRC_NONE] = PR_CV_COUNT,        [PR_SRC_MAIN_ONLY] = PR_CV_SRC_MAIN_ONLY,
        [PR_SRC_LD] = PR_CV_SRC_LD,         [PR_SRC_MAIN] = PR_CV_SRC_MAIN,
        [PR_SRC_MERGE] = PR_CV_SRC_MERGE};
    static const unsigned dst_cv[] = {
        [PR_DST_NONE] = PR_CV_COUNT,         [PR_DST_MAIN_ONLY] = PR_CV_DST_MAIN_ONLY,
        [PR_DST_OVER_LD] = PR_CV_DST_OVER_LD, [PR_DST_OVER_MAIN] = PR_CV_DST_OVER_MAIN,
        [PR_DST_MERGE] = PR_CV_DST_MERGE};
    if (e->ren && pr_err_cover[e->ren_err] < PR_CV_COUNT)
        c[pr_err_cover[e->ren_err]]++;
    if (e->cmt && pr_err_cover[e->cmt_err] < PR_CV_COUNT)
        c[pr_err_cover[e->cmt_err]]++;
    if (in->rb_valid && in->rb_warp >= num_warps && PR_CV_ERR_BAD_WARP < PR_CV_COUNT)
        c[PR_CV_ERR_BAD_WARP]++;
    if (e->renamed) {
        for (unsigned k = 0; k < 2; k++)
            if (src_cv[e->src_rule[k]] < PR_CV_COUNT)
                c[src_cv[e->src_rule[k]]]++;
        if (dst_cv[e->dst_rule] < PR_CV_COUNT)
            c[dst_cv[e->dst_rule]]++;
        c[PR_CV_SRC_RMASK_PATH] += e->src_rmask_path;
    }
    c[PR_CV_DST_MERGE_PEND] += e->dst_merge_pend;
    c[PR_CV_SERIALISE] += e->serialise;
    c[PR_CV_STALL_NOREG] += e->stall_noreg;
    c[PR_CV_REN_HELD] += e->held;
    c[PR_CV_MERGE_LAST_REG] += e->merge_last_reg;
    c[PR_CV_RB_REN_BLOCKED] += e->blocked;
    c[PR_CV_COMMIT_FILL] += e->commit_fill;
    c[PR_CV_REL_LD] += e->rel_ld;
    c[PR_CV_REL_MAIN] += e->rel_main;
    c[PR_CV_REL_MERGE] += e->rel_merge;
    c[PR_CV_REL_HOLD] += e->rel_hold;
    c[PR_CV_NULL_COMMIT] += e->null_commit;
    c[PR_CV_TO_MASK] += e->to_mask;
    c[PR_CV_REN_CMT_ENTRY] += e->ren_cmt_entry;
    c[PR_CV_CMT_MAPPED] += e->cmt_mapped;
    c[PR_CV_ROLLBACK] += e->rb && e->rb_freed;
    c[PR_CV_RB_LIVE_MERGE] += e->rb_live_merge;
    c[PR_CV_RB_HOLD] += e->rb_hold;
    c[PR_CV_FREE_EMPTY] += e->free_after == 0;
}

/* ---- checks ------------------------------------------------------------------------ */

int pirat_drained_check(const pirat_t *m, unsigned w, unsigned arch_regs, uint64_t lanes,
                        const uint64_t *masks, char *err, size_t errlen)
{
    for (unsigned reg = 0; reg < arch_regs; reg++) {
        pirat_entry_t s, c;
        pirat_entry(m, w, reg, &s);
        pirat_commit_entry(m, w, reg, &c);
        uint64_t sm = (s.is_path ? masks[s.mp] : s.mp) & lanes;
        if (s.main != c.main || s.ld_valid != c.ld_valid ||
            (c.ld_valid && (s.ld != c.ld || sm != (c.mp & lanes)))) {
            snprintf(err, errlen,
                     "drained, warp %u r%u: speculative (p%u, %s, p%u), committed "
                     "(p%u, %s, p%u)",
                     w, reg, s.main, s.ld_valid ? "LDiv" : "-", s.ld, c.main,
                     c.ld_valid ? "LDiv" : "-", c.ld);
            return -1;
        }
    }
    return 0;
}

/* ---- the measure -------------------------------------------------------------------- */

void pirat_measure_add(pirat_measure_t *pm, bool pending, const pirat_events_t *e)
{
    pm->n_renamed[pending] += e->renamed;
    pm->n_merges[pending] += e->merge;
    pm->n_naive[pending] += e->naive_merge;
    pm->n_dst[pending] += e->renamed && e->dst_rule == PR_DST_MERGE;
    pm->n_pend_only[pending] += e->renamed && e->dst_merge_pend;
}

void pirat_measure_print(const pirat_measure_t *pm, char *buf, size_t len)
{
    uint64_t n = pm->n_renamed[0] + pm->n_renamed[1];
    double k = n ? 1000.0 / (double)n : 0.0,
           k0 = pm->n_renamed[0] ? 1000.0 / (double)pm->n_renamed[0] : 0.0;
    snprintf(buf, len,
             "renamed=%" PRIu64 " merges_per_1k_pirat=%.1f merges_per_1k_naive=%.1f "
             "renamed_unpending=%" PRIu64 " unpending_per_1k_pirat=%.1f "
             "unpending_per_1k_naive=%.1f dst_per_1k_pirat=%.1f pend_only_per_1k_pirat=%.1f",
             n, (double)(pm->n_merges[0] + pm->n_merges[1]) * k,
             (double)(pm->n_naive[0] + pm->n_naive[1]) * k, pm->n_renamed[0],
             (double)pm->n_merges[0] * k0, (double)pm->n_naive[0] * k0,
             (double)(pm->n_dst[0] + pm->n_dst[1]) * k,
             (double)(pm->n_pend_only[0] + pm->n_pend_only[1]) * k);
}

/* ---- directed scenarios (pirat_tb_common.h) ----------------------------------------- */

const scenario_key_t pirat_scn_keys[PRK_COUNT] = {
    [PRK_READY] = {"ready", NULL, "ren_ready_o"},
    [PRK_ERR] = {"err", pr_err_words, "ren_err_o"},
    [PRK_CERR] = {"cerr", pr_err_words, "cmt_err_o"},
    [PRK_MRG] = {"mrg", NULL, "mrg_valid_o"},
    [PRK_MRG_R] = {"mrg_reg", NULL, "mrg_reg_o"},
    [PRK_MRG_DST] = {"mrg_dst", NULL, "mrg_dst_o"},
    [PRK_MRG_MAIN] = {"mrg_main", NULL, "mrg_main_o"},
    [PRK_MRG_LD] = {"mrg_ld", NULL, "mrg_ld_o"},
    [PRK_MRG_PATH] = {"mrg_is_path", NULL, "mrg_is_path_o"},
    [PRK_MRG_MP] = {"mrg_mp", NULL, "mrg_mp_o"},
    [PRK_MRG_HOLD] = {"mrg_hold", NULL, "mrg_hold_o"},
    [PRK_INS] = {"ins", NULL, "ins_valid_o"},
    [PRK_SRC0] = {"src0", NULL, "ins_src0_o"},
    [PRK_SRC1] = {"src1", NULL, "ins_src1_o"},
    [PRK_DST] = {"dst", NULL, "ins_dst_o"},
    [PRK_UOP_W] = {"uop_w", NULL, "uop_warp_o"},
    [PRK_FREE] = {"free", NULL, "free_count_o"},
    [PRK_MAIN] = {"main", NULL, "rd_main_o"},
    [PRK_LDV] = {"ldv", NULL, "rd_ld_valid_o"},
    [PRK_IS_PATH] = {"is_path", NULL, "rd_is_path_o"},
    [PRK_MP] = {"mp", NULL, "rd_mp_o"},
    [PRK_LD] = {"ld", NULL, "rd_ld_o"},
    [PRK_CMAIN] = {"cmain", NULL, "rd_cmain_o"},
    [PRK_CLDV] = {"cldv", NULL, "rd_cld_valid_o"},
    [PRK_CMASK] = {"cmask", NULL, "rd_cmask_o"},
    [PRK_CLD] = {"cld", NULL, "rd_cld_o"},
    [PRK_PFREE] = {"pfree", NULL, "rd_pfree_o"},
    [PRK_PSPEC] = {"pspec", NULL, "rd_pspec_o"},
    [PRK_POWNER] = {"powner", NULL, "rd_powner_o"},
};

void pirat_scn_got(const pirat_out_t *o, uint64_t *got)
{
    const uint64_t v[PRK_COUNT] = {
        [PRK_READY] = o->ren_ready,     [PRK_ERR] = o->ren_err,       [PRK_CERR] = o->cmt_err,
        [PRK_MRG] = o->mrg_valid,       [PRK_MRG_R] = o->mrg_reg,     [PRK_MRG_DST] = o->mrg_dst,
        [PRK_MRG_MAIN] = o->mrg_main,   [PRK_MRG_LD] = o->mrg_ld,
        [PRK_MRG_PATH] = o->mrg_is_path, [PRK_MRG_MP] = o->mrg_mp,   [PRK_MRG_HOLD] = o->mrg_hold,
        [PRK_INS] = o->ins_valid,       [PRK_SRC0] = o->ins_src0,     [PRK_SRC1] = o->ins_src1,
        [PRK_DST] = o->ins_dst,         [PRK_UOP_W] = o->uop_warp,    [PRK_FREE] = o->free_count,
        [PRK_MAIN] = o->rd_main,        [PRK_LDV] = o->rd_ld_valid,   [PRK_IS_PATH] = o->rd_is_path,
        [PRK_MP] = o->rd_mp,            [PRK_LD] = o->rd_ld,          [PRK_CMAIN] = o->rd_cmain,
        [PRK_CLDV] = o->rd_cld_valid,   [PRK_CMASK] = o->rd_cmask,    [PRK_CLD] = o->rd_cld,
        [PRK_PFREE] = o->rd_pfree,      [PRK_PSPEC] = o->rd_pspec,    [PRK_POWNER] = o->rd_powner,
    };
    for (unsigned i = 0; i < PRK_COUNT; i++)
        got[i] = v[i];
}

enum { PV_RENAME, PV_COMMIT, PV_ROLLBACK }; /* pirat_scn_verbs' order */
const scenario_verb_t pirat_scn_verbs[] = {
    [PV_RENAME] = PIRAT_SCN_VERB_RENAME, [PV_COMMIT] = PIRAT_SCN_VERB_COMMIT,
    [PV_ROLLBACK] = PIRAT_SCN_VERB_ROLLBACK, {NULL, NULL}};

int pirat_scn_mask(scenario_line_t *l, const char *key, unsigned width, uint64_t *v,
                   char *err, size_t errlen)
{
    bitmask_t m;
    int got = scenario_get_mask(l, key, width, &m, err, errlen);
    if (got > 0)
        *v = m.w[0];
    return got;
}

/* The commit keys of l into in, a commit of warp w: 0, or -1 (a bad value,
 * or reg= or preg= missing). */
static int scn_commit(const pirat_scn_t *s, scenario_line_t *l, unsigned w, pirat_in_t *in,
                      char *err, size_t errlen)
{
    uint64_t reg = 0, preg = 0, mask = 0, merge = 0, hold = 0;
    int has_reg = scenario_get_bits(l, "reg", s->wid_r, &reg, err, errlen);
    int has_preg = has_reg < 0 ? -1 : scenario_get_bits(l, "preg", s->wid_p, &preg, err, errlen);
    if (has_preg < 0 || pirat_scn_mask(l, "mask", s->warp_width, &mask, err, errlen) < 0 ||
        scenario_get_bits(l, "merge", 1, &merge, err, errlen) < 0 ||
        scenario_get_bits(l, "hold", 1, &hold, err, errlen) < 0)
        return -1;
    if (!has_reg || !has_preg) {
        snprintf(err, errlen, "%s:%u: a commit needs reg= and preg=", l->file, l->lineno);
        return -1;
    }
    in->cmt_valid = true;
    in->cmt_warp = w;
    in->cmt_reg = (unsigned)reg;
    in->cmt_preg = (unsigned)preg;
    in->cmt_mask = mask;
    in->cmt_merge = merge != 0;
    in->cmt_hold = hold != 0;
    return 0;
}

int pirat_scn_line(pirat_scn_t *s, scenario_line_t *l, bool request, pirat_in_t *in,
                   char *err, size_t errlen)
{
    if (s->core_state) {
        uint64_t pend = s->pending;
        if (scenario_get_bits(l, "pending", 1, &pend, err, errlen) < 0)
            return -1;
        s->pending = pend != 0;
        uint64_t ph = 0, pm = 0;
        int has_ph = scenario_get_bits(l, "ph", s->wid_h, &ph, err, errlen);
        int has_pm = has_ph < 0 ? -1 : pirat_scn_mask(l, "pmask", s->warp_width, &pm, err, errlen);
        if (has_pm < 0)
            return -1;
        if (has_ph != has_pm || ph >= s->paths) {
            snprintf(err, errlen, "%s:%u: ph= (a path below %u) and pmask= go together",
                     l->file, l->lineno, s->paths);
            return -1;
        }
        if (has_ph)
            s->masks[ph] = pm;
        for (unsigned h = 0; h < s->paths; h++)
            in->pt_masks[h] = s->masks[h];
        in->pending = s->pending;
    }
    uint64_t w = 0, r = 0, p = 0;
    if (scenario_get_bits(l, "w", s->wid_w, &w, err, errlen) < 0 ||
        scenario_get_bits(l, "r", s->wid_r, &r, err, errlen) < 0 ||
        scenario_get_bits(l, "p", s->wid_p, &p, err, errlen) < 0)
        return -1;
    in->rd_warp = (unsigned)w;
    in->rd_reg = (unsigned)r;
    in->rd_preg = (unsigned)p;
    if (!request)
        return 0;
    /* dispatched from pirat_scn_verbs: rename, commit, rollback */
    unsigned v = 0;
    while (pirat_scn_verbs[v].verb && strcmp(l->verb, pirat_scn_verbs[v].verb))
        v++;
    if (!pirat_scn_verbs[v].verb || (v == PV_ROLLBACK && !s->rb_port))
        return 0;
    switch (v) {
    case PV_RENAME: {
        uint64_t h = 0, op[3] = {0};
        static const char *const ok[3] = {"s0", "s1", "d"};
        int has[3];
        if (scenario_get_bits(l, "h", s->wid_h, &h, err, errlen) < 0)
            return -1;
        for (unsigned k = 0; k < 3; k++)
            if ((has[k] = scenario_get_bits(l, ok[k], s->wid_r, &op[k], err, errlen)) < 0)
                return -1;
        in->ren_valid = true;
        in->ren_warp = (unsigned)w;
        in->ren_path = (unsigned)h;
        in->ren_src_valid = (has[0] ? 1u : 0u) | (has[1] ? 2u : 0u);
        in->ren_src0 = (unsigned)op[0];
        in->ren_src1 = (unsigned)op[1];
        in->ren_dst_valid = has[2] != 0;
        in->ren_dst = (unsigned)op[2];
        if (s->core_state) {
            uint64_t hbad = 0;
            if (scenario_get_bits(l, "hbad", 1, &hbad, err, errlen) < 0)
                return -1;
            in->ren_path_bad = hbad != 0;
        }
        uint64_t reg;
        int c = scenario_get_bits(l, "reg", s->wid_r, &reg, err, errlen);
        if (c < 0 || (c && scn_commit(s, l, (unsigned)w, in, err, errlen)))
            return -1;
        return 1;
    }
    case PV_COMMIT:
        return scn_commit(s, l, (unsigned)w, in, err, errlen) ? -1 : 1;
    default:
        in->rb_valid = true;
        in->rb_warp = (unsigned)w;
        return 1;
    }
}
