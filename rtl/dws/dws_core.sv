// Dynamic Warp Subdivision: the warp-split table with the per-warp
// reconvergence stack.
//
// Source: DWS (ISCA'10) section 5.3 (the splits of a warp execute one
// instruction stream and wait for each other at a conditional branch), 5.4
// (after a branch the stack's top is the initial split), 5.5 (loop bypass:
// a split takes the loop branch alone, its exiting threads wait in the
// stack's next-to-top entry). Behaviour, cycle timing and errors:
// docs/blocks/dws_core.md.
//
// The children, unchanged: warp_split_table (u_wst) and recon_stack
// (u_stack). The core adds per warp the record of its held splits {park,
// outcome, tpc, fpc, rpc, lpc} and a fault bit, and a sequencer: when a warp
// has arrived (every split held, none waiting), the stack takes its branch
// or pop, then the warp's splits are re-rooted from the new top of stack.
//
// Two stages. In the judge stage (cycle t) the core judges a request, or
// takes a sequencer step, on the state before the edge: the table's judge
// port gives the table's verdict, the stack's read port the warp's top. At
// the edge it registers what each child must do and how its own record of
// the warp changes. In the apply stage (t+1) the children take those
// operations at their request ports and the record takes its update. Responses and the children's state show them at t+2. A
// warp with an operation in flight is busy (busy_o): its requests are not
// taken, so every request is judged on a state its own earlier operations
// have reached. What else can change a warp's state between the two stages
// cannot make a judged request illegal: a fill only returns threads, a
// LAZY split only splits a suspended split.
//
// Example (W = 4, one warp, AGGRESS; the trace checked in simulation; each
// request's effects show two cycles after it is taken):
//   INIT pc=0 rpc=9 mask=1111; MEM e0 pc=1 hit=0011  SPLIT: e1 {1, 0011},
//                                                     e0 {1, 1100} waits
//   BRANCH e1 tpc=2 fpc=5 rpc=7 taken=0001            e1 held, park BRANCH
//   fill 1100; BRANCH e0 tpc=2 fpc=5 rpc=7 taken=0100 e0 held: arrived
//   (port not ready) SEQ: stack BRANCH, outcome 0101  tops: {2, 0101} over
//                                                     {5, 1010} over {7, 1111}
//   (port not ready) REROOT: WST INIT pc=2 mask=0101  one split again

`include "assert.svh"

module dws_core #(
  `include "dws_core_paramlist.svh"
) (
  `include "dws_core_portlist.svh"
);

  `include "dws_core_checks.svh"

  // (an illegal NumWarps of 0 reaches its $error above, not an empty array)
  localparam int unsigned N = (NumWarps > 0) ? NumWarps : 1;

  typedef logic [PcWidth-1:0]      pc_t;
  typedef logic [WarpWidth-1:0]    mask_t;
  typedef logic [WarpIdWidth-1:0]  wid_t;
  typedef logic [EntryIdWidth-1:0] eid_t;

  localparam pc_t PcNone = '1;

  // ------------------------------------------------------------------------
  // State: per warp the held splits' record and the fault bit; the
  // operations in flight (judged last cycle, applied by the children now);
  // the re-root of this cycle.
  // ------------------------------------------------------------------------
  logic [1:0]   park_q  [N];  // dws_core_pkg::park_e
  mask_t        taken_q [N];  // the gathered taken outcome
  pc_t          tpc_q   [N];
  pc_t          fpc_q   [N];
  pc_t          rpc_q   [N];
  pc_t          lpc_q   [N];
  logic [N-1:0] fault_q;

  logic       ap_wst_valid, ap_wst_hold;  // the table's operation in flight
  logic [2:0] ap_wst_op;
  wid_t       ap_wst_warp;
  eid_t       ap_wst_entry;
  pc_t        ap_wst_pc;
  mask_t      ap_wst_mask;
  logic       ap_stk_valid;               // the stack's operation in flight
  logic [1:0] ap_stk_op;
  wid_t       ap_stk_warp;
  pc_t        ap_stk_pc, ap_stk_alt, ap_stk_rpc, ap_stk_lpc;
  mask_t      ap_stk_mask;
  logic       ap_reroot;                  // ... a SEQ step or a bypass pop: re-root next
  logic       reroot_q;                   // this cycle re-roots warp rr_w_q
  wid_t       rr_w_q;
  logic       fill_valid_q;               // the fill port, one cycle late (below)
  wid_t       fill_warp_q;
  mask_t      fill_mask_q;
  logic [1:0] policy_q;                   // the modes, one cycle late (below)
  logic       sched_q;

  // ------------------------------------------------------------------------
  // The operations judged this cycle, registered into the ap_* above
  // ------------------------------------------------------------------------
  logic       wst_valid, wst_hold;
  logic [2:0] wst_op;
  wid_t       wst_warp;
  eid_t       wst_entry;
  pc_t        wst_pc;
  mask_t      wst_mask;
  logic [2:0] chk_op;         // the request judged by the table: its op
  logic [2:0] wst_err;        // the request's error in the table (combinational)
  mask_t      ex_mask;        // S: the request's split

  logic       stk_valid;
  logic [1:0] stk_op;
  wid_t       stk_warp, stk_rd_warp;
  pc_t        stk_pc, stk_alt, stk_rpc, stk_lpc;
  mask_t      stk_mask;
  logic [LposWidth-1:0] unused_lpos;
  logic [$clog2(WarpWidth + 1)-1:0] unused_count;  // (the stack's count of tos_mask_o)
  logic [2:0]           unused_stk_err;  // the core judges the stack's requests itself
  logic                 unused_stk_fin;
  pc_t        tos_lpc;        // the top's likely-convergence PC (PcNone: none)
  logic       wst_rsp_valid;  // the core answers its requests itself; the
  logic [2:0] wst_rsp_err;    // table never refuses what it forwards (asserted)

  // ------------------------------------------------------------------------
  // The fill port and the modes are registered at the core's boundary, so
  // every input of the table comes from a register. A fill presented in
  // cycle t reaches the table in t+1, is judged there on that cycle's
  // pending threads and is answered (fill_rsp_*) at t+2. policy_i and
  // sched_i presented in cycle t rule the table in t+1: the cycle in which
  // it applies the request judged in t, takes the fill presented in t,
  // decides a LAZY split and makes its scheduler's second-stage pick. The
  // fill and LAZY's decision drive every entry's next state; from
  // registers, that logic no longer waits for the core's wires, and a
  // cycle-based simulator evaluates it once a cycle instead of again
  // whenever an input changes (docs/blocks/dws_core.md, Performance).
  // ------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_fill
    if (!rst_ni) begin
      fill_valid_q <= 1'b0;
      fill_warp_q  <= '0;
      fill_mask_q  <= '0;
      policy_q     <= warp_split_table_pkg::PolicyOff;
      sched_q      <= warp_split_table_pkg::SchedRr;
    end else begin
      fill_valid_q <= fill_valid_i;
      fill_warp_q  <= fill_warp_i;
      fill_mask_q  <= fill_mask_i;
      policy_q     <= policy_i;
      sched_q      <= sched_i;
    end
  end

  warp_split_table #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .PcWidth(PcWidth),
    .IcountWidth(IcountWidth), .MfcWidth(MfcWidth), .LatWidth(LatWidth),
    .SumWidth(SumWidth), .InitMemLat(InitMemLat)
  ) u_wst (
    .clk_i, .rst_ni,
    .policy_i     (policy_q),
    .sched_i      (sched_q),
    .req_valid_i  (ap_wst_valid),
    .req_op_i     (ap_wst_op),
    .req_warp_i   (ap_wst_warp),
    .req_entry_i  (ap_wst_entry),
    .req_pc_i     (ap_wst_pc),
    .req_mask_i   (ap_wst_mask),
    .req_hold_i   (ap_wst_hold),
    .fill_valid_i (fill_valid_q),
    .fill_warp_i  (fill_warp_q),
    .fill_mask_i  (fill_mask_q),
    .rd_warp_i, .rd_entry_i,
    .chk_op_i     (chk_op),
    .chk_warp_i   (req_warp_i),
    .chk_entry_i  (req_entry_i),
    .chk_mask_i   (req_mask_i),
    .chk_err_o    (wst_err),
    .chk_split_o  (ex_mask),
    .arrived_o,
    .rsp_valid_o  (wst_rsp_valid),
    .rsp_err_o    (wst_rsp_err),
    .rsp_kind_o, .rsp_entry_o, .rsp_merges_o,
    .fill_rsp_valid_o, .fill_err_o, .fill_woken_o, .lazy_valid_o, .lazy_warp_o, .lazy_entry_o,
    .err_sticky_o (wst_sticky_o),
    .sum_rmfc_o, .sel_valid_o, .sel_warp_o, .sel_entry_o, .sel_boost_o,
    .rd_valid_o, .rd_pc_o, .rd_icount_o, .rd_mask_o, .rd_suspended_o, .rd_held_o, .rd_boost_o,
    .rd_mfc_o, .rd_rmfc_o, .rd_memlat_o, .rd_wait_o, .rd_pending_o, .rd_count_o
  );

  recon_stack #(
    .NumWarps(NumWarps), .WarpWidth(WarpWidth), .PcWidth(PcWidth), .Depth(Depth),
    .LcpEnable(LcpEnable),
    .CountEnable(0)  // the declaration's child line fixes it
  ) u_stack (
    .clk_i, .rst_ni,
    .req_valid_i  (ap_stk_valid),
    .req_op_i     (ap_stk_op),
    .req_warp_i   (ap_stk_warp),
    .req_pc_i     (ap_stk_pc),
    .req_alt_pc_i (ap_stk_alt),
    .req_rpc_i    (ap_stk_rpc),
    .req_lpc_i    (ap_stk_lpc),
    .req_mask_i   (ap_stk_mask),
    .rd_warp_i    (stk_rd_warp),
    .rsp_valid_o  (stk_rsp_valid_o),
    .rsp_err_o    (stk_err_o),
    .err_sticky_o (stk_sticky_o),
    .req_err_o    (unused_stk_err),
    .req_fin_o    (unused_stk_fin),
    .rd_valid_o   (tos_valid_o),
    .rd_pc_o      (tos_pc_o),
    .rd_rpc_o     (tos_rpc_o),
    .rd_mask_o    (tos_mask_o),
    .rd_count_o   (unused_count),
    .rd_lpc_o     (tos_lpc),
    .rd_lpos_o    (unused_lpos),
    .rd_depth_o   (tos_depth_o)
  );

  // ------------------------------------------------------------------------
  // Busy warps: an operation of the warp in flight, or its re-root judged
  // now. Sequencer: the lowest arrived warp that is not busy and has not
  // faulted.
  // ------------------------------------------------------------------------
  logic [N-1:0] busy;
  for (genvar w = 0; w < N; w++) begin : gen_busy
    assign busy[w] = (ap_wst_valid && 32'(ap_wst_warp) == w) ||
                     (ap_stk_valid && 32'(ap_stk_warp) == w) ||
                     (reroot_q && 32'(rr_w_q) == w);
  end
  assign busy_o = busy;

  logic [N-1:0] eligible, seq_oh;
  logic         seq_any, do_seq, port_free;
  wid_t         seq_w;
  assign eligible = arrived_o & ~fault_q & ~busy;
  prio_enc #(.Width(N)) u_seq (
    .in_i    (eligible),
    .valid_o (seq_any),
    .idx_o   (seq_w),
    .onehot_o(seq_oh)
  );
  assign do_seq      = !reroot_q && seq_any;
  assign port_free   = !reroot_q && !seq_any;
  // The stack's read port: the warp being re-rooted, else the request's
  // (a sequencer step reads the warp's record only, so that the request's
  // judgement does not wait for the choice of the warp to step).
  assign stk_rd_warp = reroot_q ? rr_w_q : req_warp_i;

  // Each warp's record as one word {park, taken, tpc, fpc, rpc, lpc}, read
  // by the sequencer (its warp) and by the request (the request's warp).
  localparam int unsigned RecWidth = 2 + WarpWidth + 4 * PcWidth;
  logic [N*RecWidth-1:0] rec_bus;
  for (genvar w = 0; w < N; w++) begin : gen_rec
    assign rec_bus[w*RecWidth +: RecWidth] = {park_q[w], taken_q[w], tpc_q[w], fpc_q[w],
                                              rpc_q[w], lpc_q[w]};
  end

  logic [1:0] s_park;
  mask_t s_taken;
  pc_t   s_tpc, s_fpc, s_rpc, s_lpc;
  onehot_mux #(.Num(N), .Width(RecWidth)) u_seq_read (
    .sel_i (seq_oh),
    .data_i(rec_bus),
    .data_o({s_park, s_taken, s_tpc, s_fpc, s_rpc, s_lpc})
  );

  // ------------------------------------------------------------------------
  // The request (taken when req_ready_o): judged before either child sees
  // it; the top of stack shown is the request warp's.
  // ------------------------------------------------------------------------
  logic warp_ok, take;
  wid_t w_idx;               // req_warp_i, 0 when out of range (a safe index)
  assign warp_ok     = 32'(req_warp_i) < N;
  assign w_idx       = warp_ok ? req_warp_i : '0;
  assign req_ready_o = port_free && !(warp_ok && busy[w_idx]);
  assign take        = req_valid_i && req_ready_o;

  logic is_init, is_exec, is_mem, is_branch, is_release, bad_op;
  assign is_init    = req_op_i == dws_core_pkg::OpInit;
  assign is_exec    = req_op_i == dws_core_pkg::OpExec;
  assign is_mem     = req_op_i == dws_core_pkg::OpMem;
  assign is_branch  = req_op_i == dws_core_pkg::OpBranch;
  assign is_release = req_op_i == dws_core_pkg::OpRelease;
  assign bad_op     = !(is_init || is_exec || is_mem || is_branch || is_release);

  // Loop bypass (5.5): the branch reconverges where the top does and one
  // (only one) of its targets is that PC -- unless the other target is the
  // top's likely-convergence PC, where the stack would pop the whole top
  // (a warp-wide branch only: the other splits' threads are not there yet).
  // With no_bypass_i every conditional branch waits for the warp.
  logic exit_taken, exit_fall, loop, at_rpc, at_lpc, hold;
  pc_t  stay_pc;
  assign exit_taken = req_pc_i == req_rpc_i;
  assign exit_fall  = req_alt_pc_i == req_rpc_i;
  assign stay_pc    = exit_taken ? req_alt_pc_i : req_pc_i;
  assign loop       = !no_bypass_i && is_branch && req_rpc_i == tos_rpc_o &&
                      (exit_taken != exit_fall) &&
                      !(tos_lpc != PcNone && stay_pc == tos_lpc);
  // EXEC, MEM whose next PC is the reconvergence PC (first: the stack's
  // ADVANCE checks it first) or the likely-convergence PC: arrived there.
  assign at_rpc     = (is_exec || is_mem) && req_pc_i == tos_rpc_o;
  assign at_lpc     = (is_exec || is_mem) && !at_rpc && req_pc_i == tos_lpc && tos_lpc != PcNone;
  assign hold       = at_rpc || at_lpc || (is_branch && !loop);

  logic [N-1:0] w_oh;         // the request's warp, one-hot (0 when out of range)
  logic [1:0]   r_park;
  mask_t        r_taken_unused;  // the outcome is gathered, not compared
  pc_t          r_tpc, r_fpc, r_rpc, r_lpc;
  assign w_oh = warp_ok ? N'(1) << w_idx : '0;
  onehot_mux #(.Num(N), .Width(RecWidth)) u_req_read (
    .sel_i (w_oh),
    .data_i(rec_bus),
    .data_o({r_park, r_taken_unused, r_tpc, r_fpc, r_rpc, r_lpc})
  );

  logic other_targets, mismatch, bad_pc;
  assign other_targets = req_pc_i != r_tpc || req_alt_pc_i != r_fpc || req_rpc_i != r_rpc ||
                         (LcpEnable != 0 && req_lpc_i != r_lpc);
  // An arrival at another kind of point than the held splits'.
  logic [1:0] at_kind;
  assign at_kind  = at_rpc ? dws_core_pkg::ParkRpc :
                    at_lpc ? dws_core_pkg::ParkLpc : dws_core_pkg::ParkBranch;
  assign mismatch = hold && !(r_park == dws_core_pkg::ParkNone ||
                              (r_park == at_kind &&
                               !(at_kind == dws_core_pkg::ParkBranch && other_targets)));
  assign bad_pc   = ((is_init || is_exec || is_mem) && req_pc_i == PcNone) ||
                    (is_branch && (req_pc_i == PcNone || req_alt_pc_i == PcNone ||
                                   req_rpc_i == PcNone));

  logic [3:0] req_err;
  always_comb begin
    req_err = dws_core_pkg::ErrNone;
    if (bad_op) begin
      req_err = dws_core_pkg::ErrBadOp;
    end else if (!warp_ok) begin
      req_err = dws_core_pkg::ErrBadWarp;
    end else if (wst_err == warp_split_table_pkg::ErrBadEntry) begin
      req_err = dws_core_pkg::ErrBadEntry;
    end else if (wst_err == warp_split_table_pkg::ErrSuspended) begin
      req_err = dws_core_pkg::ErrSuspended;
    end else if (bad_pc) begin
      req_err = dws_core_pkg::ErrBadPc;
    end else if (is_init && req_mask_i == '0) begin
      req_err = dws_core_pkg::ErrBadMask;
    end else if (wst_err == warp_split_table_pkg::ErrBusy) begin
      req_err = dws_core_pkg::ErrBusy;
    end else if (mismatch) begin
      req_err = dws_core_pkg::ErrMismatch;
    end
  end

  logic req_apply;
  assign req_apply = take && req_err == dws_core_pkg::ErrNone;

  // The table judges the op the core would forward (a BRANCH as EXEC: a
  // loop bypass's BYPASS has the same errors; a bad op is the core's BAD_OP).
  always_comb begin : p_chk_op
    unique case (1'b1)
      is_init:    chk_op = warp_split_table_pkg::OpInit;
      is_mem:     chk_op = warp_split_table_pkg::OpMem;
      is_release: chk_op = warp_split_table_pkg::OpRelease;
      default:    chk_op = warp_split_table_pkg::OpExec;
    endcase
  end

  // ------------------------------------------------------------------------
  // The children's requests
  // ------------------------------------------------------------------------
  // Loop bypass: the split's threads that go round again (C) stay in it; on
  // the stack every other thread of the top goes that way too, so that only
  // the split's exiting threads leave the top.
  mask_t keep, loop_outcome;
  assign keep         = exit_taken ? ~req_mask_i : req_mask_i;
  assign loop_outcome = (req_mask_i & ex_mask) | (~ex_mask & (exit_taken ? '0 : '1));

  // Re-root: the stack took the last edge's operation (its response is
  // registered); the warp's splits become its new top, or go at its exit.
  logic stk_ok;
  assign stk_ok = stk_err_o == recon_stack_pkg::ErrNone;

  assign wst_valid = reroot_q ? stk_ok : req_apply;

  always_comb begin : p_wst_req
    if (reroot_q) begin
      wst_op    = tos_valid_o ? warp_split_table_pkg::OpInit : warp_split_table_pkg::OpRelease;
      wst_warp  = rr_w_q;
      wst_entry = '0;
      wst_pc    = tos_pc_o;
      wst_mask  = tos_mask_o;
      wst_hold  = 1'b0;
    end else begin
      // The request's inputs, whether taken or not: their error is judged.
      // The op the table judged (a held BRANCH as EXEC), or a loop bypass.
      wst_op    = loop ? warp_split_table_pkg::OpBypass : chk_op;
      wst_warp  = req_warp_i;
      wst_entry = req_entry_i;
      wst_pc    = loop ? stay_pc : req_pc_i;
      wst_mask  = loop ? keep : req_mask_i;
      wst_hold  = hold;
    end
  end

  always_comb begin : p_stk_req
    stk_valid = do_seq || (req_apply && (is_init || loop));
    stk_warp  = do_seq ? seq_w : req_warp_i;
    stk_alt   = do_seq ? s_fpc : req_alt_pc_i;
    stk_rpc   = do_seq ? s_rpc : req_rpc_i;
    stk_lpc   = do_seq ? s_lpc : req_lpc_i;
    if (do_seq) begin
      stk_op   = (s_park == dws_core_pkg::ParkBranch) ? recon_stack_pkg::OpBranch
                                                      : recon_stack_pkg::OpAdvance;
      stk_pc   = s_tpc;  // BRANCH: the taken target; RPC, LPC: the PC arrived at
      stk_mask = s_taken;
    end else begin
      stk_op   = is_init ? recon_stack_pkg::OpInit : recon_stack_pkg::OpBranch;
      stk_pc   = req_pc_i;
      stk_mask = is_init ? req_mask_i : loop_outcome;
    end
  end

  // The bypass lets the loop's last threads go: the stack pops.
  logic bypass_pop;
  assign bypass_pop = req_apply && loop && ex_mask == tos_mask_o && (ex_mask & keep) == '0;

  // ------------------------------------------------------------------------
  // Next state
  // ------------------------------------------------------------------------
  // The record update of the request judged last cycle, applied with the
  // children (the path from the judgement ends in these few registers, not
  // in every warp's record). The branch's targets are the stack's in-flight
  // PCs, which every REQUEST cycle loads with the request's.
  logic       ru_valid_q, ru_clear_q, ru_branch_q, ru_at_q;
  wid_t       ru_warp_q;
  logic [1:0] ru_kind_q;
  mask_t      ru_taken_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_ru_valid
    if (!rst_ni) begin
      ru_valid_q <= 1'b0;
    end else begin
      ru_valid_q <= req_apply;
    end
  end
  always_ff @(posedge clk_i) begin : p_ru
    ru_warp_q   <= w_idx;
    ru_clear_q  <= is_init || is_release;
    ru_branch_q <= is_branch && !loop;
    ru_at_q     <= at_rpc || at_lpc;
    ru_kind_q   <= at_kind;
    ru_taken_q  <= req_mask_i & ex_mask;
  end

  for (genvar w = 0; w < N; w++) begin : gen_warp
    logic here, clear, arrive_branch;
    assign here          = ru_valid_q && 32'(ru_warp_q) == w;
    assign clear         = (here && ru_clear_q) ||
                           (reroot_q && stk_ok && 32'(rr_w_q) == w);
    assign arrive_branch = here && ru_branch_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin : p_park
      if (!rst_ni) begin
        park_q[w]  <= dws_core_pkg::ParkNone;
        taken_q[w] <= '0;
        fault_q[w] <= 1'b0;
      end else begin
        if (clear) begin
          park_q[w]  <= dws_core_pkg::ParkNone;
          taken_q[w] <= '0;
        end else if (arrive_branch) begin
          park_q[w]  <= dws_core_pkg::ParkBranch;
          taken_q[w] <= taken_q[w] | ru_taken_q;
        end else if (here && ru_at_q) begin
          park_q[w]  <= ru_kind_q;
        end
        if (here && ru_clear_q) begin
          fault_q[w] <= 1'b0;
        end else if (reroot_q && !stk_ok && 32'(rr_w_q) == w) begin
          fault_q[w] <= 1'b1;  // the stack refused the warp's branch (OVERFLOW)
        end
      end
    end

    // The targets: read only while park is not NONE (no reset needed). An
    // arrival at the reconvergence or likely-convergence PC records that
    // PC as tpc: the sequencer's ADVANCE goes there.
    always_ff @(posedge clk_i) begin : p_targets
      if (arrive_branch || (here && ru_at_q)) begin
        tpc_q[w] <= ap_stk_pc;
      end
      if (arrive_branch) begin
        fpc_q[w] <= ap_stk_alt;
        rpc_q[w] <= ap_stk_rpc;
        lpc_q[w] <= ap_stk_lpc;
      end
    end
  end
  assign fault_o = fault_q;

  // ------------------------------------------------------------------------
  // The operations in flight: what the children take at the next edge
  // ------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_ap_valid
    if (!rst_ni) begin
      ap_wst_valid <= 1'b0;
      ap_stk_valid <= 1'b0;
      ap_reroot    <= 1'b0;
      reroot_q     <= 1'b0;
      rr_w_q       <= '0;
    end else begin
      ap_wst_valid <= wst_valid;
      ap_stk_valid <= stk_valid;
      ap_reroot    <= do_seq || bypass_pop;
      reroot_q     <= ap_stk_valid && ap_reroot;
      rr_w_q       <= ap_stk_warp;
    end
  end

  // (the fields are read only with their valid: no reset needed)
  always_ff @(posedge clk_i) begin : p_ap
    ap_wst_op    <= wst_op;
    ap_wst_warp  <= wst_warp;
    ap_wst_entry <= wst_entry;
    ap_wst_pc    <= wst_pc;
    ap_wst_mask  <= wst_mask;
    ap_wst_hold  <= wst_hold;
    ap_stk_op    <= stk_op;
    ap_stk_warp  <= stk_warp;
    ap_stk_pc    <= stk_pc;
    ap_stk_alt   <= stk_alt;
    ap_stk_rpc   <= stk_rpc;
    ap_stk_lpc   <= stk_lpc;
    ap_stk_mask  <= stk_mask;
  end

  // ------------------------------------------------------------------------
  // Responses: the judgement of cycle t, shown at t+2 beside the children's
  // ------------------------------------------------------------------------
  logic       r1_take, r1_held, r1_seq, r1_pop;
  logic [3:0] r1_err;
  wid_t       r1_seq_w;
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_rsp
    if (!rst_ni) begin
      r1_take     <= 1'b0;
      r1_err      <= '0;
      r1_held     <= 1'b0;
      r1_seq      <= 1'b0;
      r1_seq_w    <= '0;
      r1_pop      <= 1'b0;
      seq_valid_o <= 1'b0;
      seq_warp_o  <= '0;
      seq_pop_o   <= 1'b0;
      rsp_held_o  <= 1'b0;
    end else begin
      r1_take     <= take;
      r1_err      <= req_err;
      r1_held     <= req_apply && hold;
      r1_seq      <= do_seq;
      r1_seq_w    <= do_seq ? seq_w : '0;
      r1_pop      <= do_seq && s_park != dws_core_pkg::ParkBranch;
      seq_valid_o <= r1_seq;
      seq_warp_o  <= r1_seq_w;
      seq_pop_o   <= r1_pop;
      rsp_held_o  <= r1_held;
    end
  end

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(4)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (r1_take),
    .err_i   (r1_err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  // Outputs of the children this block does not bring out.
  logic unused_out;
  assign unused_out = ^{unused_lpos, unused_count, unused_stk_err, unused_stk_fin, seq_oh};

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(dws_core_pkg::ErrNone) == 0)
  // The table accepts every operation the core forwards: the core judged it,
  // and nothing between the two stages makes it illegal.
  `ASSERT(WstTakesForwarded_A, !wst_rsp_valid || wst_rsp_err == warp_split_table_pkg::ErrNone)
  // A request is judged on its warp's state: nothing of the warp in flight.
  `ASSERT(JudgedNotBusy_A, !take || !warp_ok || !busy[w_idx])
  // The stack refuses only a sequencer step (OVERFLOW of a warp's branch).
  `ASSERT(StackRefusesOnlySeq_A, stk_err_o == recon_stack_pkg::ErrNone ||
                                 (reroot_q && stk_err_o == recon_stack_pkg::ErrOverflow))
  // An arrived warp's held splits wait at something.
  `ASSERT(ArrivedIsParked_A, !do_seq || s_park != dws_core_pkg::ParkNone)
  // A split's threads are threads of its warp's top of stack.
  `ASSERT(SplitInTop_A, !(req_valid_i && req_ready_o && wst_err == '0 && !is_init &&
                          !is_release && !bad_op && warp_ok) ||
                        (ex_mask & ~tos_mask_o) == '0)

endmodule
