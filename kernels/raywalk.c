/* raywalk: ray casting through a bounding volume hierarchy (BVH) of
 * triangles, with a closest-hit primary ray and an any-hit shadow ray per
 * pixel.
 *
 * The papers' ray tracer (TBC's NVRT and its likely-convergence points: a
 * traversal loop left by `break`). The scene: a terrain over a G x G grid
 * (two triangles per cell, heights random and smoothed, up to G/4) with a
 * floating triangle above one cell in eight (occluders), the cells visited
 * in Morton order. Because the triangles come in Morton order, a complete
 * binary tree over them is a good BVH: leaves of 4 triangles, padded with
 * empty leaves to a power of two, heap-numbered (node 1 the root, children
 * 2n and 2n+1), each node's box the union of its children's. A thread casts
 * the ray of one pixel (a thread block covers 8 x 4 pixels) of a camera in
 * front of the terrain looking down at it (the top rows see the sky), and
 * walks the tree with an explicit stack of 32 entries (node, entry
 * distance): a popped node farther than the hit so far is dropped; an inner
 * node's children whose boxes the ray enters are pushed far first; a leaf's
 * triangles are tested (Moller-Trumbore). From the closest hit, a shadow ray
 * toward a point light uses the same walk in any-hit mode: it `break`s out
 * of the loop at the first occluder.
 *   - control divergence: stack depths, walk lengths, early exits and the
 *     triangle test's rejections differ per ray; rays that see the sky cast
 *     no shadow ray. With PDOM the walk loop's branches reconverge only at
 *     the loop's exit: in the shadow walk because of the `break`, and in
 *     both walks because GCC -O2 lays the loop out with copies of its
 *     pop-and-test (block reordering, jump threading: after a push sp > 0
 *     is known), so the arms never meet inside the loop -- the case
 *     likely-convergence points are for;
 *   - memory divergence: neighbouring rays share the top of the tree and
 *     part of their leaves, then part ways; shadow rays start from
 *     scattered points.
 *
 * Inputs (G, pixels): small G = 16, 16 x 16 rays; default G = 32, 64 x 64;
 * large G = 64, 192 x 192. Triangles: about 2.1 G^2.
 * Launch: one thread per ray, no barrier, one launch.
 * Output: per ray three words: the hit triangle (int32, -1: none), the hit
 * distance along the ray direction (float bits, 0 when none), the shadow
 * (int32: 1 occluded, 0 lit, -1 no hit). */
#include "simt.h"

#define STACK 32
#define FAR 1.0e30f
#define EPS 1.0e-6f

typedef struct {
    float v0[3], e1[3], e2[3]; /* a corner and the two edges from it */
} tri_t;

typedef struct {
    uint32_t w, h, ntri, leaves; /* leaves: a power of two */
    float g;                     /* the grid's side, in cells */
    const tri_t *tri;
    const float *box;            /* 6 per node (min xyz, max xyz); node 0 unused */
    int32_t *out;                /* 3 per ray */
} args_t;

static uint32_t compact2(uint32_t m) /* the even bits of m */
{
    uint32_t v = 0;
    for (uint32_t b = 0; b < 16u; b++)
        v |= ((m >> (2u * b)) & 1u) << b;
    return v;
}

static void put_tri(tri_t *t, const float p0[3], const float p1[3], const float p2[3])
{
    for (uint32_t d = 0; d < 3u; d++) {
        t->v0[d] = p0[d];
        t->e1[d] = p1[d] - p0[d];
        t->e2[d] = p2[d] - p0[d];
    }
}

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t g = size == SIMT_SMALL ? 16u : size == SIMT_DEFAULT ? 32u : 64u;
    uint32_t w = size == SIMT_SMALL ? 16u : size == SIMT_DEFAULT ? 64u : 192u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    float fg = (float)g;

    /* the terrain's heights at the (g+1)^2 grid points: random, smoothed once */
    uint32_t gp = g + 1u;
    float *rough = simt_alloc(gp * gp * 4u), *hgt = simt_alloc(gp * gp * 4u);
    for (uint32_t k = 0; k < gp * gp; k++)
        rough[k] = simt_rand_float(&r) * fg * 0.25f;
    for (uint32_t y = 0; y < gp; y++)
        for (uint32_t x = 0; x < gp; x++) {
            uint32_t xm = x ? x - 1u : x, xp = x < g ? x + 1u : x;
            uint32_t ym = y ? y - 1u : y, yp = y < g ? y + 1u : y;
            hgt[y * gp + x] = (4.0f * rough[y * gp + x] + rough[y * gp + xm] +
                               rough[y * gp + xp] + rough[ym * gp + x] + rough[yp * gp + x]) *
                              0.125f;
        }

    /* the cells in Morton order: two terrain triangles each, and in one cell
     * in eight a floating triangle above the ground (an occluder) */
    tri_t *tri = simt_alloc(3u * g * g * sizeof(tri_t));
    uint32_t n = 0;
    for (uint32_t m = 0; m < g * g; m++) {
        uint32_t x = compact2(m), y = compact2(m >> 1);
        float p00[3] = {(float)x, (float)y, hgt[y * gp + x]};
        float p10[3] = {(float)x + 1.0f, (float)y, hgt[y * gp + x + 1u]};
        float p01[3] = {(float)x, (float)y + 1.0f, hgt[(y + 1u) * gp + x]};
        float p11[3] = {(float)x + 1.0f, (float)y + 1.0f, hgt[(y + 1u) * gp + x + 1u]};
        put_tri(&tri[n++], p00, p10, p11);
        put_tri(&tri[n++], p00, p11, p01);
        if ((simt_rand(&r) & 7u) == 0) {
            float q[3][3];
            for (uint32_t k = 0; k < 3u; k++) {
                q[k][0] = (float)x - 0.5f + 2.0f * simt_rand_float(&r);
                q[k][1] = (float)y - 0.5f + 2.0f * simt_rand_float(&r);
                q[k][2] = fg * (0.3f + 0.2f * simt_rand_float(&r));
            }
            put_tri(&tri[n++], q[0], q[1], q[2]);
        }
    }

    uint32_t leaves = 1;
    while (leaves * 4u < n)
        leaves *= 2u;
    float *box = simt_alloc(2u * leaves * 6u * 4u);
    for (uint32_t k = 0; k < leaves; k++) {
        float *b = box + 6u * (leaves + k);
        for (uint32_t d = 0; d < 3u; d++) {
            b[d] = FAR; /* empty: min above max, never entered */
            b[3 + d] = -FAR;
        }
        for (uint32_t t = 4u * k; t < 4u * k + 4u && t < n; t++)
            for (uint32_t d = 0; d < 3u; d++) {
                float x0 = tri[t].v0[d], x1 = x0 + tri[t].e1[d], x2 = x0 + tri[t].e2[d];
                float lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0;
                lo = x2 < lo ? x2 : lo;
                hi = x2 > hi ? x2 : hi;
                if (lo < b[d])
                    b[d] = lo;
                if (hi > b[3 + d])
                    b[3 + d] = hi;
            }
    }
    for (uint32_t k = leaves - 1u; k >= 1u; k--) {
        float *b = box + 6u * k, *l0 = box + 12u * k, *l1 = l0 + 6;
        for (uint32_t d = 0; d < 3u; d++) {
            b[d] = l0[d] < l1[d] ? l0[d] : l1[d];
            b[3 + d] = l0[3 + d] > l1[3 + d] ? l0[3 + d] : l1[3 + d];
        }
    }
    a->w = w;
    a->h = w;
    a->ntri = n;
    a->leaves = leaves;
    a->g = fg;
    a->tri = tri;
    a->box = box;
    a->out = simt_alloc(w * w * 12u);
    l->threads = w * w;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, a->out, w * w * 12u);
}

/* The distance at which the ray enters node k's box, or FAR if it misses it
 * or enters beyond `limit`. near[d]: 0 or 3, the box side the ray enters
 * by along axis d. */
static inline __attribute__((always_inline)) float
enter_box(const float *b, const float o[3], const float inv[3], const uint32_t near[3],
          float limit)
{
    float tn = 0.0f, tf = limit;
#pragma GCC unroll 3
    for (uint32_t d = 0; d < 3u; d++) {
        float t0 = (b[near[d] + d] - o[d]) * inv[d];
        float t1 = (b[3u - near[d] + d] - o[d]) * inv[d];
        if (t0 > tn)
            tn = t0;
        if (t1 < tf)
            tf = t1;
    }
    return tn <= tf ? tn : FAR;
}

/* Moller-Trumbore: the distance of the hit, or FAR. */
static inline __attribute__((always_inline)) float hit_tri(const tri_t *t, const float o[3],
                                                           const float d[3])
{
    float p[3] = {d[1] * t->e2[2] - d[2] * t->e2[1], d[2] * t->e2[0] - d[0] * t->e2[2],
                  d[0] * t->e2[1] - d[1] * t->e2[0]};
    float det = t->e1[0] * p[0] + t->e1[1] * p[1] + t->e1[2] * p[2];
    if (det > -EPS && det < EPS)
        return FAR;
    float inv = 1.0f / det;
    float s[3] = {o[0] - t->v0[0], o[1] - t->v0[1], o[2] - t->v0[2]};
    float u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) * inv;
    if (u < 0.0f || u > 1.0f)
        return FAR;
    float q[3] = {s[1] * t->e1[2] - s[2] * t->e1[1], s[2] * t->e1[0] - s[0] * t->e1[2],
                  s[0] * t->e1[1] - s[1] * t->e1[0]};
    float v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) * inv;
    if (v < 0.0f || u + v > 1.0f)
        return FAR;
    return (t->e2[0] * q[0] + t->e2[1] * q[1] + t->e2[2] * q[2]) * inv;
}

/* Walks the tree: the closest hit in (tmin, *tmax) (any_hit: the first
 * found) that is not triangle `skip`; its index or -1, *tmax its distance.
 * Inlined at both calls (with o, d, inv and near in registers), so that the
 * closest-hit walk (any_hit 0) has no `break`. */
static inline __attribute__((always_inline)) int32_t
walk(const args_t *a, const float o[3], const float d[3], float tmin, float *tmax, int any_hit,
     int32_t skip)
{
    float inv[3];
    uint32_t near[3];
#pragma GCC unroll 3
    for (uint32_t k = 0; k < 3u; k++) {
        inv[k] = 1.0f / d[k];
        near[k] = d[k] < 0.0f ? 3u : 0u;
    }
    uint32_t stack[STACK];
    float dist[STACK];
    int sp = 0;
    int32_t hit = -1;
    float best = *tmax;
    float t0 = enter_box(a->box + 6, o, inv, near, best);
    if (t0 < FAR) {
        stack[0] = 1u;
        dist[0] = t0;
        sp = 1;
    }
    while (sp > 0) {
        sp--;
        uint32_t node = stack[sp];
        if (dist[sp] > best)
            continue; /* a closer hit was found since it was pushed */
        if (node >= a->leaves) {
            uint32_t t = 4u * (node - a->leaves);
            uint32_t end = t + 4u < a->ntri ? t + 4u : a->ntri;
            for (; t < end; t++) {
                if ((int32_t)t == skip)
                    continue;
                float th = hit_tri(&a->tri[t], o, d);
                if (th > tmin && th < best) {
                    best = th;
                    hit = (int32_t)t;
                }
            }
            if (any_hit && hit >= 0)
                break; /* the first occluder ends the walk */
            continue;
        }
        uint32_t c = 2u * node;
        float ta = enter_box(a->box + 6u * c, o, inv, near, best);
        float tb = enter_box(a->box + 6u * (c + 1u), o, inv, near, best);
        if (ta < FAR && tb < FAR && sp + 2 <= STACK) {
            uint32_t first = ta <= tb ? c : c + 1u; /* the nearer: popped first */
            stack[sp] = first ^ 1u;
            dist[sp] = ta <= tb ? tb : ta;
            stack[sp + 1] = first;
            dist[sp + 1] = ta <= tb ? ta : tb;
            sp += 2;
        } else if (ta < FAR && sp < STACK) {
            stack[sp] = c;
            dist[sp] = ta;
            sp++;
        } else if (tb < FAR && sp < STACK) {
            stack[sp] = c + 1u;
            dist[sp] = tb;
            sp++;
        }
    }
    *tmax = best;
    return hit;
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    if (tid >= a->w * a->h)
        return;
    float g = a->g;
    /* a thread block covers 8 x 4 pixels (w and h are multiples of 8) */
    uint32_t tile = tid / 32u, in = tid % 32u, tiles_x = a->w / 8u;
    uint32_t px = tile % tiles_x * 8u + in % 8u, py = tile / tiles_x * 4u + in / 8u;
    /* the camera in front of the terrain and above it, looking down at it:
     * every direction has x != 0 (w even), y > 0, z < 0 */
    float sx = ((float)px + 0.5f) / (float)a->w * 2.0f - 1.0f;
    float sy = ((float)py + 0.5f) / (float)a->h * 2.0f - 1.0f;
    float o[3] = {0.5f * g, -0.5f * g, 0.6f * g};
    float d[3] = {0.6f * g * sx, g + 0.3f * g * sy, 0.5f * g * sy - 0.6f * g};
    float t = FAR;
    int32_t hit = walk(a, o, d, EPS, &t, 0, -1);
    int32_t shadow = -1;
    if (hit >= 0) {
        float p[3], l[3];
        float light[3] = {-0.5f * g, -0.25f * g, 1.5f * g};
#pragma GCC unroll 3
        for (uint32_t k = 0; k < 3u; k++) {
            p[k] = o[k] + t * d[k];
            l[k] = light[k] - p[k];
            if (l[k] > -EPS && l[k] < EPS)
                l[k] = EPS; /* no zero component: 1/l stays finite */
        }
        float lt = 1.0f;
        shadow = walk(a, p, l, 1.0e-4f, &lt, 1, hit) >= 0;
    }
    a->out[3u * tid] = hit;
    union {
        float f;
        int32_t i;
    } bits = {hit >= 0 ? t : 0.0f};
    a->out[3u * tid + 1u] = bits.i;
    a->out[3u * tid + 2u] = shadow;
}
