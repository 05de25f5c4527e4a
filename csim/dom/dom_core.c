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

int dom_core_create(const dom_core_params_t *p, dom_core_t **out)
{
    if (out)
        *out = NULL;
    if (!p || !out)
        return DOM_CORE_EPARAM_MDT;
    mdt_params_t mp = {p->num_warps, p->entries_per_warp, p->warp_width, p->pc_width};
    slip_ctrl_params_t sp = {p->num_warps,      p->warp_width,      p->counter_width,
                             p->sample_period,  p->init_max_slip,   p->idle_threshold,
                             p->stall_threshold, p->bytes_width,    p->fair_bytes};
    dom_core_t *c = calloc(1, sizeof *c);
    if (!c)
        return DOM_CORE_ENOMEM;
    c->p = *p;
    int rc = mdt_create(&mp, &c->mdt);
    if (rc) {
        dom_core_destroy(c);
        return rc == MDT_ENOMEM ? DOM_CORE_ENOMEM : DOM_CORE_EPARAM_MDT;
    }
    rc = slip_ctrl_create(&sp, &c->slip);
    if (rc) {
        dom_core_destroy(c);
        return rc == SC_ENOMEM ? DOM_CORE_ENOMEM : DOM_CORE_EPARAM_SLIP;
    }
    *out = c;
    return DOM_CORE_OK;
}

void dom_core_destroy(dom_core_t *c)
{
    if (!c)
        return;
    mdt_destroy(c->mdt);
    slip_ctrl_destroy(c->slip);
    free(c);
}

void dom_core_reset(dom_core_t *c)
{
    mdt_reset(c->mdt);
    slip_ctrl_reset(c->slip);
}

void dom_core_step(dom_core_t *c, const dom_core_in_t *in, dom_core_out_t *out,
                   dom_core_events_t *ev)
{
    unsigned op = in->acc_op & 3u; /* acc_op_i is 2 bits */
    dom_core_events_t e;
    memset(&e, 0, sizeof e);
    e.slip_in = (slip_ctrl_in_t){
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
    /* the slip controller's outputs are from the state before the edge, so
     * its query (the access warp's blocking mode) is known before the MDT's
     * step that it gates */
    slip_ctrl_out_t so;
    slip_ctrl_step(c->slip, &e.slip_in, &so, &e.slip);
    e.mdt_in = (mdt_in_t){
        .acc_valid = in->acc_valid,
        .acc_op = in->acc_op,
        .acc_warp = in->acc_warp,
        .acc_pc = in->acc_pc,
        .acc_exec = in->acc_exec,
        .acc_hit = in->acc_hit,
        .acc_alloc_ok = !so.q_block,
        .fill_valid = in->fill_valid,
        .fill_warp = in->fill_warp,
        .fill_entry = in->fill_entry,
        .fill_mask = in->fill_mask,
        .rd_warp = in->rd_warp,
        .rd_entry = in->rd_entry,
    };
    mdt_step(c->mdt, &e.mdt_in, &e.mdt_out, &e.mdt);
    if (ev)
        *ev = e;
    if (!out)
        return;
    const mdt_out_t *mo = &e.mdt_out;
    *out = (dom_core_out_t){
        .acc_block = so.q_block,
        .acc_limit = so.q_limit,
        .rsp_valid = mo->rsp_valid,
        .rsp_err = mo->rsp_err,
        .rsp_kind = mo->rsp_kind,
        .rsp_entry = mo->rsp_entry,
        .rsp_rejoin = mo->rsp_rejoin,
        .rsp_waiting = mo->rsp_waiting,
        .fill_rsp_valid = mo->fill_rsp_valid,
        .fill_err = mo->fill_err,
        .mdt_sticky = mo->err_sticky,
        .slip_err = so.rsp_err,
        .slip_sticky = so.err_sticky,
        .max_slip = so.max_slip,
        .adapt = so.adapt,
        .period_end = so.period_end,
        .rd_valid = mo->rd_valid,
        .rd_pc = mo->rd_pc,
        .rd_waiting = mo->rd_waiting,
        .rd_ready = mo->rd_ready,
        .rd_age = mo->rd_age,
        .rd_masked = mo->rd_masked,
        .rd_free = mo->rd_free,
    };
    memcpy(out->rd_counts, so.rd_counts, sizeof out->rd_counts);
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
