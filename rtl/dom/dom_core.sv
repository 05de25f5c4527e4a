// Diverge on Miss: the slip controller gating the Memory Divergence Table.
//
// Source: DoM (SC'09) section 4.1 step 3 ("allocation might fail ... because
// the adaptive slip controller decides that it is better to have this
// memory operation execute as a normal load or store") and section 5.1. A
// warp with a slip-limit bit set is in blocking mode: its ACCESS may merge
// into an existing entry but not allocate a new one. Every ACCESS is also
// the slip controller's event; RELEASE (warp reassigned) clears both. See
// docs/blocks/mdt.md and docs/blocks/slip_ctrl.md.

`include "assert.svh"

module dom_core #(
  `include "dom_core_paramlist.svh"
) (
  /// Clock, rising edge.
  input  logic                              clk_i,
  /// Asynchronous active-low reset.
  input  logic                              rst_ni,
  /// Access port (see mdt): request.
  input  logic                              acc_valid_i,
  /// 0 ACCESS, 1 FORCE, 2 RELEASE, 3 reserved.
  input  logic [1:0]                        acc_op_i,
  /// Warp.
  input  logic [WarpIdWidth-1:0]            acc_warp_i,
  /// PC.
  input  logic [PcWidth-1:0]                acc_pc_i,
  /// Executing threads.
  input  logic [WarpWidth-1:0]              acc_exec_i,
  /// Cache outcome, 1 = hit.
  input  logic [WarpWidth-1:0]              acc_hit_i,
  /// The access warp is in blocking mode (no new MDT entry).
  output logic                              acc_block_o,
  /// The access warp's slip-limit mask (threads it must not execute).
  output logic [WarpWidth-1:0]              acc_limit_o,
  /// Fill port: request.
  input  logic                              fill_valid_i,
  /// Fill: warp.
  input  logic [WarpIdWidth-1:0]            fill_warp_i,
  /// Fill: entry.
  input  logic [EntryIdWidth-1:0]           fill_entry_i,
  /// Fill: threads.
  input  logic [WarpWidth-1:0]              fill_mask_i,
  /// MDT response (see mdt).
  output logic                              rsp_valid_o,
  /// MDT error.
  output logic [2:0]                        rsp_err_o,
  /// MDT outcome kind.
  output logic [2:0]                        rsp_kind_o,
  /// MDT entry.
  output logic [EntryIdWidth-1:0]           rsp_entry_o,
  /// Threads re-joining.
  output logic [WarpWidth-1:0]              rsp_rejoin_o,
  /// FORCED entry still waiting.
  output logic                              rsp_waiting_o,
  /// Fill response.
  output logic                              fill_rsp_valid_o,
  /// Fill error.
  output logic [2:0]                        fill_err_o,
  /// MDT errors since reset.
  output logic [7:0]                        mdt_sticky_o,
  /// Slip controller event error (registered).
  output logic [1:0]                        slip_err_o,
  /// Slip controller errors since reset.
  output logic [3:0]                        slip_sticky_o,
  /// Core statistics for adaptive diff.
  input  logic                              perf_idle_i,
  /// Memory-stall cycle.
  input  logic                              perf_mem_stall_i,
  /// Off-chip bytes this cycle.
  input  logic [BytesWidth-1:0]             perf_bytes_i,
  /// The max-slip register.
  output logic [CounterWidth-1:0]           max_slip_o,
  /// Last adaptive-diff decision.
  output logic [1:0]                        adapt_o,
  /// A period ended at the last edge.
  output logic                              period_end_o,
  /// Read port: warp (MDT entry and slip counters).
  input  logic [WarpIdWidth-1:0]            rd_warp_i,
  /// Read port: MDT entry.
  input  logic [EntryIdWidth-1:0]           rd_entry_i,
  /// Entry valid.
  output logic                              rd_valid_o,
  /// Entry PC.
  output logic [PcWidth-1:0]                rd_pc_o,
  /// Entry WAITING threads.
  output logic [WarpWidth-1:0]              rd_waiting_o,
  /// Entry READY threads.
  output logic [WarpWidth-1:0]              rd_ready_o,
  /// Entry age.
  output logic [EntryIdWidth-1:0]           rd_age_o,
  /// Threads of the warp masked off in the MDT.
  output logic [WarpWidth-1:0]              rd_masked_o,
  /// The warp has a free MDT entry.
  output logic                              rd_free_o,
  /// The warp's slip counters.
  output logic [WarpWidth*CounterWidth-1:0] rd_counts_o
);

  `include "dom_core_params.svh"

  logic slip_rsp_valid;

  slip_ctrl #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .CounterWidth(CounterWidth),
    .SamplePeriod(SamplePeriod), .InitMaxSlip(InitMaxSlip),
    .IdleThreshold(IdleThreshold), .StallThreshold(StallThreshold),
    .BytesWidth(BytesWidth), .FairBytes(FairBytes)
  ) u_slip (
    .clk_i, .rst_ni,
    .ev_valid_i      (acc_valid_i && acc_op_i == mdt_pkg::OpAccess),
    .ev_warp_i       (acc_warp_i),
    .ev_exec_i       (acc_exec_i),
    .ev_hit_i        (acc_hit_i),
    .rel_valid_i     (acc_valid_i && acc_op_i == mdt_pkg::OpRelease),
    .rel_warp_i      (acc_warp_i),
    .q_warp_i        (acc_warp_i),
    .q_block_o       (acc_block_o),
    .q_limit_o       (acc_limit_o),
    .perf_idle_i, .perf_mem_stall_i, .perf_bytes_i,
    .max_slip_o, .adapt_o, .period_end_o,
    .rsp_valid_o     (slip_rsp_valid),
    .rsp_err_o       (slip_err_o),
    .err_sticky_o    (slip_sticky_o),
    .rd_warp_i,
    .rd_counts_o
  );

  // rsp_valid_o of the MDT covers the slip controller's event too (see
  // SlipRspIsMdtRsp_A below)
  logic unused_slip_rsp_valid;
  assign unused_slip_rsp_valid = slip_rsp_valid;

  mdt #(
    .NumWarps(NumWarps), .EntriesPerWarp(EntriesPerWarp), .WarpWidth(WarpWidth),
    .PcWidth(PcWidth)
  ) u_mdt (
    .clk_i, .rst_ni,
    .acc_valid_i, .acc_op_i, .acc_warp_i, .acc_pc_i, .acc_exec_i, .acc_hit_i,
    .acc_alloc_ok_i  (!acc_block_o),
    .fill_valid_i, .fill_warp_i, .fill_entry_i, .fill_mask_i,
    .rsp_valid_o, .rsp_err_o, .rsp_kind_o, .rsp_entry_o, .rsp_rejoin_o, .rsp_waiting_o,
    .fill_rsp_valid_o, .fill_err_o,
    .err_sticky_o    (mdt_sticky_o),
    .rd_warp_i, .rd_entry_i, .rd_valid_o, .rd_pc_o, .rd_waiting_o, .rd_ready_o, .rd_age_o,
    .rd_masked_o, .rd_free_o
  );

  // ------------------------------------------------------------------------
  // Assertions (the MDT's and the slip controller's own run inside them)
  // ------------------------------------------------------------------------
  // Every slip-controller event is an ACCESS: the MDT answers it too.
  `ASSERT(SlipRspIsMdtRsp_A, !slip_rsp_valid || rsp_valid_o)

  `ASSERT_KNOWN(AccBlockKnown_A, acc_block_o)
  `ASSERT_KNOWN(AccLimitKnown_A, acc_limit_o)
  `ASSERT_KNOWN(RspValidKnown_A, rsp_valid_o)
  `ASSERT_KNOWN(RspErrKnown_A, rsp_err_o)
  `ASSERT_KNOWN(RspKindKnown_A, rsp_kind_o)
  `ASSERT_KNOWN(RspEntryKnown_A, rsp_entry_o)
  `ASSERT_KNOWN(RspRejoinKnown_A, rsp_rejoin_o)
  `ASSERT_KNOWN(RspWaitingKnown_A, rsp_waiting_o)
  `ASSERT_KNOWN(FillRspValidKnown_A, fill_rsp_valid_o)
  `ASSERT_KNOWN(FillErrKnown_A, fill_err_o)
  `ASSERT_KNOWN(MdtStickyKnown_A, mdt_sticky_o)
  `ASSERT_KNOWN(SlipErrKnown_A, slip_err_o)
  `ASSERT_KNOWN(SlipStickyKnown_A, slip_sticky_o)
  `ASSERT_KNOWN(MaxSlipKnown_A, max_slip_o)
  `ASSERT_KNOWN(AdaptKnown_A, adapt_o)
  `ASSERT_KNOWN(PeriodEndKnown_A, period_end_o)
  `ASSERT_KNOWN(RdValidKnown_A, rd_valid_o)
  `ASSERT_KNOWN(RdPcKnown_A, rd_pc_o)
  `ASSERT_KNOWN(RdWaitingKnown_A, rd_waiting_o)
  `ASSERT_KNOWN(RdReadyKnown_A, rd_ready_o)
  `ASSERT_KNOWN(RdAgeKnown_A, rd_age_o)
  `ASSERT_KNOWN(RdMaskedKnown_A, rd_masked_o)
  `ASSERT_KNOWN(RdFreeKnown_A, rd_free_o)
  `ASSERT_KNOWN(RdCountsKnown_A, rd_counts_o)

endmodule
