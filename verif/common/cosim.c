/* Generic lockstep co-simulation harness: see cosim.h. */
#define _POSIX_C_SOURCE 200809L
#include "cosim.h"
#include "scenario.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

_Static_assert(COSIM_PEEK == SCN_PEEK, "a peek line is a COSIM_PEEK stimulus");

#define HISTORY 8u /* cycles of inputs shown in a mismatch report */
#define REC_MAGIC "SIMTREC1"

void port_fprint(FILE *f, const port_desc_t *p, const uint64_t *base)
{
    unsigned n = port_words(p);
    fprintf(f, "0x");
    for (unsigned i = n; i-- > 0;) {
        if (i == n - 1)
            fprintf(f, "%" PRIx64, base[p->word + i]);
        else
            fprintf(f, "%016" PRIx64, base[p->word + i]);
    }
}

/* ---- PRNG: xoshiro256** seeded by splitmix64 ---------------------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void cosim_rng_seed(cosim_rng_t *r, uint64_t seed)
{
    for (unsigned i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t cosim_rng_next(cosim_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t cosim_rng_below(cosim_rng_t *r, uint64_t n)
{
    return (uint64_t)(((unsigned __int128)cosim_rng_next(r) * n) >> 64);
}

bool cosim_rng_pct(cosim_rng_t *r, unsigned pct) { return cosim_rng_below(r, 100) < pct; }

/* ---- command line --------------------------------------------------------- */

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [--seed N] [--cycles N] [--scenario FILE] [--record FILE]\n"
            "       [--replay FILE] [--fst FILE] [--wave-dir DIR] [--require-cover]\n"
            "       [--bench FILE.json] [--quiet]\n",
            prog);
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

static int parse_args(cosim_opts_t *o, int argc, char **argv)
{
    /* getopt codes of the long options; O_SCENARIO .. O_BENCH name a file or folder. */
    enum { O_SEED = 256, O_CYCLES, O_SCENARIO, O_RECORD, O_REPLAY, O_FST, O_WAVE_DIR, O_BENCH,
           O_REQUIRE_COVER, O_QUIET };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"seed", required_argument, NULL, O_SEED},
        {"cycles", required_argument, NULL, O_CYCLES},
        {"scenario", required_argument, NULL, O_SCENARIO},
        {"record", required_argument, NULL, O_RECORD},
        {"replay", required_argument, NULL, O_REPLAY},
        {"fst", required_argument, NULL, O_FST},
        {"wave-dir", required_argument, NULL, O_WAVE_DIR},
        {"bench", required_argument, NULL, O_BENCH},
        {"require-cover", no_argument, NULL, O_REQUIRE_COVER},
        {"quiet", no_argument, NULL, O_QUIET},
        {NULL, 0, NULL, 0},
    };
    const char **path[] = {
        [O_SCENARIO - O_SCENARIO] = &o->scenario, [O_RECORD - O_SCENARIO] = &o->record,
        [O_REPLAY - O_SCENARIO] = &o->replay,     [O_FST - O_SCENARIO] = &o->fst,
        [O_WAVE_DIR - O_SCENARIO] = &o->wave_dir, [O_BENCH - O_SCENARIO] = &o->bench,
    };
    int c;
    opterr = 1; /* getopt prints the one-line message of a bad option */
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            usage(stdout, argv[0]);
            exit(0);
        } else if (c == O_SEED || c == O_CYCLES) {
            if (parse_u64(optarg, c == O_SEED ? &o->seed : &o->cycles)) {
                fprintf(stderr, "%s: --%s wants a non-negative integer, not '%s'\n", argv[0],
                        c == O_SEED ? "seed" : "cycles", optarg);
                return -1;
            }
        } else if (c >= O_SCENARIO && c <= O_BENCH) {
            *path[c - O_SCENARIO] = optarg;
        } else if (c == O_REQUIRE_COVER) {
            o->require_cover = true;
        } else if (c == O_QUIET) {
            o->quiet = true;
        } else {
            return -1; /* '?': getopt has said what is wrong */
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0], argv[optind]);
        return -1;
    }
    if (o->replay && o->scenario) {
        fprintf(stderr, "%s: --replay and --scenario exclude each other\n", argv[0]);
        return -1;
    }
    return 0;
}

/* ---- one run ---------------------------------------------------------------- */

typedef struct {
    bool failed;
    uint64_t cycle;     /* cycle of the failure */
    int port;           /* mismatching output port, -1 for a testbench check */
    char msg[512];      /* testbench check message */
    uint64_t cycles;    /* cycles completed */
    uint64_t seed;      /* stimulus seed (of the recording, on replay) */
    uint64_t ops;
    double seconds;
    unsigned cover_hit, cover_declared;
} run_result_t;

typedef struct {
    FILE *f;
    unsigned words;
} rec_t;

static int rec_open_write(rec_t *r, const char *path, const cosim_kit_t *k,
                          const cosim_opts_t *o)
{
    r->f = fopen(path, "wb");
    if (!r->f) {
        fprintf(stderr, "cosim: cannot write recording '%s': %s\n", path, strerror(errno));
        return -1;
    }
    r->words = k->in_words;
    fprintf(r->f, "%s %s %s %" PRIu64 " %u\n", REC_MAGIC, k->block, o->config, o->seed,
            k->in_words);
    return 0;
}

static int rec_open_read(rec_t *r, const char *path, const cosim_kit_t *k,
                         const cosim_opts_t *o, uint64_t *rec_seed)
{
    char magic[16], block[64], config[64];
    uint64_t seed;
    unsigned words;
    r->f = fopen(path, "rb");
    if (!r->f) {
        fprintf(stderr, "cosim: cannot read recording '%s': %s\n", path, strerror(errno));
        return -1;
    }
    if (fscanf(r->f, "%15s %63s %63s %" SCNu64 " %u", magic, block, config, &seed, &words) != 5 ||
        strcmp(magic, REC_MAGIC) || fgetc(r->f) != '\n') {
        fprintf(stderr, "cosim: '%s' is not a stimulus recording\n", path);
        fclose(r->f);
        return -1;
    }
    if (strcmp(block, k->block) || strcmp(config, o->config) || words != k->in_words) {
        fprintf(stderr, "cosim: '%s' records %s/%s, this binary is %s/%s\n", path, block,
                config, k->block, o->config);
        fclose(r->f);
        return -1;
    }
    r->words = words;
    *rec_seed = seed;
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void print_inputs(const cosim_kit_t *k, uint64_t cycle, const uint64_t *in)
{
    fprintf(stderr, "    cycle %8" PRIu64 ":", cycle);
    for (unsigned p = 0; p < k->n_in; p++) {
        fprintf(stderr, " %s=", k->in_desc[p].name);
        port_fprint(stderr, &k->in_desc[p], in);
    }
    fprintf(stderr, "\n");
}

/* One instance of the testbench: its state, the cover counters and the
 * scenario it reads. */
typedef struct {
    void *state;
    uint64_t *cover[COSIM_MAX_COVER_GROUPS];
    scenario_t *scn;
} inst_t;

static void inst_destroy(inst_t *x, const cosim_kit_t *k, const cosim_testbench_t *tb)
{
    if (x->state && tb->fini)
        tb->fini(x->state);
    free(x->state);
    for (unsigned g = 0; g < k->n_cover_groups; g++)
        free(x->cover[g]);
    scenario_close(x->scn);
    memset(x, 0, sizeof *x);
}

/* 0, or -1 (reported). A failed init is followed by fini, so a testbench's
 * init need not undo what it did. */
static int inst_create(inst_t *x, const cosim_kit_t *k, const cosim_testbench_t *tb,
                       const cosim_opts_t *o)
{
    char err[512] = "";
    memset(x, 0, sizeof *x);
    bool ok = k->n_cover_groups <= COSIM_MAX_COVER_GROUPS &&
              (x->state = calloc(1, tb->size ? tb->size : 1)) != NULL;
    for (unsigned g = 0; ok && g < k->n_cover_groups; g++)
        ok = (x->cover[g] = calloc(k->covers[g].n + 1u, sizeof(uint64_t))) != NULL;
    if (!ok) {
        fprintf(stderr, "cosim: out of memory\n");
        inst_destroy(x, k, tb);
        return -1;
    }
    cosim_opts_t oi = *o;
    if (o->scenario && !(oi.scn = x->scn = scenario_open(o->scenario, k->symbols, k->n_symbols,
                                                         err, sizeof err))) {
        fprintf(stderr, "cosim: %s\n", err);
        inst_destroy(x, k, tb);
        return -1;
    }
    if (tb->init(x->state, &oi, x->cover, err, sizeof err)) {
        fprintf(stderr, "cosim: %s\n", err);
        inst_destroy(x, k, tb);
        return -1;
    }
    return 0;
}

/* A scenario's inputs of one cycle: 0, or -1 if a value is wider than its
 * port ("FILE:LINE: value ... does not fit PORT"): a bad file, never
 * truncated. */
static int scenario_fits(const scenario_t *s, const cosim_kit_t *k, const uint64_t *in,
                         char *err, size_t errlen)
{
    for (unsigned p = 0; p < k->n_in; p++) {
        const port_desc_t *d = &k->in_desc[p];
        if (d->width < 64 && in[d->word] >> d->width) {
            char where[320];
            scenario_where(s, where, sizeof where);
            snprintf(err, errlen, "%s: value 0x%llx does not fit %s (%u bits)", where,
                     (unsigned long long)in[d->word], d->name, d->width);
            return -1;
        }
    }
    return 0;
}

/* Run until cycles are done, the stimulus ends, or the first failure. With
 * stop_at, stop after that cycle (used to re-run a failure with a waveform).
 * Returns 0, or -1 on a setup error (already reported). */
static int run(const cosim_kit_t *k, const cosim_testbench_t *tb, const cosim_opts_t *o,
               const char *fst, uint64_t stop_at, bool verbose, run_result_t *res)
{
    char err[512] = "";
    memset(res, 0, sizeof *res);
    res->port = -1;
    inst_t x;
    if (inst_create(&x, k, tb, o))
        return -1;
    void *m = x.state;
    rec_t rec = {0}, rep = {0};
    if (o->record && !fst && rec_open_write(&rec, o->record, k, o)) {
        inst_destroy(&x, k, tb);
        return -1;
    }
    uint64_t rec_seed = 0;
    if (o->replay && rec_open_read(&rep, o->replay, k, o, &rec_seed)) {
        inst_destroy(&x, k, tb);
        if (rec.f)
            fclose(rec.f);
        return -1;
    }
    bool rtl = k->dut_create != NULL; /* else a model-only build */
    void *dut = rtl ? k->dut_create(fst) : NULL;
    if (rtl)
        k->dut_reset(dut);

    unsigned iw = k->in_words, ow = k->out_words;
    uint64_t *hist = calloc((size_t)HISTORY * iw, sizeof(uint64_t));
    uint64_t *exp = calloc(ow, sizeof(uint64_t)), *got = calloc(ow, sizeof(uint64_t));
    int rc = 0;
    double t0 = now();
    uint64_t c;
    /* c counts clock cycles; a peek (COSIM_PEEK) is no cycle: it leaves c as
     * it is, and the next cycle's inputs take its place in the history */
    for (c = 0; o->scenario || o->replay || c < o->cycles;) {
        uint64_t *in = hist + (c % HISTORY) * iw;
        memset(in, 0, iw * sizeof(uint64_t));
        bool peek = false;
        if (o->replay) {
            size_t n = fread(in, sizeof(uint64_t), iw, rep.f);
            if (n == 0 && feof(rep.f))
                break;
            if (n != iw) {
                fprintf(stderr, "cosim: recording '%s' is truncated at cycle %" PRIu64 "\n",
                        o->replay, c);
                rc = -1;
                break;
            }
            if (!o->scenario && o->cycles && c >= o->cycles)
                break;
        } else {
            int s = tb->stimulus(m, c, in, err, sizeof err);
            if (s == COSIM_PEEK) {
                peek = true;
                s = 0;
            }
            if (!s && x.scn)
                s = scenario_fits(x.scn, k, in, err, sizeof err);
            if (s < 0) {
                fprintf(stderr, "cosim: %s\n", err);
                rc = -1;
                break;
            }
            if (s > 0)
                break;
        }
        if (!peek && rec.f && fwrite(in, sizeof(uint64_t), iw, rec.f) != iw) {
            fprintf(stderr, "cosim: write to '%s' failed\n", o->record);
            rc = -1;
            break;
        }
        int mrc = tb->model(m, c, in, exp, err, sizeof err);
        if (!peek)
            res->ops += k->ops(in, exp);
        if (rtl)
            k->dut_eval(dut, in, got);
        else
            memcpy(got, exp, ow * sizeof(uint64_t));
        if (mrc) {
            res->failed = true;
            res->cycle = c;
            snprintf(res->msg, sizeof res->msg, "%s", err);
        } else if (rtl && k->dut_failed(dut)) {
            res->failed = true;
            res->cycle = c;
            snprintf(res->msg, sizeof res->msg, "an RTL assertion failed (its report is above)");
        } else if (memcmp(exp, got, ow * sizeof(uint64_t))) {
            res->failed = true;
            res->cycle = c;
            for (unsigned p = 0; p < k->n_out; p++) {
                const port_desc_t *d = &k->out_desc[p];
                if (memcmp(exp + d->word, got + d->word, port_words(d) * sizeof(uint64_t))) {
                    res->port = (int)p;
                    break;
                }
            }
        }
        if (res->failed) {
            if (verbose) {
                fprintf(stderr, "\nFAIL %s config=%s seed=%" PRIu64 " cycle=%" PRIu64 "%s\n",
                        k->block, o->config, o->replay ? rec_seed : o->seed, c,
                        peek ? " (a peek before it, no clock edge)" : "");
                if (res->port >= 0) {
                    const port_desc_t *d = &k->out_desc[res->port];
                    fprintf(stderr, "  signal    %s (%u bits)\n  reference ", d->name, d->width);
                    port_fprint(stderr, d, exp);
                    fprintf(stderr, "\n  hardware  ");
                    port_fprint(stderr, d, got);
                    fprintf(stderr, "\n");
                    for (unsigned p = 0; p < k->n_out; p++) {
                        const port_desc_t *q = &k->out_desc[p];
                        if ((int)p != res->port &&
                            memcmp(exp + q->word, got + q->word, port_words(q) * 8)) {
                            fprintf(stderr, "  also      %s: reference ", q->name);
                            port_fprint(stderr, q, exp);
                            fprintf(stderr, " hardware ");
                            port_fprint(stderr, q, got);
                            fprintf(stderr, "\n");
                        }
                    }
                } else {
                    fprintf(stderr, "  testbench check: %s\n", res->msg);
                }
                fprintf(stderr, "  inputs of the last cycles (this one last):\n");
                uint64_t first = c + 1 >= HISTORY ? c + 1 - HISTORY : 0;
                for (uint64_t j = first; j <= c; j++)
                    print_inputs(k, j, hist + (j % HISTORY) * iw);
            }
            c += !peek;
            break;
        }
        if (peek)
            continue;
        if (rtl)
            k->dut_tick(dut);
        c++;
        if (stop_at && c > stop_at)
            break;
    }
    res->seconds = now() - t0;
    res->seed = o->replay ? rec_seed : o->seed;
    res->cycles = c;
    for (unsigned g = 0; g < k->n_cover_groups; g++) {
        const cosim_cover_group_t *cg = &k->covers[g];
        for (unsigned i = 0; i < cg->n; i++) {
            if (!cg->applies[i])
                continue;
            res->cover_declared++;
            if (x.cover[g][i])
                res->cover_hit++;
            else if (verbose && o->require_cover && !res->failed && rc == 0)
                fprintf(stderr, "  cover point not hit: %s%s%s (%s)\n",
                        g + 1 < k->n_cover_groups ? cg->block : "",
                        g + 1 < k->n_cover_groups ? "." : "", cg->desc[i].name,
                        cg->desc[i].what);
        }
    }
    if (rtl)
        k->dut_destroy(dut);
    inst_destroy(&x, k, tb);
    free(hist);
    free(exp);
    free(got);
    if (rec.f)
        fclose(rec.f);
    if (rep.f)
        fclose(rep.f);
    return rc;
}

static void print_repro(const cosim_kit_t *k, const cosim_opts_t *o, uint64_t cycles)
{
    fprintf(stderr, "  reproduce: make sim BLOCK=%s CONFIG=%s", k->block, o->config);
    if (o->replay)
        fprintf(stderr, " REPLAY=%s", o->replay);
    else if (o->scenario)
        fprintf(stderr, " SCENARIO=%s", o->scenario);
    else
        fprintf(stderr, " SEED=%" PRIu64 " CYCLES=%" PRIu64, o->seed, cycles);
    fprintf(stderr, "\n");
}

/* ---- benchmark ------------------------------------------------------------- */

static int bench(const cosim_kit_t *k, const cosim_testbench_t *tb, const cosim_opts_t *o)
{
    char err[512] = "";
    unsigned iw = k->in_words, ow = k->out_words;
    uint64_t n = o->cycles;
    uint64_t *buf = calloc((size_t)n * iw, sizeof(uint64_t));
    uint64_t *exp = calloc(ow, sizeof(uint64_t)), *got = calloc(ow, sizeof(uint64_t));
    if (!buf || !exp || !got) {
        fprintf(stderr, "cosim: out of memory for %" PRIu64 " benchmark cycles\n", n);
        return 2;
    }
    /* 1. full co-simulation (stimulus, model, RTL, compare), keeping the inputs */
    inst_t x;
    if (inst_create(&x, k, tb, o))
        return 2;
    void *m = x.state;
    void *dut = k->dut_create(NULL);
    k->dut_reset(dut);
    double t0 = now();
    for (uint64_t c = 0; c < n; c++) {
        uint64_t *in = buf + c * iw;
        if (tb->stimulus(m, c, in, err, sizeof err)) {
            fprintf(stderr, "cosim: benchmark stimulus stopped at cycle %" PRIu64 "\n", c);
            return 2;
        }
        if (tb->model(m, c, in, exp, err, sizeof err))
            return fprintf(stderr, "cosim: benchmark check failed: %s\n", err), 1;
        k->dut_eval(dut, in, got);
        if (memcmp(exp, got, ow * sizeof(uint64_t)))
            return fprintf(stderr, "cosim: benchmark mismatch at cycle %" PRIu64 "\n", c), 1;
        k->dut_tick(dut);
    }
    double t_cosim = now() - t0;
    k->dut_destroy(dut);
    inst_destroy(&x, k, tb);

    /* 2. RTL alone on the same inputs */
    dut = k->dut_create(NULL);
    k->dut_reset(dut);
    t0 = now();
    for (uint64_t c = 0; c < n; c++) {
        k->dut_eval(dut, buf + c * iw, got);
        k->dut_tick(dut);
    }
    double t_rtl = now() - t0;
    k->dut_destroy(dut);

    /* 3. model alone on the same inputs */
    if (inst_create(&x, k, tb, o))
        return 2;
    m = x.state;
    t0 = now();
    for (uint64_t c = 0; c < n; c++)
        if (tb->model(m, c, buf + c * iw, exp, err, sizeof err))
            return fprintf(stderr, "cosim: benchmark check failed: %s\n", err), 1;
    double t_model = now() - t0;
    inst_destroy(&x, k, tb);

    FILE *f = fopen(o->bench, "w");
    if (!f) {
        fprintf(stderr, "cosim: cannot write '%s': %s\n", o->bench, strerror(errno));
        return 2;
    }
    fprintf(f,
            "{\"block\": \"%s\", \"config\": \"%s\", \"cycles\": %" PRIu64 ", \"seed\": %" PRIu64
            ",\n \"cosim_cycles_per_s\": %.0f, \"rtl_cycles_per_s\": %.0f, "
            "\"model_cycles_per_s\": %.0f,\n \"harness_overhead\": %.3f}\n",
            k->block, o->config, n, o->seed, (double)n / t_cosim, (double)n / t_rtl,
            (double)n / t_model, t_cosim / t_rtl);
    fclose(f);
    printf("%-14s %-8s cosim %9.0f cyc/s  rtl %9.0f cyc/s  model %9.0f cyc/s  overhead %.2fx\n",
           k->block, o->config, (double)n / t_cosim, (double)n / t_rtl, (double)n / t_model,
           t_cosim / t_rtl);
    free(buf);
    free(exp);
    free(got);
    return 0;
}

/* ---- entry ----------------------------------------------------------------- */

int cosim_main(const cosim_kit_t *k, const cosim_testbench_t *tb, const char *config,
               int argc, char **argv)
{
    cosim_opts_t o = {.config = config, .seed = 1, .cycles = 1000000, .wave_dir = "."};
    if (parse_args(&o, argc, argv))
        return 2; /* the one-line message is out */
    if (o.scenario && !tb->scenarios) {
        fprintf(stderr, "%s: the %s testbench has no directed scenarios\n", argv[0], k->block);
        return 2;
    }
    char scn_config[64];
    int sc = o.scenario ? scenario_config(o.scenario, scn_config, sizeof scn_config) : 0;
    if (sc < 0) {
        fprintf(stderr, "%s: cannot read scenario '%s': %s\n", argv[0], o.scenario,
                strerror(errno));
        return 2;
    }
    if (sc > 0 && strcmp(scn_config, o.config)) {
        fprintf(stderr, "%s: scenario '%s' is written for configuration '%s', this is %s/%s\n",
                argv[0], o.scenario, scn_config, k->block, o.config);
        return 2;
    }
    if (!k->dut_create && (o.bench || o.fst)) {
        fprintf(stderr, "%s: a model-only build has no RTL: no --bench, no --fst\n", argv[0]);
        return 2;
    }
    if (o.bench)
        return bench(k, tb, &o);

    run_result_t r;
    if (run(k, tb, &o, o.fst, 0, true, &r))
        return 2;
    if (r.failed && !k->dut_create) {
        print_repro(k, &o, r.cycle + 1);
        return 1;
    }
    if (r.failed) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s_%s_fail.fst", o.wave_dir, k->block, o.config);
        run_result_t again;
        if (run(k, tb, &o, path, r.cycle, false, &again) == 0)
            fprintf(stderr, "  waveform  %s (cycles 0..%" PRIu64 ")\n", path, r.cycle);
        print_repro(k, &o, r.cycle + 1);
        return 1;
    }
    bool cover_ok = r.cover_hit == r.cover_declared;
    const char *src = o.replay ? "replay" : o.scenario ? "scenario" : "random";
    if (!k->dut_create)
        src = "model";
    printf("%-14s %-8s %-8s seed=%-6" PRIu64 " cycles=%-9" PRIu64 " ops=%-9" PRIu64
           " mismatches=0 cover=%u/%u %.2f Mcyc/s %s\n",
           k->block, o.config, src, r.seed, r.cycles, r.ops, r.cover_hit, r.cover_declared,
           r.seconds > 0 ? (double)r.cycles / r.seconds / 1e6 : 0.0,
           (cover_ok || !o.require_cover) ? "PASS" : "FAIL (coverage)");
    if (o.require_cover && !cover_ok) {
        print_repro(k, &o, r.cycles);
        return 1;
    }
    return 0;
}
