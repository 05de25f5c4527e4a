/* Unit tests of the control-flow analysis (csim/sys/cfg.c).
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/sys -Itests/common csim/sys/cfg.c tests/sys/test_cfg.c -lcmocka -o /tmp/t && /tmp/t
 *
 * Each test draws its function above it: the instructions, each block (a
 * letter, named by its first PC in the test), its successors (a BRANCH's
 * target first, as cfg.h orders them) and its immediate post-dominator,
 * worked out by hand from the drawing; "exit" is the virtual exit, "+exit" a
 * virtual edge of the infinite-loop rule (cfg.h). The test gives every
 * block and every branch's reconvergence PC; expect_graph() also checks
 * that no other instruction has one. */
#include <stdlib.h>

#include "test_util.h"

#include "cfg.h"

/* ------------------------------------------------------------------ */
/* helpers                                                              */

#define SEQ(pc) {(pc), CFG_SEQ, 0}
#define BR(pc, t) {(pc), CFG_BRANCH, (t)}
#define JMP(pc, t) {(pc), CFG_JUMP, (t)}
#define CALL(pc, f) {(pc), CFG_CALL, (f)}
#define RET(pc) {(pc), CFG_RET, 0}
#define STOP(pc) {(pc), CFG_STOP, 0}
#define IND(pc) {(pc), CFG_INDIRECT, 0}

#define EXIT CFG_EXIT
#define VEXIT 1u /* EXIT through a virtual edge: the block is a latch (+exit) */

/* A block as a test expects it: its first PC, its successors' first PCs (0:
 * none; the exit is not listed), its IPDOM's first PC, EXIT or VEXIT. It
 * ends where the next one begins. */
typedef struct {
    uint32_t first;
    uint32_t succ[2];
    uint32_t ipdom;
} want_block_t;

typedef struct {
    uint32_t branch, rpc;
} want_reconv_t;

static int free_graph(void **state)
{
    cfg_free(*state);
    *state = NULL;
    return 0;
}

static uint32_t first_pc(const cfg_t *g, uint32_t block)
{
    return block == CFG_EXIT ? EXIT : cfg_block(g, block)->first_pc;
}

/* Analyses insns[0..n) (the graph kept in *state for free_graph) and
 * checks the blocks and the reconvergence PCs of the branches. */
static void expect_graph(void **state, const cfg_insn_t *insns, size_t n,
                         const want_block_t *want, size_t nb,
                         const want_reconv_t *reconv, size_t nr)
{
    cfg_t *g = NULL;
    cfg_error_t err = {CFG_ENOMEM, 1};
    free_graph(state);
    assert_int_equal(cfg_analyse(insns, n, &g, &err), CFG_OK);
    *state = g;
    assert_non_null(g);
    assert_int_equal(err.code, CFG_OK);
    assert_int_equal(err.pc, 0);
    assert_int_equal(cfg_num_blocks(g), nb);
    for (size_t i = 0; i < nb; i++) {
        const cfg_block_t *b = cfg_block(g, i);
        assert_int_equal(b->first_pc, want[i].first);
        assert_int_equal(b->end_pc, i + 1 < nb ? want[i + 1].first : insns[n - 1].pc + 4);
        for (uint32_t k = 0; k < 2; k++)
            assert_int_equal(k < b->num_succ ? first_pc(g, b->succ[k]) : 0, want[i].succ[k]);
        assert_int_equal(first_pc(g, b->ipdom), want[i].ipdom == VEXIT ? EXIT : want[i].ipdom);
        assert_int_equal(b->virtual_exit, want[i].ipdom == VEXIT);
    }
    assert_null(cfg_block(g, nb));
    size_t branches = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t rpc = 1;
        const bool is_branch = cfg_reconv_pc(g, insns[i].pc, &rpc);
        assert_int_equal(is_branch, insns[i].kind == CFG_BRANCH);
        if (!is_branch) {
            assert_int_equal(rpc, 1);
            continue;
        }
        size_t j = 0;
        while (j < nr && reconv[j].branch != insns[i].pc)
            j++;
        assert_true(j < nr); /* the test gives every branch */
        assert_int_equal(rpc, reconv[j].rpc);
        branches++;
    }
    assert_int_equal(branches, nr);
}

#define EXPECT_GRAPH(insns, want, reconv)                                             \
    expect_graph(state, insns, ARRAY_LEN(insns), want, ARRAY_LEN(want), reconv,        \
                 ARRAY_LEN(reconv))

/* ------------------------------------------------------------------ */
/* graphs                                                               */

/* if/else (the example of cfg.h):
 *   A: 0x1000 SEQ              A -> E T    ipdom J
 *      0x1004 BRANCH E
 *   T: 0x1008 SEQ              T -> J      ipdom J
 *      0x100c JUMP J
 *   E: 0x1010 SEQ              E -> J      ipdom J
 *   J: 0x1014 SEQ              J -> exit   ipdom exit
 *      0x1018 RET
 */
static void test_diamond(void **state)
{
    enum { A = 0x1000, T = 0x1008, E = 0x1010, J = 0x1014 };
    static const cfg_insn_t f[] = {SEQ(A), BR(A + 4, E), SEQ(T), JMP(T + 4, J),
                                   SEQ(E), SEQ(J), RET(J + 4)};
    static const want_block_t b[] = {{A, {E, T}, J}, {T, {J}, J}, {E, {J}, J}, {J, {0}, EXIT}};
    static const want_reconv_t r[] = {{A + 4, J}};
    EXPECT_GRAPH(f, b, r);
}

/* if without else:
 *   A: 0x1000 BRANCH J         A -> J T    ipdom J
 *   T: 0x1004 SEQ              T -> J      ipdom J
 *      0x1008 SEQ
 *   J: 0x100c SEQ              J -> exit   ipdom exit
 *      0x1010 RET
 */
static void test_if_without_else(void **state)
{
    enum { A = 0x1000, T = 0x1004, J = 0x100c };
    static const cfg_insn_t f[] = {BR(A, J), SEQ(T), SEQ(T + 4), SEQ(J), RET(J + 4)};
    static const want_block_t b[] = {{A, {J, T}, J}, {T, {J}, J}, {J, {0}, EXIT}};
    static const want_reconv_t r[] = {{A, J}};
    EXPECT_GRAPH(f, b, r);
}

/* if (a) { if (b) X; else Y; Z; } else W; V:
 *   A: 0x1000 BRANCH W         A -> W B    ipdom V
 *   B: 0x1004 BRANCH Y         B -> Y X    ipdom Z
 *   X: 0x1008 SEQ              X -> Z      ipdom Z
 *      0x100c JUMP Z
 *   Y: 0x1010 SEQ              Y -> Z      ipdom Z
 *   Z: 0x1014 SEQ              Z -> V      ipdom V
 *      0x1018 JUMP V
 *   W: 0x101c SEQ              W -> V      ipdom V
 *   V: 0x1020 SEQ              V -> exit   ipdom exit
 *      0x1024 RET
 */
static void test_nested_if_else(void **state)
{
    enum { A = 0x1000, B = 0x1004, X = 0x1008, Y = 0x1010, Z = 0x1014, W = 0x101c, V = 0x1020 };
    static const cfg_insn_t f[] = {BR(A, W), BR(B, Y), SEQ(X), JMP(X + 4, Z), SEQ(Y),
                                   SEQ(Z), JMP(Z + 4, V), SEQ(W), SEQ(V), RET(V + 4)};
    static const want_block_t b[] = {{A, {W, B}, V}, {B, {Y, X}, Z}, {X, {Z}, Z},
                                     {Y, {Z}, Z},    {Z, {V}, V},    {W, {V}, V},
                                     {V, {0}, EXIT}};
    static const want_reconv_t r[] = {{A, V}, {B, Z}};
    EXPECT_GRAPH(f, b, r);
}

/* for (i = 0; i < n; i++) { if (x) break; L; } D -- two exits from the loop,
 * both to D: the branch inside reconverges after the loop.
 *   P: 0x1000 SEQ              P -> H      ipdom H
 *   H: 0x1004 BRANCH D         H -> D K    ipdom D    (i >= n)
 *   K: 0x1008 BRANCH D         K -> D L    ipdom D    (break)
 *   L: 0x100c SEQ              L -> H      ipdom H
 *      0x1010 SEQ
 *      0x1014 JUMP H
 *   D: 0x1018 SEQ              D -> exit   ipdom exit
 *      0x101c RET
 */
static void test_loop_with_break(void **state)
{
    enum { P = 0x1000, H = 0x1004, K = 0x1008, L = 0x100c, D = 0x1018 };
    static const cfg_insn_t f[] = {SEQ(P), BR(H, D), BR(K, D), SEQ(L), SEQ(L + 4),
                                   JMP(L + 8, H), SEQ(D), RET(D + 4)};
    static const want_block_t b[] = {{P, {H}, H}, {H, {D, K}, D}, {K, {D, L}, D},
                                     {L, {H}, H}, {D, {0}, EXIT}};
    static const want_reconv_t r[] = {{H, D}, {K, D}};
    EXPECT_GRAPH(f, b, r);
}

/* while (c) { if (d) X; Y; } as GCC lays it out, the test at the bottom:
 *   A: 0x1000 JUMP T           A -> T      ipdom T
 *   B: 0x1004 BRANCH Y         B -> Y X    ipdom Y
 *   X: 0x1008 SEQ              X -> Y      ipdom Y
 *   Y: 0x100c SEQ              Y -> T      ipdom T
 *      0x1010 SEQ
 *   T: 0x1014 BRANCH B         T -> B E    ipdom E
 *   E: 0x1018 RET              E -> exit   ipdom exit
 */
static void test_while_loop(void **state)
{
    enum { A = 0x1000, B = 0x1004, X = 0x1008, Y = 0x100c, T = 0x1014, E = 0x1018 };
    static const cfg_insn_t f[] = {JMP(A, T), BR(B, Y), SEQ(X), SEQ(Y), SEQ(Y + 4),
                                   BR(T, B), RET(E)};
    static const want_block_t b[] = {{A, {T}, T}, {B, {Y, X}, Y}, {X, {Y}, Y},
                                     {Y, {T}, T}, {T, {B, E}, E}, {E, {0}, EXIT}};
    static const want_reconv_t r[] = {{B, Y}, {T, E}};
    EXPECT_GRAPH(f, b, r);
}

/* if (a) { if (b) { C; return; } trap(); } if (e) F; return -- four ways
 * out: A's and B's sides never meet before the exit.
 *   A: 0x1000 BRANCH E         A -> E B    ipdom exit
 *   B: 0x1004 BRANCH D         B -> D C    ipdom exit
 *   C: 0x1008 SEQ              C -> exit   ipdom exit
 *      0x100c RET
 *   D: 0x1010 STOP             D -> exit   ipdom exit
 *   E: 0x1014 BRANCH G         E -> G F    ipdom G
 *   F: 0x1018 SEQ              F -> G      ipdom G
 *   G: 0x101c RET              G -> exit   ipdom exit
 */
static void test_several_returns(void **state)
{
    enum { A = 0x1000, B = 0x1004, C = 0x1008, D = 0x1010, E = 0x1014, F = 0x1018, G = 0x101c };
    static const cfg_insn_t f[] = {BR(A, E), BR(B, D), SEQ(C), RET(C + 4),
                                   STOP(D), BR(E, G), SEQ(F), RET(G)};
    static const want_block_t b[] = {{A, {E, B}, EXIT}, {B, {D, C}, EXIT}, {C, {0}, EXIT},
                                     {D, {0}, EXIT},    {E, {G, F}, G},    {F, {G}, G},
                                     {G, {0}, EXIT}};
    static const want_reconv_t r[] = {{A, EXIT}, {B, EXIT}, {E, G}};
    EXPECT_GRAPH(f, b, r);
}

/* switch (x) { case 0: C0; break; case 1: C1; break; case 2: C2; (falls
 * through) default: DF; } J -- compiled without a jump table:
 *   S0: 0x1000 BRANCH C0       S0 -> C0 S1   ipdom J    (x == 0)
 *   S1: 0x1004 BRANCH C1       S1 -> C1 S2   ipdom J    (x == 1)
 *   S2: 0x1008 BRANCH DF       S2 -> DF C2   ipdom DF   (x != 2)
 *   C2: 0x100c SEQ             C2 -> DF      ipdom DF
 *       0x1010 SEQ
 *   DF: 0x1014 SEQ             DF -> J       ipdom J
 *       0x1018 JUMP J
 *   C0: 0x101c SEQ             C0 -> J       ipdom J
 *       0x1020 JUMP J
 *   C1: 0x1024 SEQ             C1 -> J       ipdom J    (the last case
 *       0x1028 SEQ                                       falls into J)
 *   J:  0x102c SEQ             J -> exit     ipdom exit
 *       0x1030 RET
 */
static void test_switch_without_jump_table(void **state)
{
    enum { S0 = 0x1000, S1 = 0x1004, S2 = 0x1008, C2 = 0x100c, DF = 0x1014, C0 = 0x101c,
           C1 = 0x1024, J = 0x102c };
    static const cfg_insn_t f[] = {BR(S0, C0), BR(S1, C1), BR(S2, DF), SEQ(C2), SEQ(C2 + 4),
                                   SEQ(DF), JMP(DF + 4, J), SEQ(C0), JMP(C0 + 4, J),
                                   SEQ(C1), SEQ(C1 + 4), SEQ(J), RET(J + 4)};
    static const want_block_t b[] = {{S0, {C0, S1}, J}, {S1, {C1, S2}, J}, {S2, {DF, C2}, DF},
                                     {C2, {DF}, DF},    {DF, {J}, J},      {C0, {J}, J},
                                     {C1, {J}, J},      {J, {0}, EXIT}};
    static const want_reconv_t r[] = {{S0, J}, {S1, J}, {S2, DF}};
    EXPECT_GRAPH(f, b, r);
}

/* P; for (;;) { if (c) A; else B; L; } -- no return at all. The loop {H, A,
 * B, L} is left by nothing; its header H (met first from P), its latch L
 * (the only block with an edge to H) gets the virtual edge, and the branch
 * reconverges inside the loop. P reaches the exit through the loop.
 *   P: 0x1000 SEQ              P -> H           ipdom H
 *   H: 0x1004 BRANCH B         H -> B A         ipdom L
 *   A: 0x1008 SEQ              A -> L           ipdom L
 *      0x100c JUMP L
 *   B: 0x1010 SEQ              B -> L           ipdom L
 *   L: 0x1014 SEQ              L -> H +exit     ipdom exit
 *      0x1018 JUMP H
 */
static void test_infinite_loop(void **state)
{
    enum { P = 0x1000, H = 0x1004, A = 0x1008, B = 0x1010, L = 0x1014 };
    static const cfg_insn_t f[] = {SEQ(P), BR(H, B), SEQ(A), JMP(A + 4, L),
                                   SEQ(B), SEQ(L), JMP(L + 4, H)};
    static const want_block_t b[] = {{P, {H}, H}, {H, {B, A}, L}, {A, {L}, L},
                                     {B, {L}, L}, {L, {H}, VEXIT}};
    static const want_reconv_t r[] = {{H, L}};
    EXPECT_GRAPH(f, b, r);
}

/* if (a) return; for (;;) { while (c) X; if (d) continue; Y; } -- the
 * infinite loop {H, X, T, D, Y} holds a loop {X, T} and has two edges back
 * to its header H (from D and Y): the latch is the higher-PC one, Y, and
 * only it gets the virtual edge; E reaches the exit through R already.
 *   E: 0x1000 BRANCH H         E -> H R         ipdom exit
 *   R: 0x1004 RET              R -> exit        ipdom exit
 *   H: 0x1008 JUMP T           H -> T           ipdom T
 *   X: 0x100c SEQ              X -> T           ipdom T
 *   T: 0x1010 BRANCH X         T -> X D         ipdom D
 *   D: 0x1014 BRANCH H         D -> H Y         ipdom Y
 *   Y: 0x1018 SEQ              Y -> H +exit     ipdom exit
 *      0x101c JUMP H
 */
static void test_infinite_loop_nested_and_continue(void **state)
{
    enum { E = 0x1000, R = 0x1004, H = 0x1008, X = 0x100c, T = 0x1010, D = 0x1014, Y = 0x1018 };
    static const cfg_insn_t f[] = {BR(E, H), RET(R), JMP(H, T), SEQ(X),
                                   BR(T, X), BR(D, H), SEQ(Y), JMP(Y + 4, H)};
    static const want_block_t b[] = {{E, {H, R}, EXIT}, {R, {0}, EXIT}, {H, {T}, T},
                                     {X, {T}, T},       {T, {X, D}, D}, {D, {H, Y}, Y},
                                     {Y, {H}, VEXIT}};
    static const want_reconv_t r[] = {{E, EXIT}, {T, D}, {D, Y}};
    EXPECT_GRAPH(f, b, r);
}

/* while (c) X; if (k) for (;;) A; for (;;) B; -- two infinite loops (each a
 * block jumping to itself, its own latch) get one edge each; the finite
 * loop {X, T} in front of them gets none and still reconverges at its exit
 * K; K's sides never meet.
 *   P: 0x1000 JUMP T           P -> T           ipdom T
 *   X: 0x1004 SEQ              X -> T           ipdom T
 *   T: 0x1008 BRANCH X         T -> X K         ipdom K
 *   K: 0x100c BRANCH B         K -> B A         ipdom exit
 *   A: 0x1010 SEQ              A -> A +exit     ipdom exit
 *      0x1014 JUMP A
 *   B: 0x1018 SEQ              B -> B +exit     ipdom exit
 *      0x101c JUMP B
 */
static void test_infinite_loops_after_a_loop(void **state)
{
    enum { P = 0x1000, X = 0x1004, T = 0x1008, K = 0x100c, A = 0x1010, B = 0x1018 };
    static const cfg_insn_t f[] = {JMP(P, T), SEQ(X), BR(T, X), BR(K, B),
                                   SEQ(A), JMP(A + 4, A), SEQ(B), JMP(B + 4, B)};
    static const want_block_t b[] = {{P, {T}, T},    {X, {T}, T},          {T, {X, K}, K},
                                     {K, {B, A}, EXIT}, {A, {A}, VEXIT}, {B, {B}, VEXIT}};
    static const want_reconv_t r[] = {{T, K}, {K, EXIT}};
    EXPECT_GRAPH(f, b, r);
}

/* if (c) { g(); T; } h(); return -- a CALL falls through and does not end its
 * block; its callee, outside the function or inside it (0x1008: a local
 * routine), is not followed and is no leader.
 *   A: 0x1000 BRANCH J         A -> J T    ipdom J
 *   T: 0x1004 CALL 0x2000      T -> J      ipdom J
 *      0x1008 SEQ
 *   J: 0x100c CALL 0x1008      J -> exit   ipdom exit
 *      0x1010 RET
 */
static void test_call_falls_through(void **state)
{
    enum { A = 0x1000, T = 0x1004, J = 0x100c };
    static const cfg_insn_t f[] = {BR(A, J), CALL(T, 0x2000), SEQ(T + 4), CALL(J, T + 4),
                                   RET(J + 4)};
    static const want_block_t b[] = {{A, {J, T}, J}, {T, {J}, J}, {J, {0}, EXIT}};
    static const want_reconv_t r[] = {{A, J}};
    EXPECT_GRAPH(f, b, r);
}

/* A branch to the next instruction (one edge), a spin loop (a block that is
 * its own target), and a function of one instruction.
 *   A: 0x1000 BRANCH S         A -> S      ipdom S
 *   S: 0x1004 BRANCH S         S -> S R    ipdom R
 *   R: 0x1008 RET              R -> exit   ipdom exit
 * and
 *   Q: 0x2000 RET              Q -> exit   ipdom exit
 */
static void test_degenerate_branches(void **state)
{
    enum { A = 0x1000, S = 0x1004, R = 0x1008, Q = 0x2000 };
    static const cfg_insn_t f[] = {BR(A, S), BR(S, S), RET(R)};
    static const want_block_t b[] = {{A, {S}, S}, {S, {S, R}, R}, {R, {0}, EXIT}};
    static const want_reconv_t r[] = {{A, S}, {S, R}};
    EXPECT_GRAPH(f, b, r);
    static const cfg_insn_t f1[] = {RET(Q)};
    static const want_block_t b1[] = {{Q, {0}, EXIT}};
    expect_graph(state, f1, 1, b1, 1, NULL, 0);
}

/* A loop entered at two blocks (irreducible: A jumps into it at C, falls
 * into it at B). First a finite one:
 *   A: 0x1000 BRANCH C         A -> C B    ipdom C
 *   B: 0x1004 SEQ              B -> C      ipdom C
 *   C: 0x1008 BRANCH B         C -> B D    ipdom D
 *   D: 0x100c RET              D -> exit   ipdom exit
 * then an infinite one, where the header is the block the depth-first
 * search meets first: from A, the target C before the fall-through B, so
 * the latch is B (the only block with an edge to C):
 *   A: 0x2000 BRANCH C         A -> C B    ipdom B
 *   B: 0x2004 SEQ              B -> C +exit ipdom exit
 *   C: 0x2008 JUMP B           C -> B      ipdom B
 */
static void test_irreducible_loops(void **state)
{
    enum { A = 0x1000, B = 0x1004, C = 0x1008, D = 0x100c };
    static const cfg_insn_t f[] = {BR(A, C), SEQ(B), BR(C, B), RET(D)};
    static const want_block_t b[] = {{A, {C, B}, C}, {B, {C}, C}, {C, {B, D}, D}, {D, {0}, EXIT}};
    static const want_reconv_t r[] = {{A, C}, {C, D}};
    EXPECT_GRAPH(f, b, r);
    enum { A2 = 0x2000, B2 = 0x2004, C2 = 0x2008 };
    static const cfg_insn_t f2[] = {BR(A2, C2), SEQ(B2), JMP(C2, B2)};
    static const want_block_t b2[] = {{A2, {C2, B2}, B2}, {B2, {C2}, VEXIT}, {C2, {B2}, B2}};
    static const want_reconv_t r2[] = {{A2, B2}};
    EXPECT_GRAPH(f2, b2, r2);
}

/* ------------------------------------------------------------------ */
/* errors and look-ups                                                  */

/* Each function is rejected with the code and PC of its first bad
 * instruction, and no graph. */
static void test_errors(void **state)
{
    (void)state;
    static const struct {
        cfg_insn_t f[4];
        size_t n;
        cfg_status_t code;
        uint32_t pc;
    } bad[] = {
        {{SEQ(0x1000), BR(0x1004, 0x100c), IND(0x1008), RET(0x100c)}, 4, CFG_EINDIRECT, 0x1008},
        {{SEQ(0x1000), BR(0x1004, 0x1010), SEQ(0x1008), RET(0x100c)}, 4, CFG_ETARGET, 0x1004},
        {{SEQ(0x1000), JMP(0x1004, 0x0ffc), RET(0x1008)}, 3, CFG_ETARGET, 0x1004},
        {{BR(0x1000, 0x1006), RET(0x1004)}, 2, CFG_ETARGET, 0x1000},
        {{IND(0x1000), BR(0x1004, 0x3000), RET(0x1008)}, 3, CFG_EINDIRECT, 0x1000},
        {{SEQ(0x1000), SEQ(0x1004)}, 2, CFG_EFALLOFF, 0x1004},
        {{RET(0x1000), CALL(0x1004, 0x2000)}, 2, CFG_EFALLOFF, 0x1004},
        {{SEQ(0x1000), BR(0x1004, 0x1000)}, 2, CFG_EFALLOFF, 0x1004},
        {{SEQ(0x1000), RET(0x1008)}, 2, CFG_EPC, 0x1008},
        {{SEQ(0x1002), RET(0x1006)}, 2, CFG_EPC, 0x1002},
        {{SEQ(0xfffffff8), SEQ(0xfffffffc), RET(0)}, 3, CFG_EPC, 0},
        {{SEQ(0x1000), {0x1004, (cfg_kind_t)42, 0}, RET(0x1008)}, 3, CFG_EKIND, 0x1004},
        {{RET(0x1000)}, 0, CFG_EEMPTY, 0},
    };
    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        cfg_t *g = (cfg_t *)&g; /* set: an analysis that leaves it is caught */
        cfg_error_t err = {CFG_OK, 1};
        assert_int_equal(cfg_analyse(bad[i].f, bad[i].n, &g, &err), bad[i].code);
        assert_null(g);
        assert_int_equal(err.code, bad[i].code);
        assert_int_equal(err.pc, bad[i].pc);
        assert_int_equal(cfg_analyse(bad[i].f, bad[i].n, &g, NULL), bad[i].code);
    }
    cfg_t *g = (cfg_t *)&g;
    assert_int_equal(cfg_analyse(NULL, 0, &g, NULL), CFG_EEMPTY);
    assert_null(g);
}

/* Every code has its own text; a value past the last has none. */
static void test_status_names(void **state)
{
    (void)state;
    for (unsigned c = CFG_OK; c <= CFG_ENOMEM; c++) {
        assert_non_null(cfg_status_name(c));
        for (unsigned d = CFG_OK; d < c; d++)
            assert_string_not_equal(cfg_status_name(c), cfg_status_name(d));
    }
    assert_null(cfg_status_name(CFG_ENOMEM + 1));
}

/* The look-ups of PCs that are not instructions of the function (the
 * diamond of test_diamond). */
static void test_lookups_outside(void **state)
{
    static const cfg_insn_t f[] = {SEQ(0x1000), BR(0x1004, 0x1010), SEQ(0x1008),
                                   JMP(0x100c, 0x1014), SEQ(0x1010), SEQ(0x1014), RET(0x1018)};
    cfg_t *g = NULL;
    assert_int_equal(cfg_analyse(f, ARRAY_LEN(f), &g, NULL), CFG_OK);
    *state = g;
    size_t i = 99;
    uint32_t rpc = 1;
    static const uint32_t outside[] = {0x0ffc, 0x1006, 0x101c, 0, 0xfffffffc, 0x2004};
    for (size_t k = 0; k < ARRAY_LEN(outside); k++) {
        assert_false(cfg_block_at(g, outside[k], &i));
        assert_false(cfg_reconv_pc(g, outside[k], &rpc));
    }
    assert_int_equal(i, 99);
    assert_int_equal(rpc, 1);
    assert_true(cfg_block_at(g, 0x100c, &i));
    assert_int_equal(i, 1);
    assert_true(cfg_block_at(g, 0x1018, &i));
    assert_int_equal(i, 3);
}

/* Likely-convergence points, worked out from cfg.h's rule:
 *   for (;;) { if (hit) break; if (d) X; } (cfg.h's example): the break's
 *   branch gets the latch, the inner if (reconverging inside) none;
 *   test_loop_with_break's graph: both exits of the loop are enclosed by
 *   the jump 0x1014 -> 0x1004 and reconverge at 0x1018, past it;
 *   two nested loops: the inner one is the closest;
 *   test_while_loop's graph: B reconverges inside (Y), T is the latch
 *   itself (not enclosed by itself): none. */
static void test_likely_convergence(void **state)
{
    enum { H = 0x100, L = 0x10c, D = 0x110 };
    static const cfg_insn_t f[] = {BR(H, D), BR(0x104, L), SEQ(0x108), JMP(L, H), RET(D)};
    cfg_t *g = NULL;
    assert_int_equal(cfg_analyse(f, ARRAY_LEN(f), &g, NULL), CFG_OK);
    *state = g;
    uint32_t lpc = 1;
    assert_true(cfg_likely_pc(g, H, &lpc));
    assert_int_equal(lpc, L);
    assert_true(cfg_likely_pc(g, 0x104, &lpc));
    assert_int_equal(lpc, EXIT);
    lpc = 1;
    assert_false(cfg_likely_pc(g, L, &lpc)); /* a jump, no branch */
    assert_false(cfg_likely_pc(g, 0x108, &lpc));
    assert_int_equal(lpc, 1);

    /* test_loop_with_break's graph: the latch is the jump at 0x1014 */
    static const cfg_insn_t brk[] = {SEQ(0x1000), BR(0x1004, 0x1018), BR(0x1008, 0x1018),
                                     SEQ(0x100c), SEQ(0x1010), JMP(0x1014, 0x1004),
                                     SEQ(0x1018), RET(0x101c)};
    cfg_free(g);
    *state = NULL;
    assert_int_equal(cfg_analyse(brk, ARRAY_LEN(brk), &g, NULL), CFG_OK);
    *state = g;
    assert_true(cfg_likely_pc(g, 0x1004, &lpc));
    assert_int_equal(lpc, 0x1014);
    assert_true(cfg_likely_pc(g, 0x1008, &lpc));
    assert_int_equal(lpc, 0x1014);

    /* nested loops: the inner one is the closest */
    static const cfg_insn_t nest[] = {SEQ(0x2000), BR(0x2004, 0x2018), SEQ(0x2008),
                                      BR(0x200c, 0x2004), SEQ(0x2010), BR(0x2014, 0x2000),
                                      RET(0x2018)};
    /* 0x2004 breaks out of both loops (to 0x2018, the exit's block): the
     * inner loop [0x2004, 0x200c] encloses it */
    cfg_free(g);
    *state = NULL;
    assert_int_equal(cfg_analyse(nest, ARRAY_LEN(nest), &g, NULL), CFG_OK);
    *state = g;
    assert_true(cfg_likely_pc(g, 0x2004, &lpc));
    assert_int_equal(lpc, 0x200c);
    /* the inner loop's own test is its latch, enclosed by the outer loop;
     * its paths meet at 0x2018 only (the break at 0x2004 skips 0x2010), past
     * the outer loop: the outer latch */
    assert_true(cfg_likely_pc(g, 0x200c, &lpc));
    assert_int_equal(lpc, 0x2014);

    /* the while loop: B reconverges inside, T is the latch: none for both */
    static const cfg_insn_t wl[] = {JMP(0x1000, 0x1014), BR(0x1004, 0x100c), SEQ(0x1008),
                                    SEQ(0x100c), SEQ(0x1010), BR(0x1014, 0x1004), RET(0x1018)};
    cfg_free(g);
    *state = NULL;
    assert_int_equal(cfg_analyse(wl, ARRAY_LEN(wl), &g, NULL), CFG_OK);
    *state = g;
    assert_true(cfg_likely_pc(g, 0x1004, &lpc));
    assert_int_equal(lpc, EXIT);
    assert_true(cfg_likely_pc(g, 0x1014, &lpc));
    assert_int_equal(lpc, EXIT);
}

int main(void)
{
#define T(f) cmocka_unit_test_teardown(f, free_graph)
    const struct CMUnitTest tests[] = {
        T(test_diamond),
        T(test_if_without_else),
        T(test_nested_if_else),
        T(test_loop_with_break),
        T(test_while_loop),
        T(test_several_returns),
        T(test_switch_without_jump_table),
        T(test_infinite_loop),
        T(test_infinite_loop_nested_and_continue),
        T(test_infinite_loops_after_a_loop),
        T(test_call_falls_through),
        T(test_degenerate_branches),
        T(test_irreducible_loops),
        T(test_errors),
        T(test_status_names),
        T(test_lookups_outside),
        T(test_likely_convergence),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
