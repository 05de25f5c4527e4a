// SIMT-X's front end: the Pathtable, the divergence predictor with its
// pending-divergence counter, and the Path Scheduling Table together.
//
// Source: SIMT-X (TACO 2020) sections 3.4 (the PST schedules paths), 3.5
// (buop, cuop), 3.6 (convergence detection), 3.7 (divergence prediction,
// Figure 3, mispredictions), 3.8.2 (the pending-divergence counter).
// Behaviour, timing and errors: docs/blocks/simtx_frontend.md; the
// children's own: docs/blocks/pathtable.md, div_predictor.md, pst.md.
//
// One request a cycle, decoded onto the three children:
//   op        Pathtable             PST                         predictor
//   INIT      INIT -> h             ADD {h, pc, depth}
//   FETCH                           SET slot
//   BRANCH    BUOP slot's path->h   RENEW slot {h, pc}          inj
//   CONVERGE  CUOP pick, conv -> h  CONVERGE pick, conv {h}
//   END                             REMOVE slot
//   BEXEC     BEXEC (-> alt h)      ADD {h, pc, depth} if h     res (bpc, div)
//   BCOMMIT   BCOMMIT                                           cmt
//   CEXEC, CCOMMIT, REF, DEREF: the Pathtable's
//   RESOLVE                                                     res (bpc, req_div_i)
//   RETIRE                          RCOMMIT slot
//   ROLLBACK  SQUASH keep = the     ROLLBACK                    sq = the warp's
//             retirement copy's paths                           buops in flight
// The Pathtable's allocation (req_id_o) is the PST's path id in the same
// cycle; the PST's read port gives the Pathtable the slot's path.
//
// The core judges what the PST and the predictor would refuse before either
// sees it (a slot not valid, no free slot, no convergence; the pending count
// cannot overflow: see the `require` in configs/simtx_frontend.cfg), then the
// Pathtable judges; a request either child refuses reaches neither.
//
// Example (paper: 2 warps of 4): INIT warp 0 mask 1111 pc 0x10 allocates
// h0 and slot 0. BRANCH slot 0 pc 0x40 allocates h1 (mask 1111, speculative),
// slot 0 becomes {h1, 0x40}, pending 1. BEXEC h0 -> h1 mask 0011 pc 0x14:
// h1 = 0011, h2 = 1100 gets slot 1 at 0x14. BCOMMIT h0 -> h1, h2: both
// valid, h0 freed, pending 0.

`include "assert.svh"

module simtx_frontend #(
  `include "simtx_frontend_paramlist.svh"
) (
  `include "simtx_frontend_portlist.svh"
);

  `include "simtx_frontend_checks.svh"

  localparam int unsigned N = NumWarps;
  // PendWidth, kept legal for the casts below so that an illegal value
  // reaches the declaration's own $error (simtx_frontend_checks.svh)
  localparam int unsigned PW = PendWidth < 1 ? 1 : PendWidth;

  // ------------------------------------------------------------------------
  // The request
  // ------------------------------------------------------------------------
  logic is_init, is_fetch, is_branch, is_conv, is_end, is_bexec, is_bcommit;
  logic is_resolve, is_retire, is_rollback, reserved;
  assign is_init     = req_op_i == simtx_frontend_pkg::OpInit;
  assign is_fetch    = req_op_i == simtx_frontend_pkg::OpFetch;
  assign is_branch   = req_op_i == simtx_frontend_pkg::OpBranch;
  assign is_conv     = req_op_i == simtx_frontend_pkg::OpConverge;
  assign is_end      = req_op_i == simtx_frontend_pkg::OpEnd;
  assign is_bexec    = req_op_i == simtx_frontend_pkg::OpBexec;
  assign is_bcommit  = req_op_i == simtx_frontend_pkg::OpBcommit;
  assign is_resolve  = req_op_i == simtx_frontend_pkg::OpResolve;
  assign is_retire   = req_op_i == simtx_frontend_pkg::OpRetire;
  assign is_rollback = req_op_i == simtx_frontend_pkg::OpRollback;
  assign reserved    = req_op_i > simtx_frontend_pkg::OpRollback;

  // the warp the request acts on: a CONVERGE's is the pick's
  logic [WarpIdWidth-1:0] warp;
  logic [BuopWidth-1:0]   buops;  // its buops in flight
  assign warp = is_conv ? sel_warp_o : req_warp_i;

  // the PST's read port: the slot a request names (a CONVERGE's: the other
  // slot)
  logic [SlotIdWidth-1:0] rd_slot, pst_free_slot;
  logic                   slot_valid;
  logic [PathIdWidth-1:0] slot_path;
  logic [PathsPerWarp-1:0] keep;
  assign rd_slot = is_conv ? conv_slot_o : req_slot_i;

  // ------------------------------------------------------------------------
  // The core's own judgement, before the Pathtable's
  // ------------------------------------------------------------------------
  // a PST slot is kept for each buop's alternate: an INIT or a BRANCH needs
  // more free slots than the warp has buops in flight (so that every BEXEC
  // finds one, and the retirement copy never holds more paths than slots)
  logic names_slot, no_spare;
  logic [SlotIdWidth:0] pst_free;
  assign names_slot = is_fetch || is_branch || is_end;
  assign no_spare   = 32'(pst_free) <= 32'(buops);

  logic [3:0] own_err, pt_err, err;
  always_comb begin : p_judge
    own_err = pathtable_pkg::ErrNone;
    if (reserved) begin
      own_err = pathtable_pkg::ErrBadOp;
    end else if (req_op_i != simtx_frontend_pkg::OpNop && !is_conv &&
                 32'(req_warp_i) >= N) begin
      own_err = pathtable_pkg::ErrBadWarp;
    end else if ((names_slot && !slot_valid) ||
                 (is_retire && 32'(req_slot_i) >= SlotsPerWarp)) begin
      own_err = simtx_frontend_pkg::ErrBadSlot;
    end else if ((is_init || is_branch) && no_spare) begin
      own_err = simtx_frontend_pkg::ErrPstFull;
    end else if (is_conv && !conv_valid_o) begin
      own_err = simtx_frontend_pkg::ErrNoConv;
    end else if (is_retire && 32'(req_a_i) >= PathsPerWarp) begin
      own_err = pathtable_pkg::ErrBadPath;
    end
  end
  assign req_err_o = own_err != pathtable_pkg::ErrNone ? own_err : pt_err;
  assign err       = req_err_o;

  logic own_ok, ok;
  assign own_ok = own_err == pathtable_pkg::ErrNone;
  assign ok     = req_op_i != simtx_frontend_pkg::OpNop && err == pathtable_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // The Pathtable
  // ------------------------------------------------------------------------
  logic [3:0] pt_op;
  always_comb begin : p_pt_op
    pt_op = pathtable_pkg::OpNop;
    if (own_ok) begin
      unique case (req_op_i)
        simtx_frontend_pkg::OpInit:     pt_op = pathtable_pkg::OpInit;
        simtx_frontend_pkg::OpBranch:   pt_op = pathtable_pkg::OpBuop;
        simtx_frontend_pkg::OpConverge: pt_op = pathtable_pkg::OpCuop;
        simtx_frontend_pkg::OpBexec:    pt_op = pathtable_pkg::OpBexec;
        simtx_frontend_pkg::OpBcommit:  pt_op = pathtable_pkg::OpBcommit;
        simtx_frontend_pkg::OpCexec:    pt_op = pathtable_pkg::OpCexec;
        simtx_frontend_pkg::OpCcommit:  pt_op = pathtable_pkg::OpCcommit;
        simtx_frontend_pkg::OpRef:      pt_op = pathtable_pkg::OpRef;
        simtx_frontend_pkg::OpDeref:    pt_op = pathtable_pkg::OpDeref;
        simtx_frontend_pkg::OpRollback: pt_op = pathtable_pkg::OpSquash;
        default:                        pt_op = pathtable_pkg::OpNop;
      endcase
    end
  end

  // BRANCH: the slot's path; CONVERGE: the pick's and the other slot's
  logic [PathIdWidth-1:0] pt_a, pt_b;
  assign pt_a = is_branch ? slot_path : is_conv ? sel_path_o : req_a_i;
  assign pt_b = is_conv ? slot_path : req_b_i;

  logic        pt_rsp_valid;
  logic [3:0]  pt_rsp_err;
  logic [15:0] pt_sticky;
  pathtable #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .PathsPerWarp(PathsPerWarp),
    .RefWidth(RefWidth)
  ) u_pathtable (
    .clk_i, .rst_ni,
    .req_op_i     (pt_op),
    .req_warp_i   (warp),
    .req_a_i      (pt_a),
    .req_b_i      (pt_b),
    .req_c_i,
    .req_alt_i,
    .req_mask_i,
    .req_keep_i   (keep),
    .req_err_o    (pt_err),
    .req_alloc_o, .req_id_o, .req_div_o, .req_null_o,
    .rsp_valid_o  (pt_rsp_valid),
    .rsp_err_o    (pt_rsp_err),
    .err_sticky_o (pt_sticky),
    .rd_warp_i, .rd_path_i, .rd_state_o, .rd_mask_o, .rd_ref_o, .rd_free_o, .rd_resv_o,
    .rd_masks_o, .rd_states_o
  );

  // ------------------------------------------------------------------------
  // The Path Scheduling Table
  // ------------------------------------------------------------------------
  logic [2:0] pst_op;
  always_comb begin : p_pst_op
    pst_op = pst_pkg::OpNop;
    if (ok) begin
      unique case (req_op_i)
        simtx_frontend_pkg::OpInit:     pst_op = pst_pkg::OpAdd;
        simtx_frontend_pkg::OpFetch:    pst_op = pst_pkg::OpSet;
        simtx_frontend_pkg::OpBranch:   pst_op = pst_pkg::OpRenew;
        simtx_frontend_pkg::OpConverge: pst_op = pst_pkg::OpConverge;
        simtx_frontend_pkg::OpEnd:      pst_op = pst_pkg::OpRemove;
        simtx_frontend_pkg::OpBexec:    pst_op = req_alloc_o ? pst_pkg::OpAdd : pst_pkg::OpNop;
        simtx_frontend_pkg::OpRetire:   pst_op = pst_pkg::OpRcommit;
        simtx_frontend_pkg::OpRollback: pst_op = pst_pkg::OpRollback;
        default:                        pst_op = pst_pkg::OpNop;
      endcase
    end
  end

  logic [SlotIdWidth-1:0] pst_slot;
  logic [PathIdWidth-1:0] pst_path;
  assign pst_slot = is_conv ? sel_slot_o : req_slot_i;
  assign pst_path = is_retire ? req_a_i : req_id_o;

  logic        pst_rsp_valid;
  logic [2:0]  pst_rsp_err;
  logic [7:0]  pst_sticky;
  logic [PcWidth-1:0]    slot_pc;
  logic [DepthWidth-1:0] slot_depth;
  pst #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .SlotsPerWarp(SlotsPerWarp), .PcWidth(PcWidth),
    .DepthWidth(DepthWidth), .PathsPerWarp(PathsPerWarp)
  ) u_pst (
    .clk_i, .rst_ni,
    .req_op_i     (pst_op),
    .req_warp_i   (warp),
    .req_slot_i   (pst_slot),
    .req_slot2_i  (conv_slot_o),
    .req_path_i   (pst_path),
    .req_pc_i,
    .req_depth_i,
    .req_rvalid_i,
    .req_slot_o   (pst_free_slot),
    .req_free_o   (pst_free),
    .rsp_valid_o  (pst_rsp_valid),
    .rsp_err_o    (pst_rsp_err),
    .err_sticky_o (pst_sticky),
    .sel_take_i, .sel_valid_o, .sel_warp_o, .sel_slot_o, .sel_path_o, .sel_pc_o, .sel_depth_o,
    .sel_rr_o, .conv_valid_o, .conv_slot_o,
    .rd_warp_i    (warp),
    .rd_slot_i    (rd_slot),
    .rd_valid_o   (slot_valid),
    .rd_path_o    (slot_path),
    .rd_pc_o      (slot_pc),
    .rd_depth_o   (slot_depth),
    .rd_keep_o    (keep)
  );
  assign req_slot_o = pst_free_slot;

  // ------------------------------------------------------------------------
  // Buops in flight per warp, and the predictor
  // ------------------------------------------------------------------------
  // warp w's count at [w*BuopWidth +: BuopWidth]
  logic [N*BuopWidth-1:0] buops_q;
  logic                   warp_in;
  assign warp_in = 32'(warp) < N;
  assign buops   = warp_in ? buops_q[32'(warp)*BuopWidth +: BuopWidth] : '0;
  assign buops_o = buops;

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_buops
    if (!rst_ni) begin
      buops_q <= '0;
    end else if (ok && (is_branch || is_bcommit || is_rollback)) begin
      buops_q[32'(warp)*BuopWidth +: BuopWidth] <= is_branch  ? buops + 1'b1 :
                       is_bcommit ? buops - 1'b1 : '0;
    end
  end

  logic       dp_rsp_valid;
  logic [1:0] dp_rsp_err;
  logic [3:0] dp_sticky;
  div_predictor #(
    .Entries(Entries), .PcWidth(PcWidth), .PcShift(PcShift), .PendWidth(PendWidth)
  ) u_predictor (
    .clk_i, .rst_ni,
    .look_pc_i, .look_div_o, .look_ctr_o,
    .res_valid_i  (ok && (is_bexec || is_resolve)),
    .res_pc_i     (req_bpc_i),
    .res_div_i    (is_bexec ? req_div_o : req_div_i),
    .res_fix_i    (div_predictor_pkg::FixNone),
    .inj_i        (ok && is_branch),
    .cmt_i        (ok && is_bcommit),
    .sq_i         (ok && is_rollback ? PW'(buops) : '0),
    .pending_o, .pending_nz_o,
    .rsp_valid_o  (dp_rsp_valid),
    .rsp_err_o    (dp_rsp_err),
    .err_sticky_o (dp_sticky)
  );

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(4)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (req_op_i != simtx_frontend_pkg::OpNop),
    .err_i   (err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  logic unused;
  assign unused = ^{pt_rsp_valid, pt_rsp_err, pt_sticky, pst_rsp_valid, pst_sticky, slot_pc,
                    slot_depth, dp_rsp_valid, dp_sticky};

  // ------------------------------------------------------------------------
  // Assertions (each child's own run inside it)
  // ------------------------------------------------------------------------
  // The PST and the predictor refuse nothing the core passes them: the core
  // judged the PST's slots, the Pathtable's fresh entry is no slot's path, and
  // the pending count holds every buop in flight.
  `ASSERT(PstRefusesNothing_A, !pst_rsp_valid || pst_rsp_err == pst_pkg::ErrNone)
  `ASSERT(PredictorRefusesNothing_A, !dp_rsp_valid || dp_rsp_err == div_predictor_pkg::ErrNone)

endmodule
