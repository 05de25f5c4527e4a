/* warp_slice_table testbench: a WPU running a section's tasks on warp-slices.
 * A section LAUNCHes at a random width and depth; the scheduler's pick (or
 * now and then another active slice) runs: at its stack's root it starts a
 * task -- branches and advances inside it (pdom_random_branch, so branches
 * nest and reconverge; one interval in seven nests deep, so that the stacks
 * fill) -- or, rarely, exits (the slice is DONE, a dormant
 * one resumes) or waits at a barrier (released when no slice is left
 * active or dormant). After a random number of operations the interval
 * drains: every active slice returns to its root and ARRIVEs; then a RECONF
 * at a random width and depth (or a new LAUNCH once every thread has left,
 * or one time in eight). About 3% of requests are illegal (every code of
 * the page), each of which must be rejected with its code and leave the
 * model in the state of a shadow model that saw the cycle without it. Or a
 * directed scenario (verif/robust/scenarios/warp_slice_table_*.scn). */
#include <string.h>

#include "cosim_kit.h"
#include "pdom_stim.h"
#include "robust.h"
#include "warp_slice_table.h"

typedef struct {
    warp_slice_table_params_t p;
    warp_slice_table_t *m;
    warp_slice_table_t *shadow; /* the same cycles, without the illegal requests */
    uint64_t *cover;
    cosim_rng_t rng;
    uint64_t pc_none, exit_pc, head_pc; /* head: the task loop's, where slices start and arrive */
    unsigned entry_span;  /* 2^EntryIdWidth */
    unsigned ops_left;    /* operations before the interval drains */
    bool deep;            /* this interval's branches nest deep (the stacks fill) */
    bool bad;             /* this cycle's request is illegal */
    unsigned bad_code;
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md):
 *   launch w= d= pc= exit=     reconf w= d= pc= exit=
 *   branch e= tpc= fpc= rpc= taken=     advance e= pc=     arrive e=     barrier e=
 *   idle [n=1] [e=]            (e= addresses the read port)
 *   expect / peek [e=] [status= warp= sid= lanes= pc= rpc= mask= tos= ready= rsp= err=
 *                  fin= resume= resume_e= released= sticky= width= depth= slices= active=
 *                  arrived= sel= sel_e=] */
enum { SK_STATUS, SK_WARP, SK_SID, SK_LANES, SK_PC, SK_RPC, SK_MASK, SK_TOS, SK_READY, SK_RSP,
       SK_ERR, SK_FIN, SK_RESUME, SK_RESUME_E, SK_RELEASED, SK_STICKY, SK_WIDTH, SK_DEPTH,
       SK_SLICES, SK_ACTIVE, SK_ARRIVED, SK_SEL, SK_SEL_E, SK_COUNT };
static const scenario_key_t wsl_keys[SK_COUNT] = {
    [SK_STATUS] = {"status", wsl_status_words}, [SK_WARP] = {"warp", NULL},
    [SK_SID] = {"sid", NULL},                   [SK_LANES] = {"lanes", NULL},
    [SK_PC] = {"pc", NULL},                     [SK_RPC] = {"rpc", NULL},
    [SK_MASK] = {"mask", NULL},                 [SK_TOS] = {"tos", NULL},
    [SK_READY] = {"ready", NULL},               [SK_RSP] = {"rsp", NULL},
    [SK_ERR] = {"err", wsl_err_words},          [SK_FIN] = {"fin", NULL},
    [SK_RESUME] = {"resume", NULL},             [SK_RESUME_E] = {"resume_e", NULL},
    [SK_RELEASED] = {"released", NULL},         [SK_STICKY] = {"sticky", NULL},
    [SK_WIDTH] = {"width", NULL},               [SK_DEPTH] = {"depth", NULL},
    [SK_SLICES] = {"slices", NULL},             [SK_ACTIVE] = {"active", NULL},
    [SK_ARRIVED] = {"arrived", NULL},           [SK_SEL] = {"sel", NULL},
    [SK_SEL_E] = {"sel_e", NULL},
};

static int scn_get(tb_t *t, const char *key, uint64_t *v, char *err, size_t errlen)
{
    return scenario_get(&t->scn.line, key, v, err, errlen) < 0 ? -1 : 0;
}

static int scenario_stimulus(tb_t *t, warp_slice_table_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    uint64_t v = 0;
    if (scn_get(t, "e", &v, err, errlen))
        return -1;
    in->req_entry = (unsigned)v;
    if (t->scn.check) {
        if (scenario_expect_read(l, &t->scn.exp, wsl_keys, SK_COUNT, 0, err, errlen))
            return -1;
        return scenario_done(l, err, errlen);
    }
    static const struct { const char *verb; unsigned op; } verbs[] = {
        {"launch", WSL_OP_LAUNCH}, {"reconf", WSL_OP_RECONF}, {"branch", WSL_OP_BRANCH},
        {"advance", WSL_OP_ADVANCE}, {"arrive", WSL_OP_ARRIVE}, {"barrier", WSL_OP_BARRIER},
    };
    for (unsigned i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
        if (strcmp(l->verb, verbs[i].verb))
            continue;
        in->req_valid = true;
        in->req_op = verbs[i].op;
    }
    if (!in->req_valid && strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    if (scn_get(t, "w", &v, err, errlen))
        return -1;
    in->req_width = (unsigned)v;
    if (scn_get(t, "d", &v, err, errlen))
        return -1;
    in->req_depth = (unsigned)v;
    if (scn_get(t, "pc", &in->req_pc, err, errlen) || scn_get(t, "tpc", &in->req_pc, err, errlen) ||
        scn_get(t, "fpc", &in->req_alt_pc, err, errlen) ||
        scn_get(t, "rpc", &in->req_rpc, err, errlen) ||
        scn_get(t, "exit", &in->req_rpc, err, errlen))
        return -1;
    if (scenario_get_mask(l, "taken", t->p.warp_width, &in->req_mask, err, errlen) < 0)
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const warp_slice_table_out_t *o, char *err,
                          size_t errlen)
{
    uint64_t got[SK_COUNT] = {
        [SK_STATUS] = o->rd_status, [SK_WARP] = o->rd_warp, [SK_SID] = o->rd_sid,
        [SK_LANES] = o->rd_lanes.w[0], [SK_PC] = o->rd_pc, [SK_RPC] = o->rd_rpc,
        [SK_MASK] = o->rd_mask.w[0], [SK_TOS] = o->rd_tos, [SK_READY] = o->req_ready,
        [SK_RSP] = o->rsp_valid, [SK_ERR] = o->rsp_err, [SK_FIN] = o->rsp_fin,
        [SK_RESUME] = o->resume_valid, [SK_RESUME_E] = o->resume_entry,
        [SK_RELEASED] = o->released, [SK_STICKY] = o->err_sticky, [SK_WIDTH] = o->width,
        [SK_DEPTH] = o->depth, [SK_SLICES] = o->slices, [SK_ACTIVE] = o->active,
        [SK_ARRIVED] = o->arrived, [SK_SEL] = o->sel_valid, [SK_SEL_E] = o->sel_entry,
    };
    return scenario_expect_check(&t->scn.line, &t->scn.exp, wsl_keys, SK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- the WPU ------------------------------------------------------------------ */

/* A PC that is none of the program's fixed ones. */
static uint64_t fresh_pc(tb_t *t)
{
    uint64_t pc;
    do {
        pc = cosim_rng_below(&t->rng, t->pc_none); /* never none */
    } while (pc == t->exit_pc || pc == t->head_pc);
    return pc;
}

static void inject(tb_t *t, unsigned code)
{
    t->bad = true;
    t->bad_code = code;
}

/* A LAUNCH or RECONF at a random legal width and depth; one time in 25 one
 * of width, depth or PC is not legal. */
static void division(tb_t *t, warp_slice_table_in_t *in, bool launch)
{
    cosim_rng_t *r = &t->rng;
    unsigned lo = warp_slice_table_min_width(t->m), w = t->p.warp_width;
    in->req_valid = true;
    in->req_op = launch ? WSL_OP_LAUNCH : WSL_OP_RECONF;
    in->req_width = lo + (unsigned)cosim_rng_below(r, w - lo + 1u);
    unsigned n = robust_slices(t->p.num_warps, w, in->req_width);
    in->req_depth = 1u + (unsigned)cosim_rng_below(r, n);
    in->req_pc = t->head_pc;
    in->req_rpc = t->exit_pc;
    if (!cosim_rng_pct(r, 4))
        return;
    unsigned c = (unsigned)cosim_rng_below(r, 3);
    if (c == 0 && (lo > 1 || w + 1u < (1u << CFG_WidthWidth))) {
        in->req_width = lo > 1 && cosim_rng_pct(r, 50) ? lo - 1u : w + 1u < (1u << CFG_WidthWidth) ? w + 1u : 0u;
        inject(t, WSL_ERR_BAD_WIDTH);
    } else if (c == 1 && !t->bad) {
        in->req_depth = cosim_rng_pct(r, 50) || n + 1u >= (1u << CFG_CountWidth) ? 0 : n + 1u;
        inject(t, WSL_ERR_BAD_DEPTH);
    } else if (c == 2 && !t->bad) {
        in->req_pc = t->pc_none;
        inject(t, WSL_ERR_BAD_PC);
    }
}

static recon_stack_entry_t top_of(const tb_t *t, unsigned e, unsigned *depth)
{
    recon_stack_entry_t tos = {0};
    *depth = recon_stack_depth(warp_slice_table_stack(t->m), e);
    if (*depth)
        recon_stack_entry(warp_slice_table_stack(t->m), e, *depth - 1u, &tos);
    return tos;
}

/* A branch from a top {rpc, its threads}: pdom_random_branch's, the
 * program's fixed PCs replaced by fresh ones; in a deep interval every
 * thread but one is taken, so the taken side on top keeps threads to
 * diverge again. */
static void branch(tb_t *t, warp_slice_table_in_t *in, uint64_t rpc, const bitmask_t *threads)
{
    static const pdom_branch_mix_t mix = {.rpc_reuse_pct = 30, .side_rpc = 4, .side_lpc = 0};
    pdom_branch_t b;
    pdom_random_branch(&t->rng, t->pc_none, false, rpc, t->pc_none, &mix, &b);
    in->req_op = WSL_OP_BRANCH;
    in->req_rpc = b.rpc == t->exit_pc || b.rpc == t->head_pc ? fresh_pc(t) : b.rpc;
    in->req_pc = b.pc == t->exit_pc || b.pc == t->head_pc ? in->req_rpc : b.pc;
    in->req_alt_pc = b.alt_pc == t->exit_pc || b.alt_pc == t->head_pc ? in->req_rpc : b.alt_pc;
    for (unsigned i = 0; i < bm_words(t->p.warp_width); i++)
        in->req_mask.w[i] = cosim_rng_next(&t->rng);
    bm_trim(&in->req_mask, t->p.warp_width);
    if (t->deep) {
        unsigned first = 0;
        while (first + 1u < t->p.warp_width && !bm_get(threads, first))
            first++;
        bm_fill(&in->req_mask, t->p.warp_width);
        bm_set(&in->req_mask, first, false);
    }
}

/* One operation of the active slice e. At its stack's root a slice runs the
 * task loop: a task starts (an advance or a branch), ends (back to the
 * head), or the slice exits or waits at a barrier; above the root it
 * branches or reconverges. Draining, it goes back to the root and the head
 * and arrives. */
static void slice_op(tb_t *t, warp_slice_table_in_t *in, unsigned e, bool drain)
{
    cosim_rng_t *r = &t->rng;
    unsigned depth;
    recon_stack_entry_t tos = top_of(t, e, &depth);
    in->req_valid = true;
    in->req_entry = e;
    in->req_op = WSL_OP_ADVANCE;
    if (depth > 1) {
        if (drain || cosim_rng_pct(r, t->deep ? 5 : 40))
            in->req_pc = tos.rpc; /* reconverge: pop */
        else
            branch(t, in, tos.rpc, &tos.mask);
        return;
    }
    unsigned c = (unsigned)cosim_rng_below(r, 100);
    if (drain && tos.pc == t->head_pc)
        in->req_op = WSL_OP_ARRIVE;
    else if (drain || c < 30)
        in->req_pc = t->head_pc; /* the task ends */
    else if (c < 32)
        in->req_op = WSL_OP_BARRIER;
    else if (c < 34)
        in->req_pc = t->exit_pc; /* no task left: the slice exits */
    else if (c < 70)
        branch(t, in, t->exit_pc, &tos.mask);
    else
        in->req_pc = fresh_pc(t);
}

/* This cycle's request replaced by an illegal one, one time in 33. */
static void maybe_illegal(tb_t *t, warp_slice_table_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    if (t->bad || cosim_rng_below(r, 33) != 0)
        return;
    unsigned e = (unsigned)cosim_rng_below(r, t->entry_span);
    unsigned st = e < t->p.max_slices ? warp_slice_table_status(t->m, e) : WSL_STATUS_FREE;
    unsigned depth = 0;
    recon_stack_entry_t tos = e < t->p.max_slices ? top_of(t, e, &depth) : (recon_stack_entry_t){0};
    warp_slice_table_in_t bad = {.req_valid = true, .req_entry = e};
    switch (cosim_rng_below(r, 5)) {
    case 0:
        bad.req_op = 6u + (unsigned)cosim_rng_below(r, 2);
        inject(t, WSL_ERR_BAD_OP);
        break;
    case 1: /* an arrival, whatever e is */
        if (st == WSL_STATUS_ACTIVE && depth == 1)
            return;
        bad.req_op = WSL_OP_ARRIVE;
        inject(t, st == WSL_STATUS_FREE     ? WSL_ERR_BAD_ENTRY
                  : st != WSL_STATUS_ACTIVE ? WSL_ERR_NOT_ACTIVE
                                            : WSL_ERR_NOT_ROOT);
        break;
    case 2: /* a division while slices run */
        if (warp_slice_table_arrived(t->m))
            return;
        division(t, &bad, cosim_rng_pct(r, 50));
        t->bad = false;
        inject(t, WSL_ERR_NOT_ARRIVED);
        break;
    case 3: /* an advance to none */
        if (st != WSL_STATUS_ACTIVE)
            return;
        bad.req_op = WSL_OP_ADVANCE;
        bad.req_pc = t->pc_none;
        inject(t, WSL_ERR_BAD_PC);
        break;
    default: { /* a divergence that does not fit: fresh rpc, both sides pushed */
        unsigned first = 0;
        while (first < t->p.warp_width && !bm_get(&tos.mask, first))
            first++;
        if (st != WSL_STATUS_ACTIVE || depth + 2u <= t->p.depth ||
            bm_popcount(&tos.mask) < 2 || t->pc_none < 8)
            return;
        bad.req_op = WSL_OP_BRANCH;
        bad.req_rpc = fresh_pc(t);
        do {
            bad.req_pc = fresh_pc(t);
        } while (bad.req_pc == bad.req_rpc);
        do {
            bad.req_alt_pc = fresh_pc(t);
        } while (bad.req_alt_pc == bad.req_rpc || bad.req_alt_pc == bad.req_pc);
        bm_set(&bad.req_mask, first, true); /* one thread taken, the others not */
        inject(t, WSL_ERR_OVERFLOW);
        break;
    }
    }
    *in = bad;
}

static int random_stimulus(tb_t *t, warp_slice_table_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    warp_slice_table_out_t o;
    warp_slice_table_eval(t->m, in, &o);
    if (!o.req_ready) { /* the stacks are being written */
        if (cosim_rng_pct(r, 5)) {
            in->req_valid = true;
            in->req_op = WSL_OP_ADVANCE;
            inject(t, WSL_ERR_BUSY);
        }
    } else if (cosim_rng_pct(r, 90)) {
        if (o.arrived) { /* every live slice arrived, or none is left */
            division(t, in, o.slices == 0 || cosim_rng_pct(r, 12));
            t->ops_left = 20u + (unsigned)cosim_rng_below(r, 400);
            t->deep = cosim_rng_pct(r, 15);
        } else if (o.sel_valid) {
            unsigned e = o.sel_entry, x = (unsigned)cosim_rng_below(r, t->p.max_slices);
            if (cosim_rng_pct(r, 30) && warp_slice_table_status(t->m, x) == WSL_STATUS_ACTIVE)
                e = x; /* another active slice */
            slice_op(t, in, e, t->ops_left == 0);
            t->ops_left -= t->ops_left != 0;
        }
        maybe_illegal(t, in);
    }
    if (!in->req_valid || in->req_op > WSL_OP_BARRIER || in->req_op < WSL_OP_BRANCH)
        in->req_entry = (unsigned)cosim_rng_below(r, t->entry_span); /* the read port */
    return 0;
}

/* ---- cover ---------------------------------------------------------------------- */

static void cover(tb_t *t, const warp_slice_table_events_t *ev)
{
    uint64_t *c = t->cover;
    static const unsigned err_cover[16] = {
        [WSL_ERR_NONE] = WSL_CV_COUNT,
        [WSL_ERR_BAD_OP] = WSL_CV_ERR_BAD_OP,
        [WSL_ERR_BUSY] = WSL_CV_ERR_BUSY,
        [WSL_ERR_BAD_ENTRY] = WSL_CV_ERR_BAD_ENTRY,
        [WSL_ERR_NOT_ACTIVE] = WSL_CV_ERR_NOT_ACTIVE,
        [WSL_ERR_NOT_ROOT] = WSL_CV_ERR_NOT_ROOT,
        [WSL_ERR_NOT_ARRIVED] = WSL_CV_ERR_NOT_ARRIVED,
        [WSL_ERR_BAD_WIDTH] = WSL_CV_ERR_BAD_WIDTH,
        [WSL_ERR_BAD_DEPTH] = WSL_CV_ERR_BAD_DEPTH,
        [WSL_ERR_BAD_PC] = WSL_CV_ERR_BAD_PC,
        [WSL_ERR_OVERFLOW] = WSL_CV_ERR_OVERFLOW,
        [11] = WSL_CV_COUNT, [12] = WSL_CV_COUNT, [13] = WSL_CV_COUNT,
        [14] = WSL_CV_COUNT, [15] = WSL_CV_COUNT,
    };
    if (ev->req && err_cover[ev->err & 15u] < WSL_CV_COUNT)
        c[err_cover[ev->err & 15u]]++;
    c[WSL_CV_LAUNCH] += ev->launch;
    c[WSL_CV_RECONF] += ev->reconf;
    c[WSL_CV_RECONF_MERGE] += ev->reconf_merge;
    c[WSL_CV_RESIDUE] += ev->residue;
    c[WSL_CV_DORMANT] += ev->dormant;
    c[WSL_CV_HOLE] += ev->hole;
    c[WSL_CV_FULL_TABLE] += ev->full_table;
    c[WSL_CV_DIVERGE] += ev->diverge;
    c[WSL_CV_SLICE_DONE] += ev->slice_done;
    c[WSL_CV_RESUME_DONE] += ev->resume_done;
    c[WSL_CV_RESUME_BARRIER] += ev->resume_barrier;
    c[WSL_CV_RESUME_ARRIVE] += ev->resume_arrive;
    c[WSL_CV_RELEASE] += ev->release;
    c[WSL_CV_ARRIVE] += ev->arrive;
    c[WSL_CV_SIBLING_APART] += ev->sibling_apart;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_WARP_SLICE_TABLE];
    cosim_rng_seed(&t->rng, o->seed);
    t->pc_none = (t->p.pc_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->p.pc_width) - 1u);
    t->exit_pc = t->pc_none - 1u;
    t->head_pc = 1;
    t->entry_span = 1u << CFG_EntryIdWidth;
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, warp_slice_table_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle;
    t->bad = false;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const warp_slice_table_in_t *in,
                    warp_slice_table_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        warp_slice_table_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    warp_slice_table_events_t ev;
    warp_slice_table_step(t->m, in, out, &ev);
    cover(t, &ev);
    warp_slice_table_in_t legal = *in;
    legal.req_valid &= !t->bad;
    warp_slice_table_step(t->shadow, &legal, NULL, NULL);
    if (t->scn.scn)
        return t->scn.check ? scenario_check(t, out, err, errlen) : 0;
    if (t->bad && ev.err != t->bad_code) {
        snprintf(err, errlen, "injected illegal request (op %u, entry %u): expected error %u, "
                 "model reports %u", in->req_op, in->req_entry, t->bad_code, ev.err);
        return -1;
    }
    if (t->bad && !warp_slice_table_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    return 0;
}

static void tb_reset(tb_t *t) { t->ops_left = 0; }

COSIM_TESTBENCH_SHADOWED(tb_t, warp_slice_table, true, NULL, tb_reset);
