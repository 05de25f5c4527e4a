/* pirat testbench: a SIMT-X core around the PIRAT. Each warp has paths
 * (masks indexed by path id, the Pathtable's row that pt_masks_i carries):
 * a predicted divergence makes a speculative path with its parent's mask
 * copied, its resolution narrows that mask (to nothing: nullified) and adds
 * the alternate, its commit makes both final; two final paths converge into
 * a third; a path with nothing in flight ends. pending_i is high while any
 * speculative path exists (and now and then besides: a pending divergence
 * only forces merges). Instructions of random warps and live paths read and
 * write a few architectural registers (mostly a hot four); one is presented
 * until ren_ready_o. The renamed micro-ops (mrg_*, ins_*) enter the warp's
 * reorder buffer and commit in order at random delays once their path is
 * final, with its mask; now and then the head of a warp's buffer rolls the
 * warp back instead (a misprediction or an exception at retirement):
 * everything in flight is flushed with the warp's speculative paths.
 * Phases: NORMAL; FILL (commits rare: the free list runs dry and renames
 * stall); DRAIN (no renames until every buffer is empty, then the
 * speculative and Commit PIRATs must map every register alike). About 3%
 * of cycles carry an illegal rename, commit or rollback instead (each
 * error code); the error is checked and a shadow model stepped without it
 * must hold the same state. The register-leak check runs on the model every
 * 256 cycles, after every drain and on the last cycle; the RTL checks the
 * same partition every cycle (an assertion). The read ports sweep random
 * entries and registers, so the RTL's whole state is compared.
 * Or a directed scenario (verif/simtx/scenarios/pirat_*.scn): the PIRAT's
 * verbs and keys of pirat_tb_common.h (rename, commit, rollback; pending=
 * and ph= pmask= held; the read ports' w= r= p=) and the check keys there, with
 * sticky= (err_sticky_o). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_kit.h"
#include "pirat.h"
#include "pirat_tb_common.h"

enum { PS_FREE, PS_SPEC, PS_FINAL };
enum { PH_NORMAL, PH_FILL, PH_DRAIN };

typedef struct {
    unsigned state;
    uint64_t mask;
    unsigned users; /* micro-ops in flight on it */
} path_t;

typedef struct {
    unsigned parent, child; /* a buop: child speculative until it commits */
    bool resolved;
    unsigned alt;           /* the alternate made at resolution (paths_per_warp: none) */
    unsigned delay;         /* cycles before it may resolve / commit */
} buop_t;

typedef struct {
    bool merge, hold;
    unsigned reg, preg, path;
} uop_t;

typedef struct {
    path_t path[PR_PATHS_PER_WARP_MAX];
    buop_t *buop;  /* in flight, oldest first */
    unsigned nbuop;
    uop_t *rob;    /* ring: head..head+n-1 */
    unsigned head, n;
} warp_t;

typedef struct {
    pirat_params_t p;
    pirat_t *m;
    pirat_t *shadow; /* the same cycles without the illegal requests */
    uint64_t *cover;
    cosim_rng_t rng;
    uint64_t lanes, cycles;
    unsigned cap; /* a reorder buffer's capacity */
    warp_t *w;
    pirat_instr_t cur; /* presented until renamed */
    unsigned phase;
    uint64_t phase_left;
    bool quiet; /* NORMAL without new divergences: pending falls to 0 */
    /* this cycle */
    bool fresh, bad_ren, bad_cmt, bad_rb;
    unsigned bad_code;
    pirat_instr_t renamed; /* the instruction renamed last cycle (its dst_valid) */
    pirat_measure_t measure; /* merge micro-ops, PIRAT and naive RAT */
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
    pirat_scn_t ps;       /* its PIRAT keys' state */
} tb_t;

static void phase_normal(tb_t *t)
{
    t->phase = PH_NORMAL;
    t->phase_left = 300u + cosim_rng_below(&t->rng, 3000);
    t->quiet = cosim_rng_pct(&t->rng, 50);
}

static unsigned spec_paths(const tb_t *t)
{
    unsigned n = 0;
    for (unsigned w = 0; w < t->p.num_warps; w++)
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            n += t->w[w].path[h].state == PS_SPEC;
    return n;
}

static unsigned free_path(const warp_t *wp, unsigned paths)
{
    for (unsigned h = 0; h < paths; h++)
        if (wp->path[h].state == PS_FREE)
            return h;
    return paths;
}

static unsigned live_paths(const warp_t *wp, unsigned paths, unsigned state)
{
    unsigned n = 0;
    for (unsigned h = 0; h < paths; h++)
        n += state == PS_FREE ? wp->path[h].state != PS_FREE : wp->path[h].state == state;
    return n;
}

/* The k-th path of the warp in `state` (PS_FREE: any live one). */
static unsigned nth_path(const warp_t *wp, unsigned paths, unsigned state, unsigned k)
{
    for (unsigned h = 0; h < paths; h++) {
        bool in = state == PS_FREE ? wp->path[h].state != PS_FREE : wp->path[h].state == state;
        if (in && k-- == 0)
            return h;
    }
    return 0;
}

static uint64_t random_mask(tb_t *t) { return cosim_rng_next(&t->rng) & t->lanes; }

/* ---- paths: divergence, resolution, commit, convergence, end ------------------- */

static void path_events(tb_t *t, unsigned w)
{
    cosim_rng_t *r = &t->rng;
    warp_t *wp = &t->w[w];
    unsigned P = t->p.paths_per_warp;
    /* a predicted divergence of a live path */
    unsigned live = live_paths(wp, P, PS_FREE);
    if (live && wp->nbuop < 4u && !t->quiet && cosim_rng_below(r, 50u * t->p.num_warps) == 0) {
        unsigned child = free_path(wp, P);
        if (child < P) {
            unsigned parent = nth_path(wp, P, PS_FREE, (unsigned)cosim_rng_below(r, live));
            wp->path[child] = (path_t){PS_SPEC, wp->path[parent].mask, 0};
            wp->buop[wp->nbuop++] = (buop_t){parent, child, false, P,
                                             5u + (unsigned)cosim_rng_below(r, 60)};
        }
    }
    /* the oldest buop resolves, then commits */
    if (wp->nbuop) {
        buop_t *b = &wp->buop[0];
        if (b->delay) {
            b->delay--;
        } else if (!b->resolved) {
            uint64_t m = wp->path[b->child].mask, c = random_mask(t);
            if (cosim_rng_pct(r, 20))
                c = cosim_rng_pct(r, 50) ? 0 : t->lanes; /* uniform either way */
            wp->path[b->child].mask = m & c;
            unsigned alt = free_path(wp, P);
            if ((m & ~c) && alt < P) {
                wp->path[alt] = (path_t){PS_SPEC, m & ~c, 0};
                b->alt = alt;
            }
            b->resolved = true;
            b->delay = 5u + (unsigned)cosim_rng_below(r, 40);
        } else {
            wp->path[b->child].state = PS_FINAL;
            if (b->alt < P)
                wp->path[b->alt].state = PS_FINAL;
            memmove(&wp->buop[0], &wp->buop[1], --wp->nbuop * sizeof *wp->buop);
        }
    }
    /* two final paths converge */
    unsigned fin = live_paths(wp, P, PS_FINAL);
    if (fin >= 2 && cosim_rng_pct(r, 1)) {
        unsigned a = nth_path(wp, P, PS_FINAL, (unsigned)cosim_rng_below(r, fin));
        unsigned b = nth_path(wp, P, PS_FINAL, (unsigned)cosim_rng_below(r, fin));
        unsigned c = free_path(wp, P);
        if (a != b && c < P)
            wp->path[c] = (path_t){PS_FINAL, wp->path[a].mask | wp->path[b].mask, 0};
    }
    /* a final path with nothing in flight ends (one is always kept) */
    if (fin >= 2 && cosim_rng_pct(r, 2)) {
        unsigned h = nth_path(wp, P, PS_FINAL, (unsigned)cosim_rng_below(r, fin));
        bool parent = false;
        for (unsigned i = 0; i < wp->nbuop; i++)
            parent |= wp->buop[i].parent == h;
        /* nor the path of the instruction presented or just renamed */
        parent |= (t->cur.valid && t->cur.warp == w && t->cur.path == h) ||
                  (t->renamed.valid && t->renamed.warp == w && t->renamed.path == h);
        if (!wp->path[h].users && !parent)
            wp->path[h].state = PS_FREE;
    }
}

/* The rollback of warp w: everything in flight flushed with its buops'
 * speculative paths. */
static void flush(tb_t *t, unsigned w)
{
    warp_t *wp = &t->w[w];
    for (unsigned h = 0; h < t->p.paths_per_warp; h++) {
        wp->path[h].users = 0;
        if (wp->path[h].state == PS_SPEC)
            wp->path[h].state = PS_FREE;
    }
    wp->nbuop = 0;
    wp->n = 0;
    if (t->cur.valid && t->cur.warp == w)
        t->cur.valid = false;
}

static void push(tb_t *t, unsigned w, uop_t u)
{
    warp_t *wp = &t->w[w];
    wp->rob[(wp->head + wp->n++) % t->cap] = u;
    if (!u.merge)
        wp->path[u.path].users++;
}

/* ---- stimulus ------------------------------------------------------------------------ */

static void new_instr(tb_t *t)
{
    cosim_rng_t *r = &t->rng;
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    warp_t *wp = &t->w[w];
    unsigned live = live_paths(wp, t->p.paths_per_warp, PS_FREE);
    if (!live || wp->n + 2u >= t->cap)
        return;
    pirat_instr_t *i = &t->cur;
    *i = (pirat_instr_t){.valid = true, .warp = w};
    i->path = nth_path(wp, t->p.paths_per_warp, PS_FREE, (unsigned)cosim_rng_below(r, live));
    pirat_random_operands(r, t->p.arch_regs, i);
    /* now and then the widest live path reads two registers whose LDivs
     * hold some of its threads and Main the others: two source merges,
     * serialised (section 3.8.3). Often where a warp has few registers
     * (`min`: 2), whose writes would otherwise overwrite the LDivs before a
     * converged path reads them. */
    if (!cosim_rng_pct(r, t->p.arch_regs <= 4 ? 40 : 5))
        return;
    unsigned widest = i->path, reg[2], n = 0;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        if (wp->path[h].state != PS_FREE &&
            __builtin_popcountll(wp->path[h].mask) > __builtin_popcountll(wp->path[widest].mask))
            widest = h;
    uint64_t wm = wp->path[widest].mask;
    for (unsigned k = 0; k < t->p.arch_regs && n < 2; k++) {
        pirat_entry_t e;
        pirat_entry(t->m, w, k, &e);
        uint64_t rm = e.is_path ? wp->path[e.mp].mask : e.mp;
        if (e.ld_valid && (wm & rm) && (wm & ~rm))
            reg[n++] = k;
    }
    if (n < 2)
        return;
    i->path = widest;
    i->src_valid = 3;
    i->src0 = reg[0];
    i->src1 = reg[1];
}

static void present(const tb_t *t, const pirat_instr_t *i, pirat_in_t *in)
{
    pirat_present(i, in);
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        in->pt_masks[h] = t->w[i->warp].path[h].mask;
}

/* The register of warp w's oldest micro-op in flight (an illegal commit's). */
static bool head_preg(void *ctx, unsigned w, unsigned *preg)
{
    const tb_t *t = ctx;
    const warp_t *wp = &t->w[w];
    if (!wp->n)
        return false;
    *preg = wp->rob[wp->head].preg;
    return true;
}

/* A rename on any path of its warp, with ren_path_bad_i (the core's word
 * that the path is not one to rename on). */
static bool bad_path(void *ctx, pirat_in_t *in)
{
    tb_t *t = ctx;
    in->ren_path = (unsigned)cosim_rng_below(&t->rng, t->p.paths_per_warp);
    in->ren_path_bad = true;
    return true;
}

/* An illegal request of one port (the others stay legal). */
static void illegal(tb_t *t, pirat_in_t *in)
{
    pirat_illegal_ctx_t x = {.wspan = 1u << CFG_WarpIdWidth, .pspan = 1u << CFG_PathIdWidth,
                             .rspan = 1u << CFG_RegIdWidth, .pregspan = 1u << CFG_PregWidth,
                             .rb_port = true, .head_preg = head_preg, .bad_path = bad_path,
                             .ctx = t};
    pirat_bad_t bad;
    pirat_illegal(&t->rng, &t->p, t->m, &x, in, &bad);
    t->bad_code = bad.code;
    t->bad_ren = bad.ren;
    t->bad_cmt = bad.cmt;
    t->bad_rb = bad.rb;
    if (bad.ren)
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            in->pt_masks[h] = t->w[bad.warp].path[h].mask;
}
static void next_phase(tb_t *t)
{
    cosim_rng_t *r = &t->rng;
    switch (t->phase) {
    case PH_NORMAL:
        if (--t->phase_left)
            return;
        t->phase = cosim_rng_pct(r, 50) ? PH_FILL : PH_DRAIN;
        t->phase_left = 200u + cosim_rng_below(r, 2u * t->p.phys_regs);
        return;
    case PH_FILL:
        if (--t->phase_left == 0)
            t->phase = PH_DRAIN;
        return;
    default:
        return; /* ends in tb_model once everything has committed */
    }
}

/* The micro-ops the model renamed last cycle (its registered outputs) enter
 * their warp's buffer, the merge first. */
static void collect(tb_t *t)
{
    pirat_out_t o;
    pirat_in_t none = {0};
    pirat_eval(t->m, &none, &o);
    if (o.mrg_valid)
        push(t, o.uop_warp, (uop_t){true, o.mrg_hold, o.mrg_reg, o.mrg_dst, 0});
    if (o.ins_valid && t->renamed.valid && t->renamed.dst_valid)
        push(t, o.uop_warp, (uop_t){false, false, t->renamed.dst, o.ins_dst, t->renamed.path});
    t->renamed.valid = false;
}

static unsigned rob_total(const tb_t *t)
{
    unsigned n = 0;
    for (unsigned w = 0; w < t->p.num_warps; w++)
        n += t->w[w].n;
    return n;
}

static int random_stimulus(tb_t *t, pirat_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    collect(t);
    next_phase(t);
    in->rd_warp = (unsigned)cosim_rng_below(r, 1u << CFG_WarpIdWidth);
    in->rd_reg = (unsigned)cosim_rng_below(r, 1u << CFG_RegIdWidth);
    in->rd_preg = (unsigned)cosim_rng_below(r, 1u << CFG_PregWidth);
    for (unsigned w = 0; w < t->p.num_warps; w++)
        path_events(t, w);
    if (cosim_rng_pct(r, 3)) {
        illegal(t, in);
        if (t->bad_code != PR_ERR_NONE)
            return 0;
    }
    bool drain = t->phase == PH_DRAIN, fill = t->phase == PH_FILL;
    /* pending: any speculative path, and now and then besides */
    in->pending = spec_paths(t) > 0 || cosim_rng_pct(r, 5);

    /* a commit (or a rollback) of the head of a random warp's buffer */
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    warp_t *wp = &t->w[w];
    if (wp->n && cosim_rng_pct(r, drain ? 95 : fill ? 5 : 45)) {
        const uop_t *u = &wp->rob[wp->head];
        const path_t *ph = &wp->path[u->path];
        if (!drain && cosim_rng_pct(r, 1)) {
            in->rb_valid = true; /* the head mispredicted or excepted: not committed */
            in->rb_warp = w;
        } else if (u->merge || ph->state == PS_FINAL) {
            in->cmt_valid = true;
            in->cmt_warp = w;
            in->cmt_merge = u->merge;
            in->cmt_hold = u->hold;
            in->cmt_reg = u->reg;
            in->cmt_preg = u->preg;
            in->cmt_mask = u->merge ? random_mask(t) : ph->mask;
        }
    }
    /* now and then a rollback of a warp with nothing at its head: an
     * exception of an instruction without a destination */
    if (!in->rb_valid && !drain && cosim_rng_pct(r, 1) && cosim_rng_pct(r, 20)) {
        unsigned v = (unsigned)cosim_rng_below(r, t->p.num_warps);
        if (!(in->cmt_valid && in->cmt_warp == v)) {
            in->rb_valid = true;
            in->rb_warp = v;
        }
    }
    /* the rename port: the instruction waiting, or a new one */
    if (!drain) {
        if (!t->cur.valid && cosim_rng_pct(r, 80))
            new_instr(t);
        if (t->cur.valid)
            present(t, &t->cur, in);
        /* the block around the PIRAT holds a rename now and then */
        in->ren_hold = t->cur.valid && cosim_rng_pct(r, 3);
    }
    return 0;
}

/* ---- checks ------------------------------------------------------------------------ */

/* After a drain: the speculative and Commit PIRATs map every register
 * alike. */
static int drained(const tb_t *t, char *err, size_t errlen)
{
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        uint64_t masks[PR_PATHS_PER_WARP_MAX];
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            masks[h] = t->w[w].path[h].mask;
        if (pirat_drained_check(t->m, w, t->p.arch_regs, t->lanes, masks, err, errlen))
            return -1;
    }
    return 0;
}
/* ---- directed scenarios -------------------------------------------------------------
 * The verbs, the held keys, the read ports' keys and the check keys:
 * pirat_tb_common.h (one line = one cycle; a `rename` line naming reg= also
 * commits). This block's own check key: sticky= (err_sticky_o). */
static const scenario_key_t own_keys[] = {{"sticky", NULL, "err_sticky_o"}};
#define NOWN (sizeof own_keys / sizeof own_keys[0])

static int scenario_stimulus(tb_t *t, pirat_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    bool request = !t->scn.check && strcmp(l->verb, "idle");
    rc = pirat_scn_line(&t->ps, l, request, in, err, errlen);
    if (rc < 0 ||
        scenario_expect_read(l, &t->scn.exp, pirat_scn_keys, PRK_COUNT, 0, err, errlen) ||
        scenario_expect_read(l, &t->scn.exp, own_keys, NOWN, PRK_COUNT, err, errlen))
        return -1;
    if (request && rc == 0) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const pirat_out_t *o, char *err, size_t errlen)
{
    uint64_t got[PRK_COUNT], own[NOWN] = {o->err_sticky};
    pirat_scn_got(o, got);
    scenario_expect_check(&t->scn.line, &t->scn.exp, pirat_scn_keys, PRK_COUNT, 0, got, err,
                          errlen);
    return scenario_expect_check(&t->scn.line, &t->scn.exp, own_keys, NOWN, PRK_COUNT, own,
                                 err, errlen);
}

/* A scenario's cycle: the model stepped (evaluated on a peek), its cover,
 * its outputs checked; a rejected request must change nothing (the shadow,
 * stepped without it). */
static int scenario_model(tb_t *t, const pirat_in_t *in, pirat_out_t *out, char *err,
                          size_t errlen)
{
    if (t->scn.check == SCN_PEEK) {
        pirat_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    pirat_events_t ev;
    pirat_step(t->m, in, out, &ev);
    pirat_cover(t->cover, t->p.num_warps, in, &ev);
    pirat_measure_add(&t->measure, in->pending, &ev);
    pirat_in_t legal = *in;
    legal.ren_valid &= !ev.ren_err;
    legal.cmt_valid &= !ev.cmt_err;
    legal.rb_valid &= in->rb_warp < t->p.num_warps;
    pirat_step(t->shadow, &legal, NULL, NULL);
    if (!pirat_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "%s:%u: a rejected request changed the model's state",
                 t->scn.line.file, t->scn.line.lineno);
        return -1;
    }
    if (pirat_leak_check(t->m, err, errlen))
        return -1;
    return scenario_check(t, out, err, errlen);
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static void forget(tb_t *t)
{
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        warp_t *wp = &t->w[w];
        memset(wp->path, 0, sizeof wp->path);
        wp->path[0] = (path_t){PS_FINAL, t->lanes, 0};
        wp->nbuop = wp->n = wp->head = 0;
    }
    t->cur.valid = t->renamed.valid = false;
    phase_normal(t);
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    t->cover = cover[KIT_COVERS_PIRAT];
    cosim_rng_seed(&t->rng, o->seed);
    t->cycles = o->cycles;
    t->lanes = (UINT64_C(1) << t->p.warp_width) - 1u;
    t->cap = 2u * t->p.phys_regs + 8u;
    t->w = calloc(t->p.num_warps, sizeof *t->w);
    if (!t->w) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        t->w[w].rob = calloc(t->cap, sizeof *t->w[w].rob);
        t->w[w].buop = calloc(8, sizeof *t->w[w].buop);
        if (!t->w[w].rob || !t->w[w].buop) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    forget(t);
    t->scn.scn = o->scn;
    t->ps = (pirat_scn_t){.paths = t->p.paths_per_warp, .warp_width = t->p.warp_width,
                          .wid_w = CFG_WarpIdWidth, .wid_h = CFG_PathIdWidth,
                          .wid_r = CFG_RegIdWidth, .wid_p = CFG_PregWidth,
                          .core_state = true, .rb_port = true};
    return 0;
}

static void tb_fini(tb_t *t)
{
    if (!t->w)
        return;
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        free(t->w[w].rob);
        free(t->w[w].buop);
    }
    free(t->w);
}

static int tb_stimulus(tb_t *t, uint64_t cycle, pirat_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.scn)
        return scenario_stimulus(t, in, err, errlen);
    t->bad_ren = t->bad_cmt = t->bad_rb = false;
    t->bad_code = PR_ERR_NONE;
    t->fresh = true;
    return random_stimulus(t, in);
}

/* The generator's bookkeeping of a legal cycle: what was renamed,
 * committed, rolled back. */
static void follow(tb_t *t, const pirat_in_t *in, const pirat_events_t *ev)
{
    if (in->ren_valid && !t->bad_ren && ev->renamed) {
        t->renamed = t->cur;
        t->cur.valid = false;
    }
    if (in->cmt_valid && !t->bad_cmt) {
        warp_t *wp = &t->w[in->cmt_warp];
        const uop_t *u = &wp->rob[wp->head];
        if (!u->merge)
            wp->path[u->path].users--;
        wp->head = (wp->head + 1u) % t->cap;
        wp->n--;
    }
    if (in->rb_valid && !t->bad_rb) {
        flush(t, in->rb_warp);
        if (t->renamed.valid && t->renamed.warp == in->rb_warp)
            t->renamed.valid = false;
    }
}

static int tb_model(tb_t *t, uint64_t cycle, const pirat_in_t *in, pirat_out_t *out,
                    char *err, size_t errlen)
{
    if (t->scn.scn)
        return scenario_model(t, in, out, err, errlen);
    pirat_events_t ev;
    pirat_step(t->m, in, out, &ev);
    pirat_cover(t->cover, t->p.num_warps, in, &ev);
    pirat_measure_add(&t->measure, in->pending, &ev);
    /* the shadow sees this cycle without its illegal request */
    pirat_in_t legal = *in;
    legal.ren_valid &= !t->bad_ren;
    legal.cmt_valid &= !t->bad_cmt;
    legal.rb_valid &= !t->bad_rb;
    pirat_step(t->shadow, &legal, NULL, NULL);
    if (((cycle & 255u) == 255u || cycle + 1u == t->cycles) &&
        pirat_leak_check(t->m, err, errlen))
        return -1;
    if (!t->fresh) /* a replay: the generator's bookkeeping does not follow it */
        return 0;
    t->fresh = false;
    bool bad = t->bad_ren || t->bad_cmt || t->bad_rb;
    unsigned got = t->bad_ren ? ev.ren_err : t->bad_cmt ? ev.cmt_err : PR_ERR_BAD_WARP;
    if (bad && got != t->bad_code) {
        snprintf(err, errlen, "injected illegal request: expected error %s, model reports %s",
                 pr_err_name(t->bad_code), pr_err_name(got));
        return -1;
    }
    if (bad && !pirat_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    if ((!t->bad_ren && ev.ren_err) || (!t->bad_cmt && ev.cmt_err)) {
        snprintf(err, errlen, "a legal %s was rejected with %s",
                 ev.ren_err ? "rename" : "commit", pr_err_name(ev.ren_err | ev.cmt_err));
        return -1;
    }
    follow(t, in, &ev);
    if (t->phase == PH_DRAIN && rob_total(t) == 0 && !t->renamed.valid) {
        pirat_out_t o;
        pirat_in_t none = {0};
        pirat_eval(t->m, &none, &o);
        if (!o.mrg_valid && !o.ins_valid) {
            if (drained(t, err, errlen) || pirat_leak_check(t->m, err, errlen))
                return -1;
            phase_normal(t);
        }
    }
    return 0;
}

static void tb_reset(tb_t *t) { forget(t); }

/* Merge micro-ops per 1,000 renamed instructions, PIRAT and naive RAT
 * (section 4.3, Figure 9), on this run's stimulus: in all, and over the
 * instructions renamed with no divergence pending. */
static void tb_measure(const void *p, char *buf, size_t len)
{
    const tb_t *t = p;
    pirat_measure_print(&t->measure, buf, len);
}

COSIM_TESTBENCH_SHADOWED(tb_t, pirat, true, tb_fini, tb_reset, .measure = tb_measure,
                         .verbs = pirat_scn_verbs);
