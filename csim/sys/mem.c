/* The memory timing model: mem.h says what it models, this file how --
 * set-indexed caches with LRU stamps, a min-heap of fill cycles per core for
 * the MSHRs, and a "busy until" cycle per L1 port, L2 bank and DRAM channel
 * (fixed point for the channels). No allocation after mem_create(). */
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#include "clog2.h"
#include "model.h"

/* No line: addresses are 32 bits and lines at least 16 bytes, so a line
 * index is below 2^28. */
#define NO_LINE UINT32_MAX
#define FRAC MEM_DRAM_FRAC_BITS
#define FP_ONE (UINT64_C(1) << FRAC)

/* One cache: its ways set-major, a way's line, fill cycle and LRU stamp in
 * separate arrays, so that a lookup reads the lines of one set only. A way
 * is named by its index into them. */
typedef struct {
    uint32_t *line;  /* NO_LINE: invalid */
    uint64_t *ready; /* the cycle its fill arrives; before it the line is being filled */
    uint64_t *used;  /* LRU stamp: the tick of its last use; 0: never used */
    uint64_t tick;
} cache_t;

typedef struct {
    cache_t l1;
    uint64_t port_free; /* the first cycle the L1 port takes a line request */
    uint64_t *mshr;     /* min-heap of the fill cycles of the occupied MSHRs */
    unsigned mshr_n;
    mem_stats_t st;
} core_t;

struct mem {
    mem_params_t p;
    /* derived, do not change */
    unsigned line_shift;    /* log2(line_bytes) */
    size_t l1_lines;        /* ways of one L1 */
    uint32_t l1_set_mask;   /* L1 sets - 1 */
    bool l2_on;
    size_t l2_lines;        /* ways of the L2, every bank */
    uint32_t l2_set_mask;   /* sets per L2 bank - 1 */
    uint64_t dram_service;  /* a line's channel time, fixed point */
    /* state */
    core_t *core;
    uint64_t *mshr_heaps;   /* every core's, l1_mshrs each */
    cache_t l2;             /* bank-major: l2_banks x sets per bank x l2_ways */
    uint64_t *bank_free;    /* per L2 bank: busy until */
    uint64_t *chan_free;    /* per DRAM channel: busy until, fixed point */
    uint64_t last_now;
};

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static bool is_pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

/* ------------------------------------------------------------------ */
/* creation                                                             */

static int check_params(const mem_params_t *p)
{
    if (p->cores < 1 || p->cores > MEM_MAX_CORES)
        return MEM_ECORES;
    if (!is_pow2(p->line_bytes) || p->line_bytes < MEM_MIN_LINE || p->line_bytes > MEM_MAX_LINE)
        return MEM_ELINE;
    if (p->l1_ways < 1)
        return MEM_EL1_WAYS;
    const uint64_t l1_way_bytes = (uint64_t)p->l1_ways * p->line_bytes;
    if (p->l1_bytes % l1_way_bytes || !is_pow2(p->l1_bytes / l1_way_bytes))
        return MEM_EL1_SIZE;
    if (p->l1_mshrs < 1 || p->l1_mshrs > MEM_MAX_MSHRS)
        return MEM_EL1_MSHRS;
    if (p->l1_hit_cycles < 1)
        return MEM_EL1_HIT;
    if (p->l2_bytes) {
        if (p->l2_ways < 1)
            return MEM_EL2_WAYS;
        if (p->l2_banks < 1 || p->l2_banks > MEM_MAX_BANKS)
            return MEM_EL2_BANKS;
        const uint64_t l2_way_bytes = (uint64_t)p->l2_banks * p->l2_ways * p->line_bytes;
        if (p->l2_bytes % l2_way_bytes || !is_pow2(p->l2_bytes / l2_way_bytes))
            return MEM_EL2_SIZE;
    }
    if (p->dram_channels < 1 || p->dram_channels > MEM_MAX_CHANNELS)
        return MEM_EDRAM_CHANNELS;
    /* the service time in cycles; !(x > 0) also catches NaN */
    const double service = p->line_bytes / p->dram_bytes_per_cycle;
    if (!(p->dram_bytes_per_cycle > 0) || !(service * FP_ONE >= 1.0) ||
        !(service <= MEM_DRAM_MAX_LINE_CYCLES))
        return MEM_EDRAM_RATE;
    return MEM_OK;
}

static bool cache_alloc(cache_t *c, size_t lines)
{
    c->line = malloc(lines * sizeof *c->line);
    c->ready = malloc(lines * sizeof *c->ready);
    c->used = malloc(lines * sizeof *c->used);
    return c->line && c->ready && c->used;
}

static void cache_free(cache_t *c)
{
    free(c->line);
    free(c->ready);
    free(c->used);
}

static void cache_clear(cache_t *c, size_t lines)
{
    for (size_t i = 0; i < lines; i++)
        c->line[i] = NO_LINE;
    memset(c->ready, 0, lines * sizeof *c->ready);
    memset(c->used, 0, lines * sizeof *c->used);
    c->tick = 0;
}

static int init(mem_t *m, const mem_params_t *p)
{
    m->l1_lines = p->l1_bytes / p->line_bytes;
    m->core = calloc(p->cores, sizeof *m->core);
    m->mshr_heaps = calloc((size_t)p->cores * p->l1_mshrs, sizeof *m->mshr_heaps);
    m->chan_free = calloc(p->dram_channels, sizeof *m->chan_free);
    if (!m->core || !m->mshr_heaps || !m->chan_free)
        return MEM_ENOMEM;
    for (unsigned c = 0; c < p->cores; c++) {
        if (!cache_alloc(&m->core[c].l1, m->l1_lines))
            return MEM_ENOMEM;
        m->core[c].mshr = m->mshr_heaps + (size_t)c * p->l1_mshrs;
    }
    m->l2_on = p->l2_bytes != 0;
    if (m->l2_on) {
        m->l2_lines = p->l2_bytes / p->line_bytes;
        m->bank_free = calloc(p->l2_banks, sizeof *m->bank_free);
        if (!cache_alloc(&m->l2, m->l2_lines) || !m->bank_free)
            return MEM_ENOMEM;
        m->l2_set_mask = (uint32_t)(m->l2_lines / p->l2_banks / p->l2_ways) - 1u;
    }
    m->line_shift = clog2(p->line_bytes);
    m->l1_set_mask = (uint32_t)(m->l1_lines / p->l1_ways) - 1u;
    m->dram_service = (uint64_t)(p->line_bytes / p->dram_bytes_per_cycle * FP_ONE + 0.5);
    return MEM_OK;
}

static void destroy_parts(mem_t *m)
{
    for (unsigned c = 0; m->core && c < m->p.cores; c++)
        cache_free(&m->core[c].l1);
    free(m->core);
    free(m->mshr_heaps);
    free(m->chan_free);
    cache_free(&m->l2);
    free(m->bank_free);
}

MODEL_DEFINE_CREATE_WITH(mem, init, check_params, MEM_ECORES, MEM_OK, MEM_ENOMEM)
MODEL_DEFINE_DESTROY(mem, destroy_parts(m))

void mem_reset(mem_t *m)
{
    const mem_params_t *p = &m->p;
    for (unsigned c = 0; c < p->cores; c++) {
        core_t *k = &m->core[c];
        cache_clear(&k->l1, m->l1_lines);
        k->port_free = 0;
        k->mshr_n = 0;
        k->st = (mem_stats_t){0};
    }
    memset(m->chan_free, 0, p->dram_channels * sizeof *m->chan_free);
    if (m->l2_on) {
        cache_clear(&m->l2, m->l2_lines);
        memset(m->bank_free, 0, p->l2_banks * sizeof *m->bank_free);
    }
    m->last_now = 0;
}

/* ------------------------------------------------------------------ */
/* caches and MSHRs                                                     */

/* No way: what find() returns for a line the cache does not hold. */
#define NO_WAY SIZE_MAX

/* The way of the set whose first way is `set` that holds line, or NO_WAY. */
static size_t find(const cache_t *c, size_t set, unsigned ways, uint32_t line)
{
    for (size_t w = set; w < set + ways; w++)
        if (c->line[w] == line)
            return w;
    return NO_WAY;
}

/* The way a new line replaces at cycle t (mem.h, Victims): an invalid way
 * has never been used, so it is the least recently used. */
static size_t victim(const cache_t *c, size_t set, unsigned ways, uint64_t t)
{
    size_t lru = set, idle = NO_WAY;
    for (size_t w = set; w < set + ways; w++) {
        if (c->used[w] < c->used[lru])
            lru = w;
        if (c->ready[w] <= t && (idle == NO_WAY || c->used[w] < c->used[idle]))
            idle = w;
    }
    return idle != NO_WAY ? idle : lru;
}

static void touch(cache_t *c, size_t w)
{
    c->used[w] = ++c->tick;
}

static void install(cache_t *c, size_t w, uint32_t line, uint64_t ready)
{
    c->line[w] = line;
    c->ready[w] = ready;
    touch(c, w);
}

/* The first way of line's set. */
static size_t l1_set(const mem_t *m, uint32_t line)
{
    return (size_t)(line & m->l1_set_mask) * m->p.l1_ways;
}

static size_t l2_set(const mem_t *m, uint32_t line)
{
    const unsigned banks = m->p.l2_banks;
    const size_t set = (size_t)(line % banks) * (m->l2_set_mask + 1u) +
                       ((line / banks) & m->l2_set_mask);
    return set * m->p.l2_ways;
}

static void heap_push(uint64_t *h, unsigned *n, uint64_t v)
{
    unsigned i = (*n)++;
    while (i && h[(i - 1) / 2] > v) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = v;
}

static uint64_t heap_pop(uint64_t *h, unsigned *n)
{
    const uint64_t top = h[0], v = h[--*n];
    unsigned i = 0;
    for (;;) {
        unsigned c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1] < h[c])
            c++;
        if (h[c] >= v)
            break;
        h[i] = h[c];
        i = c;
    }
    h[i] = v;
    return top;
}

/* ------------------------------------------------------------------ */
/* below the L1                                                         */

/* A line request reaching its DRAM channel at cycle t; returns the cycle
 * its data is back at the channel's end (for a write: unused). */
static uint64_t dram(mem_t *m, mem_stats_t *st, uint32_t line, uint64_t t, bool write)
{
    uint64_t *busy = &m->chan_free[line % m->p.dram_channels];
    const uint64_t arrive = t << FRAC, start = max_u64(arrive, *busy);
    *busy = start + m->dram_service;
    st->dram_queue_cycles += (double)(start - arrive) / (double)FP_ONE;
    if (write)
        st->dram_write_bytes += m->p.line_bytes;
    else
        st->dram_read_bytes += m->p.line_bytes;
    return ((*busy + FP_ONE - 1u) >> FRAC) + m->p.dram_cycles;
}

/* A request taking line's L2 bank at cycle t; returns the end of its lookup. */
static uint64_t l2_bank(mem_t *m, mem_stats_t *st, uint32_t line, uint64_t t)
{
    uint64_t *busy = &m->bank_free[line % m->p.l2_banks];
    const uint64_t start = max_u64(t, *busy);
    *busy = start + m->p.l2_bank_cycles;
    st->l2_queue_cycles += start - t;
    return start + m->p.l2_hit_cycles;
}

/* A load miss leaving the L1 at cycle t; returns the cycle its data is
 * back at the L1. */
static uint64_t load_below(mem_t *m, mem_stats_t *st, uint32_t line, uint64_t t)
{
    t += m->p.icnt_cycles;
    uint64_t back;
    if (!m->l2_on) {
        back = dram(m, st, line, t, false);
    } else {
        const uint64_t look = l2_bank(m, st, line, t);
        const size_t set = l2_set(m, line), w = find(&m->l2, set, m->p.l2_ways, line);
        if (w != NO_WAY) {
            if (m->l2.ready[w] <= look)
                st->l2_hits++;
            else
                st->l2_merges++;
            back = max_u64(m->l2.ready[w], look);
            touch(&m->l2, w);
        } else {
            st->l2_misses++;
            back = dram(m, st, line, look, false);
            install(&m->l2, victim(&m->l2, set, m->p.l2_ways, look), line, back);
        }
    }
    return back + m->p.icnt_cycles;
}

/* A stored line leaving the L1 at cycle t: write-through, no allocate. */
static void store_below(mem_t *m, mem_stats_t *st, uint32_t line, uint64_t t)
{
    t += m->p.icnt_cycles;
    if (m->l2_on) {
        t = l2_bank(m, st, line, t);
        const size_t w = find(&m->l2, l2_set(m, line), m->p.l2_ways, line);
        if (w != NO_WAY)
            touch(&m->l2, w);
    }
    dram(m, st, line, t, true);
}

/* ------------------------------------------------------------------ */
/* coalescing                                                           */

/* mem_coalesce() with the line size as its log2. A hash table of the
 * lines seen (indices into lines[] + 1, 0: empty) at most half full. */
static int coalesce(const uint32_t *addr, unsigned n, unsigned size, unsigned line_shift,
                    uint32_t *lines, unsigned *count, uint8_t *idx)
{
    if (!is_pow2(size) || size > MEM_MIN_LINE)
        return MEM_ESIZE;
    if (n > MEM_MAX_LANES)
        return MEM_ELANES;
    if (n == 0) {
        *count = 0;
        return MEM_OK;
    }
    uint32_t any = 0; /* the lanes' low bits together: a loop that vectorises */
    for (unsigned i = 0; i < n; i++)
        any |= addr[i];
    if (any & (size - 1u))
        return MEM_EALIGN;
    uint16_t seen[2 * MEM_MAX_LANES];
    const unsigned bits = clog2(2 * n), mask = (1u << bits) - 1u;
    memset(seen, 0, ((size_t)mask + 1u) * sizeof *seen);
    unsigned k = 0;
    uint32_t prev = NO_LINE;
    unsigned at = 0; /* the index of prev in lines[] */
    for (unsigned i = 0; i < n; i++) {
        const uint32_t line = addr[i] >> line_shift;
        if (line != prev) { /* else the common case: the lane before it touched it */
            prev = line;
            uint32_t h = (line * UINT32_C(0x9E3779B1)) >> (32u - bits); /* Fibonacci hashing */
            while (seen[h] && lines[seen[h] - 1u] != line)
                h = (h + 1u) & mask;
            if (!seen[h]) {
                lines[k++] = line;
                seen[h] = (uint16_t)k;
            }
            at = seen[h] - 1u;
        }
        if (idx)
            idx[i] = (uint8_t)at;
    }
    *count = k;
    return MEM_OK;
}

int mem_coalesce(const uint32_t *addr, unsigned n, unsigned size, unsigned line_bytes,
                 uint32_t *lines, unsigned *count)
{
    if (!is_pow2(line_bytes) || line_bytes < MEM_MIN_LINE || line_bytes > MEM_MAX_LINE)
        return MEM_ELINE;
    return coalesce(addr, n, size, clog2(line_bytes), lines, count, NULL);
}

/* ------------------------------------------------------------------ */
/* accesses                                                             */

static void store(mem_t *m, core_t *k, const uint32_t *line, unsigned n, uint64_t start)
{
    const mem_params_t *p = &m->p;
    for (unsigned j = 0; j < n; j++) {
        const uint64_t slot = start + (uint64_t)j * p->l1_line_cycles;
        const size_t w = find(&k->l1, l1_set(m, line[j]), p->l1_ways, line[j]);
        if (w != NO_WAY) {
            touch(&k->l1, w);
            k->st.l1_store_hits++;
        }
        store_below(m, &k->st, line[j], slot + p->l1_hit_cycles);
    }
    k->st.stores++;
    k->st.store_lines += n;
}

/* The cycle at which `misses` more MSHRs than k has free are free: when
 * that many of the occupied ones have had their fill, or, for more misses
 * than MSHRs, all of them (a copy of the heap popped). */
static uint64_t mshrs_free_at(const mem_t *m, const core_t *k, unsigned misses)
{
    const unsigned free_now = m->p.l1_mshrs - k->mshr_n;
    unsigned wait = misses > m->p.l1_mshrs ? k->mshr_n : misses - free_now;
    uint64_t h[MEM_MAX_MSHRS], t = 0;
    unsigned n = k->mshr_n;
    memcpy(h, k->mshr, n * sizeof *h);
    while (wait--)
        t = heap_pop(h, &n);
    return t;
}

/* A load of lines[0..n) from L1 port cycle `start`: MEM_OK and *done, or
 * MEM_STALL (nothing changed) and *done = the cycle a retry can be
 * accepted. The lines the L1 holds are served first, then the misses are
 * installed, so a miss cannot evict a line this load found (and counts on)
 * unless its set has no other way. */
static int load(mem_t *m, core_t *k, const uint32_t *line, unsigned n, uint64_t now,
                uint64_t start, uint64_t *done, uint64_t *line_done, uint64_t *line_hit)
{
    const mem_params_t *p = &m->p;
    size_t held[MEM_MAX_LANES];
    while (k->mshr_n && k->mshr[0] <= now) /* fills that have arrived */
        heap_pop(k->mshr, &k->mshr_n);
    unsigned misses = 0;
    for (unsigned j = 0; j < n; j++) {
        held[j] = find(&k->l1, l1_set(m, line[j]), p->l1_ways, line[j]);
        misses += held[j] == NO_WAY;
    }
    if (k->mshr_n && misses > p->l1_mshrs - k->mshr_n) {
        k->st.stalls++;
        *done = mshrs_free_at(m, k, misses);
        return MEM_STALL;
    }
    uint64_t last = now + p->l1_hit_cycles;
    for (unsigned j = 0; j < n; j++) {
        const size_t w = held[j];
        if (w == NO_WAY)
            continue;
        const uint64_t slot = start + (uint64_t)j * p->l1_line_cycles, ready = k->l1.ready[w];
        if (ready <= slot)
            k->st.l1_hits++, *line_hit |= UINT64_C(1) << j;
        else
            k->st.l1_merges++;
        line_done[j] = max_u64(ready, slot + p->l1_hit_cycles);
        last = max_u64(last, line_done[j]);
        touch(&k->l1, w);
    }
    for (unsigned j = 0; j < n; j++) {
        if (held[j] != NO_WAY)
            continue;
        const uint64_t slot = start + (uint64_t)j * p->l1_line_cycles;
        /* a free MSHR now, or the one whose fill comes first */
        const uint64_t taken = k->mshr_n < p->l1_mshrs ? now : heap_pop(k->mshr, &k->mshr_n);
        const uint64_t ready =
            load_below(m, &k->st, line[j], max_u64(slot + p->l1_hit_cycles, taken));
        const size_t set = l1_set(m, line[j]);
        install(&k->l1, victim(&k->l1, set, p->l1_ways, slot), line[j], ready);
        heap_push(k->mshr, &k->mshr_n, ready);
        k->st.mshr_cycles += ready - taken;
        k->st.l1_misses++;
        line_done[j] = ready;
        last = max_u64(last, ready);
    }
    k->st.loads++;
    k->st.load_lines += n;
    *done = last;
    return MEM_OK;
}

int mem_access(mem_t *m, unsigned core, uint64_t now, bool is_store, const uint32_t *addr,
               unsigned n, unsigned size, uint64_t *done, unsigned *lines, mem_lanes_t *lanes)
{
    if (core >= m->p.cores)
        return MEM_ECORE;
    if (now < m->last_now)
        return MEM_ETIME;
    uint32_t line[MEM_MAX_LANES];
    uint8_t idx[MEM_MAX_LANES];
    unsigned count;
    int rc = coalesce(addr, n, size, m->line_shift, line, &count, lanes ? idx : NULL);
    if (rc != MEM_OK)
        return rc;
    m->last_now = now;
    core_t *k = &m->core[core];
    const uint64_t start = max_u64(now, k->port_free);
    uint64_t d;
    if (is_store) {
        store(m, k, line, count, start);
        d = now + 1;
    } else {
        uint64_t line_done[MEM_MAX_LANES], line_hit = 0;
        rc = load(m, k, line, count, now, start, &d, line_done, &line_hit);
        if (rc == MEM_OK && lanes) {
            lanes->hit = 0;
            for (unsigned i = 0; i < n; i++) {
                lanes->done[i] = line_done[idx[i]];
                lanes->hit |= (line_hit >> idx[i] & 1u) << i;
            }
        }
    }
    if (rc == MEM_OK)
        k->port_free = start + (uint64_t)count * m->p.l1_line_cycles;
    if (done)
        *done = d;
    if (lines)
        *lines = count;
    return rc;
}

int mem_stats(const mem_t *m, unsigned core, mem_stats_t *s)
{
#define MEM_STAT_ADD_(type, name, doc) s->name += k->name;
    if (core == MEM_ALL_CORES) {
        *s = (mem_stats_t){0};
        for (unsigned c = 0; c < m->p.cores; c++) {
            const mem_stats_t *k = &m->core[c].st;
            MEM_STAT_FIELDS(MEM_STAT_ADD_)
        }
        return MEM_OK;
    }
#undef MEM_STAT_ADD_
    if (core >= m->p.cores)
        return MEM_ECORE;
    *s = m->core[core].st;
    return MEM_OK;
}
