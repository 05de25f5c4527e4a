/* Control-flow analysis of one function for the system model: its basic
 * blocks, their immediate post-dominators (IPDOMs) and the reconvergence PC
 * of each conditional branch -- what GPGPU-Sim's find_ipostdominators
 * computes on PTX, here on RISC-V code. The input is an abstract instruction
 * list (the decoder classifies each instruction); nothing here decodes.
 *
 * Usage: cfg_analyse() once per function, cfg_reconv_pc() for each branch,
 * cfg_free(). Nothing is printed; errors are return codes that name the
 * offending PC. No global state.
 *
 * The graph
 *   - A function is the contiguous PCs [entry, entry + 4n): insns[i].pc is
 *     entry + 4i, entry a multiple of 4.
 *   - Leaders: the entry, every BRANCH or JUMP target, every instruction
 *     after a BRANCH, JUMP, RET or STOP. A CALL neither ends a block nor
 *     makes its callee a leader (the callee returns to the next instruction;
 *     a recursive call to the entry included).
 *   - Successors of a block, by its last instruction: BRANCH its target,
 *     then its fall-through (one successor when they are the same block);
 *     JUMP its target; RET and STOP the virtual exit; SEQ and CALL the next
 *     block.
 *   - The virtual exit: one node that every RET and STOP block has an edge
 *     to. A block's IPDOM is the exit when no other block lies on every
 *     path from it out of the function.
 *   - Errors (the first instruction in PC order that has one): see
 *     CFG_STATUSES. A branch or jump target must be an instruction of the
 *     function; so must the fall-through of the last instruction, so a
 *     function cannot end with a SEQ, BRANCH or CALL (a call that does not
 *     return, such as one to abort() at the end, is the decoder's to give
 *     as a STOP).
 *
 * Infinite loops (blocks from which no path reaches the exit)
 *   Post-dominance needs every block to reach the exit. The rule: every
 *   infinite loop that nothing leaves -- a strongly connected set of blocks
 *   that cannot reach the exit and that no edge leaves, with any loops nested
 *   in it -- gets one virtual edge to the exit from its latch: the
 *   highest-PC block with an edge back to the loop's header, the header being
 *   its block that a depth-first search (from the entry, then from each block
 *   not yet met in PC order; successors in the order above) meets first: for
 *   a loop with a single entry, that entry. Blocks that lead only into such
 *   loops then reach the exit through them and get no edge of their own.
 *   Effect: a branch inside the loop reconverges inside it, at the latch at
 *   the latest, as it would in a loop whose exit test is at its bottom (GCC's
 *   layout); a branch into two loops that never end reconverges at the exit
 *   (never); a finite loop in front of an infinite one still reconverges at
 *   its own exit. cfg_block_t.virtual_exit marks the latches.
 *
 * Worked example (an if/else):
 *
 *   0x100 SEQ              A       A: 0x100-0x108  -> E, T   IPDOM J
 *   0x104 BRANCH 0x110     A       T: 0x108-0x110  -> J      IPDOM J
 *   0x108 SEQ              T       E: 0x110-0x114  -> J      IPDOM J
 *   0x10c JUMP 0x114       T       J: 0x114-0x11c  -> exit   IPDOM exit
 *   0x110 SEQ              E
 *   0x114 SEQ              J       cfg_reconv_pc(g, 0x104) = 0x114
 *   0x118 RET              J
 */
#ifndef SIMT_SYS_CFG_H
#define SIMT_SYS_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "code_names.h"

/* What the control flow does after an instruction. */
typedef enum {
    CFG_SEQ,      /* falls through */
    CFG_BRANCH,   /* conditional: to its target or falls through */
    CFG_JUMP,     /* unconditional, to its target (jal x0) */
    CFG_CALL,     /* jal ra, f: the callee returns here, so it falls through */
    CFG_RET,      /* jalr x0, 0(ra): leaves the function */
    CFG_INDIRECT, /* any other jalr: not supported (CFG_EINDIRECT) */
    CFG_STOP,     /* ecall, ebreak, an illegal word: leaves like a return */
} cfg_kind_t;

typedef struct {
    uint32_t pc;
    cfg_kind_t kind;
    uint32_t target; /* BRANCH, JUMP: its target; CALL: the callee (not
                        followed); otherwise ignored */
} cfg_insn_t;

/* The virtual exit: an IPDOM that is no block, and a reconvergence PC that is
 * no instruction's (PCs are multiples of 4): the threads reconverge when the
 * function returns. */
#define CFG_EXIT UINT32_MAX

/* The return codes and what they mean: cfg_status_name(code). */
#define CFG_STATUSES(X)                                                                  \
    X(CFG_OK, "ok")                                                                      \
    X(CFG_EEMPTY, "the function has no instructions")                                   \
    X(CFG_EPC, "PC not a multiple of 4 or not the one after the previous instruction")  \
    X(CFG_EKIND, "unknown instruction kind")                                             \
    X(CFG_EINDIRECT, "indirect jump (a jalr other than a return) not supported")        \
    X(CFG_ETARGET, "branch or jump target not an instruction of the function")          \
    X(CFG_EFALLOFF, "the last instruction falls through past the end of the function")  \
    X(CFG_ENOMEM, "out of memory")
#define CFG_STATUS_ENUM_(code, text) code,
#define CFG_STATUS_NAME_(code, text) [code] = text,
typedef enum { CFG_STATUSES(CFG_STATUS_ENUM_) } cfg_status_t;
CODE_NAMES(cfg_status_name, CFG_STATUSES(CFG_STATUS_NAME_))

typedef struct {
    cfg_status_t code;
    uint32_t pc; /* the offending instruction's PC; 0 for CFG_EEMPTY, CFG_ENOMEM */
} cfg_error_t;

/* A basic block, instructions [first_pc, end_pc). Blocks are numbered in PC
 * order, block 0 at the entry. */
typedef struct {
    uint32_t first_pc;
    uint32_t end_pc;
    cfg_kind_t last;   /* the kind of its last instruction */
    uint32_t num_succ; /* 0 to 2 */
    uint32_t succ[2];  /* successor blocks, in the order of "The graph" */
    bool virtual_exit; /* a latch given an edge to the exit (infinite loops) */
    uint32_t ipdom;    /* its immediate post-dominator: a block, or CFG_EXIT */
} cfg_block_t;

typedef struct cfg cfg_t;

/* Analyses the function insns[0..n). Returns CFG_OK and *out, or an error
 * code with *out = NULL; *err (unless err is NULL) gets the code and the
 * offending PC. Linear in n but for the IPDOM iteration (Cooper, Harvey and
 * Kennedy: a few passes over the blocks). */
cfg_status_t cfg_analyse(const cfg_insn_t *insns, size_t n, cfg_t **out, cfg_error_t *err);

/* Frees it; NULL is ignored. */
void cfg_free(cfg_t *g);

/* The reconvergence PC of the conditional branch at branch_pc: the first PC
 * of its block's IPDOM, or CFG_EXIT. False (and *rpc untouched) if
 * branch_pc is not a BRANCH of the function. */
bool cfg_reconv_pc(const cfg_t *g, uint32_t branch_pc, uint32_t *rpc);

/* The likely-convergence PC of the conditional branch at branch_pc (TBC
 * section 4, as its evaluation restricts them: "the closest enclosing
 * backwards taken branch", which captures `break`s out of loops):
 *   - the loops enclosing the branch are the backward branches and jumps
 *     (target <= their own PC) at a PC above branch_pc whose target is at
 *     or below it; the closest is the one with the shortest span;
 *   - *lpc = that backward branch's PC, where the paths of an iteration
 *     meet again before the next, when the branch's reconvergence PC lies
 *     outside that loop (a `break`: the IPDOM is past the loop, or the
 *     exit); else CFG_EXIT (none: the paths reconverge inside the loop, or
 *     no loop encloses the branch).
 * False (and *lpc untouched) if branch_pc is not a BRANCH of the function.
 *
 * Example (for (;;) { if (hit) break; if (d) X; } with its latch at L):
 *   0x100 H: BRANCH D   (hit)       rpc D (past the loop)  lpc L
 *   0x104    BRANCH L   (d)         rpc L (inside)          lpc none
 *   0x108    SEQ        X
 *   0x10c L: JUMP H                 the latch
 *   0x110 D: RET                                                   */
bool cfg_likely_pc(const cfg_t *g, uint32_t branch_pc, uint32_t *lpc);

size_t cfg_num_blocks(const cfg_t *g);

/* Block i, or NULL if there is none. */
const cfg_block_t *cfg_block(const cfg_t *g, size_t i);

/* The index of the block holding the instruction at pc; false if pc is not
 * an instruction of the function. */
bool cfg_block_at(const cfg_t *g, uint32_t pc, size_t *index);

#endif /* SIMT_SYS_CFG_H */
