/* dom_core testbench: the slip controller gating the MDT, in RTL, against
 * the two golden models wired the same way (the access warp's blocking mode
 * is the MDT's allocation permission; every ACCESS is a slip event; RELEASE
 * resets both). The shared driver (dom_tb_common.c) runs the warps' loops;
 * executing threads exclude the slip-limited ones, as the core would; the
 * core statistics change character every sampling period. Or a directed
 * scenario (verif/dom/scenarios/dom_core_*.scn). */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "dom_core_ports.h"
#include "dom_tb_common.h"
#include "slip_ctrl.h"

typedef dom_core_port_in_t pin_t;
typedef dom_core_port_out_t pout_t;

typedef struct {
    mdt_params_t mp;
    slip_ctrl_params_t sp;
    mdt_t *mdt;
    slip_ctrl_t *slip;
    dom_driver_t d;
    cosim_rng_t rng;
    unsigned phase;
    dom_scn_t scn; /* directed scenario instead of the driver (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * The MDT verbs of dom_tb_common.h without ok= (the slip controller decides),
 * the core statistics on any line (dom_scn_perf), and on expect lines, besides
 * the MDT's keys (sticky= is mdt_sticky_o), the slip controller's of warp w:
 *   block= limit= (acc_block_o, acc_limit_o) counts= (rd_counts_o, thread t
 *   at bits t*CounterWidth) max= adapt= period_end= slip_err= slip_sticky=
 * Every ACCESS is a slip event of its warp; RELEASE resets both blocks. */
enum { CK_BLOCK, CK_LIMIT, CK_COUNTS, CK_MAX, CK_ADAPT, CK_PERIOD_END, CK_SLIP_ERR,
       CK_SLIP_STICKY, CK_COUNT };
_Static_assert(DSK_COUNT + CK_COUNT <= SCN_MAX_EXPECT, "expect keys of dom_core");
static const scenario_key_t core_keys[CK_COUNT] = {
    [CK_BLOCK] = {"block", NULL},           [CK_LIMIT] = {"limit", NULL},
    [CK_COUNTS] = {"counts", NULL},         [CK_MAX] = {"max", NULL},
    [CK_ADAPT] = {"adapt", dom_adapt_words}, [CK_PERIOD_END] = {"period_end", NULL},
    [CK_SLIP_ERR] = {"slip_err", dom_slip_err_words},
    [CK_SLIP_STICKY] = {"slip_sticky", NULL},
};

static void mdt_to_ports(const mdt_in_t *q, pin_t *in)
{
    in->acc_valid_i[0] = q->acc_valid;
    in->acc_op_i[0] = q->acc_op;
    in->acc_warp_i[0] = q->acc_warp;
    in->acc_pc_i[0] = q->acc_pc;
    in->acc_exec_i[0] = q->acc_exec;
    in->acc_hit_i[0] = q->acc_hit;
    in->fill_valid_i[0] = q->fill_valid;
    in->fill_warp_i[0] = q->fill_warp;
    in->fill_entry_i[0] = q->fill_entry;
    in->fill_mask_i[0] = q->fill_mask;
    in->rd_warp_i[0] = q->rd_warp;
    in->rd_entry_i[0] = q->rd_entry;
}

static int scenario_stimulus(tb_t *t, pin_t *in, char *err, size_t errlen)
{
    dom_scn_t *s = &t->scn;
    mdt_in_t q;
    int rc = dom_scn_next(s, err, errlen);
    if (rc)
        return rc;
    if (dom_scn_mdt_request(s, false, &q, err, errlen) ||
        dom_scn_perf(s, in->perf_idle_i, in->perf_mem_stall_i, in->perf_bytes_i, err, errlen) ||
        (s->expect &&
         scenario_expect_read(&s->line, &s->exp, core_keys, CK_COUNT, DSK_COUNT, err, errlen)) ||
        scenario_unused(&s->line, err, errlen))
        return -1;
    if (s->exp.has[DSK_COUNT + CK_COUNTS] && t->sp.warp_width * t->sp.counter_width > 64) {
        snprintf(err, errlen, "%s:%u: counts= needs WarpWidth*CounterWidth <= 64",
                 s->line.file, s->line.lineno);
        return -1;
    }
    mdt_to_ports(&q, in);
    return dom_scn_fits(s, dom_core_port_in_desc, DOM_CORE_PORT_IN_COUNT, (uint64_t *)in, err,
                        errlen);
}

static uint64_t limit_of(const void *ctx, unsigned w)
{
    return slip_ctrl_limit((const slip_ctrl_t *)ctx, w);
}

static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->mp = (mdt_params_t){CFG_NumWarps, CFG_EntriesPerWarp, CFG_WarpWidth, CFG_PcWidth};
    t->sp = (slip_ctrl_params_t){CFG_NumWarps,       CFG_WarpWidth,   CFG_CounterWidth,
                                 CFG_SamplePeriod,   CFG_InitMaxSlip, CFG_IdleThreshold,
                                 CFG_StallThreshold, CFG_BytesWidth,  CFG_FairBytes};
    if (mdt_create(&t->mp, &t->mdt) || slip_ctrl_create(&t->sp, &t->slip)) {
        snprintf(err, errlen, "DoM models reject configuration %s", CFG_NAME);
        free(t);
        return NULL;
    }
    dom_driver_init(&t->d, &t->mp, o->seed);
    cosim_rng_seed(&t->rng, o->seed ^ UINT64_C(0x9e3779b97f4a7c15));
    if (o->scenario && dom_scn_open(&t->scn, o->scenario, err, errlen)) {
        mdt_destroy(t->mdt);
        slip_ctrl_destroy(t->slip);
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
    mdt_destroy(t->mdt);
    slip_ctrl_destroy(t->slip);
    free(t);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    cosim_rng_t *r = &t->rng;
    pin_t *in = (pin_t *)words;
    mdt_in_t q;
    if (t->scn.scn)
        return scenario_stimulus(t, in, err, errlen);
    dom_driver_request(&t->d, t->mdt, limit_of, t->slip, &q);
    mdt_to_ports(&q, in);
    /* core statistics: a different character each sampling period */
    if (cycle % t->sp.sample_period == 0)
        t->phase = (unsigned)cosim_rng_below(r, 3);
    unsigned bytes_max = (1u << t->sp.bytes_width) - 1u;
    in->perf_idle_i[0] = cosim_rng_pct(r, t->phase == 1 ? 1 : 60);
    in->perf_mem_stall_i[0] = cosim_rng_pct(r, t->phase == 2 ? 80 : 20);
    in->perf_bytes_i[0] = t->phase == 2 ? bytes_max : cosim_rng_below(r, bytes_max / 4 + 1);
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    const pin_t *in = (const pin_t *)words;
    (void)cycle;
    mdt_in_t mi = {
        .acc_valid = in->acc_valid_i[0] & 1u,
        .acc_op = (unsigned)in->acc_op_i[0],
        .acc_warp = (unsigned)in->acc_warp_i[0],
        .acc_pc = in->acc_pc_i[0],
        .acc_exec = in->acc_exec_i[0],
        .acc_hit = in->acc_hit_i[0],
        .fill_valid = in->fill_valid_i[0] & 1u,
        .fill_warp = (unsigned)in->fill_warp_i[0],
        .fill_entry = (unsigned)in->fill_entry_i[0],
        .fill_mask = in->fill_mask_i[0],
        .rd_warp = (unsigned)in->rd_warp_i[0],
        .rd_entry = (unsigned)in->rd_entry_i[0],
    };
    /* the wiring of dom_core.sv, as two models */
    slip_ctrl_in_t si = {
        .ev_valid = mi.acc_valid && (mi.acc_op & 3u) == MDT_OP_ACCESS,
        .ev_warp = mi.acc_warp,
        .ev_exec = mi.acc_exec,
        .ev_hit = mi.acc_hit,
        .rel_valid = mi.acc_valid && (mi.acc_op & 3u) == MDT_OP_RELEASE,
        .rel_warp = mi.acc_warp,
        .q_warp = mi.acc_warp,
        .perf_idle = in->perf_idle_i[0] & 1u,
        .perf_mem_stall = in->perf_mem_stall_i[0] & 1u,
        .perf_bytes = (unsigned)in->perf_bytes_i[0],
        .rd_warp = mi.rd_warp,
    };
    slip_ctrl_out_t so;
    slip_ctrl_events_t sev;
    slip_ctrl_step(t->slip, &si, &so, &sev);
    mi.acc_alloc_ok = !so.q_block;
    mdt_out_t mo;
    mdt_events_t mev;
    mdt_step(t->mdt, &mi, &mo, &mev);

    pout_t *o = (pout_t *)out_words;
    o->acc_block_o[0] = so.q_block;
    o->acc_limit_o[0] = so.q_limit;
    o->rsp_valid_o[0] = mo.rsp_valid;
    o->rsp_err_o[0] = mo.rsp_err;
    o->rsp_kind_o[0] = mo.rsp_kind;
    o->rsp_entry_o[0] = mo.rsp_entry;
    o->rsp_rejoin_o[0] = mo.rsp_rejoin;
    o->rsp_waiting_o[0] = mo.rsp_waiting;
    o->fill_rsp_valid_o[0] = mo.fill_rsp_valid;
    o->fill_err_o[0] = mo.fill_err;
    o->mdt_sticky_o[0] = mo.err_sticky;
    o->slip_err_o[0] = so.rsp_err;
    o->slip_sticky_o[0] = so.err_sticky;
    o->max_slip_o[0] = so.max_slip;
    o->adapt_o[0] = so.adapt;
    o->period_end_o[0] = so.period_end;
    o->rd_valid_o[0] = mo.rd_valid;
    o->rd_pc_o[0] = mo.rd_pc;
    o->rd_waiting_o[0] = mo.rd_waiting;
    o->rd_ready_o[0] = mo.rd_ready;
    o->rd_age_o[0] = mo.rd_age;
    o->rd_masked_o[0] = mo.rd_masked;
    o->rd_free_o[0] = mo.rd_free;
    for (unsigned th = 0; th < t->sp.warp_width; th++)
        port_set_field(o->rd_counts_o, th * t->sp.counter_width, t->sp.counter_width,
                       so.rd_counts[th]);
    if (t->scn.scn) {
        dom_driver_after(&t->d, t->mdt, &mi, &mev, mi.acc_alloc_ok, err, errlen); /* coverage */
        if (!t->scn.expect)
            return 0;
        uint64_t got[DSK_COUNT];
        dom_scn_mdt_got(&mo, got);
        uint64_t core[CK_COUNT] = {
            [CK_BLOCK] = so.q_block,         [CK_LIMIT] = so.q_limit,
            [CK_COUNTS] = o->rd_counts_o[0], [CK_MAX] = so.max_slip,
            [CK_ADAPT] = so.adapt,           [CK_PERIOD_END] = so.period_end,
            [CK_SLIP_ERR] = so.rsp_err,      [CK_SLIP_STICKY] = so.err_sticky,
        };
        const scenario_line_t *l = &t->scn.line;
        if (scenario_expect_check(l, &t->scn.exp, dom_mdt_keys, DSK_COUNT, 0, got, err, errlen) ||
            scenario_expect_check(l, &t->scn.exp, core_keys, CK_COUNT, DSK_COUNT, core, err,
                                  errlen))
            return -1;
        return 0;
    }
    return dom_driver_after(&t->d, t->mdt, &mi, &mev, mi.acc_alloc_ok, err, errlen);
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->d.cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    return dom_mdt_cover_applies(&((const tb_t *)p)->mp, k, true);
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->d.ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        DOM_CORE_COSIM_DUT,
        .scenarios = true,
        .covers = dom_mdt_covers,
        .n_covers = DCV_COUNT,
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
