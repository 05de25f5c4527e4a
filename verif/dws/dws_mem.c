/* The memory system of the DWS testbenches (dws_mem.h). */
#include "dws_mem.h"

#include <string.h>

#include "bitmask.h"

void dws_mem_init(dws_mem_t *d, unsigned num_warps, unsigned warp_width, unsigned warp_id_span)
{
    *d = (dws_mem_t){.num_warps = num_warps, .warp_width = warp_width,
                     .warp_id_span = warp_id_span};
}

void dws_mem_reset(dws_mem_t *d)
{
    memset(d->pending, 0, sizeof d->pending);
    memset(d->sent, 0, sizeof d->sent);
}

unsigned dws_mem_fill(dws_mem_t *d, cosim_rng_t *r, uint64_t now, unsigned first,
                      uint32_t steady, bool *valid, unsigned *warp, uint64_t *mask)
{
    unsigned n = d->num_warps;
    uint64_t lanes = bm_low_bits(d->warp_width);
    if (cosim_rng_pct(r, 2)) { /* a warp out of range, or a thread not waiting */
        unsigned w = (unsigned)cosim_rng_below(r, d->warp_id_span);
        *valid = true, *warp = w;
        if (w >= n) {
            *mask = cosim_rng_next(r) & lanes;
            return WST_ERR_BAD_WARP;
        }
        uint64_t idle = lanes & ~d->pending[w];
        *mask = idle && (steady >> w & 1) && cosim_rng_pct(r, 80)
                    ? ((d->pending[w] & cosim_rng_next(r)) | (idle & (~idle + 1)))
                    : 0;
        return WST_ERR_NOT_WAITING;
    }
    unsigned start = first < n ? first : (unsigned)cosim_rng_below(r, n);
    for (unsigned k = 0; k < n; k++) {
        unsigned w = (start + k) % n;
        uint64_t due = 0;
        for (unsigned l = 0; l < d->warp_width; l++)
            if ((d->pending[w] >> l & 1) && d->due[w][l] <= now)
                due |= UINT64_C(1) << l;
        if (!due)
            continue;
        uint64_t f = cosim_rng_pct(r, 60) ? due : due & cosim_rng_next(r);
        *valid = true, *warp = w, *mask = f ? f : due & (~due + 1);
        d->pending[w] &= ~*mask;
        d->sent[w] |= *mask;
        return 0;
    }
    return 0;
}

void dws_mem_schedule(dws_mem_t *d, cosim_rng_t *r, const warp_split_table_t *wst,
                      uint64_t now, uint64_t (*base)(const void *ctx, unsigned w),
                      const void *ctx)
{
    for (unsigned w = 0; w < d->num_warps; w++) {
        uint64_t p = warp_split_table_pending(wst, w) & ~d->sent[w];
        uint64_t fresh = p & ~d->pending[w];
        d->pending[w] = p;
        d->sent[w] = 0;
        if (!fresh)
            continue;
        uint64_t b = base ? base(ctx, w) : 0;
        if (!b)
            b = cosim_rng_pct(r, 5) ? 200 + cosim_rng_below(r, 400) : 4 + cosim_rng_below(r, 60);
        for (unsigned l = 0; l < d->warp_width; l++)
            if (fresh >> l & 1)
                d->due[w][l] = now + b + cosim_rng_below(r, 8);
    }
}

void dws_modes_next(dws_modes_t *m, cosim_rng_t *r)
{
    if (cosim_rng_below(r, 3000) == 0)
        m->policy = (unsigned)cosim_rng_below(r, WST_POLICY_COUNT);
    if (cosim_rng_below(r, 1000) == 0)
        m->sched = !m->sched;
}
