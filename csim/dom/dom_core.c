/* Golden cycle model of dom_core: the slip controller and the MDT models
 * wired as rtl/dom/dom_core.sv documents (see dom_core.h). */
#include "dom_core.h"

#include <stdlib.h>
#include <string.h>

struct dom_core {
    dom_core_params_t p;
    mdt_t *mdt;
    slip_ctrl_t *slip;
};

/* The children check the parameters. */
static int init(dom_core_t *c, const dom_core_params_t *p)
{
    /* p passed the core's checks, which hold each child's (its ranges and
     * rules): a child can only fail for want of memory */
    mdt_params_t mp = dom_core_mdt_params(p);
    slip_ctrl_params_t sp = dom_core_slip_ctrl_params(p);
    if (mdt_create(&mp, &c->mdt) != MDT_OK || slip_ctrl_create(&sp, &c->slip) != SC_OK)
        return DOMC_ENOMEM;
    return DOMC_OK;
}

MODEL_DEFINE_CREATE(dom_core, init)
MODEL_DEFINE_DESTROY(dom_core, mdt_destroy(m->mdt); slip_ctrl_destroy(m->slip))

void dom_core_reset(dom_core_t *c)
{
    mdt_reset(c->mdt);
    slip_ctrl_reset(c->slip);
}

/* The core's inputs as the slip controller's. */
static slip_ctrl_in_t slip_inputs(const dom_core_in_t *in)
{
    unsigned op = in->acc_op & DOMC_ACC_OP_MASK;
    return (slip_ctrl_in_t){
        .ev_valid = in->acc_valid && op == MDT_OP_ACCESS,
        .ev_warp = in->acc_warp,
        .ev_exec = in->acc_exec,
        .ev_hit = in->acc_hit,
        .rel_valid = in->acc_valid && op == MDT_OP_RELEASE,
        .rel_warp = in->acc_warp,
        .q_warp = in->acc_warp,
        .perf_idle = in->perf_idle,
        .perf_mem_stall = in->perf_mem_stall,
        .perf_bytes = in->perf_bytes,
        .rd_warp = in->rd_warp,
    };
}

/* The core's inputs as the MDT's, gated by the slip controller's query (the
 * access warp's blocking mode, from the state before the edge, so known
 * before the MDT's step that it gates). */
static mdt_in_t mdt_inputs(const dom_core_in_t *in, const slip_ctrl_out_t *so)
{
    mdt_in_t q = {.acc_alloc_ok = !so->q_block};
#define DOM_CORE_TO_MDT_(type, f, dims) q.f = in->f;
    DOMC_MDT_INS(DOM_CORE_TO_MDT_)
#undef DOM_CORE_TO_MDT_
    return q;
}

static void outputs(const slip_ctrl_out_t *so, const mdt_out_t *mo, dom_core_out_t *out)
{
    *out = (dom_core_out_t){
        .acc_block = so->q_block,
        .acc_limit = so->q_limit,
        .mdt_sticky = mo->err_sticky,
        .slip_err = so->rsp_err,
        .slip_sticky = so->err_sticky,
        .max_slip = so->max_slip,
        .adapt = so->adapt,
        .period_end = so->period_end,
    };
#define DOM_CORE_FROM_MDT_(type, f, dims) out->f = mo->f;
    DOMC_MDT_OUTS(DOM_CORE_FROM_MDT_)
#undef DOM_CORE_FROM_MDT_
    memcpy(out->rd_counts, so->rd_counts, sizeof out->rd_counts);
}

void dom_core_eval(const dom_core_t *c, const dom_core_in_t *in, dom_core_out_t *out)
{
    slip_ctrl_in_t si = slip_inputs(in);
    slip_ctrl_out_t so;
    slip_ctrl_eval(c->slip, &si, &so);
    mdt_in_t mi = mdt_inputs(in, &so);
    mdt_out_t mo;
    mdt_eval(c->mdt, &mi, &mo);
    outputs(&so, &mo, out);
}

void dom_core_step(dom_core_t *c, const dom_core_in_t *in, dom_core_out_t *out,
                   dom_core_events_t *ev)
{
    dom_core_events_t e;
    memset(&e, 0, sizeof e);
    e.slip_in = slip_inputs(in);
    slip_ctrl_out_t so;
    slip_ctrl_step(c->slip, &e.slip_in, &so, &e.slip);
    e.mdt_in = mdt_inputs(in, &so);
    mdt_step(c->mdt, &e.mdt_in, &e.mdt_out, &e.mdt);
    if (ev)
        *ev = e;
    if (out)
        outputs(&so, &e.mdt_out, out);
}

void dom_core_idle(dom_core_t *c, const dom_core_in_t *in, uint64_t n)
{
    dom_core_in_t q = *in;
    q.acc_valid = q.fill_valid = false;
    slip_ctrl_in_t si = slip_inputs(&q);
    slip_ctrl_out_t so;
    slip_ctrl_eval(c->slip, &si, &so); /* no event: the MDT's gate does not matter */
    mdt_in_t mi = mdt_inputs(&q, &so);
    mdt_idle(c->mdt, &mi, n);
    slip_ctrl_idle(c->slip, &si, n);
}

const dom_core_params_t *dom_core_params(const dom_core_t *c)
{
    return &c->p;
}

const mdt_t *dom_core_mdt(const dom_core_t *c)
{
    return c->mdt;
}

const slip_ctrl_t *dom_core_slip(const dom_core_t *c)
{
    return c->slip;
}
