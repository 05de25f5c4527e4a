/* What the PIRAT's testbenches share (see pirat_tb_common.h). */
#include "pirat_tb_common.h"

#include <inttypes.h>
#include <stdio.h>

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
    unsigned kind = (unsigned)cosim_rng_below(r, 7);
    if (kind == 0 && wspan == p->num_warps)
        kind = 3;
    if (kind == 1 && pspan == p->paths_per_warp)
        kind = 3;
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
