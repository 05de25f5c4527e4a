#include "pdom_stim.h"

void pdom_random_branch(cosim_rng_t *r, uint64_t pc_none, bool lcp, uint64_t tos_rpc,
                        uint64_t tos_lpc, const pdom_branch_mix_t *mix, pdom_branch_t *b)
{
    b->rpc = (cosim_rng_pct(r, mix->rpc_reuse_pct) && tos_rpc != pc_none)
                 ? tos_rpc
                 : cosim_rng_below(r, pc_none);
    b->lpc = pc_none;
    if (lcp) {
        unsigned c = (unsigned)cosim_rng_below(r, 10);
        if (c < 3)
            b->lpc = cosim_rng_below(r, pc_none);
        else if (c < 5)
            b->lpc = b->rpc;
    }
    uint64_t eff_lpc = (b->lpc != pc_none && b->lpc != b->rpc) ? b->lpc : tos_lpc;
    uint64_t *side[2] = {&b->pc, &b->alt_pc};
    for (unsigned s = 0; s < 2; s++) {
        unsigned c = (unsigned)cosim_rng_below(r, 20);
        if (c < mix->side_rpc)
            *side[s] = b->rpc;
        else if (c < mix->side_lpc && eff_lpc != pc_none)
            *side[s] = eff_lpc;
        else
            *side[s] = cosim_rng_below(r, pc_none);
    }
}
