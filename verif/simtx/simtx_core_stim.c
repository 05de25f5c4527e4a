/* The SIMT-X core around the front end: programs, fetch, execution, commit
 * and rollback of its warps (see simtx_core_stim.h). */
#include "simtx_core_stim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simtx_tb_common.h"

#define MAXW SIMTX_CORE_MAXW
#define MAXP SIMTX_CORE_MAXP
#define MAXQ SIMTX_CORE_MAXQ
#define MAXL SIMTX_CORE_MAXL

static uint64_t bit(unsigned h) { return UINT64_C(1) << h; }
static unsigned popcount(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

static const pathtable_t *pt_of(const simtx_core_t *t)
{
    return simtx_frontend_pathtable(t->fe);
}

static const pst_t *pst_of(const simtx_core_t *t) { return simtx_frontend_pst(t->fe); }

/* ---- programs ------------------------------------------------------------------ */

static void new_program(simtx_core_t *t, simtx_warp_t *wp)
{
    cosim_rng_t *r = t->rng;
    wp->len = 8u + (unsigned)cosim_rng_below(r, MAXL - 8u + 1u);
    if (wp->len > t->pc_end)
        wp->len = t->pc_end; /* its end a PC the port carries */
    for (unsigned i = 0; i < wp->len; i++) {
        simtx_insn_t *in = &wp->code[i];
        unsigned roll = (unsigned)cosim_rng_below(r, 100);
        in->kind = roll < 45 ? I_PLAIN : roll < 52 ? I_CALL : roll < 59 ? I_RET
                   : roll < 75 ? I_UNIFORM : roll < 88 ? I_DIVERGE : I_LOOP;
        in->target = 0; /* a branch's, drawn below */
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
static uint64_t draw_condition(simtx_core_t *t, simtx_warp_t *wp, unsigned pc)
{
    cosim_rng_t *r = t->rng;
    const simtx_insn_t *in = &wp->code[pc];
    if (in->kind == I_UNIFORM && cosim_rng_pct(r, 92))
        return cosim_rng_pct(r, 50) ? t->lanes : 0;
    if (in->kind == I_LOOP) {
        if (wp->trips[pc] >= t->loop_trips)
            return 0;
        wp->trips[pc]++;
        if (t->loop_all_pct && cosim_rng_pct(r, t->loop_all_pct))
            return t->lanes;
    }
    return cosim_rng_next(r) & t->lanes;
}

/* ---- the warps ------------------------------------------------------------------ */

static bool ready(const simtx_warp_t *wp, const simtx_uop_t *u)
{
    bool a = (wp->produced >> u->a) & 1u;
    return u->kind == U_CUOP ? a && ((wp->produced >> u->b) & 1u) : a;
}

static unsigned free_rslot(const simtx_core_t *t, const simtx_warp_t *wp)
{
    for (unsigned s = 0; s < t->p.slots_per_warp; s++)
        if (!((wp->rused >> s) & 1u))
            return s;
    return t->p.slots_per_warp; /* none: the testbench's assumption broke */
}

/* The fetch: the PST's pick, if any. */
static void fetch(simtx_core_t *t, simtx_frontend_in_t *in, const simtx_frontend_out_t *o)
{
    cosim_rng_t *r = t->rng;
    simtx_act_t *a = &t->act;
    unsigned w = o->sel_warp, pc = (unsigned)o->sel_pc, depth = o->sel_depth;
    simtx_warp_t *wp = &t->w[w];
    if (wp->nq + 1u >= MAXQ)
        return;
    a->w = w;
    in->req_warp = w;
    in->req_slot = o->sel_slot;
    in->sel_take = true;
    a->u = (simtx_uop_t){.a = o->sel_path, .pc = pc, .depth = depth, .fpc = pc};
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
    const simtx_insn_t *insn = &wp->code[pc];
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
    bool redo = wp->redo && wp->redo_pc == pc; /* cleared when the fetch is taken */
    uint64_t c = redo ? wp->redo_c : draw_condition(t, wp, pc);
    if (t->uniform && !redo) /* the warp's threads all go one way */
        c = (m & c) ? t->lanes : 0;
    bool majority = popcount(m & c) * 2u >= popcount(m);
    bool taken = redo || !cosim_rng_pct(r, 14) ? majority : !majority;
    bool div = (m & c) && (m & ~c);
    bool pred_div = redo ? div : o->look_div;
    unsigned tpc = insn->target, fpc = pc + 1u;
    a->u.bpc = pc;
    if (pred_div && !wp->full && (!t->uniform || redo)) {
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
static void execute(simtx_core_t *t, unsigned w, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = t->rng;
    simtx_warp_t *wp = &t->w[w];
    unsigned n = 0, qi = 0;
    for (unsigned i = 0; i < wp->nq; i++)
        if (!wp->q[i].exec && ready(wp, &wp->q[i]) && cosim_rng_below(r, ++n) == 0)
            qi = i;
    if (!n)
        return;
    const simtx_uop_t *u = &wp->q[qi];
    simtx_act_t *a = &t->act;
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
static void commit(simtx_core_t *t, unsigned w, simtx_frontend_in_t *in)
{
    simtx_warp_t *wp = &t->w[w];
    if (!wp->nq || !wp->q[0].exec)
        return;
    const simtx_uop_t *u = &wp->q[0];
    if (u->kind == U_PLAIN && t->hooks.hold && t->hooks.hold(t->ctx, w))
        return; /* the embedding testbench's micro-ops of it commit first */
    simtx_act_t *a = &t->act;
    a->kind = A_COMMIT;
    a->w = w;
    in->req_warp = w;
    in->req_op = FE_OP_RETIRE;
    in->req_rvalid = true;
    in->req_depth = u->depth;
    in->req_pc = u->pc;
    in->req_a = u->a;
    if ((u->kind == U_BR && u->mispredict) || u->except) {
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

static void start_warp(simtx_core_t *t, unsigned w, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = t->rng;
    simtx_warp_t *wp = &t->w[w];
    simtx_act_t *a = &t->act;
    a->kind = A_INIT;
    a->w = w;
    in->req_op = FE_OP_INIT;
    in->req_warp = w;
    in->req_mask = cosim_rng_pct(r, 70) ? t->lanes : (cosim_rng_next(r) & t->lanes) | 1u;
    in->req_pc = 0;
    in->req_depth = 0;
    new_program(t, wp);
    if (t->hooks.program)
        t->hooks.program(t->ctx, w);
}

/* An illegal request, or none (the cycle stays as it was). */
static void illegal(simtx_core_t *t, simtx_frontend_in_t *in, const simtx_frontend_out_t *o)
{
    cosim_rng_t *r = t->rng;
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    simtx_frontend_in_t bad = {.req_warp = w, .look_pc = in->look_pc, .rd_warp = in->rd_warp,
                               .rd_path = in->rd_path};
    unsigned expect = 0;
    uint64_t held = 0; /* the paths of w's valid PST slots */
    for (unsigned s = 0; s < t->p.slots_per_warp; s++) {
        pst_entry_t e = pst_entry(pst_of(t), w, s);
        held |= (uint64_t)e.valid << e.path;
    }
    switch (cosim_rng_below(r, 9)) {
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
        const simtx_warp_t *wp = &t->w[w];
        if (wp->nq >= 2 && wp->q[0].kind == U_BUOP && wp->q[0].step == 0 &&
            wp->q[1].kind == U_BUOP) {
            bad.req_op = FE_OP_BCOMMIT;
            bad.req_a = wp->q[1].a;
            bad.req_b = wp->q[1].b;
            expect = PT_ERR_BAD_COMMIT;
        }
        break;
    }
    case 5: /* an INIT of a warp that runs */
        if (held) {
            bad.req_op = FE_OP_INIT;
            bad.req_mask = t->lanes;
            expect = FE_ERR_RUNNING;
        }
        break;
    case 6: /* a DEREF of a path a slot still holds */
        if (held) {
            bad.req_op = FE_OP_DEREF;
            bad.req_a = cosim_rng_member(r, held);
            expect = PT_ERR_BAD_PATH;
        }
        break;
    case 7: /* a BCOMMIT with no buop in flight (of the head's paths, if any) */
        if (simtx_frontend_buops(t->fe, w) == 0) {
            const simtx_warp_t *wp = &t->w[w];
            bad.req_op = FE_OP_BCOMMIT;
            bad.req_a = wp->nq ? wp->q[0].a : 0u;
            bad.req_b = wp->nq ? wp->q[0].b : 0u;
            expect = PT_ERR_BAD_COMMIT;
        }
        break;
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
    if (bad.req_op)
        simtx_core_illegal(t, in, &bad, expect);
}

void simtx_core_illegal(simtx_core_t *t, simtx_frontend_in_t *in, const simtx_frontend_in_t *bad,
                        unsigned expect)
{
    *in = *bad;
    memset(&t->act, 0, sizeof t->act);
    t->act.kind = A_ILLEGAL;
    t->act.w = bad->req_warp;
    t->act.expect = expect;
}

void simtx_core_stimulus(simtx_core_t *t, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = t->rng;
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
    div_predictor_eval(simtx_frontend_predictor(t->fe),
                       &(div_predictor_in_t){.look_pc = in->look_pc}, &pred);
    simtx_frontend_out_t o = {
        .sel_valid = pick.sel_valid, .sel_warp = pick.sel_warp, .sel_slot = pick.sel_slot,
        .sel_path = pick.sel_path, .sel_pc = pick.sel_pc, .sel_depth = pick.sel_depth,
        .conv_valid = pick.conv_valid, .conv_slot = pick.conv_slot, .look_div = pred.look_div,
    };

    if (!simtx_frontend_ready(t->fe)) { /* a request in flight: nothing is taken */
        if (cosim_rng_pct(r, 10)) { /* a request, and a take, that must be ignored */
            t->act.kind = A_BUSY;
            in->req_op = 1u + (unsigned)cosim_rng_below(r, 15);
            in->req_warp = (unsigned)cosim_rng_below(r, t->warp_span);
            in->req_slot = (unsigned)cosim_rng_below(r, t->slot_span);
            in->req_a = (unsigned)cosim_rng_below(r, t->p.paths_per_warp);
            in->req_mask = cosim_rng_next(r) & t->lanes;
            in->sel_take = cosim_rng_pct(r, 50);
        }
        return;
    }
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    simtx_warp_t *wp = &t->w[w];
    unsigned roll = (unsigned)cosim_rng_below(r, 100);
    if (!wp->live) {
        if (wp->pause)
            wp->pause--;
        else
            start_warp(t, w, in);
    } else if (roll < t->fetch_pct) {
        if (o.sel_valid)
            fetch(t, in, &o);
    } else if (roll < t->exec_pct) {
        execute(t, w, in);
    } else {
        commit(t, w, in);
    }
    if (cosim_rng_pct(r, 3))
        illegal(t, in, &o);
}

void simtx_core_shadow_in(const simtx_core_t *t, bool generated, unsigned *req_op,
                          bool *sel_take)
{
    if (generated && (t->act.kind == A_ILLEGAL || t->act.kind == A_BUSY)) {
        *req_op = FE_OP_NOP; /* the shadow need not be busy too */
        *sel_take = false;
    }
}

void *simtx_core_ext(const simtx_core_t *t, unsigned w, unsigned qi)
{
    return t->w[w].ext + (size_t)qi * t->ext_size;
}

/* ---- the testbench's view after an accepted request ------------------------------ */

static void queue(simtx_core_t *t, unsigned w, const simtx_uop_t *u)
{
    simtx_warp_t *wp = &t->w[w];
    memset(simtx_core_ext(t, w, wp->nq), 0, t->ext_size);
    wp->q[wp->nq++] = *u;
    if (t->hooks.queued)
        t->hooks.queued(t->ctx, w, wp->nq - 1u);
}

static void rolled_back(simtx_core_t *t, simtx_warp_t *wp)
{
    const simtx_uop_t *u = &wp->q[0];
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

static void accepted(simtx_core_t *t, const simtx_frontend_in_t *in, bool rsp_alloc,
                     unsigned rsp_id)
{
    simtx_act_t *a = &t->pend;
    simtx_warp_t *wp = &t->w[a->w];
    switch (a->kind) {
    case A_INIT:
        wp->live = true;
        wp->nq = 0;
        wp->init = in->req_mask & t->lanes;
        wp->ended = 0;
        wp->rused = 0;
        for (unsigned h = 0; h < MAXP; h++)
            wp->rslot[h] = -1;
        wp->produced = bit(rsp_id);
        wp->redo = wp->full = false;
        queue(t, a->w, &(simtx_uop_t){.kind = U_INIT, .a = rsp_id, .exec = true});
        break;
    case A_BRANCH:
        a->u.b = rsp_id;
        queue(t, a->w, &a->u);
        break;
    case A_CONVERGE:
        a->u.k = rsp_id;
        queue(t, a->w, &a->u);
        break;
    case A_FETCH:
    case A_END:
        a->u.exec = a->u.kind != U_BR;
        queue(t, a->w, &a->u);
        break;
    case A_EXEC: {
        simtx_uop_t *u = &wp->q[a->qi];
        u->exec = true;
        if (u->kind == U_CUOP) {
            wp->produced |= bit(u->k);
        } else if (u->kind == U_BUOP) {
            wp->produced |= bit(u->b);
            if (rsp_alloc) {
                u->alt = true;
                u->k = rsp_id;
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
        simtx_uop_t *u = &wp->q[0];
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
        if (last) {
            memmove(&wp->q[0], &wp->q[1], --wp->nq * sizeof wp->q[0]);
            memmove(wp->ext, wp->ext + t->ext_size, wp->nq * t->ext_size);
        }
        break;
    }
    default:
        break;
    }
}

/* A branch re-fetched after its rollback: taken (accepted or refused), its
 * outcome is no longer the warp's to replay. */
static void redo_taken(simtx_core_t *t, bool generated)
{
    const simtx_act_t *a = &t->act;
    bool branch = a->kind == A_BRANCH || (a->kind == A_FETCH && a->u.kind == U_BR);
    if (generated && branch && t->w[a->w].redo_pc == a->u.bpc)
        t->w[a->w].redo = false;
}

/* The committed state of warp w (see the header). */
static int committed_check(simtx_core_t *t, unsigned w, char *err, size_t errlen)
{
    simtx_warp_t *wp = &t->w[w];
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

int simtx_core_warp_end(simtx_core_t *t, unsigned w, char *err, size_t errlen)
{
    simtx_warp_t *wp = &t->w[w];
    if (!wp->live || wp->nq || wp->rused || wp->side)
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
    wp->pause = (unsigned)cosim_rng_below(t->rng, 20);
    return 0;
}


/* ---- the core's interface -------------------------------------------------------- */

int simtx_core_init(simtx_core_t *t, const simtx_frontend_params_t *p,
                    const simtx_frontend_t *fe, cosim_rng_t *rng, unsigned warp_span,
                    unsigned slot_span, size_t ext_size, const simtx_core_hooks_t *hooks,
                    void *ctx, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->p = *p;
    t->fe = fe;
    t->rng = rng;
    t->lanes = p->warp_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->warp_width) - 1u;
    t->warp_span = warp_span;
    t->slot_span = slot_span;
    t->pc_end = p->pc_width < 16 ? (1u << p->pc_width) - 1u : MAXL;
    t->fetch_pct = 45;
    t->exec_pct = 70;
    t->loop_trips = 3;
    t->ext_size = ext_size;
    if (hooks)
        t->hooks = *hooks;
    t->ctx = ctx;
    for (unsigned w = 0; w < MAXW; w++) {
        t->w[w].ext = calloc(MAXQ * ext_size + 1u, 1); /* never NULL: offsets of 0 */
        if (!t->w[w].ext) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    simtx_core_reset(t);
    return 0;
}

void simtx_core_fini(simtx_core_t *t)
{
    for (unsigned w = 0; w < MAXW; w++) {
        free(t->w[w].ext);
        t->w[w].ext = NULL;
    }
}

void simtx_core_reset(simtx_core_t *t)
{
    for (unsigned w = 0; w < MAXW; w++) {
        unsigned char *ext = t->w[w].ext;
        memset(&t->w[w], 0, sizeof t->w[w]);
        t->w[w].ext = ext;
    }
    memset(&t->pend, 0, sizeof t->pend);
    t->pend_generated = false;
    t->last_warp = 0;
}

int simtx_core_edge(simtx_core_t *t, bool generated, const simtx_frontend_events_t *ev,
                    bool rsp_alloc, unsigned rsp_id, bool *shadow, char *err, size_t errlen)
{
    *shadow = false;
    if (generated && t->act.kind == A_BUSY && ev->take) {
        snprintf(err, errlen, "a request presented while req_ready was low was taken");
        return -1;
    }
    if (ev->take) { /* kept until it is done */
        redo_taken(t, generated);
        t->pend = generated ? t->act : (simtx_act_t){.kind = A_NONE};
        t->pend_generated = generated;
        if (generated && t->act.kind != A_NONE)
            t->last_warp = t->act.w < t->p.num_warps ? t->act.w : 0u;
    }
    if (!ev->req)
        return 0;
    if (ev->pst_err != PST_ERR_NONE || ev->dp_err != DP_ERR_NONE) {
        snprintf(err, errlen, "the PST (error %s) or the predictor (error %s) refused what the "
                 "core passed", pst_err_name(ev->pst_err), dp_err_name(ev->dp_err));
        return -1;
    }
    if (!t->pend_generated) /* a replayed recording carries no verdicts */
        return 0;
    const simtx_act_t *a = &t->pend;
    const simtx_frontend_in_t *req = &ev->in;
    if (a->kind == A_ILLEGAL) {
        if (ev->err != a->expect) {
            snprintf(err, errlen, "injected illegal %s: expected error %u, model reports %u",
                     fe_op_name(req->req_op & 15u) ? fe_op_name(req->req_op & 15u) : "op",
                     a->expect, ev->err);
            return -1;
        }
        *shadow = true;
        return 0;
    }
    if (a->kind == A_NONE)
        return 0;
    if ((ev->err == PT_ERR_FULL || ev->err == FE_ERR_PST_FULL) && req->req_op == FE_OP_BRANCH) {
        t->w[a->w].full = true; /* fetched as uniform next time */
        return 0;
    }
    if (ev->err == PT_ERR_FULL && req->req_op == FE_OP_CONVERGE)
        return 0; /* the paths go on apart for now */
    if (ev->err != PT_ERR_NONE) {
        snprintf(err, errlen, "legal %s of warp %u rejected: error %u",
                 fe_op_name(req->req_op & 15u), a->w, ev->err);
        return -1;
    }
    accepted(t, req, rsp_alloc, rsp_id);
    if (committed_check(t, a->w, err, errlen))
        return -1;
    return simtx_core_warp_end(t, a->w, err, errlen);
}
