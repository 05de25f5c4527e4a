// Diverge on Miss: adaptive slip controller and adaptive diff.
//
// Source: DoM (SC'09) section 5.1 (per-thread slip counters, slip-limit
// bitmask, blocking mode, reset on reassignment), section 5.2 (adaptive
// diff), section 6 / Table 1 (8-bit counters, per-warp slip-limit mask, one
// max-slip register per core). Behaviour, timing and errors:
// docs/blocks/slip_ctrl.md.
//
// Example (W = 4, max-slip 2, threads 0..3): exec = 1111, hit = 0011: the
// tail (all four, undiverged) did not all hit: threads 0,1 move ahead,
// counters 1,1,0,0. hit = 0011 again: counters 2,2,0,0: threads 0,1 reach
// max-slip, the warp blocks, exec becomes 1100. hit = 1100: the tail (2,3)
// all hit: the disabled threads fall back, 1,1,0,0, and the limit clears.

`include "assert.svh"

module slip_ctrl #(
  `include "slip_ctrl_paramlist.svh"
) (
  `include "slip_ctrl_portlist.svh"
);

  `include "slip_ctrl_checks.svh"

  localparam int unsigned W      = WarpWidth;
  localparam int unsigned CW     = CounterWidth;
  localparam int unsigned PerW   = $clog2(SamplePeriod + 1);
  localparam int unsigned RoomW  = FairBytes > 0 ? $clog2(64'(FairBytes) + 1) : 1;
  localparam logic [CW-1:0] CntMax = '1;

  typedef logic [W*CW-1:0] cnts_t;
  typedef logic [W-1:0]    mask_t;

  cnts_t           cnt_q [NumWarps];
  mask_t           lim_q [NumWarps];
  logic [CW-1:0]   max_q;
  logic [PerW-1:0] cyc_q, idle_q, stall_q;
  // The period's tests, retimed: each is a function of this cycle's
  // one-bit idle or stall input and a register, so that the decision is a
  // few gates after the inputs, not an adder and a comparator (7.7 ns at paper before).
  // idle_gt_q[x]: idle_q + x > IdleThreshold; stall_ge_q[x]: stall_q + x
  // + 1 > StallThreshold; bytes: room_q = FairBytes - the period's bytes,
  // over_q once they exceed it (they never shrink within a period).
  logic [1:0]       idle_gt_q, stall_ge_q;
  logic [RoomW-1:0] room_q;
  logic             over_q;

  // ------------------------------------------------------------------------
  // The event (section 5.1)
  // ------------------------------------------------------------------------
  logic  ev_warp_ok;
  cnts_t c, c_new;
  mask_t lim, miss, hitm, tail, inc, dec;
  logic [1:0] ev_err;
  assign ev_warp_ok = 32'(ev_warp_i) < NumWarps;

  always_comb begin : p_event
    c          = ev_warp_ok ? cnt_q[ev_warp_i] : '0;
    lim        = ev_warp_ok ? lim_q[ev_warp_i] : '0;
    miss       = ev_exec_i & ~ev_hit_i;
    hitm       = ev_exec_i & ev_hit_i;
    tail       = '0;
    for (int unsigned t = 0; t < W; t++) begin
      // the tail-end threads: executing at 0 (all of them when undiverged)
      tail[t] = ev_exec_i[t] && c[t*CW +: CW] == '0;
    end
    inc = '0;
    dec = '0;
    if ((tail & ~ev_hit_i) == '0) begin
      dec = miss | (lim & ~ev_exec_i);  // the tail caught up with them
    end else if (hitm != '0 && miss != '0) begin
      inc = hitm;  // part of the tail missed: the threads that hit move ahead
    end
    for (int unsigned t = 0; t < W; t++) begin
      c_new[t*CW +: CW] = c[t*CW +: CW];
      if (inc[t] && c[t*CW +: CW] != CntMax) begin
        c_new[t*CW +: CW] = c[t*CW +: CW] + 1'b1;
      end else if (dec[t] && c[t*CW +: CW] != '0) begin
        c_new[t*CW +: CW] = c[t*CW +: CW] - 1'b1;
      end
    end
    ev_err = slip_ctrl_pkg::ErrNone;
    if (!ev_warp_ok) begin
      ev_err = slip_ctrl_pkg::ErrBadWarp;
    end else if ((ev_exec_i & lim) != '0) begin
      ev_err = slip_ctrl_pkg::ErrBadExec;
    end
  end

  logic ev_apply, rel_ok;
  assign ev_apply = ev_valid_i && ev_err == slip_ctrl_pkg::ErrNone;
  assign rel_ok   = rel_valid_i && 32'(rel_warp_i) < NumWarps;

  // ------------------------------------------------------------------------
  // Adaptive diff (section 5.2)
  // ------------------------------------------------------------------------
  logic            last;
  logic [PerW-1:0] idle_tot, stall_tot;
  logic            bytes_fair;  // the period's bytes, this cycle's too, <= FairBytes
  logic [1:0]      decision;
  logic [CW-1:0]   max_d;
  assign bytes_fair = !over_q && 64'(perf_bytes_i) <= 64'(room_q);
  always_comb begin : p_adapt
    last      = 32'(cyc_q) == SamplePeriod - 1;
    idle_tot  = idle_q + PerW'(perf_idle_i);
    stall_tot = stall_q + PerW'(perf_mem_stall_i);
    if (idle_gt_q[perf_idle_i] && bytes_fair) begin
      decision = slip_ctrl_pkg::AdaptInc;  // neither ALU- nor bandwidth-bound: allow more slip
    end else if (stall_ge_q[perf_mem_stall_i]) begin
      decision = slip_ctrl_pkg::AdaptHold; // latency-bound as well: roughly in balance
    end else begin
      decision = slip_ctrl_pkg::AdaptDec;
    end
    max_d = max_q;
    if (last) begin
      if (decision == slip_ctrl_pkg::AdaptInc && max_q != CntMax) begin
        max_d = max_q + 1'b1;
      end else if (decision == slip_ctrl_pkg::AdaptDec && max_q != CW'(1)) begin
        max_d = max_q - 1'b1;
      end
    end
  end

  // The retimed tests of a count's next value n (the functions of the
  // decision above, one cycle early).
  function automatic logic [1:0] idle_gt(input logic [PerW-1:0] n);
    idle_gt = {33'(n) + 1 > 33'(IdleThreshold), 33'(n) > 33'(IdleThreshold)};
  endfunction
  function automatic logic [1:0] stall_ge(input logic [PerW-1:0] n);
    stall_ge = {33'(n) + 2 > 33'(StallThreshold), 33'(n) + 1 > 33'(StallThreshold)};
  endfunction
  localparam logic [RoomW-1:0] Room0 = RoomW'(FairBytes);
  logic [RoomW-1:0] room_n;
  logic             over_n;
  always_comb begin : p_room
    room_n = room_q;
    over_n = over_q;
    if (last) begin
      room_n = Room0;
      over_n = 1'b0;
    end else if (!bytes_fair) begin
      over_n = 1'b1;
    end else begin
      room_n = room_q - RoomW'(perf_bytes_i);
    end
  end

  // ------------------------------------------------------------------------
  // State update
  // ------------------------------------------------------------------------
  // Slip limit of a warp's counters against a max-slip value.
  function automatic logic [W-1:0] limit_of(input logic [W*CW-1:0] cs,
                                            input logic [CW-1:0] mx);
    logic [W-1:0] l;
    for (int unsigned t = 0; t < W; t++) begin
      l[t] = cs[t*CW +: CW] >= mx;
    end
    limit_of = l;
  endfunction

  // The event's new limit, limit_of(c_new, max_d), without waiting for
  // c_new: a count one step up is at the limit when the old one is at it
  // or one below it, one step down when the old one is above it, so each
  // lane compares its old count (a magnitude and two equalities, beside the
  // tail's decision) and the decision only picks (the comparisons after
  // c_new made the longest path of dom_core at paper).
  mask_t         lim_ev;
  logic [CW-1:0] max_d1;  // max_d - 1 (max-slip is never 0)
  assign max_d1 = max_d - 1'b1;
  always_comb begin : p_lim_ev
    for (int unsigned t = 0; t < W; t++) begin
      logic [CW-1:0] ct;
      logic          ge, at, below;
      ct        = c[t*CW +: CW];
      ge        = ct >= max_d;
      at        = ct == max_d;
      below     = ct == max_d1;
      lim_ev[t] = (inc[t] && ct != CntMax) ? ge || below :
                  (dec[t] && ct != '0)     ? ge && !at :
                                             ge;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_state
    if (!rst_ni) begin
      for (int unsigned w = 0; w < NumWarps; w++) begin
        cnt_q[w] <= '0;
      end
      max_q        <= CW'(InitMaxSlip);
      cyc_q        <= '0;
      idle_q       <= '0;
      stall_q      <= '0;
      idle_gt_q    <= idle_gt('0);
      stall_ge_q   <= stall_ge('0);
      room_q       <= Room0;
      over_q       <= 1'b0;
      adapt_o      <= slip_ctrl_pkg::AdaptHold;
      period_end_o <= 1'b0;
    end else begin
      if (ev_apply && !(rel_ok && rel_warp_i == ev_warp_i)) begin
        cnt_q[ev_warp_i] <= c_new;
      end
      if (rel_ok) begin
        cnt_q[rel_warp_i] <= '0;
      end
      max_q        <= max_d;
      cyc_q        <= last ? '0 : cyc_q + 1'b1;
      idle_q       <= last ? '0 : idle_tot;
      stall_q      <= last ? '0 : stall_tot;
      idle_gt_q    <= idle_gt(last ? '0 : idle_tot);
      stall_ge_q   <= stall_ge(last ? '0 : stall_tot);
      room_q       <= room_n;
      over_q       <= over_n;
      period_end_o <= last;
      if (last) begin
        adapt_o <= decision;
      end
    end
  end

  // The event's response; the release port has none, only its sticky bit:
  // port 1 of the response register, its registered valid and code unused.
  logic [1:0] rel_err;
  logic       rel_rsp_valid;
  logic [1:0] rel_rsp_err;
  assign rel_err = (32'(rel_warp_i) < NumWarps) ? slip_ctrl_pkg::ErrNone :
                                                   slip_ctrl_pkg::ErrBadRelease;
  rsp_reg #(
    .NumPorts(2),
    .ErrWidth(2)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i ({rel_valid_i, ev_valid_i}),
    .err_i   ({rel_err, ev_err}),
    .valid_o ({rel_rsp_valid, rsp_valid_o}),
    .err_o   ({rel_rsp_err, rsp_err_o}),
    .sticky_o(err_sticky_o)
  );
  logic unused_rel_rsp;
  assign unused_rel_rsp = ^{rel_rsp_valid, rel_rsp_err};

  // Slip-limit masks: the event's and release's warps follow their new
  // counters; every warp follows a new max-slip.
  for (genvar w = 0; w < NumWarps; w++) begin : gen_limit
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        lim_q[w] <= '0;
      end else if (rel_ok && 32'(rel_warp_i) == w) begin
        lim_q[w] <= '0;
      end else if (ev_apply && 32'(ev_warp_i) == w) begin
        lim_q[w] <= lim_ev;
      end else if (last && max_d != max_q) begin
        lim_q[w] <= limit_of(cnt_q[w], max_d);
      end
    end
  end

  // ------------------------------------------------------------------------
  // Query and read ports
  // ------------------------------------------------------------------------
  assign q_limit_o   = (32'(q_warp_i) < NumWarps) ? lim_q[q_warp_i] : '0;
  assign q_block_o   = q_limit_o != '0;
  assign max_slip_o  = max_q;
  assign rd_counts_o = (32'(rd_warp_i) < NumWarps) ? cnt_q[rd_warp_i] : '0;

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(slip_ctrl_pkg::ErrNone) == 0)
  // Max-slip stays in 1 .. 2^CounterWidth-1; the period counters within the
  // period, the idle and stall counts within the cycles counted.
  `ASSERT_NEVER(MaxSlipZero_A, max_q == '0)
  `ASSERT(PeriodBound_A, 32'(cyc_q) < SamplePeriod)
  `ASSERT(IdleWithinPeriod_A, idle_q <= cyc_q)
  `ASSERT(StallWithinPeriod_A, stall_q <= cyc_q)
  // The event's limit, taken from the old counts, is the new counts' limit.
  `ASSERT(LimitOfEvent_A, lim_ev == limit_of(c_new, max_d))
  // The retimed tests are those of the counts they stand for.
  `ASSERT(IdleTests_A, idle_gt_q == idle_gt(idle_q))
  `ASSERT(StallTests_A, stall_ge_q == stall_ge(stall_q))
  // A warp's slip-limit mask is always its counters against max-slip
  // (section 5.1): the register only saves the comparators on the query port.
  for (genvar w = 0; w < NumWarps; w++) begin : gen_limit_assert
    `ASSERT(LimitMatchesCounters_A, lim_q[w] == limit_of(cnt_q[w], max_q))
  end

endmodule
