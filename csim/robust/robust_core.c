/* Golden cycle model of robust_core: the warp-slice table and the ASU models
 * wired as docs/blocks/robust_core.md documents (see robust_core.h). */
#include "robust_core.h"

#include <stdlib.h>
#include <string.h>

struct robust_core {
    robust_core_params_t p;
    warp_slice_table_t *tbl;
    asu_t *asu;
    bool rsp_valid;
    unsigned rsp_err, err_sticky;
};

/* The children check the parameters. */
static int init(robust_core_t *c, const robust_core_params_t *p)
{
    /* p passed the core's checks, which hold each child's (its ranges and
     * rules): a child can only fail for want of memory */
    warp_slice_table_params_t tp = robust_core_warp_slice_table_params(p);
    asu_params_t ap = robust_core_asu_params(p);
    if (warp_slice_table_create(&tp, &c->tbl) != WSL_OK || asu_create(&ap, &c->asu) != ASU_OK)
        return ROBC_ENOMEM;
    return ROBC_OK;
}

MODEL_DEFINE_CREATE(robust_core, init)
MODEL_DEFINE_DESTROY(robust_core, warp_slice_table_destroy(m->tbl); asu_destroy(m->asu))

void robust_core_reset(robust_core_t *c)
{
    warp_slice_table_reset(c->tbl);
    asu_reset(c->asu);
    c->rsp_valid = false;
    c->rsp_err = c->err_sticky = 0;
}

/* The cycle's wiring, worked out before the edge from the registered state
 * of both children and the request. */
typedef struct {
    warp_slice_table_in_t tin;
    warp_slice_table_out_t to; /* the table's outputs with tin */
    asu_in_t ain;
    asu_out_t ao;              /* the ASU's (registered) outputs */
    unsigned op;               /* req_op cut to 3 bits */
    unsigned err;              /* the request's code */
    bool ok;                   /* a request, accepted */
} wiring_t;

/* The core's own judgement of a request: ROBC_ERR_* or WSL_ERR_NONE. */
static unsigned own_error(unsigned op, unsigned strategy, const asu_out_t *ao,
                          const warp_slice_table_out_t *to)
{
    bool decided = ao->phase == ASU_PHASE_RUN || ao->phase == ASU_PHASE_EXEC;
    /* an interval drains, or the ASU's configuration waits to be applied */
    bool due = ao->phase == ASU_PHASE_DRAIN ||
               (ao->phase == ASU_PHASE_EXEC &&
                (ao->width != to->width || ao->depth != to->depth));
    if (op == WSL_OP_RECONF && !decided)
        return ROBC_ERR_MID_INTERVAL;
    if (op == WSL_OP_ARRIVE && !due)
        return ROBC_ERR_NOT_DRAINING;
    if (op == WSL_OP_LAUNCH && strategy == 3u)
        return ROBC_ERR_BAD_STRATEGY;
    return WSL_ERR_NONE;
}

static void wire(const robust_core_t *c, const robust_core_in_t *in, wiring_t *w)
{
    memset(w, 0, sizeof *w);
    asu_peek(c->asu, &w->ao);
    /* the table's registered outputs: its read port aside, they depend on
     * no input */
    warp_slice_table_eval(c->tbl, &(warp_slice_table_in_t){.req_entry = in->req_entry}, &w->to);

    w->op = in->req_op & ROBC_REQ_OP_MASK;
    unsigned own = own_error(w->op, in->start_strategy & ROBC_START_STRATEGY_MASK, &w->ao, &w->to);
    bool reconf = w->op == WSL_OP_RECONF;
    w->tin = (warp_slice_table_in_t){
        .req_valid = in->req_valid && own == WSL_ERR_NONE,
        .req_op = w->op == ROBC_OP_TASK ? (unsigned)WSL_OP_ADVANCE : w->op,
        .req_entry = in->req_entry,
        .req_width = reconf ? w->ao.width : in->req_width,
        .req_depth = reconf ? w->ao.depth : in->req_depth,
        .req_pc = in->req_pc,
        .req_alt_pc = in->req_alt_pc,
        .req_rpc = in->req_rpc,
        .req_mask = in->req_mask,
    };
    warp_slice_table_eval(c->tbl, &w->tin, &w->to);
    w->err = own != WSL_ERR_NONE ? own : w->to.req_err;
    w->ok = in->req_valid && w->err == WSL_ERR_NONE;

    unsigned op = ASU_OP_NOP;
    if (w->ok && w->op == WSL_OP_LAUNCH)
        op = ASU_OP_START;
    else if (w->ao.phase != ASU_PHASE_IDLE && w->to.slices == 0)
        op = ASU_OP_END;
    else if (w->ao.phase == ASU_PHASE_DRAIN && w->to.arrived)
        op = ASU_OP_SYNC;
    w->ain = (asu_in_t){
        .op = op,
        .start_width = in->req_width,
        .start_depth = in->req_depth,
        .start_strategy = in->start_strategy,
        .start_anneal = in->start_anneal,
        .start_tasks = in->start_tasks,
        .done = w->ok && w->op == ROBC_OP_TASK ? bm_popcount(&w->to.rd_mask) : 0u,
    };
}

static void outputs(const robust_core_t *c, const wiring_t *w, robust_core_out_t *out)
{
    memset(out, 0, sizeof *out);
#define ROBC_FROM_(type, f, dims) out->f = w->to.f;
    ROBC_WARP_SLICE_TABLE_OUTS(ROBC_FROM_)
#undef ROBC_FROM_
#define ROBC_FROM_(type, f, dims) out->f = w->ao.f;
    ROBC_ASU_OUTS(ROBC_FROM_)
#undef ROBC_FROM_
    out->tbl_width = w->to.width;
    out->tbl_depth = w->to.depth;
    out->rsp_valid = c->rsp_valid;
    out->rsp_err = c->rsp_err;
    out->err_sticky = c->err_sticky;
}

void robust_core_eval(const robust_core_t *c, const robust_core_in_t *in,
                      robust_core_out_t *out)
{
    wiring_t w;
    wire(c, in, &w);
    outputs(c, &w, out);
}

void robust_core_step(robust_core_t *c, const robust_core_in_t *in, robust_core_out_t *out,
                      robust_core_events_t *ev)
{
    wiring_t w;
    wire(c, in, &w);
    if (out)
        outputs(c, &w, out);

    robust_core_events_t e;
    memset(&e, 0, sizeof e);
    e.tbl_in = w.tin;
    e.asu_in = w.ain;
    e.req = in->req_valid;
    e.err = in->req_valid ? w.err : (unsigned)WSL_ERR_NONE;
    e.task = w.ain.done > 0u;
    e.task_part = e.task && w.to.rd_tos > 1u;
    e.auto_sync = w.ain.op == ASU_OP_SYNC;
    e.auto_end = w.ain.op == ASU_OP_END;
    bool reconf = w.ok && w.op == WSL_OP_RECONF;
    e.reconf_probe = reconf && w.ao.phase == ASU_PHASE_RUN;
    e.reconf_converged = reconf && w.ao.phase == ASU_PHASE_EXEC && !w.ao.fallback;
    e.reconf_fallback = reconf && w.ao.phase == ASU_PHASE_EXEC && w.ao.fallback;

    asu_step(c->asu, &w.ain, NULL, &e.asu);
    warp_slice_table_step(c->tbl, &w.tin, NULL, &e.tbl);
    model_respond(&c->rsp_valid, &c->rsp_err, &c->err_sticky, in->req_valid, w.err,
                  WSL_ERR_NONE);
    if (reconf) {
        warp_slice_table_out_t after;
        warp_slice_table_eval(c->tbl, &(warp_slice_table_in_t){0}, &after);
        e.depth_over_live = after.slices < w.ao.depth;
    }
    if (ev)
        *ev = e;
}

const robust_core_params_t *robust_core_params(const robust_core_t *c)
{
    return &c->p;
}

const warp_slice_table_t *robust_core_table(const robust_core_t *c)
{
    return c->tbl;
}

const asu_t *robust_core_asu(const robust_core_t *c)
{
    return c->asu;
}

bool robust_core_same_state(const robust_core_t *a, const robust_core_t *b)
{
    return warp_slice_table_same_state(a->tbl, b->tbl) && asu_same_state(a->asu, b->asu);
}
