#define _POSIX_C_SOURCE 200809L
#include "sim.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfg.h"
#include "elfimg.h"
#include "rv32.h"
#include "simt.h"

#define PC_NONE UINT32_MAX /* recon_stack's PcNone at PcWidth 32 */
#define NO_REG 0xffu
#define FREG(r) (32u + (r)) /* f registers follow the x registers */
#define NUM_REGS 64u
#define CALL_DEPTH 64u /* calls a warp may nest */

/* ---------------------------------------------------------------- machine */

/* DoM: what the core knows of one MDT entry of a warp: the block's read
 * port after each change (dom_view()), and the fills it has scheduled. */
typedef struct {
    bool valid;
    uint32_t pc;           /* its load's PC */
    unsigned age;
    uint64_t waiting;      /* threads whose fill has not reached the MDT */
    uint64_t ready;        /* threads whose fill has */
    uint64_t fill_last;    /* the cycle of its last scheduled fill */
} dom_entry_t;

/* DoM: returned data for the threads `mask` of MDT entry `entry` of warp
 * `warp`, due at the fill port at cycle `at`. */
typedef struct {
    uint64_t at, mask;
    uint8_t warp, entry;
} dom_fill_t;

/* A warp slot: free, running, waiting at a barrier, or (TBC) a slot of a
 * resident thread block that holds no compacted warp now. */
typedef enum { W_FREE, W_RUN, W_BARRIER, W_IDLE } wstate_t;

typedef struct {
    wstate_t state;
    unsigned cta;        /* index into the core's CTA slots */
    uint64_t age;        /* order of arrival, for greedy-then-oldest */
    uint64_t all;        /* its threads (lanes) */
    uint64_t mask;       /* the top of its stack: active lanes (DoM: not held) */
    uint32_t pc;
    unsigned depth;
    /* DoM: the top entry's mask and rpc; its threads held back (in the
     * MDT or parked by the slip limit, each at its own next PC); the slip
     * limit; its MDT entries */
    uint64_t tos, held, parked, limit;
    uint32_t rpc;
    bool release_due;    /* its counters belong to the slot's last block */
    uint64_t hold_until; /* it waits for fills before it can regroup */
    dom_entry_t ent[DOMC_ENTRIES_PER_WARP_MAX];
    bool dws_init;       /* DWS: its INIT is still to be sent */
    bool dws_check;      /* DWS: its stack popped: it may have ended */
    unsigned bar_threads; /* DWS: its threads that reached the barrier */
    uint16_t tid[64];    /* each lane's thread (the core's thread index) */
    uint8_t sw[64];      /* TBC: each lane's static warp in its block */
    uint32_t *x[64];     /* each lane's thread's registers (tid's in rf) */
    uint64_t ready[NUM_REGS]; /* scoreboard: the cycle each register is written */
    uint32_t calls[CALL_DEPTH]; /* return addresses of the calls not yet over */
    unsigned num_calls;
} warp_t;

/* DWS: a request sent to dws_core, for its response two cycles later. */
typedef struct {
    uint64_t at;
    unsigned op, warp;
    uint32_t pc;
} dws_sent_t;

/* TBC, DWS: what a thread keeps between compacted warps (DWS: splits). */
typedef struct {
    uint64_t pend;              /* the last cycle one of its registers is written */
    uint64_t ready[NUM_REGS];   /* the scoreboard's cycles, valid where > now */
    uint32_t calls[CALL_DEPTH];
    unsigned num_calls;
} thread_t;

typedef struct {
    bool used;
    unsigned warps_left; /* warps not finished */
    unsigned at_barrier; /* of them, waiting at the barrier (TBC: threads) */
    /* TBC: the block's tbc_core and what the core knows of it */
    sim_tbc_core_ops_t tbc;   /* made the first time the slot is used */
    tbc_core_out_t out;  /* its outputs in the current cycle */
    tbc_core_in_t req;   /* the request of this cycle, if has_req */
    bool has_req, busy;  /* busy: it must be stepped every cycle */
    uint64_t stepped;    /* the last cycle it was stepped */
    unsigned quiet;      /* cycles busy without a request or a warp out */
    unsigned live;       /* compacted warps out and not yet arrived */
    unsigned nsw;        /* its static warps */
    unsigned threads;
    uint8_t slot[64];    /* each static warp's warp slot */
    uint64_t home[64];   /* each static warp's threads (lanes) */
    uint32_t req_pc;     /* the PC of the request last sent, for messages */
    bool br_open;        /* a branch its warps are arriving at: some went */
    bool br_taken, br_not_taken; /* ... taken, not taken */
} cta_t;

typedef struct {
    warp_t *warps;
    uint32_t *rf;         /* the threads' registers: NUM_REGS per thread; thread
                             t = slot * warp_width + lane of its warp slot */
    uint32_t *tpc;        /* each thread's own next PC, worked out thread by
                             thread: the mechanism must issue it there */
    cta_t *ctas;          /* at most num_warps resident blocks */
    thread_t *th;         /* TBC: each thread between compacted warps */
    unsigned busy;        /* TBC: blocks that must be stepped every cycle */
    bool formed;          /* TBC: a compacted warp came out this cycle */
    sim_recon_stack_ops_t stack;
    /* DoM: its dom_core, which runs every cycle (the adaptive diff counts
     * them): the cycles the core skips are run when it is next visited */
    sim_dom_core_ops_t dom;
    uint64_t dom_at;      /* the next cycle dom_core runs */
    bool gap_busy, gap_mem; /* the cycles skipped: datapath busy; else stalled on memory */
    uint64_t dom_bytes;   /* the core's DRAM bytes dom_core has been told of */
    dom_fill_t *fills;    /* scheduled fills: a min-heap by cycle */
    unsigned nfills, fills_cap;
    /* DWS: its dws_core (run every cycle the core has warps: its counters
     * count cycles), this cycle's inputs, the requests in flight, the split
     * issuing and the cycles in a row nothing could happen */
    sim_dws_core_ops_t dws;
    dws_core_in_t dws_in;
    dws_sent_t dws_sent[4];
    unsigned dws_entry, dws_quiet, dws_calm;
    bool dws_valid;       /* dws_try()'s entry was valid, the port refused its warp */
    bool dws_refused;
    unsigned dws_count;   /* ... and its warp's valid entries */
    uint64_t free_at;     /* the SIMD datapath is busy until */
    uint64_t next;        /* the next cycle worth trying */
    unsigned last;        /* last issued warp */
    unsigned free_warps;
} core_t;

/* A static instruction, decoded once. */
typedef struct {
    rv_insn_t in;
    uint8_t src[3], dst; /* scoreboard registers (0..63), NO_REG for none */
    bool in_func;        /* inside a sized function symbol */
    uint32_t rpc;        /* BRANCH: reconvergence PC; CFG_EXIT: the return address */
    uint32_t lpc;        /* BRANCH: likely-convergence PC; CFG_EXIT: none */
    bool recursive;      /* its function can call itself (through others) */
    uint32_t block_pc;   /* the first PC of its basic block (in a function) */
    uint32_t ipdom_pc;   /* the first PC of that block's IPDOM, or CFG_EXIT */
    int cfg_err;         /* its function's CFG error (cfg_status_t), or 0 */
    uint32_t cfg_pc;     /* the PC that error names */
} sinsn_t;

struct sim {
    sim_params_t p;
    sim_blocks_t blocks;
    uint8_t *mem;
    elfimg_t img;
    bool loaded;
    sinsn_t *prog; /* one per word of the code segment */
    uint32_t kernel_pc, kernel_exit, setup_pc, next_pc, launch_addr, heap_top_addr;
    uint32_t heap_top, stack_lo;
    core_t *cores;
    unsigned *due; /* run_launch's scratch: one per core */
    mem_t *msys;
    unsigned issue_cycles;
    /* the launch in progress */
    uint32_t threads, block_threads, args;
    unsigned warps_per_cta, ctas_total, ctas_next;
    uint64_t age;
    sim_stats_t st;
    double depth_sum;
    double dws_split_sum; /* DWS: the issuing warp's splits, summed */
    char err[256];
};

static int fail(sim_t *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    return -1;
}

const char *sim_error(const sim_t *s) { return s->err; }
const sim_params_t *sim_params(const sim_t *s) { return &s->p; }

/* ---------------------------------------------------------- parameters */

#define SIM_NAME_(code, name, text) [code] = name,
#define SIM_TEXT_(code, name, text) [code] = text,
static const char *const sched_names[] = {SIM_SCHEDS(SIM_NAME_)};
static const char *const mech_names[] = {SIM_MECHS(SIM_NAME_)};
static const char *const mech_texts[] = {SIM_MECHS(SIM_TEXT_)};

/* The index of `name` among n names, or -1. */
static int name_index(const char *const *names, unsigned n, const char *name)
{
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(name, names[i]))
            return (int)i;
    return -1;
}

const char *sim_sched_name(sim_sched_t s) { return s < SIM_SCHED_COUNT ? sched_names[s] : NULL; }
const char *sim_mech_name(sim_mech_t m) { return m < SIM_MECH_COUNT ? mech_names[m] : NULL; }

bool sim_sched_parse(const char *name, sim_sched_t *s)
{
    int i = name_index(sched_names, SIM_SCHED_COUNT, name);
    if (i >= 0)
        *s = (sim_sched_t)i;
    return i >= 0;
}

bool sim_mech_parse(const char *name, sim_mech_t *m)
{
    int i = name_index(mech_names, SIM_MECH_COUNT, name);
    if (i >= 0)
        *m = (sim_mech_t)i;
    return i >= 0;
}

bool sim_mech_at(unsigned i, const char **name, const char **text)
{
    if (i >= SIM_MECH_COUNT)
        return false;
    *name = mech_names[i], *text = mech_texts[i];
    return true;
}

static const struct {
    const char *name;
    unsigned long min, max;
    const char *text;
} params[] = {
#define SIM_PARAM_ROW_(name, field, lo, hi, text) {#name, lo, hi, text},
    SIM_PARAMS(SIM_PARAM_ROW_)};

bool sim_param_at(unsigned i, const char **name, unsigned long *min, unsigned long *max,
                  const char **text)
{
    if (i >= sizeof params / sizeof params[0])
        return false;
    *name = params[i].name, *min = params[i].min, *max = params[i].max, *text = params[i].text;
    return true;
}

static unsigned *param_field(sim_params_t *p, unsigned i)
{
    unsigned *fields[] = {
#define SIM_PARAM_FIELD_(name, field, lo, hi, text) &p->field,
        SIM_PARAMS(SIM_PARAM_FIELD_)};
    return fields[i];
}

unsigned sim_param_value(const sim_params_t *p, unsigned i)
{
    sim_params_t q = *p;
    return i < sizeof params / sizeof params[0] ? *param_field(&q, i) : 0;
}

/* The names of a parameter's values where they are a block's codes (any
 * case), else NULL. */
static const char *(*param_code_names(const char *name))(unsigned)
{
    if (!strcmp(name, "dws_policy"))
        return wst_policy_name;
    if (!strcmp(name, "dws_sched"))
        return wst_sched_name;
    return NULL;
}

bool sim_set(sim_params_t *p, const char *name, const char *value, char *err, size_t n)
{
    for (unsigned i = 0; i < sizeof params / sizeof params[0]; i++) {
        if (strcmp(name, params[i].name))
            continue;
        char *end;
        unsigned long v = strtoul(value, &end, 0);
        const char *(*code_name)(unsigned) = param_code_names(name);
        for (unsigned c = 0; code_name && code_name(c); c++)
            if (!strcasecmp(value, code_name(c)))
                v = c, end = "";
        if (!*value || *end || *value == '-' || v < params[i].min || v > params[i].max) {
            snprintf(err, n, "%s must be a number in %lu..%lu, not '%s'", name, params[i].min,
                     params[i].max, value);
            return false;
        }
        *param_field(p, i) = (unsigned)v;
        return true;
    }
    snprintf(err, n, "unknown parameter '%s'", name);
    return false;
}

/* Every preset starts from these and changes what its paper states
 * (docs/system.md says where a paper is silent and what was chosen). */
static void base_machine(sim_params_t *p)
{
    *p = (sim_params_t){
        .cores = 2, .warp_width = 8, .simd_lanes = 8, .num_warps = 4,
        .sched = SIM_SCHED_GTO, .mech = SIM_MECH_PDOM, .block_warps = 1,
        .mdt_entries = 2, .slip_period = 10000, .max_slip = 8,
        .dws_policy = WST_POLICY_LATSPEC, .dws_sched = WST_SCHED_RR, /* DWS 5.4.3's best */
        .dws_bypass = 1,
        .stack_depth = RS_DEPTH_MAX, .stack_bytes = 2048,
        .mem_bytes = 1u << 29, .max_cycles = 2000000000u,
        .mem = {.cores = 2, .line_bytes = 32, .l1_bytes = 4096, .l1_ways = 4,
                .l1_mshrs = 8, .l1_hit_cycles = 1, .l1_line_cycles = 1, .icnt_cycles = 4, .l2_bytes = 0,
                .l2_ways = 8, .l2_banks = 1, .l2_hit_cycles = 10, .l2_bank_cycles = 1,
                .dram_channels = 1, .dram_cycles = 50, .dram_bytes_per_cycle = 16.0},
    };
}

bool sim_preset(const char *name, sim_params_t *p)
{
    base_machine(p);
    mem_params_t *m = &p->mem;
    if (!strcmp(name, "small")) {
        p->block_warps = 4; /* TBC compacts the whole core's threads */
    } else if (!strcmp(name, "dom")) {
        /* 32 cores x 32 lanes at CPI 1, 1-16 warps (4 here), 32 KB 4-way
         * 32 B lines, 500 cycles, 256 GB/s at 1 GHz over 8 channels */
        p->cores = 32, p->warp_width = 32, p->simd_lanes = 32, p->num_warps = 4;
        m->l1_bytes = 32768, m->l1_ways = 4, m->line_bytes = 32, m->l1_mshrs = 32;
        m->icnt_cycles = 0, m->l2_bytes = 0, m->dram_channels = 8, m->dram_cycles = 500;
        m->dram_bytes_per_cycle = 32.0;
    } else if (!strcmp(name, "dws")) {
        /* 4 cores x 8 wide, 8 warps, 32 KB 4-way 32 B, 2 MB LLC, 300 cycles */
        p->cores = 4, p->warp_width = 8, p->simd_lanes = 8, p->num_warps = 8;
        m->l1_bytes = 32768, m->l1_ways = 4, m->line_bytes = 32, m->l1_mshrs = 16;
        m->l2_bytes = 2u << 20, m->l2_ways = 16, m->l2_banks = 4, m->l2_hit_cycles = 20;
        m->dram_channels = 2, m->dram_cycles = 300, m->dram_bytes_per_cycle = 16.0;
    } else if (!strcmp(name, "robust")) {
        /* Table I and section VII: 4 WPUs, the best static organisation 8
         * wide x 4 deep; D-cache 32 KB 8-way 128 B, 3-cycle hits; L2 4 MB
         * 16-way 128 B, 30-cycle hits; memory 300 cycles */
        p->cores = 4, p->warp_width = 8, p->simd_lanes = 8, p->num_warps = 4;
        m->l1_bytes = 32768, m->l1_ways = 8, m->line_bytes = 128, m->l1_mshrs = 32;
        m->l1_hit_cycles = 3, m->l2_bytes = 4u << 20, m->l2_ways = 16, m->l2_banks = 8;
        m->l2_hit_cycles = 30, m->dram_channels = 4, m->dram_cycles = 300;
        m->dram_bytes_per_cycle = 16.0;
    } else if (!strcmp(name, "tbc")) {
        /* 30 cores, warp 32 on SIMD 8, 32 warps (1024 threads), 32 KB 8-way
         * 64 B L1, 1 MB L2 per channel x 8 */
        p->cores = 30, p->warp_width = 32, p->simd_lanes = 8, p->num_warps = 32;
        p->block_warps = 8; /* blocks of 256 threads where a kernel has none */
        m->l1_bytes = 32768, m->l1_ways = 8, m->line_bytes = 64, m->l1_mshrs = 32;
        m->icnt_cycles = 8, m->l2_bytes = 8u << 20, m->l2_ways = 8, m->l2_banks = 8;
        m->l2_hit_cycles = 20, m->dram_channels = 8, m->dram_cycles = 200;
        m->dram_bytes_per_cycle = 16.0;
    } else {
        return false;
    }
    m->cores = p->cores;
    return true;
}

static const struct {
    const char *name, *text;
} presets[] = {
#define SIM_PRESET_ROW_(name, text) {#name, text},
    SIM_PRESETS(SIM_PRESET_ROW_)};

bool sim_preset_at(unsigned i, const char **name, const char **text)
{
    if (i >= sizeof presets / sizeof presets[0])
        return false;
    *name = presets[i].name, *text = presets[i].text;
    return true;
}

/* ------------------------------------------------- the golden models */

/* The golden model of `block` as sim_blocks_t's ops: block_model(); idle
 * its block_idle() or NULL. */
#define SIM_MODEL_FACTORY(block, ops_t, ok, eval_call, idle)                             \
    static void block##_model_eval(void *ctx, const block##_in_t *in, block##_out_t *out) \
    {                                                                                    \
        (void)in;                                                                        \
        eval_call;                                                                       \
    }                                                                                    \
    static void block##_model_step(void *ctx, const block##_in_t *in, block##_out_t *out) \
    {                                                                                    \
        block##_step(ctx, in, out, NULL);                                                \
    }                                                                                    \
    static void block##_model_destroy(void *ctx) { block##_destroy(ctx); }               \
    static int block##_model(const block##_params_t *p, ops_t *ops, char *err, size_t n) \
    {                                                                                    \
        block##_t *m;                                                                    \
        int rc = block##_create(p, &m);                                                  \
        if (rc != (ok)) {                                                                \
            snprintf(err, n, #block ": parameters refused (code %d)", rc);               \
            return -1;                                                                   \
        }                                                                                \
        *ops = (ops_t){m, block##_model_eval, block##_model_step, block##_model_destroy, \
                       idle};                                                            \
        return 0;                                                                        \
    }
static void dom_core_model_idle(void *ctx, const dom_core_in_t *in, uint64_t n)
{
    dom_core_idle(ctx, in, n);
}
SIM_MODEL_FACTORY(recon_stack, sim_recon_stack_ops_t, RS_OK, recon_stack_eval(ctx, in, out), NULL)
SIM_MODEL_FACTORY(tbc_core, sim_tbc_core_ops_t, TBCC_OK, tbc_core_peek(ctx, out), NULL) /* no output reads an input */
SIM_MODEL_FACTORY(dom_core, sim_dom_core_ops_t, DOMC_OK, dom_core_eval(ctx, in, out),
                  dom_core_model_idle)
static void dws_core_model_idle(void *ctx, const dws_core_in_t *in, uint64_t n)
{
    dws_core_idle(ctx, in, n);
}
SIM_MODEL_FACTORY(dws_core, sim_dws_core_ops_t, DWSC_OK, dws_core_eval(ctx, in, out),
                  dws_core_model_idle)

/* The static warps of TBC's stack: block_warps, at least two (tbc_core's
 * rule; a block of one warp is compacted into itself). */
static unsigned tbc_block_warps(const sim_params_t *q)
{
    return q->block_warps < 2 ? 2 : q->block_warps;
}

/* The parameters of the blocks a machine's cores step. */
static recon_stack_params_t stack_params(const sim_params_t *q)
{
    return (recon_stack_params_t){.num_warps = q->num_warps, .warp_width = q->warp_width,
                                  .pc_width = 32, .depth = q->stack_depth,
                                  .lcp_enable = q->lcp, .count_enable = false};
}

static tbc_core_params_t tbc_params(const sim_params_t *q)
{
    return (tbc_core_params_t){.block_threads = tbc_block_warps(q) * q->warp_width,
                               .warp_width = q->warp_width, .pc_width = 32,
                               .depth = q->stack_depth, .lcp_enable = q->lcp};
}

/* DoM: the MDT and slip controller of a core. The adaptive diff's
 * thresholds (DoM 5.2 gives none): ALU bound at <= 5% idle cycles, latency
 * bound at >= 25% memory-stall cycles, the fair share of bandwidth the
 * machine's DRAM bandwidth over its cores. */
static dom_core_params_t dom_params(const sim_params_t *q)
{
    double fair = q->mem.dram_channels * q->mem.dram_bytes_per_cycle / q->cores * q->slip_period;
    return (dom_core_params_t){
        .num_warps = q->num_warps, .entries_per_warp = q->mdt_entries,
        .warp_width = q->warp_width, .pc_width = 32, .counter_width = DOM_COUNTER_BITS,
        .sample_period = q->slip_period, .init_max_slip = q->max_slip,
        .idle_threshold = q->slip_period / 20, .stall_threshold = q->slip_period / 4,
        .bytes_width = 8, .fair_bytes = fair < UINT32_MAX ? (unsigned)fair : UINT32_MAX};
}

/* DWS: the warp-split table and stack of a core. The counters are the
 * paper configuration's (configs/dws_core.cfg); a split that has never
 * missed predicts the machine's unloaded miss latency (InitMemLat: Table
 * 3's memory latency in the paper). */
static dws_core_params_t dws_params(const sim_params_t *q)
{
    const mem_params_t *m = &q->mem;
    unsigned lat = 2 * m->icnt_cycles + (m->l2_bytes ? m->l2_hit_cycles : 0) + m->dram_cycles;
    const unsigned lat_width = 10;
    return (dws_core_params_t){
        .num_warps = q->num_warps, .warp_width = q->warp_width, .pc_width = 32,
        .icount_width = 16, .mfc_width = lat_width, .lat_width = lat_width, .sum_width = 14,
        .init_mem_lat = lat < (1u << lat_width) ? lat : (1u << lat_width) - 1,
        .depth = q->stack_depth, .lcp_enable = q->lcp};
}

void sim_rtl_params(const sim_params_t *p, char *buf, size_t n)
{
    size_t k = 0;
#define SIM_PARAM_WORD_(type, field)                                                     \
    k += (size_t)snprintf(buf + k, k < n ? n - k : 0, " " #field "=%u", (unsigned)v.field);
    if (p->mech == SIM_MECH_TBC) {
        tbc_core_params_t v = tbc_params(p);
        k = (size_t)snprintf(buf, n, "tbc_core");
        TBCC_PARAM_FIELDS(SIM_PARAM_WORD_)
    } else if (p->mech == SIM_MECH_DOM) {
        dom_core_params_t v = dom_params(p);
        k = (size_t)snprintf(buf, n, "dom_core");
        DOMC_PARAM_FIELDS(SIM_PARAM_WORD_)
    } else if (p->mech == SIM_MECH_DWS) {
        dws_core_params_t v = dws_params(p);
        k = (size_t)snprintf(buf, n, "dws_core");
        DWSC_PARAM_FIELDS(SIM_PARAM_WORD_)
    } else {
        recon_stack_params_t v = stack_params(p);
        k = (size_t)snprintf(buf, n, "recon_stack");
        RS_PARAM_FIELDS(SIM_PARAM_WORD_)
    }
#undef SIM_PARAM_WORD_
}

/* ------------------------------------------------------ create/destroy */

/* Warp slot wi's lanes hold its own threads (slot * W + lane). */
static void home_lanes(const sim_t *s, core_t *k, unsigned wi)
{
    warp_t *w = &k->warps[wi];
    for (unsigned l = 0; l < s->p.warp_width; l++) {
        w->tid[l] = (uint16_t)(wi * s->p.warp_width + l);
        w->x[l] = k->rf + (size_t)w->tid[l] * NUM_REGS;
    }
}

int sim_create(const sim_params_t *p, const sim_blocks_t *blocks, sim_t **out, char *err,
               size_t n)
{
    *out = NULL;
    sim_params_t q = *p;
    for (unsigned i = 0; i < sizeof params / sizeof params[0]; i++) {
        unsigned v = *param_field(&q, i);
        if (v < params[i].min || v > params[i].max) {
            snprintf(err, n, "%s must be in %lu..%lu, not %u", params[i].name, params[i].min,
                     params[i].max, v);
            return -1;
        }
    }
    if (q.warp_width % q.simd_lanes) {
        snprintf(err, n, "simd_lanes (%u) must divide warp_width (%u)", q.simd_lanes,
                 q.warp_width);
        return -1;
    }
    if (q.lcp && q.mech == SIM_MECH_DOM) {
        snprintf(err, n, "lcp does not combine with dom (a likely-convergence merge would carry "
                         "threads the MDT holds)");
        return -1;
    }
    if (q.mech == SIM_MECH_DWS && (q.num_warps > DWSC_NUM_WARPS_MAX ||
                                   q.num_warps * q.warp_width > 1024)) {
        snprintf(err, n, "dws takes at most %u warps and 1024 threads per core (the warp-split "
                 "table's range), not %u x %u", DWSC_NUM_WARPS_MAX, q.num_warps, q.warp_width);
        return -1;
    }
    if (q.lcp && q.stack_depth < RS_DEPTH_MIN + 1) {
        snprintf(err, n, "stack_depth must be at least %u with lcp", RS_DEPTH_MIN + 1);
        return -1;
    }
    if (q.stack_bytes % 16 || q.sched >= SIM_SCHED_COUNT || q.mech >= SIM_MECH_COUNT) {
        snprintf(err, n, "stack_bytes must be a multiple of 16");
        return -1;
    }
    if (q.block_warps > q.num_warps ||
        (q.mech == SIM_MECH_TBC && tbc_block_warps(&q) * q.warp_width > TBCC_BLOCK_THREADS_MAX)) {
        snprintf(err, n, "block_warps (%u) must be at most num_warps (%u)%s", q.block_warps,
                 q.num_warps, q.mech == SIM_MECH_TBC ? ", and TBC's blocks at most "
                 "1024 threads" : "");
        return -1;
    }
    uint64_t slots = 1 + (uint64_t)q.cores * q.num_warps * q.warp_width;
    if (slots * q.stack_bytes > q.mem_bytes / 2) {
        snprintf(err, n, "the threads' stacks (%llu bytes) take more than half the memory",
                 (unsigned long long)(slots * q.stack_bytes));
        return -1;
    }
    q.mem.cores = q.cores;
    sim_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    s->p = q;
    s->blocks = blocks ? *blocks : (sim_blocks_t){0};
    if (!s->blocks.recon_stack)
        s->blocks.recon_stack = recon_stack_model;
    if (!s->blocks.tbc_core)
        s->blocks.tbc_core = tbc_core_model;
    if (!s->blocks.dom_core)
        s->blocks.dom_core = dom_core_model;
    if (!s->blocks.dws_core)
        s->blocks.dws_core = dws_core_model;
    s->issue_cycles = q.warp_width / q.simd_lanes;
    s->stack_lo = (uint32_t)(q.mem_bytes - slots * q.stack_bytes);
    int rc = mem_create(&q.mem, &s->msys);
    if (rc != MEM_OK) {
        snprintf(err, n, "memory system: %s", mem_status_name(rc));
        sim_destroy(s);
        return -1;
    }
    s->mem = calloc(1, q.mem_bytes); /* untouched pages cost nothing */
    s->cores = calloc(q.cores, sizeof *s->cores);
    s->due = calloc(q.cores, sizeof *s->due);
    if (!s->mem || !s->cores || !s->due) {
        snprintf(err, n, "out of memory");
        sim_destroy(s);
        return -1;
    }
    recon_stack_params_t rp = stack_params(&q);
    dom_core_params_t dp = dom_params(&q);
    dws_core_params_t wp = dws_params(&q);
    for (unsigned c = 0; c < q.cores; c++) {
        core_t *k = &s->cores[c];
        k->warps = calloc(q.num_warps, sizeof *k->warps);
        k->ctas = calloc(q.num_warps, sizeof *k->ctas);
        if (!k->warps || !k->ctas) {
            snprintf(err, n, "out of memory");
            sim_destroy(s);
            return -1;
        }
        size_t nt = (size_t)q.num_warps * q.warp_width;
        k->rf = calloc(nt * NUM_REGS, sizeof *k->rf);
        k->tpc = calloc(nt, sizeof *k->tpc);
        bool own_calls = q.mech == SIM_MECH_TBC || q.mech == SIM_MECH_DWS;
        if (own_calls)
            k->th = calloc(nt, sizeof *k->th);
        if (!k->rf || !k->tpc || (own_calls && !k->th)) {
            snprintf(err, n, "out of memory");
            sim_destroy(s);
            return -1;
        }
        for (unsigned w = 0; w < q.num_warps; w++)
            home_lanes(s, k, w);
        if (q.mech != SIM_MECH_TBC && q.mech != SIM_MECH_DWS &&
            s->blocks.recon_stack(&rp, &k->stack, err, n)) {
            sim_destroy(s);
            return -1;
        }
        if (q.mech == SIM_MECH_DOM && s->blocks.dom_core(&dp, &k->dom, err, n)) {
            sim_destroy(s);
            return -1;
        }
        if (q.mech == SIM_MECH_DWS && s->blocks.dws_core(&wp, &k->dws, err, n)) {
            sim_destroy(s);
            return -1;
        }
    }
    *out = s;
    return 0;
}

void sim_destroy(sim_t *s)
{
    if (!s)
        return;
    for (unsigned c = 0; s->cores && c < s->p.cores; c++) {
        core_t *k = &s->cores[c];
        for (unsigned t = 0; k->ctas && t < s->p.num_warps; t++)
            if (k->ctas[t].tbc.destroy)
                k->ctas[t].tbc.destroy(k->ctas[t].tbc.ctx);
        free(k->warps);
        free(k->rf);
        free(k->tpc);
        free(k->th);
        free(k->ctas);
        if (k->stack.destroy)
            k->stack.destroy(k->stack.ctx);
        if (k->dom.destroy)
            k->dom.destroy(k->dom.ctx);
        if (k->dws.destroy)
            k->dws.destroy(k->dws.ctx);
        free(k->fills);
    }
    free(s->cores);
    free(s->due);
    mem_destroy(s->msys);
    free(s->mem);
    free(s->prog);
    elfimg_free(&s->img);
    free(s);
}

/* ------------------------------------------------------------- decoding */

/* The registers an instruction reads and writes, for the scoreboard: x
 * registers 0..31, f registers 32..63; x0 is never waited for. */
static uint8_t score_reg(rv_regfile_t file, unsigned r)
{
    if (file == RV_RF_F)
        return (uint8_t)FREG(r);
    return file == RV_RF_X && r ? (uint8_t)r : NO_REG;
}

static void operands(sinsn_t *d)
{
    const rv_insn_t *i = &d->in;
    rv_files_t f = rv_op_files(i->op);
    d->src[0] = score_reg(f.rs1, i->rs1);
    d->src[1] = score_reg(f.rs2, i->rs2);
    d->src[2] = score_reg(f.rs3, i->rs3);
    d->dst = score_reg(f.rd, i->rd);
}

/* Decodes the code segment once and finds each function's reconvergence
 * points. A function the CFG refuses keeps its error on its instructions:
 * the run stops only if a warp executes one of them. */
/* The decoded instruction at pc, or NULL outside the code. */
static const sinsn_t *fetch_quiet(const sim_t *s, uint32_t pc)
{
    if (pc % 4 || pc < s->img.text_lo || pc >= s->img.text_hi)
        return NULL;
    return &s->prog[(pc - s->img.text_lo) / 4];
}

/* The function (index into img.funcs) holding pc, or -1. */
static long func_of(const sim_t *s, uint32_t pc)
{
    size_t lo = 0, hi = s->img.num_funcs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const elfimg_func_t *f = &s->img.funcs[mid];
        if (pc < f->addr)
            hi = mid;
        else if (pc >= f->addr + f->size)
            lo = mid + 1;
        else
            return (long)mid;
    }
    return -1;
}

/* Marks the instructions of every function that a chain of calls (jal
 * with a link register) leads back to. */
static int mark_recursive(sim_t *s)
{
    size_t nf = s->img.num_funcs;
    uint8_t *calls = calloc(nf * nf + 1, 1), *seen = calloc(nf + 1, 1);
    size_t *todo = calloc(nf + 1, sizeof *todo);
    if (!calls || !seen || !todo) {
        free(calls), free(seen), free(todo);
        return fail(s, "out of memory");
    }
    for (size_t f = 0; f < nf; f++) {
        const elfimg_func_t *fn = &s->img.funcs[f];
        for (uint32_t pc = fn->addr; pc < fn->addr + fn->size; pc += 4) {
            const rv_insn_t *i = &fetch_quiet(s, pc)->in;
            long g = i->op == RV_JAL && i->rd ? func_of(s, pc + (uint32_t)i->imm) : -1;
            if (g >= 0)
                calls[f * nf + (size_t)g] = 1;
        }
    }
    for (size_t f = 0; f < nf; f++) { /* a search from f's callees for f */
        memset(seen, 0, nf);
        size_t n = 0;
        bool back = false;
        for (size_t g = 0; g < nf; g++)
            if (calls[f * nf + g])
                seen[g] = 1, todo[n++] = g;
        while (n && !back) {
            size_t g = todo[--n];
            back = g == f;
            for (size_t h = 0; h < nf; h++)
                if (calls[g * nf + h] && !seen[h])
                    seen[h] = 1, todo[n++] = h;
        }
        const elfimg_func_t *fn = &s->img.funcs[f];
        for (uint32_t k = 0; back && k < fn->size / 4; k++)
            s->prog[(fn->addr - s->img.text_lo) / 4 + k].recursive = true;
    }
    free(calls), free(seen), free(todo);
    return 0;
}

static int decode(sim_t *s)
{
    uint32_t words = (s->img.text_hi - s->img.text_lo) / 4;
    s->prog = calloc(words ? words : 1, sizeof *s->prog);
    cfg_insn_t *ci = calloc(words ? words : 1, sizeof *ci);
    if (!s->prog || !ci) {
        free(ci);
        return fail(s, "out of memory");
    }
    for (uint32_t k = 0; k < words; k++) {
        uint32_t pc = s->img.text_lo + 4 * k, w;
        memcpy(&w, s->mem + pc, 4);
        sinsn_t *d = &s->prog[k];
        rv_decode(w, &d->in);
        operands(d);
    }
    for (size_t f = 0; f < s->img.num_funcs; f++) {
        const elfimg_func_t *fn = &s->img.funcs[f];
        uint32_t first = (fn->addr - s->img.text_lo) / 4, n = fn->size / 4;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t pc = fn->addr + 4 * k;
            s->prog[first + k].in_func = true;
            ci[k].pc = pc;
            ci[k].kind = rv_cfg_kind(&s->prog[first + k].in, pc, &ci[k].target);
        }
        cfg_t *g;
        cfg_error_t e;
        if (cfg_analyse(ci, n, &g, &e) != CFG_OK) {
            if (e.code == CFG_ENOMEM) {
                free(ci);
                return fail(s, "out of memory");
            }
            for (uint32_t k = 0; k < n; k++)
                s->prog[first + k].cfg_err = e.code, s->prog[first + k].cfg_pc = e.pc;
            continue;
        }
        for (uint32_t k = 0; k < n; k++) {
            size_t b;
            cfg_block_at(g, ci[k].pc, &b);
            const cfg_block_t *blk = cfg_block(g, b);
            s->prog[first + k].block_pc = blk->first_pc;
            s->prog[first + k].ipdom_pc =
                blk->ipdom == CFG_EXIT ? CFG_EXIT : cfg_block(g, blk->ipdom)->first_pc;
        }
        for (uint32_t k = 0; k < n; k++)
            if (ci[k].kind == CFG_BRANCH) {
                cfg_reconv_pc(g, ci[k].pc, &s->prog[first + k].rpc);
                cfg_likely_pc(g, ci[k].pc, &s->prog[first + k].lpc);
            }
        cfg_free(g);
    }
    free(ci);
    return mark_recursive(s);
}

/* ----------------------------------------------------------- execution */


static inline float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static inline uint32_t bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return isnan(f) ? 0x7fc00000u : b; /* RISC-V's canonical NaN */
}

static uint32_t fminmax(uint32_t a, uint32_t b, bool max)
{
    float x = f32(a), y = f32(b);
    if (isnan(x) && isnan(y))
        return 0x7fc00000u;
    if (isnan(x))
        return b;
    if (isnan(y))
        return a;
    if (x == y) /* -0 < +0 */
        return max ? (a & b) : (a | b);
    return (max ? x > y : x < y) ? a : b;
}

static uint32_t fclass(uint32_t a)
{
    bool neg = a >> 31;
    uint32_t e = (a >> 23) & 0xffu, m = a & 0x7fffffu;
    if (e == 0xff)
        return m ? ((m >> 22) ? 1u << 9 : 1u << 8) : (neg ? 1u << 0 : 1u << 7);
    if (e == 0)
        return m ? (neg ? 1u << 2 : 1u << 5) : (neg ? 1u << 3 : 1u << 4);
    return neg ? 1u << 1 : 1u << 6;
}

/* float -> integer under rounding mode rm (7: dynamic, round to nearest
 * even), saturating as RISC-V does; false for a reserved rm. */
static bool round_rm(float x, unsigned rm, double *out)
{
    switch (rm) {
    case 0: case 7: *out = nearbyint(x); return true; /* the host rounds to nearest even */
    case 1: *out = trunc(x); return true;
    case 2: *out = floor(x); return true;
    case 3: *out = ceil(x); return true;
    case 4: *out = round(x); return true;
    default: return false;
    }
}

static uint32_t cvt_w(float x, double r, bool is_unsigned)
{
    if (is_unsigned) {
        if (isnan(x) || r >= 4294967296.0)
            return UINT32_MAX;
        return r <= 0 ? 0 : (uint32_t)r;
    }
    if (isnan(x) || r >= 2147483648.0)
        return INT32_MAX;
    if (r < -2147483648.0)
        return (uint32_t)INT32_MIN;
    return (uint32_t)(int32_t)r;
}

/* What a memory instruction touches: true if every lane's access is legal. */
static bool check_access(sim_t *s, uint32_t a, unsigned size, bool store, unsigned slot,
                         uint32_t pc)
{
    if (a % size) {
        fail(s, "misaligned %u-byte %s at PC 0x%x (address 0x%x)", size,
             store ? "store" : "load", pc, a);
        return false;
    }
    uint64_t end = (uint64_t)a + size;
    if (a >= s->stack_lo && end <= s->p.mem_bytes) {
        if ((s->p.mem_bytes - 1u - a) / s->p.stack_bytes == slot)
            return true;
        fail(s, "%s at PC 0x%x outside the thread's own stack (address 0x%x: stack overflow?)",
             store ? "store" : "load", pc, a);
        return false;
    }
    if (a >= s->img.data_lo && end <= s->heap_top)
        return true;
    if (!store && a >= s->img.text_lo && end <= s->img.text_hi)
        return true;
    fail(s, "%s at PC 0x%x outside the kernel's buffers (address 0x%x)",
         store ? "store" : "load", pc, a);
    return false;
}

#define LANES(m, l) for (uint64_t m_ = (m), l; m_ && ((l = (uint64_t)__builtin_ctzll(m_)), 1); m_ &= m_ - 1)

/* Executes the data part of instruction d for the lanes in mask: registers
 * and memory. For a memory instruction the addresses were checked. */
static int execute(sim_t *s, warp_t *w, const sinsn_t *d, uint64_t mask, uint32_t pc,
                   const uint32_t *addr)
{
    const rv_insn_t *i = &d->in;
    const unsigned rd = i->rd, rs1 = i->rs1, rs2 = i->rs2, rs3 = i->rs3;
    uint32_t imm = (uint32_t)i->imm;
    uint8_t *mem = s->mem;
    /* float arithmetic rounds to nearest even: the host's mode, the dynamic
     * mode's reset value; conversions to integer take any */
    if (i->rm != RV_RM_RNE && i->rm != RV_RM_DYN && i->op != RV_FCVT_W_S &&
        i->op != RV_FCVT_WU_S)
        return fail(s, "rounding mode %u at PC 0x%x not supported (only nearest-even)", i->rm,
                    pc);
    /* each lane's thread's registers: x[0..31], f[0..31] at x[32..63] */
#define A x[rs1]
#define B x[rs2]
#define FA x[FREG(rs1)]
#define FB x[FREG(rs2)]
#define FC x[FREG(rs3)]
#define LANE_DO(stmt) do { LANES(mask, l) { uint32_t *x = w->x[l]; stmt; } } while (0)
#define INT_OP(expr) do { if (rd) LANE_DO(x[rd] = (expr)); } while (0)
#define F_OP(expr) LANE_DO(x[FREG(rd)] = (expr))
    switch (i->op) {
    case RV_LUI: INT_OP(imm); break;
    case RV_AUIPC: INT_OP(pc + imm); break;
    case RV_JAL: case RV_JALR: INT_OP(pc + 4); break;
    case RV_ADDI: INT_OP(A + imm); break;
    case RV_SLTI: INT_OP((int32_t)A < (int32_t)imm); break;
    case RV_SLTIU: INT_OP(A < imm); break;
    case RV_XORI: INT_OP(A ^ imm); break;
    case RV_ORI: INT_OP(A | imm); break;
    case RV_ANDI: INT_OP(A & imm); break;
    case RV_SLLI: INT_OP(A << (imm & 31)); break;
    case RV_SRLI: INT_OP(A >> (imm & 31)); break;
    case RV_SRAI: INT_OP((uint32_t)((int32_t)A >> (imm & 31))); break;
    case RV_ADD: INT_OP(A + B); break;
    case RV_SUB: INT_OP(A - B); break;
    case RV_SLL: INT_OP(A << (B & 31)); break;
    case RV_SLT: INT_OP((int32_t)A < (int32_t)B); break;
    case RV_SLTU: INT_OP(A < B); break;
    case RV_XOR: INT_OP(A ^ B); break;
    case RV_SRL: INT_OP(A >> (B & 31)); break;
    case RV_SRA: INT_OP((uint32_t)((int32_t)A >> (B & 31))); break;
    case RV_OR: INT_OP(A | B); break;
    case RV_AND: INT_OP(A & B); break;
    case RV_MUL: INT_OP(A * B); break;
    case RV_MULH: INT_OP((uint32_t)(((int64_t)(int32_t)A * (int32_t)B) >> 32)); break;
    case RV_MULHSU: INT_OP((uint32_t)(((int64_t)(int32_t)A * (uint64_t)B) >> 32)); break;
    case RV_MULHU: INT_OP((uint32_t)(((uint64_t)A * B) >> 32)); break;
    case RV_DIV:
        INT_OP(!B ? UINT32_MAX
               : (A == 0x80000000u && B == UINT32_MAX) ? A
               : (uint32_t)((int32_t)A / (int32_t)B));
        break;
    case RV_DIVU: INT_OP(B ? A / B : UINT32_MAX); break;
    case RV_REM:
        INT_OP(!B ? A
               : (A == 0x80000000u && B == UINT32_MAX) ? 0
               : (uint32_t)((int32_t)A % (int32_t)B));
        break;
    case RV_REMU: INT_OP(B ? A % B : A); break;
    case RV_LB: INT_OP((uint32_t)(int32_t)(int8_t)mem[addr[l]]); break;
    case RV_LBU: INT_OP(mem[addr[l]]); break;
    case RV_LH: { int16_t v; INT_OP((memcpy(&v, mem + addr[l], 2), (uint32_t)(int32_t)v)); break; }
    case RV_LHU: { uint16_t v; INT_OP((memcpy(&v, mem + addr[l], 2), v)); break; }
    case RV_LW: { uint32_t v; INT_OP((memcpy(&v, mem + addr[l], 4), v)); break; }
    case RV_FLW: LANE_DO(memcpy(&x[FREG(rd)], mem + addr[l], 4)); break;
    case RV_SB: LANE_DO(mem[addr[l]] = (uint8_t)B); break;
    case RV_SH: LANE_DO(uint16_t v = (uint16_t)B; memcpy(mem + addr[l], &v, 2)); break;
    case RV_SW: LANE_DO(memcpy(mem + addr[l], &B, 4)); break;
    case RV_FSW: LANE_DO(memcpy(mem + addr[l], &FB, 4)); break;
    case RV_FMADD_S: F_OP(bits(fmaf(f32(FA), f32(FB), f32(FC)))); break;
    case RV_FMSUB_S: F_OP(bits(fmaf(f32(FA), f32(FB), -f32(FC)))); break;
    case RV_FNMSUB_S: F_OP(bits(fmaf(-f32(FA), f32(FB), f32(FC)))); break;
    case RV_FNMADD_S: F_OP(bits(fmaf(-f32(FA), f32(FB), -f32(FC)))); break;
    case RV_FADD_S: F_OP(bits(f32(FA) + f32(FB))); break;
    case RV_FSUB_S: F_OP(bits(f32(FA) - f32(FB))); break;
    case RV_FMUL_S: F_OP(bits(f32(FA) * f32(FB))); break;
    case RV_FDIV_S: F_OP(bits(f32(FA) / f32(FB))); break;
    case RV_FSQRT_S: F_OP(bits(sqrtf(f32(FA)))); break;
    case RV_FSGNJ_S: F_OP((FA & 0x7fffffffu) | (FB & 0x80000000u)); break;
    case RV_FSGNJN_S: F_OP((FA & 0x7fffffffu) | (~FB & 0x80000000u)); break;
    case RV_FSGNJX_S: F_OP(FA ^ (FB & 0x80000000u)); break;
    case RV_FMIN_S: F_OP(fminmax(FA, FB, false)); break;
    case RV_FMAX_S: F_OP(fminmax(FA, FB, true)); break;
    case RV_FEQ_S: INT_OP(f32(FA) == f32(FB)); break;
    case RV_FLT_S: INT_OP(f32(FA) < f32(FB)); break;
    case RV_FLE_S: INT_OP(f32(FA) <= f32(FB)); break;
    case RV_FCLASS_S: INT_OP(fclass(FA)); break;
    case RV_FMV_X_W: INT_OP(FA); break;
    case RV_FMV_W_X: F_OP(A); break;
    case RV_FCVT_S_W: F_OP(bits((float)(int32_t)A)); break;
    case RV_FCVT_S_WU: F_OP(bits((float)A)); break;
    case RV_FCVT_W_S: case RV_FCVT_WU_S: {
        double r = 0;
        if (!round_rm(0.0f, i->rm, &r))
            return fail(s, "reserved rounding mode %u at PC 0x%x", i->rm, pc);
        INT_OP((round_rm(f32(FA), i->rm, &r), cvt_w(f32(FA), r, i->op == RV_FCVT_WU_S)));
        break;
    }
    case RV_FENCE: case RV_SIMT_BARRIER: case RV_BEQ: case RV_BNE: case RV_BLT: case RV_BGE:
    case RV_BLTU: case RV_BGEU:
        break;
    default:
        return fail(s, "unsupported instruction '%s' at PC 0x%x", rv_op_name(i->op), pc);
    }
#undef INT_OP
#undef F_OP
#undef LANE_DO
#undef A
#undef B
#undef FA
#undef FB
#undef FC
    return 0;
}

static bool is_mem(unsigned op, unsigned *size, bool *store)
{
    switch (op) {
    case RV_LB: case RV_LBU: *size = 1, *store = false; return true;
    case RV_LH: case RV_LHU: *size = 2, *store = false; return true;
    case RV_LW: case RV_FLW: *size = 4, *store = false; return true;
    case RV_SB: *size = 1, *store = true; return true;
    case RV_SH: *size = 2, *store = true; return true;
    case RV_SW: case RV_FSW: *size = 4, *store = true; return true;
    default: return false;
    }
}

static bool branch_taken(unsigned op, uint32_t a, uint32_t b)
{
    switch (op) {
    case RV_BEQ: return a == b;
    case RV_BNE: return a != b;
    case RV_BLT: return (int32_t)a < (int32_t)b;
    case RV_BGE: return (int32_t)a >= (int32_t)b;
    case RV_BLTU: return a < b;
    default: return a >= b; /* BGEU */
    }
}

static const sinsn_t *fetch(sim_t *s, uint32_t pc)
{
    if (pc % 4 || pc < s->img.text_lo || pc >= s->img.text_hi) {
        fail(s, "jump to 0x%x, outside the code", pc);
        return NULL;
    }
    const sinsn_t *d = &s->prog[(pc - s->img.text_lo) / 4];
    if (d->in.op == RV_ILLEGAL) {
        fail(s, "illegal instruction 0x%08x at PC 0x%x", d->in.word, pc);
        return NULL;
    }
    return d;
}

/* The thread-stack slot of a core's thread: 0 is the single thread of
 * set-up. */
static unsigned slot_of(const sim_t *s, unsigned core, unsigned tid)
{
    return 1 + core * s->p.num_warps * s->p.warp_width + tid;
}

static uint32_t stack_top(const sim_t *s, unsigned slot)
{
    return s->p.mem_bytes - slot * s->p.stack_bytes;
}

/* The address the memory timing sees for a thread's access: the stacks of
 * a warp slot's threads interleaved word by word (GPU local memory), so
 * that the threads of a warp touching the same stack offset share lines, as
 * they would on a GPU; every other address as it is. The data stays where
 * the thread sees it. slot >= 1 (set-up is not timed). */
static uint32_t timing_addr(const sim_t *s, uint32_t a, unsigned slot)
{
    if (a < s->stack_lo)
        return a;
    unsigned W = s->p.warp_width, group = (slot - 1u) / W, lane = (slot - 1u) % W;
    uint32_t word = (stack_top(s, slot) - 1u - a) / 4u; /* from the top */
    return s->stack_lo + group * W * s->p.stack_bytes + (word * W + lane) * 4u + (a & 3u);
}

/* ----------------------------------------- one thread, untimed (set-up) */

/* Runs from `entry` with a0..a3 on one thread until its ecall; *a0 gets a0. */
static int run_single(sim_t *s, uint32_t entry, const uint32_t args[4], uint32_t *a0)
{
    warp_t *w = &s->cores[0].warps[0];
    home_lanes(s, &s->cores[0], 0);
    uint32_t *x = w->x[0];
    memset(x, 0, NUM_REGS * sizeof *x);
    for (unsigned k = 0; k < 4; k++)
        x[10 + k] = args[k];
    x[2] = stack_top(s, 0);
    uint32_t pc = entry;
    for (uint64_t n = 0;; n++) {
        if (s->p.max_cycles && n > s->p.max_cycles)
            return fail(s, "set-up ran past %llu instructions",
                        (unsigned long long)s->p.max_cycles);
        const sinsn_t *d = fetch(s, pc);
        if (!d)
            return -1;
        const rv_insn_t *i = &d->in;
        unsigned size;
        bool store;
        uint32_t addr[1] = {0};
        if (is_mem(i->op, &size, &store)) {
            addr[0] = x[i->rs1] + (uint32_t)i->imm;
            if (!check_access(s, addr[0], size, store, 0, pc))
                return -1;
        }
        uint32_t next = pc + 4;
        switch (i->op) {
        case RV_ECALL:
            *a0 = x[10];
            return 0;
        case RV_EBREAK:
            return fail(s, "the kernel trapped (ebreak) at PC 0x%x", pc);
        case RV_SIMT_BARRIER:
            return fail(s, "simt_barrier() at PC 0x%x outside the kernel", pc);
        case RV_JAL:
            next = pc + (uint32_t)i->imm;
            break;
        case RV_JALR:
            next = (x[i->rs1] + (uint32_t)i->imm) & ~1u;
            break;
        case RV_BEQ: case RV_BNE: case RV_BLT: case RV_BGE: case RV_BLTU: case RV_BGEU:
            if (branch_taken(i->op, x[i->rs1], x[i->rs2]))
                next = pc + (uint32_t)i->imm;
            break;
        default:
            break;
        }
        if (execute(s, w, d, 1, pc, addr))
            return -1;
        pc = next;
    }
}

static uint32_t rd32(const sim_t *s, uint32_t a)
{
    uint32_t v = 0;
    if ((uint64_t)a + 4 <= s->p.mem_bytes)
        memcpy(&v, s->mem + a, 4);
    return v;
}

/* Reads the launch block simt_setup()/simt_next() left and checks it. */
static int read_launch(sim_t *s)
{
    uint32_t l = s->launch_addr;
    s->threads = rd32(s, l + SIMT_LAUNCH_THREADS);
    s->block_threads = rd32(s, l + SIMT_LAUNCH_BLOCK_THREADS);
    s->args = rd32(s, l + SIMT_LAUNCH_ARGS);
    s->heap_top = rd32(s, s->heap_top_addr);
    if (s->heap_top < s->img.data_hi || s->heap_top > s->stack_lo)
        return fail(s, "simt_heap_top (0x%x) is corrupt", s->heap_top);
    if (!s->threads)
        return fail(s, "simt_setup: threads must be at least 1");
    if (!s->block_threads) /* no barrier: blocks of block_warps warps */
        s->block_threads = s->p.warp_width * s->p.block_warps;
    s->warps_per_cta = (s->block_threads + s->p.warp_width - 1) / s->p.warp_width;
    if (s->warps_per_cta > s->p.num_warps)
        return fail(s, "block_threads %u needs %u warps of %u; a core has %u", s->block_threads,
                    s->warps_per_cta, s->p.warp_width, s->p.num_warps);
    if (s->p.mech == SIM_MECH_TBC && s->warps_per_cta > tbc_block_warps(&s->p))
        return fail(s, "block_threads %u needs %u warps of %u; tbc_core holds %u (block_warps)",
                    s->block_threads, s->warps_per_cta, s->p.warp_width, tbc_block_warps(&s->p));
    uint32_t nout = rd32(s, l + SIMT_LAUNCH_NUM_OUTPUTS);
    if (nout > SIMT_MAX_OUTPUTS)
        return fail(s, "more than %u output buffers", SIMT_MAX_OUTPUTS);
    for (unsigned k = 0; k < nout; k++) {
        uint32_t p = rd32(s, l + SIMT_LAUNCH_OUTPUTS + 8 * k),
                 n = rd32(s, l + SIMT_LAUNCH_OUTPUTS + 8 * k + 4);
        if (p < s->img.data_lo || (uint64_t)p + n > s->heap_top)
            return fail(s, "output buffer %u (0x%x, %u bytes) is not in the kernel's data", k, p,
                        n);
    }
    s->ctas_total = (s->threads + s->block_threads - 1) / s->block_threads;
    return 0;
}

int sim_load(sim_t *s, const char *path, unsigned size, unsigned seed)
{
    if (s->loaded)
        return fail(s, "a kernel is loaded already");
    if (elfimg_load(path, s->mem, s->stack_lo, &s->img, s->err, sizeof s->err))
        return -1;
    s->loaded = true;
    struct {
        const char *name;
        uint32_t *at;
    } syms[] = {{"_simt_setup", &s->setup_pc},     {"_simt_next", &s->next_pc},
                {"_simt_kernel", &s->kernel_pc},   {"_simt_kernel_exit", &s->kernel_exit},
                {"simt_launch", &s->launch_addr},  {"simt_heap_top", &s->heap_top_addr}};
    for (unsigned k = 0; k < sizeof syms / sizeof syms[0]; k++)
        if (elfimg_symbol(&s->img, syms[k].name, syms[k].at))
            return fail(s, "%s: no symbol %s (build the kernel with kernels/rt/)", path,
                        syms[k].name);
    if (decode(s))
        return -1;
    /* set-up may allocate up to the stacks */
    s->heap_top = s->stack_lo;
    uint32_t a0, args[4] = {s->launch_addr, size, seed, s->stack_lo};
    if (run_single(s, s->setup_pc, args, &a0))
        return -1;
    return read_launch(s);
}

/* --------------------------------------------------------- timed cores */

static void stack_req(recon_stack_in_t *in, unsigned op, unsigned warp, uint32_t pc)
{
    memset(in, 0, sizeof *in);
    in->req_valid = true, in->req_op = op, in->req_warp = warp, in->req_pc = pc;
    in->rd_warp = warp;
}

/* Reads warp wi's top of stack into the warp (the read port, no edge). */
static void read_tos(core_t *k, unsigned wi)
{
    recon_stack_in_t in;
    recon_stack_out_t out;
    memset(&in, 0, sizeof in);
    in.rd_warp = wi;
    k->stack.eval(k->stack.ctx, &in, &out);
    warp_t *w = &k->warps[wi];
    w->pc = (uint32_t)out.rd_pc, w->tos = out.rd_mask.w[0], w->depth = out.rd_depth;
    w->rpc = (uint32_t)out.rd_rpc;
    if (!out.rd_valid)
        w->tos = 0;
    w->mask = w->tos & ~w->held; /* DoM holds some back */
}

/* ------------------------------------------------------ Diverge on Miss */

/* The fill heap of core k: push, and pop the earliest. */
static bool fill_push(core_t *k, dom_fill_t f)
{
    if (k->nfills == k->fills_cap) {
        unsigned cap = k->fills_cap ? 2 * k->fills_cap : 64;
        dom_fill_t *n = realloc(k->fills, cap * sizeof *n);
        if (!n)
            return false;
        k->fills = n, k->fills_cap = cap;
    }
    unsigned i = k->nfills++;
    for (; i && k->fills[(i - 1) / 2].at > f.at; i = (i - 1) / 2)
        k->fills[i] = k->fills[(i - 1) / 2];
    k->fills[i] = f;
    return true;
}

static dom_fill_t fill_pop(core_t *k)
{
    dom_fill_t top = k->fills[0], last = k->fills[--k->nfills];
    unsigned i = 0, n = k->nfills;
    for (;;) {
        unsigned c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && k->fills[c + 1].at < k->fills[c].at)
            c++;
        if (k->fills[c].at >= last.at)
            break;
        k->fills[i] = k->fills[c], i = c;
    }
    if (n)
        k->fills[i] = last;
    return top;
}

/* Schedules the fills of a load's threads `miss` of warp wi (DoM: in MDT
 * entry `entry`): one for each group whose data (done[lane]) comes back in
 * one cycle, none before `first`; *last (if not NULL) gets the latest. */
static int push_fills(sim_t *s, core_t *k, unsigned wi, unsigned entry, uint64_t miss,
                      const uint64_t *done, uint64_t first, uint64_t *last)
{
    while (miss) {
        uint64_t at = done[__builtin_ctzll(miss)], g = 0;
        LANES(miss, l) if (done[l] == at) g |= 1ull << l;
        miss &= ~g;
        at = at < first ? first : at;
        if (last && at > *last)
            *last = at;
        if (!fill_push(k, (dom_fill_t){at, g, (uint8_t)wi, (uint8_t)entry}))
            return fail(s, "out of memory");
    }
    return 0;
}

/* A load's lanes as the warp's (ln is in lane order of mask): hit mask,
 * and each lane's completion cycle into done[]. */
static uint64_t lane_results(uint64_t mask, const mem_lanes_t *ln, uint64_t *done)
{
    uint64_t hit = 0;
    unsigned n = 0;
    LANES(mask, l) {
        hit |= (ln->hit >> n & 1u) << l;
        done[l] = ln->done[n++];
    }
    return hit;
}

/* Warp wi's view of its MDT entries and slip limit, from dom_core's read
 * and query ports (no edge): after every change. *last (if not NULL) gets
 * the outputs (the registered responses among them). */
static void dom_view(const sim_t *s, core_t *k, unsigned wi, dom_core_out_t *last)
{
    warp_t *w = &k->warps[wi];
    dom_core_in_t in;
    dom_core_out_t out;
    memset(&in, 0, sizeof in);
    in.acc_warp = wi, in.rd_warp = wi;
    for (unsigned e = 0; e < s->p.mdt_entries; e++) {
        in.rd_entry = e;
        k->dom.eval(k->dom.ctx, &in, &out);
        dom_entry_t *x = &w->ent[e];
        x->valid = out.rd_valid, x->pc = (uint32_t)out.rd_pc, x->age = out.rd_age;
        x->waiting = out.rd_waiting, x->ready = out.rd_ready;
    }
    w->limit = out.acc_limit;
    w->held = out.rd_masked | w->parked;
    w->mask = w->tos & ~w->held;
    if (last)
        *last = out;
}

/* Core c's dom_core runs cycle t with inputs *in (perf_idle and
 * perf_mem_stall set): the earliest fill due (one fill port) and the
 * core's DRAM bytes not yet reported (8 bits a cycle) are added; *rsp (if
 * not NULL) gets the response to *in's request. After a period end that
 * moved max-slip, every warp's slip limit is read again. */
static int dom_cycle(sim_t *s, unsigned c, uint64_t t, dom_core_in_t *in, uint64_t *owed,
                     dom_core_out_t *rsp)
{
    core_t *k = &s->cores[c];
    unsigned bytes = *owed < 255 ? (unsigned)*owed : 255u;
    in->perf_bytes = bytes, *owed -= bytes, k->dom_bytes += bytes;
    bool fill = k->nfills && k->fills[0].at <= t;
    dom_fill_t f = {0};
    if (fill) {
        f = fill_pop(k);
        while (k->nfills && k->fills[0].at <= t && k->fills[0].warp == f.warp &&
               k->fills[0].entry == f.entry)
            f.mask |= fill_pop(k).mask; /* one request for the entry's threads due */
        in->fill_valid = true, in->fill_warp = f.warp, in->fill_entry = f.entry;
        in->fill_mask = f.mask;
    }
    dom_core_out_t out;
    k->dom.step(k->dom.ctx, in, &out);
    k->dom_at = t + 1;
    bool period_end = k->dom_at % s->p.slip_period == 0;
    if (!fill && !in->acc_valid && !period_end)
        return 0;
    unsigned slip = out.max_slip;
    if (fill && in->acc_valid && f.warp != in->acc_warp)
        dom_view(s, k, f.warp, NULL);
    dom_view(s, k, in->acc_valid ? in->acc_warp : f.warp, &out); /* and the responses */
    if (fill && out.fill_err != MDT_ERR_NONE)
        return fail(s, "dom_core refused a fill of warp %u entry %u (core %u) at cycle %llu: %s",
                    f.warp, f.entry, c, (unsigned long long)t, mdt_err_name(out.fill_err));
    if (in->acc_valid && (out.rsp_err != MDT_ERR_NONE || out.slip_err != SC_ERR_NONE))
        return fail(s, "dom_core refused %s of warp %u at PC 0x%x (core %u), cycle %llu: %s",
                    mdt_op_name(in->acc_op), in->acc_warp, (unsigned)in->acc_pc, c,
                    (unsigned long long)t, out.rsp_err != MDT_ERR_NONE
                        ? mdt_err_name(out.rsp_err) : sc_err_name(out.slip_err));
    if (in->acc_valid && rsp)
        *rsp = out;
    if (period_end && out.max_slip != slip) {
        s->st.slip_changes++;
        for (unsigned v = 0; v < s->p.num_warps; v++)
            if (k->warps[v].state != W_FREE)
                dom_view(s, k, v, NULL);
    }
    return 0;
}

/* Core c's dom_core runs the cycles the core skipped before `now` (as the
 * core spent them: gap_busy, gap_mem) and, with last, cycle `now` too with
 * request *req (NULL: none), the core having issued or waited for memory;
 * *rsp (if not NULL) gets req's response. */
static int dom_run(sim_t *s, unsigned c, uint64_t now, bool last, const dom_core_in_t *req,
                   bool issued, bool mem_stall, dom_core_out_t *rsp)
{
    core_t *k = &s->cores[c];
    mem_stats_t ms;
    mem_stats(s->msys, c, &ms);
    uint64_t owed = ms.dram_read_bytes + ms.dram_write_bytes - k->dom_bytes;
    dom_core_in_t in;
    for (uint64_t t = k->dom_at; t < now; t = k->dom_at) {
        memset(&in, 0, sizeof in);
        in.perf_idle = !k->gap_busy, in.perf_mem_stall = k->gap_mem;
        /* up to the next fill, byte or period end, nothing but the period's
         * counts changes: idle() runs those cycles at once */
        uint64_t end = now, period_last = t + (s->p.slip_period - 1 - t % s->p.slip_period);
        if (k->nfills && k->fills[0].at < end)
            end = k->fills[0].at;
        if (period_last < end)
            end = period_last;
        if (!owed && end > t && k->dom.idle) {
            k->dom.idle(k->dom.ctx, &in, end - t);
            k->dom_at = end;
        } else if (dom_cycle(s, c, t, &in, &owed, NULL)) {
            return -1;
        }
    }
    if (!last || k->dom_at > now)
        return 0;
    if (req)
        in = *req;
    else
        memset(&in, 0, sizeof in);
    in.perf_idle = !issued, in.perf_mem_stall = mem_stall;
    return dom_cycle(s, c, now, &in, &owed, rsp);
}

/* A request of dom_core's access port for warp wi. */
static dom_core_in_t dom_req(unsigned op, unsigned wi)
{
    dom_core_in_t in;
    memset(&in, 0, sizeof in);
    in.acc_valid = true, in.acc_op = op, in.acc_warp = wi, in.rd_warp = wi;
    return in;
}

/* Whether the instruction at pc lies on every path from the one at from
 * (in one function, by the IPDOM chain of from's block; false where unsure). */
static bool postdominates(const sim_t *s, uint32_t pc, uint32_t from)
{
    const sinsn_t *a = fetch_quiet(s, from), *b = fetch_quiet(s, pc);
    if (!a || !b || !a->in_func || !b->in_func || a->cfg_err)
        return false;
    if (a->block_pc == b->block_pc)
        return pc >= from;
    for (uint32_t blk = a->ipdom_pc; blk != CFG_EXIT; blk = fetch_quiet(s, blk)->ipdom_pc)
        if (blk == b->block_pc)
            return true;
    return false;
}

/* Where threads at PCs a and b meet again (both in the top entry of
 * rpc top): b if every path from a leads there, a if every path from b
 * does, else the first block on both IPDOM chains -- or top. */
static uint32_t meet_pc(const sim_t *s, uint32_t a, uint32_t b, uint32_t top)
{
    if (postdominates(s, b, a))
        return b;
    if (postdominates(s, a, b))
        return a;
    const sinsn_t *x = fetch_quiet(s, a), *y = fetch_quiet(s, b);
    if (!x || !y || x->cfg_err || y->cfg_err)
        return top;
    for (uint32_t i = x->ipdom_pc; i != CFG_EXIT; i = fetch_quiet(s, i)->ipdom_pc)
        for (uint32_t j = y->ipdom_pc; j != CFG_EXIT; j = fetch_quiet(s, j)->ipdom_pc)
            if (i == j)
                return i;
    return top;
}

/* Threads g of warp wi, all with next PC gpc, go back to work: the top
 * entry splits (a BRANCH of g to gpc, the rest staying at the warp's PC),
 * so that g runs first. They meet again where the paths of g, the warp and
 * the threads still held all do (meet_pc(): at the warp's PC when the
 * held threads catch up, DoM 4; the new entry ending there holds the rest),
 * at the top's rpc at the latest; g at the warp's PC just re-join; g at
 * the top's rpc leave the top (done with it). Uses the core's cycle: 1, or
 * -1. */
static int dom_split(sim_t *s, unsigned c, unsigned wi, uint64_t g, uint32_t gpc)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    uint32_t rpc = gpc == w->rpc ? w->rpc : meet_pc(s, gpc, w->pc, w->rpc);
    LANES(w->held & w->tos & ~g, l) if (rpc != w->rpc)
        rpc = meet_pc(s, k->tpc[w->tid[l]], rpc, w->rpc);
    LANES(g, l) if (k->tpc[w->tid[l]] != gpc)
        return fail(s, "internal: DoM brings thread %u of warp %u (core %u) back at PC 0x%x; its "
                       "next instruction is at 0x%x", (unsigned)l, wi, c, gpc, k->tpc[w->tid[l]]);
    if (gpc != w->pc) {
        recon_stack_in_t in;
        recon_stack_out_t out;
        stack_req(&in, RS_OP_BRANCH, wi, gpc);
        in.req_alt_pc = w->pc, in.req_rpc = rpc, in.req_lpc = PC_NONE;
        in.req_mask.w[0] = g;
        k->stack.step(k->stack.ctx, &in, &out);
        if (out.req_err != RS_ERR_NONE)
            return fail(s, "recon_stack refused a DoM regroup of warp %u at PC 0x%x (core %u): "
                           "%s%s", wi, w->pc, c, rs_err_name(out.req_err),
                        out.req_err == RS_ERR_OVERFLOW ? " (raise stack_depth)" : "");
        s->st.dom_regroups++;
        read_tos(k, wi);
    }
    return 1;
}

/* One step of bringing warp wi's held threads back (DoM 4.3's forced
 * reconvergence, and the slip-limited ones): the MDT's oldest entry once
 * all its fills are in (FORCE), else the parked threads, one PC at a time
 * (a RELEASE first if the slip limit still holds them: all slip ends at
 * the regroup). 1 (the core's cycle used), 0 (not before *retry), -1. */
static int dom_regroup(sim_t *s, unsigned c, unsigned wi, uint64_t now, uint64_t *retry)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    if (w->held & ~w->tos)
        return fail(s, "internal: warp %u (core %u) holds threads outside its top entry at PC 0x%x",
                    wi, c, w->pc);
    for (unsigned e = 0; e < s->p.mdt_entries; e++) {
        dom_entry_t *x = &w->ent[e];
        if (!x->valid || x->age)
            continue;
        if (x->waiting) {
            bool due = false;
            for (unsigned f = 0; f < k->nfills && !due; f++)
                due = k->fills[f].warp == wi && k->fills[f].entry == e;
            if (!due)
                return fail(s, "deadlock at cycle %llu: warp %u (core %u) at PC 0x%x waits for "
                               "threads 0x%llx of its MDT entry %u (load at 0x%x), whose data "
                               "has all returned", (unsigned long long)now, wi, c, w->pc,
                            (unsigned long long)x->waiting, e, x->pc);
            w->hold_until = x->fill_last + 1 > now + 1 ? x->fill_last + 1 : now + 1;
            *retry = w->hold_until;
            return 0;
        }
        uint32_t gpc = x->pc + 4;
        uint64_t ready = x->ready; /* (the view is of the state before the FORCE) */
        bool running = w->mask != 0;
        dom_core_in_t in = dom_req(MDT_OP_FORCE, wi);
        dom_core_out_t out;
        if (dom_run(s, c, now, true, &in, true, false, &out))
            return -1;
        if (out.rsp_kind != MDT_KIND_FORCED || out.rsp_entry != e || out.rsp_rejoin != ready)
            return fail(s, "dom_core's FORCE of warp %u (core %u) at PC 0x%x, cycle %llu, brought "
                           "back threads 0x%llx (%s, entry %u), not its entry %u's 0x%llx: a "
                           "lost thread", wi, c, w->pc, (unsigned long long)now,
                        (unsigned long long)out.rsp_rejoin, mdt_kind_name(out.rsp_kind),
                        out.rsp_entry, e, (unsigned long long)ready);
        s->st.dom_forces++;
        s->st.dom_forced += (uint64_t)__builtin_popcountll(out.rsp_rejoin);
        if (running)
            s->st.dom_forced_sync += (uint64_t)__builtin_popcountll(out.rsp_rejoin);
        return dom_split(s, c, wi, out.rsp_rejoin, gpc);
    }
    if (w->parked & w->limit) {
        dom_core_in_t in = dom_req(MDT_OP_RELEASE, wi);
        return dom_run(s, c, now, true, &in, true, false, NULL) ? -1 : 1;
    }
    unsigned l0 = (unsigned)__builtin_ctzll(w->parked);
    uint32_t gpc = k->tpc[w->tid[l0]];
    uint64_t g = 0;
    LANES(w->parked, l) if (k->tpc[w->tid[l]] == gpc) g |= 1ull << l;
    w->parked &= ~g, w->held &= ~g, w->mask = w->tos & ~w->held;
    return dom_split(s, c, wi, g, gpc);
}

/* Whether warp w's next instruction d at w->pc must first have its held
 * threads back (DoM 4.3): a branch its running threads take both ways, a
 * call, a return, a barrier, or the top entry's end (its rpc: a pop). */
static bool dom_sync_point(const warp_t *w, const sinsn_t *d)
{
    const rv_insn_t *i = &d->in;
    uint32_t next = w->pc + 4;
    switch (i->op) {
    case RV_BEQ: case RV_BNE: case RV_BLT: case RV_BGE: case RV_BLTU: case RV_BGEU: {
        uint64_t taken = 0;
        LANES(w->mask, l) if (branch_taken(i->op, w->x[l][i->rs1], w->x[l][i->rs2])) taken |= 1ull << l;
        if (taken && taken != w->mask)
            return true;
        if (taken)
            next = w->pc + (uint32_t)i->imm;
        break;
    }
    case RV_JAL:
        if (i->rd)
            return true;
        next = w->pc + (uint32_t)i->imm;
        break;
    case RV_JALR: case RV_SIMT_BARRIER:
        return true;
    default:
        break;
    }
    return next == w->rpc;
}

/* DoM, before warp wi issues d: a new block's counters are released;
 * parked threads at the warp's PC re-join (unless still slip-limited);
 * held threads come back where the warp needs them or it has no thread
 * left to run; at a load, the slip-limited threads stop (are parked).
 * 2: issue now with w->mask; else dom_regroup()'s result. */
static int dom_before(sim_t *s, unsigned c, unsigned wi, const sinsn_t *d, uint64_t now,
                      uint64_t *retry)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    if (dom_run(s, c, now, false, NULL, false, false, NULL)) /* the slip limit up to now */
        return -1;
    if (w->release_due) {
        w->release_due = false;
        dom_core_in_t in = dom_req(MDT_OP_RELEASE, wi);
        return dom_run(s, c, now, true, &in, true, false, NULL) ? -1 : 1;
    }
    if (w->parked & w->tos & ~w->limit) {
        uint64_t back = 0;
        LANES(w->parked & w->tos & ~w->limit, l) if (k->tpc[w->tid[l]] == w->pc) back |= 1ull << l;
        w->parked &= ~back, w->held &= ~back, w->mask = w->tos & ~w->held;
    }
    if ((w->held & w->tos) && (!w->mask || dom_sync_point(w, d)))
        return dom_regroup(s, c, wi, now, retry);
    unsigned size;
    bool store;
    uint64_t stop = w->mask & w->limit;
    if (stop && is_mem(d->in.op, &size, &store) && !store && !(w->held & ~w->tos) &&
        !d->recursive) {
        w->parked |= stop, w->held |= stop, w->mask &= ~stop;
        s->st.slip_parks += (uint64_t)__builtin_popcountll(stop);
        if (!w->mask)
            return dom_regroup(s, c, wi, now, retry);
    }
    return 2;
}

/* DoM, warp wi's load at pc was accepted (lanes: each active lane's result,
 * in lane order): unless the warp is bringing threads back or the load is
 * in a recursive function, dom_core sees it if some thread hit or the warp
 * has an entry at pc. Threads that missed into an entry are held; the rest
 * wait for their data (*ready: the cycle the warp's destination is
 * written). Not in a recursive function: a regroup meets at a PC of the
 * held threads' function, which a recursive call would reach at another
 * depth (calls and returns regroup first, so all are in one call). */
static int dom_load(sim_t *s, unsigned c, unsigned wi, uint32_t pc, uint64_t mask,
                    const mem_lanes_t *ln, uint64_t now, uint64_t *ready)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    uint64_t done[64], hit = lane_results(mask, ln, done);
    bool entry = false;
    for (unsigned e = 0; e < s->p.mdt_entries; e++)
        entry |= w->ent[e].valid && w->ent[e].pc == pc;
    if (fetch_quiet(s, pc)->recursive || (w->held & ~w->tos) || (!hit && !entry))
        return 0; /* a plain blocking load */
    dom_core_in_t in = dom_req(MDT_OP_ACCESS, wi);
    in.acc_pc = pc, in.acc_exec = mask, in.acc_hit = hit;
    dom_core_out_t out;
    if (dom_run(s, c, now, true, &in, true, false, &out))
        return -1;
    if (out.rsp_kind == MDT_KIND_BLOCKING)
        s->st.mdt_blocking++;
    if (out.rsp_kind != MDT_KIND_ALLOCATED && out.rsp_kind != MDT_KIND_MERGED)
        return 0;
    s->st.mdt_allocs += out.rsp_kind == MDT_KIND_ALLOCATED;
    s->st.mdt_merges += out.rsp_kind == MDT_KIND_MERGED;
    s->st.mdt_rejoined += (uint64_t)__builtin_popcountll(out.rsp_rejoin);
    dom_entry_t *x = &w->ent[out.rsp_entry];
    if (out.rsp_kind == MDT_KIND_ALLOCATED)
        x->fill_last = 0;
    uint64_t last = now + 1;
    LANES(mask & hit, l) if (done[l] > last) last = done[l];
    *ready = last;
    return push_fills(s, k, wi, out.rsp_entry, mask & ~hit, done, 0, &x->fill_last);
}

/* ------------------------------------------- Thread Block Compaction */

static int dispatch(sim_t *s, unsigned c, uint64_t now, unsigned limit);
static int dws_issued(sim_t *s, unsigned c, unsigned wi, const recon_stack_in_t *in,
                      const rv_insn_t *i, uint64_t hit, uint64_t now);

/* A resident block's tbc_core, stepped one cycle with its request (if any)
 * and taking the compacted warp it shows, if any. */
static int tbc_step(sim_t *s, unsigned c, unsigned slot, uint64_t now);

/* Block `slot` of core c (its static warps placed, `threads` threads) starts:
 * INIT of its tbc_core with its threads at the kernel's entry. */
static int tbc_start(sim_t *s, unsigned c, unsigned slot, unsigned threads, uint64_t now)
{
    core_t *k = &s->cores[c];
    cta_t *t = &k->ctas[slot];
    unsigned W = s->p.warp_width;
    if (!t->tbc.ctx) {
        tbc_core_params_t tp = tbc_params(&s->p);
        if (s->blocks.tbc_core(&tp, &t->tbc, s->err, sizeof s->err))
            return -1;
        t->tbc.eval(t->tbc.ctx, &t->req, &t->out);
    }
    t->nsw = s->warps_per_cta, t->threads = threads, t->live = 0, t->quiet = 0;
    t->br_open = false;
    memset(&t->req, 0, sizeof t->req);
    t->req.req_valid = true, t->req.req_op = TBC_OP_INIT;
    for (unsigned n = 0; n < t->nsw; n++)
        LANES(t->home[n], l) bm_set(&t->req.req_mask, n * W + (unsigned)l, true);
    t->req.req_pc = s->kernel_pc, t->req.req_rpc = s->kernel_exit;
    t->has_req = true, t->req_pc = s->kernel_pc;
    if (!t->out.req_ready)
        return fail(s, "internal: tbc_core of block %u (core %u) not ready for INIT", slot, c);
    return tbc_step(s, c, slot, now);
}

/* The threads of compacted warp wi leave it (it arrived at a branch or a
 * convergence point): each keeps its calls and its registers' pending
 * writes until it is in a warp again. */
static void tbc_leave(sim_t *s, core_t *k, unsigned wi, uint64_t now)
{
    warp_t *w = &k->warps[wi];
    uint8_t pend[NUM_REGS];
    unsigned np = 0;
    uint64_t last = 0;
    for (unsigned r = 0; r < NUM_REGS; r++)
        if (w->ready[r] > now) {
            pend[np++] = (uint8_t)r;
            if (w->ready[r] > last)
                last = w->ready[r];
        }
    LANES(w->mask, l) {
        thread_t *th = &k->th[w->tid[l]];
        th->num_calls = w->num_calls;
        memcpy(th->calls, w->calls, w->num_calls * sizeof *w->calls);
        for (unsigned j = 0; j < np; j++)
            th->ready[pend[j]] = w->ready[pend[j]];
        th->pend = last;
    }
    w->state = W_IDLE;
    k->ctas[w->cta].live--;
    (void)s;
}

/* The compacted warp block `slot` shows (out) goes into one of its idle
 * warp slots: its lanes are the threads it names, in their home lanes. */
static int tbc_form(sim_t *s, unsigned c, unsigned slot, const tbc_core_out_t *out, uint64_t now)
{
    core_t *k = &s->cores[c];
    cta_t *t = &k->ctas[slot];
    unsigned W = s->p.warp_width, wi = UINT_MAX;
    for (unsigned n = 0; n < t->nsw && wi == UINT_MAX; n++)
        if (k->warps[t->slot[n]].state == W_IDLE)
            wi = t->slot[n];
    if (wi == UINT_MAX || !out->out_lane_valid)
        return fail(s, "tbc_core of block %u (core %u) made %s at cycle %llu", slot, c,
                    wi == UINT_MAX ? "more warps than the block has" : "an empty warp",
                    (unsigned long long)now);
    warp_t *w = &k->warps[wi];
    w->state = W_RUN, w->age = s->age++, w->pc = (uint32_t)out->out_pc;
    w->mask = w->all = out->out_lane_valid;
    memset(w->ready, 0, sizeof w->ready);
    bool first = true;
    LANES(w->mask, l) {
        unsigned sw = out->out_lane_sw[l];
        if (sw >= t->nsw || !(t->home[sw] >> l & 1))
            return fail(s, "tbc_core of block %u (core %u) put a thread that is not the block's "
                           "(static warp %u, lane %u) in a warp at cycle %llu", slot, c, sw,
                        (unsigned)l, (unsigned long long)now);
        unsigned tid = t->slot[sw] * W + (unsigned)l;
        w->tid[l] = (uint16_t)tid, w->sw[l] = (uint8_t)sw;
        w->x[l] = k->rf + (size_t)tid * NUM_REGS;
        thread_t *th = &k->th[tid];
        if (first) {
            w->num_calls = th->num_calls;
            memcpy(w->calls, th->calls, th->num_calls * sizeof *th->calls);
            first = false;
        } else if (th->num_calls != w->num_calls ||
                   (w->num_calls && th->calls[w->num_calls - 1] != w->calls[w->num_calls - 1])) {
            return fail(s, "a compacted warp of block %u (core %u) at PC 0x%x holds threads in "
                           "different calls", slot, c, w->pc);
        }
        if (th->pend > now)
            for (unsigned r = 0; r < NUM_REGS; r++)
                if (th->ready[r] > w->ready[r])
                    w->ready[r] = th->ready[r];
    }
    if (w->num_calls && w->pc == w->calls[w->num_calls - 1])
        w->num_calls--; /* formed where its call returns to */
    t->live++;
    k->formed = true;
    return 0;
}

/* Block `slot` has finished (its stack is empty): every thread must be at
 * the kernel's exit; its warp slots go back to the core. */
static int tbc_finish(sim_t *s, unsigned c, unsigned slot, uint64_t now)
{
    core_t *k = &s->cores[c];
    cta_t *t = &k->ctas[slot];
    unsigned W = s->p.warp_width;
    for (unsigned n = 0; n < t->nsw; n++) {
        LANES(t->home[n], l) {
            uint32_t pc = k->tpc[t->slot[n] * W + (unsigned)l];
            if (pc != s->kernel_exit)
                return fail(s, "thread block %u (core %u) finished at cycle %llu with thread %u "
                               "of its warp %u at PC 0x%x, not at the exit: a lost thread",
                            slot, c, (unsigned long long)now, (unsigned)l, n, pc);
        }
        k->warps[t->slot[n]].state = W_FREE;
        k->free_warps++;
    }
    t->used = false;
    return dispatch(s, c, now, UINT_MAX) < 0 ? -1 : 0;
}

static int tbc_step(sim_t *s, unsigned c, unsigned slot, uint64_t now)
{
    core_t *k = &s->cores[c];
    cta_t *t = &k->ctas[slot];
    tbc_core_out_t pre = t->out, post;
    tbc_core_in_t idle, *in = t->has_req ? &t->req : &idle;
    if (!t->has_req)
        memset(&idle, 0, sizeof idle);
    in->out_ready = pre.out_valid; /* a slot is always free for it */
    bool progress = t->has_req || pre.out_valid;
    unsigned op = in->req_op;
    t->tbc.step(t->tbc.ctx, in, &post);
    t->tbc.eval(t->tbc.ctx, in, &t->out); /* the next cycle's: no output reads an input */
    t->has_req = false, t->stepped = now;
    if (t->out.rsp_valid && t->out.rsp_err != TBC_ERR_NONE)
        return fail(s, "tbc_core of block %u (core %u) refused %s at PC 0x%x, cycle %llu: %s%s",
                    slot, c, tbc_op_name(op), t->req_pc, (unsigned long long)now,
                    tbc_err_name(t->out.rsp_err),
                    t->out.rsp_err == TBC_ERR_OVERFLOW ? " (raise stack_depth)" : "");
    if (pre.out_valid && tbc_form(s, c, slot, &pre, now))
        return -1;
    bool was = t->busy;
    t->busy = !t->out.req_ready || t->out.out_valid || (t->live == 0 && t->out.tos_valid);
    k->busy += (unsigned)t->busy - (unsigned)was;
    t->quiet = progress || !t->busy ? 0 : t->quiet + 1;
    if (t->quiet > 2 * s->p.stack_depth + 16)
        return fail(s, "deadlock at cycle %llu: thread block %u (core %u) waits for %u warp(s) "
                       "at PC 0x%x and none is running or coming (a lost warp)",
                    (unsigned long long)now, slot, c, (unsigned)t->out.tos_wcnt,
                    (unsigned)t->out.tos_pc);
    if (!t->out.tos_valid && !t->busy)
        return tbc_finish(s, c, slot, now);
    return 0;
}

/* The core's busy blocks (and those sent a request) step at cycle now. */
static int tbc_cycle(sim_t *s, unsigned c, uint64_t now)
{
    core_t *k = &s->cores[c];
    for (unsigned t = 0; t < s->p.num_warps; t++) {
        cta_t *b = &k->ctas[t];
        if (b->used && (b->busy || b->has_req) && b->stepped != now && tbc_step(s, c, t, now))
            return -1;
    }
    return 0;
}

/* After compacted warp wi issued (the control decision in `in`: a BRANCH
 * or the next PC): a branch ends the warp with a BRANCH to its block's
 * stack; a next PC that is the top entry's reconvergence (or
 * likely-convergence) point with an ARRIVE; else the warp goes on. */
static int tbc_issued(sim_t *s, unsigned c, unsigned wi, const recon_stack_in_t *in,
                      const rv_insn_t *i, uint64_t now)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    cta_t *t = &k->ctas[w->cta];
    uint32_t npc = (uint32_t)in->req_pc;
    if (i->op == RV_SIMT_BARRIER) { /* under divergence: a deadlock, reported as one */
        w->pc = npc, w->state = W_BARRIER;
        s->st.barrier_waits++;
        t->at_barrier += (unsigned)__builtin_popcountll(w->mask);
        if (t->at_barrier == t->threads) {
            for (unsigned n = 0; n < t->nsw; n++)
                if (k->warps[t->slot[n]].state == W_BARRIER)
                    k->warps[t->slot[n]].state = W_RUN;
            t->at_barrier = 0;
        }
        return 0;
    }
    bool branch = in->req_op == RS_OP_BRANCH;
    bool arrive = !branch && (npc == t->out.tos_rpc || (s->p.lcp && npc == t->out.tos_lpc));
    if (!branch && !arrive) {
        w->pc = npc;
        if (w->num_calls && npc == w->calls[w->num_calls - 1])
            w->num_calls--;
        return 0;
    }
    tbc_core_in_t *q = &t->req;
    memset(q, 0, sizeof *q);
    q->req_valid = true, q->req_op = branch ? TBC_OP_BRANCH : TBC_OP_ARRIVE;
    q->req_lane_valid = w->mask;
    LANES(w->mask, l) q->req_lane_sw[l] = w->sw[l];
    q->req_pc = npc;
    if (branch) {
        q->req_taken = in->req_mask.w[0], q->req_alt_pc = in->req_alt_pc;
        q->req_rpc = in->req_rpc, q->req_lpc = in->req_lpc;
        /* the block's branch: uniform if all of its threads went one way */
        if (!t->br_open)
            t->br_open = true, t->br_taken = t->br_not_taken = false;
        t->br_taken |= q->req_taken != 0;
        t->br_not_taken |= (w->mask & ~q->req_taken) != 0;
        if (t->out.tos_wcnt == 1) { /* its last warp */
            t->br_open = false;
            s->st.block_branches++;
            s->st.block_uniform_branches += !(t->br_taken && t->br_not_taken);
        }
    }
    if (!t->out.req_ready || t->has_req)
        return fail(s, "internal: tbc_core of block %u (core %u) cannot take a request at "
                       "cycle %llu", w->cta, c, (unsigned long long)now);
    t->has_req = true, t->req_pc = w->pc;
    tbc_leave(s, k, wi, now);
    return 0;
}

/* Every warp of block slot `cta` of core c has reached its barrier, or
 * ended: those waiting run on (DWS: their barrier access completes, a
 * fill of all their threads). */
static int release_barrier(sim_t *s, unsigned c, unsigned cta, uint64_t now)
{
    core_t *k = &s->cores[c];
    for (unsigned v = 0; v < s->p.num_warps; v++) {
        warp_t *w = &k->warps[v];
        if (w->state != W_BARRIER || w->cta != cta)
            continue;
        w->state = W_RUN;
        if (s->p.mech == SIM_MECH_DWS && !fill_push(k, (dom_fill_t){now + 1, w->all, (uint8_t)v, 0}))
            return fail(s, "out of memory");
    }
    k->ctas[cta].at_barrier = 0;
    return 0;
}

/* Places up to `limit` CTAs on core c while it has room: how many, or -1. */
static int dispatch(sim_t *s, unsigned c, uint64_t now, unsigned limit)
{
    core_t *k = &s->cores[c];
    unsigned W = s->p.warp_width;
    int placed = 0;
    while (s->ctas_next < s->ctas_total && k->free_warps >= s->warps_per_cta &&
           (unsigned)placed < limit) {
        placed++;
        unsigned cta = s->ctas_next++, slot = 0;
        while (k->ctas[slot].used)
            slot++;
        k->ctas[slot].used = true; /* its tbc_core, if any, is kept for the next block */
        k->ctas[slot].warps_left = s->warps_per_cta, k->ctas[slot].at_barrier = 0;
        uint32_t first = cta * s->block_threads;
        uint32_t last = first + s->block_threads < s->threads ? first + s->block_threads : s->threads;
        unsigned wi = 0;
        for (unsigned n = 0; n < s->warps_per_cta; n++) {
            while (k->warps[wi].state != W_FREE)
                wi++;
            warp_t *w = &k->warps[wi];
            uint32_t t0 = first + n * W;
            unsigned lanes = t0 >= last ? 0 : (last - t0 < W ? last - t0 : W);
            w->state = W_RUN, w->cta = slot, w->age = s->age++, w->num_calls = 0;
            w->all = bm_low_bits(lanes);
            w->held = w->parked = w->limit = 0, w->hold_until = 0;
            memset(w->ent, 0, sizeof w->ent);
            memset(w->ready, 0, sizeof w->ready);
            home_lanes(s, k, wi);
            for (unsigned l = 0; l < lanes; l++) {
                uint32_t *x = w->x[l];
                memset(x, 0, NUM_REGS * sizeof *x);
                k->tpc[w->tid[l]] = s->kernel_pc;
                x[10] = t0 + l;
                x[11] = s->threads;
                x[12] = s->args;
                x[2] = stack_top(s, slot_of(s, c, w->tid[l]));
            }
            k->free_warps--;
            if (s->p.mech == SIM_MECH_TBC) { /* its slot waits for compacted warps */
                cta_t *t = &k->ctas[slot];
                w->state = W_IDLE;
                t->slot[n] = (uint8_t)wi, t->home[n] = w->all;
                for (unsigned l = 0; l < lanes; l++)
                    k->th[w->tid[l]].num_calls = 0, k->th[w->tid[l]].pend = 0;
                continue;
            }
            if (!lanes) { /* a block of fewer threads than its warps hold */
                w->state = W_FREE, k->free_warps++, k->ctas[slot].warps_left--;
                continue;
            }
            if (s->p.mech == SIM_MECH_DWS) { /* dws_cycle() sends its INIT */
                w->dws_init = true, w->dws_check = false, w->bar_threads = 0;
                for (unsigned l = 0; l < lanes; l++)
                    k->th[w->tid[l]].num_calls = 0;
                continue;
            }
            recon_stack_in_t in;
            recon_stack_out_t out;
            stack_req(&in, RS_OP_INIT, wi, s->kernel_pc);
            in.req_rpc = s->kernel_exit;
            bm_clear(&in.req_mask);
            in.req_mask.w[0] = w->all;
            k->stack.step(k->stack.ctx, &in, &out);
            if (out.req_err != RS_ERR_NONE)
                return fail(s, "recon_stack refused INIT of warp %u on core %u: %s", wi, c,
                            rs_err_name(out.req_err));
            read_tos(k, wi);
        }
        if (s->p.mech == SIM_MECH_TBC && tbc_start(s, c, slot, last - first, now))
            return -1;
        k->next = now;
    }
    return placed;
}

/* A warp ended (its stack emptied at the exit PC). */
static int finish_warp(sim_t *s, unsigned c, unsigned wi, uint64_t now)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    cta_t *t = &k->ctas[w->cta];
    w->state = W_FREE;
    k->free_warps++;
    if (--t->warps_left == 0)
        t->used = false;
    else if (t->at_barrier && t->at_barrier == t->warps_left && /* the rest wait */
             release_barrier(s, c, w->cta, now))
        return -1;
    return dispatch(s, c, now, UINT_MAX) < 0 ? -1 : 0;
}

/* Whether warp w can issue its next instruction at `now`; else *wake gets
 * the cycle its operands are ready (if later than now). */
static bool ready(const sim_t *s, const warp_t *w, uint64_t now, uint64_t *wake)
{
    if (w->state != W_RUN)
        return false;
    if (w->hold_until > now) { /* DoM: fills it needs are due */
        if (w->hold_until < *wake)
            *wake = w->hold_until;
        return false;
    }
    if (w->pc % 4 || w->pc < s->img.text_lo || w->pc >= s->img.text_hi)
        return true; /* issue to report the fault */
    const sinsn_t *d = &s->prog[(w->pc - s->img.text_lo) / 4];
    uint64_t t = 0;
    for (unsigned k = 0; k < 3; k++)
        if (d->src[k] != NO_REG && w->ready[d->src[k]] > t)
            t = w->ready[d->src[k]];
    if (d->dst != NO_REG && w->ready[d->dst] > t)
        t = w->ready[d->dst];
    if (t <= now)
        return true;
    if (t < *wake)
        *wake = t;
    return false;
}

/* Issues warp wi's next instruction at `now`. Returns 1 if issued, 0 if the
 * memory system refused it (MSHRs full: *retry = the cycle enough are
 * free), -1 on error. */
static int issue(sim_t *s, unsigned c, unsigned wi, uint64_t now, uint64_t *retry)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    uint32_t pc = w->pc;
    const sinsn_t *d = fetch(s, pc);
    if (!d)
        return -1;
    if (s->p.mech == SIM_MECH_DOM) {
        int r = dom_before(s, c, wi, d, now, retry);
        if (r != 2)
            return r;
    }
    uint64_t mask = w->mask, hit = mask;
    if (s->p.mech == SIM_MECH_DWS && mask) { /* the split's threads' calls (all alike) */
        const thread_t *th = &k->th[w->tid[__builtin_ctzll(mask)]];
        w->num_calls = th->num_calls;
        memcpy(w->calls, th->calls, th->num_calls * sizeof *th->calls);
    }
    LANES(mask, l) if (k->tpc[w->tid[l]] != pc) /* issued at a PC not its own */
        return fail(s, "%s issued thread %u of warp %u (core %u) at PC 0x%x at cycle %llu; its "
                       "next instruction is at 0x%x",
                    s->p.mech == SIM_MECH_TBC   ? "tbc_core"
                    : s->p.mech == SIM_MECH_DWS ? "dws_core"
                                                : "the reconvergence stack",
                    (unsigned)l, wi, c, pc, (unsigned long long)now, k->tpc[w->tid[l]]);
    const rv_insn_t *i = &d->in;
    unsigned W = s->p.warp_width, size;
    bool store;
    uint32_t addr[64];
    recon_stack_in_t in;
    recon_stack_out_t out;
    uint32_t next = pc + 4;

    if (is_mem(i->op, &size, &store)) {
        uint32_t lanes[64];
        unsigned n = 0;
        LANES(mask, l) {
            addr[l] = w->x[l][i->rs1] + (uint32_t)i->imm;
            unsigned slot = slot_of(s, c, w->tid[l]);
            if (!check_access(s, addr[l], size, store, slot, pc))
                return -1;
            lanes[n++] = timing_addr(s, addr[l], slot);
        }
        uint64_t done;
        mem_lanes_t ln;
        bool dom = s->p.mech == SIM_MECH_DOM && !store;
        bool dws = s->p.mech == SIM_MECH_DWS && !store;
        int rc = mem_access(s->msys, c, now, store, lanes, n, size, &done, NULL,
                            dom || dws ? &ln : NULL);
        if (rc == MEM_STALL) {
            *retry = done;
            return 0;
        }
        if (rc != MEM_OK)
            return fail(s, "internal: memory system: %s", mem_status_name(rc));
        if (dom && dom_load(s, c, wi, pc, mask, &ln, now, &done))
            return -1;
        if (dws) { /* the threads that missed wait in the split table for their fills */
            uint64_t lane_done[64];
            hit = lane_results(mask, &ln, lane_done);
            done = now + 1;
            LANES(hit, l) if (lane_done[l] > done) done = lane_done[l];
            if (push_fills(s, k, wi, 0, mask & ~hit, lane_done, now + 1, NULL))
                return -1;
        }
        if (!store && d->dst != NO_REG)
            w->ready[d->dst] = done;
    }
    stack_req(&in, RS_OP_ADVANCE, wi, next);
    switch (i->op) {
    case RV_BEQ: case RV_BNE: case RV_BLT: case RV_BGE: case RV_BLTU: case RV_BGEU: {
        uint64_t taken = 0;
        LANES(mask, l) if (branch_taken(i->op, w->x[l][i->rs1], w->x[l][i->rs2])) taken |= 1ull << l;
        if (d->cfg_err)
            return fail(s, "branch at PC 0x%x: no reconvergence points for its function: %s "
                           "(PC 0x%x)", pc, cfg_status_name(d->cfg_err), d->cfg_pc);
        if (!d->in_func)
            return fail(s, "branch at PC 0x%x outside every function (no sized symbol)", pc);
        uint32_t rpc = d->rpc;
        if (rpc == CFG_EXIT) /* reconverge where the function returns to */
            rpc = w->num_calls ? w->calls[w->num_calls - 1] : s->kernel_exit;
        in.req_op = RS_OP_BRANCH, in.req_pc = pc + (uint32_t)i->imm, in.req_alt_pc = pc + 4;
        in.req_rpc = rpc, in.req_lpc = s->p.lcp && d->lpc != CFG_EXIT ? d->lpc : PC_NONE;
        /* threads DoM holds back go the way all the running ones go (else
         * they were brought back first: dom_sync_point()) */
        in.req_mask.w[0] = taken == mask ? mask | (w->held & w->tos) : taken;
        s->st.branches++;
        if (taken && taken != mask)
            s->st.divergent_branches++;
        break;
    }
    case RV_JAL:
        in.req_pc = pc + (uint32_t)i->imm;
        if (i->rd) {
            if (w->num_calls == CALL_DEPTH)
                return fail(s, "calls nested deeper than %u at PC 0x%x", CALL_DEPTH, pc);
            w->calls[w->num_calls++] = pc + 4;
        }
        break;
    case RV_JALR: {
        uint32_t t = 0, unused;
        bool first = true;
        if (rv_cfg_kind(i, pc, &unused) != CFG_RET)
            return fail(s, "indirect jump at PC 0x%x: only returns are supported (build with "
                           "-fno-jump-tables, call no function pointer)", pc);
        LANES(mask, l) {
            uint32_t tl = (w->x[l][i->rs1] + (uint32_t)i->imm) & ~1u;
            if (!first && tl != t)
                return fail(s, "threads of one warp return to different addresses (0x%x, 0x%x) "
                               "at PC 0x%x", t, tl, pc);
            t = tl, first = false;
        }
        if (!w->num_calls || w->calls[w->num_calls - 1] != t)
            return fail(s, "return at PC 0x%x to 0x%x, not to its call's next instruction", pc, t);
        in.req_pc = t; /* the call ends when the warp's threads are all back: below */
        break;
    }
    case RV_ECALL:
        return fail(s, "ecall at PC 0x%x: a kernel makes no system calls", pc);
    case RV_EBREAK:
        return fail(s, "the kernel trapped (ebreak, e.g. __builtin_trap) at PC 0x%x", pc);
    case RV_SIMT_BARRIER:
    {
        uint64_t at = s->p.mech == SIM_MECH_DWS ? w->tos : mask; /* DWS: a split waits */
        if (at != w->all)
            return fail(s, "simt_barrier() at PC 0x%x under divergence (threads 0x%llx of "
                           "0x%llx of the warp)", pc, (unsigned long long)at,
                        (unsigned long long)w->all);
        break;
    }
    default:
        break;
    }
    if (in.req_op == RS_OP_BRANCH)
        LANES(mask, l) k->tpc[w->tid[l]] = (uint32_t)(in.req_mask.w[0] >> l & 1 ? in.req_pc : in.req_alt_pc);
    else
        LANES(mask, l) k->tpc[w->tid[l]] = (uint32_t)in.req_pc;
    if (execute(s, w, d, mask, pc, addr))
        return -1;
    if (s->p.mech == SIM_MECH_DWS)
        return dws_issued(s, c, wi, &in, i, hit, now) ? -1 : 1;
    if (s->p.mech == SIM_MECH_TBC) {
        const cta_t *t = &k->ctas[w->cta];
        s->st.warp_insns++;
        s->st.thread_insns += (uint64_t)__builtin_popcountll(mask);
        s->depth_sum += t->out.depth;
        if (t->out.depth > s->st.stack_depth_max)
            s->st.stack_depth_max = t->out.depth;
        return tbc_issued(s, c, wi, &in, i, now) ? -1 : 1;
    }
    k->stack.step(k->stack.ctx, &in, &out);
    if (out.req_err != RS_ERR_NONE)
        return fail(s, "recon_stack refused %s at PC 0x%x (warp %u, core %u): %s%s",
                    rs_op_name(in.req_op), pc, wi, c, rs_err_name(out.req_err),
                    out.req_err == RS_ERR_OVERFLOW ? " (raise stack_depth)" : "");
    s->st.warp_insns++;
    s->st.thread_insns += (uint64_t)__builtin_popcountll(mask);
    s->depth_sum += w->depth;
    if (w->depth > s->st.stack_depth_max)
        s->st.stack_depth_max = w->depth;
    (void)W;
    if (out.req_fin) {
        LANES(w->all, l) if (k->tpc[w->tid[l]] != s->kernel_exit)
            return fail(s, "warp %u (core %u) finished with thread %u at PC 0x%x, not at the exit",
                        wi, c, (unsigned)l, k->tpc[w->tid[l]]);
        w->release_due = s->p.mech == SIM_MECH_DOM; /* its slip counters end with it */
        return finish_warp(s, c, wi, now) ? -1 : 1;
    }
    read_tos(k, wi);
    /* Each path of a divergent branch in a function returns on its own; the
     * call is over when the stack's top is at its return address, with the
     * threads that made it (a branch whose reconvergence point is the exit
     * reconverges there). */
    if (w->num_calls && w->pc == w->calls[w->num_calls - 1])
        w->num_calls--;
    if (i->op == RV_SIMT_BARRIER) {
        cta_t *t = &k->ctas[w->cta];
        s->st.barrier_waits++;
        w->state = W_BARRIER;
        if (++t->at_barrier == t->warps_left && release_barrier(s, c, w->cta, now))
            return -1;
    }
    return 1;
}

/* The warp the scheduler picks among those not in `tried` that are ready at
 * `now`, or -1; *wake gets the earliest cycle a waiting warp's operands are
 * ready. */
static int pick(const sim_t *s, const core_t *k, uint64_t tried, uint64_t now, uint64_t *wake)
{
    unsigned N = s->p.num_warps;
    int best = -1;
    if (s->p.sched == SIM_SCHED_GTO) {
        if (!(tried >> k->last & 1) && ready(s, &k->warps[k->last], now, wake))
            return (int)k->last;
        for (unsigned v = 0; v < N; v++)
            if (!(tried >> v & 1) && ready(s, &k->warps[v], now, wake) &&
                (best < 0 || k->warps[v].age < k->warps[best].age))
                best = (int)v;
        return best;
    }
    for (unsigned j = 1; j <= N; j++) {
        unsigned v = (k->last + j) % N;
        if (!(tried >> v & 1) && ready(s, &k->warps[v], now, wake))
            return (int)v;
    }
    return -1;
}

/* ------------------------------------------- Dynamic Warp Subdivision */

/* After split (wi, k->dws_entry) issued (the control decision in `in`, the
 * threads' hit mask `hit`): its request to dws_core in this cycle's inputs
 * -- a conditional branch as BRANCH; a load or store as MEM with the
 * threads that hit (a store never waits); a barrier as a MEM that every
 * thread misses, its fill the block's release (release_barrier()): the
 * warp's splits merge there and wait; anything else as EXEC with the next
 * PC -- and the threads' calls kept for their next split. */
static int dws_issued(sim_t *s, unsigned c, unsigned wi, const recon_stack_in_t *in,
                      const rv_insn_t *i, uint64_t hit, uint64_t now)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    dws_core_in_t *q = &k->dws_in;
    unsigned size;
    bool store;
    if (i->op == RV_JALR)
        w->num_calls--; /* each thread's call ends at its return */
    LANES(w->mask, l) {
        thread_t *th = &k->th[w->tid[l]];
        th->num_calls = w->num_calls;
        memcpy(th->calls, w->calls, w->num_calls * sizeof *w->calls);
    }
    q->req_valid = true, q->req_warp = wi, q->req_entry = k->dws_entry;
    q->req_pc = in->req_pc, q->req_mask = 0;
    if (in->req_op == RS_OP_BRANCH) {
        q->req_op = DWSC_OP_BRANCH, q->req_alt_pc = in->req_alt_pc, q->req_rpc = in->req_rpc;
        q->req_lpc = in->req_lpc, q->req_mask = in->req_mask.w[0];
    } else if (i->op == RV_SIMT_BARRIER) {
        q->req_op = DWSC_OP_MEM;
        w->bar_threads += (unsigned)__builtin_popcountll(w->mask);
        if (w->bar_threads == (unsigned)__builtin_popcountll(w->all)) { /* the warp is there */
            cta_t *t = &k->ctas[w->cta];
            w->bar_threads = 0, w->state = W_BARRIER;
            s->st.barrier_waits++;
            if (++t->at_barrier == t->warps_left && release_barrier(s, c, w->cta, now))
                return -1;
        }
    } else if (is_mem(i->op, &size, &store)) {
        q->req_op = DWSC_OP_MEM, q->req_mask = hit;
    } else {
        q->req_op = DWSC_OP_EXEC;
    }
    k->dws_sent[now & 3] = (dws_sent_t){now, q->req_op, wi, w->pc};
    s->st.warp_insns++;
    s->st.thread_insns += (uint64_t)__builtin_popcountll(w->mask);
    s->depth_sum += w->depth;
    if (w->depth > s->st.stack_depth_max)
        s->st.stack_depth_max = w->depth;
    return 0;
}

/* DWS: what dws_core reports in cycle `now` (out): its responses, two
 * cycles after their requests and fills. A refused request or fill stops
 * the run; a warp whose stack popped is checked for its end. */
static int dws_responses(sim_t *s, unsigned c, uint64_t now, const dws_core_out_t *out)
{
    core_t *k = &s->cores[c];
    if (out->rsp_valid) {
        const dws_sent_t *r = &k->dws_sent[(now - 2) & 3];
        if (r->at + 2 != now)
            return fail(s, "internal: dws_core answered no request (core %u, cycle %llu)", c,
                        (unsigned long long)now);
        if (out->rsp_err != DWSC_ERR_NONE)
            return fail(s, "dws_core refused %s of warp %u at PC 0x%x (core %u) at cycle %llu: %s",
                        dwsc_op_name(r->op), r->warp, r->pc, c, (unsigned long long)r->at,
                        dwsc_err_name(out->rsp_err));
        if (r->op == DWSC_OP_MEM) {
            s->st.dws_splits += out->rsp_kind == WST_KIND_SPLIT;
            s->st.dws_waits += out->rsp_kind == WST_KIND_WAIT;
            s->st.dws_merges += out->rsp_merges;
        }
        s->st.dws_bypasses += r->op == DWSC_OP_BRANCH && !out->rsp_held;
    }
    if (out->fill_rsp_valid && out->fill_err != WST_ERR_NONE)
        return fail(s, "dws_core refused a fill (core %u) at cycle %llu: %s", c,
                    (unsigned long long)now - 2, wst_err_name(out->fill_err));
    if (out->stk_rsp_valid && out->stk_err != RS_ERR_NONE)
        return fail(s, "dws_core's stack refused a warp's branch (core %u) at cycle %llu: %s%s",
                    c, (unsigned long long)now - 1, rs_err_name(out->stk_err),
                    out->stk_err == RS_ERR_OVERFLOW ? " (raise stack_depth)" : "");
    s->st.dws_lazy += out->lazy_valid;
    if (out->seq_valid) {
        s->st.dws_warp_branches++;
        if (out->seq_pop)
            k->warps[out->seq_warp].dws_check = true;
    }
    return 0;
}

/* DWS: warp wi, not busy, whose stack popped: if it has no split left it
 * ended (its stack emptied at the exit PC), every thread at the exit. */
static int dws_ended(sim_t *s, unsigned c, unsigned wi, uint64_t now)
{
    core_t *k = &s->cores[c];
    warp_t *w = &k->warps[wi];
    dws_core_in_t in = k->dws_in;
    dws_core_out_t out;
    in.req_warp = wi, in.rd_warp = wi, in.rd_entry = 0;
    k->dws.eval(k->dws.ctx, &in, &out);
    w->dws_check = false;
    if (out.rd_count)
        return 0;
    LANES(w->all, l) if (k->tpc[w->tid[l]] != s->kernel_exit)
        return fail(s, "warp %u (core %u) finished with thread %u at PC 0x%x, not at the exit",
                    wi, c, (unsigned)l, k->tpc[w->tid[l]]);
    return finish_warp(s, c, wi, now);
}

/* DWS: split (v, e) issues at `now` if it is ready in the table (the read
 * port), its warp is not busy and its operands are: 1, else 0 (*wake: when
 * they are), or -1. k->dws_valid and k->dws_count: whether the entry is
 * valid, and the warp's valid entries. */
static int dws_try(sim_t *s, unsigned c, unsigned v, unsigned e, uint64_t now, uint64_t *wake)
{
    core_t *k = &s->cores[c];
    dws_core_in_t rd = k->dws_in;
    rd.req_warp = rd.rd_warp = v, rd.rd_entry = e;
    dws_core_out_t o;
    k->dws.eval(k->dws.ctx, &rd, &o);
    warp_t *w = &k->warps[v];
    k->dws_valid = o.rd_valid, k->dws_count = o.rd_count, k->dws_refused = !o.req_ready;
    if (!o.req_ready || !o.rd_valid || o.rd_suspended || o.rd_held || w->state != W_RUN)
        return 0;
    w->pc = (uint32_t)o.rd_pc, w->mask = o.rd_mask, w->tos = o.tos_mask, w->depth = o.tos_depth;
    if (!ready(s, w, now, wake))
        return 0;
    uint64_t retry = now + 1;
    k->dws_in.req_warp = v, k->dws_entry = e;
    int r = issue(s, c, v, now, &retry);
    if (r == 1) {
        s->dws_split_sum += o.rd_count;
        k->free_at = now + s->issue_cycles;
    } else if (r == 0 && retry < *wake) {
        *wake = retry;
    }
    return r;
}

/* DWS: core c's cycle `now`. dws_core runs every cycle the core has warps
 * (its counters count cycles), but calm stretches (below). Its request port
 * takes a new warp's INIT first, else the split its scheduler picked
 * (sel_*), when the datapath is free, the warp not busy and the split's
 * operands ready -- failing that, the first such split of another warp,
 * round-robin from the pick's; its fill port one group of a warp's
 * threads whose data is due. */
static int dws_cycle(sim_t *s, unsigned c, uint64_t now)
{
    core_t *k = &s->cores[c];
    unsigned N = s->p.num_warps;
    dws_core_in_t *in = &k->dws_in;
    memset(in, 0, sizeof *in);
    in->policy = s->p.dws_policy, in->sched = s->p.dws_sched, in->no_bypass = !s->p.dws_bypass;
    bool fill = k->nfills && k->fills[0].at <= now;
    if (fill) {
        dom_fill_t f = fill_pop(k);
        while (k->nfills && k->fills[0].at <= now && k->fills[0].warp == f.warp)
            f.mask |= fill_pop(k).mask;
        in->fill_valid = true, in->fill_warp = f.warp, in->fill_mask = f.mask;
    }
    int init = -1;
    for (unsigned v = 0; v < N && init < 0; v++)
        if (k->warps[v].dws_init)
            init = (int)v;
    in->req_warp = init >= 0 ? (unsigned)init : 0;
    dws_core_out_t out;
    k->dws.eval(k->dws.ctx, in, &out);
    if (dws_responses(s, c, now, &out))
        return -1;
    bool checking = false;
    for (unsigned v = 0; v < N; v++) {
        if (!k->warps[v].dws_check)
            continue;
        if (out.busy >> v & 1)
            checking = true;
        else if (dws_ended(s, c, v, now))
            return -1;
    }
    bool issued = false;
    uint64_t wake = UINT64_MAX;
    if (init >= 0 && out.req_ready) { /* the port takes a new warp first */
        warp_t *w = &k->warps[init];
        in->req_valid = true, in->req_op = DWSC_OP_INIT, in->req_pc = s->kernel_pc;
        in->req_rpc = s->kernel_exit, in->req_mask = w->all;
        k->dws_sent[now & 3] = (dws_sent_t){now, DWSC_OP_INIT, (unsigned)init, s->kernel_pc};
        w->dws_init = false;
    } else if (out.sel_valid && now >= k->free_at) {
        int r = dws_try(s, c, out.sel_warp, out.sel_entry, now, &wake);
        s->st.dws_pick_busy += k->dws_refused;
        /* its warp busy, its operands not ready: another warp's ready split */
        for (unsigned j = 1; j <= N && r == 0; j++) {
            unsigned v = (out.sel_warp + j) % N, found = 0;
            if (k->warps[v].state != W_RUN || (out.busy >> v & 1))
                continue;
            for (unsigned e = 0; e < s->p.warp_width && r == 0; e++) { /* its valid entries */
                r = dws_try(s, c, v, e, now, &wake);
                found += k->dws_valid;
                if (found == k->dws_count)
                    break;
            }
        }
        if (r < 0)
            return -1;
        issued = r == 1;
    }
    k->dws.step(k->dws.ctx, in, &out);
    bool resident = k->free_warps < N;
    if (resident && !issued && !in->req_valid) {
        if (k->nfills || wake != UINT64_MAX)
            s->st.mem_stall_cycles++;
        else
            s->st.mech_stall_cycles++;
    }
    /* nothing in flight, due or ready, for long enough that a ready split
     * would show in sel_*: the warps wait for nothing */
    bool quiet = resident && !in->req_valid && !fill && !k->nfills && !out.busy &&
                 !out.arrived && !out.sel_valid && !checking && wake == UINT64_MAX;
    k->dws_quiet = quiet ? k->dws_quiet + 1 : 0;
    /* calm: nothing sent, presented, in flight, showing or picked. A split
     * that becomes ready shows in sel_* two edges later (three after a
     * registered fill), so after four calm cycles none is ready, and none
     * becomes so before the next fill (but by a LAZY split): the cycles up
     * to it run at once (idle()), all of them waiting for memory */
    bool calm = resident && !in->req_valid && !fill && !out.busy && !out.arrived &&
                !out.sel_valid && !out.rsp_valid && !out.seq_valid && !out.fill_rsp_valid &&
                !out.lazy_valid && !out.stk_rsp_valid && init < 0 && !checking &&
                wake == UINT64_MAX;
    k->dws_calm = calm ? k->dws_calm + 1 : 0;
    if (k->dws_calm >= 4 && k->nfills && k->fills[0].at > now + 1 && k->dws.idle &&
        s->p.dws_policy != WST_POLICY_LAZY) {
        uint64_t n = k->fills[0].at - (now + 1);
        dws_core_in_t q = {.policy = in->policy, .sched = in->sched, .no_bypass = in->no_bypass};
        k->dws.idle(k->dws.ctx, &q, n);
        s->st.mem_stall_cycles += n;
        k->next = k->fills[0].at;
        return 0;
    }
    if (k->dws_quiet > 4) {
        unsigned v = 0;
        while (v + 1 < N && k->warps[v].state == W_FREE)
            v++;
        warp_t *w = &k->warps[v];
        unsigned l = 0;
        while (l + 1 < s->p.warp_width && k->tpc[w->tid[l]] == s->kernel_exit)
            l++;
        return fail(s, "deadlock at cycle %llu: core %u's warp %u has no split that can issue "
                       "and none waiting for data (thread %u at PC 0x%x)",
                    (unsigned long long)now, c, v, l, k->tpc[w->tid[l]]);
    }
    k->next = resident || k->nfills ? now + 1 : UINT64_MAX;
    return 0;
}

/* One core at cycle `now`: the scheduler's warp issues; one the memory
 * system refuses (MSHRs full) gives its turn to the next pick. */
static int core_cycle(sim_t *s, unsigned c, uint64_t now)
{
    if (s->p.mech == SIM_MECH_DWS)
        return dws_cycle(s, c, now);
    core_t *k = &s->cores[c];
    uint64_t wake = UINT64_MAX, tried = 0;
    bool issued = false;
    while (!issued && now >= k->free_at) { /* else visited only to step blocks */
        int wi = pick(s, k, tried, now, &wake);
        if (wi < 0)
            break;
        uint64_t retry = now + 1;
        int r = issue(s, c, (unsigned)wi, now, &retry);
        if (r < 0)
            return -1;
        if (r == 1) {
            issued = true;
            k->last = (unsigned)wi;
            k->free_at = now + s->issue_cycles;
            break;
        }
        tried |= 1ull << wi; /* it waits for MSHRs: the next pick's turn */
        if (retry < wake)
            wake = retry > now ? retry : now + 1;
    }
    if (s->p.mech == SIM_MECH_TBC) {
        if (tbc_cycle(s, c, now))
            return -1;
        if (k->formed && now + 1 < wake) /* it may issue from the next cycle */
            wake = now + 1;
        k->formed = false;
    }
    if (s->p.mech == SIM_MECH_DOM) {
        /* this cycle, unless a request ran it, and those up to the next
         * visit are alike: dom_core runs them when the core next needs it */
        k->gap_busy = issued || now < k->free_at;
        k->gap_mem = !k->gap_busy && wake != UINT64_MAX;
    }
    if (issued || now < k->free_at) {
        k->next = k->busy ? now + 1 : k->free_at;
        return 0;
    }
    if (k->free_warps == s->p.num_warps) {
        k->next = UINT64_MAX; /* no warps: idle until a block arrives */
        return 0;
    }
    uint64_t next = k->busy ? now + 1 : wake;
    if (next == UINT64_MAX) {
        unsigned v = 0;
        while (v + 1 < s->p.num_warps && k->warps[v].state == W_FREE)
            v++;
        return fail(s, "deadlock at cycle %llu: core %u has warps but none can ever issue "
                       "(warp %u %s at PC 0x%x)", (unsigned long long)now, c, v,
                    k->warps[v].state == W_BARRIER
                        ? "waits at a barrier: simt_barrier() under divergence?" : "is idle",
                    k->warps[v].pc);
    }
    if (wake != UINT64_MAX) /* a warp waits for a load or MSHRs */
        s->st.mem_stall_cycles += next - now;
    else
        s->st.mech_stall_cycles += next - now;
    k->next = next;
    return 0;
}

static int run_launch(sim_t *s, uint64_t *now, void (*progress)(void *, uint64_t), void *ctx)
{
    s->ctas_next = 0;
    for (unsigned c = 0; c < s->p.cores; c++) {
        core_t *k = &s->cores[c];
        k->free_warps = s->p.num_warps, k->next = UINT64_MAX, k->free_at = *now, k->last = 0;
    }
    /* the blocks go round the cores, one each in turn, as a GPU's block
     * scheduler spreads them; later ones to the core whose block ends */
    for (int placed = 1; placed;) {
        placed = 0;
        for (unsigned c = 0; c < s->p.cores; c++) {
            int n = dispatch(s, c, *now, 1);
            if (n < 0)
                return -1;
            placed += n;
        }
    }
    uint64_t t = *now, report = t + (1u << 20);
    unsigned *due = s->due; /* the cores whose next cycle is the earliest */
    for (;;) {
        uint64_t next = UINT64_MAX;
        unsigned n = 0;
        for (unsigned c = 0; c < s->p.cores; c++) {
            uint64_t x = s->cores[c].next;
            if (x < next)
                next = x, n = 0;
            if (x == next && x != UINT64_MAX)
                due[n++] = c;
        }
        if (next == UINT64_MAX)
            break; /* every core idle: the launch is over */
        t = next;
        if (s->p.max_cycles && t > s->p.max_cycles)
            return fail(s, "the run passed the cycle limit (%llu cycles)",
                        (unsigned long long)s->p.max_cycles);
        for (unsigned j = 0; j < n; j++) /* in core order; a core changes only its own next */
            if (core_cycle(s, due[j], t))
                return -1;
        if (progress && t >= report) {
            progress(ctx, t);
            report = t + (1u << 20);
        }
    }
    /* the launch ends when the last core's datapath is free */
    for (unsigned c = 0; c < s->p.cores; c++)
        if (s->cores[c].free_at > t)
            t = s->cores[c].free_at;
    if (s->ctas_next < s->ctas_total)
        return fail(s, "internal: thread blocks left undispatched");
    *now = t;
    return 0;
}

int sim_run(sim_t *s, void (*progress)(void *, uint64_t), void *ctx)
{
    if (!s->loaded)
        return fail(s, "no kernel loaded");
    uint64_t now = 0;
    for (uint32_t launch = 0;; launch++) {
        if (run_launch(s, &now, progress, ctx))
            return -1;
        s->st.launches++;
        uint32_t more, args[4] = {s->launch_addr, launch, 0, 0};
        s->heap_top = s->stack_lo;
        if (run_single(s, s->next_pc, args, &more) || read_launch(s))
            return -1;
        if (!more)
            break;
    }
    s->st.cycles = now;
    if (s->p.mech == SIM_MECH_DOM) {
        dom_core_in_t in;
        dom_core_out_t out;
        memset(&in, 0, sizeof in);
        s->cores[0].dom.eval(s->cores[0].dom.ctx, &in, &out);
        s->st.max_slip_end = out.max_slip;
    }
    return 0;
}

void sim_stats(const sim_t *s, sim_stats_t *st)
{
    *st = s->st;
    st->ipc = st->cycles ? (double)st->thread_insns / (double)st->cycles : 0;
    st->simd_efficiency =
        st->warp_insns ? (double)st->thread_insns / ((double)st->warp_insns * s->p.warp_width) : 0;
    st->stack_depth_mean = st->warp_insns ? s->depth_sum / (double)st->warp_insns : 0;
    st->dws_splits_mean = st->warp_insns ? s->dws_split_sum / (double)st->warp_insns : 0;
    mem_stats(s->msys, MEM_ALL_CORES, &st->mem);
}

unsigned sim_num_outputs(const sim_t *s)
{
    return s->loaded ? rd32(s, s->launch_addr + SIMT_LAUNCH_NUM_OUTPUTS) : 0;
}

const uint8_t *sim_output(const sim_t *s, unsigned i, uint32_t *bytes)
{
    if (i >= sim_num_outputs(s))
        return NULL;
    uint32_t p = rd32(s, s->launch_addr + SIMT_LAUNCH_OUTPUTS + 8 * i);
    *bytes = rd32(s, s->launch_addr + SIMT_LAUNCH_OUTPUTS + 8 * i + 4);
    return s->mem + p;
}
