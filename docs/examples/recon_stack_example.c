/* Driving a golden model from your own simulator: the recon_stack model,
 * one warp of 8 threads, through an if/else (docs/blocks/recon_stack.md).
 * Built against the installed library by make test:
 *
 *   make install PREFIX=$HOME/simt
 *   export PKG_CONFIG_PATH=$HOME/simt/lib/pkgconfig
 *   cc docs/examples/recon_stack_example.c $(pkg-config --cflags --libs simt-models)
 *   LD_LIBRARY_PATH=$HOME/simt/lib ./a.out     (or link libsimt_models.a)
 *
 * Each recon_stack_step() is one clock cycle: it returns the outputs of the
 * cycle, then applies the request at the edge. The example prints the top
 * of the warp's stack after each request and exits 1 if it is not what the
 * block's page says it must be. */
#include <stdio.h>

#include "recon_stack.h"

static recon_stack_out_t cycle(recon_stack_t *m, unsigned op, uint64_t pc, uint64_t alt,
                               uint64_t rpc, uint64_t mask)
{
    recon_stack_in_t in = {.req_valid = true, .req_op = op, .req_pc = pc, .req_alt_pc = alt,
                           .req_rpc = rpc, .req_lpc = 0xffffffffu};
    bm_from_u64(&in.req_mask, mask);
    recon_stack_out_t out;
    recon_stack_step(m, &in, &out, NULL); /* the request */
    recon_stack_in_t idle = {0};
    recon_stack_eval(m, &idle, &out);     /* its effect, on the read port of warp 0 */
    return out;
}

int main(void)
{
    recon_stack_params_t p = {.num_warps = 1, .warp_width = 8, .pc_width = 32, .depth = 4,
                              .lcp_enable = false};
    recon_stack_t *m;
    if (recon_stack_create(&p, &m) != RS_OK) {
        fprintf(stderr, "recon_stack_create failed\n");
        return 1;
    }
    static const struct {
        const char *what;
        unsigned op;
        uint64_t pc, alt, rpc, mask;
        uint64_t want_pc, want_mask;
        unsigned want_depth;
    } steps[] = {
        {"INIT at 0x100, exit 0x900", RS_OP_INIT, 0x100, 0, 0x900, 0xff, 0x100, 0xff, 1},
        {"if (lanes 0-3) 0x110 else 0x120, join 0x200", RS_OP_BRANCH, 0x110, 0x120, 0x200, 0x0f,
         0x110, 0x0f, 3},
        {"then part reaches 0x200", RS_OP_ADVANCE, 0x200, 0, 0, 0, 0x120, 0xf0, 2},
        {"else part reaches 0x200", RS_OP_ADVANCE, 0x200, 0, 0, 0, 0x200, 0xff, 1},
    };
    int bad = 0;
    for (unsigned i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        recon_stack_out_t o = cycle(m, steps[i].op, steps[i].pc, steps[i].alt, steps[i].rpc,
                                    steps[i].mask);
        uint64_t mask = o.rd_mask.w[0]; /* lanes 0-63 */
        printf("%-46s -> pc 0x%llx mask 0x%02llx depth %u\n", steps[i].what,
               (unsigned long long)o.rd_pc, (unsigned long long)mask, o.rd_depth);
        bad |= o.rsp_err != RS_ERR_NONE || o.rd_pc != steps[i].want_pc ||
               mask != steps[i].want_mask || o.rd_depth != steps[i].want_depth;
    }
    recon_stack_destroy(m);
    return bad;
}
