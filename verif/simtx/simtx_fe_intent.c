/* The SIMT-X front end's intent checks (see simtx_fe_intent.h). */
#include "simtx_fe_intent.h"

#include <stdio.h>
#include <string.h>

void simtx_fe_intent_init(simtx_fe_intent_t *x, const simtx_frontend_params_t *p)
{
    memset(x, 0, sizeof *x);
    x->p = *p;
}

/* The predictor's 2-bit counter that a branch at pc is predicted and
 * trained by. */
static unsigned counter(const simtx_frontend_t *fe, uint64_t pc)
{
    const div_predictor_t *dp = simtx_frontend_predictor(fe);
    return div_predictor_counter(dp, div_predictor_index(dp, pc));
}

/* Check 1: the PST's valid slots name paths the Pathtable holds. */
static int scheduled_live(const simtx_fe_intent_t *x, const simtx_frontend_t *fe, char *err,
                          size_t errlen)
{
    const pst_t *pst = simtx_frontend_pst(fe);
    const pathtable_t *pt = simtx_frontend_pathtable(fe);
    for (unsigned w = 0; w < x->p.num_warps; w++)
        for (unsigned s = 0; s < x->p.slots_per_warp; s++) {
            pst_entry_t e = pst_entry(pst, w, s);
            if (e.valid && pathtable_state(pt, w, e.path) == PT_STATE_FREE) {
                snprintf(err, errlen, "intent (SIMT-X 3.4): PST slot %u of warp %u schedules "
                         "path %u, which the Pathtable holds FREE", s, w, e.path);
                return -1;
            }
        }
    return 0;
}

/* Check 3, after the edge of warp w's accepted ROLLBACK. */
static int returned_to_copy(const simtx_fe_intent_t *x, const simtx_frontend_t *fe, unsigned w,
                            char *err, size_t errlen)
{
    const pst_t *pst = simtx_frontend_pst(fe);
    const pathtable_t *pt = simtx_frontend_pathtable(fe);
    uint64_t copy = 0; /* bit h: a valid slot of the copy holds path h */
    for (unsigned s = 0; s < x->p.slots_per_warp; s++) {
        pst_entry_t e = pst_entry(pst, w, s), c = pst_retired(pst, w, s);
        if (e.valid != c.valid ||
            (c.valid && (e.path != c.path || e.pc != c.pc || e.depth != c.depth))) {
            snprintf(err, errlen, "intent (SIMT-X 3.7.2): after warp %u's ROLLBACK, its PST "
                     "slot %u is not the retirement copy's", w, s);
            return -1;
        }
        copy |= (uint64_t)c.valid << c.path;
    }
    for (unsigned h = 0; h < x->p.paths_per_warp; h++) {
        unsigned st = pathtable_state(pt, w, h);
        bool kept = (copy >> h) & 1u;
        if (st != (kept ? PT_STATE_VALID : PT_STATE_FREE)) {
            snprintf(err, errlen, "intent (SIMT-X 3.7.2): after warp %u's ROLLBACK, its path %u "
                     "is %s in the Pathtable and %s the retirement copy", w, h,
                     pt_state_name(st), kept ? "in" : "not in");
            return -1;
        }
    }
    return 0;
}

/* Check 4, after the edge of a BEXEC's or RESOLVE's response: ok accepted,
 * div the outcome it trains. */
static int learned(const simtx_fe_intent_t *x, const simtx_frontend_t *fe, bool ok, bool div,
                   char *err, size_t errlen)
{
    unsigned was = x->ctr, want = was;
    if (ok && div)
        want = was == DP_CTR_STRONG_DIV ? was : was + 1u;
    else if (ok)
        want = was == DP_CTR_STRONG_UNI ? was : was - 1u;
    unsigned now = counter(fe, x->req.req_bpc);
    if (now != want) {
        snprintf(err, errlen, "intent (SIMT-X 3.7.2): the predictor's counter of branch PC %#llx "
                 "went %u -> %u on %s %s (%s), not -> %u",
                 (unsigned long long)x->req.req_bpc, was, now, ok ? "an accepted" : "a refused",
                 fe_op_name(x->req.req_op & 15u), div ? "divergent" : "uniform", want);
        return -1;
    }
    return 0;
}

int simtx_fe_intent_edge(simtx_fe_intent_t *x, const simtx_frontend_t *fe,
                         const simtx_frontend_in_t *in, const simtx_frontend_out_t *out,
                         char *err, size_t errlen)
{
    x->rolled_back = false;
    /* check 2: the count before this edge */
    unsigned rw = in->req_warp, share = rw < x->p.num_warps ? x->buops[rw] : 0u;
    if (out->pending != x->pending || out->pending_nz != (x->pending != 0u) ||
        out->buops != share) {
        snprintf(err, errlen, "intent (SIMT-X 3.8.2): pending_o %u (pending_nz_o %d), buops_o "
                 "%u for warp %u; buops in flight %u, %u of them warp %u's", out->pending,
                 out->pending_nz, out->buops, rw, x->pending, share, rw);
        return -1;
    }
    if (x->flight && x->age == 2u) { /* its S cycle: the response shows */
        x->flight = false;
        unsigned op = x->req.req_op & 15u, w = x->warp;
        bool ok = out->rsp_err == PT_ERR_NONE;
        if (ok && op == FE_OP_BRANCH) {
            x->buops[w]++;
            x->pending++;
        } else if (ok && op == FE_OP_BCOMMIT) {
            if (!x->buops[w]) {
                snprintf(err, errlen, "intent (SIMT-X 3.8.2): a BCOMMIT of warp %u accepted "
                         "with none of its buops in flight", w);
                return -1;
            }
            x->buops[w]--;
            x->pending--;
        } else if (ok && op == FE_OP_ROLLBACK) {
            x->pending -= x->buops[w];
            x->buops[w] = 0;
            x->rolled_back = true;
            x->rb_warp = w;
            if (returned_to_copy(x, fe, w, err, errlen))
                return -1;
        }
        if ((op == FE_OP_BEXEC || op == FE_OP_RESOLVE) &&
            learned(x, fe, ok, op == FE_OP_BEXEC ? out->rsp_div : x->req.req_div, err, errlen))
            return -1;
    }
    if (x->flight)
        x->age++;
    if (out->req_ready && (in->req_op & 15u) != FE_OP_NOP) { /* taken at this edge */
        x->flight = true;
        x->age = 1;
        x->req = *in;
        x->warp = (in->req_op & 15u) == FE_OP_CONVERGE ? out->sel_warp : in->req_warp;
        /* no counter moves before the request's own S edge: one in flight */
        x->ctr = counter(fe, in->req_bpc);
    }
    return x->flight ? 0 : scheduled_live(x, fe, err, errlen);
}
