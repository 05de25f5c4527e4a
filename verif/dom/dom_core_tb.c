/* dom_core testbench: the slip controller gating the MDT, in RTL, against
 * the composed golden model (csim/dom/dom_core.h). The shared driver
 * (dom_tb_common.c) runs the warps' loops; executing threads exclude the
 * slip-limited ones, as the core would (now and then, as an injected error,
 * one does not); the core statistics change character every sampling
 * period as in slip_ctrl's testbench (dom_perf_next). Both children's cover
 * points are checked: mdt's from the driver, slip_ctrl's from the rules it
 * shares with slip_ctrl's testbench (dom_slip_cover). Or a directed scenario
 * (verif/dom/scenarios/dom_core_*.scn). */
#include "cosim_kit.h"
#include "dom_core.h"
#include "dom_tb_common.h"

typedef struct {
    dom_core_params_t p;
    dom_core_t *m;
    dom_driver_t d;
    dom_slip_cover_t cov;
    cosim_rng_t rng; /* core statistics */
    dom_perf_t perf;
    dom_scn_t scn; /* directed scenario instead of the driver (scn.scn set) */
    scenario_mask_expect_t counts; /* its counts= */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * The MDT verbs of dom_tb_common.h without ok= (the slip controller decides),
 * the core statistics on any line but a peek (dom_scn_perf), and on expect and peek lines, besides
 * the MDT's keys (sticky= is mdt_sticky_o), the slip controller's of warp w:
 *   block= limit= (acc_block_o, acc_limit_o) counts= (rd_counts_o, thread t
 *   at bits t*CounterWidth, any width) max= adapt= period_end= slip_err= slip_sticky=
 * Every ACCESS is a slip event of its warp; RELEASE resets both blocks. */
enum { CK_BLOCK, CK_LIMIT, CK_MAX, CK_ADAPT, CK_PERIOD_END, CK_SLIP_ERR,
       CK_SLIP_STICKY, CK_COUNT };
_Static_assert(DSK_COUNT + CK_COUNT <= SCN_MAX_EXPECT, "expect keys of dom_core");
static const scenario_key_t core_keys[CK_COUNT] = {
    [CK_BLOCK] = {"block", NULL, "acc_block_o"},
    [CK_LIMIT] = {"limit", NULL, "acc_limit_o"},
    [CK_MAX] = {"max", NULL, "max_slip_o"},
    [CK_ADAPT] = {"adapt", sc_adapt_words, "adapt_o"},
    [CK_PERIOD_END] = {"period_end", NULL, "period_end_o"},
    [CK_SLIP_ERR] = {"slip_err", sc_err_words, "slip_err_o"},
    [CK_SLIP_STICKY] = {"slip_sticky", NULL, "slip_sticky_o"},
};

/* The MDT's request as the core's inputs (the core statistics aside). */
static void core_request(const mdt_in_t *q, dom_core_in_t *in)
{
    *in = (dom_core_in_t){
        .acc_valid = q->acc_valid, .acc_op = q->acc_op,         .acc_warp = q->acc_warp,
        .acc_pc = q->acc_pc,       .acc_exec = q->acc_exec,     .acc_hit = q->acc_hit,
        .fill_valid = q->fill_valid, .fill_warp = q->fill_warp, .fill_entry = q->fill_entry,
        .fill_mask = q->fill_mask, .rd_warp = q->rd_warp,       .rd_entry = q->rd_entry,
    };
}

static int scenario_stimulus(tb_t *t, dom_core_in_t *in, char *err, size_t errlen)
{
    dom_scn_t *s = &t->scn;
    mdt_in_t q;
    int rc = scenario_cycle_next(s, err, errlen);
    if (rc)
        return rc;
    if (dom_scn_mdt_request(s, false, &q, err, errlen))
        return -1;
    core_request(&q, in);
    if (dom_scn_perf(s, &in->perf_idle, &in->perf_mem_stall, &in->perf_bytes, err, errlen) ||
        scenario_expect_read(&s->line, &s->exp, core_keys, CK_COUNT, DSK_COUNT, err, errlen))
        return -1;
    if (dom_scn_counts_read(s, &t->counts, CFG_WarpWidth * CFG_CounterWidth, err, errlen))
        return -1;
    return scenario_done(&s->line, err, errlen);
}

static int scenario_check(const tb_t *t, const dom_core_out_t *out, char *err, size_t errlen)
{
    const dom_scn_t *s = &t->scn;
    mdt_out_t mo; /* the MDT's outputs, as the core passes them on */
    memset(&mo, 0, sizeof mo);
#define TB_FROM_CORE_(type, f, dims) mo.f = out->f;
    DOMC_MDT_OUTS(TB_FROM_CORE_)
#undef TB_FROM_CORE_
    mo.err_sticky = out->mdt_sticky;
    kit_out_t o_; /* the outputs as ports: a packed port reads as one number */
    memset(&o_, 0, sizeof o_);
    KIT_TO_PORTS(KIT_OUT_PORTS, kit_out_t, out, &o_);
    const kit_out_t *o = &o_;
    const uint64_t got[CK_COUNT] = {
        [CK_BLOCK] = o->acc_block_o[0],     [CK_LIMIT] = o->acc_limit_o[0],
        [CK_MAX] = o->max_slip_o[0],
        [CK_ADAPT] = o->adapt_o[0],         [CK_PERIOD_END] = o->period_end_o[0],
        [CK_SLIP_ERR] = o->slip_err_o[0],   [CK_SLIP_STICKY] = o->slip_sticky_o[0],
    };
    dom_scn_counts_check(s, &t->counts, o->rd_counts_o);
    if (dom_scn_mdt_check(s, &mo, err, errlen) ||
        scenario_expect_check(&s->line, &s->exp, core_keys, CK_COUNT, DSK_COUNT, got, err,
                              errlen))
        return -1;
    return 0;
}

/* ---- random stimulus ------------------------------------------------------------ */

static uint64_t limit_of(const void *ctx, unsigned w)
{
    return slip_ctrl_limit((const slip_ctrl_t *)ctx, w);
}

/* The driver's requests, the core statistics of the cycle. */
static int random_stimulus(tb_t *t, uint64_t cycle, dom_core_in_t *in)
{
    mdt_in_t q;
    dom_driver_request(&t->d, dom_core_mdt(t->m), limit_of, dom_core_slip(t->m), &q);
    core_request(&q, in);
    dom_perf_next(&t->perf, &t->rng, cycle, &in->perf_idle, &in->perf_mem_stall,
                  &in->perf_bytes);
    return 0;
}

/* ---- intent checks ----------------------------------------------------------------
 * What the slip controller gates the MDT for (DoM sections 4.1 and 5.1),
 * checked on every cycle from the children's state before the edge (slip
 * counters and max-slip; the MDT's entries), the ports and what the MDT did
 * -- not from the composed model, whose wiring is the RTL's: a wiring changed
 * alike in both passes the lockstep comparison, not these.
 *   1. Section 5.1 ("if any thread's counter hits some maximum value, the
 *      warp reverts to blocking execution of all loads and stores") and 4.1
 *      step 3: the MDT lets a warp slip on a miss -- allocates it an entry --
 *      only while none of its threads has reached max-slip.
 *   2. Section 4.1 step 3: allocation fails only "because of a limited
 *      number of entries ... or because the adaptive slip controller
 *      decides" so: a warp below max-slip that misses with a free entry and
 *      none at its PC gets one.
 *   3. Section 5.1: the warp reports blocking (acc_block_o) exactly while a
 *      thread of it is at max-slip, and those threads are the ones it must
 *      not execute (acc_limit_o).
 *   4. Section 5.1 ("the counter of each thread is reset when hardware warps
 *      are reassigned") with 4.1: a reassigned warp (RELEASE) starts with no
 *      MDT entry and every slip counter at 0. */

/* The access warp as the cycle finds it (before the edge). */
typedef struct {
    uint64_t limited; /* its threads whose counter has reached max-slip */
    bool free;        /* it has a free MDT entry */
    bool has_pc;      /* an entry of it holds acc_pc_i */
} intent_pre_t;

static intent_pre_t intent_before(const tb_t *t, const dom_core_in_t *in)
{
    intent_pre_t r = {0};
    if (in->acc_warp >= t->p.num_warps)
        return r; /* no warp: it neither blocks nor has entries */
    const slip_ctrl_t *s = dom_core_slip(t->m);
    const mdt_t *m = dom_core_mdt(t->m);
    for (unsigned th = 0; th < t->p.warp_width; th++)
        if (slip_ctrl_counter(s, in->acc_warp, th) >= slip_ctrl_max_slip(s))
            r.limited |= UINT64_C(1) << th;
    for (unsigned e = 0; e < t->p.entries_per_warp; e++) {
        bool v = mdt_entry_valid(m, in->acc_warp, e);
        r.free |= !v;
        r.has_pc |= v && mdt_entry_pc(m, in->acc_warp, e) == in->acc_pc;
    }
    return r;
}

/* Check 3, on any cycle (a peek too). */
static int intent_block(const intent_pre_t *pre, const dom_core_out_t *out, char *err,
                        size_t errlen)
{
    if (out->acc_block == (pre->limited != 0) && out->acc_limit == pre->limited)
        return 0;
    snprintf(err, errlen, "intent (DoM 5.1): the access warp's threads at max-slip are 0x%llx, "
             "but it shows blocking %d, slip limit 0x%llx", (unsigned long long)pre->limited,
             out->acc_block, (unsigned long long)out->acc_limit);
    return -1;
}

/* Checks 1, 2 and 4, on what the edge did. */
static int intent_after(const tb_t *t, const intent_pre_t *pre, const dom_core_in_t *in,
                        const dom_core_events_t *ev, char *err, size_t errlen)
{
    const mdt_events_t *a = &ev->mdt;
    unsigned w = in->acc_warp;
    if (!a->acc || a->err != MDT_ERR_NONE)
        return 0;
    if (a->op == MDT_OP_ACCESS) {
        uint64_t miss = in->acc_exec & ~in->acc_hit & bm_low_bits(t->p.warp_width);
        if (a->kind == MDT_KIND_ALLOCATED && pre->limited) {
            snprintf(err, errlen, "intent (DoM 5.1, 4.1 step 3): warp %u slips on a miss (entry "
                     "allocated) while threads 0x%llx are at max-slip", w,
                     (unsigned long long)pre->limited);
            return -1;
        }
        if (a->kind != MDT_KIND_ALLOCATED && miss && !pre->limited && pre->free && !pre->has_pc) {
            snprintf(err, errlen, "intent (DoM 4.1 step 3): warp %u misses below max-slip with "
                     "a free entry, but gets %s, not an entry", w, mdt_kind_name(a->kind));
            return -1;
        }
    } else if (a->op == MDT_OP_RELEASE) {
        const slip_ctrl_t *s = dom_core_slip(t->m);
        for (unsigned e = 0; e < t->p.entries_per_warp; e++)
            if (mdt_entry_valid(dom_core_mdt(t->m), w, e)) {
                snprintf(err, errlen, "intent (DoM 5.1): warp %u reassigned, its MDT entry %u "
                         "still valid", w, e);
                return -1;
            }
        for (unsigned th = 0; th < t->p.warp_width; th++)
            if (slip_ctrl_counter(s, w, th)) {
                snprintf(err, errlen, "intent (DoM 5.1): warp %u reassigned, thread %u's slip "
                         "counter is still %u", w, th, slip_ctrl_counter(s, w, th));
                return -1;
            }
    }
    return 0;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    const slip_ctrl_t *slip = dom_core_slip(t->m);
    dom_driver_init(&t->d, mdt_params(dom_core_mdt(t->m)), o->seed, cover[KIT_COVERS_MDT]);
    dom_slip_cover_init(&t->cov, slip_ctrl_params(slip), cover[KIT_COVERS_SLIP_CTRL]);
    dom_perf_init(&t->perf, slip_ctrl_params(slip));
    cosim_rng_seed(&t->rng, o->seed ^ UINT64_C(0x9e3779b97f4a7c15));
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, dom_core_in_t *in, char *err, size_t errlen)
{
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, cycle, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const dom_core_in_t *in, dom_core_out_t *out, char *err,
                    size_t errlen)
{
    dom_core_events_t ev;
    (void)cycle;
    intent_pre_t pre = intent_before(t, in);
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        dom_core_eval(t->m, in, out);
        return intent_block(&pre, out, err, errlen) || scenario_check(t, out, err, errlen) ? -1
                                                                                           : 0;
    }
    dom_core_step(t->m, in, out, &ev);
    if (intent_block(&pre, out, err, errlen) || intent_after(t, &pre, in, &ev, err, errlen))
        return -1;
    dom_slip_cover(&t->cov, dom_core_slip(t->m), &ev.slip_in, out->max_slip, &ev.slip);
    if (dom_driver_after(&t->d, dom_core_mdt(t->m), &ev.mdt_in, &ev.mdt,
                         ev.mdt_in.acc_alloc_ok, err, errlen))
        return -1;
    if (t->d.slip_expect && ev.slip.ev && ev.slip.err != t->d.slip_code) {
        snprintf(err, errlen, "injected illegal slip event: expected error %u, model reports %u",
                 t->d.slip_code, ev.slip.err);
        return -1;
    }
    return t->scn.scn ? scenario_check(t, out, err, errlen) : 0;
}

static void tb_reset(tb_t *t)
{
    dom_driver_reset(&t->d);
    dom_slip_cover_reset(&t->cov);
}

COSIM_TESTBENCH(tb_t, dom_core, true, NULL, tb_reset, .verbs = dom_mdt_verbs);
