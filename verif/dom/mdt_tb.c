/* mdt testbench: the MDT alone, driven by the shared Diverge on Miss driver
 * (dom_tb_common.c); the slip controller's permission (acc_alloc_ok_i) is
 * random, 85% allowed. Or a directed scenario (verif/dom/scenarios/mdt_*.scn)
 * in the MDT verbs of dom_tb_common.h. */
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "dom_tb_common.h"
#include "mdt_ports.h"

typedef mdt_port_in_t pin_t;
typedef mdt_port_out_t pout_t;

typedef struct {
    mdt_params_t p;
    mdt_t *m;
    dom_driver_t d;
    dom_scn_t scn; /* directed scenario instead of the driver (scn.scn set) */
} tb_t;

static void *tb_create(const cosim_opts_t *o, char *err, size_t errlen)
{
    tb_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->p = (mdt_params_t){CFG_NumWarps, CFG_EntriesPerWarp, CFG_WarpWidth, CFG_PcWidth};
    if (mdt_create(&t->p, &t->m)) {
        snprintf(err, errlen, "mdt model rejects configuration %s", CFG_NAME);
        free(t);
        return NULL;
    }
    dom_driver_init(&t->d, &t->p, o->seed);
    if (o->scenario && dom_scn_open(&t->scn, o->scenario, err, errlen)) {
        mdt_destroy(t->m);
        free(t);
        return NULL;
    }
    return t;
}

static void tb_destroy(void *p)
{
    tb_t *t = p;
    if (t->scn.scn)
        dom_scn_close(&t->scn);
    mdt_destroy(t->m);
    free(t);
}

static void to_ports(const mdt_in_t *r, pin_t *in)
{
    in->acc_valid_i[0] = r->acc_valid;
    in->acc_op_i[0] = r->acc_op;
    in->acc_warp_i[0] = r->acc_warp;
    in->acc_pc_i[0] = r->acc_pc;
    in->acc_exec_i[0] = r->acc_exec;
    in->acc_hit_i[0] = r->acc_hit;
    in->acc_alloc_ok_i[0] = r->acc_alloc_ok;
    in->fill_valid_i[0] = r->fill_valid;
    in->fill_warp_i[0] = r->fill_warp;
    in->fill_entry_i[0] = r->fill_entry;
    in->fill_mask_i[0] = r->fill_mask;
    in->rd_warp_i[0] = r->rd_warp;
    in->rd_entry_i[0] = r->rd_entry;
}

static void from_ports(const pin_t *in, mdt_in_t *r)
{
    memset(r, 0, sizeof *r);
    r->acc_valid = in->acc_valid_i[0] & 1u;
    r->acc_op = (unsigned)in->acc_op_i[0];
    r->acc_warp = (unsigned)in->acc_warp_i[0];
    r->acc_pc = in->acc_pc_i[0];
    r->acc_exec = in->acc_exec_i[0];
    r->acc_hit = in->acc_hit_i[0];
    r->acc_alloc_ok = in->acc_alloc_ok_i[0] & 1u;
    r->fill_valid = in->fill_valid_i[0] & 1u;
    r->fill_warp = (unsigned)in->fill_warp_i[0];
    r->fill_entry = (unsigned)in->fill_entry_i[0];
    r->fill_mask = in->fill_mask_i[0];
    r->rd_warp = (unsigned)in->rd_warp_i[0];
    r->rd_entry = (unsigned)in->rd_entry_i[0];
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    mdt_in_t r;
    (void)cycle;
    if (t->scn.scn) {
        int rc = dom_scn_next(&t->scn, err, errlen);
        if (rc)
            return rc;
        if (dom_scn_mdt_request(&t->scn, true, &r, err, errlen) ||
            scenario_unused(&t->scn.line, err, errlen))
            return -1;
        to_ports(&r, (pin_t *)words);
        return dom_scn_fits(&t->scn, mdt_port_in_desc, MDT_PORT_IN_COUNT, words, err, errlen);
    }
    dom_driver_request(&t->d, t->m, NULL, NULL, &r);
    to_ports(&r, (pin_t *)words);
    return 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    mdt_in_t r;
    mdt_out_t o;
    mdt_events_t ev;
    (void)cycle;
    from_ports((const pin_t *)words, &r);
    mdt_step(t->m, &r, &o, &ev);
    pout_t *q = (pout_t *)out_words;
    q->rsp_valid_o[0] = o.rsp_valid;
    q->rsp_err_o[0] = o.rsp_err;
    q->rsp_kind_o[0] = o.rsp_kind;
    q->rsp_entry_o[0] = o.rsp_entry;
    q->rsp_rejoin_o[0] = o.rsp_rejoin;
    q->rsp_waiting_o[0] = o.rsp_waiting;
    q->fill_rsp_valid_o[0] = o.fill_rsp_valid;
    q->fill_err_o[0] = o.fill_err;
    q->err_sticky_o[0] = o.err_sticky;
    q->rd_valid_o[0] = o.rd_valid;
    q->rd_pc_o[0] = o.rd_pc;
    q->rd_waiting_o[0] = o.rd_waiting;
    q->rd_ready_o[0] = o.rd_ready;
    q->rd_age_o[0] = o.rd_age;
    q->rd_masked_o[0] = o.rd_masked;
    q->rd_free_o[0] = o.rd_free;
    if (t->scn.scn) {
        dom_driver_after(&t->d, t->m, &r, &ev, r.acc_alloc_ok, err, errlen); /* coverage only */
        uint64_t got[DSK_COUNT];
        dom_scn_mdt_got(&o, got);
        return t->scn.expect
                   ? scenario_expect_check(&t->scn.line, &t->scn.exp, dom_mdt_keys, DSK_COUNT, 0,
                                           got, err, errlen)
                   : 0;
    }
    return dom_driver_after(&t->d, t->m, &r, &ev, r.acc_alloc_ok, err, errlen);
}

static const uint64_t *tb_cover_counts(const void *p) { return ((const tb_t *)p)->d.cover; }
static bool tb_cover_applies(const void *p, unsigned k)
{
    return dom_mdt_cover_applies(&((const tb_t *)p)->p, k, false);
}
static uint64_t tb_ops(const void *p) { return ((const tb_t *)p)->d.ops; }

int main(int argc, char **argv)
{
    static const cosim_tb_t tb = {
        MDT_COSIM_DUT,
        .scenarios = true,
        .covers = dom_mdt_covers,
        .n_covers = DCV_COUNT,
        .create = tb_create,
        .destroy = tb_destroy,
        .stimulus = tb_stimulus,
        .model = tb_model,
        .cover_counts = tb_cover_counts,
        .cover_applies = tb_cover_applies,
        .ops = tb_ops,
    };
    return cosim_main(&tb, CFG_NAME, argc, argv);
}
