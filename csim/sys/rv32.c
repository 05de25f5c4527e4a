/* RV32IMF decoder and disassembler: rv32.h says what they do, this file how
 * -- a walk over the RV_INSNS table, the immediate extraction of each
 * format, and an interpreter of the format templates. */
#include "rv32.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* the tables                                                           */

typedef enum {
    IMM_NONE,
    IMM_I,
    IMM_S,
    IMM_B,
    IMM_U,
    IMM_J,
    IMM_SHAMT,
    IMM_CSR,
    IMM_FENCE,
} imm_kind_t;

typedef struct {
    imm_kind_t imm;
    const char *tmpl;
} format_t;

#define FORMAT_ROW_(name, imm, tmpl) [RV_FMT_##name] = {IMM_##imm, tmpl},
static const format_t formats[RV_NUM_FORMATS] = {RV_FORMATS(FORMAT_ROW_)};

typedef struct {
    uint32_t match, mask;
    rv_format_t fmt;
} insn_row_t;

#define INSN_ROW_(name, mnem, fmt, match, mask) [RV_##name] = {match, mask, RV_FMT_##fmt},
static const insn_row_t insns[RV_NUM_OPS] = {RV_INSNS(INSN_ROW_)};
#undef INSN_ROW_

/* The CSR names of binutils 2.40 (privileged spec 1.12, with the AIA,
 * Smstateen, Sstc, Sscofpmf, debug, vector and Zkr CSRs), but for the
 * numbered series below: X(number, "name"), in number order. */
#define CSR_NAMES(X)                                                                     \
    /* unprivileged: F, V, Zkr, counters */                                              \
    X(0x001, "fflags") X(0x002, "frm") X(0x003, "fcsr") X(0x008, "vstart")               \
    X(0x009, "vxsat") X(0x00a, "vxrm") X(0x00f, "vcsr") X(0x015, "seed")                 \
    /* supervisor */                                                                     \
    X(0x100, "sstatus") X(0x104, "sie") X(0x105, "stvec") X(0x106, "scounteren")         \
    X(0x10a, "senvcfg") X(0x10c, "sstateen0") X(0x10d, "sstateen1")                      \
    X(0x10e, "sstateen2") X(0x10f, "sstateen3") X(0x114, "sieh") X(0x140, "sscratch")    \
    X(0x141, "sepc") X(0x142, "scause") X(0x143, "stval") X(0x144, "sip")                \
    X(0x14d, "stimecmp") X(0x150, "siselect") X(0x151, "sireg") X(0x154, "siph")         \
    X(0x15c, "stopei") X(0x15d, "stimecmph") X(0x180, "satp")                            \
    /* virtual supervisor */                                                             \
    X(0x200, "vsstatus") X(0x204, "vsie") X(0x205, "vstvec") X(0x214, "vsieh")           \
    X(0x240, "vsscratch") X(0x241, "vsepc") X(0x242, "vscause") X(0x243, "vstval")       \
    X(0x244, "vsip") X(0x24d, "vstimecmp") X(0x250, "vsiselect") X(0x251, "vsireg")      \
    X(0x254, "vsiph") X(0x25c, "vstopei") X(0x25d, "vstimecmph") X(0x280, "vsatp")       \
    /* machine */                                                                        \
    X(0x300, "mstatus") X(0x301, "misa") X(0x302, "medeleg") X(0x303, "mideleg")         \
    X(0x304, "mie") X(0x305, "mtvec") X(0x306, "mcounteren") X(0x308, "mvien")           \
    X(0x309, "mvip") X(0x30a, "menvcfg") X(0x30c, "mstateen0") X(0x30d, "mstateen1")     \
    X(0x30e, "mstateen2") X(0x30f, "mstateen3") X(0x310, "mstatush")                     \
    X(0x313, "midelegh") X(0x314, "mieh") X(0x318, "mvienh") X(0x319, "mviph")           \
    X(0x31a, "menvcfgh") X(0x31c, "mstateen0h") X(0x31d, "mstateen1h")                   \
    X(0x31e, "mstateen2h") X(0x31f, "mstateen3h") X(0x320, "mcountinhibit")              \
    X(0x340, "mscratch") X(0x341, "mepc") X(0x342, "mcause") X(0x343, "mtval")           \
    X(0x344, "mip") X(0x34a, "mtinst") X(0x34b, "mtval2") X(0x350, "miselect")           \
    X(0x351, "mireg") X(0x354, "miph") X(0x35c, "mtopei")                                \
    /* hypervisor, and the debug/trace contexts */                                       \
    X(0x5a8, "scontext") X(0x600, "hstatus") X(0x602, "hedeleg") X(0x603, "hideleg")     \
    X(0x604, "hie") X(0x605, "htimedelta") X(0x606, "hcounteren") X(0x607, "hgeie")      \
    X(0x608, "hvien") X(0x609, "hvictl") X(0x60a, "henvcfg") X(0x60c, "hstateen0")       \
    X(0x60d, "hstateen1") X(0x60e, "hstateen2") X(0x60f, "hstateen3")                    \
    X(0x613, "hidelegh") X(0x615, "htimedeltah") X(0x618, "hvienh")                      \
    X(0x61a, "henvcfgh") X(0x61c, "hstateen0h") X(0x61d, "hstateen1h")                   \
    X(0x61e, "hstateen2h") X(0x61f, "hstateen3h") X(0x643, "htval") X(0x644, "hip")      \
    X(0x645, "hvip") X(0x646, "hviprio1") X(0x647, "hviprio2") X(0x64a, "htinst")        \
    X(0x655, "hviph") X(0x656, "hviprio1h") X(0x657, "hviprio2h") X(0x680, "hgatp")      \
    X(0x6a8, "hcontext")                                                                 \
    /* machine: security, trigger, debug */                                              \
    X(0x747, "mseccfg") X(0x757, "mseccfgh") X(0x7a0, "tselect") X(0x7a1, "tdata1")      \
    X(0x7a2, "tdata2") X(0x7a3, "tdata3") X(0x7a4, "tinfo") X(0x7a5, "tcontrol")         \
    X(0x7a8, "mcontext") X(0x7aa, "mscontext") X(0x7b0, "dcsr") X(0x7b1, "dpc")          \
    X(0x7b2, "dscratch0") X(0x7b3, "dscratch1")                                          \
    /* counters */                                                                       \
    X(0xb00, "mcycle") X(0xb02, "minstret") X(0xb80, "mcycleh") X(0xb82, "minstreth")    \
    X(0xc00, "cycle") X(0xc01, "time") X(0xc02, "instret") X(0xc20, "vl")                \
    X(0xc21, "vtype") X(0xc22, "vlenb") X(0xc80, "cycleh") X(0xc81, "timeh")             \
    X(0xc82, "instreth")                                                                 \
    /* read-only */                                                                      \
    X(0xda0, "scountovf") X(0xdb0, "stopi") X(0xe12, "hgeip") X(0xeb0, "vstopi")         \
    X(0xf11, "mvendorid") X(0xf12, "marchid") X(0xf13, "mimpid") X(0xf14, "mhartid")     \
    X(0xf15, "mconfigptr") X(0xfb0, "mtopi")

/* X("prefix", "suffix", csr, first, last): CSRs csr .. csr + last - first
 * named prefix<first>suffix .. prefix<last>suffix. */
#define CSR_SERIES(X)                                                                    \
    X("pmpcfg", "", 0x3a0, 0, 15)                                                        \
    X("pmpaddr", "", 0x3b0, 0, 63)                                                       \
    X("mhpmevent", "", 0x323, 3, 31)                                                     \
    X("mhpmevent", "h", 0x723, 3, 31)                                                    \
    X("mhpmcounter", "", 0xb03, 3, 31)                                                   \
    X("mhpmcounter", "h", 0xb83, 3, 31)                                                  \
    X("hpmcounter", "", 0xc03, 3, 31)                                                    \
    X("hpmcounter", "h", 0xc83, 3, 31)

typedef struct {
    uint16_t csr;
    const char *name;
} csr_name_t;

typedef struct {
    const char *prefix, *suffix;
    uint16_t csr;
    uint8_t first, last;
} csr_series_t;

#define CSR_NAME_ROW_(csr, name) {csr, name},
static const csr_name_t csr_names[] = {CSR_NAMES(CSR_NAME_ROW_)};
#define CSR_SERIES_ROW_(prefix, suffix, csr, first, last) {prefix, suffix, csr, first, last},
static const csr_series_t csr_series[] = {CSR_SERIES(CSR_SERIES_ROW_)};

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

const char *rv_csr_name(unsigned csr)
{
    for (size_t i = 0; i < LEN(csr_names); i++)
        if (csr_names[i].csr == csr)
            return csr_names[i].name;
    return NULL;
}

/* The series member csr is (its prefix, suffix and index), or false. */
static bool csr_in_series(unsigned csr, const csr_series_t **s, unsigned *index)
{
    for (size_t i = 0; i < LEN(csr_series); i++) {
        const csr_series_t *c = &csr_series[i];
        if (csr >= c->csr && csr - c->csr <= (unsigned)(c->last - c->first)) {
            *s = c;
            *index = c->first + (csr - c->csr);
            return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* decoding                                                             */

/* The low `bits` bits of x as a two's-complement number. */
static int32_t sext(uint32_t x, unsigned bits)
{
    int64_t v = (int64_t)(x & (uint32_t)((1ull << bits) - 1));
    if (v & (1ll << (bits - 1)))
        v -= 1ll << bits;
    return (int32_t)v;
}

static uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & (uint32_t)((1ull << (hi - lo + 1)) - 1);
}

static int32_t extract_imm(imm_kind_t k, uint32_t w)
{
    switch (k) {
    case IMM_I:
        return sext(bits(w, 31, 20), 12);
    case IMM_S:
        return sext(bits(w, 31, 25) << 5 | bits(w, 11, 7), 12);
    case IMM_B:
        return sext(bits(w, 31, 31) << 12 | bits(w, 7, 7) << 11 | bits(w, 30, 25) << 5 |
                        bits(w, 11, 8) << 1,
                    13);
    case IMM_U:
        return sext(w & 0xfffff000u, 32);
    case IMM_J:
        return sext(bits(w, 31, 31) << 20 | bits(w, 19, 12) << 12 | bits(w, 20, 20) << 11 |
                        bits(w, 30, 21) << 1,
                    21);
    case IMM_SHAMT:
        return (int32_t)bits(w, 24, 20);
    case IMM_CSR:
    case IMM_FENCE:
        return (int32_t)bits(w, 31, 20);
    case IMM_NONE:
        break;
    }
    return 0;
}

/* Whether the template has any of the letters. */
static bool has(const char *tmpl, const char *letters)
{
    return strpbrk(tmpl, letters) != NULL;
}

bool rv_decode(uint32_t word, rv_insn_t *out)
{
    *out = (rv_insn_t){.word = word, .op = RV_ILLEGAL};
    for (unsigned op = 1; op < RV_NUM_OPS; op++) {
        const insn_row_t *r = &insns[op];
        if ((word & r->mask) != r->match)
            continue;
        const format_t *f = &formats[r->fmt];
        uint8_t rm = (uint8_t)bits(word, 14, 12);
        if (has(f->tmpl, "m") && (rm == 5 || rm == 6))
            return false; /* reserved rounding mode */
        out->op = (uint16_t)op;
        out->rd = has(f->tmpl, "dD") ? (uint8_t)bits(word, 11, 7) : 0;
        out->rs1 = has(f->tmpl, "sSoz") ? (uint8_t)bits(word, 19, 15) : 0;
        out->rs2 = has(f->tmpl, "tT") ? (uint8_t)bits(word, 24, 20) : 0;
        out->rs3 = has(f->tmpl, "R") ? (uint8_t)bits(word, 31, 27) : 0;
        out->rm = has(f->tmpl, "m") ? rm : 0;
        out->imm = extract_imm(f->imm, word);
        return true;
    }
    return false;
}

rv_files_t rv_op_files(unsigned op)
{
    rv_files_t r = {RV_RF_NONE, RV_RF_NONE, RV_RF_NONE, RV_RF_NONE};
    if (op == RV_ILLEGAL || op >= RV_NUM_OPS)
        return r;
    const char *t = formats[insns[op].fmt].tmpl;
    r.rd = has(t, "d") ? RV_RF_X : has(t, "D") ? RV_RF_F : RV_RF_NONE;
    r.rs1 = has(t, "so") ? RV_RF_X : has(t, "S") ? RV_RF_F : RV_RF_NONE;
    r.rs2 = has(t, "t") ? RV_RF_X : has(t, "T") ? RV_RF_F : RV_RF_NONE;
    r.rs3 = has(t, "R") ? RV_RF_F : RV_RF_NONE;
    return r;
}

/* ------------------------------------------------------------------ */
/* disassembly                                                          */

/* snprintf into a buffer piece by piece; len counts what did not fit. */
typedef struct {
    char *buf;
    size_t size, len;
} out_t;

static void put(out_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *at = o->len < o->size ? o->buf + o->len : NULL;
    int n = vsnprintf(at, at ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

/* A fence's predecessor or successor set, as objdump prints it. */
static void put_fence_set(out_t *o, unsigned set)
{
    if (set == 0)
        put(o, "unknown");
    for (unsigned b = 0; b < 4; b++)
        if (set & (8u >> b))
            put(o, "%c", "iorw"[b]);
}

static void put_csr(out_t *o, unsigned csr)
{
    const char *name = rv_csr_name(csr);
    const csr_series_t *s;
    unsigned index;
    if (name)
        put(o, "%s", name);
    else if (csr_in_series(csr, &s, &index))
        put(o, "%s%u%s", s->prefix, index, s->suffix);
    else
        put(o, "0x%x", csr);
}

int rv_disasm(const rv_insn_t *in, uint32_t pc, char *buf, size_t size)
{
    static const char *const rm_names[8] = {"rne", "rtz", "rdn", "rup",
                                            "rmm", "unknown", "unknown", ""};
    out_t o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if (in->op == RV_ILLEGAL || in->op >= RV_NUM_OPS) {
        put(&o, ".4byte 0x%x", in->word);
        return (int)o.len;
    }
    const char *t = formats[insns[in->op].fmt].tmpl;
    put(&o, "%s%s", rv_op_name(in->op), *t ? " " : "");
    uint32_t uimm = (uint32_t)in->imm;
    for (; *t; t++) {
        switch (*t) {
        case 'd': put(&o, "x%u", in->rd); break;
        case 'D': put(&o, "f%u", in->rd); break;
        case 's': put(&o, "x%u", in->rs1); break;
        case 'S': put(&o, "f%u", in->rs1); break;
        case 't': put(&o, "x%u", in->rs2); break;
        case 'T': put(&o, "f%u", in->rs2); break;
        case 'R': put(&o, "f%u", in->rs3); break;
        case 'o': put(&o, "%d(x%u)", (int)in->imm, in->rs1); break;
        case 'z': put(&o, "%u", in->rs1); break;
        case 'i': put(&o, "%d", (int)in->imm); break;
        case 'h': put(&o, "0x%x", uimm); break;
        case 'u': put(&o, "0x%x", uimm >> 12); break;
        case 'a': put(&o, "0x%x", pc + uimm); break;
        case 'c': put_csr(&o, uimm); break;
        case 'p': put_fence_set(&o, (uimm >> 4) & 0xf); break;
        case 'q': put_fence_set(&o, uimm & 0xf); break;
        case 'm':
            if (in->rm != RV_RM_DYN)
                put(&o, ",%s", rm_names[in->rm & 7]);
            break;
        default: put(&o, "%c", *t); break;
        }
    }
    return (int)o.len;
}

/* ------------------------------------------------------------------ */
/* control flow                                                         */

cfg_kind_t rv_cfg_kind(const rv_insn_t *in, uint32_t pc, uint32_t *target)
{
    cfg_kind_t k;
    if (in->op == RV_ILLEGAL || in->op >= RV_NUM_OPS)
        return CFG_STOP;
    switch (in->op) {
    case RV_JAL:
        k = in->rd == 0 ? CFG_JUMP : CFG_CALL;
        break;
    case RV_JALR:
        return in->rd == 0 && in->rs1 == 1 && in->imm == 0 ? CFG_RET : CFG_INDIRECT;
    case RV_ECALL:
    case RV_EBREAK:
        return CFG_STOP;
    default:
        if (insns[in->op].fmt != RV_FMT_BRANCH)
            return CFG_SEQ;
        k = CFG_BRANCH;
        break;
    }
    if (target)
        *target = pc + (uint32_t)in->imm;
    return k;
}
