/* The system model's memory timing: when a warp's loads and stores complete,
 * through per-core L1 data caches, a fixed-latency interconnect, an optional
 * banked shared L2 and DRAM channels. Only timing: the data lives in the
 * simulator's flat functional memory. No event queue: every resource is a
 * "busy until" cycle, and a load's completion cycle is worked out when it
 * is issued. Nothing is printed; errors are return codes; no global state.
 *
 * Usage: mem_create(), then mem_access() for each warp memory instruction
 * (calls in non-decreasing `now`, cores interleaved cycle by cycle),
 * mem_stats(), mem_reset() to run again, mem_destroy(). mem_coalesce() is
 * the coalescing step on its own, for a caller that wants the line requests
 * without the timing.
 *
 * The path of a load, line by line (times in cycles, parameter names as
 * in mem_params_t):
 *   coalescing  the lanes' addresses become the distinct lines they touch,
 *               in order of first appearance (mem_coalesce).
 *   L1 port     line j of an instruction is looked up at slot_j = start +
 *               j * l1_line_cycles, start = max(now, the cycle the core's
 *               L1 port is free); the port is then busy until start +
 *               lines * l1_line_cycles (0: no port limit, every slot_j =
 *               now).
 *   L1          set = line mod sets (line = address / line_bytes), LRU.
 *               A line the L1 holds is a hit if its fill has arrived
 *               (ready_at <= slot_j), else an MSHR merge; either completes
 *               at max(ready_at, slot_j + l1_hit_cycles). A line it does not
 *               hold is a miss: it takes an MSHR and leaves the L1 at
 *               slot_j + l1_hit_cycles, and is installed at once with
 *               ready_at = the cycle its data is back (later accesses merge
 *               into it until then).
 *   MSHRs       A load whose misses need more MSHRs than are free at `now`
 *               is refused whole (MEM_STALL, nothing changed) -- unless all
 *               MSHRs are free: then a load with more misses than MSHRs is
 *               accepted, and each miss past the free ones waits in the L1
 *               for the earliest fill of an occupied MSHR and leaves then.
 *               An MSHR is occupied from the cycle it is taken until its
 *               fill (free again at ready_at); a merge takes none.
 *   icnt        icnt_cycles each way, no contention.
 *   L2 bank     bank = line mod l2_banks. A request reaching its bank at t
 *               starts at s = max(t, bank busy until), the bank is then
 *               busy until s + l2_bank_cycles, and the lookup ends at
 *               s + l2_hit_cycles: a hit's data leaves then; a line being
 *               filled (from another core's miss) merges, its data leaves
 *               at max(its fill, the lookup's end); a miss goes on to DRAM
 *               then and the line is installed at once with its fill cycle.
 *               Set = (line / l2_banks) mod sets per bank, LRU.
 *   DRAM        channel = line mod dram_channels. A request reaching its
 *               channel at t starts at s = max(t, channel busy until), holds
 *               it for line_bytes / dram_bytes_per_cycle cycles (fractional:
 *               bandwidth), and its data is back at the L2 (or, without an
 *               L2, at the interconnect) at ceil(s + that) + dram_cycles.
 *   Victims     The least recently used way whose line is not being filled
 *               (an invalid way first); if every way's is, the least recently
 *               used way (its waiting loads still complete at their cycle).
 *               A hit, a merge and a store hit make a line most recently
 *               used. A load's misses are installed after its hits and
 *               merges are served, so they evict a line the same load found
 *               only when its set has no other way.
 *
 * A store: write-through, no write-allocate, at both levels, and no MSHR.
 * Its lines take their L1 port slots like a load's; a line the L1 (the L2)
 * holds is updated and made most recently used, one it does not hold is not
 * installed; every line leaves the L1 at slot_j + l1_hit_cycles for its L2
 * bank (occupying it as a load does) and, from the end of the L2 lookup,
 * its DRAM channel, which it holds for a line's service time (line_bytes
 * written). The warp does not wait: done = now + 1; later requests wait
 * behind the store's occupancy.
 *
 * Worked example (the parameters of tests/sys/test_mem.c: 32 B lines,
 * l1_hit_cycles 2, icnt_cycles 5, l2_hit_cycles 10, l2_bank_cycles 3,
 * dram_cycles 100, 8 bytes per cycle, so a line holds a channel 4 cycles):
 *   a cold load at cycle 0   L1 lookup 0-2, icnt to 7, bank 7-10, lookup to
 *                            17 (miss), channel 17-21, data at the L2 at
 *                            121, back at the L1 at done = 126
 *   the same line at 10      MSHR merge: done = max(126, 12) = 126
 *   the same line at 126     hit: done = 128
 *   it from another core     L2 hit: done = now + 2 + 5 + 10 + 5 = now + 22
 *
 * What this leaves out (simplifications): the interconnect has no
 * bandwidth limit; the L2 has unlimited MSHRs and its fills take no bank
 * time; DRAM has no rows or banks (a fixed latency and a bandwidth per
 * channel); the L2 is write-through like the L1 (every stored line reaches
 * DRAM); an MSHR merges any number of requests; a resource serves requests
 * in the order of the calls that make them and never fills an idle gap
 * before its busy-until cycle with a later call's request; what a call does
 * (a line installed, a resource's busy-until) is seen by every later call,
 * even one whose request gets there earlier in simulated time. */
#ifndef SIMT_SYS_MEM_H
#define SIMT_SYS_MEM_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "bitmask.h"
#include "code_names.h"

#define MEM_MAX_LANES BM_MAX_BITS /* lanes of one access: a warp's mask */
#define MEM_MIN_LINE 16u          /* line_bytes range; also the largest access size */
#define MEM_MAX_LINE 256u
#define MEM_MAX_CORES 4096u
#define MEM_MAX_MSHRS 1024u    /* per core */
#define MEM_MAX_BANKS 1024u    /* L2 banks */
#define MEM_MAX_CHANNELS 1024u /* DRAM channels */
/* A DRAM channel's time is kept in fixed point with this many fraction bits:
 * a line's service time is rounded to a multiple of 2^-16 cycle, and must
 * be at least that and at most MEM_DRAM_MAX_LINE_CYCLES. */
#define MEM_DRAM_FRAC_BITS 16u
#define MEM_DRAM_MAX_LINE_CYCLES 65536u
/* mem_stats() of every core summed. */
#define MEM_ALL_CORES UINT_MAX

typedef struct {
    unsigned cores;           /* 1..MEM_MAX_CORES, one L1 each */
    unsigned line_bytes;      /* a power of two, MEM_MIN_LINE..MEM_MAX_LINE; every level */
    unsigned l1_bytes;        /* l1_ways x line_bytes x a power of two (the sets) */
    unsigned l1_ways;         /* >= 1 */
    unsigned l1_mshrs;        /* 1..MEM_MAX_MSHRS */
    unsigned l1_hit_cycles;   /* >= 1: lookup to data */
    unsigned l1_line_cycles;  /* L1 port: cycles per line request; 0: no limit */
    unsigned icnt_cycles;     /* interconnect latency, each way */
    unsigned l2_bytes;        /* 0: no L2 (the l2_ fields ignored); else
                                 l2_banks x l2_ways x line_bytes x a power of two
                                 (the sets of a bank) */
    unsigned l2_ways;         /* >= 1 */
    unsigned l2_banks;        /* 1..MEM_MAX_BANKS */
    unsigned l2_hit_cycles;   /* bank start to end of lookup (hit data leaves, miss goes on) */
    unsigned l2_bank_cycles;  /* a bank takes one request per this many cycles; 0: no limit */
    unsigned dram_channels;   /* 1..MEM_MAX_CHANNELS */
    unsigned dram_cycles;     /* latency after a line's service time */
    double dram_bytes_per_cycle; /* per channel: a line holds its channel line_bytes /
                                    dram_bytes_per_cycle cycles (MEM_DRAM_FRAC_BITS) */
} mem_params_t;

/* The return codes and what they mean: mem_status_name(code). */
#define MEM_STATUSES(X)                                                                  \
    X(MEM_OK, "ok")                                                                      \
    X(MEM_STALL, "load refused: its misses need more MSHRs than are free; nothing changed") \
    X(MEM_ECORES, "cores is 0 or above MEM_MAX_CORES")                                   \
    X(MEM_ELINE, "line_bytes is not a power of two from MEM_MIN_LINE to MEM_MAX_LINE")  \
    X(MEM_EL1_WAYS, "l1_ways is 0")                                                      \
    X(MEM_EL1_SIZE, "l1_bytes is not l1_ways x line_bytes x a power of two")             \
    X(MEM_EL1_MSHRS, "l1_mshrs is 0 or above MEM_MAX_MSHRS")                             \
    X(MEM_EL1_HIT, "l1_hit_cycles is 0")                                                 \
    X(MEM_EL2_WAYS, "l2_ways is 0 (with an L2)")                                         \
    X(MEM_EL2_BANKS, "l2_banks is 0 or above MEM_MAX_BANKS (with an L2)")               \
    X(MEM_EL2_SIZE, "l2_bytes is neither 0 nor l2_banks x l2_ways x line_bytes x a power of two") \
    X(MEM_EDRAM_CHANNELS, "dram_channels is 0 or above MEM_MAX_CHANNELS")               \
    X(MEM_EDRAM_RATE, "dram_bytes_per_cycle gives a line a service time out of range")  \
    X(MEM_ENOMEM, "out of memory")                                                       \
    X(MEM_ECORE, "no such core")                                                         \
    X(MEM_ETIME, "access at a cycle before the previous access's")                       \
    X(MEM_ESIZE, "access size not a power of two from 1 to MEM_MIN_LINE")               \
    X(MEM_EALIGN, "a lane's address is not a multiple of the access size")              \
    X(MEM_ELANES, "more than MEM_MAX_LANES lanes")
#define MEM_STATUS_ENUM_(code, text) code,
#define MEM_STATUS_NAME_(code, text) [code] = text,
typedef enum { MEM_STATUSES(MEM_STATUS_ENUM_) } mem_status_t;
CODE_NAMES(mem_status_name, MEM_STATUSES(MEM_STATUS_NAME_))

/* The statistics, (type, name, meaning), kept per core; the L2 and DRAM
 * counts belong to the core whose request caused them. */
#define MEM_STAT_FIELDS(X)                                                               \
    X(uint64_t, loads, "load instructions accepted")                                     \
    X(uint64_t, stores, "store instructions")                                            \
    X(uint64_t, stalls, "load instructions refused (MEM_STALL): a retry counts again")   \
    X(uint64_t, load_lines, "line requests of the accepted loads (= l1_hits + l1_merges + l1_misses)") \
    X(uint64_t, store_lines, "line requests of the stores")                              \
    X(uint64_t, l1_hits, "load lines the L1 held, filled")                               \
    X(uint64_t, l1_merges, "load lines the L1 held, being filled: merged into their MSHR") \
    X(uint64_t, l1_misses, "load lines the L1 did not hold: an MSHR and a request each") \
    X(uint64_t, l1_store_hits, "store lines the L1 held (updated in place)")             \
    X(uint64_t, mshr_cycles, "MSHR occupancy integral: the sum over misses of fill - taken " \
                             "(mean occupancy = mshr_cycles / cycles run)")              \
    X(uint64_t, l2_hits, "L1 misses the L2 held, filled")                                \
    X(uint64_t, l2_merges, "L1 misses the L2 held, being filled")                        \
    X(uint64_t, l2_misses, "L1 misses the L2 did not hold (0 without an L2)")            \
    X(uint64_t, l2_queue_cycles, "cycles requests (loads and stores) waited for a busy L2 bank") \
    X(uint64_t, dram_read_bytes, "bytes read from DRAM: line_bytes per request")         \
    X(uint64_t, dram_write_bytes, "bytes written to DRAM: line_bytes per stored line")   \
    X(double, dram_queue_cycles, "cycles requests waited for a busy DRAM channel (fractional)")
#define MEM_STAT_FIELD_(type, name, doc) type name;
typedef struct {
    MEM_STAT_FIELDS(MEM_STAT_FIELD_)
} mem_stats_t;

typedef struct mem mem_t;

/* What each lane of a load got (mem_access()'s lanes): the cycle its line
 * is back, and whether that line was an L1 hit (held and filled: not a
 * merge into an MSHR, not a miss), bit i for lane i. */
typedef struct {
    uint64_t done[MEM_MAX_LANES];
    uint64_t hit;
} mem_lanes_t;

/* A memory system with every cache empty and every resource idle. Returns
 * MEM_OK and *out, or the code of the first parameter it rejects, in the
 * order of MEM_STATUSES (MEM_ECORES when p or out is NULL), or MEM_ENOMEM;
 * *out is NULL on error (model.h's create). */
int mem_create(const mem_params_t *p, mem_t **out);

/* Frees it; NULL is ignored. */
void mem_destroy(mem_t *m);

/* Back to the state mem_create() gave: caches empty, resources idle,
 * statistics zero, `now` may start again from 0. */
void mem_reset(mem_t *m);

/* A warp's load or store of core `core` at cycle `now`: the n active lanes'
 * byte addresses addr[0..n), each `size` bytes (1, 2, 4, ... MEM_MIN_LINE)
 * and aligned to it. Returns
 *   MEM_OK     *done = for a load the cycle its last line is back (now +
 *              l1_hit_cycles when every line hits and the port is free; n = 0
 *              also gives that), for a store now + 1 (it does not block);
 *   MEM_STALL  a load refused for want of MSHRs; nothing changed but the
 *              stalls count. *done = the first cycle at which enough MSHRs
 *              will be free for it: a retry before then is refused again
 *              unless another load of this core changed its L1 meanwhile,
 *              so a caller need not retry every cycle;
 *   MEM_ECORE, MEM_ETIME, MEM_ESIZE, MEM_EALIGN, MEM_ELANES
 *              the caller's error; nothing changed, nothing written.
 * *lines = its line requests after coalescing (MEM_OK, MEM_STALL); *lanes
 * = each lane's completion and hit (a load, MEM_OK). done, lines and lanes
 * may be NULL. Cost: linear in n (coalescing) and in the lines
 * times the associativity. */
int mem_access(mem_t *m, unsigned core, uint64_t now, bool store, const uint32_t *addr,
               unsigned n, unsigned size, uint64_t *done, unsigned *lines, mem_lanes_t *lanes);

/* Coalescing alone: the distinct lines (line index = address / line_bytes)
 * that the n lanes' accesses addr[0..n) of `size` bytes touch, in order of
 * their first appearance, to lines[0..*count). lines needs room for n.
 * Returns MEM_OK, or MEM_ELINE, MEM_ESIZE, MEM_EALIGN, MEM_ELANES (*count
 * not written, lines[] may be). Linear in n. */
int mem_coalesce(const uint32_t *addr, unsigned n, unsigned size, unsigned line_bytes,
                 uint32_t *lines, unsigned *count);

/* *s = the statistics of core `core`, or of all cores summed with
 * MEM_ALL_CORES. Returns MEM_OK or MEM_ECORE (*s not written). */
int mem_stats(const mem_t *m, unsigned core, mem_stats_t *s);

#endif /* SIMT_SYS_MEM_H */
