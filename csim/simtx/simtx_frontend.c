/* Golden cycle model of simtx_frontend: the Pathtable, predictor and PST
 * models wired as docs/blocks/simtx_frontend.md documents (see
 * simtx_frontend.h). */
#include "simtx_frontend.h"

#include <string.h>

#include "clog2.h"

struct simtx_frontend {
    simtx_frontend_params_t p;
    pathtable_t *pt;
    div_predictor_t *dp;
    pst_t *pst;
    unsigned buops[PT_NUM_WARPS_MAX]; /* per warp: buops in flight */
    bool rsp_valid;
    unsigned rsp_err, err_sticky;
};

/* The children check their parameters; the core checks that the pending
 * count can hold every buop the warps can have in flight. */
static int check_params(const simtx_frontend_params_t *p)
{
    if (p->pend_width < clog2(p->num_warps * p->paths_per_warp + 1u))
        return FE_EPARAM_PENDING;
    return FE_OK;
}

static int init(simtx_frontend_t *c, const simtx_frontend_params_t *p)
{
    pathtable_params_t tp = {.num_warps = p->num_warps, .warp_width = p->warp_width,
                             .paths_per_warp = p->paths_per_warp, .ref_width = p->ref_width};
    div_predictor_params_t dp = {.entries = p->entries, .pc_width = p->pc_width,
                                 .pc_shift = p->pc_shift, .pend_width = p->pend_width};
    pst_params_t sp = {.num_warps = p->num_warps, .warp_width = p->warp_width,
                       .slots_per_warp = p->slots_per_warp, .pc_width = p->pc_width,
                       .depth_width = p->depth_width, .paths_per_warp = p->paths_per_warp};
    int rc = pathtable_create(&tp, &c->pt);
    if (rc)
        return rc == PT_ENOMEM ? FE_ENOMEM : FE_EPARAM_PATHTABLE;
    rc = div_predictor_create(&dp, &c->dp);
    if (rc)
        return rc == DP_ENOMEM ? FE_ENOMEM : FE_EPARAM_PREDICTOR;
    rc = pst_create(&sp, &c->pst);
    if (rc)
        return rc == PST_ENOMEM ? FE_ENOMEM : FE_EPARAM_PST;
    return FE_OK;
}

MODEL_DEFINE_CREATE(simtx_frontend, check_params, init, FE_EPARAM_PATHTABLE, FE_OK, FE_ENOMEM)
MODEL_DEFINE_DESTROY(simtx_frontend, pathtable_destroy(m->pt); div_predictor_destroy(m->dp);
                     pst_destroy(m->pst))

void simtx_frontend_reset(simtx_frontend_t *c)
{
    pathtable_reset(c->pt);
    div_predictor_reset(c->dp);
    pst_reset(c->pst);
    memset(c->buops, 0, sizeof c->buops);
    c->rsp_valid = false;
    c->rsp_err = c->err_sticky = 0;
}

/* The cycle's wiring, worked out before the edge from the registered state
 * of the children and the request. */
typedef struct {
    pathtable_in_t ptin;
    pathtable_out_t pto;
    pst_in_t sin;
    pst_out_t so;
    div_predictor_in_t din;
    div_predictor_out_t dout;
    unsigned op;    /* req_op cut to 4 bits */
    unsigned req_warp, req_slot, req_a; /* cut to their ports' widths */
    unsigned warp;  /* the warp acted on */
    unsigned buops; /* its buops in flight */
    unsigned err;   /* the request's code */
    bool ok;        /* a request, accepted */
} wiring_t;

static bool is_op(unsigned op, unsigned a) { return op == a; }

/* The core's own judgement: FE_ERR_*, the Pathtable's codes it shares
 * (BAD_OP, BAD_WARP, BAD_PATH), or PT_ERR_NONE. */
static unsigned own_error(const simtx_frontend_t *c, const wiring_t *w)
{
    unsigned op = w->op;
    bool valid = w->so.rd_valid; /* the slot the PST's read port shows */
    if (op >= FE_OP_COUNT)
        return PT_ERR_BAD_OP;
    if (op != FE_OP_NOP && op != FE_OP_CONVERGE && w->req_warp >= c->p.num_warps)
        return PT_ERR_BAD_WARP;
    if (((op == FE_OP_FETCH || op == FE_OP_BRANCH || op == FE_OP_END) && !valid) ||
        (op == FE_OP_RETIRE && w->req_slot >= c->p.slots_per_warp))
        return FE_ERR_BAD_SLOT;
    if ((op == FE_OP_INIT || op == FE_OP_BRANCH) && w->so.req_free <= w->buops)
        return FE_ERR_PST_FULL; /* no slot, or every free one kept for an alternate */
    if (op == FE_OP_CONVERGE && !w->so.conv_valid)
        return FE_ERR_NO_CONV;
    if (op == FE_OP_RETIRE && w->req_a >= c->p.paths_per_warp)
        return PT_ERR_BAD_PATH;
    return PT_ERR_NONE;
}

/* The Pathtable's op for each of the core's (NOP: none). */
static const unsigned pt_op_of[FE_OP_COUNT] = {
    [FE_OP_INIT] = PT_OP_INIT,       [FE_OP_BRANCH] = PT_OP_BUOP,
    [FE_OP_CONVERGE] = PT_OP_CUOP,   [FE_OP_BEXEC] = PT_OP_BEXEC,
    [FE_OP_BCOMMIT] = PT_OP_BCOMMIT, [FE_OP_CEXEC] = PT_OP_CEXEC,
    [FE_OP_CCOMMIT] = PT_OP_CCOMMIT, [FE_OP_REF] = PT_OP_REF,
    [FE_OP_DEREF] = PT_OP_DEREF,     [FE_OP_ROLLBACK] = PT_OP_SQUASH,
};
/* The PST's (BEXEC's ADD only when the Pathtable allocates the alternate). */
static const unsigned pst_op_of[FE_OP_COUNT] = {
    [FE_OP_INIT] = PST_OP_ADD,         [FE_OP_FETCH] = PST_OP_SET,
    [FE_OP_BRANCH] = PST_OP_RENEW,     [FE_OP_CONVERGE] = PST_OP_CONVERGE,
    [FE_OP_END] = PST_OP_REMOVE,       [FE_OP_BEXEC] = PST_OP_ADD,
    [FE_OP_RETIRE] = PST_OP_RCOMMIT,   [FE_OP_ROLLBACK] = PST_OP_ROLLBACK,
};

static void wire(const simtx_frontend_t *c, const simtx_frontend_in_t *in, wiring_t *w)
{
    memset(w, 0, sizeof *w);
    w->op = in->req_op & 15u;
    w->req_warp = in->req_warp & index_mask(c->p.num_warps);
    w->req_slot = in->req_slot & index_mask(c->p.slots_per_warp);
    w->req_a = in->req_a & index_mask(c->p.paths_per_warp);
    bool conv = is_op(w->op, FE_OP_CONVERGE);

    /* the PST, at the request's warp and the slot it names; a CONVERGE's
     * are the pick's (which depends on no input): a second look */
    w->sin = (pst_in_t){.req_warp = w->req_warp, .sel_take = in->sel_take,
                        .rd_warp = w->req_warp, .rd_slot = w->req_slot};
    pst_eval(c->pst, &w->sin, &w->so);
    w->warp = w->req_warp;
    if (conv) {
        w->warp = w->sin.req_warp = w->sin.rd_warp = w->so.sel_warp;
        w->sin.rd_slot = w->so.conv_slot;
        pst_eval(c->pst, &w->sin, &w->so);
    }
    w->buops = w->warp < c->p.num_warps ? c->buops[w->warp] : 0u;

    unsigned own = own_error(c, w);
    unsigned pt_op = own == PT_ERR_NONE && w->op < FE_OP_COUNT ? pt_op_of[w->op] : PT_OP_NOP;
    w->ptin = (pathtable_in_t){
        .req_op = pt_op,
        .req_warp = w->warp,
        .req_a = is_op(w->op, FE_OP_BRANCH) ? w->so.rd_path : conv ? w->so.sel_path : in->req_a,
        .req_b = conv ? w->so.rd_path : in->req_b,
        .req_c = in->req_c,
        .req_alt = in->req_alt,
        .req_mask = in->req_mask,
        .req_keep = w->so.rd_keep,
        .rd_warp = in->rd_warp,
        .rd_path = in->rd_path,
    };
    pathtable_eval(c->pt, &w->ptin, &w->pto);
    w->err = own != PT_ERR_NONE ? own : w->pto.req_err;
    w->ok = w->op != FE_OP_NOP && w->err == PT_ERR_NONE;

    unsigned sop = w->ok ? pst_op_of[w->op] : PST_OP_NOP;
    if (is_op(w->op, FE_OP_BEXEC) && !w->pto.req_alloc)
        sop = PST_OP_NOP;
    w->sin.req_op = sop;
    w->sin.req_slot = conv ? w->so.sel_slot : w->req_slot;
    w->sin.req_slot2 = w->so.conv_slot;
    w->sin.req_path = is_op(w->op, FE_OP_RETIRE) ? w->req_a : w->pto.req_id;
    w->sin.req_pc = in->req_pc;
    w->sin.req_depth = in->req_depth;
    w->sin.req_rvalid = in->req_rvalid;

    bool exec = is_op(w->op, FE_OP_BEXEC);
    w->din = (div_predictor_in_t){
        .look_pc = in->look_pc,
        .res_valid = w->ok && (exec || is_op(w->op, FE_OP_RESOLVE)),
        .res_pc = in->req_bpc,
        .res_div = exec ? w->pto.req_div : in->req_div,
        .res_fix = DP_FIX_NONE,
        .inj = w->ok && is_op(w->op, FE_OP_BRANCH),
        .cmt = w->ok && is_op(w->op, FE_OP_BCOMMIT),
        .sq = w->ok && is_op(w->op, FE_OP_ROLLBACK) ? w->buops : 0u,
    };
    div_predictor_eval(c->dp, &w->din, &w->dout);
}

static void outputs(const simtx_frontend_t *c, const wiring_t *w, simtx_frontend_out_t *out)
{
    memset(out, 0, sizeof *out);
#define FE_FROM_(type, f) out->f = w->pto.f;
    FE_PT_OUTS(FE_FROM_)
#undef FE_FROM_
#define FE_FROM_(type, f) out->f = w->so.f;
    FE_PST_OUTS(FE_FROM_)
#undef FE_FROM_
#define FE_FROM_(type, f) out->f = w->dout.f;
    FE_DP_OUTS(FE_FROM_)
#undef FE_FROM_
    memcpy(out->rd_masks, w->pto.rd_masks, sizeof out->rd_masks);
    memcpy(out->rd_states, w->pto.rd_states, sizeof out->rd_states);
    out->req_err = w->err;
    out->req_slot = w->so.req_slot;
    out->buops = w->buops;
    out->rsp_valid = c->rsp_valid;
    out->rsp_err = c->rsp_err;
    out->err_sticky = c->err_sticky;
}

void simtx_frontend_eval(const simtx_frontend_t *c, const simtx_frontend_in_t *in,
                         simtx_frontend_out_t *out)
{
    wiring_t w;
    wire(c, in, &w);
    outputs(c, &w, out);
}

void simtx_frontend_step(simtx_frontend_t *c, const simtx_frontend_in_t *in,
                         simtx_frontend_out_t *out, simtx_frontend_events_t *ev)
{
    wiring_t w;
    wire(c, in, &w);
    if (out)
        outputs(c, &w, out);

    simtx_frontend_events_t e;
    memset(&e, 0, sizeof e);
    e.pt_in = w.ptin;
    e.pst_in = w.sin;
    e.dp_in = w.din;
    e.req = w.op != FE_OP_NOP;
    e.err = e.req ? w.err : (unsigned)PT_ERR_NONE;
    e.warp = w.warp;

    pathtable_step(c->pt, &w.ptin, NULL, &e.pt);
    pst_step(c->pst, &w.sin, NULL, &e.pst);
    div_predictor_step(c->dp, &w.din, NULL, &e.dp);
    e.pst_err = e.pst.req ? e.pst.err : (unsigned)PST_ERR_NONE;
    e.dp_err = e.dp.req ? e.dp.err : (unsigned)DP_ERR_NONE;
    if (w.ok) {
        if (is_op(w.op, FE_OP_BRANCH))
            c->buops[w.warp]++;
        else if (is_op(w.op, FE_OP_BCOMMIT))
            c->buops[w.warp]--;
        else if (is_op(w.op, FE_OP_ROLLBACK))
            c->buops[w.warp] = 0;
    }
    model_respond(&c->rsp_valid, &c->rsp_err, &c->err_sticky, e.req, w.err, PT_ERR_NONE);
    if (ev)
        *ev = e;
}

const simtx_frontend_params_t *simtx_frontend_params(const simtx_frontend_t *c)
{
    return &c->p;
}

const pathtable_t *simtx_frontend_pathtable(const simtx_frontend_t *c) { return c->pt; }
const pst_t *simtx_frontend_pst(const simtx_frontend_t *c) { return c->pst; }
const div_predictor_t *simtx_frontend_predictor(const simtx_frontend_t *c) { return c->dp; }

unsigned simtx_frontend_buops(const simtx_frontend_t *c, unsigned w)
{
    return w < c->p.num_warps ? c->buops[w] : 0u;
}

bool simtx_frontend_same_state(const simtx_frontend_t *a, const simtx_frontend_t *b)
{
    return pathtable_same_state(a->pt, b->pt) && pst_same_state(a->pst, b->pst) &&
           div_predictor_same_state(a->dp, b->dp) &&
           !memcmp(a->buops, b->buops, sizeof a->buops);
}
