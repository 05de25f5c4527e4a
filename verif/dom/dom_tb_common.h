/* Shared by the Diverge on Miss testbenches (mdt, slip_ctrl, dom_core).
 *
 * The driver (mdt, dom_core) plays the SIMT core and memory system around
 * the MDT. Each warp runs a loop whose body holds one to M + 1 memory
 * instructions (at least three); each execution has a random per-thread hit
 * mask (every warp has fast and slow threads); misses come back as fills
 * after random latencies, in any order; a warp whose access is refused an
 * entry waits as a blocking SIMD warp would; at the loop's end the warp
 * forces reconvergence (section 4.3) until the MDT is empty, and is then
 * reassigned. About 3% of requests are illegal, and their rejection is
 * checked against the model; with a slip controller (dom_core) also
 * illegal slip events that the MDT accepts or rejects differently.
 *
 * slip_ctrl's cover rules and the core statistics phases serve the slip
 * controller alone and inside dom_core alike; the directed scenario reader
 * and the MDT verbs serve every testbench of the group. The cover points
 * themselves (MDT_CV_*, SC_CV_*) and the code words (mdt_err_words,
 * sc_adapt_words, ...) come from the declarations (cosim_kit.h). */
#ifndef SIMT_DOM_TB_COMMON_H
#define SIMT_DOM_TB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cosim_kit.h"
#include "mdt.h"
#include "slip_ctrl.h"

#define DOM_MAX_FILLS 4096u

typedef struct {
    bool live;
    bool forcing;
    uint64_t active;     /* threads the branch stack keeps active */
    uint64_t fast;       /* threads that mostly hit */
    uint64_t pcs[10];
    unsigned npcs, ip, iter, iters;
    uint64_t busy_until;
} dom_warp_t;

typedef struct {
    unsigned w, e;
    uint64_t mask, due, seq;
} dom_fill_t;

typedef struct {
    mdt_params_t p;
    cosim_rng_t rng;
    uint64_t all;      /* W ones */
    unsigned id_span;  /* 2^WarpIdWidth */
    unsigned eid_span; /* 2^EntryIdWidth */
    dom_warp_t warps[MDT_NUM_WARPS_MAX];
    dom_fill_t fills[DOM_MAX_FILLS];
    unsigned nfills;
    uint64_t fill_seq, last_fill_seq;
    uint64_t cycle;
    /* this cycle's requests, for after() */
    bool acc_expect, fill_expect;
    unsigned acc_code, fill_code;
    bool slip_expect;   /* an illegal slip event (with a slip controller) */
    unsigned slip_code; /* its expected slip error */
    uint64_t masked_before[MDT_NUM_WARPS_MAX];
    uint64_t *cover; /* mdt's cover counters, MDT_CV_* */
} dom_driver_t;

/* cover: mdt's cover counters (the harness's cover[KIT_COVERS_MDT]). */
void dom_driver_init(dom_driver_t *d, const mdt_params_t *p, uint64_t seed, uint64_t *cover);
/* The core's reset in mid-run: every warp ends and the fills in flight are
 * lost with the MDT's entries; the random stream and the fill order go on. */
void dom_driver_reset(dom_driver_t *d);
/* This cycle's MDT requests. limit_of (NULL without a slip controller)
 * gives a warp's slip-limit mask: executing threads exclude it, and now and
 * then an illegal slip event is injected (d->slip_expect, d->slip_code).
 * Without one, acc_alloc_ok is random (85% allowed). */
void dom_driver_request(dom_driver_t *d, const mdt_t *m, uint64_t (*limit_of)(const void *,
                        unsigned), const void *limit_ctx, mdt_in_t *req);
/* After the MDT model's step: schedule fills, advance the warps, mdt's
 * cover points, and the check of injected illegal requests. */
int dom_driver_after(dom_driver_t *d, const mdt_t *m, const mdt_in_t *req,
                     const mdt_events_t *ev, bool alloc_ok, char *err, size_t errlen);

/* ---- slip controller --------------------------------------------------------
 * slip_ctrl's cover rules (configs/slip_ctrl.cfg), wherever a slip controller
 * runs: alone (slip_ctrl_tb.c) and inside dom_core (dom_core_tb.c). */
typedef struct {
    uint64_t *cover; /* slip_ctrl's cover counters, SC_CV_* */
    unsigned num_warps, init_max_slip;
    uint64_t any_limit_before; /* bit w: warp w had a slip limit */
} dom_slip_cover_t;

void dom_slip_cover_init(dom_slip_cover_t *s, const slip_ctrl_params_t *p, uint64_t *cover);
/* A reset in mid-run clears every slip limit (not a clearing to cover). */
static inline void dom_slip_cover_reset(dom_slip_cover_t *s) { s->any_limit_before = 0; }
/* After the slip controller's step: its inputs, its max_slip_o of the cycle
 * (max-slip before the edge) and its events. */
void dom_slip_cover(dom_slip_cover_t *s, const slip_ctrl_t *m, const slip_ctrl_in_t *in,
                    unsigned max_slip_before, const slip_ctrl_events_t *ev);

/* Core statistics (perf_idle_i, perf_mem_stall_i, perf_bytes_i) with a
 * different character each sampling period: free (neither ALU- nor
 * bandwidth-bound, latency-bound), ALU-bound, bandwidth-bound, bandwidth-
 * and latency-bound; the first two periods are free, so max-slip rises. */
typedef struct {
    unsigned period, bytes_width;
    uint64_t fair_bytes;
    unsigned phase; /* 0 free, 1 ALU-bound, 2 bandwidth-bound, 3 bound + latency-bound */
} dom_perf_t;

void dom_perf_init(dom_perf_t *g, const slip_ctrl_params_t *p);
void dom_perf_next(dom_perf_t *g, cosim_rng_t *r, uint64_t cycle, bool *idle, bool *stall,
                   unsigned *bytes);

/* ---- directed scenarios (verif/dom/scenarios/<block>_*.scn) ----------------
 * One line per clock cycle (verif/common/scenario.h); `idle n=K` stands for
 * K cycles. An expect line makes no request and checks the outputs of its
 * own cycle. Its values are read with the line, before the cycle runs, so a
 * bad key or value is a bad file (exit 2); the comparison with the model's
 * outputs comes after the model's step (a failed check: exit 1). The RTL is
 * still compared with the model on every output of every cycle. */
typedef scenario_cycle_t dom_scn_t; /* the harness's file in scn (NULL: none);
                                       the next line: scenario_cycle_next */
/* A warp or entry id, or a 0/1 flag, of the line: as scenario_get, and a
 * value above max is a bad value (wider ones would be cut by the C structs
 * before the harness could see them). */
int dom_scn_get_small(dom_scn_t *s, const char *key, uint64_t *v, uint64_t max, char *err,
                      size_t errlen);
/* The core statistics of a line's cycles, for a slip controller: core_idle=,
 * mem_stall=, bytes= (perf_idle_i, perf_mem_stall_i, perf_bytes_i; 0 unless
 * given), on any line but a peek (they count at the edge, which a peek does
 * not have). */
int dom_scn_perf(dom_scn_t *s, bool *idle, bool *stall, unsigned *bytes, char *err,
                 size_t errlen);

/* MDT verbs, shared by the testbenches that hold an MDT (bit t = thread t):
 *   access   w= pc= exec= hit= [ok=1]   ACCESS; ok drives acc_alloc_ok_i (only
 *                                       where it is a port: with_ok)
 *   force    w=                         FORCE (section 4.3)
 *   release  w=                         RELEASE: the warp is reassigned
 *   reserved w=                         op 3
 *   fill     w= e= mask=                FILL of entry e
 *   idle     [n=1]                      no request
 *   expect   [w=0 e=0] [DOM_MDT_KEYS...]
 *   peek     [w=0 e=0] [DOM_MDT_KEYS...]  the same check without a cycle
 * A request line reads entry 0 of its own warp; an expect or peek line reads entry e
 * of warp w (and drives acc_warp_i = w with no request, so that a slip
 * controller's query port looks at w too). Keys not used here are left for
 * the caller's scenario_unused. */
enum {
    DSK_RSP, DSK_ERR, DSK_KIND, DSK_ENTRY, DSK_REJOIN, DSK_RSP_WAITING, DSK_FILL_RSP,
    DSK_FILL_ERR, DSK_STICKY, DSK_VALID, DSK_PC, DSK_WAITING, DSK_READY, DSK_AGE,
    DSK_MASKED, DSK_FREE, DSK_COUNT
};
extern const scenario_key_t dom_mdt_keys[DSK_COUNT];
/* counts= (rd_counts_o: thread t's counter at bits t*CounterWidth, any
 * width), a check of any line: read into e (0, or -1 bad value), and
 * checked against the port's words. */
int dom_scn_counts_read(dom_scn_t *s, scenario_mask_expect_t *e, unsigned width, char *err,
                        size_t errlen);
void dom_scn_counts_check(const dom_scn_t *s, const scenario_mask_expect_t *e,
                          const uint64_t *words);

/* The MDT's request verbs (mdt, dom_core). */
extern const scenario_verb_t dom_mdt_verbs[];
int dom_scn_mdt_request(dom_scn_t *s, bool with_ok, mdt_in_t *req, char *err, size_t errlen);
/* An expect line's MDT keys against the MDT's outputs: 0, or -1 (failed). */
int dom_scn_mdt_check(const dom_scn_t *s, const mdt_out_t *o, char *err, size_t errlen);

#endif /* SIMT_DOM_TB_COMMON_H */
