/* filter3x3: a 3 x 3 convolution of a grey-level image (floats), one thread
 * per output pixel; at the image's border the coordinates are clamped (the
 * edge pixels repeat).
 *
 * The papers' image filters (convolution / stencil kernels of the DoM and
 * Robust SIMD sets): the memory-divergence-only case. The clamping is
 * arithmetic (x - (x > 0), x + (x < w - 1): set-on-less-than, no branch),
 * so every thread runs the same instructions: no divergent branch at all.
 * What differs between the threads of a warp is only where their loads go:
 * a warp covers 8 or 32 pixels of one row and reads three rows, so its
 * loads touch 3 to 6 lines, some of them brought in by the warp of the
 * previous row (hits) and some not (misses): DoM's case of a warp waiting
 * for its slowest thread.
 *
 * Inputs: a w x h image, pixels uniform in [0, 1); the weights a fixed
 * blur-and-sharpen mix (sum 1):
 *   small 128 x 64, default 512 x 512, large 2048 x 1024.
 * Launch: w * h threads (row by row), no barrier, one launch.
 * Output: the filtered image (w x h floats). */
#include "simt.h"

typedef struct {
    uint32_t w, h;
    float k[9];   /* row-major weights */
    const float *in;
    float *out;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t w = size == SIMT_SMALL ? 128u : size == SIMT_DEFAULT ? 512u : 2048u;
    uint32_t h = size == SIMT_SMALL ? 64u : size == SIMT_DEFAULT ? 512u : 1024u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float *in = simt_alloc(w * h * 4u);
    for (uint32_t i = 0; i < w * h; i++)
        in[i] = simt_rand_float(&r);
    a->w = w;
    a->h = h;
    a->k[0] = -0.0625f, a->k[1] = 0.125f, a->k[2] = -0.0625f;
    a->k[3] = 0.125f, a->k[4] = 0.75f, a->k[5] = 0.125f;
    a->k[6] = -0.0625f, a->k[7] = 0.125f, a->k[8] = -0.0625f;
    a->in = in;
    a->out = simt_alloc(w * h * 4u);
    l->threads = w * h;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, a->out, w * h * 4u);
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads; /* exactly w * h threads: no bounds test */
    uint32_t w = a->w, x = tid % w, y = tid / w;
    /* clamped neighbours, by arithmetic */
    uint32_t x0 = x - (x > 0u), x2 = x + (x < w - 1u);
    uint32_t y0 = y - (y > 0u), y2 = y + (y < a->h - 1u);
    const float *r0 = a->in + y0 * w, *r1 = a->in + y * w, *r2 = a->in + y2 * w;
    const float *k = a->k;
    float acc = k[0] * r0[x0];
    acc = acc + k[1] * r0[x];
    acc = acc + k[2] * r0[x2];
    acc = acc + k[3] * r1[x0];
    acc = acc + k[4] * r1[x];
    acc = acc + k[5] * r1[x2];
    acc = acc + k[6] * r2[x0];
    acc = acc + k[7] * r2[x];
    acc = acc + k[8] * r2[x2];
    a->out[tid] = acc;
}
