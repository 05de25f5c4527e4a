/* main() of a block's fuzzing binary: libFuzzer's, with this entry point in
 * place of verif/common/cosim_main.c (scripts/build_cosim.sh FUZZ=1, run by
 * scripts/fuzz.sh; docs/fuzzing.md). Each input goes through the real
 * cosim_main() of a model-only build three ways:
 *   1. as a directed scenario file (--scenario): scenario.c and the block's
 *      scenario reader (or the port-level one);
 *   2. as a stimulus recording (--replay): the recording reader;
 *   3. as raw input words (the harness cuts them to their ports' widths, as
 *      it records them), one cycle after the other, recorded (--record)
 *      and then replayed: the model on any inputs its ports can carry, the
 *      recording writer, and the reader past its checksum. The replay must
 *      end as the run did.
 * A bad file is an exit status (2), not a finding; a sanitizer report, a
 * crash, a leak or a slow input is. Every run stops after FUZZ_CYCLES
 * cycles (`idle n=` may ask for 2^64 of them). */
#define _GNU_SOURCE
#define COSIM_KIT_TABLES
#include "cosim_kit.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FUZZ_CYCLES 2000
#define STR_(x) #x
#define STR(x) STR_(x)

static int in_fd;                      /* a memory file of the input */
static char in_path[64], rec_path[64]; /* its path, and a recording's */
static cosim_testbench_t cut_tb, words_tb;
static const uint8_t *words;
static size_t nwords_bytes;

/* The testbench's stimulus, ended after FUZZ_CYCLES cycles. */
static int cut_stimulus(void *tb, uint64_t cycle, uint64_t *in, char *err, size_t errlen)
{
    if (cycle >= FUZZ_CYCLES)
        return 1;
    return cosim_testbench.stimulus(tb, cycle, in, err, errlen);
}

/* The input's bytes as the cycles' input words (way 3). */
static int words_stimulus(void *tb, uint64_t cycle, uint64_t *in, char *err, size_t errlen)
{
    size_t per = cosim_kit.in_words * sizeof *in;
    (void)tb, (void)err, (void)errlen;
    if ((cycle + 1) * per > nwords_bytes) /* --cycles FUZZ_CYCLES ends it too */
        return 1;
    memcpy(in, words + cycle * per, per);
    return 0;
}

/* cosim_main() on a fresh copy of args (it reorders its argv), from the
 * first option on (getopt's optind = 0: start over). */
static int cosim(const cosim_testbench_t *tb, const char *const *args)
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = "cosim_fuzz";
    for (; *args && argc < 15; args++)
        argv[argc++] = (char *)*args;
    argv[argc] = NULL;
    optind = 0;
    return cosim_main(&cosim_kit, tb, CFG_NAME, argc, argv);
}

static int memory_file(const char *name, char *path, size_t len)
{
    int fd = memfd_create(name, 0);
    if (fd < 0) {
        perror("fuzz_cosim: memfd_create");
        abort();
    }
    snprintf(path, len, "/proc/self/fd/%d", fd);
    return fd;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    in_fd = memory_file("input", in_path, sizeof in_path);
    memory_file("recording", rec_path, sizeof rec_path);
    cut_tb = words_tb = cosim_testbench;
    cut_tb.stimulus = cut_stimulus;
    words_tb.stimulus = words_stimulus;
    /* the arguments used below still work: a cycle of zero inputs (an idle
     * cycle) is recorded and replayed, else every input would be refused */
    uint8_t *idle = calloc(cosim_kit.in_words, sizeof(uint64_t));
    words = idle;
    nwords_bytes = cosim_kit.in_words * sizeof(uint64_t);
    if (!idle ||
        cosim(&words_tb, (const char *[]){"--cycles", "1", "--record", rec_path, NULL}) ||
        cosim(&cut_tb, (const char *[]){"--replay", rec_path, NULL})) {
        fprintf(stderr, "fuzz_cosim: an idle cycle does not record and replay (above)\n");
        abort();
    }
    free(idle);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(in_fd, 0) || pwrite(in_fd, data, size, 0) != (ssize_t)size) {
        perror("fuzz_cosim: write the input");
        abort();
    }
    cosim(&cut_tb, (const char *[]){"--quiet", "--scenario", in_path, "--cycles",
                                    STR(FUZZ_CYCLES), NULL});
    cosim(&cut_tb, (const char *[]){"--quiet", "--replay", in_path, "--cycles",
                                    STR(FUZZ_CYCLES), NULL});
    words = data;
    nwords_bytes = size;
    int run = cosim(&words_tb, (const char *[]){"--quiet", "--cycles", STR(FUZZ_CYCLES),
                                                "--record", rec_path, NULL});
    int replay = cosim(&cut_tb, (const char *[]){"--quiet", "--replay", rec_path, NULL});
    if (run != replay) {
        fprintf(stderr, "fuzz_cosim: the run of the input's words ended with %d, "
                        "its recording's replay with %d\n", run, replay);
        abort();
    }
    return 0;
}
