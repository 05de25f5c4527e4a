/* The RV32IMF instruction set of the system model: decoder, disassembler and
 * control-flow classification, for kernels built by
 * `riscv64-unknown-elf-gcc -march=rv32imf -mabi=ilp32f`.
 *
 * One table, RV_INSNS, lists every instruction once -- its enum suffix,
 * mnemonic, operand format, match and mask -- and everything else comes
 * from it: the rv_op_t enum, the names, the decoder and the disassembler.
 * The formats (RV_FORMATS) say once which fields an instruction has, in
 * which register file, and how objdump prints them.
 *
 * What is decoded
 *   RV32I (with fence.tso and Zifencei's fence.i), Zicsr, M and F, plus the
 *   project's simt.barrier: the word 0x0000000b exactly (custom-0), a
 *   thread-block barrier. Everything else is illegal: other lengths (low
 *   bits != 11, or bits [4:2] == 111), other extensions, any other custom-0
 *   word, reserved fields that are not zero (shamt[5] of the RV32 shifts;
 *   rd, rs1 and fm of fence but for the fence.tso form -- stricter than the
 *   spec's "ignore them", as objdump is, and GCC never sets them), and the
 *   reserved rounding modes 5 and 6 of the FP instructions that take one (7,
 *   dyn, is legal). The table's entries are disjoint, so the order of the
 *   walk does not matter (tests/sys/test_rv32.c checks it).
 *
 * The disassembly is objdump's: what
 *   riscv64-unknown-elf-objdump -D -b binary -m riscv:rv32 -M no-aliases,numeric
 * (binutils 2.40) prints after the encoding, with the tab after the
 * mnemonic as one space and without objdump's "# address" comments: numeric
 * register names, rounding mode omitted when dyn, branch targets as absolute
 * hex addresses, CSRs by name where binutils has one (privileged spec 1.12)
 * and in hex otherwise. The exceptions: simt.barrier, which objdump shows as
 * `.4byte 0xb`, and illegal words, which print as objdump prints an
 * undecodable 32-bit word (`.4byte 0x...`).
 *
 * Worked example:
 *   rv_insn_t in;
 *   rv_decode(0xfe5ff0ef, &in);   -> in.op = RV_JAL, in.rd = 1, in.imm = -28
 *   rv_disasm(&in, 0x100, buf, n) -> "jal x1,0xe4"
 *   rv_cfg_kind(&in, 0x100, &t)   -> CFG_CALL, t = 0xe4
 *
 * Nothing is printed and nothing is global; every function is reentrant. */
#ifndef SIMT_SYS_RV32_H
#define SIMT_SYS_RV32_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "code_names.h"

/* X(NAME, IMM, "template"): the operand formats.
 *   IMM      how the immediate is extracted into rv_insn_t.imm (rv32.c):
 *            NONE, I, S, B, J (sign-extended byte offsets), U (imm << 12),
 *            SHAMT (imm[4:0]), CSR (the 12-bit CSR number), FENCE (the raw
 *            12 bits fm|pred|succ).
 *   template the operands as objdump prints them; other characters are
 *            copied. A letter also says the field exists and its file:
 *              d D  rd, as an x or an f register     i  imm, decimal
 *              s S  rs1                              h  imm, hex (shamt)
 *              t T  rs2                              u  imm >> 12, hex
 *                R  rs3 (an f register)              a  pc + imm, hex
 *              o    imm(rs1), rs1 an x register      c  the CSR, by name
 *              z    rs1 as the 5-bit zimm, decimal   p q  fence pred, succ
 *              m    rm: ",rne" etc., nothing when dyn (7) */
#define RV_FORMATS(X)                                                                    \
    X(R, NONE, "d,s,t")        /* add x1,x2,x3                         */              \
    X(I, I, "d,s,i")           /* addi x1,x2,-4                        */              \
    X(SHIFT, SHAMT, "d,s,h")   /* slli x1,x2,0x3                       */              \
    X(LOAD, I, "d,o")          /* lw x1,-4(x2); jalr x0,0(x1)          */              \
    X(STORE, S, "t,o")         /* sw x1,-4(x2)                         */              \
    X(BRANCH, B, "s,t,a")      /* beq x1,x2,0x40                       */              \
    X(U, U, "d,u")             /* lui x1,0x12345                       */              \
    X(JAL, J, "d,a")           /* jal x1,0x40                          */              \
    X(FENCE, FENCE, "p,q")     /* fence iorw,ow                        */              \
    X(NONE, NONE, "")          /* ecall                                */              \
    X(CSR, CSR, "d,c,s")       /* csrrw x1,mstatus,x2                  */              \
    X(CSRI, CSR, "d,c,z")      /* csrrwi x1,fcsr,5                     */              \
    X(FLOAD, I, "D,o")         /* flw f1,-4(x2)                        */              \
    X(FSTORE, S, "T,o")        /* fsw f1,-4(x2)                        */              \
    X(FR4_RM, NONE, "D,S,T,Rm") /* fmadd.s f1,f2,f3,f4,rne             */              \
    X(FR_RM, NONE, "D,S,Tm")   /* fadd.s f1,f2,f3,rtz                  */              \
    X(FR, NONE, "D,S,T")       /* fsgnj.s f1,f2,f3                     */              \
    X(F_RM, NONE, "D,Sm")      /* fsqrt.s f1,f2                        */              \
    X(X_F_RM, NONE, "d,Sm")    /* fcvt.w.s x1,f2,rtz                   */              \
    X(F_X_RM, NONE, "D,sm")    /* fcvt.s.w f1,x2                       */              \
    X(X_F, NONE, "d,S")        /* fmv.x.w x1,f2                        */              \
    X(F_X, NONE, "D,s")        /* fmv.w.x f1,x2                        */              \
    X(X_FF, NONE, "d,S,T")     /* feq.s x1,f2,f3                       */

#define RV_FMT_ENUM_(name, imm, tmpl) RV_FMT_##name,
typedef enum { RV_FORMATS(RV_FMT_ENUM_) RV_NUM_FORMATS } rv_format_t;

/* Masks shared by many rows of RV_INSNS: the fields that select the
 * instruction. */
#define RV_M_OPC 0x0000007fu   /* opcode: U, J */
#define RV_M_F3 0x0000707fu    /* + funct3: I, S, B, CSR, loads, stores */
#define RV_M_F7 0xfe00707fu    /* + funct7: R, the shifts, rm-less FP */
#define RV_M_F7RM 0xfe00007fu  /* funct7, any rm: FP two-operand */
#define RV_M_RS2RM 0xfff0007fu /* funct7 and rs2, any rm: fsqrt, fcvt */
#define RV_M_RS2 0xfff0707fu   /* funct7, rs2 and funct3: fmv, fclass */
#define RV_M_FMT 0x0600007fu   /* fmt (00: single), any rm: fused multiply-add */
#define RV_M_ALL 0xffffffffu   /* the one word */

/* X(NAME, "mnemonic", FORMAT, match, mask): every instruction once. A word w
 * is the instruction when (w & mask) == match (and its rm is legal). */
#define RV_INSNS(X)                                                                      \
    /* RV32I */                                                                          \
    X(LUI, "lui", U, 0x00000037u, RV_M_OPC)                                             \
    X(AUIPC, "auipc", U, 0x00000017u, RV_M_OPC)                                         \
    X(JAL, "jal", JAL, 0x0000006fu, RV_M_OPC)                                           \
    X(JALR, "jalr", LOAD, 0x00000067u, RV_M_F3)                                         \
    X(BEQ, "beq", BRANCH, 0x00000063u, RV_M_F3)                                         \
    X(BNE, "bne", BRANCH, 0x00001063u, RV_M_F3)                                         \
    X(BLT, "blt", BRANCH, 0x00004063u, RV_M_F3)                                         \
    X(BGE, "bge", BRANCH, 0x00005063u, RV_M_F3)                                         \
    X(BLTU, "bltu", BRANCH, 0x00006063u, RV_M_F3)                                       \
    X(BGEU, "bgeu", BRANCH, 0x00007063u, RV_M_F3)                                       \
    X(LB, "lb", LOAD, 0x00000003u, RV_M_F3)                                             \
    X(LH, "lh", LOAD, 0x00001003u, RV_M_F3)                                             \
    X(LW, "lw", LOAD, 0x00002003u, RV_M_F3)                                             \
    X(LBU, "lbu", LOAD, 0x00004003u, RV_M_F3)                                           \
    X(LHU, "lhu", LOAD, 0x00005003u, RV_M_F3)                                           \
    X(SB, "sb", STORE, 0x00000023u, RV_M_F3)                                            \
    X(SH, "sh", STORE, 0x00001023u, RV_M_F3)                                            \
    X(SW, "sw", STORE, 0x00002023u, RV_M_F3)                                            \
    X(ADDI, "addi", I, 0x00000013u, RV_M_F3)                                            \
    X(SLTI, "slti", I, 0x00002013u, RV_M_F3)                                            \
    X(SLTIU, "sltiu", I, 0x00003013u, RV_M_F3)                                          \
    X(XORI, "xori", I, 0x00004013u, RV_M_F3)                                            \
    X(ORI, "ori", I, 0x00006013u, RV_M_F3)                                              \
    X(ANDI, "andi", I, 0x00007013u, RV_M_F3)                                            \
    X(SLLI, "slli", SHIFT, 0x00001013u, RV_M_F7)                                        \
    X(SRLI, "srli", SHIFT, 0x00005013u, RV_M_F7)                                        \
    X(SRAI, "srai", SHIFT, 0x40005013u, RV_M_F7)                                        \
    X(ADD, "add", R, 0x00000033u, RV_M_F7)                                              \
    X(SUB, "sub", R, 0x40000033u, RV_M_F7)                                              \
    X(SLL, "sll", R, 0x00001033u, RV_M_F7)                                              \
    X(SLT, "slt", R, 0x00002033u, RV_M_F7)                                              \
    X(SLTU, "sltu", R, 0x00003033u, RV_M_F7)                                            \
    X(XOR, "xor", R, 0x00004033u, RV_M_F7)                                              \
    X(SRL, "srl", R, 0x00005033u, RV_M_F7)                                              \
    X(SRA, "sra", R, 0x40005033u, RV_M_F7)                                              \
    X(OR, "or", R, 0x00006033u, RV_M_F7)                                                \
    X(AND, "and", R, 0x00007033u, RV_M_F7)                                              \
    X(FENCE, "fence", FENCE, 0x0000000fu, 0xf00fffffu)  /* fm 0, rd rs1 0 */           \
    X(FENCE_TSO, "fence.tso", NONE, 0x8330000fu, RV_M_ALL)                              \
    X(ECALL, "ecall", NONE, 0x00000073u, RV_M_ALL)                                      \
    X(EBREAK, "ebreak", NONE, 0x00100073u, RV_M_ALL)                                    \
    /* Zifencei */                                                                       \
    X(FENCE_I, "fence.i", NONE, 0x0000100fu, RV_M_ALL)                                  \
    /* Zicsr */                                                                          \
    X(CSRRW, "csrrw", CSR, 0x00001073u, RV_M_F3)                                        \
    X(CSRRS, "csrrs", CSR, 0x00002073u, RV_M_F3)                                        \
    X(CSRRC, "csrrc", CSR, 0x00003073u, RV_M_F3)                                        \
    X(CSRRWI, "csrrwi", CSRI, 0x00005073u, RV_M_F3)                                     \
    X(CSRRSI, "csrrsi", CSRI, 0x00006073u, RV_M_F3)                                     \
    X(CSRRCI, "csrrci", CSRI, 0x00007073u, RV_M_F3)                                     \
    /* RV32M */                                                                          \
    X(MUL, "mul", R, 0x02000033u, RV_M_F7)                                              \
    X(MULH, "mulh", R, 0x02001033u, RV_M_F7)                                            \
    X(MULHSU, "mulhsu", R, 0x02002033u, RV_M_F7)                                        \
    X(MULHU, "mulhu", R, 0x02003033u, RV_M_F7)                                          \
    X(DIV, "div", R, 0x02004033u, RV_M_F7)                                              \
    X(DIVU, "divu", R, 0x02005033u, RV_M_F7)                                            \
    X(REM, "rem", R, 0x02006033u, RV_M_F7)                                              \
    X(REMU, "remu", R, 0x02007033u, RV_M_F7)                                            \
    /* RV32F */                                                                          \
    X(FLW, "flw", FLOAD, 0x00002007u, RV_M_F3)                                          \
    X(FSW, "fsw", FSTORE, 0x00002027u, RV_M_F3)                                         \
    X(FMADD_S, "fmadd.s", FR4_RM, 0x00000043u, RV_M_FMT)                                \
    X(FMSUB_S, "fmsub.s", FR4_RM, 0x00000047u, RV_M_FMT)                                \
    X(FNMSUB_S, "fnmsub.s", FR4_RM, 0x0000004bu, RV_M_FMT)                              \
    X(FNMADD_S, "fnmadd.s", FR4_RM, 0x0000004fu, RV_M_FMT)                              \
    X(FADD_S, "fadd.s", FR_RM, 0x00000053u, RV_M_F7RM)                                  \
    X(FSUB_S, "fsub.s", FR_RM, 0x08000053u, RV_M_F7RM)                                  \
    X(FMUL_S, "fmul.s", FR_RM, 0x10000053u, RV_M_F7RM)                                  \
    X(FDIV_S, "fdiv.s", FR_RM, 0x18000053u, RV_M_F7RM)                                  \
    X(FSQRT_S, "fsqrt.s", F_RM, 0x58000053u, RV_M_RS2RM)                                \
    X(FSGNJ_S, "fsgnj.s", FR, 0x20000053u, RV_M_F7)                                     \
    X(FSGNJN_S, "fsgnjn.s", FR, 0x20001053u, RV_M_F7)                                   \
    X(FSGNJX_S, "fsgnjx.s", FR, 0x20002053u, RV_M_F7)                                   \
    X(FMIN_S, "fmin.s", FR, 0x28000053u, RV_M_F7)                                       \
    X(FMAX_S, "fmax.s", FR, 0x28001053u, RV_M_F7)                                       \
    X(FCVT_W_S, "fcvt.w.s", X_F_RM, 0xc0000053u, RV_M_RS2RM)                            \
    X(FCVT_WU_S, "fcvt.wu.s", X_F_RM, 0xc0100053u, RV_M_RS2RM)                          \
    X(FMV_X_W, "fmv.x.w", X_F, 0xe0000053u, RV_M_RS2)                                   \
    X(FEQ_S, "feq.s", X_FF, 0xa0002053u, RV_M_F7)                                       \
    X(FLT_S, "flt.s", X_FF, 0xa0001053u, RV_M_F7)                                       \
    X(FLE_S, "fle.s", X_FF, 0xa0000053u, RV_M_F7)                                       \
    X(FCLASS_S, "fclass.s", X_F, 0xe0001053u, RV_M_RS2)                                 \
    X(FCVT_S_W, "fcvt.s.w", F_X_RM, 0xd0000053u, RV_M_RS2RM)                            \
    X(FCVT_S_WU, "fcvt.s.wu", F_X_RM, 0xd0100053u, RV_M_RS2RM)                          \
    X(FMV_W_X, "fmv.w.x", F_X, 0xf0000053u, RV_M_RS2)                                   \
    /* the project's custom-0 instruction: a thread-block barrier */                     \
    X(SIMT_BARRIER, "simt.barrier", NONE, 0x0000000bu, RV_M_ALL)

#define RV_OP_ENUM_(name, mnem, fmt, match, mask) RV_##name,
typedef enum { RV_ILLEGAL = 0, RV_INSNS(RV_OP_ENUM_) RV_NUM_OPS } rv_op_t;

/* rv_op_name(op): "addi", "fadd.s", ...; "illegal" for RV_ILLEGAL, NULL for
 * a value past the last. */
#define RV_OP_NAME_(name, mnem, fmt, match, mask) [RV_##name] = mnem,
CODE_NAMES(rv_op_name, [RV_ILLEGAL] = "illegal", RV_INSNS(RV_OP_NAME_))

/* FP rounding modes (the rm field); 5 and 6 are reserved. */
enum { RV_RM_RNE, RV_RM_RTZ, RV_RM_RDN, RV_RM_RUP, RV_RM_RMM, RV_RM_DYN = 7 };

typedef struct {
    uint32_t word;             /* the raw instruction */
    uint16_t op;               /* rv_op_t */
    uint8_t rd, rs1, rs2, rs3; /* register numbers 0..31, in the file rv_op_files()
                                  says; 0 for a field the instruction lacks. The
                                  CSR *I forms: rs1 is the zimm */
    uint8_t rm;                /* rounding mode, where the format has one; else 0 */
    int32_t imm;               /* as the format's IMM says (RV_FORMATS); 0 if none */
} rv_insn_t;

/* Decodes word into *out (all of it written). False, with out->op =
 * RV_ILLEGAL and out->word = word, for a word that is not an instruction
 * of the table (see "What is decoded"). */
bool rv_decode(uint32_t word, rv_insn_t *out);

/* objdump's text for the instruction at pc (see "The disassembly is
 * objdump's"), e.g. "addi x10,x11,-4", "fadd.s f1,f2,f3,rne",
 * "beq x1,x2,0xfc". snprintf-like: writes at most size bytes (NUL
 * included; buf may be NULL when size is 0) and returns the length of the
 * whole text. */
int rv_disasm(const rv_insn_t *in, uint32_t pc, char *buf, size_t size);

/* The name binutils gives CSR number csr ("mstatus", "fcsr"), or NULL. */
const char *rv_csr_name(unsigned csr);

/* How the instruction at pc moves control (csim/sys/cfg.h): CFG_BRANCH for
 * the B-type instructions; jal with rd == x0 CFG_JUMP, with another rd
 * CFG_CALL; jalr x0,0(x1) CFG_RET, any other jalr CFG_INDIRECT; ecall,
 * ebreak and an illegal op CFG_STOP; everything else (simt.barrier
 * included) CFG_SEQ. For BRANCH, JUMP and CALL, *target (unless target is
 * NULL) gets pc + imm; otherwise it is not written. */
cfg_kind_t rv_cfg_kind(const rv_insn_t *in, uint32_t pc, uint32_t *target);

/* The register file of an operand field, from the op's format. */
typedef enum { RV_RF_NONE, RV_RF_X, RV_RF_F } rv_regfile_t;

typedef struct {
    uint8_t rd, rs1, rs2, rs3; /* rv_regfile_t of each field */
} rv_files_t;

/* Which of rd, rs1, rs2, rs3 op reads or writes, and in which file
 * (RV_RF_NONE for all of an illegal or unknown op, and for the zimm of the
 * CSR *I forms). */
rv_files_t rv_op_files(unsigned op);

#endif /* SIMT_SYS_RV32_H */
