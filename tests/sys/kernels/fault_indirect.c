/* An indirect call through a function pointer (jalr other than a return):
 * not supported; the simulator must name the PC and exit 1. */
#include "simt.h"

typedef int32_t (*op_t)(int32_t);

static int32_t twice(int32_t x) { return 2 * x; }
static int32_t negate(int32_t x) { return -x; }

typedef struct {
    op_t ops[2];
    int32_t *out;
} args_t;

void simt_setup(simt_launch_t *l, unsigned size, unsigned seed)
{
    (void)size, (void)seed;
    args_t *a = simt_alloc(sizeof *a);
    a->ops[0] = twice, a->ops[1] = negate;
    a->out = simt_alloc(16 * 4);
    l->threads = 16, l->block_threads = 8, l->args = a;
    simt_output(l, a->out, 16 * 4);
}

void simt_kernel(unsigned tid, unsigned n, const void *args)
{
    const args_t *a = args;
    (void)n;
    a->out[tid] = a->ops[tid & 1]((int32_t)tid);
}
