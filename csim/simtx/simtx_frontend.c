/* Golden cycle model of simtx_frontend: the Pathtable, predictor and PST
 * models wired as docs/blocks/simtx_frontend.md documents (see
 * simtx_frontend.h). */
#include "simtx_frontend.h"

#include <string.h>

#include "clog2.h"

/* The request in flight (one at a time): what its T cycle read and judged,
 * then its P cycle's verdict (simtx_frontend.h). */
enum { STAGE_IDLE, STAGE_P, STAGE_S };
typedef struct {
    unsigned stage;           /* the cycle it is in: P (the Pathtable) or S (the PST) */
    simtx_frontend_in_t in;   /* as presented */
    unsigned op, warp, own;   /* op cut to 4 bits; the warp acted on; the core's verdict */
    unsigned slot;            /* the lowest free PST slot of the warp in T */
    unsigned buops;           /* the warp's buops in flight (unchanged until S) */
    pst_out_t pick;           /* the PST's outputs in T */
    pst_events_t pick_ev;     /* and its events (the pick's take) */
    bool look_div;            /* the predictor's lookup in T */
    pathtable_in_t ptin;      /* the Pathtable's request: operands read in T */
    pst_in_t sin;             /* the PST's: slots and operands from T, op and path from P */
    div_predictor_in_t din;   /* the predictor's, from P */
    pathtable_events_t pt;    /* what the Pathtable did in P */
    unsigned err;             /* the code: the core's, else the Pathtable's (from P) */
    bool ok;
} flight_t;

struct simtx_frontend {
    simtx_frontend_params_t p;
    pathtable_t *pt;
    div_predictor_t *dp;
    pst_t *pst;
    unsigned buops[PT_NUM_WARPS_MAX]; /* per warp: buops in flight */
    flight_t f;
    bool rsp_valid, rsp_alloc, rsp_div, rsp_null;
    unsigned rsp_err, rsp_id, rsp_slot, err_sticky;
};

/* The children check their parameters first (init: a parameter out of a
 * child's range is that child's code); then the core checks that the
 * pending count can hold every buop the warps can have in flight. */
static int init(simtx_frontend_t *c, const simtx_frontend_params_t *p)
{
    /* p passed the core's checks, which hold each child's (its ranges and
     * rules): a child can only fail for want of memory */
    pathtable_params_t tp = simtx_frontend_pathtable_params(p);
    div_predictor_params_t dp = simtx_frontend_div_predictor_params(p);
    pst_params_t sp = simtx_frontend_pst_params(p);
    if (pathtable_create(&tp, &c->pt) != PT_OK || div_predictor_create(&dp, &c->dp) != DP_OK ||
        pst_create(&sp, &c->pst) != PST_OK)
        return FE_ENOMEM;
    return FE_OK;
}

MODEL_DEFINE_CREATE(simtx_frontend, init)
MODEL_DEFINE_DESTROY(simtx_frontend, pathtable_destroy(m->pt); div_predictor_destroy(m->dp);
                     pst_destroy(m->pst))

void simtx_frontend_reset(simtx_frontend_t *c)
{
    pathtable_reset(c->pt);
    div_predictor_reset(c->dp);
    pst_reset(c->pst);
    memset(c->buops, 0, sizeof c->buops);
    memset(&c->f, 0, sizeof c->f);
    c->rsp_valid = c->rsp_alloc = c->rsp_div = c->rsp_null = false;
    c->rsp_err = c->rsp_id = c->rsp_slot = c->err_sticky = 0;
}

/* The cycle's wiring, worked out before the edge from the registered state
 * of the children and of the request in flight, and the inputs. */
typedef struct {
    pathtable_in_t ptin;
    pathtable_out_t pto;
    pst_in_t tv;    /* the PST read as a request taken now would read it */
    pst_out_t so;   /* its outputs */
    pst_in_t sin;   /* the PST's request of the edge: S's write, or the pick's take */
    div_predictor_in_t din;
    div_predictor_out_t dout;
    unsigned op;    /* req_op cut to 4 bits */
    unsigned req_warp, req_slot, req_a; /* cut to their ports' widths */
    unsigned warp;  /* the warp a request taken now acts on (CONVERGE: the pick's) */
    unsigned buops; /* req_warp's buops in flight */
    bool ready;     /* no request in flight */
    bool take;      /* a request taken at this edge ... */
    flight_t f;     /* ... and what its T cycle records */
} wiring_t;

static bool is_op(unsigned op, unsigned a) { return op == a; }

/* The core's own judgement: FE_ERR_*, the Pathtable's codes it shares
 * (BAD_OP, BAD_WARP, BAD_PATH, BAD_COMMIT), or PT_ERR_NONE. */
static unsigned own_error(const simtx_frontend_t *c, const wiring_t *w)
{
    unsigned op = w->op;
    bool valid = w->so.rd_valid; /* the slot the PST's read port shows */
    bool held = (w->so.rd_paths >> w->req_a) & 1u; /* a valid slot of the warp holds req_a */
    if (op >= FE_OP_COUNT)
        return PT_ERR_BAD_OP;
    if (op != FE_OP_NOP && op != FE_OP_CONVERGE && w->req_warp >= c->p.num_warps)
        return PT_ERR_BAD_WARP;
    /* an INIT of a warp with a valid slot; so no INIT meets PST_FULL: a warp
     * without one has every slot free, more than the SlotsPerWarp - 1 buops
     * it can have in flight */
    if (op == FE_OP_INIT && w->so.req_free < c->p.slots_per_warp)
        return FE_ERR_RUNNING;
    if (((op == FE_OP_FETCH || op == FE_OP_BRANCH || op == FE_OP_END) && !valid) ||
        (op == FE_OP_RETIRE && w->req_slot >= c->p.slots_per_warp))
        return FE_ERR_BAD_SLOT;
    if (op == FE_OP_BRANCH && w->so.req_free <= w->buops)
        return FE_ERR_PST_FULL; /* no slot, or every free one kept for an alternate */
    if (op == FE_OP_CONVERGE && !w->so.conv_valid)
        return FE_ERR_NO_CONV;
    if ((op == FE_OP_RETIRE && w->req_a >= c->p.paths_per_warp) || (op == FE_OP_DEREF && held))
        return PT_ERR_BAD_PATH; /* DEREF: the slot's reference is dropped after its END */
    if (op == FE_OP_BCOMMIT && w->buops == 0)
        return PT_ERR_BAD_COMMIT;
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

/* T: the request as the core reads and judges it (nothing acts yet). */
static void judge(const simtx_frontend_t *c, const simtx_frontend_in_t *in, wiring_t *w)
{
    flight_t *f = &w->f;
    unsigned op = w->op;
    bool conv = is_op(op, FE_OP_CONVERGE);
    f->stage = STAGE_P;
    f->in = *in;
    f->op = op;
    f->warp = w->warp;
    f->own = own_error(c, w);
    f->slot = w->so.req_slot;
    f->buops = w->buops;
    f->pick = w->so;
    f->look_div = w->dout.look_div;
    f->ptin = (pathtable_in_t){
        .req_op = f->own == PT_ERR_NONE && op < FE_OP_COUNT ? pt_op_of[op] : PT_OP_NOP,
        .req_warp = w->warp,
        .req_a = is_op(op, FE_OP_BRANCH) ? w->so.rd_path : conv ? w->so.sel_path : in->req_a,
        .req_b = conv ? w->so.conv_path : in->req_b,
        .req_c = in->req_c,
        .req_alt = in->req_alt,
        .req_mask = in->req_mask,
        .req_keep = w->so.rd_keep,
    };
    f->sin = (pst_in_t){
        .req_warp = w->warp,
        .req_slot = conv ? w->so.sel_slot : w->req_slot,
        .req_slot2 = w->so.conv_slot,
        .req_path = w->req_a, /* RETIRE's; the others take the Pathtable's (P) */
        .req_pc = in->req_pc,
        .req_depth = in->req_depth,
        .req_rvalid = in->req_rvalid,
        .rd_warp = w->warp,
        .rd_slot = w->tv.rd_slot,
    };
}

/* P: the Pathtable's verdict (pto) decides what the PST and the predictor
 * do in S. */
static void verdict(flight_t *f, const pathtable_out_t *pto)
{
    unsigned op = f->op;
    f->stage = STAGE_S;
    f->err = f->own != PT_ERR_NONE ? f->own : pto->req_err;
    f->ok = f->err == PT_ERR_NONE;
    unsigned sop = f->ok ? pst_op_of[op] : PST_OP_NOP;
    if (is_op(op, FE_OP_BEXEC) && !pto->req_alloc)
        sop = PST_OP_NOP;
    f->sin.req_op = sop;
    if (!is_op(op, FE_OP_RETIRE))
        f->sin.req_path = pto->req_id;
    bool exec = is_op(op, FE_OP_BEXEC);
    f->din = (div_predictor_in_t){
        .res_valid = f->ok && (exec || is_op(op, FE_OP_RESOLVE)),
        .res_pc = f->in.req_bpc,
        .res_div = exec ? pto->req_div : f->in.req_div,
        .res_fix = DP_FIX_NONE,
        .inj = f->ok && is_op(op, FE_OP_BRANCH),
        .cmt = f->ok && is_op(op, FE_OP_BCOMMIT),
        .sq = f->ok && is_op(op, FE_OP_ROLLBACK) ? f->buops : 0u,
    };
}

static void wire(const simtx_frontend_t *c, const simtx_frontend_in_t *in, wiring_t *w)
{
    memset(w, 0, sizeof *w);
    const flight_t *f = &c->f;
    w->op = in->req_op & FE_REQ_OP_MASK;
    w->req_warp = in->req_warp & index_mask(c->p.num_warps);
    w->req_slot = in->req_slot & index_mask(c->p.slots_per_warp);
    w->req_a = in->req_a & index_mask(c->p.paths_per_warp);
    w->ready = f->stage == STAGE_IDLE;
    w->take = w->ready && w->op != FE_OP_NOP;

    /* the PST as T reads it, at the request's warp and the slot it names (a
     * CONVERGE's paths: the pick's and the convergent slot's) */
    w->tv = (pst_in_t){.req_warp = w->req_warp, .rd_warp = w->req_warp, .rd_slot = w->req_slot};
    pst_eval(c->pst, &w->tv, &w->so);
    w->warp = is_op(w->op, FE_OP_CONVERGE) ? w->so.sel_warp : w->req_warp;
    w->buops = w->req_warp < c->p.num_warps ? c->buops[w->req_warp] : 0u;
    w->sin = w->tv;
    w->sin.sel_take = in->sel_take && w->ready;
    if (f->stage == STAGE_S)
        w->sin = f->sin;

    w->ptin = (pathtable_in_t){.req_op = PT_OP_NOP};
    if (f->stage == STAGE_P)
        w->ptin = f->ptin;
    w->ptin.rd_warp = in->rd_warp;
    w->ptin.rd_path = in->rd_path;
    w->ptin.hold_valid = in->hold_valid;
    w->ptin.hold_warp = in->hold_warp;
    w->ptin.hold_path = in->hold_path;
    w->ptin.drop_valid = in->drop_valid;
    w->ptin.drop_warp = in->drop_warp;
    w->ptin.drop_path = in->drop_path;
    pathtable_eval(c->pt, &w->ptin, &w->pto);

    w->din = (div_predictor_in_t){.res_fix = DP_FIX_NONE};
    if (f->stage == STAGE_S)
        w->din = f->din;
    w->din.look_pc = in->look_pc;
    div_predictor_eval(c->dp, &w->din, &w->dout);
    if (w->take)
        judge(c, in, w);
}

static void outputs(const simtx_frontend_t *c, const wiring_t *w, simtx_frontend_out_t *out)
{
    memset(out, 0, sizeof *out);
    /* memcpy: the row ports are arrays */
#define FE_FROM_(type, f, dims) memcpy(&out->f, &w->pto.f, sizeof out->f);
    FE_PATHTABLE_OUTS(FE_FROM_)
#undef FE_FROM_
#define FE_FROM_(type, f, dims) out->f = w->so.f;
    FE_PST_OUTS(FE_FROM_)
#undef FE_FROM_
#define FE_FROM_(type, f, dims) out->f = w->dout.f;
    FE_DIV_PREDICTOR_OUTS(FE_FROM_)
#undef FE_FROM_
    out->req_ready = w->ready;
    out->buops = w->buops;
    out->rsp_valid = c->rsp_valid;
    out->rsp_err = c->rsp_err;
    out->rsp_alloc = c->rsp_alloc;
    out->rsp_id = c->rsp_id;
    out->rsp_div = c->rsp_div;
    out->rsp_null = c->rsp_null;
    out->rsp_slot = c->rsp_slot;
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
    pathtable_events_t pe;
    pst_events_t se;
    div_predictor_events_t de;
    pathtable_step(c->pt, &w.ptin, NULL, &pe);
    pst_step(c->pst, &w.sin, NULL, &se);
    div_predictor_step(c->dp, &w.din, NULL, &de);

    flight_t *f = &c->f;
    bool respond = false;
    if (f->stage == STAGE_S) { /* the request finishes */
        e.req = true;
        e.in = f->in;
        e.pick = f->pick;
        e.pick_ev = f->pick_ev;
        e.look_div = f->look_div;
        e.pt_in = f->ptin;
        e.pt = f->pt;
        e.pst_in = w.sin;
        e.pst = se;
        e.dp_in = w.din;
        e.dp = de;
        e.err = f->err;
        e.warp = f->warp;
        e.pst_err = se.req ? se.err : (unsigned)PST_ERR_NONE;
        e.dp_err = de.req ? de.err : (unsigned)DP_ERR_NONE;
        if (f->ok) {
            if (is_op(f->op, FE_OP_BRANCH))
                c->buops[f->warp]++;
            else if (is_op(f->op, FE_OP_BCOMMIT))
                c->buops[f->warp]--;
            else if (is_op(f->op, FE_OP_ROLLBACK))
                c->buops[f->warp] = 0;
        }
        f->stage = STAGE_IDLE;
    } else if (f->stage == STAGE_P) { /* the Pathtable acted: its verdict */
        f->pt = pe;
        verdict(f, &w.pto);
        respond = true;
    } else if (w.take) {
        *f = w.f;
        f->pick_ev = se;
    }
    e.take = w.take;
    e.pt_edge = pe;
    e.pt_edge_warp = w.ptin.req_warp;
    model_respond(&c->rsp_valid, &c->rsp_err, &c->err_sticky, respond, f->err, PT_ERR_NONE);
    c->rsp_alloc = respond && w.pto.req_alloc;
    c->rsp_id = respond ? w.pto.req_id : 0u;
    c->rsp_div = respond && w.pto.req_div;
    c->rsp_null = respond && w.pto.req_null;
    c->rsp_slot = respond ? f->slot : 0u;
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

bool simtx_frontend_ready(const simtx_frontend_t *c) { return c->f.stage == STAGE_IDLE; }

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
