"""One-line bugs that the co-simulation must catch (tests/run_tests.py).

Each mutant replaces one exact text, which must occur exactly once, in one
RTL or golden-model file; the mutated block is rebuilt and `cosim` must fail
(exit 1) on the default random run. A stale anchor (text not found) fails the
test too, so these cannot silently stop testing anything.
"""

MUTANTS = [
    # --- recon_stack RTL ---------------------------------------------------
    dict(block="recon_stack", name="rtl_push_order", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="      end else if (wr_f[l]) begin",
         new="      end else if (!wr_f[l]) begin",
         why="the two sides pushed in the wrong order (not-taken on top)"),
    dict(block="recon_stack", name="rtl_full_off_by_one", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="(DepthWidth+1)'(sp) + n_push > (DepthWidth+1)'(Depth)",
         new="(DepthWidth+1)'(sp) + n_push >= (DepthWidth+1)'(Depth)",
         why="overflow reported one entry early"),
    dict(block="recon_stack", name="rtl_lpos_ignored", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="          merge_mask       = adv_mask;\n          wr_merge[t_lpos] = 1'b1;",
         new="          merge_mask       = adv_mask;\n          wr_merge[tos - 1'b1] = 1'b1;",
         why="likely-convergence merge into the entry below instead of LPos"),
    dict(block="recon_stack", name="rtl_no_cascade", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="      if (l < 32'(tos) && !fin_after[l]) begin",
         new="      if (l < 32'(tos)) begin",
         why="finished entries below a pop are not popped"),
    # --- recon_stack golden model ----------------------------------------------
    dict(block="recon_stack", name="model_push_order", kind="model",
         file="csim/pdom/recon_stack.c",
         old="push(m, w, side_pc[i], rpc, side_mask[i], lpc_eff, lpos_eff);",
         new="push(m, w, side_pc[1 - i], rpc, side_mask[1 - i], lpc_eff, lpos_eff);",
         why="the two sides pushed in the wrong order"),
    dict(block="recon_stack", name="model_full_off_by_one", kind="model",
         file="csim/pdom/recon_stack.c",
         old="if (m->sp[w] + n > m->p.depth)",
         new="if (m->sp[w] + n >= m->p.depth)",
         why="overflow reported one entry early"),
    dict(block="recon_stack", name="model_lpos_ignored", kind="model",
         file="csim/pdom/recon_stack.c",
         old="bm_or(&s[t->lpos].mask, &s[t->lpos].mask, &t->mask);",
         new="bm_or(&s[m->sp[w] - 2].mask, &s[m->sp[w] - 2].mask, &t->mask);",
         why="likely-convergence merge into the entry below instead of LPos"),
]
