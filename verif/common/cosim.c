/* Generic lockstep co-simulation harness: see cosim.h. */
#define _POSIX_C_SOURCE 200809L
#include "cosim.h"
#include "scenario.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

_Static_assert(COSIM_PEEK == SCN_PEEK, "a peek line is a COSIM_PEEK stimulus");

#define HISTORY 8u /* cycles of inputs shown in a mismatch report */
/* A recording: one header line, then every cycle's words: a control word
 * (REC_RESET: the reset was asserted before the cycle; no other bit is
 * set) and the cycle's input words. The header names block, configuration,
 * seed, input words per cycle, the number of cycles and a checksum of all
 * the words (FNV-1a, 64 bits), written when the recording is closed; a file
 * whose size or checksum disagrees is refused. */
#define REC_MAGIC "SIMTREC3"
#define REC_RESET UINT64_C(1)
/* The random resets' own stream (the stimulus's is not disturbed). */
#define RESET_STREAM UINT64_C(0x2545f4914f6cdd1d)
#define REC_HEADER "%s %s %s %" PRIu64 " %u %020" PRIu64 " %016" PRIx64 "\n"

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

unsigned cosim_rng_member(cosim_rng_t *r, uint64_t set)
{
    uint64_t k = cosim_rng_below(r, (uint64_t)__builtin_popcountll(set));
    for (unsigned s = 0;; s++)
        if ((set >> s) & 1u && k-- == 0)
            return s;
}

/* ---- command line --------------------------------------------------------- */

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [--seed N] [--cycles N] [--reset-every N] [--scenario FILE]\n"
            "       [--record FILE] [--replay FILE] [--fst FILE] [--wave-dir DIR] [--require-cover]\n"
            "       [--bench FILE.json] [--threads 1|2] [--quiet] [--vocabulary]\n"
            "       [+verilator+seed+N +verilator+rand+reset+2 ...]\n",
            prog);
}

/* A non-negative integer, decimal or 0x hex, and nothing else (no sign, no
 * spaces: strtoull would take ' -5' as 2^64 - 5). */
static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

/* The files a run reads and writes, checked before anything is opened for
 * writing: an output may not be an input or another output (a recording
 * replayed into itself would be truncated before it is read), and every
 * output must be writable where it is asked for. 0, or -1 reported. */
static int check_paths(const cosim_opts_t *o, const char *prog)
{
    const struct {
        const char *opt, *path;
        bool out;
    } f[] = {
        {"--scenario", o->scenario, false}, {"--replay", o->replay, false},
        {"--record", o->record, true},      {"--fst", o->fst, true},
        {"--bench", o->bench, true},
    };
    enum { N = sizeof f / sizeof f[0] };
    struct stat st[N];
    bool exists[N];
    for (unsigned i = 0; i < N; i++)
        exists[i] = f[i].path && stat(f[i].path, &st[i]) == 0;
    for (unsigned i = 0; i < N; i++) {
        if (!f[i].path || !f[i].out)
            continue;
        for (unsigned j = 0; j < N; j++) {
            if (j == i || !f[j].path)
                continue;
            bool same = !strcmp(f[i].path, f[j].path) ||
                        (exists[i] && exists[j] && st[i].st_dev == st[j].st_dev &&
                         st[i].st_ino == st[j].st_ino);
            if (same) {
                fprintf(stderr, "%s: %s and %s name the same file '%s'\n", prog, f[j].opt,
                        f[i].opt, f[i].path);
                return -1;
            }
        }
        /* the folder it goes in must exist and be writable */
        char dir[1024];
        snprintf(dir, sizeof dir, "%s", f[i].path);
        char *slash = strrchr(dir, '/');
        if (!slash)
            snprintf(dir, sizeof dir, ".");
        else if (slash == dir)
            dir[1] = '\0';
        else
            *slash = '\0';
        if (exists[i] && S_ISDIR(st[i].st_mode)) {
            fprintf(stderr, "%s: %s '%s' is a folder\n", prog, f[i].opt, f[i].path);
            return -1;
        }
        if (access(dir, W_OK)) {
            fprintf(stderr, "%s: %s '%s': cannot write in '%s': %s\n", prog, f[i].opt,
                    f[i].path, dir, strerror(errno));
            return -1;
        }
    }
    struct stat wd;
    if (stat(o->wave_dir, &wd) || !S_ISDIR(wd.st_mode) || access(o->wave_dir, W_OK)) {
        fprintf(stderr, "%s: --wave-dir '%s' is not a writable folder\n", prog, o->wave_dir);
        return -1;
    }
    return 0;
}

/* Whether a Verilator runtime argument is one the harness passes on: those
 * that change the run (seed, random initial values, assertions off, debug
 * output), each with a value Verilator takes -- its runtime aborts on any
 * other, and its help and version arguments end the process. */
static bool verilator_arg_ok(const char *a)
{
    static const struct {
        const char *prefix;
        uint64_t min, max; /* a number follows; max 0: nothing follows */
    } ok[] = {
        {"+verilator+seed+", 1, INT32_MAX},      {"+verilator+rand+reset+", 0, 2},
        {"+verilator+error+limit+", 0, INT32_MAX}, {"+verilator+debugi+", 0, INT32_MAX},
        {"+verilator+debug", 0, 0},              {"+verilator+noassert", 0, 0},
    };
    for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        size_t n = strlen(ok[i].prefix);
        if (strncmp(a, ok[i].prefix, n))
            continue;
        if (!ok[i].max)
            return !a[n];
        const char *d = a + n;
        uint64_t v = 0;
        if (!*d || strlen(d) > 10)
            return false;
        for (; *d; d++) {
            if (!isdigit((unsigned char)*d))
                return false;
            v = v * 10 + (uint64_t)(*d - '0');
        }
        return v >= ok[i].min && v <= ok[i].max;
    }
    return false;
}

/* Verilator's runtime arguments (+verilator+...) out of argv into vl (room
 * for argc), the others kept in order: the new argc, or -1 reported. */
static int take_plusargs(cosim_opts_t *o, int argc, char **argv, const char **vl)
{
    int n = 0, kept = 1;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "+verilator+", 11) && !verilator_arg_ok(argv[i])) {
            fprintf(stderr,
                    "%s: bad Verilator argument '%s' (taken: +verilator+seed+N with N 1 to "
                    "2147483647, +verilator+rand+reset+0|1|2, +verilator+noassert, "
                    "+verilator+error+limit+N, +verilator+debug, +verilator+debugi+N)\n",
                    argv[0], argv[i]);
            return -1;
        } else if (!strncmp(argv[i], "+verilator+", 11)) {
            vl[n++] = argv[i];
        } else if (argv[i][0] == '+') {
            fprintf(stderr, "%s: unknown argument '%s' (Verilator's are +verilator+...)\n",
                    argv[0], argv[i]);
            return -1;
        } else {
            argv[kept++] = argv[i];
        }
    }
    argv[kept] = NULL;
    o->vl_argc = n;
    o->vl_argv = vl;
    return kept;
}

static int parse_args(cosim_opts_t *o, int argc, char **argv)
{
    /* getopt codes of the long options; O_SCENARIO .. O_BENCH name a file or folder. */
    enum { O_SEED = 256, O_CYCLES, O_RESET_EVERY, O_THREADS, O_SCENARIO, O_RECORD, O_REPLAY, O_FST, O_WAVE_DIR, O_BENCH,
           O_REQUIRE_COVER, O_QUIET, O_VOCABULARY };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"seed", required_argument, NULL, O_SEED},
        {"cycles", required_argument, NULL, O_CYCLES},
        {"reset-every", required_argument, NULL, O_RESET_EVERY},
        {"threads", required_argument, NULL, O_THREADS},
        {"scenario", required_argument, NULL, O_SCENARIO},
        {"record", required_argument, NULL, O_RECORD},
        {"replay", required_argument, NULL, O_REPLAY},
        {"fst", required_argument, NULL, O_FST},
        {"wave-dir", required_argument, NULL, O_WAVE_DIR},
        {"bench", required_argument, NULL, O_BENCH},
        {"require-cover", no_argument, NULL, O_REQUIRE_COVER},
        {"quiet", no_argument, NULL, O_QUIET},
        {"vocabulary", no_argument, NULL, O_VOCABULARY},
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
        } else if (c == O_SEED || c == O_CYCLES || c == O_RESET_EVERY) {
            o->cycles_set |= c == O_CYCLES;
            uint64_t *v = c == O_SEED ? &o->seed : c == O_CYCLES ? &o->cycles : &o->reset_every;
            if (parse_u64(optarg, v)) {
                fprintf(stderr, "%s: --%s wants a non-negative integer, not '%s'\n", argv[0],
                        c == O_SEED ? "seed" : c == O_CYCLES ? "cycles" : "reset-every", optarg);
                return -1;
            }
        } else if (c == O_THREADS) {
            if (strcmp(optarg, "1") && strcmp(optarg, "2")) {
                fprintf(stderr, "%s: --threads wants 1 or 2, not '%s'\n", argv[0], optarg);
                return -1;
            }
            o->threads = (unsigned)(*optarg - '0');
        } else if (c >= O_SCENARIO && c <= O_BENCH) {
            *path[c - O_SCENARIO] = optarg;
        } else if (c == O_REQUIRE_COVER) {
            o->require_cover = true;
        } else if (c == O_QUIET) {
            o->quiet = true;
        } else if (c == O_VOCABULARY) {
            o->vocabulary = true;
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
    /* resets at random points are random stimulus (a recording holds its own) */
    if (o->reset_every && (o->replay || o->scenario || o->bench)) {
        fprintf(stderr, "%s: --reset-every is for random stimulus, not with --%s\n", argv[0],
                o->replay ? "replay" : o->scenario ? "scenario" : "bench");
        return -1;
    }
    if (o->reset_every == 1) {
        fprintf(stderr, "%s: --reset-every 1 would reset before every cycle (2 or more)\n",
                argv[0]);
        return -1;
    }
    return check_paths(o, argv[0]);
}

/* ---- one run ---------------------------------------------------------------- */

typedef struct {
    bool failed;
    uint64_t cycle;     /* cycle of the failure */
    int port;           /* mismatching output port, -1 for a testbench check */
    char msg[512];      /* testbench check message */
    uint64_t cycles;    /* cycles completed */
    uint64_t peeks;     /* and looks without a cycle (scenario peek lines) */
    uint64_t seed;      /* stimulus seed (of the recording, on replay) */
    uint64_t ops;
    uint64_t resets;    /* resets in mid-run */
    double seconds;
    unsigned cover_hit, cover_declared;
    char measured[256]; /* the testbench's measure (cosim_testbench_t), or "" */
    unsigned nfail;     /* a scenario's failed checks (printed by a verbose run) */
} run_result_t;

typedef struct {
    FILE *f;
    unsigned words;
    uint64_t cycles; /* in the recording */
    uint64_t sum;    /* FNV-1a of its words */
    uint64_t seed;
    bool failed; /* a write has failed and been reported */
} rec_t;

static void rec_sum(uint64_t *sum, const uint64_t *w, unsigned n)
{
    const unsigned char *b = (const unsigned char *)w;
    for (size_t i = 0; i < (size_t)n * sizeof *w; i++)
        *sum = (*sum ^ b[i]) * UINT64_C(0x100000001b3);
}

#define REC_SUM_INIT UINT64_C(0xcbf29ce484222325)

static int rec_header(const rec_t *r, const cosim_kit_t *k, const cosim_opts_t *o)
{
    return fprintf(r->f, REC_HEADER, REC_MAGIC, k->block, o->config, o->seed, r->words,
                   r->cycles, r->sum) < 0 ? -1 : 0;
}

static int rec_open_write(rec_t *r, const char *path, const cosim_kit_t *k,
                          const cosim_opts_t *o)
{
    r->f = fopen(path, "wb");
    if (!r->f) {
        fprintf(stderr, "cosim: cannot write recording '%s': %s\n", path, strerror(errno));
        return -1;
    }
    r->words = k->in_words;
    r->cycles = 0;
    r->sum = REC_SUM_INIT;
    return rec_header(r, k, o); /* rewritten with the count and sum on close */
}

static int rec_write(rec_t *r, uint64_t ctl, const uint64_t *in)
{
    rec_sum(&r->sum, &ctl, 1);
    rec_sum(&r->sum, in, r->words);
    r->cycles++;
    return fwrite(&ctl, sizeof ctl, 1, r->f) == 1 &&
                   fwrite(in, sizeof *in, r->words, r->f) == r->words
               ? 0
               : -1;
}

/* Close a recording being written: 0, or -1 reported. */
static int rec_close_write(rec_t *r, const char *path, const cosim_kit_t *k,
                           const cosim_opts_t *o)
{
    int rc = r->failed || fseek(r->f, 0, SEEK_SET) || rec_header(r, k, o) ? -1 : 0;
    if (fclose(r->f))
        rc = -1;
    r->f = NULL;
    if (rc && !r->failed)
        fprintf(stderr, "cosim: write to '%s' failed: %s\n", path, strerror(errno));
    return rc;
}

static int input_overflow(const cosim_kit_t *k, const uint64_t *in);

static int rec_open_read(rec_t *r, const char *path, const cosim_kit_t *k,
                         const cosim_opts_t *o)
{
    char magic[16], block[64], config[64];
    uint64_t seed, cycles, sum;
    unsigned words;
    r->f = fopen(path, "rb");
    if (!r->f) {
        fprintf(stderr, "cosim: cannot read recording '%s': %s\n", path, strerror(errno));
        return -1;
    }
    int n = fscanf(r->f, "%15s %63s %63s %" SCNu64 " %u %" SCNu64 " %" SCNx64, magic, block,
                   config, &seed, &words, &cycles, &sum);
    if (n < 1 || strcmp(magic, REC_MAGIC)) {
        fprintf(stderr, "cosim: '%s' is not a stimulus recording of this version (%s)\n", path,
                REC_MAGIC);
        goto bad;
    }
    if (n != 7 || fgetc(r->f) != '\n') {
        fprintf(stderr, "cosim: recording '%s' has a damaged header\n", path);
        goto bad;
    }
    if (strcmp(block, k->block) || strcmp(config, o->config) || words != k->in_words) {
        fprintf(stderr,
                "cosim: '%s' records %s/%s with %u input words a cycle, this binary is "
                "%s/%s with %u\n",
                path, block, config, words, k->block, o->config, k->in_words);
        goto bad;
    }
    /* the size and the checksum, before a cycle runs */
    long start = ftell(r->f);
    struct stat st;
    if (start < 0 || fstat(fileno(r->f), &st)) {
        fprintf(stderr, "cosim: cannot read recording '%s': %s\n", path, strerror(errno));
        goto bad;
    }
    uint64_t bytes = (uint64_t)st.st_size - (uint64_t)start;
    uint64_t per = ((uint64_t)words + 1) * sizeof(uint64_t); /* control word, inputs */
    if (bytes % per || bytes / per != cycles) {
        fprintf(stderr,
                "cosim: recording '%s' is damaged: its header says %" PRIu64
                " cycles, it holds %" PRIu64 " bytes of them (%" PRIu64 " each)\n",
                path, cycles, bytes, per);
        goto bad;
    }
    uint64_t *buf = malloc(((size_t)words + 1) * sizeof *buf), got = REC_SUM_INIT;
    if (!buf) {
        fprintf(stderr, "cosim: out of memory\n");
        goto bad;
    }
    for (uint64_t c = 0; c < cycles; c++) { /* a cycle: its control word, its inputs */
        if (fread(buf, sizeof *buf, words + 1, r->f) != words + 1) {
            fprintf(stderr, "cosim: cannot read recording '%s'\n", path);
            free(buf);
            goto bad;
        }
        rec_sum(&got, buf, words + 1);
        int port = input_overflow(k, buf + 1);
        if (buf[0] & ~REC_RESET || port >= 0) {
            if (port >= 0)
                fprintf(stderr,
                        "cosim: recording '%s' is damaged: cycle %" PRIu64 " drives %s with "
                        "bits above its %u\n",
                        path, c, k->in_desc[port].name, k->in_desc[port].width);
            else
                fprintf(stderr,
                        "cosim: recording '%s' is damaged: cycle %" PRIu64
                        " has an unknown control word 0x%" PRIx64 "\n",
                        path, c, buf[0]);
            free(buf);
            goto bad;
        }
    }
    free(buf);
    if (got != sum || fseek(r->f, start, SEEK_SET)) {
        fprintf(stderr, "cosim: recording '%s' is damaged: its checksum does not match\n", path);
        goto bad;
    }
    r->words = words;
    r->cycles = cycles;
    r->seed = seed;
    return 0;
bad:
    fclose(r->f);
    r->f = NULL;
    return -1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void print_inputs(const cosim_kit_t *k, uint64_t cycle, bool reset, const uint64_t *in)
{
    fprintf(stderr, "    cycle %8" PRIu64 ":%s", cycle, reset ? " (reset before it)" : "");
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
    /* a testbench without a reader of its own: the harness reads the lines,
     * port by port (scenario.h), and checks them */
    scenario_line_t line;
    scenario_ports_expect_t pexp;
} inst_t;

/* The verbs of the testbench's reader, or of the port-level language. */
static const scenario_verb_t *verbs_of(const cosim_testbench_t *tb)
{
    return tb->scenarios ? tb->verbs : scenario_port_verbs;
}

/* A cycle's stimulus (as cosim_testbench_t's): the testbench's, or for a
 * testbench without a reader of its own, a scenario line's ports. */
static int stimulus(const cosim_kit_t *k, const cosim_testbench_t *tb, inst_t *x, uint64_t c,
                    uint64_t *in, char *err, size_t errlen)
{
    if (tb->scenarios || !x->scn)
        return tb->stimulus(x->state, c, in, err, errlen);
    int rc = scenario_next(x->scn, &x->line, err, errlen);
    if (rc)
        return rc;
    return scenario_ports_read(&x->line, k->in_desc, k->n_in, in, k->out_desc, k->n_out,
                               &x->pexp, err, errlen);
}

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
 * init need not undo what it did. The scenario: o's file, or probe (a
 * vocabulary probe's line, owned by the instance from here on). */
static int inst_create(inst_t *x, const cosim_kit_t *k, const cosim_testbench_t *tb,
                       const cosim_opts_t *o, scenario_t *probe)
{
    char err[512] = "";
    memset(x, 0, sizeof *x);
    x->scn = probe; /* closed with the instance, whatever happens */
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
    if (o->scenario && !probe &&
        !(x->scn = scenario_open(o->scenario, k->symbols, k->n_symbols, err, sizeof err))) {
        fprintf(stderr, "cosim: %s\n", err);
        inst_destroy(x, k, tb);
        return -1;
    }
    oi.scn = x->scn;
    if (x->scn) {
        scenario_set_ports(x->scn, k->out_desc, k->n_out);
        scenario_set_verbs(x->scn, verbs_of(tb));
        scenario_set_vocabulary(x->scn, o->vocab);
    }
    if (tb->init(x->state, &oi, x->cover, err, sizeof err)) {
        fprintf(stderr, "cosim: %s\n", err);
        inst_destroy(x, k, tb);
        return -1;
    }
    return 0;
}

/* The bits of port d's top word that the port has (all ones: all of them). */
static uint64_t top_word_bits(const port_desc_t *d)
{
    unsigned bits = d->width - 64 * (port_words(d) - 1);
    return bits < 64 ? (UINT64_C(1) << bits) - 1 : ~UINT64_C(0);
}

/* The first input port of in that carries bits above its width, or -1. */
static int input_overflow(const cosim_kit_t *k, const uint64_t *in)
{
    for (unsigned p = 0; p < k->n_in; p++) {
        const port_desc_t *d = &k->in_desc[p];
        if (in[d->word + port_words(d) - 1] & ~top_word_bits(d))
            return (int)p;
    }
    return -1;
}

/* Every input port of in cut to its width (a random stimulus may leave bits
 * above it, which no port carries). */
static void inputs_to_width(const cosim_kit_t *k, uint64_t *in)
{
    for (unsigned p = 0; p < k->n_in; p++)
        in[k->in_desc[p].word + port_words(&k->in_desc[p]) - 1] &= top_word_bits(&k->in_desc[p]);
}

/* A scenario's inputs of one cycle: 0, or -1 if a value is wider than its
 * port ("FILE:LINE: value ... does not fit PORT"): a bad file, never
 * truncated. */
static int scenario_fits(const scenario_t *s, const cosim_kit_t *k, const uint64_t *in,
                         char *err, size_t errlen)
{
    int p = input_overflow(k, in);
    if (p < 0)
        return 0;
    const port_desc_t *d = &k->in_desc[p];
    char where[320];
    scenario_where(s, where, sizeof where);
    snprintf(err, errlen, "%s: value 0x%llx does not fit %s (%u bits)", where,
             (unsigned long long)in[d->word + port_words(d) - 1], d->name, d->width);
    return -1;
}

/* A scenario's first nfail failed checks, each with its cycle, then their
 * number. */
static void print_failures(const cosim_kit_t *k, const cosim_opts_t *o, const scenario_t *s,
                           unsigned nfail)
{
    for (unsigned i = 0; i < nfail; i++) {
        uint64_t cycle;
        bool peek;
        const char *msg = scenario_failure(s, i, &cycle, &peek);
        if (!msg) {
            fprintf(stderr, "  ... and %u more\n", nfail - i);
            break;
        }
        fprintf(stderr, "FAIL %s config=%s cycle=%" PRIu64 "%s: %s\n", k->block, o->config, cycle,
                peek ? " (a peek before it, no clock edge)" : "", msg);
    }
    if (nfail)
        fprintf(stderr, "%u failed check%s in %s\n", nfail, nfail == 1 ? "" : "s", o->scenario);
}

/* ---- the two sides of a run ---------------------------------------------------
 * The model side takes each cycle's inputs (stimulus, scenario or recording)
 * and steps the golden model; the RTL side records the inputs, resets,
 * evaluates and clocks the DUT with them and compares every output word. The
 * model side never reads the RTL, so with two threads it runs ahead of the
 * RTL side by up to RING cycles and the two overlap; the comparison, the
 * order of cycles and every report are the same as with one thread. */

#define RING 256u /* cycles the model side may run ahead */

enum { IT_PEEK = 1, IT_MODEL_FAILED = 2, IT_END = 4, IT_ERROR = 8 };

typedef struct {
    const cosim_kit_t *k;
    const cosim_testbench_t *tb;
    const cosim_opts_t *o;
    inst_t x;
    rec_t rec, rep;
    uint64_t replay_cycles, stop_at, c;
    uint64_t *keep;      /* every cycle's inputs are copied here (bench), or NULL */
    cosim_rng_t resets;
    run_result_t *res;   /* its ops, peeks and resets */
    char err[512];       /* the model's failed check, or the error that ended the run */
    /* the items: flags, control word, inputs and expected outputs per slot */
    uint8_t flags[RING];
    uint64_t ctl[RING];
    unsigned nfail[RING]; /* the scenario's failed checks once the slot's item was made */
    uint64_t *in, *exp;
    _Atomic uint64_t head, tail; /* items produced, consumed */
    _Atomic bool stop;           /* the RTL side has stopped: produce no more */
} sides_t;

/* Wait for the other side: give the core up (each side wants a core of its
 * own: a sleep would idle it, a pure spin would hold up a side sharing it). */
static void wait_a_little(void)
{
    sched_yield();
}

/* The model side's next item, into slot s: its flags (IT_END: no cycle). */
static uint8_t produce(sides_t *p, unsigned s)
{
    const cosim_kit_t *k = p->k;
    const cosim_opts_t *o = p->o;
    unsigned iw = k->in_words;
    uint64_t *in = p->in + (size_t)s * iw, *exp = p->exp + (size_t)s * k->out_words;
    uint64_t *ctl = &p->ctl[s];
    /* a scenario runs to its end (or its first --cycles, when that is given) */
    bool more = o->replay     ? p->c < p->replay_cycles
                : o->scenario ? !o->cycles_set || p->c < o->cycles
                              : p->c < o->cycles;
    if (!more ||
        (p->stop_at && p->c > p->stop_at))
        return IT_END;
    memset(in, 0, iw * sizeof(uint64_t));
    memset(exp, 0, k->out_words * sizeof(uint64_t));
    *ctl = 0;
    if (o->replay) {
        if (fread(ctl, sizeof *ctl, 1, p->rep.f) != 1 ||
            fread(in, sizeof(uint64_t), iw, p->rep.f) != iw) { /* its size was checked */
            snprintf(p->err, sizeof p->err, "cannot read recording '%s' at cycle %" PRIu64,
                     o->replay, p->c);
            return IT_END | IT_ERROR;
        }
    } else if (p->c > 0 && o->reset_every && cosim_rng_below(&p->resets, o->reset_every) == 0) {
        *ctl = REC_RESET;
    }
    /* a reset between two cycles: the RTL side resets the DUT at the same point */
    if (*ctl & REC_RESET) {
        if (p->tb->reset)
            p->tb->reset(p->x.state);
        p->res->resets++;
    }
    bool peek = false;
    if (!o->replay) {
        int st = stimulus(k, p->tb, &p->x, p->c, in, p->err, sizeof p->err);
        if (st == COSIM_PEEK) {
            peek = true;
            st = 0;
        }
        if (!st && p->x.scn)
            st = scenario_fits(p->x.scn, k, in, p->err, sizeof p->err);
        if (st)
            return st < 0 ? IT_END | IT_ERROR : IT_END;
        inputs_to_width(k, in); /* as the RTL and the model take them, and as recorded */
    }
    if (!peek && p->keep)
        memcpy(p->keep + p->c * iw, in, iw * sizeof(uint64_t));
    p->res->peeks += peek;
    uint8_t f = peek ? IT_PEEK : 0;
    unsigned nfail = scenario_failures(p->x.scn);
    if (p->tb->model(p->x.state, p->c, in, exp, p->err, sizeof p->err))
        f |= IT_MODEL_FAILED; /* the last item: the RTL side reports it */
    else if (p->x.scn && !p->tb->scenarios)
        scenario_ports_check(&p->x.line, &p->x.pexp, k->out_desc, k->n_out, exp);
    if (p->x.scn)
        scenario_tag_failures(p->x.scn, nfail, p->c, peek);
    p->nfail[s] = scenario_failures(p->x.scn);
    if (!peek)
        p->res->ops += k->ops(in, exp);
    p->c += !peek;
    return f;
}

static void *model_side(void *arg)
{
    sides_t *p = arg;
    for (uint64_t h = 0;; h++) {
        while (h - atomic_load_explicit(&p->tail, memory_order_acquire) == RING &&
               !atomic_load_explicit(&p->stop, memory_order_relaxed))
            wait_a_little();
        if (atomic_load_explicit(&p->stop, memory_order_relaxed))
            return NULL;
        uint8_t f = p->flags[h % RING] = produce(p, h % RING);
        atomic_store_explicit(&p->head, h + 1, memory_order_release);
        if (f & (IT_END | IT_MODEL_FAILED))
            return NULL;
    }
}

/* Run until cycles are done, the stimulus ends, or the first failure. With
 * stop_at, stop after that cycle (used to re-run a failure with a waveform);
 * with keep, copy every cycle's inputs there. Returns 0, or -1 on a setup
 * error (already reported). */
static int run(const cosim_kit_t *k, const cosim_testbench_t *tb, const cosim_opts_t *o,
               const char *fst, uint64_t stop_at, bool verbose, uint64_t *keep,
               run_result_t *res)
{
    memset(res, 0, sizeof *res);
    res->port = -1;
    unsigned iw = k->in_words, ow = k->out_words;
    sides_t *p = calloc(1, sizeof *p);
    if (!p || !(p->in = calloc((size_t)RING * iw, sizeof(uint64_t))) ||
        !(p->exp = calloc((size_t)RING * ow, sizeof(uint64_t)))) {
        fprintf(stderr, "cosim: out of memory\n");
        if (p) {
            free(p->in);
            free(p);
        }
        return -1;
    }
    *p = (sides_t){.k = k, .tb = tb, .o = o, .stop_at = stop_at, .keep = keep, .res = res,
                   .in = p->in, .exp = p->exp};
    int rc = -1;
    if (inst_create(&p->x, k, tb, o, NULL))
        goto free_ring;
    if ((o->replay && rec_open_read(&p->rep, o->replay, k, o)) ||
        (o->record && !fst && rec_open_write(&p->rec, o->record, k, o)))
        goto out;
    uint64_t rec_seed = p->rep.seed;
    /* a replay runs the whole recording, or the first --cycles of it */
    p->replay_cycles = o->cycles_set && o->cycles < p->rep.cycles ? o->cycles : p->rep.cycles;
    cosim_rng_seed(&p->resets, o->seed ^ RESET_STREAM);
    bool rtl = k->dut_create != NULL; /* else a model-only build */
    void *dut = rtl ? k->dut_create(fst, o->vl_argc, o->vl_argv) : NULL;
    if (rtl)
        k->dut_reset(dut);
    pthread_t model_thread;
    bool threaded = rtl && o->threads >= 2 &&
                    pthread_create(&model_thread, NULL, model_side, p) == 0;

    uint64_t *hist = calloc((size_t)HISTORY * iw, sizeof(uint64_t));
    uint64_t *got = calloc(ow, sizeof(uint64_t));
    uint64_t hist_ctl[HISTORY] = {0}; /* the control word of those cycles */
    rc = hist && got ? 0 : -1;
    double t0 = now();
    uint64_t c = 0; /* clock cycles; a peek is no cycle (its inputs give way to the next's) */
    for (uint64_t t = 0; rc == 0; t++) {
        unsigned s = t % RING;
        if (threaded)
            while (atomic_load_explicit(&p->head, memory_order_acquire) == t)
                wait_a_little();
        else
            p->flags[s] = produce(p, s);
        uint8_t f = p->flags[s];
        if (f & IT_ERROR) {
            fprintf(stderr, "cosim: %s\n", p->err);
            rc = -1;
        }
        if (f & IT_END)
            break;
        bool peek = f & IT_PEEK;
        res->nfail = p->nfail[s]; /* the failed checks of the items up to this one */
        uint64_t *in = hist + (c % HISTORY) * iw, *exp = p->exp + (size_t)s * ow;
        memcpy(in, p->in + (size_t)s * iw, iw * sizeof(uint64_t));
        hist_ctl[c % HISTORY] = p->ctl[s];
        /* recorded here: a recording ends with the cycle that failed */
        if (!peek && p->rec.f && rec_write(&p->rec, p->ctl[s], in)) {
            fprintf(stderr, "cosim: write to '%s' failed: %s\n", o->record, strerror(errno));
            p->rec.failed = true;
            rc = -1;
            break;
        }
        if (rtl && (p->ctl[s] & REC_RESET))
            k->dut_reset(dut);
        if (rtl)
            k->dut_eval(dut, in, got);
        else
            memcpy(got, exp, ow * sizeof(uint64_t));
        if (f & IT_MODEL_FAILED) {
            res->failed = true;
            res->cycle = c;
            snprintf(res->msg, sizeof res->msg, "%s", p->err);
        } else if (rtl && k->dut_failed(dut)) {
            res->failed = true;
            res->cycle = c;
            snprintf(res->msg, sizeof res->msg, "an RTL assertion failed (its report is above)");
        } else if (memcmp(exp, got, ow * sizeof(uint64_t))) {
            res->failed = true;
            res->cycle = c;
            for (unsigned q = 0; q < k->n_out; q++) {
                const port_desc_t *d = &k->out_desc[q];
                if (memcmp(exp + d->word, got + d->word, port_words(d) * sizeof(uint64_t))) {
                    res->port = (int)q;
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
                    for (unsigned q = 0; q < k->n_out; q++) {
                        const port_desc_t *e = &k->out_desc[q];
                        if ((int)q != res->port &&
                            memcmp(exp + e->word, got + e->word, port_words(e) * 8)) {
                            fprintf(stderr, "  also      %s: reference ", e->name);
                            port_fprint(stderr, e, exp);
                            fprintf(stderr, " hardware ");
                            port_fprint(stderr, e, got);
                            fprintf(stderr, "\n");
                        }
                    }
                } else {
                    fprintf(stderr, "  testbench check: %s\n", res->msg);
                }
                fprintf(stderr, "  inputs of the last cycles (this one last):\n");
                uint64_t first = c + 1 >= HISTORY ? c + 1 - HISTORY : 0;
                for (uint64_t j = first; j <= c; j++)
                    print_inputs(k, j, hist_ctl[j % HISTORY] & REC_RESET,
                                 hist + (j % HISTORY) * iw);
            }
            c += !peek;
            break;
        }
        if (threaded)
            atomic_store_explicit(&p->tail, t + 1, memory_order_release);
        if (peek)
            continue;
        if (rtl)
            k->dut_tick(dut);
        c++;
    }
    res->seconds = now() - t0;
    if (threaded) {
        atomic_store_explicit(&p->stop, true, memory_order_relaxed);
        pthread_join(model_thread, NULL);
    }
    if (!hist || !got)
        fprintf(stderr, "cosim: out of memory\n");
    res->seed = o->replay ? rec_seed : o->seed;
    res->cycles = c;
    for (unsigned g = 0; g < k->n_cover_groups; g++) {
        const cosim_cover_group_t *cg = &k->covers[g];
        for (unsigned i = 0; i < cg->n; i++) {
            if (!cg->applies[i])
                continue;
            res->cover_declared++;
            if (p->x.cover[g][i])
                res->cover_hit++;
            else if (verbose && o->require_cover && !res->failed && rc == 0)
                fprintf(stderr, "  cover point not hit: %s%s%s (%s)\n",
                        g + 1 < k->n_cover_groups ? cg->block : "",
                        g + 1 < k->n_cover_groups ? "." : "", cg->desc[i].name,
                        cg->desc[i].what);
        }
    }
    if (tb->measure && !res->failed && rc == 0)
        tb->measure(p->x.state, res->measured, sizeof res->measured);
    if (verbose && rc == 0)
        print_failures(k, o, p->x.scn, res->nfail);
    if (rtl)
        k->dut_destroy(dut);
    free(hist);
    free(got);
    if (p->rec.f && rec_close_write(&p->rec, o->record, k, o))
        rc = -1;
out:
    if (p->rep.f)
        fclose(p->rep.f);
    inst_destroy(&p->x, k, tb);
free_ring:
    free(p->in);
    free(p->exp);
    free(p);
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
    if (o->reset_every)
        fprintf(stderr, " RESET_EVERY=%" PRIu64, o->reset_every);
    for (int i = 0; i < o->vl_argc; i++)
        fprintf(stderr, "%s%s%s", i ? " " : " PLUSARGS='", o->vl_argv[i],
                i + 1 == o->vl_argc ? "'" : "");
    fprintf(stderr, "\n");
}

/* ---- benchmark ------------------------------------------------------------- */

static int bench(const cosim_kit_t *k, const cosim_testbench_t *tb, const cosim_opts_t *o)
{
    char err[512] = "";
    unsigned iw = k->in_words, ow = k->out_words;
    uint64_t n = o->cycles;
    int rc = 2;
    inst_t x = {0};
    void *dut = NULL;
    /* every cycle's inputs are kept (steps 2 and 3 replay them) */
    uint64_t *buf = n && n <= SIZE_MAX / (iw * sizeof(uint64_t))
                        ? calloc((size_t)n, iw * sizeof(uint64_t)) : NULL;
    uint64_t *exp = calloc(ow, sizeof(uint64_t)), *got = calloc(ow, sizeof(uint64_t));
    if (n == 0) {
        fprintf(stderr, "cosim: nothing was checked: --bench needs --cycles above 0\n");
        goto out;
    }
    if (!buf || !exp || !got) {
        fprintf(stderr, "cosim: no memory for %" PRIu64 " benchmark cycles of %u words\n", n,
                iw);
        goto out;
    }
    /* 1. full co-simulation (stimulus, model, RTL, compare), keeping the inputs */
    run_result_t r;
    if (run(k, tb, o, NULL, 0, false, buf, &r))
        goto out;
    rc = 1;
    if (r.failed) {
        fprintf(stderr, "cosim: benchmark %s at cycle %" PRIu64 "%s%s\n",
                r.port >= 0 ? "mismatch" : "check failed", r.cycle, r.port >= 0 ? "" : ": ",
                r.port >= 0 ? "" : r.msg);
        goto out;
    }
    rc = 2;
    if (r.cycles < n) {
        fprintf(stderr, "cosim: benchmark stimulus stopped at cycle %" PRIu64 "\n", r.cycles);
        goto out;
    }
    double t_cosim = r.seconds;

    /* 2. RTL alone on the same inputs */
    dut = k->dut_create(NULL, o->vl_argc, o->vl_argv);
    k->dut_reset(dut);
    double t0 = now();
    for (uint64_t c = 0; c < n; c++) {
        k->dut_eval(dut, buf + c * iw, got);
        k->dut_tick(dut);
    }
    double t_rtl = now() - t0;
    k->dut_destroy(dut);
    dut = NULL;

    /* 3. model alone on the same inputs */
    if (inst_create(&x, k, tb, o, NULL))
        goto out;
    t0 = now();
    for (uint64_t c = 0; c < n; c++)
        if (tb->model(x.state, c, buf + c * iw, exp, err, sizeof err)) {
            fprintf(stderr, "cosim: benchmark check failed: %s\n", err);
            rc = 1;
            goto out;
        }
    double t_model = now() - t0;

    FILE *f = fopen(o->bench, "w");
    if (!f) {
        fprintf(stderr, "cosim: cannot write '%s': %s\n", o->bench, strerror(errno));
        goto out;
    }
    fprintf(f,
            "{\"block\": \"%s\", \"config\": \"%s\", \"cycles\": %" PRIu64 ", \"seed\": %" PRIu64
            ", \"threads\": %u,\n \"cosim_cycles_per_s\": %.0f, \"rtl_cycles_per_s\": %.0f, "
            "\"model_cycles_per_s\": %.0f,\n \"harness_overhead\": %.3f}\n",
            k->block, o->config, n, o->seed, o->threads, (double)n / t_cosim, (double)n / t_rtl,
            (double)n / t_model, t_cosim / t_rtl);
    if (fclose(f)) {
        fprintf(stderr, "cosim: cannot write '%s': %s\n", o->bench, strerror(errno));
        goto out;
    }
    printf("%-14s %-8s cosim %9.0f cyc/s  rtl %9.0f cyc/s  model %9.0f cyc/s  overhead %.2fx\n",
           k->block, o->config, (double)n / t_cosim, (double)n / t_rtl, (double)n / t_model,
           t_cosim / t_rtl);
    rc = 0;
out:
    if (dut)
        k->dut_destroy(dut);
    if (x.state)
        inst_destroy(&x, k, tb);
    free(buf);
    free(exp);
    free(got);
    return rc;
}

/* ---- the scenario reader's vocabulary -------------------------------------------- */

/* The keys the testbench's reader takes on each verb (idle, expect, peek and
 * its request verbs): each verb's line run once through its stimulus with
 * every key it asks for present. 0, or -1 reported. */
static int probe_vocabulary(const cosim_kit_t *k, const cosim_testbench_t *tb,
                            const cosim_opts_t *o, scenario_vocab_t *v)
{
    static const scenario_verb_t common[] = {{"idle", NULL}, {"expect", NULL}, {"peek", NULL}};
    const scenario_verb_t *verbs = verbs_of(tb);
    if (!verbs) {
        fprintf(stderr, "cosim: testbench defect: the %s testbench reads scenarios but names "
                "no verbs\n", k->block);
        return -1;
    }
    cosim_opts_t op = *o;
    op.scenario = NULL;
    op.vocab = NULL;
    memset(v, 0, sizeof *v);
    uint64_t *in = calloc(k->in_words, sizeof *in);
    int rc = in ? 0 : -1;
    for (unsigned i = 0; rc == 0; i++) {
        const char *verb = i < 3 ? common[i].verb : verbs[i - 3].verb;
        if (!verb)
            break;
        if (!tb->scenarios && !strcmp(verb, "peek"))
            continue; /* the port-level language has none */
        char err[512] = "";
        inst_t x;
        scenario_t *s = scenario_open_probe(verb, k->symbols, k->n_symbols, v, err, sizeof err);
        if (!s)
            fprintf(stderr, "cosim: %s\n", err);
        if (!s || inst_create(&x, k, tb, &op, s)) { /* a failed create closed s */
            rc = -1;
            break;
        }
        memset(in, 0, k->in_words * sizeof *in);
        int st = stimulus(k, tb, &x, 0, in, err, sizeof err);
        if (st != 0 && st != COSIM_PEEK) {
            fprintf(stderr, "cosim: testbench defect: probing its reader's '%s': %s\n", verb,
                    st < 0 ? err : "no line read");
            rc = -1;
        }
        inst_destroy(&x, k, tb);
    }
    free(in);
    if (!rc && v->overflow) {
        fprintf(stderr, "cosim: testbench defect: its vocabulary has more than %u keys\n",
                SCN_MAX_VOCAB);
        rc = -1;
    }
    return rc;
}

static void json_string(const char *t)
{
    putchar('"');
    for (; t && *t; t++)
        printf(*t == '"' || *t == '\\' ? "\\%c" : "%c", *t);
    putchar('"');
}

/* The vocabulary as JSON: per verb what it does, its request keys and its
 * check keys, in the order the reader asks for them. */
static void print_vocabulary(const cosim_kit_t *k, const cosim_testbench_t *tb,
                             const scenario_vocab_t *v)
{
    printf("{\"block\": \"%s\", \"verbs\": [", k->block);
    static const scenario_verb_t common[] = {
        {"idle", "no request (n=K: K cycles)"},
        {"expect", "no request; checks the outputs of the cycle"},
        {"peek", "no cycle: checks the outputs without a clock edge"}};
    const scenario_verb_t *verbs = verbs_of(tb);
    for (unsigned i = 0;; i++) {
        const scenario_verb_t *vb = i < 3 ? &common[i] : &verbs[i - 3];
        if (!vb->verb)
            break;
        if (!tb->scenarios && !strcmp(vb->verb, "peek"))
            continue;
        printf("%s\n  {\"verb\": ", i ? "," : "");
        json_string(vb->verb);
        printf(", \"what\": ");
        json_string(vb->what);
        for (int check = 0; check < 2; check++) {
            printf(check ? ", \"checks\": [" : ", \"keys\": [");
            const char *sep = "";
            for (unsigned j = 0; j < v->n; j++)
                if (v->e[j].check == check && !strcmp(v->e[j].verb, vb->verb)) {
                    printf("%s", sep);
                    json_string(v->e[j].key);
                    sep = ", ";
                }
            printf("]");
        }
        printf("}");
    }
    printf("\n]}\n");
}

/* ---- entry ----------------------------------------------------------------- */

/* A run (or benchmark) as the options ask: the process exit status. */
static int cosim_run(const cosim_kit_t *k, const cosim_testbench_t *tb, cosim_opts_t *o_,
                     const char *prog)
{
    cosim_opts_t o = *o_;
    if (!k->dut_create && (o.bench || o.fst)) {
        fprintf(stderr, "%s: a model-only build has no RTL: no --bench, no --fst\n", prog);
        return 2;
    }
    if (o.bench)
        return bench(k, tb, &o);

    run_result_t r;
    if (run(k, tb, &o, o.fst, 0, true, NULL, &r))
        return 2;
    if ((r.failed || r.nfail) && !k->dut_create) {
        print_repro(k, &o, r.cycle + 1);
        return 1;
    }
    if (r.failed) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s_%s_fail.fst", o.wave_dir, k->block, o.config);
        run_result_t again;
        if (run(k, tb, &o, path, r.cycle, false, NULL, &again) == 0)
            fprintf(stderr, "  waveform  %s (cycles 0..%" PRIu64 ")\n", path, r.cycle);
        print_repro(k, &o, r.cycle + 1);
        return 1;
    }
    if (r.nfail) {
        print_repro(k, &o, r.cycles);
        return 1;
    }
    if (r.cycles == 0 && r.peeks == 0) {
        fprintf(stderr, "%s: nothing was checked: the %s has no cycles\n", prog,
                o.replay ? "recording" : o.scenario ? "scenario" : "run");
        return 2;
    }
    bool cover_ok = r.cover_hit == r.cover_declared;
    const char *src = o.replay ? "replay" : o.scenario ? "scenario" : "random";
    if (!k->dut_create)
        src = "model";
    char resets[32] = "";
    if (r.resets)
        snprintf(resets, sizeof resets, " resets=%" PRIu64, r.resets);
    if (r.measured[0])
        printf("%-14s %-8s measured: %s\n", k->block, o.config, r.measured);
    printf("%-14s %-8s %-8s seed=%-6" PRIu64 " cycles=%-9" PRIu64 " ops=%-9" PRIu64
           "%s mismatches=0 cover=%u/%u %.2f Mcyc/s %s\n",
           k->block, o.config, src, r.seed, r.cycles, r.ops, resets, r.cover_hit,
           r.cover_declared,
           r.seconds > 0 ? (double)r.cycles / r.seconds / 1e6 : 0.0,
           (cover_ok || !o.require_cover) ? "PASS" : "FAIL (coverage)");
    if (o.require_cover && !cover_ok) {
        print_repro(k, &o, r.cycles);
        return 1;
    }
    return 0;
}

int cosim_main(const cosim_kit_t *k, const cosim_testbench_t *tb, const char *config,
               int argc, char **argv)
{
    cosim_opts_t o = {.config = config, .seed = 1, .cycles = 1000000, .wave_dir = ".",
                      .threads = 1};
    const char *vl[argc > 0 ? argc : 1];
    argc = take_plusargs(&o, argc, argv, vl);
    if (argc < 0 || parse_args(&o, argc, argv))
        return 2; /* the one-line message is out */
    if (!k->dut_create && o.vl_argc) {
        fprintf(stderr, "%s: a model-only build has no RTL: no +verilator+ arguments\n",
                argv[0]);
        return 2;
    }
    /* the block and configuration a scenario names for itself (`# block:`, `# config:`) */
    for (unsigned h = 0; o.scenario && h < 2; h++) {
        const char *name = h ? "config" : "block", *mine = h ? o.config : k->block;
        char val[64], err[512];
        int sc = scenario_header(o.scenario, name, val, sizeof val, err, sizeof err);
        if (sc < 0) {
            fprintf(stderr, "%s: %s\n", argv[0], err);
            return 2;
        }
        if (sc > 0 && strcmp(val, mine)) {
            fprintf(stderr, "%s: scenario '%s' is written for %s '%s', this is %s/%s\n",
                    argv[0], o.scenario, h ? "configuration" : "block", val, k->block,
                    o.config);
            return 2;
        }
    }
    scenario_vocab_t *vocab = NULL; /* large: not on the stack */
    if (o.scenario || o.vocabulary) {
        if (!(vocab = calloc(1, sizeof *vocab))) {
            fprintf(stderr, "%s: out of memory\n", argv[0]);
            return 2;
        }
        if (probe_vocabulary(k, tb, &o, vocab)) {
            free(vocab);
            return 2;
        }
    }
    int rc = 0;
    if (o.vocabulary)
        print_vocabulary(k, tb, vocab);
    else
        o.vocab = vocab, rc = cosim_run(k, tb, &o, argv[0]);
    free(vocab);
    return rc;
}
