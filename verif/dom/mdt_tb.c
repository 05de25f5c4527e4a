/* mdt testbench: the MDT alone, driven by the shared Diverge on Miss driver
 * (dom_tb_common.c); the slip controller's permission (acc_alloc_ok_i) is
 * random, 85% allowed. Or a directed scenario (verif/dom/scenarios/mdt_*.scn)
 * in the MDT verbs of dom_tb_common.h. */
#include "cosim_kit.h"
#include "dom_tb_common.h"

typedef struct {
    mdt_params_t p;
    mdt_t *m;
    dom_driver_t d;
    dom_scn_t scn; /* directed scenario instead of the driver (scn.scn set) */
} tb_t;

static int tb_init(tb_t *t, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    (void)err, (void)errlen;
    dom_driver_init(&t->d, &t->p, o->seed, cover[KIT_COVERS_MDT]);
    t->scn.scn = o->scn;
    return 0;
}

static int tb_stimulus(tb_t *t, uint64_t cycle, mdt_in_t *in, char *err, size_t errlen)
{
    (void)cycle;
    if (!t->scn.scn) {
        dom_driver_request(&t->d, t->m, NULL, NULL, in);
        return 0;
    }
    int rc = scenario_cycle_next(&t->scn, err, errlen);
    if (rc)
        return rc;
    if (dom_scn_mdt_request(&t->scn, true, in, err, errlen))
        return -1;
    return scenario_done(&t->scn.line, err, errlen);
}

static int tb_model(tb_t *t, uint64_t cycle, const mdt_in_t *in, mdt_out_t *out, char *err,
                    size_t errlen)
{
    mdt_events_t ev;
    (void)cycle;
    if (t->scn.check == SCN_PEEK) { /* the outputs without the edge */
        mdt_eval(t->m, in, out);
        return dom_scn_mdt_check(&t->scn, out, err, errlen);
    }
    mdt_step(t->m, in, out, &ev);
    if (dom_driver_after(&t->d, t->m, in, &ev, in->acc_alloc_ok, err, errlen))
        return -1;
    return t->scn.scn ? dom_scn_mdt_check(&t->scn, out, err, errlen) : 0;
}

static void tb_reset(tb_t *t) { dom_driver_reset(&t->d); }

COSIM_TESTBENCH(tb_t, mdt, true, NULL, tb_reset, .verbs = dom_mdt_verbs);
