// Thread Block Compaction's thread compactor: one priority encoder per lane.
//
// Source: TBC (HPCA'11) sections 3.2-3.3, Fig. 8-9. Behaviour and timing:
// docs/blocks/thread_compactor.md.
//
// The block-wide mask is held as W lane buffers of S = B/W threads (bit s
// of lane l's buffer is thread s*W + l, static warp s's thread in lane l). Each cycle every lane's
// priority encoder picks its lowest remaining static warp; the picks are one
// compacted warp, cleared when it is taken. Threads never leave their lane.
// With static mode (compaction disabled) the lowest static warp with a
// remaining thread is emitted whole.
//
// Example (B = 8, W = 4, TBC Example 1): mask = threads {2,3,4,5,8} (bits
// 1,2,3,4,7) -> warp 1: lane0 = static warp 1 (thread 5), lanes 1-3 = static
// warp 0 (threads 2,3,4); warp 2: lane3 = static warp 1 (thread 8).

`include "assert.svh"

module thread_compactor #(
  `include "thread_compactor_paramlist.svh"
) (
  `include "thread_compactor_portlist.svh"
);

  `include "thread_compactor_checks.svh"

  localparam int unsigned S = NumStaticWarps;
  localparam int unsigned W = WarpWidth;

  // The remaining threads, one buffer per home lane (section 3.3: "stored in
  // multiple buffers, each responsible for threads in a single home vector
  // lane"): bit s of lane l's buffer is thread s*W + l.
  logic [S-1:0] rem_q [W];
  logic [S-1:0] in_lane [W];
  logic [S-1:0] pick [W];
  logic         static_q;

  for (genvar l = 0; l < W; l++) begin : gen_in_lane
    for (genvar s = 0; s < S; s++) begin : gen_bit
      assign in_lane[l][s] = in_mask_i[s*W + l];
    end
  end

  // Normal mode: a priority encoder per lane over its S candidates.
  logic [W-1:0]       lane_valid;
  logic [SwWidth-1:0] lane_idx    [W];
  logic [S-1:0]       lane_onehot [W];
  for (genvar l = 0; l < W; l++) begin : gen_lane
    prio_enc #(.Width(S)) u_enc (
      .in_i    (rem_q[l]),
      .valid_o (lane_valid[l]),
      .idx_o   (lane_idx[l]),
      .onehot_o(lane_onehot[l])
    );
  end

  // Static mode: a priority encoder over the static warps with a thread.
  logic [S-1:0]       warp_any, warp_onehot;
  logic [SwWidth-1:0] warp_idx;
  logic               warp_valid;
  always_comb begin
    warp_any = '0;
    for (int unsigned l = 0; l < W; l++) begin
      warp_any = warp_any | rem_q[l];
    end
  end
  prio_enc #(.Width(S)) u_warp_enc (
    .in_i    (warp_any),
    .valid_o (warp_valid),
    .idx_o   (warp_idx),
    .onehot_o(warp_onehot)
  );

  logic none_left;
  always_comb begin
    out_lane_valid_o = '0;
    out_lane_sw_o    = '0;
    none_left        = 1'b1;
    for (int unsigned l = 0; l < W; l++) begin
      if (static_q) begin
        out_lane_valid_o[l] = rem_q[l][warp_idx];
        out_lane_sw_o[l*SwWidth +: SwWidth] = out_lane_valid_o[l] ? warp_idx : '0;
        pick[l] = rem_q[l] & warp_onehot;
      end else begin
        out_lane_valid_o[l] = lane_valid[l];
        out_lane_sw_o[l*SwWidth +: SwWidth] = lane_idx[l];
        pick[l] = lane_onehot[l];
      end
      none_left = none_left && (rem_q[l] & ~pick[l]) == '0;
    end
  end

  assign busy_o      = warp_valid;
  assign out_valid_o = busy_o;
  assign in_ready_o  = !busy_o;
  assign out_last_o  = busy_o && none_left;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned l = 0; l < W; l++) begin
        rem_q[l] <= '0;
      end
      static_q <= 1'b0;
    end else if (in_valid_i && in_ready_o) begin
      for (int unsigned l = 0; l < W; l++) begin
        rem_q[l] <= in_lane[l];
      end
      static_q <= in_static_i;
    end else if (out_valid_o && out_ready_i) begin
      for (int unsigned l = 0; l < W; l++) begin
        rem_q[l] <= rem_q[l] & ~pick[l];
      end
    end
  end

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // A warp shown has a thread, so taking it removes one: the compactor
  // always makes progress. out_last_o marks a warp that is shown.
  `ASSERT(WarpNotEmpty_A, !out_valid_o || out_lane_valid_o != '0)
  `ASSERT_NEVER(LastWithoutWarp_A, out_last_o && !out_valid_o)

endmodule
