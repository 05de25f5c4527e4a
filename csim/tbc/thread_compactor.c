/* Golden cycle model of thread_compactor: TBC (HPCA'11) section 3.2 (the
 * thread compactor of Fig. 8, optionally disabled for warp-synchronous
 * code) and section 3.3 (Fig. 9 step 13: one priority encoder per home
 * lane, each picks its lowest remaining thread every cycle and the picked
 * bits are reset).
 *
 * Behaviour and timing follow docs/blocks/thread_compactor.md. The model is
 * written as plain software from the paper and that page, not from the RTL:
 * the only state is the mask of threads still to be emitted and the static
 * flag; the warp on the outputs is recomputed from that mask every cycle,
 * which is exactly why it is stable under back-pressure.
 *
 * Thread t of the block has home lane t mod W and static warp t div W; bit t
 * of a mask is thread t. */
#include "thread_compactor.h"

#include <stdlib.h>
#include <string.h>

struct thread_compactor {
    thread_compactor_params_t p;
    bitmask_t remaining; /* threads not yet emitted (B bits) */
    bool static_mode;    /* emit whole static warps (compaction disabled) */
};

/* Nothing to set up beyond the parameters. */
static int init(thread_compactor_t *m, const thread_compactor_params_t *p)
{
    (void)m;
    (void)p;
    return TC_OK;
}

MODEL_DEFINE_CREATE(thread_compactor, init)

void thread_compactor_destroy(thread_compactor_t *m)
{
    free(m);
}

void thread_compactor_reset(thread_compactor_t *m)
{
    bm_clear(&m->remaining);
    m->static_mode = false;
}

/* The warp the encoders pick from mask `rem` (B bits, trimmed). Set bits are
 * visited in ascending thread order, i.e. ascending static warp within each
 * lane, so the first bit met in a lane is that lane's priority-encoder
 * pick. Returns true when rem holds no thread besides the picked ones (the
 * mask's last warp). */
static bool pick_warp(const thread_compactor_params_t *p, const bitmask_t *rem, bool static_mode,
                      tc_warp_t *w)
{
    const unsigned width = p->warp_width;
    const uint64_t all_lanes = bm_low_bits(width);
    bool left_over = false; /* a remaining thread that is not in this warp */
    bool done = false;      /* nothing later can change the warp or left_over */
    bool have_sw = false;
    unsigned static_sw = 0;

    memset(w, 0, sizeof *w);
    for (unsigned i = 0; i < bm_words(p->block_threads) && !done; i++) {
        uint64_t bits = rem->w[i];
        while (bits && !done) {
            unsigned t = i * 64u + (unsigned)__builtin_ctzll(bits);
            bits &= bits - 1u;
            unsigned lane = t % width, sw = t / width;
            if (static_mode) {
                /* the lowest static warp with a thread, all of its threads;
                 * the first thread of a higher static warp ends the scan */
                if (!have_sw) {
                    have_sw = true;
                    static_sw = sw;
                }
                if (sw != static_sw) {
                    left_over = done = true;
                    continue;
                }
            } else if (w->lane_valid >> lane & 1u) {
                /* this lane already holds a lower static warp's thread: it
                 * stays for a later warp. Once every lane is full, later
                 * threads can only be left-overs as well. */
                left_over = true;
                done = w->lane_valid == all_lanes;
                continue;
            }
            w->lane_valid |= UINT64_C(1) << lane;
            w->lane_sw[lane] = (uint16_t)sw;
        }
    }
    return !left_over;
}

void thread_compactor_peek(const thread_compactor_t *m, thread_compactor_out_t *out)
{
    memset(out, 0, sizeof *out);
    bool empty = bm_is_zero(&m->remaining);
    out->in_ready = empty;
    out->out_valid = !empty;
    out->busy = !empty;
    if (!empty) {
        tc_warp_t w;
        out->out_last = pick_warp(&m->p, &m->remaining, m->static_mode, &w);
        out->out_lane_valid = w.lane_valid;
        memcpy(out->out_lane_sw, w.lane_sw, sizeof out->out_lane_sw);
    }
}

void thread_compactor_step(thread_compactor_t *m, const thread_compactor_in_t *in,
                           thread_compactor_out_t *out)
{
    thread_compactor_out_t o;
    thread_compactor_peek(m, &o);
    if (out)
        *out = o;

    /* the rising edge */
    if (o.out_valid && in->out_ready) {
        /* the encoders reset the bits of the threads they sent */
        for (unsigned l = 0; l < m->p.warp_width; l++)
            if (o.out_lane_valid >> l & 1u)
                bm_set(&m->remaining, o.out_lane_sw[l] * m->p.warp_width + l, false);
    }
    if (in->in_valid && o.in_ready) {
        /* in_ready implies nothing was emitted above */
        m->remaining = in->in_mask;
        bm_trim(&m->remaining, m->p.block_threads);
        m->static_mode = in->in_static;
    }
}

unsigned thread_compactor_warp_count(const thread_compactor_params_t *p, const bitmask_t *mask,
                                     bool static_mode)
{
    if (!p || !mask || p->warp_width == 0u || p->warp_width > TC_WARP_WIDTH_MAX)
        return 0;
    const unsigned width = p->warp_width;
    const unsigned nbits = p->block_threads < BM_MAX_BITS ? p->block_threads : BM_MAX_BITS;
    unsigned per_lane[TC_WARP_WIDTH_MAX] = {0};
    unsigned best = 0;
    unsigned last_sw = 0;
    bool any = false;

    for (unsigned i = 0; i < bm_words(nbits); i++) {
        uint64_t bits = mask->w[i];
        if (i == nbits / 64u && nbits % 64u)
            bits &= bm_low_bits(nbits % 64u); /* beyond B: not threads */
        while (bits) {
            unsigned t = i * 64u + (unsigned)__builtin_ctzll(bits);
            bits &= bits - 1u;
            if (static_mode) {
                /* ascending order: a new static warp is a larger index */
                unsigned sw = t / width;
                if (!any || sw != last_sw)
                    best++;
                any = true;
                last_sw = sw;
            } else {
                unsigned n = ++per_lane[t % width];
                if (n > best)
                    best = n;
            }
        }
    }
    return best;
}
