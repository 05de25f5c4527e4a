/* Golden cycle model of asu: Robust SIMD's adaptation state unit.
 *
 * Sources: the Robust SIMD paper (IPDPS'12) section IV (the WPU adapts per
 * data-parallel section: sampling intervals, a configuration (width x
 * depth) suggested after each, kept once converged; warp-slices of one
 * width), IV-B (the ASU's registers: current and recorded width and depth,
 * the recorded performance measure, strides, state), VI-A (DWrep,
 * WidthOnly, DepthOnly; probe up and down, then move in the direction that
 * gained until it no longer gains), VI-B (Inc and quasi-annealing strides:
 * half the lanes, half the warps, halved at each preferred point), VI-C
 * (cycles per task over an interval of TasksPerThread tasks per thread; the
 * fall-back of two 8-wide warps for a section with too few tasks).
 * Behaviour, cycle timing and errors follow docs/blocks/asu.md; written
 * from the paper and docs/blocks/asu.md, not from the RTL.
 *
 * Every output is a register. At each edge the operation is judged first
 * (a rejected one is treated as NOP), then done_i, then the phase's own
 * work. The quotient is computed when the interval ends, but shown only at
 * the edge that ends the CptWidth cycles of DIVIDE, as the page's restoring
 * divider would. DECIDE takes one action of the search table per cycle. */
#include "asu.h"

#include <string.h>

#include "bitmask.h"
#include "clog2.h"
#include "robust.h"

/* The actions of the search table (docs/blocks/asu.md, "The search"). */
enum asu_action {
    ACT_EVAL,
    ACT_TRY_UP,
    ACT_TRY_DOWN,
    ACT_RESOLVE,
    ACT_TRY_MOVE,
    ACT_STRIDE_DONE,
    ACT_DIM_DONE,
    ACT_CONVERGE,
};

struct asu {
    asu_params_t p;
    /* derived (configs/asu.cfg) */
    unsigned min_width;
    uint64_t interval_tasks;
    uint64_t fallback_below;   /* MinIntervals * IntervalTasks */
    unsigned cpt_width;        /* CycleWidth + CptFrac */
    uint64_t cycle_max;        /* 2^CycleWidth - 1 */
    uint64_t task_max;         /* 2^TaskCntWidth - 1 */
    unsigned width_mask;       /* WidthWidth low bits */
    unsigned depth_mask;       /* DepthWidth low bits */
    uint64_t tasks_in_mask;    /* TaskWidth low bits */

    /* registered outputs */
    unsigned width, depth;
    bool reconf;
    unsigned phase, step, dim;
    bool converged, fallback;
    uint64_t cpt;
    bool cpt_sat;
    unsigned best_width, best_depth;
    uint64_t best_cpt;
    bool op_valid;
    unsigned op_err;
    bool done_valid;
    unsigned done_err;
    unsigned err_sticky;

    /* the search */
    unsigned strategy;         /* latched at START */
    bool anneal;               /* latched at START */
    unsigned stride[2];        /* per dimension (enum asu_dim) */
    unsigned action;           /* enum asu_action: DECIDE's next action */
    bool cand_valid;
    unsigned cand_width, cand_depth;
    uint64_t cand_cpt;
    bool cand_up;
    bool dir_up;               /* the direction of the moves */
    bool moved, depth_moved;

    /* the interval */
    uint64_t cycles, tasks;
    bool cycles_sat;
    unsigned div_left;         /* DIVIDE cycles still to come */
    uint64_t quotient;         /* the CPT DIVIDE delivers */
    bool quotient_sat;
};

/* ------------------------------------------------------------------ */
/* parameters                                                           */

static unsigned slices(const asu_params_t *p, unsigned w)
{
    return robust_slices(p->num_warps, p->warp_width, w);
}

static int init(asu_t *m, const asu_params_t *p)
{
    /* the derived values (configs/asu.cfg, configs/robust.inc) */
    m->min_width = (unsigned)asu_derive_min_width(p);
    m->interval_tasks = asu_derive_interval_tasks(p);
    m->fallback_below = (uint64_t)p->min_intervals * m->interval_tasks;
    m->cpt_width = (unsigned)asu_derive_cpt_width(p);
    m->cycle_max = bm_low_bits(p->cycle_width);
    m->task_max = bm_low_bits((unsigned)asu_derive_task_cnt_width(p));
    m->width_mask = (unsigned)bm_low_bits((unsigned)asu_derive_width_width(p));
    m->depth_mask = (unsigned)bm_low_bits((unsigned)asu_derive_depth_width(p));
    m->tasks_in_mask = bm_low_bits(p->task_width);
    return ASU_OK;
}

MODEL_DEFINE_CREATE(asu, init)
MODEL_DEFINE_DESTROY(asu, (void)0)

/* ------------------------------------------------------------------ */
/* reset and outputs                                                    */

static void clear_interval(asu_t *m)
{
    m->cycles = 0;
    m->tasks = 0;
    m->cycles_sat = false;
}

void asu_reset(asu_t *m)
{
    /* IDLE at WarpWidth x NumWarps, not converged, every recorded value 0 */
    m->width = m->p.warp_width;
    m->depth = m->p.num_warps;
    m->reconf = false;
    m->phase = ASU_PHASE_IDLE;
    m->step = ASU_STEP_BASE;
    m->dim = ASU_DIM_DEPTH;
    m->converged = m->fallback = false;
    m->cpt = 0;
    m->cpt_sat = false;
    m->best_width = m->best_depth = 0;
    m->best_cpt = 0;
    m->op_valid = m->done_valid = false;
    m->op_err = m->done_err = ASU_ERR_NONE;
    m->err_sticky = 0;
    m->strategy = ASU_STRATEGY_DWREP;
    m->anneal = false;
    m->stride[ASU_DIM_DEPTH] = m->stride[ASU_DIM_SIMD_WIDTH] = 0;
    m->action = ACT_EVAL;
    m->cand_valid = false;
    m->cand_width = m->cand_depth = 0;
    m->cand_cpt = 0;
    m->cand_up = false;
    m->dir_up = false;
    m->moved = m->depth_moved = false;
    clear_interval(m);
    m->div_left = 0;
    m->quotient = 0;
    m->quotient_sat = false;
}

void asu_peek(const asu_t *m, asu_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->width = m->width;
    out->depth = m->depth;
    out->reconf = m->reconf;
    out->phase = m->phase;
    out->step = m->step;
    out->dim = m->dim;
    out->stride = m->stride[m->dim];
    out->converged = m->converged;
    out->fallback = m->fallback;
    out->cpt = m->cpt;
    out->cpt_sat = m->cpt_sat;
    out->best_width = m->best_width;
    out->best_depth = m->best_depth;
    out->best_cpt = m->best_cpt;
    out->op_valid = m->op_valid;
    out->op_err = m->op_err;
    out->done_valid = m->done_valid;
    out->done_err = m->done_err;
    out->err_sticky = m->err_sticky;
}

/* ------------------------------------------------------------------ */
/* operations                                                           */

/* START's error: width, then depth, then strategy (lowest code wins). */
static unsigned start_error(const asu_t *m, unsigned w, unsigned d, unsigned strategy)
{
    if (w < m->min_width || w > m->p.warp_width)
        return ASU_ERR_BAD_WIDTH;
    if (d < 1 || d > slices(&m->p, w))
        return ASU_ERR_BAD_DEPTH;
    if (strategy >= ASU_STRATEGY_COUNT)
        return ASU_ERR_BAD_STRATEGY;
    return ASU_ERR_NONE;
}

static void start(asu_t *m, unsigned w, unsigned d, unsigned strategy, bool anneal,
                  uint64_t tasks, asu_events_t *e)
{
    /* the search state afresh, whether the section searches or falls back */
    clear_interval(m);
    m->reconf = true;
    m->step = ASU_STEP_BASE;
    m->strategy = strategy;
    m->anneal = anneal;
    /* section VI-B: half the lanes, half the warps (depth counted in
     * warp-slices); Inc: 1 */
    m->stride[ASU_DIM_SIMD_WIDTH] = anneal ? m->p.warp_width / 2u : 1u;
    m->stride[ASU_DIM_DEPTH] = anneal && m->p.num_warps >= 2u ? m->p.num_warps / 2u : 1u;
    m->dim = strategy == ASU_STRATEGY_WIDTH_ONLY ? ASU_DIM_SIMD_WIDTH : ASU_DIM_DEPTH;
    m->best_width = m->best_depth = 0;
    m->best_cpt = 0;
    m->cand_valid = false;
    m->moved = m->depth_moved = false;
    m->dir_up = false;
    m->action = ACT_EVAL;
    if (tasks < m->fallback_below) {
        /* too few tasks for MinIntervals intervals: the fall-back */
        m->width = m->p.fallback_width;
        m->depth = m->p.fallback_depth;
        m->converged = true;
        m->fallback = true;
        m->phase = ASU_PHASE_EXEC;
        e->fallback = true;
        return;
    }
    m->width = w;
    m->depth = d;
    m->phase = ASU_PHASE_RUN;
    m->converged = false;
    m->fallback = false;
}

/* ------------------------------------------------------------------ */
/* the search (DECIDE)                                                  */

/* v, s, [lo, hi] of the current dimension */
static unsigned dim_value(const asu_t *m)
{
    return m->dim == ASU_DIM_DEPTH ? m->best_depth : m->best_width;
}

static unsigned dim_lo(const asu_t *m)
{
    return m->dim == ASU_DIM_DEPTH ? 1u : m->min_width;
}

static unsigned dim_hi(const asu_t *m)
{
    return m->dim == ASU_DIM_DEPTH ? slices(&m->p, m->best_width) : m->p.warp_width;
}

static unsigned clamp_up(const asu_t *m, bool *clamped)
{
    unsigned v = dim_value(m), s = m->stride[m->dim], hi = dim_hi(m);
    *clamped = v + s > hi;
    return *clamped ? hi : v + s;
}

static unsigned clamp_down(const asu_t *m, bool *clamped)
{
    unsigned v = dim_value(m), s = m->stride[m->dim], lo = dim_lo(m);
    *clamped = v < lo + s; /* v - s < lo */
    return *clamped ? lo : v - s;
}

/* An action that may issue a probe of x: returns whether it did; else the
 * action was skipped (x == v). A probe ends DECIDE. */
static bool try_probe(asu_t *m, unsigned x, bool clamped, unsigned step, asu_events_t *e)
{
    if (x == dim_value(m)) {
        e->probe_skipped = true;
        return false;
    }
    if (m->dim == ASU_DIM_DEPTH) {
        m->width = m->best_width;
        m->depth = x;
    } else {
        unsigned s = slices(&m->p, x);
        m->width = x;
        m->depth = m->best_depth < s ? m->best_depth : s;
        if (m->depth < m->best_depth)
            e->depth_clamped = true;
    }
    e->probe_clamped = clamped;
    m->reconf = true;
    m->step = step;
    clear_interval(m);
    m->phase = ASU_PHASE_RUN;
    return true;
}

static void set_best(asu_t *m, unsigned w, unsigned d, uint64_t cpt)
{
    m->best_width = w;
    m->best_depth = d;
    m->best_cpt = cpt;
}

static void set_cand(asu_t *m, bool up)
{
    m->cand_valid = true;
    m->cand_width = m->width;
    m->cand_depth = m->depth;
    m->cand_cpt = m->cpt;
    m->cand_up = up;
}

static void eval(asu_t *m, asu_events_t *e)
{
    switch (m->step) {
    case ASU_STEP_BASE:
        set_best(m, m->width, m->depth, m->cpt);
        m->action = ACT_TRY_UP;
        break;
    case ASU_STEP_UP:
        if (m->cpt < m->best_cpt) {
            set_cand(m, true);
            e->up_better = true;
        }
        m->action = ACT_TRY_DOWN;
        break;
    case ASU_STEP_DOWN:
        if (m->cpt < (m->cand_valid ? m->cand_cpt : m->best_cpt)) {
            set_cand(m, false);
            e->down_better = true;
        }
        m->action = ACT_RESOLVE;
        break;
    default: /* ASU_STEP_MOVE */
        if (m->cpt < m->best_cpt) {
            set_best(m, m->width, m->depth, m->cpt);
            e->move_gain = true;
            m->action = ACT_TRY_MOVE;
        } else {
            e->move_stop = true;
            m->action = ACT_STRIDE_DONE;
        }
        break;
    }
}

static void converge(asu_t *m, asu_events_t *e)
{
    m->width = m->best_width;
    m->depth = m->best_depth;
    m->converged = true;
    m->reconf = true;
    m->phase = ASU_PHASE_EXEC;
    e->converged = true;
    e->strategy = m->strategy;
    e->anneal = m->anneal;
}

static void dim_done(asu_t *m, asu_events_t *e)
{
    if (m->strategy != ASU_STRATEGY_DWREP) {
        m->action = ACT_CONVERGE;
    } else if (m->dim == ASU_DIM_DEPTH) {
        m->depth_moved = m->moved;
        m->moved = false;
        m->dim = ASU_DIM_SIMD_WIDTH;
        m->action = ACT_TRY_UP;
        e->dim_switch = true;
    } else if (!m->depth_moved && !m->moved) {
        m->action = ACT_CONVERGE;
    } else {
        m->moved = false;
        m->dim = ASU_DIM_DEPTH;
        m->action = ACT_TRY_UP;
        e->dwrep_repeat = true;
    }
}

/* One DECIDE cycle: one action of the table. */
static void decide(asu_t *m, asu_events_t *e)
{
    bool clamped;
    unsigned x;
    switch (m->action) {
    case ACT_EVAL:
        eval(m, e);
        break;
    case ACT_TRY_UP:
        m->cand_valid = false;
        x = clamp_up(m, &clamped);
        if (!try_probe(m, x, clamped, ASU_STEP_UP, e))
            m->action = ACT_TRY_DOWN;
        break;
    case ACT_TRY_DOWN:
        x = clamp_down(m, &clamped);
        if (!try_probe(m, x, clamped, ASU_STEP_DOWN, e))
            m->action = ACT_RESOLVE;
        break;
    case ACT_RESOLVE:
        if (m->cand_valid) {
            set_best(m, m->cand_width, m->cand_depth, m->cand_cpt);
            m->dir_up = m->cand_up;
            m->moved = true;
            m->action = ACT_TRY_MOVE;
        } else {
            e->both_worse = true;
            m->action = ACT_STRIDE_DONE;
        }
        break;
    case ACT_TRY_MOVE:
        x = m->dir_up ? clamp_up(m, &clamped) : clamp_down(m, &clamped);
        if (!try_probe(m, x, clamped, ASU_STEP_MOVE, e))
            m->action = ACT_STRIDE_DONE;
        break;
    case ACT_STRIDE_DONE:
        if (m->anneal && m->stride[m->dim] > 1u) {
            m->stride[m->dim] /= 2u;
            e->stride_halved = true;
            e->stride_one = m->stride[m->dim] == 1u;
            m->action = ACT_TRY_UP;
        } else {
            m->action = ACT_DIM_DONE;
        }
        break;
    case ACT_DIM_DONE:
        dim_done(m, e);
        break;
    default: /* ACT_CONVERGE */
        converge(m, e);
        break;
    }
    /* the next DECIDE, after a probe's interval, begins with EVAL */
    if (m->phase != ASU_PHASE_DECIDE)
        m->action = ACT_EVAL;
}

/* ------------------------------------------------------------------ */
/* the clock edge                                                       */

/* One cycle of RUN or DRAIN: the cycle and `done` tasks. */
static void count(asu_t *m, unsigned done)
{
    if (m->cycles >= m->cycle_max)
        m->cycles_sat = true; /* a cycle the counter cannot hold */
    else
        m->cycles++;
    m->tasks += done;
    if (m->tasks > m->task_max)
        m->tasks = m->task_max;
}

static bool sampling(unsigned phase)
{
    return phase == ASU_PHASE_RUN || phase == ASU_PHASE_DRAIN;
}

void asu_step(asu_t *m, const asu_in_t *in, asu_out_t *out, asu_events_t *ev)
{
    if (out)
        asu_peek(m, out);

    asu_events_t e;
    memset(&e, 0, sizeof e);
    const unsigned phase = m->phase; /* at the start of the cycle */
    const bool searching = sampling(phase) || phase == ASU_PHASE_DIVIDE ||
                           phase == ASU_PHASE_DECIDE;

    /* the inputs, as wide as their ports */
    const unsigned op = in->op & (ASU_OP_COUNT - 1u);
    const unsigned done = in->done & m->width_mask;
    const unsigned sw = in->start_width & m->width_mask;
    const unsigned sd = in->start_depth & m->depth_mask;
    const unsigned strategy = in->start_strategy & ((1u << ASU_STRATEGY_WIDTH) - 1u);

    /* op_i first */
    unsigned op_err = ASU_ERR_NONE;
    if (op == ASU_OP_START)
        op_err = start_error(m, sw, sd, strategy);
    else if (op == ASU_OP_SYNC && phase != ASU_PHASE_DRAIN)
        op_err = ASU_ERR_BAD_SYNC;
    const bool op_ok = op != ASU_OP_NOP && op_err == ASU_ERR_NONE;
    /* then done_i */
    const unsigned done_err = done > m->p.warp_width ? ASU_ERR_BAD_COUNT : ASU_ERR_NONE;
    const unsigned counted = done_err == ASU_ERR_NONE ? done : 0u;

    model_respond(&m->op_valid, &m->op_err, &m->err_sticky, op != ASU_OP_NOP, op_err,
                  ASU_ERR_NONE);
    model_respond(&m->done_valid, &m->done_err, &m->err_sticky, done != 0u, done_err,
                  ASU_ERR_NONE);
    e.op_rejected = op_err != ASU_ERR_NONE;
    e.op_err = op_err;
    e.done_rejected = done_err != ASU_ERR_NONE;
    e.done_err = done_err;

    m->reconf = false; /* unless this edge loads width/depth */

    if (op_ok && op == ASU_OP_START) {
        /* done_i of the START cycle is not counted */
        e.restart = searching;
        start(m, sw, sd, strategy, in->start_anneal, in->start_tasks & m->tasks_in_mask, &e);
    } else if (op_ok && op == ASU_OP_END) {
        e.end_early = searching;
        m->phase = ASU_PHASE_IDLE;
        clear_interval(m);
    } else {
        if (sampling(phase)) {
            count(m, counted);
            if (phase == ASU_PHASE_DRAIN && counted > 0u)
                e.drain_tasks = true;
        }
        if (op_ok) {
            /* SYNC in DRAIN: the interval (this cycle included) ends. The
             * tasks are at least IntervalTasks >= 1. */
            m->quotient = m->tasks ? (m->cycles << m->p.cpt_frac) / m->tasks
                                   : bm_low_bits(m->cpt_width);
            m->quotient_sat = m->cycles_sat;
            m->div_left = m->cpt_width;
            m->phase = ASU_PHASE_DIVIDE;
            e.interval = true;
            e.cycles_sat = m->cycles_sat;
        } else {
            switch (phase) {
            case ASU_PHASE_RUN:
                if (m->tasks >= m->interval_tasks)
                    m->phase = ASU_PHASE_DRAIN;
                break;
            case ASU_PHASE_DIVIDE:
                if (--m->div_left == 0u) {
                    m->cpt = m->quotient;
                    m->cpt_sat = m->quotient_sat;
                    m->phase = ASU_PHASE_DECIDE;
                    m->action = ACT_EVAL;
                }
                break;
            case ASU_PHASE_DECIDE:
                decide(m, &e);
                break;
            default: /* IDLE, DRAIN, EXEC: nothing more */
                break;
            }
        }
    }
    if (ev)
        *ev = e;
}

/* ------------------------------------------------------------------ */
/* queries                                                              */

const asu_params_t *asu_params(const asu_t *m)
{
    return &m->p;
}

unsigned asu_slices(const asu_t *m, unsigned width)
{
    return slices(&m->p, width);
}

unsigned asu_min_width(const asu_t *m)
{
    return m->min_width;
}

uint64_t asu_interval_tasks(const asu_t *m)
{
    return m->interval_tasks;
}

bool asu_same_state(const asu_t *a, const asu_t *b)
{
    return a->width == b->width && a->depth == b->depth && a->reconf == b->reconf &&
           a->phase == b->phase && a->step == b->step && a->dim == b->dim &&
           a->converged == b->converged && a->fallback == b->fallback && a->cpt == b->cpt &&
           a->cpt_sat == b->cpt_sat && a->best_width == b->best_width &&
           a->best_depth == b->best_depth && a->best_cpt == b->best_cpt &&
           a->strategy == b->strategy && a->anneal == b->anneal &&
           a->stride[0] == b->stride[0] && a->stride[1] == b->stride[1] &&
           a->action == b->action && a->cand_valid == b->cand_valid &&
           a->cand_width == b->cand_width && a->cand_depth == b->cand_depth &&
           a->cand_cpt == b->cand_cpt && a->cand_up == b->cand_up && a->dir_up == b->dir_up &&
           a->moved == b->moved && a->depth_moved == b->depth_moved &&
           a->cycles == b->cycles && a->tasks == b->tasks && a->cycles_sat == b->cycles_sat &&
           a->div_left == b->div_left && a->quotient == b->quotient &&
           a->quotient_sat == b->quotient_sat;
}
