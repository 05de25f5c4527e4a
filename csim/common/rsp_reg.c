/* Golden model of the rsp_reg cell: see rsp_reg.h. The state is what the
 * cell shows: each port's last response and the sticky bits. */
#include "rsp_reg.h"

#include <string.h>

struct rsp_reg {
    rsp_reg_params_t p;
    unsigned code_mask;  /* 2^ErrWidth - 1: the bits of a code */
    rsp_reg_out_t shown; /* the registers: this cycle's outputs */
};

static int init(rsp_reg_t *m, const rsp_reg_params_t *p)
{
    m->code_mask = (unsigned)rsp_reg_derive_sticky_width(p) - 1u;
    return RSP_REG_OK;
}

MODEL_DEFINE_CREATE(rsp_reg, init)
MODEL_DEFINE_DESTROY(rsp_reg, (void)0)

void rsp_reg_reset(rsp_reg_t *m)
{
    memset(&m->shown, 0, sizeof m->shown);
}

void rsp_reg_peek(const rsp_reg_t *m, rsp_reg_out_t *out)
{
    *out = m->shown;
}

void rsp_reg_step(rsp_reg_t *m, const rsp_reg_in_t *in, rsp_reg_out_t *out)
{
    if (out)
        *out = m->shown;
    /* the edge: every port's response, and the errors into the sticky bits */
    m->shown.valid = 0;
    for (unsigned p = 0; p < m->p.num_ports; p++) {
        bool req = in->valid >> p & 1u;
        unsigned code = req ? in->err[p] & m->code_mask : 0u;
        m->shown.valid |= (unsigned)req << p;
        m->shown.err[p] = (uint16_t)code;
        if (code != 0)
            bm_set(&m->shown.sticky, code, true);
    }
}
