/* simtx_frontend testbench: warps of a SIMT-X core running random programs.
 *
 * Each warp, once started (INIT, a random thread set), runs a program of
 * plain instructions, calls and returns (the call depth), forward branches
 * (uniform for the warp most of the time, or divergent) and loop back edges
 * (each thread iterates a random number of times, at most a few). The
 * front end takes the PST's pick: a branch the predictor says divergent is
 * fetched as a BRANCH (a buop; the slot follows the predicted side), any
 * other as a FETCH of the predicted side; paths the PST shows converging are
 * merged (CONVERGE); a path past the program's end, or whose mask the
 * Pathtable shows empty (nullified), leaves the PST (END). Micro-ops execute
 * out of order once their source paths are final (BEXEC with the condition
 * on the predicted side, CEXEC, RESOLVE of a branch fetched as uniform) and
 * commit in order; a commit writes the PST's retirement copy (RETIRE, one
 * slot a cycle) and a path's END drops its reference (DEREF). A branch
 * fetched as uniform that diverged or went the other way rolls its warp
 * back when it commits (ROLLBACK), and the warp re-fetches it knowing the
 * outcome (an exception's rollback would be the same ROLLBACK; the
 * testbench leaves it out so that a rollback's cause shows in the cover
 * rules, which see only the ports). The predicted direction is wrong one
 * time in seven.
 *
 * A request takes three cycles (req_ready low the two after its take): the
 * testbench means one only while the model is ready, keeps what it meant,
 * and acts on the response when the request is done; while the model is
 * busy, one cycle in ten carries a random request (and a take of the pick)
 * that must not be taken.
 *
 * Checks besides the lockstep (the read port shows, every cycle, the whole
 * Pathtable row of the warp the last request taken acts on, so every mask
 * a request changed is compared the cycle after the Pathtable's write):
 *   - every request the testbench meant to be legal is accepted (or refused
 *     only for want of a Pathtable entry or a PST slot, FULL and PST_FULL);
 *     about 3% illegal requests get the error the testbench expects and
 *     leave the model in the state of a shadow model that saw the cycle
 *     without them;
 *   - the PST and the predictor never refuse what the core passes them;
 *   - after every request of a warp whose commit stage is between two
 *     micro-ops: the retirement copy holds exactly the paths the testbench
 *     committed, each committed, their masks disjoint, and with the threads
 *     of the paths that ended they make up the warp's threads (no thread
 *     lost or duplicated);
 *   - a warp whose program ended has every Pathtable entry free again.
 * The testbench computes the outcomes from the paths' masks and the
 * conditions it drew, not from the model's verdicts. */
#include <string.h>

#include "cosim_kit.h"
#include "simtx_frontend.h"
#include "simtx_tb_common.h"

#define MAXW PT_NUM_WARPS_MAX
#define MAXP PT_PATHS_PER_WARP_MAX
#define MAXQ 256
#define MAXL 40       /* instructions of a program at most */
#define LOOP_TRIPS 3  /* a loop's back edge is taken at most this often a visit */

enum { I_PLAIN, I_CALL, I_RET, I_UNIFORM, I_DIVERGE, I_LOOP };
typedef struct {
    unsigned kind, target; /* a branch's taken target */
} insn_t;

enum { U_INIT, U_PLAIN, U_BR, U_BUOP, U_CUOP, U_END };
typedef struct {
    unsigned kind;
    unsigned a, b, k;   /* paths: source(s), new path, alternate */
    bool alt, exec;
    bool mispredict;    /* U_BR: resolved against its fetch; the warp rolls back */
    uint64_t c;         /* U_BR: taken threads (every lane); U_BUOP: h_j's side */
    unsigned pc, depth; /* where its path continues (the retirement copy's) */
    unsigned altpc;     /* U_BUOP: the other side's target */
    unsigned bpc;       /* U_BR, U_BUOP: the branch's PC */
    bool pred_taken;    /* U_BR: the side fetched */
    unsigned step;      /* its commit's requests done */
} uop_t;

typedef struct {
    bool live;
    unsigned len;            /* the program's length: PC len is its end */
    insn_t code[MAXL];
    unsigned trips[MAXL];    /* a loop's back edges taken */
    uop_t q[MAXQ];           /* in flight, oldest first */
    unsigned nq;
    uint64_t produced;       /* paths whose mask is final */
    uint64_t init, ended;    /* the warp's threads; those of the paths that ended */
    int rslot[MAXP];         /* the retirement slot holding a path, or -1 */
    uint64_t rused;          /* retirement slots in use */
    bool full;               /* the last BRANCH found no entry: fetch the next as uniform */
    bool redo;               /* after a rollback: the branch at redo_pc ... */
    unsigned redo_pc;
    uint64_t redo_c;         /* ... takes these threads */
    unsigned pause;
} warp_t;

/* This cycle's request, as the testbench meant it. */
enum { A_NONE, A_INIT, A_FETCH, A_BRANCH, A_CONVERGE, A_END, A_EXEC, A_COMMIT, A_ILLEGAL,
       A_BUSY };
typedef struct {
    unsigned kind, w, qi;
    uop_t u;            /* A_FETCH, A_BRANCH, A_CONVERGE, A_END: the micro-op to queue */
    unsigned expect;    /* A_ILLEGAL: the error expected */
    bool rollback;      /* A_COMMIT: a ROLLBACK */
    unsigned rs;        /* A_COMMIT: the retirement slot a RETIRE writes */
} act_t;

typedef struct {
    simtx_frontend_params_t p;
    simtx_frontend_t *m;
    simtx_frontend_t *shadow;
    uint64_t *cover;
    cosim_rng_t rng;
    uint64_t lanes;
    unsigned warp_span, slot_span;
    unsigned pc_end;     /* the highest PC (PcWidth bits; programs end at or below it) */
    warp_t w[MAXW];
    act_t act;           /* this cycle's request, as meant */
    act_t pend;          /* the request in flight, as meant ... */
    bool pend_generated; /* ... by the generator (not a replay) */
    unsigned last_warp;  /* the read port's warp: the last request's */
    bool div_seen[MAXW]; /* a branch of the warp resolved divergent since its last rollback */
    bool generated;      /* this cycle's inputs came from the generator */
} tb_t;

static uint64_t bit(unsigned h) { return UINT64_C(1) << h; }
static unsigned popcount(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

static const pathtable_t *pt_of(const tb_t *t) { return simtx_frontend_pathtable(t->m); }
static const pst_t *pst_of(const tb_t *t) { return simtx_frontend_pst(t->m); }

/* ---- programs ------------------------------------------------------------------ */

static void new_program(tb_t *t, warp_t *wp)
{
    cosim_rng_t *r = &t->rng;
    wp->len = 8u + (unsigned)cosim_rng_below(r, MAXL - 8u + 1u);
    if (wp->len > t->pc_end)
        wp->len = t->pc_end; /* its end a PC the port carries */
    for (unsigned i = 0; i < wp->len; i++) {
        insn_t *in = &wp->code[i];
        unsigned roll = (unsigned)cosim_rng_below(r, 100);
        in->kind = roll < 45 ? I_PLAIN : roll < 52 ? I_CALL : roll < 59 ? I_RET
                   : roll < 75 ? I_UNIFORM : roll < 88 ? I_DIVERGE : I_LOOP;
        if (in->kind == I_LOOP && i == 0)
            in->kind = I_DIVERGE;
        if (in->kind == I_LOOP) /* back to the loop's head */
            in->target = i - 1u - (unsigned)cosim_rng_below(r, i < 6 ? i : 6);
        else if (in->kind == I_UNIFORM || in->kind == I_DIVERGE) /* forward */
            in->target = i + 2u + (unsigned)cosim_rng_below(r, 6);
        if (in->target > wp->len)
            in->target = wp->len;
    }
    memset(wp->trips, 0, sizeof wp->trips);
}

/* The threads a branch at pc takes (every lane drawn). */
static uint64_t draw_condition(tb_t *t, warp_t *wp, unsigned pc)
{
    cosim_rng_t *r = &t->rng;
    const insn_t *in = &wp->code[pc];
    if (in->kind == I_UNIFORM && cosim_rng_pct(r, 92))
        return cosim_rng_pct(r, 50) ? t->lanes : 0;
    if (in->kind == I_LOOP) {
        if (wp->trips[pc] >= LOOP_TRIPS)
            return 0;
        wp->trips[pc]++;
    }
    return cosim_rng_next(r) & t->lanes;
}

/* ---- the warps ------------------------------------------------------------------ */

static bool ready(const warp_t *wp, const uop_t *u)
{
    bool a = (wp->produced >> u->a) & 1u;
    return u->kind == U_CUOP ? a && ((wp->produced >> u->b) & 1u) : a;
}

static unsigned free_rslot(const tb_t *t, const warp_t *wp)
{
    for (unsigned s = 0; s < t->p.slots_per_warp; s++)
        if (!((wp->rused >> s) & 1u))
            return s;
    return t->p.slots_per_warp; /* none: the testbench's assumption broke */
}

/* The fetch: the PST's pick, if any. */
static void fetch(tb_t *t, simtx_frontend_in_t *in, const simtx_frontend_out_t *o)
{
    cosim_rng_t *r = &t->rng;
    act_t *a = &t->act;
    unsigned w = o->sel_warp, pc = (unsigned)o->sel_pc, depth = o->sel_depth;
    warp_t *wp = &t->w[w];
    if (wp->nq + 1u >= MAXQ)
        return;
    a->w = w;
    in->req_warp = w;
    in->req_slot = o->sel_slot;
    in->sel_take = true;
    a->u = (uop_t){.a = o->sel_path, .pc = pc, .depth = depth};
    uint64_t m = pathtable_mask(pt_of(t), w, o->sel_path);
    if (pc >= wp->len || m == 0) { /* the program's end, or a nullified path */
        a->kind = A_END;
        a->u.kind = U_END;
        in->req_op = FE_OP_END;
        return;
    }
    if (o->conv_valid && cosim_rng_pct(r, 85)) {
        a->kind = A_CONVERGE;
        a->u.kind = U_CUOP;
        a->u.b = pst_entry(pst_of(t), w, o->conv_slot).path;
        in->req_op = FE_OP_CONVERGE;
        return;
    }
    const insn_t *insn = &wp->code[pc];
    a->kind = A_FETCH;
    in->req_op = FE_OP_FETCH;
    in->req_depth = depth;
    a->u.kind = U_PLAIN;
    a->u.pc = pc + 1u;
    if (insn->kind == I_CALL && depth + 1u < (1u << t->p.depth_width))
        a->u.depth = depth + 1u;
    else if (insn->kind == I_RET && depth > 0)
        a->u.depth = depth - 1u;
    if (insn->kind < I_UNIFORM) {
        in->req_pc = a->u.pc;
        in->req_depth = a->u.depth;
        return;
    }
    /* a branch: its outcome drawn now, seen at its execution */
    bool redo = wp->redo && wp->redo_pc == pc;
    uint64_t c = redo ? wp->redo_c : draw_condition(t, wp, pc);
    wp->redo &= !redo;
    bool majority = popcount(m & c) * 2u >= popcount(m);
    bool taken = redo || !cosim_rng_pct(r, 14) ? majority : !majority;
    bool div = (m & c) && (m & ~c);
    bool pred_div = redo ? div : o->look_div;
    unsigned tpc = insn->target, fpc = pc + 1u;
    a->u.bpc = pc;
    if (pred_div && !wp->full) {
        a->kind = A_BRANCH;
        a->u.kind = U_BUOP;
        a->u.c = (taken ? c : ~c) & t->lanes;
        a->u.pc = taken ? tpc : fpc;
        a->u.altpc = taken ? fpc : tpc;
        in->req_op = FE_OP_BRANCH;
        in->req_pc = a->u.pc;
        return;
    }
    wp->full = false;
    a->u.kind = U_BR;
    a->u.c = c & t->lanes;
    a->u.pred_taken = taken;
    a->u.pc = taken ? tpc : fpc;
    in->req_pc = a->u.pc;
}

/* Execute a ready micro-op of warp w, any age. */
static void execute(tb_t *t, unsigned w, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    warp_t *wp = &t->w[w];
    unsigned n = 0, qi = 0;
    for (unsigned i = 0; i < wp->nq; i++)
        if (!wp->q[i].exec && ready(wp, &wp->q[i]) && cosim_rng_below(r, ++n) == 0)
            qi = i;
    if (!n)
        return;
    const uop_t *u = &wp->q[qi];
    act_t *a = &t->act;
    a->kind = A_EXEC;
    a->w = w;
    a->qi = qi;
    in->req_warp = w;
    in->req_a = u->a;
    in->req_b = u->b;
    in->req_c = u->k;
    in->req_bpc = u->bpc;
    if (u->kind == U_BUOP) {
        in->req_op = FE_OP_BEXEC;
        in->req_mask = u->c;
        in->req_pc = u->altpc;
        in->req_depth = u->depth;
    } else if (u->kind == U_CUOP) {
        in->req_op = FE_OP_CEXEC;
    } else { /* U_BR: the path's mask is final */
        uint64_t m = pathtable_mask(pt_of(t), w, u->a);
        in->req_op = FE_OP_RESOLVE;
        in->req_div = (m & u->c) && (m & ~u->c);
    }
}

/* The next request of warp w's commit stage. */
static void commit(tb_t *t, unsigned w, simtx_frontend_in_t *in)
{
    warp_t *wp = &t->w[w];
    if (!wp->nq || !wp->q[0].exec)
        return;
    const uop_t *u = &wp->q[0];
    act_t *a = &t->act;
    a->kind = A_COMMIT;
    a->w = w;
    in->req_warp = w;
    in->req_op = FE_OP_RETIRE;
    in->req_rvalid = true;
    in->req_depth = u->depth;
    in->req_pc = u->pc;
    in->req_a = u->a;
    if (u->kind == U_BR && u->mispredict) {
        a->rollback = true;
        in->req_op = FE_OP_ROLLBACK;
        return;
    }
    int home = wp->rslot[u->a];
    a->rs = home >= 0 ? (unsigned)home : 0u;
    switch (u->kind) {
    case U_INIT:
        a->rs = free_rslot(t, wp);
        break;
    case U_BUOP:
        if (u->step == 0) {
            in->req_op = FE_OP_BCOMMIT;
            in->req_b = u->b;
            in->req_alt = u->alt;
            in->req_c = u->alt ? u->k : 0;
        } else if (u->step == 1) {
            in->req_a = u->b;
        } else {
            a->rs = free_rslot(t, wp);
            in->req_a = u->k;
            in->req_pc = u->altpc;
        }
        break;
    case U_CUOP:
        if (u->step == 0) {
            in->req_op = FE_OP_CCOMMIT;
            in->req_b = u->b;
            in->req_c = u->k;
        } else if (u->step == 1) {
            in->req_a = u->k;
        } else {
            a->rs = (unsigned)wp->rslot[u->b];
            in->req_rvalid = false;
            in->req_a = 0;
            in->req_pc = 0;
            in->req_depth = 0;
        }
        break;
    case U_END:
        if (u->step == 0) {
            in->req_rvalid = false;
            in->req_a = 0;
            in->req_pc = 0;
            in->req_depth = 0;
        } else {
            in->req_op = FE_OP_DEREF;
        }
        break;
    default:
        break;
    }
    in->req_slot = a->rs;
}

static void start_warp(tb_t *t, unsigned w, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    warp_t *wp = &t->w[w];
    act_t *a = &t->act;
    a->kind = A_INIT;
    a->w = w;
    in->req_op = FE_OP_INIT;
    in->req_warp = w;
    in->req_mask = cosim_rng_pct(r, 70) ? t->lanes : (cosim_rng_next(r) & t->lanes) | 1u;
    in->req_pc = 0;
    in->req_depth = 0;
    new_program(t, wp);
}

/* An illegal request, or none (the cycle stays as it was). */
static void illegal(tb_t *t, simtx_frontend_in_t *in, const simtx_frontend_out_t *o)
{
    cosim_rng_t *r = &t->rng;
    act_t *a = &t->act;
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    simtx_frontend_in_t bad = {.req_warp = w, .look_pc = in->look_pc, .rd_warp = in->rd_warp,
                               .rd_path = in->rd_path};
    unsigned expect = 0;
    switch (cosim_rng_below(r, 6)) {
    case 0:
        bad.req_op = FE_OP_COUNT;
        expect = PT_ERR_BAD_OP;
        break;
    case 1:
        if (t->warp_span > t->p.num_warps) {
            bad.req_op = FE_OP_FETCH;
            bad.req_warp = t->p.num_warps +
                           (unsigned)cosim_rng_below(r, t->warp_span - t->p.num_warps);
            expect = PT_ERR_BAD_WARP;
        }
        break;
    case 2: { /* a slot that is not valid */
        unsigned s = (unsigned)cosim_rng_below(r, t->slot_span);
        if (s < t->p.slots_per_warp && pst_entry(pst_of(t), w, s).valid)
            break;
        bad.req_op = cosim_rng_pct(r, 50) ? FE_OP_FETCH : FE_OP_END;
        bad.req_slot = s;
        expect = FE_ERR_BAD_SLOT;
        break;
    }
    case 3:
        if (!o->conv_valid) {
            bad.req_op = FE_OP_CONVERGE;
            expect = FE_ERR_NO_CONV;
        }
        break;
    case 4: { /* the second micro-op commits before the first */
        const warp_t *wp = &t->w[w];
        if (wp->nq >= 2 && wp->q[0].kind == U_BUOP && wp->q[0].step == 0 &&
            wp->q[1].kind == U_BUOP) {
            bad.req_op = FE_OP_BCOMMIT;
            bad.req_a = wp->q[1].a;
            bad.req_b = wp->q[1].b;
            expect = PT_ERR_BAD_COMMIT;
        }
        break;
    }
    default: { /* a reference to a free path */
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            if (pathtable_state(pt_of(t), w, h) == PT_STATE_FREE) {
                bad.req_op = FE_OP_REF;
                bad.req_a = h;
                expect = PT_ERR_BAD_PATH;
                break;
            }
        break;
    }
    }
    if (!bad.req_op)
        return;
    *in = bad;
    memset(a, 0, sizeof *a);
    a->kind = A_ILLEGAL;
    a->w = bad.req_warp;
    a->expect = expect;
}

static int random_stimulus(tb_t *t, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    memset(&t->act, 0, sizeof t->act);
    in->rd_warp = t->last_warp;
    in->rd_path = (unsigned)cosim_rng_below(r, t->p.paths_per_warp);
    /* the pick and its prediction (the predictor looks at the instruction
     * the fetch takes), read from the children's models: the fields of the
     * core's outputs the stimulus uses */
    pst_out_t pick;
    pst_eval(pst_of(t), &(pst_in_t){0}, &pick);
    in->look_pc = pick.sel_pc;
    div_predictor_out_t pred;
    div_predictor_eval(simtx_frontend_predictor(t->m), &(div_predictor_in_t){.look_pc = in->look_pc},
                       &pred);
    simtx_frontend_out_t o = {
        .sel_valid = pick.sel_valid, .sel_warp = pick.sel_warp, .sel_slot = pick.sel_slot,
        .sel_path = pick.sel_path, .sel_pc = pick.sel_pc, .sel_depth = pick.sel_depth,
        .conv_valid = pick.conv_valid, .conv_slot = pick.conv_slot, .look_div = pred.look_div,
    };

    if (!simtx_frontend_ready(t->m)) { /* a request in flight: nothing is taken */
        if (cosim_rng_pct(r, 10)) { /* a request, and a take, that must be ignored */
            t->act.kind = A_BUSY;
            in->req_op = 1u + (unsigned)cosim_rng_below(r, 15);
            in->req_warp = (unsigned)cosim_rng_below(r, t->warp_span);
            in->req_slot = (unsigned)cosim_rng_below(r, t->slot_span);
            in->req_a = (unsigned)cosim_rng_below(r, t->p.paths_per_warp);
            in->req_mask = cosim_rng_next(r) & t->lanes;
            in->sel_take = cosim_rng_pct(r, 50);
        }
        return 0;
    }
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    warp_t *wp = &t->w[w];
    unsigned roll = (unsigned)cosim_rng_below(r, 100);
    if (!wp->live) {
        if (wp->pause)
            wp->pause--;
        else
            start_warp(t, w, in);
    } else if (roll < 45) {
        if (o.sel_valid)
            fetch(t, in, &o);
    } else if (roll < 70) {
        execute(t, w, in);
    } else {
        commit(t, w, in);
    }
    if (cosim_rng_pct(r, 3))
        illegal(t, in, &o);
    return 0;
}

/* ---- the testbench's view after an accepted request ------------------------------ */

static void queue(warp_t *wp, const uop_t *u)
{
    wp->q[wp->nq++] = *u;
}

static void rolled_back(tb_t *t, warp_t *wp)
{
    const uop_t *u = &wp->q[0];
    if (u->kind == U_BR && u->mispredict) { /* re-fetched knowing its outcome */
        wp->redo = true;
        wp->redo_pc = u->bpc;
        wp->redo_c = u->c;
    }
    wp->nq = 0;
    wp->produced = 0;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        if (wp->rslot[h] >= 0)
            wp->produced |= bit(h);
    wp->full = false;
}

static void accepted(tb_t *t, const simtx_frontend_in_t *in, const simtx_frontend_out_t *o)
{
    act_t *a = &t->pend;
    warp_t *wp = &t->w[a->w];
    switch (a->kind) {
    case A_INIT:
        wp->live = true;
        wp->nq = 0;
        wp->init = in->req_mask & t->lanes;
        wp->ended = 0;
        wp->rused = 0;
        for (unsigned h = 0; h < MAXP; h++)
            wp->rslot[h] = -1;
        wp->produced = bit(o->rsp_id);
        wp->redo = wp->full = false;
        queue(wp, &(uop_t){.kind = U_INIT, .a = o->rsp_id, .exec = true});
        break;
    case A_BRANCH:
        a->u.b = o->rsp_id;
        queue(wp, &a->u);
        break;
    case A_CONVERGE:
        a->u.k = o->rsp_id;
        queue(wp, &a->u);
        break;
    case A_FETCH:
    case A_END:
        a->u.exec = a->u.kind != U_BR;
        queue(wp, &a->u);
        break;
    case A_EXEC: {
        uop_t *u = &wp->q[a->qi];
        u->exec = true;
        if (u->kind == U_CUOP) {
            wp->produced |= bit(u->k);
        } else if (u->kind == U_BUOP) {
            wp->produced |= bit(u->b);
            if (o->rsp_alloc) {
                u->alt = true;
                u->k = o->rsp_id;
                wp->produced |= bit(u->k);
            }
        } else { /* U_BR: resolved against its fetch? */
            uint64_t m = pathtable_mask(pt_of(t), a->w, u->a);
            bool div = (m & u->c) && (m & ~u->c);
            bool taken = (m & u->c) != 0;
            u->mispredict = m && (div || taken != u->pred_taken);
        }
        break;
    }
    case A_COMMIT: {
        uop_t *u = &wp->q[0];
        if (a->rollback) {
            rolled_back(t, wp);
            break;
        }
        bool last = true;
        if (in->req_op == FE_OP_RETIRE) {
            if (in->req_rvalid) {
                wp->rused |= bit(a->rs);
                wp->rslot[in->req_a] = (int)a->rs;
            } else {
                wp->rused &= ~bit(a->rs);
            }
        }
        switch (u->kind) {
        case U_INIT:
        case U_PLAIN:
        case U_BR:
            break;
        case U_BUOP:
            if (u->step == 1)
                wp->rslot[u->a] = -1;
            last = u->step == (u->alt ? 2u : 1u);
            break;
        case U_CUOP:
            if (u->step == 1)
                wp->rslot[u->a] = -1;
            if (u->step == 2)
                wp->rslot[u->b] = -1;
            last = u->step == 2;
            break;
        case U_END:
            if (u->step == 0) {
                wp->rslot[u->a] = -1;
                wp->ended |= pathtable_mask(pt_of(t), a->w, u->a);
            }
            last = u->step == 1;
            break;
        default:
            break;
        }
        u->step++;
        if (last)
            memmove(&wp->q[0], &wp->q[1], --wp->nq * sizeof wp->q[0]);
        break;
    }
    default:
        break;
    }
}

/* The committed state of warp w (see the header). */
static int committed_check(tb_t *t, unsigned w, char *err, size_t errlen)
{
    warp_t *wp = &t->w[w];
    if (!wp->live || (wp->nq && (wp->q[0].step || wp->q[0].kind == U_INIT)))
        return 0; /* a commit half done, or the first not yet */
    uint64_t committed = 0;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++) {
        if (wp->rslot[h] < 0)
            continue;
        committed |= bit(h);
        pst_entry_t e = pst_retired(pst_of(t), w, (unsigned)wp->rslot[h]);
        if (!e.valid || e.path != h) {
            snprintf(err, errlen, "warp %u: retirement slot %d should hold path %u", w,
                     wp->rslot[h], h);
            return -1;
        }
        if (pathtable_state(pt_of(t), w, h) != PT_STATE_VALID) {
            snprintf(err, errlen, "warp %u: committed path %u is not valid in the Pathtable", w,
                     h);
            return -1;
        }
    }
    return simtx_threads_check(pt_of(t), w, committed, wp->ended, wp->init, "committed path",
                               err, errlen);
}

/* A warp whose program ended: nothing leaked; it restarts after a pause. */
static int warp_end(tb_t *t, unsigned w, char *err, size_t errlen)
{
    warp_t *wp = &t->w[w];
    if (!wp->live || wp->nq || wp->rused)
        return 0;
    for (unsigned s = 0; s < t->p.slots_per_warp; s++)
        if (pst_entry(pst_of(t), w, s).valid)
            return 0;
    if (pathtable_free(pt_of(t), w) != t->p.paths_per_warp) {
        snprintf(err, errlen, "warp %u ended, but %u Pathtable entries are in use", w,
                 t->p.paths_per_warp - pathtable_free(pt_of(t), w));
        return -1;
    }
    wp->live = false;
    wp->pause = (unsigned)cosim_rng_below(&t->rng, 20);
    return 0;
}

/* ---- cover ---------------------------------------------------------------------- */

/* A request done (ev->req): in is the request as taken, pick the PST's
 * outputs then. */
static void cover(tb_t *t, const simtx_frontend_events_t *ev)
{
    uint64_t *c = t->cover;
    const simtx_frontend_in_t *in = &ev->in;
    const pst_out_t *pick = &ev->pick;
    if (ev->err != PT_ERR_NONE) {
        if (fe_err_cover[ev->err & 15u] < FE_CV_COUNT)
            c[fe_err_cover[ev->err & 15u]]++;
        c[FE_CV_ERR_BAD_OP] += ev->err == PT_ERR_BAD_OP;
        c[FE_CV_ERR_BAD_WARP] += ev->err == PT_ERR_BAD_WARP;
        c[FE_CV_ERR_PATHTABLE] += ev->err != PT_ERR_BAD_OP && ev->err != PT_ERR_BAD_WARP &&
                                  ev->err < PT_ERR_COUNT && ev->pt_in.req_op != PT_OP_NOP;
        c[FE_CV_PT_FULL] += ev->err == PT_ERR_FULL && in->req_op == FE_OP_BRANCH;
        c[FE_CV_PST_RESV] += ev->err == FE_ERR_PST_FULL && in->req_op == FE_OP_BRANCH;
        return;
    }
    const pathtable_events_t *pe = &ev->pt;
    c[FE_CV_DIVERGED] += pe->op == PT_OP_BEXEC && pe->div && ev->pst_in.req_op == PST_OP_ADD;
    c[FE_CV_USELESS] += pe->useless;
    c[FE_CV_NULLIFIED] += pe->null;
    c[FE_CV_NESTED] += pe->op == PT_OP_BEXEC && pe->nested;
    c[FE_CV_ROLLBACK_SPEC] += pe->squashed > 0 && ev->dp_in.sq > 0;
    if (ev->pst.req && ev->pst.op == PST_OP_CONVERGE) {
        c[FE_CV_CONVERGE] += ev->pst.conv_depth == 0;
        c[FE_CV_CONVERGE_DEEP] += ev->pst.conv_depth > 0;
    }
    c[FE_CV_SAME_PC_DEEPER] += ev->pick_ev.same_pc_deeper;
    c[FE_CV_RR_TURN] += ev->pick_ev.sel_rr && ev->pick_ev.taken &&
                        ev->pick_ev.minsp_slot != pick->sel_slot;
    const div_predictor_events_t *de = &ev->dp;
    if (de->res) {
        c[FE_CV_PRED_SAT_DIV] += de->ctr_before == DP_CTR_STRONG_DIV && ev->dp_in.res_div;
        c[FE_CV_PRED_SAT_UNI] += de->ctr_before == DP_CTR_STRONG_UNI && !ev->dp_in.res_div;
    }
    c[FE_CV_PENDING_MANY] += de->pend_after >= 2;
    /* the fetch took the pick (and moved its slot): a back edge, or a pick
     * the predictor says uniform */
    bool fetch = in->sel_take && pick->sel_valid && in->req_warp == pick->sel_warp &&
                 in->req_slot == pick->sel_slot &&
                 (in->req_op == FE_OP_FETCH || in->req_op == FE_OP_BRANCH);
    c[FE_CV_PRED_UNIFORM] += fetch && in->req_op == FE_OP_FETCH && !ev->look_div;
    c[FE_CV_LOOP] += fetch && in->req_pc < pick->sel_pc;
    if (in->req_op == FE_OP_RESOLVE) { /* a branch fetched as uniform */
        c[FE_CV_UNI_RIGHT] += !in->req_div;
        c[FE_CV_UNI_DIVERGED] += in->req_div;
        t->div_seen[ev->warp] |= in->req_div;
    }
    if (in->req_op == FE_OP_ROLLBACK) { /* no divergence: the wrong direction */
        c[FE_CV_UNI_WRONG_DIR] += !t->div_seen[ev->warp];
        t->div_seen[ev->warp] = false;
    }
    c[FE_CV_WARP_DONE] += pe->op == PT_OP_DEREF && pe->freed &&
                          pathtable_free(pt_of(t), ev->warp) == t->p.paths_per_warp;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static void tb_reset(tb_t *t)
{
    memset(t->w, 0, sizeof t->w);
    memset(t->div_seen, 0, sizeof t->div_seen);
    memset(&t->pend, 0, sizeof t->pend);
    t->pend_generated = false;
    t->last_warp = 0;
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_SIMTX_FRONTEND];
    cosim_rng_seed(&t->rng, o->seed);
    t->lanes = t->p.warp_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->p.warp_width) - 1u;
    t->warp_span = 1u << CFG_WarpIdWidth;
    t->slot_span = 1u << CFG_SlotIdWidth;
    t->pc_end = t->p.pc_width < 16 ? (1u << t->p.pc_width) - 1u : MAXL;
    tb_reset(t);
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, simtx_frontend_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle, (void)err, (void)errlen;
    t->generated = true;
    return random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const simtx_frontend_in_t *in,
                    simtx_frontend_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    simtx_frontend_events_t ev;
    simtx_frontend_step(t->m, in, out, &ev);
    bool generated = t->generated;
    t->generated = false;
    simtx_frontend_in_t legal = *in;
    if (generated && (t->act.kind == A_ILLEGAL || t->act.kind == A_BUSY)) {
        legal.req_op = FE_OP_NOP; /* the shadow need not be busy too */
        legal.sel_take = false;
    }
    simtx_frontend_step(t->shadow, &legal, NULL, NULL);
    /* a request presented while req_ready is low: ignored (from the ports) */
    t->cover[FE_CV_BUSY_IGNORED] += (in->req_op & 15u) != FE_OP_NOP && !out->req_ready;
    if (generated && t->act.kind == A_BUSY && ev.take) {
        snprintf(err, errlen, "a request presented while req_ready was low was taken");
        return -1;
    }
    if (ev.take) { /* kept until it is done */
        t->pend = generated ? t->act : (act_t){.kind = A_NONE};
        t->pend_generated = generated;
        if (generated && t->act.kind != A_NONE)
            t->last_warp = t->act.w < t->p.num_warps ? t->act.w : 0u;
    }
    if (!ev.req)
        return 0;
    if (ev.pst_err != PST_ERR_NONE || ev.dp_err != DP_ERR_NONE) {
        snprintf(err, errlen, "the PST (error %s) or the predictor (error %s) refused what the "
                 "core passed", pst_err_name(ev.pst_err), dp_err_name(ev.dp_err));
        return -1;
    }
    cover(t, &ev); /* from the ports and the model alone: a replay's too */
    if (!t->pend_generated) /* a replayed recording carries no verdicts */
        return 0;
    const act_t *a = &t->pend;
    const simtx_frontend_in_t *req = &ev.in;
    if (a->kind == A_ILLEGAL) {
        if (ev.err != a->expect) {
            snprintf(err, errlen, "injected illegal %s: expected error %u, model reports %u",
                     fe_op_name(req->req_op & 15u) ? fe_op_name(req->req_op & 15u) : "op",
                     a->expect, ev.err);
            return -1;
        }
        if (!simtx_frontend_same_state(t->m, t->shadow)) {
            snprintf(err, errlen, "a rejected request changed the model's state");
            return -1;
        }
        return 0;
    }
    if (a->kind == A_NONE)
        return 0;
    if ((ev.err == PT_ERR_FULL || ev.err == FE_ERR_PST_FULL) && req->req_op == FE_OP_BRANCH) {
        t->w[a->w].full = true; /* fetched as uniform next time */
        return 0;
    }
    if (ev.err == PT_ERR_FULL && req->req_op == FE_OP_CONVERGE)
        return 0; /* the paths go on apart for now */
    if (ev.err != PT_ERR_NONE) {
        snprintf(err, errlen, "legal %s of warp %u rejected: error %u",
                 fe_op_name(req->req_op & 15u), a->w, ev.err);
        return -1;
    }
    accepted(t, req, out);
    if (committed_check(t, a->w, err, errlen))
        return -1;
    return warp_end(t, a->w, err, errlen);
}

COSIM_TESTBENCH_SHADOWED(tb_t, simtx_frontend, false, NULL, tb_reset);
