// SIMT-X's front end and its renaming together: simtx_frontend (the
// Pathtable, the divergence predictor and its pending count, the Path
// Scheduling Table) and the PIRAT.
//
// Source: SIMT-X (TACO 2020) sections 3.4 to 3.8. Behaviour, timing and
// errors: docs/blocks/simtx_rename.md; the children's own:
// docs/blocks/simtx_frontend.md, pirat.md.
//
// The wiring between them:
//   - the PIRAT's Rmasks (pt_masks_i) are the Pathtable's row of the warp
//     renaming: the front end's read port reads ren_warp_i's row while
//     ren_valid_i, rd_warp_i's otherwise (rd_* show that row);
//   - its pending divergence is the predictor's pending_nz_o (registered);
//   - a ROLLBACK the front end accepts rolls the warp's PIRAT back in the
//     request's S cycle (rb_valid_o), at the edge where the PST and the
//     predictor act; the Pathtable squashed the warp's speculative paths at
//     the edge before. The front end shows an accepted request in that cycle
//     (rsp_valid_o, rsp_err_o 0) but not its op, so the core keeps, for the
//     two cycles after a take, whether it was a ROLLBACK and the warp it
//     acts on (a CONVERGE's: the pick's);
//   - a rename on a path the Pathtable does not hold for it is refused
//     (the PIRAT's ren_path_bad_i: BAD_PATH): one FREE in the row read, or
//     the one the response of this very cycle allocated in the warp (the
//     core may rename on a path once its response has shown);
//   - a merge micro-op that names a path (mrg_is_path_o) holds it in the
//     Pathtable from the cycle it shows to its accepted commit (the core
//     echoes the path: cmt_is_path_i, cmt_path_i), so that the mask it reads
//     when it executes (section 3.5.3) is not freed and its id reused in
//     between; a merge shown in its warp's rollback cycle is flushed and
//     takes nothing. So that no count overflows, a rename is held (the
//     PIRAT's ren_hold_i: a stall) while a path of its warp is within one
//     of its count's maximum, the merge's reference of this edge counted
//     (one count kept for a front-end REF in the same edge).
// Every other port is a child's, unchanged; the PIRAT's err_sticky_o is
// ren_err_sticky_o.
//
// Example (paper): ROLLBACK of warp 1 taken in cycle T (req_ready_o high):
// in T+2 rsp_valid_o and rsp_err_o 0 show it accepted, and rb_valid_o with
// rb_warp_o 1 rolls warp 1's PIRAT back at that cycle's edge.

`include "assert.svh"

module simtx_rename #(
  `include "simtx_rename_paramlist.svh"
) (
  `include "simtx_rename_portlist.svh"
);

  `include "simtx_rename_checks.svh"

  // ------------------------------------------------------------------------
  // The front end
  // ------------------------------------------------------------------------
  logic [PathsPerWarp*WarpWidth-1:0] masks;  // the Pathtable's row read
  logic                              pend_nz;
  logic                              mrg_hold, mrg_drop;  // a merge's path held, dropped
  logic [PathsPerWarp*RefWidth-1:0]  refs;  // the Pathtable's counts of the row read
  logic                              ren_hold;
  logic [PathsPerWarp*2-1:0]         states;  // the Pathtable's states of the row read
  logic                              ren_path_bad;
  simtx_frontend #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .PathsPerWarp(PathsPerWarp), .RefWidth(RefWidth),
    .SlotsPerWarp(SlotsPerWarp), .PcWidth(PcWidth), .DepthWidth(DepthWidth), .Entries(Entries),
    .PcShift(PcShift), .PendWidth(PendWidth)
  ) u_frontend (
    .clk_i, .rst_ni,
    .req_op_i, .req_warp_i, .req_slot_i, .req_a_i, .req_b_i, .req_c_i, .req_alt_i, .req_mask_i,
    .req_pc_i, .req_depth_i, .req_bpc_i, .req_div_i, .req_rvalid_i,
    .req_ready_o, .rsp_valid_o, .rsp_err_o, .rsp_alloc_o, .rsp_id_o, .rsp_div_o, .rsp_null_o,
    .rsp_slot_o, .err_sticky_o, .sel_take_i,
    .sel_valid_o, .sel_warp_o, .sel_slot_o, .sel_path_o, .sel_pc_o, .sel_depth_o, .sel_rr_o,
    .conv_valid_o, .conv_slot_o, .conv_path_o,
    .look_pc_i, .look_div_o, .look_ctr_o, .pending_o,
    .pending_nz_o (pend_nz),
    .buops_o,
    .rd_warp_i    (ren_valid_i ? ren_warp_i : rd_warp_i),
    .rd_path_i, .rd_state_o, .rd_mask_o, .rd_ref_o, .rd_free_o, .rd_resv_o,
    .rd_masks_o   (masks),
    .rd_states_o  (states),
    .rd_refs_o    (refs),
    .hold_valid_i (mrg_hold),
    .hold_warp_i  (uop_warp_o),
    .hold_path_i  (mrg_mp_o[PathIdWidth-1:0]),
    .drop_valid_i (mrg_drop),
    .drop_warp_i  (cmt_warp_i),
    .drop_path_i  (cmt_path_i),
    .hold_err_o, .drop_err_o
  );
  assign pending_nz_o = pend_nz;
  assign rd_masks_o   = masks;

  // ------------------------------------------------------------------------
  // The rollback: a ROLLBACK taken, two cycles on, accepted
  // ------------------------------------------------------------------------
  logic                   rb_q [2];  // the request taken one, two cycles ago was a ROLLBACK
  logic [WarpIdWidth-1:0] rbw_q [2];  // the warp it acts on
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_rollback
    if (!rst_ni) begin
      rb_q[0]  <= 1'b0;
      rb_q[1]  <= 1'b0;
      rbw_q[0] <= '0;
      rbw_q[1] <= '0;
    end else begin
      rb_q[0]  <= req_ready_o && req_op_i == simtx_frontend_pkg::OpRollback;
      rb_q[1]  <= rb_q[0];
      rbw_q[0] <= req_op_i == simtx_frontend_pkg::OpConverge ? sel_warp_o : req_warp_i;
      rbw_q[1] <= rbw_q[0];
    end
  end
  assign rb_valid_o = rb_q[1] && rsp_valid_o && rsp_err_o == pathtable_pkg::ErrNone;
  assign rb_warp_o  = rb_valid_o ? rbw_q[1] : '0;

  // ------------------------------------------------------------------------
  // The PIRAT
  // ------------------------------------------------------------------------
  pirat #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .PathsPerWarp(PathsPerWarp),
    .ArchRegs(ArchRegs), .PhysRegs(PhysRegs)
  ) u_pirat (
    .clk_i, .rst_ni,
    .ren_valid_i, .ren_warp_i, .ren_path_i, .ren_src_valid_i, .ren_src0_i, .ren_src1_i,
    .ren_dst_valid_i, .ren_dst_i,
    .ren_path_bad_i (ren_path_bad),
    .ren_hold_i   (ren_hold),
    .pt_masks_i   (masks),
    .pending_i    (pend_nz),
    .ren_ready_o, .ren_err_o,
    .cmt_valid_i, .cmt_warp_i, .cmt_merge_i, .cmt_hold_i, .cmt_reg_i, .cmt_preg_i, .cmt_mask_i,
    .cmt_err_o,
    .rb_valid_i   (rb_valid_o),
    .rb_warp_i    (rb_warp_o),
    .mrg_valid_o, .mrg_reg_o, .mrg_dst_o, .mrg_main_o, .mrg_ld_o, .mrg_is_path_o, .mrg_mp_o,
    .mrg_hold_o,
    .ins_valid_o, .ins_src0_o, .ins_src1_o, .ins_dst_o, .uop_warp_o, .free_count_o,
    .err_sticky_o (ren_err_sticky_o),
    .rd_warp_i, .rd_reg_i, .rd_main_o, .rd_ld_valid_o, .rd_is_path_o, .rd_mp_o, .rd_ld_o,
    .rd_cmain_o, .rd_cld_valid_o, .rd_cmask_o, .rd_cld_o,
    .rd_preg_i, .rd_pfree_o, .rd_pspec_o, .rd_powner_o
  );

  // ------------------------------------------------------------------------
  // A merge naming a path holds it until its commit
  // ------------------------------------------------------------------------
  assign mrg_hold = mrg_valid_o && mrg_is_path_o && !(rb_valid_o && rb_warp_o == uop_warp_o);
  assign mrg_drop = cmt_valid_i && cmt_merge_i && cmt_is_path_i &&
                    cmt_err_o == pirat_pkg::ErrNone;
  assign rd_refs_o = refs;
  assign rd_states_o = states;

  // A rename's path: held in the Pathtable, and not the one this cycle's
  // response allocated in its warp.
  logic [1:0] ren_state;
  always_comb begin : p_ren_path
    ren_state = '0;
    for (int unsigned h = 0; h < PathsPerWarp; h++) begin
      ren_state = ren_state | (32'(ren_path_i) == h ? states[2*h +: 2] : '0);
    end
  end
  assign ren_path_bad = ren_state == pathtable_pkg::StateFree ||
                        (rsp_valid_o && rsp_err_o == pathtable_pkg::ErrNone && rsp_alloc_o &&
                         rbw_q[1] == ren_warp_i && rsp_id_o == ren_path_i);

  // The rename is held while a path of its warp (the row read: ren_warp_i's)
  // is within one of its count's maximum, the merge's hold of this edge
  // counted.
  localparam logic [RefWidth-1:0] RefNear = {{(RefWidth-1){1'b1}}, 1'b0};  // maximum - 1
  logic [PathsPerWarp-1:0] near;
  always_comb begin : p_near
    for (int unsigned h = 0; h < PathsPerWarp; h++) begin
      near[h] = refs[RefWidth*h +: RefWidth] >= RefNear ||
                (refs[RefWidth*h +: RefWidth] == RefNear - 1'b1 && mrg_hold &&
                 uop_warp_o == ren_warp_i && mrg_mp_o[PathIdWidth-1:0] == PathIdWidth'(h));
    end
  end
  assign ren_hold = ren_valid_i && |near;

  // The path a merge names is live when the merge shows: the instruction
  // that wrote the register on it is in flight, and the path's holders
  // (its PST slot, the cuop or buop that consumes it) commit after it.
  `ASSERT(MrgPathLive_A, !mrg_hold || (hold_err_o != pathtable_pkg::ErrBadPath &&
                                       hold_err_o != pathtable_pkg::ErrBadWarp))

  // A rollback is of a warp the front end accepted: one in range.
  `ASSERT(RollbackWarp_A, !rb_valid_o || 32'(rb_warp_o) < NumWarps)

endmodule
