// SIMT-X: the Path-Identifying Register Alias Table (PIRAT), its Commit copy
// and the free list of physical registers.
//
// Source: SIMT-X (TACO 2020) section 3.8 (per warp and architectural
// register a Main and a Leading Divergent (LDiv) physical register, the
// LDiv's lanes a path id while its producer is in flight, a mask after; the
// source rules (Wmask within Rmask, within NOT Rmask, else a merge) and the
// destination rules gated by a pending divergence of 3.8.1 and 3.8.2; the
// serialisation of merges of 3.8.3; the Commit PIRAT of masks and register
// release of 3.8.4), 3.5.3 (the merge micro-op Rk <- (NOT h AND Ri) OR (h AND
// Rj)), 3.7.2 (rollback to the retirement copy), Figure 4, 4.5. Behaviour,
// timing, errors and the decisions the paper leaves open (one instruction
// and one merge a cycle, path id to mask at the producer's commit, the held
// pair of a destination merge, rollback at retirement):
// docs/blocks/pirat.md.
//
// One rename, one commit and one rollback a cycle, judged against the state
// at the start of the cycle and applied at the edge: the commit first, then
// the rollback (its warp's speculative entries := its Commit PIRAT entries as
// the commit left them), with the rename's entry writes winning over the
// commit's path-id-to-mask conversion. ren_ready_o, ren_err_o, cmt_err_o and
// the read port are combinational; the renamed micro-ops (mrg_*, ins_*,
// uop_warp_o), free_count_o and err_sticky_o are registered.
//
// Example (paper configuration, warp 0; Figure 4(c)): at reset r1 is
// (p1, -, -) and p32 is the lowest free register. `add r1` on path h1,
// Wmask 0011, no divergence pending: a Main-only destination, r1 :=
// (p1, h1, p32), ins_dst_o = 32 in the next cycle. `sub r1 <- r1 - 1` on
// path h3 (Wmask 0011, within h1's mask) with a divergence pending: the
// source reads the LDiv, p32; the destination needs a merge: mrg_dst_o = 33
// (p33 <- phi(p1, h1, p32), mrg_hold_o = 1), r1 := (p33, h3, p34),
// ins_src0_o = 32, ins_dst_o = 34.

`include "assert.svh"

module pirat #(
  `include "pirat_paramlist.svh"
) (
  `include "pirat_portlist.svh"
);

  `include "pirat_checks.svh"

  // NumWarps and ArchRegs kept at least 1 below, so that an illegal value
  // reaches the declaration's own $error (pirat_checks.svh) rather than a
  // zero-width cast
  localparam int unsigned N  = NumWarps < 1 ? 1 : NumWarps;
  localparam int unsigned A  = ArchRegs < 1 ? 1 : ArchRegs;
  localparam int unsigned NE = N * A;  // entries, e = w * A + r
  localparam int unsigned P  = PhysRegs;
  localparam int unsigned W  = WarpWidth;
  localparam int unsigned H  = PathsPerWarp;
  localparam int unsigned HP = 1 << PathIdWidth;     // path ids an entry can name

  typedef logic [PregWidth-1:0]   preg_t;
  typedef logic [WarpWidth-1:0]   mask_t;
  typedef logic [MpWidth-1:0]     mp_t;
  typedef logic [WarpIdWidth-1:0] warp_t;
  typedef logic [CountWidth-1:0]  cnt_t;
  typedef logic [P-1:0]           pvec_t;  // a bit per physical register
  typedef logic [NE-1:0]          evec_t;  // a bit per entry
  typedef logic [A-1:0]           rvec_t;  // a bit per architectural register
  typedef logic [N-1:0]           wvec_t;  // a bit per warp

  localparam mask_t Lanes = '1;

  // An entry's index, w * A + r (0 when either is out of range: its reads
  // are then masked by e_ok). The PIRAT fields are read by index, a
  // multiplexer, rather than as AND-OR reductions over one-hot decodes.
  localparam int unsigned EW = NE > 1 ? $clog2(NE) : 1;
  typedef logic [EW-1:0] eidx_t;
  function automatic eidx_t eidx(input warp_t w, input logic [RegIdWidth-1:0] r);
    eidx = e_ok(w, r) ? EW'(32'(w) * A + 32'(r)) : '0;
  endfunction
  function automatic logic e_ok(input warp_t w, input logic [RegIdWidth-1:0] r);
    e_ok = 32'(w) < N && 32'(r) < A;
  endfunction

  // One-hot decode of a physical register number (0 when >= PhysRegs):
  // the low DL bits decoded once into a slice, the slice placed by the high
  // bits (a predecoded decoder, in word-wide operations for Verilator).
  localparam int unsigned DL = (PregWidth > 6) ? 5 : PregWidth - 1;
  localparam int unsigned SL = 1 << DL;                         // a slice, <= PhysRegs
  function automatic pvec_t preg_oh(input preg_t q);
    logic [SL-1:0] lo;
    lo = SL'(1) << q[DL-1:0];
    for (int unsigned h = 0; h < P / SL; h++) begin
      preg_oh[h*SL +: SL] = (32'(q) / SL == h) ? lo : '0;
    end
    for (int unsigned p = (P / SL) * SL; p < P; p++) begin  // a last, partial slice
      preg_oh[p] = 32'(q) / SL == P / SL && lo[p % SL];
    end
  endfunction

  // ------------------------------------------------------------------------
  // State
  // ------------------------------------------------------------------------
  // The speculative PIRAT, one array per field: Main, LDiv valid, M/T (the
  // LDiv's lanes are path id mp, else mask mp), mask-or-path, LDiv.
  preg_t sm_q  [NE];
  evec_t sv_q;
  evec_t sp_q;
  mp_t   smp_q [NE];
  preg_t sl_q  [NE];
  // The Commit PIRAT: masks only (section 3.8.4).
  preg_t cm_q  [NE];
  evec_t cv_q;
  mask_t ck_q  [NE];
  preg_t cl_q  [NE];
  // Per physical register: free, in flight (allocated, its micro-op not
  // committed) and the warp that allocated it (meaningful while in flight),
  // each a vector of a bit per register, updated as a whole: the owners as
  // bit planes, bit b of every register's owner in ownb_q[b].
  pvec_t free_q;
  pvec_t infl_q;
  pvec_t ownb_q [WarpIdWidth];
  // Per warp: the held pair, a destination merge's sources parked at its
  // commit until the warp's next commit.
  wvec_t hv_q;
  preg_t ha_q [N];
  preg_t hb_q [N];
  // Counters kept beside the vectors they count (FreeCount_A and
  // InflightCount_A check them): the free registers (free_count_o) and each
  // warp's registers in flight (what its rollback frees). With them the
  // rename's "enough registers" test and free_count_o need no popcount.
  // A warp's count takes the registers its rename allocated a cycle late
  // (iadd_q: 0, 1 or 2), off the rename's path; a rollback adds them.
  cnt_t fcnt_q;
  cnt_t icnt_q [N];
  logic [1:0] iadd_q [N];

  // ------------------------------------------------------------------------
  // The free list's two lowest free registers
  // ------------------------------------------------------------------------
  // A merge takes the lowest, the instruction's destination the next: both
  // from free_q alone, in parallel with the rename's decision, which only
  // chooses whether to take them. A binary tree over the registers (the
  // leading-zero counter's, carrying two indices): a node knows whether its
  // half holds one, two free registers and the indices of its lowest two;
  // a parent takes them from its lower child, or from the upper one with
  // the level's index bit set. log2(PhysRegs) levels of 3-input muxes whose
  // selects are the lower child's counts, and the indices come out ready to
  // write into the entries (the one-hot forms the free list needs are
  // decoded from them, beside the rename's decision). (prio_enc finds the
  // lowest alone, and its index through a chain as long as its input.)
  // The same tree in two stages, for Verilator: its first TL levels in
  // whole-vector operations, node i of level l at bit i * 2^l of a vector
  // of a bit per register (its upper child's values shifted down to it,
  // the bits between nodes unused) and its indices as bit planes; then the
  // remaining levels over the NC nodes left, one at a time.
  localparam int unsigned TL = (PregWidth < 5) ? PregWidth : 5;
  localparam int unsigned NC = 1 << (PregWidth - TL);
  logic  root_one, root_two;  // at least one, two free registers
  preg_t lo0, lo1;            // the lowest and the next lowest free register
  always_comb begin : p_lo_tree
    pvec_t         one, two;  // stage 1: the nodes' counts ...
    pvec_t         ip0 [TL];  // ... bit b of the index of their lowest,
    pvec_t         ip1 [TL];  //     next lowest, in plane b
    logic [NC-1:0] cone, ctwo;  // stage 2: node i of the level
    preg_t         ix0 [NC];
    preg_t         ix1 [NC];
    one = free_q;
    two = '0;
    for (int unsigned b = 0; b < TL; b++) begin
      ip0[b] = '0;
      ip1[b] = '0;
    end
    for (int unsigned l = 0; l < TL; l++) begin
      // level l+1 at bits i * 2^(l+1): lower child at the same bit, upper
      // child 2^l bits above
      for (int unsigned b = 0; b < l; b++) begin
        ip1[b] = (two & ip1[b]) | (~two & one & (ip0[b] >> (1 << l))) |
                 (~two & ~one & (ip1[b] >> (1 << l)));
        ip0[b] = (one & ip0[b]) | (~one & (ip0[b] >> (1 << l)));
      end
      ip1[l] = ~two;
      ip0[l] = ~one;
      two    = two | (two >> (1 << l)) | (one & (one >> (1 << l)));
      one    = one | (one >> (1 << l));
    end
    for (int unsigned i = 0; i < NC; i++) begin
      cone[i] = (i << TL) < P && one[((i << TL) < P) ? (i << TL) : 0];
      ctwo[i] = (i << TL) < P && two[((i << TL) < P) ? (i << TL) : 0];
      ix0[i]  = '0;
      ix1[i]  = '0;
      for (int unsigned b = 0; b < TL; b++) begin
        ix0[i][b] = (i << TL) < P && ip0[b][((i << TL) < P) ? (i << TL) : 0];
        ix1[i][b] = (i << TL) < P && ip1[b][((i << TL) < P) ? (i << TL) : 0];
      end
    end
    for (int unsigned l = TL; l < PregWidth; l++) begin
      // level l+1: node i from nodes 2i (lower) and 2i+1 (upper), 2^l
      // registers each; written in place (2i, 2i+1 >= i, not yet written)
      for (int unsigned i = 0; i < (NC >> (l + 1 - TL)); i++) begin
        ix1[i]  = ctwo[2*i] ? ix1[2*i] :
                  cone[2*i] ? ix0[2*i+1] | PregWidth'(1 << l) :
                              ix1[2*i+1] | PregWidth'(1 << l);
        ix0[i]  = cone[2*i] ? ix0[2*i] : ix0[2*i+1] | PregWidth'(1 << l);
        ctwo[i] = ctwo[2*i] | ctwo[2*i+1] | (cone[2*i] & cone[2*i+1]);
        cone[i] = cone[2*i] | cone[2*i+1];
      end
    end
    root_one = cone[0];
    root_two = ctwo[0];
    lo0      = ix0[0];
    lo1      = ix1[0];
  end

  pvec_t lo0_oh, lo1_oh;  // the same, one-hot (0 when there is none)
  assign lo0_oh = root_one ? preg_oh(lo0) : '0;
  assign lo1_oh = root_two ? preg_oh(lo1) : '0;

  // At least one, two free registers.
  logic have1, have2;
  assign have1 = fcnt_q != '0;
  assign have2 = fcnt_q > CountWidth'(1);

  // ------------------------------------------------------------------------
  // Rename: the request's checks
  // ------------------------------------------------------------------------
  logic rb_ok;  // an accepted rollback
  assign rb_ok = rb_valid_i && 32'(rb_warp_i) < N;

  logic       ren_blocked, ren_go;
  logic [2:0] ren_err;
  always_comb begin : p_ren_err
    ren_blocked = ren_valid_i && rb_ok && rb_warp_i == ren_warp_i;
    ren_err     = pirat_pkg::ErrNone;
    if (ren_valid_i && !ren_blocked) begin
      if (32'(ren_warp_i) >= N) begin
        ren_err = pirat_pkg::ErrBadWarp;
      end else if (32'(ren_path_i) >= H || ren_path_bad_i) begin
        ren_err = pirat_pkg::ErrBadPath;
      end else if ((ren_src_valid_i[0] && 32'(ren_src0_i) >= A) ||
                   (ren_src_valid_i[1] && 32'(ren_src1_i) >= A) ||
                   (ren_dst_valid_i && 32'(ren_dst_i) >= A)) begin
        ren_err = pirat_pkg::ErrBadReg;
      end
    end
    ren_go = ren_valid_i && !ren_blocked && ren_err == pirat_pkg::ErrNone && !ren_hold_i;
  end

  // Decoded addresses (all 0 when out of range).
  wvec_t ren_w_oh, cmt_w_oh, rb_w_oh;
  rvec_t s0_oh, s1_oh, d_oh;
  always_comb begin : p_ren_dec
    for (int unsigned w = 0; w < N; w++) begin
      ren_w_oh[w] = 32'(ren_warp_i) == w;
      cmt_w_oh[w] = 32'(cmt_warp_i) == w;
      rb_w_oh[w]  = rb_ok && 32'(rb_warp_i) == w;
    end
    for (int unsigned r = 0; r < A; r++) begin
      s0_oh[r] = 32'(ren_src0_i) == r;
      s1_oh[r] = 32'(ren_src1_i) == r;
      d_oh[r]  = 32'(ren_dst_i) == r;
    end
  end

  // ------------------------------------------------------------------------
  // Rename: Wmask against every path's mask, in parallel with the entry reads
  // ------------------------------------------------------------------------
  // Per path h of the row (Rmask R = path h's mask): Wmask within R, within
  // NOT R, covering R, covering NOT R. An entry's path id then selects its
  // four bits; ids >= PathsPerWarp (never stored) select 0s.
  mask_t          wmask;
  logic [HP-1:0]  ph_sub, ph_dis, ph_sup, ph_supn;
  always_comb begin : p_paths
    mask_t pm;
    wmask = '0;
    for (int unsigned h = 0; h < H; h++) begin
      wmask = wmask | ((32'(ren_path_i) == h) ? pt_masks_i[h*W +: W] : '0);
    end
    ph_sub  = '0;
    ph_dis  = '0;
    ph_sup  = '0;
    ph_supn = '0;
    for (int unsigned h = 0; h < H; h++) begin
      pm         = pt_masks_i[h*W +: W];
      ph_sub[h]  = (wmask & ~pm) == '0;
      ph_dis[h]  = (wmask & pm) == '0;
      ph_sup[h]  = (pm & ~wmask) == '0;
      ph_supn[h] = (pm | wmask) == Lanes;
    end
  end

  // ------------------------------------------------------------------------
  // Rename: the three entries it reads (k = 0, 1: the sources, 2: the
  // destination), 0s for an address out of range
  // ------------------------------------------------------------------------
  preg_t      e_m  [3];
  logic [2:0] e_v, e_p;
  mp_t        e_mp [3];
  preg_t      e_l  [3];
  always_comb begin : p_ren_entry
    logic [RegIdWidth-1:0] r;
    eidx_t                 e;
    logic                  ok;
    for (int unsigned k = 0; k < 3; k++) begin
      r       = (k == 0) ? ren_src0_i : (k == 1) ? ren_src1_i : ren_dst_i;
      e       = eidx(ren_warp_i, r);
      ok      = e_ok(ren_warp_i, r);
      e_m[k]  = ok ? sm_q[e] : '0;
      e_v[k]  = ok && sv_q[e];
      e_p[k]  = ok && sp_q[e];
      e_mp[k] = ok ? smp_q[e] : '0;
      e_l[k]  = ok ? sl_q[e] : '0;
    end
  end

  // Each entry's Rmask against Wmask, through its path id (the per-path bits
  // above) or its mask: a source's "Wmask within R" and "within NOT R", the
  // destination's "Wmask covers R" and "covers NOT R".
  logic [1:0] e_sub, e_dis;
  logic       d_sup, d_supn;
  always_comb begin : p_ren_rmask
    mask_t                  m;
    logic [PathIdWidth-1:0] h;
    for (int unsigned k = 0; k < 2; k++) begin
      m = e_mp[k][W-1:0];
      h = e_mp[k][PathIdWidth-1:0];
      e_sub[k] = e_p[k] ? ph_sub[h] : (wmask & ~m) == '0;
      e_dis[k] = e_p[k] ? ph_dis[h] : (wmask & m) == '0;
    end
    m      = e_mp[2][W-1:0];
    h      = e_mp[2][PathIdWidth-1:0];
    d_sup  = e_p[2] ? ph_sup[h] : (m & ~wmask) == '0;
    d_supn = e_p[2] ? ph_supn[h] : (m | wmask) == Lanes;
  end

  // ------------------------------------------------------------------------
  // Rename: the rules, the merges, the registers
  // ------------------------------------------------------------------------
  logic mrg0, mrg1;      // source k's register needs a merge
  logic ld0, ld1;        // source k reads the LDiv (else Main, or P_phi)
  logic dst_after;       // the destination's register merges as a source
  logic d_ovm;           // dst_over_main: Main := the LDiv
  logic dmrg;            // a destination merge
  logic multi;           // two merges or more: only the first source's now
  logic anymrg;          // the instruction needs a merge
  logic need1, need2;    // the cycle takes at least one, two registers
  logic take;            // something is renamed at this edge
  logic take_ins;        // the instruction is
  logic take_mrg;        // a merge micro-op is
  logic alloc_a, alloc_b;  // the lowest, the next lowest free register taken
  always_comb begin : p_ren_rules
    logic same01;
    mrg0      = ren_src_valid_i[0] && e_v[0] && !e_sub[0] && !e_dis[0];
    mrg1      = ren_src_valid_i[1] && e_v[1] && !e_sub[1] && !e_dis[1];
    ld0       = e_v[0] && e_sub[0];
    ld1       = e_v[1] && e_sub[1];
    // two sources of one register share its merge
    same01    = ren_src_valid_i[0] && ren_src_valid_i[1] && ren_src0_i == ren_src1_i;
    // the destination entry after a merge of the same register is Main only
    dst_after = ren_dst_valid_i && ((mrg0 && ren_src0_i == ren_dst_i) ||
                                    (mrg1 && ren_src1_i == ren_dst_i));
    // with an LDiv: dst_over_ld (no pending, Wmask covers R; first, keeps
    // Main), dst_over_main (no pending, Wmask covers NOT R), else a merge
    d_ovm     = !dst_after && e_v[2] && !pending_i && !d_sup && d_supn;
    dmrg      = ren_dst_valid_i && !dst_after && e_v[2] && (pending_i || (!d_sup && !d_supn));
    multi     = (mrg0 && mrg1 && !same01) || ((mrg0 || mrg1) && dmrg);
    anymrg    = mrg0 || mrg1 || dmrg;
    need1     = anymrg || ren_dst_valid_i;
    need2     = !multi && anymrg && ren_dst_valid_i;
    take      = ren_go && (!need1 || have1) && (!need2 || have2);
    take_ins  = take && !multi;
    take_mrg  = take && anymrg;
    alloc_a   = take && need1;
    alloc_b   = take && need2;
  end

  assign ren_ready_o = ren_valid_i && !ren_blocked && (ren_err != pirat_pkg::ErrNone || take_ins);
  assign ren_err_o   = ren_err;

  // The micro-ops and the entries they write.
  logic  mrg_src;         // the merge is a source's (else the destination's)
  logic  msel1;           // ... source 1's (source 0's first)
  logic  [RegIdWidth-1:0] mrg_reg;
  preg_t mrg_main, mrg_ld;
  logic  mrg_isp;
  mp_t   mrg_mp;
  rvec_t mrg_oh;          // the source merge's register (entry write)
  preg_t pdst;            // the instruction's destination register
  preg_t dmain;           // the destination entry's new Main
  preg_t isrc0, isrc1;
  always_comb begin : p_ren_uops
    mrg_src  = mrg0 || mrg1;
    msel1    = !mrg0 && mrg1;
    mrg_reg  = mrg0 ? ren_src0_i : mrg1 ? ren_src1_i : ren_dst_i;
    mrg_main = mrg0 ? e_m[0] : mrg1 ? e_m[1] : e_m[2];
    mrg_ld   = mrg0 ? e_l[0] : mrg1 ? e_l[1] : e_l[2];
    mrg_isp  = mrg0 ? e_p[0] : mrg1 ? e_p[1] : e_p[2];
    mrg_mp   = mrg0 ? e_mp[0] : mrg1 ? e_mp[1] : e_mp[2];
    mrg_oh   = msel1 ? s1_oh : s0_oh;
    pdst     = anymrg ? lo1 : lo0;
    // Main: P_phi after a source merge of the register, P_dest after a
    // destination merge, the LDiv (dst_over_main), else kept
    dmain    = (dst_after || dmrg) ? lo0 : d_ovm ? e_l[2] : e_m[2];
    // the sources as the entries stood: a merging one reads P_phi
    isrc0    = !ren_src_valid_i[0] ? '0 : mrg0 ? lo0 : ld0 ? e_l[0] : e_m[0];
    isrc1    = !ren_src_valid_i[1] ? '0 : mrg1 ? lo0 : ld1 ? e_l[1] : e_m[1];
  end

  // The registered micro-ops (all 0 when not renamed).
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_uops
    if (!rst_ni) begin
      mrg_valid_o   <= 1'b0;
      mrg_reg_o     <= '0;
      mrg_dst_o     <= '0;
      mrg_main_o    <= '0;
      mrg_ld_o      <= '0;
      mrg_is_path_o <= 1'b0;
      mrg_mp_o      <= '0;
      mrg_hold_o    <= 1'b0;
      ins_valid_o   <= 1'b0;
      ins_src0_o    <= '0;
      ins_src1_o    <= '0;
      ins_dst_o     <= '0;
      uop_warp_o    <= '0;
    end else begin
      mrg_valid_o   <= take_mrg;
      mrg_reg_o     <= take_mrg ? mrg_reg : '0;
      mrg_dst_o     <= take_mrg ? lo0 : '0;
      mrg_main_o    <= take_mrg ? mrg_main : '0;
      mrg_ld_o      <= take_mrg ? mrg_ld : '0;
      mrg_is_path_o <= take_mrg && mrg_isp;
      mrg_mp_o      <= take_mrg ? mrg_mp : '0;
      mrg_hold_o    <= take_mrg && !mrg_src;
      ins_valid_o   <= take_ins;
      ins_src0_o    <= take_ins ? isrc0 : '0;
      ins_src1_o    <= take_ins ? isrc1 : '0;
      ins_dst_o     <= (take_ins && ren_dst_valid_i) ? pdst : '0;
      uop_warp_o    <= take ? ren_warp_i : '0;
    end
  end

  // ------------------------------------------------------------------------
  // Commit: the checks
  // ------------------------------------------------------------------------
  rvec_t cmt_r_oh;
  evec_t cmt_e_oh;
  eidx_t cmt_e;
  logic  cmt_e_ok;
  always_comb begin : p_cmt_dec
    for (int unsigned r = 0; r < A; r++) begin
      cmt_r_oh[r] = 32'(cmt_reg_i) == r;
    end
    for (int unsigned w = 0; w < N; w++) begin
      cmt_e_oh[w*A +: A] = cmt_w_oh[w] ? cmt_r_oh : '0;
    end
    cmt_e    = eidx(cmt_warp_i, cmt_reg_i);
    cmt_e_ok = e_ok(cmt_warp_i, cmt_reg_i);
  end

  // The Commit PIRAT entry, the speculative one's Main and LDiv (to_mask,
  // the mapped check), the warp's held pair, the committed register's
  // in-flight bit and owner.
  preg_t cc_m, cc_l, cs_m, cs_l, cha, chb;
  mask_t cc_k;
  logic  cc_v, cs_v, cs_p, chv, cp_infl;
  warp_t cp_owner;
  pvec_t cp_oh;
  preg_t cp;  // cmt_preg_i, an index that exists
  assign cp_oh = preg_oh(cmt_preg_i);
  assign cp    = (32'(cmt_preg_i) < P) ? cmt_preg_i : '0;
  always_comb begin : p_cmt_read
    cc_m = cmt_e_ok ? cm_q[cmt_e] : '0;
    cc_v = cmt_e_ok && cv_q[cmt_e];
    cc_k = cmt_e_ok ? ck_q[cmt_e] : '0;
    cc_l = cmt_e_ok ? cl_q[cmt_e] : '0;
    cs_v = cmt_e_ok && sv_q[cmt_e];
    cs_p = cmt_e_ok && sp_q[cmt_e];
    cs_m = cmt_e_ok ? sm_q[cmt_e] : '0;
    cs_l = cmt_e_ok ? sl_q[cmt_e] : '0;
    chv = 1'b0;
    cha = '0;
    chb = '0;
    for (int unsigned w = 0; w < N; w++) begin
      chv = chv | (cmt_w_oh[w] && hv_q[w]);
      cha = cha | (cmt_w_oh[w] ? ha_q[w] : '0);
      chb = chb | (cmt_w_oh[w] ? hb_q[w] : '0);
    end
    cp_infl  = 32'(cmt_preg_i) < P && infl_q[cp];
    for (int unsigned b = 0; b < WarpIdWidth; b++) begin
      cp_owner[b] = ownb_q[b][cp];
    end
  end

  logic       cov_m, cov_nm;  // the mask covers the entry's m, NOT m
  logic       map_m, map_l;   // the speculative entry maps C_main, C_ld
  logic       mapped;         // the commit would release a register it maps
  logic [2:0] cmt_err;
  logic       cmt_ok;
  always_comb begin : p_cmt_err
    cov_m   = (cc_k & ~cmt_mask_i) == '0;
    cov_nm  = (cc_k | cmt_mask_i) == Lanes;
    map_m   = cc_m == cs_m || (cs_v && cc_m == cs_l);
    map_l   = cc_l == cs_m || (cs_v && cc_l == cs_l);
    // a merge drops both; an instruction C_ld if it covers m, else C_main
    mapped  = cc_v && (cmt_merge_i ? (map_m || map_l) : (cov_m ? map_l : map_m));
    cmt_err = pirat_pkg::ErrNone;
    if (cmt_valid_i) begin
      if (32'(cmt_warp_i) >= N) begin
        cmt_err = pirat_pkg::ErrBadWarp;
      end else if (32'(cmt_reg_i) >= A) begin
        cmt_err = pirat_pkg::ErrBadReg;
      end else if (!cp_infl || cp_owner != cmt_warp_i) begin  // cp_oh is 0 out of range
        cmt_err = pirat_pkg::ErrBadPreg;
      end else if ((cmt_merge_i ? (!cc_v || chv) : (cc_v && !cov_m && !cov_nm)) || mapped) begin
        cmt_err = pirat_pkg::ErrBadCommit;
      end
    end
    cmt_ok = cmt_valid_i && cmt_err == pirat_pkg::ErrNone;
  end
  assign cmt_err_o = cmt_err;

  // The accepted commit's effects (the *_if: if it is accepted, known
  // before its verdict).
  logic  rb_same;     // the rollback is of the committing warp
  logic  rel_cm_if, rel_cm;  // C_main released (rel_main, a merge's)
  logic  rel_cl_if, rel_cl;  // C_ld released (rel_ld, a merge's)
  logic  park;        // a destination merge's sources parked in the held pair
  logic  hrel_c_if, hrel_c;  // the committing warp's held pair released
  logic  tomask;      // the speculative entry's path id becomes the mask
  preg_t cn_m;        // the new Commit PIRAT entry: Main, mask, LDiv valid (its
                      // LDiv is cmt_preg_i, unused after a merge's commit)
  mask_t cn_k;
  logic  cn_v;
  always_comb begin : p_cmt_apply
    rb_same = rb_ok && rb_warp_i == cmt_warp_i;
    // a destination merge rolled back in its commit's cycle: its sources
    // would be parked and released at once
    rel_cm_if = cmt_merge_i ? (!cmt_hold_i || rb_same) : (cc_v && !cov_m);
    rel_cl_if = cmt_merge_i ? (!cmt_hold_i || rb_same) : (cc_v && cov_m);
    hrel_c_if = !cmt_merge_i && chv;
    rel_cm  = cmt_ok && rel_cm_if;
    rel_cl  = cmt_ok && rel_cl_if;
    park    = cmt_ok && cmt_merge_i && cmt_hold_i && !rb_same;
    hrel_c  = cmt_ok && hrel_c_if;
    tomask  = cmt_ok && !cmt_merge_i && cs_v && cs_p && cs_l == cmt_preg_i;
    cn_m    = cmt_merge_i ? cmt_preg_i : (cc_v && !cov_m) ? cc_l : cc_m;
    cn_k    = cmt_merge_i ? '0 : cmt_mask_i;
    cn_v    = !cmt_merge_i;
  end

  // ------------------------------------------------------------------------
  // Rollback: the held pair of its warp, the registers it frees
  // ------------------------------------------------------------------------
  logic  rhv, hrel_r;
  preg_t rha, rhb;
  cnt_t  rb_cnt;      // registers in flight it frees, before this cycle's commit
  always_comb begin : p_rb_read
    rhv    = 1'b0;
    rha    = '0;
    rhb    = '0;
    rb_cnt = '0;
    for (int unsigned w = 0; w < N; w++) begin
      rhv    = rhv | (rb_w_oh[w] && hv_q[w]);
      rha    = rha | (rb_w_oh[w] ? ha_q[w] : '0);
      rhb    = rhb | (rb_w_oh[w] ? hb_q[w] : '0);
      rb_cnt = rb_cnt | (rb_w_oh[w] ? icnt_q[w] + CountWidth'(iadd_q[w]) : '0);
    end
    // the commit of the same warp applies first: its register is no
    // longer in flight (one fewer freed: fcnt below), its instruction
    // released the pair
    hrel_r = rhv && !(hrel_c && rb_same);
  end

  // ------------------------------------------------------------------------
  // The free list, in-flight bits, owners, counters
  // ------------------------------------------------------------------------
  pvec_t alloc, cmt_clr, rb_kill, rel;
  assign alloc   = ({P{alloc_a}} & lo0_oh) | ({P{alloc_b}} & lo1_oh);
  assign cmt_clr = {P{cmt_ok}} & cp_oh;
  always_comb begin : p_rel
    // the registers whose owner is rb_warp_i: bit planes matched bit by bit
    rb_kill = {P{rb_ok}};
    for (int unsigned b = 0; b < WarpIdWidth; b++) begin
      rb_kill = rb_kill & (rb_warp_i[b] ? ownb_q[b] : ~ownb_q[b]);
    end
    rel = ({P{rel_cm}} & preg_oh(cc_m)) | ({P{rel_cl}} & preg_oh(cc_l)) |
          ({P{hrel_c}} & (preg_oh(cha) | preg_oh(chb))) |
          ({P{hrel_r}} & (preg_oh(rha) | preg_oh(rhb))) |
          (infl_q & ~cmt_clr & rb_kill);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_preg
    if (!rst_ni) begin
      free_q <= {{(P - NE){1'b1}}, {NE{1'b0}}};  // registers 0 .. NE-1 are mapped at reset
      infl_q <= '0;
      for (int unsigned b = 0; b < WarpIdWidth; b++) begin
        ownb_q[b] <= '0;
      end
    end else begin
      free_q <= (free_q & ~alloc) | rel;
      infl_q <= (infl_q & ~cmt_clr & ~rb_kill) | alloc;
      for (int unsigned b = 0; b < WarpIdWidth; b++) begin
        ownb_q[b] <= (ownb_q[b] & ~alloc) | (ren_warp_i[b] ? alloc : '0);
      end
    end
  end

  // free_count: + released - allocated. What a rollback frees is known
  // early (its warp's registers in flight, its held pair); the commit's
  // releases (-1..3: its one or two registers, its warp's held pair, one
  // fewer freed by a rollback of its warp; 0 if refused) and the rename's
  // allocation (0..2) are late verdicts. They select among sums of the
  // early part and -3..3: the commit's releases if accepted first, then its
  // verdict, then the rename's allocation; the sums are kept as wires so
  // that synthesis does not fold the selection back into an adder after
  // the verdicts.
  cnt_t        fearly;
  logic [2:0]  cdel;                  // the commit's part if accepted, + 1 (0..4)
  (* keep *) cnt_t fsum [7];          // fearly + k - 3
  cnt_t        fsel [3];              // fearly + the commit's part - a
  always_comb begin : p_fcnt
    fearly = fcnt_q + CountWidth'({rhv, 1'b0}) + rb_cnt;
    cdel   = 3'd1 + 3'(rel_cm_if) + 3'(rel_cl_if) + {hrel_c_if && !(rhv && rb_same), 1'b0} -
             3'(rb_same);
  end
  for (genvar k = 0; k < 7; k++) begin : gen_fsum
    assign fsum[k] = fearly + CountWidth'(k) - CountWidth'(3);
  end
  always_comb begin : p_fsel
    for (int unsigned a = 0; a < 3; a++) begin
      fsel[a] = fsum[3 - a];  // a refused commit: nothing
      for (int unsigned k = 0; k < 7; k++) begin
        if (cmt_ok && 32'(cdel) + 2 == k + a) begin
          fsel[a] = fsum[k];
        end
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_fcnt_q
    if (!rst_ni) begin
      fcnt_q <= CountWidth'(P - NE);
    end else begin
      fcnt_q <= alloc_b ? fsel[2] : alloc_a ? fsel[1] : fsel[0];
    end
  end
  assign free_count_o = fcnt_q;

  for (genvar w = 0; w < N; w++) begin : gen_icnt
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_icnt
      if (!rst_ni) begin
        icnt_q[w] <= '0;
        iadd_q[w] <= '0;
      end else if (rb_w_oh[w]) begin  // its rename is blocked: nothing allocated
        icnt_q[w] <= '0;
        iadd_q[w] <= '0;
      end else begin
        icnt_q[w] <= icnt_q[w] + CountWidth'(iadd_q[w]) - CountWidth'(cmt_ok && cmt_w_oh[w]);
        iadd_q[w] <= !ren_w_oh[w] ? 2'd0 : alloc_b ? 2'd2 : alloc_a ? 2'd1 : 2'd0;
      end
    end
  end

  // The held pairs.
  for (genvar w = 0; w < N; w++) begin : gen_held
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_held
      if (!rst_ni) begin
        hv_q[w] <= 1'b0;
        ha_q[w] <= '0;
        hb_q[w] <= '0;
      end else if (park && cmt_w_oh[w]) begin
        hv_q[w] <= 1'b1;
        ha_q[w] <= cc_m;
        hb_q[w] <= cc_l;
      end else if ((hrel_c && cmt_w_oh[w]) || rb_w_oh[w]) begin
        hv_q[w] <= 1'b0;
      end
    end
  end

  // ------------------------------------------------------------------------
  // The PIRATs after the edge
  // ------------------------------------------------------------------------
  // Per entry: the rename's writes (its destination, else a source merge's
  // (P_phi, -, -)) win; a rollback of the warp copies the Commit PIRAT entry
  // as this cycle's commit leaves it; the commit's to_mask conversion. The
  // entries each of them writes are vectors of a bit per entry, built a row
  // at a time; the one-bit fields are updated as whole vectors, the others
  // per entry under one enable, so an entry nobody writes costs one test.
  evec_t wr_ren;   // the rename writes the entry ...
  evec_t ren_dst;  // ... as the instruction's destination (else a merging source's)
  evec_t wr_rb;    // a rollback copies the entry
  evec_t wr_tm;    // the commit's to_mask conversion
  evec_t wr_spec;  // the speculative entry is written
  evec_t wr_cmt;   // the Commit PIRAT entry is written
  always_comb begin : p_entry_wr
    rvec_t dst_r, ren_r;
    // the rename writes the entry if it takes the cycle (take): which entry
    // and what data are known before take, whose fanout is then one AND a row
    dst_r = (ren_dst_valid_i && !multi) ? d_oh : '0;
    ren_r = dst_r | (mrg_src ? mrg_oh : '0);
    for (int unsigned w = 0; w < N; w++) begin
      wr_ren[w*A +: A]  = (take && ren_w_oh[w]) ? ren_r : '0;
      ren_dst[w*A +: A] = dst_r;
      wr_rb[w*A +: A]   = {A{rb_w_oh[w]}};
    end
    wr_tm   = {NE{tomask}} & cmt_e_oh;
    wr_spec = wr_ren | wr_rb | wr_tm;
    wr_cmt  = {NE{cmt_ok}} & cmt_e_oh;
  end

  // The valid and M/T bits.
  evec_t cv_d;  // the Commit PIRAT's LDiv valid bits after the edge
  evec_t rb_v;  // the LDiv valid bits a rollback restores
  always_comb begin : p_entry_bits
    cv_d = (cv_q & ~wr_cmt) | (wr_cmt & {NE{cn_v}});
    rb_v = cv_d;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_entry_bits_q
    if (!rst_ni) begin
      cv_q <= '0;
      sv_q <= '0;
      sp_q <= '0;
    end else begin
      cv_q <= cv_d;
      sv_q <= (sv_q & ~wr_ren & ~wr_rb) | (wr_ren & ren_dst) | (wr_rb & ~wr_ren & rb_v);
      sp_q <= (sp_q & ~wr_spec) | (wr_ren & ren_dst);
    end
  end

  for (genvar w = 0; w < N; w++) begin : gen_warp
    for (genvar r = 0; r < A; r++) begin : gen_reg
      localparam int unsigned E = w * A + r;

      always_ff @(posedge clk_i or negedge rst_ni) begin : p_cmt_entry
        if (!rst_ni) begin
          cm_q[E] <= PregWidth'(E);
          ck_q[E] <= '0;
          cl_q[E] <= '0;
        end else if (wr_cmt[E]) begin
          cm_q[E] <= cn_m;
          ck_q[E] <= cn_k;
          cl_q[E] <= cmt_preg_i;
        end
      end

      always_ff @(posedge clk_i or negedge rst_ni) begin : p_spec_entry
        if (!rst_ni) begin
          sm_q[E]  <= PregWidth'(E);
          smp_q[E] <= '0;
          sl_q[E]  <= '0;
        end else if (wr_spec[E]) begin
          if (wr_ren[E]) begin
            sm_q[E]  <= ren_dst[E] ? dmain : lo0;
            smp_q[E] <= ren_dst[E] ? MpWidth'(ren_path_i) : '0;
            sl_q[E]  <= ren_dst[E] ? pdst : '0;
          end else if (wr_rb[E]) begin
            // the Commit PIRAT entry as this cycle's commit leaves it
            sm_q[E]  <= wr_cmt[E] ? cn_m : cm_q[E];
            smp_q[E] <= MpWidth'(wr_cmt[E] ? cn_k : ck_q[E]);
            sl_q[E]  <= wr_cmt[E] ? cmt_preg_i : cl_q[E];
          end else begin
            smp_q[E] <= MpWidth'(cmt_mask_i);
          end
        end
      end
    end
  end

  // ------------------------------------------------------------------------
  // Errors seen
  // ------------------------------------------------------------------------
  logic [2:0] rsp_valid;
  logic [8:0] rsp_err;
  rsp_reg #(
    .NumPorts(3),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i ({rb_valid_i, cmt_valid_i, ren_valid_i}),
    .err_i   ({rb_ok ? pirat_pkg::ErrNone : pirat_pkg::ErrBadWarp, cmt_err, ren_err}),
    .valid_o (rsp_valid),
    .err_o   (rsp_err),
    .sticky_o(err_sticky_o)
  );
  logic unused_rsp;  // the per-port responses: not ports of this block
  assign unused_rsp = ^{rsp_valid, rsp_err};

  // ------------------------------------------------------------------------
  // Read port
  // ------------------------------------------------------------------------
  eidx_t rd_e;
  logic  rd_ok;
  assign rd_e  = eidx(rd_warp_i, rd_reg_i);
  assign rd_ok = e_ok(rd_warp_i, rd_reg_i);
  preg_t rs_m, rs_l, rc_m, rc_l;
  logic  rs_v, rs_p, rc_v;
  mp_t   rs_mp;
  mask_t rc_k;
  always_comb begin : p_rd
    rs_m  = rd_ok ? sm_q[rd_e] : '0;
    rs_v  = rd_ok && sv_q[rd_e];
    rs_p  = rd_ok && sp_q[rd_e];
    rs_mp = rd_ok ? smp_q[rd_e] : '0;
    rs_l  = rd_ok ? sl_q[rd_e] : '0;
    rc_m  = rd_ok ? cm_q[rd_e] : '0;
    rc_v  = rd_ok && cv_q[rd_e];
    rc_k  = rd_ok ? ck_q[rd_e] : '0;
    rc_l  = rd_ok ? cl_q[rd_e] : '0;
  end
  // (rd_ok is 0 for an out-of-range address: every field reads 0)
  assign rd_main_o      = rs_m;
  assign rd_ld_valid_o  = rs_v;
  assign rd_is_path_o   = rs_v && rs_p;
  assign rd_mp_o        = rs_v ? rs_mp : '0;
  assign rd_ld_o        = rs_v ? rs_l : '0;
  assign rd_cmain_o     = rc_m;
  assign rd_cld_valid_o = rc_v;
  assign rd_cmask_o     = rc_v ? rc_k : '0;
  assign rd_cld_o       = rc_v ? rc_l : '0;

  logic  rp_ok;
  preg_t rp;  // rd_preg_i, an index that exists
  assign rp_ok       = 32'(rd_preg_i) < P;
  assign rp          = rp_ok ? rd_preg_i : '0;
  assign rd_pfree_o  = rp_ok && free_q[rp];
  assign rd_pspec_o  = rp_ok && infl_q[rp];
  for (genvar b = 0; b < WarpIdWidth; b++) begin : gen_rd_owner
    assign rd_powner_o[b] = rp_ok && infl_q[rp] && ownb_q[b][rp];
  end

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(pirat_pkg::ErrNone) == 0)
  // The counters count what they stand for.
  `ASSERT(FreeCount_A, 32'(fcnt_q) == $countones(free_q))
  // The rename takes free registers only, and one at a time as needed.
  `ASSERT(AllocFree_A, (alloc & ~free_q) == '0)
  `ASSERT(AllocCount_A, $countones(alloc) == 32'(alloc_a) + 32'(alloc_b))
  `ASSERT_NEVER(FreeInflight_A, (free_q & infl_q) != '0)

`ifndef SYNTHESIS
  // Each warp's in-flight counter counts its registers in flight.
  for (genvar w = 0; w < N; w++) begin : gen_warp_assert
    pvec_t own;  // the registers whose owner is w
    always_comb begin : p_own
      own = '1;
      for (int unsigned b = 0; b < WarpIdWidth; b++) begin
        own = own & (((w >> b) & 1) != 0 ? ownb_q[b] : ~ownb_q[b]);
      end
    end
    `ASSERT(InflightCount_A, 32'(icnt_q[w]) + 32'(iadd_q[w]) == $countones(infl_q & own))
  end

  // The tree finds what arithmetic on the free list finds: the
  // lowest free register is a free one with no free one below it (the bits
  // below a one-hot x are x - 1), the next lowest one with exactly one.
  `ASSERT(LowestFree_A, root_one == (free_q != '0) && (lo0_oh & ~free_q) == '0 &&
                        $countones(lo0_oh) == 32'(root_one) &&
                        (free_q & (lo0_oh - P'(1))) == '0 &&
                        (!root_one || lo0_oh == P'(1) << lo0))
  `ASSERT(NextLowestFree_A, root_two == ($countones(free_q) >= 2) && (lo1_oh & ~free_q) == '0 &&
                            $countones(lo1_oh) == 32'(root_two) &&
                            (!root_two || ($countones(free_q & (lo1_oh - P'(1))) == 1 &&
                                           lo1_oh == P'(1) << lo1)))

  // The register-leak check: every physical register is in exactly one
  // place -- free, in flight, one Commit PIRAT field (a Main, a valid LDiv)
  // of one entry, or one field of a valid held pair -- so none is ever lost
  // or released twice. Checked in whole-vector operations as: the places
  // cover every register, and there are exactly PhysRegs of them (so no
  // two hold the same register).
  pvec_t       covered;
  int unsigned places;
  logic        leak_ok;
  always_comb begin : p_leak
    leak_ok = 1'b1;
    covered = free_q | infl_q;
    places  = $countones(free_q) + $countones(infl_q) + NE;
    for (int unsigned e = 0; e < NE; e++) begin
      if (32'(cm_q[e]) < P) begin
        covered[cm_q[e]] = 1'b1;
      end else begin
        leak_ok = 1'b0;
      end
      if (cv_q[e]) begin
        places = places + 1;
        if (32'(cl_q[e]) < P) begin
          covered[cl_q[e]] = 1'b1;
        end else begin
          leak_ok = 1'b0;
        end
      end
    end
    for (int unsigned w = 0; w < N; w++) begin
      if (hv_q[w]) begin
        places = places + 2;
        if (32'(ha_q[w]) < P && 32'(hb_q[w]) < P) begin
          covered[ha_q[w]] = 1'b1;
          covered[hb_q[w]] = 1'b1;
        end else begin
          leak_ok = 1'b0;
        end
      end
    end
    leak_ok = leak_ok && covered == '1 && places == P;
  end
  `ASSERT(NoLeak_A, leak_ok)

  // No speculative entry maps a free register (the model's leak check, its
  // last rule): the commit's mapped check refuses the cases it can see at
  // the entry it writes; this catches the rest at their first edge (a
  // commit under another register that the core renamed it as, whose
  // register a later commit releases).
  logic spec_live;
  always_comb begin : p_spec_live
    spec_live = 1'b1;
    for (int unsigned e = 0; e < NE; e++) begin
      if ((32'(sm_q[e]) < P && free_q[sm_q[e]]) ||
          (sv_q[e] && 32'(sl_q[e]) < P && free_q[sl_q[e]])) begin
        spec_live = 1'b0;
      end
    end
  end
  `ASSERT(SpecMapsLive_A, spec_live)
`endif

endmodule
