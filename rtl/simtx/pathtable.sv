// SIMT-X: the Pathtable.
//
// Source: SIMT-X (TACO 2020) sections 3.3 (a path id indexes the warp's
// Pathtable, speculative or committed entries), 3.5.1 (buop: h_j = h_i AND c,
// the alternate h_k = h_i AND NOT c), 3.5.2 (cuop: h_k = h_i OR h_j), 3.7.1
// (Figure 3: allocation on a predicted divergence with h_i's mask copied,
// the alternate on a divergent resolution, validation at commit, the useless
// entry, younger entries dropping the lanes that left, free and commit
// pointers), 3.7.2 (nullified mask, rollback), 4.5 (16 x 9 bits for 2W x 4T).
// Behaviour, timing, errors and the decisions the paper leaves open:
// docs/blocks/pathtable.md.
//
// Example (one warp of 4 threads, Figure 3): INIT mask 1111 -> h0 VALID,
// count 1 (its PST slot). BUOP a=h0 -> h1 SPEC 1111, one entry reserved.
// BEXEC a=h0 b=h1 c=0011 -> h1 = 0011, the alternate h2 = 1100 SPEC
// (req_div_o). BCOMMIT a=h0 b=h1 c=h2 alt -> h1, h2 VALID, h0's count 1 -> 0:
// h0 freed. Had c been 1111, h1 would stay 1111 and no alternate would be
// allocated (the useless entry, Figure 3(c)); had c been 0000, h1 would be
// nullified and h2 = 1111 (req_null_o).

`include "assert.svh"

module pathtable #(
  `include "pathtable_paramlist.svh"
) (
  `include "pathtable_portlist.svh"
);

  `include "pathtable_checks.svh"

  localparam int unsigned P    = PathsPerWarp;
  localparam int unsigned W    = WarpWidth;
  localparam int unsigned CntW = PathIdWidth + 1;  // 0 .. P entries

  typedef logic [W-1:0]        mask_t;
  typedef logic [SeqWidth-1:0] seq_t;
  typedef logic [RefWidth-1:0] ref_t;
  typedef logic [1:0]          st_t;
  typedef logic [CntW-1:0]     cnt_t;
  typedef logic [P-1:0]        vec_t;  // a bit per entry of a warp

  localparam st_t  Free  = pathtable_pkg::StateFree;
  localparam st_t  Spec  = pathtable_pkg::StateSpec;
  localparam st_t  Valid = pathtable_pkg::StateValid;
  localparam ref_t RefMax = '1;

  // A warp's row: entry h's fields at h*<width> of each vector (the RTL
  // writes one row a cycle, whole).
  typedef logic [2*P-1:0]        st_row_t;
  typedef logic [W*P-1:0]        mask_row_t;
  typedef logic [RefWidth*P-1:0] ref_row_t;
  typedef logic [SeqWidth*P-1:0] seq_row_t;
  st_row_t   st_q   [NumWarps];
  mask_row_t mask_q [NumWarps];
  ref_row_t  ref_q  [NumWarps];
  seq_row_t  seq_q  [NumWarps];
  // Per warp: the free pointer (next micro-op's sequence), the commit
  // pointer (the oldest uncommitted micro-op's) and the reservations.
  seq_t  fptr_q [NumWarps];
  seq_t  cptr_q [NumWarps];
  cnt_t  resv_q [NumWarps];

  // ------------------------------------------------------------------------
  // The request's warp
  // ------------------------------------------------------------------------
  logic                   warp_ok;
  logic [WarpIdWidth-1:0] rw;
  st_t                    s  [P];
  mask_t                  mk [P];
  ref_t                   rf [P];
  seq_t                   sq [P];
  vec_t                   is_free, is_spec, is_valid;
  seq_t                   fptr, cptr;
  cnt_t                   resv;

  assign warp_ok = 32'(req_warp_i) < NumWarps;
  assign rw      = warp_ok ? req_warp_i : '0;

  always_comb begin : p_row
    for (int unsigned h = 0; h < P; h++) begin
      s[h]        = st_q[rw][2*h +: 2];
      mk[h]       = mask_q[rw][W*h +: W];
      rf[h]       = ref_q[rw][RefWidth*h +: RefWidth];
      sq[h]       = seq_q[rw][SeqWidth*h +: SeqWidth];
      is_free[h]  = s[h] == Free;
      is_spec[h]  = s[h] == Spec;
      is_valid[h] = s[h] == Valid;
    end
    fptr  = fptr_q[rw];
    cptr  = cptr_q[rw];
    resv  = resv_q[rw];
  end

  // Whether each warp's free entries leave one (room1) or two (room2)
  // beyond its reservations, counted from the state alone in every warp;
  // the request's warp only picks its two bits (the count behind the warp's
  // row multiplexer made simtx_rename's longest path at paper).
  localparam int unsigned PcntW = $clog2(P + 1);  // popcount's CountWidth
  logic [NumWarps-1:0] room1_w, room2_w;
  logic                room1, room2;
  for (genvar w = 0; w < NumWarps; w++) begin : gen_room
    vec_t             free_w;
    logic [PcntW-1:0] nfree_w;
    for (genvar h = 0; h < P; h++) begin : gen_free
      assign free_w[h] = st_q[w][2*h +: 2] == Free;
    end
    popcount #(.Width(P)) u_nfree (.in_i(free_w), .count_o(nfree_w));
    assign room1_w[w] = 33'(nfree_w) >= 33'(resv_q[w]) + 33'd1;
    assign room2_w[w] = 33'(nfree_w) >= 33'(resv_q[w]) + 33'd2;
  end
  assign room1 = room1_w[rw];
  assign room2 = room2_w[rw];

  // The lowest free entry: what an allocation takes.
  logic                   any_free;
  logic [PathIdWidth-1:0] free_id;
  vec_t                   free_oh;
  prio_enc #(
    .Width(P)
  ) u_free (
    .in_i    (is_free),
    .valid_o (any_free),
    .idx_o   (free_id),
    .onehot_o(free_oh)
  );
  logic unused_free;
  assign unused_free = ^{any_free, free_oh};

  // ------------------------------------------------------------------------
  // The operands
  // ------------------------------------------------------------------------
  // Path x in range, allocated, speculative, held by somebody.
  logic                   a_in, b_in, c_in;
  logic [PathIdWidth-1:0] a, b, c;  // clamped to a legal index
  logic                   a_live, b_live, c_live, b_spec, c_spec, a_held, b_held;
  mask_t                  ma, mb, mc_in;

  assign a_in   = 32'(req_a_i) < P;
  assign b_in   = 32'(req_b_i) < P;
  assign c_in   = 32'(req_c_i) < P;
  assign a      = a_in ? req_a_i : '0;
  assign b      = b_in ? req_b_i : '0;
  assign c      = c_in ? req_c_i : '0;
  assign a_live = a_in && !is_free[a];
  assign b_live = b_in && !is_free[b];
  assign c_live = c_in && !is_free[c];
  assign b_spec = b_in && is_spec[b];
  assign c_spec = c_in && is_spec[c];
  assign a_held = a_live && rf[a] != '0;
  assign b_held = b_live && rf[b] != '0;
  assign ma     = mk[a];
  assign mb     = mk[b];
  assign mc_in  = req_mask_i;  // BEXEC's condition c, INIT's threads

  // BEXEC: the threads that follow h_j and those that leave it.
  mask_t taken, left;
  assign taken = ma & mc_in;
  assign left  = ma & ~mc_in;

  // Age among the warp's uncommitted micro-ops: the sequence's distance from
  // the commit pointer (0 the oldest).
  seq_t age_b;
  vec_t younger, oldest, expect_oldest;
  assign age_b = sq[b] - cptr;
  always_comb begin : p_age
    for (int unsigned h = 0; h < P; h++) begin
      younger[h]       = is_spec[h] && SeqWidth'(sq[h] - cptr) > age_b;
      oldest[h]        = is_spec[h] && sq[h] == cptr;
      expect_oldest[h] = 1'b0;
    end
    // the entries the commit validates (BCOMMIT: b and its alternate c;
    // CCOMMIT: c -- passed as "b" of the check below)
    if (req_op_i == pathtable_pkg::OpCcommit) begin
      expect_oldest[c] = 1'b1;
    end else begin
      expect_oldest[b] = 1'b1;
      if (req_alt_i) begin
        expect_oldest[c] = 1'b1;
      end
    end
  end
  logic in_order;
  assign in_order = oldest == expect_oldest;

  // ------------------------------------------------------------------------
  // The verdict
  // ------------------------------------------------------------------------
  logic [3:0] err;
  logic       alloc, div, nul;
  always_comb begin : p_verdict
    err   = pathtable_pkg::ErrNone;
    alloc = 1'b0;
    div   = 1'b0;
    nul   = 1'b0;
    if (req_op_i == pathtable_pkg::OpNop) begin
      err = pathtable_pkg::ErrNone;
    end else if (32'(req_op_i) >= 32'(pathtable_pkg::OpSquash) + 1) begin
      err = pathtable_pkg::ErrBadOp;
    end else if (!warp_ok) begin
      err = pathtable_pkg::ErrBadWarp;
    end else begin
      unique case (req_op_i)
        pathtable_pkg::OpInit: begin
          if (mc_in == '0) begin
            err = pathtable_pkg::ErrBadMask;
          end else if (!room1) begin
            err = pathtable_pkg::ErrFull;
          end
          alloc = 1'b1;
        end
        pathtable_pkg::OpBuop: begin  // h_j now, one entry kept for its alternate
          if (!a_held) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (!room2) begin
            err = pathtable_pkg::ErrFull;
          end
          alloc = 1'b1;
        end
        pathtable_pkg::OpBexec: begin
          if (!a_live || !b_spec || a == b) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (resv == '0) begin
            err = pathtable_pkg::ErrBadExec;
          end
          div   = taken != '0 && left != '0;
          nul   = taken == '0 && left != '0;
          alloc = left != '0;
        end
        pathtable_pkg::OpBcommit: begin
          if (!a_held || !b_live || a == b || (req_alt_i && (!c_live || c == a || c == b))) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (!is_valid[a] || !b_spec || (req_alt_i && !c_spec) || !in_order) begin
            err = pathtable_pkg::ErrBadCommit;
          end
        end
        pathtable_pkg::OpCuop: begin
          if (!a_held || !b_held || a == b) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (!room1) begin
            err = pathtable_pkg::ErrFull;
          end
          alloc = 1'b1;
        end
        pathtable_pkg::OpCexec: begin
          if (!a_live || !b_live || !c_spec || a == b || c == a || c == b) begin
            err = pathtable_pkg::ErrBadPath;
          end
        end
        pathtable_pkg::OpCcommit: begin
          if (!a_held || !b_held || !c_live || a == b || c == a || c == b) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (!is_valid[a] || !is_valid[b] || !c_spec || !in_order) begin
            err = pathtable_pkg::ErrBadCommit;
          end
        end
        pathtable_pkg::OpRef: begin
          if (!a_live) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (rf[a] == RefMax) begin
            err = pathtable_pkg::ErrBadRef;
          end
        end
        pathtable_pkg::OpDeref: begin
          if (!a_live) begin
            err = pathtable_pkg::ErrBadPath;
          end else if (rf[a] == '0) begin
            err = pathtable_pkg::ErrBadRef;
          end
        end
        default: begin  // OpSquash: only committed paths can be kept
          if ((req_keep_i & ~is_valid) != '0) begin
            err = pathtable_pkg::ErrBadKeep;
          end
        end
      endcase
    end
    if (err != pathtable_pkg::ErrNone) begin
      alloc = 1'b0;
      div   = 1'b0;
      nul   = 1'b0;
    end
  end

  logic apply;
  assign apply       = req_op_i != pathtable_pkg::OpNop && err == pathtable_pkg::ErrNone;
  assign req_err_o   = err;
  assign req_alloc_o = alloc;
  assign req_id_o    = alloc ? free_id : '0;
  assign req_div_o   = div;
  assign req_null_o  = nul;

  // ------------------------------------------------------------------------
  // The warp's entries after the edge
  // ------------------------------------------------------------------------
  st_t   s_d  [P];
  mask_t mk_d [P];
  ref_t  rf_d [P];
  seq_t  sq_d [P];
  seq_t  fptr_d, cptr_d;
  cnt_t  resv_d;
  vec_t  release_h;  // SQUASH frees the entry
  vec_t  rf_set;     // the count is set (an allocation's 1, a SQUASH's kept 1): rf_d

  always_comb begin : p_next
    fptr_d = fptr;
    cptr_d = cptr;
    resv_d = resv;
    for (int unsigned h = 0; h < P; h++) begin
      s_d[h]       = s[h];
      mk_d[h]      = mk[h];
      rf_d[h]      = rf[h];
      sq_d[h]      = sq[h];
      release_h[h] = 1'b0;
      rf_set[h]    = 1'b0;
    end
    unique case (req_op_i)
      pathtable_pkg::OpInit: begin
        s_d[free_id]  = Valid;
        mk_d[free_id] = mc_in;
        rf_d[free_id]   = RefWidth'(1);
        rf_set[free_id] = 1'b1;
        sq_d[free_id]   = '0;
      end
      pathtable_pkg::OpBuop: begin  // a: +1 (the buop) -1 (its PST slot, now h_j's)
        s_d[free_id]  = Spec;
        mk_d[free_id] = ma;
        rf_d[free_id]   = RefWidth'(1);
        rf_set[free_id] = 1'b1;
        sq_d[free_id]   = fptr;
        fptr_d        = fptr + 1'b1;
        resv_d        = resv + 1'b1;
      end
      pathtable_pkg::OpBexec: begin
        for (int unsigned h = 0; h < P; h++) begin
          if (younger[h]) begin
            mk_d[h] = mk[h] & ~left;  // copied from h_j: drop the lanes that left
          end
        end
        mk_d[b] = taken;
        if (alloc) begin  // the alternate, as old as h_j: one buop commits both
          s_d[free_id]  = Spec;
          mk_d[free_id] = left;
          rf_d[free_id]   = RefWidth'(1);
          rf_set[free_id] = 1'b1;
          sq_d[free_id]   = sq[b];
        end
        resv_d = resv - 1'b1;
      end
      pathtable_pkg::OpBcommit: begin
        s_d[b] = Valid;
        if (req_alt_i) begin
          s_d[c] = Valid;
        end
        cptr_d  = cptr + 1'b1;  // a: the buop lets go (p_delta)
      end
      pathtable_pkg::OpCuop: begin  // a, b: their PST slots become the cuop's references
        s_d[free_id]  = Spec;
        mk_d[free_id] = ma | mb;
        rf_d[free_id]   = RefWidth'(1);
        rf_set[free_id] = 1'b1;
        sq_d[free_id]   = fptr;
        fptr_d        = fptr + 1'b1;
      end
      pathtable_pkg::OpCexec: begin
        mk_d[c] = ma | mb;
      end
      pathtable_pkg::OpCcommit: begin
        s_d[c]  = Valid;
        cptr_d  = cptr + 1'b1;  // a, b: the cuop lets go (p_delta)
      end
      pathtable_pkg::OpRef, pathtable_pkg::OpDeref: begin  // p_delta
      end
      pathtable_pkg::OpSquash: begin
        for (int unsigned h = 0; h < P; h++) begin
          if (is_valid[h] && req_keep_i[h]) begin
            rf_d[h]   = RefWidth'(1);  // held by its slot of the restored PST, nobody else
            rf_set[h] = 1'b1;
          end
          release_h[h] = !is_free[h] && !(is_valid[h] && req_keep_i[h]);
        end
        fptr_d = cptr;
        resv_d = '0;
      end
      default: begin
      end
    endcase
  end

  // The counts' steps of one: a commit's sources let go, DEREF, REF
  // (decoded: the request's verdict only decides whether its row is
  // written), summed with the holders' beside the port in p_final.
  vec_t inc1, dec1;
  always_comb begin : p_delta
    for (int unsigned h = 0; h < P; h++) begin
      inc1[h] = req_op_i == pathtable_pkg::OpRef && a == PathIdWidth'(h);
      dec1[h] = ((req_op_i == pathtable_pkg::OpBcommit || req_op_i == pathtable_pkg::OpDeref ||
                  req_op_i == pathtable_pkg::OpCcommit) && a == PathIdWidth'(h)) ||
                (req_op_i == pathtable_pkg::OpCcommit && b == PathIdWidth'(h));
    end
  end

  // ------------------------------------------------------------------------
  // The holders beside the request port (hold_*, drop_*)
  // ------------------------------------------------------------------------
  // Each is judged on its entry as it was before the edge and on the
  // request's own change to its count: a hold needs room above the count
  // after the request, a drop a reference left after the request and the
  // hold. A hold or drop of the warp the edge's SQUASH rolls back is
  // discarded. Each verdict is worked out twice, as if the request applies
  // (its warp's counts stepped by it: hold_a, drop_a; a SQUASH discards)
  // and as if it does not (the counts before the edge), and `apply` -- the
  // request's own verdict, the slowest cone -- only picks one at the end:
  // the request's warp applies the first in its row (hold_row, drop_row),
  // any other write takes the one entry each changes from the second.
  //
  // A drop's room counts a hold of the same entry whether or not the hold
  // is refused: a refused hold names a warp or path the drop shares (the
  // same BAD_WARP or BAD_PATH), or a count at its maximum (room anyway), or
  // a SQUASHed warp (discarded alike).
  logic                   hold_wok, drop_wok, hold_pok, drop_pok, hold_rw, drop_rw;
  logic                   hold_sw, drop_sw;  // the request's warp (apply or not)
  logic [WarpIdWidth-1:0] hw, dw;
  logic [PathIdWidth-1:0] hh, dh;
  logic                   squash_req, same, hold_same_n;
  logic                   hold_ok_a, hold_ok_n, drop_ok_a, drop_ok_n;
  st_t                    hold_st, drop_st;
  ref_t                   hold_q, drop_q, hold_a, drop_a, hold_new, drop_new;
  logic [3:0]             hold_pre, drop_pre, hold_err_a, hold_err_n, drop_err_a, drop_err_n;
  logic [3:0]             hold_err, drop_err;
  vec_t                   hold_row, drop_row;

  assign hold_wok   = 32'(hold_warp_i) < NumWarps;
  assign drop_wok   = 32'(drop_warp_i) < NumWarps;
  assign hold_pok   = 32'(hold_path_i) < P;
  assign drop_pok   = 32'(drop_path_i) < P;
  assign hw         = hold_wok ? hold_warp_i : '0;
  assign dw         = drop_wok ? drop_warp_i : '0;
  assign hh         = hold_pok ? hold_path_i : '0;
  assign dh         = drop_pok ? drop_path_i : '0;
  assign hold_sw    = hold_warp_i == req_warp_i;
  assign drop_sw    = drop_warp_i == req_warp_i;
  assign hold_rw    = apply && hold_sw;
  assign drop_rw    = apply && drop_sw;
  assign squash_req = req_op_i == pathtable_pkg::OpSquash;
  assign hold_st    = st_q[hw][2*hh +: 2];
  assign drop_st    = st_q[dw][2*dh +: 2];
  assign hold_q     = ref_q[hw][RefWidth*hh +: RefWidth];
  assign drop_q     = ref_q[dw][RefWidth*dh +: RefWidth];
  assign hold_a     = rf[hh] + RefWidth'(inc1[hh]) - RefWidth'(dec1[hh]);
  assign drop_a     = rf[dh] + RefWidth'(inc1[dh]) - RefWidth'(dec1[dh]);
  assign same       = hold_valid_i && hold_warp_i == drop_warp_i && hold_path_i == drop_path_i;

  always_comb begin : p_side
    hold_pre = pathtable_pkg::ErrNone;
    drop_pre = pathtable_pkg::ErrNone;
    if (!hold_wok) begin
      hold_pre = pathtable_pkg::ErrBadWarp;
    end else if (!hold_pok || hold_st == Free) begin
      hold_pre = pathtable_pkg::ErrBadPath;
    end
    if (!drop_wok) begin
      drop_pre = pathtable_pkg::ErrBadWarp;
    end else if (!drop_pok || drop_st == Free) begin
      drop_pre = pathtable_pkg::ErrBadPath;
    end
    hold_err_a = hold_pre;
    hold_err_n = hold_pre;
    drop_err_a = drop_pre;
    drop_err_n = drop_pre;
    if (hold_pre == pathtable_pkg::ErrNone) begin
      if (hold_a == RefMax && !squash_req) begin
        hold_err_a = pathtable_pkg::ErrBadRef;
      end
      if (hold_q == RefMax) begin
        hold_err_n = pathtable_pkg::ErrBadRef;
      end
    end
    if (drop_pre == pathtable_pkg::ErrNone && !same) begin
      if (drop_a == '0 && !squash_req) begin
        drop_err_a = pathtable_pkg::ErrBadRef;
      end
      if (drop_q == '0) begin
        drop_err_n = pathtable_pkg::ErrBadRef;
      end
    end
  end
  assign hold_ok_a  = hold_valid_i && hold_err_a == pathtable_pkg::ErrNone && !squash_req;
  assign hold_ok_n  = hold_valid_i && hold_err_n == pathtable_pkg::ErrNone;
  assign drop_ok_a  = drop_valid_i && drop_err_a == pathtable_pkg::ErrNone && !squash_req;
  assign drop_ok_n  = drop_valid_i && drop_err_n == pathtable_pkg::ErrNone;
  assign hold_err   = !hold_valid_i ? pathtable_pkg::ErrNone : hold_rw ? hold_err_a : hold_err_n;
  assign drop_err   = !drop_valid_i ? pathtable_pkg::ErrNone : drop_rw ? drop_err_a : drop_err_n;
  assign hold_err_o = hold_err;
  assign drop_err_o = drop_err;
  // Another write than the request's row: the hold adds one (and never
  // frees: the entry was held or validated with a count, or the drop of
  // the same entry takes back what the hold adds); the drop takes one, net
  // of the hold.
  assign hold_same_n = hold_ok_n && same;
  assign hold_new    = hold_q + 1'b1;
  assign drop_new    = drop_q - RefWidth'(!hold_same_n);
  always_comb begin : p_side_row
    for (int unsigned h = 0; h < P; h++) begin
      hold_row[h] = hold_ok_a && hold_sw && hh == PathIdWidth'(h);
      drop_row[h] = drop_ok_a && drop_sw && dh == PathIdWidth'(h);
    end
  end

  // The request's response; the sticky bits count the holds' and drops'
  // codes too (their registered responses are not ports).
  logic [1:0] side_rsp_valid;
  logic [7:0] side_rsp_err;
  rsp_reg #(
    .NumPorts(3),
    .ErrWidth(4)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i ({drop_valid_i, hold_valid_i, req_op_i != pathtable_pkg::OpNop}),
    .err_i   ({drop_err, hold_err, err}),
    .valid_o ({side_rsp_valid, rsp_valid_o}),
    .err_o   ({side_rsp_err, rsp_err_o}),
    .sticky_o(err_sticky_o)
  );
  logic unused_side_rsp;
  assign unused_side_rsp = ^{side_rsp_valid, side_rsp_err};

  // The request's warp after the holders beside the request port: a
  // committed entry nobody holds is freed, every field back to 0. (Every
  // other committed entry holds a reference: only a count reaching 0 or a
  // validation at 0 meets this test.)
  st_t   s_f  [P];
  mask_t mk_f [P];
  ref_t  rf_f [P];
  seq_t  sq_f [P];
  // The request's own steps are summed first; the holders' (which wait for
  // the PIRAT's commit verdict) then pick the sum one above, at or one
  // below, and its test against 0, each formed beside them.
  always_comb begin : p_final
    for (int unsigned h = 0; h < P; h++) begin
      logic [RefWidth-1:0] base, sum;
      logic                at0;  // sum == 0
      base = rf[h] + RefWidth'(inc1[h]) - RefWidth'(dec1[h]);
      if (hold_row[h] && !drop_row[h]) begin
        sum = base + 1'b1;
        at0 = base == '1;
      end else if (drop_row[h] && !hold_row[h]) begin
        sum = base - 1'b1;
        at0 = base == RefWidth'(1);
      end else begin
        sum = base;
        at0 = base == '0;
      end
      s_f[h]  = s_d[h];
      mk_f[h] = mk_d[h];
      rf_f[h] = rf_set[h] ? rf_d[h] : sum;
      sq_f[h] = sq_d[h];
      if (release_h[h] || (s_d[h] == Valid && !rf_set[h] && at0)) begin
        s_f[h]  = Free;
        mk_f[h] = '0;
        rf_f[h] = '0;
        sq_f[h] = '0;
      end else if (s_d[h] == Valid) begin
        sq_f[h] = '0;
      end
    end
  end

  // ------------------------------------------------------------------------
  // State
  // ------------------------------------------------------------------------
  // The request's warp's row after the edge, packed.
  st_row_t   st_row_d;
  mask_row_t mask_row_d;
  ref_row_t  ref_row_d;
  seq_row_t  seq_row_d;
  always_comb begin : p_pack
    for (int unsigned h = 0; h < P; h++) begin
      st_row_d[2*h +: 2]                 = s_f[h];
      mask_row_d[W*h +: W]               = mk_f[h];
      ref_row_d[RefWidth*h +: RefWidth]  = rf_f[h];
      seq_row_d[SeqWidth*h +: SeqWidth]  = sq_f[h];
    end
  end

  // Another warp than the request's: the hold's entry and the drop's (freed
  // when the drop leaves a committed entry nobody holds).
  logic drop_frees;
  assign drop_frees = drop_st == Valid && drop_new == '0;

  for (genvar w = 0; w < NumWarps; w++) begin : gen_warp
    logic wr, hold_wr, drop_wr;
    assign wr      = apply && 32'(req_warp_i) == w;
    assign hold_wr = hold_ok_n && !hold_rw && 32'(hold_warp_i) == w;
    assign drop_wr = drop_ok_n && !drop_rw && 32'(drop_warp_i) == w;
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_warp
      if (!rst_ni) begin
        st_q[w]   <= '0;  // every entry Free (0)
        mask_q[w] <= '0;
        ref_q[w]  <= '0;
        seq_q[w]  <= '0;
        fptr_q[w] <= '0;
        cptr_q[w] <= '0;
        resv_q[w] <= '0;
      end else if (wr) begin
        st_q[w]   <= st_row_d;
        mask_q[w] <= mask_row_d;
        ref_q[w]  <= ref_row_d;
        seq_q[w]  <= seq_row_d;
        fptr_q[w] <= fptr_d;
        cptr_q[w] <= cptr_d;
        resv_q[w] <= resv_d;
      end else begin
        if (hold_wr) begin
          ref_q[w][RefWidth*hh +: RefWidth] <= hold_new;
        end
        if (drop_wr) begin
          ref_q[w][RefWidth*dh +: RefWidth] <= drop_new;
          if (drop_frees) begin
            st_q[w][2*dh +: 2]   <= Free;
            mask_q[w][W*dh +: W] <= '0;
          end
        end
      end
    end
  end



  // ------------------------------------------------------------------------
  // Read port
  // ------------------------------------------------------------------------
  logic rd_warp_ok, rd_ok;
  logic [PathIdWidth-1:0] rd_ix;
  st_row_t   rd_st_row;    // the row of rd_warp_i (0s when out of range)
  mask_row_t rd_mask_row;
  vec_t rd_free_v;
  assign rd_warp_ok = 32'(rd_warp_i) < NumWarps;
  assign rd_ok      = rd_warp_ok && 32'(rd_path_i) < P;
  assign rd_ix      = rd_ok ? rd_path_i : '0;
  // One warp multiplexer per row: the per-entry read selects its entry from
  // it, and the whole-row outputs are the row itself.
  assign rd_st_row   = rd_warp_ok ? st_q[rd_warp_i] : '0;
  assign rd_mask_row = rd_warp_ok ? mask_q[rd_warp_i] : '0;
  always_comb begin : p_rd_free
    for (int unsigned h = 0; h < P; h++) begin
      rd_free_v[h] = rd_warp_ok && rd_st_row[2*h +: 2] == Free;
    end
  end
  assign rd_state_o = rd_ok ? rd_st_row[2*rd_ix +: 2] : Free;
  assign rd_mask_o  = rd_ok ? rd_mask_row[W*rd_ix +: W] : '0;
  assign rd_ref_o   = rd_ok ? ref_q[rd_warp_i][RefWidth*rd_ix +: RefWidth] : '0;
  logic [PcntW-1:0] rd_free_n;
  popcount #(.Width(P)) u_rd_free (.in_i(rd_free_v), .count_o(rd_free_n));
  assign rd_free_o  = CntW'(rd_free_n);
  assign rd_resv_o  = rd_warp_ok ? resv_q[rd_warp_i] : '0;
  // The registers' packing is the ports' (entry h at 2h and h*W), a free
  // entry's fields are 0 (FreeIsEmpty_A) and FREE is 0 (FreeIsZero_A): the
  // row as stored is what rd_states_o, rd_masks_o and rd_refs_o show.
  assign rd_states_o = rd_st_row;
  assign rd_masks_o  = rd_mask_row;
  assign rd_refs_o   = rd_warp_ok ? ref_q[rd_warp_i] : '0;

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(pathtable_pkg::ErrNone) == 0)
  `ASSERT_INIT(FreeIsZero_A, 32'(Free) == 0)
  for (genvar w = 0; w < NumWarps; w++) begin : gen_warp_assert
    vec_t free_v;
    for (genvar h = 0; h < P; h++) begin : gen_free
      assign free_v[h] = st_q[w][2*h +: 2] == Free;
    end
    // The reservations always fit in the free entries: an executing buop's
    // alternate always finds one.
    `ASSERT(ReservationFits_A, 32'(resv_q[w]) <= $countones(free_v))
    // The uncommitted micro-ops fit in the table (each holds an entry).
    `ASSERT(InflightFits_A, 32'(SeqWidth'(fptr_q[w] - cptr_q[w])) <= P)
    for (genvar h = 0; h < P; h++) begin : gen_entry_assert
      // A free entry holds nothing; no entry is in the unused state 3.
      `ASSERT(FreeIsEmpty_A, st_q[w][2*h +: 2] != Free ||
                             (mask_q[w][W*h +: W] == '0 && ref_q[w][RefWidth*h +: RefWidth] == '0))
      `ASSERT_NEVER(NoState3_A, st_q[w][2*h +: 2] == 2'd3)
    end
  end

endmodule
