/* What a kernel may use beyond plain arithmetic, checked against the host:
 * memcpy, memset, memmove and memcmp (kernels/rt/simt_rt.c on RISC-V),
 * sqrtf, fabsf, fminf, fmaxf and copysignf (one instruction each), a struct
 * copied whole, 64-bit division (libgcc), a switch without a jump table, a
 * recursive call whose paths diverge, and a helper called from both sides of
 * a divergent branch. Each thread writes 32 words. */
#include "simt.h"

typedef struct {
    int32_t v[48];
} block_t;

typedef struct {
    const block_t *in;
    int32_t *out;
} args_t;

/* depth-first sum with a data-dependent depth: recursion under divergence */
static int32_t walk(const int32_t *v, uint32_t i, uint32_t depth)
{
    if (depth == 0 || v[i % 48u] < 0)
        return 1;
    return v[i % 48u] % 7 + walk(v, i * 3u + 1u, depth - 1u);
}

static float shape(float x, uint32_t k)
{
    switch (k & 7u) {
    case 0: return sqrtf(fabsf(x));
    case 1: return fminf(x, 0.5f);
    case 2: return fmaxf(x, -0.25f);
    case 3: return copysignf(x, -1.0f);
    case 4: return x * x;
    case 5: return x - 1.0f;
    default: return -x;
    }
}

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t n = size == SIMT_SMALL ? 256u : size == SIMT_DEFAULT ? 4096u : 32768u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    block_t *in = simt_alloc(n * sizeof *in);
    for (uint32_t t = 0; t < n; t++)
        for (uint32_t k = 0; k < 48u; k++)
            in[t].v[k] = (int32_t)(simt_rand(&r) % 2001u) - 1000;
    a->in = in;
    a->out = simt_alloc(n * 32u * 4u);
    l->threads = n, l->block_threads = 0, l->args = a;
    simt_output(l, a->out, n * 32u * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    block_t b = a->in[tid]; /* a whole struct: memcpy */
    int32_t *o = a->out + tid * 32u;
    int32_t tmp[32];
    memset(tmp, 0, sizeof tmp);
    memmove(b.v + 1, b.v, 40u * sizeof b.v[0]); /* overlapping */
    memcpy(tmp, b.v + (tid % 16u), 16u * sizeof tmp[0]);
    tmp[16] = memcmp(b.v, b.v + 1, 8u) < 0 ? -1 : 1;
    int64_t big = (int64_t)b.v[3] * 1000003 + b.v[4];
    tmp[17] = (int32_t)(big / ((int64_t)(tid % 5u) + 3));
    tmp[18] = (int32_t)(big % 97);
    tmp[19] = walk(b.v, tid, tid % 9u);
    for (uint32_t k = 0; k < 8u; k++) {
        float f = shape((float)b.v[k] * 0.001f, k + tid);
        memcpy(&tmp[20 + k], &f, 4u);
    }
    tmp[28] = tid & 1 ? walk(b.v, tid + 5u, 3u) : walk(b.v, tid * 7u, 4u);
    memcpy(o, tmp, sizeof tmp);
}
