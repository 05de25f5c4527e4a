/* Unit tests of the pirat golden model (csim/simtx/pirat.c): SIMT-X's
 * Path-Identifying Register Alias Table, its Commit copy and the free list.
 *
 * Built and run by tests/run_tests.py (unit tests): gcc with the include
 * folders of `scripts/cfg.py sources pirat cincdirs` and -Itests/common, the
 * block's csim sources (`scripts/cfg.py sources pirat csim`) and this file,
 * -lcmocka.
 *
 * Expected values are worked out by hand from the SIMT-X paper (section 3.1
 * with Figure 1(c); 3.5.3, the merge R_k <- (NOT h AND R_i) OR (h AND R_j);
 * 3.7.2, rollback; 3.8.1's source and destination rules and the Figure 4
 * (a)-(c) walk-throughs; 3.8.2, the pending divergence; 3.8.3, serialised
 * merges; 3.8.4, the Commit PIRAT and register release) and
 * docs/blocks/pirat.md (its Rename, Commit and release, Rollback, Cycle
 * timing and Decisions sections), with these facts from the page:
 *   - reset: register r of warp w is Main w * ArchRegs + r in both PIRATs,
 *     every other physical register free;
 *   - a cycle's merge takes the lowest free register, the instruction's
 *     destination the next lowest;
 *   - A within B is A AND NOT B = 0; a path id's Rmask is its mask in
 *     pt_masks (path h's at pt_masks[h]) in the cycle of use; bit t of a
 *     mask is thread t;
 *   - mrg_*, ins_*, uop_warp, free_count, err_sticky are registered: they
 *     show an edge's rename in the cycle after it (read here with
 *     pirat_eval, no edge); ren_ready, ren_err, cmt_err and rd_* are of the
 *     cycle.
 * An entry is written (P_main, h/m, P_ld) as in the paper: PATH(p, h, l) an
 * LDiv named by path id h, MASK(p, m, l) by mask m, MAIN(p) none.
 *
 * Every cycle goes to the model m and its shadow s (test_util.h); both must
 * pass pirat_leak_check after every edge. A request that must be rejected,
 * or a rename that must not be taken, reaches the shadow without that
 * request: pirat_same_state() then checks it changed nothing. */
#include <stdio.h>

#include "test_util.h"

#include "pirat.h"

TEST_MODEL_HELPERS(pirat, PR_OK)

typedef pirat_in_t in_t;
typedef pirat_out_t out_t;
typedef pirat_events_t ev_t;
typedef shadowed_t tb_t; /* the model m and its shadow s */

#define TB_TEST(f) cmocka_unit_test_teardown(f, shadowed_teardown)

/* P1, the paper's register numbers: 1 warp x 4 threads, 8 paths, r0..r3 on
 * p0..p3 at reset, p4..p11 free. */
static const pirat_params_t P1 = {.num_warps = 1, .warp_width = 4, .paths_per_warp = 8,
                                  .arch_regs = 4, .phys_regs = 12};
/* P2: 2 warps; warp 0's r0..r3 on p0..p3, warp 1's on p4..p7, p8..p17 free
 * (the fewest registers: 2 x 2 x 4 + 2 = 18). */
static const pirat_params_t P2 = {.num_warps = 2, .warp_width = 4, .paths_per_warp = 8,
                                  .arch_regs = 4, .phys_regs = 18};
/* PT: the fewest registers, 2 x 1 x 2 + 2 = 6: r0, r1 on p0, p1; p2..p5
 * free. */
static const pirat_params_t PT = {.num_warps = 1, .warp_width = 4, .paths_per_warp = 8,
                                  .arch_regs = 2, .phys_regs = 6};
/* PE: every port value past the range fits in its port: warp 3 (2 bits,
 * 3 warps), paths 6 and 7 (3 bits, 6 paths), r3 (2 bits, 3 registers),
 * p30 and p31 (5 bits, 30 registers). Warp w's r on p(3w + r): p0..p8
 * mapped, p9..p29 free. */
static const pirat_params_t PE = {.num_warps = 3, .warp_width = 4, .paths_per_warp = 6,
                                  .arch_regs = 3, .phys_regs = 30};

/* Pathtable rows (pt_masks of the renaming warp). Figure 4: h0 = 1111
 * before the branch; its buop makes h1 = 0011 (the "if" side) and h2 =
 * 1100. (b): h3 = h1 OR h2 = 1111 at reconvergence; (c): another
 * divergence, h3 inherits h1's mask 0011. */
static const uint64_t FIG4B[8] = {0xf, 0x3, 0xc, 0xf};
static const uint64_t FIG4C[8] = {0xf, 0x3, 0xc, 0x3};
/* For the rules: h0..h2 as in Figure 4; h3 0001 (within h1), h4 0110 (across
 * h1 and h2), h5 0000 (nullified), h7 0010. */
static const uint64_t ROW[8] = {0xf, 0x3, 0xc, 0x1, 0x6, 0x0, 0x0, 0x2};
/* The same after h1's buop resolved without thread 1: h1 0001. */
static const uint64_t ROW_SHRUNK[8] = {0xf, 0x1, 0xc, 0x1, 0x6, 0x0, 0x0, 0x2};
/* The same after h1's instructions committed and the Pathtable gave the
 * entry to another path: h1 1100. */
static const uint64_t ROW_REUSED[8] = {0xf, 0xc, 0xc, 0x1, 0x6, 0x0, 0x0, 0x2};

/* ---- cycles ------------------------------------------------------------- */

static void expect_no_leak(const pirat_t *m)
{
    char err[256] = "";
    if (pirat_leak_check(m, err, sizeof err))
        fail_msg("pirat_leak_check: %s", err);
}

/* One clock cycle: in on the model, shadow_in on the shadow; the leak check
 * after the edge on both. The model's outputs of the cycle, its events in
 * *ev. */
static out_t run(tb_t *t, in_t in, in_t shadow_in, ev_t *ev)
{
    out_t o;
    pirat_step(t->m, &in, &o, ev);
    pirat_step(t->s, &shadow_in, NULL, NULL);
    expect_no_leak(t->m);
    expect_no_leak(t->s);
    return o;
}

/* The registered outputs of the last edge (and rd_* at address 0): the
 * cycle after it, without an edge. */
static out_t peek(const tb_t *t)
{
    out_t o;
    pirat_eval(t->m, &(in_t){0}, &o);
    return o;
}

/* A cycle whose every request is accepted (a rename may stall): its
 * outputs; its events in *ev unless NULL. */
static out_t ok(tb_t *t, in_t in, ev_t *ev)
{
    ev_t e;
    ev = ev ? ev : &e;
    out_t o = run(t, in, in, ev);
    assert_int_equal(o.ren_err, PR_ERR_NONE);
    assert_int_equal(o.cmt_err, PR_ERR_NONE);
    assert_int_equal(ev->ren_err, PR_ERR_NONE);
    assert_int_equal(ev->cmt_err, PR_ERR_NONE);
    assert_int_equal(ev->rb, in.rb_valid);
    return o;
}

/* A cycle whose rename is taken at its edge: its events. */
static ev_t renamed(tb_t *t, in_t in)
{
    ev_t ev;
    out_t o = ok(t, in, &ev);
    assert_true(o.ren_ready);
    assert_true(ev.renamed);
    return ev;
}

/* A cycle whose rename is not taken (no registers, or its warp rolled
 * back), changing nothing that the cycle without it would not: its events. */
static ev_t not_taken(tb_t *t, in_t in)
{
    ev_t ev;
    in_t without = in;
    without.ren_valid = false;
    out_t o = run(t, in, without, &ev);
    assert_false(o.ren_ready);
    assert_int_equal(o.ren_err, PR_ERR_NONE);
    assert_int_equal(o.cmt_err, PR_ERR_NONE);
    assert_false(ev.renamed);
    assert_false(ev.merge);
    assert_true(pirat_same_state(t->m, t->s));
    out_t n = peek(t);
    assert_false(n.ins_valid);
    assert_false(n.mrg_valid);
    return ev;
}

/* A cycle whose rename, commit or rollback is rejected with the code given
 * (0: that port's request, if any, is accepted): the rejected requests
 * change nothing, the others act; the codes in the cycle, their sticky bits
 * after the edge. */
static void bad(tb_t *t, in_t in, unsigned ren_err, unsigned cmt_err, unsigned rb_err)
{
    in_t accepted = in;
    accepted.ren_valid &= !ren_err;
    accepted.cmt_valid &= !cmt_err;
    accepted.rb_valid &= !rb_err;
    ev_t ev;
    out_t o = run(t, in, accepted, &ev);
    assert_int_equal(o.ren_err, ren_err);
    assert_int_equal(o.cmt_err, cmt_err);
    assert_int_equal(ev.ren_err, ren_err);
    assert_int_equal(ev.cmt_err, cmt_err);
    assert_int_equal(ev.rb, accepted.rb_valid);
    if (ren_err) {
        assert_true(o.ren_ready); /* rejected, not stalled */
        assert_false(ev.renamed);
        assert_false(ev.merge);
    }
    assert_true(pirat_same_state(t->m, t->s));
    out_t n = peek(t);
    if (ren_err) {
        assert_false(n.ins_valid);
        assert_false(n.mrg_valid);
    }
    const unsigned codes[] = {ren_err, cmt_err, rb_err};
    for (size_t k = 0; k < ARRAY_LEN(codes); k++)
        if (codes[k])
            assert_true(n.err_sticky & (1u << codes[k]));
    assert_false(n.err_sticky & 1u); /* bit 0 never */
}

/* ---- requests ------------------------------------------------------------ */

enum { NO = -1 }; /* no such operand */

/* A rename of warp w on path h with the Pathtable row row and the pending
 * divergence pend: sources s0, s1 and destination d (architectural
 * registers, NO for none). */
static in_t ren(unsigned w, unsigned h, const uint64_t row[8], bool pend, int s0, int s1, int d)
{
    in_t in = {.ren_valid = true, .ren_warp = w, .ren_path = h, .pending = pend,
               .ren_src_valid = (s0 != NO) | (s1 != NO) << 1,
               .ren_src0 = s0 == NO ? 0 : (unsigned)s0, .ren_src1 = s1 == NO ? 0 : (unsigned)s1,
               .ren_dst_valid = d != NO, .ren_dst = d == NO ? 0 : (unsigned)d};
    for (unsigned k = 0; k < 8; k++)
        in.pt_masks[k] = row[k];
    return in;
}

/* A commit of warp w: its micro-op's register r and physical destination
 * p; an instruction's committed mask; a merge (hold: a destination merge). */
static in_t cmt(unsigned w, unsigned r, unsigned p, uint64_t mask, bool merge, bool hold)
{
    return (in_t){.cmt_valid = true, .cmt_warp = w, .cmt_reg = r, .cmt_preg = p,
                  .cmt_mask = mask, .cmt_merge = merge, .cmt_hold = hold};
}
#define cmt_ins(w, r, p, mask) cmt(w, r, p, mask, false, false)
#define cmt_mrg(w, r, p, hold) cmt(w, r, p, 0, true, hold)

static in_t rb(unsigned w) { return (in_t){.rb_valid = true, .rb_warp = w}; }

#define CMT_FIELDS(X)                                                                       \
    X(cmt_valid) X(cmt_warp) X(cmt_merge) X(cmt_hold) X(cmt_reg) X(cmt_preg) X(cmt_mask)
#define COPY_FROM_B(f) a.f = b.f;

/* a's rename with b's commit and rollback, in one cycle */
static in_t join(in_t a, in_t b)
{
    if (b.cmt_valid) {
        CMT_FIELDS(COPY_FROM_B)
    }
    if (b.rb_valid) {
        a.rb_valid = true;
        a.rb_warp = b.rb_warp;
    }
    return a;
}

/* ---- state ----------------------------------------------------------------- */

typedef struct {
    unsigned main;
    bool ld;       /* an LDiv */
    bool path;     /* named by a path id (else a mask) */
    uint64_t mp;   /* the path id or the mask */
    unsigned pld;
} ent_t;
#define MAIN(p) ((ent_t){.main = (p)})
#define PATH(p, h, l) ((ent_t){(p), true, true, (h), (l)})
#define MASK(p, m, l) ((ent_t){(p), true, false, (m), (l)})

/* An entry as pirat_entry/pirat_commit_entry give it, or as the read port
 * shows it (rd: its LDiv fields read 0 without an LDiv). */
static void expect_entry(pirat_entry_t e, ent_t want, bool rd)
{
    assert_int_equal(e.main, want.main);
    assert_int_equal(e.ld_valid, want.ld);
    if (want.ld)
        assert_int_equal(e.is_path, want.path);
    if (want.ld || rd) {
        assert_int_equal(e.mp, want.ld ? want.mp : 0);
        assert_int_equal(e.ld, want.ld ? want.pld : 0);
    }
}

/* The read port's view of warp w's entry of r: the speculative PIRAT's or
 * (commit) the Commit PIRAT's (masks only). */
static void expect_rd_entry(const tb_t *t, bool commit, unsigned w, unsigned r, ent_t want)
{
    out_t o;
    pirat_eval(t->m, &(in_t){.rd_warp = w, .rd_reg = r}, &o);
    pirat_entry_t rd = {.main = o.rd_main, .ld_valid = o.rd_ld_valid, .is_path = o.rd_is_path,
                        .mp = o.rd_mp, .ld = o.rd_ld};
    if (commit)
        rd = (pirat_entry_t){.main = o.rd_cmain, .ld_valid = o.rd_cld_valid, .mp = o.rd_cmask,
                             .ld = o.rd_cld};
    expect_entry(rd, want, true);
}

/* Warp w's entry of r in the speculative PIRAT or (commit) the Commit
 * PIRAT, through pirat_entry/pirat_commit_entry and the read port. */
static void expect_pirat(const tb_t *t, bool commit, unsigned w, unsigned r, ent_t want)
{
    assert_false(commit && want.path); /* the Commit PIRAT holds masks only */
    pirat_entry_t e;
    assert_true((commit ? pirat_commit_entry : pirat_entry)(t->m, w, r, &e));
    expect_entry(e, want, false);
    expect_rd_entry(t, commit, w, r, want);
}
#define expect_spec(t, w, r, want) expect_pirat(t, false, w, r, want)
#define expect_commit(t, w, r, want) expect_pirat(t, true, w, r, want)

enum { PFREE = -1, PDONE = -2 };

/* Physical register p: PFREE; PDONE (allocated, not in flight: committed,
 * mapped at reset or held); or in flight, allocated by warp `who`. */
static void expect_preg(const tb_t *t, unsigned p, int who)
{
    assert_int_equal(pirat_is_free(t->m, p), who == PFREE);
    out_t o;
    pirat_eval(t->m, &(in_t){.rd_preg = p}, &o);
    assert_int_equal(o.rd_pfree, who == PFREE);
    assert_int_equal(o.rd_pspec, who >= 0);
    if (who == PFREE)
        assert_int_equal(o.rd_powner, 0);
    if (who >= 0)
        assert_int_equal(o.rd_powner, (unsigned)who);
}

static void expect_free(const tb_t *t, unsigned n)
{
    assert_int_equal(pirat_free_count(t->m), n);
    assert_int_equal(peek(t).free_count, n);
}

/* A cycle of commits alone, accepted, releasing exactly the registers
 * rel[0..n-1]: each free after the edge, the free count n higher. Its
 * events. */
static ev_t releases(tb_t *t, in_t in, const unsigned *rel, unsigned n)
{
    unsigned before = pirat_free_count(t->m);
    ev_t ev;
    ok(t, in, &ev);
    assert_int_equal(ev.released, n);
    for (unsigned k = 0; k < n; k++)
        expect_preg(t, rel[k], PFREE);
    expect_free(t, before + n);
    return ev;
}
#define RELEASES(t, in, ...)                                                                \
    releases(t, in, (const unsigned[]){__VA_ARGS__}, ARRAY_LEN(((const unsigned[]){__VA_ARGS__})))
#define KEEPS(t, in) releases(t, in, NULL, 0)

/* The micro-ops the last edge renamed (registered outputs), as out_t
 * literals: PHI(r, d, mn, by, mp, l, hold) the merge P_d <- phi(P_mn, mp,
 * P_l) of register r, mp a path id (BY_PATH) or a mask (BY_MASK), hold:
 * HOLD (a destination merge) or SRC (a source merge); INS(s0, s1, d) the
 * instruction. */
enum { BY_MASK = 0, BY_PATH = 1 };
enum { SRC = 0, HOLD = 1 };
#define PHI(r, d, mn, by, mp, l, hold)                                                      \
    (&(out_t){.mrg_valid = true, .mrg_reg = (r), .mrg_dst = (d), .mrg_main = (mn),          \
              .mrg_is_path = (by), .mrg_mp = (mp), .mrg_ld = (l), .mrg_hold = (hold)})
#define INS(s0, s1, d)                                                                      \
    (&(out_t){.ins_valid = true, .ins_src0 = (s0), .ins_src1 = (s1), .ins_dst = (d)})
#define MRG_FIELDS(X)                                                                       \
    X(mrg_reg) X(mrg_dst) X(mrg_main) X(mrg_ld) X(mrg_is_path) X(mrg_mp) X(mrg_hold)
#define INS_FIELDS(X) X(ins_src0) X(ins_src1) X(ins_dst)

/* The merge (NULL: none) and the instruction (NULL: none) the last edge
 * renamed, of warp w. */
static void expect_uops(const tb_t *t, unsigned w, const out_t *mrg, const out_t *ins)
{
    out_t o = peek(t);
    const out_t *got = &o, *want;
    assert_int_equal(o.mrg_valid, mrg != NULL);
    if ((want = mrg)) {
        MRG_FIELDS(EXPECT_SAME_FIELD)
    }
    assert_int_equal(o.ins_valid, ins != NULL);
    if ((want = ins)) {
        INS_FIELDS(EXPECT_SAME_FIELD)
    }
    if (mrg || ins)
        assert_int_equal(o.uop_warp, w);
}

static void restart(tb_t *t)
{
    pirat_reset(t->m);
    pirat_reset(t->s);
}

/* Path h of warp 0 (row, pending pend) reads r alone: it must read p,
 * with no merge. Its events. */
static ev_t reads(tb_t *t, const uint64_t row[8], bool pend, unsigned h, unsigned r, unsigned p)
{
    ev_t ev = renamed(t, ren(0, h, row, pend, (int)r, NO, NO));
    expect_uops(t, 0, NULL, INS(p, 0, 0));
    return ev;
}

/* ---- 1. parameters ------------------------------------------------------- */

static void test_bad_params(void **state)
{
    (void)state;
    const bad_params_t c[] = {
        {{.num_warps = 0, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 12}, PR_EPARAM_NUM_WARPS},
        /* 2 x 17 x 4 + 2 = 138 registers would do: only NumWarps is out */
        {{.num_warps = 17, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 2048}, PR_EPARAM_NUM_WARPS},
        {{.num_warps = 1, .warp_width = 1, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 12}, PR_EPARAM_WARP_WIDTH},
        {{.num_warps = 1, .warp_width = 33, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 12}, PR_EPARAM_WARP_WIDTH},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 3, .arch_regs = 4,
          .phys_regs = 12}, PR_EPARAM_PATHS_PER_WARP},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 65, .arch_regs = 4,
          .phys_regs = 12}, PR_EPARAM_PATHS_PER_WARP},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 1,
          .phys_regs = 12}, PR_EPARAM_ARCH_REGS},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 33,
          .phys_regs = 2048}, PR_EPARAM_ARCH_REGS},
        /* below 6 (2 x 1 x 2 + 2 = 6 needed) and above 2048 */
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 2,
          .phys_regs = 5}, PR_EPARAM_PHYS_REGS},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 2,
          .phys_regs = 2049}, PR_EPARAM_PHYS_REGS},
        /* PhysRegs < 2 * NumWarps * ArchRegs + 2: 2 x 1 x 4 + 2 = 10 (so 9,
         * and 6 = 1 x 4 + 2 too); 2 x 2 x 4 + 2 = 18; 2 x 16 x 32 + 2 = 1026 */
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 9}, PR_EPARAM_PHYS_REGS},
        {{.num_warps = 1, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 6}, PR_EPARAM_PHYS_REGS},
        {{.num_warps = 2, .warp_width = 4, .paths_per_warp = 8, .arch_regs = 4,
          .phys_regs = 17}, PR_EPARAM_PHYS_REGS},
        {{.num_warps = 16, .warp_width = 32, .paths_per_warp = 64, .arch_regs = 32,
          .phys_regs = 1025}, PR_EPARAM_PHYS_REGS},
    };
    expect_bad_params(c, ARRAY_LEN(c));
    pirat_t *m = (pirat_t *)&m;
    assert_int_equal(pirat_create(NULL, &m), PR_EPARAM_NUM_WARPS);
    assert_null(m);
    /* the edges of the legal space: min, max, PhysRegs exactly
     * 2 * n * A + 2, a path count that is no power of two */
    const pirat_params_t legal[] = {
        {.num_warps = 1, .warp_width = 2, .paths_per_warp = 4, .arch_regs = 2, .phys_regs = 6},
        {.num_warps = 16, .warp_width = 32, .paths_per_warp = 64, .arch_regs = 32,
         .phys_regs = 2048},
        {.num_warps = 16, .warp_width = 32, .paths_per_warp = 64, .arch_regs = 32,
         .phys_regs = 1026},
        {.num_warps = 1, .warp_width = 4, .paths_per_warp = 5, .arch_regs = 4, .phys_regs = 10},
    };
    for (size_t i = 0; i < ARRAY_LEN(legal); i++)
        pirat_destroy(create_ok(&legal[i]));
}

/* ---- 2. reset ------------------------------------------------------------ */

/* P2 at reset: warp w's r is Main w * 4 + r in both PIRATs, no LDiv;
 * p0..p7 mapped, p8..p17 free (10); no micro-op, no error. */
static void expect_reset_p2(const tb_t *t)
{
    for (unsigned w = 0; w < 2; w++)
        for (unsigned r = 0; r < 4; r++) {
            expect_spec(t, w, r, MAIN(w * 4 + r));
            expect_commit(t, w, r, MAIN(w * 4 + r));
        }
    for (unsigned p = 0; p < 18; p++)
        expect_preg(t, p, p < 8 ? PDONE : PFREE);
    expect_free(t, 10);
    expect_uops(t, 0, NULL, NULL);
    assert_int_equal(peek(t).err_sticky, 0);
}

static void test_reset(void **state)
{
    tb_t *t = shadowed_new(state, &P2);
    expect_reset_p2(t);
    /* some activity, then the reset brings it all back */
    renamed(t, ren(1, 1, ROW, false, NO, NO, 2)); /* warp 1's r2: (p6, h1, p8) */
    expect_spec(t, 1, 2, PATH(6, 1, 8));
    KEEPS(t, cmt_ins(1, 2, 8, 0x3));
    expect_commit(t, 1, 2, MASK(6, 0x3, 8));
    bad(t, cmt_ins(0, 0, 0, 0x3), 0, PR_ERR_BAD_PREG, 0);
    restart(t);
    expect_reset_p2(t);
}

/* ---- 3-5. Figure 4 --------------------------------------------------------- */

/* Figure 4(a), a divergence pending (the buop that made h1 and h2 is in
 * flight): h1 renames r1 with p4, the lowest free: (p1,-,-) -> (p1, h1, p4);
 * h2 renames r2 with p5: (p2, h2, p5). A Main-only destination takes the
 * first destination rule whatever is pending. */
static void fig4a(tb_t *t, const uint64_t row[8])
{
    ev_t ev = renamed(t, ren(0, 1, row, true, NO, NO, 1));
    assert_int_equal(ev.dst_rule, PR_DST_MAIN_ONLY);
    assert_false(ev.merge);
    expect_uops(t, 0, NULL, INS(0, 0, 4));
    ev = renamed(t, ren(0, 2, row, true, NO, NO, 2));
    assert_int_equal(ev.dst_rule, PR_DST_MAIN_ONLY);
    expect_uops(t, 0, NULL, INS(0, 0, 5));
    expect_spec(t, 0, 1, PATH(1, 1, 4));
    expect_spec(t, 0, 2, PATH(2, 2, 5));
}

static void test_fig4a(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    /* the registered outputs: the cycle of a rename shows the edge before
     * (nothing after reset); the next cycle shows it */
    out_t o = ok(t, ren(0, 1, FIG4C, true, NO, NO, 1), NULL);
    assert_true(o.ren_ready);
    assert_false(o.ins_valid);
    assert_int_equal(o.free_count, 8);
    o = ok(t, ren(0, 2, FIG4C, true, NO, NO, 2), NULL);
    assert_true(o.ins_valid);
    assert_int_equal(o.ins_dst, 4);
    assert_int_equal(o.ins_src0, 0);
    assert_int_equal(o.ins_src1, 0);
    assert_false(o.mrg_valid);
    assert_int_equal(o.uop_warp, 0);
    assert_int_equal(o.free_count, 7);
    expect_uops(t, 0, NULL, INS(0, 0, 5));
    expect_free(t, 6);
    expect_spec(t, 0, 0, MAIN(0));
    expect_spec(t, 0, 1, PATH(1, 1, 4));
    expect_spec(t, 0, 2, PATH(2, 2, 5));
    expect_spec(t, 0, 3, MAIN(3));
    /* nothing committed yet */
    for (unsigned r = 0; r < 4; r++)
        expect_commit(t, 0, r, MAIN(r));
    expect_preg(t, 1, PDONE);
    expect_preg(t, 4, 0);
    expect_preg(t, 5, 0);
    expect_preg(t, 6, PFREE);
    /* the same from a fresh start, through fig4a's own checks */
    restart(t);
    fig4a(t, FIG4C);
}

/* Figure 4(b): from 4(a), h3 = h1 OR h2 = 1111 reads r1. Rmask(h1) = 0011:
 * 1111 is neither within 0011 nor within 1100 -> a source merge into p6,
 * the lowest free: p6 <- phi(p1, h1, p4); r1 := (p6,-,-); the source reads
 * p6. */
static void fig4b(tb_t *t)
{
    fig4a(t, FIG4B);
    ev_t ev = renamed(t, ren(0, 3, FIG4B, false, 1, NO, NO));
    assert_int_equal(ev.src_rule[0], PR_SRC_MERGE);
    assert_int_equal(ev.src_rule[1], PR_SRC_NONE);
    assert_true(ev.src_rmask_path);
    assert_true(ev.merge);
    assert_int_equal(ev.dst_rule, PR_DST_NONE);
    expect_uops(t, 0, PHI(1, 6, 1, BY_PATH, 1, 4, SRC), INS(6, 0, 0));
    expect_spec(t, 0, 1, MAIN(6));
    expect_spec(t, 0, 2, PATH(2, 2, 5));
}

static void test_fig4b(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    fig4b(t);
    /* p1 and p4 stay until the merge commits (section 3.8.4) */
    expect_preg(t, 1, PDONE);
    expect_preg(t, 4, 0);
    expect_preg(t, 6, 0);
    expect_free(t, 5); /* p7..p11 */
}

/* Figure 4(c): from 4(a), h3 inherits h1's mask 0011, a divergence pending,
 * `sub r1 <- r1 - 1`. Source: Wmask 0011 within Rmask(h1) = 0011 -> p4.
 * Destination: pending -> a destination merge p6 <- phi(p1, h1, p4) (the
 * lowest free, mrg_hold), the instruction writes p7 (the next):
 * `sub p7 <- p4 - 1`, r1 := (p6, h3, p7). Only the pending divergence
 * forced the merge: 0011 covers m = 0011. */
static void fig4c(tb_t *t)
{
    fig4a(t, FIG4C);
    ev_t ev = renamed(t, ren(0, 3, FIG4C, true, 1, NO, 1));
    assert_int_equal(ev.src_rule[0], PR_SRC_LD);
    assert_true(ev.src_rmask_path);
    assert_int_equal(ev.dst_rule, PR_DST_MERGE);
    assert_true(ev.dst_merge_pend);
    assert_true(ev.merge);
    expect_uops(t, 0, PHI(1, 6, 1, BY_PATH, 1, 4, HOLD), INS(4, 0, 7));
    expect_spec(t, 0, 1, PATH(6, 3, 7));
}

static void test_fig4c(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    fig4c(t);
    expect_free(t, 4); /* p8..p11 */
    expect_preg(t, 6, 0);
    expect_preg(t, 7, 0);
    expect_spec(t, 0, 2, PATH(2, 2, 5));
}

/* ---- 6. the renaming rules ------------------------------------------------- */

/* h1 (0011) writes r1: (p1, h1, p4). */
static void h1_writes_r1(tb_t *t)
{
    renamed(t, ren(0, 1, ROW, false, NO, NO, 1));
    expect_spec(t, 0, 1, PATH(1, 1, 4));
}

static void test_src_rules(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1(t);
    /* Main only: h0 reads r3 and r2 -> p3, p2 */
    ev_t ev = renamed(t, ren(0, 0, ROW, false, 3, 2, NO));
    assert_int_equal(ev.src_rule[0], PR_SRC_MAIN_ONLY);
    assert_int_equal(ev.src_rule[1], PR_SRC_MAIN_ONLY);
    expect_uops(t, 0, NULL, INS(3, 2, 0));
    /* LDiv: h3 0001 within Rmask(h1) = 0011 -> p4; the pending divergence
     * is no condition of a source */
    ev = reads(t, ROW, true, 3, 1, 4);
    assert_int_equal(ev.src_rule[0], PR_SRC_LD);
    assert_true(ev.src_rmask_path);
    /* Main of an LDiv entry: h2 1100 within NOT 0011 -> p1 (source 1 only) */
    ev = renamed(t, ren(0, 2, ROW, false, NO, 1, NO));
    assert_int_equal(ev.src_rule[0], PR_SRC_NONE);
    assert_int_equal(ev.src_rule[1], PR_SRC_MAIN);
    expect_uops(t, 0, NULL, INS(0, 1, 0));
    /* a null path h5 0000 is within both: "within Rmask" is checked first ->
     * p4 */
    ev = reads(t, ROW, false, 5, 1, 4);
    assert_int_equal(ev.src_rule[0], PR_SRC_LD);
    /* the path id's Rmask is h1's mask in this cycle's row: h7 0010 within
     * 0011 -> p4; once h1 shrank to 0001, 0010 is within NOT 0001 -> p1 */
    reads(t, ROW, false, 7, 1, 4);
    ev = reads(t, ROW_SHRUNK, false, 7, 1, 1);
    assert_int_equal(ev.src_rule[0], PR_SRC_MAIN);
    expect_spec(t, 0, 1, PATH(1, 1, 4));
    expect_free(t, 7); /* reads allocate nothing: p5..p11 */
    /* merge: h4 0110 is within neither 0011 nor 1100 -> p5 <- phi(p1, h1, p4) */
    ev = renamed(t, ren(0, 4, ROW, false, 1, NO, NO));
    assert_int_equal(ev.src_rule[0], PR_SRC_MERGE);
    expect_uops(t, 0, PHI(1, 5, 1, BY_PATH, 1, 4, SRC), INS(5, 0, 0));
    expect_spec(t, 0, 1, MAIN(5));
    /* two sources naming one register share its merge: h1 writes r2 (p2,
     * h1, p6); h4 reads r2 twice -> one merge p7 <- phi(p2, h1, p6), taken
     * at once */
    renamed(t, ren(0, 1, ROW, false, NO, NO, 2));
    expect_spec(t, 0, 2, PATH(2, 1, 6));
    ev = renamed(t, ren(0, 4, ROW, false, 2, 2, NO));
    assert_false(ev.serialise);
    expect_uops(t, 0, PHI(2, 7, 2, BY_PATH, 1, 6, SRC), INS(7, 7, 0));
    /* a source merge of the destination's register makes its entry Main
     * only for the destination: h1 writes r3 (p3, h1, p8); h4 `r3 <- r3`:
     * p9 <- phi(p3, h1, p8), r3 := (p9,-,-), then (p9, h4, p10) */
    renamed(t, ren(0, 1, ROW, false, NO, NO, 3));
    ev = renamed(t, ren(0, 4, ROW, false, 3, NO, 3));
    assert_int_equal(ev.src_rule[0], PR_SRC_MERGE);
    assert_int_equal(ev.dst_rule, PR_DST_MAIN_ONLY);
    expect_uops(t, 0, PHI(3, 9, 3, BY_PATH, 1, 8, SRC), INS(9, 0, 10));
    expect_spec(t, 0, 3, PATH(9, 4, 10));
    expect_free(t, 1); /* p11 */
}

/* Each destination rule on (p1, h1, p4), m = Rmask(h1) = 0011, from reset;
 * a merge is p5 <- phi(p1, h1, p4) with mrg_hold, the instruction p6. */
static void test_dst_rules(void **state)
{
    static const struct {
        unsigned h;
        bool pend;
        unsigned rule;
        bool forced; /* only the pending divergence forced the merge */
        ent_t e;
    } c[] = {
        /* h1 0011 covers m: the LDiv overwritten: (p1, h1, p5) */
        {1, false, PR_DST_OVER_LD, false, PATH(1, 1, 5)},
        /* a full-warp write covers m and NOT m: the first rule keeps p1 */
        {0, false, PR_DST_OVER_LD, false, PATH(1, 0, 5)},
        /* h2 1100 covers NOT m = 1100: Main := p4: (p4, h2, p5) */
        {2, false, PR_DST_OVER_MAIN, false, PATH(4, 2, 5)},
        /* h4 0110 covers neither: (p5, h4, p6) */
        {4, false, PR_DST_MERGE, false, PATH(5, 4, 6)},
        /* pending: a merge where the rules above would apply */
        {1, true, PR_DST_MERGE, true, PATH(5, 1, 6)},
        {0, true, PR_DST_MERGE, true, PATH(5, 0, 6)},
        {2, true, PR_DST_MERGE, true, PATH(5, 2, 6)},
        {4, true, PR_DST_MERGE, false, PATH(5, 4, 6)},
    };
    tb_t *t = shadowed_new(state, &P1);
    for (size_t i = 0; i < ARRAY_LEN(c); i++) {
        restart(t);
        h1_writes_r1(t);
        ev_t ev = renamed(t, ren(0, c[i].h, ROW, c[i].pend, NO, NO, 1));
        assert_int_equal(ev.dst_rule, c[i].rule);
        assert_int_equal(ev.dst_merge_pend, c[i].forced);
        expect_spec(t, 0, 1, c[i].e);
        bool merge = c[i].rule == PR_DST_MERGE;
        expect_uops(t, 0, merge ? PHI(1, 5, 1, BY_PATH, 1, 4, HOLD) : NULL,
                    INS(0, 0, merge ? 6 : 5));
        expect_free(t, merge ? 5 : 6);
        expect_preg(t, 4, 0); /* a rename releases nothing */
        expect_preg(t, 1, PDONE);
    }
    /* the sources are read before the destination: h1 `r1 <- r1`, nothing
     * pending: reads p4, writes over the LDiv: (p1, h1, p5) */
    restart(t);
    h1_writes_r1(t);
    renamed(t, ren(0, 1, ROW, false, 1, NO, 1));
    expect_uops(t, 0, NULL, INS(4, 0, 5));
    expect_spec(t, 0, 1, PATH(1, 1, 5));
}

/* A mask-held LDiv: the producer's commit turns the path id into its
 * committed mask; the row's h1 no longer matters. */
static void test_mask_held_ldiv(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1(t);
    ev_t ev = KEEPS(t, cmt_ins(0, 1, 4, 0x3));
    assert_true(ev.to_mask);
    expect_spec(t, 0, 1, MASK(1, 0x3, 4));
    /* h1 now names 1100 in the row: h2 1100 is within NOT 0011 -> p1 (by the
     * row's 1100 it would read p4); h3 0001 within 0011 -> p4 */
    ev = reads(t, ROW_REUSED, false, 2, 1, 1);
    assert_int_equal(ev.src_rule[0], PR_SRC_MAIN);
    assert_false(ev.src_rmask_path);
    reads(t, ROW_REUSED, false, 3, 1, 4);
    /* a destination: m = 0011; h2 1100 covers NOT m -> (p4, h2, p5) */
    ev = renamed(t, ren(0, 2, ROW_REUSED, false, NO, NO, 1));
    assert_int_equal(ev.dst_rule, PR_DST_OVER_MAIN);
    expect_spec(t, 0, 1, PATH(4, 2, 5));
    /* and a merge of a mask-held entry carries the mask: h1 writes r2
     * (p2, h1, p6); p5 commits (C r1 (p1, 0011, p4), 1100 covers NOT m:
     * (p4, 1100, p5), p1 released), then p6 with mask 0011; h0 1111 reads
     * r2 -> a merge into p1, the lowest free: p1 <- phi(p2, 0011, p6) */
    renamed(t, ren(0, 1, ROW, false, NO, NO, 2));
    ev = RELEASES(t, cmt_ins(0, 1, 5, 0xc), 1);
    assert_true(ev.rel_main);
    expect_commit(t, 0, 1, MASK(4, 0xc, 5));
    expect_spec(t, 0, 1, MASK(4, 0xc, 5));
    KEEPS(t, cmt_ins(0, 2, 6, 0x3));
    expect_spec(t, 0, 2, MASK(2, 0x3, 6));
    renamed(t, ren(0, 0, ROW_REUSED, false, 2, NO, NO));
    expect_uops(t, 0, PHI(2, 1, 2, BY_MASK, 0x3, 6, SRC), INS(1, 0, 0));
}

/* ---- 7. one merge a cycle ------------------------------------------------- */

/* r1 = (p1, h1, p4), r2 = (p2, h1, p5) */
static void h1_writes_r1_r2(tb_t *t)
{
    h1_writes_r1(t);
    renamed(t, ren(0, 1, ROW, false, NO, NO, 2));
    expect_spec(t, 0, 2, PATH(2, 1, 5));
}

/* A cycle whose rename stalls (one merge a cycle) while its first source
 * merge, mrg, is renamed. */
static void serialised(tb_t *t, in_t in, const out_t *mrg)
{
    ev_t ev;
    out_t o = ok(t, in, &ev);
    assert_false(o.ren_ready);
    assert_true(ev.serialise);
    assert_true(ev.merge);
    assert_false(ev.renamed);
    expect_uops(t, in.ren_warp, mrg, NULL);
}

/* h0 1111 reads r2 (source 0) and r1 (source 1): both need a merge. The
 * first cycle stalls and renames source 0's: p6 <- phi(p2, h1, p5); the
 * next renames p7 <- phi(p1, h1, p4) with the instruction (p6, p7). */
static void test_serialise_two_sources(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1_r2(t);
    in_t in = ren(0, 0, ROW, false, 2, 1, NO);
    serialised(t, in, PHI(2, 6, 2, BY_PATH, 1, 5, SRC));
    expect_spec(t, 0, 2, MAIN(6));
    expect_spec(t, 0, 1, PATH(1, 1, 4));
    ev_t ev = renamed(t, in);
    assert_false(ev.serialise);
    assert_int_equal(ev.src_rule[0], PR_SRC_MAIN_ONLY);
    assert_int_equal(ev.src_rule[1], PR_SRC_MERGE);
    expect_uops(t, 0, PHI(1, 7, 1, BY_PATH, 1, 4, SRC), INS(6, 7, 0));
    expect_spec(t, 0, 1, MAIN(7));
    expect_free(t, 4); /* p8..p11 */
}

/* h4 0110 `r2 <- r1`, nothing pending: r1's source merge and r2's
 * destination merge (0110 covers neither 0011 nor 1100). The first cycle
 * renames the source merge p6 <- phi(p1, h1, p4); the next reads p6 and
 * merges r2: p7 <- phi(p2, h1, p5) held, (p7, h4, p8). */
static void test_serialise_src_and_dst(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1_r2(t);
    in_t in = ren(0, 4, ROW, false, 1, NO, 2);
    serialised(t, in, PHI(1, 6, 1, BY_PATH, 1, 4, SRC));
    expect_spec(t, 0, 1, MAIN(6));
    expect_spec(t, 0, 2, PATH(2, 1, 5));
    ev_t ev = renamed(t, in);
    assert_int_equal(ev.dst_rule, PR_DST_MERGE);
    assert_false(ev.dst_merge_pend);
    expect_uops(t, 0, PHI(2, 7, 2, BY_PATH, 1, 5, HOLD), INS(6, 0, 8));
    expect_spec(t, 0, 1, MAIN(6));
    expect_spec(t, 0, 2, PATH(7, 4, 8));
    expect_free(t, 3); /* p9..p11 */
}

/* ---- 8. out of registers --------------------------------------------------- */

/* PT: r0, r1 on p0, p1; p2..p5 free. */
static void test_out_of_registers(void **state)
{
    tb_t *t = shadowed_new(state, &PT);
    renamed(t, ren(0, 1, FIG4C, false, NO, NO, 0)); /* (p0, h1, p2) */
    renamed(t, ren(0, 1, FIG4C, false, NO, NO, 1)); /* (p1, h1, p3) */
    renamed(t, ren(0, 1, FIG4C, false, NO, NO, 1)); /* over the LDiv: (p1, h1, p4) */
    expect_spec(t, 0, 1, PATH(1, 1, 4));
    expect_free(t, 1); /* p5 */
    /* Figure 4(c)'s sub needs a merge and a destination: 2 > 1 free */
    in_t sub = ren(0, 3, FIG4C, true, 1, NO, 1);
    ev_t ev = not_taken(t, sub);
    assert_true(ev.stall_noreg);
    expect_spec(t, 0, 1, PATH(1, 1, 4));
    expect_free(t, 1);
    /* p2's and p3's commits fill the Commit PIRAT, release nothing */
    KEEPS(t, cmt_ins(0, 0, 2, 0x3));
    KEEPS(t, cmt_ins(0, 1, 3, 0x3));
    expect_commit(t, 0, 1, MASK(1, 0x3, 3));
    expect_free(t, 1);
    not_taken(t, sub);
    /* p4's commit covers m = 0011: releases p3 at the edge; the rename in
     * the same cycle sees the free list before it (1) and stalls */
    ev = not_taken(t, join(sub, cmt_ins(0, 1, 4, 0x3)));
    assert_true(ev.stall_noreg);
    assert_true(ev.rel_ld);
    assert_true(ev.to_mask); /* the rename did not write r1 */
    expect_free(t, 2);        /* p3, p5 */
    expect_spec(t, 0, 1, MASK(1, 0x3, 4));
    /* now it renames: reads p4 (0011 within the mask 0011); the merge takes
     * p3, the lowest, the instruction p5 */
    ev = renamed(t, sub);
    assert_int_equal(ev.src_rule[0], PR_SRC_LD);
    assert_false(ev.src_rmask_path);
    expect_uops(t, 0, PHI(1, 3, 1, BY_MASK, 0x3, 4, HOLD), INS(4, 0, 5));
    expect_spec(t, 0, 1, PATH(3, 3, 5));
    expect_free(t, 0);
    /* with no free register: a rename that needs none goes through (h1
     * reads r0 = (p0, 0011, p2) -> p2), one that needs a merge (h0 1111
     * across h3's 0011) stalls */
    reads(t, FIG4C, false, 1, 0, 2);
    ev = not_taken(t, ren(0, 0, FIG4C, false, 1, NO, NO));
    assert_true(ev.stall_noreg);
    expect_free(t, 0);
}

/* ---- 9. commit and release ------------------------------------------------- */

/* commit_fill of a Main-only Commit entry, and the path id -> mask
 * conversion at the producer's commit with the committed mask (not the
 * row's). */
static void test_commit_fill_to_mask(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    fig4a(t, FIG4C);
    ev_t ev = KEEPS(t, cmt_ins(0, 1, 4, 0x3)); /* C r1 (p1,-,-) -> (p1, 0011, p4) */
    assert_true(ev.commit_fill);
    assert_true(ev.to_mask);
    expect_commit(t, 0, 1, MASK(1, 0x3, 4));
    expect_spec(t, 0, 1, MASK(1, 0x3, 4));
    expect_preg(t, 4, PDONE);
    /* h2 speculated 1100; only its thread 3 committed the write */
    ev = KEEPS(t, cmt_ins(0, 2, 5, 0x8));
    assert_true(ev.commit_fill);
    expect_commit(t, 0, 2, MASK(2, 0x8, 5));
    expect_spec(t, 0, 2, MASK(2, 0x8, 5));
    expect_free(t, 6);
    expect_commit(t, 0, 0, MAIN(0));
    expect_commit(t, 0, 3, MAIN(3));
}

/* rel_ld (w covers m), rel_main (w covers NOT m); each register released
 * once and reused lowest first. */
static void test_release_ld_main(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1(t);                              /* (p1, h1, p4) */
    renamed(t, ren(0, 1, ROW, false, NO, NO, 1)); /* (p1, h1, p5) */
    ev_t ev = KEEPS(t, cmt_ins(0, 1, 4, 0x3));
    assert_true(ev.commit_fill);
    assert_false(ev.to_mask); /* the entry's LDiv is p5 now */
    expect_spec(t, 0, 1, PATH(1, 1, 5));
    /* C (p1, 0011, p4), w = 0011 covers m: (p1, 0011, p5), p4 released */
    ev = RELEASES(t, cmt_ins(0, 1, 5, 0x3), 4);
    assert_true(ev.rel_ld);
    expect_commit(t, 0, 1, MASK(1, 0x3, 5));
    expect_spec(t, 0, 1, MASK(1, 0x3, 5));
    expect_free(t, 7); /* p4, p6..p11 */
    /* h2 1100 writes r1 over Main: (p5, h2, p4), p4 the lowest free */
    renamed(t, ren(0, 2, ROW, false, NO, NO, 1));
    expect_uops(t, 0, NULL, INS(0, 0, 4));
    expect_spec(t, 0, 1, PATH(5, 2, 4));
    /* C (p1, 0011, p5), w = 1100 covers NOT m: (p5, 1100, p4), p1 released */
    ev = RELEASES(t, cmt_ins(0, 1, 4, 0xc), 1);
    assert_true(ev.rel_main);
    expect_commit(t, 0, 1, MASK(5, 0xc, 4));
    expect_spec(t, 0, 1, MASK(5, 0xc, 4));
    expect_preg(t, 5, PDONE);
    expect_free(t, 7); /* p1, p6..p11 */
    /* committed once: again is BAD_PREG, releasing nothing more */
    bad(t, cmt_ins(0, 1, 4, 0xc), 0, PR_ERR_BAD_PREG, 0);
    expect_free(t, 7);
    /* p1 is reused first: h0 writes r3 -> (p3, h0, p1) */
    renamed(t, ren(0, 0, ROW, false, NO, NO, 3));
    expect_spec(t, 0, 3, PATH(3, 0, 1));
    expect_free(t, 6);
}

/* Figure 4(b)'s source merge commits: C (p1, 0011, p4) -> (p6,-,-), p1 and
 * p4 released. */
static void test_merge_commit_releases_both(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    fig4b(t);
    ev_t ev = KEEPS(t, cmt_ins(0, 1, 4, 0x3));
    assert_false(ev.to_mask); /* r1 is (p6,-,-) */
    KEEPS(t, cmt_ins(0, 2, 5, 0xc));
    expect_commit(t, 0, 1, MASK(1, 0x3, 4));
    expect_spec(t, 0, 2, MASK(2, 0xc, 5));
    expect_free(t, 5);
    ev = RELEASES(t, cmt_mrg(0, 1, 6, false), 1, 4);
    assert_true(ev.rel_merge);
    assert_false(ev.hold);
    expect_commit(t, 0, 1, MAIN(6));
    expect_preg(t, 6, PDONE);
    expect_free(t, 7);
}

/* Figure 4(c)'s destination merge commits: C (p1, 0011, p4) -> (p6,-,-), but
 * `sub p7 <- p4 - 1`, younger, still reads p4: p1 and p4 are held until
 * the sub's commit (the page's "must"). While the pair is held a merge's
 * commit is BAD_COMMIT. */
static void test_dst_merge_holds(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    fig4c(t);
    /* h0 1111 reads r2 = (p2, h2, p5): a merge p8 <- phi(p2, h2, p5) */
    renamed(t, ren(0, 0, FIG4C, false, 2, NO, NO));
    expect_uops(t, 0, PHI(2, 8, 2, BY_PATH, 2, 5, SRC), INS(8, 0, 0));
    KEEPS(t, cmt_ins(0, 1, 4, 0x3));
    KEEPS(t, cmt_ins(0, 2, 5, 0xc));
    expect_free(t, 3); /* p9..p11 */
    ev_t ev = KEEPS(t, cmt_mrg(0, 1, 6, true));
    assert_true(ev.hold);
    assert_false(ev.rel_merge);
    expect_commit(t, 0, 1, MAIN(6));
    expect_preg(t, 1, PDONE);
    expect_preg(t, 4, PDONE);
    bad(t, cmt_mrg(0, 2, 8, false), 0, PR_ERR_BAD_COMMIT, 0);
    /* the sub commits with h3's committed mask 0001 (thread 1 left at the
     * pending divergence): fill (p6, 0001, p7), and the pair released */
    ev = RELEASES(t, cmt_ins(0, 1, 7, 0x1), 1, 4);
    assert_true(ev.commit_fill);
    assert_true(ev.rel_hold);
    assert_true(ev.to_mask);
    expect_commit(t, 0, 1, MASK(6, 0x1, 7));
    expect_spec(t, 0, 1, MASK(6, 0x1, 7));
    /* now r2's merge commits: C (p2, 1100, p5) -> (p8,-,-), both released */
    ev = RELEASES(t, cmt_mrg(0, 2, 8, false), 2, 5);
    assert_true(ev.rel_merge);
    expect_free(t, 7);
}

/* A null-mask commit is kept as an empty LDiv; null-path readers read it;
 * the next write's commit covers it and releases it. */
static void test_null_commit(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1(t);
    ev_t ev = KEEPS(t, cmt_ins(0, 1, 4, 0x0)); /* h1 nullified: no thread took it */
    assert_true(ev.null_commit);
    assert_true(ev.commit_fill);
    assert_true(ev.to_mask);
    expect_commit(t, 0, 1, MASK(1, 0x0, 4));
    expect_spec(t, 0, 1, MASK(1, 0x0, 4));
    expect_preg(t, 4, PDONE);
    /* h5 0000 is within the empty mask -> p4; h2 1100 within NOT 0000 -> p1 */
    reads(t, ROW, false, 5, 1, 4);
    reads(t, ROW, false, 2, 1, 1);
    /* h0 1111 writes r1, nothing pending: covers m = 0000 -> (p1, h0, p5);
     * its commit (1111 covers 0000) releases p4 */
    ev = renamed(t, ren(0, 0, ROW, false, NO, NO, 1));
    assert_int_equal(ev.dst_rule, PR_DST_OVER_LD);
    expect_spec(t, 0, 1, PATH(1, 0, 5));
    ev = RELEASES(t, cmt_ins(0, 1, 5, 0xf), 4);
    assert_true(ev.rel_ld);
    expect_commit(t, 0, 1, MASK(1, 0xf, 5));
    expect_free(t, 7);
}

/* A rename and a commit of one entry in one cycle: the rename, judged on
 * the entry as it stands (h1's path id), writes over p4, which the commit
 * would have turned into a mask: the rename wins. */
static void test_rename_commit_same_entry(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1(t);
    ev_t ev = renamed(t, join(ren(0, 1, ROW, false, NO, NO, 1), cmt_ins(0, 1, 4, 0x3)));
    assert_true(ev.ren_cmt_entry);
    assert_true(ev.commit_fill);
    assert_int_equal(ev.dst_rule, PR_DST_OVER_LD);
    expect_spec(t, 0, 1, PATH(1, 1, 5));
    expect_commit(t, 0, 1, MASK(1, 0x3, 4));
    ev = RELEASES(t, cmt_ins(0, 1, 5, 0x3), 4);
    assert_true(ev.rel_ld);
}

/* ---- 10. rollback -------------------------------------------------------- */

/* On P2 (warp 0 p0..p3, warp 1 p4..p7, p8..p17 free), rows FIG4C:
 * warp 0: h1 writes r1 (p1, h1, p8), h2 writes r2 (p2, h2, p9); warp 1: h1
 * writes r1 (p5, h1, p10); warp 0 commits p8 (0011), p9 (1100); Figure
 * 4(c)'s sub on warp 0: reads p8, p11 <- phi(p1, 0011, p8) held, (p11, h3,
 * p12); the merge commits (p1, p8 held); h0 1111 reads r2: a live merge
 * p13 <- phi(p2, 1100, p9). Warp 0 has p12 and p13 in flight. */
static void rb_setup(tb_t *t)
{
    renamed(t, ren(0, 1, FIG4C, true, NO, NO, 1));
    renamed(t, ren(0, 2, FIG4C, true, NO, NO, 2));
    renamed(t, ren(1, 1, FIG4C, true, NO, NO, 1));
    expect_uops(t, 1, NULL, INS(0, 0, 10));
    KEEPS(t, cmt_ins(0, 1, 8, 0x3));
    KEEPS(t, cmt_ins(0, 2, 9, 0xc));
    renamed(t, ren(0, 3, FIG4C, true, 1, NO, 1));
    expect_uops(t, 0, PHI(1, 11, 1, BY_MASK, 0x3, 8, HOLD), INS(8, 0, 12));
    KEEPS(t, cmt_mrg(0, 1, 11, true));
    renamed(t, ren(0, 0, FIG4C, false, 2, NO, NO));
    expect_uops(t, 0, PHI(2, 13, 2, BY_MASK, 0xc, 9, SRC), INS(13, 0, 0));
    expect_spec(t, 0, 1, PATH(11, 3, 12));
    expect_spec(t, 0, 2, MAIN(13));
    expect_commit(t, 0, 1, MAIN(11));
    expect_commit(t, 0, 2, MASK(2, 0xc, 9));
    expect_free(t, 4); /* p14..p17 */
}

/* Warp 0 rolls back: its PIRAT := its Commit PIRAT; p12, p13 (uncommitted)
 * and the held p1, p8 freed; warp 1 untouched. */
static void test_rollback(void **state)
{
    tb_t *t = shadowed_new(state, &P2);
    rb_setup(t);
    /* a rename of warp 1 in the cycle is taken, from the free list before
     * the edge: (p6, h2, p14) */
    ev_t ev = renamed(t, join(ren(1, 2, FIG4C, false, NO, NO, 2), rb(0)));
    assert_int_equal(ev.rb_freed, 2);
    assert_true(ev.rb_live_merge);
    assert_true(ev.rb_hold);
    expect_uops(t, 1, NULL, INS(0, 0, 14));
    expect_spec(t, 0, 0, MAIN(0));
    expect_spec(t, 0, 1, MAIN(11));
    expect_spec(t, 0, 2, MASK(2, 0xc, 9));
    expect_spec(t, 0, 3, MAIN(3));
    expect_commit(t, 0, 1, MAIN(11));
    expect_commit(t, 0, 2, MASK(2, 0xc, 9));
    expect_preg(t, 1, PFREE);
    expect_preg(t, 8, PFREE);
    expect_preg(t, 12, PFREE);
    expect_preg(t, 13, PFREE);
    expect_preg(t, 11, PDONE);
    expect_preg(t, 9, PDONE);
    expect_free(t, 7); /* p1, p8, p12, p13, p15..p17 */
    /* warp 1 untouched */
    expect_spec(t, 1, 1, PATH(5, 1, 10));
    expect_spec(t, 1, 2, PATH(6, 2, 14));
    expect_commit(t, 1, 1, MAIN(5));
    expect_preg(t, 10, 1);
    expect_preg(t, 14, 1);
    /* a rename of warp 0 in the cycle of its rollback is not taken */
    ev = not_taken(t, join(ren(0, 0, FIG4C, false, NO, NO, 3), rb(0)));
    assert_true(ev.blocked);
    assert_int_equal(ev.rb_freed, 0);
    expect_spec(t, 0, 3, MAIN(3));
    /* after it: p1 is the lowest free: (p3, h0, p1) */
    renamed(t, ren(0, 0, FIG4C, false, NO, NO, 3));
    expect_spec(t, 0, 3, PATH(3, 0, 1));
    /* warp 1's micro-op still commits */
    KEEPS(t, cmt_ins(1, 1, 10, 0x3));
    expect_commit(t, 1, 1, MASK(5, 0x3, 10));
}

/* A commit in the rollback's cycle applies first: the sub (p12) commits,
 * fills C r1 (p11, 0011, p12) and releases the held p1, p8; the rollback
 * then frees only p13 and copies r1's new Commit entry. */
static void test_rollback_commit_first(void **state)
{
    tb_t *t = shadowed_new(state, &P2);
    rb_setup(t);
    ev_t ev;
    ok(t, join(cmt_ins(0, 1, 12, 0x3), rb(0)), &ev);
    assert_true(ev.commit_fill);
    assert_true(ev.rel_hold);
    assert_int_equal(ev.rb_freed, 1);
    assert_true(ev.rb_live_merge);
    assert_false(ev.rb_hold);
    expect_commit(t, 0, 1, MASK(11, 0x3, 12));
    expect_spec(t, 0, 1, MASK(11, 0x3, 12));
    expect_spec(t, 0, 2, MASK(2, 0xc, 9));
    expect_preg(t, 12, PDONE);
    expect_preg(t, 13, PFREE);
    expect_preg(t, 1, PFREE);
    expect_preg(t, 8, PFREE);
    expect_free(t, 7); /* p1, p8, p13..p17 */
    expect_preg(t, 10, 1);
}

/* ---- 11. errors ------------------------------------------------------------ */

/* PE; rows: h0 1111, h1 0011, h2 1100, h3 0110. */
static const uint64_t ROW_E[8] = {0xf, 0x3, 0xc, 0x6};

static void test_rename_errors(void **state)
{
    tb_t *t = shadowed_new(state, &PE);
    bad(t, ren(3, 0, ROW_E, false, NO, NO, 1), PR_ERR_BAD_WARP, 0, 0);
    bad(t, ren(0, 6, ROW_E, false, NO, NO, 1), PR_ERR_BAD_PATH, 0, 0);
    bad(t, ren(0, 7, ROW_E, false, 0, NO, NO), PR_ERR_BAD_PATH, 0, 0);
    bad(t, ren(0, 0, ROW_E, false, 3, NO, NO), PR_ERR_BAD_REG, 0, 0);
    bad(t, ren(0, 0, ROW_E, false, NO, 3, NO), PR_ERR_BAD_REG, 0, 0);
    bad(t, ren(0, 0, ROW_E, false, 0, NO, 3), PR_ERR_BAD_REG, 0, 0);
    /* the first that applies */
    bad(t, ren(3, 7, ROW_E, false, NO, NO, 3), PR_ERR_BAD_WARP, 0, 0);
    bad(t, ren(0, 7, ROW_E, false, 3, NO, NO), PR_ERR_BAD_PATH, 0, 0);
    /* a register of an absent source is no operand: h0 reads r2 -> p2 */
    in_t in = ren(0, 0, ROW_E, false, 2, NO, NO);
    in.ren_src1 = 3;
    renamed(t, in);
    expect_uops(t, 0, NULL, INS(2, 0, 0));
    /* a rejected rename that needed a merge renames nothing: h1 writes r1
     * (p1, h1, p9); h0 reads r1 (across 0011) into r3 */
    renamed(t, ren(0, 1, ROW_E, false, NO, NO, 1));
    expect_spec(t, 0, 1, PATH(1, 1, 9));
    bad(t, ren(0, 0, ROW_E, false, 1, NO, 3), PR_ERR_BAD_REG, 0, 0);
    expect_spec(t, 0, 1, PATH(1, 1, 9));
    expect_free(t, 20); /* p10..p29 */
    /* errors are per port: the commit of p9 in the cycle acts */
    bad(t, join(ren(0, 7, ROW_E, false, NO, NO, 1), cmt_ins(0, 1, 9, 0x3)), PR_ERR_BAD_PATH, 0,
        0);
    expect_commit(t, 0, 1, MASK(1, 0x3, 9));
    assert_int_equal(peek(t).err_sticky,
                     1u << PR_ERR_BAD_WARP | 1u << PR_ERR_BAD_PATH | 1u << PR_ERR_BAD_REG);
    /* the read port reads 0 at an out-of-range address */
    for (int commit = 0; commit < 2; commit++) {
        expect_rd_entry(t, commit, 3, 1, MAIN(0)); /* warp 3 */
        expect_rd_entry(t, commit, 0, 3, MAIN(0)); /* r3 */
    }
    out_t o;
    pirat_eval(t->m, &(in_t){.rd_preg = 30}, &o);
    assert_false(o.rd_pfree);
    assert_false(o.rd_pspec);
    assert_int_equal(o.rd_powner, 0);
    /* the sticky bits stay until reset */
    restart(t);
    assert_int_equal(peek(t).err_sticky, 0);
}

static void test_commit_errors(void **state)
{
    tb_t *t = shadowed_new(state, &PE);
    renamed(t, ren(0, 1, ROW_E, false, NO, NO, 1)); /* (p1, h1, p9) */
    renamed(t, ren(0, 0, ROW_E, false, 1, NO, NO)); /* p10 <- phi(p1, h1, p9) */
    expect_uops(t, 0, PHI(1, 10, 1, BY_PATH, 1, 9, SRC), INS(10, 0, 0));
    renamed(t, ren(1, 0, ROW_E, false, NO, NO, 0)); /* warp 1: (p3, h0, p11) */
    bad(t, cmt_ins(3, 1, 9, 0x3), 0, PR_ERR_BAD_WARP, 0);
    bad(t, cmt_ins(0, 3, 9, 0x3), 0, PR_ERR_BAD_REG, 0);
    bad(t, cmt_ins(3, 3, 9, 0x3), 0, PR_ERR_BAD_WARP, 0);
    bad(t, cmt_ins(0, 3, 0, 0x3), 0, PR_ERR_BAD_REG, 0);
    bad(t, cmt_ins(0, 1, 1, 0x3), 0, PR_ERR_BAD_PREG, 0);  /* mapped at reset */
    bad(t, cmt_ins(0, 0, 11, 0xf), 0, PR_ERR_BAD_PREG, 0); /* warp 1's */
    bad(t, cmt_ins(0, 1, 12, 0x3), 0, PR_ERR_BAD_PREG, 0); /* free */
    bad(t, cmt_ins(0, 1, 30, 0x3), 0, PR_ERR_BAD_PREG, 0); /* >= PhysRegs */
    bad(t, cmt_ins(0, 1, 31, 0x3), 0, PR_ERR_BAD_PREG, 0);
    bad(t, cmt_mrg(0, 1, 12, false), 0, PR_ERR_BAD_PREG, 0); /* before BAD_COMMIT */
    /* the merge before p9: C r1 is Main only */
    bad(t, cmt_mrg(0, 1, 10, false), 0, PR_ERR_BAD_COMMIT, 0);
    KEEPS(t, cmt_ins(0, 1, 9, 0x3)); /* C r1 (p1, 0011, p9) */
    bad(t, cmt_ins(0, 1, 9, 0x3), 0, PR_ERR_BAD_PREG, 0);
    /* h3 0110 writes r1 = (p10,-,-): (p10, h3, p12); committed before the
     * merge, its mask 0110 covers neither 0011 nor 1100 */
    renamed(t, ren(0, 3, ROW_E, false, NO, NO, 1));
    expect_spec(t, 0, 1, PATH(10, 3, 12));
    bad(t, cmt_ins(0, 1, 12, 0x6), 0, PR_ERR_BAD_COMMIT, 0);
    expect_commit(t, 0, 1, MASK(1, 0x3, 9));
    /* per port: a rejected commit, a rename of warp 2 in the cycle acts:
     * (p6, h0, p13), the lowest free */
    bad(t, join(ren(2, 0, ROW_E, false, NO, NO, 0), cmt_ins(0, 1, 13, 0x6)), 0,
        PR_ERR_BAD_PREG, 0);
    expect_spec(t, 2, 0, PATH(6, 0, 13));
    expect_uops(t, 2, NULL, INS(0, 0, 13));
    /* in order, both commit */
    RELEASES(t, cmt_mrg(0, 1, 10, false), 1, 9);
    KEEPS(t, cmt_ins(0, 1, 12, 0x6));
    expect_commit(t, 0, 1, MASK(10, 0x6, 12));
    assert_int_equal(peek(t).err_sticky, 1u << PR_ERR_BAD_WARP | 1u << PR_ERR_BAD_REG |
                                             1u << PR_ERR_BAD_PREG | 1u << PR_ERR_BAD_COMMIT);
}

/* A commit that would release a register the speculative entry still maps
 * is refused (BAD_COMMIT), state unchanged; the honest one then releases
 * the register the rename dropped. */
static void test_commit_mapped(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    h1_writes_r1(t);                              /* (p1, h1, p4) */
    renamed(t, ren(0, 1, ROW, false, NO, NO, 1)); /* over its LDiv: (p1, h1, p5) */
    KEEPS(t, cmt_ins(0, 1, 4, 0x3));              /* C (p1, 0011, p4) */
    /* p5 committed with 1100 (h1 is 0011): C's rule would drop Main p1,
     * the speculative Main */
    ev_t ev;
    in_t in = cmt_ins(0, 1, 5, 0xc);
    run(t, in, (in_t){0}, &ev);
    assert_true(ev.cmt_mapped);
    bad(t, in, 0, PR_ERR_BAD_COMMIT, 0);
    expect_spec(t, 0, 1, PATH(1, 1, 5));
    expect_commit(t, 0, 1, MASK(1, 0x3, 4));
    RELEASES(t, cmt_ins(0, 1, 5, 0x3), 4);
    expect_commit(t, 0, 1, MASK(1, 0x3, 5));
}

/* ren_path_bad_i: the core's word that an in-range path is not one to
 * rename on (simtx_rename: FREE in the Pathtable): BAD_PATH, after
 * BAD_WARP, nothing renamed. */
static void test_ren_path_bad(void **state)
{
    tb_t *t = shadowed_new(state, &PE);
    in_t in = ren(0, 1, ROW_E, false, 0, NO, 1);
    in.ren_path_bad = true;
    bad(t, in, PR_ERR_BAD_PATH, 0, 0);
    in.ren_warp = 3;
    bad(t, in, PR_ERR_BAD_WARP, 0, 0);
    in = ren(0, 1, ROW_E, false, 0, NO, 1);
    renamed(t, in);
    expect_spec(t, 0, 1, PATH(1, 1, 9));
}

/* A rollback of warp 3 (of 3) is rejected: nothing freed, BAD_WARP sticky;
 * a rename of warp 0 in the cycle is taken. */
static void test_rollback_error(void **state)
{
    tb_t *t = shadowed_new(state, &PE);
    renamed(t, ren(0, 1, ROW_E, false, NO, NO, 1)); /* (p1, h1, p9) */
    bad(t, rb(3), 0, 0, PR_ERR_BAD_WARP);
    expect_preg(t, 9, 0);
    bad(t, join(ren(0, 2, ROW_E, false, NO, NO, 2), rb(3)), 0, 0, PR_ERR_BAD_WARP);
    expect_spec(t, 0, 2, PATH(2, 2, 10));
    expect_uops(t, 0, NULL, INS(0, 0, 10));
    assert_int_equal(peek(t).err_sticky, 1u << PR_ERR_BAD_WARP);
}

/* ---- the naive RAT (section 3.1, Figure 1(b); section 4.3) ------------------ */

/* Its rule alone: a write merges unless it holds every thread with no
 * divergence pending. */
static void test_naive_rule(void **state)
{
    (void)state;
    assert_false(pirat_naive_merge(0xf, false, 0xf));
    assert_true(pirat_naive_merge(0xf, true, 0xf));  /* the path may still narrow */
    assert_true(pirat_naive_merge(0x3, false, 0xf)); /* h1: threads 2, 3 keep the old value */
    assert_true(pirat_naive_merge(0x0, false, 0xf)); /* a nullified path writes nothing */
    assert_false(pirat_naive_merge(0x1f, false, 0xf)); /* bits past the warp are not threads */
}

/* Figure 1's program on the model: the naive RAT merges after h1's and h2's
 * writes (Figure 1(b)), the PIRAT once, where h3 reads r1 (Figure 1(c)). */
static void test_naive_fig1(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    unsigned pirat = 0, naive = 0;
    /* h0 (1111) writes r0, nothing pending (PIRAT: (p0, h0, p4)); then the
     * branch is predicted divergent: h1 (0011) writes r1 with the buop
     * pending; it commits: h2 (1100) writes r2; h3 = h1 OR h2 (1111) reads
     * r1 and writes r3; reads r1 again, no destination. */
    const struct {
        unsigned h;
        bool pend;
        int s0, d;
        bool naive;
    } prog[] = {{0, false, NO, 0, false},
                {1, true, NO, 1, true},
                {2, false, NO, 2, true},
                {3, false, 1, 3, false},
                {3, false, 1, NO, false}};
    for (size_t i = 0; i < ARRAY_LEN(prog); i++) {
        ev_t ev = renamed(t, ren(0, prog[i].h, FIG4B, prog[i].pend, prog[i].s0, NO, prog[i].d));
        assert_int_equal(ev.naive_merge, prog[i].naive);
        pirat += ev.merge;
        naive += ev.naive_merge;
    }
    assert_int_equal(pirat, 1);
    assert_int_equal(naive, 2);
    /* a rename not taken (its warp rolls back) is no write of either */
    in_t in = ren(0, 1, FIG4B, true, NO, NO, 1);
    in.rb_valid = true;
    ev_t ev = not_taken(t, in);
    assert_false(ev.naive_merge);
}

/* ren_hold_i (simtx_rename's hold near a Pathtable count's maximum): the
 * rename is judged for errors as usual, else not taken, as a stall; the
 * same rename without it is taken (Figure 4(a)'s first write: p4). */
static void test_ren_hold(void **state)
{
    tb_t *t = shadowed_new(state, &P1);
    in_t in = ren(0, 1, FIG4C, true, NO, NO, 1);
    in.ren_hold = true;
    ev_t ev = not_taken(t, in);
    assert_true(ev.held);
    in_t badreg = ren(0, 1, FIG4C, true, NO, NO, 4); /* r4: out of P1's four */
    badreg.ren_hold = true;
    bad(t, badreg, PR_ERR_BAD_REG, 0, 0);
    renamed(t, ren(0, 1, FIG4C, true, NO, NO, 1));
    expect_spec(t, 0, 1, PATH(1, 1, 4));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_params),
        TB_TEST(test_reset),
        TB_TEST(test_fig4a),
        TB_TEST(test_fig4b),
        TB_TEST(test_fig4c),
        TB_TEST(test_src_rules),
        TB_TEST(test_dst_rules),
        TB_TEST(test_mask_held_ldiv),
        TB_TEST(test_serialise_two_sources),
        TB_TEST(test_serialise_src_and_dst),
        TB_TEST(test_out_of_registers),
        TB_TEST(test_commit_fill_to_mask),
        TB_TEST(test_release_ld_main),
        TB_TEST(test_merge_commit_releases_both),
        TB_TEST(test_dst_merge_holds),
        TB_TEST(test_null_commit),
        TB_TEST(test_rename_commit_same_entry),
        TB_TEST(test_rollback),
        TB_TEST(test_rollback_commit_first),
        TB_TEST(test_rename_errors),
        TB_TEST(test_commit_errors),
        TB_TEST(test_commit_mapped),
        TB_TEST(test_ren_path_bad),
        TB_TEST(test_rollback_error),
        cmocka_unit_test(test_naive_rule),
        TB_TEST(test_naive_fig1),
        TB_TEST(test_ren_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
