/* simtsys: runs a kernel ELF (kernels/rt/simt.h) on the system model.
 * docs/system.md; `simtsys --help`. One line on stderr and exit 1 on any
 * error; exit 2 for a wrong command line; 3 when the output buffers differ
 * from --expect. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim.h"

#ifdef SIM_RTL /* scripts/build_sys_rtl.sh: verif/sys/block_rtl.c and its SYS_RTL_PARAMS */
void sys_rtl_blocks(sim_blocks_t *blocks);
#endif

static const char usage[] =
    "usage: simtsys [options] KERNEL.elf\n"
    "  --preset NAME      machine (default small); --list shows them and the parameters\n"
    "  --set NAME=VALUE   change one machine parameter (repeatable)\n"
    "  --sched rr|gto     warp scheduler (default: the preset's)\n"
    "  --mech NAME        divergence mechanism (default pdom); --list shows them\n"
    "  --size small|default|large   input size passed to simt_setup (default small)\n"
    "  --seed N           input seed (default 1)\n"
    "  --max-cycles N     stop with an error past N cycles (default 2000000000; 0: no limit)\n"
    "  --expect FILE      the output buffers must equal FILE byte for byte (exit 3 if not)\n"
    "  --json FILE        write the statistics as JSON to FILE ('-': stdout, no table)\n"
    "  --rtl              the verilated block of the mechanism instead of its model (a\n"
    "                     build by scripts/build_sys_rtl.sh: scripts/simt_run.py --rtl)\n"
    "  --rtl-params       print the block and parameters such a build needs and exit\n"
    "  --list [--markdown]  list the presets and parameters (as docs/system.md's table)\n";

static const char *const sizes[] = {"small", "default", "large"}; /* SIMT_SMALL.. */

static void die(int code, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "simtsys: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    exit(code);
}

/* The presets and parameters; markdown: one table, a column per preset
 * (docs/system.md holds it, make test checks it is current). */
static void list(bool markdown)
{
    const char *name, *text, *pname, *ptext;
    unsigned long lo, hi;
    if (!markdown) {
        printf("mechanisms (--mech NAME):\n");
        for (unsigned i = 0; sim_mech_at(i, &name, &text); i++)
            printf("  %-8s %s\n", name, text);
        printf("presets:\n");
        for (unsigned i = 0; sim_preset_at(i, &name, &text); i++)
            printf("  %-8s %s\n", name, text);
        printf("parameters (--set NAME=VALUE):\n");
        for (unsigned i = 0; sim_param_at(i, &name, &lo, &hi, &text); i++)
            printf("  %-15s %lu..%lu  %s\n", name, lo, hi, text);
        return;
    }
    printf("Mechanisms (`--mech`):\n\n");
    for (unsigned i = 0; sim_mech_at(i, &name, &text); i++)
        printf("- `%s`: %s\n", name, text);
    printf("\nPresets (`--preset`):\n\n");
    for (unsigned i = 0; sim_preset_at(i, &name, &text); i++)
        printf("- `%s`: %s\n", name, text);
    printf("\n| parameter | range | meaning |");
    unsigned np = 0;
    for (; sim_preset_at(np, &pname, &ptext); np++)
        printf(" `%s` |", pname);
    printf("\n|---|---|---|");
    for (unsigned k = 0; k < np; k++)
        printf("---:|");
    printf("\n");
    for (unsigned i = 0; sim_param_at(i, &name, &lo, &hi, &text); i++) {
        printf("| `%s` | %lu..%lu | %s |", name, lo, hi, text);
        for (unsigned k = 0; sim_preset_at(k, &pname, &ptext); k++) {
            sim_params_t p;
            sim_preset(pname, &p);
            printf(" %u |", sim_param_value(&p, i));
        }
        printf("\n");
    }
    printf("| `sched` | rr, gto | warp scheduler (--sched) |");
    for (unsigned k = 0; sim_preset_at(k, &pname, &ptext); k++) {
        sim_params_t p;
        sim_preset(pname, &p);
        printf(" %s |", sim_sched_name(p.sched));
    }
    printf("\n| `dram_bytes_per_cycle` | | per DRAM channel (not settable) |");
    for (unsigned k = 0; sim_preset_at(k, &pname, &ptext); k++) {
        sim_params_t p;
        sim_preset(pname, &p);
        printf(" %g |", p.mem.dram_bytes_per_cycle);
    }
    printf("\n");
}

typedef struct {
    struct timespec start;
    bool shown;
} progress_t;

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* a progress line on a terminal, for runs over two seconds */
static void progress(void *ctx, uint64_t cycle)
{
    progress_t *p = ctx;
    if (since(&p->start) < 2.0)
        return;
    fprintf(stderr, "\rsimtsys: cycle %llu ...", (unsigned long long)cycle);
    p->shown = true;
}

/* The statistics, (name, format, value expression on st and p), once for
 * the table and the JSON. */
#define STATS(X)                                                                         \
    X(cycles, "%llu", (unsigned long long)st->cycles)                                    \
    X(launches, "%llu", (unsigned long long)st->launches)                                \
    X(warp_insns, "%llu", (unsigned long long)st->warp_insns)                            \
    X(thread_insns, "%llu", (unsigned long long)st->thread_insns)                        \
    X(ipc, "%.4f", st->ipc)                                                              \
    X(simd_efficiency, "%.4f", st->simd_efficiency)                                      \
    X(branches, "%llu", (unsigned long long)st->branches)                                \
    X(divergent_branches, "%llu", (unsigned long long)st->divergent_branches)            \
    X(stack_depth_max, "%u", st->stack_depth_max)                                        \
    X(stack_depth_mean, "%.4f", st->stack_depth_mean)                                    \
    X(barrier_waits, "%llu", (unsigned long long)st->barrier_waits)                      \
    X(mem_stall_cycles, "%llu", (unsigned long long)st->mem_stall_cycles)                \
    X(mech_stall_cycles, "%llu", (unsigned long long)st->mech_stall_cycles)              \
    X(block_branches, "%llu", (unsigned long long)st->block_branches)                    \
    X(block_uniform_branches, "%llu", (unsigned long long)st->block_uniform_branches)    \
    X(mdt_allocs, "%llu", (unsigned long long)st->mdt_allocs)                            \
    X(mdt_merges, "%llu", (unsigned long long)st->mdt_merges)                            \
    X(mdt_blocking, "%llu", (unsigned long long)st->mdt_blocking)                        \
    X(dom_forces, "%llu", (unsigned long long)st->dom_forces)                            \
    X(mdt_rejoined, "%llu", (unsigned long long)st->mdt_rejoined)                        \
    X(dom_forced, "%llu", (unsigned long long)st->dom_forced)                            \
    X(dom_forced_sync, "%llu", (unsigned long long)st->dom_forced_sync)                  \
    X(dom_regroups, "%llu", (unsigned long long)st->dom_regroups)                        \
    X(slip_parks, "%llu", (unsigned long long)st->slip_parks)                            \
    X(slip_changes, "%llu", (unsigned long long)st->slip_changes)                        \
    X(max_slip_end, "%u", st->max_slip_end)                                              \
    X(dws_splits, "%llu", (unsigned long long)st->dws_splits)                            \
    X(dws_waits, "%llu", (unsigned long long)st->dws_waits)                              \
    X(dws_lazy, "%llu", (unsigned long long)st->dws_lazy)                                \
    X(dws_merges, "%llu", (unsigned long long)st->dws_merges)                            \
    X(dws_bypasses, "%llu", (unsigned long long)st->dws_bypasses)                        \
    X(dws_warp_branches, "%llu", (unsigned long long)st->dws_warp_branches)              \
    X(dws_splits_mean, "%.4f", st->dws_splits_mean)                                      \
    X(dws_pick_busy, "%llu", (unsigned long long)st->dws_pick_busy)                      \
    X(l1_hit_rate, "%.4f", l1_hit_rate(st))                                              \
    X(mshr_occupancy_mean, "%.4f", mshr_mean(st, p))                                     \
    X(load_lines, "%llu", (unsigned long long)st->mem.load_lines)                        \
    X(store_lines, "%llu", (unsigned long long)st->mem.store_lines)                      \
    X(l2_hits, "%llu", (unsigned long long)st->mem.l2_hits)                              \
    X(l2_misses, "%llu", (unsigned long long)st->mem.l2_misses)                          \
    X(dram_read_bytes, "%llu", (unsigned long long)st->mem.dram_read_bytes)              \
    X(dram_write_bytes, "%llu", (unsigned long long)st->mem.dram_write_bytes)

static double l1_hit_rate(const sim_stats_t *st)
{
    return st->mem.load_lines ? (double)st->mem.l1_hits / (double)st->mem.load_lines : 0;
}

/* per core */
static double mshr_mean(const sim_stats_t *st, const sim_params_t *p)
{
    return st->cycles ? (double)st->mem.mshr_cycles / ((double)st->cycles * p->cores) : 0;
}

static void report(FILE *f, bool json, const char *kernel, const char *preset, const char *size,
                   unsigned seed, bool rtl, const sim_stats_t *st, const sim_params_t *p,
                   double seconds)
{
    if (json) {
        fprintf(f, "{\"kernel\": \"%s\", \"preset\": \"%s\", \"mech\": \"%s\", "
                   "\"sched\": \"%s\", \"size\": \"%s\", \"seed\": %u, \"rtl\": %s",
                kernel, preset, sim_mech_name(p->mech), sim_sched_name(p->sched), size, seed,
                rtl ? "true" : "false");
        const char *name, *text;
        unsigned long lo, hi;
        for (unsigned i = 0; sim_param_at(i, &name, &lo, &hi, &text); i++)
            fprintf(f, ", \"%s\": %u", name, sim_param_value(p, i));
#define JSON_(name, fmt, val) fprintf(f, ", \"" #name "\": " fmt, val);
        STATS(JSON_)
        fprintf(f, ", \"host_seconds\": %.3f}\n", seconds);
        return;
    }
#define ROW_(name, fmt, val) fprintf(f, "  %-20s " fmt "\n", #name, val);
    char sched[64]; /* DWS: the split table's policy, order and loop bypass */
    if (p->mech == SIM_MECH_DWS)
        snprintf(sched, sizeof sched, "%s, %s%s", wst_policy_name(p->dws_policy),
                 wst_sched_name(p->dws_sched), p->dws_bypass ? "" : ", no bypass");
    else
        snprintf(sched, sizeof sched, "%s", sim_sched_name(p->sched));
    fprintf(f, "%s (%s, seed %u) on %s (%u cores x %u warps x %u threads, %s, %s%s%s)\n",
            kernel, size, seed, preset, p->cores, p->num_warps, p->warp_width,
            sim_mech_name(p->mech), sched, p->lcp ? ", lcp" : "",
            rtl ? ", RTL in the loop" : "");
    STATS(ROW_)
    fprintf(f, "  %-20s %.2f (%.2f M thread-instructions/s)\n", "host_seconds", seconds,
            seconds > 0 ? (double)st->thread_insns / seconds / 1e6 : 0.0);
}

static int compare(const sim_t *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(1, "%s: cannot open it%s", path, "");
    unsigned n = sim_num_outputs(s);
    long offset = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t bytes;
        const uint8_t *p = sim_output(s, i, &bytes);
        for (uint32_t k = 0; k < bytes; k++) {
            int c = fgetc(f);
            if (c == EOF) {
                fprintf(stderr, "simtsys: %s is shorter than the outputs (%ld bytes)\n", path,
                        offset);
                fclose(f);
                return 3;
            }
            if ((uint8_t)c != p[k]) {
                fprintf(stderr,
                        "simtsys: output %u differs from %s at byte %u (0x%02x, expected "
                        "0x%02x)\n",
                        i, path, k, p[k], c);
                fclose(f);
                return 3;
            }
            offset++;
        }
    }
    bool longer = fgetc(f) != EOF;
    fclose(f);
    if (longer) {
        fprintf(stderr, "simtsys: %s is longer than the outputs (%ld bytes)\n", path, offset);
        return 3;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *preset = "small", *elf = NULL, *expect = NULL, *json = NULL, *sched = NULL,
               *mech = NULL;
    unsigned size = 0;
    unsigned long seed = 1;
    const char *max_cycles = NULL;
    bool rtl = false, rtl_params = false;
    const char *sets[64];
    unsigned nsets = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(a, "--preset") || !strcmp(a, "--set") || !strcmp(a, "--sched") ||
                     !strcmp(a, "--mech") ||
                     !strcmp(a, "--size") || !strcmp(a, "--seed") || !strcmp(a, "--expect") ||
                     !strcmp(a, "--json") ||
                     !strcmp(a, "--max-cycles");
        if (takes && !v)
            die(2, "%s needs a value%s", a, "");
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--rtl")) {
            rtl = true;
        } else if (!strcmp(a, "--rtl-params")) {
            rtl_params = true;
        } else if (!strcmp(a, "--list")) {
            list(v && !strcmp(v, "--markdown"));
            return 0;
        } else if (!strcmp(a, "--preset")) {
            preset = v;
        } else if (!strcmp(a, "--set")) {
            if (nsets == sizeof sets / sizeof sets[0])
                die(2, "too many --set options%s%s", "", "");
            sets[nsets++] = v;
        } else if (!strcmp(a, "--sched")) {
            sched = v;
        } else if (!strcmp(a, "--mech")) {
            mech = v;
        } else if (!strcmp(a, "--size")) {
            size = 3;
            for (unsigned k = 0; k < 3; k++)
                if (!strcmp(v, sizes[k]))
                    size = k;
            if (size == 3)
                die(2, "--size must be small, default or large, not '%s'%s", v, "");
        } else if (!strcmp(a, "--seed")) {
            char *end;
            errno = 0;
            seed = strtoul(v, &end, 0);
            if (errno || *end || !*v || *v == '-' || seed > UINT32_MAX)
                die(2, "--seed must be a 32-bit number, not '%s'%s", v, "");
        } else if (!strcmp(a, "--max-cycles")) {
            max_cycles = v;
        } else if (!strcmp(a, "--expect")) {
            expect = v;
        } else if (!strcmp(a, "--json")) {
            json = v;
        } else if (a[0] == '-') {
            die(2, "unknown option '%s' (simtsys --help)%s", a, "");
        } else if (elf) {
            die(2, "one kernel at a time ('%s' and '%s')", elf, a);
        } else {
            elf = a;
        }
        if (takes)
            i++;
    }
    if (!elf && !rtl_params)
        die(2, "no kernel ELF given (simtsys --help)%s%s", "", "");
    sim_params_t p;
    if (!sim_preset(preset, &p))
        die(2, "unknown preset '%s' (simtsys --list)%s", preset, "");
    if (sched && !sim_sched_parse(sched, &p.sched))
        die(2, "--sched must be rr or gto, not '%s'%s", sched, "");
    if (mech && !sim_mech_parse(mech, &p.mech))
        die(2, "unknown mechanism '%s' (simtsys --list)%s", mech, "");
    if (max_cycles) {
        char *end;
        errno = 0;
        unsigned long long m = strtoull(max_cycles, &end, 0);
        if (errno || *end || !*max_cycles || *max_cycles == '-')
            die(2, "--max-cycles must be a number, not '%s'%s", max_cycles, "");
        p.max_cycles = m;
    }
    char err[256];
    for (unsigned k = 0; k < nsets; k++) {
        char name[64];
        const char *eq = strchr(sets[k], '=');
        if (!eq || eq == sets[k] || (size_t)(eq - sets[k]) >= sizeof name)
            die(2, "--set wants NAME=VALUE, not '%s'%s", sets[k], "");
        memcpy(name, sets[k], (size_t)(eq - sets[k]));
        name[eq - sets[k]] = 0;
        if (!sim_set(&p, name, eq + 1, err, sizeof err))
            die(2, "--set: %s%s", err, "");
    }
    char need[256];
    sim_rtl_params(&p, need, sizeof need);
    if (rtl_params) {
        printf("%s\n", need);
        return 0;
    }
    sim_blocks_t blocks = {0};
    if (rtl) {
#ifdef SIM_RTL
        if (strcmp(need, SYS_RTL_PARAMS))
            die(2, "this simtsys holds the RTL of '%s'; the machine needs '%s' "
                   "(scripts/simt_run.py --rtl builds it)", SYS_RTL_PARAMS, need);
        sys_rtl_blocks(&blocks);
#else
        die(2, "this simtsys has no RTL in it: run the kernel with scripts/simt_run.py --rtl%s%s",
            "", "");
#endif
    }
    sim_t *s;
    if (sim_create(&p, &blocks, &s, err, sizeof err))
        die(2, "%s%s", err, "");
    progress_t prog = {.shown = false};
    clock_gettime(CLOCK_MONOTONIC, &prog.start);
    if (sim_load(s, elf, size, (unsigned)seed) ||
        sim_run(s, isatty(2) ? progress : NULL, &prog)) {
        if (prog.shown)
            fputc('\n', stderr);
        fprintf(stderr, "simtsys: %s\n", sim_error(s));
        sim_destroy(s);
        return 1;
    }
    double seconds = since(&prog.start);
    if (prog.shown)
        fputc('\n', stderr);
    int rc = expect ? compare(s, expect) : 0;
    sim_stats_t st;
    sim_stats(s, &st);
    const char *kernel = strrchr(elf, '/') ? strrchr(elf, '/') + 1 : elf;
    if (json) {
        FILE *f = strcmp(json, "-") ? fopen(json, "w") : stdout;
        if (!f) {
            sim_destroy(s);
            die(1, "%s: cannot write it%s", json, "");
        }
        report(f, true, kernel, preset, sizes[size], (unsigned)seed, rtl, &st, sim_params(s),
               seconds);
        if (f != stdout && fclose(f)) {
            sim_destroy(s);
            die(1, "%s: cannot write it%s", json, "");
        }
    }
    if (!json || strcmp(json, "-"))
        report(stdout, false, kernel, preset, sizes[size], (unsigned)seed, rtl, &st,
               sim_params(s), seconds);
    sim_destroy(s);
    return rc;
}
