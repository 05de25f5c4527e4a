/* Generic lockstep co-simulation harness.
 *
 * A block plugs in a cosim_tb_t: its generated port descriptors, a stimulus
 * generator, its golden model behind the port structs, its cover points and
 * its Verilated DUT (generated shim). cosim_main() does the rest, the same
 * way for every block: every cycle it takes the stimulus (or a recording),
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
    const char *scenario; /* directed scenario file, or NULL */
    const char *record;   /* write every cycle's inputs here */
    const char *replay;   /* read inputs from a recording instead of stimulus */
    const char *fst;      /* waveform of the whole run */
    const char *wave_dir; /* where a failing run's waveform goes */
    const char *bench;    /* benchmark mode: write JSON here */
    bool require_cover;   /* fail unless every applicable cover point is hit */
    bool quiet;
} cosim_opts_t;

typedef struct {
    const char *name;
    const char *what;
} cover_desc_t;

typedef struct {
    const char *block;
    bool scenarios; /* the testbench reads directed scenario files */
    unsigned in_words, out_words;
    const port_desc_t *in_desc;
    unsigned n_in;
    const port_desc_t *out_desc;
    unsigned n_out;
    const cover_desc_t *covers;
    unsigned n_covers;

    /* Golden model + stimulus state. NULL on error, with a message in err. */
    void *(*create)(const cosim_opts_t *o, char *err, size_t errlen);
    void (*destroy)(void *tb);
    /* This cycle's inputs into in (zeroed by the caller). Returns 0, or 1 when
     * a finite (scenario) stimulus has ended, or -1 with a message in err. */
    int (*stimulus)(void *tb, uint64_t cycle, uint64_t *in, char *err, size_t errlen);
    /* Step the golden model: out = its outputs this cycle. Returns 0, or -1
     * when a testbench check failed (message in err). */
    int (*model)(void *tb, uint64_t cycle, const uint64_t *in, uint64_t *out,
                 char *err, size_t errlen);
    const uint64_t *(*cover_counts)(const void *tb);
    bool (*cover_applies)(const void *tb, unsigned idx);
    uint64_t (*ops)(const void *tb); /* operations issued so far */

    void *(*dut_create)(const char *fst_path);
    void (*dut_reset)(void *dut);
    void (*dut_eval)(void *dut, const uint64_t *in, uint64_t *out);
    void (*dut_tick)(void *dut);
    void (*dut_destroy)(void *dut);
} cosim_tb_t;

/* Parse the command line and run. Returns the process exit status:
 * 0 pass, 1 failure (mismatch, check, coverage), 2 bad usage or input. */
int cosim_main(const cosim_tb_t *tb, const char *config, int argc, char **argv);

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

#endif /* SIMT_COSIM_H */
