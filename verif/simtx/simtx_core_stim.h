/* The SIMT-X core around the front end (simtx_frontend): warps running
 * random programs, shared by the testbenches of simtx_frontend and of the
 * blocks that contain it (simtx_rename).
 *
 * Each warp, once started (INIT, a random thread set), runs a program of
 * plain instructions, calls and returns (the call depth), forward branches
 * (uniform for the warp most of the time, or divergent) and loop back edges
 * (each thread iterates a random number of times, at most a few). The core
 * takes the PST's pick: a branch the predictor says divergent is fetched as
 * a BRANCH (a buop; the slot follows the predicted side), any other as a
 * FETCH of the predicted side; paths the PST shows converging are merged
 * (CONVERGE); a path past the program's end, or whose mask the Pathtable
 * shows empty (nullified), leaves the PST (END). Micro-ops execute out of
 * order once their source paths are final (BEXEC with the condition on the
 * predicted side, CEXEC, RESOLVE of a branch fetched as uniform) and commit
 * in order; a commit writes the PST's retirement copy (RETIRE, one slot a
 * cycle) and a path's END drops its reference (DEREF). A branch fetched as
 * uniform that diverged or went the other way rolls its warp back when it
 * commits (ROLLBACK), and the warp re-fetches it knowing the outcome. The
 * predicted direction is wrong one time in seven.
 *
 * A request takes three cycles (req_ready low the two after its take): the
 * core means one only while the front end is ready, keeps what it meant
 * (pend), and acts on the response when the request is done; while the
 * front end is busy, one cycle in ten carries a random request (and a take
 * of the pick) that must not be taken (A_BUSY); about 3% of the requests
 * are illegal (A_ILLEGAL, with the error expected).
 *
 * Checks (simtx_core_edge), after every request of a warp whose commit
 * stage is between two micro-ops: the retirement copy holds exactly the
 * paths the core committed, each committed, their masks disjoint, and with
 * the threads of the paths that ended they make up the warp's threads; a
 * warp whose program ended has every Pathtable entry free again (it then
 * restarts after a pause). Every request meant legal is accepted (or
 * refused only for want of a Pathtable entry or a PST slot), an illegal one
 * gets its error, the PST and the predictor never refuse.
 *
 * What an embedding testbench adds (simtx_core_hooks_t): its own data for
 * each micro-op in flight (ext_size bytes, simtx_core_ext(), zeroed when
 * the micro-op is queued, moved with it, dropped with it at its commit or
 * its warp's rollback), a call when a warp starts a program and when a
 * micro-op is queued, a hold on the commit of a U_PLAIN at the head of its
 * warp's queue (its other micro-ops commit first), an exception of a
 * U_PLAIN at its commit (simtx_uop_t.except: a ROLLBACK instead), its own
 * illegal requests (simtx_core_illegal) and the mix of the stimulus
 * (fetch_pct ... uniform; the defaults are the front end's testbench's,
 * whose random stream they leave as it was). The core is written
 * against the front end's model (simtx_frontend_t) and its in struct: a
 * testbench of a block around it copies the fields. */
#ifndef SIMT_SIMTX_CORE_STIM_H
#define SIMT_SIMTX_CORE_STIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cosim.h"
#include "simtx_frontend.h"

#define SIMTX_CORE_MAXW PT_NUM_WARPS_MAX
#define SIMTX_CORE_MAXP PT_PATHS_PER_WARP_MAX
#define SIMTX_CORE_MAXQ 512 /* micro-ops in flight a warp */
#define SIMTX_CORE_MAXL 40  /* instructions of a program at most */

/* A program's instructions. */
enum { I_PLAIN, I_CALL, I_RET, I_UNIFORM, I_DIVERGE, I_LOOP };
typedef struct {
    unsigned kind, target; /* a branch's taken target */
} simtx_insn_t;

/* Micro-ops in flight. */
enum { U_INIT, U_PLAIN, U_BR, U_BUOP, U_CUOP, U_END };
typedef struct {
    unsigned kind;
    unsigned a, b, k;   /* paths: source(s), new path, alternate */
    bool alt, exec;
    bool mispredict;    /* U_BR: resolved against its fetch; the warp rolls back */
    uint64_t c;         /* U_BR: taken threads (every lane); U_BUOP: h_j's side */
    unsigned pc, depth; /* where its path continues (the retirement copy's) */
    unsigned altpc;     /* U_BUOP: the other side's target */
    unsigned bpc;       /* U_BR, U_BUOP: the branch's PC */
    bool pred_taken;    /* U_BR: the side fetched */
    unsigned step;      /* its commit's requests done */
    unsigned fpc;       /* U_PLAIN, U_BR, U_BUOP: the PC it was fetched at */
    bool except;        /* U_PLAIN: excepts at its commit, the warp rolls back instead (an
                         * embedding testbench's choice; re-fetched from the retirement copy) */
} simtx_uop_t;

typedef struct {
    bool live;
    unsigned len;            /* the program's length: PC len is its end */
    simtx_insn_t code[SIMTX_CORE_MAXL];
    unsigned trips[SIMTX_CORE_MAXL]; /* a loop's back edges taken */
    simtx_uop_t q[SIMTX_CORE_MAXQ]; /* in flight, oldest first */
    unsigned nq;
    unsigned char *ext;      /* the embedding testbench's data of q[i] (ext_size each) */
    uint64_t produced;       /* paths whose mask is final */
    uint64_t init, ended;    /* the warp's threads; those of the paths that ended */
    int rslot[SIMTX_CORE_MAXP]; /* the retirement slot holding a path, or -1 */
    uint64_t rused;          /* retirement slots in use */
    unsigned side;           /* Pathtable references its holders beside the request
                              * port keep (the testbench's own; 0 when they are the
                              * block's) */
    bool full;               /* the last BRANCH found no entry: fetch the next as uniform */
    bool redo;               /* after a rollback: the branch at redo_pc ... */
    unsigned redo_pc;
    uint64_t redo_c;         /* ... takes these threads, until a fetch of it is taken
                              * (one replaced by an injected illegal request leaves it) */
    unsigned pause;
} simtx_warp_t;

/* A cycle's request, as the core meant it. */
enum { A_NONE, A_INIT, A_FETCH, A_BRANCH, A_CONVERGE, A_END, A_EXEC, A_COMMIT, A_ILLEGAL,
       A_BUSY };
typedef struct {
    unsigned kind, w, qi;
    simtx_uop_t u;      /* A_FETCH, A_BRANCH, A_CONVERGE, A_END: the micro-op to queue */
    unsigned expect;    /* A_ILLEGAL: the error expected */
    bool rollback;      /* A_COMMIT: a ROLLBACK */
    unsigned rs;        /* A_COMMIT: the retirement slot a RETIRE writes */
} simtx_act_t;

/* What an embedding testbench hooks in (any may be NULL). */
typedef struct {
    /* warp w starts a new program (its code[] drawn) */
    void (*program)(void *ctx, unsigned w);
    /* warp w queued micro-op q[qi] (accepted FETCH, BRANCH, CONVERGE, END,
     * INIT); its ext is zeroed */
    void (*queued)(void *ctx, unsigned w, unsigned qi);
    /* true: warp w's head, a U_PLAIN, may not commit yet (neither its RETIRE
     * nor, if it excepts, its ROLLBACK) */
    bool (*hold)(void *ctx, unsigned w);
} simtx_core_hooks_t;

typedef struct {
    simtx_frontend_params_t p;
    const simtx_frontend_t *fe; /* the front end's model, read only */
    cosim_rng_t *rng;           /* the testbench's stream */
    uint64_t lanes;
    unsigned warp_span, slot_span; /* 2^WarpIdWidth, 2^SlotIdWidth */
    unsigned pc_end;     /* the highest PC (PcWidth bits; programs end at or below it) */
    unsigned fetch_pct, exec_pct; /* of a live warp's cycles: below fetch_pct a fetch, below
                                   * exec_pct an execution, else a commit (45, 70) */
    unsigned loop_trips; /* a loop's back edge is taken at most this often a program (3) */
    unsigned loop_all_pct; /* % of a loop's back edges (below loop_trips) every thread takes;
                            * otherwise each thread draws (0) */
    bool uniform;        /* every branch uniform for the warp and fetched as such: no
                          * new buop, the pending divergences fall to none; only a
                          * divergent branch re-fetched after its rollback is a BRANCH
                          * (false) */
    simtx_warp_t w[SIMTX_CORE_MAXW];
    simtx_act_t act;     /* this cycle's request, as meant */
    simtx_act_t pend;    /* the request in flight, as meant ... */
    bool pend_generated; /* ... by the generator (not a replay) */
    unsigned last_warp;  /* the read port's warp: the last request's */
    size_t ext_size;
    simtx_core_hooks_t hooks;
    void *ctx;
} simtx_core_t;

/* Set up c for the front end fe (its parameters p); rng is the
 * testbench's. 0, or -1 (out of memory) with err. */
int simtx_core_init(simtx_core_t *c, const simtx_frontend_params_t *p,
                    const simtx_frontend_t *fe, cosim_rng_t *rng, unsigned warp_span,
                    unsigned slot_span, size_t ext_size, const simtx_core_hooks_t *hooks,
                    void *ctx, char *err, size_t errlen);
void simtx_core_fini(simtx_core_t *c);
/* Forget every warp (a reset in mid-run). */
void simtx_core_reset(simtx_core_t *c);

/* This cycle's request into in (zeroed by the caller): fills act. */
void simtx_core_stimulus(simtx_core_t *c, simtx_frontend_in_t *in);
/* In place of this cycle's request (in, from simtx_core_stimulus while the
 * front end is ready), an illegal one of the embedding testbench's: bad,
 * to be refused with error expect. */
void simtx_core_illegal(simtx_core_t *c, simtx_frontend_in_t *in, const simtx_frontend_in_t *bad,
                        unsigned expect);
/* The front end's request and take of this cycle as a shadow model sees
 * them: a NOP and no take in place of one it must refuse or ignore
 * (A_ILLEGAL, A_BUSY; generated: the cycle's inputs came from
 * simtx_core_stimulus). */
void simtx_core_shadow_in(const simtx_core_t *c, bool generated, unsigned *req_op,
                          bool *sel_take);

/* Warp w's program ended (nothing in flight, no retirement slot, no
 * holder of the embedding testbench's: side 0): check that nothing leaked
 * and let it restart after a pause. Called after each of its requests;
 * the embedding testbench calls it when its own holders let go. 0, or -1
 * with err. */
int simtx_core_warp_end(simtx_core_t *c, unsigned w, char *err, size_t errlen);

/* After the model's edge: ev its events, rsp_alloc and rsp_id its outputs
 * of the cycle; generated: this cycle's inputs came from
 * simtx_core_stimulus (not a replay). Follows the request in flight and
 * the one that finished, and checks them (see above). *shadow: an
 * injected illegal request finished with its error: the caller checks that
 * its shadow model holds the same state. 0, or -1 with err. */
int simtx_core_edge(simtx_core_t *c, bool generated, const simtx_frontend_events_t *ev,
                    bool rsp_alloc, unsigned rsp_id, bool *shadow, char *err, size_t errlen);

/* The embedding testbench's data of warp w's micro-op q[qi]. */
void *simtx_core_ext(const simtx_core_t *c, unsigned w, unsigned qi);

#endif /* SIMT_SIMTX_CORE_STIM_H */
