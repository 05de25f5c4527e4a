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

typedef struct {
    tbc_core_params_t p;
    tbc_core_t *m;
    tbc_driver_t d;
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
        return scenario_check(t, out, err, errlen);
    }
    tbc_core_step(t->m, in, out, &ev);

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
}

COSIM_TESTBENCH(tb_t, tbc_core, true, NULL, tb_reset, .verbs = tbc_verbs);
