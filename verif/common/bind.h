/* Port binding: a golden model's input/output struct <-> the port words of
 * the generated port structs, by name. The generator lists every port with
 * the model field of the same name without its _i/_o suffix (cosim_kit.h:
 * KIT_IN_PORTS, KIT_OUT_PORTS); the field's C type says how it is packed:
 *
 *   bitmask_t            a mask of the port's width (bitmask.h)
 *   uint16_t array       a port of equal elements, element l at bit l*E (E
 *                        from the declaration's `packed PORT "E"` line, at
 *                        most 16)
 *   uint64_t array       the same, E at most 64
 *   any other scalar     a port of at most 64 bits
 *
 * A port without a field of its name is a compile error: the binding is
 * complete or it does not build. Reading a port masks it to its width, as
 * the wires do. */
#ifndef SIMT_BIND_H
#define SIMT_BIND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitmask.h"
#include "cosim.h"
#include "ports.h"

enum { BIND_INT, BIND_MASK, BIND_U16S, BIND_U64S };

#define BIND_KIND(f) \
    _Generic((f), bitmask_t: BIND_MASK, uint16_t *: BIND_U16S, const uint16_t *: BIND_U16S, \
             uint64_t *: BIND_U64S, const uint64_t *: BIND_U64S, default: BIND_INT)

/* The element width an array field holds (0: not an array field). */
static inline unsigned bind_elem_max(int kind)
{
    return kind == BIND_U16S ? 16u : kind == BIND_U64S ? 64u : 0u;
}

static inline void bind_bad(unsigned width, unsigned elem)
{
    fprintf(stderr, "bind.h: a port of %u bits bound to a field that cannot hold it "
                    "(element width %u)\n", width, elem);
    abort();
}

static inline void bind_put(uint64_t *w, unsigned width, unsigned elem, const void *f,
                            int kind, size_t size)
{
    if (kind == BIND_MASK) {
        bm_to_words(w, (const bitmask_t *)f, width);
    } else if (bind_elem_max(kind)) {
        if (!elem || elem > bind_elem_max(kind))
            bind_bad(width, elem);
        for (unsigned l = 0; l < width / elem; l++)
            port_set_field(w, l * elem, elem,
                           kind == BIND_U16S ? ((const uint16_t *)f)[l] : ((const uint64_t *)f)[l]);
    } else {
        uint64_t v = 0;
        switch (size) {
        case 1: v = *(const uint8_t *)f; break;
        case 2: v = *(const uint16_t *)f; break;
        case 4: v = *(const uint32_t *)f; break;
        case 8: v = *(const uint64_t *)f; break;
        default: bind_bad(width, elem);
        }
        if (width > 64)
            bind_bad(width, elem);
        w[0] = v;
    }
}

static inline void bind_get(const uint64_t *w, unsigned width, unsigned elem, void *f, int kind,
                            size_t size)
{
    if (kind == BIND_MASK) {
        bm_from_words((bitmask_t *)f, w, width);
    } else if (bind_elem_max(kind)) {
        if (!elem || elem > bind_elem_max(kind))
            bind_bad(width, elem);
        for (unsigned l = 0; l < width / elem; l++) {
            uint64_t v = port_get_field(w, l * elem, elem);
            if (kind == BIND_U16S)
                ((uint16_t *)f)[l] = (uint16_t)v;
            else
                ((uint64_t *)f)[l] = v;
        }
    } else {
        if (width > 64)
            bind_bad(width, elem);
        uint64_t v = width == 64 ? w[0] : w[0] & ((UINT64_C(1) << width) - 1u);
        switch (size) {
        case 1: *(uint8_t *)f = (uint8_t)v; break;
        case 2: *(uint16_t *)f = (uint16_t)v; break;
        case 4: *(uint32_t *)f = (uint32_t)v; break;
        case 8: *(uint64_t *)f = v; break;
        default: bind_bad(width, elem);
        }
    }
}

#define BIND_PUT_(s, p, field, port, width, elem) \
    bind_put((p)->port, width, elem, &(s)->field, BIND_KIND((s)->field), sizeof((s)->field));
#define BIND_GET_(s, p, field, port, width, elem) \
    bind_get((p)->port, width, elem, &(s)->field, BIND_KIND((s)->field), sizeof((s)->field));

/* model struct *s -> port words (uint64_t *words); LIST is KIT_IN_PORTS or
 * KIT_OUT_PORTS, T the matching kit_in_t / kit_out_t. */
#define KIT_TO_PORTS(LIST, T, s, words) \
    do { \
        T *p_ = (T *)(void *)(words); \
        LIST(BIND_PUT_, s, p_) \
    } while (0)
/* port words -> model struct *s (zeroed first: fields without a port are 0) */
#define KIT_FROM_PORTS(LIST, T, s, words) \
    do { \
        const T *p_ = (const T *)(const void *)(words); \
        memset((s), 0, sizeof *(s)); \
        LIST(BIND_GET_, s, p_) \
    } while (0)

/* The cosim_testbench_t of a testbench, bound to the port words: its state
 * type, the golden model's input and output structs, whether it reads
 * scenarios, and its functions
 *
 *   int  init_fn(void *state, const cosim_opts_t *, uint64_t *const *cover, err, len)
 *   void fini_fn(void *state)                                   (or NULL)
 *   void reset_fn(void *state)  the reset in mid-run (cosim.h)  (or NULL)
 *   int  tb_stimulus(state *, uint64_t cycle, in_t *in, err, len)
 *   int  tb_model(state *, uint64_t cycle, const in_t *in, out_t *out, err, len)
 *
 * tb_stimulus fills a zeroed in_t; tb_model sees the inputs as the RTL does
 * (each port masked to its width), and its out_t is what the RTL's outputs
 * are compared with. A testbench of a model with an instance uses
 * COSIM_TESTBENCH below. Further arguments are more of cosim_testbench_t's
 * members, e.g. `.measure = tb_measure`. */
#define COSIM_TESTBENCH_BIND(state, in_t, out_t, with_scenarios, init_fn, fini_fn, reset_fn, \
                             ...) \
    static int tb_stimulus_words_(void *p, uint64_t cycle, uint64_t *words, char *err, \
                                  size_t errlen) \
    { \
        in_t in_; \
        memset(&in_, 0, sizeof in_); \
        int rc_ = tb_stimulus((state *)p, cycle, &in_, err, errlen); \
        if (rc_ == 0 || rc_ == COSIM_PEEK) \
            KIT_TO_PORTS(KIT_IN_PORTS, kit_in_t, &in_, words); \
        return rc_; \
    } \
    static int tb_model_words_(void *p, uint64_t cycle, const uint64_t *in_words, \
                               uint64_t *out_words, char *err, size_t errlen) \
    { \
        in_t in_; \
        out_t out_; \
        KIT_FROM_PORTS(KIT_IN_PORTS, kit_in_t, &in_, in_words); \
        memset(&out_, 0, sizeof out_); \
        int rc_ = tb_model((state *)p, cycle, &in_, &out_, err, errlen); \
        KIT_TO_PORTS(KIT_OUT_PORTS, kit_out_t, &out_, out_words); \
        return rc_; \
    } \
    const cosim_testbench_t cosim_testbench = {.size = sizeof(state), \
                                               .scenarios = (with_scenarios), \
                                               .init = (init_fn), \
                                               .fini = (fini_fn), \
                                               .reset = (reset_fn), \
                                               .stimulus = tb_stimulus_words_, \
                                               .model = tb_model_words_, \
                                               __VA_ARGS__}

/* The same for the golden model `block` (block_create, block_destroy,
 * block_params_t, block_in_t, block_out_t): the kit creates the model from
 * the configuration (KIT_PARAMS) into state's members `p` (the parameters)
 * and `m` (the instance), then calls
 *
 *   int  tb_init(state *, const cosim_opts_t *, uint64_t *const *cover, err, len)
 *
 * and destroys the model after fini_fn (the testbench's own teardown, or
 * NULL). A reset in mid-run is block_reset on the model, then reset_fn (the
 * stimulus's own state, or NULL). A configuration the model rejects is a
 * setup error. COSIM_TESTBENCH_SHADOWED also keeps a second instance in
 * state's member `shadow` (created, reset and destroyed with `m`): the
 * testbench steps it without the illegal requests it injects, to check that
 * they changed nothing. */
#define COSIM_TESTBENCH(state, block, with_scenarios, fini_fn, reset_fn, ...) \
    COSIM_TESTBENCH_(state, block, with_scenarios, fini_fn, reset_fn, 0, (void)0, (void)0, \
                     __VA_ARGS__)
#define COSIM_TESTBENCH_SHADOWED(state, block, with_scenarios, fini_fn, reset_fn, ...) \
    COSIM_TESTBENCH_(state, block, with_scenarios, fini_fn, reset_fn, \
                     block##_create(&t_->p, &t_->shadow), block##_reset(t_->shadow), \
                     block##_destroy(t_->shadow), __VA_ARGS__)
#define COSIM_TESTBENCH_(state, block, with_scenarios, fini_fn, reset_fn, shadow_create, \
                         shadow_reset, shadow_destroy, ...) \
    static int tb_init_model_(void *p, const cosim_opts_t *o, uint64_t *const *cover, \
                              char *err, size_t errlen) \
    { \
        state *t_ = p; \
        t_->p = (block##_params_t)KIT_PARAMS; \
        int rc_ = block##_create(&t_->p, &t_->m); \
        if (!rc_) \
            rc_ = (shadow_create); \
        if (rc_) { \
            snprintf(err, errlen, #block " model rejects configuration %s (code %d)", \
                     CFG_NAME, rc_); \
            return -1; \
        } \
        return tb_init(t_, o, cover, err, errlen); \
    } \
    static void tb_fini_model_(void *p) \
    { \
        state *t_ = p; \
        void (*fini_)(state *) = (fini_fn); \
        if (fini_) \
            fini_(t_); \
        shadow_destroy; \
        block##_destroy(t_->m); \
    } \
    static void tb_reset_model_(void *p) \
    { \
        state *t_ = p; \
        void (*reset_)(state *) = (reset_fn); \
        block##_reset(t_->m); \
        shadow_reset; \
        if (reset_) \
            reset_(t_); \
    } \
    COSIM_TESTBENCH_BIND(state, block##_in_t, block##_out_t, with_scenarios, tb_init_model_, \
                         tb_fini_model_, tb_reset_model_, __VA_ARGS__)

#endif /* SIMT_BIND_H */
