// Thread Block Compaction's block-wide reconvergence stack.
//
// Source: TBC (HPCA'11) sections 3.1-3.3 (Fig. 7-9: WCnt, incremental
// population of the targets as warps arrive in any order, compaction of each
// new top of stack), section 4 (likely-convergence points). Behaviour, cycle
// timing and error codes: docs/blocks/tbc_stack.md.
//
// Entries {pc, rpc, mask[B]} (+ {lpc, lpos}); wcnt is entry tos's only,
// kept as a thermometer code, and entry tos is copied into registers. `tos` is the entry whose
// warps execute; the entries above it are the two targets (and likely-
// convergence entry) of the branch its warps are arriving at. When the last
// pending warp arrives, the next entry *becomes TOS*: one settling cycle per
// entry (req_ready_o low) pops empty / finished entries, merges entries that
// start at their likely-convergence point, and finally counts the warps the
// compactor will make of the new TOS mask and hands the mask over
// (cmp_valid_o / cmp_ready_i). A branch whose reconvergence point is entry
// tos's own (a loop's back edge) writes its entries from index tos up, in
// T's place (T lives on in its copy until its last warp arrives), as the
// per-warp stack reuses its top entry: else every iteration of a loop would
// leave dead entries behind. When the branch's last warp arrives, a
// not-taken target with no thread or starting at rpc (a loop's exit) is
// dropped and the taken target takes its place.
//
// Example (TBC Example 1, B = 8, W = 4): INIT all 8 threads -> settle: wcnt
// 2, compact 0xff. Warp W1 arrives at the branch (taken = thread 1): push
// {B,D} {C,D}; W0 arrives: C = {1,6,7}, B = {2,3,4,5,8}, wcnt 0 -> settle C:
// wcnt 1, compact {1,6,7}; its warp ARRIVEs at D: pop -> settle B: wcnt 2
// ... -> the original entry, now at D, settles with all 8 threads.

`include "assert.svh"

module tbc_stack #(
  `include "tbc_stack_paramlist.svh"
) (
  `include "tbc_stack_portlist.svh"
);

  // ------------------------------------------------------------------------
  // Parameter checks
  // ------------------------------------------------------------------------
  `include "tbc_stack_checks.svh"

  localparam int unsigned B = BlockThreads;
  localparam int unsigned W = WarpWidth;
  localparam int unsigned S = NumStaticWarps;

  typedef logic [PcWidth-1:0]    pc_t;
  typedef logic [B-1:0]          mask_t;
  typedef logic [LposWidth-1:0]  lpos_t;
  typedef logic [DepthWidth-1:0] depth_t;
  typedef logic [WcntWidth-1:0]  wcnt_t;

  localparam pc_t PcNone = '1;
  localparam bit  Lcp    = LcpEnable != 0;

  // ------------------------------------------------------------------------
  // State
  // ------------------------------------------------------------------------
  // Entries: a register file, no reset; never read above sp.
  pc_t   pc_q   [Depth];
  pc_t   rpc_q  [Depth];
  pc_t   lpc_q  [Depth];
  lpos_t lpos_q [Depth];
  mask_t mask_q [Depth];

  depth_t sp_q;
  lpos_t  tos_q;
  logic   static_q, settling_q;
  logic   replaced_q;  // a pending branch's entries stand in T's place
  logic   nt_any_q;    // a thread of the pending branch went to its not-taken side
  logic   cmp_valid_q, cmp_static_q;
  mask_t  arrived_q;  // threads that arrived since entry tos was settled
  // Entry tos as registers (while not empty): copies of its fields, and its
  // warp count, held only here: every other entry's is 0 (a pushed entry's
  // starts at 0, and tos moves up only when its count reaches 0). The count
  // is a thermometer code, wth_q[k] = count > k: the settling cycle then
  // loads the lanes' "at least k + 1 threads" bits without encoding them,
  // an arrival shifts it, and the tests against 0 and 1 read two bits.
  pc_t    t_pc_q, t_rpc_q, t_lpc_q;
  lpos_t  t_lpos_q;
  logic [S-1:0] wth_q;
  mask_t  tmask_q;
  // The pending branch's tpc, fpc and rpc: entries top, top2 as pushed.
  pc_t    br_tpc_q, br_fpc_q, br_rpc_q;
  mask_t  cmp_mask_q;
  pc_t    cmp_pc_q;

  // ------------------------------------------------------------------------
  // Entry tos and the top two entries (the targets of a pending branch)
  // ------------------------------------------------------------------------
  logic   empty, pending;
  lpos_t  top, top2;
  pc_t    t_pc, t_rpc, t_lpc;
  lpos_t  t_lpos;
  wcnt_t  t_wcnt;     // the count in binary, for the observation port
  logic   wcnt_zero;  // t_wcnt == 0
  logic   wcnt_one;   // t_wcnt == 1: the last warp
  mask_t  t_mask;

  assign empty   = sp_q == '0;
  assign pending = !empty && 32'(sp_q) > 32'(tos_q) + 1;
  assign top     = empty ? '0 : LposWidth'(sp_q - 1'b1);
  assign top2    = (32'(sp_q) < 2) ? '0 : LposWidth'(32'(sp_q) - 2);
  // the copies: no read at tos_q on a request's or the settling path
  assign t_pc    = t_pc_q;
  assign t_rpc   = t_rpc_q;
  assign t_lpc   = t_lpc_q;
  assign t_lpos  = t_lpos_q;
  assign t_mask  = tmask_q;
  popcount #(.Width(S)) u_wcnt (.in_i(wth_q), .count_o(t_wcnt));
  assign wcnt_zero = !wth_q[0];
  if (S > 1) begin : gen_wcnt_one
    assign wcnt_one = wth_q[0] && !wth_q[1];
  end else begin : gen_wcnt_one_1
    assign wcnt_one = wth_q[0];
  end

  // ------------------------------------------------------------------------
  // The arriving warp's threads as block-wide masks
  // ------------------------------------------------------------------------
  // S copies of the lane outcomes (S >= 1 even for the illegal parameters
  // the checks above reject, so that the tools get to their messages).
  localparam int unsigned SRep = (S > 0) ? S : 1;
  logic [SRep*W-1:0] taken_rep;
  logic [B-1:0]      taken_all;
  assign taken_rep = {SRep{req_taken_i}};
  assign taken_all = taken_rep[B-1:0];

  mask_t arr_mask, arr_taken, arr_not_taken;
  logic  bad_lane;
  always_comb begin
    arr_mask = '0;
    bad_lane = 1'b0;
    for (int unsigned l = 0; l < W; l++) begin
      if (req_lane_valid_i[l]) begin
        if (32'(req_lane_sw_i[l*SwWidth +: SwWidth]) >= S) begin
          bad_lane = 1'b1;
        end else begin
          // thread s*W + l of static warp s = this lane's index
          arr_mask[32'(req_lane_sw_i[l*SwWidth +: SwWidth])*W + l] = 1'b1;
        end
      end
    end
    arr_taken     = arr_mask & taken_all;  // thread t is in lane t mod W
    arr_not_taken = arr_mask & ~taken_all;
  end

  // ------------------------------------------------------------------------
  // Decode and check the request
  // ------------------------------------------------------------------------
  logic is_init, is_branch, is_arrive;
  assign is_init   = req_op_i == tbc_stack_pkg::OpInit;
  assign is_branch = req_op_i == tbc_stack_pkg::OpBranch;
  assign is_arrive = req_op_i == tbc_stack_pkg::OpArrive;

  logic new_lcp, at_rpc, at_lpc, replace;
  logic [DepthWidth:0] n_push, base;
  assign new_lcp = Lcp && req_lpc_i != PcNone && req_lpc_i != req_rpc_i;
  assign n_push  = (DepthWidth+1)'(2) + (DepthWidth+1)'(new_lcp);
  // The first arrival's entries go from `base` up: above the stack, or in
  // T's place when the branch reconverges where T does.
  assign replace = req_rpc_i == t_rpc;
  assign base    = replace ? (DepthWidth+1)'(tos_q) : (DepthWidth+1)'(sp_q);
  // The not-taken target has work: a thread (this warp's or an earlier
  // one's: nt_any_q) and a PC that is not rpc.
  logic nt_work;
  assign nt_work = req_alt_pc_i != req_rpc_i &&
                   ((pending && nt_any_q) || (req_lane_valid_i & ~req_taken_i) != '0);
  assign at_rpc  = req_pc_i == t_rpc;
  assign at_lpc  = Lcp && !at_rpc && req_pc_i == t_lpc;

  // A thread may arrive while it is in entry tos and has not arrived: each
  // lane's S bits of that come from the state alone, and the request's
  // static warp ids only pick one per lane (a mux, then an OR over the
  // lanes; not the block-wide mask's AND and OR over B bits, which led
  // the request's check into the load of the copy of entry tos).
  localparam int unsigned SwNum = 1 << SwWidth;
  logic [W-1:0] lane_unfit;  // a valid lane whose thread may not arrive
  for (genvar l = 0; l < W; l++) begin : gen_lane_fit
    logic [SwNum-1:0] may;
    for (genvar s = 0; s < SwNum; s++) begin : gen_s
      if (s < S) begin : gen_thread
        assign may[s] = t_mask[s*W + l] && !arrived_q[s*W + l];
      end else begin : gen_none  // a bad warp id: BAD_WARP wins anyway
        assign may[s] = 1'b0;
      end
    end
    assign lane_unfit[l] = req_lane_valid_i[l] && !may[req_lane_sw_i[l*SwWidth +: SwWidth]];
  end

  logic [3:0] err;
  always_comb begin : p_check
    logic unfit, mismatch;
    unfit    = lane_unfit != '0;  // a thread not in entry tos, or arrived already
    mismatch   = req_pc_i != br_tpc_q || req_alt_pc_i != br_fpc_q ||
                 req_rpc_i != br_rpc_q;
    err = tbc_stack_pkg::ErrNone;
    if (req_op_i == tbc_stack_pkg::OpReserved) begin
      err = tbc_stack_pkg::ErrBadOp;
    end else if (!is_init && (req_lane_valid_i == '0 || bad_lane)) begin
      err = tbc_stack_pkg::ErrBadWarp;
    end else if ((is_init && req_pc_i == PcNone) || (is_arrive && req_pc_i == PcNone) ||
                 (is_branch && (req_pc_i == PcNone || req_alt_pc_i == PcNone ||
                                req_rpc_i == PcNone))) begin
      err = tbc_stack_pkg::ErrBadPc;
    end else if (is_init && req_mask_i == '0) begin
      err = tbc_stack_pkg::ErrBadMask;
    end else if (!is_init && empty) begin
      err = tbc_stack_pkg::ErrEmpty;
    end else if (!is_init && (unfit || wcnt_zero ||
                              (is_arrive && (pending || !(at_rpc || at_lpc))))) begin
      err = tbc_stack_pkg::ErrNotPending;
    end else if (is_branch && pending && mismatch) begin
      err = tbc_stack_pkg::ErrMismatch;
    end else if (is_branch && !pending && base + n_push > (DepthWidth+1)'(Depth)) begin
      err = tbc_stack_pkg::ErrOverflow;
    end
  end

  logic accept, apply;
  assign req_ready_o = !settling_q;
  assign accept      = req_valid_i && req_ready_o;
  assign apply       = accept && err == tbc_stack_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // Settling: what becoming TOS does to entry tos this cycle
  // ------------------------------------------------------------------------
  logic settle_pop, settle_merge, settle_done;
  assign settle_merge = Lcp && t_mask != '0 && t_pc != t_rpc && t_pc == t_lpc;
  assign settle_pop   = t_mask == '0 || t_pc == t_rpc || settle_merge;
  assign settle_done  = !settle_pop;

  // Warps the compactor will make of t_mask: the largest per-lane thread
  // count, or (static mode) the number of static warps with a thread. Each
  // count is a popcount cell; the maximum is taken as a thermometer code,
  // at_least[k] = some lane has k threads or more (a comparison with a
  // constant per lane, ORed over the lanes), which is the warp count's own
  // code: an OR over lanes, not log2(W) levels of comparators, and no
  // encoder (History of the mapping in docs/blocks/tbc_stack.md).
  wcnt_t lane_cnt [W];
  wcnt_t static_cnt;
  logic [S-1:0] warp_any;
  for (genvar l = 0; l < W; l++) begin : gen_lane_cnt
    logic [S-1:0] lane_bits;
    for (genvar s = 0; s < S; s++) begin : gen_bit
      assign lane_bits[s] = t_mask[s*W + l];
    end
    popcount #(.Width(S)) u_cnt (.in_i(lane_bits), .count_o(lane_cnt[l]));
  end
  for (genvar s = 0; s < S; s++) begin : gen_warp_any
    assign warp_any[s] = |t_mask[s*W +: W];
  end
  popcount #(.Width(S)) u_static_cnt (.in_i(warp_any), .count_o(static_cnt));

  logic [S-1:0] warp_count;  // thermometer: bit k = more than k warps
  always_comb begin : p_warp_count
    logic [S-1:0] at_least, static_th;  // bit k: k + 1 or more
    at_least = '0;
    for (int unsigned k = 0; k < S; k++) begin
      static_th[k] = 32'(static_cnt) > k;
      for (int unsigned l = 0; l < W; l++) begin
        at_least[k] = at_least[k] | (32'(lane_cnt[l]) > k);
      end
    end
    warp_count = static_q ? static_th : at_least;
  end

  // ------------------------------------------------------------------------
  // Next state
  // ------------------------------------------------------------------------
  depth_t sp_d;
  lpos_t  tos_d;
  logic   settling_d;
  // Per level: full write (INIT, push), mask OR (clear first when fresh),
  // pc write (T.pc := rpc). The bits ORed into a level come from
  // one of three shared buses, picked per level by a one-hot select:
  // taken threads of a branch (or_taken), not-taken threads (or_not_taken),
  // and or_other_bits: the INIT mask, an LPC merge at settling, or an LPC
  // arrival. (Selects rather than an array written at a run-time index:
  // the same logic, but Yosys elaborates it in seconds at 1024 threads.)
  logic [Depth-1:0] wr_full, wr_or, wr_clr, wr_pc;
  logic [Depth-1:0] or_taken, or_not_taken, or_other;
  mask_t  or_other_bits;
  pc_t    full_pc  [Depth];
  pc_t    full_lpc [Depth];
  lpos_t  full_lpos[Depth];
  logic [S-1:0] wth_d;
  pc_t    t_pc_d, t_rpc_d, t_lpc_d;
  lpos_t  t_lpos_d;
  mask_t  tmask_d;

  // The copies' next value is entry tos_d. tos moves only to 0 (INIT: the
  // request's), to tos - 1 (pop: that entry, with what an LPC merge or
  // arrival ORs into its mask this cycle) or to the taken target of a
  // branch's last warp (as pushed, now or by an earlier warp, with the
  // taken threads so far and this warp's); entry tos itself changes only
  // at INIT, by T.pc := rpc and in its count. The reads of entries below
  // and top are at registered pointers, off the request's path, and share
  // one read: a branch is pending (top) or entry tos may pop (below).
  lpos_t below, rd_idx;
  mask_t rd_mask, top_mask;
  assign below    = (tos_q == '0) ? '0 : LposWidth'(tos_q - 1'b1);
  assign rd_idx   = pending ? top : below;
  assign rd_mask  = mask_q[rd_idx];
  assign top_mask = pending ? rd_mask : '0;

  always_comb begin : p_next
    lpos_t hi_idx, t_idx, nt_idx;
    logic  pop;
    sp_d       = sp_q;
    tos_d      = tos_q;
    settling_d = settling_q;
    wr_full    = '0;
    wr_or      = '0;
    wr_clr     = '0;
    wr_pc      = '0;
    or_taken      = '0;
    or_not_taken  = '0;
    or_other      = '0;
    or_other_bits = arr_mask;
    wth_d      = wth_q;
    t_pc_d     = t_pc;
    t_rpc_d    = t_rpc;
    t_lpc_d    = t_lpc;
    t_lpos_d   = t_lpos;
    tmask_d    = tmask_q;
    pop        = 1'b0;
    hi_idx     = pending ? top : LposWidth'(32'(base) + 32'(n_push) - 1);
    t_idx      = hi_idx;
    nt_idx     = LposWidth'(hi_idx - 1'b1);
    for (int unsigned l = 0; l < Depth; l++) begin
      full_pc[l]   = req_pc_i;
      full_lpc[l]  = new_lcp ? req_lpc_i : t_lpc;
      full_lpos[l] = new_lcp ? LposWidth'(base) : t_lpos;
    end
    if (settling_q) begin
      wth_d = settle_pop ? '0 : warp_count;
      if (settle_pop) begin
        pop = 1'b1;
        if (settle_merge) begin
          wr_or[t_lpos]    = 1'b1;
          or_other[t_lpos] = 1'b1;
          or_other_bits    = t_mask;
        end
      end else begin
        settling_d = 1'b0;
      end
    end else if (apply) begin
      wth_d = is_init ? '0 : wth_q >> 1;
      if (is_init) begin
        wr_full[0]   = 1'b1;
        wr_clr[0]    = 1'b1;
        wr_or[0]     = 1'b1;
        or_other[0]   = 1'b1;
        or_other_bits = req_mask_i;
        tmask_d       = req_mask_i;
        t_pc_d        = req_pc_i;
        t_rpc_d       = req_rpc_i;
        t_lpc_d       = PcNone;
        t_lpos_d      = '0;
        full_lpc[0]  = PcNone;
        full_lpos[0] = '0;
        sp_d         = DepthWidth'(1);
        tos_d        = '0;
        settling_d   = 1'b1;
      end else if (is_branch) begin
        if (!pending) begin
          wr_pc[tos_q] = !replace;  // T.pc := rpc (in its copy only if replaced)
          t_pc_d       = req_rpc_i;
          for (int unsigned l = 0; l < Depth; l++) begin
            if (l >= 32'(base) && l <= 32'(hi_idx)) begin
              wr_full[l] = 1'b1;
              wr_clr[l]  = 1'b1;
              wr_or[l]   = 1'b1;
              if (new_lcp && l == 32'(base)) begin
                full_pc[l]   = req_lpc_i;
                full_lpc[l]  = t_lpc;
                full_lpos[l] = t_lpos;
              end else if (l == 32'(nt_idx)) begin
                full_pc[l] = req_alt_pc_i;
              end
            end
          end
          sp_d = DepthWidth'(32'(hi_idx) + 1);
        end
        wr_or[t_idx]    = 1'b1;
        wr_or[nt_idx]   = 1'b1;
        or_taken[t_idx]      = 1'b1;
        or_not_taken[nt_idx] = 1'b1;
        if (wcnt_one) begin
          tos_d      = t_idx;
          settling_d = 1'b1;
          tmask_d    = top_mask | arr_taken;
          if (pending) begin
            t_pc_d   = pc_q[rd_idx];
            t_rpc_d  = rpc_q[rd_idx];
            t_lpc_d  = lpc_q[rd_idx];
            t_lpos_d = lpos_q[rd_idx];
          end else begin
            t_pc_d   = req_pc_i;
            t_rpc_d  = req_rpc_i;
            t_lpc_d  = new_lcp ? req_lpc_i : t_lpc;
            t_lpos_d = new_lcp ? LposWidth'(base) : t_lpos;
          end
          if (!nt_work) begin
            // the not-taken target is dropped: the taken one, as the copy
            // now holds it, is written in its place
            tos_d            = nt_idx;
            sp_d             = DepthWidth'(t_idx);
            wr_full[t_idx]   = 1'b0;
            wr_or[t_idx]     = 1'b0;
            or_taken[t_idx]  = 1'b0;
            wr_full[nt_idx]  = 1'b1;
            wr_clr[nt_idx]   = 1'b1;
            wr_or[nt_idx]    = 1'b1;
            or_not_taken[nt_idx] = 1'b0;
            or_other[nt_idx] = 1'b1;
            or_other_bits    = tmask_d;
            full_pc[nt_idx]  = req_pc_i;
            full_lpc[nt_idx] = t_lpc_d;
            full_lpos[nt_idx] = t_lpos_d;
          end
        end
      end else if (is_arrive) begin
        if (at_lpc) begin
          wr_or[t_lpos]    = 1'b1;
          or_other[t_lpos] = 1'b1;
        end
        pop = wcnt_one;
      end
    end
    if (pop) begin
      sp_d     = DepthWidth'(tos_q);
      tmask_d  = rd_mask | ((wr_or[below] && or_other[below]) ? or_other_bits : '0);
      t_pc_d   = pc_q[rd_idx];
      t_rpc_d  = rpc_q[rd_idx];
      t_lpc_d  = lpc_q[rd_idx];
      t_lpos_d = lpos_q[rd_idx];
      if (tos_q == '0) begin
        settling_d = 1'b0;  // the bottom entry: the block has finished
      end else begin
        tos_d      = LposWidth'(tos_q - 1'b1);
        settling_d = 1'b1;
      end
    end
  end

  // Entry storage.
  always_ff @(posedge clk_i) begin : p_entries
    tmask_q  <= tmask_d;
    t_pc_q   <= t_pc_d;
    t_rpc_q  <= t_rpc_d;
    t_lpc_q  <= t_lpc_d;
    t_lpos_q <= t_lpos_d;
    wth_q    <= wth_d;
    if (apply && is_branch && !pending) begin
      br_tpc_q <= req_pc_i;
      br_fpc_q <= req_alt_pc_i;
      br_rpc_q <= req_rpc_i;
    end
    for (int unsigned l = 0; l < Depth; l++) begin
      if (wr_full[l]) begin
        pc_q[l]  <= full_pc[l];
        rpc_q[l] <= req_rpc_i;
      end else if (wr_pc[l]) begin
        pc_q[l]  <= req_rpc_i;
      end
      if (wr_or[l]) begin
        mask_q[l] <= (wr_clr[l] ? '0 : mask_q[l]) |
                     (or_taken[l]     ? arr_taken     : '0) |
                     (or_not_taken[l] ? arr_not_taken : '0) |
                     (or_other[l]     ? or_other_bits : '0);
      end
    end
  end

  if (Lcp) begin : gen_lcp
    always_ff @(posedge clk_i) begin : p_lcp_entries
      for (int unsigned l = 0; l < Depth; l++) begin
        if (wr_full[l]) begin
          lpc_q[l]  <= full_lpc[l];
          lpos_q[l] <= full_lpos[l];
        end
      end
    end
  end else begin : gen_no_lcp
    for (genvar l = 0; l < Depth; l++) begin : gen_l
      assign lpc_q[l]  = PcNone;
      assign lpos_q[l] = '0;
    end
    logic [Depth-1:0] unused_lcp_data;
    for (genvar l = 0; l < Depth; l++) begin : gen_unused
      assign unused_lcp_data[l] = ^{full_lpc[l], full_lpos[l]};
    end
  end

  // Control state and the compaction request.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sp_q         <= '0;
      tos_q        <= '0;
      static_q     <= 1'b0;
      settling_q   <= 1'b0;
      replaced_q   <= 1'b0;
      nt_any_q     <= 1'b0;
      cmp_valid_q  <= 1'b0;
      cmp_static_q <= 1'b0;
      cmp_mask_q   <= '0;
      cmp_pc_q     <= '0;
      arrived_q    <= '0;
    end else begin
      sp_q       <= sp_d;
      tos_q      <= tos_d;
      settling_q <= settling_d;
      if (tos_d != tos_q || (apply && is_init)) begin
        replaced_q <= 1'b0;
      end else if (apply && is_branch && !pending) begin
        replaced_q <= replace;
      end
      if (apply && is_branch) begin
        nt_any_q <= (pending && nt_any_q) || (req_lane_valid_i & ~req_taken_i) != '0;
      end
      if (apply && is_init) begin
        static_q <= req_static_i;
      end
      if (settling_q && settle_done) begin
        cmp_valid_q  <= 1'b1;
        cmp_mask_q   <= t_mask;
        cmp_static_q <= static_q;
        cmp_pc_q     <= t_pc;
      end else if ((cmp_valid_q && cmp_ready_i) || (apply && is_init)) begin
        // taken, or withdrawn: a new block replaces the one it was for
        cmp_valid_q  <= 1'b0;
        cmp_mask_q   <= '0;
        cmp_static_q <= 1'b0;
        cmp_pc_q     <= '0;
      end
      if ((settling_q && settle_done) || (apply && is_init)) begin
        arrived_q <= '0;
      end else if (apply) begin
        arrived_q <= arrived_q | arr_mask;
      end
    end
  end

  // The response to a request taken.
  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(4)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (accept),
    .err_i   (err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  assign cmp_valid_o  = cmp_valid_q;
  assign cmp_mask_o   = cmp_mask_q;
  assign cmp_static_o = cmp_static_q;
  assign cmp_pc_o     = cmp_pc_q;

  // ------------------------------------------------------------------------
  // Observation of entry tos
  // ------------------------------------------------------------------------
  assign tos_valid_o = !empty;
  assign tos_pc_o    = empty ? '0 : t_pc;
  assign tos_rpc_o   = empty ? '0 : t_rpc;
  assign tos_lpc_o   = empty ? '0 : t_lpc;
  assign tos_wcnt_o  = empty ? '0 : t_wcnt;
  assign tos_mask_o  = empty ? '0 : t_mask;
  assign tos_lpos_o  = empty ? '0 : t_lpos;
  assign tos_idx_o   = tos_q;
  assign depth_o     = sp_q;

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(tbc_stack_pkg::ErrNone) == 0)
  `ASSERT(SpBound_A, 32'(sp_q) <= Depth)
  `ASSERT(TosBelowSp_A, empty || 32'(tos_q) < 32'(sp_q))
  `ASSERT_NEVER(SettlingEmpty_A, settling_q && empty)
  `ASSERT(TosCopy_A, empty || replaced_q || (tmask_q == mask_q[tos_q] && t_pc_q == pc_q[tos_q] &&
                               t_rpc_q == rpc_q[tos_q] && t_lpc_q == lpc_q[tos_q] &&
                               t_lpos_q == lpos_q[tos_q]))
  // The warp count is a thermometer code: no 1 above a 0.
  `ASSERT(WcntThermometer_A, empty || (wth_q & (wth_q + 1'b1)) == '0)
  `ASSERT_NEVER(PopPending_A, settling_q && pending)
  `ASSERT(BranchCopy_A, !pending || (br_tpc_q == pc_q[top] && br_fpc_q == pc_q[top2] &&
                                     br_rpc_q == rpc_q[top]))
  // The reserved PC is rejected (BAD_PC) and never reaches an entry tos.
  `ASSERT_NEVER(TosPcNone_A, tos_valid_o && tos_pc_o == PcNone)
  `ASSERT_NEVER(CmpPcNone_A, cmp_valid_o && cmp_pc_o == PcNone)

endmodule
