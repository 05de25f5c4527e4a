// Thread Block Compaction: the block-wide stack driving the thread compactor
// (TBC (HPCA'11) Fig. 8, units 1 and 2). Each time an entry becomes top of
// stack its mask goes to the compactor, which emits the compacted warps one
// per cycle to the warp buffer (out_*). Arriving warps come back on req_*.
// See docs/blocks/tbc_stack.md and docs/blocks/thread_compactor.md.

`include "assert.svh"

module tbc_core #(
  `include "tbc_core_paramlist.svh"
) (
  /// Clock, rising edge.
  input  logic                         clk_i,
  /// Asynchronous active-low reset.
  input  logic                         rst_ni,
  /// Stack request (see tbc_stack).
  input  logic                         req_valid_i,
  /// The stack takes a request.
  output logic                         req_ready_o,
  /// 0 INIT, 1 BRANCH, 2 ARRIVE, 3 reserved.
  input  logic [1:0]                   req_op_i,
  /// Arriving warp: lanes.
  input  logic [WarpWidth-1:0]         req_lane_valid_i,
  /// Arriving warp: static warp per lane.
  input  logic [WarpWidth*SwWidth-1:0] req_lane_sw_i,
  /// BRANCH outcome per lane.
  input  logic [WarpWidth-1:0]         req_taken_i,
  /// INIT: the block's threads.
  input  logic [BlockThreads-1:0]      req_mask_i,
  /// INIT: compaction disabled.
  input  logic                         req_static_i,
  /// PC operand.
  input  logic [PcWidth-1:0]           req_pc_i,
  /// BRANCH fall-through PC.
  input  logic [PcWidth-1:0]           req_alt_pc_i,
  /// Reconvergence / exit PC.
  input  logic [PcWidth-1:0]           req_rpc_i,
  /// Likely-convergence PC.
  input  logic [PcWidth-1:0]           req_lpc_i,
  /// Registered outcome of the last request taken.
  output logic                         rsp_valid_o,
  /// Its error code.
  output logic [3:0]                   rsp_err_o,
  /// Errors seen since reset.
  output logic [15:0]                  err_sticky_o,
  /// Stack not empty.
  output logic                         tos_valid_o,
  /// Entry tos: PC (the PC of the warps being issued).
  output logic [PcWidth-1:0]           tos_pc_o,
  /// Entry tos: warps still to arrive.
  output logic [WcntWidth-1:0]         tos_wcnt_o,
  /// Entries on the stack.
  output logic [DepthWidth-1:0]        depth_o,
  /// A compacted warp.
  output logic                         out_valid_o,
  /// The warp buffer takes it.
  input  logic                         out_ready_i,
  /// Its lanes.
  output logic [WarpWidth-1:0]         out_lane_valid_o,
  /// Static warp per lane.
  output logic [WarpWidth*SwWidth-1:0] out_lane_sw_o,
  /// Last warp of the mask.
  output logic                         out_last_o,
  /// The PC the compacted warps start at.
  output logic [PcWidth-1:0]           out_pc_o
);

  `include "tbc_core_params.svh"

  logic                    cmp_valid, cmp_ready, cmp_static;
  logic [BlockThreads-1:0] cmp_mask;
  logic [PcWidth-1:0]      cmp_pc, warp_pc_q;

  // The observation ports that the core does not bring out.
  logic [PcWidth-1:0]      unused_rpc, unused_lpc;
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
    .tos_valid_o, .tos_pc_o,
    .tos_rpc_o   (unused_rpc),
    .tos_lpc_o   (unused_lpc),
    .tos_wcnt_o,
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

  `ASSERT_KNOWN(ReqReadyKnown_A, req_ready_o)
  `ASSERT_KNOWN(RspValidKnown_A, rsp_valid_o)
  `ASSERT_KNOWN(RspErrKnown_A, rsp_err_o)
  `ASSERT_KNOWN(ErrStickyKnown_A, err_sticky_o)
  `ASSERT_KNOWN(TosValidKnown_A, tos_valid_o)
  `ASSERT_KNOWN(TosPcKnown_A, tos_pc_o)
  `ASSERT_KNOWN(TosWcntKnown_A, tos_wcnt_o)
  `ASSERT_KNOWN(DepthKnown_A, depth_o)
  `ASSERT_KNOWN(OutValidKnown_A, out_valid_o)
  `ASSERT_KNOWN(OutLaneValidKnown_A, out_lane_valid_o)
  `ASSERT_KNOWN(OutLaneSwKnown_A, out_lane_sw_o)
  `ASSERT_KNOWN(OutLastKnown_A, out_last_o)
  `ASSERT_KNOWN(OutPcKnown_A, out_pc_o)

endmodule
