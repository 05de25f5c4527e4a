"""One-line bugs that the co-simulation must catch (tests/run_tests.py).

Each mutant replaces one exact text, which must occur exactly once, in one
RTL or golden-model file; the mutated block is rebuilt (its `config`, else
default) and `cosim` must fail (exit 1) on the default random run (with the
mutant's `args`, if it has any). A stale anchor (text not found) fails the
test too, so these cannot silently stop testing anything.

An `intent` mutant lists `edits`, (file, old, new) each: one RTL file and
one model file changed the same way, so RTL and model still agree and the
co-simulation's comparison cannot see it; it must fail a testbench check
(a check written from the paper: what the composed block is for).
"""

MUTANTS = [
    # --- recon_stack RTL ---------------------------------------------------
    dict(block="recon_stack", name="rtl_push_order", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="      end else if (wb_q.f[l]) begin",
         new="      end else if (!wb_q.f[l]) begin",
         why="the two sides pushed in the wrong order (not-taken on top)"),
    dict(block="recon_stack", name="rtl_full_off_by_one", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="      fits[j] = 32'(sp) + j <= Depth + 1;",
         new="      fits[j] = 32'(sp) + j <= Depth;",
         why="overflow reported one entry early"),
    dict(block="recon_stack", name="rtl_lpos_ignored", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="          merge_mask       = adv_mask;\n          wr_merge[t_lpos] = 1'b1;",
         new="          merge_mask       = adv_mask;\n          wr_merge[tos - 1'b1] = 1'b1;",
         why="likely-convergence merge into the entry below instead of LPos"),
    dict(block="recon_stack", name="rtl_no_cascade", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="      if (l < 32'(tos) && !fin[l]) begin",
         new="      if (l < 32'(tos)) begin",
         why="finished entries below a pop are not popped"),
    dict(block="recon_stack", name="rtl_exit_keeps_bottom", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="    sp_pop   = !(has_fin || hit_lpc) ? '0 :",
         new="    sp_pop   = !(has_fin || hit_lpc) ? DepthWidth'(1) :",
         why="a warp reaching its exit keeps a stale bottom entry instead of finishing"),
    dict(block="recon_stack", name="rtl_reconvergence_entry_back", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="    reuse      = rpc_at_rpc;",
         new="    reuse      = 1'b0;",
         why="a branch at the TOS's own rpc makes the TOS a reconvergence entry again "
             "(one entry more than the nesting needs)"),
    dict(block="recon_stack", name="rtl_count_not_bypassed", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="assign rd_cnt = rd_top_buffered ? wb_cnt : top_cnt_q[rd_warp_i];",
         new="assign rd_cnt = top_cnt_q[rd_warp_i];",
         why="the read port's count of a warp whose top is still in the buffer is its old one"),
    dict(block="recon_stack", name="rtl_row_not_bypassed", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="  assign wb_hit  = wb_warp_q == req_warp_i;",
         new="  assign wb_hit  = 1'b0;",
         why="the next operation on a warp reads its entries without the writes still in the buffer"),
    dict(block="recon_stack", name="rtl_top_not_bypassed", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="  assign top_hit = wb_top_we_q && wb_hit;",
         new="  assign top_hit = 1'b0;",
         why="the next operation on a warp decides on its old top copy, not the one in the buffer"),
    dict(block="recon_stack", name="rtl_assertion_fails", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="\nendmodule",
         new="\n  `ASSERT(MutantNoRequest_A, !req_valid_i)\nendmodule",
         why="an RTL assertion that fails: the run stops on it, not only on port mismatches"),
    dict(block="recon_stack", name="rtl_depth_not_reset", kind="rtl",
         file="rtl/pdom/recon_stack.sv",
         old="        sp_q[w] <= '0;", new="        sp_q[w] <= sp_q[w];",
         args=["+verilator+rand+reset+2", "+verilator+seed+1"],
         why="a warp's stack depth has no reset: only random initial values (make test's "
             "x_initial section) show it, as a 4-state simulator would show the X"),
    # --- a reset in mid-run (RTL and model): the error flags kept through it.
    # Only a run with resets after errors shows it (the reset at the start,
    # and the model's at creation, find the flags 0).
    *(dict(block="recon_stack", name=f"{kind}_sticky_survives_reset", kind=kind, file=file,
           old=old, new=new, args=["--reset-every", "20000"],
           why=f"the {kind}'s error flags survive a reset in mid-run")
      for kind, file, old, new in (
          ("rtl", "rtl/common/rsp_reg.sv", "      sticky_o <= '0;", "      sticky_o <= sticky_o;"),
          ("model", "csim/pdom/recon_stack.c", "    m->err_sticky = 0;", ""))),
    # --- recon_stack: what the request gets, shown in its cycle (RTL and model)
    *(dict(block="recon_stack", name=f"{kind}_fin_hidden", kind=kind, file=file, old=old, new=new,
           why="the stack does not show that a request finishes its warp")
      for kind, file, old, new in (
          ("rtl", "rtl/pdom/recon_stack.sv",
           "assign req_fin_o = apply && sp_next == '0;", "assign req_fin_o = 1'b0;"),
          ("model", "csim/pdom/recon_stack.c",
           "out->req_fin = in->req_valid && e->err == RS_ERR_NONE && e->depth_after == 0;",
           "out->req_fin = false;"))),
    # --- recon_stack golden model ----------------------------------------------
    dict(block="recon_stack", name="model_reconvergence_entry_back", kind="model",
         file="csim/pdom/recon_stack.c",
         old="    bool reuse = rpc == t->rpc;",
         new="    bool reuse = false;",
         why="the model makes the TOS a reconvergence entry at its own rpc again"),
    dict(block="recon_stack", name="model_push_order", kind="model",
         file="csim/pdom/recon_stack.c",
         old="push(m, w, side_pc[i], rpc, side_mask[i], lpc_eff, lpos_eff);",
         new="push(m, w, side_pc[1 - i], rpc, side_mask[1 - i], lpc_eff, lpos_eff);",
         why="the two sides pushed in the wrong order"),
    dict(block="recon_stack", name="model_full_off_by_one", kind="model",
         file="csim/pdom/recon_stack.c",
         old="if (base + n > m->p.depth)",
         new="if (base + n >= m->p.depth)",
         why="overflow reported one entry early"),
    dict(block="recon_stack", name="model_lpos_ignored", kind="model",
         file="csim/pdom/recon_stack.c",
         old="bm_or(&s[t->lpos].mask, &s[t->lpos].mask, &t->mask);",
         new="bm_or(&s[m->sp[w] - 2].mask, &s[m->sp[w] - 2].mask, &t->mask);",
         why="likely-convergence merge into the entry below instead of LPos"),
    dict(block="recon_stack", name="model_cascade_spares_bottom", kind="model",
         file="csim/pdom/recon_stack.c",
         old="while (m->sp[w] > 0) {",
         new="while (m->sp[w] > 1) {",
         why="the cascade stops above a finished bottom entry: no finish by cascade"),
    # --- Thread Block Compaction RTL --------------------------------------
    dict(block="thread_compactor", name="rtl_lane_priority_reversed", kind="rtl",
         file="rtl/tbc/thread_compactor.sv",
         old="      .in_i    (rem_q[l]),",
         new="      .in_i    ({<<{rem_q[l]}}),",
         why="each lane's encoder prefers the highest static warp"),
    dict(block="prio_enc", name="rtl_prio_enc_msb_first", kind="rtl",
         file="rtl/common/prio_enc.sv",
         old="    for (int unsigned i = Width; i > 0; i--) begin",
         new="    for (int unsigned i = 1; i <= Width; i++) begin",
         why="the encoder's index picks the highest set bit"),
    dict(block="popcount", name="rtl_popcount_carry_drops_term", kind="rtl",
         file="rtl/common/popcount.sv",
         old="= (x[0] & x[1]) | (x[0] & x[2]) | (x[1] & x[2]);",
         new="= (x[0] & x[1]) | (x[1] & x[2]);",
         why="a full adder's carry misses the case of its first and third inputs set alone"),
    dict(block="popcount", name="model_popcount_skips_top_bit", kind="model",
         file="csim/common/popcount.c",
         old="for (unsigned i = 0; i < width; i++)",
         new="for (unsigned i = 0; i + 1 < width; i++)",
         why="the model leaves the top bit out of the count"),
    dict(block="rr_pick", name="rtl_rr_pick_own_bit_above", kind="rtl",
         file="rtl/common/rr_pick.sv",
         old="      above[i] = 32'(last_i) < i;",
         new="      above[i] = 32'(last_i) <= i;",
         why="the pointer's own request counts as one above it: picked again before the others"),
    dict(block="rr_pick", name="model_rr_pick_scan_from_last", kind="model",
         file="csim/common/rr_pick.c",
         old="        unsigned i = (last + k) % width;",
         new="        unsigned i = (last + k - 1u) % width;",
         why="the model's scan starts at last_i itself, not after it"),
    dict(block="tourney", name="rtl_tourney_tie_to_higher", kind="rtl",
         file="rtl/common/tourney.sv",
         old="key[b + m * s] < key[b + n * s])) begin",
         new="key[b + m * s] <= key[b + n * s])) begin",
         why="a minimum shared by two inputs goes to the higher index"),
    dict(block="tourney", config="small", name="rtl_tourney_max_ignored", kind="rtl",
         file="rtl/common/tourney.sv",
         old="  localparam bit IsMax = Max != 0;",
         new="  localparam bit IsMax = 1'b0;",
         why="the maximum asked for, the minimum given"),
    dict(block="tourney", name="model_tourney_tie_to_higher", kind="model",
         file="csim/common/tourney.c",
         old="(max ? k > out->key : k < out->key)",
         new="(max ? k >= out->key : k <= out->key)",
         why="the model gives a tie to the higher index"),
    dict(block="rsp_reg", name="rtl_rsp_reg_sticky_without_request", kind="rtl",
         file="rtl/common/rsp_reg.sv",
         old="        if (valid_i[p] && err_i[p*ErrWidth +: ErrWidth] != '0) begin",
         new="        if (err_i[p*ErrWidth +: ErrWidth] != '0) begin",
         why="an error code on a port without a request sets its sticky bit"),
    dict(block="rsp_reg", name="model_rsp_reg_code_without_request", kind="model",
         file="csim/common/rsp_reg.c",
         old="unsigned code = req ? in->err[p] & m->code_mask : 0u;",
         new="unsigned code = in->err[p] & m->code_mask;",
         why="the model answers a port without a request with its error code (and makes it sticky)"),
    dict(block="onehot_mux", name="rtl_onehot_mux_none_gives_first", kind="rtl",
         file="rtl/common/onehot_mux.sv",
         old="    data_o = '0;",
         new="    data_o = data_i[Width-1:0];",
         why="no input selected gives input 0's word instead of 0"),
    dict(block="onehot_mux", name="model_onehot_mux_sel_reversed", kind="model",
         file="csim/common/onehot_mux.c",
         old="        if (!bm_get(&in->sel, n))",
         new="        if (!bm_get(&in->sel, num - 1u - n))",
         why="the model reads the select bits in reverse order"),
    dict(block="tbc_stack", name="rtl_wcnt_off_by_one", kind="rtl",
         file="rtl/tbc/tbc_stack.sv",
         old="        if (wcnt_one) begin",
         new="        if (wth_q == S'(3)) begin",
         why="TOS moves to the targets one warp early"),
    dict(block="tbc_stack", name="rtl_empty_not_popped", kind="rtl",
         file="rtl/tbc/tbc_stack.sv",
         old="  assign settle_pop   = t_mask == '0 || t_pc == t_rpc || settle_merge;",
         new="  assign settle_pop   = t_pc == t_rpc || settle_merge;",
         why="an empty target entry is not popped when it becomes TOS"),
    dict(block="tbc_stack", name="rtl_tos_copy_misses_merge", kind="rtl",
         file="rtl/tbc/tbc_stack.sv",
         old="      tmask_d  = rd_mask | ((wr_or[below] && or_other[below]) ? or_other_bits : '0);",
         new="      tmask_d  = rd_mask;",
         why="the copy of the TOS mask misses what a merge or LPC arrival ORs into the entry below"),
    dict(block="tbc_stack", name="rtl_duplicate_arrival_taken", kind="rtl",
         file="rtl/tbc/tbc_stack.sv",
         old="        assign may[s] = t_mask[s*W + l] && !arrived_q[s*W + l];",
         new="        assign may[s] = t_mask[s*W + l];",
         why="a thread that arrived already at the pending branch is taken again"),
    dict(block="tbc_core", name="rtl_core_wcnt_off_by_one", kind="rtl",
         file="rtl/tbc/tbc_stack.sv",
         old="    warp_count = static_q ? static_th : at_least;",
         new="    warp_count = static_q ? static_th : {at_least[S-2:0], 1'b1};",
         why="the warp count of a compacted mask is one too high"),
    # --- Thread Block Compaction golden models ---------------------------------
    dict(block="thread_compactor", name="model_lane_priority_reversed", kind="model",
         file="csim/tbc/thread_compactor.c",
         old="            } else if (w->lane_valid >> lane & 1u) {",
         new="            } else if (0) {",
         why="each lane keeps its highest static warp instead of its lowest"),
    dict(block="tbc_stack", name="model_wcnt_off_by_one", kind="model",
         file="csim/tbc/tbc_stack.c",
         old="    if (--t->wcnt == 0) {\n        e->wcnt_zero = true;\n        tbc_entry_t *nt",
         new="    if (--t->wcnt == 1) {\n        e->wcnt_zero = true;\n        tbc_entry_t *nt",
         why="TOS moves to the targets one warp early"),
    dict(block="tbc_stack", name="model_empty_not_popped", kind="model",
         file="csim/tbc/tbc_stack.c",
         old="    bool empty = bm_is_zero(&s->mask);",
         new="    bool empty = false;",
         why="an empty target entry is not popped when it becomes TOS"),
    # --- Diverge on Miss RTL --------------------------------------------------
    dict(block="mdt", name="rtl_ready_not_rejoined", kind="rtl",
         file="rtl/dom/mdt.sv",
         old="  assign t_ready = same ? fill_mask_i : '0;",
         new="  assign t_ready = ready_q[acc_warp_i][tgt] | (same ? fill_mask_i : '0);",
         why="READY threads stay READY instead of re-joining"),
    dict(block="slip_ctrl", name="rtl_dec_wrong_condition", kind="rtl",
         file="rtl/dom/slip_ctrl.sv",
         old="    if ((tail & ~ev_hit_i) == '0) begin",
         new="    if ((tail & ev_hit_i) == '0) begin",
         why="counters decremented when the tail misses instead of when it hits"),
    dict(block="slip_ctrl", name="rtl_max_slip_wrong_way", kind="rtl",
         file="rtl/dom/slip_ctrl.sv",
         old="        max_d = max_q + 1'b1;",
         new="        max_d = max_q - 1'b1;",
         why="max-slip lowered when it should rise"),
    dict(block="slip_ctrl", name="rtl_bytes_not_counted", kind="rtl",
         file="rtl/dom/slip_ctrl.sv",
         old="      room_n = room_q - RoomW'(perf_bytes_i);",
         new="      room_n = room_q;",
         why="the period's bytes not counted against FairBytes (the retimed room never shrinks)"),
    dict(block="slip_ctrl", name="rtl_stall_test_off_by_one", kind="rtl",
         file="rtl/dom/slip_ctrl.sv",
         old="    stall_ge = {33'(n) + 2 > 33'(StallThreshold), 33'(n) + 1 > 33'(StallThreshold)};",
         new="    stall_ge = {33'(n) + 2 > 33'(StallThreshold), 33'(n) > 33'(StallThreshold)};",
         config="small", args=["--scenario", "verif/dom/scenarios/slip_ctrl_dom_5_1.scn"],
         why="the retimed stall test one short when the period's last cycle does not stall "
             "(the walk-through's period of exactly 16 stall cycles)"),
    dict(block="dom_core", name="rtl_reset_value", kind="rtl",
         file="rtl/dom/slip_ctrl.sv",
         old="      max_q        <= CW'(InitMaxSlip);",
         new="      max_q        <= CW'(InitMaxSlip - 1);",
         why="max-slip resets to the wrong value (the harness must apply a real reset)"),
    # --- Diverge on Miss golden models ----------------------------------------
    dict(block="mdt", name="model_ready_not_rejoined", kind="model",
         file="csim/dom/mdt.c",
         old="            x->ready &= ~a.rejoin;",
         new="            x->ready &= ~0u;",
         why="READY threads stay READY instead of re-joining"),
    dict(block="slip_ctrl", name="model_dec_wrong_condition", kind="model",
         file="csim/dom/slip_ctrl.c",
         old="    if ((tail & ~hit) == 0) {",
         new="    if ((tail & hit) == 0) {",
         why="counters decremented when the tail misses instead of when it hits"),
    dict(block="slip_ctrl", name="model_max_slip_wrong_way", kind="model",
         file="csim/dom/slip_ctrl.c",
         old="                m->max_slip++;",
         new="                m->max_slip--;",
         why="max-slip lowered when it should rise"),
    # --- warp_split_table (RTL and model, the small configuration: a fast build)
    *(dict(block="warp_split_table", config="small", name=f"{kind}_{name}", kind=kind,
           file=file, old=old, new=new, why=why)
      for name, why, edits in (
          ("fall_behind_and", "the fall-behind split's mask is parent AND hit, not XOR", (
              ("rtl", "rtl/dws/warp_split_table.sv",
               "assign e_miss = e_mask & ~req_mask_i;", "assign e_miss = e_mask & req_mask_i;"),
              ("model", "csim/dws/warp_split_table.c",
               "->mask = E0->mask ^ d->hit;", "->mask = E0->mask & d->hit;"))),
          ("merge_pc_mismatch", "splits merge at a load whose PCs differ", (
              ("rtl", "rtl/dws/warp_split_table.sv",
               "| (pc_q[w][e] == req_pc_i);", "| (pc_q[w][e] != req_pc_i);"),
              ("model", "csim/dws/warp_split_table.c",
               "o->pc != d->pc ||", "o->pc == d->pc ||"))),
          ("merge_ignores_held", "a split merges with one held at a branch (5.3)", (
              ("rtl", "rtl/dws/warp_split_table.sv",
               "r_held[e] == hold &&", "1'b1 &&"),
              ("model", "csim/dws/warp_split_table.c",
               "|| o->held != d->hold)", ")"))),
          ("latspec_reversed", "LatSpec splits when sum-rMFC + MFC >= memlat", (
              ("rtl", "rtl/dws/warp_split_table.sv",
               "CmpWidth'(mfc) < CmpWidth'(memlat);",
               "CmpWidth'(mfc) >= CmpWidth'(memlat);"),
              ("model", "csim/dws/warp_split_table.c",
               "m->sum + E->mfc < E->memlat;", "m->sum + E->mfc >= E->memlat;"))),
          ("catchup_max", "catch-up priority goes to the maximum instruction count", (
              ("rtl", "rtl/dws/warp_split_table.sv",
               "tourney #(.Width(W), .KeyWidth(IcountWidth)) u_boost (",
               "tourney #(.Width(W), .KeyWidth(IcountWidth), .Max(1)) u_boost ("),
              ("model", "csim/dws/warp_split_table.c",
               "x->icount < ENT(m, w, best)->icount)", "x->icount > ENT(m, w, best)->icount)"))))
      for kind, file, old, new in edits),
    # --- dws_core (RTL and model, the small configuration)
    *(dict(block="dws_core", config="small", name=f"{kind}_{name}", kind=kind,
           file=file, old=old, new=new, why=why)
      for name, why, edits in (
          ("bypass_others_exit", "loop bypass: the other splits' threads leave the loop too", (
              ("rtl", "rtl/dws/dws_core.sv",
               "(~ex_mask & (exit_taken ? '0 : '1))", "(~ex_mask & (exit_taken ? '1 : '0))"),
              ("model", "csim/dws/dws_core.c",
               "(~c->S & (exit_taken ? 0 : m->lane_mask))",
               "(~c->S & (exit_taken ? m->lane_mask : 0))"))),
          ("rpc_not_held", "a split reaching the reconvergence PC runs on (5.3)", (
              ("rtl", "rtl/dws/dws_core.sv",
               "assign at_rpc     = (is_exec || is_mem) && req_pc_i == tos_rpc_o;",
               "assign at_rpc     = 1'b0;"),
              ("model", "csim/dws/dws_core.c",
               ": c->pc == T_rpc ? DWSC_PARK_RPC", ": false ? DWSC_PARK_RPC"))),
          ("busy_taken", "a busy warp's request is taken, judged on a stale state", (
              ("rtl", "rtl/dws/dws_core.sv",
               "assign req_ready_o = port_free && !(warp_ok && busy[w_idx]);",
               "assign req_ready_o = port_free;"),
              ("model", "csim/dws/dws_core.c",
               "return phase == DWS_CORE_PHASE_REQUEST && !(warp < m->p.num_warps && (busy >> warp & 1u));",
               "return phase == DWS_CORE_PHASE_REQUEST && !(warp < m->p.num_warps && (busy >> warp & 0u));"))),
          ("bypass_always", "loop bypass taken with no_bypass_i set (5.5's comparison lost)", (
              ("rtl", "rtl/dws/dws_core.sv",
               "assign loop       = !no_bypass_i && is_branch", "assign loop       = is_branch"),
              ("model", "csim/dws/dws_core.c",
               "c->bypass = c->loop && !c->no_bypass;", "c->bypass = c->loop;"))),
          ("policy_unregistered", "the table follows policy_i in the cycle it is presented", (
              ("rtl", "rtl/dws/dws_core.sv",
               ".policy_i     (policy_q),", ".policy_i     (policy_i),"),
              ("model", "csim/dws/dws_core.c",
               "c->wi.policy = m->policy;", "c->wi.policy = in->policy;"))))
      for kind, file, old, new in edits),
    # --- asu (RTL and model, the default configuration)
    *(dict(block="asu", name=f"{kind}_{name}", kind=kind, file=file, old=old, new=new, why=why)
      for name, why, edits in (
          ("up_worse_wins", "an up probe with a higher cycles per task beats the best", (
              ("rtl", "rtl/robust/asu.sv",
               "assign better_best = cpt_q < bcpt_q;", "assign better_best = cpt_q > bcpt_q;"),
              ("model", "csim/robust/asu.c",
               "if (m->cpt < m->best_cpt) {\n            set_cand(m, true);",
               "if (m->cpt > m->best_cpt) {\n            set_cand(m, true);"))),
          ("depth_not_clamped", "a width probe keeps a depth above the slices it makes", (
              ("rtl", "rtl/robust/asu.sv",
               "px_d = (bd_q > slices(WW'(x))) ? slices(WW'(x)) : bd_q;", "px_d = bd_q;"),
              ("model", "csim/robust/asu.c",
               "m->depth = m->best_depth < s ? m->best_depth : s;",
               "m->depth = m->best_depth < s ? m->best_depth : m->best_depth;"))),
          ("dwrep_one_pass", "DWrep stops after one depth and one width pass, moved or not", (
              ("rtl", "rtl/robust/asu.sv",
               "end else if (!dmoved_q && !moved_q) begin", "end else if (1'b1) begin"),
              ("model", "csim/robust/asu.c",
               "} else if (!m->depth_moved && !m->moved) {", "} else if (true) {"))),
          ("no_fraction", "cycles per task without its fraction bits", (
              ("rtl", "rtl/robust/asu.sv",
               "div_q   <= QW'(cyc_n) << CptFrac;", "div_q   <= QW'(cyc_n);"),
              ("model", "csim/robust/asu.c",
               "(m->cycles << m->p.cpt_frac) / m->tasks", "m->cycles / m->tasks"))),
          ("drain_late", "the interval drains one task after IntervalTasks", (
              ("rtl", "rtl/robust/asu.sv",
               "(TCW+1)'(done_i) >= {1'b0, missing}", "(TCW+1)'(done_i) > {1'b0, missing}"),
              ("model", "csim/robust/asu.c",
               "if (m->tasks >= m->interval_tasks)", "if (m->tasks > m->interval_tasks)"))))
      for kind, file, old, new in edits),
    # --- warp_slice_table (RTL and model, the default configuration)
    *(dict(block="warp_slice_table", name=f"{kind}_{name}", kind=kind, file=file, old=old,
           new=new, why=why)
      for name, why, edits in (
          ("release_all_active", "a barrier release makes every waiting slice active, past the depth", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "st_left[x] = ((bar_ok && 32'(e) < x) ? rank1_in[x] : rank_in[x]) ?",
               "st_left[x] = 1'b1 ?"),
              ("model", "csim/robust/warp_slice_table.c",
               "n++ < m->depth ?", "n++ < m->p.max_slices ?"))),
          ("rank_skips_barrier_slice", "a release ranks the slices above the one arriving at the barrier as if it were not waiting", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "? rank1_in[x] : rank_in[x]) ?", "? rank_in[x] : rank_in[x]) ?"),)),
          ("advance_pc_none_taken", "an advance to the PC of none is taken instead of refused (BAD_PC)", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "is_advance && req_pc_i == PcNone) begin",
               "is_advance && 1'b0) begin"),)),
          ("rr_repeats", "the round-robin pick may be the slice just issued", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               ".req_i(is_active), .last_i(last_q), .valid_o(sel_any)",
               ".req_i(is_active), .last_i(last_q - 1'b1), .valid_o(sel_any)"),
              ("model", "csim/robust/warp_slice_table.c",
               "for (unsigned i = 1; i <= m->p.max_slices; i++) {",
               "for (unsigned i = 0; i < m->p.max_slices; i++) {"))),
          ("arrive_above_root", "a slice arrives with branches still on its stack", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "end else if (is_arrive && 32'(stk_rd_tos) != 1) begin", "end else if (1'b0) begin"),
              ("model", "csim/robust/warp_slice_table.c",
               "if (r->op == WSL_OP_ARRIVE && recon_stack_depth(m->stk, r->entry) != 1u)",
               "if (r->op == WSL_OP_ARRIVE && recon_stack_depth(m->stk, r->entry) == 99u)"))),
          ("one_more_active", "a division makes depth + 1 slices active", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "assign room[g*CW +: CW] = depth_q > prior ? depth_q - prior : '0;",
               "assign room[g*CW +: CW] = depth_q + CW'(depth_pend_q) > prior ? "
               "depth_q + CW'(depth_pend_q) - prior : '0;"),
              ("model", "csim/robust/warp_slice_table.c",
               "m->status[e] = live < r->depth ?", "m->status[e] = live <= r->depth ?"))),
          ("no_resume_on_barrier", "a slice waiting at a barrier resumes no dormant one", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "end else if (resume && dormant_oh[x]) begin",
               "end else if (resume && !is_barrier && dormant_oh[x]) begin"),
              ("model", "csim/robust/warp_slice_table.c",
               "ev->resume_barrier = resume(m);", "ev->resume_barrier = false;"))),
          ("barrier_not_counted", "a slice waiting at a barrier is not counted in its group: a release ranks the slices after it too low", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "grp_now[g] + GCW'(bar_ok && 32'(e) >> GB == g);", "grp_now[g];"),)),
          ("finish_not_counted", "a slice that finishes stays among slices_o", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "n_slices_q <= n_slices_q - 1'b1;", "n_slices_q <= n_slices_q;"),)),
          ("live_first_block_only", "a division sees only the first power-of-two block of a slice's lanes: a slice whose threads are all above it is left free", (
              ("rtl", "rtl/robust/warp_slice_table.sv",
               "blk[w][J][End - (1 << J)];", "blk[w][J][First];"),)))
      for kind, file, old, new in edits),
    # --- robust_core (RTL and model, the default configuration)
    *(dict(block="robust_core", name=f"{kind}_{name}", kind=kind, file=file, old=old,
           new=new, why=why)
      for name, why, edits in (
          ("task_counts_lanes", "a TASK counts the slice's lanes, not the threads on its stack's top", (
              ("rtl", "rtl/robust/robust_core.sv",
               "assign done = ok && is_task ? rd_count_o : '0;",
               "assign done = ok && is_task ? WidthWidth'($countones(rd_lanes_o)) : '0;"),
              ("model", "csim/robust/robust_core.c",
               "bm_popcount(&w->to.rd_mask)", "bm_popcount(&w->to.rd_lanes)"))),
          ("reconf_own_width", "RECONF divides at the request's width, not the ASU's", (
              ("rtl", "rtl/robust/robust_core.sv",
               "assign tbl_req_width = req_op_i[0] ? width_o : req_width_i;",
               "assign tbl_req_width = req_width_i;"),
              ("model", "csim/robust/robust_core.c",
               ".req_width = reconf ? w->ao.width : in->req_width,",
               ".req_width = in->req_width,"))),
          ("arrive_any_time", "ARRIVE taken with no interval draining", (
              ("rtl", "rtl/robust/robust_core.sv",
               "end else if (is_arrive && !draining) begin", "end else if (1'b0) begin"),
              ("model", "csim/robust/robust_core.c",
               "if (op == WSL_OP_ARRIVE && !due)", "if (op == WSL_OP_ARRIVE && due && !due)"))),
          ("sync_before_arrival", "the interval ends when DRAIN begins, before the slices arrive", (
              ("rtl", "rtl/robust/robust_core.sv",
               "end else if (phase_o == asu_pkg::PhaseDrain && arrived_o) begin",
               "end else if (phase_o == asu_pkg::PhaseDrain) begin"),
              ("model", "csim/robust/robust_core.c",
               "else if (w->ao.phase == ASU_PHASE_DRAIN && w->to.arrived)",
               "else if (w->ao.phase == ASU_PHASE_DRAIN)"))),
          ("no_section_end", "the ASU samples on after the last slice has finished", (
              ("rtl", "rtl/robust/robust_core.sv",
               "end else if (phase_o != asu_pkg::PhaseIdle && slices_o == '0) begin",
               "end else if (1'b0) begin"),
              ("model", "csim/robust/robust_core.c",
               "else if (w->ao.phase != ASU_PHASE_IDLE && w->to.slices == 0)",
               "else if (w->ao.phase != ASU_PHASE_IDLE && w->to.slices == 99u)"))))
      for kind, file, old, new in edits),
    # --- div_predictor (RTL and model) ---------------------------------------
    *(dict(block="div_predictor", name=f"{kind}_dp_{name}", kind=kind, file=file, old=old,
           new=new, why=why)
      for name, why, edits in (
          ("commit_not_counted", "the pending counter is not decremented when a buop commits", (
              ("rtl", "rtl/simtx/div_predictor.sv",
               "$signed((PW+2)'(to_buop)) - $signed((PW+2)'(cmt_i)) -",
               "$signed((PW+2)'(to_buop)) - $signed((PW+2)'(1'b0)) -"),
              ("model", "csim/simtx/div_predictor.c",
               "unsigned down = (unsigned)in->cmt +", "unsigned down = 0u +"))),
          ("unbiased", "divergent predicted only for a counter >= 2, not unless it is 0", (
              ("rtl", "rtl/simtx/div_predictor.sv",
               "assign look_div_o   = look_ctr_o != 2'd0;",
               "assign look_div_o   = look_ctr_o[1];"),
              ("model", "csim/simtx/div_predictor.c",
               "out->look_div = out->look_ctr != DP_CTR_STRONG_UNI;",
               "out->look_div = out->look_ctr >= DP_CTR_WEAK_DIV;"))),
          ("no_saturation_at_3", "a divergent outcome at 3 wraps the counter to 0", (
              ("rtl", "rtl/simtx/div_predictor.sv",
               "if (res_div_i && res_ctr != 2'd3) begin", "if (res_div_i) begin"),
              ("model", "csim/simtx/div_predictor.c",
               "c = c == DP_CTR_STRONG_DIV ? c : c + 1u;", "c = (c + 1u) & 3u;"))),
          ("rejected_trains", "a rejected cycle's resolution still trains its counter", (
              ("rtl", "rtl/simtx/div_predictor.sv",
               "assign res_sel = (res_valid_i && accept) ?", "assign res_sel = (res_valid_i) ?"),)),
          ("reset_weakly_uniform", "counters reset to 1 (weakly uniform), not 2", (
              ("model", "csim/simtx/div_predictor.c",
               "memset(m->ctr, DP_CTR_WEAK_DIV, m->p.entries);",
               "memset(m->ctr, DP_CTR_WEAK_UNI, m->p.entries);"),)))
      for kind, file, old, new in edits),
    # --- pst (SIMT-X Path Scheduling Table): RTL and model each -------------
    *(dict(block="pst", name=f"{kind}_{name}", kind=kind, file=file, old=old, new=new, why=why)
      for name, why, edits in (
          ("conv_ignores_pc", "convergence shown for paths at unequal PCs (the PC compare dropped)",
           (("rtl", "rtl/simtx/pst.sv",
             "same[i*S+j] = epc[i] == epc[j] && edep[i] == edep[j];",
             "same[i*S+j] = edep[i] == edep[j];"),
            ("model", "csim/simtx/pst.c",
             "e->valid && e->pc == sel->pc && e->depth == sel->depth",
             "e->valid && e->depth == sel->depth"))),
          ("minsp_shallowest_first", "MinSP ordering reversed: the shallowest call stack first",
           (("rtl", "rtl/simtx/pst.sv",
             "first[i*S+j] = edep[i] > edep[j] ||",
             "first[i*S+j] = edep[i] < edep[j] ||"),
            ("model", "csim/simtx/pst.c",
             "return a->depth > b->depth ||",
             "return a->depth < b->depth ||"))),
          ("rr_turn_never", "the RR turn of RR/MinSP-PC never taken: MinSP-PC only",
           (("rtl", "rtl/simtx/pst.sv",
             "turn_q <= wrap || (turn_q && !take);",
             "turn_q <= 1'b0;"),
            ("model", "csim/simtx/pst.c",
             "        m->turn = true;\n",
             "        m->turn = false;\n"))),)
      for kind, file, old, new in edits),
    # --- simtx_frontend (the three SIMT-X front-end blocks wired): RTL and model each
    *(dict(block="simtx_frontend", name=f"{kind}_fe_{name}", kind=kind, file=file, old=old,
           new=new, why=why)
      for name, why, edits in (
          ("buop_on_request_path", "a BRANCH's buop on req_a_i, not on the PST slot's path", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               "j_a_q      <= is_branch ? slot_path :", "j_a_q      <= is_branch ? req_a_i :"),
              ("model", "csim/simtx/simtx_frontend.c",
               ".req_a = is_op(op, FE_OP_BRANCH) ? w->so.rd_path :",
               ".req_a = is_op(op, FE_OP_BRANCH) ? in->req_a :"))),
          ("commit_not_counted", "the pending counter not decremented when a buop commits", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               ".cmt_i        (s_q && s_cmt_q),", ".cmt_i        (1'b0),"),
              ("model", "csim/simtx/simtx_frontend.c",
               ".cmt = f->ok && is_op(op, FE_OP_BCOMMIT),", ".cmt = false,"))),
          ("deref_held_taken", "a DEREF of a path a valid PST slot still holds is taken (the slot keeps a freed id)", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               "assign deref_held   = req_op_i == simtx_frontend_pkg::OpDeref &&",
               "assign deref_held   = 1'b0 && req_op_i == simtx_frontend_pkg::OpDeref &&"),
              ("model", "csim/simtx/simtx_frontend.c",
               "|| (op == FE_OP_DEREF && held))", "|| (op == FE_OP_DEREF && held && false))"))),
          ("rollback_keeps_pending", "a rollback leaves the warp's buops in the pending count", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               ".sq_i         (s_q && s_sq_q ? PW'(s_buops) : '0),",
               ".sq_i         ('0),"),
              ("model", "csim/simtx/simtx_frontend.c",
               ".sq = f->ok && is_op(op, FE_OP_ROLLBACK) ? f->buops : 0u,", ".sq = 0u,"))),
          ("rollback_keeps_nothing", "a rollback's SQUASH keeps none of the retirement copy's paths", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               "j_keep_q   <= keep;", "j_keep_q   <= '0;"),
              ("model", "csim/simtx/simtx_frontend.c",
               ".req_keep = w->so.rd_keep,", ".req_keep = 0,"))),
          ("alternate_not_scheduled", "a diverged buop's alternate gets no PST slot", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               "pst_op = pt_alloc ? pst_pkg::OpAdd : pst_pkg::OpNop;",
               "pst_op = pst_pkg::OpNop;"),
              ("model", "csim/simtx/simtx_frontend.c",
               "    if (is_op(op, FE_OP_BEXEC) && !pto->req_alloc)\n",
               "    if (is_op(op, FE_OP_BEXEC))\n"))),
          ("taken_during_write", "a request taken in the cycle the PST writes the last one's result", (
              ("rtl", "rtl/simtx/simtx_frontend.sv",
               "assign req_ready_o = !p_q && !s_q;", "assign req_ready_o = !p_q;"),
              ("model", "csim/simtx/simtx_frontend.c",
               "w->ready = f->stage == STAGE_IDLE;", "w->ready = f->stage != STAGE_P;"))))
      for kind, file, old, new in edits),
    # --- pathtable (SIMT-X's Pathtable): RTL and model each ---------------------
    *(dict(block="pathtable", name=f"{kind}_pt_{name}", kind=kind, file=file, old=old, new=new,
           why=why)
      for name, why, edits in (
          ("alternate_and_c", "the alternate path computed as h_i AND c (not AND NOT c)", (
              ("rtl", "rtl/simtx/pathtable.sv",
               "assign left  = ma & ~mc_in;", "assign left  = ma & mc_in;"),
              ("model", "csim/simtx/pathtable.c",
               "uint64_t left = hi & ~c_;", "uint64_t left = hi & c_;"))),
          ("younger_keep_lanes", "younger speculative entries keep the lanes that left h_j", (
              ("rtl", "rtl/simtx/pathtable.sv",
               "mk_d[h] = mk[h] & ~left;  // copied from h_j: drop the lanes that left",
               "mk_d[h] = mk[h];"),
              ("model", "csim/simtx/pathtable.c",
               "e->mask &= ~left;", "e->mask |= 0;"))),
          ("commit_keeps_source", "a committing buop does not release its source path", (
              ("rtl", "rtl/simtx/pathtable.sv",
               "dec1[h] = ((req_op_i == pathtable_pkg::OpBcommit || req_op_i == pathtable_pkg::OpDeref ||",
               "dec1[h] = ((req_op_i == pathtable_pkg::OpDeref ||"),
              ("model", "csim/simtx/pathtable.c",
               "        drop_ref(m, w, a, ev);\n        wp->cptr = (wp->cptr + 1u) & m->seq_mask;\n"
               "        break;\n    case PT_OP_CUOP:",
               "        wp->cptr = (wp->cptr + 1u) & m->seq_mask;\n        break;\n"
               "    case PT_OP_CUOP:"))),
          ("commit_any_order", "a commit out of order accepted", (
              ("rtl", "rtl/simtx/pathtable.sv",
               "assign in_order = oldest == expect_oldest;", "assign in_order = 1'b1;"),
              ("model", "csim/simtx/pathtable.c",
               "        if (oldest != (h == b || (alt && h == c)))\n            return false;",
               "        (void)oldest;"))),
          ("no_reservation", "a buop allocates without keeping an entry for its alternate", (
              ("rtl", "rtl/simtx/pathtable.sv",
               "end else if (!room2) begin", "end else if (!room1) begin"),
              ("model", "csim/simtx/pathtable.c",
               "else if (nfree < resv + 2u)", "else if (nfree < resv + 1u)"))),
          ("squash_keeps_spec", "a rollback leaves the warp's speculative entries", (
              ("rtl", "rtl/simtx/pathtable.sv",
               "release_h[h] = !is_free[h] && !(is_valid[h] && req_keep_i[h]);",
               "release_h[h] = is_valid[h] && !req_keep_i[h];"),
              ("model", "csim/simtx/pathtable.c",
               "            if (e->state == PT_STATE_SPEC) {\n                ev->squashed++;\n"
               "                release(m, w, h, ev);",
               "            if (e->state == PT_STATE_SPEC) {\n                ev->squashed++;"))))
      for kind, file, old, new in edits),
    # --- pirat (SIMT-X's PIRAT): RTL and model each --------------------------
    *(dict(block="pirat", name=f"{kind}_pr_{name}", kind=kind, file=file, old=old, new=new,
           why=why)
      for name, why, edits in (
          ("subset_reversed", "a source's LDiv rule tests Rmask within Wmask, not Wmask within Rmask", (
              ("rtl", "rtl/simtx/pirat.sv",
               "ph_sub[h]  = (wmask & ~pm) == '0;", "ph_sub[h]  = (pm & ~wmask) == '0;"),
              ("model", "csim/simtx/pirat.c",
               "    if (subset(wm, r)) {", "    if (subset(r, wm)) {"))),
          ("no_source_merge", "a source whose path spans both mappings reads Main, no merge emitted", (
              ("rtl", "rtl/simtx/pirat.sv",
               "mrg0      = ren_src_valid_i[0] && e_v[0] && !e_sub[0] && !e_dis[0];",
               "mrg0      = 1'b0;"),
              ("model", "csim/simtx/pirat.c",
               "    return PR_SRC_MERGE;\n}", "    *preg = e->main;\n    return PR_SRC_MAIN;\n}"))),
          ("held_released_twice", "a held pair not cleared when the next commit releases it: released again later", (
              ("rtl", "rtl/simtx/pirat.sv",
               "end else if ((hrel_c && cmt_w_oh[w]) || rb_w_oh[w]) begin",
               "end else if (rb_w_oh[w]) begin"),
              ("model", "csim/simtx/pirat.c",
               "        m->held[w].valid = false;\n        ev->rel_hold = true;",
               "        ev->rel_hold = true;"))),
          ("rollback_drops_ldiv", "a rollback restores Main but not the Commit PIRAT's LDiv", (
              ("rtl", "rtl/simtx/pirat.sv", "rb_v = cv_d;", "rb_v = '0;"),
              ("model", "csim/simtx/pirat.c",
               "        *SPEC(m, w, r) = *CMT(m, w, r);",
               "        *SPEC(m, w, r) = (pirat_entry_t){.main = CMT(m, w, r)->main};"))),
          ("mapped_unchecked", "a commit releases a register the speculative entry still maps (no mapped check)", (
              ("rtl", "rtl/simtx/pirat.sv",
               "mapped  = cc_v && (cmt_merge_i ? (map_m || map_l) : (cov_m ? map_l : map_m));",
               "mapped  = 1'b0;"),
              ("model", "csim/simtx/pirat.c",
               "            v.mapped = true;", "            v.mapped = false;"))))
      for kind, file, old, new in edits),
    # --- simtx_rename (the front end and the PIRAT wired): RTL and model each
    *(dict(block="simtx_rename", name=f"{kind}_rn_{name}", kind=kind, file=file, old=old,
           new=new, why=why, **extra)
      for name, why, extra, edits in (
          ("masks_of_read_warp", "the PIRAT's Rmasks are the read port's warp's row, not the renaming warp's", {}, (
              ("rtl", "rtl/simtx/simtx_rename.sv",
               ".rd_warp_i    (ren_valid_i ? ren_warp_i : rd_warp_i),", ".rd_warp_i    (rd_warp_i),"),
              ("model", "csim/simtx/simtx_rename.c",
               "w->fi.rd_warp = in->ren_valid ? in->ren_warp : in->rd_warp;",
               "w->fi.rd_warp = in->rd_warp;"))),
          ("pending_ignored", "the PIRAT renames as if no divergence were ever pending", {}, (
              ("rtl", "rtl/simtx/simtx_rename.sv",
               ".pending_i    (pend_nz),", ".pending_i    (1'b0),"),
              ("model", "csim/simtx/simtx_rename.c",
               "w->pi.pending = w->fo.pending_nz;", "w->pi.pending = false;"))),
          ("rollback_wrong_warp", "a ROLLBACK rolls warp 0's PIRAT back, whichever warp it names", {}, (
              ("rtl", "rtl/simtx/simtx_rename.sv",
               "rbw_q[0] <= req_op_i == simtx_frontend_pkg::OpConverge ? sel_warp_o : req_warp_i;",
               "rbw_q[0] <= '0;"),
              ("model", "csim/simtx/simtx_rename.c",
               "unsigned acting = op == FE_OP_CONVERGE ? w.fo.sel_warp : in->req_warp;",
               "unsigned acting = 0u;"))),
          ("refused_rollback_applied",
           "a ROLLBACK the front end refuses still rolls the PIRAT back (only min's "
           "two-path warps have a refusable ROLLBACK in range)", {"config": "min"}, (
              ("rtl", "rtl/simtx/simtx_rename.sv",
               "assign rb_valid_o = rb_q[1] && rsp_valid_o && rsp_err_o == pathtable_pkg::ErrNone;",
               "assign rb_valid_o = rb_q[1] && rsp_valid_o;"),
              ("model", "csim/simtx/simtx_rename.c",
               "c->taken[1].rollback && w->fo.rsp_valid && w->fo.rsp_err == PT_ERR_NONE;",
               "c->taken[1].rollback && w->fo.rsp_valid;"))),
          ("merge_holds_nothing", "a merge naming a path takes no Pathtable reference (the path-lifetime hazard)", {}, (
              ("rtl", "rtl/simtx/simtx_rename.sv",
               "assign mrg_hold = mrg_valid_o && mrg_is_path_o && !(rb_valid_o && rb_warp_o == uop_warp_o);",
               "assign mrg_hold = 1'b0;"),
              ("model", "csim/simtx/simtx_rename.c",
               "w->fi.hold_valid = reg->mrg_valid && reg->mrg_is_path &&",
               "w->fi.hold_valid = false && reg->mrg_is_path &&"))),
          ("free_path_renamed", "a rename on a FREE path is taken (only the path of this cycle's response refused)", {}, (
              ("rtl", "rtl/simtx/simtx_rename.sv",
               "assign ren_path_bad = ren_state == pathtable_pkg::StateFree ||",
               "assign ren_path_bad = 1'b0 && ren_state == pathtable_pkg::StateFree ||"),
              ("model", "csim/simtx/simtx_rename.c",
               "(in->ren_path < c->p.paths_per_warp && w->fo.rd_states[in->ren_path] == PT_STATE_FREE) ||",
               "(false && w->fo.rd_states[in->ren_path] == PT_STATE_FREE) ||"))))
      for kind, file, old, new in edits),
    # --- intent checks: tbc_core, dom_core, dws_core
    dict(block="tbc_core", name="intent_tbc_static_ignored", kind="intent",
         edits=[("rtl/tbc/tbc_core.sv", "    .in_static_i(cmp_static),", "    .in_static_i(1'b0),"),
                ("csim/tbc/tbc_core.c", ".in_static = e->stack_out.cmp_static,",
                 ".in_static = false,")],
         why="a block launched with compaction disabled is compacted all the same (TBC 3.2)"),
    dict(block="dom_core", name="intent_dom_slip_ungated", kind="intent",
         edits=[("rtl/dom/dom_core.sv", ".acc_alloc_ok_i  (!acc_block_o),", ".acc_alloc_ok_i  (1'b1),"),
                ("csim/dom/dom_core.c", "{.acc_alloc_ok = !so->q_block}",
                 "{.acc_alloc_ok = !so->q_block || true}")],
         why="the MDT allocates whatever the slip controller says: warps slip past max-slip (DoM 5.1)"),
    dict(block="dws_core", config="small", name="intent_dws_reroot_at_rpc", kind="intent",
         edits=[("rtl/dws/dws_core.sv", "      wst_pc    = tos_pc_o;", "      wst_pc    = tos_rpc_o;"),
                ("csim/dws/dws_core.c", "c->so.rd_pc, c->so.rd_mask.w[0], false);",
                 "c->so.rd_rpc, c->so.rd_mask.w[0], false);")],
         why="after a warp's branch or pop its split starts at the top's reconvergence PC (DWS 5.4)"),
    # --- intent checks: robust_core, simtx_frontend, simtx_rename
    dict(block="robust_core", name="intent_robc_task_counts_lanes", kind="intent",
         edits=[("rtl/robust/robust_core.sv",
                 "assign done = ok && is_task ? rd_count_o : '0;",
                 "assign done = ok && is_task ? WidthWidth'($countones(rd_lanes_o)) : '0;"),
                ("csim/robust/robust_core.c", "bm_popcount(&w->to.rd_mask)",
                 "bm_popcount(&w->to.rd_lanes)")],
         why="a TASK counts the slice's lanes, not the threads on its stack's top: the ASU "
             "drains before the interval's tasks are done (Robust VI-C)"),
    dict(block="simtx_frontend", name="intent_fe_trains_request_div", kind="intent",
         edits=[("rtl/simtx/simtx_frontend.sv",
                 "s_res_div_q <= j_op_q == simtx_frontend_pkg::OpBexec ? pt_div : j_div_q;",
                 "s_res_div_q <= j_div_q;"),
                ("csim/simtx/simtx_frontend.c",
                 ".res_div = exec ? pto->req_div : f->in.req_div,", ".res_div = f->in.req_div,")],
         why="a buop's BEXEC trains the predictor with req_div_i, not the Pathtable's verdict: "
             "a divergent buop teaches 'uniform' (SIMT-X 3.7.2)"),
    dict(block="simtx_rename", name="intent_rn_always_pending", kind="intent",
         edits=[("rtl/simtx/simtx_rename.sv", ".pending_i    (pend_nz),", ".pending_i    (1'b1),"),
                ("csim/simtx/simtx_rename.c", "w->pi.pending = w->fo.pending_nz;",
                 "w->pi.pending = true;")],
         why="the PIRAT renames as if a divergence were always pending: every destination with "
             "an LDiv merges, none is deferred (SIMT-X 3.8.1, 3.8.2)"),
]
