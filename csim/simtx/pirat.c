/* Golden cycle model of pirat: SIMT-X's Path-Identifying Register Alias
 * Table.
 *
 * Sources: SIMT-X (TACO 2020) section 3.8 (two physical mappings per
 * architectural register, Main and LDiv, the LDiv's lanes a path id while
 * its producer is in flight or a mask; the Wmask/Rmask source rules, the
 * destination rules gated by pending divergence and the merge micro-op
 * P_phi <- phi(P_main, h/m, P_ld) of 3.8.1; the serialisation of 3.8.3; the
 * Commit PIRAT of masks and register release of 3.8.4), 3.5.3 (the merge),
 * 3.7.2 (rollback to the retirement copy), Figure 4. The decisions the paper
 * leaves open -- one instruction and one merge a cycle, when a path id turns
 * into a mask, the held pair that keeps a destination merge's sources for
 * the instruction renamed with it, null-mask commits, rollback at
 * retirement, per-port errors -- are the page's (docs/blocks/pirat.md); this
 * model follows the page, not the RTL.
 *
 * Every decision is taken against the state at the start of the cycle, then
 * applied at the edge: the commit first, then the rollback, with the rename's
 * entry writes winning over the commit's path-id conversion. */
#include "pirat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "clog2.h"

typedef struct {
    bool valid;
    unsigned a, b;
} held_t;

struct pirat {
    pirat_params_t p;
    uint64_t lanes;       /* WarpWidth low bits */
    unsigned nent;        /* num_warps * arch_regs */
    pirat_entry_t *spec;  /* the speculative PIRAT, warp-major */
    pirat_entry_t *cmt;   /* the Commit PIRAT (masks only) */
    uint8_t *free;        /* a register: free */
    uint8_t *infl;        /* allocated, its micro-op not committed */
    uint8_t *owner;       /* the warp that allocated it */
    uint8_t *merge;       /* a merge's (for the events only) */
    held_t *held;         /* a warp's destination-merge sources awaiting its next commit */
    pirat_out_t reg;      /* the registered outputs */
};

#define SPEC(m, w, r) (&(m)->spec[(size_t)(w) * (m)->p.arch_regs + (r)])
#define CMT(m, w, r) (&(m)->cmt[(size_t)(w) * (m)->p.arch_regs + (r)])

static int init(pirat_t *m, const pirat_params_t *p)
{
    m->nent = p->num_warps * p->arch_regs;
    m->lanes = bm_low_bits(p->warp_width);
    m->spec = calloc(m->nent, sizeof *m->spec);
    m->cmt = calloc(m->nent, sizeof *m->cmt);
    m->free = calloc(p->phys_regs, 1);
    m->infl = calloc(p->phys_regs, 1);
    m->owner = calloc(p->phys_regs, 1);
    m->merge = calloc(p->phys_regs, 1);
    m->held = calloc(p->num_warps, sizeof *m->held);
    if (!m->spec || !m->cmt || !m->free || !m->infl || !m->owner || !m->merge || !m->held)
        return PR_ENOMEM;
    return PR_OK;
}

MODEL_DEFINE_CREATE(pirat, init)
MODEL_DEFINE_DESTROY(pirat, free(m->spec); free(m->cmt); free(m->free); free(m->infl);
                     free(m->owner); free(m->merge); free(m->held))

void pirat_reset(pirat_t *m)
{
    /* "all architectural registers are initially mapped to their
     * corresponding physical (Main) register at startup" (3.8.1) */
    for (unsigned i = 0; i < m->nent; i++)
        m->spec[i] = m->cmt[i] = (pirat_entry_t){.main = i};
    for (unsigned q = 0; q < m->p.phys_regs; q++) {
        m->free[q] = q >= m->nent;
        m->infl[q] = m->owner[q] = m->merge[q] = 0;
    }
    memset(m->held, 0, m->p.num_warps * sizeof *m->held);
    memset(&m->reg, 0, sizeof m->reg);
    m->reg.free_count = m->p.phys_regs - m->nent;
}

const pirat_params_t *pirat_params(const pirat_t *m) { return &m->p; }

/* ---- the rename's judgement ------------------------------------------------------- */

static bool subset(uint64_t a, uint64_t b) { return (a & ~b) == 0; }

/* An entry's Rmask: its mask, or its path's mask in the Pathtable row. */
static uint64_t rmask(const pirat_t *m, const pirat_entry_t *e, const pirat_in_t *in)
{
    return (e->is_path ? in->pt_masks[e->mp] : e->mp) & m->lanes;
}

/* The source rule of entry e for Wmask wm; *preg: the register it reads. */
static unsigned src_rule(const pirat_t *m, const pirat_entry_t *e, uint64_t wm,
                         const pirat_in_t *in, unsigned *preg)
{
    if (!e->ld_valid) {
        *preg = e->main;
        return PR_SRC_MAIN_ONLY;
    }
    uint64_t r = rmask(m, e, in);
    if (subset(wm, r)) {
        *preg = e->ld;
        return PR_SRC_LD;
    }
    if (subset(wm, ~r & m->lanes)) {
        *preg = e->main;
        return PR_SRC_MAIN;
    }
    return PR_SRC_MERGE;
}

/* The destination rule of entry e. */
static unsigned dst_rule(const pirat_t *m, const pirat_entry_t *e, uint64_t wm,
                         const pirat_in_t *in, bool *pend_only)
{
    *pend_only = false;
    if (!e->ld_valid)
        return PR_DST_MAIN_ONLY;
    uint64_t r = rmask(m, e, in);
    bool over_ld = subset(r, wm), over_main = subset(~r & m->lanes, wm);
    if (!in->pending && over_ld)
        return PR_DST_OVER_LD;
    if (!in->pending && over_main)
        return PR_DST_OVER_MAIN;
    *pend_only = over_ld || over_main;
    return PR_DST_MERGE;
}

typedef struct {
    unsigned err;
    bool blocked;         /* its warp rolls back this cycle */
    unsigned src_rule[2];
    unsigned src_preg[2];
    bool rmask_path;
    unsigned dst_rule;
    bool dst_pend_only;
    unsigned merges;      /* merges the instruction needs now */
    int mrg_src;          /* the source whose register merges this cycle, -1 none */
    bool mrg_dst;         /* the destination merges this cycle */
    bool renamed;         /* the instruction renames this cycle */
    unsigned need;        /* registers this cycle takes */
    bool stall_noreg;
    bool held;            /* ren_hold: not taken, as a stall */
    unsigned lo, lo2;     /* the lowest and next lowest free registers */
    unsigned nfree;
} ren_t;

static ren_t judge_ren(const pirat_t *m, const pirat_in_t *in)
{
    ren_t v = {.mrg_src = -1};
    v.nfree = 0;
    v.lo = v.lo2 = 0;
    for (unsigned q = 0; q < m->p.phys_regs; q++)
        if (m->free[q]) {
            if (v.nfree == 0)
                v.lo = q;
            else if (v.nfree == 1)
                v.lo2 = q;
            v.nfree++;
        }
    if (!in->ren_valid)
        return v;
    bool srcv[2] = {in->ren_src_valid & 1u, (in->ren_src_valid >> 1) & 1u};
    unsigned src[2] = {in->ren_src0, in->ren_src1};
    if (in->rb_valid && in->rb_warp < m->p.num_warps && in->rb_warp == in->ren_warp) {
        v.blocked = true;
        return v;
    }
    if (in->ren_warp >= m->p.num_warps)
        v.err = PR_ERR_BAD_WARP;
    else if (in->ren_path >= m->p.paths_per_warp || in->ren_path_bad)
        v.err = PR_ERR_BAD_PATH;
    else if ((srcv[0] && src[0] >= m->p.arch_regs) || (srcv[1] && src[1] >= m->p.arch_regs) ||
             (in->ren_dst_valid && in->ren_dst >= m->p.arch_regs))
        v.err = PR_ERR_BAD_REG;
    if (v.err)
        return v;
    if (in->ren_hold) {
        v.held = true;
        return v;
    }

    unsigned w = in->ren_warp;
    uint64_t wm = in->pt_masks[in->ren_path] & m->lanes;
    bool merge_reg[2] = {false, false};
    for (unsigned k = 0; k < 2; k++) {
        if (!srcv[k])
            continue;
        const pirat_entry_t *e = SPEC(m, w, src[k]);
        v.src_rule[k] = src_rule(m, e, wm, in, &v.src_preg[k]);
        v.rmask_path |= e->ld_valid && e->is_path;
        merge_reg[k] = v.src_rule[k] == PR_SRC_MERGE;
    }
    /* two sources of one register share its merge */
    bool same = srcv[0] && srcv[1] && src[0] == src[1];
    v.merges = merge_reg[0] + (merge_reg[1] && !(same && merge_reg[0]));
    bool dst_after_merge = in->ren_dst_valid &&
                           ((merge_reg[0] && src[0] == in->ren_dst) ||
                            (merge_reg[1] && src[1] == in->ren_dst));
    if (in->ren_dst_valid) {
        v.dst_rule = dst_after_merge
                         ? PR_DST_MAIN_ONLY
                         : dst_rule(m, SPEC(m, w, in->ren_dst), wm, in, &v.dst_pend_only);
        v.merges += v.dst_rule == PR_DST_MERGE;
    }
    if (v.merges >= 2) { /* serialise: the first source merge alone */
        v.mrg_src = merge_reg[0] ? 0 : 1;
        v.need = 1;
    } else {
        v.renamed = true;
        if (merge_reg[0] || merge_reg[1])
            v.mrg_src = merge_reg[0] ? 0 : 1;
        v.mrg_dst = in->ren_dst_valid && v.dst_rule == PR_DST_MERGE;
        v.need = v.merges + in->ren_dst_valid;
    }
    if (v.need > v.nfree) {
        v.stall_noreg = true;
        v.renamed = false;
        v.mrg_src = -1;
        v.mrg_dst = false;
    }
    return v;
}

/* The naive RAT's rule (pirat.h). */
bool pirat_naive_merge(uint64_t wmask, bool pending, uint64_t lanes)
{
    return pending || (wmask & lanes) != lanes;
}

/* ---- the commit's judgement ----------------------------------------------------- */

typedef struct {
    unsigned err;
    bool mapped;          /* refused: a register it drops is still speculative state */
    int rel[2];           /* registers the commit entry drops, -1 none */
    bool to_held;         /* a destination merge: rel[] parked in the held pair */
    bool fill, rel_ld, rel_main;
} cmt_t;

static cmt_t judge_cmt(const pirat_t *m, const pirat_in_t *in)
{
    cmt_t v = {.rel = {-1, -1}};
    if (!in->cmt_valid)
        return v;
    unsigned w = in->cmt_warp, q = in->cmt_preg;
    if (w >= m->p.num_warps)
        v.err = PR_ERR_BAD_WARP;
    else if (in->cmt_reg >= m->p.arch_regs)
        v.err = PR_ERR_BAD_REG;
    else if (q >= m->p.phys_regs || !m->infl[q] || m->owner[q] != w)
        v.err = PR_ERR_BAD_PREG;
    if (v.err)
        return v;
    const pirat_entry_t *c = CMT(m, w, in->cmt_reg);
    uint64_t wm = in->cmt_mask & m->lanes;
    if (in->cmt_merge) {
        if (!c->ld_valid || m->held[w].valid) {
            v.err = PR_ERR_BAD_COMMIT;
            return v;
        }
        v.rel[0] = (int)c->main;
        v.rel[1] = (int)c->ld;
        v.to_held = in->cmt_hold;
    } else if (!c->ld_valid) {
        v.fill = true;
    } else if (subset(c->mp, wm)) {
        v.rel_ld = true;
        v.rel[0] = (int)c->ld;
    } else if (subset(~c->mp & m->lanes, wm)) {
        v.rel_main = true;
        v.rel[0] = (int)c->main;
    } else {
        v.err = PR_ERR_BAD_COMMIT;
        return v;
    }
    /* In a legal run the registers a commit drops left the speculative
     * entry when the rename that made the commit's write dropped them
     * (a rename's entry holds only the old Main, LDiv and fresh free
     * registers): one still mapped means a mask, register or order that
     * disagrees with the rename, and releasing it would map a free one. */
    const pirat_entry_t *e = SPEC(m, w, in->cmt_reg);
    for (unsigned k = 0; k < 2; k++)
        if (v.rel[k] >= 0 &&
            ((unsigned)v.rel[k] == e->main || (e->ld_valid && (unsigned)v.rel[k] == e->ld)))
            v.mapped = true;
    if (v.mapped)
        v = (cmt_t){.err = PR_ERR_BAD_COMMIT, .mapped = true, .rel = {-1, -1}};
    return v;
}

/* ---- outputs -------------------------------------------------------------------- */

void pirat_eval(const pirat_t *m, const pirat_in_t *in, pirat_out_t *out)
{
    *out = m->reg;
    ren_t r = judge_ren(m, in);
    cmt_t c = judge_cmt(m, in);
    out->ren_ready = in->ren_valid && !r.blocked && (r.err || r.renamed);
    out->ren_err = r.err;
    out->cmt_err = c.err;
    out->rd_main = out->rd_ld = out->rd_cmain = out->rd_cld = out->rd_powner = 0;
    out->rd_ld_valid = out->rd_is_path = out->rd_cld_valid = false;
    out->rd_mp = out->rd_cmask = 0;
    out->rd_pfree = out->rd_pspec = false;
    if (in->rd_warp < m->p.num_warps && in->rd_reg < m->p.arch_regs) {
        const pirat_entry_t *e = SPEC(m, in->rd_warp, in->rd_reg);
        const pirat_entry_t *k = CMT(m, in->rd_warp, in->rd_reg);
        out->rd_main = e->main;
        out->rd_ld_valid = e->ld_valid;
        if (e->ld_valid) {
            out->rd_is_path = e->is_path;
            out->rd_mp = e->mp;
            out->rd_ld = e->ld;
        }
        out->rd_cmain = k->main;
        out->rd_cld_valid = k->ld_valid;
        if (k->ld_valid) {
            out->rd_cmask = k->mp;
            out->rd_cld = k->ld;
        }
    }
    if (in->rd_preg < m->p.phys_regs) {
        out->rd_pfree = m->free[in->rd_preg];
        out->rd_pspec = m->infl[in->rd_preg];
        out->rd_powner = m->infl[in->rd_preg] ? m->owner[in->rd_preg] : 0;
    }
}

/* ---- the edge -------------------------------------------------------------------- */

static void release(pirat_t *m, unsigned q, pirat_events_t *ev)
{
    m->free[q] = 1;
    ev->released++;
}

static void allocate(pirat_t *m, unsigned q, unsigned w, bool merge)
{
    m->merge[q] = merge;
    m->free[q] = 0;
    m->infl[q] = 1;
    m->owner[q] = (uint8_t)w;
}

/* The rename: entries, allocations, the registered micro-ops. *written:
 * the entries (register bits) of the warp it wrote. */
static void apply_ren(pirat_t *m, const pirat_in_t *in, const ren_t *r, pirat_out_t *nx,
                      uint64_t *written, pirat_events_t *ev)
{
    unsigned w = in->ren_warp;
    unsigned src[2] = {in->ren_src0, in->ren_src1};
    unsigned next = r->lo; /* the merge takes the lowest, the instruction the next */
    if (r->mrg_src >= 0 || r->mrg_dst) {
        unsigned reg = r->mrg_src >= 0 ? src[r->mrg_src] : in->ren_dst;
        pirat_entry_t *e = SPEC(m, w, reg);
        nx->mrg_valid = true;
        nx->mrg_reg = reg;
        nx->mrg_dst = r->lo;
        nx->mrg_main = e->main;
        nx->mrg_ld = e->ld;
        nx->mrg_is_path = e->is_path;
        nx->mrg_mp = e->mp;
        nx->mrg_hold = r->mrg_src < 0;
        allocate(m, r->lo, w, true);
        *e = (pirat_entry_t){.main = r->lo};
        *written |= UINT64_C(1) << reg;
        next = r->lo2;
        ev->merge = true;
        ev->merge_last_reg = r->nfree == r->need;
    }
    if (!r->renamed)
        return;
    nx->ins_valid = true;
    for (unsigned k = 0; k < 2; k++) {
        if (!((in->ren_src_valid >> k) & 1u))
            continue;
        unsigned q = r->src_rule[k] == PR_SRC_MERGE ? r->lo : r->src_preg[k];
        if (k == 0)
            nx->ins_src0 = q;
        else
            nx->ins_src1 = q;
    }
    if (in->ren_dst_valid) {
        pirat_entry_t *e = SPEC(m, w, in->ren_dst);
        unsigned q = next;
        allocate(m, q, w, false);
        nx->ins_dst = q;
        unsigned main = r->dst_rule == PR_DST_OVER_MAIN ? e->ld
                        : r->dst_rule == PR_DST_MERGE   ? r->lo
                                                        : e->main;
        *e = (pirat_entry_t){.main = main, .ld_valid = true, .is_path = true,
                             .mp = in->ren_path, .ld = q};
        *written |= UINT64_C(1) << in->ren_dst;
    }
}

static void apply_cmt(pirat_t *m, const pirat_in_t *in, const cmt_t *c, uint64_t written,
                      pirat_events_t *ev)
{
    unsigned w = in->cmt_warp, reg = in->cmt_reg, q = in->cmt_preg;
    pirat_entry_t *k = CMT(m, w, reg);
    uint64_t wm = in->cmt_mask & m->lanes;
    m->infl[q] = 0;
    m->owner[q] = 0;
    if (in->cmt_merge) {
        if (c->to_held) {
            m->held[w] = (held_t){true, (unsigned)c->rel[0], (unsigned)c->rel[1]};
            ev->hold = true;
        } else {
            release(m, (unsigned)c->rel[0], ev);
            release(m, (unsigned)c->rel[1], ev);
            ev->rel_merge = true;
        }
        *k = (pirat_entry_t){.main = q};
        return;
    }
    if (m->held[w].valid) {
        release(m, m->held[w].a, ev);
        release(m, m->held[w].b, ev);
        m->held[w].valid = false;
        ev->rel_hold = true;
    }
    if (c->rel[0] >= 0)
        release(m, (unsigned)c->rel[0], ev);
    unsigned main = c->rel_main ? k->ld : k->main;
    *k = (pirat_entry_t){.main = main, .ld_valid = true, .mp = wm, .ld = q};
    ev->commit_fill = c->fill;
    ev->rel_ld = c->rel_ld;
    ev->rel_main = c->rel_main;
    ev->null_commit = wm == 0;
    /* the producer's path id becomes its committed mask */
    pirat_entry_t *e = SPEC(m, w, reg);
    if (e->ld_valid && e->is_path && e->ld == q && !((written >> reg) & 1u)) {
        e->is_path = false;
        e->mp = wm;
        ev->to_mask = true;
    }
}

static void apply_rb(pirat_t *m, unsigned w, pirat_events_t *ev)
{
    ev->rb = true;
    for (unsigned r = 0; r < m->p.arch_regs; r++)
        *SPEC(m, w, r) = *CMT(m, w, r);
    for (unsigned q = 0; q < m->p.phys_regs; q++)
        if (m->infl[q] && m->owner[q] == w) {
            ev->rb_live_merge |= m->merge[q];
            m->infl[q] = m->owner[q] = 0;
            release(m, q, ev);
            ev->rb_freed++;
        }
    if (m->held[w].valid) {
        release(m, m->held[w].a, ev);
        release(m, m->held[w].b, ev);
        m->held[w].valid = false;
        ev->rb_hold = true;
    }
}

void pirat_step(pirat_t *m, const pirat_in_t *in, pirat_out_t *out, pirat_events_t *ev)
{
    pirat_events_t dummy;
    if (!ev)
        ev = &dummy;
    memset(ev, 0, sizeof *ev);
    ren_t r = judge_ren(m, in);
    cmt_t c = judge_cmt(m, in);
    if (out)
        pirat_eval(m, in, out);

    bool rb = in->rb_valid && in->rb_warp < m->p.num_warps;
    pirat_out_t nx = {0};
    unsigned sticky = m->reg.err_sticky;
    ev->ren = in->ren_valid;
    ev->ren_err = r.err;
    ev->blocked = r.blocked;
    ev->stall_noreg = r.stall_noreg;
    ev->held = r.held;
    ev->serialise = in->ren_valid && !r.err && !r.blocked && !r.held && !r.stall_noreg &&
                    !r.renamed;
    ev->src_rule[0] = r.src_rule[0];
    ev->src_rule[1] = r.src_rule[1];
    ev->src_rmask_path = r.rmask_path;
    ev->dst_rule = r.renamed ? r.dst_rule : PR_DST_NONE;
    ev->dst_merge_pend = r.renamed && r.dst_rule == PR_DST_MERGE && r.dst_pend_only;
    ev->renamed = r.renamed;
    ev->naive_merge = r.renamed && in->ren_dst_valid &&
                      pirat_naive_merge(in->pt_masks[in->ren_path], in->pending, m->lanes);
    if (in->ren_valid && r.err)
        sticky |= 1u << r.err;
    uint64_t written = 0;
    if (in->ren_valid && !r.err && !r.blocked && !r.held && !r.stall_noreg) {
        apply_ren(m, in, &r, &nx, &written, ev);
        nx.uop_warp = in->ren_warp;
    }
    ev->cmt = in->cmt_valid;
    ev->cmt_err = c.err;
    ev->cmt_mapped = c.mapped;
    if (in->cmt_valid && c.err)
        sticky |= 1u << c.err;
    if (in->cmt_valid && !c.err) {
        ev->ren_cmt_entry = in->ren_valid && in->ren_warp == in->cmt_warp &&
                            ((written >> in->cmt_reg) & 1u);
        apply_cmt(m, in, &c, in->ren_warp == in->cmt_warp ? written : 0, ev);
    }
    if (in->rb_valid && !rb)
        sticky |= 1u << PR_ERR_BAD_WARP;
    if (rb)
        apply_rb(m, in->rb_warp, ev);
    nx.err_sticky = sticky;
    nx.free_count = pirat_free_count(m);
    m->reg = nx;
    ev->free_after = nx.free_count;
}

/* ---- state, for testbenches and tests ------------------------------------------- */

bool pirat_entry(const pirat_t *m, unsigned w, unsigned r, pirat_entry_t *e)
{
    if (w >= m->p.num_warps || r >= m->p.arch_regs)
        return false;
    *e = *SPEC(m, w, r);
    return true;
}

bool pirat_commit_entry(const pirat_t *m, unsigned w, unsigned r, pirat_entry_t *e)
{
    if (w >= m->p.num_warps || r >= m->p.arch_regs)
        return false;
    *e = *CMT(m, w, r);
    return true;
}

bool pirat_is_free(const pirat_t *m, unsigned p) { return p < m->p.phys_regs && m->free[p]; }

unsigned pirat_free_count(const pirat_t *m)
{
    unsigned n = 0;
    for (unsigned q = 0; q < m->p.phys_regs; q++)
        n += m->free[q];
    return n;
}

int pirat_leak_check(const pirat_t *m, char *err, size_t errlen)
{
    unsigned np = m->p.phys_regs;
    uint8_t *seen = calloc(np, 1);
    if (!seen) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
#define SEE(q, what)                                                                     \
    do {                                                                                 \
        if ((q) >= np || seen[q]++) {                                                    \
            snprintf(err, errlen, "p%u: %s, and counted before", (unsigned)(q), what);   \
            rc = -1;                                                                     \
            goto out;                                                                    \
        }                                                                                \
    } while (0)
    for (unsigned q = 0; q < np; q++) {
        if (m->free[q] && m->infl[q]) {
            snprintf(err, errlen, "p%u: free and in flight", q);
            rc = -1;
            goto out;
        }
        if (m->free[q] || m->infl[q])
            seen[q] = 1;
    }
    for (unsigned i = 0; i < m->nent; i++) {
        SEE(m->cmt[i].main, "a Commit PIRAT Main");
        if (m->cmt[i].ld_valid)
            SEE(m->cmt[i].ld, "a Commit PIRAT LDiv");
    }
    for (unsigned w = 0; w < m->p.num_warps; w++)
        if (m->held[w].valid) {
            SEE(m->held[w].a, "a held merge source");
            SEE(m->held[w].b, "a held merge source");
        }
    for (unsigned q = 0; q < np; q++)
        if (!seen[q]) {
            snprintf(err, errlen, "p%u: neither free, in flight nor mapped (leaked)", q);
            rc = -1;
            goto out;
        }
    /* the speculative PIRATs name live registers only */
    for (unsigned i = 0; i < m->nent; i++) {
        const pirat_entry_t *e = &m->spec[i];
        if (m->free[e->main] || (e->ld_valid && m->free[e->ld])) {
            snprintf(err, errlen, "warp %u r%u maps a free register", i / m->p.arch_regs,
                     i % m->p.arch_regs);
            rc = -1;
            goto out;
        }
    }
#undef SEE
out:
    free(seen);
    return rc;
}

const pirat_out_t *pirat_registered(const pirat_t *m) { return &m->reg; }

bool pirat_same_state(const pirat_t *a, const pirat_t *b)
{
    if (memcmp(&a->p, &b->p, sizeof a->p))
        return false;
    for (unsigned i = 0; i < a->nent; i++) {
        const pirat_entry_t *x = &a->spec[i], *y = &b->spec[i];
        const pirat_entry_t *u = &a->cmt[i], *v = &b->cmt[i];
        if (x->main != y->main || x->ld_valid != y->ld_valid || x->is_path != y->is_path ||
            x->mp != y->mp || x->ld != y->ld || u->main != v->main ||
            u->ld_valid != v->ld_valid || u->mp != v->mp || u->ld != v->ld)
            return false;
    }
    for (unsigned w = 0; w < a->p.num_warps; w++)
        if (a->held[w].valid != b->held[w].valid ||
            (a->held[w].valid && (a->held[w].a != b->held[w].a || a->held[w].b != b->held[w].b)))
            return false;
    return !memcmp(a->free, b->free, a->p.phys_regs) &&
           !memcmp(a->infl, b->infl, a->p.phys_regs) &&
           !memcmp(a->owner, b->owner, a->p.phys_regs);
}
