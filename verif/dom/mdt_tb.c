/* mdt testbench: the MDT alone, driven by the shared Diverge on Miss driver
 * (dom_tb_common.c); the slip controller's permission (acc_alloc_ok_i) is
 * random, 85% allowed. Or a directed scenario (verif/dom/scenarios/mdt_*.scn)
 * in the MDT verbs of dom_tb_common.h. */
#include "cosim_kit.h"
#include "dom_tb_common.h"

typedef struct {
    mdt_t *m;
    dom_driver_t d;
    dom_scn_t scn; /* directed scenario instead of the driver (scn.scn set) */
} tb_t;

static int tb_init(void *p, const cosim_opts_t *o, uint64_t *const *cover, char *err,
                   size_t errlen)
{
    tb_t *t = p;
    mdt_params_t mp = KIT_PARAMS;
    if (mdt_create(&mp, &t->m)) {
        snprintf(err, errlen, "mdt model rejects configuration %s", CFG_NAME);
        return -1;
    }
    dom_driver_init(&t->d, &mp, o->seed, cover[KIT_COVERS_MDT]);
    dom_scn_init(&t->scn, o->scn);
    return 0;
}

static void tb_fini(void *p)
{
    tb_t *t = p;
    mdt_destroy(t->m);
}

static int tb_stimulus(void *p, uint64_t cycle, uint64_t *words, char *err, size_t errlen)
{
    tb_t *t = p;
    mdt_in_t in;
    int rc = 0;
    (void)cycle;
    if (!t->scn.scn)
        dom_driver_request(&t->d, t->m, NULL, NULL, &in);
    else if (!(rc = dom_scn_next(&t->scn, err, errlen)) &&
             (dom_scn_mdt_request(&t->scn, true, &in, err, errlen) ||
              scenario_unused(&t->scn.line, err, errlen)))
        rc = -1;
    if (rc)
        return rc;
    KIT_TO_PORTS(KIT_IN_PORTS, kit_in_t, &in, words);
    return t->scn.scn ? dom_scn_fits(&t->scn, mdt_port_in_desc, MDT_PORT_IN_COUNT, words, err,
                                     errlen)
                      : 0;
}

static int tb_model(void *p, uint64_t cycle, const uint64_t *in_words, uint64_t *out_words,
                    char *err, size_t errlen)
{
    tb_t *t = p;
    mdt_in_t in;
    mdt_out_t o;
    mdt_events_t ev;
    (void)cycle;
    KIT_FROM_PORTS(KIT_IN_PORTS, kit_in_t, &in, in_words);
    mdt_step(t->m, &in, &o, &ev);
    KIT_TO_PORTS(KIT_OUT_PORTS, kit_out_t, &o, out_words);
    if (dom_driver_after(&t->d, t->m, &in, &ev, in.acc_alloc_ok, err, errlen))
        return -1;
    return t->scn.scn ? dom_scn_mdt_check(&t->scn, &o, err, errlen) : 0;
}

COSIM_TESTBENCH(tb_t, true, tb_fini);
