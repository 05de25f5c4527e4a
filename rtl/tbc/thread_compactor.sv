// Thread Block Compaction's thread compactor: one priority encoder per lane.
//
// Source: TBC (HPCA'11) sections 3.2-3.3, Fig. 8-9. Behaviour and timing:
// docs/blocks/thread_compactor.md.
//
// The block-wide mask is held as W lane groups of S = B/W threads (thread
// s*W + l is static warp s's thread in home lane l). Each cycle every lane's
// priority encoder picks its lowest remaining static warp; the picks are one
// compacted warp, cleared when it is taken. Threads never leave their lane.
// With static mode (compaction disabled) the lowest static warp with a
// remaining thread is emitted whole.
//
// Example (B = 8, W = 4, TBC Example 1): mask = threads {2,3,4,5,8} (bits
// 1,2,3,4,7) -> warp 1: lane0 = static warp 1 (thread 5), lanes 1-3 = static
// warp 0 (threads 2,3,4); warp 2: lane3 = static warp 1 (thread 8).
module thread_compactor #(
  /// Threads per block: the mask width. A multiple of WarpWidth, 2W .. 1024.
  parameter int unsigned BlockThreads   = 8,
  /// Lanes (threads per warp), 2 .. 64.
  parameter int unsigned WarpWidth      = 4,
  /// Derived, do not override: static warps per block.
  parameter int unsigned NumStaticWarps = BlockThreads / WarpWidth,
  /// Derived, do not override: width of a static warp index.
  parameter int unsigned SwWidth        = (NumStaticWarps > 1) ? $clog2(NumStaticWarps) : 1
) (
  /// Clock, rising edge.
  input  logic                         clk_i,
  /// Asynchronous active-low reset: nothing held.
  input  logic                         rst_ni,
  /// A mask to compact.
  input  logic                         in_valid_i,
  /// The mask is taken: no threads are held.
  output logic                         in_ready_o,
  /// Threads to compact, bit t = thread t.
  input  logic [BlockThreads-1:0]      in_mask_i,
  /// Compaction disabled: emit the static warps.
  input  logic                         in_static_i,
  /// A compacted warp is shown.
  output logic                         out_valid_o,
  /// The warp is taken.
  input  logic                         out_ready_i,
  /// Lanes with a thread.
  output logic [WarpWidth-1:0]         out_lane_valid_o,
  /// Static warp of each lane (lane l at bits l*SwWidth); 0 for empty lanes.
  output logic [WarpWidth*SwWidth-1:0] out_lane_sw_o,
  /// This is the last warp of the mask.
  output logic                         out_last_o,
  /// Threads remain.
  output logic                         busy_o
);

  if (WarpWidth < 2 || WarpWidth > 64) begin : gen_bad_warp_width
    $error("thread_compactor: WarpWidth must be 2..64");
  end
  if (BlockThreads % WarpWidth != 0 || BlockThreads < 2 * WarpWidth ||
      BlockThreads > 1024) begin : gen_bad_block_threads
    $error("thread_compactor: BlockThreads must be a multiple of WarpWidth, 2*WarpWidth..1024");
  end
  if (NumStaticWarps != BlockThreads / WarpWidth ||
      SwWidth != ((NumStaticWarps > 1) ? $clog2(NumStaticWarps) : 1)) begin : gen_bad_derived
    $error("thread_compactor: NumStaticWarps and SwWidth are derived; do not override");
  end

  localparam int unsigned S = NumStaticWarps;
  localparam int unsigned W = WarpWidth;

  logic [BlockThreads-1:0] rem_q, rem_d, picked;
  logic                    static_q;

  // Normal mode: a priority encoder per lane over its S candidates.
  logic [W-1:0]         lane_valid;
  logic [SwWidth-1:0]   lane_idx    [W];
  logic [S-1:0]         lane_onehot [W];
  for (genvar l = 0; l < W; l++) begin : gen_lane
    logic [S-1:0] cand;
    for (genvar s = 0; s < S; s++) begin : gen_cand
      assign cand[s] = rem_q[s*W + l];
    end
    prio_enc #(.Width(S)) u_enc (
      .in_i    (cand),
      .valid_o (lane_valid[l]),
      .idx_o   (lane_idx[l]),
      .onehot_o(lane_onehot[l])
    );
  end

  // Static mode: a priority encoder over the static warps with a thread.
  logic [S-1:0]       warp_any, warp_onehot;
  logic [SwWidth-1:0] warp_idx;
  logic               warp_valid;
  for (genvar s = 0; s < S; s++) begin : gen_warp_any
    assign warp_any[s] = |rem_q[s*W +: W];
  end
  prio_enc #(.Width(S)) u_warp_enc (
    .in_i    (warp_any),
    .valid_o (warp_valid),
    .idx_o   (warp_idx),
    .onehot_o(warp_onehot)
  );

  always_comb begin
    out_lane_valid_o = '0;
    out_lane_sw_o    = '0;
    picked           = '0;
    for (int unsigned l = 0; l < W; l++) begin
      if (static_q) begin
        out_lane_valid_o[l] = rem_q[32'(warp_idx)*W + l];
        out_lane_sw_o[l*SwWidth +: SwWidth] = out_lane_valid_o[l] ? warp_idx : '0;
      end else begin
        out_lane_valid_o[l] = lane_valid[l];
        out_lane_sw_o[l*SwWidth +: SwWidth] = lane_idx[l];
      end
      for (int unsigned s = 0; s < S; s++) begin
        picked[s*W + l] = static_q ? (warp_onehot[s] && rem_q[s*W + l]) : lane_onehot[l][s];
      end
    end
  end

  assign busy_o      = |rem_q;
  assign out_valid_o = busy_o;
  assign in_ready_o  = !busy_o;
  assign out_last_o  = busy_o && (rem_q & ~picked) == '0;

  // warp_valid equals busy_o; it is the static encoder's own view of it.
  logic unused_warp_valid;
  assign unused_warp_valid = warp_valid;

  always_comb begin
    rem_d = rem_q;
    if (in_valid_i && in_ready_o) begin
      rem_d = in_mask_i;
    end else if (out_valid_o && out_ready_i) begin
      rem_d = rem_q & ~picked;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rem_q    <= '0;
      static_q <= 1'b0;
    end else begin
      rem_q <= rem_d;
      if (in_valid_i && in_ready_o) begin
        static_q <= in_static_i;
      end
    end
  end

endmodule
