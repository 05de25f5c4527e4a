/* simtx_rename testbench: a SIMT-X core (simtx_core_stim.h: warps running
 * random programs through the front end, the front end's testbench's core)
 * that renames its plain instructions through the PIRAT.
 *
 * Each plain instruction of a program (I_PLAIN) has register operands
 * (pirat_random_operands: two source-valid bits, two sources, a destination
 * 85% of the time, mostly a hot four). When its FETCH is accepted it joins
 * its warp's queue with the path it was fetched on (the pick's). Each cycle
 * the rename port presents the oldest instruction of a warp not yet
 * renamed, held until ren_ready_o (a stall holds it); the PIRAT's
 * registered outputs of the next cycle (mrg_*, ins_*) attach to it: zero
 * or more merges (a serialised instruction's, one a cycle, before it
 * renames), then its destination register.
 *
 * Commit, in order within a warp across both ports: a U_PLAIN at the head
 * of its warp's queue (everything older committed) commits its merges
 * (cmt_merge, cmt_hold its merge's mrg_hold; a merge is a micro-op of its
 * own and may commit before its instruction renames), then, renamed, the
 * instruction if it writes (cmt_mask its path's committed mask, from the
 * Pathtable model), then the front end's RETIRE; one PIRAT commit a cycle,
 * beside the front end's requests. Now and then the instruction excepts
 * instead, once its merges committed (more often after a merge that holds
 * its sources): the core's ROLLBACK, as for a mispredicted branch. A
 * ROLLBACK the front end accepts rolls the warp's PIRAT back in its S
 * cycle (rb_valid_o): every instruction of the warp renamed or waiting is
 * dropped with the core's queue.
 *
 * Phases: NORMAL (40% of them quiet: without new buops, and lasting until
 * no divergence has been pending for QUIET_SETTLE cycles), and FILL (no
 * PIRAT commits, frequent fetches, long uniform loops: the free list runs
 * dry and renames stall). About 3% of cycles
 * carry an illegal front-end request (the core's) or an illegal rename or
 * commit (pirat_illegal: every error code the configuration can express);
 * each gets its error and leaves the model in the state of a shadow model
 * that saw the cycle without it.
 *
 * Checks besides the lockstep and the core's own (the committed state of
 * each warp, its Pathtable entries free at its end): every legal rename
 * and commit is accepted; rb_valid_o names exactly the warps whose
 * ROLLBACK the front end accepted, in its S cycle; the rename outputs show
 * exactly what the last edge renamed; the register-leak check every 256
 * cycles and on the last; a warp whose program ended maps every register
 * alike in its speculative and Commit PIRATs (pirat_drained_check); the
 * intent checks (below), on scenarios too. Cover:
 * the PIRAT's rules (pirat_cover) and simtx_rename's own, from the ports
 * and the model (a replay's too). .measure: merge micro-ops per 1,000
 * renamed instructions, PIRAT and naive RAT.
 *
 * Or a directed scenario (verif/simtx/scenarios/simtx_rename_*.scn), one
 * line a cycle: the front end's requests, one verb per op code as
 * simtx_frontend's (rn_verbs below; a request is taken while fe_ready=1 and
 * answers two cycles later, rsp=1), and the PIRAT's rename and commit with
 * its read ports and check keys (pirat_tb_common.h: a `rename` line naming
 * reg= also commits). The PIRAT's pending divergence and Rmasks are the
 * front end's (no pending= or pmask= here), its rollback the front end's
 * ROLLBACK (no rollback verb: rb= rb_w= check rb_valid_o, rb_warp_o). */
#include <string.h>

#include "cosim_kit.h"
#include "pirat_tb_common.h"
#include "simtx_tb_common.h"
#include "simtx_core_stim.h"
#include "simtx_fe_intent.h"
#include "simtx_rename.h"

#define MAXW SIMTX_CORE_MAXW
#define MAXL SIMTX_CORE_MAXL
#define MAXMRG 4 /* merges of one instruction: its sources' and its destination's */

enum { PH_NORMAL, PH_FILL };
#define QUIET_SETTLE 300u  /* cycles a quiet phase runs with nothing pending */
#define QUIET_MAX 100000u  /* cycles it may stretch to */

/* A U_PLAIN's renaming (its ext data in the core's queue). */
typedef struct {
    bool ops;           /* an I_PLAIN: renamed through the PIRAT */
    pirat_instr_t ins;  /* its operands, warp and path */
    uint64_t seq;       /* its number: the rename's outputs find it by it */
    bool ren;           /* renamed at an edge: the port moves on */
    bool att;           /* its ins_* seen: it may commit */
    bool drawn;         /* whether it excepts, drawn */
    unsigned nmrg, ncmt; /* merges attached; PIRAT micro-ops committed */
    struct {
        unsigned reg, preg;
        bool hold;
        bool is_path;  /* it named a path (held until its commit) */
        unsigned path;
    } mrg[MAXMRG];
    unsigned preg;      /* its destination's register */
} ren_t;

/* A rename as the PIRAT judges it, from the state before its edge (the
 * intent checks): its path's Pathtable mask (Wmask) and, for its sources and
 * its destination, the speculative entry and its LDiv's lanes (Rmask). */
enum { RV_SRC0, RV_SRC1, RV_DST, RV_COUNT };
typedef struct {
    bool valid;           /* a rename of a warp and path in range */
    uint64_t wmask;
    pirat_entry_t e[RV_COUNT];
    uint64_t rmask[RV_COUNT];
} ren_view_t;

typedef struct {
    simtx_rename_params_t p;
    simtx_rename_t *m;
    simtx_rename_t *shadow; /* the same cycles without the illegal requests */
    uint64_t *cover, *pr_cover;
    cosim_rng_t rng;
    simtx_core_t core;
    pirat_params_t pp;      /* the PIRAT's parameters */
    uint64_t lanes, cycles;
    pirat_instr_t ops[MAXW][MAXL]; /* the operands of each warp's program */
    unsigned phase;
    uint64_t phase_left, phase_age;
    bool held;              /* last cycle's rename was held (ren_hold: a path's count near full) */
    uint64_t seq;           /* the next instruction's number */
    bool cur_valid;         /* the instruction presented, until renamed */
    unsigned cur_warp;
    uint64_t cur_seq;
    bool att_valid;         /* renamed at the last edge: its outputs show this cycle */
    unsigned att_warp;
    uint64_t att_seq;
    bool att_merge, att_ins;
    /* this cycle */
    bool generated;
    pirat_bad_t bad;
    bool cmt;               /* a legal PIRAT commit of ... */
    unsigned cmt_warp;      /* ... this warp's head */
    /* cover state, from the ports and events */
    bool rb_pend[MAXW];     /* a ROLLBACK of the warp taken, not yet done */
    bool rb_renamed[MAXW];  /* ... and an instruction of the warp renamed since */
    uint64_t conv[MAXW];    /* paths a CONVERGE allocated (a cuop's h_k), still its */
    bool ended[MAXW];       /* the warp's last Pathtable entry freed */
    pirat_measure_t measure;
    simtx_fe_intent_t fe_intent; /* the front end's intent checks (simtx_fe_intent.h) */
    ren_view_t view;             /* this cycle's rename, before its edge */
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
    pirat_scn_t ps;       /* its PIRAT keys' state */
} tb_t;

static const pathtable_t *pt_of(const tb_t *t)
{
    return simtx_frontend_pathtable(simtx_rename_frontend(t->m));
}

static ren_t *ext(const tb_t *t, unsigned w, unsigned qi)
{
    return simtx_core_ext(&t->core, w, qi);
}

/* The PIRAT micro-ops of r: its merges, and the instruction if it writes. */
static unsigned uops(const ren_t *r) { return r->nmrg + (r->ins.dst_valid ? 1u : 0u); }

/* ---- the core's hooks ------------------------------------------------------------ */

static void hook_program(void *ctx, unsigned w)
{
    tb_t *t = ctx;
    const simtx_warp_t *wp = &t->core.w[w];
    for (unsigned pc = 0; pc < wp->len; pc++)
        if (wp->code[pc].kind == I_PLAIN)
            pirat_random_operands(&t->rng, t->p.arch_regs, &t->ops[w][pc]);
}

static void hook_queued(void *ctx, unsigned w, unsigned qi)
{
    tb_t *t = ctx;
    const simtx_warp_t *wp = &t->core.w[w];
    const simtx_uop_t *u = &wp->q[qi];
    if (u->kind != U_PLAIN || wp->code[u->fpc].kind != I_PLAIN)
        return;
    ren_t *r = ext(t, w, qi);
    r->ops = true;
    r->ins = t->ops[w][u->fpc];
    r->ins.valid = true;
    r->ins.warp = w;
    r->ins.path = u->a;
    r->seq = t->seq++;
}

/* Whether warp w's head r, renamed, its merges committed, excepts at its
 * commit (drawn once, before its own commit: more often after a merge that
 * holds its sources, whose pair the rollback then releases). */
static bool excepts(tb_t *t, unsigned w, ren_t *r)
{
    simtx_uop_t *u = &t->core.w[w].q[0];
    if (!r->drawn && r->att && r->ncmt == r->nmrg && r->ins.dst_valid) {
        r->drawn = true;
        u->except = cosim_rng_pct(&t->rng, r->nmrg && r->mrg[r->nmrg - 1u].hold ? 20 : 1);
    }
    return u->except;
}

/* A U_PLAIN retires once renamed and its PIRAT micro-ops committed, or
 * rolls its warp back (excepts). */
static bool hook_hold(void *ctx, unsigned w)
{
    tb_t *t = ctx;
    ren_t *r = ext(t, w, 0);
    if (!r->ops || excepts(t, w, r))
        return false;
    return !r->att || r->ncmt < uops(r);
}

/* A register warp w has in flight: its oldest micro-op's (illegal commits). */
static bool head_preg(void *ctx, unsigned w, unsigned *preg)
{
    const tb_t *t = ctx;
    const simtx_warp_t *wp = &t->core.w[w];
    for (unsigned i = 0; i < wp->nq; i++) {
        const ren_t *r = ext(t, w, i);
        if (!r->ops || r->ncmt >= r->nmrg + (r->att && r->ins.dst_valid ? 1u : 0u))
            continue;
        *preg = r->ncmt < r->nmrg ? r->mrg[r->ncmt].preg : r->preg;
        return true;
    }
    return false;
}

/* The queue entry of warp w numbered seq, or NULL (flushed). */
static ren_t *find(const tb_t *t, unsigned w, uint64_t seq)
{
    for (unsigned i = 0; i < t->core.w[w].nq; i++) {
        ren_t *r = ext(t, w, i);
        if (r->ops && r->seq == seq)
            return r;
    }
    return NULL;
}

/* The oldest instruction of warp w not yet renamed, or NULL. */
static ren_t *unrenamed(const tb_t *t, unsigned w)
{
    for (unsigned i = 0; i < t->core.w[w].nq; i++) {
        ren_t *r = ext(t, w, i);
        if (r->ops && !r->ren)
            return r;
    }
    return NULL;
}

/* ---- stimulus ------------------------------------------------------------------------ */

static void phase_normal(tb_t *t)
{
    t->phase = PH_NORMAL;
    t->phase_left = 300u + cosim_rng_below(&t->rng, 3000);
    t->phase_age = 0;
    t->core.fetch_pct = 45;
    t->core.exec_pct = 70;
    t->core.loop_trips = 3;
    t->core.loop_all_pct = 0;
    t->core.uniform = cosim_rng_pct(&t->rng, 40); /* quiet: no divergence pending */
}

static void next_phase(tb_t *t)
{
    cosim_rng_t *r = &t->rng;
    if (t->phase == PH_FILL) {
        /* until the free list has been dry a while */
        if (pirat_free_count(simtx_rename_pirat(t->m)) == 0 && t->phase_left > 300)
            t->phase_left = 300;
        if (--t->phase_left == 0)
            phase_normal(t);
        return;
    }
    /* a quiet phase lasts until no divergence has been pending a while: the
     * counter is global, and with many warps the buops in flight drain
     * slowly (a bound keeps a stuck one from stopping the phases) */
    t->phase_age++;
    if (t->core.uniform && t->phase_left <= QUIET_SETTLE && t->phase_age < QUIET_MAX &&
        div_predictor_pending(simtx_frontend_predictor(simtx_rename_frontend(t->m))))
        t->phase_left = QUIET_SETTLE;
    if (--t->phase_left)
        return;
    if (cosim_rng_pct(r, 35)) {
        t->phase = PH_FILL;
        t->phase_left = 2000u + cosim_rng_below(r, 16u * t->p.phys_regs);
        t->core.fetch_pct = 75;
        t->core.exec_pct = 90;
        t->core.loop_trips = 40; /* long loops: more in flight */
        t->core.loop_all_pct = 90;
        t->core.uniform = false;
    } else {
        phase_normal(t);
    }
}

/* The PIRAT's commit of a random warp's head: its next micro-op. A merge
 * is a micro-op of its own, older than its instruction: it may commit
 * before the instruction renames (a serialised instruction stalled for
 * want of registers needs the registers its first merge's commit frees). */
static void pirat_commit(tb_t *t, simtx_rename_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    const simtx_warp_t *wp = &t->core.w[w];
    if (!wp->nq || wp->q[0].kind != U_PLAIN)
        return;
    ren_t *x = ext(t, w, 0);
    if (!x->ops)
        return;
    bool merge = x->ncmt < x->nmrg;
    if (!merge && (!x->att || x->ncmt >= uops(x) || excepts(t, w, x)))
        return;
    /* FILL commits nothing, but while the rename is held for a path's
     * count (merges in flight hold it) lets micro-ops commit and drop it */
    if (!cosim_rng_pct(r, t->phase != PH_FILL ? 60 : t->held ? 50 : 0))
        return;
    in->cmt_valid = true;
    in->cmt_warp = w;
    in->cmt_mask = pathtable_mask(pt_of(t), w, x->ins.path);
    if (merge) {
        in->cmt_merge = true;
        in->cmt_hold = x->mrg[x->ncmt].hold;
        in->cmt_reg = x->mrg[x->ncmt].reg;
        in->cmt_preg = x->mrg[x->ncmt].preg;
        in->cmt_is_path = x->mrg[x->ncmt].is_path; /* the core echoes the path it named */
        in->cmt_path = x->mrg[x->ncmt].path;
    } else {
        in->cmt_reg = x->ins.dst;
        in->cmt_preg = x->preg;
    }
    t->cmt = true;
    t->cmt_warp = w;
}

/* The PIRAT's ports of in (the rest of pi zero), and back. */
static void to_pirat(const simtx_rename_in_t *in, pirat_in_t *pi)
{
    memset(pi, 0, sizeof *pi);
#define TO_PI(type, name, dims) pi->name = in->name;
    RN_PIRAT_INS(TO_PI)
#undef TO_PI
}

static void from_pirat(const pirat_in_t *pi, simtx_rename_in_t *in)
{
#define FROM_PI(type, name, dims) in->name = pi->name;
    RN_PIRAT_INS(FROM_PI)
#undef FROM_PI
}

/* The rename port: the instruction presented, or the oldest waiting of a
 * random warp. */
static void present_rename(tb_t *t, simtx_rename_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    const ren_t *x = NULL;
    if (t->cur_valid) {
        x = unrenamed(t, t->cur_warp);
        if (!x || x->seq != t->cur_seq) { /* flushed */
            t->cur_valid = false;
            x = NULL;
        }
    }
    if (!x && cosim_rng_pct(r, 80)) {
        unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
        x = unrenamed(t, w);
        if (x) {
            t->cur_valid = true;
            t->cur_warp = w;
            t->cur_seq = x->seq;
        }
    }
    if (!x)
        return;
    pirat_in_t pi;
    to_pirat(in, &pi);
    pirat_present(&x->ins, &pi);
    from_pirat(&pi, in);
}

/* A rename on a path of its warp that the Pathtable does not hold. */
static bool free_path(void *ctx, pirat_in_t *in)
{
    tb_t *t = ctx;
    simtx_rename_in_t probe = {.rd_warp = in->ren_warp};
    simtx_rename_out_t o;
    simtx_rename_eval(t->m, &probe, &o);
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        if (o.rd_states[h] == PT_STATE_FREE) {
            in->ren_path = h;
            return true;
        }
    return false;
}

static void illegal(tb_t *t, simtx_rename_in_t *in)
{
    pirat_illegal_ctx_t x = {.wspan = 1u << CFG_WarpIdWidth, .pspan = 1u << CFG_PathIdWidth,
                             .rspan = 1u << CFG_RegIdWidth, .pregspan = 1u << CFG_PregWidth,
                             .head_preg = head_preg, .bad_path = free_path, .ctx = t};
    pirat_in_t pi;
    to_pirat(in, &pi);
    pirat_illegal(&t->rng, &t->pp, simtx_rename_pirat(t->m), &x, &pi, &t->bad);
    /* a rename of the warp the cycle rolls back is not taken, not judged */
    simtx_rename_out_t o;
    simtx_rename_eval(t->m, in, &o);
    if (t->bad.ren && o.rb_valid && o.rb_warp == pi.ren_warp) {
        t->bad = (pirat_bad_t){.code = PR_ERR_NONE};
        return;
    }
    from_pirat(&pi, in);
    if (t->bad.cmt || !in->cmt_valid)
        t->cmt = false; /* the legal commit gave way */
}

/* ---- intent checks ---------------------------------------------------------------
 * What the front end and the PIRAT are wired together for, on every cycle
 * of a random run or a scenario -- not from the composed model, whose wiring
 * is the RTL's: a wiring changed alike in both passes the lockstep
 * comparison, not these. The front end's own (checks 1-4, simtx_fe_intent.h:
 * the PST schedules live paths, the pending count follows the buops, a
 * ROLLBACK returns the PST and the Pathtable to the retirement copy, the
 * predictor learns each resolution), and the PIRAT's use of them, from the
 * front end's ports (pending_o), its Pathtable's masks and the PIRAT's
 * entries before the edge, and the PIRAT's micro-ops after it:
 *   5. Sections 3.8.1, 3.8.2: a destination whose register has an LDiv is
 *      renamed without a merge only when no divergence is pending
 *      (pending_nz_o) and the instruction's path (Wmask: its Pathtable mask)
 *      covers the LDiv's lanes or the Main's (Rmask: its mask, or its path's
 *      Pathtable mask) -- and then it is: the PIRAT defers every merge it
 *      can.
 *   6. Section 3.8.1: a source reads the LDiv when Wmask is within Rmask, the
 *      Main when it is outside it (or there is no LDiv), and else the
 *      P_phi of the merge micro-op issued for it.
 *   7. Sections 3.8.4, 3.7.2: an accepted ROLLBACK returns the warp's PIRAT
 *      to the Commit PIRAT, in the edge the front end returns to its
 *      retirement copy: every register maps as the Commit PIRAT's does. */

static bool within(uint64_t a, uint64_t b) { return (a & ~b) == 0; }

/* Before the edge: the view of this cycle's rename. */
static void intent_view(tb_t *t, const simtx_rename_in_t *in)
{
    ren_view_t *v = &t->view;
    v->valid = in->ren_valid && in->ren_warp < t->p.num_warps &&
               in->ren_path < t->p.paths_per_warp;
    if (!v->valid)
        return;
    const pirat_t *pr = simtx_rename_pirat(t->m);
    const unsigned regs[RV_COUNT] = {in->ren_src0, in->ren_src1, in->ren_dst};
    v->wmask = pathtable_mask(pt_of(t), in->ren_warp, in->ren_path) & t->lanes;
    for (unsigned k = 0; k < RV_COUNT; k++) {
        pirat_entry_t *e = &v->e[k];
        if (!pirat_entry(pr, in->ren_warp, regs[k], e))
            *e = (pirat_entry_t){0}; /* out of range: the rename is refused */
        v->rmask[k] = (e->is_path ? pathtable_mask(pt_of(t), in->ren_warp, (unsigned)e->mp)
                                  : e->mp) & t->lanes;
    }
}

/* Checks 5 and 6: the rename taken at this edge (nx: the PIRAT's micro-ops
 * it shows next cycle). */
static int intent_renamed(const tb_t *t, const simtx_rename_in_t *in,
                          const simtx_rename_out_t *out, char *err, size_t errlen)
{
    const ren_view_t *v = &t->view;
    const pirat_out_t *nx = pirat_registered(simtx_rename_pirat(t->m));
    bool src_merge = nx->mrg_valid && !nx->mrg_hold; /* a source's P_phi */
    const unsigned regs[2] = {in->ren_src0, in->ren_src1};
    for (unsigned k = 0; k < 2; k++) {
        if (!((in->ren_src_valid >> k) & 1u))
            continue;
        const pirat_entry_t *e = &v->e[k];
        uint64_t r = v->rmask[k];
        unsigned want = e->main, got = k ? nx->ins_src1 : nx->ins_src0;
        if (e->ld_valid && within(v->wmask, r)) {
            want = e->ld;
        } else if (e->ld_valid && !within(v->wmask, ~r & t->lanes)) {
            if (!src_merge || nx->mrg_reg != regs[k]) {
                snprintf(err, errlen, "intent (SIMT-X 3.8.1): source r%u of warp %u's rename on "
                         "path %u (Wmask %#llx) spans its Main and its LDiv (Rmask %#llx), but "
                         "no merge micro-op is issued for it", regs[k], in->ren_warp,
                         in->ren_path, (unsigned long long)v->wmask, (unsigned long long)r);
                return -1;
            }
            want = nx->mrg_dst;
        }
        if (got != want) {
            snprintf(err, errlen, "intent (SIMT-X 3.8.1): source r%u of warp %u's rename on path "
                     "%u (Wmask %#llx, Rmask %#llx, LDiv %s) reads p%u, not p%u", regs[k],
                     in->ren_warp, in->ren_path, (unsigned long long)v->wmask,
                     (unsigned long long)r, e->ld_valid ? "valid" : "none", got, want);
            return -1;
        }
    }
    if (!in->ren_dst_valid)
        return 0;
    const pirat_entry_t *e = &v->e[RV_DST];
    uint64_t r = v->rmask[RV_DST];
    bool covered = within(r, v->wmask) || within(~r & t->lanes, v->wmask);
    /* a source of the register merged at this edge leaves it a Main alone */
    bool merged = src_merge && nx->mrg_reg == in->ren_dst;
    bool want = e->ld_valid && !merged && (out->pending_nz || !covered);
    bool got = nx->mrg_valid && nx->mrg_hold;
    if (got != want) {
        snprintf(err, errlen, "intent (SIMT-X 3.8.1, 3.8.2): destination r%u of warp %u's "
                 "rename on path %u (Wmask %#llx; LDiv %s, Rmask %#llx) %s merged with "
                 "pending_o %u", in->ren_dst, in->ren_warp, in->ren_path,
                 (unsigned long long)v->wmask, e->ld_valid ? "valid" : "none",
                 (unsigned long long)r, got ? "is" : "is not", out->pending);
        return -1;
    }
    return 0;
}

/* Check 7: warp w's registers after its rollback's edge. */
static int intent_rolled_back(const tb_t *t, unsigned w, char *err, size_t errlen)
{
    const pirat_t *pr = simtx_rename_pirat(t->m);
    for (unsigned r = 0; r < t->p.arch_regs; r++) {
        pirat_entry_t s, c;
        pirat_entry(pr, w, r, &s);
        pirat_commit_entry(pr, w, r, &c);
        if (s.main != c.main || s.ld_valid != c.ld_valid ||
            (c.ld_valid && (s.is_path || s.mp != c.mp || s.ld != c.ld))) {
            snprintf(err, errlen, "intent (SIMT-X 3.8.4): after warp %u's ROLLBACK, r%u maps "
                     "{Main p%u, LDiv %d p%u, %s %#llx}, the Commit PIRAT {Main p%u, LDiv %d "
                     "p%u, mask %#llx}", w, r, s.main, s.ld_valid, s.ld,
                     s.is_path ? "path" : "mask", (unsigned long long)s.mp, c.main, c.ld_valid,
                     c.ld, (unsigned long long)c.mp);
            return -1;
        }
    }
    return 0;
}

/* After a stepped cycle's edge (not a peek): every intent check. */
static int intent(tb_t *t, const simtx_rename_in_t *in, const simtx_rename_out_t *out,
                  char *err, size_t errlen)
{
    simtx_frontend_in_t fi = {0};
    simtx_frontend_out_t fo = {0};
#define FE_IN_(type, name, dims) fi.name = in->name;
    RN_SIMTX_FRONTEND_INS(FE_IN_)
#undef FE_IN_
    /* memcpy: the Pathtable's row ports are arrays */
#define FE_OUT_(type, name, dims) memcpy(&fo.name, &out->name, sizeof fo.name);
    RN_SIMTX_FRONTEND_OUTS(FE_OUT_)
#undef FE_OUT_
    fo.hold_err = out->hold_err;
    fo.drop_err = out->drop_err;
    if (simtx_fe_intent_edge(&t->fe_intent, simtx_rename_frontend(t->m), &fi, &fo, err, errlen))
        return -1;
    if (t->view.valid && out->ren_ready && out->ren_err == PR_ERR_NONE &&
        intent_renamed(t, in, out, err, errlen))
        return -1;
    return t->fe_intent.rolled_back ? intent_rolled_back(t, t->fe_intent.rb_warp, err, errlen)
                                    : 0;
}

/* ---- directed scenarios -------------------------------------------------------------- */

static void cover(tb_t *t, const simtx_rename_in_t *in, const simtx_rename_out_t *out,
                  const simtx_rename_events_t *ev);

/* The front end's requests (simtx_frontend's verbs and operands,
 * simtx_tb_common.h), then the PIRAT's rename and commit; {NULL, NULL} last. */
static const scenario_verb_t rn_verbs[] = {
    SIMTX_FE_SCN_VERBS,
    PIRAT_SCN_VERB_RENAME,
    PIRAT_SCN_VERB_COMMIT,
    {NULL, NULL},
};

static const simtx_fe_widths_t fe_widths = {
    .warp = CFG_WarpIdWidth, .slot = CFG_SlotIdWidth, .path = CFG_PathIdWidth,
    .lanes = CFG_WarpWidth,  .pc = CFG_PcWidth,       .depth = CFG_DepthWidth,
};

/* The check keys of the front end and the core (slots after the PIRAT's). */
enum { RK_FE_READY, RK_RSP, RK_RSP_ERR, RK_ALLOC, RK_ID, RK_DIV, RK_NULL, RK_SLOT,
       RK_FE_STICKY, RK_SEL_SLOT, RK_SEL_PATH, RK_CONV, RK_CONV_SLOT, RK_PENDING_NZ,
       RK_BUOPS, RK_REN_STICKY, RK_RB, RK_RB_W, RK_HOLD_ERR, RK_DROP_ERR, RK_COUNT };
static const scenario_key_t rn_keys[RK_COUNT] = {
    [RK_FE_READY] = {"fe_ready", NULL, "req_ready_o"},
    [RK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [RK_RSP_ERR] = {"rsp_err", pt_err_words, "rsp_err_o"},
    [RK_ALLOC] = {"alloc", NULL, "rsp_alloc_o"},
    [RK_ID] = {"id", NULL, "rsp_id_o"},
    [RK_DIV] = {"div", NULL, "rsp_div_o"},
    [RK_NULL] = {"null", NULL, "rsp_null_o"},
    [RK_SLOT] = {"slot", NULL, "rsp_slot_o"},
    [RK_FE_STICKY] = {"fe_sticky", NULL, "err_sticky_o"},
    [RK_SEL_SLOT] = {"sel_slot", NULL, "sel_slot_o"},
    [RK_SEL_PATH] = {"sel_path", NULL, "sel_path_o"},
    [RK_CONV] = {"conv", NULL, "conv_valid_o"},
    [RK_CONV_SLOT] = {"conv_slot", NULL, "conv_slot_o"},
    [RK_PENDING_NZ] = {"pending_nz", NULL, "pending_nz_o"},
    [RK_BUOPS] = {"buops", NULL, "buops_o"},
    [RK_REN_STICKY] = {"sticky", NULL, "ren_err_sticky_o"},
    [RK_RB] = {"rb", NULL, "rb_valid_o"},
    [RK_RB_W] = {"rb_w", NULL, "rb_warp_o"},
    [RK_HOLD_ERR] = {"hold_err", pt_err_words, "hold_err_o"},
    [RK_DROP_ERR] = {"drop_err", pt_err_words, "drop_err_o"},
};

static int scenario_stimulus(tb_t *t, simtx_rename_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    bool request = !t->scn.check && strcmp(l->verb, "idle");
    int op = simtx_fe_scn_op(l->verb);
    pirat_in_t pi;
    to_pirat(in, &pi);
    rc = pirat_scn_line(&t->ps, l, request && op < 0, &pi, err, errlen);
    if (rc < 0)
        return -1;
    from_pirat(&pi, in);
    in->rd_warp = pi.rd_warp;
    uint64_t mpath = 0; /* a merge's commit: the path it named (its mrg_mp_o) */
    int named = scenario_get(l, "mpath", &mpath, err, errlen);
    if (named < 0)
        return -1;
    in->cmt_is_path = named > 0;
    in->cmt_path = (unsigned)mpath;
    if (request && op >= 0) {
        simtx_frontend_in_t fi = {0};
        if (simtx_fe_scn_request(l, (unsigned)op, &fe_widths, &fi, err, errlen))
            return -1;
#define FROM_FE(type, name, dims) in->name = fi.name;
        RN_SIMTX_FRONTEND_INS(FROM_FE)
#undef FROM_FE
    } else if (request && !rc) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    if (scenario_expect_read(l, &t->scn.exp, pirat_scn_keys, PRK_COUNT, 0, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, rn_keys, RK_COUNT, PRK_COUNT, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const simtx_rename_out_t *o, char *err,
                          size_t errlen)
{
    pirat_out_t po = {0};
#define TO_PO(type, name, dims) po.name = o->name;
    RN_PIRAT_OUTS(TO_PO)
#undef TO_PO
    uint64_t got[PRK_COUNT];
    pirat_scn_got(&po, got);
    const uint64_t own[RK_COUNT] = {
        [RK_FE_READY] = o->req_ready, [RK_RSP] = o->rsp_valid,     [RK_RSP_ERR] = o->rsp_err,
        [RK_ALLOC] = o->rsp_alloc,    [RK_ID] = o->rsp_id,         [RK_DIV] = o->rsp_div,
        [RK_NULL] = o->rsp_null,      [RK_SLOT] = o->rsp_slot,     [RK_FE_STICKY] = o->err_sticky,
        [RK_SEL_SLOT] = o->sel_slot,  [RK_SEL_PATH] = o->sel_path, [RK_CONV] = o->conv_valid,
        [RK_CONV_SLOT] = o->conv_slot, [RK_PENDING_NZ] = o->pending_nz, [RK_BUOPS] = o->buops,
        [RK_REN_STICKY] = o->ren_err_sticky, [RK_RB] = o->rb_valid, [RK_RB_W] = o->rb_warp,
        [RK_HOLD_ERR] = o->hold_err, [RK_DROP_ERR] = o->drop_err,
    };
    scenario_expect_check(&t->scn.line, &t->scn.exp, pirat_scn_keys, PRK_COUNT, 0, got, err,
                          errlen);
    return scenario_expect_check(&t->scn.line, &t->scn.exp, rn_keys, RK_COUNT, PRK_COUNT, own,
                                 err, errlen);
}

/* A scenario's cycle: the model stepped (evaluated on a peek), its cover,
 * its outputs checked; a rejected rename or commit must change nothing (the
 * shadow, stepped without it). */
static int scenario_model(tb_t *t, const simtx_rename_in_t *in, simtx_rename_out_t *out,
                          char *err, size_t errlen)
{
    if (t->scn.check == SCN_PEEK) {
        simtx_rename_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    simtx_rename_events_t ev;
    intent_view(t, in);
    simtx_rename_step(t->m, in, out, &ev);
    if (intent(t, in, out, err, errlen))
        return -1;
    pirat_cover(t->pr_cover, t->p.num_warps, &ev.pr_in, &ev.pr);
    pirat_measure_add(&t->measure, ev.pr_in.pending, &ev.pr);
    cover(t, in, out, &ev);
    simtx_rename_in_t legal = *in;
    legal.ren_valid &= !ev.pr.ren_err;
    legal.cmt_valid &= !ev.pr.cmt_err;
    simtx_rename_step(t->shadow, &legal, NULL, NULL);
    if (!simtx_rename_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "%s:%u: a rejected rename or commit changed the model's state",
                 t->scn.line.file, t->scn.line.lineno);
        return -1;
    }
    if (pirat_leak_check(simtx_rename_pirat(t->m), err, errlen))
        return -1;
    return scenario_check(t, out, err, errlen);
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static void forget(tb_t *t)
{
    simtx_core_reset(&t->core);
    t->cur_valid = t->att_valid = false;
    memset(t->rb_pend, 0, sizeof t->rb_pend);
    memset(t->rb_renamed, 0, sizeof t->rb_renamed);
    memset(t->ended, 0, sizeof t->ended);
    memset(t->conv, 0, sizeof t->conv);
    simtx_fe_intent_init(&t->fe_intent, simtx_frontend_params(simtx_rename_frontend(t->m)));
    phase_normal(t);
}

static void tb_reset(tb_t *t) { forget(t); }

static void tb_fini(tb_t *t) { simtx_core_fini(&t->core); }

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    t->cover = cover[KIT_COVERS_SIMTX_RENAME];
    t->pr_cover = cover[KIT_COVERS_PIRAT];
    cosim_rng_seed(&t->rng, o->seed);
    t->cycles = o->cycles;
    t->lanes = (UINT64_C(1) << t->p.warp_width) - 1u;
    t->pp = (pirat_params_t){.num_warps = t->p.num_warps, .warp_width = t->p.warp_width,
                             .paths_per_warp = t->p.paths_per_warp,
                             .arch_regs = t->p.arch_regs, .phys_regs = t->p.phys_regs};
    simtx_frontend_params_t fp = {
        .num_warps = t->p.num_warps, .warp_width = t->p.warp_width,
        .paths_per_warp = t->p.paths_per_warp, .ref_width = t->p.ref_width,
        .slots_per_warp = t->p.slots_per_warp, .depth_width = t->p.depth_width,
        .pc_width = t->p.pc_width, .entries = t->p.entries, .pc_shift = t->p.pc_shift,
        .pend_width = t->p.pend_width};
    simtx_core_hooks_t hooks = {hook_program, hook_queued, hook_hold};
    if (simtx_core_init(&t->core, &fp, simtx_rename_frontend(t->m), &t->rng,
                        1u << CFG_WarpIdWidth, 1u << CFG_SlotIdWidth, sizeof(ren_t), &hooks, t,
                        err, errlen))
        return -1;
    forget(t);
    t->scn.scn = o->scn;
    t->ps = (pirat_scn_t){.paths = t->p.paths_per_warp, .warp_width = t->p.warp_width,
                          .wid_w = CFG_WarpIdWidth, .wid_h = CFG_PathIdWidth,
                          .wid_r = CFG_RegIdWidth, .wid_p = CFG_PregWidth};
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, simtx_rename_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle;
    if (t->scn.scn)
        return scenario_stimulus(t, in, err, errlen);
    cosim_rng_t *r = &t->rng;
    t->generated = true;
    t->bad = (pirat_bad_t){.code = PR_ERR_NONE};
    t->cmt = false;
    simtx_frontend_in_t fi = {0};
    simtx_core_stimulus(&t->core, &fi);
    if (t->core.warp_span > t->p.num_warps && t->core.act.kind != A_BUSY &&
        simtx_frontend_ready(simtx_rename_frontend(t->m)) && cosim_rng_pct(r, 1)) {
        /* a ROLLBACK of a warp out of range: refused, the PIRAT left alone */
        simtx_frontend_in_t bad = {.look_pc = fi.look_pc, .rd_warp = fi.rd_warp,
                                   .rd_path = fi.rd_path, .req_op = FE_OP_ROLLBACK};
        bad.req_warp = t->p.num_warps +
                       (unsigned)cosim_rng_below(r, t->core.warp_span - t->p.num_warps);
        simtx_core_illegal(&t->core, &fi, &bad, PT_ERR_BAD_WARP);
    }
#define FROM_FE(type, name, dims) in->name = fi.name;
    RN_SIMTX_FRONTEND_INS(FROM_FE)
#undef FROM_FE
    in->rd_warp = fi.rd_warp;
    in->rd_reg = (unsigned)cosim_rng_below(r, 1u << CFG_RegIdWidth);
    in->rd_preg = (unsigned)cosim_rng_below(r, 1u << CFG_PregWidth);
    next_phase(t);
    pirat_commit(t, in);
    present_rename(t, in);
    if (cosim_rng_pct(r, 3))
        illegal(t, in);
    return 0;
}

/* The rename's outputs of this cycle (the last edge's) attach to their
 * instruction. */
static int attach(tb_t *t, const simtx_rename_out_t *out, char *err, size_t errlen)
{
    if (!t->att_valid)
        return 0;
    t->att_valid = false;
    if (out->mrg_valid != t->att_merge || out->ins_valid != t->att_ins ||
        out->uop_warp != t->att_warp) {
        snprintf(err, errlen, "warp %u renamed at the last edge (merge %d, instruction %d): "
                 "mrg_valid_o %d, ins_valid_o %d, uop_warp_o %u", t->att_warp, t->att_merge,
                 t->att_ins, out->mrg_valid, out->ins_valid, out->uop_warp);
        return -1;
    }
    ren_t *r = find(t, t->att_warp, t->att_seq);
    if (!r)
        return 0; /* flushed */
    if (out->mrg_valid) {
        if (r->nmrg >= MAXMRG) {
            snprintf(err, errlen, "warp %u: more than %u merges for one instruction",
                     t->att_warp, MAXMRG);
            return -1;
        }
        r->mrg[r->nmrg].reg = out->mrg_reg;
        r->mrg[r->nmrg].preg = out->mrg_dst;
        r->mrg[r->nmrg].hold = out->mrg_hold;
        /* it holds its path if the Pathtable took the reference */
        r->mrg[r->nmrg].is_path = out->mrg_is_path && out->hold_err == PT_ERR_NONE;
        r->mrg[r->nmrg].path = (unsigned)(out->mrg_mp & ((1u << CFG_PathIdWidth) - 1u));
        r->nmrg++;
    }
    if (out->ins_valid) {
        r->att = true;
        r->preg = out->ins_dst;
    }
    return 0;
}

/* simtx_rename's own cover points, from the ports and the events. */
static void cover(tb_t *t, const simtx_rename_in_t *in, const simtx_rename_out_t *out,
                  const simtx_rename_events_t *ev)
{
    uint64_t *c = t->cover;
    const pirat_in_t *pi = &ev->pr_in;
    const pirat_events_t *pe = &ev->pr;
    unsigned rw = pi->ren_warp < t->p.num_warps ? pi->ren_warp : 0u;
    bool touched = pi->ren_valid && (pe->renamed || pe->merge);
    if (pe->renamed && pi->ren_path < t->p.paths_per_warp)
        c[RN_CV_REN_SPEC_PATH] += out->rd_states[pi->ren_path] == PT_STATE_SPEC;
    if (touched && (pe->src_rule[0] == PR_SRC_MERGE || pe->src_rule[1] == PR_SRC_MERGE) &&
        pi->ren_path < t->p.paths_per_warp) /* on a cuop's h_k */
        c[RN_CV_REN_CONV_PATH] += (t->conv[rw] >> pi->ren_path) & 1u;
    if (pi->rb_valid) {
        c[RN_CV_RB_FLUSH_RENAMED] += t->rb_renamed[pi->rb_warp];
        c[RN_CV_RB_SPEC_REGS] += pe->rb_freed > 0 && ev->fe.req && ev->fe.pt.squashed > 0;
    }
    c[RN_CV_RB_BLOCKED_RENAME] += pe->blocked;
    c[RN_CV_MRG_PATH_HELD] += ev->fe.pt_edge.hold;
    c[RN_CV_MRG_PATH_KEPT] += ev->fe.pt_edge.drop_freed;
    c[RN_CV_REN_HELD_REFS] += pe->held;
    if (ev->fe.pt_edge.drop_freed && ev->fe_in.drop_warp < t->p.num_warps &&
        pathtable_free(pt_of(t), ev->fe_in.drop_warp) == t->p.paths_per_warp)
        t->ended[ev->fe_in.drop_warp] = true; /* a merge held the warp's last path */
    if (pe->renamed && t->rb_pend[rw])
        t->rb_renamed[rw] = true;
    if (ev->fe.req && (ev->fe.in.req_op & 15u) == FE_OP_ROLLBACK &&
        ev->fe.in.req_warp < t->p.num_warps)
        t->rb_pend[ev->fe.in.req_warp] = t->rb_renamed[ev->fe.in.req_warp] = false;
    if (ev->fe.take && (in->req_op & 15u) == FE_OP_ROLLBACK && in->req_warp < t->p.num_warps) {
        t->rb_pend[in->req_warp] = true;
        t->rb_renamed[in->req_warp] = false;
    }
    if (!ev->fe.req || ev->fe.err != PT_ERR_NONE || ev->fe.warp >= t->p.num_warps)
        return;
    unsigned fw = ev->fe.warp, op = ev->fe.in.req_op & 15u;
    if (out->rsp_alloc && out->rsp_id < 64u) {
        t->conv[fw] &= ~(UINT64_C(1) << out->rsp_id);
        t->conv[fw] |= (uint64_t)(op == FE_OP_CONVERGE) << out->rsp_id;
    }
    if (op == FE_OP_INIT) {
        c[RN_CV_WARP_RESTART] += t->ended[fw];
        t->ended[fw] = false;
    }
    /* the warp's program ended: its last path freed */
    if (ev->fe.pt.op == PT_OP_DEREF && ev->fe.pt.freed &&
        pathtable_free(pt_of(t), fw) == t->p.paths_per_warp)
        t->ended[fw] = true;
}

/* The generator's bookkeeping of the PIRAT's ports. */
static int follow(tb_t *t, const simtx_rename_in_t *in, const simtx_rename_events_t *ev,
                  char *err, size_t errlen)
{
    const pirat_events_t *pe = &ev->pr;
    unsigned got = t->bad.ren ? pe->ren_err : pe->cmt_err;
    t->held = pe->held;
    if (t->bad.code != PR_ERR_NONE) {
        if (got != t->bad.code) {
            snprintf(err, errlen,
                     "injected illegal %s: expected error %s, model reports %s",
                     t->bad.ren ? "rename" : "commit", pr_err_name(t->bad.code),
                     pr_err_name(got));
            return -1;
        }
        if (!simtx_rename_same_state(t->m, t->shadow)) {
            snprintf(err, errlen, "a rejected rename or commit changed the model's state");
            return -1;
        }
    }
    if ((!t->bad.ren && pe->ren_err) || (!t->bad.cmt && pe->cmt_err)) {
        snprintf(err, errlen, "a legal %s was rejected with %s",
                 pe->ren_err ? "rename" : "commit", pr_err_name(pe->ren_err | pe->cmt_err));
        return -1;
    }
    const pathtable_events_t *pt = &ev->fe.pt_edge;
    /* (never BAD_REF either: renames are held before a count could pass
     * its maximum) */
    if (ev->fe_in.hold_valid && pt->hold_err != PT_ERR_NONE) {
        snprintf(err, errlen, "a merge of warp %u named path %u, which the Pathtable refused "
                 "to hold: %s", ev->fe_in.hold_warp, ev->fe_in.hold_path,
                 pt_err_name(pt->hold_err));
        return -1;
    }
    if (ev->fe_in.drop_valid && pt->drop_err != PT_ERR_NONE) {
        snprintf(err, errlen, "a merge's commit dropped no reference to path %u of warp %u: %s",
                 ev->fe_in.drop_path, ev->fe_in.drop_warp, pt_err_name(pt->drop_err));
        return -1;
    }
    if (in->ren_valid && !t->bad.ren && (pe->renamed || pe->merge)) {
        ren_t *r = unrenamed(t, in->ren_warp);
        if (!r || r->seq != t->cur_seq) {
            snprintf(err, errlen, "warp %u: renamed an instruction the testbench lost",
                     in->ren_warp);
            return -1;
        }
        t->att_valid = true;
        t->att_warp = in->ren_warp;
        t->att_seq = r->seq;
        t->att_merge = pe->merge;
        t->att_ins = pe->renamed;
        if (pe->renamed) {
            r->ren = true;
            t->cur_valid = false;
        }
    }
    if (t->cmt)
        ext(t, t->cmt_warp, 0)->ncmt++;
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const simtx_rename_in_t *in,
                    simtx_rename_out_t *out, char *err, size_t errlen)
{
    if (t->scn.scn)
        return scenario_model(t, in, out, err, errlen);
    simtx_rename_events_t ev;
    intent_view(t, in);
    simtx_rename_step(t->m, in, out, &ev);
    if (intent(t, in, out, err, errlen))
        return -1;
    bool generated = t->generated;
    t->generated = false;
    /* the shadow sees this cycle without its illegal requests */
    simtx_rename_in_t legal = *in;
    simtx_core_shadow_in(&t->core, generated, &legal.req_op, &legal.sel_take);
    if (generated) {
        legal.ren_valid &= !t->bad.ren;
        legal.cmt_valid &= !t->bad.cmt;
    }
    simtx_rename_step(t->shadow, &legal, NULL, NULL);
    pirat_cover(t->pr_cover, t->p.num_warps, &ev.pr_in, &ev.pr);
    pirat_measure_add(&t->measure, ev.pr_in.pending, &ev.pr);
    cover(t, in, out, &ev);
    if (((cycle & 255u) == 255u || cycle + 1u == t->cycles) &&
        pirat_leak_check(simtx_rename_pirat(t->m), err, errlen))
        return -1;
    if (ev.fe.req) {
        /* rb_valid_o: the S cycle of an accepted ROLLBACK, its warp */
        unsigned op = ev.fe.in.req_op & 15u;
        bool rb = ev.fe.err == PT_ERR_NONE && op == FE_OP_ROLLBACK;
        if (rb != ev.pr_in.rb_valid || (rb && ev.pr_in.rb_warp != ev.fe.in.req_warp)) {
            snprintf(err, errlen, "%s %s of warp %u done: rb_valid_o %d, rb_warp_o %u",
                     ev.fe.err ? "refused" : "accepted",
                     fe_op_name(op) ? fe_op_name(op) : "op", ev.fe.in.req_warp,
                     ev.pr_in.rb_valid, ev.pr_in.rb_warp);
            return -1;
        }
    } else if (ev.pr_in.rb_valid) {
        snprintf(err, errlen, "rb_valid_o (warp %u) without a ROLLBACK done",
                 ev.pr_in.rb_warp);
        return -1;
    }
    if (generated) {
        if (attach(t, out, err, errlen) || follow(t, in, &ev, err, errlen))
            return -1;
    }
    bool live[MAXW];
    for (unsigned w = 0; w < t->p.num_warps; w++)
        live[w] = t->core.w[w].live;
    bool shadow;
    if (simtx_core_edge(&t->core, generated, &ev.fe, out->rsp_alloc, out->rsp_id, &shadow,
                        err, errlen))
        return -1;
    if (shadow && !simtx_rename_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    if (ev.pr_in.rb_valid && generated) {
        unsigned w = ev.pr_in.rb_warp;
        if (t->core.w[w].nq) {
            snprintf(err, errlen, "warp %u rolled back, but the core did not", w);
            return -1;
        }
        if (t->att_valid && t->att_warp == w)
            t->att_valid = false;
        if (t->cur_valid && t->cur_warp == w)
            t->cur_valid = false;
    }
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        if (!live[w] || t->core.w[w].live)
            continue;
        /* its program ended: everything it renamed is committed */
        uint64_t masks[PT_PATHS_PER_WARP_MAX];
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            masks[h] = pathtable_mask(pt_of(t), w, h);
        if (pirat_drained_check(simtx_rename_pirat(t->m), w, t->p.arch_regs, t->lanes, masks,
                                err, errlen))
            return -1;
    }
    return 0;
}

/* Merge micro-ops per 1,000 renamed instructions, PIRAT and naive RAT
 * (pirat_tb_common.h), on this run's stimulus. */
static void tb_measure(const void *p, char *buf, size_t len)
{
    const tb_t *t = p;
    pirat_measure_print(&t->measure, buf, len);
}

COSIM_TESTBENCH_SHADOWED(tb_t, simtx_rename, true, tb_fini, tb_reset, .measure = tb_measure,
                         .verbs = rn_verbs);
