/* recon_stack testbench: port binding of the golden model, constrained-random
 * stimulus with injected illegal operations, functional cover points, and the
 * directed scenario reader. Built once per configuration with the kit
 * generated from configs/recon_stack.cfg (cosim_kit.h). */
#include "cosim_kit.h"
#include "pdom_stim.h"
#include "recon_stack.h"

/* ---- testbench state ------------------------------------------------------- */

typedef struct {
    recon_stack_params_t p;
    recon_stack_t *m;
    cosim_rng_t rng;
    uint64_t pc_none;
    unsigned warp_id_span; /* 2^WarpIdWidth */
    uint64_t *cover;
    uint64_t warps_seen;    /* bit w: warp w had an accepted op */
    int last_warp;          /* warp of the previous cycle's request, -1 none */
    bool grow[RS_NUM_WARPS_MAX]; /* per-warp nesting mood: push more than pop */
    bool poked[RS_NUM_WARPS_MAX]; /* an op was tried on the warp's empty stack */
    /* injected illegal operation awaiting its check */
    bool expect_err;
    unsigned expect_code;
    unsigned expect_warp;
    unsigned snap_depth;
    recon_stack_entry_t snap[RS_DEPTH_MAX];
    /* directed scenario */
    scenario_t *scn;
    enum scenario_check_kind scn_check; /* this line is an expect or peek line */
    scenario_line_t scn_line;
    scenario_expect_t scn_exp;          /* its values */
    scenario_mask_expect_t scn_mask;    /* and its mask= (WarpWidth bits) */
} tb_t;

/* ---- random stimulus ------------------------------------------------------- */

static uint64_t fresh_pc(tb_t *t)
{
    return cosim_rng_below(&t->rng, t->pc_none); /* never PcNone */
}

static void random_mask(tb_t *t, bitmask_t *m)
{
    for (unsigned i = 0; i < bm_words(t->p.warp_width); i++)
        m->w[i] = cosim_rng_next(&t->rng);
    bm_trim(m, t->p.warp_width);
}

static void snapshot(tb_t *t, unsigned w)
{
    t->snap_depth = recon_stack_depth(t->m, w);
    for (unsigned l = 0; l < t->snap_depth; l++)
        recon_stack_entry(t->m, w, l, &t->snap[l]);
}

static void inject(tb_t *t, unsigned code, unsigned w)
{
    t->expect_err = true;
    t->expect_code = code;
    t->expect_warp = w;
    snapshot(t, w);
}

/* One random request. Mostly legal sequences that exercise nesting, loops
 * and likely-convergence; about 3% deliberate illegal requests. */
static void random_request(tb_t *t, recon_stack_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned n = t->p.num_warps;
    t->expect_err = false;
    in->req_valid = cosim_rng_pct(r, 92);
    in->rd_warp = (unsigned)cosim_rng_below(r, t->warp_id_span);
    in->req_warp = (unsigned)cosim_rng_below(r, n);
    if (!in->req_valid) {
        in->req_op = (unsigned)cosim_rng_below(r, 4); /* ignored: don't-care inputs */
        return;
    }
    unsigned w = in->req_warp;
    unsigned depth = recon_stack_depth(t->m, w);
    recon_stack_entry_t tos;
    if (depth)
        recon_stack_entry(t->m, w, depth - 1, &tos);

    /* illegal requests */
    if (cosim_rng_pct(r, 3)) {
        switch (cosim_rng_below(r, 4)) {
        case 0:
            in->req_op = RS_OP_RESERVED;
            inject(t, RS_ERR_BAD_OP, w);
            return;
        case 1:
            if (t->warp_id_span > n) {
                in->req_warp = n + (unsigned)cosim_rng_below(r, t->warp_id_span - n);
                in->req_op = (unsigned)cosim_rng_below(r, 3);
                inject(t, RS_ERR_BAD_WARP, w);
                return;
            }
            break;
        case 2:
            in->req_op = (unsigned)cosim_rng_below(r, 3);
            in->req_pc = t->pc_none;
            in->req_alt_pc = fresh_pc(t);
            in->req_rpc = fresh_pc(t);
            random_mask(t, &in->req_mask);
            bm_set(&in->req_mask, 0, true);
            inject(t, RS_ERR_BAD_PC, w);
            return;
        default:
            in->req_op = RS_OP_INIT;
            in->req_pc = fresh_pc(t);
            in->req_rpc = t->pc_none;
            bm_clear(&in->req_mask);
            inject(t, RS_ERR_BAD_MASK, w);
            return;
        }
    }
    if (depth == 0) {
        /* the first request to each warp after reset operates on its empty
         * stack, then now and then again */
        if (!t->poked[w] || cosim_rng_pct(r, 10)) {
            t->poked[w] = true;
            in->req_op = cosim_rng_pct(r, 50) ? RS_OP_ADVANCE : RS_OP_BRANCH;
            in->req_pc = fresh_pc(t);
            in->req_alt_pc = fresh_pc(t);
            in->req_rpc = fresh_pc(t);
            inject(t, RS_ERR_EMPTY, w);
            return;
        }
        goto do_init;
    }
    if (cosim_rng_below(r, 1000) < 3)
        goto do_init;
    if (cosim_rng_pct(r, 1))
        t->grow[w] = !t->grow[w];
    if (depth == t->p.depth && bm_popcount(&tos.mask) >= 2 && cosim_rng_pct(r, 30)) {
        /* divergent branch with two fresh sides on a full stack */
        in->req_op = RS_OP_BRANCH;
        bm_clear(&in->req_mask);
        for (unsigned i = 0; i < t->p.warp_width; i++)
            if (bm_get(&tos.mask, i)) {
                bm_set(&in->req_mask, i, true);
                break;
            }
        do
            in->req_rpc = fresh_pc(t);
        while (in->req_rpc == tos.rpc);
        do
            in->req_pc = fresh_pc(t);
        while (in->req_pc == in->req_rpc || in->req_pc == tos.lpc);
        do
            in->req_alt_pc = fresh_pc(t);
        while (in->req_alt_pc == in->req_rpc || in->req_alt_pc == tos.lpc ||
               in->req_alt_pc == in->req_pc);
        in->req_lpc = t->pc_none;
        inject(t, RS_ERR_OVERFLOW, w);
        return;
    }

    unsigned branch_pct = t->grow[w] ? 75 : 35;
    if (cosim_rng_pct(r, branch_pct)) {
        in->req_op = RS_OP_BRANCH;
        unsigned k = (unsigned)cosim_rng_below(r, 10);
        if (k == 0) {
            bm_clear(&in->req_mask);
        } else if (k == 1) {
            bm_fill(&in->req_mask, t->p.warp_width);
        } else if (k < (t->grow[w] ? 8u : 5u)) {
            /* peel one active thread off: the only way to nest Depth deep */
            unsigned pick = (unsigned)cosim_rng_below(r, bm_popcount(&tos.mask));
            bm_clear(&in->req_mask);
            for (unsigned i = 0; i < t->p.warp_width; i++)
                if (bm_get(&tos.mask, i) && pick-- == 0) {
                    bm_set(&in->req_mask, i, true);
                    break;
                }
            if (cosim_rng_pct(r, 50)) /* the single thread goes either way */
                bm_andnot(&in->req_mask, &tos.mask, &in->req_mask);
        } else {
            random_mask(t, &in->req_mask);
        }
        static const pdom_branch_mix_t mix = {.rpc_reuse_pct = 30, .side_rpc = 3, .side_lpc = 5};
        pdom_branch_t b;
        pdom_random_branch(r, t->pc_none, t->p.lcp_enable, tos.rpc, tos.lpc, &mix, &b);
        in->req_pc = b.pc, in->req_alt_pc = b.alt_pc, in->req_rpc = b.rpc, in->req_lpc = b.lpc;
        if (cosim_rng_pct(r, 3))
            in->req_alt_pc = in->req_pc;
    } else {
        in->req_op = RS_OP_ADVANCE;
        unsigned c = (unsigned)cosim_rng_below(r, 10);
        if (c < (t->grow[w] ? 1u : 4u) && depth > 1)
            in->req_pc = tos.rpc;
        else if (c < 6 && tos.lpc != t->pc_none)
            in->req_pc = tos.lpc;
        else
            in->req_pc = fresh_pc(t);
        /* now and then the warp reaches its exit and finishes (its stack
         * empties; it is re-initialised by a later request) */
        if (depth == 1 && tos.rpc != t->pc_none && cosim_rng_pct(r, t->grow[w] ? 1 : 5))
            in->req_pc = tos.rpc;
    }
    return;

do_init:
    in->req_op = RS_OP_INIT;
    in->req_pc = fresh_pc(t);
    in->req_rpc = cosim_rng_pct(r, 50) ? t->pc_none : fresh_pc(t);
    do
        random_mask(t, &in->req_mask);
    while (bm_is_zero(&in->req_mask));
}

/* ---- directed scenarios ---------------------------------------------------- */

/* What an expect or peek line may check: the read port of warp w= and the
 * response (and mask=, read as a mask of the warp's width). */
enum { EK_VALID, EK_PC, EK_RPC, EK_LPC, EK_LPOS, EK_DEPTH, EK_RSP, EK_ERR, EK_STICKY,
       EK_COUNT };
static const scenario_key_t expect_keys[EK_COUNT] = {
    [EK_VALID] = {"valid", NULL, "rd_valid_o"},
    [EK_PC] = {"pc", NULL, "rd_pc_o"},
    [EK_RPC] = {"rpc", NULL, "rd_rpc_o"},
    [EK_LPC] = {"lpc", NULL, "rd_lpc_o"},
    [EK_LPOS] = {"lpos", NULL, "rd_lpos_o"},
    [EK_DEPTH] = {"depth", NULL, "rd_depth_o"},
    [EK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [EK_ERR] = {"err", rs_err_words, "rsp_err_o"},
    [EK_STICKY] = {"sticky", NULL, "err_sticky_o"},
};

static const scenario_verb_t rs_verbs[] = {
    {"init", "INIT: one entry {pc, rpc = the warp's exit, mask}"},
    {"branch", "BRANCH: taken threads go to pc, the others to alt; reconverge at rpc (and lpc, "
               "default none)"},
    {"advance", "ADVANCE: the warp moves to pc"},
    {"reserved", "op 3 (rejected with BAD_OP)"},
    {NULL, NULL},
};

static int scenario_request_keys(tb_t *t, scenario_line_t *l, recon_stack_in_t *in, char *err,
                                 size_t errlen);

static int scenario_request(tb_t *t, recon_stack_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn_line;
    int rc = scenario_next(t->scn, l, err, errlen);
    if (rc)
        return rc; /* 1: end, -1: error */
    t->scn_check = scenario_check_kind(l);
    uint64_t v = 0; /* w= absent: warp 0 */
    if (scenario_get_bits(l, "w", CFG_WarpIdWidth, &v, err, errlen) < 0)
        return -1;
    in->req_warp = in->rd_warp = (unsigned)v;
    if (!t->scn_check && strcmp(l->verb, "idle") && scenario_request_keys(t, l, in, err, errlen))
        return -1;
    /* the checks, on any line: compared with the model's outputs in tb_model */
    if (scenario_expect_read(l, &t->scn_exp, expect_keys, EK_COUNT, 0, err, errlen) ||
        scenario_expect_mask_read(l, &t->scn_mask, "mask", CFG_WarpWidth, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

/* A request line's request: 0, or -1 (unknown operation, bad value). */
static int scenario_request_keys(tb_t *t, scenario_line_t *l, recon_stack_in_t *in, char *err,
                                 size_t errlen)
{
    uint64_t op;
    if (scenario_word(rs_op_words, l->verb, &op)) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    in->req_valid = true;
    in->req_op = (unsigned)op;
    in->req_lpc = t->pc_none;
    unsigned pw = CFG_PcWidth, ww = CFG_WarpWidth;
    bool init = op == RS_OP_INIT, branch = op == RS_OP_BRANCH; /* the keys each op reads */
    if (scenario_get_bits(l, "pc", pw, &in->req_pc, err, errlen) < 0 ||
        (branch && scenario_get_bits(l, "alt", pw, &in->req_alt_pc, err, errlen) < 0) ||
        ((init || branch) && scenario_get_bits(l, "rpc", pw, &in->req_rpc, err, errlen) < 0) ||
        (branch && scenario_get_bits(l, "lpc", pw, &in->req_lpc, err, errlen) < 0))
        return -1;
    /* req_mask_i: INIT's threads (mask=), a BRANCH's taken threads (taken=) */
    if ((init && scenario_get_mask(l, "mask", ww, &in->req_mask, err, errlen) < 0) ||
        (branch && scenario_get_mask(l, "taken", ww, &in->req_mask, err, errlen) < 0))
        return -1;
    return 0;
}

/* Check an expect or peek line against the model's outputs. */
static int scenario_check(tb_t *t, const recon_stack_out_t *o, char *err, size_t errlen)
{
    const uint64_t got[EK_COUNT] = {
        [EK_VALID] = o->rd_valid,  [EK_PC] = o->rd_pc,    [EK_RPC] = o->rd_rpc,
        [EK_LPC] = o->rd_lpc,      [EK_LPOS] = o->rd_lpos, [EK_DEPTH] = o->rd_depth,
        [EK_RSP] = o->rsp_valid,   [EK_ERR] = o->rsp_err,  [EK_STICKY] = o->err_sticky,
    };
    return scenario_expect_check(&t->scn_line, &t->scn_exp, expect_keys, EK_COUNT, 0, got, err,
                                 errlen) ||
                   scenario_expect_mask_check(&t->scn_line, &t->scn_mask, &o->rd_mask, err,
                                              errlen)
               ? -1
               : 0;
}

/* ---- cosim_tb_t callbacks -------------------------------------------------- */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_RECON_STACK];
    cosim_rng_seed(&t->rng, o->seed);
    t->pc_none = recon_stack_pc_none(t->m);
    t->warp_id_span = 1u << CFG_WarpIdWidth;
    t->last_warp = -1;
    t->scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, recon_stack_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn)
        return scenario_request(t, in, err, errlen);
    random_request(t, in);
    return 0;
}

static void cover(tb_t *t, const recon_stack_in_t *in, const recon_stack_events_t *ev,
                  unsigned depth_before)
{
    if (!in->req_valid) {
        t->last_warp = -1;
        return;
    }
    uint64_t *c = t->cover;
    if (ev->err) {
        if (rs_err_cover[ev->err & 7u] < RS_CV_COUNT)
            c[rs_err_cover[ev->err & 7u]]++;
    } else {
        if (ev->op == RS_OP_INIT)
            c[depth_before ? RS_CV_REINIT : RS_CV_INIT]++;
        c[RS_CV_UNIFORM] += ev->uniform;
        c[RS_CV_DIVERGE_TWO] += ev->divergent && ev->pushes - ev->lcp_push == 2;
        c[RS_CV_DIVERGE_REUSE] += ev->reuse;
        c[RS_CV_SKIP_RPC] += ev->divergent && ev->skip_rpc;
        c[RS_CV_LOOP_EXIT] += ev->loop_exit;
        c[RS_CV_RPC_POP] += ev->rpc_pop;
        /* an emptied stack: the last cascaded pop (if any) took the bottom */
        bool finished = ev->op != RS_OP_INIT && ev->depth_after == 0;
        c[RS_CV_CASCADE] += ev->cascade > (finished ? 1u : 0u);
        c[RS_CV_EXIT] += finished;
        c[RS_CV_EXIT_CASCADE] += finished && ev->cascade > 0;
        c[RS_CV_LOOP_EXIT_BOTTOM] += ev->loop_exit && depth_before == 1;
        c[RS_CV_FULL] += ev->depth_after == t->p.depth;
        c[RS_CV_DIVERGE_TO_FULL] += ev->divergent && ev->depth_after == t->p.depth;
        c[RS_CV_LCP_PUSH] += ev->lcp_push;
        c[RS_CV_SKIP_LPC] += ev->skip_lpc > 0;
        c[RS_CV_LCP_MERGE] += ev->lpc_merge;
        t->warps_seen |= UINT64_C(1) << in->req_warp;
        uint64_t all = t->p.num_warps == 64 ? ~UINT64_C(0)
                                            : (UINT64_C(1) << t->p.num_warps) - 1u;
        c[RS_CV_ALL_WARPS] += t->warps_seen == all;
    }
    c[RS_CV_INTERLEAVE] += t->last_warp >= 0 && (unsigned)t->last_warp != in->req_warp;
    c[RS_CV_READ_OTHER] += in->rd_warp != in->req_warp;
    t->last_warp = (int)in->req_warp;
}

static int check_injected(tb_t *t, const recon_stack_events_t *ev, char *err, size_t errlen)
{
    if (ev->err != t->expect_code) {
        snprintf(err, errlen,
                 "injected illegal request on warp %u: expected error %u, model reports %u",
                 t->expect_warp, t->expect_code, ev->err);
        return -1;
    }
    unsigned w = t->expect_warp;
    if (w >= t->p.num_warps)
        return 0;
    if (recon_stack_depth(t->m, w) != t->snap_depth) {
        snprintf(err, errlen, "rejected request changed warp %u depth %u -> %u", w,
                 t->snap_depth, recon_stack_depth(t->m, w));
        return -1;
    }
    for (unsigned l = 0; l < t->snap_depth; l++) {
        recon_stack_entry_t e;
        recon_stack_entry(t->m, w, l, &e);
        if (e.pc != t->snap[l].pc || e.rpc != t->snap[l].rpc || e.lpc != t->snap[l].lpc ||
            e.lpos != t->snap[l].lpos || !bm_eq(&e.mask, &t->snap[l].mask)) {
            snprintf(err, errlen, "rejected request changed warp %u entry %u", w, l);
            return -1;
        }
    }
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const recon_stack_in_t *in, recon_stack_out_t *out, char *err,
                    size_t errlen)
{
    recon_stack_events_t ev;
    (void)cycle;
    if (t->scn_check == SCN_PEEK) { /* the outputs without the edge */
        recon_stack_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    unsigned depth_before = recon_stack_depth(t->m, in->req_warp);
    recon_stack_step(t->m, in, out, &ev);
    cover(t, in, &ev, depth_before);
    if (t->scn)
        return scenario_check(t, out, err, errlen);
    if (t->expect_err && in->req_valid) {
        t->expect_err = false;
        return check_injected(t, &ev, err, errlen);
    }
    return 0;
}

COSIM_TESTBENCH(tb_t, recon_stack, true, NULL, NULL, .verbs = rs_verbs);
