// Robust SIMD: the warp-slice table and the adaptation state unit together.
//
// Source: Robust SIMD (IPDPS'12) section IV (the WPU runs a section's tasks
// on warp-slices; at each sampling interval's end, with every thread at one
// PC and its stack empty, it reconfigures to the (width, depth) the ASU
// chose) and section VI (the ASU's search). Behaviour, timing and errors:
// docs/blocks/robust_core.md; the children's own: docs/blocks/
// warp_slice_table.md and docs/blocks/asu.md.
//
// What the core adds to its two children:
//   - LAUNCH is the table's LAUNCH and the ASU's START (strategy, stride
//     rule, task count), taken by both or by neither;
//   - TASK (op 6) is the table's ADVANCE, and the slice's active threads
//     (its stack's top mask) are the ASU's completed tasks;
//   - RECONF divides at the ASU's width_o and depth_o, and only once the
//     ASU has decided them (phase RUN or EXEC); ARRIVE only while an
//     interval drains, or while a fall-back waits to be applied;
//   - the ASU's SYNC when every live slice has arrived in DRAIN, its END
//     when no live slice is left.
//
// Example (paper: 2 warps of 32, 8 slices): LAUNCH width 32 depth 2
// strategy DWREP: the table makes two slices and the ASU samples. TASKs
// count 32 threads each; after 128 the ASU drains, the WPU ARRIVEs its
// slices, the core sends SYNC; CptWidth cycles later the ASU decides a
// probe (width 32, depth 2 + 1 clamped to the 2 slices that width makes is
// skipped; depth 1, ...), and the WPU's RECONF divides at it.

`include "assert.svh"

module robust_core #(
  `include "robust_core_paramlist.svh"
) (
  `include "robust_core_portlist.svh"
);

  `include "robust_core_checks.svh"

  // the code widths, as the declarations give them: the core's own (its
  // ports) and its children's (a constant of each of their code types)
  localparam int unsigned ErrW = $bits(rsp_err_o);
  localparam warp_slice_table_pkg::op_e  TblOpAdvance = warp_slice_table_pkg::OpAdvance;
  localparam warp_slice_table_pkg::err_e TblErrNone   = warp_slice_table_pkg::ErrNone;
  localparam asu_pkg::op_e               AsuOpNop     = asu_pkg::OpNop;
  localparam asu_pkg::err_e              AsuErrNone   = asu_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // The request
  // ------------------------------------------------------------------------
  logic is_launch, is_reconf, is_arrive, is_task;
  assign is_launch = req_op_i == warp_slice_table_pkg::OpLaunch;
  assign is_reconf = req_op_i == warp_slice_table_pkg::OpReconf;
  assign is_arrive = req_op_i == warp_slice_table_pkg::OpArrive;
  assign is_task   = req_op_i == robust_core_pkg::OpTask;

  // a reconfiguration is due: an interval drains, or the ASU's (fall-back)
  // configuration is not the slices'
  logic differs, draining, decided;
  assign differs  = width_o != tbl_width_o || depth_o != tbl_depth_o;
  assign draining = phase_o == asu_pkg::PhaseDrain ||
                    (phase_o == asu_pkg::PhaseExec && differs);
  assign decided  = phase_o == asu_pkg::PhaseRun || phase_o == asu_pkg::PhaseExec;

  // the core's own judgement, before the table's
  logic [ErrW-1:0] own_err, tbl_err, tbl_own_err, err;
  always_comb begin : p_judge
    own_err = warp_slice_table_pkg::ErrNone;
    if (is_reconf && !decided) begin
      own_err = robust_core_pkg::ErrMidInterval;
    end else if (is_arrive && !draining) begin
      own_err = robust_core_pkg::ErrNotDraining;
    end else if (is_launch && start_strategy_i > asu_pkg::StrategyDepthOnly) begin
      own_err = robust_core_pkg::ErrBadStrategy;
    end
  end
  assign err = own_err != warp_slice_table_pkg::ErrNone ? own_err : tbl_err;

  // ok: the request is taken, for the ASU's START (a LAUNCH) and its task
  // count (a TASK): both judged without a branch's stack (the table's
  // req_own_err_o), so that the ASU does not wait for it (OkFinal_A).
  logic tbl_valid, ok;
  assign tbl_valid = req_valid_i && own_err == warp_slice_table_pkg::ErrNone;
  assign ok        = tbl_valid && tbl_own_err == warp_slice_table_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // The warp-slice table
  // ------------------------------------------------------------------------
  logic [$bits(TblOpAdvance)-1:0] tbl_op;
  logic [WidthWidth-1:0] tbl_req_width;
  logic [CountWidth-1:0] tbl_req_depth;
  assign tbl_op        = is_task ? TblOpAdvance : req_op_i;
  // A RECONF takes the ASU's configuration, a LAUNCH the request's. The
  // table reads the width and depth for these two only (0 and 1), so
  // req_op_i's low bit picks, not a decode of the op: the width's decode
  // and the division's counts after it follow one input bit
  // (OpBitPicks_A).
  assign tbl_req_width = req_op_i[0] ? width_o : req_width_i;
  assign tbl_req_depth = req_op_i[0] ? CountWidth'(depth_o) : req_depth_i;

  // the table's responses are the core's (its rsp_reg answers every request,
  // the table only those the core passes)
  logic        tbl_rsp_valid;
  logic [$bits(TblErrNone)-1:0]       tbl_rsp_err;
  logic [(1 << $bits(TblErrNone))-1:0] tbl_sticky;
  warp_slice_table #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .MaxSlices(MaxSlices), .PcWidth(PcWidth),
    .Depth(Depth)
  ) u_table (
    .clk_i, .rst_ni,
    .req_valid_i    (tbl_valid),
    .req_op_i       (tbl_op),
    .req_entry_i,
    .req_width_i    (tbl_req_width),
    .req_depth_i    (tbl_req_depth),
    .req_pc_i, .req_alt_pc_i, .req_rpc_i, .req_mask_i,
    .req_ready_o,
    .req_err_o      (tbl_err),
    .req_own_err_o  (tbl_own_err),
    .rsp_valid_o    (tbl_rsp_valid),
    .rsp_err_o      (tbl_rsp_err),
    .rsp_fin_o, .resume_valid_o, .resume_entry_o, .released_o,
    .err_sticky_o   (tbl_sticky),
    .width_o        (tbl_width_o),
    .depth_o        (tbl_depth_o),
    .slices_o, .active_o, .arrived_o, .sel_valid_o, .sel_entry_o,
    .rd_status_o, .rd_warp_o, .rd_sid_o, .rd_lanes_o, .rd_pc_o, .rd_rpc_o, .rd_mask_o,
    .rd_count_o, .rd_tos_o
  );

  // ------------------------------------------------------------------------
  // The adaptation state unit
  // ------------------------------------------------------------------------
  // a TASK's completed tasks: the slice's active threads, as the stack
  // counts them beside its top (a count of rd_mask_o would follow the read)
  logic [WidthWidth-1:0] done;
  assign done = ok && is_task ? rd_count_o : '0;

  // START with a LAUNCH both take; else END once no live slice is left;
  // else SYNC once every live slice arrived in DRAIN
  logic [$bits(AsuOpNop)-1:0] asu_op;
  always_comb begin : p_asu_op
    asu_op = asu_pkg::OpNop;
    if (ok && is_launch) begin
      asu_op = asu_pkg::OpStart;
    end else if (phase_o != asu_pkg::PhaseIdle && slices_o == '0) begin
      asu_op = asu_pkg::OpEnd;
    end else if (phase_o == asu_pkg::PhaseDrain && arrived_o) begin
      asu_op = asu_pkg::OpSync;
    end
  end

  logic                                asu_op_valid, asu_done_valid;
  logic [$bits(AsuErrNone)-1:0]        asu_op_err, asu_done_err;
  logic [(1 << $bits(AsuErrNone))-1:0] asu_sticky;
  asu #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .MaxSlices(MaxSlices),
    .TasksPerThread(TasksPerThread), .MinIntervals(MinIntervals),
    .FallbackWidth(FallbackWidth), .FallbackDepth(FallbackDepth), .CycleWidth(CycleWidth),
    .CptFrac(CptFrac), .TaskWidth(TaskWidth)
  ) u_asu (
    .clk_i, .rst_ni,
    .op_i             (asu_op),
    .start_width_i    (req_width_i),
    .start_depth_i    (DepthWidth'(req_depth_i)),
    .start_strategy_i, .start_anneal_i, .start_tasks_i,
    .done_i           (done),
    .width_o, .depth_o, .reconf_o, .phase_o, .step_o, .dim_o, .stride_o, .converged_o,
    .fallback_o, .cpt_o, .cpt_sat_o, .best_width_o, .best_depth_o, .best_cpt_o,
    .op_valid_o       (asu_op_valid),
    .op_err_o         (asu_op_err),
    .done_valid_o     (asu_done_valid),
    .done_err_o       (asu_done_err),
    .err_sticky_o     (asu_sticky)
  );

  logic unused_children;
  assign unused_children = ^{tbl_rsp_valid, tbl_rsp_err, tbl_sticky, asu_op_valid,
                             asu_done_valid, asu_op_err, asu_done_err, asu_sticky};

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(ErrW)
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
  // Assertions (each child's own run inside it)
  // ------------------------------------------------------------------------
  // The table answers a request the core passed as the core does.
  `ASSERT(TableAnswersAsCore_A, !tbl_rsp_valid || (rsp_valid_o && tbl_rsp_err == rsp_err_o))
  // ok is the verdict of the LAUNCH and TASK it serves.
  `ASSERT(OkFinal_A, !(is_launch || is_task) || ok == (req_valid_i && err == '0))
  // The ASU refuses nothing the core gives it: the table judged the START's
  // width and depth by the same rule, the core its strategy; SYNC only in
  // DRAIN; a slice's threads are at most WarpWidth.
  `ASSERT(AsuRefusesNothing_A, asu_op_err == '0 && asu_done_err == '0)
  // req_op_i's low bit tells RECONF from LAUNCH (the table's width and
  // depth inputs).
  `ASSERT_INIT(OpBitPicks_A, 32'(warp_slice_table_pkg::OpLaunch) % 2 == 0 &&
                             32'(warp_slice_table_pkg::OpReconf) % 2 == 1)

endmodule
