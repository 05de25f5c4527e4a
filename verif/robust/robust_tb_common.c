/* Shared by the Robust SIMD testbenches: see robust_tb_common.h. */
#include "robust_tb_common.h"

#include <stdio.h>
#include <string.h>

#include "clog2.h"
#include "pdom_stim.h"
#include "robust.h"

/* ---- the performance landscape ---------------------------------------------- */

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    return x;
}

static unsigned dist(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

void robust_land_new(robust_land_t *l, cosim_rng_t *r, unsigned peak_w, unsigned peak_d)
{
    l->land = (unsigned)cosim_rng_below(r, LAND_COUNT);
    l->seed = cosim_rng_next(r);
    l->peak_w = peak_w;
    l->peak_d = peak_d;
}

uint64_t robust_land_len(const robust_land_t *l, cosim_rng_t *r, unsigned w, unsigned d)
{
    uint64_t W = l->warp_width, S = l->max_slices, len;
    if (l->land == LAND_ADVERSARIAL) {
        len = l->lmin * (1u + mix(l->seed ^ ((uint64_t)w << 16) ^ d) % 4u);
    } else {
        uint64_t far = dist(w, l->peak_w) * S + dist(d, l->peak_d) * W; /* < 2 W S */
        len = l->lmin + l->lmin * 3u * far / (2u * W * S);
        if (l->land == LAND_NOISY)
            len = len * (90u + cosim_rng_below(r, 21)) / 100u;
    }
    return cosim_rng_below(r, l->stall_one_in) ? len : ROBUST_STALL_CYCLES;
}

/* ---- the WPU's task loop ------------------------------------------------------ */

void robust_wpu_init(robust_wpu_t *w, const warp_slice_table_t *m, uint64_t seed)
{
    const warp_slice_table_params_t *p = warp_slice_table_params(m);
    cosim_rng_seed(&w->rng, seed);
    w->m = m;
    w->pc_none = p->pc_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->pc_width) - 1u;
    w->exit_pc = w->pc_none - 1u;
    w->head_pc = 1;
    /* the ports' spans (EntryIdWidth is at least 1) */
    w->entry_span = 1u << (p->max_slices > 1 ? clog2(p->max_slices) : 1u);
    w->width_span = 1u << clog2(p->warp_width + 1u);
    w->count_span = 1u << (p->max_slices > 1 ? clog2(p->max_slices + 1u) : 1u);
    w->deep = w->bad = w->exiting = false;
    w->exit_pct = 2;
    w->task_end_pct = 30;
    w->bad_division_pct = 4;
    w->illegal_one_in = 33;
}

void robust_wpu_inject(robust_wpu_t *w, unsigned code)
{
    w->bad = true;
    w->bad_code = code;
}

/* A PC that is none of the program's fixed ones. */
static uint64_t fresh_pc(robust_wpu_t *w)
{
    uint64_t pc;
    do {
        pc = cosim_rng_below(&w->rng, w->pc_none); /* never none */
    } while (pc == w->exit_pc || pc == w->head_pc);
    return pc;
}

void robust_wpu_division(robust_wpu_t *w, warp_slice_table_in_t *in, bool launch, bool sized)
{
    cosim_rng_t *r = &w->rng;
    const warp_slice_table_params_t *p = warp_slice_table_params(w->m);
    unsigned lo = warp_slice_table_min_width(w->m), W = p->warp_width;
    in->req_valid = true;
    in->req_op = launch ? WSL_OP_LAUNCH : WSL_OP_RECONF;
    in->req_width = lo + (unsigned)cosim_rng_below(r, W - lo + 1u);
    unsigned n = robust_slices(p->num_warps, W, in->req_width);
    in->req_depth = 1u + (unsigned)cosim_rng_below(r, n);
    in->req_pc = w->head_pc;
    in->req_rpc = w->exit_pc;
    if (!cosim_rng_pct(r, w->bad_division_pct))
        return;
    unsigned c = (unsigned)cosim_rng_below(r, sized ? 3 : 1) + (sized ? 0u : 2u);
    if (c == 0 && (lo > 1 || W + 1u < w->width_span)) {
        in->req_width = lo > 1 && cosim_rng_pct(r, 50)           ? lo - 1u
                        : W + 1u < w->width_span ? W + 1u
                                                          : 0u;
        robust_wpu_inject(w, WSL_ERR_BAD_WIDTH);
    } else if (c == 1) {
        in->req_depth = cosim_rng_pct(r, 50) || n + 1u >= w->count_span ? 0 : n + 1u;
        robust_wpu_inject(w, WSL_ERR_BAD_DEPTH);
    } else if (c == 2) {
        in->req_pc = w->pc_none;
        robust_wpu_inject(w, WSL_ERR_BAD_PC);
    }
}

static recon_stack_entry_t top_of(const robust_wpu_t *w, unsigned e, unsigned *depth)
{
    recon_stack_entry_t tos = {0};
    *depth = recon_stack_depth(warp_slice_table_stack(w->m), e);
    if (*depth)
        recon_stack_entry(warp_slice_table_stack(w->m), e, *depth - 1u, &tos);
    return tos;
}

/* A branch from a top {rpc, its threads}: pdom_random_branch's, the
 * program's fixed PCs replaced by fresh ones; in a deep interval every
 * thread but one is taken, so the taken side on top keeps threads to
 * diverge again. */
static void branch(robust_wpu_t *w, warp_slice_table_in_t *in, uint64_t rpc,
                   const bitmask_t *threads)
{
    static const pdom_branch_mix_t mix = {.rpc_reuse_pct = 30, .side_rpc = 4, .side_lpc = 0};
    unsigned W = warp_slice_table_params(w->m)->warp_width;
    pdom_branch_t b;
    pdom_random_branch(&w->rng, w->pc_none, false, rpc, w->pc_none, &mix, &b);
    in->req_op = WSL_OP_BRANCH;
    in->req_rpc = b.rpc == w->exit_pc || b.rpc == w->head_pc ? fresh_pc(w) : b.rpc;
    in->req_pc = b.pc == w->exit_pc || b.pc == w->head_pc ? in->req_rpc : b.pc;
    in->req_alt_pc = b.alt_pc == w->exit_pc || b.alt_pc == w->head_pc ? in->req_rpc : b.alt_pc;
    for (unsigned i = 0; i < bm_words(W); i++)
        in->req_mask.w[i] = cosim_rng_next(&w->rng);
    bm_trim(&in->req_mask, W);
    if (w->deep) {
        unsigned first = 0;
        while (first + 1u < W && !bm_get(threads, first))
            first++;
        bm_fill(&in->req_mask, W);
        bm_set(&in->req_mask, first, false);
    }
}

void robust_wpu_slice_op(robust_wpu_t *w, warp_slice_table_in_t *in, unsigned e, bool drain,
                         bool *task_end)
{
    cosim_rng_t *r = &w->rng;
    unsigned depth;
    recon_stack_entry_t tos = top_of(w, e, &depth);
    *task_end = false;
    in->req_valid = true;
    in->req_entry = e;
    in->req_op = WSL_OP_ADVANCE;
    if (depth > 1) {
        if (drain || cosim_rng_pct(r, w->deep ? 5 : 40))
            in->req_pc = tos.rpc; /* reconverge: pop */
        else
            branch(w, in, tos.rpc, &tos.mask);
        return;
    }
    unsigned c = (unsigned)cosim_rng_below(r, 100);
    if (drain && tos.pc == w->head_pc) {
        in->req_op = WSL_OP_ARRIVE;
    } else if (w->exiting && tos.pc == w->head_pc) {
        in->req_pc = w->exit_pc; /* no task left: the slice exits */
    } else if (drain || w->exiting || c < w->task_end_pct) {
        in->req_pc = w->head_pc; /* the task ends */
        *task_end = true;
    } else if (c < w->task_end_pct + 2u) {
        in->req_op = WSL_OP_BARRIER;
    } else if (c < w->task_end_pct + 2u + w->exit_pct) {
        in->req_pc = w->exit_pc; /* no task left: the slice exits */
    } else if (c < w->task_end_pct + 40u) {
        branch(w, in, w->exit_pc, &tos.mask);
    } else {
        in->req_pc = fresh_pc(w);
    }
}

void robust_wpu_maybe_illegal(robust_wpu_t *w, warp_slice_table_in_t *in)
{
    cosim_rng_t *r = &w->rng;
    const warp_slice_table_params_t *p = warp_slice_table_params(w->m);
    if (w->bad || cosim_rng_below(r, w->illegal_one_in) != 0)
        return;
    unsigned e = (unsigned)cosim_rng_below(r, w->entry_span);
    unsigned st = warp_slice_table_status(w->m, e);
    unsigned depth = 0;
    recon_stack_entry_t tos = e < p->max_slices ? top_of(w, e, &depth) : (recon_stack_entry_t){0};
    warp_slice_table_in_t bad = {.req_valid = true, .req_entry = e};
    switch (cosim_rng_below(r, 5)) {
    case 0:
        bad.req_op = 6u + (unsigned)cosim_rng_below(r, 2);
        robust_wpu_inject(w, WSL_ERR_BAD_OP);
        break;
    case 1: /* an arrival, whatever e is */
        if (st == WSL_STATUS_ACTIVE && depth == 1)
            return;
        bad.req_op = WSL_OP_ARRIVE;
        robust_wpu_inject(w, st == WSL_STATUS_FREE     ? WSL_ERR_BAD_ENTRY
                             : st != WSL_STATUS_ACTIVE ? WSL_ERR_NOT_ACTIVE
                                                       : WSL_ERR_NOT_ROOT);
        break;
    case 2: /* a division while slices run */
        if (warp_slice_table_arrived(w->m))
            return;
        robust_wpu_division(w, &bad, cosim_rng_pct(r, 50), true);
        w->bad = false;
        robust_wpu_inject(w, WSL_ERR_NOT_ARRIVED);
        break;
    case 3: /* an advance to none */
        if (st != WSL_STATUS_ACTIVE)
            return;
        bad.req_op = WSL_OP_ADVANCE;
        bad.req_pc = w->pc_none;
        robust_wpu_inject(w, WSL_ERR_BAD_PC);
        break;
    default: { /* a divergence that does not fit: fresh rpc, both sides pushed */
        unsigned first = 0;
        while (first < p->warp_width && !bm_get(&tos.mask, first))
            first++;
        if (st != WSL_STATUS_ACTIVE || depth + 2u <= p->depth || bm_popcount(&tos.mask) < 2 ||
            w->pc_none < 8)
            return;
        bad.req_op = WSL_OP_BRANCH;
        bad.req_rpc = fresh_pc(w);
        do {
            bad.req_pc = fresh_pc(w);
        } while (bad.req_pc == bad.req_rpc);
        do {
            bad.req_alt_pc = fresh_pc(w);
        } while (bad.req_alt_pc == bad.req_rpc || bad.req_alt_pc == bad.req_pc);
        bm_set(&bad.req_mask, first, true); /* one thread taken, the others not */
        robust_wpu_inject(w, WSL_ERR_OVERFLOW);
        break;
    }
    }
    *in = bad;
}

/* ---- directed scenarios ------------------------------------------------------ */

/* A request key into q, no wider than its port: 0 (read, or absent), -1. */
static int scn_request_key(scenario_line_t *l, const char *key,
                           const warp_slice_table_params_t *p, warp_slice_table_in_t *q,
                           char *err, size_t errlen)
{
    if (!strcmp(key, "taken"))
        return scenario_get_mask(l, key, p->warp_width, &q->req_mask, err, errlen) < 0 ? -1 : 0;
    static const char *const names[] = {"e", "w", "d", "pc", "tpc", "fpc", "rpc", "exit"};
    unsigned widths[] = {p->max_slices > 1 ? clog2(p->max_slices) : 1u, /* EntryIdWidth */
                         clog2(p->warp_width + 1u),                     /* WidthWidth */
                         p->max_slices > 1 ? clog2(p->max_slices + 1u) : 1u, /* CountWidth */
                         p->pc_width, p->pc_width, p->pc_width, p->pc_width, p->pc_width};
    unsigned i = 0;
    while (strcmp(key, names[i]))
        i++;
    uint64_t v = 0;
    int rc = scenario_get_bits(l, key, widths[i], &v, err, errlen);
    if (rc <= 0)
        return rc;
    switch (i) {
    case 0: q->req_entry = (unsigned)v; break;
    case 1: q->req_width = (unsigned)v; break;
    case 2: q->req_depth = (unsigned)v; break;
    case 5: q->req_alt_pc = v; break;
    case 6: case 7: q->req_rpc = v; break;
    default: q->req_pc = v; break; /* pc, tpc */
    }
    return 0;
}

int robust_scn_request(scenario_line_t *l, const warp_slice_table_params_t *p,
                       const scenario_word_t *more, bool reconf_sized, warp_slice_table_in_t *q,
                       char *err, size_t errlen)
{
    if (scn_request_key(l, "e", p, q, err, errlen))
        return -1;
    if (scenario_check_kind(l) != SCN_NO_CHECK || !strcmp(l->verb, "idle"))
        return 0;
    uint64_t op;
    if (scenario_word(wsl_op_words, l->verb, &op) && (!more || scenario_word(more, l->verb, &op))) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    /* the keys of each op (after e=); a TASK (op 6) is an ADVANCE */
    static const char *const keys[] = {
        [WSL_OP_LAUNCH] = "w d pc exit", [WSL_OP_RECONF] = "w d pc exit",
        [WSL_OP_BRANCH] = "tpc fpc rpc taken", [WSL_OP_ADVANCE] = "pc",
        [WSL_OP_ARRIVE] = "", [WSL_OP_BARRIER] = "",
    };
    q->req_valid = true;
    q->req_op = (unsigned)op;
    const char *k = op == WSL_OP_RECONF && !reconf_sized ? "pc exit"
                    : keys[op < WSL_OP_COUNT ? op : WSL_OP_ADVANCE];
    while (*k) { /* one word a key */
        char key[8];
        size_t len = strcspn(k, " ");
        snprintf(key, sizeof key, "%.*s", (int)len, k);
        if (scn_request_key(l, key, p, q, err, errlen))
            return -1;
        k += len + (k[len] == ' ');
    }
    return 0;
}

const scenario_key_t robust_table_keys[RTK_COUNT] = {
    [RTK_STATUS] = {"status", wsl_status_words, "rd_status_o"},
    [RTK_WARP] = {"warp", NULL, "rd_warp_o"},
    [RTK_SID] = {"sid", NULL, "rd_sid_o"},
    [RTK_LANES] = {"lanes", NULL, NULL},
    [RTK_PC] = {"pc", NULL, "rd_pc_o"},
    [RTK_RPC] = {"rpc", NULL, "rd_rpc_o"},
    [RTK_MASK] = {"mask", NULL, NULL},
    [RTK_TOS] = {"tos", NULL, "rd_tos_o"},
    [RTK_READY] = {"ready", NULL, "req_ready_o"},
    [RTK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [RTK_FIN] = {"fin", NULL, "rsp_fin_o"},
    [RTK_RESUME] = {"resume", NULL, "resume_valid_o"},
    [RTK_RESUME_E] = {"resume_e", NULL, "resume_entry_o"},
    [RTK_RELEASED] = {"released", NULL, "released_o"},
    [RTK_STICKY] = {"sticky", NULL, "err_sticky_o"},
    [RTK_SLICES] = {"slices", NULL, "slices_o"},
    [RTK_ACTIVE] = {"active", NULL, "active_o"},
    [RTK_ARRIVED] = {"arrived", NULL, "arrived_o"},
    [RTK_SEL] = {"sel", NULL, "sel_valid_o"},
    [RTK_SEL_E] = {"sel_e", NULL, "sel_entry_o"},
};

const scenario_key_t robust_asu_keys[RAK_COUNT] = {
    [RAK_WIDTH] = {"width", NULL, "width_o"},
    [RAK_DEPTH] = {"depth", NULL, "depth_o"},
    [RAK_RECONF] = {"reconf", NULL, "reconf_o"},
    [RAK_PHASE] = {"phase", asu_phase_words, "phase_o"},
    [RAK_STEP] = {"step", asu_step_words, "step_o"},
    [RAK_DIM] = {"dim", asu_dim_words, "dim_o"},
    [RAK_STRIDE] = {"stride", NULL, "stride_o"},
    [RAK_CONVERGED] = {"converged", NULL, "converged_o"},
    [RAK_FALLBACK] = {"fallback", NULL, "fallback_o"},
    [RAK_CPT] = {"cpt", NULL, "cpt_o"},
    [RAK_CPT_SAT] = {"cpt_sat", NULL, "cpt_sat_o"},
    [RAK_BEST_W] = {"best_w", NULL, "best_width_o"},
    [RAK_BEST_D] = {"best_d", NULL, "best_depth_o"},
    [RAK_BEST_CPT] = {"best_cpt", NULL, "best_cpt_o"},
};

/* ---- cover rules -------------------------------------------------------------- */

void robust_table_cover(uint64_t *c, const warp_slice_table_events_t *ev)
{
    if (ev->req && wsl_err_cover[ev->err & 15u] < WSL_CV_COUNT)
        c[wsl_err_cover[ev->err & 15u]]++;
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
    c[WSL_CV_SIBLING_DEPTHS] += ev->sibling_depths;
}

void robust_asu_cover(uint64_t *c, const asu_events_t *ev)
{
    if (ev->op_rejected && asu_err_cover[ev->op_err & 7u] < ASU_CV_COUNT)
        c[asu_err_cover[ev->op_err & 7u]]++;
    if (ev->done_rejected && asu_err_cover[ev->done_err & 7u] < ASU_CV_COUNT)
        c[asu_err_cover[ev->done_err & 7u]]++;
    c[ASU_CV_INTERVAL] += ev->interval;
    c[ASU_CV_DRAIN_TASKS] += ev->drain_tasks;
    c[ASU_CV_UP_BETTER] += ev->up_better;
    c[ASU_CV_DOWN_BETTER] += ev->down_better;
    c[ASU_CV_BOTH_WORSE] += ev->both_worse;
    c[ASU_CV_MOVE_GAIN] += ev->move_gain;
    c[ASU_CV_MOVE_STOP] += ev->move_stop;
    c[ASU_CV_PROBE_CLAMPED] += ev->probe_clamped;
    c[ASU_CV_PROBE_SKIPPED] += ev->probe_skipped;
    c[ASU_CV_STRIDE_HALVED] += ev->stride_halved;
    c[ASU_CV_STRIDE_ONE] += ev->stride_one;
    c[ASU_CV_DEPTH_CLAMPED] += ev->depth_clamped;
    c[ASU_CV_DIM_SWITCH] += ev->dim_switch;
    c[ASU_CV_DWREP_REPEAT] += ev->dwrep_repeat;
    c[ASU_CV_CONV_DWREP] += ev->converged && ev->strategy == ASU_STRATEGY_DWREP;
    c[ASU_CV_CONV_WIDTH] += ev->converged && ev->strategy == ASU_STRATEGY_WIDTH_ONLY;
    c[ASU_CV_CONV_DEPTH] += ev->converged && ev->strategy == ASU_STRATEGY_DEPTH_ONLY;
    c[ASU_CV_CONV_INC] += ev->converged && !ev->anneal;
    c[ASU_CV_FALLBACK] += ev->fallback;
    c[ASU_CV_RESTART] += ev->restart;
    c[ASU_CV_END_EARLY] += ev->end_early;
    c[ASU_CV_CYCLES_SAT] += ev->cycles_sat;
}
