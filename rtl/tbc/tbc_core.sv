// Thread Block Compaction: the block-wide stack driving the thread compactor
// (TBC (HPCA'11) Fig. 8, units 1 and 2). Each time an entry becomes top of
// stack its mask goes to the compactor, which emits the compacted warps one
// per cycle to the warp buffer (out_*). Arriving warps come back on req_*.
// See docs/blocks/tbc_stack.md and docs/blocks/thread_compactor.md.

`include "assert.svh"

module tbc_core #(
  `include "tbc_core_paramlist.svh"
) (
  `include "tbc_core_portlist.svh"
);

  `include "tbc_core_checks.svh"

  logic                    cmp_valid, cmp_ready, cmp_static;
  logic [BlockThreads-1:0] cmp_mask;
  logic [PcWidth-1:0]      cmp_pc, warp_pc_q;

  // The observation ports that the core does not bring out.
  logic [BlockThreads-1:0] unused_mask;
  logic [LposWidth-1:0]    unused_lpos, unused_idx;
  logic                    unused_busy;

  tbc_stack #(
    .BlockThreads(BlockThreads), .WarpWidth(WarpWidth), .PcWidth(PcWidth),
    .Depth(Depth), .LcpEnable(LcpEnable)
  ) u_stack (
    .clk_i, .rst_ni,
    .req_valid_i, .req_ready_o, .req_op_i, .req_lane_valid_i, .req_lane_sw_i,
    .req_taken_i, .req_mask_i, .req_static_i, .req_pc_i, .req_alt_pc_i,
    .req_rpc_i, .req_lpc_i,
    .cmp_valid_o (cmp_valid),
    .cmp_ready_i (cmp_ready),
    .cmp_mask_o  (cmp_mask),
    .cmp_static_o(cmp_static),
    .cmp_pc_o    (cmp_pc),
    .rsp_valid_o, .rsp_err_o, .err_sticky_o,
    .tos_valid_o, .tos_pc_o, .tos_rpc_o, .tos_lpc_o, .tos_wcnt_o,
    .tos_mask_o  (unused_mask),
    .tos_lpos_o  (unused_lpos),
    .tos_idx_o   (unused_idx),
    .depth_o
  );

  thread_compactor #(
    .BlockThreads(BlockThreads), .WarpWidth(WarpWidth)
  ) u_compactor (
    .clk_i, .rst_ni,
    .in_valid_i (cmp_valid),
    .in_ready_o (cmp_ready),
    .in_mask_i  (cmp_mask),
    .in_static_i(cmp_static),
    .out_valid_o, .out_ready_i, .out_lane_valid_o, .out_lane_sw_o, .out_last_o,
    .busy_o     (unused_busy)
  );

  // The PC travels with the mask it was handed over with.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      warp_pc_q <= '0;
    end else if (cmp_valid && cmp_ready) begin
      warp_pc_q <= cmp_pc;
    end
  end
  assign out_pc_o = out_valid_o ? warp_pc_q : '0;

  // ------------------------------------------------------------------------
  // Assertions (the stack's and the compactor's own run inside them)
  // ------------------------------------------------------------------------
  // The PC a compacted warp starts at is the one handed over with its mask,
  // never the reserved PC.
  `ASSERT_NEVER(OutPcNone_A, out_valid_o && out_pc_o == '1)

endmodule
