/* Unit tests of the RV32IMF decoder and disassembler (csim/sys/rv32.c), with
 * GNU objdump as the oracle: every instruction of RV_INSNS, with random and
 * edge values in the fields its mask leaves free, every CSR number and a
 * batch of random words are written to a raw binary file and disassembled by
 *   riscv64-unknown-elf-objdump -D -b binary -m riscv:rv32 -M no-aliases,numeric
 * and rv_disasm() must print what objdump prints for every word rv_decode()
 * accepts. A word rv_decode() rejects must be one objdump does not take as
 * an RV32IMF instruction -- see judge() for the few ways objdump says so.
 * objdump comes from binutils-riscv64-unknown-elf (scripts/setup.sh); the
 * CSR names are those of its version, 2.40.
 *
 * Build and run from the repository root:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icsim/common -Icsim/sys -Itests/common csim/sys/cfg.c csim/sys/rv32.c tests/sys/test_rv32.c -lcmocka -o /tmp/t && /tmp/t
 */
#define _POSIX_C_SOURCE 200809L /* popen, mkstemp */

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

#include "rv32.h"

#define OBJDUMP "riscv64-unknown-elf-objdump"
#define OBJDUMP_ARGS "-D -b binary -m riscv:rv32 -M no-aliases,numeric"
#define TEXT_MAX 96     /* longest text of objdump or rv_disasm, NUL included */
#define PER_INSN 200    /* random words per instruction */
#define RANDOM_WORDS 65536
#define MAX_REPORTS 20  /* mismatches printed before the test fails */

/* ------------------------------------------------------------------ */
/* the table, as the tests see it                                       */

typedef struct {
    rv_op_t op;
    const char *enum_name; /* "FADD_S" */
    const char *mnem;
    uint32_t match, mask;
} row_t;

#define ROW_(name, mnem, fmt, match, mask) {RV_##name, #name, mnem, match, mask},
static const row_t rows[] = {RV_INSNS(ROW_)};
#undef ROW_

/* ------------------------------------------------------------------ */
/* objdump                                                              */

/* What objdump printed at one address: its text as rv_disasm() writes it
 * (mnemonic, one space, operands; no "# ..." comment, no <symbol>), and
 * whether its encoding column was one 32-bit word. */
typedef struct {
    char text[TEXT_MAX];
    bool word32;
    bool seen;
} objdump_line_t;

/* Fails the test unless objdump runs. */
static void require_objdump(void)
{
    FILE *p = popen(OBJDUMP " --version 2>/dev/null", "r");
    char line[256] = "";
    bool got = p && fgets(line, sizeof line, p) != NULL;
    int status = p ? pclose(p) : -1;
    if (!got || status != 0)
        fail_msg(OBJDUMP " not found or not runnable: install it with scripts/setup.sh "
                 "(Debian package binutils-riscv64-unknown-elf)");
}

/* Parses one line "   addr:\t<encoding>\t<mnemonic>\t<operands>" into
 * lines[addr / 4] (addresses outside [0, 4n) and other lines are ignored). */
static void parse_line(char *s, objdump_line_t *lines, size_t n)
{
    unsigned addr;
    int used = 0;
    if (sscanf(s, " %x%n", &addr, &used) != 1 || strncmp(s + used, ":\t", 2) != 0)
        return;
    if (addr % 4 || addr / 4 >= n)
        return;
    objdump_line_t *l = &lines[addr / 4];
    char *enc = s + used + 2;
    char *tab = strchr(enc, '\t');
    char *end = tab ? tab : enc + strlen(enc);
    while (end > enc && end[-1] == ' ')
        end--;
    l->word32 = end - enc == 8 && strspn(enc, "0123456789abcdef") == 8;
    l->seen = true;
    l->text[0] = '\0';
    if (!tab)
        return;
    char *mnem = tab + 1;
    char *ops = strchr(mnem, '\t');
    if (ops)
        *ops++ = '\0';
    mnem[strcspn(mnem, " \n")] = '\0';
    if (ops) {
        ops[strcspn(ops, "\n")] = '\0';
        char *cut = strstr(ops, " #");
        if (cut)
            *cut = '\0';
        cut = strstr(ops, " <");
        if (cut)
            *cut = '\0';
    }
    snprintf(l->text, sizeof l->text, "%s%s%s", mnem, ops && *ops ? " " : "", ops ? ops : "");
}

/* Disassembles words[0..n), at addresses 0, 4, ..., with objdump into
 * lines[0..n). */
static void objdump_words(const uint32_t *words, size_t n, objdump_line_t *lines)
{
    const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char path[512];
    snprintf(path, sizeof path, "%s/test_rv32_XXXXXX", dir);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    for (size_t i = 0; i < n; i++) {
        unsigned char b[4] = {(unsigned char)words[i], (unsigned char)(words[i] >> 8),
                              (unsigned char)(words[i] >> 16), (unsigned char)(words[i] >> 24)};
        assert_int_equal(fwrite(b, 1, 4, f), 4);
    }
    assert_int_equal(fclose(f), 0);

    char cmd[640];
    snprintf(cmd, sizeof cmd, OBJDUMP " " OBJDUMP_ARGS " %s", path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    memset(lines, 0, n * sizeof *lines);
    char line[512];
    while (fgets(line, sizeof line, p))
        parse_line(line, lines, n);
    int status = pclose(p);
    unlink(path);
    if (status != 0)
        fail_msg("%s failed (status %d)", cmd, status);
}

/* ------------------------------------------------------------------ */
/* the verdict on one word                                              */

/* How rv_decode/rv_disasm and objdump agree on a word. */
#define VERDICTS(X)                                                                      \
    X(SAME, "decoded, same text as objdump")                                            \
    X(BARRIER, "simt.barrier (objdump: .4byte 0xb)")                                    \
    X(INVALID, "rejected, objdump: not an instruction (same .4byte text)")              \
    X(RESERVED_RM, "rejected, rounding mode 5 or 6 (objdump: \"unknown\")")             \
    X(SHAMT5, "rejected, RV32 shift with shamt[5] set (objdump ignores it)")            \
    X(FOREIGN_A, "rejected, objdump: A extension")                                      \
    X(FOREIGN_D, "rejected, objdump: D extension")                                      \
    X(FOREIGN_PRIV, "rejected, objdump: privileged instruction")                        \
    X(MISMATCH, "MISMATCH")
#define VERDICT_ENUM_(v, text) V_##v,
#define VERDICT_TEXT_(v, text) [V_##v] = text,
typedef enum { VERDICTS(VERDICT_ENUM_) NUM_VERDICTS } verdict_t;
static const char *const verdict_text[] = {VERDICTS(VERDICT_TEXT_)};

/* The extension of an instruction objdump decodes that is not RV32IMF
 * (objdump enables rv64gc and the privileged instructions for a raw
 * binary; C cannot occur, every word here being 32 bits long), or
 * V_MISMATCH. */
static verdict_t foreign(const char *text)
{
    static const char *const priv[] = {"sret", "mret", "wfi", "dret", "uret", "sfence.vma"};
    char mnem[TEXT_MAX];
    snprintf(mnem, sizeof mnem, "%s", text);
    mnem[strcspn(mnem, " ")] = '\0';
    if (strncmp(mnem, "lr.", 3) == 0 || strncmp(mnem, "sc.", 3) == 0 ||
        strncmp(mnem, "amo", 3) == 0)
        return V_FOREIGN_A;
    if (strcmp(mnem, "fld") == 0 || strcmp(mnem, "fsd") == 0)
        return V_FOREIGN_D;
    for (char *c = strtok(mnem, "."); c; c = strtok(NULL, ".")) /* fadd.d, fcvt.s.d */
        if (strcmp(c, "d") == 0)
            return V_FOREIGN_D;
    snprintf(mnem, sizeof mnem, "%s", text);
    mnem[strcspn(mnem, " ")] = '\0';
    for (size_t i = 0; i < ARRAY_LEN(priv); i++)
        if (strcmp(mnem, priv[i]) == 0)
            return V_FOREIGN_PRIV;
    return V_MISMATCH;
}

/* The verdict on word at pc, objdump having printed theirs; *ours gets
 * rv_disasm's text. */
static verdict_t judge(uint32_t word, uint32_t pc, const char *theirs, char ours[TEXT_MAX])
{
    rv_insn_t in;
    bool ok = rv_decode(word, &in);
    rv_disasm(&in, pc, ours, TEXT_MAX);
    if (ok) {
        if (in.op == RV_SIMT_BARRIER)
            return strcmp(theirs, ".4byte 0xb") == 0 ? V_BARRIER : V_MISMATCH;
        return strcmp(ours, theirs) == 0 ? V_SAME : V_MISMATCH;
    }
    assert_int_equal(in.op, RV_ILLEGAL);
    if (theirs[0] == '.')
        return strcmp(ours, theirs) == 0 ? V_INVALID : V_MISMATCH;

    /* objdump shows a reserved rounding mode as "unknown": the same word
     * with rm = dyn (which rv_disasm omits) must be ours, printed the same
     * but for that suffix. */
    unsigned rm = (word >> 12) & 7;
    rv_insn_t dyn;
    char text[TEXT_MAX];
    if ((rm == 5 || rm == 6) && rv_decode(word | 0x7000u, &dyn)) {
        rv_disasm(&dyn, pc, text, sizeof text);
        strncat(text, ",unknown", sizeof text - strlen(text) - 1);
        if (strcmp(text, theirs) == 0)
            return V_RESERVED_RM;
    }

    /* binutils disassembles slli/srli/srai with a 6-bit shamt for RV32 too;
     * shamt[5] (bit 25) is reserved in RV32I. */
    rv_insn_t sh;
    if ((word & (1u << 25)) && rv_decode(word & ~(1u << 25), &sh) &&
        (sh.op == RV_SLLI || sh.op == RV_SRLI || sh.op == RV_SRAI)) {
        snprintf(text, sizeof text, "%s x%u,x%u,0x%x", rv_op_name(sh.op), sh.rd, sh.rs1,
                 (unsigned)sh.imm + 32);
        if (strcmp(text, theirs) == 0)
            return V_SHAMT5;
    }
    return foreign(theirs);
}

/* A decoded instruction has no value in a field its format lacks. */
static void expect_fields_match_files(uint32_t word)
{
    rv_insn_t in;
    if (!rv_decode(word, &in))
        return;
    rv_files_t f = rv_op_files(in.op);
    bool zimm = in.op == RV_CSRRWI || in.op == RV_CSRRSI || in.op == RV_CSRRCI;
    if (f.rd == RV_RF_NONE)
        assert_int_equal(in.rd, 0);
    if (f.rs1 == RV_RF_NONE && !zimm)
        assert_int_equal(in.rs1, 0);
    if (f.rs2 == RV_RF_NONE)
        assert_int_equal(in.rs2, 0);
    if (f.rs3 == RV_RF_NONE)
        assert_int_equal(in.rs3, 0);
}

/* Runs objdump on words[0..n) and judges every word; fails after printing
 * (up to MAX_REPORTS) the mismatches. Returns the verdict counts in
 * count[] and prints them under the title. */
static void compare_with_objdump(const char *title, const uint32_t *words, size_t n,
                                 size_t count[NUM_VERDICTS])
{
    objdump_line_t *lines = calloc(n, sizeof *lines);
    assert_non_null(lines);
    objdump_words(words, n, lines);
    memset(count, 0, NUM_VERDICTS * sizeof count[0]);
    for (size_t i = 0; i < n; i++) {
        uint32_t pc = (uint32_t)(4 * i);
        if (!lines[i].seen || !lines[i].word32) {
            free(lines);
            fail_msg("objdump shows no 32-bit instruction at 0x%x (word 0x%08x)", pc, words[i]);
        }
        char ours[TEXT_MAX];
        verdict_t v = judge(words[i], pc, lines[i].text, ours);
        if (v == V_MISMATCH && count[v] < MAX_REPORTS)
            print_error("word 0x%08x at 0x%x: objdump \"%s\" vs rv_disasm \"%s\"\n", words[i],
                        pc, lines[i].text, ours);
        count[v]++;
        expect_fields_match_files(words[i]);
    }
    free(lines);
    print_message("%s: %zu words\n", title, n);
    for (int v = 0; v < NUM_VERDICTS; v++)
        if (count[v])
            print_message("  %7zu %s\n", count[v], verdict_text[v]);
    assert_int_equal(count[V_MISMATCH], 0);
}

/* ------------------------------------------------------------------ */
/* the table                                                            */

/* Each row's match lies inside its mask, is a 32-bit instruction (low bits
 * 11, bits [4:2] not 111) and pins the opcode; the enum name is the
 * mnemonic upper-cased with '.' as '_'; no two rows share a word, so the
 * decoder's walk order does not matter. */
static void test_table_rows_are_disjoint_and_well_formed(void **state)
{
    (void)state;
    assert_int_equal(ARRAY_LEN(rows), RV_NUM_OPS - 1);
    for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
        const row_t *r = &rows[i];
        assert_int_equal(r->op, i + 1);
        assert_int_equal(r->match & ~r->mask, 0);
        assert_int_equal(r->mask & 0x7f, 0x7f);
        assert_int_equal(r->match & 3, 3);
        assert_int_not_equal(r->match & 0x1c, 0x1c);
        assert_string_equal(rv_op_name(r->op), r->mnem);
        char upper[32];
        size_t k = 0;
        for (; r->mnem[k] && k + 1 < sizeof upper; k++)
            upper[k] = r->mnem[k] == '.' ? '_' : (char)(r->mnem[k] - 'a' + 'A');
        upper[k] = '\0';
        assert_string_equal(upper, r->enum_name);
        for (size_t j = 0; j < i; j++)
            if (((r->match ^ rows[j].match) & r->mask & rows[j].mask) == 0)
                fail_msg("%s and %s share the word 0x%08x", r->mnem, rows[j].mnem,
                         r->match | rows[j].match);
    }
    assert_string_equal(rv_op_name(RV_ILLEGAL), "illegal");
    assert_null(rv_op_name(RV_NUM_OPS));
}

/* ------------------------------------------------------------------ */
/* against objdump                                                      */

/* Every instruction with its free fields (outside the mask) all zero, all
 * one and PER_INSN times random: rv_decode gives that instruction (or
 * rejects a reserved rounding mode), and rv_disasm prints what objdump
 * prints. */
static void test_every_instruction_disassembles_as_objdump(void **state)
{
    (void)state;
    require_objdump();
    size_t per = PER_INSN + 2, n = ARRAY_LEN(rows) * per;
    uint32_t *words = malloc(n * sizeof *words);
    assert_non_null(words);
    uint64_t seed = 0x5eed0001u;
    size_t w = 0;
    for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
        const row_t *r = &rows[i];
        for (size_t k = 0; k < per; k++) {
            uint32_t fill = k == 0 ? 0 : k == 1 ? UINT32_MAX : (uint32_t)xorshift64(&seed);
            uint32_t word = r->match | (fill & ~r->mask);
            rv_insn_t in;
            if (rv_decode(word, &in))
                assert_int_equal(in.op, r->op);
            words[w++] = word;
        }
    }
    size_t count[NUM_VERDICTS];
    compare_with_objdump("every instruction", words, n, count);
    free(words);
    /* the only rejections are reserved rounding modes */
    assert_int_equal(count[V_SAME] + count[V_BARRIER] + count[V_RESERVED_RM], n);
    assert_int_equal(count[V_BARRIER], per);
    assert_true(count[V_RESERVED_RM] > 0);
}

/* Every CSR number, with each of the six CSR instructions in turn: the
 * names (and hex numbers) are objdump's. */
static void test_every_csr_disassembles_as_objdump(void **state)
{
    (void)state;
    require_objdump();
    static const rv_op_t csr_ops[] = {RV_CSRRW, RV_CSRRS, RV_CSRRC, RV_CSRRWI, RV_CSRRSI, RV_CSRRCI};
    enum { N = 4096 };
    uint32_t *words = malloc(N * sizeof *words);
    assert_non_null(words);
    uint64_t seed = 0x5eed0002u;
    for (uint32_t csr = 0; csr < N; csr++) {
        const row_t *r = &rows[csr_ops[csr % ARRAY_LEN(csr_ops)] - 1];
        uint32_t regs = (uint32_t)xorshift64(&seed) & 0x000f8f80u; /* rs1, rd */
        words[csr] = r->match | csr << 20 | regs;
    }
    size_t count[NUM_VERDICTS];
    compare_with_objdump("every CSR", words, N, count);
    free(words);
    assert_int_equal(count[V_SAME], N);
}

/* Random 32-bit words, half of them anywhere and half with one of our
 * opcodes (near misses: wrong funct3/funct7/fmt/rs2, nonzero reserved
 * fields): each decoded one disassembles as objdump, each rejected one is
 * one objdump does not take as RV32IMF (judge()). */
static void test_random_words_decode_as_objdump(void **state)
{
    (void)state;
    require_objdump();
    uint32_t opcodes[ARRAY_LEN(rows)];
    size_t num_opcodes = 0;
    for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
        size_t k = 0;
        while (k < num_opcodes && opcodes[k] != (rows[i].match & 0x7f))
            k++;
        if (k == num_opcodes)
            opcodes[num_opcodes++] = rows[i].match & 0x7f;
    }
    uint32_t *words = malloc(RANDOM_WORDS * sizeof *words);
    assert_non_null(words);
    uint64_t seed = 0x5eed0003u;
    for (size_t i = 0; i < RANDOM_WORDS; i++) {
        uint32_t w = (uint32_t)xorshift64(&seed);
        if (i % 2)
            w = (w & ~0x7fu) | opcodes[(w >> 7) % num_opcodes];
        else
            while ((w & 3) != 3 || (w & 0x1c) == 0x1c) /* a 32-bit length */
                w = (uint32_t)xorshift64(&seed);
        words[i] = w;
    }
    size_t count[NUM_VERDICTS];
    compare_with_objdump("random words", words, RANDOM_WORDS, count);
    free(words);
    assert_true(count[V_SAME] > 0 && count[V_INVALID] > 0);
}

/* Words that are not 32 bits long (low bits != 11: compressed; bits [4:2]
 * 111: 48 bits and longer) are illegal, and objdump does not take their
 * four bytes as one instruction either. */
static void test_other_lengths_are_illegal(void **state)
{
    (void)state;
    require_objdump();
    static const uint32_t low[] = {0x00, 0x01, 0x02, 0x1f, 0x3f, 0x7f, 0x5f, 0x9f, 0xff};
    uint64_t seed = 0x5eed0004u;
    for (size_t i = 0; i < ARRAY_LEN(low); i++) {
        for (int k = 0; k < 2; k++) {
            uint32_t w = k ? low[i] : ((uint32_t)xorshift64(&seed) & ~0xffu) | low[i];
            rv_insn_t in;
            assert_false(rv_decode(w, &in));
            assert_int_equal(in.op, RV_ILLEGAL);
            assert_int_equal(in.word, w);
            objdump_line_t line;
            objdump_words(&w, 1, &line);
            if (line.seen && line.word32)
                fail_msg("objdump takes 0x%08x as a 32-bit instruction: %s", w, line.text);
        }
    }
    /* any custom-0 word but the barrier's */
    rv_insn_t in;
    assert_true(rv_decode(0x0000000bu, &in));
    assert_int_equal(in.op, RV_SIMT_BARRIER);
    for (unsigned b = 7; b < 32; b++)
        assert_false(rv_decode(0x0000000bu | 1u << b, &in));
}

/* ------------------------------------------------------------------ */
/* encoders for the directed tests                                      */

static uint32_t enc_i(uint32_t match, unsigned rd, unsigned rs1, int32_t imm)
{
    return match | ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | rd << 7;
}

static uint32_t enc_b(uint32_t match, unsigned rs1, unsigned rs2, int32_t imm)
{
    uint32_t u = (uint32_t)imm;
    return match | (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 |
           (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7;
}

static uint32_t enc_j(unsigned rd, int32_t imm)
{
    uint32_t u = (uint32_t)imm;
    return rows[RV_JAL - 1].match | (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 |
           (u >> 11 & 1) << 20 | (u >> 12 & 0xff) << 12 | rd << 7;
}

#define MATCH(op) (rows[(op) - 1].match)

/* rv_cfg_kind of the word at pc, and its target (UINT32_MAX if untouched). */
static cfg_kind_t kind_of(uint32_t word, uint32_t pc, uint32_t *target)
{
    rv_insn_t in;
    rv_decode(word, &in);
    *target = UINT32_MAX;
    return rv_cfg_kind(&in, pc, target);
}

/* ------------------------------------------------------------------ */
/* control flow                                                         */

static void test_cfg_kind_of_jumps_calls_and_returns(void **state)
{
    (void)state;
    uint32_t t;
    assert_int_equal(kind_of(enc_j(0, -16), 0x100, &t), CFG_JUMP); /* jal x0 */
    assert_int_equal(t, 0xf0);
    assert_int_equal(kind_of(enc_j(1, 2048), 0x100, &t), CFG_CALL); /* jal ra */
    assert_int_equal(t, 0x900);
    assert_int_equal(kind_of(enc_j(5, -0x100000), 0x100000, &t), CFG_CALL); /* jal t0 */
    assert_int_equal(t, 0);
    assert_int_equal(kind_of(enc_i(MATCH(RV_JALR), 0, 1, 0), 0x100, &t), CFG_RET);
    assert_int_equal(t, UINT32_MAX);
    /* every other jalr */
    assert_int_equal(kind_of(enc_i(MATCH(RV_JALR), 0, 1, 4), 0x100, &t), CFG_INDIRECT);
    assert_int_equal(kind_of(enc_i(MATCH(RV_JALR), 0, 5, 0), 0x100, &t), CFG_INDIRECT);
    assert_int_equal(kind_of(enc_i(MATCH(RV_JALR), 1, 5, 0), 0x100, &t), CFG_INDIRECT);
    assert_int_equal(kind_of(enc_i(MATCH(RV_JALR), 1, 1, 0), 0x100, &t), CFG_INDIRECT);
    assert_int_equal(t, UINT32_MAX);
}

static void test_cfg_kind_of_branches_both_ways(void **state)
{
    (void)state;
    static const rv_op_t branches[] = {RV_BEQ, RV_BNE, RV_BLT, RV_BGE, RV_BLTU, RV_BGEU};
    static const int32_t offsets[] = {-4096, -8, -2, 2, 4094};
    uint32_t t;
    for (size_t i = 0; i < ARRAY_LEN(branches); i++)
        for (size_t k = 0; k < ARRAY_LEN(offsets); k++) {
            uint32_t w = enc_b(MATCH(branches[i]), 10, 11, offsets[k]);
            assert_int_equal(kind_of(w, 0x2000, &t), CFG_BRANCH);
            assert_int_equal(t, 0x2000 + offsets[k]);
        }
    /* a target below address 0 wraps as the PC does */
    assert_int_equal(kind_of(enc_b(MATCH(RV_BNE), 1, 2, -8), 4, &t), CFG_BRANCH);
    assert_int_equal(t, 0xfffffffcu);
    /* the target pointer may be NULL */
    rv_insn_t in;
    assert_true(rv_decode(enc_b(MATCH(RV_BEQ), 0, 0, -4), &in));
    assert_int_equal(rv_cfg_kind(&in, 8, NULL), CFG_BRANCH);
}

static void test_cfg_kind_of_stops_and_sequential(void **state)
{
    (void)state;
    uint32_t t;
    assert_int_equal(kind_of(MATCH(RV_ECALL), 0, &t), CFG_STOP);
    assert_int_equal(kind_of(MATCH(RV_EBREAK), 0, &t), CFG_STOP);
    assert_int_equal(kind_of(0xffffffffu, 0, &t), CFG_STOP); /* illegal */
    assert_int_equal(kind_of(0x00000000u, 0, &t), CFG_STOP); /* illegal (compressed) */
    assert_int_equal(kind_of(MATCH(RV_SIMT_BARRIER), 0, &t), CFG_SEQ);
    assert_int_equal(kind_of(enc_i(MATCH(RV_ADDI), 1, 1, -1), 0, &t), CFG_SEQ);
    assert_int_equal(kind_of(MATCH(RV_FENCE) | 0x0ff00000u, 0, &t), CFG_SEQ);
    assert_int_equal(kind_of(MATCH(RV_FADD_S), 0, &t), CFG_SEQ);
    assert_int_equal(kind_of(MATCH(RV_CSRRS), 0, &t), CFG_SEQ);
    assert_int_equal(t, UINT32_MAX);
}

/* ------------------------------------------------------------------ */
/* operand files, snprintf semantics                                    */

static void test_operand_register_files(void **state)
{
    (void)state;
    enum { N = RV_RF_NONE, X = RV_RF_X, F = RV_RF_F };
    static const struct {
        rv_op_t op;
        rv_files_t files; /* rd, rs1, rs2, rs3: from the ISA manual */
    } cases[] = {
        {RV_LUI, {X, N, N, N}},      {RV_JAL, {X, N, N, N}},       {RV_JALR, {X, X, N, N}},
        {RV_BEQ, {N, X, X, N}},      {RV_LW, {X, X, N, N}},        {RV_SW, {N, X, X, N}},
        {RV_ADD, {X, X, X, N}},      {RV_SLLI, {X, X, N, N}},      {RV_FENCE, {N, N, N, N}},
        {RV_ECALL, {N, N, N, N}},    {RV_CSRRW, {X, X, N, N}},     {RV_CSRRWI, {X, N, N, N}},
        {RV_FLW, {F, X, N, N}},      {RV_FSW, {N, X, F, N}},       {RV_FMADD_S, {F, F, F, F}},
        {RV_FADD_S, {F, F, F, N}},   {RV_FSQRT_S, {F, F, N, N}},   {RV_FSGNJ_S, {F, F, F, N}},
        {RV_FCVT_W_S, {X, F, N, N}}, {RV_FCVT_S_WU, {F, X, N, N}}, {RV_FMV_X_W, {X, F, N, N}},
        {RV_FMV_W_X, {F, X, N, N}},  {RV_FEQ_S, {X, F, F, N}},     {RV_FCLASS_S, {X, F, N, N}},
        {RV_SIMT_BARRIER, {N, N, N, N}}, {RV_ILLEGAL, {N, N, N, N}}, {RV_NUM_OPS, {N, N, N, N}},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        rv_files_t got = rv_op_files(cases[i].op), want = cases[i].files;
        assert_int_equal(got.rd, want.rd);
        assert_int_equal(got.rs1, want.rs1);
        assert_int_equal(got.rs2, want.rs2);
        assert_int_equal(got.rs3, want.rs3);
    }
}

/* rv_disasm writes at most size bytes and returns the whole length, as
 * snprintf does; rv_csr_name knows the F CSRs and not a custom one. */
static void test_disasm_truncates_like_snprintf(void **state)
{
    (void)state;
    rv_insn_t in;
    assert_true(rv_decode(MATCH(RV_FADD_S) | 1u << 20 | 2u << 15 | 3u << 7, &in));
    char full[TEXT_MAX], small[5] = "zzzz";
    int len = rv_disasm(&in, 0, full, sizeof full);
    assert_int_equal(len, (int)strlen(full));
    assert_int_equal(rv_disasm(&in, 0, NULL, 0), len);
    assert_int_equal(rv_disasm(&in, 0, small, sizeof small), len);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, full, sizeof small - 1);
    assert_false(rv_decode(0x1234567fu, &in));
    assert_int_equal(rv_disasm(&in, 0, small, 1), rv_disasm(&in, 0, NULL, 0));
    assert_string_equal(small, "");
    assert_string_equal(rv_csr_name(0x003), "fcsr");
    assert_null(rv_csr_name(0x800));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_rows_are_disjoint_and_well_formed),
        cmocka_unit_test(test_every_instruction_disassembles_as_objdump),
        cmocka_unit_test(test_every_csr_disassembles_as_objdump),
        cmocka_unit_test(test_random_words_decode_as_objdump),
        cmocka_unit_test(test_other_lengths_are_illegal),
        cmocka_unit_test(test_cfg_kind_of_jumps_calls_and_returns),
        cmocka_unit_test(test_cfg_kind_of_branches_both_ways),
        cmocka_unit_test(test_cfg_kind_of_stops_and_sequential),
        cmocka_unit_test(test_operand_register_files),
        cmocka_unit_test(test_disasm_truncates_like_snprintf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
