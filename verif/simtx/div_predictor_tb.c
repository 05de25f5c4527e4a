/* div_predictor testbench: a SIMT-X front-end and back-end around the
 * predictor. A dozen static branches (always uniform, always divergent,
 * rarely, half and mostly divergent; two of them alias to one counter) are
 * fetched: each fetch looks its PC up, and a branch predicted divergent is
 * injected as a buop (inj_i), one predicted uniform goes on as a plain
 * branch. In-flight branches resolve out of order near the oldest unresolved
 * one (res_*: a buop that was uniform turns back into a branch, TO_BRANCH; a
 * branch that diverged becomes a buop, TO_BUOP, and the rollback often
 * flushes everything younger: sq_i counts the buops among them) and commit
 * in order (cmt_i for a buop); now and then an exception flushes the
 * youngest few. Phases: NORMAL; FILL (commits blocked, divergent code: the
 * buops pile up until pending is at its maximum, where the front-end holds
 * for a while); DRAIN (no fetch until nothing is in flight: pending back to
 * 0). The front-end stalls rather than overflow the counter. About 3% of
 * cycles (10% while pending is held at its maximum) carry an illegal
 * request instead (a reserved fix, a fix without a resolution, pending
 * above its maximum or below 0, with other requests riding along): the
 * error code is checked and a shadow model, stepped with that cycle's
 * requests removed, must hold the same state. After every legal cycle of
 * the generator (not of a replay) pending must equal the buops the
 * stimulus has in flight. Or a directed scenario (verif/simtx/scenarios/div_predictor_*.scn). */
#include <stdlib.h>
#include <string.h>

#include "cosim_kit.h"
#include "div_predictor.h"

#define NUM_BRANCHES 12u

typedef struct {
    uint64_t pc;
    bool buop;     /* counted in pending: injected, or fixed TO_BUOP */
    bool div;      /* its outcome */
    bool resolved;
} inflight_t;

enum { PH_NORMAL, PH_FILL, PH_HOLD, PH_DRAIN };

typedef struct {
    div_predictor_params_t p;
    div_predictor_t *m;
    div_predictor_t *shadow; /* the same cycles, without the illegal requests */
    uint64_t *cover;
    cosim_rng_t rng;
    uint64_t pc_mask;
    unsigned max; /* 2^PendWidth - 1 */
    /* the program: static branches and their divergence rates (percent) */
    uint64_t br_pc[NUM_BRANCHES];
    unsigned br_pct[NUM_BRANCHES];
    /* in flight, oldest first: sequence numbers head..tail-1 (slot seq % cap) */
    inflight_t *fl;
    uint64_t cap, head, tail, res_next; /* res_next: the oldest unresolved */
    unsigned buops;                     /* buops in flight */
    unsigned phase;
    uint64_t phase_left; /* NORMAL, HOLD: cycles left; FILL: cycles before giving up */
    /* this cycle */
    bool fresh; /* the generator made its inputs (not a replay or a scenario) */
    bool bad;
    unsigned bad_code;
    /* cover bookkeeping: the PC that last trained each counter */
    uint64_t *last_pc;
    bool *last_valid;
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md); every line may give look=PC (the
 * lookup port, 0 if absent), and every line but expect and peek inj=, cmt=,
 * sq= and fix= (NONE, TO_BUOP, TO_BRANCH or a number).
 *   resolve pc= div=    a branch resolved (res_valid_i)
 *   step                a cycle with only the keys above
 *   idle   [n=1]        nothing
 *   expect [look_div= look_ctr= pending= pending_nz= rsp= err= sticky=]
 *   peek   [the keys of expect]   the same check without a cycle */
enum { DK_LOOK_DIV, DK_LOOK_CTR, DK_PENDING, DK_PENDING_NZ, DK_RSP, DK_ERR, DK_STICKY,
       DK_COUNT };
static const scenario_key_t dp_keys[DK_COUNT] = {
    [DK_LOOK_DIV] = {"look_div", NULL, "look_div_o"},
    [DK_LOOK_CTR] = {"look_ctr", NULL, "look_ctr_o"},
    [DK_PENDING] = {"pending", NULL, "pending_o"},
    [DK_PENDING_NZ] = {"pending_nz", NULL, "pending_nz_o"},
    [DK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [DK_ERR] = {"err", dp_err_words, "rsp_err_o"},
    [DK_STICKY] = {"sticky", NULL, "err_sticky_o"},
};

static const scenario_verb_t dp_verbs[] = {
    {"resolve", "a branch at pc resolved: div= divergent or not (and the counter inputs)"},
    {"step", "the pending-divergence counter's inputs only (inj=, cmt=, sq=, fix=)"},
    {NULL, NULL},
};

static int scenario_stimulus(tb_t *t, div_predictor_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    uint64_t v = 0;
    if (scenario_get_bits(l, "look", t->p.pc_width, &in->look_pc, err, errlen) < 0)
        return -1;
    if (t->scn.check) {
        /* no request */
    } else if (!strcmp(l->verb, "resolve")) {
        in->res_valid = true;
        if (scenario_get_bits(l, "pc", t->p.pc_width, &in->res_pc, err, errlen) < 0 ||
            scenario_get_bits(l, "div", 1, &v, err, errlen) < 0)
            return -1;
        in->res_div = v != 0;
    } else if (strcmp(l->verb, "step") && strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    if (!t->scn.check && strcmp(l->verb, "idle")) {
        v = 0;
        if (scenario_get_word(l, "fix", dp_fix_words, &v, err, errlen) < 0)
            return -1;
        in->res_fix = (unsigned)v & 3u;
        v = 0;
        if (scenario_get_bits(l, "inj", 1, &v, err, errlen) < 0)
            return -1;
        in->inj = v != 0;
        v = 0;
        if (scenario_get_bits(l, "cmt", 1, &v, err, errlen) < 0)
            return -1;
        in->cmt = v != 0;
        v = 0;
        if (scenario_get_bits(l, "sq", t->p.pend_width, &v, err, errlen) < 0)
            return -1;
        in->sq = (unsigned)v;
    }
    /* the checks, on any line */
    if (scenario_expect_read(l, &t->scn.exp, dp_keys, DK_COUNT, 0, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const div_predictor_out_t *o, char *err,
                          size_t errlen)
{
    uint64_t got[DK_COUNT] = {
        [DK_LOOK_DIV] = o->look_div, [DK_LOOK_CTR] = o->look_ctr,
        [DK_PENDING] = o->pending,   [DK_PENDING_NZ] = o->pending_nz,
        [DK_RSP] = o->rsp_valid,     [DK_ERR] = o->rsp_err,
        [DK_STICKY] = o->err_sticky,
    };
    return scenario_expect_check(&t->scn.line, &t->scn.exp, dp_keys, DK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- the core around the predictor -------------------------------------------- */

static inflight_t *at(tb_t *t, uint64_t seq) { return &t->fl[seq % t->cap]; }

static uint64_t in_flight(const tb_t *t) { return t->tail - t->head; }

static void phase_normal(tb_t *t)
{
    t->phase = PH_NORMAL;
    t->phase_left = 500u + cosim_rng_below(&t->rng, 5000);
}

/* A branch of the program: in FILL, mostly the divergent ones. */
static unsigned pick_branch(tb_t *t)
{
    cosim_rng_t *r = &t->rng;
    if (t->phase == PH_FILL && cosim_rng_pct(r, 90))
        return cosim_rng_pct(r, 50) ? 2u : 5u; /* always, and mostly divergent */
    return (unsigned)cosim_rng_below(r, NUM_BRANCHES);
}

/* The buops among the in-flight entries from..tail-1. */
static unsigned buops_from(tb_t *t, uint64_t from)
{
    unsigned n = 0;
    for (uint64_t s = from; s < t->tail; s++)
        n += at(t, s)->buop;
    return n;
}

static void next_phase(tb_t *t, unsigned pending)
{
    cosim_rng_t *r = &t->rng;
    switch (t->phase) {
    case PH_NORMAL:
        if (t->phase_left && --t->phase_left)
            return;
        if (cosim_rng_pct(r, 40)) {
            t->phase = PH_FILL;
            t->phase_left = 16u * ((uint64_t)t->max + 1u) + 2000u;
        } else {
            phase_normal(t);
        }
        return;
    case PH_FILL:
        if (pending == t->max) {
            t->phase = PH_HOLD;
            t->phase_left = 100u + cosim_rng_below(r, 300);
        } else if (--t->phase_left == 0) {
            t->phase = PH_DRAIN;
        }
        return;
    case PH_HOLD:
        if (--t->phase_left == 0)
            t->phase = PH_DRAIN;
        return;
    default:
        if (in_flight(t) == 0)
            phase_normal(t);
        return;
    }
}

/* An illegal cycle: the requests are built, the stimulus's bookkeeping is
 * not touched (the whole cycle must be rejected). */
static void illegal(tb_t *t, div_predictor_in_t *in, unsigned pending)
{
    cosim_rng_t *r = &t->rng;
    unsigned kind = (unsigned)cosim_rng_below(r, 3);
    if (t->phase == PH_HOLD || (kind == 2 && pending + 2u <= t->max))
        kind = pending + 2u > t->max ? 2u : 1u;
    in->res_pc = t->br_pc[cosim_rng_below(r, NUM_BRANCHES)];
    in->res_div = cosim_rng_pct(r, 50);
    t->bad = true;
    switch (kind) {
    case 0: /* a reserved fix code, or a fix without a resolution */
        t->bad_code = DP_ERR_BAD_FIX;
        in->inj = cosim_rng_pct(r, 30);
        in->cmt = cosim_rng_pct(r, 30);
        in->sq = cosim_rng_pct(r, 20) ? (unsigned)cosim_rng_below(r, t->max + 1ull) : 0;
        if (cosim_rng_pct(r, 50)) {
            in->res_valid = true;
            in->res_fix = 3;
        } else {
            in->res_fix = cosim_rng_pct(r, 50) ? DP_FIX_TO_BUOP : DP_FIX_TO_BRANCH;
        }
        return;
    case 1: { /* pending below 0: more comes down than is there */
        t->bad_code = DP_ERR_UNDERFLOW;
        in->inj = cosim_rng_pct(r, 30);
        in->cmt = cosim_rng_pct(r, 50);
        in->res_valid = cosim_rng_pct(r, 30);
        in->res_fix = in->res_valid && cosim_rng_pct(r, 50) ? DP_FIX_TO_BRANCH : DP_FIX_NONE;
        long need = (long)pending + in->inj - in->cmt - (in->res_fix == DP_FIX_TO_BRANCH) + 1;
        if (need > (long)t->max) { /* pending at its maximum: two down besides sq */
            in->inj = false;
            in->cmt = in->res_valid = true;
            in->res_fix = DP_FIX_TO_BRANCH;
            need = (long)pending - 1;
        }
        unsigned lo = need > 0 ? (unsigned)need : 0u;
        in->sq = lo + (unsigned)cosim_rng_below(r, t->max - lo + 1ull);
        return;
    }
    default: /* pending above its maximum (pending is within 2 of it) */
        t->bad_code = DP_ERR_OVERFLOW;
        in->inj = true;
        in->res_valid = pending + 1u <= t->max || cosim_rng_pct(r, 50);
        in->res_fix = in->res_valid ? DP_FIX_TO_BUOP : DP_FIX_NONE;
        in->cmt = pending == t->max && in->res_valid && cosim_rng_pct(r, 50);
        return;
    }
}

static int random_stimulus(tb_t *t, div_predictor_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned pending = div_predictor_pending(t->m);
    next_phase(t, pending);
    /* the lookup port: a fetched branch below, else a branch or any PC */
    in->look_pc = cosim_rng_pct(r, 50) ? t->br_pc[cosim_rng_below(r, NUM_BRANCHES)]
                                       : cosim_rng_next(r) & t->pc_mask;
    if (cosim_rng_pct(r, t->phase == PH_HOLD ? 10 : 3)) {
        illegal(t, in, pending);
        return 0;
    }
    bool drain = t->phase == PH_DRAIN, fill = t->phase == PH_FILL || t->phase == PH_HOLD;

    /* commit, in order, of a branch resolved before this cycle */
    bool commit = !fill && in_flight(t) && at(t, t->head)->resolved &&
                  cosim_rng_pct(r, drain ? 90 : 60);
    /* resolution near the oldest unresolved one, and its rollback */
    bool resolve = t->res_next < t->tail && cosim_rng_pct(r, drain ? 90 : 45);
    uint64_t rs = 0, sq_from = t->tail;
    unsigned fix = DP_FIX_NONE;
    if (resolve) {
        uint64_t span = t->tail - t->res_next;
        rs = t->res_next + cosim_rng_below(r, span < 4 ? span : 4);
        if (at(t, rs)->resolved)
            rs = t->res_next;
        const inflight_t *e = at(t, rs);
        fix = e->buop && !e->div ? DP_FIX_TO_BRANCH
              : !e->buop && e->div ? DP_FIX_TO_BUOP : DP_FIX_NONE;
        if (fix == DP_FIX_TO_BUOP && !fill && cosim_rng_pct(r, 60))
            sq_from = rs + 1u;
    } else if (!fill && in_flight(t) > commit && cosim_rng_pct(r, 1)) {
        /* an exception: the youngest few flushed */
        uint64_t most = in_flight(t) - commit;
        sq_from = t->tail - 1u - cosim_rng_below(r, most < 8 ? most : 8);
    }
    unsigned sq = buops_from(t, sq_from);
    /* fetch */
    bool fetch = !drain && in_flight(t) - (t->tail - sq_from) < t->cap &&
                 cosim_rng_pct(r, fill ? 90 : 50);
    unsigned b = 0;
    bool inj = false;
    if (fetch) {
        b = pick_branch(t);
        div_predictor_out_t o;
        in->look_pc = t->br_pc[b];
        div_predictor_eval(t->m, in, &o);
        inj = o.look_div;
    }
    /* the front-end stalls rather than overflow the counter; a resolution
     * that would waits */
    bool cmt = commit && at(t, t->head)->buop;
    long next = (long)pending + inj + (fix == DP_FIX_TO_BUOP) - cmt -
                (fix == DP_FIX_TO_BRANCH) - (long)sq;
    if (next > (long)t->max && inj) {
        fetch = inj = false;
        next--;
    }
    if (next > (long)t->max) {
        resolve = false;
        fix = DP_FIX_NONE;
        sq_from = t->tail;
        sq = 0;
    }

    /* the cycle's requests, and the bookkeeping they imply */
    in->cmt = cmt;
    in->inj = inj;
    in->sq = sq;
    if (resolve) {
        inflight_t *e = at(t, rs);
        in->res_valid = true;
        in->res_pc = e->pc;
        in->res_div = e->div;
        in->res_fix = fix;
        e->resolved = true;
        e->buop = e->div;
        t->buops += fix == DP_FIX_TO_BUOP;
        t->buops -= fix == DP_FIX_TO_BRANCH;
    }
    t->buops -= sq;
    t->tail = sq_from;
    if (commit) {
        t->buops -= cmt;
        t->head++;
    }
    while (t->res_next < t->tail && (t->res_next < t->head || at(t, t->res_next)->resolved))
        t->res_next++;
    if (t->res_next > t->tail)
        t->res_next = t->tail;
    if (fetch) {
        inflight_t *e = at(t, t->tail++);
        e->pc = t->br_pc[b];
        e->buop = inj;
        e->div = cosim_rng_below(r, 100) < t->br_pct[b];
        e->resolved = false;
        t->buops += inj;
    }
    if (t->res_next < t->head)
        t->res_next = t->head;
    return 0;
}

/* ---- cover rules ---------------------------------------------------------------- */

static void cover(tb_t *t, const div_predictor_in_t *in, const div_predictor_out_t *o,
                  const div_predictor_events_t *e)
{
    uint64_t *c = t->cover;
    c[o->look_div ? DP_CV_PRED_DIV : DP_CV_PRED_UNI]++;
    if (e->req && e->err != DP_ERR_NONE && dp_err_cover[e->err] < DP_CV_COUNT)
        c[dp_err_cover[e->err]]++;
    if (!e->req || e->err != DP_ERR_NONE)
        return;
    if (e->res) {
        unsigned i = e->res_index;
        uint64_t pc = in->res_pc & t->pc_mask;
        if (e->ctr_before == DP_CTR_STRONG_DIV && in->res_div)
            c[DP_CV_SAT_DIV]++;
        if (e->ctr_before == DP_CTR_STRONG_UNI && !in->res_div)
            c[DP_CV_SAT_UNI]++;
        if (e->ctr_before == DP_CTR_WEAK_UNI && e->ctr_after == DP_CTR_STRONG_UNI)
            c[DP_CV_TO_STRONG_UNI]++;
        if (e->ctr_before == DP_CTR_STRONG_UNI && e->ctr_after == DP_CTR_WEAK_UNI)
            c[DP_CV_FROM_STRONG_UNI]++;
        if (in->res_fix == DP_FIX_TO_BUOP)
            c[DP_CV_FIX_TO_BUOP]++;
        if (in->res_fix == DP_FIX_TO_BRANCH)
            c[DP_CV_FIX_TO_BRANCH]++;
        if (e->look_index == i && e->ctr_before != e->ctr_after)
            c[DP_CV_SAME_INDEX]++;
        if (t->last_valid[i] && t->last_pc[i] != pc)
            c[DP_CV_ALIAS]++;
        t->last_valid[i] = true;
        t->last_pc[i] = pc;
    }
    if (in->cmt)
        c[DP_CV_COMMIT]++;
    if (in->sq)
        c[DP_CV_SQUASH]++;
    if (e->pend_terms >= 2 && e->pend_after == e->pend_before)
        c[DP_CV_NET_ZERO]++;
    if (e->pend_after == t->max && e->pend_before != t->max)
        c[DP_CV_PEND_MAX]++;
    if (e->pend_after == 0 && e->pend_before != 0)
        c[DP_CV_PEND_ZERO]++;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static void forget(tb_t *t)
{
    t->head = t->tail = t->res_next = 0;
    t->buops = 0;
    memset(t->last_valid, 0, t->p.entries * sizeof *t->last_valid);
    phase_normal(t);
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    static const unsigned kind_pct[6] = {0, 0, 100, 2, 50, 90};
    cosim_rng_t *r = &t->rng;
    t->cover = cover[KIT_COVERS_DIV_PREDICTOR];
    cosim_rng_seed(r, o->seed);
    t->pc_mask = t->p.pc_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->p.pc_width) - 1u;
    t->max = div_predictor_pending_max(t->m);
    t->cap = 2u * ((uint64_t)t->max + 1u) + 64u;
    t->fl = calloc(t->cap, sizeof *t->fl);
    t->last_pc = calloc(t->p.entries, sizeof *t->last_pc);
    t->last_valid = calloc(t->p.entries, sizeof *t->last_valid);
    if (!t->fl || !t->last_pc || !t->last_valid) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* PCs aligned to 1 << PcShift, but for branch 3's; branch 1 aliases
     * branch 0 (a tag bit above the index flipped, or an alignment bit) */
    unsigned iw = 0;
    while ((1u << iw) < t->p.entries)
        iw++;
    uint64_t align = ~((UINT64_C(1) << t->p.pc_shift) - 1u);
    for (unsigned b = 0; b < NUM_BRANCHES; b++) {
        t->br_pc[b] = cosim_rng_next(r) & t->pc_mask & (b == 3 ? ~UINT64_C(0) : align);
        t->br_pct[b] = kind_pct[b % 6];
    }
    if (t->p.pc_shift + iw < t->p.pc_width)
        t->br_pc[1] = t->br_pc[0] ^ (UINT64_C(1) << (t->p.pc_shift + iw));
    else if (t->p.pc_shift)
        t->br_pc[1] = t->br_pc[0] ^ 1u;
    t->scn.scn = o->scn;
    forget(t);
    return 0;
}

static void tb_fini(tb_t *t)
{
    free(t->fl);
    free(t->last_pc);
    free(t->last_valid);
}

static int tb_stimulus(tb_t *t, uint64_t cycle, div_predictor_in_t *in, char *err,
                      size_t errlen)
{
    (void)cycle;
    t->bad = false;
    t->fresh = !t->scn.scn;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const div_predictor_in_t *in,
                    div_predictor_out_t *out, char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        div_predictor_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    div_predictor_events_t ev;
    div_predictor_step(t->m, in, out, &ev);
    cover(t, in, out, &ev);
    /* the shadow sees this cycle without its illegal requests */
    div_predictor_in_t legal = *in;
    if (t->bad)
        legal = (div_predictor_in_t){.look_pc = in->look_pc};
    div_predictor_step(t->shadow, &legal, NULL, NULL);
    if (t->scn.scn)
        return scenario_check(t, out, err, errlen);
    if (!t->fresh) /* a replay: the generator's bookkeeping does not follow it */
        return 0;
    t->fresh = false;
    if (t->bad && ev.err != t->bad_code) {
        snprintf(err, errlen, "injected illegal request: expected error %s, model reports %s",
                 dp_err_name(t->bad_code), dp_err_name(ev.err));
        return -1;
    }
    if (t->bad && !div_predictor_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    if (!t->bad && ev.err != DP_ERR_NONE) {
        snprintf(err, errlen, "a legal cycle was rejected with %s", dp_err_name(ev.err));
        return -1;
    }
    if (div_predictor_pending(t->m) != t->buops) {
        snprintf(err, errlen, "pending = %u, but %u buops are in flight",
                 div_predictor_pending(t->m), t->buops);
        return -1;
    }
    return 0;
}

static void tb_reset(tb_t *t) { forget(t); }

COSIM_TESTBENCH_SHADOWED(tb_t, div_predictor, true, tb_fini, tb_reset, .verbs = dp_verbs);
