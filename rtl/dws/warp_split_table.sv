// Dynamic Warp Subdivision: the warp-split table with its split policies,
// MFC counters and warp-split scheduler.
//
// Source: DWS (ISCA'10) section 5.3 (splits of a warp wait for each other at
// branches), 5.4 (the warp-split table: split on a divergent cache access,
// the fall-behind split's XOR mask, catch-up priority by the minimum
// instruction count, merging by PC at a load or store), 5.4.1 (one entry per
// thread context), 5.4.2 (Lazy Split), 5.4.3 (Latency-speculating Split: the
// MFC, sum-rMFC and memlat counters), 5.5 (loop bypassing), 5.6
// (shallowest-warp-first scheduling). Behaviour, cycle timing and errors:
// docs/blocks/warp_split_table.md.
//
// Per warp W entries {valid, held, pc, icount, mask, mfc, rmfc, memlat,
// wait} and a pending mask (threads whose miss is outstanding); per core the
// sum-rMFC counter and the round-robin pointer. A split is suspended when one
// of its threads is pending (derived, not stored); held when it waits for the
// rest of its warp at a branch or reconvergence point (section 5.3: set by
// req_hold_i, cleared by INIT; dws_core drives it). Two ports, both judged on the
// state before the edge and applied at that one edge: the request port
// (INIT, EXEC, MEM, BYPASS, RELEASE) and the fill port (returned misses). A
// judge port (chk_*) gives the error a request would get, without effect.
// With policy LAZY the table also splits a suspended split on its own when
// no split of the core is ready. The read port (rd_*) is a combinational
// view of the state; the scheduler is two registered stages (sel_* show the
// pick made from the state two edges back, valid while that split is ready).
//
// Example (W = 4, policy AGGRESS, the trace checked in simulation):
//   INIT w0 pc=10 mask=1111          entry 0 {10, 1111}
//   EXEC w0 e0 pc=11                 entry 0 icount 1, mfc 1
//   MEM  w0 e0 pc=12 hit=0011        SPLIT, rsp_entry 1: entry 1 = run-ahead
//                                    {12, 0011, mfc 2}; entry 0 = fall-behind
//                                    {12, 1100, mfc 1}, pending 1100
//   EXEC w0 e1 pc=13; MEM w0 e1 pc=14 hit=0000
//                                    MISS: entry 1 suspended, pending 1111
//   (one idle cycle) FILL w0 1100    entry 0 wakes: rmfc 1, mfc 0, memlat 4
//                                    (edges since its split); sum-rMFC += 1
//                                    at the next edge
//   EXEC w0 e0 pc=13; MEM w0 e0 pc=14 hit=1100
//                                    HIT and a merge with entry 1 (PC 14):
//                                    entry 0 = {14, 1111}, suspended until
//                                    the fill of 0011; entry 1 freed,
//                                    rsp_merges 1
//
// Implementation: per warp, every entry's suspended, ready and woken bits
// and the catch-up winner are computed in parallel (gen_warp); the request
// reads its warp's W entries once (the merge compares all their PCs with the
// request's) and writes at most two entries: port A (INIT's entry 0, or the
// executing split's survivor: itself, the lowest merged entry, or the
// fall-behind half of a split) and port B (the run-ahead half of a split, in
// the warp's lowest free entry), into a write buffer that the entry file
// takes at the next edge while every reader sees the buffer above the file
// (the state section below). LAZY writes a third entry, in a warp where no
// request can execute. Minima and maxima are tourney cells (matches of
// 8, every pair compared at once; lower index wins a tie), first-in-order
// searches are prio_enc per warp and one across warps, and the round-robin
// pick is the rr_pick cell over the warps' entries in flat order. The request's
// decisions that settle last (do_split, x_apply) choose between values
// formed without them.

`include "assert.svh"

module warp_split_table #(
  `include "warp_split_table_paramlist.svh"
) (
  `include "warp_split_table_portlist.svh"
);

  `include "warp_split_table_checks.svh"

  // (an illegal NumWarps of 0 reaches its $error above, not an empty array)
  localparam int unsigned N  = (NumWarps > 0) ? NumWarps : 1;
  localparam int unsigned W  = WarpWidth;
  localparam int unsigned NW = N * W;
  // Flat index warp*W + entry, the round-robin order (NW >= 2 when the
  // parameters are legal; the guard lets an illegal set reach its $error).
  localparam int unsigned FlatIdWidth  = (NW >= 2) ? $clog2(NW) : 1;
  // LATSPEC's sum-rMFC + MFC < memlat, compared without overflow.
  localparam int unsigned CmpWidth     = ((SumWidth > LatWidth) ? SumWidth : LatWidth) + 1;
  // sum-rMFC plus up to W woken MFCs (each < 2^SumWidth): < 2^(SumWidth + CountWidth).
  localparam int unsigned SumWideWidth = SumWidth + CountWidth;

  typedef logic [PcWidth-1:0]      pc_t;
  typedef logic [IcountWidth-1:0]  icnt_t;
  typedef logic [WarpWidth-1:0]    mask_t;
  typedef logic [MfcWidth-1:0]     mfc_t;
  typedef logic [LatWidth-1:0]     lat_t;
  typedef logic [SumWidth-1:0]     sum_t;
  typedef logic [SumWideWidth-1:0] sumw_t;
  typedef logic [WarpIdWidth-1:0]  wid_t;
  typedef logic [EntryIdWidth-1:0] eid_t;
  typedef logic [FlatIdWidth-1:0]  flat_t;

  function automatic lat_t lat_inc(lat_t x);  // sat+1
    lat_inc = (x == '1) ? x : x + 1'b1;
  endfunction

  function automatic icnt_t icnt_inc(icnt_t x);  // sat+1
    icnt_inc = (x == '1) ? x : x + 1'b1;
  endfunction

  // Latency-speculating split (5.4.3): sum(rMFC) + rMFC' < MemLat, with the
  // running split's MFC as rMFC' and its last miss latency as MemLat.
  function automatic logic lat_spec(sum_t sum, mfc_t mfc, lat_t memlat);
    lat_spec = CmpWidth'(sum) + CmpWidth'(mfc) < CmpWidth'(memlat);
  endfunction

  // ------------------------------------------------------------------------
  // State. valid, pending, sum-rMFC and the round-robin pointer reset; the
  // entry fields are a register file read only where valid (as in mdt).
  //
  // The request does not write the file: at its edge a write buffer takes
  // the entries it writes (at most two, ports A and B below) and its warp's
  // valid and held vectors, and at the next edge the file takes them, with
  // that edge's own effects (the wait tick, a wake, LAZY). Every reader sees
  // the state through the buffer (the *_s view: the buffer where it holds an
  // entry, else the file), so the state and every port behave exactly as
  // the single-cycle rules of docs/blocks/warp_split_table.md say. What the
  // buffer changes is the hardware: the request's decisions, which settle
  // last (its error, the split, the survivor), load the buffer's few hundred
  // flip-flops instead of the write enables of every entry of the table,
  // and the file's write enables come from registers.
  // ------------------------------------------------------------------------
  mask_t valid_q   [N];     // bit e: entry e of the warp holds a split
  mask_t held_q    [N];     // bit e: entry e waits for the rest of its warp
  mask_t pending_q [N];     // bit t: thread t of the warp waits for a fill
  pc_t   pc_q      [N][W];
  icnt_t icount_q  [N][W];
  mask_t mask_q    [N][W];
  mfc_t  mfc_q     [N][W];
  mfc_t  rmfc_q    [N][W];
  lat_t  memlat_q  [N][W];
  lat_t  wait_q    [N][W];
  sum_t  sum_q;
  flat_t rr_q;              // round-robin pointer: the flat index of the last pick

  // The write buffer: the last edge's request writes.
  logic [N-1:0] wrow_q;     // bit w: it holds warp w's valid and held vectors
  mask_t wvalid_q, wheld_q;
  mask_t wa_q [N];          // bit e of warp w: it holds entry e, from port A
  mask_t wb_q [N];          // from port B (wait 0)
  pc_t   w_pc_q;            // both ports write req_pc_i
  icnt_t wa_icount_q, wb_icount_q;
  mask_t wa_mask_q,   wb_mask_q;
  mfc_t  wa_mfc_q,    wb_mfc_q;
  mfc_t  wa_rmfc_q,   wb_rmfc_q;
  lat_t  wa_memlat_q, wb_memlat_q;
  lat_t  wa_wait_q;

  // The state as every reader sees it (gen_view, after the request's read).
  mask_t valid_s  [N];
  mask_t held_s   [N];
  pc_t   v_pc     [N][W];
  icnt_t v_icount [N][W];
  mask_t v_mask   [N][W];
  mfc_t  v_mfc    [N][W];
  mfc_t  v_rmfc   [N][W];
  lat_t  v_memlat [N][W];
  lat_t  v_wait   [N][W];

  // ------------------------------------------------------------------------
  // Fill port: judged on the pending mask before the edge
  // ------------------------------------------------------------------------
  logic  fill_warp_ok;
  wid_t  fw;                // fill_warp_i, 0 when out of range (a safe index)
  assign fill_warp_ok = 32'(fill_warp_i) < N;
  assign fw           = fill_warp_ok ? fill_warp_i : '0;

  logic [2:0] fill_err;
  always_comb begin
    fill_err = warp_split_table_pkg::ErrNone;
    if (!fill_warp_ok) begin
      fill_err = warp_split_table_pkg::ErrBadWarp;
    end else if (fill_mask_i == '0 || (fill_mask_i & ~pending_q[fw]) != '0) begin
      fill_err = warp_split_table_pkg::ErrNotWaiting;
    end
  end

  logic fill_apply;
  assign fill_apply = fill_valid_i && fill_err == warp_split_table_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // Per warp, every entry in parallel: suspended / ready (section 5.4's
  // executing status), woken by this edge's fill, LAZY's candidate, the
  // lowest free entry and the catch-up winner (section 5.4: the minimum
  // instruction count, the lowest entry on a tie).
  // ------------------------------------------------------------------------
  mask_t susp_w   [N];      // valid and a thread pending
  mask_t ready_w  [N];      // valid, not held and no thread pending
  mask_t woken_w  [N];      // suspended, and the fill returns its last pending thread
  mask_t lcand_w  [N];      // suspended with a thread not pending (LAZY may split it)
  mask_t boost_w  [N];      // catch-up priority (one-hot or 0)
  eid_t  bt_idx_w [N];      // the boosted entry (when boost_w is not 0)
  mask_t free_oh_w [N];     // lowest free entry, one-hot
  eid_t  free_idx_w [N];
  mask_t lc_oh_w  [N];      // LAZY's candidate of the warp: first in entry order
  eid_t  lc_idx_w [N];     // (unused: the one-hot selects)
  logic [N-1:0] lc_any;     // warp w has a LAZY candidate

  for (genvar w = 0; w < N; w++) begin : gen_warp
    logic fill_here;        // this edge's fill is accepted on warp w
    assign fill_here = fill_apply && 32'(fw) == w;

    // Per entry: a thread pending, a thread not pending, no thread left
    // pending once the fill returns (formed from fill_mask_i before the
    // fill's acceptance, which gates last). The status vectors follow by
    // whole-warp AND (one operation a warp in a cycle-based simulator, not
    // one an entry).
    mask_t some_pend, some_free, all_back;
    always_comb begin : p_entry_status
      for (int unsigned e = 0; e < W; e++) begin
        some_pend[e] = (v_mask[w][e] & pending_q[w]) != '0;
        some_free[e] = (v_mask[w][e] & ~pending_q[w]) != '0;
        all_back[e]  = (v_mask[w][e] & pending_q[w] & ~fill_mask_i) == '0;
      end
    end
    assign susp_w[w]  = valid_s[w] & some_pend;
    assign ready_w[w] = valid_s[w] & ~held_s[w] & ~some_pend;
    assign woken_w[w] = fill_here ? (susp_w[w] & all_back) : '0;  // the fill returns the last
    assign lcand_w[w] = susp_w[w] & some_free;

    logic free_any, free_unused;  // a free entry always exists where one is used
    assign free_unused = free_any;
    prio_enc #(.Width(W)) u_free (
      .in_i    (~valid_s[w]),
      .valid_o (free_any),
      .idx_o   (free_idx_w[w]),
      .onehot_o(free_oh_w[w])
    );

    prio_enc #(.Width(W)) u_lazy (
      .in_i    (lcand_w[w]),
      .valid_o (lc_any[w]),
      .idx_o   (lc_idx_w[w]),
      .onehot_o(lc_oh_w[w])
    );

    // Catch-up winner among the entries not held (a held split waits; the
    // one it waits for is boosted).
    logic [W*IcountWidth-1:0] bt_key;   // entry e at bits e*IcountWidth
    logic  bt_any;
    icnt_t bt_min;
    eid_t  bt_idx;
    logic  unused_bt;       // the winner's count itself is not needed
    assign unused_bt = ^bt_min;
    always_comb begin
      for (int unsigned e = 0; e < W; e++) begin
        bt_key[e*IcountWidth +: IcountWidth] = v_icount[w][e];
      end
    end
    tourney #(.Width(W), .KeyWidth(IcountWidth)) u_boost (
      .valid_i(valid_s[w] & ~held_s[w]),
      .key_i  (bt_key),
      .valid_o(bt_any),
      .key_o  (bt_min),
      .idx_o  (bt_idx)
    );

    // Two or more valid entries: x & (x - 1) clears the lowest set bit.
    logic multi;
    assign multi      = (valid_s[w] & (valid_s[w] - 1'b1)) != '0;
    assign boost_w[w] = (multi && bt_any) ? W'(1) << bt_idx : '0;
    assign bt_idx_w[w] = bt_idx;

    // Arrived: a split, all of them held, no thread waiting for a fill.
    assign arrived_o[w] = valid_s[w] != '0 && (valid_s[w] & ~held_s[w]) == '0 &&
                          pending_q[w] == '0;
  end

  // ------------------------------------------------------------------------
  // Request port: the addressed warp's entries, read once
  // ------------------------------------------------------------------------
  logic rq_warp_ok, e_in;
  wid_t rw;                 // req_warp_i, 0 when out of range (a safe index)
  eid_t e_idx;              // req_entry_i, 0 when out of range
  assign rq_warp_ok = 32'(req_warp_i) < N;
  assign rw         = rq_warp_ok ? req_warp_i : '0;
  assign e_in       = 32'(req_entry_i) < W;
  assign e_idx      = e_in ? req_entry_i : '0;

  mask_t r_valid, r_held, r_pend, r_susp, r_woken, e_oh;
  icnt_t r_icount [W];      // the request's warp's entry fields (the view's row N)
  mask_t r_mask   [W];
  mfc_t  r_mfc    [W];
  mfc_t  r_rmfc   [W];
  lat_t  r_memlat [W];
  lat_t  r_winc   [W];      // sat+1 of the row's waits (the merge's wait keys)
  icnt_t r_icinc  [W];      // sat+1 of the row's instruction counts
  mask_t r_pceq;            // bit e: the row's entry e is at req_pc_i
  mask_t r_lspec;           // bit e: LATSPEC's test holds for the row's entry e
  always_comb begin : p_req_rows
    r_valid = rq_warp_ok ? valid_s[rw] : '0;
    r_held  = held_s[rw];
    r_pend  = pending_q[rw];
    r_susp  = susp_w[rw];
    r_woken = woken_w[rw];
    for (int unsigned e = 0; e < W; e++) begin
      e_oh[e] = 32'(e_idx) == e;
    end
  end

  // The view of the entry fields: row k < N is warp k's, row N the
  // request's warp. Each row reads the file and the buffer's selects of its
  // warp, then puts the buffer above the file. The request's row is read
  // from the file first (an AND-OR over decoded, constant indices: Yosys
  // 0.23 expands a dynamic index into a case over every entry, at each
  // use), so its read does not wait for the selects' fan-out to the whole
  // table; with it the sat+1 of each wait (the merge's keys) and of each
  // instruction count (the executing split's next count: the carry chain is
  // not on the read's path) and each PC's compare with req_pc_i (the merge
  // set), formed before the read.
  // Row N read from the file: the buffer's selects, the fields, the sat+1
  // waits and the PC compares.
  mask_t n_sa, n_sb;
  pc_t   n_pc     [W];
  icnt_t n_icount [W];
  mask_t n_mask   [W];
  mfc_t  n_mfc    [W];
  mfc_t  n_rmfc   [W];
  lat_t  n_memlat [W];
  lat_t  n_wait   [W];
  lat_t  n_winc   [W];
  icnt_t n_icinc  [W];
  mask_t n_pceq;
  mask_t n_lspec;
  always_comb begin : p_row_read
    n_sa   = '0;
    n_sb   = '0;
    n_pceq  = '0;
    n_lspec = '0;
    for (int unsigned e = 0; e < W; e++) begin
      n_pc[e]     = '0;
      n_icount[e] = '0;
      n_mask[e]   = '0;
      n_mfc[e]    = '0;
      n_rmfc[e]   = '0;
      n_memlat[e] = '0;
      n_wait[e]   = '0;
      n_winc[e]   = '0;
      n_icinc[e]  = '0;
    end
    for (int unsigned w = 0; w < N; w++) begin
      if (32'(rw) == w) begin
        n_sa = n_sa | wa_q[w];
        n_sb = n_sb | wb_q[w];
        for (int unsigned e = 0; e < W; e++) begin
          n_pc[e]     = n_pc[e]     | pc_q[w][e];
          n_icount[e] = n_icount[e] | icount_q[w][e];
          n_mask[e]   = n_mask[e]   | mask_q[w][e];
          n_mfc[e]    = n_mfc[e]    | mfc_q[w][e];
          n_rmfc[e]   = n_rmfc[e]   | rmfc_q[w][e];
          n_memlat[e] = n_memlat[e] | memlat_q[w][e];
          n_wait[e]   = n_wait[e]   | wait_q[w][e];
          n_winc[e]   = n_winc[e]   | lat_inc(wait_q[w][e]);
          n_icinc[e]  = n_icinc[e]  | icnt_inc(icount_q[w][e]);
          n_pceq[e]   = n_pceq[e]   | (pc_q[w][e] == req_pc_i);
          n_lspec[e]  = n_lspec[e]  | lat_spec(sum_q, mfc_q[w][e], memlat_q[w][e]);
        end
      end
    end
    for (int unsigned e = 0; e < W; e++) begin
      r_winc[e] = n_sa[e] ? lat_inc(wa_wait_q) : (n_sb[e] ? LatWidth'(1) : n_winc[e]);
      r_icinc[e] = n_sa[e] ? icnt_inc(wa_icount_q) :
                   (n_sb[e] ? icnt_inc(wb_icount_q) : n_icinc[e]);
      r_pceq[e] = (n_sa[e] || n_sb[e]) ? w_pc_q == req_pc_i : n_pceq[e];
      r_lspec[e] = n_sa[e] ? lat_spec(sum_q, wa_mfc_q, wa_memlat_q) :
                   (n_sb[e] ? lat_spec(sum_q, wb_mfc_q, wb_memlat_q) : n_lspec[e]);
    end
  end

  // Each row its own block and its own variables: rows 0..N-1 change only
  // at an edge, row N with the request's inputs, and the simulator
  // schedules each apart (one variable for all rows would make every reader
  // of the view wait for the request's inputs).
  for (genvar k = 0; k <= N; k++) begin : gen_view
    pc_t   o_pc     [W];
    icnt_t o_icount [W];
    mask_t o_mask   [W];
    mfc_t  o_mfc    [W];
    mfc_t  o_rmfc   [W];
    lat_t  o_memlat [W];
    lat_t  o_wait   [W];
    always_comb begin : p_view
      for (int unsigned e = 0; e < W; e++) begin
        logic ka, kb;       // (k % N: a legal index in the branch row N does not take)
        ka = (k < N) ? wa_q[k % N][e] : n_sa[e];
        kb = (k < N) ? wb_q[k % N][e] : n_sb[e];
        o_pc[e]     = (ka || kb) ? w_pc_q : ((k < N) ? pc_q[k % N][e] : n_pc[e]);
        o_icount[e] = ka ? wa_icount_q :
                      (kb ? wb_icount_q : ((k < N) ? icount_q[k % N][e] : n_icount[e]));
        o_mask[e]   = ka ? wa_mask_q :
                      (kb ? wb_mask_q : ((k < N) ? mask_q[k % N][e] : n_mask[e]));
        o_mfc[e]    = ka ? wa_mfc_q :
                      (kb ? wb_mfc_q : ((k < N) ? mfc_q[k % N][e] : n_mfc[e]));
        o_rmfc[e]   = ka ? wa_rmfc_q :
                      (kb ? wb_rmfc_q : ((k < N) ? rmfc_q[k % N][e] : n_rmfc[e]));
        o_memlat[e] = ka ? wa_memlat_q :
                      (kb ? wb_memlat_q : ((k < N) ? memlat_q[k % N][e] : n_memlat[e]));
        o_wait[e]   = ka ? wa_wait_q :
                      (kb ? '0 : ((k < N) ? wait_q[k % N][e] : n_wait[e]));
      end
    end
    if (k < N) begin : g_warp
      assign valid_s[k] = wrow_q[k] ? wvalid_q : valid_q[k];
      assign held_s[k]  = wrow_q[k] ? wheld_q : held_q[k];
      always_comb begin : p_row
        for (int unsigned e = 0; e < W; e++) begin
          v_pc[k][e]     = o_pc[e];
          v_icount[k][e] = o_icount[e];
          v_mask[k][e]   = o_mask[e];
          v_mfc[k][e]    = o_mfc[e];
          v_rmfc[k][e]   = o_rmfc[e];
          v_memlat[k][e] = o_memlat[e];
          v_wait[k][e]   = o_wait[e];
        end
      end
    end else begin : g_req
      // (its PCs and waits are used as r_pceq and r_winc, formed before)
      logic unused_row;
      always_comb begin : p_row
        unused_row = 1'b0;
        for (int unsigned e = 0; e < W; e++) begin
          r_icount[e] = o_icount[e];
          r_mask[e]   = o_mask[e];
          r_mfc[e]    = o_mfc[e];
          r_rmfc[e]   = o_rmfc[e];
          r_memlat[e] = o_memlat[e];
          unused_row  = unused_row ^ (^{o_pc[e], o_wait[e]});
        end
      end
    end
  end

  // The executing split E.
  logic  e_ok, e_susp, e_held;
  icnt_t e_icount, e_icount_inc;  // its count, and its sat+1 (r_icinc)
  mask_t e_mask;
  mfc_t  e_mfc, e_rmfc;
  lat_t  e_memlat;
  assign e_ok = e_in && r_valid[e_idx];
  always_comb begin : p_e_read
    e_mask   = '0;
    e_icount = '0;
    e_mfc    = '0;
    e_rmfc   = '0;
    e_memlat = '0;
    for (int unsigned e = 0; e < W; e++) begin
      if (e_oh[e]) begin
        e_mask   = e_mask   | r_mask[e];
        e_icount = e_icount | r_icount[e];
        e_mfc    = e_mfc    | r_mfc[e];
        e_rmfc   = e_rmfc   | r_rmfc[e];
        e_memlat = e_memlat | r_memlat[e];
      end
    end
  end
  always_comb begin : p_e_icinc
    e_icount_inc = '0;
    for (int unsigned e = 0; e < W; e++) begin
      e_icount_inc = e_icount_inc | (e_oh[e] ? r_icinc[e] : '0);
    end
  end
  assign e_susp    = (e_mask & r_pend) != '0;
  assign e_held    = (e_oh & r_held) != '0;

  logic is_init, is_exec, is_mem, is_bypass, is_release, is_x;
  assign is_init    = req_op_i == warp_split_table_pkg::OpInit;
  assign is_exec    = req_op_i == warp_split_table_pkg::OpExec;
  assign is_mem     = req_op_i == warp_split_table_pkg::OpMem;
  assign is_bypass  = req_op_i == warp_split_table_pkg::OpBypass;
  assign is_release = req_op_i == warp_split_table_pkg::OpRelease;
  assign is_x       = is_exec || is_mem || is_bypass;  // an executing cycle

  // EXEC, MEM: the split(s) the request leaves are held (section 5.3).
  logic hold;
  assign hold = req_hold_i && (is_exec || is_mem);

  // ------------------------------------------------------------------------
  // Errors: BAD_OP, BAD_WARP, then per op (the lowest code wins). One rule
  // for both judged inputs, the request port and the judge port: the warp
  // is in range, its threads wait for a fill (busy), the entry is in range
  // and valid, and its split is ready (not suspended, not held).
  // ------------------------------------------------------------------------
  function automatic logic [2:0] judge(logic [2:0] op, logic warp_ok, logic mask_empty,
                                       logic busy, logic entry_ok, logic entry_ready);
    judge = warp_split_table_pkg::ErrNone;
    if (op > warp_split_table_pkg::OpRelease) begin
      judge = warp_split_table_pkg::ErrBadOp;
    end else if (!warp_ok) begin
      judge = warp_split_table_pkg::ErrBadWarp;
    end else if (op == warp_split_table_pkg::OpInit) begin
      if (mask_empty) begin
        judge = warp_split_table_pkg::ErrBadMask;
      end else if (busy) begin
        judge = warp_split_table_pkg::ErrBusy;
      end
    end else if (op == warp_split_table_pkg::OpRelease) begin
      if (busy) begin
        judge = warp_split_table_pkg::ErrBusy;
      end
    end else if (!entry_ok) begin
      judge = warp_split_table_pkg::ErrBadEntry;
    end else if (!entry_ready) begin
      judge = warp_split_table_pkg::ErrSuspended;  // only a ready split executes
    end
  endfunction

  logic [2:0] req_err;
  assign req_err = judge(req_op_i, rq_warp_ok, req_mask_i == '0, r_pend != '0, e_ok,
                         !(e_susp || e_held));

  // The judge port: the same rule on the state the request port sees, read
  // for chk_warp_i and chk_entry_i (dws_core judges a request here while
  // the request port applies the one it judged the cycle before). It selects
  // bits formed for every entry in parallel (ready_w), not the fields.
  logic c_warp_ok, c_in, c_valid, c_ready, c_busy, c_ok;
  wid_t cw;                 // chk_warp_i, 0 when out of range (a safe index)
  eid_t ce;                 // chk_entry_i, 0 when out of range
  mask_t c_mask;
  assign c_warp_ok = 32'(chk_warp_i) < N;
  assign cw        = c_warp_ok ? chk_warp_i : '0;
  assign c_in      = 32'(chk_entry_i) < W;
  assign ce        = c_in ? chk_entry_i : '0;
  always_comb begin : p_chk_read
    c_busy  = 1'b0;
    c_mask  = '0;
    c_valid = 1'b0;
    c_ready = 1'b0;
    for (int unsigned w = 0; w < N; w++) begin
      if (32'(cw) == w) begin
        c_busy = c_busy | (pending_q[w] != '0);
        for (int unsigned e = 0; e < W; e++) begin
          if (32'(ce) == e) begin
            c_mask  = c_mask | v_mask[w][e];
            c_valid = c_valid | valid_s[w][e];
            c_ready = c_ready | ready_w[w][e];
          end
        end
      end
    end
  end
  assign c_ok        = c_warp_ok && c_in && c_valid;
  assign chk_err_o   = judge(chk_op_i, c_warp_ok, chk_mask_i == '0, c_busy, c_ok, c_ready);
  assign chk_split_o = c_ok ? c_mask : '0;

  logic req_apply, x_apply;
  assign req_apply = req_valid_i && req_err == warp_split_table_pkg::ErrNone;
  assign x_apply   = req_apply && is_x;

  // ------------------------------------------------------------------------
  // MEM: hit / miss / divergent, and the split decision (sections 5.4,
  // 5.4.2, 5.4.3)
  // ------------------------------------------------------------------------
  mask_t e_hit, e_miss;
  assign e_hit  = req_mask_i & e_mask;    // H: the run-ahead split's mask
  assign e_miss = e_mask & ~req_mask_i;   // M = E.mask XOR H: the fall-behind's

  // LATSPEC's test for E (lat_spec, formed for every entry of the row
  // before the read).
  logic latspec_ok, do_split;
  assign latspec_ok = (e_oh & r_lspec) != '0;
  always_comb begin
    do_split = 1'b0;
    if (is_mem && e_hit != '0 && e_miss != '0) begin
      unique case (policy_i)
        warp_split_table_pkg::PolicyAggress: do_split = 1'b1;
        warp_split_table_pkg::PolicyLatspec: do_split = latspec_ok;
        default:                             do_split = 1'b0;  // OFF, LAZY: WAIT
      endcase
    end
  end

  logic [2:0] kind;
  always_comb begin
    kind = warp_split_table_pkg::KindNone;
    if (is_mem) begin
      if (e_miss == '0) begin
        kind = warp_split_table_pkg::KindHit;
      end else if (e_hit == '0) begin
        kind = warp_split_table_pkg::KindMiss;
      end else if (do_split) begin
        kind = warp_split_table_pkg::KindSplit;
      end else begin
        kind = warp_split_table_pkg::KindWait;
      end
    end else if (is_bypass && e_hit == '0) begin
      kind = warp_split_table_pkg::KindFreed;  // BYPASS: req_mask_i keeps no thread
    end
  end

  // ------------------------------------------------------------------------
  // Merge (section 5.4): a MEM that does not split merges E with every other
  // valid entry of the warp at req_pc_i that is held exactly when E is to be
  // (a split waiting at a branch or reconvergence point merges only with
  // those waiting there). The lowest of them survives. The set, survivor
  // and maxima are formed as if the access did not split; do_split, which
  // settles last, then chooses (a split merges nothing).
  // ------------------------------------------------------------------------
  mask_t mset, group, surv_oh;
  eid_t  surv_idx, merges;
  logic  surv_any, surv_unused;
  always_comb begin : p_merge_set
    mset   = '0;
    for (int unsigned e = 0; e < W; e++) begin
      mset[e] = is_mem && r_valid[e] && !e_oh[e] && r_held[e] == hold &&
                r_pceq[e];
    end
    group = mset | e_oh;
  end
  // The merged entries, counted by the popcount cell: at most W - 1, so
  // EntryIdWidth bits hold the count.
  logic [CountWidth-1:0] merges_n;
  popcount #(.Width(W)) u_merges (.in_i(mset), .count_o(merges_n));
  assign merges = EntryIdWidth'(merges_n);
  assign surv_unused = surv_any;
  prio_enc #(.Width(W)) u_surv (
    .in_i    (group),
    .valid_o (surv_any),
    .idx_o   (surv_idx),
    .onehot_o(surv_oh)
  );

  // icount: the maximum of E's new count and the merged ones': the merged
  // ones' maximum when one of them exceeds E's count (it is then at least
  // E's count + 1), else E's sat+1 (formed before the read). The comparisons
  // with E's count are made for every entry of the row before the merge set
  // settles. wait: the maximum of the merged suspended entries' new
  // wait (woken: 0, else sat+1), 0 when none is suspended: the maximum of
  // sat+1 (r_winc, formed before the read) over the merged entries that
  // stay suspended (a woken one is left out of the set, not given key 0, so
  // the fill's wake does not wait for the keys' comparisons).
  logic [W*IcountWidth-1:0] mi_keys;  // entry e at bits e*IcountWidth
  logic [W*LatWidth-1:0]    mw_keys;  // entry e at bits e*LatWidth
  always_comb begin
    for (int unsigned e = 0; e < W; e++) begin
      mi_keys[e*IcountWidth +: IcountWidth] = r_icount[e];
      mw_keys[e*LatWidth +: LatWidth]       = r_winc[e];
    end
  end
  logic  mi_any, mw_any;
  icnt_t mi_top, mi_max;
  mask_t e_beaten;          // bit e: entry e's count exceeds E's
  lat_t  mw_max;               // 0 when no merged entry is suspended
  eid_t  mi_idx, mw_idx;       // (unused: the maxima only)
  tourney #(.Width(W), .KeyWidth(IcountWidth), .Max(1)) u_merge_icount (
    .valid_i(mset),
    .key_i  (mi_keys),
    .valid_o(mi_any),
    .key_o  (mi_top),
    .idx_o  (mi_idx)
  );
  always_comb begin
    for (int unsigned e = 0; e < W; e++) begin
      e_beaten[e] = r_icount[e] > e_icount;
    end
  end
  assign mi_max = ((mset & e_beaten) != '0) ? mi_top : e_icount_inc;
  tourney #(.Width(W), .KeyWidth(LatWidth), .Max(1)) u_merge_wait (
    .valid_i(mset & r_susp & ~r_woken),
    .key_i  (mw_keys),
    .valid_o(mw_any),
    .key_o  (mw_max),
    .idx_o  (mw_idx)
  );

  // ------------------------------------------------------------------------
  // What the request writes: port A at a_oh, port B at b_oh (request warp)
  // ------------------------------------------------------------------------
  // Port A: INIT's entry 0, or the executing split's survivor (E itself, the
  // lowest merged entry, or E as the fall-behind half of a split).
  mask_t a_oh, b_oh, kill;
  logic  a_valid;
  pc_t   a_pc;
  icnt_t a_icount;
  mask_t a_mask;
  mfc_t  a_mfc, a_rmfc;
  lat_t  a_memlat, a_wait;
  // Port B: the run-ahead half of a split.
  icnt_t b_icount;
  mask_t b_mask;
  mfc_t  b_mfc, b_rmfc;
  lat_t  b_memlat;
  eid_t  free_idx_r;

  mfc_t e_mfc_inc, e_rmfc_dec;
  assign e_mfc_inc  = (e_mfc == '1) ? e_mfc : e_mfc + 1'b1;
  assign e_rmfc_dec = (e_rmfc == '0) ? e_rmfc : e_rmfc - 1'b1;
  assign free_idx_r = free_idx_w[rw];

  always_comb begin : p_req_write
    mask_t merged_mask;
    merged_mask = '0;
    for (int unsigned e = 0; e < W; e++) begin
      merged_mask = merged_mask | (mset[e] ? r_mask[e] : '0);
    end
    a_pc     = req_pc_i;
    b_icount = e_icount_inc;
    b_mask   = e_hit;
    b_mfc    = e_mfc_inc;       // the run-ahead ran this cycle and did not miss
    b_rmfc   = e_rmfc_dec;
    b_memlat = e_memlat;
    b_oh     = (is_mem && do_split) ? free_oh_w[rw] : '0;
    if (is_init) begin
      a_oh     = {{(W-1){1'b0}}, 1'b1};
      kill     = '1;            // every entry of the warp freed
      a_valid  = 1'b1;
      a_icount = '0;
      a_mask   = req_mask_i;
      a_mfc    = '0;
      a_rmfc   = '0;
      a_memlat = LatWidth'(InitMemLat);
      a_wait   = '0;
    end else begin
      // Executing cycle (5.4.3, 5.6): icount sat+1, rmfc sat-1, mfc sat+1
      // unless the access missed (MISS, WAIT, SPLIT's fall-behind).
      a_oh     = do_split ? e_oh : surv_oh;
      kill     = is_release ? '1 : (do_split ? e_oh : group);
      a_icount = do_split ? e_icount_inc : mi_max;
      a_mfc    = (is_mem && e_miss != '0) ? e_mfc : e_mfc_inc;
      a_rmfc   = e_rmfc_dec;
      a_memlat = e_memlat;
      a_wait   = do_split ? '0 : mw_max;      // MISS/WAIT/SPLIT: E.wait = 0
      if (is_mem && do_split) begin
        a_mask = e_miss;                      // the fall-behind: E.mask XOR H
      end else if (is_bypass) begin
        a_mask = e_hit;                       // loop bypass (5.5): the threads that stay
      end else begin
        a_mask = e_mask | merged_mask;
      end
      a_valid = a_mask != '0;                 // BYPASS keeping no thread: FREED
    end
  end

  // pending |= M on a MEM that missed (MISS, WAIT, SPLIT); 0 on a HIT.
  mask_t pend_add;
  assign pend_add = (x_apply && is_mem) ? e_miss : '0;

  // ------------------------------------------------------------------------
  // LAZY (section 5.4.2): no valid entry of the core ready -> the first
  // suspended split (warp, entry order) with a thread not pending splits.
  // ------------------------------------------------------------------------
  logic  any_ready, lazy_go, lw_any;
  wid_t  lazy_w;
  logic [N-1:0] lw_oh;
  always_comb begin
    any_ready = 1'b0;
    for (int unsigned w = 0; w < N; w++) begin
      any_ready = any_ready || ready_w[w] != '0;
    end
  end
  prio_enc #(.Width(N)) u_lazy_warp (
    .in_i    (lc_any),
    .valid_o (lw_any),
    .idx_o   (lazy_w),
    .onehot_o(lw_oh)
  );
  assign lazy_go = policy_i == warp_split_table_pkg::PolicyLazy && !any_ready && lw_any;

  // The run-ahead: the parent's pc, icount, mfc, rmfc, memlat, wait 0, its
  // threads not pending. Per warp, from that warp's candidate.
  pc_t   lz_pc     [N];
  icnt_t lz_icount [N];
  mask_t lz_mask   [N];
  mfc_t  lz_mfc    [N];
  mfc_t  lz_rmfc   [N];
  lat_t  lz_memlat [N];
  always_comb begin : p_lazy_data
    for (int unsigned w = 0; w < N; w++) begin
      lz_pc[w]     = '0;
      lz_icount[w] = '0;
      lz_mask[w]   = '0;
      lz_mfc[w]    = '0;
      lz_rmfc[w]   = '0;
      lz_memlat[w] = '0;
      for (int unsigned e = 0; e < W; e++) begin
        if (lc_oh_w[w][e]) begin
          lz_pc[w]     = lz_pc[w]     | v_pc[w][e];
          lz_icount[w] = lz_icount[w] | v_icount[w][e];
          lz_mask[w]   = lz_mask[w]   | (v_mask[w][e] & ~pending_q[w]);
          lz_mfc[w]    = lz_mfc[w]    | v_mfc[w][e];
          lz_rmfc[w]   = lz_rmfc[w]   | v_rmfc[w][e];
          lz_memlat[w] = lz_memlat[w] | v_memlat[w][e];
        end
      end
    end
  end

  // ------------------------------------------------------------------------
  // sum-rMFC (5.4.3): sat-1 on an executing cycle, then + the MFCs woken at
  // the last edge (saturating; the sum is computed wide, then clamped). The
  // woken MFCs are registered at the wake, one per entry position (only the
  // fill's warp has woken entries: an AND-OR per position), and added at the
  // next edge: the wake and the adder tree are not one path. Both sums are
  // formed from registers; the request's x_apply, which settles last, only
  // chooses between them.
  // ------------------------------------------------------------------------
  mfc_t woken_mfc_d [W];
  mfc_t woken_mfc_q [W];
  always_comb begin : p_woken_mfc_d
    for (int unsigned e = 0; e < W; e++) begin
      woken_mfc_d[e] = '0;
      for (int unsigned w = 0; w < N; w++) begin
        woken_mfc_d[e] = woken_mfc_d[e] | (woken_w[w][e] ? v_mfc[w][e] : '0);
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_woken_mfc
    if (!rst_ni) begin
      for (int unsigned e = 0; e < W; e++) begin
        woken_mfc_q[e] <= '0;
      end
    end else begin
      for (int unsigned e = 0; e < W; e++) begin
        woken_mfc_q[e] <= woken_mfc_d[e];
      end
    end
  end

  sum_t  sum_d;
  sumw_t st [W];
  sumw_t sum_keep, sum_less;  // sum-rMFC + woken, and (sum-rMFC sat-1) + woken
  sumw_t sum_wide;
  always_comb begin : p_sum
    for (int unsigned e = 0; e < W; e++) begin
      st[e] = SumWideWidth'(woken_mfc_q[e]);
    end
    for (int unsigned l = 0; l < EntryIdWidth; l++) begin
      for (int unsigned i = 0; i + (1 << l) < W; i += (2 << l)) begin
        st[i] = st[i] + st[i + (1 << l)];
      end
    end
    sum_keep = SumWideWidth'(sum_q) + st[0];
    sum_less = (sum_q != '0) ? sum_keep - 1'b1 : sum_keep;
    sum_wide = x_apply ? sum_less : sum_keep;
    sum_d    = (sum_wide[SumWideWidth-1:SumWidth] != '0) ? '1 : sum_wide[SumWidth-1:0];
  end

  // ------------------------------------------------------------------------
  // Next state
  // ------------------------------------------------------------------------
  logic rq_wr;              // the request writes entries (INIT, executing cycle)
  assign rq_wr = req_apply && (is_init || is_x);

  // Per warp: valid, held and pending (reset), and each entry's fields (no
  // reset: read only where valid). The file takes the view with this edge's
  // LAZY split, wait ticks and wakes; the request's writes go to the buffer,
  // which the view puts above the file (so the request wins where both
  // write an entry, and the file takes the buffer's entries one edge later).
  logic [N-1:0] rq_here_w, lz_here_w;  // the request's / LAZY's warp
  for (genvar w = 0; w < N; w++) begin : gen_next
    logic rq_here, lz_here, lz_held;
    assign rq_here = req_apply && 32'(rw) == w;
    assign lz_here = lazy_go && lw_oh[w];
    assign lz_held = (lc_oh_w[w] & held_s[w]) != '0;  // LAZY's parent is held

    always_ff @(posedge clk_i or negedge rst_ni) begin : p_warp
      if (!rst_ni) begin
        valid_q[w]   <= '0;
        held_q[w]    <= '0;
        pending_q[w] <= '0;
      end else begin
        valid_q[w]   <= valid_s[w] | (lz_here ? free_oh_w[w] : '0);
        held_q[w]    <= held_s[w] | ((lz_here && lz_held) ? free_oh_w[w] : '0);
        // pending &= ~F (fill), |= M (a MEM that missed): disjoint threads.
        pending_q[w] <= (pending_q[w] & ~((fill_apply && 32'(fw) == w) ? fill_mask_i : '0)) |
                        (rq_here ? pend_add : '0);
      end
    end

    assign rq_here_w[w] = rq_here;
    assign lz_here_w[w] = lz_here;
  end

  // The write buffer: which entries it holds (reset: none) and their values
  // (no reset: read only where held).
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_wbuf_sel
    if (!rst_ni) begin
      wrow_q <= '0;
      for (int unsigned w = 0; w < N; w++) begin
        wa_q[w] <= '0;
        wb_q[w] <= '0;
      end
    end else begin
      wrow_q <= rq_here_w;
      for (int unsigned w = 0; w < N; w++) begin
        wa_q[w] <= (rq_here_w[w] && rq_wr) ? a_oh : '0;
        wb_q[w] <= (rq_here_w[w] && rq_wr) ? b_oh : '0;
      end
    end
  end
  always_ff @(posedge clk_i) begin : p_wbuf
    wvalid_q    <= (r_valid & ~kill) | ((rq_wr && a_valid) ? a_oh : '0) | b_oh;
    wheld_q     <= (r_held & ~kill) | ((rq_wr && a_valid && hold) ? a_oh : '0) |
                   (hold ? b_oh : '0);
    w_pc_q      <= a_pc;
    wa_icount_q <= a_icount;
    wa_mask_q   <= a_mask;
    wa_mfc_q    <= a_mfc;
    wa_rmfc_q   <= a_rmfc;
    wa_memlat_q <= a_memlat;
    wa_wait_q   <= a_wait;
    wb_icount_q <= b_icount;
    wb_mask_q   <= b_mask;
    wb_mfc_q    <= b_mfc;
    wb_rmfc_q   <= b_rmfc;
    wb_memlat_q <= b_memlat;
  end

  // Each entry's next fields, computed in one block and registered as whole
  // arrays (the _d/_q pair): the same logic as a write per entry and field,
  // which the Verilated model had to schedule one delayed write at a time
  // (it now copies each array once per cycle).
  pc_t   pc_d      [N][W];
  icnt_t icount_d  [N][W];
  mask_t mask_d    [N][W];
  mfc_t  mfc_d     [N][W];
  mfc_t  rmfc_d    [N][W];
  lat_t  memlat_d  [N][W];
  lat_t  wait_d    [N][W];
  always_comb begin : p_entry_d
    for (int unsigned w = 0; w < N; w++) begin
      for (int unsigned e = 0; e < W; e++) begin
        pc_d[w][e]     = v_pc[w][e];
        icount_d[w][e] = v_icount[w][e];
        mask_d[w][e]   = v_mask[w][e];
        mfc_d[w][e]    = v_mfc[w][e];
        rmfc_d[w][e]   = v_rmfc[w][e];
        memlat_d[w][e] = v_memlat[w][e];
        wait_d[w][e]   = v_wait[w][e];
        if (lz_here_w[w] && free_oh_w[w][e]) begin
          pc_d[w][e]     = lz_pc[w];
          icount_d[w][e] = lz_icount[w];
          mask_d[w][e]   = lz_mask[w];
          mfc_d[w][e]    = lz_mfc[w];
          rmfc_d[w][e]   = lz_rmfc[w];
          memlat_d[w][e] = lz_memlat[w];
          wait_d[w][e]   = '0;
        end else begin
          if (lz_here_w[w] && lc_oh_w[w][e]) begin
            mask_d[w][e] = v_mask[w][e] & pending_q[w];  // LAZY's parent keeps its pending threads
          end
          if (woken_w[w][e]) begin
            // Wake (5.4.3, 5.6): rMFC = MFC, MFC restarts, memlat = the
            // cycles from the suspending edge to this one.
            rmfc_d[w][e]   = v_mfc[w][e];
            mfc_d[w][e]    = '0;
            memlat_d[w][e] = lat_inc(v_wait[w][e]);
            wait_d[w][e]   = '0;
          end else if (susp_w[w][e] && v_wait[w][e] != '1) begin
            // wait counts cycles suspended: every edge, fill or not (the
            // reading under which memlat is "the cycles from the edge that
            // suspended the split to the fill's edge").
            wait_d[w][e]   = v_wait[w][e] + 1'b1;
          end
        end
      end
    end
  end

  // The entry fields have no reset: they are read only where valid.
  always_ff @(posedge clk_i) begin : p_entry
    for (int unsigned w = 0; w < N; w++) begin
      for (int unsigned e = 0; e < W; e++) begin
        pc_q[w][e]     <= pc_d[w][e];
        icount_q[w][e] <= icount_d[w][e];
        mask_q[w][e]   <= mask_d[w][e];
        mfc_q[w][e]    <= mfc_d[w][e];
        rmfc_q[w][e]   <= rmfc_d[w][e];
        memlat_q[w][e] <= memlat_d[w][e];
        wait_q[w][e]   <= wait_d[w][e];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_core
    if (!rst_ni) begin
      sum_q <= '0;
    end else begin
      sum_q <= sum_d;
    end
  end

  assign sum_rmfc_o = sum_q;

  // ------------------------------------------------------------------------
  // Registered responses
  // ------------------------------------------------------------------------
  // Valid and error of both ports (port 0 request, port 1 fill: one code
  // list, one sticky vector).
  rsp_reg #(
    .NumPorts(2),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i ({fill_valid_i, req_valid_i}),
    .err_i   ({fill_err, req_err}),
    .valid_o ({fill_rsp_valid_o, rsp_valid_o}),
    .err_o   ({fill_err_o, rsp_err_o}),
    .sticky_o(err_sticky_o)
  );

  mask_t woken_any;
  always_comb begin
    woken_any = '0;
    for (int unsigned w = 0; w < N; w++) begin
      woken_any = woken_any | woken_w[w];  // only the fill's warp has woken bits
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_rsp
    if (!rst_ni) begin
      rsp_kind_o   <= warp_split_table_pkg::KindNone;
      rsp_entry_o  <= '0;
      rsp_merges_o <= '0;
      fill_woken_o <= '0;
      lazy_valid_o <= 1'b0;
      lazy_warp_o  <= '0;
      lazy_entry_o <= '0;
    end else begin
      rsp_kind_o   <= req_apply ? kind : warp_split_table_pkg::KindNone;
      rsp_entry_o  <= x_apply ? (do_split ? free_idx_r : surv_idx) : '0;
      rsp_merges_o <= (x_apply && !do_split) ? merges : '0;
      fill_woken_o <= woken_any;
      lazy_valid_o <= lazy_go;
      lazy_warp_o  <= lazy_go ? lazy_w : '0;
      lazy_entry_o <= lazy_go ? free_idx_w[lazy_w] : '0;
    end
  end

  // ------------------------------------------------------------------------
  // Scheduler (section 5.6), two registered stages. Stage 1 captures, per
  // warp, the ready bits, the boosted ready entry with its rMFC, and the SWF
  // winner among the ready entries (the fewest rMFC, the lowest entry on a
  // tie) with its rMFC. Stage 2, from those registers: the boosted ready
  // entries are the candidates if there are any (catch-up priority wins),
  // else the ready ones; RR takes the first after the pointer (the last
  // pick) in flat order, wrapping; SWF the fewest rMFC over the warps'
  // winners, the lowest warp on a tie (the same order as over the flat
  // index). The pick is registered and the pointer follows it.
  // ------------------------------------------------------------------------
  logic [W*MfcWidth-1:0] sw_key_w [N];  // entry e's rMFC at bits e*MfcWidth
  logic [N-1:0] swr_vld;
  mfc_t         swr_key [N];
  eid_t         swr_e   [N];
  mfc_t         bk_w    [N];            // the boosted entry's rMFC
  for (genvar w = 0; w < N; w++) begin : gen_swf
    always_comb begin
      bk_w[w] = '0;
      for (int unsigned e = 0; e < W; e++) begin
        sw_key_w[w][e*MfcWidth +: MfcWidth] = v_rmfc[w][e];
        bk_w[w] = bk_w[w] | (boost_w[w][e] ? v_rmfc[w][e] : '0);
      end
    end
    tourney #(.Width(W), .KeyWidth(MfcWidth)) u_swf_warp (
      .valid_i(ready_w[w]),
      .key_i  (sw_key_w[w]),
      .valid_o(swr_vld[w]),
      .key_o  (swr_key[w]),
      .idx_o  (swr_e[w])
    );
  end

  // Stage 1 registers.
  mask_t s1_ready_q [N];    // ready entries
  mask_t s1_rb_q    [N];    // the boosted entry if it is ready (one-hot or 0)
  eid_t  s1_be_q    [N];    // the boosted entry
  mfc_t  s1_bk_q    [N];    // its rMFC
  eid_t  s1_se_q    [N];    // SWF winner among the ready entries
  mfc_t  s1_sk_q    [N];    // its rMFC
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_stage1
    if (!rst_ni) begin
      for (int unsigned w = 0; w < N; w++) begin
        s1_ready_q[w] <= '0;
        s1_rb_q[w]    <= '0;
        s1_be_q[w]    <= '0;
        s1_bk_q[w]    <= '0;
        s1_se_q[w]    <= '0;
        s1_sk_q[w]    <= '0;
      end
    end else begin
      for (int unsigned w = 0; w < N; w++) begin
        s1_ready_q[w] <= ready_w[w];
        s1_rb_q[w]    <= ready_w[w] & boost_w[w];
        s1_be_q[w]    <= bt_idx_w[w];
        s1_bk_q[w]    <= bk_w[w];
        s1_se_q[w]    <= swr_e[w];
        s1_sk_q[w]    <= swr_key[w];
      end
    end
  end

  // Stage 2: the candidates.
  mask_t cand_w [N];
  logic [NW-1:0] cand_flat; // the candidates by flat index, the round-robin order
  logic  any_rb;
  logic [N-1:0] sww_vld;    // SWF: each warp's winner among the candidates
  logic [N*MfcWidth-1:0] sww_key;  // warp w at bits w*MfcWidth
  eid_t  sww_e  [N];
  always_comb begin : p_cand
    any_rb = 1'b0;
    for (int unsigned w = 0; w < N; w++) begin
      any_rb = any_rb || s1_rb_q[w] != '0;
    end
    for (int unsigned w = 0; w < N; w++) begin
      cand_w[w] = any_rb ? s1_rb_q[w] : s1_ready_q[w];
      cand_flat[w*W +: W] = cand_w[w];
      sww_vld[w] = cand_w[w] != '0;
      sww_key[w*MfcWidth +: MfcWidth] = any_rb ? s1_bk_q[w] : s1_sk_q[w];
      sww_e[w] = any_rb ? s1_be_q[w] : s1_se_q[w];
    end
  end

  // RR: the first candidate after the pointer, circularly (the rr_pick
  // cell over the flat order); the pick's warp and entry are read from its
  // one-hot by an AND-OR (W need not be a power of two).
  logic              cc_hit;
  logic [NW-1:0]     rr_oh;
  flat_t             rr_flat;
  logic [NW*(WarpIdWidth+EntryIdWidth)-1:0] flat_we;  // flat index i at bits i*(WarpIdWidth+EntryIdWidth)
  wid_t              rr_w;
  eid_t              rr_e;
  rr_pick #(.Width(NW)) u_rr (
    .req_i   (cand_flat),
    .last_i  (rr_q),
    .valid_o (cc_hit),
    .idx_o   (rr_flat),
    .onehot_o(rr_oh)
  );
  always_comb begin : p_flat_we
    for (int unsigned w = 0; w < N; w++) begin
      for (int unsigned e = 0; e < W; e++) begin
        flat_we[(w*W+e)*(WarpIdWidth+EntryIdWidth) +: WarpIdWidth+EntryIdWidth] =
            {WarpIdWidth'(w), EntryIdWidth'(e)};
      end
    end
  end
  onehot_mux #(.Num(NW), .Width(WarpIdWidth+EntryIdWidth)) u_rr_we (
    .sel_i (rr_oh),
    .data_i(flat_we),
    .data_o({rr_w, rr_e})
  );

  logic swc_vld;
  mfc_t swc_key;
  wid_t swc_w;
  tourney #(.Width(N), .KeyWidth(MfcWidth)) u_swf_core (
    .valid_i(sww_vld),
    .key_i  (sww_key),
    .valid_o(swc_vld),
    .key_o  (swc_key),
    .idx_o  (swc_w)
  );

  // Stage 2 registers: the pick (0 when there is none) and the pointer.
  logic swf;
  wid_t pick_w;
  eid_t pick_e;
  logic pick_valid_q, pick_boost_q;
  wid_t pick_w_q;
  eid_t pick_e_q;
  assign swf    = sched_i == warp_split_table_pkg::SchedSwf;
  assign pick_w = swf ? swc_w : rr_w;
  assign pick_e = swf ? sww_e[swc_w] : rr_e;
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_stage2
    if (!rst_ni) begin
      pick_valid_q <= 1'b0;
      pick_boost_q <= 1'b0;
      pick_w_q     <= '0;
      pick_e_q     <= '0;
      rr_q         <= FlatIdWidth'(NW - 1);  // round robin starts at flat index 0
    end else begin
      pick_valid_q <= cc_hit;   // some entry was ready (candidates are never empty then)
      pick_boost_q <= cc_hit && any_rb;       // if any candidate is boosted, all are
      pick_w_q     <= cc_hit ? pick_w : '0;
      pick_e_q     <= cc_hit ? pick_e : '0;
      if (cc_hit) begin
        rr_q <= swf ? FlatIdWidth'(32'(pick_w) * W + 32'(pick_e)) : rr_flat;
      end
    end
  end

  // The pick is shown valid only while its split is still ready.
  assign sel_valid_o = pick_valid_q && ready_w[pick_w_q][pick_e_q];
  assign sel_warp_o  = pick_w_q;
  assign sel_entry_o = pick_e_q;
  assign sel_boost_o = pick_boost_q;

  // ------------------------------------------------------------------------
  // Read port
  // ------------------------------------------------------------------------
  // One entry by index: a single read of each field (a mux over the
  // entries, as Yosys builds it for one dynamic index).
  logic rd_w_in, rd_in;
  wid_t rdw;                // rd_warp_i, 0 when out of range (a safe index)
  eid_t rde;                // rd_entry_i, 0 when out of range
  assign rd_w_in = 32'(rd_warp_i) < N;
  assign rd_in   = rd_w_in && 32'(rd_entry_i) < W;
  assign rdw     = rd_w_in ? rd_warp_i : '0;
  assign rde     = rd_in ? rd_entry_i : '0;

  always_comb begin : p_read
    rd_valid_o     = rd_in && valid_s[rdw][rde];
    rd_pc_o        = rd_valid_o ? v_pc[rdw][rde] : '0;
    rd_icount_o    = rd_valid_o ? v_icount[rdw][rde] : '0;
    rd_mask_o      = rd_valid_o ? v_mask[rdw][rde] : '0;
    rd_suspended_o = rd_valid_o && susp_w[rdw][rde];
    rd_held_o      = rd_valid_o && held_s[rdw][rde];
    rd_boost_o     = rd_valid_o && boost_w[rdw][rde];
    rd_mfc_o       = rd_valid_o ? v_mfc[rdw][rde] : '0;
    rd_rmfc_o      = rd_valid_o ? v_rmfc[rdw][rde] : '0;
    rd_memlat_o    = rd_valid_o ? v_memlat[rdw][rde] : '0;
    rd_wait_o      = rd_valid_o ? v_wait[rdw][rde] : '0;
    rd_pending_o   = rd_w_in ? pending_q[rdw] : '0;
  end
  // The read warp's live entries, counted by the popcount cell.
  popcount #(.Width(W)) u_rd_count (.in_i(rd_w_in ? valid_s[rdw] : '0), .count_o(rd_count_o));

  // Outputs of shared cells this block does not need (and the merge count's
  // top bit, always 0 where CountWidth > EntryIdWidth).
  logic unused_enc;
  always_comb begin
    unused_enc = ^{merges_n, swr_vld, surv_unused, surv_any, mi_any, mi_idx, mw_any, mw_idx,
                   swc_vld, swc_key};
    for (int unsigned w = 0; w < N; w++) begin
      unused_enc = unused_enc ^ (^lc_idx_w[w]);
    end
  end

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(warp_split_table_pkg::ErrNone) == 0)
  // A split never needs an entry the warp does not have (5.4.1: one entry
  // per thread; both halves of a split are non-empty).
  `ASSERT_NEVER(SplitHasFreeEntry_A, x_apply && do_split && b_oh == '0)
  `ASSERT_NEVER(LazyHasFreeEntry_A, lazy_go && free_oh_w[lazy_w] == '0)
  // The scheduler never selects a suspended, held or free split.
  `ASSERT(SelIsReady_A, !sel_valid_o || ready_w[sel_warp_o][sel_entry_o])
  // Stage 2 picks a candidate; a boosted pick was boosted and ready.
  `ASSERT(PickIsCandidate_A, !cc_hit || cand_w[pick_w][pick_e])
  `ASSERT(PickBoostIsBoosted_A, !(cc_hit && any_rb) || s1_rb_q[pick_w][pick_e])
  for (genvar w = 0; w < N; w++) begin : gen_warp_assert
`ifndef SYNTHESIS
    // Threads of the warp's valid entries: none in two entries.
    mask_t seen, twice;
    always_comb begin
      seen  = '0;
      twice = '0;
      for (int unsigned e = 0; e < W; e++) begin
        if (valid_s[w][e]) begin
          twice = twice | (seen & v_mask[w][e]);
          seen  = seen | v_mask[w][e];
        end
      end
    end
    `ASSERT(ThreadInOneEntry_A, twice == '0)
    // Only threads of a valid entry wait for a fill.
    `ASSERT(PendingInEntries_A, (pending_q[w] & ~seen) == '0)
`endif
    // Only a valid entry is held.
    `ASSERT(HeldIsValid_A, (held_s[w] & ~valid_s[w]) == '0)
    for (genvar e = 0; e < W; e++) begin : gen_entry_assert
      `ASSERT(EntryNotEmpty_A, !valid_s[w][e] || v_mask[w][e] != '0)
      // A ready split has not been waiting: the merge and the executing
      // cycle rely on it (E.wait is 0, a ready merged entry's wait is 0).
      `ASSERT(ReadyWaitZero_A, !ready_w[w][e] || v_wait[w][e] == '0)
    end
  end

endmodule
