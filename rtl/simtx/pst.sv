// SIMT-X: Path Scheduling Table (PST) with convergence detection.
//
// Source: SIMT-X section 3.4 (per path: path id, PC, call depth; MinSP-PC
// within a warp -- the deepest call stack, then the lowest PC -- with a
// round-robin turn every (m+1) x n cycles, and round robin among warps),
// section 3.6 (a path whose PC matches another's converges: one entry takes
// the convergent path id, the other is evicted), section 3.7.1 (Figure 3: a
// predicted divergence renews the entry, the alternate path gets a new one),
// section 3.7.2 (a nullified path removed; a retirement copy for rollback),
// section 4.5 (8 x 84-bit entries for 2 warps). Behaviour, timing, errors
// and the decisions the paper leaves open: docs/blocks/pst.md.
//
// One request a cycle, checked in its cycle and applied at the edge (a
// rejected one changes nothing); the response is registered (rsp_reg). The
// pick (sel_*), the convergence (conv_*), req_slot_o and the read port are
// combinational, from the state before the edge.
//
// Example (default configuration, warp 0): ADD h0 pc=0x40 depth 0 -> slot 0
// (req_slot_o = 0 in that cycle). RENEW slot 0 h1 pc=0x80 (a predicted
// divergent branch, Fig. 3(a)); ADD h2 pc=0x44 depth 0 -> slot 1 (the
// alternate path, Fig. 3(b)). The pick is slot 1 (pc 0x44 < 0x80 at equal
// depth). SET slot 1 pc=0x80 depth 0: both at 0x80, depth 0: the pick is
// slot 0 (the lower slot on a tie), conv_valid_o = 1, conv_slot_o = 1,
// conv_path_o = 2.
// CONVERGE a=0 b=1 h3: slot 0 holds h3 at 0x80, slot 1 is free.

`include "assert.svh"

module pst #(
  `include "pst_paramlist.svh"
) (
  `include "pst_portlist.svh"
);

  `include "pst_checks.svh"

  localparam int unsigned N  = NumWarps;
  localparam int unsigned S  = SlotsPerWarp;
  localparam int unsigned NE = NumWarps * SlotsPerWarp;  // entries (slots of all warps)
  // (an illegal NumWarps of 0 reaches its $error above, not a cast of 0 bits)
  localparam int unsigned EW = (NE > 1) ? $clog2(NE) : 1;
  localparam int unsigned HW = PathIdWidth;
  localparam int unsigned PW = PcWidth;
  localparam int unsigned DW = DepthWidth;

  typedef logic [WarpIdWidth-1:0] warp_t;
  typedef logic [SlotIdWidth-1:0] slot_t;

  // ------------------------------------------------------------------------
  // State
  // ------------------------------------------------------------------------
  // Entry w*S + s is slot s of warp w: one array per field (see
  // docs/blocks/pst.md, Measured area and timing, for why).
  logic                 vld_q   [NE];  // the speculative table
  logic [HW-1:0]        path_q  [NE];
  logic [PW-1:0]        pc_q    [NE];
  logic [DW-1:0]        dep_q   [NE];
  logic                 rvld_q  [NE];  // its retirement copy (section 3.7.2)
  logic [HW-1:0]        rpath_q [NE];
  logic [PW-1:0]        rpc_q   [NE];
  logic [DW-1:0]        rdep_q  [NE];
  slot_t                rr_q    [N];   // per warp: the slot its last RR turn took
  warp_t                last_q;        // the warp of the last take
  logic [TurnWidth-1:0] cyc_q;         // cycles modulo (m+1) x n
  logic                 turn_q;        // an RR turn is pending

  // Each warp's valid bits as one vector.
  logic [S-1:0] wvld [N];
  always_comb begin : p_wvld
    for (int unsigned w = 0; w < N; w++) begin
      for (int unsigned s = 0; s < S; s++) begin
        wvld[w][s] = vld_q[w*S+s];
      end
    end
  end

  // ------------------------------------------------------------------------
  // The request: checks (the first error that applies, in code order)
  // ------------------------------------------------------------------------
  logic          warp_ok, path_ok, a_in, a_vld, b_vld, has_free, path_taken, same_ab;
  warp_t         rw;            // the request's warp, 0 when out of range
  logic [S-1:0]  rv;            // its valid bits
  logic [S-1:0]  free;          // its free slots
  slot_t         free_idx;      // the lowest of them
  logic [PW-1:0] a_pc, b_pc;
  logic [DW-1:0] a_dep, b_dep;
  logic [2:0]    req_err;

  // the request's warp and its free slots: from req_warp_i alone (req_slot_o
  // depends on nothing else, so a core may choose its op from it)
  always_comb begin : p_req_warp
    warp_ok  = 32'(req_warp_i) < N;
    rw       = warp_ok ? req_warp_i : '0;
    rv       = wvld[rw];
    free     = ~rv;
    has_free = free != '0;
  end
  logic [S-1:0] free_oh;  // unused: the pick as an index is what an ADD takes
  logic         free_any;  // unused: has_free, from the row directly
  prio_enc #(.Width(S)) u_free (.in_i(free), .valid_o(free_any), .idx_o(free_idx),
                                .onehot_o(free_oh));

  always_comb begin : p_req
    path_ok    = 32'(req_path_i) < PathsPerWarp;
    a_in       = 32'(req_slot_i) < S;
    a_vld      = 1'b0;
    b_vld      = 1'b0;
    a_pc       = '0;
    b_pc       = '0;
    a_dep      = '0;
    b_dep      = '0;
    path_taken = 1'b0;
    for (int unsigned s = 0; s < S; s++) begin
      if (32'(req_slot_i) == s) begin
        a_vld = rv[s];
        a_pc  = pc_q[32'(rw)*S+s];
        a_dep = dep_q[32'(rw)*S+s];
      end
      if (32'(req_slot2_i) == s) begin
        b_vld = rv[s];
        b_pc  = pc_q[32'(rw)*S+s];
        b_dep = dep_q[32'(rw)*S+s];
      end
      // a valid slot the request neither overwrites nor evicts holds the path
      if (rv[s] && path_q[32'(rw)*S+s] == req_path_i &&
          !((req_op_i == pst_pkg::OpRenew || req_op_i == pst_pkg::OpConverge) &&
            32'(req_slot_i) == s) &&
          !(req_op_i == pst_pkg::OpConverge && 32'(req_slot2_i) == s)) begin
        path_taken = 1'b1;
      end
    end
    same_ab = req_slot_i != req_slot2_i && a_pc == b_pc && a_dep == b_dep;

    req_err = pst_pkg::ErrNone;
    if (!warp_ok) begin
      req_err = pst_pkg::ErrBadWarp;
    end else begin
      unique case (req_op_i)
        pst_pkg::OpAdd: begin
          if (!has_free) begin
            req_err = pst_pkg::ErrFull;
          end else if (!path_ok || path_taken) begin
            req_err = pst_pkg::ErrBadPath;
          end
        end
        pst_pkg::OpSet, pst_pkg::OpRemove: begin
          if (!a_vld) begin
            req_err = pst_pkg::ErrBadSlot;
          end
        end
        pst_pkg::OpRenew: begin
          if (!a_vld) begin
            req_err = pst_pkg::ErrBadSlot;
          end else if (!path_ok || path_taken) begin
            req_err = pst_pkg::ErrBadPath;
          end
        end
        pst_pkg::OpConverge: begin
          if (!a_vld || !b_vld) begin
            req_err = pst_pkg::ErrBadSlot;
          end else if (!path_ok || path_taken) begin
            req_err = pst_pkg::ErrBadPath;
          end else if (!same_ab) begin
            req_err = pst_pkg::ErrBadConv;
          end
        end
        pst_pkg::OpRcommit: begin
          if (!a_in) begin
            req_err = pst_pkg::ErrBadSlot;
          end else if (!path_ok) begin
            req_err = pst_pkg::ErrBadPath;
          end
        end
        default: ;  // NOP, ROLLBACK
      endcase
    end
  end

  logic req_valid, apply;
  assign req_valid  = req_op_i != pst_pkg::OpNop;
  assign apply      = req_valid && req_err == pst_pkg::ErrNone;
  assign req_slot_o = (warp_ok && has_free) ? free_idx : '0;
  // The warp's free slots, counted by the popcount cell (clog2(S+1) bits,
  // at most SlotIdWidth + 1).
  logic [$clog2(S + 1)-1:0] free_n;
  popcount #(.Width(S)) u_free_n (.in_i(free), .count_o(free_n));
  assign req_free_o = warp_ok ? (SlotIdWidth + 1)'(free_n) : '0;

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (req_valid),
    .err_i   (req_err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  // ------------------------------------------------------------------------
  // Selection (section 3.4): the warp, then MinSP-PC or the RR turn
  // ------------------------------------------------------------------------
  // The warp: the first after the last taken one with a valid slot.
  logic [N-1:0] has;
  logic         sel_any;
  warp_t        sel_w;
  always_comb begin : p_warp
    for (int unsigned w = 0; w < N; w++) begin
      has[w] = wvld[w] != '0;
    end
  end
  logic [N-1:0] sel_w_oh;  // unused
  rr_pick #(.Width(N)) u_warp (.req_i(has), .last_i(last_q), .valid_o(sel_any), .idx_o(sel_w),
                               .onehot_o(sel_w_oh));

  // The picked warp's slots.
  logic [S-1:0]  ev;
  logic [HW-1:0] epath [S];
  logic [PW-1:0] epc   [S];
  logic [DW-1:0] edep  [S];
  always_comb begin : p_mux
    ev = wvld[sel_w];
    for (int unsigned s = 0; s < S; s++) begin
      epath[s] = path_q[32'(sel_w)*S+s];
      epc[s]   = pc_q[32'(sel_w)*S+s];
      edep[s]  = dep_q[32'(sel_w)*S+s];
    end
  end

  // Every pair at once (the tourney cell takes keys of up to 64 bits; the
  // paper's are 80): same[i*S+j] -- equal PC and call depth (the
  // convergence test too); first[i*S+j], i < j -- i ranks before j in
  // MinSP-PC (deeper, or as deep and a lower PC).
  logic [S*S-1:0] same, first;
  logic [S-1:0]   win;          // the MinSP-PC winner, one-hot
  slot_t          minsp_idx, rr_idx, sel_s;
  always_comb begin : p_minsp
    same  = '0;
    first = '0;
    for (int unsigned i = 0; i < S; i++) begin
      for (int unsigned j = 0; j < S; j++) begin
        if (i != j) begin
          same[i*S+j] = epc[i] == epc[j] && edep[i] == edep[j];
        end
        if (i < j) begin
          first[i*S+j] = edep[i] > edep[j] || (edep[i] == edep[j] && epc[i] < epc[j]);
        end
      end
    end
    // m wins when no other valid slot ranks before it: a lower slot n does
    // unless m ranks strictly before n, a higher one if it ranks strictly
    // before m
    minsp_idx = '0;
    for (int unsigned m = 0; m < S; m++) begin
      win[m] = ev[m];
      for (int unsigned n = 0; n < S; n++) begin
        if (n < m && ev[n] && (first[n*S+m] || same[n*S+m])) begin
          win[m] = 1'b0;
        end
        if (n > m && ev[n] && !first[m*S+n] && !same[m*S+n]) begin
          win[m] = 1'b0;
        end
      end
      if (win[m]) begin
        minsp_idx = minsp_idx | SlotIdWidth'(m);
      end
    end
  end

  // The RR turn: the first valid slot after the warp's RR pointer.
  logic         rr_any;   // unused: sel_any already says the warp has a slot
  logic [S-1:0] rr_oh;    // unused
  rr_pick #(.Width(S)) u_rr (.req_i(ev), .last_i(rr_q[sel_w]), .valid_o(rr_any), .idx_o(rr_idx),
                             .onehot_o(rr_oh));
  assign sel_s  = turn_q ? rr_idx : minsp_idx;

  // Convergence (section 3.6): the lowest other valid slot at the pick's PC
  // and call depth.
  logic [S-1:0] conv;
  always_comb begin : p_conv
    for (int unsigned s = 0; s < S; s++) begin
      conv[s] = 1'b0;
      for (int unsigned k = 0; k < S; k++) begin
        if (32'(sel_s) == k && k != s) begin
          conv[s] = ev[s] && same[k*S+s];
        end
      end
    end
  end

  assign sel_valid_o  = sel_any;
  assign sel_warp_o   = sel_w;
  assign sel_slot_o   = sel_any ? sel_s : '0;
  assign sel_path_o   = sel_any ? epath[sel_s] : '0;
  assign sel_pc_o     = sel_any ? epc[sel_s] : '0;
  assign sel_depth_o  = sel_any ? edep[sel_s] : '0;
  assign sel_rr_o     = sel_any && turn_q;
  logic [S-1:0] conv_oh;  // unused
  prio_enc #(.Width(S)) u_conv (.in_i(conv), .valid_o(conv_valid_o), .idx_o(conv_slot_o),
                                .onehot_o(conv_oh));
  logic unused_picks;
  assign unused_picks = ^{free_oh, free_any, sel_w_oh, rr_any, rr_oh, conv_oh};
  assign conv_path_o  = conv_valid_o ? epath[conv_slot_o] : '0;

  // ------------------------------------------------------------------------
  // Pointers: the take, the RR turn's cycle counter
  // ------------------------------------------------------------------------
  logic take, wrap;
  assign take = sel_take_i && sel_any;
  assign wrap = 32'(cyc_q) == TurnPeriod - 1;

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_ptr
    if (!rst_ni) begin
      last_q <= WarpIdWidth'(N - 1);
      cyc_q  <= '0;
      turn_q <= 1'b0;
    end else begin
      if (take) begin
        last_q <= sel_w;
      end
      cyc_q  <= wrap ? '0 : cyc_q + 1'b1;
      turn_q <= wrap || (turn_q && !take);
    end
  end

  for (genvar w = 0; w < N; w++) begin : gen_rr
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_rr
      if (!rst_ni) begin
        rr_q[w] <= SlotIdWidth'(S - 1);
      end else if (take && turn_q && 32'(sel_w) == w) begin
        rr_q[w] <= sel_s;
      end
    end
  end

  // ------------------------------------------------------------------------
  // The request at the edge
  // ------------------------------------------------------------------------
  logic          vld_d   [NE];
  logic [HW-1:0] path_d  [NE];
  logic [PW-1:0] pc_d    [NE];
  logic [DW-1:0] dep_d   [NE];
  logic          rvld_d  [NE];
  logic [HW-1:0] rpath_d [NE];
  logic [PW-1:0] rpc_d   [NE];
  logic [DW-1:0] rdep_d  [NE];
  always_comb begin : p_next
    for (int unsigned w = 0; w < N; w++) begin
      for (int unsigned s = 0; s < S; s++) begin
        vld_d[w*S+s]   = vld_q[w*S+s];
        path_d[w*S+s]  = path_q[w*S+s];
        pc_d[w*S+s]    = pc_q[w*S+s];
        dep_d[w*S+s]   = dep_q[w*S+s];
        rvld_d[w*S+s]  = rvld_q[w*S+s];
        rpath_d[w*S+s] = rpath_q[w*S+s];
        rpc_d[w*S+s]   = rpc_q[w*S+s];
        rdep_d[w*S+s]  = rdep_q[w*S+s];
        if (apply && 32'(req_warp_i) == w) begin
          unique case (req_op_i)
            pst_pkg::OpAdd: begin
              if (32'(free_idx) == s) begin
                vld_d[w*S+s]  = 1'b1;
                path_d[w*S+s] = req_path_i;
                pc_d[w*S+s]   = req_pc_i;
                dep_d[w*S+s]  = req_depth_i;
              end
            end
            pst_pkg::OpSet: begin
              if (32'(req_slot_i) == s) begin
                pc_d[w*S+s]  = req_pc_i;
                dep_d[w*S+s] = req_depth_i;
              end
            end
            pst_pkg::OpRenew: begin
              if (32'(req_slot_i) == s) begin
                path_d[w*S+s] = req_path_i;
                pc_d[w*S+s]   = req_pc_i;
              end
            end
            pst_pkg::OpRemove: begin
              if (32'(req_slot_i) == s) begin
                vld_d[w*S+s] = 1'b0;
              end
            end
            pst_pkg::OpConverge: begin
              if (32'(req_slot_i) == s) begin
                path_d[w*S+s] = req_path_i;
              end
              if (32'(req_slot2_i) == s) begin
                vld_d[w*S+s] = 1'b0;
              end
            end
            pst_pkg::OpRcommit: begin
              if (32'(req_slot_i) == s) begin
                rvld_d[w*S+s]  = req_rvalid_i;
                rpath_d[w*S+s] = req_path_i;
                rpc_d[w*S+s]   = req_pc_i;
                rdep_d[w*S+s]  = req_depth_i;
              end
            end
            pst_pkg::OpRollback: begin
              vld_d[w*S+s]  = rvld_q[w*S+s];
              path_d[w*S+s] = rpath_q[w*S+s];
              pc_d[w*S+s]   = rpc_q[w*S+s];
              dep_d[w*S+s]  = rdep_q[w*S+s];
            end
            default: ;  // NOP is never applied
          endcase
        end
      end
    end
  end

  // A block per warp: Verilator unrolls the loop over its slots.
  for (genvar w = 0; w < N; w++) begin : gen_table
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_table
      if (!rst_ni) begin
        for (int unsigned s = 0; s < S; s++) begin
          vld_q[w*S+s]   <= 1'b0;
          path_q[w*S+s]  <= '0;
          pc_q[w*S+s]    <= '0;
          dep_q[w*S+s]   <= '0;
          rvld_q[w*S+s]  <= 1'b0;
          rpath_q[w*S+s] <= '0;
          rpc_q[w*S+s]   <= '0;
          rdep_q[w*S+s]  <= '0;
        end
      end else begin
        for (int unsigned s = 0; s < S; s++) begin
          vld_q[w*S+s]   <= vld_d[w*S+s];
          path_q[w*S+s]  <= path_d[w*S+s];
          pc_q[w*S+s]    <= pc_d[w*S+s];
          dep_q[w*S+s]   <= dep_d[w*S+s];
          rvld_q[w*S+s]  <= rvld_d[w*S+s];
          rpath_q[w*S+s] <= rpath_d[w*S+s];
          rpc_q[w*S+s]   <= rpc_d[w*S+s];
          rdep_q[w*S+s]  <= rdep_d[w*S+s];
        end
      end
    end
  end

  // ------------------------------------------------------------------------
  // Read port: the speculative table's slot, the paths of both tables
  // ------------------------------------------------------------------------
  logic  rd_hit;
  warp_t rd_w;    // an index that exists (rd_hit is 0 when out of range)
  slot_t rd_s;
  logic [EW-1:0] rd_e;  // its entry
  assign rd_w       = (32'(rd_warp_i) < N) ? rd_warp_i : '0;
  assign rd_s       = (32'(rd_slot_i) < S) ? rd_slot_i : '0;
  assign rd_e       = EW'(32'(rd_w) * S + 32'(rd_s));
  assign rd_hit     = 32'(rd_warp_i) < N && 32'(rd_slot_i) < S && vld_q[rd_e];
  assign rd_valid_o = rd_hit;
  assign rd_path_o  = rd_hit ? path_q[rd_e] : '0;
  assign rd_pc_o    = rd_hit ? pc_q[rd_e] : '0;
  assign rd_depth_o = rd_hit ? dep_q[rd_e] : '0;

  // The paths of rd_warp_i's slots (rd_paths_o), and of its retirement copy
  // (section 3.7.2; rd_keep_o): bit h when a valid slot holds path id h --
  // the copy's are the committed paths a rollback restores, which the
  // Pathtable's SQUASH must keep. The warp's slots are muxed first (one read
  // per slot, not one per slot and id), then each slot's id decoded and the
  // decoders ORed; both tables hold ids below PathsPerWarp only (ADD, RENEW,
  // CONVERGE and RCOMMIT reject the others), so no id is lost.
  logic          rd_svld  [S];
  logic [HW-1:0] rd_spath [S];
  logic          rd_rvld  [S];
  logic [HW-1:0] rd_rpath [S];
  always_comb begin : p_rd_slots
    for (int unsigned s = 0; s < S; s++) begin
      rd_svld[s]  = vld_q[32'(rd_w)*S+s];
      rd_spath[s] = path_q[32'(rd_w)*S+s];
      rd_rvld[s]  = rvld_q[32'(rd_w)*S+s];
      rd_rpath[s] = rpath_q[32'(rd_w)*S+s];
    end
  end
  logic [PathsPerWarp-1:0] rd_paths, rd_keep;
  always_comb begin : p_rd_paths
    rd_paths = '0;
    rd_keep  = '0;
    for (int unsigned s = 0; s < S; s++) begin
      for (int unsigned h = 0; h < PathsPerWarp; h++) begin
        if (rd_svld[s] && 32'(rd_spath[s]) == h) begin
          rd_paths[h] = 1'b1;
        end
        if (rd_rvld[s] && 32'(rd_rpath[s]) == h) begin
          rd_keep[h] = 1'b1;
        end
      end
    end
  end
  assign rd_paths_o = (32'(rd_warp_i) < N) ? rd_paths : '0;
  assign rd_keep_o  = (32'(rd_warp_i) < N) ? rd_keep : '0;

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(pst_pkg::ErrNone) == 0)
  // MinSP-PC has exactly one winner when the picked warp has a path.
  `ASSERT(OneWinner_A, sel_any ? $onehot(win) : win == '0)
  // The pick is a valid slot; the convergent slot another valid one.
  `ASSERT(PickValid_A, !sel_any || ev[sel_s])
  `ASSERT(ConvOther_A, !conv_valid_o || (ev[conv_slot_o] && conv_slot_o != sel_s))
  `ASSERT(CycleBound_A, 32'(cyc_q) < TurnPeriod)
  `ASSERT(LastWarpBound_A, 32'(last_q) < N)
  // The valid slots of both tables hold path ids in range: rd_paths_o and
  // rd_keep_o show every one of them.
  for (genvar e = 0; e < NE; e++) begin : gen_entry_assert
    `ASSERT(PathInRange_A, !vld_q[e] || 32'(path_q[e]) < PathsPerWarp)
    `ASSERT(RetiredPathInRange_A, !rvld_q[e] || 32'(rpath_q[e]) < PathsPerWarp)
  end

endmodule
