/* warp_split_table testbench: a SIMT pipeline and memory system around the
 * warp-split table (docs/blocks/warp_split_table.md), the cover rules, and
 * the directed scenario reader. Built once per configuration with the kit
 * generated from configs/warp_split_table.cfg (cosim_kit.h).
 *
 * The stimulus runs each warp through one straight-line program with
 * backward jumps (every split of a warp executes the same instruction
 * stream, section 5.3): what the instruction at a PC is (ALU, load/store,
 * loop branch) and where it goes are functions of the PC, so a fall-behind
 * split meets its run-ahead split at the same PCs and the two can merge.
 * Misses return after a random latency, in random groups. The pipeline
 * mostly issues the scheduler's pick. Some instructions are conditional
 * branches and some loads and stores end at a reconvergence point: there a
 * split is held (req_hold_i) until its warp has arrived, and the warp is
 * then re-rooted with INIT, as dws_core does after the stack's branch or
 * pop (section 5.3). Which PCs are such points changes now and then, and
 * for stretches of cycles there are none (tiny PC spaces need both). Now and then the
 * policy or the
 * scheduler changes, a warp is re-rooted (INIT) or released, and about 3%
 * of the requests and fills are illegal: each is checked to change nothing,
 * against a shadow model that sees the same cycle without it. */
#include "cosim_kit.h"
#include "dws_mem.h"
#include "warp_split_table.h"
#include "wst_scn.h"

#define MAX_N WST_NUM_WARPS_MAX

typedef struct {
    warp_split_table_params_t p;
    warp_split_table_t *m;
    warp_split_table_t *shadow; /* the same cycles, without the illegal requests */
    cosim_rng_t rng;
    cosim_rng_t chk_rng;     /* the judge port's own stream (the rest is unchanged by it) */
    uint64_t *cover;
    uint64_t lanes, pc_mask;
    unsigned warp_id_span, entry_id_span;
    uint64_t now;
    dws_mem_t mem;           /* the memory: waiting threads' due cycles */
    dws_modes_t modes;       /* the policy and scheduler presented */
    unsigned fragment_warp;  /* this warp splits one thread off at each access */
    bool fragment;
    bool holds;              /* branches and reconvergence points hold splits */
    uint64_t hold_salt;      /* which PCs they are (changes with `holds`) */
    uint64_t all_hit_until;  /* every access hits until this cycle: MFCs grow, and
                                their wakes afterwards fill sum-rMFC */
    bool bad_req, bad_fill;  /* this cycle's request / fill is an injected illegal one */
    unsigned bad_code, bad_fill_code;
    wst_scn_t scn; /* a directed scenario (scn.scn NULL: random stimulus) */
} tb_t;

/* ---- the program every warp runs ------------------------------------------- */

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= UINT64_C(0x9e3779b97f4a7c15);
    return x ^ (x >> 29);
}

enum { INSN_ALU, INSN_MEM, INSN_LOOP };

static unsigned insn_at(uint64_t pc)
{
    uint64_t h = mix(pc) % 100;
    return h < 55 ? INSN_ALU : h < 97 ? INSN_MEM : INSN_LOOP;
}

/* The instruction at pc is a conditional branch (an ALU slot) or a load or
 * store followed by a reconvergence point (a MEM slot): its split is held. */
static bool hold_at(const tb_t *t, uint64_t pc)
{
    return t->holds && mix(pc ^ t->hold_salt) % 100 < 7;
}

/* The next PC: the next word, or (at one instruction in eight) a jump back. */
static uint64_t next_pc(const tb_t *t, uint64_t pc)
{
    uint64_t h = mix(pc ^ 0x5a5a);
    uint64_t npc = h % 8 == 0 ? pc - 4 * (1 + (h >> 8) % 6) : pc + 4;
    return npc & t->pc_mask;
}

/* ---- random stimulus -------------------------------------------------------- */

static uint64_t random_lanes(tb_t *t) { return cosim_rng_next(&t->rng) & t->lanes; }

/* A hit mask for a split of mask `mask`: all hit, all miss, one thread
 * missing (the fragmenting warp), or a random divergence. */
static uint64_t hit_mask(tb_t *t, unsigned w, uint64_t mask)
{
    if (t->now < t->all_hit_until)
        return mask;
    if (t->fragment && w == t->fragment_warp) {
        uint64_t one = mask & (~mask + 1); /* its lowest thread misses */
        return (mask & ~one) | (random_lanes(t) & ~mask);
    }
    unsigned k = (unsigned)cosim_rng_below(&t->rng, 10);
    uint64_t h = k < 5 ? mask : k < 7 ? 0 : random_lanes(t);
    return h | (random_lanes(t) & ~mask); /* bits outside the split are ignored */
}

/* A ready split of warp w, or of any warp (w = MAX_N): 1 found. */
static int pick_ready(tb_t *t, unsigned w, unsigned *pw, unsigned *pe)
{
    unsigned n = t->p.num_warps, ww = t->p.warp_width, start = (unsigned)cosim_rng_below(&t->rng, n * ww);
    for (unsigned k = 0; k < n * ww; k++) {
        unsigned f = (start + k) % (n * ww);
        if ((w == MAX_N || f / ww == w) && warp_split_table_ready(t->m, f / ww, f % ww)) {
            *pw = f / ww, *pe = f % ww;
            return 1;
        }
    }
    return 0;
}

static unsigned valid_entries(const tb_t *t, unsigned w)
{
    unsigned c = 0;
    for (unsigned e = 0; e < t->p.warp_width; e++)
        c += warp_split_table_entry(t->m, w, e).valid;
    return c;
}

/* An injected illegal request: 1 made. */
static int illegal_request(tb_t *t, warp_split_table_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned n = t->p.num_warps, w = (unsigned)cosim_rng_below(r, n);
    in->req_warp = w;
    in->req_pc = cosim_rng_next(r) & t->pc_mask;
    in->req_mask = random_lanes(t);
    in->req_entry = (unsigned)cosim_rng_below(r, t->entry_id_span);
    switch (cosim_rng_below(r, 6)) {
    case 0:
        in->req_op = WST_OP_COUNT + (unsigned)cosim_rng_below(r, 8 - WST_OP_COUNT);
        t->bad_code = WST_ERR_BAD_OP;
        return 1;
    case 1:
        if (t->warp_id_span == n)
            return 0;
        in->req_warp = n + (unsigned)cosim_rng_below(r, t->warp_id_span - n);
        in->req_op = (unsigned)cosim_rng_below(r, WST_OP_COUNT);
        t->bad_code = WST_ERR_BAD_WARP;
        return 1;
    case 2: /* a free entry, or one past the warp's */
        in->req_op = WST_OP_EXEC + (unsigned)cosim_rng_below(r, 3);
        if (in->req_entry < t->p.warp_width && warp_split_table_entry(t->m, w, in->req_entry).valid)
            return 0;
        t->bad_code = WST_ERR_BAD_ENTRY;
        return 1;
    case 3: { /* a suspended or held split */
        for (unsigned e = 0; e < t->p.warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(t->m, w, e);
            if (x.valid && (x.held || (x.mask & t->mem.pending[w]))) {
                in->req_op = WST_OP_EXEC + (unsigned)cosim_rng_below(r, 3);
                in->req_entry = e;
                t->bad_code = WST_ERR_SUSPENDED;
                return 1;
            }
        }
        return 0;
    }
    case 4:
        in->req_op = WST_OP_INIT;
        in->req_mask = 0;
        t->bad_code = WST_ERR_BAD_MASK;
        return 1;
    default:
        if (!t->mem.pending[w])
            return 0;
        in->req_op = cosim_rng_pct(r, 50) ? WST_OP_INIT : WST_OP_RELEASE;
        in->req_mask |= 1;
        t->bad_code = WST_ERR_BUSY;
        return 1;
    }
}

static void random_request(tb_t *t, warp_split_table_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned n = t->p.num_warps;
    if (!cosim_rng_pct(r, 90))
        return;
    in->req_valid = true;
    in->req_hold = cosim_rng_pct(r, 50); /* INIT, BYPASS, RELEASE ignore it */
    if (cosim_rng_pct(r, 3) && illegal_request(t, in)) {
        t->bad_req = true;
        return;
    }
    /* a warp that has arrived is re-rooted at its held PC with all its
     * threads (dws_core: the stack's new top after the branch); now and
     * then it is left waiting a while */
    warp_split_table_out_t o;
    warp_split_table_eval(t->m, in, &o);
    unsigned w;
    if (o.arrived && cosim_rng_pct(r, 80)) {
        for (w = 0; !((o.arrived >> w) & 1u); w++)
            ;
        in->req_warp = w, in->req_op = WST_OP_INIT, in->req_mask = 0;
        for (unsigned e = 0; e < t->p.warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(t->m, w, e);
            if (x.valid)
                in->req_pc = x.pc, in->req_mask |= x.mask;
        }
        return;
    }
    /* a warp with no split left starts again; now and then one is re-rooted
     * (the stack's next TOS, dws_core) or released */
    w = (unsigned)cosim_rng_below(r, n);
    unsigned live = valid_entries(t, w);
    if (!t->mem.pending[w] && (live == 0 || cosim_rng_below(r, 4000) == 0)) {
        in->req_warp = w;
        if (live && cosim_rng_pct(r, 20)) {
            in->req_op = WST_OP_RELEASE;
            return;
        }
        in->req_op = WST_OP_INIT;
        in->req_pc = (cosim_rng_next(r) & t->pc_mask & ~UINT64_C(3));
        do
            in->req_mask = random_lanes(t);
        while (!in->req_mask);
        if (cosim_rng_pct(r, 30))
            in->req_mask = t->lanes;
        return;
    }
    /* the scheduler's pick, or another ready split */
    unsigned e;
    if (o.sel_valid && cosim_rng_pct(r, 85)) {
        w = o.sel_warp, e = o.sel_entry;
    } else if (!pick_ready(t, MAX_N, &w, &e)) {
        in->req_valid = false;
        return;
    }
    wst_entry_t x = warp_split_table_entry(t->m, w, e);
    in->req_warp = w, in->req_entry = e;
    in->req_pc = next_pc(t, x.pc);
    /* a loop branch at any PC now and then: a tiny PC space may hold none */
    switch (cosim_rng_pct(r, 1) ? INSN_LOOP : insn_at(x.pc)) {
    case INSN_ALU: /* or a branch: held until the warp has arrived */
        in->req_op = WST_OP_EXEC;
        in->req_hold = hold_at(t, x.pc);
        break;
    case INSN_MEM:
        in->req_op = WST_OP_MEM;
        in->req_mask = hit_mask(t, w, x.mask);
        in->req_hold = hold_at(t, x.pc);
        break;
    default: /* a loop branch: most threads go round again */
        in->req_op = WST_OP_BYPASS;
        in->req_mask = cosim_rng_pct(r, 70) ? t->lanes
                       : cosim_rng_pct(r, 90) ? random_lanes(t) : 0;
        break;
    }
}

/* A fill: some of the threads whose data is due (the request's warp first,
 * now and then), or an injected illegal one. */
static void random_fill(tb_t *t, warp_split_table_in_t *in)
{
    unsigned first = in->req_valid && cosim_rng_pct(&t->rng, 30) ? in->req_warp : MAX_N;
    t->bad_fill_code = dws_mem_fill(&t->mem, &t->rng, t->now, first, ~UINT32_C(0),
                                    &in->fill_valid, &in->fill_warp, &in->fill_mask);
    t->bad_fill = t->bad_fill_code != 0;
}

/* The fragmenting warp's misses take 400 cycles (the others: the usual). */
static uint64_t miss_base(const void *ctx, unsigned w)
{
    const tb_t *t = ctx;
    return t->fragment && w == t->fragment_warp ? 400 : 0;
}

/* ---- directed scenarios ------------------------------------------------------- */

/* What an expect or peek line may check: the table's keys (wst_scn.h) and
 * the response's error code. */
enum { EK_ERR, EK_COUNT };
static const scenario_key_t expect_keys[EK_COUNT] = {[EK_ERR] = {"err", wst_err_words, "rsp_err_o"}};

/* A line: `VERB w= e= pc= ...` for INIT (mask=), EXEC, MEM (hit=), BYPASS
 * (keep=), RELEASE, with hold=1 to hold the split; `fill w= mask=`; `idle`; `expect`/`peek`. Any line may
 * set policy= and sched= (they stay) and add a fill (fill= fw=). */
static const scenario_verb_t wst_verbs[] = {
    {"init", "INIT: the warp's root split {pc, mask}"},
    {"exec", "EXEC: split e runs a non-memory instruction; pc = its next PC"},
    {"mem", "MEM: a load or store of split e; hit= the threads that hit"},
    {"bypass", "BYPASS: a loop branch of split e; keep= the threads that stay in the split"},
    {"release", "RELEASE of warp w"},
    {"fill", "a fill only: mask= the threads of warp w whose data returned"},
    {NULL, NULL},
};

static int scenario_request_keys(scenario_line_t *l, warp_split_table_in_t *in, char *err,
                                 size_t errlen);

static int scenario_request(tb_t *t, warp_split_table_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = wst_scn_begin(&t->scn, WST_SCN_IN(in), err, errlen);
    if (rc)
        return rc;
    if (!t->scn.check && scenario_request_keys(l, in, err, errlen))
        return -1;
    /* the checks, on any line */
    if (wst_scn_expect_read(l, &t->scn.exp, expect_keys, EK_COUNT, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

/* A request line (or idle, fill): 0, or -1 (unknown operation, bad value). */
static int scenario_request_keys(scenario_line_t *l, warp_split_table_in_t *in, char *err,
                                 size_t errlen)
{
    uint64_t op;
    int rc = wst_scn_op_line(l, wst_op_words, WST_SCN_IN(in), &op, err, errlen);
    if (rc <= 0)
        return rc;
    in->req_valid = true;
    in->req_op = (unsigned)op;
    static const char *const mask_key[WST_OP_COUNT] = {
        [WST_OP_INIT] = "mask", [WST_OP_MEM] = "hit", [WST_OP_BYPASS] = "keep"};
    uint64_t hold = 0;
    if (scenario_get_bits(l, "hold", 1, &hold, err, errlen) < 0)
        return -1;
    in->req_hold = hold != 0;
    if (scenario_get_bits(l, "pc", CFG_PcWidth, &in->req_pc, err, errlen) < 0 ||
        (mask_key[op] && wst_scn_get_mask(l, mask_key[op], &in->req_mask, err, errlen) < 0))
        return -1;
    return 0;
}

/* An expect or peek line against the model's outputs. */
static int scenario_check(tb_t *t, const warp_split_table_out_t *o, char *err, size_t errlen)
{
    const uint64_t got[WSK_COUNT] = WST_SCN_GOT(o), masks[WSM_COUNT] = WST_SCN_MASKS(o);
    const uint64_t own[EK_COUNT] = {[EK_ERR] = o->rsp_err};
    return wst_scn_expect_check(&t->scn.line, &t->scn.exp, got, masks, expect_keys, EK_COUNT,
                                own, err, errlen);
}

/* ---- cover rules --------------------------------------------------------------- */

static void cover(tb_t *t, const warp_split_table_in_t *in, const warp_split_table_events_t *ev)
{
    uint64_t *c = t->cover;
    if (ev->req && wst_err_cover[ev->err & 7u] < WST_CV_COUNT)
        c[wst_err_cover[ev->err & 7u]]++;
    if (ev->fill && wst_err_cover[ev->fill_err & 7u] < WST_CV_COUNT)
        c[wst_err_cover[ev->fill_err & 7u]]++;
    bool split = ev->req && !ev->err && ev->kind == WST_KIND_SPLIT;
    bool waited = ev->req && !ev->err && ev->kind == WST_KIND_WAIT;
    c[WST_CV_SPLIT_AGGRESS] += split && in->policy == WST_POLICY_AGGRESS;
    c[WST_CV_SPLIT_LATSPEC] += ev->latspec_split;
    c[WST_CV_LATSPEC_REFUSED] += ev->latspec_tested && !ev->latspec_split;
    c[WST_CV_WAIT_OFF] += waited && in->policy == WST_POLICY_OFF;
    c[WST_CV_WAIT_LAZY] += waited && in->policy == WST_POLICY_LAZY;
    c[WST_CV_LAZY_SPLIT] += ev->lazy;
    c[WST_CV_LAZY_NONE] += ev->lazy_none;
    c[WST_CV_LAZY_WOKEN] += ev->lazy_woken;
    c[WST_CV_MISS_ALL] += ev->req && !ev->err && ev->kind == WST_KIND_MISS;
    c[WST_CV_SPLIT_FULL_TABLE] += ev->split_full;
    c[WST_CV_MERGE] += ev->merges >= 1;
    c[WST_CV_MERGE3] += ev->merges >= 2;
    c[WST_CV_MERGE_SUSPENDED] += ev->merge_suspended;
    c[WST_CV_MERGE_WOKEN] += ev->merge_woken;
    c[WST_CV_FILL_WAKE] += ev->woken != 0;
    c[WST_CV_FILL_PARTIAL] += ev->fill_partial;
    c[WST_CV_FILL_WAKE_MANY] += (ev->woken & (ev->woken - 1)) != 0;
    c[WST_CV_FILL_SAME_WARP] += ev->req && ev->fill && !ev->err && !ev->fill_err &&
                                in->req_warp == in->fill_warp;
    c[WST_CV_HOLD] += ev->hold;
    c[WST_CV_HOLD_MERGE] += ev->hold_merge;
    c[WST_CV_HOLD_SUSPENDED] += ev->hold_suspended;
    c[WST_CV_ARRIVED] += ev->arrived != 0;
    c[WST_CV_ARRIVED_FILL] += ev->arrived_fill;
    c[WST_CV_LAZY_HELD] += ev->lazy_held;
    c[WST_CV_BOOST_NOT_HELD] += ev->boost_not_held;
    c[WST_CV_ERR_HELD] += ev->err_held;
    c[WST_CV_BYPASS] += ev->req && !ev->err && ev->op == WST_OP_BYPASS &&
                        ev->kind == WST_KIND_NONE;
    c[WST_CV_BYPASS_FREED] += ev->req && !ev->err && ev->kind == WST_KIND_FREED;
    c[WST_CV_BOOST_ISSUE] += ev->boost_override;
    c[WST_CV_SWF_DIFFERS] += ev->swf_differs;
    c[WST_CV_SUM_FLOOR] += ev->sum_floor;
    c[WST_CV_ICOUNT_SAT] += ev->icount_sat;
    c[WST_CV_MFC_SAT] += ev->mfc_sat;
    c[WST_CV_MEMLAT_SAT] += ev->memlat_sat;
    c[WST_CV_SUM_SAT] += ev->sum_sat;
}

/* ---- cosim_tb_t callbacks -------------------------------------------------------- */

static void tb_reset(tb_t *t)
{
    dws_mem_reset(&t->mem);
    t->fragment = false;
    t->holds = true;
    t->all_hit_until = 0;
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_WARP_SPLIT_TABLE];
    cosim_rng_seed(&t->rng, o->seed);
    cosim_rng_seed(&t->chk_rng, ~o->seed);
    t->lanes = bm_low_bits(t->p.warp_width);
    t->pc_mask = bm_low_bits(t->p.pc_width);
    t->warp_id_span = 1u << CFG_WarpIdWidth;
    dws_mem_init(&t->mem, t->p.num_warps, t->p.warp_width, t->warp_id_span);
    t->entry_id_span = 1u << CFG_EntryIdWidth;
    t->scn.scn = o->scn;
    tb_reset(t);
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, warp_split_table_in_t *in, char *err,
                       size_t errlen)
{
    cosim_rng_t *r = &t->rng;
    t->now = cycle;
    t->bad_req = t->bad_fill = false;
    if (t->scn.scn)
        return scenario_request(t, in, err, errlen);
    /* the policy and the scheduler hold for a while; a warp fragments now
     * and then (one thread split off at every access: the table fills) */
    dws_modes_next(&t->modes, r);
    if (cosim_rng_below(r, 5000) == 0) {
        t->fragment = !t->fragment;
        t->fragment_warp = (unsigned)cosim_rng_below(r, t->p.num_warps);
    }
    if (cosim_rng_below(r, 20000) == 0)
        t->all_hit_until = cycle + 3000;
    if (cosim_rng_below(r, 4000) == 0) {
        t->holds = cosim_rng_pct(r, 75);
        t->hold_salt = cosim_rng_next(r);
    }
    in->policy = t->fragment ? WST_POLICY_AGGRESS : t->modes.policy;
    in->sched = t->modes.sched;
    in->rd_warp = (unsigned)cosim_rng_below(r, t->warp_id_span);
    in->rd_entry = (unsigned)cosim_rng_below(r, t->entry_id_span);
    random_request(t, in);
    random_fill(t, in);
    /* the judge port: the request (as dws_core judges one), or another operation */
    cosim_rng_t *c = &t->chk_rng;
    if (cosim_rng_pct(c, 50)) {
        in->chk_op = in->req_op;
        in->chk_warp = in->req_warp;
        in->chk_entry = in->req_entry;
        in->chk_mask = in->req_mask;
    } else {
        in->chk_op = (unsigned)cosim_rng_below(c, 8);
        in->chk_warp = (unsigned)cosim_rng_below(c, t->warp_id_span);
        in->chk_entry = (unsigned)cosim_rng_below(c, t->entry_id_span);
        in->chk_mask = cosim_rng_pct(c, 90) ? cosim_rng_next(c) & t->lanes : 0;
    }
    return 0;
}

/* The model's state as the read-only views show it. */
static bool same_state(const warp_split_table_t *a, const warp_split_table_t *b,
                       const warp_split_table_params_t *p)
{
    if (warp_split_table_sum_rmfc(a) != warp_split_table_sum_rmfc(b))
        return false;
    for (unsigned w = 0; w < p->num_warps; w++) {
        if (warp_split_table_pending(a, w) != warp_split_table_pending(b, w))
            return false;
        for (unsigned e = 0; e < p->warp_width; e++) {
            wst_entry_t x = warp_split_table_entry(a, w, e), y = warp_split_table_entry(b, w, e);
            if (x.valid != y.valid || x.held != y.held || x.pc != y.pc || x.mask != y.mask ||
                x.icount != y.icount ||
                x.mfc != y.mfc || x.rmfc != y.rmfc || x.memlat != y.memlat || x.wait != y.wait)
                return false;
        }
    }
    return true;
}

static int tb_model(tb_t *t, uint64_t cycle, const warp_split_table_in_t *in,
                    warp_split_table_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        warp_split_table_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    warp_split_table_events_t ev;
    warp_split_table_step(t->m, in, out, &ev);
    cover(t, in, &ev);
    if (t->scn.scn) {
        warp_split_table_step(t->shadow, in, NULL, NULL);
        return scenario_check(t, out, err, errlen);
    }
    /* the shadow sees this cycle without its illegal request or fill */
    warp_split_table_in_t legal = *in;
    legal.req_valid &= !t->bad_req;
    legal.fill_valid &= !t->bad_fill;
    warp_split_table_step(t->shadow, &legal, NULL, NULL);
    if (t->bad_req && ev.err != t->bad_code) {
        snprintf(err, errlen, "injected illegal request (op %u, warp %u, entry %u): expected "
                 "error %u, model reports %u", in->req_op, in->req_warp, in->req_entry,
                 t->bad_code, ev.err);
        return -1;
    }
    if (t->bad_fill && ev.fill_err != t->bad_fill_code) {
        snprintf(err, errlen, "injected illegal fill (warp %u, mask 0x%llx): expected error %u, "
                 "model reports %u", in->fill_warp, (unsigned long long)in->fill_mask,
                 t->bad_fill_code, ev.fill_err);
        return -1;
    }
    /* the two models saw the same inputs but on such cycles: only these can
     * part them */
    if ((t->bad_req || t->bad_fill) && !same_state(t->m, t->shadow, &t->p)) {
        snprintf(err, errlen, "a rejected request or fill changed the model's state");
        return -1;
    }
    dws_mem_schedule(&t->mem, &t->rng, t->m, t->now, miss_base, t);
    return 0;
}

COSIM_TESTBENCH_SHADOWED(tb_t, warp_split_table, true, NULL, tb_reset, .verbs = wst_verbs);
