/* pst testbench: the front end of a SIMT-X core running a small random
 * "program" per warp. The fetch takes the pick most cycles; a request a
 * cycle moves a path on (SET: +4, a jump to one of a few join PCs, a call
 * -- depth + 1 and a jump to a function entry, the same few PCs -- or a
 * return), renews a path at a predicted divergent branch (RENEW, a new path
 * id from the warp's free ids; its alternate path, the fall-through, waits
 * in a short queue and is ADDed later), merges the paths the PST shows
 * converging (CONVERGE of the pick and conv_slot_o with a new path id), ends
 * a path (REMOVE), copies a slot into the retirement copy as the commit
 * stage would (RCOMMIT of the slot's current entry) and now and then rolls a
 * warp back. Each warp alternates between growing (mostly ADDs: it fills
 * up) and shrinking (mostly REMOVEs). About 3% of the requests are illegal
 * (each error code): the model must reject them with that code and stay in
 * the state of a shadow model stepped without them; every legal request
 * must be accepted. The read port looks at a random slot every cycle. Or a
 * directed scenario (verif/simtx/scenarios/pst_*.scn). */
#include <string.h>

#include "cosim_kit.h"
#include "pst.h"

#define ALT_MAX 4 /* alternate paths waiting per warp */
#define NUM_JOINS 4

typedef struct {
    uint64_t pc[ALT_MAX];
    unsigned depth[ALT_MAX];
    unsigned n;
} alt_queue_t;

typedef struct {
    pst_params_t p;
    pst_t *m;
    pst_t *shadow; /* the same cycles, without the illegal requests */
    uint64_t *cover;
    cosim_rng_t rng;
    unsigned warp_span, slot_span, path_span; /* ids the ports can carry */
    uint64_t pc_mask;
    unsigned depth_max;
    uint64_t joins[NUM_JOINS]; /* the join PCs and function entries */
    bool grow[PST_NUM_WARPS_MAX];
    unsigned phase_left[PST_NUM_WARPS_MAX];
    alt_queue_t alt[PST_NUM_WARPS_MAX];
    bool generated;    /* this cycle's inputs came from the generator (not a recording) */
    bool bad;          /* this cycle's request is an injected illegal one */
    unsigned bad_code; /* ... and the error it must get */
    scenario_cycle_t scn;
} tb_t;

/* ---- directed scenarios -----------------------------------------------------
 * One line per cycle: the verbs of pst_verbs below, and
 *   idle     [n=1]                 no request
 *   expect   [w= s=]               no request; the outputs checked
 *   peek     [w= s=]               the outputs checked without a cycle
 * Every line takes take=1 (the fetch takes this cycle's pick) and the check
 * keys below, compared with the outputs of its own cycle (before its edge:
 * rsp= and err= answer the line before). The request's warp w and slot s
 * (or a) also drive the read port (rd_warp_i, rd_slot_i), and w the free
 * slot output: free= is req_slot_o, the slot an ADD of w takes.
 * Keys: free, rsp, err, sticky; the pick: sel (sel_valid_o), sel_warp,
 * sel_slot, sel_path, sel_pc, sel_depth, rr (sel_rr_o); conv, conv_slot;
 * the read port: valid, rd_path, rd_pc, rd_depth. */
enum { PK_FREE, PK_RSP, PK_ERR, PK_STICKY, PK_SEL, PK_WARP, PK_SLOT, PK_PATH, PK_PC, PK_DEPTH,
       PK_RR, PK_CONV, PK_CONV_SLOT, PK_VALID, PK_RPATH, PK_RPC, PK_RDEPTH, PK_COUNT };
static const scenario_key_t pst_keys[PK_COUNT] = {
    [PK_FREE] = {"free", NULL, "req_slot_o"},
    [PK_RSP] = {"rsp", NULL, "rsp_valid_o"},
    [PK_ERR] = {"err", pst_err_words, "rsp_err_o"},
    [PK_STICKY] = {"sticky", NULL, "err_sticky_o"},
    [PK_SEL] = {"sel", NULL, "sel_valid_o"},
    [PK_WARP] = {"sel_warp", NULL, "sel_warp_o"},
    [PK_SLOT] = {"sel_slot", NULL, "sel_slot_o"},
    [PK_PATH] = {"sel_path", NULL, "sel_path_o"},
    [PK_PC] = {"sel_pc", NULL, "sel_pc_o"},
    [PK_DEPTH] = {"sel_depth", NULL, "sel_depth_o"},
    [PK_RR] = {"rr", NULL, "sel_rr_o"},
    [PK_CONV] = {"conv", NULL, "conv_valid_o"},
    [PK_CONV_SLOT] = {"conv_slot", NULL, "conv_slot_o"},
    [PK_VALID] = {"valid", NULL, "rd_valid_o"},
    [PK_RPATH] = {"rd_path", NULL, "rd_path_o"},
    [PK_RPC] = {"rd_pc", NULL, "rd_pc_o"},
    [PK_RDEPTH] = {"rd_depth", NULL, "rd_depth_o"},
};

static const scenario_verb_t pst_verbs[] = {
    {"add", "ADD: path h at pc, call depth d, in a free slot of warp w"},
    {"set", "SET: slot s moves to pc, call depth d"},
    {"renew", "RENEW: slot s takes path h at pc (Figure 3's renew)"},
    {"remove", "REMOVE: slot s is freed"},
    {"converge", "CONVERGE: slot a := path h, slot b evicted"},
    {"rcommit", "RCOMMIT: the retirement copy's slot s := {v, h, pc, d}"},
    {"rollback", "ROLLBACK: the warp's table := its retirement copy"},
    {NULL, NULL},
};
/* The op of each verb (pst_verbs' order) and the keys it needs (w is taken
 * by all). */
static const struct {
    unsigned op;
    const char *keys[6];
} pst_verb_ops[] = {
    {PST_OP_ADD, {"h", "pc", "d"}},       {PST_OP_SET, {"s", "pc", "d"}},
    {PST_OP_RENEW, {"s", "h", "pc"}},     {PST_OP_REMOVE, {"s"}},
    {PST_OP_CONVERGE, {"a", "b", "h"}},   {PST_OP_RCOMMIT, {"s", "v", "h", "pc", "d"}},
    {PST_OP_ROLLBACK, {NULL}},
};

static int scenario_stimulus(tb_t *t, pst_in_t *in, char *err, size_t errlen)
{
    scenario_line_t *l = &t->scn.line;
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    int v = scenario_verb_index(pst_verbs, l->verb);
    if (v < 0 && !t->scn.check && strcmp(l->verb, "idle")) {
        snprintf(err, errlen, "%s:%u: unknown operation '%s'", l->file, l->lineno, l->verb);
        return -1;
    }
    uint64_t x = 0;
    in->req_op = v < 0 ? PST_OP_NOP : pst_verb_ops[v].op;
    if (!t->scn.check && strcmp(l->verb, "idle") &&
        scenario_get_bits(l, "w", CFG_WarpIdWidth, &x, err, errlen) < 0)
        return -1;
    in->req_warp = in->rd_warp = (unsigned)x;
    if (t->scn.check) { /* expect, peek: the read port at w= s= */
        x = 0;
        if (scenario_get_bits(l, "w", CFG_WarpIdWidth, &x, err, errlen) < 0)
            return -1;
        in->req_warp = in->rd_warp = (unsigned)x;
        x = 0;
        if (scenario_get_bits(l, "s", CFG_SlotIdWidth, &x, err, errlen) < 0)
            return -1;
        in->rd_slot = (unsigned)x;
    }
    for (unsigned k = 0; v >= 0 && k < 6 && pst_verb_ops[v].keys[k]; k++) {
        const char *key = pst_verb_ops[v].keys[k];
        x = 0;
        int got = scenario_get(l, key, &x, err, errlen);
        if (got < 0)
            return -1;
        if (!got) {
            snprintf(err, errlen, "%s:%u: %s needs %s=", l->file, l->lineno, l->verb, key);
            return -1;
        }
        if (!strcmp(key, "s") || !strcmp(key, "a"))
            in->req_slot = in->rd_slot = (unsigned)x;
        else if (!strcmp(key, "b"))
            in->req_slot2 = (unsigned)x;
        else if (!strcmp(key, "h"))
            in->req_path = (unsigned)x;
        else if (!strcmp(key, "pc"))
            in->req_pc = x;
        else if (!strcmp(key, "d"))
            in->req_depth = (unsigned)x;
        else
            in->req_rvalid = x != 0;
    }
    x = 0;
    if (scenario_get(l, "take", &x, err, errlen) < 0)
        return -1;
    in->sel_take = x != 0;
    if (scenario_expect_read(l, &t->scn.exp, pst_keys, PK_COUNT, 0, err, errlen))
        return -1;
    return scenario_done(l, err, errlen);
}

static int scenario_check(const tb_t *t, const pst_out_t *o, char *err, size_t errlen)
{
    uint64_t got[PK_COUNT] = {
        [PK_FREE] = o->req_slot,   [PK_RSP] = o->rsp_valid,   [PK_ERR] = o->rsp_err,
        [PK_STICKY] = o->err_sticky, [PK_SEL] = o->sel_valid, [PK_WARP] = o->sel_warp,
        [PK_SLOT] = o->sel_slot,   [PK_PATH] = o->sel_path,   [PK_PC] = o->sel_pc,
        [PK_DEPTH] = o->sel_depth, [PK_RR] = o->sel_rr,       [PK_CONV] = o->conv_valid,
        [PK_CONV_SLOT] = o->conv_slot, [PK_VALID] = o->rd_valid, [PK_RPATH] = o->rd_path,
        [PK_RPC] = o->rd_pc,       [PK_RDEPTH] = o->rd_depth,
    };
    return scenario_expect_check(&t->scn.line, &t->scn.exp, pst_keys, PK_COUNT, 0, got, err,
                                 errlen);
}

/* ---- the front end ------------------------------------------------------------ */

/* The valid slots of warp w (bit s). */
static uint64_t valid_slots(const tb_t *t, unsigned w)
{
    uint64_t v = 0;
    for (unsigned s = 0; s < t->p.slots_per_warp; s++)
        if (pst_entry(t->m, w, s).valid)
            v |= UINT64_C(1) << s;
    return v;
}


/* The path ids that valid slots of warp w other than x and y hold. */
static uint64_t held_paths(const tb_t *t, unsigned w, unsigned x, unsigned y)
{
    uint64_t h = 0;
    for (unsigned s = 0; s < t->p.slots_per_warp; s++) {
        pst_entry_t e = pst_entry(t->m, w, s);
        if (e.valid && s != x && s != y)
            h |= UINT64_C(1) << e.path;
    }
    return h;
}

/* A path id no valid slot of w (but x and y) holds: the allocator. */
static unsigned fresh_path(tb_t *t, unsigned w, unsigned x, unsigned y)
{
    uint64_t all = t->p.paths_per_warp == 64 ? ~UINT64_C(0)
                                             : (UINT64_C(1) << t->p.paths_per_warp) - 1u;
    return cosim_rng_member(&t->rng, all & ~held_paths(t, w, x, y));
}

static uint64_t random_pc(tb_t *t)
{
    cosim_rng_t *r = &t->rng;
    return cosim_rng_pct(r, 40) ? t->joins[cosim_rng_below(r, NUM_JOINS)]
                                : cosim_rng_next(r) & t->pc_mask & ~UINT64_C(3);
}

/* The path in slot s moves on: the next PC, a jump, a call or a return. */
static void move_on(tb_t *t, unsigned w, unsigned s, pst_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    pst_entry_t e = pst_entry(t->m, w, s);
    in->req_op = PST_OP_SET;
    in->req_warp = w;
    in->req_slot = s;
    in->req_pc = (e.pc + 4u) & t->pc_mask;
    in->req_depth = e.depth;
    unsigned k = (unsigned)cosim_rng_below(r, 100);
    if (k < 35) { /* a jump to a join PC */
        in->req_pc = t->joins[cosim_rng_below(r, NUM_JOINS)];
    } else if (k < 55 && e.depth < t->depth_max) { /* a call */
        in->req_depth = e.depth + 1u;
        in->req_pc = t->joins[cosim_rng_below(r, NUM_JOINS)];
    } else if (k < 75 && e.depth > 0) { /* a return */
        in->req_depth = e.depth - 1u;
        in->req_pc = random_pc(t);
    }
}

/* An ADD to warp w: an alternate path that waits, or a new one. */
static void add_path(tb_t *t, unsigned w, pst_in_t *in)
{
    alt_queue_t *q = &t->alt[w];
    in->req_op = PST_OP_ADD;
    in->req_warp = w;
    in->req_path = fresh_path(t, w, ~0u, ~0u);
    if (q->n && cosim_rng_pct(&t->rng, 80)) {
        unsigned i = (unsigned)cosim_rng_below(&t->rng, q->n);
        in->req_pc = q->pc[i];
        in->req_depth = q->depth[i];
        q->pc[i] = q->pc[--q->n];
        q->depth[i] = q->depth[q->n];
    } else {
        in->req_pc = random_pc(t);
        in->req_depth = (unsigned)cosim_rng_below(&t->rng, t->depth_max < 2 ? t->depth_max + 1u : 3);
    }
}

/* An illegal request on warp w with the error it must get, if this cycle's
 * state allows one of the kind drawn (else false: a legal request follows). */
static bool inject(tb_t *t, unsigned w, uint64_t v, pst_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    unsigned ns = t->p.slots_per_warp;
    uint64_t all = ns == 64 ? ~UINT64_C(0) : (UINT64_C(1) << ns) - 1u;
    memset(in, 0, sizeof *in);
    in->req_warp = w;
    switch (cosim_rng_below(r, 5)) {
    case 0: /* BAD_WARP */
        if (t->warp_span <= t->p.num_warps)
            return false;
        in->req_op = 1u + (unsigned)cosim_rng_below(r, 7);
        in->req_warp = t->p.num_warps + (unsigned)cosim_rng_below(r, t->warp_span - t->p.num_warps);
        t->bad_code = PST_ERR_BAD_WARP;
        return true;
    case 1: { /* BAD_SLOT: a free slot (or one out of range) */
        uint64_t span = t->slot_span == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->slot_span) - 1u;
        uint64_t nv = span & ~v;
        if (!nv)
            return false;
        static const unsigned ops[] = {PST_OP_SET, PST_OP_RENEW, PST_OP_REMOVE, PST_OP_CONVERGE};
        in->req_op = ops[cosim_rng_below(r, 4)];
        in->req_slot = cosim_rng_member(r, nv);
        in->req_slot2 = v ? cosim_rng_member(r, v) : in->req_slot;
        if (in->req_op == PST_OP_CONVERGE && v && cosim_rng_pct(r, 50)) {
            unsigned a = in->req_slot; /* the evicted one is the bad one */
            in->req_slot = in->req_slot2;
            in->req_slot2 = a;
        }
        in->req_path = fresh_path(t, w, ~0u, ~0u);
        t->bad_code = PST_ERR_BAD_SLOT;
        return true;
    }
    case 2: /* FULL */
        if (v != all)
            return false;
        in->req_op = PST_OP_ADD;
        in->req_path = (unsigned)cosim_rng_below(r, t->path_span);
        in->req_pc = random_pc(t);
        t->bad_code = PST_ERR_FULL;
        return true;
    case 3: { /* BAD_PATH: a path id a valid slot holds (ADD), another one (RENEW) */
        if (!v)
            return false;
        unsigned o = cosim_rng_member(r, v);
        uint64_t others = v & ~(UINT64_C(1) << o);
        if (others && (v == all || cosim_rng_pct(r, 50))) {
            in->req_op = PST_OP_RENEW;
            in->req_slot = cosim_rng_member(r, others);
        } else if (v != all) {
            in->req_op = PST_OP_ADD;
        } else {
            return false;
        }
        in->req_path = pst_entry(t->m, w, o).path;
        in->req_pc = random_pc(t);
        t->bad_code = PST_ERR_BAD_PATH;
        return true;
    }
    default: { /* BAD_CONV: one slot, or two at different PCs or depths */
        if (!v)
            return false;
        unsigned a = cosim_rng_member(r, v), b = a;
        if (cosim_rng_pct(r, 70)) {
            uint64_t diff = 0;
            pst_entry_t ea = pst_entry(t->m, w, a);
            for (unsigned s = 0; s < ns; s++) {
                pst_entry_t e = pst_entry(t->m, w, s);
                if (e.valid && (e.pc != ea.pc || e.depth != ea.depth))
                    diff |= UINT64_C(1) << s;
            }
            if (diff)
                b = cosim_rng_member(r, diff);
        }
        in->req_op = PST_OP_CONVERGE;
        in->req_slot = a;
        in->req_slot2 = b;
        in->req_path = fresh_path(t, w, a, b);
        t->bad_code = PST_ERR_BAD_CONV;
        return true;
    }
    }
}

static int random_stimulus(tb_t *t, pst_in_t *in)
{
    cosim_rng_t *r = &t->rng;
    pst_out_t o;
    pst_eval(t->m, in, &o); /* the pick and the convergence: no input needed */
    in->sel_take = cosim_rng_pct(r, 75);
    in->rd_warp = (unsigned)cosim_rng_below(r, t->warp_span);
    in->rd_slot = (unsigned)cosim_rng_below(r, t->slot_span);
    for (unsigned w = 0; w < t->p.num_warps; w++)
        if (t->phase_left[w]-- == 0) {
            t->grow[w] = !t->grow[w];
            t->phase_left[w] = 50u + (unsigned)cosim_rng_below(r, 400);
        }
    if (!cosim_rng_pct(r, 85))
        return 0;
    if (o.sel_valid && o.conv_valid && cosim_rng_pct(r, 70)) { /* section 3.6 */
        in->req_op = PST_OP_CONVERGE;
        in->req_warp = o.sel_warp;
        in->req_slot = o.sel_slot;
        in->req_slot2 = o.conv_slot;
        in->req_path = fresh_path(t, o.sel_warp, o.sel_slot, o.conv_slot);
        return 0;
    }
    unsigned w = o.sel_valid && cosim_rng_pct(r, 60)
                     ? o.sel_warp
                     : (unsigned)cosim_rng_below(r, t->p.num_warps);
    uint64_t v = valid_slots(t, w);
    unsigned ns = t->p.slots_per_warp;
    bool full = v == (ns == 64 ? ~UINT64_C(0) : (UINT64_C(1) << ns) - 1u);
    if (cosim_rng_pct(r, 3) && inject(t, w, v, in)) {
        t->bad = true;
        return 0;
    }
    memset(in, 0, sizeof *in);
    in->sel_take = cosim_rng_pct(r, 75);
    in->rd_warp = (unsigned)cosim_rng_below(r, t->warp_span);
    in->rd_slot = (unsigned)cosim_rng_below(r, t->slot_span);
    /* the slot the fetch works on: the pick, or another path of the warp */
    unsigned s = v ? (o.sel_valid && o.sel_warp == w && cosim_rng_pct(r, 60) ? o.sel_slot
                                                                               : cosim_rng_member(r, v))
                   : 0;
    unsigned k = (unsigned)cosim_rng_below(r, 1000);
    if (k < 5) {
        in->req_op = PST_OP_ROLLBACK;
        in->req_warp = w;
    } else if (k < 80) { /* the commit stage retires a slot */
        unsigned c = (unsigned)cosim_rng_below(r, ns);
        pst_entry_t e = pst_entry(t->m, w, c);
        in->req_op = PST_OP_RCOMMIT;
        in->req_warp = w;
        in->req_slot = c;
        in->req_rvalid = e.valid;
        in->req_path = e.valid ? e.path : (unsigned)cosim_rng_below(r, t->p.paths_per_warp);
        in->req_pc = e.valid ? e.pc : random_pc(t);
        in->req_depth = e.valid ? e.depth : 0;
    } else if (!v || (!full && k < (t->grow[w] ? 450u : 150u))) {
        add_path(t, w, in);
    } else if (k < (t->grow[w] ? 520u : 400u)) { /* a path ends */
        in->req_op = PST_OP_REMOVE;
        in->req_warp = w;
        in->req_slot = s;
    } else if (k < 620) { /* a predicted divergent branch (Fig. 3(a)) */
        pst_entry_t e = pst_entry(t->m, w, s);
        alt_queue_t *q = &t->alt[w];
        in->req_op = PST_OP_RENEW;
        in->req_warp = w;
        in->req_slot = s;
        in->req_path = fresh_path(t, w, s, ~0u);
        in->req_pc = random_pc(t);
        if (q->n < ALT_MAX) { /* the fall-through, once resolved divergent */
            q->pc[q->n] = (e.pc + 4u) & t->pc_mask;
            q->depth[q->n++] = e.depth;
        }
    } else {
        move_on(t, w, s, in);
    }
    return 0;
}

/* ---- cover points ----------------------------------------------------------- */

static void cover(tb_t *t, const pst_out_t *o, const pst_events_t *ev)
{
    uint64_t *c = t->cover;
    bool ok = ev->req && ev->err == PST_ERR_NONE;
    c[PST_CV_ADD_LAST] += ev->add_last;
    c[PST_CV_RENEW] += ok && ev->op == PST_OP_RENEW;
    c[PST_CV_REMOVE] += ok && ev->op == PST_OP_REMOVE;
    c[PST_CV_RCOMMIT] += ok && ev->op == PST_OP_RCOMMIT;
    c[PST_CV_CONV_DEPTH0] += ok && ev->op == PST_OP_CONVERGE && ev->conv_depth == 0;
    c[PST_CV_CONV_DEEP] += ok && ev->op == PST_OP_CONVERGE && ev->conv_depth > 0;
    c[PST_CV_ROLLBACK_DIFF] += ev->rollback_diff;
    c[PST_CV_SAME_PC_DEEPER] += ev->same_pc_deeper;
    c[PST_CV_MINSP_DEPTH] += ev->sel_valid && !ev->sel_rr && ev->minsp_depth;
    c[PST_CV_MINSP_PC] += ev->sel_valid && !ev->sel_rr && ev->minsp_pc;
    c[PST_CV_RR_DIFFERS] += ev->sel_rr && ev->taken && o->sel_slot != ev->minsp_slot;
    c[PST_CV_WARP_SKIP] += ev->sel_valid && ev->warp_skip;
    if (ev->req && pst_err_cover[ev->err & 7u] < PST_CV_COUNT)
        c[pst_err_cover[ev->err & 7u]]++;
}

/* ---- cosim_testbench_t callbacks ------------------------------------------------ */

static void tb_reset(tb_t *t)
{
    for (unsigned w = 0; w < t->p.num_warps; w++) {
        t->alt[w].n = 0;
        t->grow[w] = true;
        t->phase_left[w] = 200u + 37u * w;
    }
}

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    t->cover = cover[KIT_COVERS_PST];
    cosim_rng_seed(&t->rng, o->seed);
    t->warp_span = 1u << CFG_WarpIdWidth;
    t->slot_span = 1u << CFG_SlotIdWidth;
    t->path_span = 1u << CFG_PathIdWidth;
    t->pc_mask = t->p.pc_width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << t->p.pc_width) - 1u;
    t->depth_max = (1u << t->p.depth_width) - 1u;
    for (unsigned j = 0; j < NUM_JOINS; j++)
        t->joins[j] = (UINT64_C(0x40) * (j + 1u) + 4u * j) & t->pc_mask & ~UINT64_C(3);
    tb_reset(t);
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, pst_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    t->bad = false;
    t->generated = !t->scn.scn;
    return t->scn.scn ? scenario_stimulus(t, in, err, errlen) : random_stimulus(t, in);
}

static int tb_model(tb_t *t, uint64_t cycle, const pst_in_t *in, pst_out_t *out, char *err,
                    size_t errlen)
{
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        pst_eval(t->m, in, out);
        return scenario_check(t, out, err, errlen);
    }
    pst_events_t ev;
    pst_step(t->m, in, out, &ev);
    cover(t, out, &ev);
    pst_in_t legal = *in; /* the shadow sees the cycle without the illegal request */
    if (t->bad)
        legal.req_op = PST_OP_NOP;
    pst_step(t->shadow, &legal, NULL, NULL);
    if (t->scn.scn)
        return scenario_check(t, out, err, errlen);
    /* a replayed recording carries no verdicts: check only what was generated */
    bool generated = t->generated;
    t->generated = false;
    if (!generated)
        return 0;
    if (t->bad && ev.err != t->bad_code) {
        snprintf(err, errlen, "injected illegal %s: expected error %s, model reports %s",
                 pst_op_name(ev.op), pst_err_name(t->bad_code), pst_err_name(ev.err));
        return -1;
    }
    if (!t->bad && ev.req && ev.err != PST_ERR_NONE) {
        snprintf(err, errlen, "legal %s rejected by the model with %s", pst_op_name(ev.op),
                 pst_err_name(ev.err));
        return -1;
    }
    if (t->bad && !pst_same_state(t->m, t->shadow)) {
        snprintf(err, errlen, "a rejected request changed the model's state");
        return -1;
    }
    return 0;
}

COSIM_TESTBENCH_SHADOWED(tb_t, pst, true, NULL, tb_reset, .verbs = pst_verbs);
