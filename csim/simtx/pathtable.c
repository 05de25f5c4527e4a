/* Golden cycle model of pathtable: SIMT-X's Pathtable.
 *
 * Sources: SIMT-X (TACO 2020) section 3.3 (a path id indexes the warp's
 * Pathtable; entries are speculative or committed), 3.5.1 (a buop computes
 * h_j = h_i AND c, the alternate h_k = h_i AND NOT c once resolved
 * divergent), 3.5.2 (a cuop allocates h_k = h_i OR h_j), 3.7.1 (Figure 3: a
 * predicted-divergent branch allocates h_j with h_i's mask copied and
 * references h_i; a divergent resolution allocates the alternate; commit
 * validates both and de-references h_i; a uniform resolution leaves a useless
 * entry that is still validated; younger entries that copied the mask drop
 * the lanes that left; a free and a commit pointer order the entries), 3.7.2
 * (a wrong-direction resolution nullifies the mask; a rollback invalidates
 * the warp's speculative entries). The decisions the paper leaves open --
 * what a count counts, the reservation for alternates, the order by
 * allocation sequence, the rollback's keep set -- are the page's
 * (docs/blocks/pathtable.md); this model follows the page, not the RTL.
 *
 * Every decision is taken against the state at the start of the cycle, then
 * applied at the edge; a rejected request changes nothing. */
#include "pathtable.h"

#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "clog2.h"

typedef struct {
    unsigned state; /* PT_STATE_* */
    uint64_t mask;
    unsigned ref;
    unsigned seq;   /* allocation sequence of its micro-op (speculative entries) */
} entry_t;

typedef struct {
    unsigned fptr, cptr; /* free and commit pointers: next micro-op's sequence, oldest uncommitted's */
    unsigned resv;       /* entries reserved for in-flight buops' alternates */
} warp_t;

struct pathtable {
    pathtable_params_t p;
    uint64_t lanes;     /* WarpWidth low bits */
    unsigned ref_max;   /* 2^RefWidth - 1 */
    unsigned seq_mask;  /* 2^SeqWidth - 1 */
    unsigned warp_span; /* 2^WarpIdWidth */
    unsigned path_span; /* 2^PathIdWidth */
    entry_t *e;         /* num_warps * paths_per_warp, warp-major */
    warp_t *w;
    bool rsp_valid;
    unsigned rsp_err, err_sticky;
};

#define ENTRY(m, w, h) (&(m)->e[(size_t)(w) * (m)->p.paths_per_warp + (h)])

static int init(pathtable_t *m, const pathtable_params_t *p)
{
    m->e = calloc((size_t)p->num_warps * p->paths_per_warp, sizeof *m->e);
    m->w = calloc(p->num_warps, sizeof *m->w);
    if (!m->e || !m->w)
        return PT_ENOMEM;
    m->lanes = bm_low_bits(p->warp_width);
    m->ref_max = (1u << p->ref_width) - 1u;
    m->path_span = 1u << clog2(p->paths_per_warp);
    m->seq_mask = 2u * m->path_span - 1u;
    m->warp_span = index_mask(p->num_warps) + 1u;
    return PT_OK;
}

MODEL_DEFINE_CREATE(pathtable, init)
MODEL_DEFINE_DESTROY(pathtable, free(m->e); free(m->w))

void pathtable_reset(pathtable_t *m)
{
    memset(m->e, 0, (size_t)m->p.num_warps * m->p.paths_per_warp * sizeof *m->e);
    memset(m->w, 0, m->p.num_warps * sizeof *m->w);
    m->rsp_valid = false;
    m->rsp_err = PT_ERR_NONE;
    m->err_sticky = 0;
}

const pathtable_params_t *pathtable_params(const pathtable_t *m) { return &m->p; }

/* ---- the request's verdict ---------------------------------------------------- */

/* What a request does, decided against the state before the edge. */
typedef struct {
    unsigned err;
    bool alloc;
    unsigned id;    /* the entry allocated (the lowest free) */
    bool div, null; /* BEXEC */
} verdict_t;

static unsigned free_count(const pathtable_t *m, unsigned w)
{
    unsigned n = 0;
    for (unsigned h = 0; h < m->p.paths_per_warp; h++)
        n += ENTRY(m, w, h)->state == PT_STATE_FREE;
    return n;
}

static unsigned lowest_free(const pathtable_t *m, unsigned w)
{
    for (unsigned h = 0; h < m->p.paths_per_warp; h++)
        if (ENTRY(m, w, h)->state == PT_STATE_FREE)
            return h;
    return 0;
}

/* Path h of warp w names an allocated entry. */
static bool live(const pathtable_t *m, unsigned w, unsigned h)
{
    return h < m->p.paths_per_warp && ENTRY(m, w, h)->state != PT_STATE_FREE;
}

/* ... a speculative one. */
static bool spec(const pathtable_t *m, unsigned w, unsigned h)
{
    return live(m, w, h) && ENTRY(m, w, h)->state == PT_STATE_SPEC;
}

/* ... one that somebody holds (its holder can pass the reference on). */
static bool held(const pathtable_t *m, unsigned w, unsigned h)
{
    return live(m, w, h) && ENTRY(m, w, h)->ref > 0;
}

/* Position of a sequence number after the commit pointer: its age order
 * among the warp's uncommitted micro-ops (0 the oldest). */
static unsigned age(const pathtable_t *m, unsigned w, unsigned seq)
{
    return (seq - m->w[w].cptr) & m->seq_mask;
}

/* The speculative entries of the oldest uncommitted micro-op are exactly
 * {b} and, if alt, {c}. */
static bool commits_in_order(const pathtable_t *m, unsigned w, unsigned b, bool alt, unsigned c)
{
    if (!spec(m, w, b) || (alt && !spec(m, w, c)))
        return false;
    for (unsigned h = 0; h < m->p.paths_per_warp; h++) {
        const entry_t *e = ENTRY(m, w, h);
        bool oldest = e->state == PT_STATE_SPEC && e->seq == m->w[w].cptr;
        if (oldest != (h == b || (alt && h == c)))
            return false;
    }
    return true;
}

static verdict_t judge(const pathtable_t *m, const pathtable_in_t *in)
{
    verdict_t v = {.err = PT_ERR_NONE};
    unsigned op = in->req_op, w = in->req_warp, a = in->req_a, b = in->req_b, c = in->req_c;
    if (op == PT_OP_NOP)
        return v;
    if (op >= PT_OP_COUNT) {
        v.err = PT_ERR_BAD_OP;
        return v;
    }
    if (w >= m->p.num_warps) {
        v.err = PT_ERR_BAD_WARP;
        return v;
    }
    unsigned nfree = free_count(m, w), resv = m->w[w].resv;
    switch (op) {
    case PT_OP_INIT:
        if ((in->req_mask & m->lanes) == 0)
            v.err = PT_ERR_BAD_MASK;
        else if (nfree < resv + 1u)
            v.err = PT_ERR_FULL;
        else
            v.alloc = true;
        break;
    case PT_OP_BUOP: /* h_j now, and one entry kept for its alternate */
        if (!held(m, w, a))
            v.err = PT_ERR_BAD_PATH;
        else if (nfree < resv + 2u)
            v.err = PT_ERR_FULL;
        else
            v.alloc = true;
        break;
    case PT_OP_BEXEC:
        if (!live(m, w, a) || !spec(m, w, b) || a == b) {
            v.err = PT_ERR_BAD_PATH;
        } else if (resv == 0) {
            v.err = PT_ERR_BAD_EXEC;
        } else {
            uint64_t hi = ENTRY(m, w, a)->mask, c_ = in->req_mask & m->lanes;
            bool taken = (hi & c_) != 0, other = (hi & ~c_) != 0;
            v.div = taken && other;
            v.null = !taken && other;
            v.alloc = other; /* the alternate, from the reservation */
        }
        break;
    case PT_OP_BCOMMIT:
        if (!held(m, w, a) || !live(m, w, b) || a == b ||
            (in->req_alt && (!live(m, w, c) || c == a || c == b)))
            v.err = PT_ERR_BAD_PATH;
        else if (ENTRY(m, w, a)->state != PT_STATE_VALID ||
                 !commits_in_order(m, w, b, in->req_alt, c))
            v.err = PT_ERR_BAD_COMMIT;
        break;
    case PT_OP_CUOP:
        if (!held(m, w, a) || !held(m, w, b) || a == b)
            v.err = PT_ERR_BAD_PATH;
        else if (nfree < resv + 1u)
            v.err = PT_ERR_FULL;
        else
            v.alloc = true;
        break;
    case PT_OP_CEXEC:
        if (!live(m, w, a) || !live(m, w, b) || !spec(m, w, c) || a == b || c == a || c == b)
            v.err = PT_ERR_BAD_PATH;
        break;
    case PT_OP_CCOMMIT:
        if (!held(m, w, a) || !held(m, w, b) || !live(m, w, c) || a == b || c == a || c == b)
            v.err = PT_ERR_BAD_PATH;
        else if (ENTRY(m, w, a)->state != PT_STATE_VALID ||
                 ENTRY(m, w, b)->state != PT_STATE_VALID || !commits_in_order(m, w, c, false, 0))
            v.err = PT_ERR_BAD_COMMIT;
        break;
    case PT_OP_REF:
        if (!live(m, w, a))
            v.err = PT_ERR_BAD_PATH;
        else if (ENTRY(m, w, a)->ref == m->ref_max)
            v.err = PT_ERR_BAD_REF;
        break;
    case PT_OP_DEREF:
        if (!live(m, w, a))
            v.err = PT_ERR_BAD_PATH;
        else if (ENTRY(m, w, a)->ref == 0)
            v.err = PT_ERR_BAD_REF;
        break;
    default: /* PT_OP_SQUASH */
        for (unsigned h = 0; h < 64u; h++)
            if (((in->req_keep >> h) & 1u) &&
                (h >= m->p.paths_per_warp || ENTRY(m, w, h)->state != PT_STATE_VALID))
                v.err = PT_ERR_BAD_KEEP;
        break;
    }
    if (v.err != PT_ERR_NONE)
        v.alloc = v.div = v.null = false;
    if (v.alloc)
        v.id = lowest_free(m, w);
    return v;
}

/* ---- the holders beside the request port --------------------------------------- */

/* The accepted request's own change to the count of entry h of warp w. */
static int req_delta(const pathtable_in_t *in, const verdict_t *v, unsigned w, unsigned h)
{
    if (v->err != PT_ERR_NONE || w != in->req_warp)
        return 0;
    switch (in->req_op) {
    case PT_OP_BCOMMIT: /* the buop lets go of its source */
    case PT_OP_DEREF:
        return h == in->req_a ? -1 : 0;
    case PT_OP_CCOMMIT: /* the cuop lets go of both sources */
        return h == in->req_a || h == in->req_b ? -1 : 0;
    case PT_OP_REF:
        return h == in->req_a ? 1 : 0;
    default: /* BUOP: +1 (the buop) -1 (the PST slot); the rest hold nothing */
        return 0;
    }
}

/* The hold's and the drop's verdicts, against the state before the edge
 * and the request's own change: a hold or drop of a warp the edge's SQUASH
 * rolls back is discarded (the rollback flushes its holder). */
typedef struct {
    unsigned hold_err, drop_err;
    bool hold, drop, squashed;
    unsigned hold_base; /* the held entry's count after the request */
} side_t;

static unsigned side_check(const pathtable_t *m, unsigned w, unsigned h)
{
    if (w >= m->p.num_warps)
        return PT_ERR_BAD_WARP;
    return live(m, w, h) ? PT_ERR_NONE : PT_ERR_BAD_PATH;
}

static bool squashes(const pathtable_in_t *in, const verdict_t *v, unsigned w)
{
    return in->req_op == PT_OP_SQUASH && v->err == PT_ERR_NONE && in->req_warp == w;
}

static side_t judge_side(const pathtable_t *m, const pathtable_in_t *in, const verdict_t *v)
{
    side_t s = {.hold_err = PT_ERR_NONE, .drop_err = PT_ERR_NONE};
    unsigned hw = in->hold_warp, hh = in->hold_path, dw = in->drop_warp, dh = in->drop_path;
    if (in->hold_valid) {
        s.hold_err = side_check(m, hw, hh);
        if (s.hold_err == PT_ERR_NONE && squashes(in, v, hw)) {
            s.squashed = true;
        } else if (s.hold_err == PT_ERR_NONE) {
            s.hold_base = (unsigned)((int)ENTRY(m, hw, hh)->ref + req_delta(in, v, hw, hh));
            s.hold = s.hold_base < m->ref_max;
            s.hold_err = s.hold ? PT_ERR_NONE : PT_ERR_BAD_REF;
        }
    }
    if (in->drop_valid) {
        s.drop_err = side_check(m, dw, dh);
        if (s.drop_err == PT_ERR_NONE && squashes(in, v, dw)) {
            s.squashed = true;
        } else if (s.drop_err == PT_ERR_NONE) {
            int base = (int)ENTRY(m, dw, dh)->ref + req_delta(in, v, dw, dh) +
                       (s.hold && hw == dw && hh == dh);
            s.drop = base > 0;
            s.drop_err = s.drop ? PT_ERR_NONE : PT_ERR_BAD_REF;
        }
    }
    return s;
}

/* ---- outputs -------------------------------------------------------------------- */

void pathtable_eval(const pathtable_t *m, const pathtable_in_t *in, pathtable_out_t *out)
{
    verdict_t v = judge(m, in);
    memset(out, 0, sizeof *out);
    out->req_err = v.err;
    out->req_alloc = v.alloc;
    out->req_id = v.id;
    out->req_div = v.div;
    out->req_null = v.null;
    out->rsp_valid = m->rsp_valid;
    out->rsp_err = m->rsp_err;
    out->err_sticky = m->err_sticky;
    side_t sd = judge_side(m, in, &v);
    out->hold_err = sd.hold_err;
    out->drop_err = sd.drop_err;
    if (in->rd_warp < m->p.num_warps) {
        out->rd_free = free_count(m, in->rd_warp);
        out->rd_resv = m->w[in->rd_warp].resv;
        for (unsigned h = 0; h < m->p.paths_per_warp; h++) {
            const entry_t *e = ENTRY(m, in->rd_warp, h);
            out->rd_masks[h] = e->mask;
            out->rd_states[h] = (uint16_t)e->state;
            out->rd_refs[h] = (uint16_t)e->ref;
        }
        if (in->rd_path < m->p.paths_per_warp) {
            const entry_t *e = ENTRY(m, in->rd_warp, in->rd_path);
            out->rd_state = e->state;
            out->rd_mask = e->mask;
            out->rd_ref = e->ref;
        }
    }
}

/* ---- the edge ------------------------------------------------------------------- */

static void release(pathtable_t *m, unsigned w, unsigned h, pathtable_events_t *ev)
{
    memset(ENTRY(m, w, h), 0, sizeof(entry_t));
    ev->freed++;
}

/* A holder lets go of h; a committed entry nobody holds is freed. */
static void drop_ref(pathtable_t *m, unsigned w, unsigned h, pathtable_events_t *ev)
{
    entry_t *e = ENTRY(m, w, h);
    if (--e->ref == 0 && e->state == PT_STATE_VALID)
        release(m, w, h, ev);
}

/* A micro-op's entry commits; if nobody holds it any more it is freed. */
static void validate(pathtable_t *m, unsigned w, unsigned h, pathtable_events_t *ev)
{
    entry_t *e = ENTRY(m, w, h);
    e->state = PT_STATE_VALID;
    e->seq = 0;
    if (e->ref == 0)
        release(m, w, h, ev);
}

static void apply(pathtable_t *m, const pathtable_in_t *in, const verdict_t *v,
                  pathtable_events_t *ev)
{
    unsigned w = in->req_warp, a = in->req_a, b = in->req_b, c = in->req_c;
    warp_t *wp = &m->w[w];
    entry_t *n = v->alloc ? ENTRY(m, w, v->id) : NULL;
    switch (in->req_op) {
    case PT_OP_INIT:
        *n = (entry_t){.state = PT_STATE_VALID, .mask = in->req_mask & m->lanes, .ref = 1};
        break;
    case PT_OP_BUOP: /* a: +1 (the buop), -1 (the PST slot, now h_j's) */
        *n = (entry_t){.state = PT_STATE_SPEC, .mask = ENTRY(m, w, a)->mask, .ref = 1,
                       .seq = wp->fptr};
        wp->fptr = (wp->fptr + 1u) & m->seq_mask;
        wp->resv++;
        break;
    case PT_OP_BEXEC: {
        uint64_t hi = ENTRY(m, w, a)->mask, c_ = in->req_mask & m->lanes;
        uint64_t left = hi & ~c_;
        unsigned bseq = ENTRY(m, w, b)->seq;
        ev->nested = age(m, w, bseq) > 0;
        ev->useless = !left && (hi & c_);
        ENTRY(m, w, b)->mask = hi & c_;
        for (unsigned h = 0; h < m->p.paths_per_warp; h++) {
            entry_t *e = ENTRY(m, w, h);
            if (h != b && e->state == PT_STATE_SPEC && age(m, w, e->seq) > age(m, w, bseq) &&
                (e->mask & left)) {
                e->mask &= ~left;
                ev->dropped++;
            }
        }
        if (n) /* the alternate: as old as h_j (the same buop commits it) */
            *n = (entry_t){.state = PT_STATE_SPEC, .mask = left, .ref = 1, .seq = bseq};
        wp->resv--;
        break;
    }
    case PT_OP_BCOMMIT:
        validate(m, w, b, ev);
        if (in->req_alt)
            validate(m, w, c, ev);
        drop_ref(m, w, a, ev);
        wp->cptr = (wp->cptr + 1u) & m->seq_mask;
        break;
    case PT_OP_CUOP: /* a, b: their PST slots become the cuop's references */
        *n = (entry_t){.state = PT_STATE_SPEC,
                       .mask = ENTRY(m, w, a)->mask | ENTRY(m, w, b)->mask,
                       .ref = 1, .seq = wp->fptr};
        wp->fptr = (wp->fptr + 1u) & m->seq_mask;
        break;
    case PT_OP_CEXEC:
        ENTRY(m, w, c)->mask = ENTRY(m, w, a)->mask | ENTRY(m, w, b)->mask;
        break;
    case PT_OP_CCOMMIT:
        validate(m, w, c, ev);
        drop_ref(m, w, a, ev);
        drop_ref(m, w, b, ev);
        wp->cptr = (wp->cptr + 1u) & m->seq_mask;
        break;
    case PT_OP_REF:
        ENTRY(m, w, a)->ref++;
        break;
    case PT_OP_DEREF:
        drop_ref(m, w, a, ev);
        break;
    default: /* PT_OP_SQUASH */
        for (unsigned h = 0; h < m->p.paths_per_warp; h++) {
            entry_t *e = ENTRY(m, w, h);
            if (e->state == PT_STATE_SPEC) {
                ev->squashed++;
                release(m, w, h, ev);
            } else if (e->state == PT_STATE_VALID && ((in->req_keep >> h) & 1u)) {
                e->ref = 1; /* held by its slot of the restored PST, nobody else */
                ev->kept++;
            } else if (e->state == PT_STATE_VALID) {
                release(m, w, h, ev);
            }
        }
        wp->fptr = wp->cptr;
        wp->resv = 0;
        break;
    }
}

void pathtable_step(pathtable_t *m, const pathtable_in_t *in, pathtable_out_t *out,
                    pathtable_events_t *ev)
{
    pathtable_events_t dummy;
    if (!ev)
        ev = &dummy;
    memset(ev, 0, sizeof *ev);
    verdict_t v = judge(m, in);
    side_t sd = judge_side(m, in, &v);
    if (out)
        pathtable_eval(m, in, out);
    bool req = in->req_op != PT_OP_NOP;
    ev->op = in->req_op;
    ev->err = v.err;
    ev->hold = sd.hold;
    ev->drop = sd.drop;
    ev->hold_err = sd.hold_err;
    ev->drop_err = sd.drop_err;
    ev->side_squashed = sd.squashed;
    /* The hold counts before the request lets go, so that the request does
     * not free what the hold keeps; the drop after it. */
    if (sd.hold)
        ENTRY(m, in->hold_warp, in->hold_path)->ref++;
    if (req && v.err == PT_ERR_NONE) {
        ev->alloc = v.alloc;
        ev->id = v.id;
        ev->div = v.div;
        ev->null = v.null;
        apply(m, in, &v, ev);
        unsigned w = in->req_warp;
        ev->full = free_count(m, w) == 0;
        for (unsigned h = 0; h < m->p.paths_per_warp; h++)
            ev->ref_many |= ENTRY(m, w, h)->ref > 1;
    }
    if (sd.hold)
        ev->hold_keeps = sd.hold_base == 0 &&
                         ENTRY(m, in->hold_warp, in->hold_path)->state == PT_STATE_VALID;
    if (sd.drop) {
        entry_t *e = ENTRY(m, in->drop_warp, in->drop_path);
        ev->drop_freed = --e->ref == 0 && e->state == PT_STATE_VALID;
        if (ev->drop_freed)
            memset(e, 0, sizeof *e);
    }
    model_respond(&m->rsp_valid, &m->rsp_err, &m->err_sticky, req, v.err, PT_ERR_NONE);
    m->err_sticky |= (1u << sd.hold_err | 1u << sd.drop_err) & ~1u;
}

/* ---- state, for testbenches and tests ------------------------------------------- */

unsigned pathtable_state(const pathtable_t *m, unsigned w, unsigned h)
{
    return ENTRY(m, w, h)->state;
}
uint64_t pathtable_mask(const pathtable_t *m, unsigned w, unsigned h)
{
    return ENTRY(m, w, h)->mask;
}
unsigned pathtable_ref(const pathtable_t *m, unsigned w, unsigned h) { return ENTRY(m, w, h)->ref; }
unsigned pathtable_free(const pathtable_t *m, unsigned w) { return free_count(m, w); }
unsigned pathtable_resv(const pathtable_t *m, unsigned w) { return m->w[w].resv; }
unsigned pathtable_inflight(const pathtable_t *m, unsigned w)
{
    return (m->w[w].fptr - m->w[w].cptr) & m->seq_mask;
}

bool pathtable_same_state(const pathtable_t *a, const pathtable_t *b)
{
    if (memcmp(&a->p, &b->p, sizeof a->p))
        return false;
    for (size_t i = 0; i < (size_t)a->p.num_warps * a->p.paths_per_warp; i++) {
        const entry_t *x = &a->e[i], *y = &b->e[i];
        if (x->state != y->state || x->mask != y->mask || x->ref != y->ref || x->seq != y->seq)
            return false;
    }
    for (unsigned w = 0; w < a->p.num_warps; w++)
        if (a->w[w].fptr != b->w[w].fptr || a->w[w].cptr != b->w[w].cptr ||
            a->w[w].resv != b->w[w].resv)
            return false;
    return true;
}
