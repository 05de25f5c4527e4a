/* The system model: SIMT cores that run a kernel compiled for RISC-V
 * (kernels/rt/simt.h) on the memory hierarchy of csim/sys/mem.h, with branch
 * divergence handled by a mechanism's golden model: PDOM through recon_stack
 * (csim/pdom/), Thread Block Compaction through tbc_core (csim/tbc/),
 * Diverge on Miss through dom_core (csim/dom/) beside recon_stack, Dynamic
 * Warp Subdivision through dws_core (csim/dws/) -- or by anything with the
 * same ports (sim_blocks_t: the verilated RTL).
 * docs/system.md describes what it models.
 *
 * Usage: sim_create() with a machine (sim_preset() or your own), then
 * sim_load() a kernel ELF, sim_run() it, read sim_stats() and the output
 * buffers (sim_output()). Nothing is printed; every failure is a code and a
 * one-line message (sim_error()). No global state. */
#ifndef SIMT_SYS_SIM_H
#define SIMT_SYS_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom_core.h"
#include "dws_core.h"
#include "mem.h"
#include "recon_stack.h"
#include "tbc_core.h"

/* Warp schedulers. */
#define SIM_SCHEDS(X)                                                                    \
    X(SIM_SCHED_RR, "rr", "loose round-robin: the next ready warp after the last issued") \
    X(SIM_SCHED_GTO, "gto", "greedy-then-oldest: the last issued warp while it is ready, "  \
                            "else the oldest ready one")
#define SIM_ENUM_(code, name, text) code,
typedef enum { SIM_SCHEDS(SIM_ENUM_) SIM_SCHED_COUNT } sim_sched_t;

/* Divergence mechanisms: the block whose model (or RTL) the cores step. */
#define SIM_MECHS(X)                                                                     \
    X(SIM_MECH_PDOM, "pdom", "per-warp reconvergence stack at immediate post-dominators " \
                             "(recon_stack)")                                            \
    X(SIM_MECH_TBC, "tbc", "Thread Block Compaction: a block-wide stack and the thread " \
                           "compactor per thread block (tbc_core)")                      \
    X(SIM_MECH_DOM, "dom", "Diverge on Miss: PDOM for branches; at a load some threads "  \
                           "miss, the rest go on (the MDT and slip controller, dom_core)")   \
    X(SIM_MECH_DWS, "dws", "Dynamic Warp Subdivision: warp-splits run ahead of their "  \
                           "warp's misses; the warp-split table and its stack (dws_core)")
typedef enum { SIM_MECHS(SIM_ENUM_) SIM_MECH_COUNT } sim_mech_t;

/* A machine. The memory hierarchy's own parameters are in mem. */
typedef struct {
    unsigned cores;
    unsigned warp_width;   /* threads per warp, 2..64 */
    unsigned simd_lanes;   /* datapath width: a warp-instruction takes
                              warp_width / simd_lanes cycles (a divisor) */
    unsigned num_warps;    /* warp slots per core */
    sim_sched_t sched;
    sim_mech_t mech;
    unsigned block_warps;  /* warps per thread block of a kernel without a barrier */
    unsigned stack_depth;  /* entries per warp's reconvergence stack */
    unsigned lcp;          /* 1: likely-convergence points (TBC section 4) */
    unsigned mdt_entries;  /* DoM: MDT entries per warp */
    unsigned slip_period;  /* DoM: cycles per adaptive-diff sampling period */
    unsigned max_slip;     /* DoM: max-slip after reset */
    unsigned dws_policy;   /* DWS: the warp-split table's split policy (enum wst_policy) */
    unsigned dws_sched;    /* DWS: its scheduler (enum wst_sched); `sched` is the others' */
    unsigned dws_bypass;   /* DWS: 1: loop bypass (DWS 5.5); 0: dws_core's no_bypass_i */
    unsigned stack_bytes;  /* each thread's stack, a multiple of 16 */
    uint32_t mem_bytes;    /* simulated memory, from 0 */
    uint64_t max_cycles;   /* the run stops with an error past it; 0: no limit */
    mem_params_t mem;
} sim_params_t;

/* DoM's slip counters: 8 bits (DoM Table 1). */
#define DOM_COUNTER_BITS 8u
#define DOM_COUNTER_MAX ((1u << DOM_COUNTER_BITS) - 1u)

/* The parameters one can set by name (sim_set()), with their ranges: the
 * CLI's --set NAME=VALUE and the docs' parameter table come from here. */
#define SIM_PARAMS(X)                                                                    \
    X(cores, cores, 1, 256, "cores")                                                     \
    X(warp_width, warp_width, 2, 64, "threads per warp")                                 \
    X(simd_lanes, simd_lanes, 1, 64, "SIMD lanes: a warp-instruction takes "            \
                                     "warp_width / simd_lanes cycles")                   \
    X(num_warps, num_warps, 1, 64, "warp slots per core")                                \
    X(stack_depth, stack_depth, RS_DEPTH_MIN, RS_DEPTH_MAX, "reconvergence stack entries") \
    X(lcp, lcp, 0, 1, "1: likely-convergence points, a loop's latch for its breaks (TBC 4)") \
    X(block_warps, block_warps, 1, 64, "warps per thread block (the unit a core takes; "   \
                                       "TBC's compaction scope) of a kernel without a "   \
                                       "barrier; a kernel's own blocks are kept")         \
    X(mdt_entries, mdt_entries, DOMC_ENTRIES_PER_WARP_MIN, DOMC_ENTRIES_PER_WARP_MAX,      \
      "DoM: MDT entries per warp (its divergent loads in flight)")                       \
    X(slip_period, slip_period, DOMC_SAMPLE_PERIOD_MIN, DOMC_SAMPLE_PERIOD_MAX,           \
      "DoM: cycles per sampling period of the adaptive slip limit")                      \
    X(max_slip, max_slip, 1, DOM_COUNTER_MAX, "DoM: max-slip at the start (8-bit slip counters)") \
    X(dws_policy, dws_policy, 0, WST_POLICY_COUNT - 1, "DWS: the split policy, a name or "   \
      "number of warp_split_table's policy codes (off: no split, PDOM's blocking)")                 \
    X(dws_sched, dws_sched, 0, WST_SCHED_COUNT - 1, "DWS: the order among ready splits, "    \
      "warp_split_table's sched codes (rr, swf); `sched` does not apply to DWS")           \
    X(dws_bypass, dws_bypass, 0, 1, "DWS: 1: a split takes its loop branch alone (loop "    \
      "bypass, DWS 5.5); 0: every branch waits for the warp")                             \
    X(stack_bytes, stack_bytes, 256, 65536, "bytes of stack per thread")                 \
    X(line_bytes, mem.line_bytes, 16, 256, "cache line bytes (every level)")             \
    X(l1_bytes, mem.l1_bytes, 256, 1048576, "L1 data cache bytes per core")              \
    X(l1_ways, mem.l1_ways, 1, 64, "L1 associativity")                                   \
    X(l1_mshrs, mem.l1_mshrs, 1, 256, "L1 miss status holding registers")                \
    X(l1_hit_cycles, mem.l1_hit_cycles, 1, 1000, "L1 hit latency")                       \
    X(l1_line_cycles, mem.l1_line_cycles, 0, 100, "L1 port cycles per line request (0: no limit)") \
    X(icnt_cycles, mem.icnt_cycles, 0, 1000, "interconnect latency, each way")           \
    X(l2_bytes, mem.l2_bytes, 0, 1u << 28, "shared L2 bytes (0: none)")                  \
    X(l2_ways, mem.l2_ways, 1, 64, "L2 associativity")                                   \
    X(l2_banks, mem.l2_banks, 1, 64, "L2 banks")                                         \
    X(l2_hit_cycles, mem.l2_hit_cycles, 1, 1000, "L2 hit latency")                       \
    X(l2_bank_cycles, mem.l2_bank_cycles, 1, 100, "cycles an L2 bank is busy per access") \
    X(dram_channels, mem.dram_channels, 1, 64, "DRAM channels")                          \
    X(dram_cycles, mem.dram_cycles, 1, 10000, "DRAM latency")

/* Named machines from the papers (docs/system.md, "Presets"). */
#define SIM_PRESETS(X)                                                                   \
    X(small, "2 cores x 8-wide warps, 4 warps, 4 KB L1, 50-cycle memory: for tests")     \
    X(dom, "Diverge on Miss section 7: 32 cores x 32 wide, 32 KB 4-way 32 B L1, "       \
           "500 cycles, 256 GB/s")                                                       \
    X(dws, "Dynamic Warp Subdivision section 6: 4 cores x 8 wide, 8 warps, 32 KB L1, "  \
           "2 MB LLC, 300 cycles")                                                       \
    X(robust, "Robust SIMD section V: 4 cores, the best static 8 wide x 4 deep, 32 KB "  \
              "8-way 128 B L1, 4 MB L2, 300 cycles")                                     \
    X(tbc, "Thread Block Compaction section 5 (GPGPU-Sim): 30 cores, warp 32 on SIMD 8, " \
           "32 warps, 32 KB 8-way 64 B L1, 8 channels")

/* Fills *p with preset `name`; false if there is none. */
bool sim_preset(const char *name, sim_params_t *p);
/* The presets' names and descriptions, i = 0, 1, ...; false past the last. */
bool sim_preset_at(unsigned i, const char **name, const char **text);

/* Sets parameter `name` (SIM_PARAMS) to value; false with a message in err
 * for an unknown name or a value out of range. */
bool sim_set(sim_params_t *p, const char *name, const char *value, char *err, size_t n);
/* The parameters' names, ranges and meanings, i = 0, 1, ...; false past the
 * last. */
bool sim_param_at(unsigned i, const char **name, unsigned long *min, unsigned long *max,
                  const char **text);
/* The value of parameter i (the order of sim_param_at()) in *p. */
unsigned sim_param_value(const sim_params_t *p, unsigned i);
const char *sim_sched_name(sim_sched_t s);
bool sim_sched_parse(const char *name, sim_sched_t *s);
const char *sim_mech_name(sim_mech_t m);
bool sim_mech_parse(const char *name, sim_mech_t *m);
/* The mechanisms' names and descriptions, i = 0, 1, ...; false past the last. */
bool sim_mech_at(unsigned i, const char **name, const char **text);

/* A block the cores step, through its ports: its golden model (the
 * default) or anything with the same behaviour (the verilated RTL):
 * sim_<block>_ops_t holds an instance: eval() gives the outputs of the
 * cycle without the edge, step() runs the cycle with its edge (model.h's
 * step without events), idle() (NULL where the block has none) runs n
 * cycles of input *in that make no request, as n step() calls would;
 * sim_<block>_factory_t makes one with parameters p: 0, or -1 with a
 * message in err. */
#define SIM_BLOCK_TYPES(block)                                                           \
    typedef struct {                                                                     \
        void *ctx;                                                                       \
        void (*eval)(void *ctx, const block##_in_t *in, block##_out_t *out);             \
        void (*step)(void *ctx, const block##_in_t *in, block##_out_t *out);             \
        void (*destroy)(void *ctx);                                                      \
        void (*idle)(void *ctx, const block##_in_t *in, uint64_t n);                     \
    } sim_##block##_ops_t;                                                               \
    typedef int (*sim_##block##_factory_t)(const block##_params_t *p,                    \
                                           sim_##block##_ops_t *ops, char *err, size_t n);
/* PDOM: one recon_stack per core (num_warps warps of warp_width, 32-bit
 * PCs, stack_depth entries). */
SIM_BLOCK_TYPES(recon_stack)
/* TBC: one tbc_core per resident thread block (block_warps, at least 2, x
 * warp_width threads); no output depends on an input. */
SIM_BLOCK_TYPES(tbc_core)
/* DoM: one dom_core per core (num_warps warps of warp_width, 32-bit PCs,
 * mdt_entries entries per warp; sim_rtl_params() gives the rest). */
SIM_BLOCK_TYPES(dom_core)
/* DWS: one dws_core per core (num_warps warps, at most 16, of warp_width;
 * stack_depth, lcp; sim_rtl_params() gives the counters' widths). */
SIM_BLOCK_TYPES(dws_core)

/* Where the cores get their blocks, a field per block; a NULL field (or
 * blocks NULL): the golden model. */
typedef struct {
    sim_recon_stack_factory_t recon_stack;
    sim_tbc_core_factory_t tbc_core;
    sim_dom_core_factory_t dom_core;
    sim_dws_core_factory_t dws_core;
} sim_blocks_t;

/* The RTL that mechanism p->mech steps on machine p, as "BLOCK
 * Param=Value ..." (its top module and Verilog parameters): what a build
 * with the RTL in the loop must hold (scripts/build_sys_rtl.sh). */
void sim_rtl_params(const sim_params_t *p, char *buf, size_t n);

typedef struct sim sim_t;

/* What a run measured. */
typedef struct {
    uint64_t cycles;
    uint64_t warp_insns, thread_insns;
    uint64_t launches;
    double ipc;             /* thread-instructions per cycle, all cores */
    double simd_efficiency; /* thread_insns / (warp_insns * warp_width) */
    unsigned stack_depth_max;
    double stack_depth_mean; /* the issuing warp's depth, per warp-instruction */
    uint64_t branches, divergent_branches;
    uint64_t mem_stall_cycles; /* core-cycles with warps but no issue: all wait on memory */
    uint64_t mech_stall_cycles; /* core-cycles with warps but no issue, none waiting on
                                   memory: on the mechanism (a compaction) or a barrier */
    uint64_t block_branches;    /* TBC: branches a whole block synchronised at */
    uint64_t block_uniform_branches; /* of them, all of the block's threads one way */
    uint64_t barrier_waits;
    uint64_t mdt_allocs;        /* DoM: divergent loads given an MDT entry */
    uint64_t mdt_merges;        /* DoM: loads at the PC of an entry (threads re-join, misses join) */
    uint64_t mdt_blocking;      /* DoM: divergent loads refused an entry: the warp blocks */
    uint64_t dom_forces;        /* DoM: forced reconvergences (an entry's threads brought back) */
    uint64_t mdt_rejoined;      /* DoM: held threads that re-joined at their load */
    uint64_t dom_forced;        /* DoM: held threads brought back by a forced reconvergence */
    uint64_t dom_forced_sync;   /* DoM: of them, at a control-flow point where other threads
                                   of the warp could still run (not a warp all held) */
    uint64_t dom_regroups;      /* DoM: of them and of the slip-limited, stack entries split off */
    uint64_t slip_parks;        /* DoM: threads the slip limit stopped at a load */
    uint64_t slip_changes;      /* DoM: sampling periods that changed max-slip */
    unsigned max_slip_end;      /* DoM: max-slip of core 0 at the end */
    uint64_t dws_splits;        /* DWS: divergent accesses split (run-ahead and fall-behind) */
    uint64_t dws_waits;         /* DWS: divergent accesses not split: the split waits whole */
    uint64_t dws_lazy;          /* DWS: suspended splits LAZY split (no split ready) */
    uint64_t dws_merges;        /* DWS: splits merged into another at an access */
    uint64_t dws_bypasses;      /* DWS: loop branches a split took alone (loop bypass) */
    uint64_t dws_warp_branches; /* DWS: branches and pops taken once a warp's splits arrived */
    double dws_splits_mean;     /* DWS: a warp's splits, per issued instruction */
    uint64_t dws_pick_busy;     /* DWS: core-cycles the request port refused the table's
                                   pick (its warp busy with its last request, or a warp's
                                   branch or pop being taken) */
    mem_stats_t mem;
} sim_stats_t;

/* Returns 0 and *out, or -1 with a message in err (bad parameters, no
 * memory). blocks NULL: every block's golden model. */
int sim_create(const sim_params_t *p, const sim_blocks_t *blocks, sim_t **out, char *err,
               size_t n);
void sim_destroy(sim_t *s);

/* Loads a kernel ELF and runs its simt_setup(size, seed) on one thread
 * (untimed). 0, or -1 (sim_error()). */
int sim_load(sim_t *s, const char *elf_path, unsigned size, unsigned seed);

/* Runs every launch (timed) and simt_next() between them. 0, or -1 with
 * sim_error(): a fault, a trap, an unsupported jump, a stack overflow, the
 * cycle limit. progress, when not NULL, is called now and then with the
 * cycle reached. */
int sim_run(sim_t *s, void (*progress)(void *ctx, uint64_t cycle), void *ctx);

const char *sim_error(const sim_t *s);
void sim_stats(const sim_t *s, sim_stats_t *st);
const sim_params_t *sim_params(const sim_t *s);

/* The output buffers after the run: number, and i's bytes (a pointer into
 * the simulated memory). */
unsigned sim_num_outputs(const sim_t *s);
const uint8_t *sim_output(const sim_t *s, unsigned i, uint32_t *bytes);

#endif /* SIMT_SYS_SIM_H */
