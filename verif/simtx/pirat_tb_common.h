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
#include "scenario.h"

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
    /* after pirat_present: make in's rename one on an in-range path of its
     * warp that the rename may not use (pirat: ren_path_bad; simtx_rename:
     * a FREE path), false if there is none */
    bool (*bad_path)(void *ctx, pirat_in_t *in);
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

/* ---- directed scenarios: the PIRAT's verbs and check keys -------------------
 * Shared by pirat_tb.c and simtx_rename_tb.c (docs/blocks/pirat.md,
 * "Directed scenarios"). One line = one cycle. The PIRAT's verbs:
 *
 *   rename   w= h= [s0=] [s1=] [d=] [hbad=1]
 *                                         an instruction of warp w on path h:
 *                                         sources s0, s1 and destination d
 *                                         (architectural registers; an absent
 *                                         key: no such operand); hbad=1
 *                                         (pirat only): ren_path_bad_i
 *   commit   w= reg= preg= [mask=] [merge=1 [hold=1]]
 *                                         a micro-op commits: an instruction
 *                                         (mask: its path's committed mask)
 *                                         or a merge (hold: its mrg_hold)
 *   rollback w=                           (pirat only: simtx_rename's
 *                                         rollback is the front end's ROLLBACK)
 *
 * The rule for a rename and a commit in one cycle: the rename and commit keys
 * are disjoint, and a `rename` line that names `reg=` (with `preg=` and the
 * commit's other keys) also commits, a micro-op of the same warp w.
 *
 * Any line (a request, idle, expect, peek) may give the read ports'
 * addresses -- w= (rd_warp_i: on a request line the request's warp), r=
 * (rd_reg_i), p= (rd_preg_i), 0 when absent -- and, where the block takes
 * them as inputs (pirat), the core's state: pending= (pending_i) and
 * ph=K pmask=M (path K's mask in pt_masks_i := M; all 0 at the start), held
 * until a line changes them. The check keys (any line; the outputs of that
 * line's cycle, before its edge) are pirat_scn_keys below; the block adds its
 * sticky key. */
#define PIRAT_SCN_VERB_RENAME                                                               \
    {"rename", "an instruction of warp w on path h: sources s0, s1, destination d (with "    \
               "reg= preg=: also a commit of warp w)"}
#define PIRAT_SCN_VERB_COMMIT                                                               \
    {"commit", "a micro-op of warp w commits: reg, preg, an instruction's mask or a "        \
               "merge's merge=1 [hold=1]"}
#define PIRAT_SCN_VERB_ROLLBACK {"rollback", "warp w returns to its Commit PIRAT"}
/* pirat's verbs, in that order, {NULL, NULL} last (simtx_rename puts the
 * first two after the front end's). */
extern const scenario_verb_t pirat_scn_verbs[];

enum {
    PRK_READY, PRK_ERR, PRK_CERR,
    PRK_MRG, PRK_MRG_R, PRK_MRG_DST, PRK_MRG_MAIN, PRK_MRG_LD, PRK_MRG_PATH, PRK_MRG_MP,
    PRK_MRG_HOLD,
    PRK_INS, PRK_SRC0, PRK_SRC1, PRK_DST, PRK_UOP_W, PRK_FREE,
    PRK_MAIN, PRK_LDV, PRK_IS_PATH, PRK_MP, PRK_LD, PRK_CMAIN, PRK_CLDV, PRK_CMASK, PRK_CLD,
    PRK_PFREE, PRK_PSPEC, PRK_POWNER,
    PRK_COUNT
};
extern const scenario_key_t pirat_scn_keys[PRK_COUNT];
/* The outputs o as those keys' values (got[PRK_*]). */
void pirat_scn_got(const pirat_out_t *o, uint64_t *got);

/* A mask key (a number or a thread set, WarpWidth <= 64 bits) into *v: 1
 * given, 0 absent (*v untouched), -1 a bad value. */
int pirat_scn_mask(scenario_line_t *l, const char *key, unsigned width, uint64_t *v,
                   char *err, size_t errlen);

/* The reader's state: what the block takes from the line, and the held keys. */
typedef struct {
    unsigned paths, warp_width;  /* the configuration */
    unsigned wid_w, wid_h, wid_r, wid_p; /* the widths of warp, path, register and
                                          * physical register ports */
    bool core_state;   /* pending_i and pt_masks_i are inputs (pirat) */
    bool rb_port;      /* the rollback verb (pirat) */
    bool pending;      /* held */
    uint64_t masks[PR_PATHS_PER_WARP_MAX];
} pirat_scn_t;

/* The PIRAT's part of line l into in: the held keys and the read ports'
 * addresses on every line; a PIRAT verb (request: the line is no check and
 * no idle) drives its ports. Returns 1 for a PIRAT verb, 0 for a line that
 * is not one (the caller's verb, or idle/expect/peek), -1 on a bad value. */
int pirat_scn_line(pirat_scn_t *s, scenario_line_t *l, bool request, pirat_in_t *in,
                   char *err, size_t errlen);

#endif /* SIMT_PIRAT_TB_COMMON_H */
