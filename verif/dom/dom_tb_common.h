/* Shared by the Diverge on Miss testbenches (mdt, dom_core): a driver that
 * plays the SIMT core and memory system around the MDT. Each warp runs a
 * loop whose body holds one to M + 1 memory instructions (at least three); each execution
 * has a random per-thread hit mask (every warp has fast and slow threads);
 * misses come back as fills after random latencies, in any order; a warp
 * whose access is refused an entry waits as a blocking SIMD warp would; at
 * the loop's end the warp forces reconvergence (section 4.3) until the MDT
 * is empty, and is then reassigned. About 3% of requests are illegal, and
 * their rejection is checked against the model. */
#ifndef SIMT_DOM_TB_COMMON_H
#define SIMT_DOM_TB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cosim.h"
#include "mdt.h"
#include "ports.h"
#include "scenario.h"

#define DOM_MAX_FILLS 4096u

enum {
    DCV_ALLOCATED, DCV_MERGED, DCV_REJOIN, DCV_MERGE_NEW_MISS, DCV_BLOCK_NO_ENTRY,
    DCV_BLOCK_SLIP, DCV_FORCED, DCV_FORCE_WAITING, DCV_FORCE_EMPTY, DCV_RELEASE,
    DCV_FREED, DCV_ALL_ENTRIES, DCV_SAME_WARP_FILL, DCV_FILL_OUT_OF_ORDER,
    DCV_ERR_BAD_OP, DCV_ERR_BAD_WARP, DCV_ERR_BAD_EXEC, DCV_ERR_BAD_ENTRY, DCV_ERR_NOT_WAITING,
    DCV_COUNT
};
extern const cover_desc_t dom_mdt_covers[DCV_COUNT];

typedef struct {
    bool live;
    bool released; /* the program's RELEASE has been sent */
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
    dom_warp_t warps[MDT_MAX_WARPS];
    dom_fill_t fills[DOM_MAX_FILLS];
    unsigned nfills;
    uint64_t fill_seq, last_fill_seq;
    uint64_t cycle;
    /* this cycle's requests, for after() */
    mdt_in_t req;
    bool acc_expect, fill_expect;
    unsigned acc_code, fill_code;
    uint64_t masked_before[MDT_MAX_WARPS];
    unsigned sent_fill; /* index+1 of the fill record group sent, 0 none */
    uint64_t cover[DCV_COUNT];
    uint64_t ops;
} dom_driver_t;

void dom_driver_init(dom_driver_t *d, const mdt_params_t *p, uint64_t seed);
/* This cycle's MDT requests. limit: the access warp's slip-limit mask (0
 * without a slip controller); alloc_ok for a standalone MDT. */
void dom_driver_request(dom_driver_t *d, const mdt_t *m, uint64_t (*limit_of)(const void *,
                        unsigned), const void *limit_ctx, mdt_in_t *req);
/* After the MDT model's step: schedule fills, advance the warps, coverage,
 * and the check of injected illegal requests. */
int dom_driver_after(dom_driver_t *d, const mdt_t *m, const mdt_in_t *req,
                     const mdt_events_t *ev, bool alloc_ok, char *err, size_t errlen);
bool dom_mdt_cover_applies(const mdt_params_t *p, unsigned k, bool core);

/* ---- directed scenarios (verif/dom/scenarios/<block>_*.scn) ----------------
 * One line per clock cycle (verif/common/scenario.h); `idle n=K` stands for
 * K cycles. An expect line makes no request and checks the outputs of its
 * own cycle. Its values are read with the line, before the cycle runs, so a
 * bad key or value is a bad file (exit 2); the comparison with the model's
 * outputs comes after the model's step (a failed check: exit 1). The RTL is
 * still compared with the model on every output of every cycle. */
typedef struct {
    scenario_t *scn;
    scenario_line_t line;  /* this cycle's line */
    uint64_t repeat;       /* further cycles of the current idle line */
    bool expect;           /* this cycle's line is an expect line */
    scenario_expect_t exp; /* its values (verif/common/scenario.h) */
} dom_scn_t;

int dom_scn_open(dom_scn_t *s, const char *path, char *err, size_t errlen);
void dom_scn_close(dom_scn_t *s);
/* This cycle's line into s->line: 0, 1 at the end of the file, -1 bad line. */
int dom_scn_next(dom_scn_t *s, char *err, size_t errlen);
/* Value names of the slip controller's adapt_o and rsp_err_o. */
extern const scenario_word_t dom_adapt_words[];
extern const scenario_word_t dom_slip_err_words[];
/* The core statistics of a line's cycles, for a slip controller: core_idle=,
 * mem_stall=, bytes= (perf_idle_i, perf_mem_stall_i, perf_bytes_i; 0 unless
 * given), on any line. */
int dom_scn_perf(dom_scn_t *s, uint64_t *idle, uint64_t *stall, uint64_t *bytes, char *err,
                 size_t errlen);
/* A line's input value wider than its port is an error, not truncated. */
int dom_scn_fits(const dom_scn_t *s, const port_desc_t *d, unsigned n, const uint64_t *words,
                 char *err, size_t errlen);

/* MDT verbs, shared by the testbenches that hold an MDT (bit t = thread t):
 *   access   w= pc= exec= hit= [ok=1]   ACCESS; ok drives acc_alloc_ok_i (only
 *                                       where it is a port: with_ok)
 *   force    w=                         FORCE (section 4.3)
 *   release  w=                         RELEASE: the warp is reassigned
 *   reserved w=                         op 3
 *   fill     w= e= mask=                FILL of entry e
 *   idle     [n=1]                      no request
 *   expect   [w=0 e=0] [DOM_MDT_KEYS...]
 * A request line reads entry 0 of its own warp; an expect line reads entry e
 * of warp w (and drives acc_warp_i = w with no request, so that a slip
 * controller's query port looks at w too). Keys not used here are left for
 * the caller's scenario_unused. */
enum {
    DSK_RSP, DSK_ERR, DSK_KIND, DSK_ENTRY, DSK_REJOIN, DSK_RSP_WAITING, DSK_FILL_RSP,
    DSK_FILL_ERR, DSK_STICKY, DSK_VALID, DSK_PC, DSK_WAITING, DSK_READY, DSK_AGE,
    DSK_MASKED, DSK_FREE, DSK_COUNT
};
extern const scenario_key_t dom_mdt_keys[DSK_COUNT];
int dom_scn_mdt_request(dom_scn_t *s, bool with_ok, mdt_in_t *req, char *err, size_t errlen);
/* The MDT outputs in dom_mdt_keys order. */
void dom_scn_mdt_got(const mdt_out_t *o, uint64_t got[DSK_COUNT]);

#endif /* SIMT_DOM_TB_COMMON_H */
