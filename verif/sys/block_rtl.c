/* A verilated block in the system model's loop (simtsys --rtl): the
 * sim_<block>_ops_t of SYS_RTL_TOP (recon_stack, tbc_core) over its
 * generated shim, the ports bound to the golden model's structs by name
 * (bind.h, cosim_kit.h), so that the cores drive the RTL exactly as they
 * drive the model. Built by scripts/build_sys_rtl.sh for one parameter set,
 * SYS_RTL_PARAMS (sim_rtl_params()'s words): simtsys refuses a machine
 * that needs another. */
#include <stdio.h>
#include <stdlib.h>

#include "cosim_kit.h"
#include "sim.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define DUT(f) CAT(SYS_RTL_TOP, CAT(_dut_, f))
typedef CAT(SYS_RTL_TOP, _in_t) in_t;
typedef CAT(SYS_RTL_TOP, _out_t) out_t;
typedef CAT(SYS_RTL_TOP, _params_t) params_t;
typedef CAT(sim_, CAT(SYS_RTL_TOP, _ops_t)) ops_t;

typedef struct CAT(SYS_RTL_TOP, _dut) dut_t;
dut_t *DUT(create)(const char *fst_path, int argc, const char *const *args);
void DUT(reset)(dut_t *d);
void DUT(eval)(dut_t *d, const kit_in_t *in, kit_out_t *out);
void DUT(tick)(dut_t *d);
void DUT(destroy)(dut_t *d);

static void rtl_eval(void *ctx, const in_t *in, out_t *out)
{
    kit_in_t pi;
    kit_out_t po;
    memset(&pi, 0, sizeof pi);
    KIT_TO_PORTS(KIT_IN_PORTS, kit_in_t, in, &pi);
    DUT(eval)(ctx, &pi, &po);
    KIT_FROM_PORTS(KIT_OUT_PORTS, kit_out_t, out, &po);
}

static void rtl_step(void *ctx, const in_t *in, out_t *out)
{
    rtl_eval(ctx, in, out);
    DUT(tick)(ctx);
}

static void rtl_destroy(void *ctx) { DUT(destroy)(ctx); }

static void rtl_idle(void *ctx, const in_t *in, uint64_t n)
{
    out_t out;
    while (n--)
        rtl_step(ctx, in, &out);
}

/* simtsys checked the machine's parameters against SYS_RTL_PARAMS */
static int factory(const params_t *p, ops_t *ops, char *err, size_t n)
{
    (void)p, (void)err, (void)n;
    dut_t *d = DUT(create)(NULL, 0, NULL);
    DUT(reset)(d);
    *ops = (ops_t){d, rtl_eval, rtl_step, rtl_destroy, rtl_idle};
    return 0;
}

void sys_rtl_blocks(sim_blocks_t *blocks) { blocks->SYS_RTL_TOP = factory; }
