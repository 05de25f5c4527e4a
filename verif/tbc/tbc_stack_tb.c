/* tbc_stack testbench: the stack alone. The testbench plays the rest of the
 * core: a thread_compactor model turns each compaction request into warps
 * (with random back-pressure on cmp_ready), and the shared driver
 * (tbc_tb_common.c) makes those warps arrive at branches and convergence
 * points in random order, nests divergence to full depth and injects
 * illegal requests. */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "tbc_stack_ports.h"
#include "tbc_tb_common.h"

typedef tbc_stack_port_in_t pin_t;
typedef tbc_stack_port_out_t pout_t;

typedef struct {
    tbc_stack_params_t p;
    tbc_stack_t *m;
    thread_compactor_t *cmp; /* part of the stimulus: produces the warps */
    tbc_driver_t d;
    cosim_rng_t rng;
} tb_t;

static tbc_req_ports_t req_ports(pin_t *in)
{
    return (tbc_req_ports_t){in->req_valid_i, in->req_op_i,     in->req_lane_valid_i,
                             in->req_lane_sw_i, in->req_taken_i, in->req_mask_i,
                             in->req_static_i, in->req_pc_i,    in->req_alt_pc_i,
                             in->req_rpc_i,    in->req_lpc_i};
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
    if (tbc_stack_create(&t->p, &t->m) || thread_compactor_create(&cp, &t->cmp)) {
        snprintf(err, errlen, "TBC models reject configuration %s", CFG_NAME);
        free(t);
        return NULL;
    }
    tbc_driver_init(&t->d, &t->p, o->seed);
    cosim_rng_seed(&t->rng, o->seed ^ UINT64_C(0x5bd1e995));
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    tbc_stack_destroy(t->m);
    thread_compactor_destroy(t->cmp);
    free(t);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    tbc_stack_out_t out;
    thread_compactor_out_t c;
    tbc_stack_in_t req;
    (void)cycle, (void)err, (void)errlen;
    tbc_stack_peek(t->m, &out);
    tbc_driver_request(&t->d, t->m, &out, &req);
    thread_compactor_peek(t->cmp, &c);
    req.cmp_ready = req.cmp_ready && c.in_ready;
    pin_t *in = (pin_t *)words;
    tbc_req_ports_t ports = req_ports(in);
    tbc_req_to_ports(&t->p, &req, &ports);
    in->cmp_ready_i[0] = req.cmp_ready;
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    pin_t *pin = (pin_t *)words;
    tbc_stack_in_t in;
    tbc_stack_out_t out;
    tbc_stack_events_t ev;
    (void)cycle;
    memset(&in, 0, sizeof in);
    tbc_req_ports_t ports = req_ports(pin);
    tbc_req_from_ports(&t->p, &in, &ports);
    in.cmp_ready = pin->cmp_ready_i[0] & 1u;
    tbc_stack_step(t->m, &in, &out, &ev);

    pout_t *o = (pout_t *)out_words;
    o->req_ready_o[0] = out.req_ready;
    o->cmp_valid_o[0] = out.cmp_valid;
    bm_to_words(o->cmp_mask_o, &out.cmp_mask, t->p.block_threads);
    o->cmp_static_o[0] = out.cmp_static;
    o->cmp_pc_o[0] = out.cmp_pc;
    o->rsp_valid_o[0] = out.rsp_valid;
    o->rsp_err_o[0] = out.rsp_err;
    o->err_sticky_o[0] = out.err_sticky;
    o->tos_valid_o[0] = out.tos_valid;
    o->tos_pc_o[0] = out.tos_pc;
    o->tos_rpc_o[0] = out.tos_rpc;
    o->tos_lpc_o[0] = out.tos_lpc;
    o->tos_wcnt_o[0] = out.tos_wcnt;
    bm_to_words(o->tos_mask_o, &out.tos_mask, t->p.block_threads);
    o->tos_lpos_o[0] = out.tos_lpos;
    o->tos_idx_o[0] = out.tos_idx;
    o->depth_o[0] = out.depth;

    /* the rest of the core: compactor and pipeline (stimulus side) */
    thread_compactor_in_t ci = {.in_valid = out.cmp_valid && in.cmp_ready,
                                .in_mask = out.cmp_mask,
                                .in_static = out.cmp_static,
                                .out_ready = cosim_rng_pct(&t->rng, 70)};
    thread_compactor_out_t co;
    if (out.cmp_valid && in.cmp_ready)
        tbc_driver_compaction(&t->d, t->m);
    thread_compactor_step(t->cmp, &ci, &co);
    if (co.out_valid && ci.out_ready)
        tbc_driver_warp(&t->d, &co.out);
    return tbc_driver_after(&t->d, t->m, &in, &out, &ev, err, errlen);
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->d.cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    return tbc_cover_applies(&((const tb_t *)p)->p, k, false);
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->d.ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        TBC_STACK_COSIM_DUT,
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
