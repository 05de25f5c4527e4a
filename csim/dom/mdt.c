/* Golden cycle model of mdt: Diverge on Miss's Memory Divergence Table with
 * the MCB's three-state per-thread status.
 *
 * Sources: DoM paper (SC'09) section 3.2 (the MCB entry's per-thread FSM:
 * invalid / waiting on memory / value received), section 4.1 steps 1-5
 * (look-up by PC, merge, allocation or fall-back to blocking, fills in
 * arbitrary order, re-join at the same instruction, deallocation when every
 * thread is invalid), section 4.3 (forced reconvergence, repeated until the
 * MDT is empty), section 6 / Table 1 (two entries per warp). Behaviour,
 * timing and errors follow docs/blocks/mdt.md; written as plain software
 * from that page and the paper, not from the RTL.
 *
 * The three-state status of a thread is held as two W-bit masks per entry
 * (waiting, ready): INVALID = neither bit. Both ports are decided against
 * the state at the start of the cycle (check-before-mutate), then their
 * effects are merged: they touch disjoint threads by construction (the
 * access port's executing threads are not masked, the fill port only moves
 * WAITING threads), so the order of application does not matter. */
#include "mdt.h"

#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "clog2.h"

typedef struct {
    bool valid;
    uint64_t pc;
    uint64_t waiting, ready; /* disjoint; INVALID threads have neither bit */
    unsigned age;            /* 0 = oldest valid entry of the warp */
} mdt_entry_t;

struct mdt {
    mdt_params_t p;
    uint64_t pc_mask;      /* PcWidth low bits */
    uint64_t lane_mask;    /* W low bits */
    unsigned warp_id_mask; /* WarpIdWidth low bits */
    unsigned entry_id_mask;
    mdt_entry_t *ent;      /* num_warps * entries_per_warp, warp-major */
    /* the registered outputs: the outcome of the previous cycle (the read
     * port's fields stay zero) */
    mdt_out_t reg;
};

/* The entries of warp w (const or not, as m). */
#define WARP_ENTRIES(m, w) (&(m)->ent[(size_t)(w) * (m)->p.entries_per_warp])

/* Threads of warp w masked off in any of its entries (WAITING or READY). */
static uint64_t masked_of(const mdt_t *m, unsigned w)
{
    const mdt_entry_t *s = WARP_ENTRIES(m, w);
    uint64_t acc = 0;
    for (unsigned e = 0; e < m->p.entries_per_warp; e++)
        if (s[e].valid)
            acc |= s[e].waiting | s[e].ready;
    return acc;
}

static int init(mdt_t *m, const mdt_params_t *p)
{
    m->ent = calloc((size_t)p->num_warps * p->entries_per_warp, sizeof *m->ent);
    if (!m->ent)
        return MDT_ENOMEM;
    m->pc_mask = bm_low_bits(p->pc_width);
    m->lane_mask = bm_low_bits(p->warp_width);
    m->warp_id_mask = index_mask(p->num_warps);
    m->entry_id_mask = index_mask(p->entries_per_warp);
    return MDT_OK;
}

MODEL_DEFINE_CREATE(mdt, init)
MODEL_DEFINE_DESTROY(mdt, free(m->ent))

void mdt_reset(mdt_t *m)
{
    memset(m->ent, 0, (size_t)m->p.num_warps * m->p.entries_per_warp * sizeof *m->ent);
    m->reg = (mdt_out_t){.rsp_err = MDT_ERR_NONE, .rsp_kind = MDT_KIND_NONE,
                         .fill_err = MDT_ERR_NONE};
}

/* Decision of the access port against the start-of-cycle state. Nothing is
 * written here; the edge applies it after the fill port is decided too. */
typedef struct {
    unsigned op, warp, err, kind, entry;
    uint64_t rejoin;       /* READY threads that re-join (become INVALID) */
    uint64_t new_waiting;  /* ACCESS: miss threads that become WAITING */
    uint64_t pc;
    bool waiting;          /* FORCED: rsp_waiting */
} acc_dec_t;

static void decide_access(const mdt_t *m, const mdt_in_t *in, acc_dec_t *d)
{
    memset(d, 0, sizeof *d);
    d->op = in->acc_op & MDT_ACC_OP_MASK;
    d->warp = in->acc_warp & m->warp_id_mask;
    uint64_t pc = in->acc_pc & m->pc_mask;
    uint64_t exec = in->acc_exec & m->lane_mask;
    uint64_t hit = in->acc_hit & m->lane_mask;

    if (d->op == MDT_OP_RESERVED) {
        d->err = MDT_ERR_BAD_OP;
        return;
    }
    if (d->warp >= m->p.num_warps) {
        d->err = MDT_ERR_BAD_WARP;
        return;
    }
    const mdt_entry_t *s = WARP_ENTRIES(m, d->warp);
    unsigned M = m->p.entries_per_warp;

    if (d->op == MDT_OP_ACCESS) {
        /* a masked-off thread cannot execute: the caller broke the contract */
        if (exec & masked_of(m, d->warp)) {
            d->err = MDT_ERR_BAD_EXEC;
            return;
        }
        uint64_t miss = exec & ~hit;
        /* step 3: search the warp's entries for the same PC (at most one) */
        for (unsigned e = 0; e < M; e++) {
            if (s[e].valid && s[e].pc == pc) {
                d->kind = MDT_KIND_MERGED;
                d->entry = e;
                d->rejoin = s[e].ready;   /* step 5: READY threads re-join */
                d->new_waiting = miss;    /* step 3: merge the new misses */
                return;
            }
        }
        if (miss == 0) {
            d->kind = MDT_KIND_NONE;      /* nothing diverged, nothing to track */
            return;
        }
        /* allocation: lowest free entry, if the slip controller allows it */
        unsigned free_e = M;
        for (unsigned e = 0; e < M; e++) {
            if (!s[e].valid) {
                free_e = e;
                break;
            }
        }
        if (free_e < M && in->acc_alloc_ok) {
            d->kind = MDT_KIND_ALLOCATED;
            d->entry = free_e;
            d->new_waiting = miss;
            d->pc = pc;
        } else {
            /* fall back to blocking SIMD execution: no state changes */
            d->kind = MDT_KIND_BLOCKING;
        }
        return;
    }

    if (d->op == MDT_OP_FORCE) {
        for (unsigned e = 0; e < M; e++) {
            if (s[e].valid && s[e].age == 0) {
                d->kind = MDT_KIND_FORCED;
                d->entry = e;
                d->rejoin = s[e].ready;
                /* rsp_waiting: the entry's WAITING threads at the start of
                 * the cycle. FORCE itself never touches WAITING threads; a
                 * same-cycle fill may move some (or all) of them to READY at
                 * this edge, but they are still not re-joined by this FORCE,
                 * so the caller must repeat the force either way and the
                 * start-of-cycle set is the meaningful answer. */
                d->waiting = s[e].waiting != 0;
                return;
            }
        }
        d->kind = MDT_KIND_FORCE_EMPTY;
        return;
    }

    /* MDT_OP_RELEASE: no fields beyond op and warp */
    d->kind = MDT_KIND_NONE;
}

/* Fill port decision against the start-of-cycle state: the error code. */
static unsigned decide_fill(const mdt_t *m, unsigned w, unsigned e, uint64_t mask)
{
    if (w >= m->p.num_warps)
        return MDT_ERR_BAD_WARP;
    if (e >= m->p.entries_per_warp)
        return MDT_ERR_BAD_ENTRY;
    const mdt_entry_t *x = &WARP_ENTRIES(m, w)[e];
    if (!x->valid)
        return MDT_ERR_BAD_ENTRY;
    if (mask == 0 || (mask & ~x->waiting) != 0)
        return MDT_ERR_NOT_WAITING;
    return MDT_ERR_NONE;
}

/* Free entry e of warp w; the warp's younger entries move up one age. */
static void free_entry(mdt_t *m, unsigned w, unsigned e)
{
    mdt_entry_t *s = WARP_ENTRIES(m, w);
    unsigned age = s[e].age;
    memset(&s[e], 0, sizeof s[e]);
    for (unsigned i = 0; i < m->p.entries_per_warp; i++)
        if (s[i].valid && s[i].age > age)
            s[i].age--;
}

/* outputs during the cycle: registers and the read port (current state) */
void mdt_eval(const mdt_t *m, const mdt_in_t *in, mdt_out_t *out)
{
    *out = m->reg;
    unsigned rw = in->rd_warp & m->warp_id_mask;
    unsigned re = in->rd_entry & m->entry_id_mask;
    if (rw < m->p.num_warps) {
        const mdt_entry_t *s = WARP_ENTRIES(m, rw);
        uint64_t masked = 0;
        bool any_free = false;
        for (unsigned e = 0; e < m->p.entries_per_warp; e++) {
            if (s[e].valid)
                masked |= s[e].waiting | s[e].ready;
            else
                any_free = true;
        }
        out->rd_masked = masked;
        out->rd_free = any_free;
        if (re < m->p.entries_per_warp && s[re].valid) {
            out->rd_valid = true;
            out->rd_pc = s[re].pc;
            out->rd_waiting = s[re].waiting;
            out->rd_ready = s[re].ready;
            out->rd_age = s[re].age;
        }
    }
}

void mdt_step(mdt_t *m, const mdt_in_t *in, mdt_out_t *out, mdt_events_t *ev)
{
    if (out)
        mdt_eval(m, in, out);

    /* the rising edge: decide both ports against the start-of-cycle state */
    mdt_events_t e;
    memset(&e, 0, sizeof e);
    acc_dec_t a;
    bool acc = in->acc_valid;
    if (acc)
        decide_access(m, in, &a);

    bool fill = in->fill_valid;
    unsigned fw = in->fill_warp & m->warp_id_mask;
    unsigned fe = in->fill_entry & m->entry_id_mask;
    uint64_t fmask = in->fill_mask & m->lane_mask;
    unsigned ferr = fill ? decide_fill(m, fw, fe, fmask) : MDT_ERR_NONE;

    /* fill effect first: it only moves WAITING -> READY, which the access
     * port's decision does not depend on beyond what it already read. A
     * RELEASE of the same warp frees the entry below, discarding this. */
    if (fill && ferr == MDT_ERR_NONE) {
        mdt_entry_t *x = &WARP_ENTRIES(m, fw)[fe];
        x->waiting &= ~fmask;
        x->ready |= fmask;
    }

    if (acc && a.err == MDT_ERR_NONE) {
        mdt_entry_t *s = WARP_ENTRIES(m, a.warp);
        mdt_entry_t *x = &s[a.entry];
        if (a.op == MDT_OP_RELEASE) {
            for (unsigned i = 0; i < m->p.entries_per_warp; i++)
                memset(&s[i], 0, sizeof s[i]);
        } else if (a.kind == MDT_KIND_ALLOCATED) {
            /* age = number of the warp's valid entries (start of cycle; a
             * same-cycle FORCE/merge free is impossible: one access port) */
            unsigned n = 0;
            for (unsigned i = 0; i < m->p.entries_per_warp; i++)
                n += s[i].valid ? 1u : 0u;
            x->valid = true;
            x->pc = a.pc;
            x->waiting = a.new_waiting;
            x->ready = 0;
            x->age = n;
        } else if (a.kind == MDT_KIND_MERGED || a.kind == MDT_KIND_FORCED) {
            /* only the start-of-cycle READY threads re-join: a thread a
             * same-cycle fill made READY stays READY */
            x->ready &= ~a.rejoin;
            x->waiting |= a.new_waiting;
            if (x->waiting == 0 && x->ready == 0) {
                free_entry(m, a.warp, a.entry);
                e.freed = true;
            }
        }
    }

    /* events and registered responses */
    if (acc) {
        e.acc = true;
        e.op = a.op;
        e.err = a.err;
        if (a.err == MDT_ERR_NONE) {
            e.kind = a.kind;
            e.entry = a.entry;
            e.rejoin = a.rejoin;
        }
        m->reg.rsp_kind = e.kind;
        m->reg.rsp_entry = e.entry;
        m->reg.rsp_rejoin = e.rejoin;
        m->reg.rsp_waiting = a.err == MDT_ERR_NONE && a.waiting;
    } else {
        m->reg.rsp_kind = MDT_KIND_NONE;
        m->reg.rsp_entry = 0;
        m->reg.rsp_rejoin = 0;
        m->reg.rsp_waiting = false;
    }
    model_respond(&m->reg.rsp_valid, &m->reg.rsp_err, &m->reg.err_sticky, acc, e.err,
                  MDT_ERR_NONE);
    if (fill) {
        e.fill = true;
        e.fill_err = ferr;
    }
    model_respond(&m->reg.fill_rsp_valid, &m->reg.fill_err, &m->reg.err_sticky, fill, ferr,
                  MDT_ERR_NONE);
    e.same_warp = acc && fill && a.warp == fw;
    if (ev)
        *ev = e;
}

void mdt_idle(mdt_t *m, const mdt_in_t *in, uint64_t n)
{
    mdt_in_t q = *in;
    q.acc_valid = q.fill_valid = false;
    if (n)
        mdt_step(m, &q, NULL, NULL);
}

const mdt_params_t *mdt_params(const mdt_t *m)
{
    return &m->p;
}

static const mdt_entry_t *entry_at(const mdt_t *m, unsigned w, unsigned e)
{
    if (w >= m->p.num_warps || e >= m->p.entries_per_warp)
        return NULL;
    const mdt_entry_t *x = &WARP_ENTRIES(m, w)[e];
    return x->valid ? x : NULL;
}

bool mdt_entry_valid(const mdt_t *m, unsigned w, unsigned e)
{
    return entry_at(m, w, e) != NULL;
}

/* fn(m, w, e): field `field` of warp w's entry e if it is valid, else 0. */
#define ENTRY_FIELD(type, fn, field)                                                     \
    type fn(const mdt_t *m, unsigned w, unsigned e)                                      \
    {                                                                                    \
        const mdt_entry_t *x = entry_at(m, w, e);                                        \
        return x ? x->field : 0;                                                         \
    }
ENTRY_FIELD(uint64_t, mdt_entry_pc, pc)
ENTRY_FIELD(unsigned, mdt_entry_age, age)
ENTRY_FIELD(uint64_t, mdt_waiting, waiting)
ENTRY_FIELD(uint64_t, mdt_ready, ready)

uint64_t mdt_masked(const mdt_t *m, unsigned w)
{
    return w < m->p.num_warps ? masked_of(m, w) : 0;
}
