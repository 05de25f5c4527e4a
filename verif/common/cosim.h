/* Generic lockstep co-simulation harness.
 *
 * A block plugs in two halves: the kit generated from its declaration and
 * RTL (port descriptors, cover groups, operation count, Verilated DUT), and
 * its testbench (stimulus, golden model behind the port structs, checks,
 * cover rules). cosim_main() does the rest, the same way for every block: every cycle it takes the stimulus (or a recording),
 * steps the model, evaluates the RTL with the same inputs, compares every
 * output word, and clocks the RTL. On the first mismatch it prints block,
 * configuration, seed, cycle, signal, reference vs hardware value and the
 * last cycles of inputs, re-runs to write an FST waveform, prints one command
 * that reproduces the failure, and exits 1. */
#ifndef SIMT_COSIM_H
#define SIMT_COSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ports.h"

typedef struct {
    const char *config;   /* configuration name (compiled in) */
    uint64_t seed;
    uint64_t cycles;      /* cycles to run (random stimulus) */
    bool cycles_set;      /* --cycles given (a replay runs the whole recording
                           * unless it is) */
    const char *scenario; /* directed scenario file, or NULL */
    const char *record;   /* write every cycle's inputs here */
    const char *replay;   /* read inputs from a recording instead of stimulus */
    const char *fst;      /* waveform of the whole run */
    const char *wave_dir; /* where a failing run's waveform goes */
    const char *bench;    /* benchmark mode: write JSON here */
    uint64_t reset_every; /* random stimulus: assert the reset between two cycles
                           * with probability 1/reset_every (0: only at the
                           * start); the same seed gives the same resets */
    unsigned threads;     /* 2: the model side runs in a thread of its own, ahead of
                           * the RTL side (pays with a core free for each); 1 (the
                           * default): both in one thread. The same cycles, checks
                           * and reports either way. */
    bool require_cover;   /* fail unless every applicable cover point is hit */
    bool quiet;
    /* Verilator's runtime arguments given on the command line
     * (+verilator+seed+N, +verilator+rand+reset+2: random initial values) */
    int vl_argc;
    const char *const *vl_argv;
    /* The scenario file, opened by the harness (with the declaration's
     * symbols) for the testbench to read, or NULL. */
    struct scenario *scn;
    /* the keys the reader takes on each verb (probed before a scenario runs) */
    const struct scenario_vocab *vocab;
    bool vocabulary; /* --vocabulary: print it (JSON) and stop */
} cosim_opts_t;

typedef struct {
    const char *name;
    const char *what;
} cover_desc_t;

/* The cover points one block declares (its `cover` lines), and which of them
 * apply to the configuration being built (their `when` expressions). A
 * composed block checks its children's groups and then its own. */
typedef struct {
    const char *block;
    const cover_desc_t *desc;
    const bool *applies;
    unsigned n;
} cosim_cover_group_t;

#define COSIM_MAX_COVER_GROUPS 4u

/* What scripts/gen_kit.py generates for a block configuration (cosim_kit.h
 * in the build's gen/ folder): the ports, the cover groups, the operation
 * count and the Verilated DUT. */
typedef struct {
    const char *block;
    unsigned in_words, out_words;
    const port_desc_t *in_desc;
    unsigned n_in;
    const port_desc_t *out_desc;
    unsigned n_out;
    const cosim_cover_group_t *covers;
    unsigned n_cover_groups;
    /* Operations a cycle issued, from its inputs and the model's outputs
     * (the declaration's `ops` expression). */
    uint64_t (*ops)(const uint64_t *in, const uint64_t *out);
    /* Names every scenario file of the block may use (`symbol` lines). */
    const struct scenario_symbol *symbols;
    unsigned n_symbols;

    /* fst_path NULL: no waveform; args: Verilator's runtime arguments */
    void *(*dut_create)(const char *fst_path, int argc, const char *const *args);
    void (*dut_reset)(void *dut);
    void (*dut_eval)(void *dut, const uint64_t *in, uint64_t *out);
    void (*dut_tick)(void *dut);
    void (*dut_destroy)(void *dut);
    int (*dut_failed)(void *dut); /* an RTL assertion has failed */
} cosim_kit_t;

/* What a block's testbench writes: stimulus, checks and cover rules. The
 * harness allocates `size` zeroed bytes of testbench state and one counter
 * per cover point: cover[g][k] counts point k of the kit's cover group g
 * (cosim_kit.h names the groups KIT_COVERS_<BLOCK>). */
typedef struct {
    size_t size;
    bool scenarios; /* the testbench reads directed scenario files */
    /* its request verbs and what each does ({NULL, NULL} last): the harness
     * refuses any other and probes the reader for the keys of each */
    const struct scenario_verb *verbs;
    /* Golden model + stimulus state: 0, or -1 with a message in err. */
    int (*init)(void *tb, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                size_t errlen);
    void (*fini)(void *tb); /* NULL: nothing to free */
    /* The reset asserted in the middle of a run, between two cycles (the
     * harness resets the RTL at the same point): the golden model's reset,
     * and the stimulus forgets what it knew of the block's state (work in
     * flight, e.g. a fill not yet returned, is lost with the block's state).
     * Cover counters and the stimulus's random stream go on. NULL: a block
     * without state. */
    void (*reset)(void *tb);
    /* This cycle's inputs into in (zeroed by the caller). Returns 0, or 1 when
     * a finite (scenario) stimulus has ended, or -1 with a message in err, or
     * COSIM_PEEK: these inputs are a look at the outputs without a clock edge
     * (a scenario's `peek` line): model and RTL are evaluated and compared,
     * then neither is clocked, and no cycle is counted or recorded. */
    int (*stimulus)(void *tb, uint64_t cycle, uint64_t *in, char *err, size_t errlen);
    /* Step the golden model: out = its outputs this cycle (after a COSIM_PEEK,
     * the outputs without the edge: the model's eval or peek). Returns 0, or
     * -1 when a testbench check failed (message in err). */
    int (*model)(void *tb, uint64_t cycle, const uint64_t *in, uint64_t *out, char *err,
                 size_t errlen);
    /* What the run measured beyond its checks (e.g. micro-ops per 1,000
     * instructions), as "name=value ..." into buf; printed as a line of its
     * own before the run's summary line. NULL: nothing. */
    void (*measure)(const void *tb, char *buf, size_t len);
} cosim_testbench_t;

#define COSIM_PEEK 2 /* = SCN_PEEK, what scenario_done() returns */

/* The block's testbench (defined in verif/<group>/<block>_tb.c); its main()
 * is verif/common/cosim_main.c. */
extern const cosim_testbench_t cosim_testbench;

/* Parse the command line and run. Returns the process exit status:
 * 0 pass, 1 failure (mismatch, check, coverage), 2 bad usage or input. */
int cosim_main(const cosim_kit_t *kit, const cosim_testbench_t *tb, const char *config,
               int argc, char **argv);

/* Small deterministic PRNG (xoshiro256**) for stimulus generators. */
typedef struct {
    uint64_t s[4];
} cosim_rng_t;

void cosim_rng_seed(cosim_rng_t *r, uint64_t seed);
uint64_t cosim_rng_next(cosim_rng_t *r);
/* Uniform in [0, n), n > 0. */
uint64_t cosim_rng_below(cosim_rng_t *r, uint64_t n);
/* True with probability pct/100. */
bool cosim_rng_pct(cosim_rng_t *r, unsigned pct);
/* A member of the set of bit positions set (not empty), uniform. */
unsigned cosim_rng_member(cosim_rng_t *r, uint64_t set);

#endif /* SIMT_COSIM_H */
