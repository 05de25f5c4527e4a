/* The kernel convention of the system model, for kernels written in plain C
 * (docs/system.md, "Writing a kernel"). One file holds a kernel and its
 * set-up; it is compiled twice from the same source:
 *   - for RISC-V (rv32imf, freestanding, no libc) with kernels/rt/crt0.S,
 *     kernels/rt/simt_rt.c and kernels/rt/link.ld: the simulator runs
 *     simt_setup() and simt_next() on one thread and simt_kernel() on every
 *     thread of the simulated cores;
 *   - for the host with kernels/rt/host.c: the same functions, the kernel
 *     run thread by thread (a thread block's threads as coroutines, so that
 *     simt_barrier() works), the reference the simulator's output buffers
 *     must equal byte for byte.
 *
 * A kernel file defines:
 *   void simt_setup(simt_launch_t *l, unsigned size, unsigned seed);
 *       Builds the inputs (simt_alloc, simt_rand) for size SIMT_SMALL,
 *       SIMT_DEFAULT or SIMT_LARGE and fills *l: the threads to launch, the
 *       thread-block size, the argument block the kernel receives, the
 *       output buffers that are compared (simt_output).
 *   void simt_kernel(unsigned tid, unsigned nthreads, const void *args);
 *       One thread's work. tid = 0 .. nthreads-1; thread block b holds the
 *       threads b*block_threads .. (b+1)*block_threads-1. A block must fit
 *       in one core's warps: 32 threads fit every preset.
 *   int simt_next(simt_launch_t *l, unsigned launch);          (optional)
 *       Called on one thread after launch number `launch` (0, 1, ...)
 *       ends: non-zero launches the kernel again with *l as it leaves it
 *       (a BFS level by level). Without it there is one launch.
 *
 * Rules that keep the two builds identical: fixed-width integer types
 * (int32_t, uint32_t; long and pointers differ in size), no pointers in
 * output buffers, of the C library only what this header declares (the
 * RISC-V side has no libc: memcpy, memset, memmove, memcmp come from
 * kernels/rt/simt_rt.c; sqrtf, fabsf and copysignf are single
 * instructions, fminf and fmaxf defined below), floats only with + - * /,
 * sqrt and those (both builds use
 * -ffp-contract=off, so no fused multiply-add appears by itself). */
#ifndef SIMT_H
#define SIMT_H

#include <stddef.h>
#include <stdint.h>

#if defined(__riscv)
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
#define sqrtf(x) __builtin_sqrtf(x)
#define fabsf(x) __builtin_fabsf(x)
#define copysignf(x, y) __builtin_copysignf(x, y)
#else
#include <math.h>
#include <string.h>
#endif

/* fminf and fmaxf, the same on both builds (a NaN gives the other operand;
 * of two equal operands, the first): GCC calls the library for them. */
static inline float simt_fminf(float x, float y) { return y < x || x != x ? y : x; }
static inline float simt_fmaxf(float x, float y) { return y > x || x != x ? y : x; }
#undef fminf
#undef fmaxf
#define fminf(x, y) simt_fminf(x, y)
#define fmaxf(x, y) simt_fmaxf(x, y)

enum { SIMT_SMALL = 0, SIMT_DEFAULT = 1, SIMT_LARGE = 2 };

#define SIMT_MAX_OUTPUTS 8u

/* What simt_setup() fills. On RISC-V every field is 4 bytes; the simulator
 * reads them at the offsets SIMT_LAUNCH_* below (checked at compile time). */
typedef struct {
    uint32_t threads;       /* threads to launch (at least 1) */
    uint32_t block_threads; /* threads per thread block (barrier scope);
                               0: the kernel has no barrier, and each
                               machine forms blocks of one warp */
    const void *args;       /* passed to every thread */
    uint32_t num_outputs;
    struct {
        const void *ptr;
        uint32_t bytes;
    } outputs[SIMT_MAX_OUTPUTS];
} simt_launch_t;

#define SIMT_LAUNCH_THREADS 0u
#define SIMT_LAUNCH_BLOCK_THREADS 4u
#define SIMT_LAUNCH_ARGS 8u
#define SIMT_LAUNCH_NUM_OUTPUTS 12u
#define SIMT_LAUNCH_OUTPUTS 16u /* then {ptr, bytes} pairs, 8 bytes each */
#if defined(__riscv) && __riscv_xlen == 32
_Static_assert(offsetof(simt_launch_t, block_threads) == SIMT_LAUNCH_BLOCK_THREADS, "ABI");
_Static_assert(offsetof(simt_launch_t, args) == SIMT_LAUNCH_ARGS, "ABI");
_Static_assert(offsetof(simt_launch_t, num_outputs) == SIMT_LAUNCH_NUM_OUTPUTS, "ABI");
_Static_assert(offsetof(simt_launch_t, outputs) == SIMT_LAUNCH_OUTPUTS, "ABI");
_Static_assert(sizeof(simt_launch_t) == SIMT_LAUNCH_OUTPUTS + 8u * SIMT_MAX_OUTPUTS, "ABI");
#endif

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed);
void simt_kernel(unsigned tid, unsigned nthreads, const void *args);
int simt_next(simt_launch_t *l, unsigned launch);

/* Zeroed memory for inputs and outputs, 16-byte aligned; only in
 * simt_setup() and simt_next(). Running out stops the run (a trap). */
void *simt_alloc(size_t bytes);

/* Adds an output buffer to compare after the last launch. */
static inline void simt_output(simt_launch_t *l, const void *ptr, size_t bytes)
{
    if (l->num_outputs < SIMT_MAX_OUTPUTS) {
        l->outputs[l->num_outputs].ptr = ptr;
        l->outputs[l->num_outputs].bytes = (uint32_t)bytes;
    }
    l->num_outputs++; /* more than SIMT_MAX_OUTPUTS: both builds refuse */
}

/* Waits until every thread of the thread block has reached it. Every
 * running thread of the block must call it (no barrier under divergence). */
#if defined(__riscv)
static inline void simt_barrier(void)
{
    /* simt.barrier: the custom-0 word 0x0000000b */
    __asm__ volatile(".insn i 0x0b, 0, x0, x0, 0" ::: "memory");
}
#else
void simt_barrier(void);
#endif

/* A deterministic generator for inputs (xorshift32): the same numbers on
 * both builds. */
typedef struct {
    uint32_t s;
} simt_rng_t;

static inline simt_rng_t simt_rng(uint32_t seed)
{
    simt_rng_t r = {seed * 2654435761u + 0x9e3779b9u};
    if (!r.s)
        r.s = 1;
    return r;
}

static inline uint32_t simt_rand(simt_rng_t *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return r->s = x;
}

/* Uniform in 0 .. n-1 (n > 0). */
static inline uint32_t simt_rand_below(simt_rng_t *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)simt_rand(r) * n) >> 32);
}

/* Uniform in [0, 1): 24 random bits. */
static inline float simt_rand_float(simt_rng_t *r)
{
    return (float)(simt_rand(r) >> 8) * (1.0f / 16777216.0f);
}

#endif /* SIMT_H */
