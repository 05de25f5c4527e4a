/* The host side of the kernel runtime: runs a kernel file compiled for the
 * host thread by thread and writes its output buffers, the reference the
 * simulator's must equal byte for byte.
 *
 *   <kernel>.host SIZE SEED OUT     SIZE 0 small, 1 default, 2 large
 *
 * OUT gets the output buffers one after the other. The threads of a thread
 * block run as coroutines (ucontext), each until it ends or reaches
 * simt_barrier(), in thread order, until all have ended: a barrier waits
 * for the threads of the block that have not ended. One line on stderr and exit 1 on
 * any error. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "simt.h"

#define STACK_BYTES (64u * 1024u)

__attribute__((weak)) int simt_next(simt_launch_t *l, unsigned launch)
{
    (void)l;
    (void)launch;
    return 0;
}

static void fail(const char *what)
{
    fprintf(stderr, "host: %s\n", what);
    exit(1);
}

void *simt_alloc(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, 16, bytes ? bytes : 1))
        fail("out of memory");
    memset(p, 0, bytes);
    return p;
}

static ucontext_t sched_ctx;
static ucontext_t *thread_ctx;
static unsigned current, at_barrier;
static const simt_launch_t *launch_now;

void simt_barrier(void)
{
    at_barrier++;
    swapcontext(&thread_ctx[current], &sched_ctx);
}

static void thread_main(unsigned tid)
{
    simt_kernel(tid, launch_now->threads, launch_now->args);
}

/* One thread block: threads first .. first+n-1. */
static void run_block(unsigned first, unsigned n, char *stacks)
{
    unsigned char *done = calloc(n, 1);
    if (!done)
        fail("out of memory");
    for (unsigned i = 0; i < n; i++) {
        getcontext(&thread_ctx[i]);
        thread_ctx[i].uc_stack.ss_sp = stacks + (size_t)i * STACK_BYTES;
        thread_ctx[i].uc_stack.ss_size = STACK_BYTES;
        thread_ctx[i].uc_link = &sched_ctx;
        makecontext(&thread_ctx[i], (void (*)(void))thread_main, 1, first + i);
    }
    for (unsigned left = n; left;) {
        at_barrier = 0;
        unsigned ended = 0;
        for (current = 0; current < n; current++) {
            if (done[current])
                continue;
            unsigned before = at_barrier;
            swapcontext(&sched_ctx, &thread_ctx[current]);
            if (at_barrier == before) {
                done[current] = 1;
                ended++;
            }
        }
        left -= ended; /* a barrier waits for the threads still running */
    }
    free(done);
}

int main(int argc, char **argv)
{
    if (argc != 4)
        fail("usage: KERNEL.host SIZE SEED OUT");
    char *end;
    errno = 0;
    unsigned long size = strtoul(argv[1], &end, 0);
    if (errno || *end || size > SIMT_LARGE)
        fail("SIZE must be 0, 1 or 2");
    unsigned long seed = strtoul(argv[2], &end, 0);
    if (errno || *end || seed > UINT32_MAX)
        fail("SEED must be a 32-bit number");
    static simt_launch_t l;
    simt_setup(&l, (unsigned)size, (unsigned)seed);
    if (l.num_outputs > SIMT_MAX_OUTPUTS)
        fail("more than SIMT_MAX_OUTPUTS output buffers");
    for (unsigned launch = 0;; launch++) {
        if (!l.threads)
            fail("simt_setup: threads must be at least 1");
        launch_now = &l;
        unsigned bt = l.block_threads ? l.block_threads : 1; /* 0: no barrier */
        char *stacks = malloc((size_t)bt * STACK_BYTES);
        thread_ctx = calloc(bt, sizeof *thread_ctx);
        if (!stacks || !thread_ctx)
            fail("out of memory");
        for (unsigned first = 0; first < l.threads; first += bt)
            run_block(first, l.threads - first < bt ? l.threads - first : bt, stacks);
        free(stacks);
        free(thread_ctx);
        if (!simt_next(&l, launch))
            break;
        if (l.num_outputs > SIMT_MAX_OUTPUTS)
            fail("more than SIMT_MAX_OUTPUTS output buffers");
    }
    FILE *f = fopen(argv[3], "wb");
    if (!f)
        fail("cannot open the output file");
    for (unsigned i = 0; i < l.num_outputs; i++)
        if (fwrite(l.outputs[i].ptr, 1, l.outputs[i].bytes, f) != l.outputs[i].bytes)
            fail("cannot write the output file");
    if (fclose(f))
        fail("cannot write the output file");
    return 0;
}
