/* tbc_core testbench: the stack driving the compactor, in RTL, against the
 * two golden models wired the same way (cmp_ready = the compactor's
 * in_ready; the PC of a mask travels with it to its warps). The shared
 * driver (tbc_tb_common.c) takes the compacted warps the core emits (with
 * random back-pressure on out_ready) and makes them arrive at branches and
 * convergence points in random order. */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "scenario.h"
#include "tbc_core_ports.h"
#include "tbc_tb_common.h"

typedef tbc_core_port_in_t pin_t;
typedef tbc_core_port_out_t pout_t;

typedef struct {
    tbc_stack_params_t p;
    tbc_stack_t *stack;
    thread_compactor_t *cmp;
    uint64_t warp_pc; /* the composed model's PC register */
    tbc_driver_t d;
    cosim_rng_t rng;
    scenario_t *scn; /* directed scenario instead of the driver */
    scenario_line_t line;
    bool expect;
    scenario_expect_t exp; /* an expect line's values */
} tb_t;

static tbc_req_ports_t req_ports(pin_t *in)
{
    return (tbc_req_ports_t){in->req_valid_i, in->req_op_i,     in->req_lane_valid_i,
                             in->req_lane_sw_i, in->req_taken_i, in->req_mask_i,
                             in->req_static_i, in->req_pc_i,    in->req_alt_pc_i,
                             in->req_rpc_i,    in->req_lpc_i};
}

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle. A warp is given as the set of its threads, bit t =
 * thread t (the paper's thread t+1): lane t mod W, static warp t div W.
 *   init    mask= pc= rpc= [static=]            [take=]
 *   branch  threads= taken= pc= alt= rpc= [lpc=] [take=]
 *   arrive  threads= pc=                         [take=]
 *   reserved | idle                              [take=]
 *   expect  [ready= valid= pc= wcnt= depth= err= sticky= out_valid= out=
 *            out_pc= last=]                      [take=]
 * take= drives out_ready (default 1: the warp buffer takes every warp). An
 * expect line checks the outputs of its own cycle, with no request. */

static const scenario_word_t tbc_err_words[] = {
    {"NONE", TBC_ERR_NONE},         {"BAD_OP", TBC_ERR_BAD_OP},
    {"BAD_WARP", TBC_ERR_BAD_WARP}, {"BAD_PC", TBC_ERR_BAD_PC},
    {"BAD_MASK", TBC_ERR_BAD_MASK}, {"EMPTY", TBC_ERR_EMPTY},
    {"NOT_PENDING", TBC_ERR_NOT_PENDING}, {"MISMATCH", TBC_ERR_MISMATCH},
    {"OVERFLOW", TBC_ERR_OVERFLOW}, {NULL, 0},
};

static int threads_to_warp(const tb_t *t, uint64_t threads, tc_warp_t *w, char *err,
                           size_t errlen)
{
    memset(w, 0, sizeof *w);
    for (unsigned th = 0; th < 64 && th < t->p.block_threads; th++) {
        if (!((threads >> th) & 1u))
            continue;
        unsigned l = th % t->p.warp_width;
        if ((w->lane_valid >> l) & 1u) {
            snprintf(err, errlen, "%s:%u: threads share lane %u: not one warp", t->line.file,
                     t->line.lineno, l);
            return -1;
        }
        w->lane_valid |= UINT64_C(1) << l;
        w->lane_sw[l] = (uint16_t)(th / t->p.warp_width);
    }
    return 0;
}

static uint64_t warp_to_threads(const tb_t *t, const tc_warp_t *w)
{
    uint64_t threads = 0;
    for (unsigned l = 0; l < t->p.warp_width; l++)
        if ((w->lane_valid >> l) & 1u) {
            unsigned th = w->lane_sw[l] * t->p.warp_width + l;
            if (th < 64)
                threads |= UINT64_C(1) << th;
        }
    return threads;
}

/* What an expect line may check. */
enum {
    EK_READY, EK_VALID, EK_PC, EK_WCNT, EK_DEPTH, EK_ERR, EK_STICKY, EK_OUT_VALID, EK_OUT,
    EK_OUT_PC, EK_LAST, EK_COUNT
};
static const scenario_key_t expect_keys[EK_COUNT] = {
    [EK_READY] = {"ready", NULL},         [EK_VALID] = {"valid", NULL},
    [EK_PC] = {"pc", NULL},               [EK_WCNT] = {"wcnt", NULL},
    [EK_DEPTH] = {"depth", NULL},         [EK_ERR] = {"err", tbc_err_words},
    [EK_STICKY] = {"sticky", NULL},       [EK_OUT_VALID] = {"out_valid", NULL},
    [EK_OUT] = {"out", NULL},             [EK_OUT_PC] = {"out_pc", NULL},
    [EK_LAST] = {"last", NULL},
};

static int scenario_stimulus(tb_t *t, pin_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->line;
    int rc = scenario_next(t->scn, l, err, errlen);
    if (rc)
        return rc;
    uint64_t take = 1;
    if (scenario_get(l, "take", &take, err, errlen) < 0)
        return -1;
    in->out_ready_i[0] = take & 1u;
    t->expect = !strcmp(l->verb, "expect");
    if (t->expect) { /* compared with the model's outputs in tb_model */
        if (scenario_expect_read(l, &t->exp, expect_keys, EK_COUNT, 0, err, errlen))
            return -1;
        return scenario_unused(l, err, errlen);
    }
    if (!strcmp(l->verb, "idle"))
        return scenario_unused(l, err, errlen);
    static const scenario_word_t ops[] = {{"init", TBC_OP_INIT},
                                          {"branch", TBC_OP_BRANCH},
                                          {"arrive", TBC_OP_ARRIVE},
                                          {"reserved", TBC_OP_RESERVED},
                                          {NULL, 0}};
    uint64_t op, threads = 0, taken = 0, mask = 0, stat = 0;
    if (scenario_word(ops, l->verb, &op)) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    tbc_stack_in_t req;
    memset(&req, 0, sizeof req);
    req.req_valid = true;
    req.req_op = (unsigned)op;
    req.req_lpc = t->d.pc_none;
    if (scenario_get(l, "threads", &threads, err, errlen) < 0 ||
        scenario_get(l, "taken", &taken, err, errlen) < 0 ||
        scenario_get(l, "mask", &mask, err, errlen) < 0 ||
        scenario_get(l, "static", &stat, err, errlen) < 0 ||
        scenario_get(l, "pc", &req.req_pc, err, errlen) < 0 ||
        scenario_get(l, "alt", &req.req_alt_pc, err, errlen) < 0 ||
        scenario_get(l, "rpc", &req.req_rpc, err, errlen) < 0 ||
        scenario_get(l, "lpc", &req.req_lpc, err, errlen) < 0)
        return -1;
    tc_warp_t w, tw;
    if (threads_to_warp(t, threads, &w, err, errlen) ||
        threads_to_warp(t, taken & threads, &tw, err, errlen))
        return -1;
    req.req_lane_valid = w.lane_valid;
    memcpy(req.req_lane_sw, w.lane_sw, sizeof req.req_lane_sw);
    req.req_taken = tw.lane_valid;
    bm_from_u64(&req.req_mask, mask);
    req.req_static = stat & 1u;
    tbc_req_ports_t ports = req_ports(in);
    tbc_req_to_ports(&t->p, &req, &ports);
    return scenario_unused(l, err, errlen);
}

/* Check an expect line against the model's outputs. */
static int scenario_check(tb_t *t, const pout_t *o, char *err, size_t errlen)
{
    tc_warp_t w;
    tbc_unpack_warp(&w, t->p.block_threads, t->p.warp_width, o->out_lane_valid_o,
                    o->out_lane_sw_o);
    const uint64_t got[EK_COUNT] = {
        [EK_READY] = o->req_ready_o[0],  [EK_VALID] = o->tos_valid_o[0],
        [EK_PC] = o->tos_pc_o[0],        [EK_WCNT] = o->tos_wcnt_o[0],
        [EK_DEPTH] = o->depth_o[0],      [EK_ERR] = o->rsp_err_o[0],
        [EK_STICKY] = o->err_sticky_o[0], [EK_OUT_VALID] = o->out_valid_o[0],
        [EK_OUT] = warp_to_threads(t, &w), [EK_OUT_PC] = o->out_pc_o[0],
        [EK_LAST] = o->out_last_o[0],
    };
    return scenario_expect_check(&t->line, &t->exp, expect_keys, EK_COUNT, 0, got, err, errlen);
}


static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->p = (tbc_stack_params_t){.block_threads = CFG_BlockThreads,
                                .warp_width = CFG_WarpWidth,
                                .pc_width = CFG_PcWidth,
                                .depth = CFG_Depth,
                                .lcp_enable = CFG_LcpEnable};
    thread_compactor_params_t cp = {CFG_BlockThreads, CFG_WarpWidth};
    if (tbc_stack_create(&t->p, &t->stack) || thread_compactor_create(&cp, &t->cmp)) {
        snprintf(err, errlen, "TBC models reject configuration %s", CFG_NAME);
        free(t);
        return NULL;
    }
    tbc_driver_init(&t->d, &t->p, o->seed);
    cosim_rng_seed(&t->rng, o->seed ^ UINT64_C(0x27d4eb2f165667c5));
    if (o->scenario) {
        scenario_symbol_t none = {"none", t->d.pc_none};
        t->scn = scenario_open(o->scenario, &none, 1, err, errlen);
        if (!t->scn) {
            tbc_stack_destroy(t->stack);
            thread_compactor_destroy(t->cmp);
            free(t);
            return NULL;
        }
    }
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    if (t->scn)
        scenario_close(t->scn);
    tbc_stack_destroy(t->stack);
    thread_compactor_destroy(t->cmp);
    free(t);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    tbc_stack_out_t out;
    tbc_stack_in_t req;
    (void)cycle;
    if (t->scn)
        return scenario_stimulus(t, (pin_t *)words, err, errlen);
    tbc_stack_peek(t->stack, &out);
    tbc_driver_request(&t->d, t->stack, &out, &req);
    pin_t *in = (pin_t *)words;
    tbc_req_ports_t ports = req_ports(in);
    tbc_req_to_ports(&t->p, &req, &ports);
    in->out_ready_i[0] = cosim_rng_pct(&t->rng, 70);
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    pin_t *pin = (pin_t *)words;
    tbc_stack_in_t in;
    tbc_stack_out_t so;
    tbc_stack_events_t ev;
    thread_compactor_out_t pre, co;
    (void)cycle;
    memset(&in, 0, sizeof in);
    tbc_req_ports_t ports = req_ports(pin);
    tbc_req_from_ports(&t->p, &in, &ports);

    /* the wiring of tbc_core.sv, as two models */
    thread_compactor_peek(t->cmp, &pre);
    in.cmp_ready = pre.in_ready;
    tbc_stack_step(t->stack, &in, &so, &ev);
    thread_compactor_in_t ci = {.in_valid = so.cmp_valid,
                                .in_mask = so.cmp_mask,
                                .in_static = so.cmp_static,
                                .out_ready = pin->out_ready_i[0] & 1u};
    thread_compactor_step(t->cmp, &ci, &co);
    uint64_t out_pc = co.out_valid ? t->warp_pc : 0;
    if (so.cmp_valid && pre.in_ready)
        t->warp_pc = so.cmp_pc;

    pout_t *o = (pout_t *)out_words;
    o->req_ready_o[0] = so.req_ready;
    o->rsp_valid_o[0] = so.rsp_valid;
    o->rsp_err_o[0] = so.rsp_err;
    o->err_sticky_o[0] = so.err_sticky;
    o->tos_valid_o[0] = so.tos_valid;
    o->tos_pc_o[0] = so.tos_pc;
    o->tos_wcnt_o[0] = so.tos_wcnt;
    o->depth_o[0] = so.depth;
    o->out_valid_o[0] = co.out_valid;
    o->out_last_o[0] = co.out_last;
    o->out_pc_o[0] = out_pc;
    tbc_pack_warp(&co.out, t->p.block_threads, t->p.warp_width, o->out_lane_valid_o,
                  o->out_lane_sw_o);

    /* the pipeline (stimulus side): the warps the core emits */
    if (so.cmp_valid && pre.in_ready)
        tbc_driver_compaction(&t->d, t->stack);
    if (co.out_valid && ci.out_ready)
        tbc_driver_warp(&t->d, &co.out);
    t->d.cover[TCV_OUT_BACKPRESSURE] += co.out_valid && !ci.out_ready;
    if (t->scn) {
        tbc_driver_after(&t->d, t->stack, &in, &so, &ev, err, errlen); /* coverage only */
        return t->expect ? scenario_check(t, o, err, errlen) : 0;
    }
    return tbc_driver_after(&t->d, t->stack, &in, &so, &ev, err, errlen);
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->d.cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    return tbc_cover_applies(&((const tb_t *)p)->p, k, true);
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->d.ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        TBC_CORE_COSIM_DUT,
        .scenarios = true,
        .covers = tbc_covers,
        .n_covers = TCV_COUNT,
        .create = tb_create,
        .destroy = tb_destroy,
        .stimulus = tb_stimulus,
        .model = tb_model,
        .cover_counts = tb_cover_counts,
        .cover_applies = tb_cover_applies,
        .ops = tb_ops,
    };
    return cosim_main(&tb, CFG_NAME, argc, argv);
}
