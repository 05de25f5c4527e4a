/* Golden cycle model of pst: SIMT-X's Path Scheduling Table.
 *
 * Sources: SIMT-X section 3.4 ("the PST must only maintain path PCs and
 * similar information required for scheduling, such as call-return depth";
 * MinSP-PC: "The highest priority is given to the path with the deepest
 * call stack. If two paths possess the same minimum stack pointer, the
 * minimum PC criteria is used"; a round-robin turn "activated periodically
 * every (m + 1) x n cycles"; a conventional round robin among warps),
 * section 3.6 (path PCs "are compared to other path PCs in the PST, where a
 * match indicates that the two paths may be merged"; "one PST entry is
 * overwritten with the new active convergent path h_k, and the alternate path
 * is evicted"), section 3.7.1 (Figure 3: h0's entry overwritten by h1; a new
 * entry for the alternate path h2), section 3.7.2 (a nullified path
 * "removed from the PST"; "the PIRAT and PST possess retirement copies" for
 * rollback). The decisions the paper leaves open (equal PCs at different
 * call depths do not converge, the RR pointer, the errors) follow
 * docs/blocks/pst.md; written from that page and the paper, not from the
 * RTL.
 *
 * Every output of a cycle comes from the state before the edge (and this
 * cycle's req_warp / rd_* inputs); the request and the take are then applied
 * at the edge. A rejected request changes nothing but the response. */
#include "pst.h"

#include <string.h>

#include "bitmask.h"
#include "clog2.h"

struct pst {
    pst_params_t p;
    unsigned warp_id_mask, slot_id_mask, path_id_mask, depth_mask;
    uint64_t pc_mask;
    unsigned period;     /* (m+1) x n */
    pst_entry_t *spec;   /* num_warps x slots_per_warp, warp-major */
    pst_entry_t *ret;    /* the retirement copy, the same shape */
    unsigned *rr_ptr;    /* per warp: the slot the last RR turn took */
    unsigned last_warp;  /* the warp of the last take */
    unsigned cycle;      /* 0 .. period-1 */
    bool turn;           /* an RR turn is pending */
    bool rsp_valid;
    unsigned rsp_err;
    unsigned err_sticky;
};

#define SLOT(m, tab, w, s) (&(m)->tab[(size_t)(w) * (m)->p.slots_per_warp + (s)])

static int init(pst_t *m, const pst_params_t *p)
{
    size_t n = (size_t)p->num_warps * p->slots_per_warp;
    m->spec = calloc(n, sizeof *m->spec);
    m->ret = calloc(n, sizeof *m->ret);
    m->rr_ptr = calloc(p->num_warps, sizeof *m->rr_ptr);
    if (!m->spec || !m->ret || !m->rr_ptr)
        return PST_ENOMEM;
    m->warp_id_mask = index_mask(p->num_warps);
    m->slot_id_mask = index_mask(p->slots_per_warp);
    m->path_id_mask = (unsigned)bm_low_bits(clog2(p->paths_per_warp));
    m->depth_mask = (unsigned)bm_low_bits(p->depth_width);
    m->pc_mask = bm_low_bits(p->pc_width);
    m->period = (unsigned)pst_derive_turn_period(p); /* (m+1) x n */
    return PST_OK;
}

MODEL_DEFINE_CREATE(pst, init)
MODEL_DEFINE_DESTROY(pst, free(m->spec); free(m->ret); free(m->rr_ptr))

void pst_reset(pst_t *m)
{
    size_t n = (size_t)m->p.num_warps * m->p.slots_per_warp;
    memset(m->spec, 0, n * sizeof *m->spec);
    memset(m->ret, 0, n * sizeof *m->ret);
    /* the first take of each kind starts at warp 0, slot 0 */
    for (unsigned w = 0; w < m->p.num_warps; w++)
        m->rr_ptr[w] = m->p.slots_per_warp - 1u;
    m->last_warp = m->p.num_warps - 1u;
    m->cycle = 0;
    m->turn = false;
    m->rsp_valid = false;
    m->rsp_err = PST_ERR_NONE;
    m->err_sticky = 0;
}

const pst_params_t *pst_params(const pst_t *m) { return &m->p; }
pst_entry_t pst_entry(const pst_t *m, unsigned w, unsigned s) { return *SLOT(m, spec, w, s); }
pst_entry_t pst_retired(const pst_t *m, unsigned w, unsigned s) { return *SLOT(m, ret, w, s); }
unsigned pst_turn_period(const pst_t *m) { return m->period; }
bool pst_turn_pending(const pst_t *m) { return m->turn; }

static bool same_entry(const pst_entry_t *a, const pst_entry_t *b)
{
    return a->valid == b->valid &&
           (!a->valid || (a->path == b->path && a->pc == b->pc && a->depth == b->depth));
}

bool pst_same_state(const pst_t *a, const pst_t *b)
{
    size_t n = (size_t)a->p.num_warps * a->p.slots_per_warp;
    for (size_t i = 0; i < n; i++)
        if (!same_entry(&a->spec[i], &b->spec[i]) || !same_entry(&a->ret[i], &b->ret[i]))
            return false;
    for (unsigned w = 0; w < a->p.num_warps; w++)
        if (a->rr_ptr[w] != b->rr_ptr[w])
            return false;
    return a->last_warp == b->last_warp && a->cycle == b->cycle && a->turn == b->turn;
}

/* ---- selection (section 3.4) and convergence detection (section 3.6) -------- */

typedef struct {
    bool valid;
    unsigned warp, slot, minsp;
    bool conv;
    unsigned conv_slot;
} pick_t;

/* MinSP-PC: a ranks before b when its call stack is deeper, or as deep with
 * a lower PC. */
static bool before(const pst_entry_t *a, const pst_entry_t *b)
{
    return a->depth > b->depth || (a->depth == b->depth && a->pc < b->pc);
}

static bool warp_has_path(const pst_t *m, unsigned w)
{
    for (unsigned s = 0; s < m->p.slots_per_warp; s++)
        if (SLOT(m, spec, w, s)->valid)
            return true;
    return false;
}

static pick_t select_path(const pst_t *m)
{
    pick_t k = {0};
    unsigned n = m->p.num_warps, ns = m->p.slots_per_warp;
    /* warps: round robin, the first after the last taken one with a path */
    for (unsigned i = 1; i <= n && !k.valid; i++) {
        unsigned w = (m->last_warp + i) % n;
        if (warp_has_path(m, w)) {
            k.valid = true;
            k.warp = w;
        }
    }
    if (!k.valid)
        return k;
    /* within the warp: MinSP-PC, the lowest slot on a tie */
    const pst_entry_t *best = NULL;
    for (unsigned s = 0; s < ns; s++) {
        const pst_entry_t *e = SLOT(m, spec, k.warp, s);
        if (e->valid && (!best || before(e, best))) {
            best = e;
            k.minsp = s;
        }
    }
    k.slot = k.minsp;
    /* the RR turn: the first valid slot after the warp's RR pointer */
    if (m->turn) {
        for (unsigned i = 1; i <= ns; i++) {
            unsigned s = (m->rr_ptr[k.warp] + i) % ns;
            if (SLOT(m, spec, k.warp, s)->valid) {
                k.slot = s;
                break;
            }
        }
    }
    /* convergence: another valid slot at the pick's PC and call depth */
    const pst_entry_t *sel = SLOT(m, spec, k.warp, k.slot);
    for (unsigned s = 0; s < ns && !k.conv; s++) {
        const pst_entry_t *e = SLOT(m, spec, k.warp, s);
        if (s != k.slot && e->valid && e->pc == sel->pc && e->depth == sel->depth) {
            k.conv = true;
            k.conv_slot = s;
        }
    }
    return k;
}

/* The lowest free slot of warp w, or slots_per_warp when it is full. */
static unsigned free_slot(const pst_t *m, unsigned w)
{
    unsigned s = 0;
    while (s < m->p.slots_per_warp && SLOT(m, spec, w, s)->valid)
        s++;
    return s;
}

void pst_eval(const pst_t *m, const pst_in_t *in, pst_out_t *out)
{
    memset(out, 0, sizeof *out);
    unsigned rw = in->req_warp & m->warp_id_mask;
    if (rw < m->p.num_warps) {
        unsigned f = free_slot(m, rw);
        out->req_slot = f < m->p.slots_per_warp ? f : 0;
        for (unsigned s = 0; s < m->p.slots_per_warp; s++)
            out->req_free += !SLOT(m, spec, rw, s)->valid;
    }
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->err_sticky = m->err_sticky;
    pick_t k = select_path(m);
    if (k.valid) {
        const pst_entry_t *e = SLOT(m, spec, k.warp, k.slot);
        out->sel_valid = true;
        out->sel_warp = k.warp;
        out->sel_slot = k.slot;
        out->sel_path = e->path;
        out->sel_pc = e->pc;
        out->sel_depth = e->depth;
        out->sel_rr = m->turn;
        out->conv_valid = k.conv;
        out->conv_slot = k.conv_slot;
        out->conv_path = k.conv ? SLOT(m, spec, k.warp, k.conv_slot)->path : 0u;
    }
    unsigned dw = in->rd_warp & m->warp_id_mask, ds = in->rd_slot & m->slot_id_mask;
    if (dw < m->p.num_warps && ds < m->p.slots_per_warp && SLOT(m, spec, dw, ds)->valid) {
        const pst_entry_t *e = SLOT(m, spec, dw, ds);
        out->rd_valid = true;
        out->rd_path = e->path;
        out->rd_pc = e->pc;
        out->rd_depth = e->depth;
    }
    /* the paths of the warp's slots, and of its retirement copy: what a
     * rollback restores, and so what the Pathtable's SQUASH keeps */
    if (dw < m->p.num_warps)
        for (unsigned s = 0; s < m->p.slots_per_warp; s++) {
            const pst_entry_t *e = SLOT(m, spec, dw, s), *r = SLOT(m, ret, dw, s);
            if (e->valid)
                out->rd_paths |= UINT64_C(1) << e->path;
            if (r->valid)
                out->rd_keep |= UINT64_C(1) << r->path;
        }
}

/* ---- requests -------------------------------------------------------------- */

/* The request's fields as the ports carry them. */
typedef struct {
    unsigned op, warp, a, b, path, depth;
    uint64_t pc;
    bool rvalid;
} req_t;

/* Some valid slot of warp w other than x and y holds path id h. */
static bool path_taken(const pst_t *m, unsigned w, unsigned h, unsigned x, unsigned y)
{
    for (unsigned s = 0; s < m->p.slots_per_warp; s++) {
        const pst_entry_t *e = SLOT(m, spec, w, s);
        if (s != x && s != y && e->valid && e->path == h)
            return true;
    }
    return false;
}

static bool valid_slot(const pst_t *m, unsigned w, unsigned s)
{
    return s < m->p.slots_per_warp && SLOT(m, spec, w, s)->valid;
}

/* The request's error: the first that applies, in the code list's order. */
static unsigned judge(const pst_t *m, const req_t *r)
{
    unsigned ns = m->p.slots_per_warp, none = ns; /* "no slot" for path_taken */
    if (r->warp >= m->p.num_warps)
        return PST_ERR_BAD_WARP;
    bool path_ok = r->path < m->p.paths_per_warp;
    switch (r->op) {
    case PST_OP_ADD:
        if (free_slot(m, r->warp) == ns)
            return PST_ERR_FULL;
        if (!path_ok || path_taken(m, r->warp, r->path, none, none))
            return PST_ERR_BAD_PATH;
        return PST_ERR_NONE;
    case PST_OP_SET:
    case PST_OP_REMOVE:
        return valid_slot(m, r->warp, r->a) ? PST_ERR_NONE : PST_ERR_BAD_SLOT;
    case PST_OP_RENEW:
        if (!valid_slot(m, r->warp, r->a))
            return PST_ERR_BAD_SLOT;
        if (!path_ok || path_taken(m, r->warp, r->path, r->a, none))
            return PST_ERR_BAD_PATH;
        return PST_ERR_NONE;
    case PST_OP_CONVERGE: {
        if (!valid_slot(m, r->warp, r->a) || !valid_slot(m, r->warp, r->b))
            return PST_ERR_BAD_SLOT;
        if (!path_ok || path_taken(m, r->warp, r->path, r->a, r->b))
            return PST_ERR_BAD_PATH;
        const pst_entry_t *ea = SLOT(m, spec, r->warp, r->a), *eb = SLOT(m, spec, r->warp, r->b);
        if (r->a == r->b || ea->pc != eb->pc || ea->depth != eb->depth)
            return PST_ERR_BAD_CONV;
        return PST_ERR_NONE;
    }
    case PST_OP_RCOMMIT:
        if (r->a >= ns)
            return PST_ERR_BAD_SLOT;
        return path_ok ? PST_ERR_NONE : PST_ERR_BAD_PATH;
    default: /* ROLLBACK */
        return PST_ERR_NONE;
    }
}

static void apply(pst_t *m, const req_t *r, pst_events_t *ev)
{
    unsigned ns = m->p.slots_per_warp;
    pst_entry_t *a = r->a < ns ? SLOT(m, spec, r->warp, r->a) : NULL;
    switch (r->op) {
    case PST_OP_ADD: {
        unsigned s = free_slot(m, r->warp);
        *SLOT(m, spec, r->warp, s) = (pst_entry_t){true, r->path, r->pc, r->depth};
        ev->add_slot = s;
        ev->add_last = free_slot(m, r->warp) == ns;
        break;
    }
    case PST_OP_SET:
        a->pc = r->pc;
        a->depth = r->depth;
        break;
    case PST_OP_RENEW:
        a->path = r->path;
        a->pc = r->pc;
        break;
    case PST_OP_REMOVE:
        a->valid = false;
        break;
    case PST_OP_CONVERGE:
        ev->conv_depth = a->depth;
        a->path = r->path;
        SLOT(m, spec, r->warp, r->b)->valid = false;
        break;
    case PST_OP_RCOMMIT:
        *SLOT(m, ret, r->warp, r->a) = (pst_entry_t){r->rvalid, r->path, r->pc, r->depth};
        break;
    default: /* ROLLBACK: the warp's retirement copy */
        for (unsigned s = 0; s < ns; s++) {
            pst_entry_t *e = SLOT(m, spec, r->warp, s);
            const pst_entry_t *c = SLOT(m, ret, r->warp, s);
            ev->rollback_diff |= !same_entry(e, c);
            *e = *c;
        }
        break;
    }
}

/* What the pick shows for the cover points (events only). */
static void pick_events(const pst_t *m, const pick_t *k, const pst_out_t *o, pst_events_t *ev)
{
    ev->sel_valid = k->valid;
    if (!k->valid)
        return;
    ev->sel_rr = m->turn;
    ev->minsp_slot = k->minsp;
    ev->warp_skip = k->warp != (m->last_warp + 1u) % m->p.num_warps;
    const pst_entry_t *b = SLOT(m, spec, k->warp, k->minsp);
    const pst_entry_t *sel = SLOT(m, spec, k->warp, k->slot);
    for (unsigned s = 0; s < m->p.slots_per_warp; s++) {
        const pst_entry_t *e = SLOT(m, spec, k->warp, s);
        if (!e->valid)
            continue;
        ev->minsp_depth |= e->depth < b->depth && e->pc < b->pc;
        ev->minsp_pc |= s != k->minsp && e->depth == b->depth && e->pc > b->pc;
        ev->same_pc_deeper |= e->pc == sel->pc && e->depth != sel->depth && !o->conv_valid;
    }
}

void pst_step(pst_t *m, const pst_in_t *in, pst_out_t *out, pst_events_t *ev)
{
    pst_out_t o;
    pst_events_t e;
    memset(&e, 0, sizeof e);
    pst_eval(m, in, &o);
    pick_t k = select_path(m);
    pick_events(m, &k, &o, &e);

    req_t r = {in->req_op & PST_REQ_OP_MASK,       in->req_warp & m->warp_id_mask,
               in->req_slot & m->slot_id_mask,  in->req_slot2 & m->slot_id_mask,
               in->req_path & m->path_id_mask,  in->req_depth & m->depth_mask,
               in->req_pc & m->pc_mask,         in->req_rvalid};
    e.req = r.op != PST_OP_NOP;
    e.op = r.op;
    if (e.req) {
        e.err = judge(m, &r);
        if (e.err == PST_ERR_NONE)
            apply(m, &r, &e);
    }
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, e.req, e.err, PST_ERR_NONE);

    /* the take moves the pointers only */
    e.taken = in->sel_take && k.valid;
    if (e.taken) {
        m->last_warp = k.warp;
        if (m->turn) {
            m->rr_ptr[k.warp] = k.slot;
            m->turn = false;
        }
    }
    /* every (m+1) x n cycles a turn */
    if (++m->cycle == m->period) {
        m->cycle = 0;
        m->turn = true;
    }
    if (out)
        *out = o;
    if (ev)
        *ev = e;
}
