/* Golden cycle model of div_predictor: SIMT-X's divergence predictor and
 * pending-divergence counter.
 *
 * Sources: SIMT-X paper section 3.7.2 ("SIMT-X integrates a global bi-modal
 * divergence predictor biased towards divergence, i.e. divergence is always
 * predicted unless the predictor suggests that the branch is strongly
 * uniform"), section 3.8.2 (a global divergence counter: +1 when a
 * divergence is predicted and a buop injected, -1 when the buop commits; on
 * a divergence misprediction "the given branch may be transformed (into a
 * buop or back to a branch) and the divergence counter updated"; non-zero
 * means a divergence is pending), section 4.5 (a 32 x 2-bit predictor). The
 * decisions the paper leaves open (index bits, reset value, squash, errors)
 * follow docs/blocks/div_predictor.md; written from that page and the paper,
 * not from the RTL.
 *
 * Every decision is taken against the state at the start of the cycle and
 * applied at the edge; a cycle with an error changes nothing. */
#include "div_predictor.h"

#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "clog2.h"

struct div_predictor {
    div_predictor_params_t p;
    uint64_t pc_mask;      /* pc_width low bits */
    unsigned index_mask;   /* entries - 1 */
    unsigned pend_max;     /* 2^pend_width - 1 */
    uint8_t *ctr;          /* entries 2-bit counters */
    unsigned pending;
    bool rsp_valid;
    unsigned rsp_err;
    unsigned err_sticky;
};

static int init(div_predictor_t *m, const div_predictor_params_t *p)
{
    m->ctr = calloc(p->entries, sizeof *m->ctr);
    if (!m->ctr)
        return DP_ENOMEM;
    m->pc_mask = bm_low_bits(p->pc_width);
    m->index_mask = p->entries - 1u;
    m->pend_max = (unsigned)bm_low_bits(p->pend_width);
    return DP_OK;
}

MODEL_DEFINE_CREATE(div_predictor, init)
MODEL_DEFINE_DESTROY(div_predictor, free(m->ctr))

void div_predictor_reset(div_predictor_t *m)
{
    /* weakly divergent: a branch predicts divergent until two uniform
     * outcomes are seen (the paper's bias towards divergence) */
    memset(m->ctr, DP_CTR_WEAK_DIV, m->p.entries);
    m->pending = 0;
    m->rsp_valid = false;
    m->rsp_err = DP_ERR_NONE;
    m->err_sticky = 0;
}

unsigned div_predictor_index(const div_predictor_t *m, uint64_t pc)
{
    return (unsigned)((pc & m->pc_mask) >> m->p.pc_shift) & m->index_mask;
}

void div_predictor_eval(const div_predictor_t *m, const div_predictor_in_t *in,
                        div_predictor_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->look_ctr = m->ctr[div_predictor_index(m, in->look_pc)];
    out->look_div = out->look_ctr != DP_CTR_STRONG_UNI;
    out->pending = m->pending;
    out->pending_nz = m->pending != 0;
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->err_sticky = m->err_sticky;
}

void div_predictor_step(div_predictor_t *m, const div_predictor_in_t *in,
                        div_predictor_out_t *out, div_predictor_events_t *ev)
{
    if (out)
        div_predictor_eval(m, in, out);

    div_predictor_events_t e;
    memset(&e, 0, sizeof e);
    unsigned fix = in->res_fix & DP_RES_FIX_MASK;
    unsigned sq = in->sq & m->pend_max;
    e.req = in->res_valid || fix != DP_FIX_NONE || in->inj || in->cmt || sq != 0;
    e.look_index = div_predictor_index(m, in->look_pc);
    e.pend_before = e.pend_after = m->pending;

    /* The pending counter moves once by the cycle's net change. */
    unsigned up = (unsigned)in->inj + (in->res_valid && fix == DP_FIX_TO_BUOP);
    unsigned down = (unsigned)in->cmt + (in->res_valid && fix == DP_FIX_TO_BRANCH) + sq;
    long next = (long)m->pending + (long)up - (long)down;
    unsigned err = DP_ERR_NONE;
    if (fix == 3u || (fix != DP_FIX_NONE && !in->res_valid))
        err = DP_ERR_BAD_FIX;
    else if (next > (long)m->pend_max)
        err = DP_ERR_OVERFLOW;
    else if (next < 0)
        err = DP_ERR_UNDERFLOW;
    e.err = e.req ? err : DP_ERR_NONE;

    if (e.req && err == DP_ERR_NONE) {
        if (in->res_valid) {
            unsigned i = div_predictor_index(m, in->res_pc);
            unsigned c = m->ctr[i];
            e.res = true;
            e.res_index = i;
            e.ctr_before = c;
            if (in->res_div) /* saturating at 3 and at 0 */
                c = c == DP_CTR_STRONG_DIV ? c : c + 1u;
            else
                c = c == DP_CTR_STRONG_UNI ? c : c - 1u;
            m->ctr[i] = (uint8_t)c;
            e.ctr_after = c;
        }
        m->pending = (unsigned)next;
        e.pend_after = m->pending;
        e.pend_terms = (unsigned)in->inj + (unsigned)in->cmt + (fix != DP_FIX_NONE) + (sq != 0);
    }
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, e.req, err, DP_ERR_NONE);
    if (ev)
        *ev = e;
}

const div_predictor_params_t *div_predictor_params(const div_predictor_t *m)
{
    return &m->p;
}

unsigned div_predictor_counter(const div_predictor_t *m, unsigned i)
{
    return i < m->p.entries ? m->ctr[i] : 0;
}

unsigned div_predictor_pending(const div_predictor_t *m)
{
    return m->pending;
}

unsigned div_predictor_pending_max(const div_predictor_t *m)
{
    return m->pend_max;
}

bool div_predictor_same_state(const div_predictor_t *a, const div_predictor_t *b)
{
    return a->p.entries == b->p.entries && a->pending == b->pending &&
           memcmp(a->ctr, b->ctr, a->p.entries) == 0;
}
