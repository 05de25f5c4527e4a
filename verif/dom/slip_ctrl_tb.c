/* slip_ctrl testbench: memory events of warps whose threads are fast (mostly
 * hit) or slow (mostly miss), so that slip grows, hits the limit and
 * shrinks again; executing threads exclude the slip-limited ones, as the
 * core would; warps reassigned now and then; core statistics in phases that
 * change every sampling period (ALU-bound, bandwidth-bound, latency-bound,
 * latency-bound only) so adaptive diff raises, lowers and holds max-slip;
 * about 2% illegal requests whose rejection is checked. Or a directed
 * scenario (verif/dom/scenarios/slip_ctrl_*.scn). */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "dom_tb_common.h"
#include "slip_ctrl.h"
#include "slip_ctrl_ports.h"

typedef slip_ctrl_port_in_t pin_t;
typedef slip_ctrl_port_out_t pout_t;

enum {
    CV_INCREMENTED, CV_DECREMENTED, CV_DISABLED_DEC, CV_LIMIT_SET, CV_LIMIT_CLEARED,
    CV_RELEASED, CV_PERIOD_INC, CV_PERIOD_DEC, CV_PERIOD_HOLD, CV_MAX_FLOOR, CV_MAX_RAISED,
    CV_ERR_BAD_WARP, CV_ERR_BAD_EXEC, CV_ERR_BAD_RELEASE, CV_COUNT
};

static const cover_desc_t covers[CV_COUNT] = {
    [CV_INCREMENTED] = {"incremented", "undiverged warp: the threads that hit +1"},
    [CV_DECREMENTED] = {"decremented", "diverged warp, tail all hit: the misses -1"},
    [CV_DISABLED_DEC] = {"disabled_dec", "a slip-limited thread's counter -1"},
    [CV_LIMIT_SET] = {"limit_set", "a thread reaches max-slip: warp blocking"},
    [CV_LIMIT_CLEARED] = {"limit_cleared", "a warp leaves blocking mode"},
    [CV_RELEASED] = {"released", "a slipping warp reassigned: counters reset"},
    [CV_PERIOD_INC] = {"period_inc", "neither ALU- nor bandwidth-bound: max-slip +1"},
    [CV_PERIOD_DEC] = {"period_dec", "ALU- or bandwidth-bound: max-slip -1"},
    [CV_PERIOD_HOLD] = {"period_hold", "bound but also latency-bound: unchanged"},
    [CV_MAX_FLOOR] = {"max_floor", "max-slip held at its floor of 1"},
    [CV_MAX_RAISED] = {"max_raised", "max-slip above its initial value"},
    [CV_ERR_BAD_WARP] = {"err_bad_warp", "event of an out-of-range warp rejected"},
    [CV_ERR_BAD_EXEC] = {"err_bad_exec", "event executing a slip-limited thread rejected"},
    [CV_ERR_BAD_RELEASE] = {"err_bad_release", "release of an out-of-range warp ignored"},
};

typedef struct {
    slip_ctrl_params_t p;
    slip_ctrl_t *m;
    cosim_rng_t rng;
    uint64_t all;
    unsigned id_span;
    uint64_t active[SC_MAX_WARPS], fast[SC_MAX_WARPS];
    unsigned phase; /* 0 free, 1 ALU-bound, 2 bandwidth-bound, 3 bound + latency-bound */
    uint64_t cycle;
    bool expect;
    unsigned expect_code;
    uint64_t cover[CV_COUNT];
    uint64_t ops;
    uint64_t any_limit_before;
    dom_scn_t scn; /* directed scenario instead of the generator (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (dom_tb_common.h); masks: bit t = thread t.
 *   event    w= exec= hit=   a memory instruction of warp w executed
 *   release  w=              warp w is reassigned
 *   idle     [n=1]           no event
 *   expect   [w=0] [block= limit= counts= max= adapt= period_end= rsp= err=
 *            sticky=]
 * Every line also takes the core statistics of its cycle(s) (dom_scn_perf:
 * core_idle=, mem_stall=, bytes=). The query and read ports look at
 * the line's warp (warp 0 on idle lines). counts= is rd_counts_o (thread t at
 * bits t*CounterWidth; W*CounterWidth <= 64), adapt= HOLD, INC or DEC. */
enum { SK_BLOCK, SK_LIMIT, SK_COUNTS, SK_MAX, SK_ADAPT, SK_PERIOD_END, SK_RSP, SK_ERR,
       SK_STICKY, SK_COUNT };
static const scenario_key_t sc_keys[SK_COUNT] = {
    [SK_BLOCK] = {"block", NULL},           [SK_LIMIT] = {"limit", NULL},
    [SK_COUNTS] = {"counts", NULL},         [SK_MAX] = {"max", NULL},
    [SK_ADAPT] = {"adapt", dom_adapt_words}, [SK_PERIOD_END] = {"period_end", NULL},
    [SK_RSP] = {"rsp", NULL},               [SK_ERR] = {"err", dom_slip_err_words},
    [SK_STICKY] = {"sticky", NULL},
};

static int scenario_stimulus(tb_t *t, pin_t *in, char *err, size_t errlen)
{
    dom_scn_t *s = &t->scn;
    scenario_line_t *l = &s->line;
    int rc = dom_scn_next(s, err, errlen);
    if (rc)
        return rc;
    uint64_t w = 0;
    if (dom_scn_perf(s, in->perf_idle_i, in->perf_mem_stall_i, in->perf_bytes_i, err, errlen))
        return -1;
    if (strcmp(l->verb, "idle") && scenario_get(l, "w", &w, err, errlen) < 0)
        return -1;
    if (s->expect) {
        if (scenario_expect_read(&s->line, &s->exp, sc_keys, SK_COUNT, 0, err, errlen))
            return -1;
        if (s->exp.has[SK_COUNTS] && t->p.warp_width * t->p.counter_width > 64) {
            snprintf(err, errlen, "%s:%u: counts= needs WarpWidth*CounterWidth <= 64", l->file,
                     l->lineno);
            return -1;
        }
    } else if (!strcmp(l->verb, "event")) {
        in->ev_valid_i[0] = 1;
        in->ev_warp_i[0] = w;
        if (scenario_get(l, "exec", in->ev_exec_i, err, errlen) < 0 ||
            scenario_get(l, "hit", in->ev_hit_i, err, errlen) < 0)
            return -1;
    } else if (!strcmp(l->verb, "release")) {
        in->rel_valid_i[0] = 1;
        in->rel_warp_i[0] = w;
    } else if (strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    in->q_warp_i[0] = in->rd_warp_i[0] = w;
    if (scenario_unused(l, err, errlen))
        return -1;
    return dom_scn_fits(s, slip_ctrl_port_in_desc, SLIP_CTRL_PORT_IN_COUNT, (uint64_t *)in, err,
                        errlen);
}

static int scenario_check(const tb_t *t, const pout_t *q, char *err, size_t errlen)
{
    uint64_t got[SK_COUNT] = {
        [SK_BLOCK] = q->q_block_o[0],   [SK_LIMIT] = q->q_limit_o[0],
        [SK_COUNTS] = q->rd_counts_o[0], [SK_MAX] = q->max_slip_o[0],
        [SK_ADAPT] = q->adapt_o[0],     [SK_PERIOD_END] = q->period_end_o[0],
        [SK_RSP] = q->rsp_valid_o[0],   [SK_ERR] = q->rsp_err_o[0],
        [SK_STICKY] = q->err_sticky_o[0],
    };
    return scenario_expect_check(&t->scn.line, &t->scn.exp, sc_keys, SK_COUNT, 0, got, err,
                                 errlen);
}

static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->p = (slip_ctrl_params_t){CFG_NumWarps,     CFG_WarpWidth,     CFG_CounterWidth,
                                CFG_SamplePeriod, CFG_InitMaxSlip,   CFG_IdleThreshold,
                                CFG_StallThreshold, CFG_BytesWidth, CFG_FairBytes};
    if (slip_ctrl_create(&t->p, &t->m)) {
        snprintf(err, errlen, "slip_ctrl model rejects configuration %s", CFG_NAME);
        free(t);
        return NULL;
    }
    cosim_rng_seed(&t->rng, o->seed);
    t->all = t->p.warp_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->p.warp_width) - 1u;
    t->id_span = 1;
    while (t->id_span < t->p.num_warps)
        t->id_span <<= 1;
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        t->active[w] = t->all;
        t->fast[w] = cosim_rng_next(&t->rng) & t->all;
    }
    if (o->scenario && dom_scn_open(&t->scn, o->scenario, err, errlen)) {
        slip_ctrl_destroy(t->m);
        free(t);
        return NULL;
    }
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    if (t->scn.scn)
        dom_scn_close(&t->scn);
    slip_ctrl_destroy(t->m);
    free(t);
}

static void perf(tb_t *t, pin_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned idle_pct, stall_pct, bytes_max = (1u << t->p.bytes_width) - 1u;
    uint64_t fair_per_cycle = t->p.fair_bytes / t->p.sample_period;
    uint64_t bytes = 0;
    switch (t->phase) {
    case 1: /* ALU-bound: almost never idle */
        idle_pct = 1, stall_pct = 0;
        break;
    case 2: /* bandwidth-bound: idle, but well above the fair share */
        idle_pct = 60, stall_pct = 10;
        bytes = bytes_max;
        break;
    case 3: /* bandwidth-bound and latency-bound */
        idle_pct = 60, stall_pct = 80;
        bytes = bytes_max;
        break;
    default: /* latency-bound only: idle, stalled, modest bandwidth */
        idle_pct = 60, stall_pct = 50;
        bytes = fair_per_cycle / 2;
    }
    in->perf_idle_i[0] = cosim_rng_pct(r, idle_pct);
    in->perf_mem_stall_i[0] = cosim_rng_pct(r, stall_pct);
    in->perf_bytes_i[0] = bytes > bytes_max ? bytes_max : bytes;
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    cosim_rng_t *r = &t->rng;
    pin_t *in = (pin_t *)words;
    if (t->scn.scn)
        return scenario_stimulus(t, in, err, errlen);
    t->expect = false;
    if (cycle % t->p.sample_period == 0) /* the first two periods raise max-slip */
        t->phase = cycle < 2u * t->p.sample_period ? 0 : (unsigned)cosim_rng_below(r, 4);
    perf(t, in);
    in->q_warp_i[0] = cosim_rng_below(r, t->id_span);
    in->rd_warp_i[0] = cosim_rng_below(r, t->id_span);
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    uint64_t lim = slip_ctrl_limit(t->m, w);
    if (cosim_rng_below(r, 300) == 0) {
        in->rel_valid_i[0] = 1;
        in->rel_warp_i[0] = cosim_rng_below(r, t->id_span); /* may be out of range */
        t->active[w] = cosim_rng_pct(r, 70) ? t->all : (cosim_rng_next(r) & t->all) | 1u;
        t->fast[w] = cosim_rng_next(r) & t->all;
    }
    if (!cosim_rng_pct(r, 60))
        return 0;
    in->ev_valid_i[0] = 1;
    in->ev_warp_i[0] = w;
    uint64_t exec = t->active[w] & ~lim;
    uint64_t hit = (t->fast[w] & (cosim_rng_next(r) | cosim_rng_next(r) | cosim_rng_next(r))) |
                   (~t->fast[w] & cosim_rng_next(r) & cosim_rng_next(r));
    if (cosim_rng_pct(r, 10))
        hit = cosim_rng_pct(r, 50) ? t->all : 0;
    if (cosim_rng_pct(r, 2)) {
        if (cosim_rng_pct(r, 50) && t->id_span > t->p.num_warps) {
            in->ev_warp_i[0] = t->p.num_warps;
            t->expect = true;
            t->expect_code = SC_ERR_BAD_WARP;
        } else if (lim) {
            exec |= lim & (~lim + 1u);
            t->expect = true;
            t->expect_code = SC_ERR_BAD_EXEC;
        }
    }
    in->ev_exec_i[0] = exec;
    in->ev_hit_i[0] = hit & t->all;
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    const pin_t *pin = (const pin_t *)words;
    slip_ctrl_in_t in = {
        .ev_valid = pin->ev_valid_i[0] & 1u,
        .ev_warp = (unsigned)pin->ev_warp_i[0],
        .ev_exec = pin->ev_exec_i[0],
        .ev_hit = pin->ev_hit_i[0],
        .rel_valid = pin->rel_valid_i[0] & 1u,
        .rel_warp = (unsigned)pin->rel_warp_i[0],
        .q_warp = (unsigned)pin->q_warp_i[0],
        .perf_idle = pin->perf_idle_i[0] & 1u,
        .perf_mem_stall = pin->perf_mem_stall_i[0] & 1u,
        .perf_bytes = (unsigned)pin->perf_bytes_i[0],
        .rd_warp = (unsigned)pin->rd_warp_i[0],
    };
    slip_ctrl_out_t o;
    slip_ctrl_events_t ev;
    (void)cycle;
    unsigned max_before = slip_ctrl_max_slip(t->m);
    slip_ctrl_step(t->m, &in, &o, &ev);
    pout_t *q = (pout_t *)out_words;
    q->q_block_o[0] = o.q_block;
    q->q_limit_o[0] = o.q_limit;
    q->max_slip_o[0] = o.max_slip;
    q->adapt_o[0] = o.adapt;
    q->period_end_o[0] = o.period_end;
    q->rsp_valid_o[0] = o.rsp_valid;
    q->rsp_err_o[0] = o.rsp_err;
    q->err_sticky_o[0] = o.err_sticky;
    for (unsigned th = 0; th < t->p.warp_width; th++)
        port_set_field(q->rd_counts_o, th * t->p.counter_width, t->p.counter_width,
                       o.rd_counts[th]);

    uint64_t *c = t->cover;
    t->ops += ev.ev;
    c[CV_INCREMENTED] += ev.incremented;
    c[CV_DECREMENTED] += ev.decremented;
    c[CV_DISABLED_DEC] += ev.disabled_dec;
    c[CV_RELEASED] += ev.released;
    if (ev.period_end) {
        c[CV_PERIOD_INC] += ev.adapt == SC_ADAPT_INC;
        c[CV_PERIOD_DEC] += ev.adapt == SC_ADAPT_DEC;
        c[CV_PERIOD_HOLD] += ev.adapt == SC_ADAPT_HOLD;
        c[CV_MAX_FLOOR] += ev.adapt == SC_ADAPT_DEC && max_before == 1;
    }
    c[CV_MAX_RAISED] += slip_ctrl_max_slip(t->m) > t->p.init_max_slip;
    uint64_t any = 0;
    for (unsigned w = 0; w < t->p.num_warps; w++)
        any |= (uint64_t)(slip_ctrl_limit(t->m, w) != 0) << w;
    c[CV_LIMIT_SET] += (any & ~t->any_limit_before) != 0;
    c[CV_LIMIT_CLEARED] += (t->any_limit_before & ~any) != 0;
    t->any_limit_before = any;
    if (ev.ev && ev.err == SC_ERR_BAD_WARP)
        c[CV_ERR_BAD_WARP]++;
    if (ev.ev && ev.err == SC_ERR_BAD_EXEC)
        c[CV_ERR_BAD_EXEC]++;
    if (in.rel_valid && in.rel_warp >= t->p.num_warps)
        c[CV_ERR_BAD_RELEASE]++;
    if (t->expect && ev.ev && ev.err != t->expect_code) {
        snprintf(err, errlen, "injected illegal event: expected error %u, model reports %u",
                 t->expect_code, ev.err);
        return -1;
    }
    return t->scn.scn && t->scn.expect ? scenario_check(t, q, err, errlen) : 0;
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    const tb_t *t = p;
    /* periods in a default run, and how far max-slip can travel in them */
    uint64_t periods = 1000000u / t->p.sample_period;
    switch (k) {
    case CV_ERR_BAD_WARP:
    case CV_ERR_BAD_RELEASE:
        return t->id_span > t->p.num_warps;
    case CV_MAX_FLOOR:
        return periods >= 8u * t->p.init_max_slip;
    case CV_MAX_RAISED:
        return periods >= 8 && t->p.init_max_slip < (1u << t->p.counter_width) - 1u;
    case CV_PERIOD_INC:
    case CV_PERIOD_DEC:
    case CV_PERIOD_HOLD:
        return periods >= 8;
    default:
        return true;
    }
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        SLIP_CTRL_COSIM_DUT,
        .scenarios = true,
        .covers = covers,
        .n_covers = CV_COUNT,
        .create = tb_create,
        .destroy = tb_destroy,
        .stimulus = tb_stimulus,
        .model = tb_model,
        .cover_counts = tb_cover_counts,
        .cover_applies = tb_cover_applies,
        .ops = tb_ops,
    };
    return cosim_main(&tb, CFG_NAME, argc, argv);
}
