// SIMT-X's front end: the Pathtable, the divergence predictor with its
// pending-divergence counter, and the Path Scheduling Table together.
//
// Source: SIMT-X (TACO 2020) sections 3.4 (the PST schedules paths), 3.5
// (buop, cuop), 3.6 (convergence detection), 3.7 (divergence prediction,
// Figure 3, mispredictions), 3.8.2 (the pending-divergence counter).
// Behaviour, timing and errors: docs/blocks/simtx_frontend.md; the
// children's own: docs/blocks/pathtable.md, div_predictor.md, pst.md.
//
// A request is decoded onto the three children:
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
//
// It takes three cycles, one request in flight (req_ready_o low the two
// cycles after a take), so that no cycle chains the PST's pick and the
// Pathtable's verdict, or the Pathtable's verdict and the PST's write:
//   T  the take: the PST's read port (the slot named, the paths of the
//      warp's slots), a CONVERGE's pick and convergent paths (sel_path_o,
//      conv_path_o), the free slots and the retirement copy's paths, the
//      buops in flight; the core's own judgement. Registered (j_*).
//   P  the Pathtable acts on them; its verdict, allocation and the PST's and
//      predictor's requests registered (s_*); the response registered.
//   S  the PST and the predictor act; the buops count; rsp_*_o show.
// The Pathtable's allocation (rsp_id_o) is the PST's path id.
//
// The core judges in T what the PST and the predictor would refuse (a slot
// not valid, no free slot, no convergence; the pending count cannot
// overflow: see the `require` in configs/simtx_frontend.cfg) and three
// breaches of its contract (an INIT of a running warp, a DEREF of a path a
// slot holds, a BCOMMIT with no buop in flight), then the Pathtable judges
// in P; a request either refuses reaches neither.
//
// Example (paper: 2 warps of 4): INIT warp 0 mask 1111 pc 0x10 allocates
// h0 and slot 0 (rsp two cycles later). BRANCH slot 0 pc 0x40 allocates h1
// (mask 1111, speculative), slot 0 becomes {h1, 0x40}, pending 1. BEXEC
// h0 -> h1 mask 0011 pc 0x14: h1 = 0011, h2 = 1100 gets slot 1 at 0x14.
// BCOMMIT h0 -> h1, h2: both valid, h0 freed, pending 0.

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
  // The stages
  // ------------------------------------------------------------------------
  logic p_q, s_q;  // the request in flight is in its P, its S cycle
  logic take;
  assign req_ready_o = !p_q && !s_q;
  assign take        = req_ready_o && req_op_i != simtx_frontend_pkg::OpNop;

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_stage
    if (!rst_ni) begin
      p_q <= 1'b0;
      s_q <= 1'b0;
    end else begin
      p_q <= take;
      s_q <= p_q;
    end
  end

  // ------------------------------------------------------------------------
  // T: the request presented, read and judged
  // ------------------------------------------------------------------------
  logic is_init, is_fetch, is_branch, is_conv, is_end, is_retire, reserved;
  assign is_init   = req_op_i == simtx_frontend_pkg::OpInit;
  assign is_fetch  = req_op_i == simtx_frontend_pkg::OpFetch;
  assign is_branch = req_op_i == simtx_frontend_pkg::OpBranch;
  assign is_conv   = req_op_i == simtx_frontend_pkg::OpConverge;
  assign is_end    = req_op_i == simtx_frontend_pkg::OpEnd;
  assign is_retire = req_op_i == simtx_frontend_pkg::OpRetire;
  assign reserved  = req_op_i > simtx_frontend_pkg::OpRollback;

  // the warp the request acts on: a CONVERGE's is the pick's
  logic [WarpIdWidth-1:0] t_warp;
  logic [BuopWidth-1:0]   t_buops;  // req_warp_i's buops in flight
  assign t_warp = is_conv ? sel_warp_o : req_warp_i;

  // the PST's read port: the slot a request names, in req_warp_i, and the
  // paths of the warp's slots (a CONVERGE's two paths are the PST's
  // sel_path_o and conv_path_o, so that no read waits for the pick)
  logic [SlotIdWidth-1:0]  pst_free_slot;
  logic                    slot_valid;
  logic [PathIdWidth-1:0]  slot_path;
  logic [PathsPerWarp-1:0] slot_paths, keep;

  // a PST slot is kept for each buop's alternate: a BRANCH needs more free
  // slots than the warp has buops in flight (so that every BEXEC finds one,
  // and the retirement copy never holds more paths than slots); an INIT
  // needs none of it: a warp without a valid slot has every slot free, more
  // than the SlotsPerWarp - 1 buops it can have in flight
  logic names_slot, no_spare;
  logic [SlotIdWidth:0] pst_free;
  assign names_slot = is_fetch || is_branch || is_end;
  assign no_spare   = 32'(pst_free) <= 32'(t_buops);

  // the core's contract, seen at T: an INIT of a warp that runs (a valid
  // slot); a DEREF of a path a valid slot of the warp holds (the slot's
  // reference is dropped after its END); a BCOMMIT with no buop of the warp
  // in flight
  logic init_running, deref_held, bcommit_none;
  assign init_running = is_init && 32'(pst_free) < SlotsPerWarp;
  assign deref_held   = req_op_i == simtx_frontend_pkg::OpDeref &&
                        |(slot_paths & (PathsPerWarp'(1) << req_a_i));
  assign bcommit_none = req_op_i == simtx_frontend_pkg::OpBcommit && t_buops == '0;

  // (a CONVERGE's verdict, NO_CONV or none, comes last: the convergence is
  // the latest signal here)
  logic [3:0] own_err;
  always_comb begin : p_judge
    own_err = pathtable_pkg::ErrNone;
    if (reserved) begin
      own_err = pathtable_pkg::ErrBadOp;
    end else if (is_conv) begin
      own_err = conv_valid_o ? pathtable_pkg::ErrNone : simtx_frontend_pkg::ErrNoConv;
    end else if (32'(req_warp_i) >= N) begin
      own_err = pathtable_pkg::ErrBadWarp;
    end else if (init_running) begin
      own_err = simtx_frontend_pkg::ErrRunning;
    end else if ((names_slot && !slot_valid) ||
                 (is_retire && 32'(req_slot_i) >= SlotsPerWarp)) begin
      own_err = simtx_frontend_pkg::ErrBadSlot;
    end else if (is_branch && no_spare) begin
      own_err = simtx_frontend_pkg::ErrPstFull;
    end else if ((is_retire && 32'(req_a_i) >= PathsPerWarp) || deref_held) begin
      own_err = pathtable_pkg::ErrBadPath;
    end else if (bcommit_none) begin
      own_err = pathtable_pkg::ErrBadCommit;
    end
  end

  // what T read, held until the next take: the Pathtable's operands (BRANCH:
  // the slot's path; CONVERGE: the pick's and the other slot's), the PST's
  logic [3:0]              j_op_q, j_own_q;
  logic [WarpIdWidth-1:0]  j_warp_q;
  logic [PathIdWidth-1:0]  j_a_q, j_b_q, j_c_q, j_path_q;
  logic                    j_alt_q, j_div_q, j_rvalid_q;
  logic [WarpWidth-1:0]    j_mask_q;
  logic [PathsPerWarp-1:0] j_keep_q;
  logic [SlotIdWidth-1:0]  j_slot_q, j_slot2_q, j_free_q;
  logic [PcWidth-1:0]      j_pc_q, j_bpc_q;
  logic [DepthWidth-1:0]   j_depth_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_take
    if (!rst_ni) begin
      j_op_q     <= simtx_frontend_pkg::OpNop;
      j_own_q    <= pathtable_pkg::ErrNone;
      j_warp_q   <= '0;
      j_a_q      <= '0;
      j_b_q      <= '0;
      j_c_q      <= '0;
      j_path_q   <= '0;
      j_alt_q    <= 1'b0;
      j_div_q    <= 1'b0;
      j_rvalid_q <= 1'b0;
      j_mask_q   <= '0;
      j_keep_q   <= '0;
      j_slot_q   <= '0;
      j_slot2_q  <= '0;
      j_free_q   <= '0;
      j_pc_q     <= '0;
      j_bpc_q    <= '0;
      j_depth_q  <= '0;
    end else if (take) begin
      j_op_q     <= req_op_i;
      j_own_q    <= own_err;
      j_warp_q   <= t_warp;
      j_a_q      <= is_branch ? slot_path : is_conv ? sel_path_o : req_a_i;
      j_b_q      <= is_conv ? conv_path_o : req_b_i;
      j_c_q      <= req_c_i;
      j_path_q   <= req_a_i;
      j_alt_q    <= req_alt_i;
      j_div_q    <= req_div_i;
      j_rvalid_q <= req_rvalid_i;
      j_mask_q   <= req_mask_i;
      j_keep_q   <= keep;
      j_slot_q   <= is_conv ? sel_slot_o : req_slot_i;
      j_slot2_q  <= conv_slot_o;
      j_free_q   <= pst_free_slot;
      j_pc_q     <= req_pc_i;
      j_bpc_q    <= req_bpc_i;
      j_depth_q  <= req_depth_i;
    end
  end

  // ------------------------------------------------------------------------
  // P: the Pathtable
  // ------------------------------------------------------------------------
  logic [3:0] pt_op;
  always_comb begin : p_pt_op
    pt_op = pathtable_pkg::OpNop;
    if (p_q && j_own_q == pathtable_pkg::ErrNone) begin
      unique case (j_op_q)
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

  logic                   pt_alloc, pt_div, pt_null;
  logic [PathIdWidth-1:0] pt_id;
  logic [3:0]             pt_err, err;
  logic                   ok;
  logic                   pt_rsp_valid;
  logic [3:0]             pt_rsp_err;
  logic [15:0]            pt_sticky;
  pathtable #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .PathsPerWarp(PathsPerWarp),
    .RefWidth(RefWidth)
  ) u_pathtable (
    .clk_i, .rst_ni,
    .req_op_i     (pt_op),
    .req_warp_i   (j_warp_q),
    .req_a_i      (j_a_q),
    .req_b_i      (j_b_q),
    .req_c_i      (j_c_q),
    .req_alt_i    (j_alt_q),
    .req_mask_i   (j_mask_q),
    .req_keep_i   (j_keep_q),
    .req_err_o    (pt_err),
    .req_alloc_o  (pt_alloc),
    .req_id_o     (pt_id),
    .req_div_o    (pt_div),
    .req_null_o   (pt_null),
    .rsp_valid_o  (pt_rsp_valid),
    .rsp_err_o    (pt_rsp_err),
    .err_sticky_o (pt_sticky),
    .rd_warp_i, .rd_path_i, .rd_state_o, .rd_mask_o, .rd_ref_o, .rd_free_o, .rd_resv_o,
    .rd_masks_o, .rd_states_o, .rd_refs_o,
    .hold_valid_i, .hold_warp_i, .hold_path_i, .drop_valid_i, .drop_warp_i, .drop_path_i,
    .hold_err_o, .drop_err_o
  );
  assign err = j_own_q != pathtable_pkg::ErrNone ? j_own_q : pt_err;
  assign ok  = err == pathtable_pkg::ErrNone;

  // the PST's and the predictor's requests for S
  logic [2:0] pst_op;
  always_comb begin : p_pst_op
    pst_op = pst_pkg::OpNop;
    if (ok) begin
      unique case (j_op_q)
        simtx_frontend_pkg::OpInit:     pst_op = pst_pkg::OpAdd;
        simtx_frontend_pkg::OpFetch:    pst_op = pst_pkg::OpSet;
        simtx_frontend_pkg::OpBranch:   pst_op = pst_pkg::OpRenew;
        simtx_frontend_pkg::OpConverge: pst_op = pst_pkg::OpConverge;
        simtx_frontend_pkg::OpEnd:      pst_op = pst_pkg::OpRemove;
        simtx_frontend_pkg::OpBexec:    pst_op = pt_alloc ? pst_pkg::OpAdd : pst_pkg::OpNop;
        simtx_frontend_pkg::OpRetire:   pst_op = pst_pkg::OpRcommit;
        simtx_frontend_pkg::OpRollback: pst_op = pst_pkg::OpRollback;
        default:                        pst_op = pst_pkg::OpNop;
      endcase
    end
  end

  logic [2:0]             s_pst_op_q;
  logic [PathIdWidth-1:0] s_path_q;
  logic                   s_res_q, s_res_div_q, s_inj_q, s_cmt_q, s_sq_q;
  logic                   rsp_alloc_q, rsp_div_q, rsp_null_q;
  logic [PathIdWidth-1:0] rsp_id_q;
  logic [SlotIdWidth-1:0] rsp_slot_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_verdict
    if (!rst_ni) begin
      s_pst_op_q  <= pst_pkg::OpNop;
      s_path_q    <= '0;
      s_res_q     <= 1'b0;
      s_res_div_q <= 1'b0;
      s_inj_q     <= 1'b0;
      s_cmt_q     <= 1'b0;
      s_sq_q      <= 1'b0;
      rsp_alloc_q <= 1'b0;
      rsp_id_q    <= '0;
      rsp_div_q   <= 1'b0;
      rsp_null_q  <= 1'b0;
      rsp_slot_q  <= '0;
    end else begin
      s_pst_op_q  <= p_q ? pst_op : pst_pkg::OpNop;
      s_path_q    <= j_op_q == simtx_frontend_pkg::OpRetire ? j_path_q : pt_id;
      s_res_q     <= p_q && ok && (j_op_q == simtx_frontend_pkg::OpBexec ||
                                   j_op_q == simtx_frontend_pkg::OpResolve);
      s_res_div_q <= j_op_q == simtx_frontend_pkg::OpBexec ? pt_div : j_div_q;
      s_inj_q     <= p_q && ok && j_op_q == simtx_frontend_pkg::OpBranch;
      s_cmt_q     <= p_q && ok && j_op_q == simtx_frontend_pkg::OpBcommit;
      s_sq_q      <= p_q && ok && j_op_q == simtx_frontend_pkg::OpRollback;
      rsp_alloc_q <= p_q && pt_alloc;
      rsp_id_q    <= p_q ? pt_id : '0;
      rsp_div_q   <= p_q && pt_div;
      rsp_null_q  <= p_q && pt_null;
      rsp_slot_q  <= p_q ? j_free_q : '0;
    end
  end
  assign rsp_alloc_o = rsp_alloc_q;
  assign rsp_id_o    = rsp_id_q;
  assign rsp_div_o   = rsp_div_q;
  assign rsp_null_o  = rsp_null_q;
  assign rsp_slot_o  = rsp_slot_q;

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(4)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (p_q),
    .err_i   (err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  // ------------------------------------------------------------------------
  // S: the Path Scheduling Table (read in T, written in S)
  // ------------------------------------------------------------------------
  logic [2:0]             pst_rsp_err;
  logic                   pst_rsp_valid;
  logic [7:0]             pst_sticky;
  logic [PcWidth-1:0]     slot_pc;
  logic [DepthWidth-1:0]  slot_depth;
  pst #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .SlotsPerWarp(SlotsPerWarp), .PcWidth(PcWidth),
    .DepthWidth(DepthWidth), .PathsPerWarp(PathsPerWarp)
  ) u_pst (
    .clk_i, .rst_ni,
    .req_op_i     (s_pst_op_q),
    .req_warp_i   (s_q ? j_warp_q : req_warp_i),
    .req_slot_i   (j_slot_q),
    .req_slot2_i  (j_slot2_q),
    .req_path_i   (s_path_q),
    .req_pc_i     (j_pc_q),
    .req_depth_i  (j_depth_q),
    .req_rvalid_i (j_rvalid_q),
    .req_slot_o   (pst_free_slot),
    .req_free_o   (pst_free),
    .rsp_valid_o  (pst_rsp_valid),
    .rsp_err_o    (pst_rsp_err),
    .err_sticky_o (pst_sticky),
    .sel_take_i   (sel_take_i && req_ready_o),
    .sel_valid_o, .sel_warp_o, .sel_slot_o, .sel_path_o, .sel_pc_o, .sel_depth_o,
    .sel_rr_o, .conv_valid_o, .conv_slot_o, .conv_path_o,
    .rd_warp_i    (req_warp_i),
    .rd_slot_i    (req_slot_i),
    .rd_valid_o   (slot_valid),
    .rd_path_o    (slot_path),
    .rd_pc_o      (slot_pc),
    .rd_depth_o   (slot_depth),
    .rd_paths_o   (slot_paths),
    .rd_keep_o    (keep)
  );

  // ------------------------------------------------------------------------
  // S: buops in flight per warp, and the predictor
  // ------------------------------------------------------------------------
  // warp w's count at [w*BuopWidth +: BuopWidth]
  logic [N*BuopWidth-1:0] buops_q;
  logic [BuopWidth-1:0]   s_buops;  // the request in flight's warp's
  assign t_buops = 32'(req_warp_i) < N ? buops_q[32'(req_warp_i)*BuopWidth +: BuopWidth] : '0;
  assign s_buops = 32'(j_warp_q) < N ? buops_q[32'(j_warp_q)*BuopWidth +: BuopWidth] : '0;
  assign buops_o = t_buops;

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_buops
    if (!rst_ni) begin
      buops_q <= '0;
    end else if (s_q && (s_inj_q || s_cmt_q || s_sq_q)) begin
      buops_q[32'(j_warp_q)*BuopWidth +: BuopWidth] <= s_inj_q ? s_buops + 1'b1 :
                       s_cmt_q ? s_buops - 1'b1 : '0;
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
    .res_valid_i  (s_q && s_res_q),
    .res_pc_i     (j_bpc_q),
    .res_div_i    (s_res_div_q),
    .res_fix_i    (div_predictor_pkg::FixNone),
    .inj_i        (s_q && s_inj_q),
    .cmt_i        (s_q && s_cmt_q),
    .sq_i         (s_q && s_sq_q ? PW'(s_buops) : '0),
    .pending_o, .pending_nz_o,
    .rsp_valid_o  (dp_rsp_valid),
    .rsp_err_o    (dp_rsp_err),
    .err_sticky_o (dp_sticky)
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
  // One request in flight: S follows P follows the take.
  `ASSERT(OneInFlight_A, !(p_q && s_q))
  `ASSERT(PredictorRefusesNothing_A, !dp_rsp_valid || dp_rsp_err == div_predictor_pkg::ErrNone)

endmodule
