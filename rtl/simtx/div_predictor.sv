// SIMT-X: divergence predictor and pending-divergence counter.
//
// Source: SIMT-X section 3.7.2 (a global bimodal divergence predictor biased
// towards divergence: "divergence is always predicted unless the predictor
// suggests that the branch is strongly uniform"), section 3.8.2 (a global
// pending-divergence counter: +1 when a buop is injected, -1 when it
// commits, corrected when a misprediction turns a branch into a buop or
// back), section 4.5 (32 x 2 bits). Behaviour, timing and errors:
// docs/blocks/div_predictor.md.
//
/// The table holds `Entries` 2-bit saturating counters shared by all warps,
/// indexed by pc[PcShift +: IndexWidth]: 0 strongly uniform, 1 weakly
/// uniform, 2 weakly divergent (the reset value), 3 strongly divergent. A
/// lookup predicts divergent unless its counter is 0; it reads the state
/// before the edge. A resolution moves its counter towards its outcome at
/// the edge. The pending counter moves once a cycle by the net of inj_i,
/// a TO_BUOP fix (+1), a TO_BRANCH fix, cmt_i (-1 each) and sq_i. Any error
/// (a reserved fix code, a fix without a resolution, pending leaving
/// 0 .. 2^PendWidth-1) rejects the whole cycle: nothing changes.
///
/// Example (Entries = 32, PcShift = 0, PendWidth = 4), branch B at pc 0x45
/// (index 5) after reset: lookup -> look_ctr_o = 2, look_div_o = 1; the
/// front-end injects a buop (inj_i, pending 0 -> 1). B resolves uniform with
/// fix TO_BRANCH: counter 2 -> 1, pending 1 -> 0; the lookup still predicts
/// divergent. A second uniform resolution (fix NONE: a plain branch now):
/// counter 1 -> 0; the next lookup of 0x45 (or of 0x25, its alias) predicts
/// uniform. One divergent resolution with fix TO_BUOP: counter 0 -> 1,
/// pending 0 -> 1 -- divergent again.

`include "assert.svh"

module div_predictor #(
  `include "div_predictor_paramlist.svh"
) (
  `include "div_predictor_portlist.svh"
);

  `include "div_predictor_checks.svh"

  localparam int unsigned IW = IndexWidth;
  localparam int unsigned PW = PendWidth;

  // ------------------------------------------------------------------------
  // The counter table (section 3.7.2), as two bit planes: counter e is
  // {hi_q[e], lo_q[e]}, updated as whole vectors (a loop over 4096 counters
  // is more than the simulator unrolls)
  // ------------------------------------------------------------------------
  logic [Entries-1:0] hi_q, lo_q, res_sel;
  logic [IW-1:0]      look_idx, res_idx;
  logic [1:0]         res_ctr, res_ctr_d;

  assign look_idx = look_pc_i[PcShift +: IW];
  assign res_idx  = res_pc_i[PcShift +: IW];
  assign res_ctr  = {hi_q[res_idx], lo_q[res_idx]};

  always_comb begin : p_train
    res_ctr_d = res_ctr;
    if (res_div_i && res_ctr != 2'd3) begin
      res_ctr_d = res_ctr + 2'd1;
    end else if (!res_div_i && res_ctr != 2'd0) begin
      res_ctr_d = res_ctr - 2'd1;
    end
  end

  // ------------------------------------------------------------------------
  // The pending counter (section 3.8.2) and the cycle's error
  // ------------------------------------------------------------------------
  // The net update in PW+2 signed bits: above 2^PW-1 has bit PW set and the
  // sign clear, below 0 the sign set.
  logic [PW-1:0]        pend_q;
  logic                 pend_nz_q;
  logic signed [PW+1:0] pend_next;
  logic                 to_buop, to_branch, bad_fix, req, accept;
  logic [1:0]           err;

  assign to_buop   = res_valid_i && res_fix_i == div_predictor_pkg::FixToBuop;
  assign to_branch = res_valid_i && res_fix_i == div_predictor_pkg::FixToBranch;
  assign pend_next = $signed({2'b00, pend_q}) + $signed((PW+2)'(inj_i)) +
                     $signed((PW+2)'(to_buop)) - $signed((PW+2)'(cmt_i)) -
                     $signed((PW+2)'(to_branch)) - $signed({2'b00, sq_i});
  assign bad_fix   = res_fix_i == 2'd3 ||
                     (res_fix_i != div_predictor_pkg::FixNone && !res_valid_i);
  assign req       = res_valid_i || res_fix_i != div_predictor_pkg::FixNone || inj_i ||
                     cmt_i || sq_i != '0;

  always_comb begin : p_err
    if (bad_fix) begin
      err = div_predictor_pkg::ErrBadFix;
    end else if (!pend_next[PW+1] && pend_next[PW]) begin
      err = div_predictor_pkg::ErrOverflow;
    end else if (pend_next[PW+1]) begin
      err = div_predictor_pkg::ErrUnderflow;
    end else begin
      err = div_predictor_pkg::ErrNone;
    end
  end
  assign accept = err == div_predictor_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // State update
  // ------------------------------------------------------------------------
  // the resolution's counter, one-hot (none when rejected)
  assign res_sel = (res_valid_i && accept) ? Entries'(1) << res_idx : '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_ctr
    if (!rst_ni) begin
      hi_q <= '1;  // every counter 2, weakly divergent: the paper's bias
      lo_q <= '0;
    end else begin
      hi_q <= res_ctr_d[1] ? hi_q | res_sel : hi_q & ~res_sel;
      lo_q <= res_ctr_d[0] ? lo_q | res_sel : lo_q & ~res_sel;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_pend
    if (!rst_ni) begin
      pend_q    <= '0;
      pend_nz_q <= 1'b0;
    end else if (req && accept) begin
      pend_q    <= pend_next[PW-1:0];
      pend_nz_q <= pend_next[PW-1:0] != '0;
    end
  end

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(2)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (req),
    .err_i   (err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  // ------------------------------------------------------------------------
  // Outputs
  // ------------------------------------------------------------------------
  assign look_ctr_o   = {hi_q[look_idx], lo_q[look_idx]};
  assign look_div_o   = look_ctr_o != 2'd0;
  assign pending_o    = pend_q;
  assign pending_nz_o = pend_nz_q;

  // The PC bits outside the index (alignment and tag bits) are not used.
  logic unused_pc_bits;
  assign unused_pc_bits = ^{look_pc_i, res_pc_i};

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(div_predictor_pkg::ErrNone) == 0)
  // pending_nz_o is a register of its own (the PIRAT reads it at clock-to-q):
  // it always agrees with the counter.
  `ASSERT(PendNzMatches_A, pend_nz_q == (pend_q != '0))
  // An accepted update keeps the pending counter in 0 .. 2^PendWidth-1.
  `ASSERT(AcceptedInRange_A, !accept || pend_next[PW+1:PW] == 2'b00)
  // A rejected cycle trains no counter; an accepted one at most one.
  `ASSERT_NEVER(RejectedTrains_A, !accept && res_sel != '0)
  `ASSERT(OneCounterTrained_A, (res_sel & (res_sel - 1'b1)) == '0)

endmodule
