/* tbc_core testbench: the stack driving the compactor, in RTL, against the
 * composed golden model (csim/tbc/tbc_core.c). The shared driver
 * (tbc_tb_common.c) takes the compacted warps the core emits (with random
 * back-pressure on out_ready) and makes them arrive at branches and
 * convergence points in random order. Cover rules: the stack's (the
 * driver), the compactor's (tc_cover, on the compactor inside the core) and
 * the core's own. */
#include <string.h>

#include "cosim_kit.h"
#include "tbc_core.h"
#include "tbc_tb_common.h"

/* The mask the stack last handed to the compactor, followed until the warp
 * buffer has taken its last warp (the intent checks below). */
typedef struct {
    bool live;           /* handed over, its last warp not taken yet */
    bitmask_t left;      /* its threads that no warp taken has held yet */
    uint64_t pc;         /* its entry's PC and WCnt when it was handed over */
    unsigned wcnt;
    unsigned warps;      /* warps of it taken */
    bool stat;           /* compaction disabled for its block */
    bool block_static;   /* the last INIT accepted asked for static warps */
} intent_t;

typedef struct {
    tbc_core_params_t p;
    tbc_core_t *m;
    tbc_driver_t d;
    intent_t it;
    tc_cover_t cov;
    uint64_t *cover; /* tbc_core's own points */
    cosim_rng_t rng;
    scenario_t *scn; /* directed scenario instead of the driver */
    scenario_line_t line;
    enum scenario_check_kind check; /* this line is an expect or peek line */
    scenario_expect_t exp;      /* an expect line's values */
    scenario_mask_expect_t out; /* and its out= (a thread set of up to B threads) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle. A warp is given as the set of its threads, bit t =
 * thread t (the paper's thread t+1): lane t mod W, static warp t div W.
 *   init    mask= pc= rpc= [static=]            [take=]
 *   branch  threads= taken= pc= alt= rpc= [lpc=] [take=]
 *   arrive  threads= pc=                         [take=]
 *   reserved | idle                              [take=]
 *   expect  [ready= valid= pc= wcnt= depth= err= sticky= out_valid= out=
 *            out_pc= last=]                      [take=]
 *   peek    [the keys of expect]
 * take= drives out_ready (default 1: the warp buffer takes every warp). An
 * expect line checks the outputs of its own cycle, with no request; a peek
 * line checks them without a cycle (no clock edge). */

/* A set of threads as one warp's lanes: -1 if two share a lane. */
static int threads_to_warp(const tb_t *t, const bitmask_t *threads, uint64_t *lane_valid,
                           uint16_t *lane_sw, char *err, size_t errlen)
{
    *lane_valid = 0;
    for (unsigned th = 0; th < t->p.block_threads; th++) {
        if (!bm_get(threads, th))
            continue;
        unsigned l = th % t->p.warp_width;
        if ((*lane_valid >> l) & 1u) {
            snprintf(err, errlen, "%s:%u: threads share lane %u: not one warp", t->line.file,
                     t->line.lineno, l);
            return -1;
        }
        *lane_valid |= UINT64_C(1) << l;
        if (lane_sw)
            lane_sw[l] = (uint16_t)(th / t->p.warp_width);
    }
    return 0;
}

static void warp_to_threads(const tb_t *t, uint64_t lane_valid, const uint16_t *lane_sw,
                            bitmask_t *threads)
{
    bm_clear(threads);
    for (unsigned l = 0; l < t->p.warp_width; l++)
        if ((lane_valid >> l) & 1u)
            bm_set(threads, lane_sw[l] * t->p.warp_width + l, true);
}

/* What an expect line may check. */
enum {
    EK_READY, EK_VALID, EK_PC, EK_WCNT, EK_DEPTH, EK_ERR, EK_STICKY, EK_OUT_VALID, EK_OUT_PC, EK_LAST, EK_COUNT
};
static const scenario_key_t expect_keys[EK_COUNT] = {
    [EK_READY] = {"ready", NULL, "req_ready_o"},
    [EK_VALID] = {"valid", NULL, "tos_valid_o"},
    [EK_PC] = {"pc", NULL, "tos_pc_o"},
    [EK_WCNT] = {"wcnt", NULL, "tos_wcnt_o"},
    [EK_DEPTH] = {"depth", NULL, "depth_o"},
    [EK_ERR] = {"err", tbc_err_words, "rsp_err_o"},
    [EK_STICKY] = {"sticky", NULL, "err_sticky_o"},
    [EK_OUT_VALID] = {"out_valid", NULL, "out_valid_o"},
    [EK_OUT_PC] = {"out_pc", NULL, "out_pc_o"},
    [EK_LAST] = {"last", NULL, "out_last_o"},
};

static const scenario_verb_t tbc_verbs[] = {
    {"init", "INIT of a block of threads (mask=) at pc, reconverging at rpc"},
    {"branch", "a compacted warp (threads=) arrives at a branch: taken= go to pc, the others to "
               "alt; reconverge at rpc (and lpc)"},
    {"arrive", "a compacted warp (threads=) arrives at a convergence point pc"},
    {"reserved", "op 3 (rejected)"},
    {NULL, NULL},
};

static int scenario_request(tb_t *t, scenario_line_t *l, tbc_core_in_t *in, char *err,
                            size_t errlen);

static int scenario_stimulus(tb_t *t, tbc_core_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->line;
    int rc = scenario_next(t->scn, l, err, errlen);
    if (rc)
        return rc;
    uint64_t take = 1;
    t->check = scenario_check_kind(l);
    if (t->check != SCN_PEEK && scenario_get_bits(l, "take", 1, &take, err, errlen) < 0)
        return -1; /* out_ready matters at the edge, which a peek does not have */
    in->out_ready = take & 1u;
    if (!t->check && strcmp(l->verb, "idle") && scenario_request(t, l, in, err, errlen))
        return -1;
    /* the checks, on any line: compared with the model's outputs in tb_model */
    if (scenario_expect_read(l, &t->exp, expect_keys, EK_COUNT, 0, err, errlen) ||
        scenario_expect_mask_read(l, &t->out, "out", t->p.block_threads, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

/* A request line's request: 0, or -1 (unknown operation, bad value). */
static int scenario_request(tb_t *t, scenario_line_t *l, tbc_core_in_t *in, char *err,
                            size_t errlen)
{
    uint64_t op, stat = 0;
    bitmask_t threads, taken;
    bm_clear(&threads);
    bm_clear(&taken);
    if (scenario_word(tbc_op_words, l->verb, &op)) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    in->req_valid = true;
    in->req_op = (unsigned)op;
    in->req_lpc = t->d.pc_none;
    unsigned b = t->p.block_threads, pw = t->p.pc_width;
    if (scenario_get_mask(l, "threads", b, &threads, err, errlen) < 0 ||
        scenario_get_mask(l, "taken", b, &taken, err, errlen) < 0 ||
        scenario_get_mask(l, "mask", b, &in->req_mask, err, errlen) < 0 ||
        scenario_get_bits(l, "static", 1, &stat, err, errlen) < 0 ||
        scenario_get_bits(l, "pc", pw, &in->req_pc, err, errlen) < 0 ||
        scenario_get_bits(l, "alt", pw, &in->req_alt_pc, err, errlen) < 0 ||
        scenario_get_bits(l, "rpc", pw, &in->req_rpc, err, errlen) < 0 ||
        scenario_get_bits(l, "lpc", pw, &in->req_lpc, err, errlen) < 0)
        return -1;
    bm_and(&taken, &taken, &threads);
    if (threads_to_warp(t, &threads, &in->req_lane_valid, in->req_lane_sw, err, errlen) ||
        threads_to_warp(t, &taken, &in->req_taken, NULL, err, errlen))
        return -1;
    in->req_static = stat & 1u;
    return 0;
}

/* Check an expect line against the model's outputs. */
static int scenario_check(tb_t *t, const tbc_core_out_t *o, char *err, size_t errlen)
{
    const uint64_t got[EK_COUNT] = {
        [EK_READY] = o->req_ready,   [EK_VALID] = o->tos_valid,
        [EK_PC] = o->tos_pc,         [EK_WCNT] = o->tos_wcnt,
        [EK_DEPTH] = o->depth,       [EK_ERR] = o->rsp_err,
        [EK_STICKY] = o->err_sticky, [EK_OUT_VALID] = o->out_valid,
        [EK_OUT_PC] = o->out_pc,     [EK_LAST] = o->out_last,
    };
    bitmask_t out;
    warp_to_threads(t, o->out_lane_valid, o->out_lane_sw, &out);
    return scenario_expect_check(&t->line, &t->exp, expect_keys, EK_COUNT, 0, got, err, errlen) ||
                   scenario_expect_mask_check(&t->line, &t->out, &out, err, errlen)
               ? -1
               : 0;
}

/* ---- intent checks -------------------------------------------------------------
 * What the stack and the compactor are composed for, checked on every cycle
 * from the stack's side of the wiring (its compaction handshake, its top of
 * stack, the INIT that set the block's mode) and the warps the core issues
 * -- not from the composed model, whose wiring is the RTL's: a wiring
 * changed alike in both passes the lockstep comparison, not these.
 *   1. TBC Fig. 7 (5)/(8) and section 3.3 (13): the compacted warps the warp
 *      buffer takes after the stack hands over its top-of-stack mask hold
 *      exactly that mask's threads, each once. (A warp names a thread by
 *      its lane and static warp: each is in its home lane by construction.)
 *   2. Section 3.3 (12): there are as many of them as the WCnt the stack
 *      set for that entry -- it pops or moves on after exactly that many
 *      arrivals.
 *   3. Section 3.2: in a block whose compaction is disabled (INIT static)
 *      each warp is one static warp's threads.
 *   4. Section 3.2 (an entry's PC is "the starting PC of the basic block
 *      that corresponds to the entry"): each warp goes out with the PC of
 *      the entry whose mask it was made from. */

/* The warp shown on out_*: in the mask being issued, not yet issued, one
 * static warp in a static block, at the mask's PC (checks 1, 3, 4). */
static int intent_shown(const tb_t *t, const tbc_core_out_t *o, char *err, size_t errlen)
{
    const intent_t *it = &t->it;
    unsigned w = t->p.warp_width;
    if (!o->out_valid)
        return 0;
    if (!it->live) {
        snprintf(err, errlen, "intent (TBC 3.3): a compacted warp is shown, but no top-of-stack "
                 "mask is being issued");
        return -1;
    }
    if (o->out_pc != it->pc) {
        snprintf(err, errlen, "intent (TBC 3.2): a compacted warp starts at pc 0x%llx, its "
                 "entry's PC is 0x%llx", (unsigned long long)o->out_pc,
                 (unsigned long long)it->pc);
        return -1;
    }
    int first = -1;
    for (unsigned l = 0; l < w; l++) {
        if (!((o->out_lane_valid >> l) & 1u))
            continue;
        unsigned sw = o->out_lane_sw[l], th = sw * w + l;
        if (th >= t->p.block_threads || !bm_get(&it->left, th)) {
            snprintf(err, errlen, "intent (TBC 3.3): lane %u issues thread %u, which is not in "
                     "the top-of-stack mask or was issued already", l, th);
            return -1;
        }
        if (it->stat && first >= 0 && sw != (unsigned)first) {
            snprintf(err, errlen, "intent (TBC 3.2): compaction is disabled, but a warp holds "
                     "threads of static warps %d and %u", first, sw);
            return -1;
        }
        first = (int)sw;
    }
    return 0;
}

/* The edge: the warp taken, the mask handed over, the INIT applied
 * (checks 1 and 2). */
static int intent_edge(tb_t *t, const tbc_core_in_t *in, const tbc_core_out_t *o,
                       const tbc_core_events_t *ev, char *err, size_t errlen)
{
    intent_t *it = &t->it;
    if (intent_shown(t, o, err, errlen))
        return -1;
    if (o->out_valid && in->out_ready) {
        for (unsigned l = 0; l < t->p.warp_width; l++)
            if ((o->out_lane_valid >> l) & 1u)
                bm_set(&it->left, o->out_lane_sw[l] * t->p.warp_width + l, false);
        it->warps++;
        if (o->out_last != bm_is_zero(&it->left)) {
            snprintf(err, errlen, "intent (TBC 3.3): the warp taken %s the mask's last, with %u "
                     "of its threads not issued", o->out_last ? "is" : "is not",
                     bm_popcount(&it->left));
            return -1;
        }
        if (o->out_last && it->warps != it->wcnt) {
            snprintf(err, errlen, "intent (TBC 3.3 (12)): %u compacted warps issued for an entry "
                     "whose WCnt is %u", it->warps, it->wcnt);
            return -1;
        }
        it->live = !o->out_last;
    }
    const tbc_stack_out_t *so = &ev->stack_out;
    if (so->cmp_valid && ev->stack_in.cmp_ready) {
        if (it->live) {
            snprintf(err, errlen, "intent (TBC 3.3): the stack hands over a new mask while %u "
                     "threads of the last one are not issued", bm_popcount(&it->left));
            return -1;
        }
        if (bm_is_zero(&so->tos_mask)) {
            snprintf(err, errlen, "intent (TBC 3.3): the stack hands over an empty mask (an "
                     "all-zero entry is popped when it becomes the top of stack)");
            return -1;
        }
        it->live = true;
        it->left = so->tos_mask;
        it->pc = so->tos_pc;
        it->wcnt = so->tos_wcnt;
        it->warps = 0;
        it->stat = it->block_static; /* the INIT of this edge is a later block's */
    }
    if (ev->stack.accepted && ev->stack.op == TBC_OP_INIT && ev->stack.err == TBC_ERR_NONE)
        it->block_static = in->req_static;
    return 0;
}

/* ---- the testbench ------------------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    thread_compactor_params_t cp = tbc_core_thread_compactor_params(&t->p);
    tbc_stack_params_t sp = tbc_core_tbc_stack_params(&t->p);
    tbc_driver_init(&t->d, &sp, o->seed, cover[KIT_COVERS_TBC_STACK]);
    tc_cover_init(&t->cov, &cp, cover[KIT_COVERS_THREAD_COMPACTOR]);
    t->cover = cover[KIT_COVERS_TBC_CORE];
    cosim_rng_seed(&t->rng, o->seed ^ UINT64_C(0x27d4eb2f165667c5));
    t->scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, tbc_core_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn)
        return scenario_stimulus(t, in, err, errlen);
    const tbc_stack_t *s = tbc_core_stack(t->m);
    tbc_stack_out_t out;
    tbc_stack_in_t req;
    tbc_stack_peek(s, &out);
    tbc_driver_request(&t->d, s, &out, &req);
#define COPY_(f) in->f = req.f;
    TBC_CORE_REQ_FIELDS(COPY_)
#undef COPY_
    memcpy(in->req_lane_sw, req.req_lane_sw, sizeof in->req_lane_sw);
    in->out_ready = cosim_rng_pct(&t->rng, 70);
    return 0;
}

static int tb_model(tb_t *t, uint64_t cycle, const tbc_core_in_t *in, tbc_core_out_t *out, char *err,
                    size_t errlen)
{
    tbc_core_events_t ev;
    (void)cycle;
    if (t->check == SCN_PEEK) { /* the outputs without the edge */
        tbc_core_peek(t->m, out);
        return intent_shown(t, out, err, errlen) || scenario_check(t, out, err, errlen) ? -1 : 0;
    }
    tbc_core_step(t->m, in, out, &ev);
    if (intent_edge(t, in, out, &ev, err, errlen))
        return -1;

    /* the pipeline (stimulus side): the warps the core emits */
    const tbc_stack_t *s = tbc_core_stack(t->m);
    if (ev.stack_out.cmp_valid && ev.stack_in.cmp_ready)
        tbc_driver_compaction(&t->d, s);
    if (out->out_valid && in->out_ready)
        tbc_driver_warp(&t->d, out->out_lane_valid, out->out_lane_sw);
    tc_cover(&t->cov, &ev.cmp_in, &ev.cmp_out);
    t->cover[TBCC_CV_OUT_BACKPRESSURE] += out->out_valid && !in->out_ready;
    if (t->scn) {
        tbc_driver_after(&t->d, s, &ev.stack_in, &ev.stack_out, &ev.stack, err,
                         errlen); /* coverage only */
        return scenario_check(t, out, err, errlen);
    }
    return tbc_driver_after(&t->d, s, &ev.stack_in, &ev.stack_out, &ev.stack, err, errlen);
}

static void tb_reset(tb_t *t)
{
    tbc_driver_reset(&t->d);
    tc_cover_reset(&t->cov);
    memset(&t->it, 0, sizeof t->it); /* the compactor empties, the stack too */
}

COSIM_TESTBENCH(tb_t, tbc_core, true, NULL, tb_reset, .verbs = tbc_verbs);
