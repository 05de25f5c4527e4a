/* simtx_frontend testbench: warps of a SIMT-X core running random programs
 * (the core: simtx_core_stim.h, shared with the blocks that contain the
 * front end).
 *
 * The core fetches the PST's pick (FETCH, BRANCH, CONVERGE, END), executes
 * micro-ops out of order once their source paths are final (BEXEC, CEXEC,
 * RESOLVE) and commits them in order (RETIRE, BCOMMIT, CCOMMIT, DEREF); a
 * branch fetched as uniform that diverged or went the other way rolls its
 * warp back when it commits (ROLLBACK; an exception's rollback would be the
 * same ROLLBACK: the testbench leaves it out so that a rollback's cause
 * shows in the cover rules, which see only the ports). A request takes
 * three cycles; while the model is busy, one cycle in ten carries a random
 * request (and a take of the pick) that must not be taken.
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
 *   - a warp whose program ended has every Pathtable entry free again;
 *   - holders beside the request port (hold_*, drop_*: SIMT-X's merge
 *     micro-ops in simtx_rename) take references to live paths of running
 *     warps now and then and drop them later, in the same cycles as the
 *     requests; each is accepted (a hold at the count's maximum apart),
 *     and a ROLLBACK's SQUASH discards those of its warp.
 * The testbench computes the outcomes from the paths' masks and the
 * conditions it drew, not from the model's verdicts. And, on every cycle
 * of a random run or a scenario, the intent checks of simtx_fe_intent.h:
 * what the three children are wired together for, from the paper.
 *
 * Or a directed scenario (verif/simtx/scenarios/simtx_frontend_*.scn). */
#include <string.h>

#include "cosim_kit.h"
#include "simtx_core_stim.h"
#include "simtx_fe_intent.h"
#include "simtx_frontend.h"
#include "simtx_tb_common.h"

/* The check keys of a directed scenario's lines (fe_keys below). */
enum { FK_READY, FK_RSP, FK_ERR, FK_ALLOC, FK_ID, FK_DIV, FK_NULL, FK_SLOT, FK_STICKY, FK_SEL,
       FK_SEL_WARP, FK_SEL_SLOT, FK_SEL_PATH, FK_SEL_PC, FK_SEL_DEPTH, FK_RR, FK_CONV,
       FK_CONV_SLOT, FK_CONV_PATH, FK_LOOK_DIV, FK_LOOK_CTR, FK_PENDING, FK_PENDING_NZ, FK_BUOPS,
       FK_STATE, FK_REF, FK_FREE, FK_RESV, FK_COUNT };

typedef struct {
    simtx_frontend_params_t p;
    simtx_frontend_t *m;
    simtx_frontend_t *shadow;
    uint64_t *cover;
    cosim_rng_t rng;
    simtx_core_t core;
    simtx_fe_intent_t intent; /* the intent checks' view (simtx_fe_intent.h) */
    bool div_seen[PT_NUM_WARPS_MAX]; /* a branch of the warp resolved divergent since its
                                      * last rollback */
    bool generated;      /* this cycle's inputs came from the generator */
    unsigned char side[PT_NUM_WARPS_MAX][PT_PATHS_PER_WARP_MAX]; /* references held beside
                                                                  * the request port */
    cosim_rng_t side_rng; /* their own stream: the core's is as without them */
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
    scenario_word_t err_words[FE_ERR_COUNT + 1u]; /* the Pathtable's codes and the core's */
    scenario_key_t keys[FK_COUNT];                /* fe_keys, err= spelled with err_words */
    scenario_mask_expect_t rmask, masks, states; /* the read port's masks */
} tb_t;

static const pathtable_t *pt_of(const tb_t *t) { return simtx_frontend_pathtable(t->m); }

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md). A request is taken in a cycle
 * req_ready_o is high and shows its response two cycles later (the S
 * cycle: rsp=1): a walk-through lets the two cycles pass with idle or
 * expect lines and checks the response on the second. A request presented
 * while ready=0 is not taken. The verbs: one per op code, and their
 * operands (SIMTX_FE_SCN_VERBS, simtx_fe_scn_request: simtx_tb_common.h;
 * `cosim --vocabulary` lists them).
 * Every line may give w= and h= (the Pathtable read port's warp and path,
 * rd_warp_i, rd_path_i; on a request line w= is also the request's warp),
 * look_pc= (the predictor's lookup) and, but a peek, take=1 (sel_take_i:
 * the fetch takes the pick); all 0 when absent. And the check keys, compared
 * with the outputs of the line's own cycle, before its edge:
 *   ready, rsp err alloc id div null slot (the response, rsp_*_o), sticky;
 *   the PST: sel sel_warp sel_slot sel_path sel_pc sel_depth rr, conv
 *   conv_slot conv_path; the predictor: look_div look_ctr pending
 *   pending_nz; buops (warp w's buops in flight); the read port: state
 *   rmask ref free resv (entry h of warp w), masks (the row of warp w, entry
 *   e's mask at bits e x WarpWidth: one hex digit an entry at 4 threads) and
 *   states (entry e's state at bits 2e).
 * On a request line the keys its request reads are its operands (resolve's
 * div=), not checks. */
static const scenario_key_t fe_keys[FK_COUNT] = {
    [FK_READY] = {"ready", NULL, "req_ready_o"},
    [FK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [FK_ERR] = {"err", NULL, "rsp_err_o"}, /* spelled with tb_t.err_words */
    [FK_ALLOC] = {"alloc", NULL, "rsp_alloc_o"},
    [FK_ID] = {"id", NULL, "rsp_id_o"},
    [FK_DIV] = {"div", NULL, "rsp_div_o"},
    [FK_NULL] = {"null", NULL, "rsp_null_o"},
    [FK_SLOT] = {"slot", NULL, "rsp_slot_o"},
    [FK_STICKY] = {"sticky", NULL, "err_sticky_o"},
    [FK_SEL] = {"sel", NULL, "sel_valid_o"},
    [FK_SEL_WARP] = {"sel_warp", NULL, "sel_warp_o"},
    [FK_SEL_SLOT] = {"sel_slot", NULL, "sel_slot_o"},
    [FK_SEL_PATH] = {"sel_path", NULL, "sel_path_o"},
    [FK_SEL_PC] = {"sel_pc", NULL, "sel_pc_o"},
    [FK_SEL_DEPTH] = {"sel_depth", NULL, "sel_depth_o"},
    [FK_RR] = {"rr", NULL, "sel_rr_o"},
    [FK_CONV] = {"conv", NULL, "conv_valid_o"},
    [FK_CONV_SLOT] = {"conv_slot", NULL, "conv_slot_o"},
    [FK_CONV_PATH] = {"conv_path", NULL, "conv_path_o"},
    [FK_LOOK_DIV] = {"look_div", NULL, "look_div_o"},
    [FK_LOOK_CTR] = {"look_ctr", NULL, "look_ctr_o"},
    [FK_PENDING] = {"pending", NULL, "pending_o"},
    [FK_PENDING_NZ] = {"pending_nz", NULL, "pending_nz_o"},
    [FK_BUOPS] = {"buops", NULL, "buops_o"},
    [FK_STATE] = {"state", pt_state_words, "rd_state_o"},
    [FK_REF] = {"ref", NULL, "rd_ref_o"},
    [FK_FREE] = {"free", NULL, "rd_free_o"},
    [FK_RESV] = {"resv", NULL, "rd_resv_o"},
};

static const scenario_verb_t fe_verbs[] = {
    SIMTX_FE_SCN_VERBS,
    {NULL, NULL},
};

static const simtx_fe_widths_t fe_widths = {
    .warp = CFG_WarpIdWidth, .slot = CFG_SlotIdWidth, .path = CFG_PathIdWidth,
    .lanes = CFG_WarpWidth,  .pc = CFG_PcWidth,       .depth = CFG_DepthWidth,
};

/* The Pathtable row of the read port's warp, packed as rd_masks_o and
 * rd_states_o are. */
static void read_row(const tb_t *t, const simtx_frontend_out_t *o, bitmask_t *masks,
                     bitmask_t *states)
{
    bm_clear(masks);
    bm_clear(states);
    unsigned ww = t->p.warp_width;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++) {
        for (unsigned i = 0; i < ww && h * ww + i < BM_MAX_BITS; i++)
            bm_set(masks, h * ww + i, (o->rd_masks[h] >> i) & 1u);
        bm_set(states, 2u * h, o->rd_states[h] & 1u);
        bm_set(states, 2u * h + 1u, (o->rd_states[h] >> 1) & 1u);
    }
}

static int scenario_stimulus(tb_t *t, simtx_frontend_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    if (!t->scn.check && strcmp(l->verb, "idle")) {
        int op = simtx_fe_scn_op(l->verb);
        if (op < 0) {
            snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
            return -1;
        }
        if (simtx_fe_scn_request(l, (unsigned)op, &fe_widths, in, err, errlen))
            return -1;
    }
    /* on any line: the read port, the lookup and (but a peek) the take */
    uint64_t x = in->req_warp;
    if (scenario_get_bits(l, "w", CFG_WarpIdWidth, &x, err, errlen) < 0)
        return -1;
    in->rd_warp = in->req_warp = (unsigned)x;
    x = 0;
    if (scenario_get_bits(l, "h", CFG_PathIdWidth, &x, err, errlen) < 0 ||
        scenario_get_bits(l, "look_pc", CFG_PcWidth, &in->look_pc, err, errlen) < 0)
        return -1;
    in->rd_path = (unsigned)x;
    x = 0;
    if (t->scn.check != SCN_PEEK && scenario_get_bits(l, "take", 1, &x, err, errlen) < 0)
        return -1;
    in->sel_take = x != 0;
    /* the check keys (the whole row: only where it fits a mask, not at max) */
    unsigned row = t->p.paths_per_warp * t->p.warp_width;
    if (scenario_expect_read(l, &t->scn.exp, t->keys, FK_COUNT, 0, err, errlen) ||
        scenario_expect_mask_read(l, &t->rmask, "rmask", CFG_WarpWidth, err, errlen) ||
        (row <= BM_MAX_BITS &&
         scenario_expect_mask_read(l, &t->masks, "masks", row, err, errlen)) ||
        scenario_expect_mask_read(l, &t->states, "states", 2u * t->p.paths_per_warp, err,
                                  errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(tb_t *t, const simtx_frontend_out_t *o, char *err, size_t errlen)
{
    uint64_t got[FK_COUNT] = {
        [FK_READY] = o->req_ready,   [FK_RSP] = o->rsp_valid,     [FK_ERR] = o->rsp_err,
        [FK_ALLOC] = o->rsp_alloc,   [FK_ID] = o->rsp_id,         [FK_DIV] = o->rsp_div,
        [FK_NULL] = o->rsp_null,     [FK_SLOT] = o->rsp_slot,     [FK_STICKY] = o->err_sticky,
        [FK_SEL] = o->sel_valid,     [FK_SEL_WARP] = o->sel_warp, [FK_SEL_SLOT] = o->sel_slot,
        [FK_SEL_PATH] = o->sel_path, [FK_SEL_PC] = o->sel_pc,     [FK_SEL_DEPTH] = o->sel_depth,
        [FK_RR] = o->sel_rr,         [FK_CONV] = o->conv_valid,   [FK_CONV_SLOT] = o->conv_slot,
        [FK_CONV_PATH] = o->conv_path, [FK_LOOK_DIV] = o->look_div,
        [FK_LOOK_CTR] = o->look_ctr, [FK_PENDING] = o->pending,
        [FK_PENDING_NZ] = o->pending_nz, [FK_BUOPS] = o->buops, [FK_STATE] = o->rd_state,
        [FK_REF] = o->rd_ref,        [FK_FREE] = o->rd_free,      [FK_RESV] = o->rd_resv,
    };
    bitmask_t rmask, masks, states;
    bm_from_u64(&rmask, o->rd_mask);
    read_row(t, o, &masks, &states);
    return scenario_expect_check(&t->scn.line, &t->scn.exp, t->keys, FK_COUNT, 0, got, err,
                                 errlen) ||
           scenario_expect_mask_check(&t->scn.line, &t->rmask, &rmask, err, errlen) ||
           scenario_expect_mask_check(&t->scn.line, &t->masks, &masks, err, errlen) ||
           scenario_expect_mask_check(&t->scn.line, &t->states, &states, err, errlen);
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
        bool own = ev->pt_in.req_op == PT_OP_NOP; /* the core refused it: no Pathtable op */
        if (fe_err_cover[ev->err & 15u] < FE_CV_COUNT)
            c[fe_err_cover[ev->err & 15u]]++;
        c[FE_CV_ERR_BAD_OP] += ev->err == PT_ERR_BAD_OP;
        c[FE_CV_ERR_BAD_WARP] += ev->err == PT_ERR_BAD_WARP;
        c[FE_CV_ERR_PATHTABLE] += ev->err != PT_ERR_BAD_OP && ev->err != PT_ERR_BAD_WARP &&
                                  ev->err < PT_ERR_COUNT && !own;
        c[FE_CV_ERR_DEREF_HELD] += own && ev->err == PT_ERR_BAD_PATH && in->req_op == FE_OP_DEREF;
        c[FE_CV_ERR_NO_BUOP] += own && ev->err == PT_ERR_BAD_COMMIT && in->req_op == FE_OP_BCOMMIT;
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

/* The holders beside the request port: a hold on a live path of a warp
 * with micro-ops in flight (at most four a path; 2% of cycles), a drop of
 * one held (10%; at once for a warp with nothing in flight): so that a
 * warp's last path is mostly freed by its own DEREF, as without them. */
static void side_stimulus(tb_t *t, simtx_frontend_in_t *in)
{
    cosim_rng_t *r = &t->side_rng;
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    uint64_t live = 0, warps = 0;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        live |= (uint64_t)(pathtable_state(pt_of(t), w, h) != PT_STATE_FREE &&
                           t->side[w][h] < 4) << h;
    if (t->core.w[w].live && t->core.w[w].nq && live && cosim_rng_pct(r, 2))
        in->hold_valid = true, in->hold_warp = w, in->hold_path = cosim_rng_member(r, live);
    uint64_t idle = 0; /* warps with nothing in flight: their holders let go first */
    for (unsigned v = 0; v < t->p.num_warps; v++) {
        warps |= (uint64_t)(t->core.w[v].side != 0) << v;
        idle |= (uint64_t)(t->core.w[v].side != 0 && !t->core.w[v].nq) << v;
    }
    if (idle)
        warps = idle;
    if (warps && (idle || cosim_rng_pct(r, 50))) {
        unsigned v = cosim_rng_member(r, warps);
        uint64_t held = 0;
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            held |= (uint64_t)(t->side[v][h] != 0) << h;
        in->drop_valid = true, in->drop_warp = v, in->drop_path = cosim_rng_member(r, held);
    }
}

/* The testbench's holders after the edge; each hold and drop accepted. */
static int side_edge(tb_t *t, const simtx_frontend_in_t *in, const pathtable_events_t *pe,
                     unsigned squash_warp, char *err, size_t errlen)
{
    if ((in->hold_valid && pe->hold_err != PT_ERR_NONE && pe->hold_err != PT_ERR_BAD_REF) ||
        (in->drop_valid && pe->drop_err != PT_ERR_NONE)) {
        snprintf(err, errlen, "a legal hold or drop refused: hold %s, drop %s",
                 pt_err_name(pe->hold_err), pt_err_name(pe->drop_err));
        return -1;
    }
    if (pe->hold) {
        t->side[in->hold_warp][in->hold_path]++;
        t->core.w[in->hold_warp].side++;
    }
    if (pe->drop) {
        t->side[in->drop_warp][in->drop_path]--;
        if (--t->core.w[in->drop_warp].side == 0 &&
            simtx_core_warp_end(&t->core, in->drop_warp, err, errlen))
            return -1;
    }
    if (pe->op == PT_OP_SQUASH && pe->err == PT_ERR_NONE) { /* the rollback flushes them */
        memset(t->side[squash_warp], 0, sizeof t->side[squash_warp]);
        t->core.w[squash_warp].side = 0;
    }
    return 0;
}

static void tb_reset(tb_t *t)
{
    simtx_core_reset(&t->core);
    simtx_fe_intent_init(&t->intent, &t->p);
    memset(t->side, 0, sizeof t->side);
    memset(t->div_seen, 0, sizeof t->div_seen);
}

static void tb_fini(tb_t *t) { simtx_core_fini(&t->core); }

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    t->cover = cover[KIT_COVERS_SIMTX_FRONTEND];
    t->scn.scn = o->scn;
    scenario_words_join(t->err_words, FE_ERR_COUNT + 1u, pt_err_words, fe_err_words);
    memcpy(t->keys, fe_keys, sizeof t->keys);
    t->keys[FK_ERR].words = t->err_words;
    cosim_rng_seed(&t->rng, o->seed);
    cosim_rng_seed(&t->side_rng, ~o->seed);
    memset(t->div_seen, 0, sizeof t->div_seen);
    simtx_fe_intent_init(&t->intent, &t->p);
    return simtx_core_init(&t->core, &t->p, t->m, &t->rng, 1u << CFG_WarpIdWidth,
                           1u << CFG_SlotIdWidth, 0, NULL, NULL, err, errlen);
}

static int tb_stimulus(tb_t *t, uint64_t cycle, simtx_frontend_in_t *in, char *err,
                       size_t errlen)
{
    (void)cycle;
    if (t->scn.scn)
        return scenario_stimulus(t, in, err, errlen);
    t->generated = true;
    simtx_core_stimulus(&t->core, in);
    side_stimulus(t, in);
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const simtx_frontend_in_t *in,
                    simtx_frontend_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        simtx_frontend_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    simtx_frontend_events_t ev;
    simtx_frontend_step(t->m, in, out, &ev);
    if (simtx_fe_intent_edge(&t->intent, t->m, in, out, err, errlen))
        return -1;
    /* a request presented while req_ready is low: ignored (from the ports) */
    t->cover[FE_CV_BUSY_IGNORED] += (in->req_op & 15u) != FE_OP_NOP && !out->req_ready;
    if (t->scn.scn) {
        if (ev.req)
            cover(t, &ev);
        return scenario_check(t, out, err, errlen);
    }
    bool generated = t->generated;
    t->generated = false;
    simtx_frontend_in_t legal = *in;
    simtx_core_shadow_in(&t->core, generated, &legal.req_op, &legal.sel_take);
    simtx_frontend_step(t->shadow, &legal, NULL, NULL);
    bool shadow;
    if (simtx_core_edge(&t->core, generated, &ev, out->rsp_alloc, out->rsp_id, &shadow, err,
                        errlen))
        return -1;
    if (ev.req)
        cover(t, &ev); /* from the ports and the model alone: a replay's too */
    if (shadow && !simtx_frontend_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    return side_edge(t, in, &ev.pt_edge, ev.pt_edge_warp, err, errlen);
}

COSIM_TESTBENCH_SHADOWED(tb_t, simtx_frontend, true, tb_fini, tb_reset, .verbs = fe_verbs);
