/* What the testbench of a combinational cell of rtl/common/ (no clock, no
 * state, no reader of its own: the port-level scenario reader) shares with
 * the others, written once: its cosim_testbench_t and a cover helper.
 * Every combinational cell's testbench uses it.
 *
 * COSIM_CELL_TESTBENCH(state, block, cover_group, setup_fn) binds the
 * testbench (bind.h) of the golden model's block_in_t / block_out_t. state
 * has the members
 *     cosim_rng_t rng;     the run's random stream, seeded before setup_fn
 *     uint64_t *cover;     the block's cover counters (cover_group:
 *                          KIT_COVERS_<BLOCK>)
 * and the testbench defines, before the macro,
 *     int setup_fn(state *t, char *err, size_t errlen)
 *                                      the rest of the state (zeroed first);
 *                                      non-zero with a message in err when
 *                                      the configuration cannot be tested
 *     void cell_stimulus(state *t, uint64_t cycle, block_in_t *in)
 *                                      this cycle's inputs (in zeroed)
 *     void cell_model(state *t, uint64_t cycle, const block_in_t *in,
 *                     block_out_t *out)
 *                                      the golden model's outputs and the
 *                                      cover rules
 * A cell has nothing to check beyond its outputs (the comparison) and
 * nothing to reset. */
#ifndef SIMT_CELL_TB_H
#define SIMT_CELL_TB_H

#include <stdint.h>

#include "bind.h"
#include "bitmask.h"
#include "cosim.h"

#define COSIM_CELL_TESTBENCH(state, block, cover_group, setup_fn)                             \
    static int tb_init(void *p, const cosim_opts_t *o, uint64_t *const *cover, char *err,    \
                       size_t errlen)                                                        \
    {                                                                                        \
        state *t_ = p;                                                                       \
        cosim_rng_seed(&t_->rng, o->seed);                                                   \
        t_->cover = cover[cover_group];                                                      \
        return setup_fn(t_, err, errlen);                                                    \
    }                                                                                        \
    static int tb_stimulus(state *t_, uint64_t cycle, block##_in_t *in, char *err,           \
                           size_t errlen)                                                    \
    {                                                                                        \
        (void)err, (void)errlen;                                                             \
        cell_stimulus(t_, cycle, in);                                                        \
        return 0;                                                                            \
    }                                                                                        \
    static int tb_model(state *t_, uint64_t cycle, const block##_in_t *in,                   \
                        block##_out_t *out, char *err, size_t errlen)                        \
    {                                                                                        \
        (void)err, (void)errlen;                                                             \
        cell_model(t_, cycle, in, out);                                                      \
        return 0;                                                                            \
    }                                                                                        \
    COSIM_TESTBENCH_BIND(state, block##_in_t, block##_out_t, false, tb_init, NULL, NULL)

/* A cover point "every one of n things seen": marks thing i (< n) in seen
 * (n flags, zeroed with the state), counting the marked ones in *marked.
 * 1 the first time all n are marked, else 0: add it to the counter. */
static inline unsigned cell_seen(unsigned char *seen, unsigned *marked, unsigned i, unsigned n)
{
    if (seen[i])
        return 0;
    seen[i] = 1;
    return ++*marked == n;
}

#endif /* SIMT_CELL_TB_H */
