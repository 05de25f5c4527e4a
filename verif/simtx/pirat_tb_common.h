/* What the testbenches of the PIRAT and of the blocks that contain it
 * (pirat, simtx_rename) share: the instructions they rename, their
 * illegal requests, the PIRAT's cover rules, the drained check and the
 * measure of merge micro-ops against a naive RAT. */
#ifndef SIMT_PIRAT_TB_COMMON_H
#define SIMT_PIRAT_TB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cosim.h"
#include "pirat.h"

/* An instruction at the rename port. */
typedef struct {
    bool valid;
    unsigned warp, path, src_valid, src0, src1, dst;
    bool dst_valid;
} pirat_instr_t;

/* A register operand: one of the first four (the hot ones) 80% of the
 * time, else any of arch_regs. */
unsigned pirat_pick_reg(cosim_rng_t *r, unsigned arch_regs);
/* Random operands of i: the two sources' valid bits, the sources, a
 * destination 85% of the time. */
void pirat_random_operands(cosim_rng_t *r, unsigned arch_regs, pirat_instr_t *i);
/* i at the rename port (every ren_* field; pt_masks is the caller's). */
void pirat_present(const pirat_instr_t *i, pirat_in_t *in);

/* Where an illegal request may go. */
typedef struct {
    unsigned wspan, pspan, rspan, pregspan; /* 2^ the widths of the warp, path, register
                                             * and physical register ports */
    bool rb_port;  /* the rollback port is the testbench's (pirat; not simtx_rename's) */
    /* a register warp w has in flight (the oldest), false if none */
    bool (*head_preg)(void *ctx, unsigned w, unsigned *preg);
    void *ctx;
} pirat_illegal_ctx_t;

/* The illegal request injected. */
typedef struct {
    unsigned code;      /* its expected error: PR_ERR_NONE if none was injected */
    bool ren, cmt, rb;  /* the port that carries it */
    unsigned warp;      /* the in-range warp drawn: a rename's pt_masks are its row */
} pirat_bad_t;

/* An illegal rename, commit or rollback (each error code the configuration
 * can express) into in, the other ports left as they are; m, the PIRAT's
 * model, is read for registers that are not the warp's in flight. */
void pirat_illegal(cosim_rng_t *r, const pirat_params_t *p, const pirat_t *m,
                   const pirat_illegal_ctx_t *x, pirat_in_t *in, pirat_bad_t *bad);

/* The PIRAT's cover rules (cover: its group, KIT_COVERS_PIRAT), from one
 * edge's inputs and events. */
void pirat_cover(uint64_t *cover, unsigned num_warps, const pirat_in_t *in,
                 const pirat_events_t *e);

/* Warp w with nothing in flight: its speculative and Commit PIRATs map
 * every register alike (a speculative LDiv may still name its committed
 * producer's path: masks[h] is path h's mask). 0, or -1 with err. */
int pirat_drained_check(const pirat_t *m, unsigned w, unsigned arch_regs, uint64_t lanes,
                        const uint64_t *masks, char *err, size_t errlen);

/* Merge micro-ops per 1,000 renamed instructions, PIRAT and naive RAT
 * (section 4.3, Figure 9): [1] with a divergence pending, [0] without; of
 * the PIRAT's, the destination merges, and those only pending forced. */
typedef struct {
    uint64_t n_renamed[2], n_merges[2], n_naive[2], n_dst[2], n_pend_only[2];
} pirat_measure_t;

/* Count one edge (pending: the PIRAT's pending_i of the cycle). */
void pirat_measure_add(pirat_measure_t *pm, bool pending, const pirat_events_t *e);
/* The measure as the harness prints it: in all, and over the instructions
 * renamed with no divergence pending; the PIRAT's destination merges and
 * pending-only ones in all (the rest of its merges are sources'). */
void pirat_measure_print(const pirat_measure_t *pm, char *buf, size_t len);

#endif /* SIMT_PIRAT_TB_COMMON_H */
