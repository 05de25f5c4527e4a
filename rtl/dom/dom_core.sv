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
  `include "dom_core_portlist.svh"
);

  `include "dom_core_checks.svh"

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

endmodule
