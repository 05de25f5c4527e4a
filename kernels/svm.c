/* svm: training a linear support vector machine on sparse data by full-
 * batch subgradient descent on the regularised hinge loss
 *   min_w  lambda/2 |w|^2 + 1/n sum_i max(0, 1 - y_i w.x_i),
 * alternating two kernels, one launch each:
 *   - margins (one thread per sample): m_i = y_i w.x_i, a dot product over
 *     the sample's sparse feature list (a gather of w per feature), then a
 *     branch on the margin: a sample with m_i < 1 is active (inside the
 *     margin or misclassified) and records its hinge loss;
 *   - update (one thread per feature): w_f <- (1 - eta lambda) w_f
 *     + eta/n sum over the feature's column of y_i x_if for the active
 *     samples i (the data also stored by feature, CSC, so that no two
 *     threads write one weight).
 * No bias term. simt_next() switches between the kernels: E epochs
 * (margins, update), then a last margins launch.
 *
 * The papers' SVM-like workload (changing memory divergence). Both kernels
 * loop over lists of very different lengths (most samples have 4-15
 * features, one in eight has 32-95; feature frequencies are skewed: the
 * first columns are about 3 times as long as the last). The update kernel
 * tests each column entry's sample for being active -- a gathered flag --
 * and only then gathers its label: as training goes on fewer samples stay
 * active, so the same loop's branch and gathers change from epoch to epoch.
 *   - control divergence: list lengths; the margin branch; the active test;
 *   - memory divergence: gathers of w by feature index, of the active flags
 *     and labels by sample index; the lists themselves are streamed.
 *
 * Inputs: n samples over F features, values uniform in [0, 1), feature
 * index floor(F (u + u^2) / 2) for u uniform in [0, 1); labels the sign of
 * a hidden random weight vector's product, flipped for 1 sample in 16;
 * step eta = F / 8 / (e + 1) in epoch e (the margins grow as 1/F for one
 * step size), lambda = 0.001; the active share goes from 100% to 50-90%:
 *   small n = 512, F = 256; default n = 8192, F = 4096;
 *   large n = 65536, F = 16384; E = 3 epochs.
 * Launch: n or F threads by kernel, no barrier, 2E + 1 launches.
 * Output: w (float x F), the last margins (float x n), the active flags
 * (int32 x n). */
#include "simt.h"

#define EPOCHS 3u
#define ETA0 0.125f /* the first epoch's step, times F */
#define LAMBDA 0.001f

typedef struct {
    uint32_t n, nf, phase;          /* phase 0: margins, 1: update */
    float eta;                      /* this epoch's step */
    const uint32_t *row, *col;      /* CSR: n + 1 offsets, feature indices */
    const float *val;
    const uint32_t *cstart, *csample; /* CSC: nf + 1 offsets, sample indices */
    const float *cval;
    const float *y;                 /* labels, +1 or -1 */
    float *w;
    float *margin, *loss;
    int32_t *active;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    uint32_t n = size == SIMT_SMALL ? 512u : size == SIMT_DEFAULT ? 8192u : 65536u;
    uint32_t nf = size == SIMT_SMALL ? 256u : size == SIMT_DEFAULT ? 4096u : 16384u;
    simt_rng_t r = simt_rng(seed);
    args_t *a = simt_alloc(sizeof *a);
    uint32_t *row = simt_alloc((n + 1u) * 4u);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len = (simt_rand(&r) & 7u) == 0 ? 32u + simt_rand_below(&r, 64u)
                                                 : 4u + simt_rand_below(&r, 12u);
        row[i + 1] = row[i] + len;
    }
    uint32_t nnz = row[n];
    uint32_t *col = simt_alloc(nnz * 4u);
    float *val = simt_alloc(nnz * 4u);
    float *hidden = simt_alloc(nf * 4u);
    for (uint32_t f = 0; f < nf; f++)
        hidden[f] = 2.0f * simt_rand_float(&r) - 1.0f;
    float *y = simt_alloc(n * 4u);
    for (uint32_t i = 0; i < n; i++) {
        float dot = 0.0f;
        for (uint32_t e = row[i]; e < row[i + 1]; e++) {
            float u = simt_rand_float(&r);
            uint32_t f = (uint32_t)((float)nf * (u + u * u) * 0.5f);
            col[e] = f < nf ? f : nf - 1u;
            val[e] = simt_rand_float(&r);
            dot = dot + val[e] * hidden[col[e]];
        }
        y[i] = (dot < 0.0f) == ((simt_rand(&r) & 15u) == 0) ? 1.0f : -1.0f;
    }
    /* the same entries by feature (a counting sort, samples in order) */
    uint32_t *cstart = simt_alloc((nf + 1u) * 4u), *fill = simt_alloc(nf * 4u);
    for (uint32_t e = 0; e < nnz; e++)
        cstart[col[e] + 1u]++;
    for (uint32_t f = 0; f < nf; f++)
        cstart[f + 1u] += cstart[f];
    uint32_t *csample = simt_alloc(nnz * 4u);
    float *cval = simt_alloc(nnz * 4u);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t e = row[i]; e < row[i + 1]; e++) {
            uint32_t at = cstart[col[e]] + fill[col[e]]++;
            csample[at] = i;
            cval[at] = val[e];
        }
    a->n = n;
    a->nf = nf;
    a->phase = 0;
    a->row = row;
    a->col = col;
    a->val = val;
    a->cstart = cstart;
    a->csample = csample;
    a->cval = cval;
    a->y = y;
    a->w = simt_alloc(nf * 4u);
    a->margin = simt_alloc(n * 4u);
    a->loss = simt_alloc(n * 4u);
    a->active = simt_alloc(n * 4u);
    l->threads = n;
    l->block_threads = 0; /* no barrier */
    l->args = a;
    simt_output(l, a->w, nf * 4u);
    simt_output(l, a->margin, n * 4u);
    simt_output(l, a->active, n * 4u);
}

static void margins(const args_t *a, uint32_t i)
{
    if (i >= a->n)
        return;
    float dot = 0.0f;
    uint32_t end = a->row[i + 1];
    for (uint32_t e = a->row[i]; e < end; e++)
        dot = dot + a->val[e] * a->w[a->col[e]];
    float m = a->y[i] * dot;
    a->margin[i] = m;
    if (m < 1.0f) {
        a->active[i] = 1;
        a->loss[i] = 1.0f - m;
    } else {
        a->active[i] = 0;
        a->loss[i] = 0.0f;
    }
}

static void update(const args_t *a, uint32_t f)
{
    if (f >= a->nf)
        return;
    float g = 0.0f;
    uint32_t end = a->cstart[f + 1];
    for (uint32_t e = a->cstart[f]; e < end; e++) {
        uint32_t i = a->csample[e];
        if (a->active[i])
            g = g + a->y[i] * a->cval[e];
    }
    a->w[f] = (1.0f - a->eta * LAMBDA) * a->w[f] + a->eta / (float)a->n * g;
}

void simt_kernel(unsigned tid, unsigned nthreads, const void *args)
{
    const args_t *a = args;
    (void)nthreads;
    if (a->phase == 0)
        margins(a, tid);
    else
        update(a, tid);
}

int simt_next(simt_launch_t *l, unsigned launch)
{
    args_t *a = (args_t *)l->args;
    if (launch + 1u >= 2u * EPOCHS + 1u)
        return 0;
    a->phase ^= 1u;
    a->eta = ETA0 * (float)a->nf / (float)(launch / 2u + 1u);
    l->threads = a->phase ? a->nf : a->n;
    return 1;
}
