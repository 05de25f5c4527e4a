/* Golden cycle model of tbc_core: the wiring of rtl/tbc/tbc_core.sv over
 * the two golden models (see tbc_core.h).
 *
 *   stack.cmp_ready      = compactor.in_ready (registered: the compactor is
 *                          empty), so the stack's outputs and the compactor's
 *                          are both functions of the state before the edge
 *   compactor.in_*       = stack.cmp_valid / cmp_mask / cmp_static
 *   compactor.out_ready  = out_ready
 *   warp_pc              <= stack.cmp_pc when the compactor takes the mask
 *   out_pc               = out_valid ? warp_pc : 0
 *
 * The stack's observation ports that the core does not bring out (tos_mask,
 * tos_lpos, tos_idx) and the compactor's busy are
 * dropped. */
#include "tbc_core.h"

#include <stdlib.h>
#include <string.h>

struct tbc_core {
    tbc_core_params_t p; /* the stack's parameters */
    tbc_stack_t *stack;
    thread_compactor_t *cmp;
    uint64_t warp_pc; /* the PC of the mask being compacted */
};

/* The children check the parameters: the stack all of them. */
static int init(tbc_core_t *m, const tbc_core_params_t *p)
{
    /* p passed the core's checks, which hold each child's (its ranges and
     * rules): a child can only fail for want of memory */
    tbc_stack_params_t sp = tbc_core_tbc_stack_params(p);
    thread_compactor_params_t cp = tbc_core_thread_compactor_params(p);
    if (tbc_stack_create(&sp, &m->stack) != TBC_OK ||
        thread_compactor_create(&cp, &m->cmp) != TC_OK)
        return TBCC_ENOMEM;
    return TBCC_OK;
}

MODEL_DEFINE_CREATE(tbc_core, init)
MODEL_DEFINE_DESTROY(tbc_core, tbc_stack_destroy(m->stack); thread_compactor_destroy(m->cmp))

void tbc_core_reset(tbc_core_t *m)
{
    tbc_stack_reset(m->stack);
    thread_compactor_reset(m->cmp);
    m->warp_pc = 0;
}

static void outputs(const tbc_core_t *m, const tbc_stack_out_t *so,
                    const thread_compactor_out_t *co, tbc_core_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->req_ready = so->req_ready;
    out->rsp_valid = so->rsp_valid;
    out->rsp_err = so->rsp_err;
    out->err_sticky = so->err_sticky;
    out->tos_valid = so->tos_valid;
    out->tos_pc = so->tos_pc;
    out->tos_rpc = so->tos_rpc;
    out->tos_lpc = so->tos_lpc;
    out->tos_wcnt = so->tos_wcnt;
    out->depth = so->depth;
    out->out_valid = co->out_valid;
    out->out_lane_valid = co->out_lane_valid;
    memcpy(out->out_lane_sw, co->out_lane_sw, sizeof out->out_lane_sw);
    out->out_last = co->out_last;
    out->out_pc = co->out_valid ? m->warp_pc : 0;
}

void tbc_core_peek(const tbc_core_t *m, tbc_core_out_t *out)
{
    tbc_stack_out_t so;
    thread_compactor_out_t co;
    tbc_stack_peek(m->stack, &so);
    thread_compactor_peek(m->cmp, &co);
    outputs(m, &so, &co, out);
}

void tbc_core_step(tbc_core_t *m, const tbc_core_in_t *in, tbc_core_out_t *out,
                   tbc_core_events_t *ev)
{
    tbc_core_events_t local, *e = ev ? ev : &local;
    thread_compactor_out_t pre;
    thread_compactor_peek(m->cmp, &pre);

    memset(&e->stack_in, 0, sizeof e->stack_in);
#define TBC_CORE_COPY_(f) e->stack_in.f = in->f;
    TBC_CORE_REQ_FIELDS(TBC_CORE_COPY_)
#undef TBC_CORE_COPY_
    memcpy(e->stack_in.req_lane_sw, in->req_lane_sw, sizeof e->stack_in.req_lane_sw);
    e->stack_in.cmp_ready = pre.in_ready;
    tbc_stack_step(m->stack, &e->stack_in, &e->stack_out, &e->stack);

    e->cmp_in = (thread_compactor_in_t){.in_valid = e->stack_out.cmp_valid,
                                        .in_mask = e->stack_out.cmp_mask,
                                        .in_static = e->stack_out.cmp_static,
                                        .out_ready = in->out_ready};
    thread_compactor_step(m->cmp, &e->cmp_in, &e->cmp_out);

    if (out)
        outputs(m, &e->stack_out, &e->cmp_out, out);
    /* the rising edge of the PC register */
    if (e->stack_out.cmp_valid && pre.in_ready)
        m->warp_pc = e->stack_out.cmp_pc;
}

const tbc_stack_t *tbc_core_stack(const tbc_core_t *m)
{
    return m->stack;
}

const thread_compactor_t *tbc_core_compactor(const tbc_core_t *m)
{
    return m->cmp;
}
