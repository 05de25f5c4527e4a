// Robust SIMD: the warp-slice table, with a reconvergence stack per slice.
//
// Source: Robust SIMD (IPDPS'12) section IV-A and Figure 4 (warp-slices of
// neighbouring lanes, one width for all; merge by OR and divide again at an
// interval's end, when every thread is at one PC with an empty stack; depth
// slices active, the others dormant until an active one finishes or waits;
// a stack per slice, so slices branch independently), section IV-B (the
// table's entries). Behaviour, timing and errors:
// docs/blocks/warp_slice_table.md.
//
// Example (NumWarps = 1, WarpWidth = 8, Figure 4): LAUNCH width 4, depth 2:
// entries 0 (lanes 0x0F) and 1 (0xF0), both ACTIVE; their stacks are
// written in the next 2 cycles. Entry 1 branches (its stack pushes) while
// entry 0 advances: two PCs, two tops of stack, no waiting.
//
// The stacks are recon_stack's, one context per entry; a slice's branch or
// advance is the stack's own operation, judged by the stack in the same
// cycle (its req_err_o, req_fin_o), so the table applies the outcome at the
// same edge.

`include "assert.svh"

module warp_slice_table #(
  `include "warp_slice_table_paramlist.svh"
) (
  `include "warp_slice_table_portlist.svh"
);

  `include "warp_slice_table_checks.svh"

  // (a NumWarps or MaxSlices of 0 is reported by the checks above, not by a
  // division by 0 or an empty array below)
  localparam int unsigned N  = NumWarps > 0 ? NumWarps : 1;
  localparam int unsigned W  = WarpWidth;
  localparam int unsigned MS = MaxSlices > 0 ? MaxSlices : 1;
  localparam int unsigned EW = EntryIdWidth;
  localparam int unsigned CW = CountWidth;
  localparam int unsigned NK = (MS - 1) / N + 1;  // slice positions in the table per warp
  // The ranks (below) count in groups of G entries.
  localparam int unsigned GB  = 4;
  localparam int unsigned G   = 1 << GB;
  localparam int unsigned NG  = (MS - 1) / G + 1;
  localparam int unsigned GCW = $clog2(G + 1);

  typedef logic [W-1:0]       mask_t;
  typedef logic [2:0]         status_t;  // warp_slice_table_pkg::status_e
  typedef logic [PcWidth-1:0] pc_t;

  localparam pc_t PcNone = '1;
  localparam logic [EW-1:0] Before0 = EW'(MS - 1);  // the pointer before entry 0

  // ------------------------------------------------------------------------
  // State
  // ------------------------------------------------------------------------
  status_t          status_q [MS];
  mask_t            lanes_q  [MS];
  logic [WidthWidth-1:0] width_q;
  logic [CW-1:0]    depth_q;
  logic [EW-1:0]    last_q;             // the round-robin pointer
  logic             busy_q;             // the stacks are being written
  // the first of those cycles: the division's depth is applied (below)
  logic             depth_pend_q;
  // !busy_q again, selecting the stack's context, operation and valid
  // alone, and busy_q with a slice to write (init_live_q), selecting the
  // stack's PC, rpc and mask (without a slice to write the stack is not
  // asked: they do not matter). busy_q's fan-out, and its buffers, would
  // come before the stack's whole judgement. init_drive_q holds one copy
  // for each of the three selects (see gen_init_drive).
  logic             idle_q;
  localparam int unsigned DrivePc = 0, DriveRpc = 1, DriveMask = 2, NDrive = 3;
  logic [NDrive-1:0] init_drive_q;
  logic             init_drive_d;
  logic [EW-1:0]    seq_q, seq_last_q;  // the entry written now, the last one
  pc_t              init_pc_q, init_rpc_q;
  // seq_q's lanes and whether it has any, registered a cycle ahead: a
  // read of lanes_q by seq_q would come before the stack's whole judgement
  mask_t            init_mask_q;
  logic             init_live_q;
  // The slices the ranks count (the live ones while the depth is applied,
  // else the waiting ones) in each group of G entries, but after a release
  // (released_q: none waits then, see grp_now)
  logic [GCW-1:0]   grp_cnt_q [NG];
  // The live slices (slices_o) but in the first cycle after a division,
  // counted as they change: that cycle's count is the sum of the group
  // counts (all live slices are ACTIVE then, see grp_cnt_q), which stays
  // here; a slice finishing takes one (no other change makes a slice live
  // or not). A count of the statuses would be a population count of the
  // table before a user's judgement of slices_o (SliceCount_A); the sum at
  // the division's edge would follow the division's own counts.
  logic [CW-1:0]    n_slices_q;
  logic             fin_q, resume_valid_q, released_q;
  logic [EW-1:0]    resume_q;

  logic [MS-1:0] is_free, is_active, is_dormant, is_waiting, is_done, is_merging;
  for (genvar e = 0; e < MS; e++) begin : gen_status
    assign is_free[e]    = status_q[e] == warp_slice_table_pkg::StatusFree;
    assign is_active[e]  = status_q[e] == warp_slice_table_pkg::StatusActive;
    assign is_dormant[e] = status_q[e] == warp_slice_table_pkg::StatusDormant;
    assign is_waiting[e] = status_q[e] == warp_slice_table_pkg::StatusWaiting;
    assign is_done[e]    = status_q[e] == warp_slice_table_pkg::StatusDone;
    // the slices whose threads a RECONF merges (not done, not free)
    assign is_merging[e] = status_q[e] == warp_slice_table_pkg::StatusArrived || is_dormant[e];
  end

  // For every e, the sum of the values before e within e's segment of seg
  // (an exclusive prefix sum): log2(seg) levels of adders (level d adds the
  // sum d places below), not a chain as long as the segment.
  function automatic logic [MS*CW-1:0] prefix(logic [MS*CW-1:0] val, int unsigned seg);
    logic [CW-1:0] sum [MS];  // the values at or below e in its segment
    for (int unsigned e = 0; e < MS; e++) begin
      sum[e] = val[e*CW +: CW];
    end
    for (int unsigned d = 1; d < seg; d = d * 2) begin
      // downwards, so that sum[e - d] is still the previous level's
      for (int unsigned e = MS - 1; e >= d; e--) begin
        if (e % seg >= d) begin
          sum[e] = sum[e] + sum[e - d];
        end
      end
    end
    prefix = '0;
    for (int unsigned e = 1; e < MS; e++) begin
      if (e % seg != 0) begin
        prefix[e*CW +: CW] = sum[e - 1];
      end
    end
  endfunction

  // a bit per entry as prefix's values
  function automatic logic [MS*CW-1:0] bits(logic [MS-1:0] v);
    bits = '0;
    for (int unsigned e = 0; e < MS; e++) begin
      bits[e*CW] = v[e];
    end
  endfunction

  // ------------------------------------------------------------------------
  // The request
  // ------------------------------------------------------------------------
  logic [2:0] op;
  logic       is_launch, is_reconf, is_divide, is_branch, is_advance, is_arrive, is_barrier;
  logic       is_slice_op, is_stack_op, e_ok;
  logic [EW-1:0] e;
  assign op          = req_op_i;
  assign e           = req_entry_i;
  assign e_ok        = 32'(e) < MS;
  assign is_launch   = op == warp_slice_table_pkg::OpLaunch;
  assign is_reconf   = op == warp_slice_table_pkg::OpReconf;
  assign is_branch   = op == warp_slice_table_pkg::OpBranch;
  assign is_advance  = op == warp_slice_table_pkg::OpAdvance;
  assign is_arrive   = op == warp_slice_table_pkg::OpArrive;
  assign is_barrier  = op == warp_slice_table_pkg::OpBarrier;
  assign is_divide   = is_launch || is_reconf;
  assign is_stack_op = is_branch || is_advance;
  assign is_slice_op = is_stack_op || is_arrive || is_barrier;

  status_t st_e;
  assign st_e = e_ok ? status_q[e] : warp_slice_table_pkg::StatusFree;

  // ------------------------------------------------------------------------
  // The division (LAUNCH, RECONF): entry e is warp e mod N's slice e div N
  // ------------------------------------------------------------------------
  mask_t threads [N];  // each warp's threads taking part
  always_comb begin : p_threads
    for (int unsigned w = 0; w < N; w++) begin
      threads[w] = is_launch ? '1 : '0;
    end
    for (int unsigned x = 0; x < MS; x++) begin
      if (!is_launch && is_merging[x]) begin
        threads[x % N] = threads[x % N] | lanes_q[x];
      end
    end
  end

  // The geometry of every width is fixed: at width w, lane l is in slice
  // position l / w (lanes k * w up to (k + 1) * w, or W, in position k),
  // and a warp has (W - 1) / w + 1 positions. A one-hot decode of
  // req_width_i picks it from constants (AND-OR), where a product and a
  // shift would put a chain of adders before the statuses.
  // (the legal widths only: BAD_WIDTH wins over what the others give)
  function automatic logic [W:0] widths_placing(int unsigned k, int unsigned l);
    widths_placing = '0;
    for (int unsigned w = MinWidth; w <= W; w++) begin
      widths_placing[w] = l / w == k;
    end
  endfunction
  // the widths whose count of positions in the table (N per position; at
  // most MS for a legal width) has bit b set
  function automatic logic [W:0] widths_counting(int unsigned b);
    widths_counting = '0;
    for (int unsigned w = MinWidth; w <= W; w++) begin
      widths_counting[w] = 1'((N * ((W - 1) / w + 1)) >> b);
    end
  endfunction

  localparam int unsigned LW = $clog2(W);

  logic [W:0]    width_oh;          // bit w: req_width_i is w
  mask_t         slot_lanes [NK];   // position k's lanes at req_width_i
  logic [CW-1:0] n_placed;          // the positions in the table
  mask_t         new_lanes [MS];
  logic [MS-1:0] live;              // a slice with threads
  logic [NK*(W+1)-1:0] any_at [N];  // each warp's threads in each position (below)
  for (genvar w = 0; w <= W; w++) begin : gen_width_oh
    assign width_oh[w] = 32'(req_width_i) == w;
  end
  for (genvar k = 0; k < NK; k++) begin : gen_slot
    for (genvar l = 0; l < W; l++) begin : gen_lane
      assign slot_lanes[k][l] = |(width_oh & widths_placing(k, l));
    end
  end
  for (genvar b = 0; b < CW; b++) begin : gen_n_placed
    assign n_placed[b] = |(width_oh & widths_counting(b));
  end
  // Whether position k holds a thread of warp w at each legal width (bit
  // k * (W + 1) + width), from the threads alone: the OR of a position's
  // lanes is that of two overlapping blocks of a power of two (blk, bit l:
  // lanes l up to l + 2^j). The decode of req_width_i then only picks
  // (live), where it would come before the lanes' AND and their OR.
  mask_t blk [N][LW+1];
  always_comb begin : p_blk
    for (int unsigned w = 0; w < N; w++) begin
      blk[w][0] = threads[w];
      for (int unsigned j = 1; j <= LW; j++) begin
        blk[w][j] = blk[w][j-1] | (blk[w][j-1] >> (1 << (j - 1)));
      end
    end
  end
  for (genvar k = 0; k < NK; k++) begin : gen_pos
    for (genvar wd = 0; wd <= W; wd++) begin : gen_width
      // position k's first lane and the lane after its last at width wd
      localparam int unsigned First = k * wd;
      localparam int unsigned End   = (k + 1) * wd < W ? (k + 1) * wd : W;
      if (wd >= MinWidth && First < W) begin : gen_range
        // the blocks' level: the largest j with 2^j no more than the lanes
        localparam int unsigned J = $clog2(End - First + 1) - 1;
        for (genvar w = 0; w < N; w++) begin : gen_warp
          assign any_at[w][k*(W+1) + wd] = blk[w][J][First] | blk[w][J][End - (1 << J)];
        end
      end else begin : gen_none
        for (genvar w = 0; w < N; w++) begin : gen_warp
          assign any_at[w][k*(W+1) + wd] = 1'b0;
        end
      end
    end
  end
  for (genvar x = 0; x < MS; x++) begin : gen_divide
    assign new_lanes[x] = threads[x % N] & slot_lanes[x / N];
    assign live[x]      = |(width_oh & any_at[x % N][(x / N)*(W+1) +: W+1]);
  end

  // The division's edge writes every live slice ACTIVE and every other
  // entry FREE; the next edge, the first of the stack writes (depth_pend_q),
  // makes DORMANT the live slices past the first req_depth_i. Counting the
  // live slices before each (a prefix sum over the table) after the lanes'
  // OR would be one path too long for the cycle; the read port and
  // active_o show the statuses the depth gives in that cycle too (below), so
  // nothing changes at the ports. The live slices of each group of G are
  // counted here, for the ranks of that cycle.
  logic [GCW-1:0] live_cnt [NG];
  for (genvar g = 0; g < NG; g++) begin : gen_live_cnt
    localparam int unsigned GW = (MS - g * G < G) ? MS - g * G : G;
    logic [$clog2(GW + 1)-1:0] cnt;
    popcount #(.Width(GW)) u_cnt (.in_i(live[g * G +: GW]), .count_o(cnt));
    assign live_cnt[g] = GCW'(cnt);
  end

  // ------------------------------------------------------------------------
  // The stack: one context per entry; its read port follows req_entry_i
  // ------------------------------------------------------------------------
  logic        stk_valid;
  logic [1:0]  stk_op;
  logic [EW-1:0] stk_ctx;
  pc_t         stk_pc, stk_rpc;
  mask_t       stk_mask;
  logic [2:0]  stk_err;
  logic        stk_fin, stk_rd_valid;
  pc_t         stk_rd_pc, stk_rd_rpc;
  mask_t       stk_rd_mask;
  logic [WidthWidth-1:0] stk_rd_count;
  logic [TosWidth-1:0] stk_rd_tos;

  // ------------------------------------------------------------------------
  // Judging the request (the lowest code wins)
  // ------------------------------------------------------------------------
  logic [3:0] own_err, err;
  always_comb begin : p_judge
    own_err = warp_slice_table_pkg::ErrNone;
    if (op > warp_slice_table_pkg::OpBarrier) begin
      own_err = warp_slice_table_pkg::ErrBadOp;
    end else if (busy_q) begin
      own_err = warp_slice_table_pkg::ErrBusy;
    end else if (is_slice_op) begin
      if (st_e == warp_slice_table_pkg::StatusFree) begin
        own_err = warp_slice_table_pkg::ErrBadEntry;
      end else if (st_e != warp_slice_table_pkg::StatusActive) begin
        own_err = warp_slice_table_pkg::ErrNotActive;
      end else if (is_arrive && 32'(stk_rd_tos) != 1) begin
        own_err = warp_slice_table_pkg::ErrNotRoot;
      end
    end else begin  // LAUNCH, RECONF
      if (is_active != '0 || is_waiting != '0) begin
        own_err = warp_slice_table_pkg::ErrNotArrived;
      end else if (32'(req_width_i) < MinWidth || 32'(req_width_i) > W) begin
        own_err = warp_slice_table_pkg::ErrBadWidth;
      end else if (req_depth_i == '0 || req_depth_i > n_placed) begin
        own_err = warp_slice_table_pkg::ErrBadDepth;
      end else if (req_pc_i == PcNone) begin
        own_err = warp_slice_table_pkg::ErrBadPc;
      end
    end
  end

  // a slice's branch or advance the table passes is judged by its stack.
  // An advance of an active slice (its stack is never empty) is refused
  // only for a PC of none, so it is judged from req_pc_i, off the stack's
  // path (AdvanceVerdict_A); a branch may also overflow.
  // pre_err: the verdict but for a branch's stack (req_own_err_o), final
  // for every other operation.
  logic [3:0] pre_err;
  always_comb begin : p_judge_stack
    pre_err = own_err;
    if (own_err == warp_slice_table_pkg::ErrNone && is_advance && req_pc_i == PcNone) begin
      pre_err = warp_slice_table_pkg::ErrBadPc;
    end
    err = pre_err;
    if (own_err == warp_slice_table_pkg::ErrNone && is_branch) begin
      if (stk_err == recon_stack_pkg::ErrBadPc) begin
        err = warp_slice_table_pkg::ErrBadPc;
      end else if (stk_err == recon_stack_pkg::ErrOverflow) begin
        err = warp_slice_table_pkg::ErrOverflow;
      end
    end
  end

  // own_ok: the table's own checks pass, the stack not asked; ok: the
  // request is taken. Only a slice's branch or advance has the stack's
  // verdict: everything else is told by own_ok, so that it does not wait
  // for the stack.
  logic own_ok, ok;
  assign own_ok = req_valid_i && own_err == warp_slice_table_pkg::ErrNone;
  assign ok     = req_valid_i && err == warp_slice_table_pkg::ErrNone;
  assign req_err_o = req_valid_i ? err : warp_slice_table_pkg::ErrNone;
  assign req_own_err_o = req_valid_i ? pre_err : warp_slice_table_pkg::ErrNone;

  // the stack's request: the writes after a division, else a slice's op
  always_comb begin : p_stack_req
    stk_valid = 1'b0;
    stk_op    = recon_stack_pkg::OpInit;
    stk_ctx   = seq_q;
    if (!idle_q) begin
      stk_valid = init_live_q;  // (while busy, exactly the entries with lanes)
    end else begin
      stk_ctx = e;
      if (req_valid_i && is_stack_op && st_e == warp_slice_table_pkg::StatusActive) begin
        // (own_err is NONE for a branch or advance exactly then)
        stk_valid = 1'b1;
        stk_op    = is_branch ? recon_stack_pkg::OpBranch : recon_stack_pkg::OpAdvance;
      end
    end
  end
  assign stk_pc   = init_drive_q[DrivePc]   ? init_pc_q   : req_pc_i;
  assign stk_rpc  = init_drive_q[DriveRpc]  ? init_rpc_q  : req_rpc_i;
  assign stk_mask = init_drive_q[DriveMask] ? init_mask_q : req_mask_i;

  // ------------------------------------------------------------------------
  // Next statuses: the operation, a dormant slice resumed, a barrier released
  // ------------------------------------------------------------------------
  // Everything but e's DONE is known before the stack's verdict: the
  // waiting set, whether a barrier is released and the release's ranks
  // come from own_ok and the statuses, and the stack's req_fin_o only
  // picks e's new status at the end.
  logic    done_e;    // e reached its exit (the stack finished it: its op was taken)
  logic    stop_e;    // e waits at a barrier or arrives
  logic    ev_slice;  // e leaves ACTIVE (DONE, WAITING, ARRIVED): a dormant resumes
  status_t st_ev;     // e's new status
  assign done_e   = stk_fin;  // (an INIT never finishes: DoneNotTaken_A)
  // stop_e is own_ok for a barrier or an arrival (StopOk_A), from the checks
  // that apply to them alone: own_ok also waits for a division's (the
  // width and the depth), and stop_e picks every status's next value.
  logic bar_ok;  // e waits at a barrier
  assign bar_ok   = req_valid_i && !busy_q && is_barrier &&
                    st_e == warp_slice_table_pkg::StatusActive;
  assign stop_e   = bar_ok || (req_valid_i && !busy_q && is_arrive &&
                               st_e == warp_slice_table_pkg::StatusActive && 32'(stk_rd_tos) == 1);
  assign ev_slice = done_e || stop_e;
  // (only a branch or advance is DONE: st_ev need not wait for done_e)
  assign st_ev = is_stack_op ? warp_slice_table_pkg::StatusDone :
                 is_barrier  ? warp_slice_table_pkg::StatusWaiting :
                               warp_slice_table_pkg::StatusArrived;

  logic [MS-1:0] e_oh, dormant_oh, wait_n;
  logic          resume, rel_if, rel;
  logic [EW-1:0] resume_idx;
  assign e_oh = MS'(1) << e;

  prio_enc #(.Width(MS)) u_resume (
    .in_i    (is_dormant),
    .valid_o (resume),
    .idx_o   (resume_idx),
    .onehot_o(dormant_oh)
  );

  // A barrier is released when e leaves ACTIVE and no other slice is left
  // active or dormant (a dormant one would resume) while some wait.
  assign wait_n = is_waiting | (bar_ok ? e_oh : '0);
  assign rel_if = (is_active & ~e_oh) == '0 && is_dormant == '0 && wait_n != '0;
  assign rel    = ev_slice && rel_if;

  // The release's ranks, from the state alone: x's rank among the waiting
  // slices before this request, and whether it is within the depth as it
  // is and one higher, the second for a slice above e when e joins them at
  // this barrier (own_ok picks, not the ranks' input). In the first cycle
  // of the writes after a division, when no slice waits, the same ranks
  // count the live slices (all ACTIVE then) for the depth.
  //
  // A rank is the slices counted in the groups of G entries before x's,
  // from grp_cnt_q (a prefix sum over NG registers), plus those before x in
  // its group (a prefix sum over G statuses): the two sums run side by
  // side, not one after the other over the whole table. The depth less the
  // first is each group's room; x is within the depth when its rank in its
  // group is below that.
  logic [MS-1:0]    ranked;      // the slices counted
  logic [MS*CW-1:0] in_grp;      // x's rank in its group
  logic [MS*CW-1:0] grp_cnt;     // grp_cnt_q as prefix's values
  logic [MS*CW-1:0] grp_before;  // group g's: the slices counted before it
  logic [NG*CW-1:0] room;
  logic [MS-1:0]    rank_in, rank1_in;  // rank < depth; rank + 1 < depth
  assign ranked = depth_pend_q ? is_active : is_waiting;
  assign in_grp = prefix(bits(ranked), G);
  // The counts now: a release at the last edge left none waiting. (The
  // registers are cleared at the edge after: clearing them at the release's
  // own edge would wait for the stack's verdict, which decides it.)
  logic [GCW-1:0] grp_now [NG];
  always_comb begin : p_grp_cnt
    grp_cnt = '0;
    for (int unsigned g = 0; g < NG; g++) begin
      grp_now[g]          = released_q ? '0 : grp_cnt_q[g];
      grp_cnt[g*CW +: CW] = CW'(grp_now[g]);
    end
  end
  assign grp_before = prefix(grp_cnt, NG);
  // the live slices in the depth's cycle (slices_o then; all are ranked)
  logic [CW-1:0] grp_sum;
  always_comb begin : p_grp_sum
    grp_sum = '0;
    for (int unsigned g = 0; g < NG; g++) begin
      grp_sum = grp_sum + CW'(grp_cnt_q[g]);
    end
  end
  if (NG < MS) begin : gen_unused_grp
    logic unused_grp;  // (prefix's places past the groups)
    assign unused_grp = ^grp_before[MS*CW-1:NG*CW];
  end
  for (genvar g = 0; g < NG; g++) begin : gen_room
    logic [CW-1:0] prior;
    assign prior = grp_before[g*CW +: CW];
    assign room[g*CW +: CW] = depth_q > prior ? depth_q - prior : '0;
  end
  for (genvar x = 0; x < MS; x++) begin : gen_rank_in
    logic [CW-1:0] r, rm;
    assign r           = in_grp[x*CW +: CW];
    assign rm          = room[(x >> GB)*CW +: CW];
    assign rank_in[x]  = r < rm;
    assign rank1_in[x] = (CW+1)'(r) + 1'b1 < (CW+1)'(rm);
  end

  // Each entry's status if e leaves ACTIVE (ev_slice), found before the
  // stack's verdict: ev_slice picks it at the edge.
  status_t st_left [MS];
  always_comb begin : p_st_left
    for (int unsigned x = 0; x < MS; x++) begin
      st_left[x] = status_q[x];
      if (rel_if && wait_n[x]) begin
        st_left[x] = ((bar_ok && 32'(e) < x) ? rank1_in[x] : rank_in[x]) ?
                     warp_slice_table_pkg::StatusActive : warp_slice_table_pkg::StatusDormant;
      end else if (e_oh[x]) begin
        st_left[x] = st_ev;
      end else if (resume && dormant_oh[x]) begin
        st_left[x] = warp_slice_table_pkg::StatusActive;
      end
    end
  end

  // The depth applied: a live slice past the first depth_q is DORMANT
  logic [MS-1:0] past_depth;
  assign past_depth = depth_pend_q ? is_active & ~rank_in : '0;

  logic [EW-1:0] seq_n;  // the entry the stacks write next
  assign seq_n = seq_q + 1'b1;

  // The selects' register, once per select: each copy drives a third of the
  // selects, so fewer buffers come before the stack's PC comparisons, which
  // start its judgement. (* keep *): synthesis would merge the copies.
  always_comb begin : p_init_drive
    init_drive_d = 1'b0;
    if (busy_q) begin
      init_drive_d = seq_q != seq_last_q && !is_free[seq_n];
    end else if (own_ok && is_divide) begin
      init_drive_d = live[0];
    end
  end
  for (genvar i = 0; i < NDrive; i++) begin : gen_init_drive
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_copy
      if (!rst_ni) begin
        init_drive_q[i] <= 1'b0;
      end else begin
        init_drive_q[i] <= init_drive_d;
      end
    end
  end

  // ------------------------------------------------------------------------
  // The edge
  // ------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_state
    if (!rst_ni) begin
      for (int unsigned x = 0; x < MS; x++) begin
        status_q[x] <= warp_slice_table_pkg::StatusFree;
        lanes_q[x]  <= '0;
      end
      width_q        <= '0;
      depth_q        <= '0;
      last_q         <= Before0;
      busy_q         <= 1'b0;
      depth_pend_q   <= 1'b0;
      idle_q         <= 1'b1;
      seq_q          <= '0;
      seq_last_q     <= '0;
      init_pc_q      <= '0;
      init_rpc_q     <= '0;
      init_mask_q    <= '0;
      init_live_q    <= 1'b0;
      for (int unsigned g = 0; g < NG; g++) begin
        grp_cnt_q[g] <= '0;
      end
      fin_q          <= 1'b0;
      n_slices_q     <= '0;
      resume_valid_q <= 1'b0;
      resume_q       <= '0;
      released_q     <= 1'b0;
    end else begin
      fin_q          <= done_e;
      resume_valid_q <= ev_slice && resume;
      resume_q       <= (ev_slice && resume) ? resume_idx : '0;
      released_q     <= rel;
      depth_pend_q   <= 1'b0;
      if (busy_q) begin
        seq_q       <= seq_n;
        busy_q      <= seq_q != seq_last_q;
        idle_q      <= seq_q == seq_last_q;
        init_mask_q <= lanes_q[seq_n];
        init_live_q <= !is_free[seq_n];
      end
      if (own_ok && is_divide) begin
        for (int unsigned x = 0; x < MS; x++) begin
          lanes_q[x]  <= new_lanes[x];
          status_q[x] <= live[x] ? warp_slice_table_pkg::StatusActive :
                                   warp_slice_table_pkg::StatusFree;
        end
        width_q      <= req_width_i;
        depth_q      <= req_depth_i;
        last_q       <= Before0;
        busy_q       <= 1'b1;
        depth_pend_q <= 1'b1;
        idle_q       <= 1'b0;
        seq_q        <= '0;
        seq_last_q   <= EW'(n_placed - 1'b1);
        init_pc_q    <= req_pc_i;
        init_rpc_q   <= req_rpc_i;
        init_mask_q  <= new_lanes[0];
        init_live_q  <= live[0];
        for (int unsigned g = 0; g < NG; g++) begin
          grp_cnt_q[g] <= live_cnt[g];
        end
      end else begin
        if (ok) begin
          last_q <= e;
        end
        if (ev_slice) begin
          for (int unsigned x = 0; x < MS; x++) begin
            status_q[x] <= st_left[x];
          end
        end
        if (depth_pend_q) begin
          n_slices_q <= grp_sum;
        end else if (done_e) begin
          n_slices_q <= n_slices_q - 1'b1;
        end
        // (while busy no request is taken: ev_slice is low)
        for (int unsigned x = 0; x < MS; x++) begin
          if (past_depth[x]) begin
            status_q[x] <= warp_slice_table_pkg::StatusDormant;
          end
        end
        // the counts follow: none waits after the depth; a barrier adds e
        for (int unsigned g = 0; g < NG; g++) begin
          grp_cnt_q[g] <= depth_pend_q ? '0 :
                          grp_now[g] + GCW'(bar_ok && 32'(e) >> GB == g);
        end
      end
    end
  end

  // the table answers its requests itself; the stack's own responses and
  // likely-convergence fields have no use here
  logic       unused_stk_rsp_valid;
  logic [2:0] unused_stk_rsp_err;
  logic [7:0] unused_stk_sticky;
  pc_t        unused_stk_lpc;
  logic [$clog2(Depth)-1:0] unused_stk_lpos;
  logic       unused_stk;
  recon_stack #(
    .NumWarps(MS), .WarpWidth(W), .PcWidth(PcWidth), .Depth(Depth), .LcpEnable(0),
    .CountEnable(1)
  ) u_stack (
    .clk_i, .rst_ni,
    .req_valid_i  (stk_valid),
    .req_op_i     (stk_op),
    .req_warp_i   (stk_ctx),
    .req_pc_i     (stk_pc),
    .req_alt_pc_i (req_alt_pc_i),
    .req_rpc_i    (stk_rpc),
    .req_lpc_i    (PcNone),
    .req_mask_i   (stk_mask),
    .rd_warp_i    (e),
    .rsp_valid_o  (unused_stk_rsp_valid),
    .rsp_err_o    (unused_stk_rsp_err),
    .err_sticky_o (unused_stk_sticky),
    .req_err_o    (stk_err),
    .req_fin_o    (stk_fin),
    .rd_valid_o   (stk_rd_valid),
    .rd_pc_o      (stk_rd_pc),
    .rd_rpc_o     (stk_rd_rpc),
    .rd_mask_o    (stk_rd_mask),
    .rd_count_o   (stk_rd_count),
    .rd_lpc_o     (unused_stk_lpc),
    .rd_lpos_o    (unused_stk_lpos),
    .rd_depth_o   (stk_rd_tos)
  );
  assign unused_stk = ^{unused_stk_rsp_valid, unused_stk_rsp_err, unused_stk_sticky,
                        unused_stk_lpc, unused_stk_lpos, stk_rd_valid};

  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(4)
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
  // Outputs
  // ------------------------------------------------------------------------
  logic [CW-1:0] n_active;
  popcount #(.Width(MS)) u_n_active (.in_i(is_active), .count_o(n_active));
  // (while the depth is applied every live slice is ACTIVE: the first
  // depth_q stay so)
  logic [CW-1:0] active_n;
  assign active_n = depth_pend_q && n_active > depth_q ? depth_q : n_active;

  // round-robin: the first active entry after the pointer, wrapping
  logic [MS-1:0] sel_oh;
  logic [EW-1:0] sel_idx;
  logic          sel_any;
  rr_pick #(.Width(MS)) u_sel (
    .req_i(is_active), .last_i(last_q), .valid_o(sel_any), .idx_o(sel_idx), .onehot_o(sel_oh)
  );
  logic unused_sel;
  assign unused_sel = ^sel_oh;

  assign req_ready_o    = !busy_q;
  assign rsp_fin_o      = fin_q;
  assign resume_valid_o = resume_valid_q;
  assign resume_entry_o = resume_q;
  assign released_o     = released_q;
  assign width_o        = width_q;
  assign depth_o        = depth_q;
  assign slices_o       = depth_pend_q ? grp_sum : n_slices_q;
  assign active_o       = active_n;
  assign arrived_o      = is_active == '0 && is_waiting == '0;
  assign sel_valid_o    = sel_any && !busy_q;
  assign sel_entry_o    = sel_valid_o ? sel_idx : '0;

  // the read port: req_entry_i's slice, nothing for a free entry; its
  // status with the depth applied. e's rank is picked before it is compared
  // (rank_in[e] would be the compare of every entry, then a pick).
  logic rd_past_depth;
  assign rd_past_depth = depth_pend_q && st_e == warp_slice_table_pkg::StatusActive &&
                         !(in_grp[e*CW +: CW] < room[(32'(e) >> GB)*CW +: CW]);
  always_comb begin : p_read
    rd_status_o = rd_past_depth ? warp_slice_table_pkg::StatusDormant : st_e;
    rd_warp_o   = '0;
    rd_sid_o    = '0;
    rd_lanes_o  = '0;
    rd_pc_o     = '0;
    rd_rpc_o    = '0;
    rd_mask_o   = '0;
    rd_count_o  = '0;
    rd_tos_o    = '0;
    if (st_e != warp_slice_table_pkg::StatusFree) begin
      for (int unsigned x = 0; x < MS; x++) begin
        if (32'(e) == x) begin
          rd_warp_o = WarpIdWidth'(x % N);
          rd_sid_o  = EW'(x / N);
        end
      end
      rd_lanes_o = lanes_q[e];
      rd_pc_o    = stk_rd_pc;
      rd_rpc_o   = stk_rd_rpc;
      rd_mask_o  = stk_rd_mask;
      rd_count_o = stk_rd_count;
      rd_tos_o   = stk_rd_tos;
    end
  end

  // ------------------------------------------------------------------------
  // Checks
  // ------------------------------------------------------------------------
  // An active slice's stack is never empty: the stack refuses only what the
  // page lists (BAD_PC, OVERFLOW) for it.
  `ASSERT_NEVER(ActiveStackRefusesOther_A,
                req_valid_i && own_err == warp_slice_table_pkg::ErrNone && is_stack_op &&
                stk_err != recon_stack_pkg::ErrNone && stk_err != recon_stack_pkg::ErrBadPc &&
                stk_err != recon_stack_pkg::ErrOverflow)
  // The stack refuses an active slice's advance exactly for a PC of none.
  `ASSERT_NEVER(AdvanceVerdict_A,
                req_valid_i && own_err == warp_slice_table_pkg::ErrNone && is_advance &&
                (stk_err != recon_stack_pkg::ErrNone) != (req_pc_i == PcNone))
  // The stack finishes only a slice op the table takes (done_e needs no ok).
  `ASSERT_NEVER(DoneNotTaken_A, done_e && !(ok && is_stack_op))
  `ASSERT(IdleIsNotBusy_A, idle_q == !busy_q)
  `ASSERT(InitDrive_A, init_drive_q == {NDrive{busy_q && init_live_q}})
  `ASSERT(StopOk_A, stop_e == (own_ok && (is_barrier || is_arrive)) && bar_ok == (own_ok && is_barrier))
  // The depth is applied in the first cycle of the writes, when the live
  // slices are all ACTIVE and none waits (the prefix sum is free for it).
  `ASSERT(DepthPendBusy_A, !depth_pend_q || (busy_q && seq_q == '0 && is_waiting == '0 &&
                                             (is_active | is_free) == '1))
  `ASSERT(BusyLiveHasLanes_A, !busy_q || is_free[seq_q] == (lanes_q[seq_q] == '0))
  `ASSERT(InitAhead_A, !busy_q || (init_mask_q == lanes_q[seq_q] && init_live_q == !is_free[seq_q]))
  // A slice is live exactly when its new lanes hold a thread.
  for (genvar x = 0; x < MS; x++) begin : gen_live_assert
    `ASSERT(LiveLanes_A, live[x] == (new_lanes[x] != '0))
  end
  `ASSERT(ReadDepth_A, !e_ok || rd_past_depth == past_depth[e])
  // slices_o counts the live slices: active, dormant, arrived or waiting.
  `ASSERT(SliceCount_A, 32'(slices_o) == $countones(~is_free & ~is_done))
`ifndef SYNTHESIS
  // Each group's count is the slices the ranks count in it.
  for (genvar g = 0; g < NG; g++) begin : gen_cnt_assert
    localparam int unsigned GW = (MS - g * G < G) ? MS - g * G : G;
    `ASSERT(GroupCount_A, 32'(grp_now[g]) == $countones(ranked[g * G +: GW]))
  end
  // The release's rank tests, from the state alone, are those of the waiting
  // set this request leaves (e at a barrier among them).
  logic [MS*CW-1:0] wait_n_rank;
  assign wait_n_rank = prefix(bits(wait_n), MS);
  for (genvar x = 0; x < MS; x++) begin : gen_rank_assert
    `ASSERT(ReleaseRank_A, !(rel_if && wait_n[x]) ||
                           (st_left[x] == warp_slice_table_pkg::StatusActive) ==
                           (wait_n_rank[x*CW +: CW] < depth_q))
  end
`endif
  // The writes after a division never fail.
  `ASSERT_NEVER(InitRefused_A, busy_q && stk_valid && stk_err != recon_stack_pkg::ErrNone)

endmodule
