// Robust SIMD: the adaptation state unit (ASU).
//
// Source: Robust SIMD (IPDPS'12) section IV (adaptation phase, the ASU's
// registers, section IV-B's storage) and section VI (DWrep, WidthOnly,
// DepthOnly; Inc and quasi-annealing strides; cycles per task over an
// interval of TasksPerThread tasks per thread; the fall-back of two 8-wide
// warps). Behaviour, timing and errors: docs/blocks/asu.md.
//
// Example (NumWarps = 2, WarpWidth = 8, MaxSlices = 8: widths 2..8; DWrep,
// quasi-annealing, START at 8 x 2): the first interval measures 8 x 2
// (BASE); depth probes 3 (UP, stride 1) and 1 (DOWN); if 3 won, 4 (MOVE)
// ... until a move loses; then width probes 8 + 4 (clamped: 8 = best,
// skipped) and 4 (DOWN, depth kept), halving the stride to 2 and 1 as each
// preferred width is found; a second depth pass follows if anything moved.

`include "assert.svh"

module asu #(
  `include "asu_paramlist.svh"
) (
  `include "asu_portlist.svh"
);

  `include "asu_checks.svh"

  localparam int unsigned WW  = WidthWidth;
  localparam int unsigned DW  = DepthWidth;
  localparam int unsigned SW  = (WW > DW) ? WW : DW;  // stride_o
  localparam int unsigned VW  = SW + 1;               // a value +- a stride
  localparam int unsigned TCW = TaskCntWidth;
  localparam int unsigned QW  = CptWidth;
  localparam int unsigned NW  = $clog2(QW);           // divider bit counter

  typedef logic [WW-1:0]  width_t;
  typedef logic [DW-1:0]  depth_t;
  typedef logic [VW-1:0]  val_t;
  typedef logic [QW-1:0]  cpt_t;
  typedef logic [TCW-1:0] tasks_t;

  // The search's actions in DECIDE, one a cycle (docs/blocks/asu.md, "The
  // search").
  typedef enum logic [2:0] {
    ActEval, ActTryUp, ActTryDown, ActResolve, ActTryMove, ActStrideDone, ActDimDone,
    ActConverge
  } act_e;

  localparam logic [CycleWidth-1:0] CycMax        = '1;
  localparam tasks_t                TasksMax      = '1;
  localparam int unsigned           FallbackTasks = MinIntervals * IntervalTasks;
  localparam width_t                WidthStride   = WW'(WarpWidth / 2);  // WarpWidth >= 2
  localparam depth_t                DepthStride   = DW'((NumWarps >= 2) ? NumWarps / 2 : 1);

  // S(w): the slices width w makes, NumWarps x ceil(WarpWidth / w), for the
  // legal widths (0 elsewhere): a table fixed at elaboration, read by width.
  localparam int unsigned Widths = 1 << WW;
  function automatic logic [Widths*DW-1:0] slice_table();
    slice_table = '0;
    for (int unsigned w = MinWidth; w <= WarpWidth; w++) begin
      slice_table[w*DW +: DW] = DW'(NumWarps * ((WarpWidth + w - 1) / w));
    end
  endfunction
  localparam logic [Widths*DW-1:0] STab = slice_table();

  function automatic depth_t slices(width_t w);
    slices = STab[w*DW +: DW];
  endfunction

  // ------------------------------------------------------------------------
  // State
  // ------------------------------------------------------------------------
  // the codes of asu_pkg (phase_e, step_e, dim_e, strategy_e)
  logic [2:0] phase_q;
  logic [1:0] step_q;
  logic       dim_q;
  logic [1:0] strat_q;
  act_e       act_q;
  logic       anneal_q, conv_q, fb_q, reconf_q;
  width_t     width_q, bw_q, cw_q, sw_q;    // shown, best, candidate; width stride
  depth_t     depth_q, bd_q, cd_q, sd_q;    // the same for depth
  cpt_t       bcpt_q, ccpt_q, cpt_q;        // best, candidate, last measured
  logic       cand_q, cdown_q, down_q, moved_q, dmoved_q;
  logic [CycleWidth-1:0] cyc_q;
  logic            sat_q, cpt_sat_q;
  // The interval's tasks so far: acc_q plus the count of the last cycle,
  // done_q, added a cycle late (tasks), so that a TASK's count reaches a
  // register straight and only the interval test waits for it.
  tasks_t          acc_q;
  logic [WW-1:0]   done_q;
  cpt_t            div_q;        // dividend shifting out, quotient in
  logic [TCW-1:0]  rem_q;
  logic [NW-1:0]   div_n_q;

  // ------------------------------------------------------------------------
  // Judging the inputs
  // ------------------------------------------------------------------------
  logic [2:0] op_err, done_err;
  logic       op_ok, done_ok;
  always_comb begin : p_judge
    op_err = asu_pkg::ErrNone;
    if (op_i == asu_pkg::OpStart) begin
      if (32'(start_width_i) < MinWidth || 32'(start_width_i) > WarpWidth) begin
        op_err = asu_pkg::ErrBadWidth;
      end else if (start_depth_i == '0 || start_depth_i > slices(start_width_i)) begin
        op_err = asu_pkg::ErrBadDepth;
      end else if (start_strategy_i == 2'd3) begin
        op_err = asu_pkg::ErrBadStrategy;
      end
    end else if (op_i == asu_pkg::OpSync && phase_q != asu_pkg::PhaseDrain) begin
      op_err = asu_pkg::ErrBadSync;
    end
    done_err = (32'(done_i) > WarpWidth) ? asu_pkg::ErrBadCount : asu_pkg::ErrNone;
  end
  assign op_ok   = op_err == asu_pkg::ErrNone;
  assign done_ok = done_err == asu_pkg::ErrNone;

  logic start, end_op, sync;
  assign start  = op_i == asu_pkg::OpStart && op_ok;
  assign end_op = op_i == asu_pkg::OpEnd;
  assign sync   = op_i == asu_pkg::OpSync && op_ok;

  // ------------------------------------------------------------------------
  // Sampling: this cycle's counts
  // ------------------------------------------------------------------------
  logic [CycleWidth-1:0] cyc_n;
  logic                  sat_n;
  tasks_t                tasks;
  logic [TCW:0]          tasks_sum;
  assign cyc_n     = (cyc_q == CycMax) ? cyc_q : cyc_q + 1'b1;
  assign sat_n     = sat_q || cyc_q == CycMax;
  assign tasks_sum = {1'b0, acc_q} + (TCW+1)'(done_q);
  assign tasks     = tasks_sum[TCW] ? TasksMax : tasks_sum[TCW-1:0];
  // RUN and DRAIN count (neither a START nor an END this cycle)
  logic sampling;
  assign sampling = !start && !end_op &&
                    (phase_q == asu_pkg::PhaseRun || phase_q == asu_pkg::PhaseDrain);
  // The interval's tasks are reached (tasks + done_i >= IntervalTasks,
  // which is below TasksMax): done_i against the tasks still missing,
  // which come from the registers alone.
  tasks_t missing;
  logic   reached;
  assign missing = (32'(tasks) >= IntervalTasks) ? '0 : TCW'(IntervalTasks - 32'(tasks));
  assign reached = done_ok ? (TCW+1)'(done_i) >= {1'b0, missing} : missing == '0;

  // ------------------------------------------------------------------------
  // Division: one restoring step a cycle, the most significant bit first
  // ------------------------------------------------------------------------
  logic [TCW:0] rem_sh;
  logic         q_bit;
  assign rem_sh = {rem_q, div_q[QW-1]};
  assign q_bit  = rem_sh >= {1'b0, tasks};

  // ------------------------------------------------------------------------
  // The search: the current dimension's value, stride and range, and the
  // probes one stride up and down, clamped to the range
  // ------------------------------------------------------------------------
  val_t v, s, lo, hi, up_x, dn_x, x;
  always_comb begin : p_dim
    if (dim_q == asu_pkg::DimSimdWidth) begin
      v  = VW'(bw_q);
      s  = VW'(sw_q);
      lo = VW'(MinWidth);
      hi = VW'(WarpWidth);
    end else begin
      v  = VW'(bd_q);
      s  = VW'(sd_q);
      lo = VW'(1);
      hi = VW'(slices(bw_q));
    end
    up_x = (v + s > hi) ? hi : v + s;
    dn_x = (v < lo + s) ? lo : v - s;
    x    = (act_q == ActTryDown || (act_q == ActTryMove && down_q)) ? dn_x : up_x;
  end

  // the probe of x: its configuration, and whether it runs or is skipped
  width_t px_w;
  depth_t px_d;
  logic   probe;
  always_comb begin : p_probe
    if (dim_q == asu_pkg::DimSimdWidth) begin
      px_w = WW'(x);
      px_d = (bd_q > slices(WW'(x))) ? slices(WW'(x)) : bd_q;
    end else begin
      px_w = bw_q;
      px_d = DW'(x);
    end
    probe = phase_q == asu_pkg::PhaseDecide && x != v &&
            (act_q == ActTryUp || act_q == ActTryDown || act_q == ActTryMove);
  end

  logic better_best, better_thr;
  assign better_best = cpt_q < bcpt_q;
  assign better_thr  = cpt_q < (cand_q ? ccpt_q : bcpt_q);

  // ------------------------------------------------------------------------
  // The edge
  // ------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_state
    if (!rst_ni) begin
      phase_q   <= asu_pkg::PhaseIdle;
      step_q    <= asu_pkg::StepBase;
      dim_q     <= asu_pkg::DimDepth;
      act_q     <= ActEval;
      strat_q   <= asu_pkg::StrategyDwrep;
      anneal_q  <= 1'b0;
      conv_q    <= 1'b0;
      fb_q      <= 1'b0;
      reconf_q  <= 1'b0;
      width_q   <= WW'(WarpWidth);
      depth_q   <= DW'(NumWarps);
      bw_q      <= '0;
      bd_q      <= '0;
      bcpt_q    <= '0;
      cw_q      <= '0;
      cd_q      <= '0;
      ccpt_q    <= '0;
      cand_q    <= 1'b0;
      cdown_q   <= 1'b0;
      down_q    <= 1'b0;
      moved_q   <= 1'b0;
      dmoved_q  <= 1'b0;
      sw_q      <= '0;
      sd_q      <= '0;
      cpt_q     <= '0;
      cpt_sat_q <= 1'b0;
      cyc_q     <= '0;
      sat_q     <= 1'b0;
      acc_q     <= '0;
      done_q    <= '0;
      div_q     <= '0;
      rem_q     <= '0;
      div_n_q   <= '0;
    end else begin
      reconf_q <= 1'b0;
      // the tasks so far, folded (START, END and a move begin afresh below)
      acc_q    <= tasks;
      done_q   <= '0;
      if (start) begin
        // a section: the search state afresh, then the search or the fall-back
        strat_q  <= start_strategy_i;
        anneal_q <= start_anneal_i;
        sw_q     <= start_anneal_i ? WidthStride : WW'(1);
        sd_q     <= start_anneal_i ? DepthStride : DW'(1);
        dim_q    <= (start_strategy_i == asu_pkg::StrategyWidthOnly) ? asu_pkg::DimSimdWidth : asu_pkg::DimDepth;
        step_q   <= asu_pkg::StepBase;
        act_q    <= ActEval;
        bw_q     <= '0;
        bd_q     <= '0;
        bcpt_q   <= '0;
        cand_q   <= 1'b0;
        down_q   <= 1'b0;
        moved_q  <= 1'b0;
        dmoved_q <= 1'b0;
        cyc_q    <= '0;
        sat_q    <= 1'b0;
        acc_q    <= '0;
        done_q   <= '0;
        reconf_q <= 1'b1;
        if (64'(start_tasks_i) < 64'(FallbackTasks)) begin
          width_q <= WW'(FallbackWidth);
          depth_q <= DW'(FallbackDepth);
          conv_q  <= 1'b1;
          fb_q    <= 1'b1;
          phase_q <= asu_pkg::PhaseExec;
        end else begin
          width_q <= start_width_i;
          depth_q <= start_depth_i;
          conv_q  <= 1'b0;
          fb_q    <= 1'b0;
          phase_q <= asu_pkg::PhaseRun;
        end
      end else if (end_op) begin
        phase_q <= asu_pkg::PhaseIdle;
        cyc_q   <= '0;
        sat_q   <= 1'b0;
        acc_q   <= '0;
        done_q  <= '0;
      end else begin
        unique case (phase_q)
          asu_pkg::PhaseRun, asu_pkg::PhaseDrain: begin
            cyc_q   <= cyc_n;
            sat_q   <= sat_n;
            // (done_q <= done_i: below)
            if (sync) begin
              // the interval ends: divide cycles x 2^CptFrac by the tasks
              phase_q <= asu_pkg::PhaseDivide;
              div_q   <= QW'(cyc_n) << CptFrac;
              rem_q   <= '0;
              div_n_q <= NW'(QW - 1);
            end
            // (RUN to DRAIN once reached: below)
          end
          asu_pkg::PhaseDivide: begin
            div_q <= {div_q[QW-2:0], q_bit};
            rem_q <= q_bit ? TCW'(rem_sh - {1'b0, tasks}) : rem_sh[TCW-1:0];
            if (div_n_q == '0) begin
              cpt_q     <= {div_q[QW-2:0], q_bit};
              cpt_sat_q <= sat_q;
              phase_q   <= asu_pkg::PhaseDecide;
              act_q     <= ActEval;
            end
            div_n_q <= div_n_q - 1'b1;
          end
          asu_pkg::PhaseDecide: begin
            unique case (act_q)
              ActEval: begin
                unique case (step_q)
                  asu_pkg::StepBase: begin
                    bw_q   <= width_q;
                    bd_q   <= depth_q;
                    bcpt_q <= cpt_q;
                    act_q  <= ActTryUp;
                  end
                  asu_pkg::StepUp, asu_pkg::StepDown: begin
                    if (step_q == asu_pkg::StepUp ? better_best : better_thr) begin
                      cand_q  <= 1'b1;
                      cw_q    <= width_q;
                      cd_q    <= depth_q;
                      ccpt_q  <= cpt_q;
                      cdown_q <= step_q == asu_pkg::StepDown;
                    end
                    act_q <= (step_q == asu_pkg::StepUp) ? ActTryDown : ActResolve;
                  end
                  asu_pkg::StepMove: begin
                    if (better_best) begin
                      bw_q   <= width_q;
                      bd_q   <= depth_q;
                      bcpt_q <= cpt_q;
                    end
                    act_q <= better_best ? ActTryMove : ActStrideDone;
                  end
                  default: ;
                endcase
              end
              ActTryUp, ActTryDown, ActTryMove: begin
                if (act_q == ActTryUp) begin
                  cand_q <= 1'b0;
                end
                if (probe) begin
                  width_q  <= px_w;
                  depth_q  <= px_d;
                  reconf_q <= 1'b1;
                  step_q   <= (act_q == ActTryUp) ? asu_pkg::StepUp :
                              (act_q == ActTryDown) ? asu_pkg::StepDown : asu_pkg::StepMove;
                  phase_q  <= asu_pkg::PhaseRun;
                  cyc_q    <= '0;
                  sat_q    <= 1'b0;
                  acc_q    <= '0;
                  done_q   <= '0;
                end else begin
                  act_q <= (act_q == ActTryUp) ? ActTryDown :
                           (act_q == ActTryDown) ? ActResolve : ActStrideDone;
                end
              end
              ActResolve: begin
                if (cand_q) begin
                  bw_q    <= cw_q;
                  bd_q    <= cd_q;
                  bcpt_q  <= ccpt_q;
                  down_q  <= cdown_q;
                  moved_q <= 1'b1;
                end
                act_q <= cand_q ? ActTryMove : ActStrideDone;
              end
              ActStrideDone: begin
                if (anneal_q && s > VW'(1)) begin
                  if (dim_q == asu_pkg::DimSimdWidth) begin
                    sw_q <= WW'(s >> 1);
                  end else begin
                    sd_q <= DW'(s >> 1);
                  end
                  act_q <= ActTryUp;
                end else begin
                  act_q <= ActDimDone;
                end
              end
              ActDimDone: begin
                act_q <= ActTryUp;
                if (strat_q != asu_pkg::StrategyDwrep) begin
                  act_q <= ActConverge;
                end else if (dim_q == asu_pkg::DimDepth) begin
                  dmoved_q <= moved_q;
                  moved_q  <= 1'b0;
                  dim_q    <= asu_pkg::DimSimdWidth;
                end else if (!dmoved_q && !moved_q) begin
                  act_q <= ActConverge;
                end else begin
                  moved_q <= 1'b0;
                  dim_q   <= asu_pkg::DimDepth;
                end
              end
              ActConverge: begin
                width_q  <= bw_q;
                depth_q  <= bd_q;
                conv_q   <= 1'b1;
                reconf_q <= 1'b1;
                phase_q  <= asu_pkg::PhaseExec;
              end
              default: ;
            endcase
          end
          default: ;  // IDLE, EXEC: nothing sampled
        endcase
      end
      // A TASK's count, the latest input, picks last: RUN and DRAIN add it,
      // and RUN drains once the interval's tasks are reached (sync comes
      // first).
      if (sampling) begin
        done_q <= done_ok ? done_i : '0;
      end
      if (sampling && phase_q == asu_pkg::PhaseRun && !sync && reached) begin
        phase_q <= asu_pkg::PhaseDrain;
      end
    end
  end

  rsp_reg #(
    .NumPorts(2),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i ({done_i != '0, op_i != '0}),
    .err_i   ({done_err, op_err}),
    .valid_o ({done_valid_o, op_valid_o}),
    .err_o   ({done_err_o, op_err_o}),
    .sticky_o(err_sticky_o)
  );

  assign width_o      = width_q;
  assign depth_o      = depth_q;
  assign reconf_o     = reconf_q;
  assign phase_o      = phase_q;
  assign step_o       = step_q;
  assign dim_o        = dim_q;
  assign stride_o     = (dim_q == asu_pkg::DimSimdWidth) ? SW'(sw_q) : SW'(sd_q);
  assign converged_o  = conv_q;
  assign fallback_o   = fb_q;
  assign cpt_o        = cpt_q;
  assign cpt_sat_o    = cpt_sat_q;
  assign best_width_o = bw_q;
  assign best_depth_o = bd_q;
  assign best_cpt_o   = bcpt_q;

  // ------------------------------------------------------------------------
  // Checks
  // ------------------------------------------------------------------------
  // The configuration shown is always a legal one.
  `ASSERT(WidthLegal_A, 32'(width_o) >= MinWidth && 32'(width_o) <= WarpWidth)
  `ASSERT(DepthLegal_A, depth_o != '0 && depth_o <= slices(width_o))
  `ASSERT_COMB(Reached_A, reached ==
               (32'(tasks) + (done_ok ? 32'(done_i) : 0) >= IntervalTasks))
  // A division never starts from 0 tasks (IntervalTasks >= 1).
  `ASSERT_NEVER(DivideByZero_A, phase_q == asu_pkg::PhaseDivide && tasks == '0)

endmodule
