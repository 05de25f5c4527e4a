// Per-warp PDOM reconvergence stack with likely-convergence points.
//
// Sources: DoM (SC'09) section 3.1 -- branch divergence stack, loop branches;
// TBC (HPCA'11) section 2.2.2 -- PDOM stack; section 4 / Fig. 10 --
// likely-convergence points (LPC/LPos). Full behaviour, timing and error
// codes: docs/blocks/recon_stack.md.
//
// NumWarps stacks of Depth entries {pc, rpc, mask} (+ {lpc, lpos} when
// LcpEnable) in one flop array. One operation per cycle (INIT, BRANCH,
// ADVANCE) on any warp, applied in full at the clock edge -- pushes, pops,
// the likely-convergence merge and cascaded pops of finished entries -- and
// an independent combinational read port of any warp's top of stack.
//
// Example (WarpWidth = 4, one warp, TBC Example 1 warp 0, PCs A..D):
//   INIT    pc=A mask=1111 rpc=none            stack: {A,-,1111}
//   BRANCH  taken=0001 tpc=C fpc=B rpc=D       stack: {D,-,1111} {B,D,1110} {C,D,0001}
//   ADVANCE D (C reaches D: pc == rpc, pop)    stack: {D,-,1111} {B,D,1110}
//   ADVANCE D (B reaches D: pop)               stack: {D,-,1111}
//   ADVANCE X (X = the exit given at INIT)     stack empty: warp finished
//
// Implementation: with likely-convergence points each entry keeps a status
// bit beside the paper's fields, empty (mask == 0: a likely-convergence
// entry nobody reached), written whenever the entry is, so a pop can find
// the next unfinished entry below with a Depth-bit priority search instead
// of Depth comparators per warp. No entry below the TOS is ever at its own
// rpc (a branch at the TOS's rpc creates no reconvergence entry), so that
// is the only way one can be finished.

`include "assert.svh"

module recon_stack #(
  `include "recon_stack_paramlist.svh"
) (
  `include "recon_stack_portlist.svh"
);

  // ------------------------------------------------------------------------
  // Parameter checks
  // ------------------------------------------------------------------------
  `include "recon_stack_checks.svh"

  typedef logic [PcWidth-1:0]    pc_t;
  typedef logic [WarpWidth-1:0]  mask_t;
  typedef logic [LposWidth-1:0]  lpos_t;
  typedef logic [DepthWidth-1:0] depth_t;

  localparam pc_t PcNone = '1;
  localparam bit  Lcp    = LcpEnable != 0;

  // ------------------------------------------------------------------------
  // Storage
  // ------------------------------------------------------------------------
  pc_t              pc_q     [NumWarps][Depth];
  pc_t              rpc_q    [NumWarps][Depth];
  pc_t              lpc_q    [NumWarps][Depth];
  mask_t            mask_q   [NumWarps][Depth];
  lpos_t            lpos_q   [NumWarps][Depth];
  logic [Depth-1:0] empty_q  [NumWarps];  // '0 without likely convergence
  depth_t           sp_q     [NumWarps];

  // ------------------------------------------------------------------------
  // The addressed warp's top of stack
  // ------------------------------------------------------------------------
  logic   warp_ok;
  depth_t sp;
  lpos_t  tos;
  pc_t    t_rpc, t_lpc;
  mask_t  t_mask;
  lpos_t  t_lpos;
  logic [Depth-1:0] fin;  // entry is finished: its mask is empty

  assign warp_ok = 32'(req_warp_i) < NumWarps;

  always_comb begin
    sp     = '0;
    tos    = '0;
    t_rpc  = '0;
    t_lpc  = PcNone;
    t_mask = '0;
    t_lpos = '0;
    fin    = '0;
    if (warp_ok) begin
      sp     = sp_q[req_warp_i];
      tos    = (sp == '0) ? '0 : LposWidth'(sp - 1'b1);
      t_rpc  = rpc_q[req_warp_i][tos];
      t_lpc  = lpc_q[req_warp_i][tos];
      t_mask = mask_q[req_warp_i][tos];
      t_lpos = lpos_q[req_warp_i][tos];
      fin    = empty_q[req_warp_i];
    end
  end

  // ------------------------------------------------------------------------
  // Decode the operation
  // ------------------------------------------------------------------------
  logic is_init, is_branch, is_adv;
  assign is_init   = req_op_i == recon_stack_pkg::OpInit;
  assign is_branch = req_op_i == recon_stack_pkg::OpBranch;
  assign is_adv    = req_op_i == recon_stack_pkg::OpAdvance;

  mask_t taken, not_taken;
  assign taken     = t_mask & req_mask_i;
  assign not_taken = t_mask & ~req_mask_i;

  logic t_exit, f_exit, uniform, loop_br, divergent;
  assign t_exit    = req_pc_i == req_rpc_i;
  assign f_exit    = req_alt_pc_i == req_rpc_i;
  assign uniform   = is_branch && (taken == '0 || not_taken == '0 || req_pc_i == req_alt_pc_i);
  assign loop_br   = is_branch && !uniform && req_rpc_i == t_rpc && (t_exit != f_exit);
  assign divergent = is_branch && !uniform && !loop_br;

  // ADVANCE, and the branches that behave as one: where the TOS goes next.
  logic  adv_like, hit_rpc, hit_lpc;
  pc_t   adv_pc;
  mask_t adv_mask;
  always_comb begin
    adv_pc   = req_pc_i;
    adv_mask = t_mask;
    if (uniform) begin
      adv_pc = (taken != '0) ? req_pc_i : req_alt_pc_i;
    end else if (loop_br) begin
      adv_pc   = t_exit ? req_alt_pc_i : req_pc_i;
      adv_mask = t_exit ? not_taken : taken;
    end
  end
  assign adv_like = is_adv || uniform || loop_br;
  assign hit_rpc  = adv_pc == t_rpc;
  assign hit_lpc  = Lcp && !hit_rpc && adv_pc == t_lpc;

  // Divergent branch: the entries it writes, from level lcp_idx up. They go
  // above the TOS, which becomes the reconvergence entry -- unless the TOS
  // already waits at the branch's rpc (reuse): then the first of them takes
  // the TOS's level and no reconvergence entry is created.
  logic  reuse, new_lcp, f_to_lpc, t_to_lpc, push_f, push_t;
  pc_t   eff_lpc;
  lpos_t eff_lpos;
  mask_t push_merge;  // threads whose side goes straight to the lpc
  logic [DepthWidth:0] n_push, lcp_idx, f_idx, t_idx;
  always_comb begin
    reuse      = req_rpc_i == t_rpc;
    lcp_idx    = (DepthWidth+1)'(sp) - (DepthWidth+1)'(reuse);
    new_lcp    = Lcp && req_lpc_i != PcNone && req_lpc_i != req_rpc_i;
    eff_lpc    = new_lcp ? req_lpc_i : t_lpc;
    eff_lpos   = new_lcp ? LposWidth'(lcp_idx) : t_lpos;
    f_to_lpc   = Lcp && !f_exit && req_alt_pc_i == eff_lpc;
    t_to_lpc   = Lcp && !t_exit && req_pc_i == eff_lpc;
    push_f     = !f_exit && !f_to_lpc;
    push_t     = !t_exit && !t_to_lpc;
    push_merge = (f_to_lpc ? not_taken : '0) | (t_to_lpc ? taken : '0);
    n_push     = (DepthWidth+1)'(new_lcp) + (DepthWidth+1)'(push_f) + (DepthWidth+1)'(push_t);
    f_idx      = lcp_idx + (DepthWidth+1)'(new_lcp);
    t_idx      = f_idx + (DepthWidth+1)'(push_f);
  end

  // ------------------------------------------------------------------------
  // Errors: the lowest applicable code wins
  // ------------------------------------------------------------------------
  logic [2:0] err;
  always_comb begin
    err = recon_stack_pkg::ErrNone;
    if (req_op_i == recon_stack_pkg::OpReserved) begin
      err = recon_stack_pkg::ErrBadOp;
    end else if (!warp_ok) begin
      err = recon_stack_pkg::ErrBadWarp;
    end else if ((is_init && req_pc_i == PcNone) ||
                 (is_adv && req_pc_i == PcNone) ||
                 (is_branch && (req_pc_i == PcNone || req_alt_pc_i == PcNone ||
                                req_rpc_i == PcNone))) begin
      err = recon_stack_pkg::ErrBadPc;
    end else if (is_init && req_mask_i == '0) begin
      err = recon_stack_pkg::ErrBadMask;
    end else if (!is_init && sp == '0) begin
      err = recon_stack_pkg::ErrEmpty;
    end else if (divergent && lcp_idx + n_push > (DepthWidth+1)'(Depth)) begin
      err = recon_stack_pkg::ErrOverflow;
    end
  end

  logic apply;
  assign apply = req_valid_i && err == recon_stack_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // Pops: new depth after popping the TOS and every finished entry below it,
  // the bottom entry included: at its rpc (the warp's exit) the warp has
  // finished, and the depth becomes 0.
  // ------------------------------------------------------------------------
  logic   pop;
  depth_t sp_pop;
  always_comb begin : p_pop
    logic [Depth-1:0] fin_after;
    fin_after = fin;
    if (hit_lpc) begin
      fin_after[t_lpos] = 1'b0;  // the likely-convergence entry just gained threads
    end
    pop    = adv_like && (hit_rpc || hit_lpc);
    sp_pop = '0;
    for (int unsigned l = 0; l < Depth; l++) begin
      if (l < 32'(tos) && !fin_after[l]) begin
        sp_pop = DepthWidth'(l + 1);
      end
    end
  end

  // ------------------------------------------------------------------------
  // Next state of the addressed warp, per level: a full entry write (INIT,
  // push), a TOS update (pc, mask) or an OR-merge into a likely-convergence
  // entry. Write data is shared by all warps; enables pick the warp.
  // ------------------------------------------------------------------------
  logic [Depth-1:0] wr_full, wr_tos, wr_merge;
  logic [Depth-1:0] wr_lcp, wr_f, wr_t;  // which pushed entry a level gets
  pc_t    tos_pc;
  mask_t  tos_mask, merge_mask;
  depth_t sp_next;

  always_comb begin
    wr_full    = '0;
    wr_tos     = '0;
    wr_merge   = '0;
    wr_lcp     = '0;
    wr_f       = '0;
    wr_t       = '0;
    tos_pc     = adv_pc;
    tos_mask   = adv_mask;
    merge_mask = '0;
    sp_next    = sp;
    if (is_init) begin
      wr_full[0] = 1'b1;
      sp_next    = DepthWidth'(1);
    end else if (adv_like) begin
      if (pop) begin
        sp_next = sp_pop;
        if (hit_lpc) begin
          merge_mask       = adv_mask;
          wr_merge[t_lpos] = 1'b1;
        end
      end else begin
        wr_tos[tos] = 1'b1;
      end
    end else if (divergent) begin
      tos_pc      = req_rpc_i;  // the TOS becomes the reconvergence entry
      tos_mask    = t_mask;
      wr_tos[tos] = !reuse;
      for (int unsigned l = 0; l < Depth; l++) begin
        wr_lcp[l] = new_lcp && l == 32'(lcp_idx);
        wr_f[l]   = push_f && l == 32'(f_idx);
        wr_t[l]   = push_t && l == 32'(t_idx);
      end
      wr_full = wr_lcp | wr_f | wr_t;
      if (!new_lcp && push_merge != '0) begin
        merge_mask       = push_merge;
        wr_merge[t_lpos] = 1'b1;
      end
      sp_next = DepthWidth'(lcp_idx + n_push);
    end
  end

  // Data of a full entry write at each level.
  pc_t   wd_pc   [Depth];
  pc_t   wd_lpc  [Depth];
  mask_t wd_mask [Depth];
  lpos_t wd_lpos [Depth];
  logic  wd_empty  [Depth];
  for (genvar l = 0; l < Depth; l++) begin : gen_wdata
    always_comb begin
      wd_pc[l]     = req_pc_i;       // INIT pc, taken side
      wd_lpc[l]    = eff_lpc;
      wd_lpos[l]   = eff_lpos;
      wd_mask[l]   = taken;
      wd_empty[l]  = 1'b0;
      if (is_init) begin
        wd_lpc[l]    = PcNone;
        wd_lpos[l]   = '0;
        wd_mask[l]   = req_mask_i;
      end else if (wr_lcp[l]) begin
        wd_pc[l]     = req_lpc_i;
        wd_lpc[l]    = t_lpc;
        wd_lpos[l]   = t_lpos;
        wd_mask[l]   = push_merge;
        wd_empty[l]  = push_merge == '0;
      end else if (wr_f[l]) begin
        wd_pc[l]     = req_alt_pc_i;
        wd_mask[l]   = not_taken;
      end
    end
  end

  // Stack pointers: the only per-warp state that needs a reset.
  for (genvar w = 0; w < NumWarps; w++) begin : gen_sp
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        sp_q[w] <= '0;
      end else if (apply && 32'(req_warp_i) == w) begin
        sp_q[w] <= sp_next;
      end
    end
  end

  // Entry storage: a register file written only at the addressed warp's
  // levels. It has no reset, like the SRAM it would be in a large core: no
  // entry is read before it is written (reads are below the stack pointer).
  always_ff @(posedge clk_i) begin : p_entries
    if (apply) begin
      for (int unsigned l = 0; l < Depth; l++) begin
        if (wr_full[l]) begin
          pc_q[req_warp_i][l]     <= wd_pc[l];
          rpc_q[req_warp_i][l]    <= req_rpc_i;
          mask_q[req_warp_i][l]   <= wd_mask[l];
        end else if (wr_tos[l]) begin
          pc_q[req_warp_i][l]     <= tos_pc;
          mask_q[req_warp_i][l]   <= tos_mask;
        end else if (wr_merge[l]) begin
          mask_q[req_warp_i][l]   <= mask_q[req_warp_i][l] | merge_mask;
        end
      end
    end
  end

  if (Lcp) begin : gen_lcp
    always_ff @(posedge clk_i) begin : p_lcp_entries
      if (apply) begin
        for (int unsigned l = 0; l < Depth; l++) begin
          if (wr_full[l]) begin
            lpc_q[req_warp_i][l]   <= wd_lpc[l];
            lpos_q[req_warp_i][l]  <= wd_lpos[l];
            empty_q[req_warp_i][l] <= wd_empty[l];
          end else if (wr_merge[l]) begin
            empty_q[req_warp_i][l] <= 1'b0;
          end
        end
      end
    end
  end else begin : gen_no_lcp
    for (genvar w = 0; w < NumWarps; w++) begin : gen_w
      for (genvar l = 0; l < Depth; l++) begin : gen_l
        assign lpc_q[w][l]  = PcNone;
        assign lpos_q[w][l] = '0;
      end
      assign empty_q[w] = '0;  // only likely-convergence entries start empty
    end
  end

  if (!Lcp) begin : gen_no_lcp_data
    // Without likely-convergence fields the push data for them has no sink.
    logic [Depth-1:0] unused_lcp_data;
    for (genvar l = 0; l < Depth; l++) begin : gen_unused
      assign unused_lcp_data[l] = ^{wd_lpc[l], wd_lpos[l], wd_empty[l]};
    end
  end

  // ------------------------------------------------------------------------
  // Response and sticky error
  // ------------------------------------------------------------------------
  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (req_valid_i),
    .err_i   (err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  // ------------------------------------------------------------------------
  // Read port
  // ------------------------------------------------------------------------
  always_comb begin : p_read
    depth_t rd_sp;
    lpos_t  rd_tos;
    rd_valid_o = 1'b0;
    rd_pc_o    = '0;
    rd_rpc_o   = '0;
    rd_mask_o  = '0;
    rd_lpc_o   = '0;
    rd_lpos_o  = '0;
    rd_depth_o = '0;
    rd_sp      = '0;
    rd_tos     = '0;
    if (32'(rd_warp_i) < NumWarps) begin
      rd_sp  = sp_q[rd_warp_i];
      rd_tos = (rd_sp == '0) ? '0 : LposWidth'(rd_sp - 1'b1);
      if (rd_sp != '0) begin
        rd_valid_o = 1'b1;
        rd_pc_o    = pc_q[rd_warp_i][rd_tos];
        rd_rpc_o   = rpc_q[rd_warp_i][rd_tos];
        rd_mask_o  = mask_q[rd_warp_i][rd_tos];
        rd_lpc_o   = lpc_q[rd_warp_i][rd_tos];
        rd_lpos_o  = lpos_q[rd_warp_i][rd_tos];
        rd_depth_o = rd_sp;
      end
    end
  end

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(recon_stack_pkg::ErrNone) == 0)
  // No stack deeper than Depth.
  for (genvar w = 0; w < NumWarps; w++) begin : gen_sp_assert
    `ASSERT(SpBound_A, 32'(sp_q[w]) <= Depth)
  end
  // A stack empties only by a pop at the rpc (a likely-convergence merge
  // always leaves the entry it merged into).
  `ASSERT_NEVER(EmptyOnlyAtRpc_A, apply && sp_next == '0 && !(pop && hit_rpc))
`ifndef SYNTHESIS
  // No entry below the addressed warp's TOS is at its own rpc: a branch at
  // the TOS's rpc creates no reconvergence entry, so the pop search needs
  // only the empty bits.
  logic [Depth-1:0] below_at_rpc;
  always_comb begin
    below_at_rpc = '0;
    for (int unsigned l = 0; l < Depth; l++) begin
      below_at_rpc[l] = warp_ok && l < 32'(tos) && pc_q[req_warp_i][l] == rpc_q[req_warp_i][l];
    end
  end
  `ASSERT_NEVER(NoEntryBelowTosAtRpc_A, below_at_rpc != '0)
`endif
  // The reserved PC is rejected (BAD_PC) and never reaches a top of stack.
  `ASSERT_NEVER(RdPcNone_A, rd_valid_o && rd_pc_o == PcNone)

endmodule
