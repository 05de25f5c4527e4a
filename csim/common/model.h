/* The interface every golden model shares, declared and defined once.
 *
 * A model `name` (csim/<group>/<name>.h) is an opaque name_t made from a
 * parameter set name_params_t and stepped one clock cycle at a time, its
 * ports as name_in_t / name_out_t (the RTL's ports without _i/_o) and what a
 * cycle did as name_events_t:
 *
 *   int name_create(const name_params_t *p, name_t **out)
 *       A model in reset state. Returns the model's OK code, or the code of
 *       the first parameter it rejects (the first check's code when p or out
 *       is NULL), or its ENOMEM code; *out is NULL on error.
 *   void name_destroy(name_t *m)
 *       Frees it; NULL is ignored.
 *   void name_reset(name_t *m)
 *       The asynchronous reset.
 *   void name_step(name_t *m, const name_in_t *in, name_out_t *out, name_events_t *ev)
 *       One clock cycle: *out = the outputs the block shows during the cycle
 *       (from the state before the edge and this cycle's inputs), then the
 *       rising edge; *ev = what the edge did. out and ev may be NULL.
 *   void name_eval(const name_t *m, const name_in_t *in, name_out_t *out)
 *                                                              (MODEL_EVAL)
 *       The outputs of the current cycle without an edge: what step() with
 *       the same inputs would show, for a model whose outputs depend on its
 *       inputs (a read port); step() is eval() and then the edge.
 *   void name_peek(const name_t *m, name_out_t *out)          (MODEL_PEEK)
 *       The same for a model whose outputs depend on no input.
 *   const name_params_t *name_params(const name_t *m)         (MODEL_PARAMS)
 *
 * Models print nothing, keep no global state and report errors as codes.
 * A model's header states what is particular to it next to these macros. */
#ifndef SIMT_MODEL_H
#define SIMT_MODEL_H

#include <stdbool.h>
#include <stdlib.h>

#define MODEL_LIFECYCLE_(name)                                                           \
    typedef struct name name##_t;                                                        \
    int name##_create(const name##_params_t *p, name##_t **out);                         \
    void name##_destroy(name##_t *m);                                                    \
    void name##_reset(name##_t *m)

/* MODEL_API(name);  declares name_t, name_create/destroy/reset/step. */
#define MODEL_API(name)                                                                  \
    MODEL_LIFECYCLE_(name);                                                              \
    void name##_step(name##_t *m, const name##_in_t *in, name##_out_t *out,              \
                     name##_events_t *ev)

/* The same for a model without events: name_step(m, in, out). */
#define MODEL_API_NO_EVENTS(name)                                                        \
    MODEL_LIFECYCLE_(name);                                                              \
    void name##_step(name##_t *m, const name##_in_t *in, name##_out_t *out)

#define MODEL_EVAL(name) \
    void name##_eval(const name##_t *m, const name##_in_t *in, name##_out_t *out)
#define MODEL_PEEK(name) void name##_peek(const name##_t *m, name##_out_t *out)
#define MODEL_PARAMS(name) const name##_params_t *name##_params(const name##_t *m)

/* MODEL_DEFINE_CREATE(name, init) defines name_create() from the model's
 *   int init(name_t *m, const name_params_t *p)
 *                                       fills a zeroed instance whose member
 *                                       p holds the parameters already
 *                                       (arrays, derived values, child
 *                                       models): OK, or the code to return;
 * and what its declaration generates (csim/<group>/name_decl.h,
 * name_CREATE_CODES): the parameter check, the first parameter's code, the
 * OK and the ENOMEM codes. It returns the first parameter's code when p or
 * out is NULL, the check's code, ENOMEM when there is no memory for the
 * instance, init's code, else OK with *out the new model after
 * name_reset(); name_destroy() takes whatever a failed init leaves.
 * MODEL_DEFINE_CREATE_WITH(name, init, check, first, ok, enomem): the same
 * for a model without a declaration (the system model's), from its own. */
#define MODEL_DEFINE_CREATE(name, init) MODEL_DEFINE_CREATE_(name, init, name##_CREATE_CODES)
#define MODEL_DEFINE_CREATE_(name, init, codes) MODEL_DEFINE_CREATE_WITH(name, init, codes)
#define MODEL_DEFINE_CREATE_WITH(name, init, check, first, ok, enomem)                   \
    int name##_create(const name##_params_t *p, name##_t **out)                          \
    {                                                                                    \
        if (out)                                                                         \
            *out = NULL;                                                                 \
        if (!p || !out)                                                                  \
            return (first);                                                              \
        int rc = check(p);                                                               \
        if (rc != (ok))                                                                  \
            return rc;                                                                   \
        name##_t *m = calloc(1, sizeof *m);                                              \
        if (!m)                                                                          \
            return (enomem);                                                             \
        m->p = *p;                                                                       \
        rc = init(m, p);                                                                 \
        if (rc != (ok)) {                                                                \
            name##_destroy(m);                                                           \
            return rc;                                                                   \
        }                                                                                \
        name##_reset(m);                                                                 \
        *out = m;                                                                        \
        return (ok);                                                                     \
    }

/* MODEL_DEFINE_DESTROY(name, parts) defines name_destroy(m): NULL is ignored;
 * else the statements `parts` (on m: free its arrays, destroy its child
 * models; each may find them NULL after a failed create) and free(m). */
#define MODEL_DEFINE_DESTROY(name, parts)                                                \
    void name##_destroy(name##_t *m)                                                     \
    {                                                                                    \
        if (!m)                                                                          \
            return;                                                                      \
        parts;                                                                           \
        free(m);                                                                         \
    }

/* The registered response of a request port at the clock edge: *valid = a
 * request this cycle (req), *err = its error code (`none` without one), and
 * bit `code` of the sticky error bits set when it is an error. */
static inline void model_respond(bool *valid, unsigned *err, unsigned *sticky, bool req,
                                 unsigned code, unsigned none)
{
    *valid = req;
    *err = req ? code : none;
    if (req && code != none)
        *sticky |= 1u << code;
}

/* A struct member from a generated X(type, field, dims) list of ports
 * (csim/<group>/<block>_decl.h; dims "[N]" for an array, else empty). */
#define MODEL_PORT_FIELD(type, name, dims) type name dims;

#endif /* SIMT_MODEL_H */
