/* Golden cycle model of slip_ctrl: Diverge on Miss's adaptive slip
 * controller and adaptive diff.
 *
 * Sources: DoM paper (SC'09) section 5.1 (a small counter per thread:
 * hitters of an undiverged warp's divergent access count up; on a diverged
 * warp whose tail-end threads (counter 0) all hit, the threads that missed
 * and the slip-limited threads count down; a counter at max-slip disables
 * its thread and puts the warp in blocking mode; counters reset when the
 * warp is reassigned), section 5.2 (adaptive diff: max-slip +1 when neither
 * ALU- nor bandwidth-bound over a sampling period, unchanged when also
 * latency-bound, -1 otherwise), section 6 / Table 1 (8-bit counters, a
 * per-warp slip-limit bitmask, one max-slip register per core). Behaviour,
 * timing and errors follow docs/blocks/slip_ctrl.md; written from that page
 * and the paper, not from the RTL.
 *
 * Every decision is taken against the state at the start of the cycle, then
 * applied at the edge; a rejected event changes nothing. The slip-limit
 * masks are registers recomputed after the edge: only for the warps whose
 * counters changed, and for every warp when max-slip changed (once per
 * sampling period at most), which keeps a step O(W) almost always. */
#include "slip_ctrl.h"

#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "clog2.h"

/* The period byte total never needs more than 16 + 24 bits; 48 leaves room
 * and makes the saturation the spec asks for unreachable but still modelled. */
#define SC_BYTES_SUM_MAX ((UINT64_C(1) << 48) - 1u)

struct slip_ctrl {
    slip_ctrl_params_t p;
    unsigned warp_id_mask;
    uint64_t lane_mask;
    unsigned counter_max;  /* 2^CounterWidth - 1 */
    unsigned bytes_mask;   /* BytesWidth low bits */
    uint16_t *cnt;         /* num_warps * warp_width counters, warp-major */
    uint64_t *limit;       /* per warp: slip-limit mask (registered) */
    unsigned max_slip;
    /* adaptive diff: totals of the current period */
    unsigned cycles, idle, stall;
    uint64_t bytes;
    unsigned adapt;        /* registered: last period's decision */
    bool period_end;       /* registered: a period ended at the last edge */
    bool rsp_valid;
    unsigned rsp_err;
    unsigned err_sticky;
};

/* The counters of warp w (const or not, as m). */
#define WARP_CNT(m, w) (&(m)->cnt[(size_t)(w) * (m)->p.warp_width])

static int init(slip_ctrl_t *m, const slip_ctrl_params_t *p)
{
    m->cnt = calloc((size_t)p->num_warps * p->warp_width, sizeof *m->cnt);
    m->limit = calloc(p->num_warps, sizeof *m->limit);
    if (!m->cnt || !m->limit)
        return SC_ENOMEM;
    m->warp_id_mask = index_mask(p->num_warps);
    m->lane_mask = bm_low_bits(p->warp_width);
    m->counter_max = (unsigned)bm_low_bits(p->counter_width);
    m->bytes_mask = (unsigned)bm_low_bits(p->bytes_width);
    return SC_OK;
}

MODEL_DEFINE_CREATE(slip_ctrl, init)
MODEL_DEFINE_DESTROY(slip_ctrl, free(m->cnt); free(m->limit))

void slip_ctrl_reset(slip_ctrl_t *m)
{
    memset(m->cnt, 0, (size_t)m->p.num_warps * m->p.warp_width * sizeof *m->cnt);
    /* every counter 0 and max-slip >= 1: no thread is slip-limited */
    memset(m->limit, 0, m->p.num_warps * sizeof *m->limit);
    m->max_slip = m->p.init_max_slip;
    m->cycles = m->idle = m->stall = 0;
    m->bytes = 0;
    m->adapt = SC_ADAPT_HOLD;
    m->period_end = false;
    m->rsp_valid = false;
    m->rsp_err = SC_ERR_NONE;
    m->err_sticky = 0;
}

static void recompute_limit(slip_ctrl_t *m, unsigned w)
{
    const uint16_t *c = WARP_CNT(m, w);
    uint64_t l = 0;
    for (unsigned t = 0; t < m->p.warp_width; t++)
        if (c[t] >= m->max_slip)
            l |= UINT64_C(1) << t;
    m->limit[w] = l;
}

/* EVENT(w, exec, hit) on an accepted event (section 5.1). Writes counters
 * of warp w only; returns whether any counter changed. */
static bool apply_event(slip_ctrl_t *m, unsigned w, uint64_t exec, uint64_t hit,
                        slip_ctrl_events_t *e)
{
    uint16_t *c = WARP_CNT(m, w);
    uint64_t L = m->limit[w];
    uint64_t miss = exec & ~hit;
    uint64_t hitters = exec & hit;
    e->diverge_event = hitters != 0 && miss != 0;

    uint64_t nonzero = 0; /* threads with a counter above 0 */
    for (unsigned t = 0; t < m->p.warp_width; t++)
        if (c[t] != 0)
            nonzero |= UINT64_C(1) << t;

    /* The tail-end threads are the executing threads at 0; in an
     * undiverged warp that is every executing thread. Threads inactive on
     * the branch stack are not considered (they are not in exec); threads
     * disabled by the slip limit are (in L). */
    uint64_t tail = exec & ~nonzero;
    if ((tail & ~hit) == 0) {
        /* every tail-end thread hit: the threads that missed, and the
         * disabled leaders, fall back towards the tail */
        uint64_t dec = (miss | (L & ~exec)) & nonzero;
        if (dec == 0)
            return false;
        for (unsigned t = 0; t < m->p.warp_width; t++)
            if ((dec >> t) & 1u)
                c[t]--;
        e->decremented = true;
        e->disabled_dec = (dec & L & ~exec) != 0;
        return true;
    }
    if (!e->diverge_event)
        return false;
    /* a tail-end thread missed while others hit: the hitters move ahead.
     * For an undiverged warp this is the paper's first rule; for a
     * diverged one it is the same rule applied to its tail (see
     * docs/blocks/slip_ctrl.md: read literally, counters could never pass
     * 1 and max-slip above 1 would have no effect). */
    for (unsigned t = 0; t < m->p.warp_width; t++) {
        if (!((hitters >> t) & 1u))
            continue;
        if (c[t] >= m->counter_max)
            e->saturated = true;
        else
            c[t]++;
    }
    e->incremented = true;
    return true;
}

/* outputs during the cycle: from the state before the edge */
void slip_ctrl_eval(const slip_ctrl_t *m, const slip_ctrl_in_t *in, slip_ctrl_out_t *out)
{
    memset(out, 0, sizeof *out);
    unsigned qw = in->q_warp & m->warp_id_mask;
    if (qw < m->p.num_warps) {
        out->q_limit = m->limit[qw];
        out->q_block = m->limit[qw] != 0;
    }
    unsigned rw = in->rd_warp & m->warp_id_mask;
    if (rw < m->p.num_warps)
        memcpy(out->rd_counts, WARP_CNT(m, rw), m->p.warp_width * sizeof(uint16_t));
    out->max_slip = m->max_slip;
    out->adapt = m->adapt;
    out->period_end = m->period_end;
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->err_sticky = m->err_sticky;
}

void slip_ctrl_step(slip_ctrl_t *m, const slip_ctrl_in_t *in, slip_ctrl_out_t *out,
                    slip_ctrl_events_t *ev)
{
    if (out)
        slip_ctrl_eval(m, in, out);

    /* the rising edge */
    slip_ctrl_events_t e;
    memset(&e, 0, sizeof e);

    /* event port, decided against the start-of-cycle counters and limits */
    unsigned ew = in->ev_warp & m->warp_id_mask;
    unsigned err = SC_ERR_NONE;
    bool ev_ok = false;
    if (in->ev_valid) {
        uint64_t exec = in->ev_exec & m->lane_mask;
        if (ew >= m->p.num_warps)
            err = SC_ERR_BAD_WARP;
        else if (exec & m->limit[ew])
            err = SC_ERR_BAD_EXEC;
        else
            ev_ok = true;
        e.ev = true;
        e.err = err;
    }

    /* release port */
    unsigned rlw = in->rel_warp & m->warp_id_mask;
    bool rel_ok = in->rel_valid && rlw < m->p.num_warps;
    bool rel_bad = in->rel_valid && !rel_ok;

    bool ev_changed = false;
    if (ev_ok && !(rel_ok && rlw == ew)) {
        ev_changed = apply_event(m, ew, in->ev_exec & m->lane_mask,
                                 in->ev_hit & m->lane_mask, &e);
    } else if (ev_ok) {
        /* the release of the same warp wins: the event is accepted and
         * reported (including whether it was divergent), its counter
         * changes are discarded */
        uint64_t exec = in->ev_exec & m->lane_mask;
        uint64_t hit = in->ev_hit & m->lane_mask;
        e.diverge_event = (exec & hit) != 0 && (exec & ~hit) != 0;
    }
    if (rel_ok) {
        memset(WARP_CNT(m, rlw), 0, m->p.warp_width * sizeof(uint16_t));
        e.released = true;
    }

    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, in->ev_valid, err, SC_ERR_NONE);
    if (rel_bad)
        m->err_sticky |= 1u << SC_ERR_BAD_RELEASE;

    /* adaptive diff (section 5.2): this cycle counts in the period */
    if (in->perf_idle)
        m->idle++;
    if (in->perf_mem_stall)
        m->stall++;
    m->bytes += in->perf_bytes & m->bytes_mask;
    if (m->bytes > SC_BYTES_SUM_MAX)
        m->bytes = SC_BYTES_SUM_MAX;
    m->cycles++;
    bool slip_changed = false;
    if (m->cycles >= m->p.sample_period) {
        bool alu = m->idle <= m->p.idle_threshold;
        bool bw = m->bytes > m->p.fair_bytes;
        bool lat = m->stall >= m->p.stall_threshold;
        unsigned d;
        if (!alu && !bw) {
            d = SC_ADAPT_INC;
            if (m->max_slip < m->counter_max) {
                m->max_slip++;
                slip_changed = true;
            }
        } else if (lat) {
            d = SC_ADAPT_HOLD;
        } else {
            d = SC_ADAPT_DEC;
            if (m->max_slip > 1) {
                m->max_slip--;
                slip_changed = true;
            }
        }
        m->cycles = m->idle = m->stall = 0;
        m->bytes = 0;
        m->adapt = d;
        m->period_end = true;
        e.period_end = true;
        e.adapt = d;
    } else {
        m->period_end = false;
    }

    /* slip-limit masks: L = c >= max_slip, after the edge */
    if (slip_changed) {
        for (unsigned w = 0; w < m->p.num_warps; w++)
            recompute_limit(m, w);
    } else {
        if (ev_changed)
            recompute_limit(m, ew);
        if (rel_ok)
            recompute_limit(m, rlw);
    }
    if (ev)
        *ev = e;
}

void slip_ctrl_idle(slip_ctrl_t *m, const slip_ctrl_in_t *in, uint64_t n)
{
    slip_ctrl_in_t q = *in;
    q.ev_valid = q.rel_valid = false;
    uint64_t bytes = q.perf_bytes & m->bytes_mask;
    while (n) {
        /* the cycles before the period's last one count and change nothing else */
        uint64_t bulk = m->p.sample_period - 1u - m->cycles;
        if (bulk > n)
            bulk = n;
        if (bulk) {
            m->cycles += (unsigned)bulk;
            m->idle += q.perf_idle ? (unsigned)bulk : 0u;
            m->stall += q.perf_mem_stall ? (unsigned)bulk : 0u;
            m->bytes += bytes * bulk;
            if (m->bytes > SC_BYTES_SUM_MAX)
                m->bytes = SC_BYTES_SUM_MAX;
            m->period_end = false;
            model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, false, SC_ERR_NONE,
                          SC_ERR_NONE);
            n -= bulk;
        }
        if (n) { /* the period's last cycle: a step decides */
            slip_ctrl_step(m, &q, NULL, NULL);
            n--;
        }
    }
}

const slip_ctrl_params_t *slip_ctrl_params(const slip_ctrl_t *m)
{
    return &m->p;
}

unsigned slip_ctrl_counter(const slip_ctrl_t *m, unsigned w, unsigned t)
{
    if (w >= m->p.num_warps || t >= m->p.warp_width)
        return 0;
    return WARP_CNT(m, w)[t];
}

uint64_t slip_ctrl_limit(const slip_ctrl_t *m, unsigned w)
{
    return w < m->p.num_warps ? m->limit[w] : 0;
}

unsigned slip_ctrl_max_slip(const slip_ctrl_t *m)
{
    return m->max_slip;
}
