/* slip_ctrl testbench: memory events of warps whose threads are fast (mostly
 * hit) or slow (mostly miss), so that slip grows, hits the limit and
 * shrinks again; executing threads exclude the slip-limited ones, as the
 * core would; warps reassigned now and then; core statistics in phases that
 * change every sampling period (dom_perf_next: ALU-bound, bandwidth-bound,
 * latency-bound, latency-bound only) so adaptive diff raises, lowers and
 * holds max-slip; about 2% illegal requests whose rejection is checked. The
 * cover rules are dom_slip_cover's (dom_tb_common.c), shared with dom_core.
 * Or a directed scenario (verif/dom/scenarios/slip_ctrl_*.scn). */
#include <string.h>

#include "cosim_kit.h"
#include "dom_tb_common.h"

typedef struct {
    slip_ctrl_params_t p;
    slip_ctrl_t *m;
    cosim_rng_t rng;
    uint64_t all;
    unsigned id_span;
    uint64_t active[SC_NUM_WARPS_MAX], fast[SC_NUM_WARPS_MAX];
    dom_perf_t perf;
    bool expect;
    unsigned expect_code;
    dom_slip_cover_t cov;
    dom_scn_t scn; /* directed scenario instead of the generator (scn.scn set) */
    scenario_mask_expect_t counts; /* its counts= */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (dom_tb_common.h); masks: bit t = thread t.
 *   event    w= exec= hit=   a memory instruction of warp w executed
 *   release  w=              warp w is reassigned
 *   idle     [n=1]           no event
 *   expect   [w=0] [block= limit= counts= max= adapt= period_end= rsp= err=
 *            sticky=]
 *   peek     [the keys of expect]   the same check without a cycle
 * Every line but a peek also takes the core statistics of its cycle(s) (dom_scn_perf:
 * core_idle=, mem_stall=, bytes=). The query and read ports look at
 * the line's warp (warp 0 on idle lines). counts= is rd_counts_o (thread t at
 * bits t*CounterWidth, any width), adapt= HOLD, INC or DEC. */
enum { SK_BLOCK, SK_LIMIT, SK_MAX, SK_ADAPT, SK_PERIOD_END, SK_RSP, SK_ERR,
       SK_STICKY, SK_COUNT };
static const scenario_key_t sc_keys[SK_COUNT] = {
    [SK_BLOCK] = {"block", NULL, "q_block_o"},
    [SK_LIMIT] = {"limit", NULL, "q_limit_o"},
    [SK_MAX] = {"max", NULL, "max_slip_o"},
    [SK_ADAPT] = {"adapt", sc_adapt_words, "adapt_o"},
    [SK_PERIOD_END] = {"period_end", NULL, "period_end_o"},
    [SK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [SK_ERR] = {"err", sc_err_words, "rsp_err_o"},
    [SK_STICKY] = {"sticky", NULL, "err_sticky_o"},
};

static const scenario_verb_t sc_verbs[] = {
    {"event", "a memory instruction of warp w executed: exec= its threads, hit= those that hit"},
    {"release", "warp w is reassigned"},
    {NULL, NULL},
};

static int scenario_stimulus(tb_t *t, slip_ctrl_in_t *in, char *err, size_t errlen)
{
    dom_scn_t *s = &t->scn;
    scenario_line_t *l = &s->line;
    int rc = scenario_cycle_next(s, err, errlen);
    if (rc)
        return rc;
    uint64_t w = 0;
    if (dom_scn_perf(s, &in->perf_idle, &in->perf_mem_stall, &in->perf_bytes, err, errlen))
        return -1;
    if (strcmp(l->verb, "idle") && dom_scn_get_small(s, "w", &w, 0xffff, err, errlen) < 0)
        return -1;
    if (s->check) {
        /* no request */
    } else if (!strcmp(l->verb, "event")) {
        in->ev_valid = true;
        in->ev_warp = (unsigned)w;
        if (scenario_get(l, "exec", &in->ev_exec, err, errlen) < 0 ||
            scenario_get(l, "hit", &in->ev_hit, err, errlen) < 0)
            return -1;
    } else if (!strcmp(l->verb, "release")) {
        in->rel_valid = true;
        in->rel_warp = (unsigned)w;
    } else if (strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    in->q_warp = in->rd_warp = (unsigned)w;
    /* the checks, on any line */
    if (scenario_expect_read(&s->line, &s->exp, sc_keys, SK_COUNT, 0, err, errlen))
        return -1;
    if (dom_scn_counts_read(s, &t->counts, t->p.warp_width * t->p.counter_width, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const slip_ctrl_out_t *o, char *err, size_t errlen)
{
    kit_out_t po; /* the outputs as ports: rd_counts reads as one number */
    memset(&po, 0, sizeof po);
    KIT_TO_PORTS(KIT_OUT_PORTS, kit_out_t, o, &po);
    uint64_t got[SK_COUNT] = {
        [SK_BLOCK] = o->q_block,   [SK_LIMIT] = o->q_limit,
        [SK_MAX] = o->max_slip,    [SK_ADAPT] = o->adapt,
        [SK_PERIOD_END] = o->period_end,
        [SK_RSP] = o->rsp_valid,   [SK_ERR] = o->rsp_err,
        [SK_STICKY] = o->err_sticky,
    };
    dom_scn_counts_check(&t->scn, &t->counts, po.rd_counts_o);
    return scenario_expect_check(&t->scn.line, &t->scn.exp, sc_keys, SK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- random stimulus ---------------------------------------------------------- */

static int random_stimulus(tb_t *t, uint64_t cycle, slip_ctrl_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    dom_perf_next(&t->perf, r, cycle, &in->perf_idle, &in->perf_mem_stall, &in->perf_bytes);
    in->q_warp = (unsigned)cosim_rng_below(r, t->id_span);
    in->rd_warp = (unsigned)cosim_rng_below(r, t->id_span);
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    uint64_t lim = slip_ctrl_limit(t->m, w);
    if (cosim_rng_below(r, 300) == 0) {
        in->rel_valid = true;
        in->rel_warp = (unsigned)cosim_rng_below(r, t->id_span); /* may be out of range */
        t->active[w] = cosim_rng_pct(r, 70) ? t->all : (cosim_rng_next(r) & t->all) | 1u;
        t->fast[w] = cosim_rng_next(r) & t->all;
    }
    if (!cosim_rng_pct(r, 60))
        return 0;
    in->ev_valid = true;
    in->ev_warp = w;
    uint64_t exec = t->active[w] & ~lim;
    uint64_t hit = (t->fast[w] & (cosim_rng_next(r) | cosim_rng_next(r) | cosim_rng_next(r))) |
                   (~t->fast[w] & cosim_rng_next(r) & cosim_rng_next(r));
    if (cosim_rng_pct(r, 10))
        hit = cosim_rng_pct(r, 50) ? t->all : 0;
    if (cosim_rng_pct(r, 2)) {
        if (cosim_rng_pct(r, 50) && t->id_span > t->p.num_warps) {
            in->ev_warp = t->p.num_warps;
            t->expect = true;
            t->expect_code = SC_ERR_BAD_WARP;
        } else if (lim) {
            exec |= lim & (~lim + 1u);
            t->expect = true;
            t->expect_code = SC_ERR_BAD_EXEC;
        }
    }
    in->ev_exec = exec;
    in->ev_hit = hit & t->all;
    return 0;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    dom_slip_cover_init(&t->cov, &t->p, cover[KIT_COVERS_SLIP_CTRL]);
    dom_perf_init(&t->perf, &t->p);
    cosim_rng_seed(&t->rng, o->seed);
    t->all = t->p.warp_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->p.warp_width) - 1u;
    t->id_span = 1; /* ids drawn below the next power of two >= N */
    while (t->id_span < t->p.num_warps)
        t->id_span <<= 1;
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        t->active[w] = t->all;
        t->fast[w] = cosim_rng_next(&t->rng) & t->all;
    }
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, slip_ctrl_in_t *in, char *err, size_t errlen)
{
    t->expect = false;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, cycle, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const slip_ctrl_in_t *in, slip_ctrl_out_t *out, char *err,
                    size_t errlen)
{
    slip_ctrl_events_t ev;
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        slip_ctrl_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    slip_ctrl_step(t->m, in, out, &ev);
    dom_slip_cover(&t->cov, t->m, in, out->max_slip, &ev);
    if (t->expect && ev.ev && ev.err != t->expect_code) {
        snprintf(err, errlen, "injected illegal event: expected error %u, model reports %u",
                 t->expect_code, ev.err);
        return -1;
    }
    return t->scn.scn ? scenario_check(t, out, err, errlen) : 0;
}

static void tb_reset(tb_t *t) { dom_slip_cover_reset(&t->cov); }

COSIM_TESTBENCH(tb_t, slip_ctrl, true, NULL, tb_reset, .verbs = sc_verbs);
