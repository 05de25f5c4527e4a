/* Golden cycle model of simtx_rename: the front end and PIRAT models wired
 * as docs/blocks/simtx_rename.md documents (see simtx_rename.h). */
#include "simtx_rename.h"

#include <string.h>

#include "clog2.h"

/* A request the front end took, as far as the rollback and the rename go:
 * whether it is a ROLLBACK, and the warp it acts on (a CONVERGE's: the
 * pick's). */
typedef struct {
    bool rollback;
    unsigned warp;
} taken_t;

struct simtx_rename {
    simtx_rename_params_t p;
    simtx_frontend_t *fe;
    pirat_t *pr;
    taken_t taken[2]; /* the request taken one ([0]) and two ([1], its S cycle) cycles ago */
    unsigned path_span; /* 2^PathIdWidth: a path id's bits of mrg_mp */
    unsigned ref_max;   /* a Pathtable count's maximum */
};

static int init(simtx_rename_t *c, const simtx_rename_params_t *p)
{
    /* p passed the core's checks, which hold each child's (its ranges and
     * rules): a child can only fail for want of memory */
    simtx_frontend_params_t fp = simtx_rename_simtx_frontend_params(p);
    pirat_params_t rp = simtx_rename_pirat_params(p);
    if (simtx_frontend_create(&fp, &c->fe) != FE_OK || pirat_create(&rp, &c->pr) != PR_OK)
        return RN_ENOMEM;
    c->path_span = 1u << clog2(p->paths_per_warp);
    c->ref_max = (1u << p->ref_width) - 1u;
    return RN_OK;
}

MODEL_DEFINE_CREATE(simtx_rename, init)
MODEL_DEFINE_DESTROY(simtx_rename, simtx_frontend_destroy(m->fe); pirat_destroy(m->pr))

void simtx_rename_reset(simtx_rename_t *c)
{
    simtx_frontend_reset(c->fe);
    pirat_reset(c->pr);
    memset(c->taken, 0, sizeof c->taken);
}

const simtx_rename_params_t *simtx_rename_params(const simtx_rename_t *c) { return &c->p; }

/* The cycle's wiring, from the inputs and the state before the edge. */
typedef struct {
    simtx_frontend_in_t fi;
    simtx_frontend_out_t fo;
    pirat_in_t pi;
    pirat_out_t po;
} wiring_t;

#define FROM_IN(type, name, dims) w->fi.name = in->name;
#define PR_FROM_IN(type, name, dims) w->pi.name = in->name;

static void wire(const simtx_rename_t *c, const simtx_rename_in_t *in, wiring_t *w)
{
    memset(w, 0, sizeof *w);
    RN_SIMTX_FRONTEND_INS(FROM_IN)
    /* the rename reads its warp's Pathtable row through the read port */
    w->fi.rd_warp = in->ren_valid ? in->ren_warp : in->rd_warp;
    simtx_frontend_eval(c->fe, &w->fi, &w->fo);
    RN_PIRAT_INS(PR_FROM_IN)
    w->pi.rd_warp = in->rd_warp;
    /* a rename on a path the Pathtable does not hold for it: FREE, or
     * allocated by this cycle's response in its warp (not yet shown) */
    w->pi.ren_path_bad =
        (in->ren_path < c->p.paths_per_warp && w->fo.rd_states[in->ren_path] == PT_STATE_FREE) ||
        (w->fo.rsp_valid && w->fo.rsp_err == PT_ERR_NONE && w->fo.rsp_alloc &&
         c->taken[1].warp == in->ren_warp && w->fo.rsp_id == in->ren_path);
    memcpy(w->pi.pt_masks, w->fo.rd_masks, sizeof w->pi.pt_masks);
    w->pi.pending = w->fo.pending_nz;
    /* a ROLLBACK in its S cycle, accepted */
    w->pi.rb_valid = c->taken[1].rollback && w->fo.rsp_valid && w->fo.rsp_err == PT_ERR_NONE;
    w->pi.rb_warp = w->pi.rb_valid ? c->taken[1].warp : 0u;
    /* a merge naming a path holds it from the cycle it shows to its commit
     * (the PIRAT's merge outputs are registered) */
    const pirat_out_t *reg = pirat_registered(c->pr);
    w->fi.hold_valid = reg->mrg_valid && reg->mrg_is_path &&
                       !(w->pi.rb_valid && w->pi.rb_warp == reg->uop_warp);
    w->fi.hold_warp = reg->uop_warp;
    w->fi.hold_path = (unsigned)(reg->mrg_mp & (c->path_span - 1u));
    /* a rename is held while a path of its warp is within one of its
     * count's maximum, the hold of this edge counted (rd_refs is the
     * renaming warp's row) */
    if (in->ren_valid)
        for (unsigned h = 0; h < c->p.paths_per_warp; h++) {
            unsigned n = w->fo.rd_refs[h] + (w->fi.hold_valid && w->fi.hold_warp == in->ren_warp &&
                                             w->fi.hold_path == h);
            w->pi.ren_hold |= n + 1u >= c->ref_max;
        }
    pirat_eval(c->pr, &w->pi, &w->po);
    /* its commit's verdict does not depend on the Pathtable's holders: the
     * front end's outputs the PIRAT reads stay as they are */
    w->fi.drop_valid = in->cmt_valid && in->cmt_merge && in->cmt_is_path &&
                       w->po.cmt_err == PR_ERR_NONE;
    w->fi.drop_warp = in->cmt_warp;
    w->fi.drop_path = in->cmt_path;
    if (w->fi.hold_valid || w->fi.drop_valid)
        simtx_frontend_eval(c->fe, &w->fi, &w->fo);
}

/* memcpy: the Pathtable's row ports are arrays */
#define FE_OUT(type, name, dims) memcpy(&out->name, &w->fo.name, sizeof out->name);
#define PR_OUT(type, name, dims) out->name = po.name;

static void outputs(const simtx_rename_t *c, const wiring_t *w, simtx_rename_out_t *out)
{
    (void)c;
    const pirat_out_t po = w->po;
    memset(out, 0, sizeof *out);
    RN_SIMTX_FRONTEND_OUTS(FE_OUT)
    RN_PIRAT_OUTS(PR_OUT)
    out->drop_err = w->fo.drop_err;
    out->hold_err = w->fo.hold_err;
    out->ren_err_sticky = po.err_sticky;
    out->rb_valid = w->pi.rb_valid;
    out->rb_warp = w->pi.rb_warp;
}

void simtx_rename_eval(const simtx_rename_t *c, const simtx_rename_in_t *in,
                       simtx_rename_out_t *out)
{
    wiring_t w;
    wire(c, in, &w);
    outputs(c, &w, out);
}

void simtx_rename_step(simtx_rename_t *c, const simtx_rename_in_t *in, simtx_rename_out_t *out,
                       simtx_rename_events_t *ev)
{
    wiring_t w;
    wire(c, in, &w);
    if (out)
        outputs(c, &w, out);
    simtx_rename_events_t e;
    if (!ev)
        ev = &e;
    memset(ev, 0, sizeof *ev);
    ev->fe_in = w.fi;
    ev->pr_in = w.pi;
    simtx_frontend_step(c->fe, &w.fi, NULL, &ev->fe);
    pirat_step(c->pr, &w.pi, NULL, &ev->pr);
    unsigned op = in->req_op & RN_REQ_OP_MASK;
    unsigned acting = op == FE_OP_CONVERGE ? w.fo.sel_warp : in->req_warp;
    c->taken[1] = c->taken[0];
    c->taken[0] = (taken_t){.rollback = ev->fe.take && op == FE_OP_ROLLBACK, .warp = acting};
}

const simtx_frontend_t *simtx_rename_frontend(const simtx_rename_t *c) { return c->fe; }
const pirat_t *simtx_rename_pirat(const simtx_rename_t *c) { return c->pr; }

bool simtx_rename_same_state(const simtx_rename_t *a, const simtx_rename_t *b)
{
    return simtx_frontend_same_state(a->fe, b->fe) && pirat_same_state(a->pr, b->pr);
}
