/* The verilated recon_stack in the system model's loop (simtsys --rtl):
 * a sim_stack_ops_t over the generated shim, its ports bound to the golden
 * model's structs by name (bind.h, cosim_kit.h), so that the cores drive
 * the RTL exactly as they drive the model. Built by scripts/build_sys_rtl.sh
 * for one set of stack parameters (SYS_RTL_NUM_WARPS, _WARP_WIDTH, _DEPTH,
 * _LCP, PcWidth 32): a machine with others is refused. */
#include <stdio.h>
#include <stdlib.h>

#include "cosim_kit.h"
#include "sim.h"

typedef struct recon_stack_dut recon_stack_dut_t;
recon_stack_dut_t *recon_stack_dut_create(const char *fst_path, int argc, const char *const *args);
void recon_stack_dut_reset(recon_stack_dut_t *d);
void recon_stack_dut_eval(recon_stack_dut_t *d, const kit_in_t *in, kit_out_t *out);
void recon_stack_dut_tick(recon_stack_dut_t *d);
int recon_stack_dut_failed(recon_stack_dut_t *d);
void recon_stack_dut_destroy(recon_stack_dut_t *d);

static void rtl_eval(void *ctx, const recon_stack_in_t *in, recon_stack_out_t *out)
{
    kit_in_t pi;
    kit_out_t po;
    memset(&pi, 0, sizeof pi);
    KIT_TO_PORTS(KIT_IN_PORTS, kit_in_t, in, &pi);
    recon_stack_dut_eval(ctx, &pi, &po);
    KIT_FROM_PORTS(KIT_OUT_PORTS, kit_out_t, out, &po);
}

static void rtl_step(void *ctx, const recon_stack_in_t *in, recon_stack_out_t *out)
{
    rtl_eval(ctx, in, out);
    recon_stack_dut_tick(ctx);
}

static void rtl_destroy(void *ctx) { recon_stack_dut_destroy(ctx); }

int sys_rtl_factory(const recon_stack_params_t *p, sim_stack_ops_t *ops, char *err, size_t n)
{
    if (p->num_warps != SYS_RTL_NUM_WARPS || p->warp_width != SYS_RTL_WARP_WIDTH ||
        p->depth != SYS_RTL_DEPTH || p->pc_width != 32 || p->lcp_enable != SYS_RTL_LCP) {
        snprintf(err, n,
                 "this RTL was built for num_warps %u, warp_width %u, stack_depth %u, lcp %u, "
                 "not %u, %u, %u, %u (scripts/simt_run.py --rtl builds the right one)",
                 SYS_RTL_NUM_WARPS, SYS_RTL_WARP_WIDTH, SYS_RTL_DEPTH, SYS_RTL_LCP, p->num_warps,
                 p->warp_width, p->depth, (unsigned)p->lcp_enable);
        return -1;
    }
    recon_stack_dut_t *d = recon_stack_dut_create(NULL, 0, NULL);
    recon_stack_dut_reset(d);
    *ops = (sim_stack_ops_t){d, rtl_eval, rtl_step, rtl_destroy};
    return 0;
}
