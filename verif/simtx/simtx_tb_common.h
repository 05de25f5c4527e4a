/* What the SIMT-X testbenches share (verif/simtx/, each block's _tb.c). */
#ifndef SIMT_SIMTX_TB_COMMON_H
#define SIMT_SIMTX_TB_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "pathtable.h"
#include "scenario.h"
#include "simtx_frontend.h"

/* No thread lost or duplicated: the masks of warp w's paths in the set
 * `paths` (bit h: path h, masks from the Pathtable model) are disjoint and,
 * with the threads of the paths that ended, make up the warp's threads.
 * 0, or -1 with err saying which path (`what`: "path", "committed path")
 * breaks it. */
int simtx_threads_check(const pathtable_t *pt, unsigned w, uint64_t paths, uint64_t ended,
                        uint64_t threads, const char *what, char *err, size_t errlen);


/* ---- the front end's requests in a directed scenario ------------------------
 * simtx_frontend's verbs (docs/blocks/simtx_frontend.md): one per op code,
 * named as configs/simtx_frontend.cfg names it, with the operands each takes;
 * a block that contains the front end reads them the same way. */

/* Its rows of a reader's scenario_verb_t table: INIT .. ROLLBACK in op-code
 * order, then reserved (op 15). */
#define SIMTX_FE_SCN_VERBS                                                                   \
    {"init", "INIT: a warp's first path, its threads mask=, and its PST slot at pc=, "        \
             "call depth d="},                                                               \
    {"fetch", "FETCH: slot s= fetched a plain instruction (or a branch fetched as uniform): " \
              "it moves to pc=, depth d="},                                                  \
    {"branch", "BRANCH: slot s= fetched a branch predicted divergent: a buop on its path, "  \
               "the slot renewed to h_j at pc= (the predicted side)"},                       \
    {"converge", "CONVERGE: the pick and conv_slot_o converge: a cuop allocates h_k (the "   \
                 "pick's warp)"},                                                            \
    {"end", "END: slot s= leaves the PST"},                                                  \
    {"bexec", "BEXEC: buop a= -> b= executes with condition mask=; the alternate's side at "  \
              "pc=, d=; the predictor learns at the branch's PC bpc="},                      \
    {"bcommit", "BCOMMIT: buop a= -> b= commits (its alternate c= with alt=1)"},             \
    {"cexec", "CEXEC: cuop a=, b= -> c= executes"},                                          \
    {"ccommit", "CCOMMIT: cuop a=, b= -> c= commits"},                                       \
    {"ref", "REF: a holder takes a reference to path a="},                                   \
    {"deref", "DEREF: a holder drops its reference to path a="},                             \
    {"resolve", "RESOLVE: a branch fetched as uniform resolves at bpc= (div=1: it diverged)"},\
    {"retire", "RETIRE: the retirement copy's slot s= := {v=, path a=, pc=, d=}"},           \
    {"rollback", "ROLLBACK: the warp returns to its retirement copy"},                        \
    {"reserved", "op 15 (rejected with BAD_OP)"}

/* The op code of a verb (FE_OP_*, 15 for reserved), or -1: not one of them. */
int simtx_fe_scn_op(const char *verb);

/* The widths of the ports the operands drive (the configuration's). */
typedef struct {
    unsigned warp, slot, path, lanes, pc, depth; /* WarpIdWidth, SlotIdWidth, ... */
} simtx_fe_widths_t;

/* Line l's request of op code op into in: req_op and the operands the op
 * takes (w= s= a= b= c= alt= mask= pc= d= bpc= div= v=; bcommit's c= and
 * alt= optional, the others required), each no wider than its port. 0, or
 * -1 with a message (a bad value, an operand missing). */
int simtx_fe_scn_request(scenario_line_t *l, unsigned op, const simtx_fe_widths_t *wd,
                         simtx_frontend_in_t *in, char *err, size_t errlen);

#endif /* SIMT_SIMTX_TB_COMMON_H */
