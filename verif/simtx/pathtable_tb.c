/* pathtable testbench: the front end and the back end of an out-of-order
 * SIMT core as the Pathtable sees them. Per warp the testbench keeps the
 * PST's path set, its retirement copy and the warp's in-flight micro-ops in
 * program order: branches on a path predicted divergent (BUOP), paths
 * converging (CUOP), paths ending (an END marker whose commit drops the
 * path's PST reference: DEREF). Micro-ops execute out of order once their
 * source paths are resolved (dataflow), with a random branch condition
 * (divergent, uniform in the predicted direction, uniform in the other);
 * they commit in order; a rollback (SQUASH, keeping the retirement copy's
 * paths) now and then; holders taking and dropping extra references, and
 * now and then a storm of them up to the count's maximum.
 *
 * Checks besides the co-simulation: a request the testbench meant to be
 * legal is accepted (or refused only for want of an entry, FULL); about 3%
 * illegal requests, each with the error the testbench expects, leave the
 * model in the state of a shadow model that saw the cycle without them; when
 * a warp has nothing in flight, the masks of its PST's paths are disjoint
 * and, with the threads of the paths that ended, make up exactly the warp's
 * threads (no thread lost or duplicated); and a warp with no path and no
 * holder has every entry free (nothing leaked).
 *
 * Beside the requests, holders outside the request port (SIMT-X's merge
 * micro-ops) take references to live paths of any warp and drop them
 * (hold_*, drop_*), in the same cycles as the requests that release those
 * paths; about 1% of them name a free path or a warp out of range, and a
 * rejected one leaves the state unchanged too.
 *
 * Or a directed scenario (verif/simtx/scenarios/pathtable_*.scn). */
#include <string.h>

#include "clog2.h"
#include "cosim_kit.h"
#include "pathtable.h"
#include "simtx_tb_common.h"

#define MAXP PT_PATHS_PER_WARP_MAX
#define MAXW PT_NUM_WARPS_MAX
#define MAXQ 160

enum { U_BUOP, U_CUOP, U_END };
typedef struct {
    unsigned kind; /* BUOP a -> b (alternate k if alt); CUOP a, b -> k; END: path a */
    unsigned a, b, k;
    bool alt;
    bool exec;
    bool b_gone;   /* BUOP: b nullified at execution and removed from the PST */
    uint64_t mask; /* END: the path's threads (read when it commits) */
} uop_t;

typedef struct {
    uint64_t pst, rpst;   /* path sets (bit h): the PST's, its retirement copy */
    uop_t q[MAXQ];        /* in flight, oldest first */
    unsigned nq;
    uint64_t produced;    /* paths whose mask is final */
    uint64_t init, ended; /* the warp's threads; those of paths that ended */
    unsigned extra[MAXP]; /* references the testbench's holders keep */
    unsigned side[MAXP];  /* ... its holders beside the request port */
    unsigned storm;       /* 1 + the path a storm of REFs fills, or 0 */
} warp_t;

/* This cycle's request, as the testbench meant it. */
enum { A_NONE, A_INIT, A_BUOP, A_CUOP, A_EXEC, A_COMMIT, A_END, A_REF, A_DEREF, A_SQUASH,
       A_ILLEGAL };
typedef struct {
    unsigned kind, w, qi, path;
    unsigned expect; /* A_ILLEGAL: the error expected */
    unsigned hold_expect, drop_expect; /* a hold's, a drop's error injected (NONE: legal) */
    bool side;                         /* the generator drew the holds and drops (a
                                        * replay's carry no verdicts) */
} act_t;

typedef struct {
    pathtable_params_t p;
    pathtable_t *m;
    pathtable_t *shadow; /* the same cycles, without the rejected requests */
    uint64_t *cover;
    cosim_rng_t rng;
    uint64_t lanes;
    unsigned warp_span, path_span, ref_max;
    warp_t w[MAXW];
    act_t act;
    scenario_cycle_t scn; /* a directed scenario instead of the generator (scn.scn set) */
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle (docs/scenarios.md):
 *   init    w= mask=              a warp's first path
 *   buop    w= a=                 a branch on path a predicted divergent
 *   bexec   w= a= b= mask=        the buop a -> b executes, condition mask
 *   bcommit w= a= b= [c= alt=1]   it commits (with its alternate c)
 *   cuop    w= a= b=              paths a and b converge
 *   cexec   w= a= b= c=           the cuop executes
 *   ccommit w= a= b= c=           it commits
 *   ref     w= a=  / deref w= a=  a holder takes / drops a reference
 *   squash  w= keep=              rollback, keeping the committed paths keep
 *   op      code= [w= a= b= c= alt= mask= keep=]   any op code (reserved ones)
 *   idle    [n=1]
 *   expect / peek                 checks, in a cycle without a request / none
 * Every line may name the read port's entry (w=, h=; 0 by default) and check
 * outputs: err= alloc= id= div= null= (the request's own verdict, on its
 * line), rsp= rsp_err= sticky=, state= rmask= ref= free= resv= (entry h of
 * warp w, the warp's free and reserved entries), hold_err= drop_err=. A line
 * with a request or idle may also hold= or drop= a path for a holder beside
 * the request port (of warp hold_w=, drop_w=; the line's w= by default). */
enum { PK_ERR, PK_ALLOC, PK_ID, PK_DIV, PK_NULL, PK_RSP, PK_RSP_ERR, PK_STICKY, PK_STATE,
       PK_RMASK, PK_REF, PK_FREE, PK_RESV, PK_HOLD_ERR, PK_DROP_ERR, PK_COUNT };
static const scenario_key_t pt_keys[PK_COUNT] = {
    [PK_ERR] = {"err", pt_err_words, "req_err_o"},
    [PK_ALLOC] = {"alloc", NULL, "req_alloc_o"},
    [PK_ID] = {"id", NULL, "req_id_o"},
    [PK_DIV] = {"div", NULL, "req_div_o"},
    [PK_NULL] = {"null", NULL, "req_null_o"},
    [PK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [PK_RSP_ERR] = {"rsp_err", pt_err_words, "rsp_err_o"},
    [PK_STICKY] = {"sticky", NULL, "err_sticky_o"},
    [PK_STATE] = {"state", pt_state_words, "rd_state_o"},
    [PK_RMASK] = {"rmask", NULL, "rd_mask_o"},
    [PK_REF] = {"ref", NULL, "rd_ref_o"},
    [PK_FREE] = {"free", NULL, "rd_free_o"},
    [PK_RESV] = {"resv", NULL, "rd_resv_o"},
    [PK_HOLD_ERR] = {"hold_err", pt_err_words, "hold_err_o"},
    [PK_DROP_ERR] = {"drop_err", pt_err_words, "drop_err_o"},
};

static const scenario_verb_t pt_verbs[] = {
    {"init", "INIT: a warp's first path, mask= its threads"},
    {"buop", "BUOP: a branch on path a predicted divergent (allocates its new path)"},
    {"bexec", "BEXEC: the buop a -> b executes with condition mask="},
    {"bcommit", "BCOMMIT: it commits (with its alternate c if alt=1)"},
    {"cuop", "CUOP: paths a and b converge"},
    {"cexec", "CEXEC: the cuop a, b -> c executes"},
    {"ccommit", "CCOMMIT: it commits"},
    {"ref", "REF: a holder takes a reference to path a"},
    {"deref", "DEREF: a holder drops a reference to path a"},
    {"squash", "SQUASH: rollback of warp w, keeping the committed paths keep="},
    {"op", "any op code by name or number (code=): the reserved ones"},
    {NULL, NULL},
};
/* The op of each verb but `op` (pt_verbs' order). */
static const unsigned pt_verb_ops[] = {PT_OP_INIT,    PT_OP_BUOP,  PT_OP_BEXEC, PT_OP_BCOMMIT,
                                       PT_OP_CUOP,    PT_OP_CEXEC, PT_OP_CCOMMIT, PT_OP_REF,
                                       PT_OP_DEREF,   PT_OP_SQUASH};

static int scenario_stimulus(tb_t *t, pathtable_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    uint64_t v[8] = {0};
    static const char *const k[8] = {"w", "h", "a", "b", "c", "alt", "mask", "keep"};
    for (unsigned i = 0; i < 8; i++)
        if (scenario_get(l, k[i], &v[i], err, errlen) < 0)
            return -1;
    in->rd_warp = in->req_warp = (unsigned)v[0];
    in->rd_path = (unsigned)v[1];
    if (scenario_expect_read(l, &t->scn.exp, pt_keys, PK_COUNT, 0, err, errlen))
        return -1;
    if (!t->scn.check) { /* the holders beside the request port */
        uint64_t h = 0, hw = v[0];
        int got = scenario_get(l, "hold", &h, err, errlen);
        if (got < 0 || scenario_get(l, "hold_w", &hw, err, errlen) < 0)
            return -1;
        in->hold_valid = got > 0;
        in->hold_path = (unsigned)h;
        in->hold_warp = (unsigned)hw;
        hw = v[0];
        got = scenario_get(l, "drop", &h, err, errlen);
        if (got < 0 || scenario_get(l, "drop_w", &hw, err, errlen) < 0)
            return -1;
        in->drop_valid = got > 0;
        in->drop_path = (unsigned)h;
        in->drop_warp = (unsigned)hw;
    }
    if (!t->scn.check && strcmp(l->verb, "idle")) {
        int verb = scenario_verb_index(pt_verbs, l->verb);
        uint64_t code = 0;
        if (verb < 0) {
            snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
            return -1;
        }
        if ((size_t)verb < sizeof pt_verb_ops / sizeof pt_verb_ops[0])
            in->req_op = pt_verb_ops[verb];
        else if (scenario_get_word(l, "code", pt_op_words, &code, err, errlen) < 0)
            return -1;
        else
            in->req_op = (unsigned)code;
        in->req_a = (unsigned)v[2];
        in->req_b = (unsigned)v[3];
        in->req_c = (unsigned)v[4];
        in->req_alt = v[5] != 0;
        in->req_mask = v[6];
        in->req_keep = v[7];
    }
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const pathtable_out_t *o, char *err, size_t errlen)
{
    uint64_t got[PK_COUNT] = {
        [PK_ERR] = o->req_err,     [PK_ALLOC] = o->req_alloc, [PK_ID] = o->req_id,
        [PK_DIV] = o->req_div,     [PK_NULL] = o->req_null,   [PK_RSP] = o->rsp_valid,
        [PK_RSP_ERR] = o->rsp_err, [PK_STICKY] = o->err_sticky, [PK_STATE] = o->rd_state,
        [PK_RMASK] = o->rd_mask,   [PK_REF] = o->rd_ref,      [PK_FREE] = o->rd_free,
        [PK_RESV] = o->rd_resv,     [PK_HOLD_ERR] = o->hold_err, [PK_DROP_ERR] = o->drop_err,
    };
    return scenario_expect_check(&t->scn.line, &t->scn.exp, pt_keys, PK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- the warps ------------------------------------------------------------------ */

static unsigned popcount(uint64_t x) { return (unsigned)__builtin_popcountll(x); }


/* Entries of warp w in a state (a set). */
static uint64_t in_state(const tb_t *t, unsigned w, unsigned state)
{
    uint64_t s = 0;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        if (pathtable_state(t->m, w, h) == state)
            s |= UINT64_C(1) << h;
    return s;
}

static uint64_t bit(unsigned h) { return UINT64_C(1) << h; }

/* Sources of uop i resolved: their producers have executed. */
static bool ready(const warp_t *wp, const uop_t *u)
{
    return ((wp->produced >> u->a) & 1u) && (u->kind == U_BUOP || ((wp->produced >> u->b) & 1u));
}

/* A legal request for warp w, or none. */
static void legal_request(tb_t *t, unsigned w, pathtable_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    warp_t *wp = &t->w[w];
    act_t *a = &t->act;
    a->w = w;
    in->req_warp = w;
    if (wp->storm) { /* fill one path's count to its maximum */
        unsigned h = wp->storm - 1u;
        if (pathtable_ref(t->m, w, h) < t->ref_max) {
            a->kind = A_REF;
            a->path = h;
            in->req_op = PT_OP_REF;
            in->req_a = h;
            return;
        }
        wp->storm = 0;
        a->kind = A_ILLEGAL;
        a->expect = PT_ERR_BAD_REF;
        in->req_op = PT_OP_REF;
        in->req_a = h;
        return;
    }
    unsigned held = 0, first_held = 0; /* paths the testbench's holders keep */
    for (unsigned h = t->p.paths_per_warp; h-- > 0;)
        if (wp->extra[h]) {
            held++;
            first_held = h;
        }
    if (!wp->pst && !wp->nq && held) { /* the warp is done: its holders let go */
        a->kind = A_DEREF;
        a->path = first_held;
        in->req_op = PT_OP_DEREF;
        in->req_a = first_held;
        return;
    }
    if (!wp->pst && !wp->nq) {
        a->kind = A_INIT;
        in->req_op = PT_OP_INIT;
        in->req_mask = cosim_rng_pct(r, 80) ? t->lanes : (cosim_rng_next(r) & t->lanes) | 1u;
        return;
    }
    unsigned roll = (unsigned)cosim_rng_below(r, 1000);
    if (roll < 200 && wp->pst && wp->nq < MAXQ) {
        a->kind = A_BUOP;
        in->req_op = PT_OP_BUOP;
        in->req_a = cosim_rng_member(r, wp->pst);
    } else if (roll < 300 && popcount(wp->pst) >= 2 && wp->nq < MAXQ) {
        a->kind = A_CUOP;
        in->req_op = PT_OP_CUOP;
        in->req_a = cosim_rng_member(r, wp->pst);
        in->req_b = cosim_rng_member(r, wp->pst & ~bit(in->req_a));
    } else if (roll < 560) { /* execute a ready micro-op, any age */
        unsigned n = 0, qi = 0;
        for (unsigned i = 0; i < wp->nq; i++)
            if (wp->q[i].kind != U_END && !wp->q[i].exec && ready(wp, &wp->q[i]) &&
                cosim_rng_below(r, ++n) == 0)
                qi = i;
        if (!n)
            return;
        uop_t *u = &wp->q[qi];
        a->kind = A_EXEC;
        a->qi = qi;
        in->req_a = u->a;
        in->req_b = u->b;
        if (u->kind == U_BUOP) {
            uint64_t hi = pathtable_mask(t->m, w, u->a), c;
            unsigned how = (unsigned)cosim_rng_below(r, 100);
            if (how < 45)
                c = cosim_rng_next(r); /* divergent, mostly */
            else if (how < 80)
                c = hi | (cosim_rng_next(r) & ~hi); /* uniform, predicted way */
            else
                c = cosim_rng_next(r) & ~hi; /* uniform, the other way */
            in->req_op = PT_OP_BEXEC;
            in->req_mask = c & t->lanes;
        } else {
            in->req_op = PT_OP_CEXEC;
            in->req_c = u->k;
        }
    } else if (roll < 820) { /* commit the oldest */
        if (!wp->nq || !wp->q[0].exec)
            return;
        uop_t *u = &wp->q[0];
        a->kind = A_COMMIT;
        in->req_a = u->a;
        in->req_b = u->b;
        if (u->kind == U_BUOP) {
            in->req_op = PT_OP_BCOMMIT;
            in->req_alt = u->alt;
            in->req_c = u->alt ? u->k : 0;
        } else if (u->kind == U_CUOP) {
            in->req_op = PT_OP_CCOMMIT;
            in->req_c = u->k;
        } else {
            in->req_op = PT_OP_DEREF;
            u->mask = pathtable_mask(t->m, w, u->a);
        }
    } else if (roll < 880 && wp->pst && wp->nq < MAXQ &&
               (popcount(wp->pst) > 1 || cosim_rng_pct(r, 10))) {
        a->kind = A_END; /* a path ends: its PST slot is released once it drains */
        a->path = cosim_rng_member(r, wp->pst);
    } else if (roll < 910 && wp->pst) { /* at most two paths held at a time */
        unsigned h = cosim_rng_member(r, wp->pst);
        if (pathtable_ref(t->m, w, h) >= t->ref_max || (held >= 2 && !wp->extra[h]))
            return;
        a->kind = A_REF;
        a->path = h;
        in->req_op = PT_OP_REF;
        in->req_a = h;
    } else if (roll < 990) {
        if (held) {
            a->kind = A_DEREF;
            a->path = first_held;
            in->req_op = PT_OP_DEREF;
            in->req_a = first_held;
        }
    } else if (roll < 994) {
        a->kind = A_SQUASH;
        in->req_op = PT_OP_SQUASH;
        in->req_keep = wp->rpst;
    }
}

/* An illegal request for warp w, or none (the cycle stays legal). */
static void illegal_request(tb_t *t, unsigned w, pathtable_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    warp_t *wp = &t->w[w];
    act_t *a = &t->act;
    uint64_t fr = in_state(t, w, PT_STATE_FREE), sp = in_state(t, w, PT_STATE_SPEC);
    uint64_t va = in_state(t, w, PT_STATE_VALID);
    a->kind = A_ILLEGAL;
    a->w = w;
    in->req_warp = w;
    switch (cosim_rng_below(r, 7)) {
    case 0:
        in->req_op = PT_OP_COUNT + (unsigned)cosim_rng_below(r, 16u - PT_OP_COUNT);
        a->expect = PT_ERR_BAD_OP;
        return;
    case 1:
        if (t->warp_span > t->p.num_warps) {
            in->req_op = 1u + (unsigned)cosim_rng_below(r, PT_OP_COUNT - 1u);
            in->req_warp = t->p.num_warps + (unsigned)cosim_rng_below(r, t->warp_span -
                                                                           t->p.num_warps);
            a->expect = PT_ERR_BAD_WARP;
            return;
        }
        break;
    case 2:
        if (fr) { /* a branch on a free entry */
            in->req_op = PT_OP_BUOP;
            in->req_a = cosim_rng_member(r, fr);
            a->expect = PT_ERR_BAD_PATH;
            return;
        }
        break;
    case 3:
        if (pathtable_resv(t->m, w) == 0 && sp) {
            unsigned b = cosim_rng_member(r, sp);
            uint64_t others = (sp | va) & ~bit(b);
            if (!others)
                break;
            in->req_op = PT_OP_BEXEC; /* no buop in flight */
            in->req_b = b;
            in->req_a = cosim_rng_member(r, others);
            in->req_mask = cosim_rng_next(r) & t->lanes;
            a->expect = PT_ERR_BAD_EXEC;
            return;
        }
        break;
    case 4:
        if (wp->nq >= 2 && wp->q[0].kind != U_END && wp->q[1].kind != U_END) {
            /* the second micro-op commits before the first */
            const uop_t *u = &wp->q[1];
            in->req_op = u->kind == U_BUOP ? PT_OP_BCOMMIT : PT_OP_CCOMMIT;
            in->req_a = u->a;
            in->req_b = u->b;
            in->req_alt = u->kind == U_BUOP && u->alt;
            in->req_c = u->kind == U_CUOP || u->alt ? u->k : 0;
            a->expect = PT_ERR_BAD_COMMIT;
            return;
        }
        break;
    case 5:
        in->req_op = PT_OP_INIT;
        in->req_mask = 0;
        a->expect = PT_ERR_BAD_MASK;
        return;
    default:
        if (fr | sp) { /* keep an entry that is not committed */
            in->req_op = PT_OP_SQUASH;
            in->req_keep = wp->rpst | bit(cosim_rng_member(r, fr | sp));
            a->expect = PT_ERR_BAD_KEEP;
            return;
        }
        break;
    }
    a->kind = A_NONE;
    memset(in, 0, sizeof *in);
}

/* The holders beside the request port: now and then a hold on a live path
 * of any warp (at most four a path), a drop of one the testbench holds, or
 * (1%) one that names a free path or a warp out of range. */
static void side_stimulus(tb_t *t, pathtable_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    act_t *a = &t->act;
    uint64_t all = bm_low_bits(t->p.paths_per_warp);
    a->side = true;
    if (cosim_rng_pct(r, 1)) {
        unsigned w = (unsigned)cosim_rng_below(r, t->warp_span);
        unsigned h = (unsigned)cosim_rng_below(r, t->path_span), e = PT_ERR_BAD_WARP;
        if (w < t->p.num_warps) {
            uint64_t fr = in_state(t, w, PT_STATE_FREE);
            if (h < t->p.paths_per_warp && !fr)
                return;
            if (h < t->p.paths_per_warp)
                h = cosim_rng_member(r, fr);
            e = PT_ERR_BAD_PATH;
        }
        if (cosim_rng_pct(r, 50)) {
            in->hold_valid = true, in->hold_warp = w, in->hold_path = h;
            a->hold_expect = e;
        } else {
            in->drop_valid = true, in->drop_warp = w, in->drop_path = h;
            a->drop_expect = e;
        }
        return;
    }
    if (cosim_rng_pct(r, 8)) {
        unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
        uint64_t live = ~in_state(t, w, PT_STATE_FREE) & all;
        if (live) {
            unsigned h = cosim_rng_member(r, live);
            if (t->w[w].side[h] < 4)
                in->hold_valid = true, in->hold_warp = w, in->hold_path = h;
        }
    }
    if (cosim_rng_pct(r, 8)) {
        unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
        uint64_t held = 0;
        for (unsigned h = 0; h < t->p.paths_per_warp; h++)
            held |= t->w[w].side[h] ? bit(h) : 0;
        if (held)
            in->drop_valid = true, in->drop_warp = w, in->drop_path = cosim_rng_member(r, held);
    }
}

static int random_stimulus(tb_t *t, pathtable_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned w = (unsigned)cosim_rng_below(r, t->p.num_warps);
    memset(&t->act, 0, sizeof t->act);
    if (!t->w[w].storm && cosim_rng_below(r, 20000) == 0 && t->w[w].pst)
        t->w[w].storm = 1u + cosim_rng_member(r, t->w[w].pst);
    if (cosim_rng_pct(r, 3))
        illegal_request(t, w, in);
    else
        legal_request(t, w, in);
    side_stimulus(t, in);
    in->rd_warp = (unsigned)cosim_rng_below(r, t->warp_span);
    in->rd_path = (unsigned)cosim_rng_below(r, t->path_span);
    if (in->rd_warp < t->p.num_warps && cosim_rng_pct(r, 60)) {
        uint64_t live = ~in_state(t, in->rd_warp, PT_STATE_FREE) & bm_low_bits(t->p.paths_per_warp);
        if (live)
            in->rd_path = cosim_rng_member(r, live);
    }
    return 0;
}

/* The testbench's view after an accepted request. */
static void accepted(tb_t *t, const pathtable_in_t *in, const pathtable_out_t *o)
{
    act_t *a = &t->act;
    warp_t *wp = &t->w[a->w];
    switch (a->kind) {
    case A_INIT:
        wp->pst = wp->rpst = wp->produced = bit(o->req_id);
        wp->init = in->req_mask & t->lanes;
        wp->ended = 0;
        break;
    case A_BUOP:
        wp->pst = (wp->pst & ~bit(in->req_a)) | bit(o->req_id);
        wp->q[wp->nq++] = (uop_t){.kind = U_BUOP, .a = in->req_a, .b = o->req_id};
        break;
    case A_CUOP:
        wp->pst = (wp->pst & ~bit(in->req_a) & ~bit(in->req_b)) | bit(o->req_id);
        wp->q[wp->nq++] = (uop_t){.kind = U_CUOP, .a = in->req_a, .b = in->req_b,
                                  .k = o->req_id};
        break;
    case A_EXEC: {
        uop_t *u = &wp->q[a->qi];
        u->exec = true;
        if (u->kind == U_CUOP) {
            wp->produced |= bit(u->k);
            break;
        }
        wp->produced |= bit(u->b);
        if (o->req_alloc) {
            u->alt = true;
            u->k = o->req_id;
            wp->pst |= bit(u->k);
            wp->produced |= bit(u->k);
        }
        if (o->req_null && ((wp->pst >> u->b) & 1u) && wp->nq < MAXQ) {
            u->b_gone = true; /* removed from the PST; released once drained */
            wp->pst &= ~bit(u->b);
            wp->q[wp->nq++] = (uop_t){.kind = U_END, .a = u->b, .exec = true};
        }
        break;
    }
    case A_COMMIT: {
        const uop_t *u = &wp->q[0];
        if (u->kind == U_BUOP)
            wp->rpst = (wp->rpst & ~bit(u->a)) | (u->b_gone ? 0 : bit(u->b)) |
                       (u->alt ? bit(u->k) : 0);
        else if (u->kind == U_CUOP)
            wp->rpst = (wp->rpst & ~bit(u->a) & ~bit(u->b)) | bit(u->k);
        else {
            wp->rpst &= ~bit(u->a);
            wp->ended |= u->mask;
        }
        memmove(&wp->q[0], &wp->q[1], --wp->nq * sizeof wp->q[0]);
        break;
    }
    case A_REF:
        wp->extra[a->path]++;
        break;
    case A_DEREF:
        wp->extra[a->path]--;
        break;
    case A_SQUASH:
        wp->pst = wp->produced = wp->rpst;
        wp->nq = 0;
        memset(wp->extra, 0, sizeof wp->extra);
        memset(wp->side, 0, sizeof wp->side); /* the rollback flushes them */
        wp->storm = 0;
        break;
    default:
        break;
    }
}

/* No thread lost or duplicated, nothing leaked (see the header). */
static int warp_checks(tb_t *t, unsigned w, char *err, size_t errlen)
{
    const warp_t *wp = &t->w[w];
    if (wp->nq)
        return 0;
    if (simtx_threads_check(t->m, w, wp->pst, wp->ended, wp->init, "path", err, errlen))
        return -1;
    bool holders = false;
    for (unsigned h = 0; h < t->p.paths_per_warp; h++)
        holders |= wp->extra[h] != 0 || wp->side[h] != 0;
    if (!wp->pst && !holders && pathtable_free(t->m, w) != t->p.paths_per_warp) {
        snprintf(err, errlen, "warp %u: no path and no holder, but %u entries in use", w,
                 t->p.paths_per_warp - pathtable_free(t->m, w));
        return -1;
    }
    return 0;
}

static void cover(tb_t *t, const pathtable_in_t *in, const pathtable_events_t *ev)
{
    uint64_t *c = t->cover;
    c[PT_CV_HOLD] += ev->hold;
    c[PT_CV_HOLD_KEEPS] += ev->hold_keeps;
    c[PT_CV_DROP_FREE] += ev->drop_freed;
    c[PT_CV_HOLD_DROP_SAME] += ev->hold && ev->drop && in->hold_warp == in->drop_warp &&
                               in->hold_path == in->drop_path;
    c[PT_CV_SIDE_SQUASHED] += ev->side_squashed;
    c[PT_CV_ERR_SIDE] += ev->hold_err != PT_ERR_NONE || ev->drop_err != PT_ERR_NONE;
    if (ev->err != PT_ERR_NONE) {
        if (pt_err_cover[ev->err & 15u] < PT_CV_COUNT)
            c[pt_err_cover[ev->err & 15u]]++;
        return;
    }
    c[PT_CV_INIT] += ev->op == PT_OP_INIT;
    c[PT_CV_BUOP] += ev->op == PT_OP_BUOP;
    c[PT_CV_DIVERGED] += ev->div;
    c[PT_CV_USELESS] += ev->useless;
    c[PT_CV_NULLIFIED] += ev->null;
    c[PT_CV_YOUNGER_DROP] += ev->dropped > 0;
    c[PT_CV_NESTED_SPEC] += ev->op == PT_OP_BEXEC && ev->nested;
    c[PT_CV_BUOP_COMMIT] += ev->op == PT_OP_BCOMMIT && ev->freed > 0;
    c[PT_CV_CUOP] += ev->op == PT_OP_CUOP;
    c[PT_CV_CEXEC] += ev->op == PT_OP_CEXEC;
    c[PT_CV_CUOP_COMMIT] += ev->op == PT_OP_CCOMMIT && ev->freed >= 2;
    c[PT_CV_REF_MANY] += ev->ref_many;
    c[PT_CV_DEREF_FREE] += ev->op == PT_OP_DEREF && ev->freed > 0;
    c[PT_CV_SQUASH] += ev->squashed > 0;
    c[PT_CV_SQUASH_KEEP] += ev->kept > 0 && ev->freed > ev->squashed;
    c[PT_CV_FULL] += ev->full;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover_, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover_[KIT_COVERS_PATHTABLE];
    cosim_rng_seed(&t->rng, o->seed);
    t->lanes = bm_low_bits(t->p.warp_width);
    t->warp_span = 1u << CFG_WarpIdWidth;
    t->path_span = 1u << CFG_PathIdWidth;
    t->ref_max = (1u << t->p.ref_width) - 1u;
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, pathtable_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const pathtable_in_t *in, pathtable_out_t *out,
                    char *err, size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        pathtable_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    pathtable_events_t ev;
    pathtable_step(t->m, in, out, &ev);
    cover(t, in, &ev);
    pathtable_in_t legal = *in;
    if (ev.err != PT_ERR_NONE)
        legal.req_op = PT_OP_NOP;
    legal.hold_valid &= ev.hold_err == PT_ERR_NONE;
    legal.drop_valid &= ev.drop_err == PT_ERR_NONE;
    pathtable_step(t->shadow, &legal, NULL, NULL);
    unsigned rej = ev.err != PT_ERR_NONE ? ev.err : ev.hold_err ? ev.hold_err : ev.drop_err;
    if (rej != PT_ERR_NONE && !pathtable_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request, hold or drop (error %s) changed the model's state",
                 pt_err_name(rej));
        return -1;
    }
    if (ev.hold)
        t->w[in->hold_warp].side[in->hold_path]++;
    if (ev.drop)
        t->w[in->drop_warp].side[in->drop_path]--;
    if (t->scn.scn)
        return scenario_check(t, out, err, errlen);
    act_t *a = &t->act;
    bool side = a->side;
    a->side = false;
    if (side && in->hold_valid && ev.hold_err != a->hold_expect &&
        !(a->hold_expect == PT_ERR_NONE && ev.hold_err == PT_ERR_BAD_REF)) {
        snprintf(err, errlen, "hold of warp %u path %u: expected error %s, model reports %s",
                 in->hold_warp, in->hold_path, pt_err_name(a->hold_expect),
                 pt_err_name(ev.hold_err));
        return -1;
    }
    if (side && in->drop_valid && ev.drop_err != a->drop_expect) {
        snprintf(err, errlen, "drop of warp %u path %u: expected error %s, model reports %s",
                 in->drop_warp, in->drop_path, pt_err_name(a->drop_expect),
                 pt_err_name(ev.drop_err));
        return -1;
    }
    if (a->kind == A_ILLEGAL && ev.err != a->expect) {
        snprintf(err, errlen, "injected illegal %s: expected error %s, model reports %s",
                 pt_op_name(in->req_op) ? pt_op_name(in->req_op) : "op",
                 pt_err_name(a->expect), pt_err_name(ev.err));
        return -1;
    }
    if (a->kind != A_ILLEGAL && a->kind != A_NONE && a->kind != A_END &&
        ev.err != PT_ERR_NONE && ev.err != PT_ERR_FULL) {
        snprintf(err, errlen, "legal %s of warp %u rejected: %s", pt_op_name(in->req_op),
                 a->w, pt_err_name(ev.err));
        return -1;
    }
    if (a->kind == A_END && t->w[a->w].nq < MAXQ) { /* no request: the path drains */
        warp_t *wp = &t->w[a->w];
        wp->pst &= ~bit(a->path);
        wp->q[wp->nq++] = (uop_t){.kind = U_END, .a = a->path, .exec = true};
    } else if (a->kind != A_ILLEGAL && ev.err == PT_ERR_NONE) {
        accepted(t, in, out);
    }
    return a->kind == A_NONE || a->kind == A_ILLEGAL ? 0 : warp_checks(t, a->w, err, errlen);
}

static void tb_reset(tb_t *t) { memset(t->w, 0, sizeof t->w); }

COSIM_TESTBENCH_SHADOWED(tb_t, pathtable, true, NULL, tb_reset, .verbs = pt_verbs);
