// Per-warp PDOM reconvergence stack with likely-convergence points.
//
// Sources: DoM (SC'09) section 3.1 -- branch divergence stack, loop branches;
// TBC (HPCA'11) section 2.2.2 -- PDOM stack; section 4 / Fig. 10 --
// likely-convergence points (LPC/LPos). Full behaviour, timing and error
// codes: docs/blocks/recon_stack.md.
//
// NumWarps stacks of Depth entries {pc, rpc, mask} (+ {lpc, lpos} when
// LcpEnable) in one flop array. One operation per cycle (INIT, BRANCH,
// ADVANCE) on any warp, applied in full at the clock edge -- pushes, pops,
// the likely-convergence merge and cascaded pops of finished entries -- and
// an independent combinational read port of any warp's top of stack.
//
// Example (WarpWidth = 4, one warp, TBC Example 1 warp 0, PCs A..D):
//   INIT    pc=A mask=1111 rpc=none            stack: {A,-,1111}
//   BRANCH  taken=0001 tpc=C fpc=B rpc=D       stack: {D,-,1111} {B,D,1110} {C,D,0001}
//   ADVANCE D (C reaches D: pc == rpc, pop)    stack: {D,-,1111} {B,D,1110}
//   ADVANCE D (B reaches D: pop)               stack: {D,-,1111}
//   ADVANCE X (X = the exit given at INIT)     stack empty: warp finished
//
// Implementation: with likely-convergence points each entry keeps a status
// bit beside the paper's fields, empty (mask == 0: a likely-convergence
// entry nobody reached), written whenever the entry is, so a pop can find
// the next unfinished entry below with a Depth-bit priority search instead
// of Depth comparators per warp. No entry below the TOS is ever at its own
// rpc (a branch at the TOS's rpc creates no reconvergence entry), so that
// is the only way one can be finished. Each warp's top entry is also kept
// in a per-warp copy, which the operation and the read port select; the
// copy's next value is chosen from candidates read beside the comparisons
// (docs/blocks/recon_stack.md, "Implementation", says why and what else
// keeps the path short).

`include "assert.svh"

module recon_stack #(
  `include "recon_stack_paramlist.svh"
) (
  `include "recon_stack_portlist.svh"
);

  // ------------------------------------------------------------------------
  // Parameter checks
  // ------------------------------------------------------------------------
  `include "recon_stack_checks.svh"

  typedef logic [PcWidth-1:0]    pc_t;
  typedef logic [WarpWidth-1:0]  mask_t;
  typedef logic [LposWidth-1:0]  lpos_t;
  typedef logic [DepthWidth-1:0] depth_t;

  localparam pc_t PcNone = '1;
  localparam bit  Lcp    = LcpEnable != 0;

  // ------------------------------------------------------------------------
  // Storage
  // ------------------------------------------------------------------------
  // (Read only at constant indices, one-hot by warp and level: see the
  // candidates' reads below.)
  pc_t   pc_q   [NumWarps][Depth];
  pc_t   rpc_q  [NumWarps][Depth];
  pc_t   lpc_q  [NumWarps][Depth];
  mask_t mask_q [NumWarps][Depth];
  lpos_t lpos_q [NumWarps][Depth];
  logic [Depth-1:0] empty_q  [NumWarps];  // '0 without likely convergence
  depth_t           sp_q     [NumWarps];
  // Each warp's top entry (level sp - 1) again, written with it: the
  // operation and the read port select a warp's copy instead of reading the
  // array at a level that the stack pointer gives first.
  pc_t              top_pc_q   [NumWarps];
  pc_t              top_rpc_q  [NumWarps];
  pc_t              top_lpc_q  [NumWarps];
  mask_t            top_mask_q [NumWarps];
  lpos_t            top_lpos_q [NumWarps];
  // With CountEnable, its mask's set bits (rd_count_o), counted as the copy
  // is written: a user counting a warp's active threads picks a count, not
  // a mask to count after the read's multiplexer (declared in gen_count).

  // The write buffer: an operation's writes to its warp's entries and top
  // copy are registered here and reach them at the next edge, so that the
  // decision ends at these few hundred flip-flops, not at the fan-out to
  // every warp's entries. Until then the buffer stands in for them: the
  // next request on the same warp reads its top from wb_top_q and its row
  // through ent_next (a bypass). Nothing changes at the ports.
  localparam int unsigned EntWidth = 3 * PcWidth + WarpWidth + LposWidth;
  typedef logic [EntWidth-1:0] ent_t;  // {pc, rpc, lpc, mask, lpos}
  // The writes of {pc, rpc, mask} and of the likely-convergence fields
  // {lpc, lpos, empty} (the enables the two share are kept twice).
  typedef struct packed {
    logic [Depth-1:0] full, tos, merge, rpc;  // level write enables
    logic [Depth-1:0] lcp, f;  // which pushed entry a full write is
    logic  is_init;
    pc_t   pc, alt_pc, lpc, rpc_v, tos_pc;
    mask_t req_mask, taken, not_taken, push_merge, tos_mask, merge_mask;
  } main_wr_t;
  typedef struct packed {
    logic [Depth-1:0] full, merge;
    logic  merge_any;
    pc_t   eff_lpc, t_lpc;
    lpos_t eff_lpos, t_lpos;
  } lcp_wr_t;
  main_wr_t               wr_now, wb_q;
  lcp_wr_t                lwr_now, lwb_q;
  logic                   wb_top_we_q;  // wb_top_q is warp wb_warp_q's top copy
  logic [WarpIdWidth-1:0] wb_warp_q;
  logic [NumWarps-1:0]    wb_dec_q;     // the same warp, one-hot (none when out of range)
  ent_t                   wb_top_q;

  // An entry's fields after the buffered writes at its level: {pc, rpc,
  // mask} after a full write (wd_*), a TOS update or an OR-merge, and rpc
  // after its own write; {lpc, lpos, empty} after a full write or a merge.
  localparam int unsigned MainWidth = 2 * PcWidth + WarpWidth;
  localparam int unsigned LcpWidth  = PcWidth + LposWidth + 1;
  function automatic logic [MainWidth-1:0] ent_main(
      input pc_t pc, input pc_t rpc, input mask_t mask, input logic full, input logic tos,
      input logic merge, input logic rpc_we, input pc_t wd_pc, input mask_t wd_mask,
      input pc_t tos_pc, input mask_t tos_mask, input mask_t merge_mask, input pc_t rpc_v);
    ent_main = {full ? wd_pc : tos ? tos_pc : pc,
                rpc_we ? rpc_v : rpc,
                full ? wd_mask : tos ? tos_mask : merge ? mask | merge_mask : mask};
  endfunction
  function automatic logic [LcpWidth-1:0] ent_lcp(
      input pc_t lpc, input lpos_t lpos, input logic empty, input logic full, input logic merge,
      input pc_t wd_lpc, input lpos_t wd_lpos, input logic wd_empty);
    ent_lcp = {full ? wd_lpc : lpc, full ? wd_lpos : lpos,
               full ? wd_empty : merge ? 1'b0 : empty};
  endfunction

  // Warp w's top entry: its copy, or the buffer's when that holds the copy
  // still to be written (buffered); for the request and the read port.
  function automatic ent_t top_of(input logic [WarpIdWidth-1:0] w, input logic buffered);
    top_of = buffered ? wb_top_q
                      : {top_pc_q[w], top_rpc_q[w], top_lpc_q[w], top_mask_q[w], top_lpos_q[w]};
  endfunction

  // ------------------------------------------------------------------------
  // The addressed warp's top of stack, from its copy
  // ------------------------------------------------------------------------
  logic   warp_ok;
  depth_t sp;
  lpos_t  tos;
  pc_t    t_rpc, t_lpc;
  mask_t  t_mask;
  lpos_t  t_lpos;
  logic [Depth-1:0] fin;  // entry is finished: its mask is empty

  assign warp_ok = 32'(req_warp_i) < NumWarps;

  logic wb_hit, top_hit;  // the request's warp is the buffer's; and its top copy
  assign wb_hit  = wb_warp_q == req_warp_i;
  assign top_hit = wb_top_we_q && wb_hit;

  pc_t t_pc;  // (the assertions')
  always_comb begin
    sp     = '0;
    tos    = '0;
    t_pc   = '0;
    t_rpc  = '0;
    t_lpc  = PcNone;
    t_mask = '0;
    t_lpos = '0;
    if (warp_ok) begin
      sp  = sp_q[req_warp_i];
      tos = (sp == '0) ? '0 : LposWidth'(sp - 1'b1);
      {t_pc, t_rpc, t_lpc, t_mask, t_lpos} = top_of(req_warp_i, top_hit);
    end
  end

  // ------------------------------------------------------------------------
  // The request against every warp's top copy, in parallel: each warp
  // compares the request's PCs with its own top's rpc and lpc and tests the
  // request's mask against its own top's, and the addressed warp's results
  // are then picked (a few bits), so the wide N-way multiplexer of the top
  // copies above only feeds data, not the decision.
  // ------------------------------------------------------------------------
  localparam int unsigned CmpBits = 7;
  function automatic logic [CmpBits-1:0] cmp_of(input pc_t rpc, input pc_t lpc, input mask_t m);
    cmp_of = {
      req_pc_i == rpc,            // 6: taken side at the top's rpc
      req_alt_pc_i == rpc,        // 5: not-taken side at the top's rpc
      req_rpc_i == rpc,           // 4: the branch reconverges where the top does
      req_pc_i == lpc,            // 3: taken side at the top's lpc
      req_alt_pc_i == lpc,        // 2: not-taken side at the top's lpc
      (m & req_mask_i) == '0,     // 1: nobody takes the branch
      (m & ~req_mask_i) == '0     // 0: everybody takes it
    };
  endfunction
  logic [NumWarps-1:0]         w_dec;  // req_warp_i == w: none when out of range
  logic [NumWarps*CmpBits-1:0] w_cmp;
  for (genvar w = 0; w < NumWarps; w++) begin : gen_cmp
    assign w_dec[w] = 32'(req_warp_i) == w;
    assign w_cmp[w*CmpBits +: CmpBits] = cmp_of(top_rpc_q[w], top_lpc_q[w], top_mask_q[w]);
  end
  logic [CmpBits-1:0] cmp, cmp_copy, cmp_wb;
  onehot_mux #(
    .Num  (NumWarps),
    .Width(CmpBits)
  ) u_cmp_mux (
    .sel_i (w_dec),
    .data_i(w_cmp),
    .data_o(cmp_copy)
  );
  // the buffered top of the request's warp, when it has one
  assign cmp_wb = cmp_of(wb_top_q[EntWidth-PcWidth-1 -: PcWidth],
                         wb_top_q[LposWidth+WarpWidth +: PcWidth],
                         wb_top_q[LposWidth +: WarpWidth]);
  assign cmp    = top_hit ? cmp_wb : cmp_copy;
  logic pc_at_rpc, alt_at_rpc, rpc_at_rpc, pc_at_lpc, alt_at_lpc, none_taken, none_not_taken;
  assign {pc_at_rpc, alt_at_rpc, rpc_at_rpc, pc_at_lpc, alt_at_lpc, none_taken,
          none_not_taken} = cmp;

  // ------------------------------------------------------------------------
  // Decode the operation
  // ------------------------------------------------------------------------
  logic is_init, is_branch, is_adv;
  assign is_init   = req_op_i == recon_stack_pkg::OpInit;
  assign is_branch = req_op_i == recon_stack_pkg::OpBranch;
  assign is_adv    = req_op_i == recon_stack_pkg::OpAdvance;

  mask_t taken, not_taken;
  assign taken     = t_mask & req_mask_i;
  assign not_taken = t_mask & ~req_mask_i;

  logic t_exit, f_exit, uniform, loop_br, divergent;
  assign t_exit    = req_pc_i == req_rpc_i;
  assign f_exit    = req_alt_pc_i == req_rpc_i;
  assign uniform   = is_branch && (none_taken || none_not_taken || req_pc_i == req_alt_pc_i);
  assign loop_br   = is_branch && !uniform && rpc_at_rpc && (t_exit != f_exit);
  assign divergent = is_branch && !uniform && !loop_br;

  // ADVANCE, and the branches that behave as one: where the TOS goes next.
  logic  adv_like, uni_alt, adv_alt, hit_rpc, hit_lpc;
  pc_t   adv_pc;
  mask_t adv_mask;
  assign uni_alt  = uniform && none_taken;  // a uniform branch nobody takes
  assign adv_alt  = uni_alt || (loop_br && t_exit);  // to req_alt_pc_i, not req_pc_i
  assign adv_mask = !loop_br ? t_mask : t_exit ? not_taken : taken;
  assign adv_pc   = adv_alt ? req_alt_pc_i : req_pc_i;
  assign adv_like = is_adv || uniform || loop_br;
  // Both PCs are compared with the top's as soon as it is read; the
  // decision only picks a result. A loop branch never reaches the top's
  // rpc (its staying side is not the rpc, which is the top's), so the rpc
  // hit need not wait for the loop test.
  assign hit_rpc  = (is_adv || uniform) && (uni_alt ? alt_at_rpc : pc_at_rpc);
  assign hit_lpc  = Lcp && !hit_rpc && (adv_alt ? alt_at_lpc : pc_at_lpc);

  // Divergent branch: the entries it writes, from level sp - 1 + j_lcp up. They go
  // above the TOS, which becomes the reconvergence entry -- unless the TOS
  // already waits at the branch's rpc (reuse): then the first of them takes
  // the TOS's level and no reconvergence entry is created.
  logic  reuse, new_lcp, f_to_lpc, t_to_lpc, push_f, push_t;
  pc_t   eff_lpc;
  lpos_t eff_lpos;
  mask_t push_merge;  // threads whose side goes straight to the lpc
  logic  merge_any;   // push_merge != '0, from the comparisons
  logic [2:0] n_push, j_top;     // pushes; level sp - 1 + j_top is the new top's
  logic [1:0] j_lcp, j_f, j_t;   // the level of each push, as sp - 1 + j
  always_comb begin
    reuse      = rpc_at_rpc;
    new_lcp    = Lcp && req_lpc_i != PcNone && req_lpc_i != req_rpc_i;
    eff_lpc    = new_lcp ? req_lpc_i : t_lpc;
    eff_lpos   = new_lcp ? (reuse ? tos : LposWidth'(sp)) : t_lpos;
    f_to_lpc   = Lcp && !f_exit && (new_lcp ? req_alt_pc_i == req_lpc_i : alt_at_lpc);
    t_to_lpc   = Lcp && !t_exit && (new_lcp ? req_pc_i == req_lpc_i : pc_at_lpc);
    push_f     = !f_exit && !f_to_lpc;
    push_t     = !t_exit && !t_to_lpc;
    push_merge = (f_to_lpc ? not_taken : '0) | (t_to_lpc ? taken : '0);
    merge_any  = (f_to_lpc && !none_not_taken) || (t_to_lpc && !none_taken);
    n_push     = 3'(new_lcp) + 3'(push_f) + 3'(push_t);
    j_lcp      = 2'(!reuse);
    j_f        = j_lcp + 2'(new_lcp);
    j_t        = j_f + 2'(push_f);
    j_top      = 3'(j_lcp) + n_push;
  end

  // Levels sp - 1 + j (j = 0..4) from the stack pointer alone, one-hot, and
  // whether each is within Depth: the branch's comparisons only pick j.
  logic [Depth-1:0] lvl_oh [4];
  logic [4:0]       fits;  // fits[j]: sp - 1 + j <= Depth
  always_comb begin
    for (int unsigned j = 0; j < 5; j++) begin
      fits[j] = 32'(sp) + j <= Depth + 1;
      if (j < 4) begin
        for (int unsigned l = 0; l < Depth; l++) begin
          lvl_oh[j][l] = l + 1 == 32'(sp) + j;
        end
      end
    end
  end

  // ------------------------------------------------------------------------
  // Errors: the lowest applicable code wins
  // ------------------------------------------------------------------------
  logic [2:0] err_early, err;  // err_early: all but OVERFLOW, from the inputs and sp
  always_comb begin
    err_early = recon_stack_pkg::ErrNone;
    if (req_op_i == recon_stack_pkg::OpReserved) begin
      err_early = recon_stack_pkg::ErrBadOp;
    end else if (!warp_ok) begin
      err_early = recon_stack_pkg::ErrBadWarp;
    end else if ((is_init && req_pc_i == PcNone) ||
                 (is_adv && req_pc_i == PcNone) ||
                 (is_branch && (req_pc_i == PcNone || req_alt_pc_i == PcNone ||
                                req_rpc_i == PcNone))) begin
      err_early = recon_stack_pkg::ErrBadPc;
    end else if (is_init && req_mask_i == '0) begin
      err_early = recon_stack_pkg::ErrBadMask;
    end else if (!is_init && sp == '0) begin
      err_early = recon_stack_pkg::ErrEmpty;
    end
    err = err_early;
    if (err_early == recon_stack_pkg::ErrNone && divergent && !fits[j_top]) begin
      err = recon_stack_pkg::ErrOverflow;
    end
  end

  logic apply;
  assign apply = req_valid_i && err == recon_stack_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // Pops: new depth after popping the TOS and every finished entry below it,
  // the bottom entry included: at its rpc (the warp's exit) the warp has
  // finished, and the depth becomes 0.
  // ------------------------------------------------------------------------
  logic   pop, has_fin, pop_lpos;
  lpos_t  lvl_fin;  // the highest unfinished level below the top
  depth_t sp_pop;
  always_comb begin : p_pop
    lvl_fin = '0;
    has_fin = 1'b0;
    for (int unsigned l = 0; l < Depth; l++) begin
      if (l < 32'(tos) && !fin[l]) begin
        lvl_fin = LposWidth'(l);
        has_fin = 1'b1;
      end
    end
    // a merge into the likely-convergence entry (below the top) unfinishes it
    pop_lpos = hit_lpc && (!has_fin || t_lpos > lvl_fin);
    pop      = adv_like && (hit_rpc || hit_lpc);
    // the pop's new top is level t_lpos or lvl_fin (each incremented beside
    // the choice, not after it)
    sp_pop   = !(has_fin || hit_lpc) ? '0 :
               pop_lpos ? DepthWidth'(t_lpos) + 1'b1 : DepthWidth'(lvl_fin) + 1'b1;
  end

  // ------------------------------------------------------------------------
  // Next state of the addressed warp, per level: a full entry write (INIT,
  // push), a TOS update (pc, mask) or an OR-merge into a likely-convergence
  // entry. Write data is shared by all warps; enables pick the warp.
  // ------------------------------------------------------------------------
  logic [Depth-1:0] wr_full, wr_tos, wr_merge;
  logic [Depth-1:0] wr_lcp, wr_f, wr_t;  // which pushed entry a level gets
  pc_t    tos_pc;
  mask_t  tos_mask, merge_mask;
  depth_t sp_next;

  always_comb begin
    wr_full    = '0;
    wr_tos     = '0;
    wr_merge   = '0;
    wr_lcp     = '0;
    wr_f       = '0;
    wr_t       = '0;
    tos_pc     = adv_pc;
    tos_mask   = adv_mask;
    merge_mask = '0;
    sp_next    = sp;
    if (is_init) begin
      wr_full[0] = 1'b1;
      sp_next    = DepthWidth'(1);
    end else if (adv_like) begin
      // the top moves on; a pop leaves its level above the stack, where
      // the write does not matter, so the write need not wait for the pop
      wr_tos[tos] = 1'b1;
      if (pop) begin
        sp_next = sp_pop;
        if (hit_lpc) begin
          merge_mask       = adv_mask;
          wr_merge[t_lpos] = 1'b1;
        end
      end
    end else if (divergent) begin
      tos_pc      = req_rpc_i;  // the TOS becomes the reconvergence entry
      tos_mask    = t_mask;
      wr_tos[tos] = !reuse;
      wr_lcp      = new_lcp ? lvl_oh[j_lcp] : '0;
      wr_f        = push_f ? lvl_oh[j_f] : '0;
      wr_t        = push_t ? lvl_oh[j_t] : '0;
      wr_full = wr_lcp | wr_f | wr_t;
      if (!new_lcp && merge_any) begin
        merge_mask       = push_merge;
        wr_merge[t_lpos] = 1'b1;
      end
      sp_next = DepthWidth'(32'(sp) + 32'(j_top) - 1);
    end
  end

  // Stack pointers: the only per-warp state that needs a reset.
  for (genvar w = 0; w < NumWarps; w++) begin : gen_sp
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        sp_q[w] <= '0;
      end else if (apply && w_dec[w]) begin
        sp_q[w] <= sp_next;
      end
    end
  end

  // An entry's rpc is written only when the entry is, with req_rpc_i. A
  // branch writes it at every level from the top up before its kind is
  // known: the levels above the top are not in the stack (a push writes
  // them whole), and at the top a push writes only when it reuses the top's
  // level, whose rpc is req_rpc_i already. Its enable so waits for one
  // comparison instead of the branch's kind and error.
  logic [Depth-1:0] rpc_wr;
  always_comb begin
    for (int unsigned l = 0; l < Depth; l++) begin
      rpc_wr[l] = req_valid_i &&
                  (is_init ? (l == 0 && err_early == recon_stack_pkg::ErrNone)
                           : is_branch && warp_ok && (l >= 32'(sp) || (l == 32'(tos) && reuse)));
    end
  end

  // This operation's writes, for the buffer.
  always_comb begin : p_wr_now
    wr_now.full       = apply ? wr_full : '0;
    wr_now.tos        = apply ? wr_tos : '0;
    wr_now.merge      = apply ? wr_merge : '0;
    wr_now.rpc        = rpc_wr;
    wr_now.lcp        = wr_lcp;
    wr_now.f          = wr_f;
    wr_now.is_init    = is_init;
    wr_now.pc         = req_pc_i;
    wr_now.alt_pc     = req_alt_pc_i;
    wr_now.lpc        = req_lpc_i;
    wr_now.rpc_v      = req_rpc_i;
    wr_now.tos_pc     = tos_pc;
    wr_now.req_mask   = req_mask_i;
    wr_now.taken      = taken;
    wr_now.not_taken  = not_taken;
    wr_now.push_merge = push_merge;
    wr_now.tos_mask   = tos_mask;
    wr_now.merge_mask = merge_mask;
    lwr_now.full      = wr_now.full;
    lwr_now.merge     = wr_now.merge;
    lwr_now.merge_any = merge_any;
    lwr_now.eff_lpc   = eff_lpc;
    lwr_now.t_lpc     = t_lpc;
    lwr_now.eff_lpos  = eff_lpos;
    lwr_now.t_lpos    = t_lpos;
  end

  // Data of a full write at each level, from the buffer: the INIT entry,
  // the likely-convergence entry, the not-taken side or the taken side.
  pc_t   wd_pc   [Depth];
  pc_t   wd_lpc  [Depth];
  mask_t wd_mask [Depth];
  lpos_t wd_lpos [Depth];
  logic  wd_empty  [Depth];
  always_comb begin : p_wdata
    for (int unsigned l = 0; l < Depth; l++) begin
      wd_pc[l]    = wb_q.pc;
      wd_lpc[l]   = lwb_q.eff_lpc;
      wd_lpos[l]  = lwb_q.eff_lpos;
      wd_mask[l]  = wb_q.taken;
      wd_empty[l] = 1'b0;
      if (wb_q.is_init) begin
        wd_lpc[l]  = PcNone;
        wd_lpos[l] = '0;
        wd_mask[l] = wb_q.req_mask;
      end else if (wb_q.lcp[l]) begin
        wd_pc[l]    = wb_q.lpc;
        wd_lpc[l]   = lwb_q.t_lpc;
        wd_lpos[l]  = lwb_q.t_lpos;
        wd_mask[l]  = wb_q.push_merge;
        wd_empty[l] = !lwb_q.merge_any;
      end else if (wb_q.f[l]) begin
        wd_pc[l]   = wb_q.alt_pc;
        wd_mask[l] = wb_q.not_taken;
      end
    end
  end

  // Entry storage: a register file written from the buffer at its warp's
  // levels. It has no reset, like the SRAM it would be in a large core: no
  // entry is read before it is written (reads are below the stack pointer).
  for (genvar w = 0; w < NumWarps; w++) begin : gen_entries
    always_ff @(posedge clk_i) begin : p_entries
      if (wb_dec_q[w]) begin
        for (int unsigned l = 0; l < Depth; l++) begin
          {pc_q[w][l], rpc_q[w][l], mask_q[w][l]} <=
              ent_main(pc_q[w][l], rpc_q[w][l], mask_q[w][l], wb_q.full[l], wb_q.tos[l],
                       wb_q.merge[l], wb_q.rpc[l], wd_pc[l], wd_mask[l], wb_q.tos_pc,
                       wb_q.tos_mask, wb_q.merge_mask, wb_q.rpc_v);
        end
      end
    end
  end

  // ------------------------------------------------------------------------
  // The addressed warp's new top copy: its entry at level sp_next - 1 as the
  // writes above leave it. A level that a pop or a reused top uncovers is
  // read from the array at levels known from the state alone (the highest
  // unfinished level below the top, the top's likely-convergence entry, the
  // level below the top), beside the branch's comparisons, not after them.
  // ------------------------------------------------------------------------
  // The addressed warp's stack and its empty bits, picked by the one-hot
  // warp (none when out of range: then nothing is applied), every entry
  // read at a constant index, then the buffer's writes when they are the
  // warp's.
  ent_t row [Depth];
  logic [Depth*EntWidth-1:0] rows;  // the same, level l at bits l * EntWidth
  always_comb begin : p_row
    logic [Depth-1:0] fin_arr;
    fin_arr = '0;
    for (int unsigned w = 0; w < NumWarps; w++) begin
      if (w_dec[w]) begin
        fin_arr = fin_arr | empty_q[w];
      end
    end
    for (int unsigned l = 0; l < Depth; l++) begin
      pc_t   pc, rpc, lpc;
      mask_t mask;
      lpos_t lpos;
      logic  empty;
      {pc, rpc, lpc, mask, lpos} = '0;
      empty = fin_arr[l];
      for (int unsigned w = 0; w < NumWarps; w++) begin
        if (w_dec[w]) begin
          {pc, rpc, lpc, mask, lpos} = {pc, rpc, lpc, mask, lpos} |
              {pc_q[w][l], rpc_q[w][l], lpc_q[w][l], mask_q[w][l], lpos_q[w][l]};
        end
      end
      if (wb_hit) begin
        {pc, rpc, mask}    = ent_main(pc, rpc, mask, wb_q.full[l], wb_q.tos[l], wb_q.merge[l],
                                      wb_q.rpc[l], wd_pc[l], wd_mask[l], wb_q.tos_pc,
                                      wb_q.tos_mask, wb_q.merge_mask, wb_q.rpc_v);
        {lpc, lpos, empty} = ent_lcp(lpc, lpos, empty, lwb_q.full[l], lwb_q.merge[l],
                                     wd_lpc[l], wd_lpos[l], wd_empty[l]);
      end
      row[l] = {pc, rpc, lpc, mask, lpos};
      fin[l] = empty;
    end
  end
  for (genvar l = 0; l < Depth; l++) begin : gen_row
    assign rows[l*EntWidth +: EntWidth] = row[l];
  end

  // The three candidates are picked by one-hot levels (AND-OR), each from
  // the state alone. Yosys's `share` pass merges memory reads that it finds
  // used exclusively into one read at a multiplexed index; here that index
  // would wait for the pop's decision, putting the decision in front of
  // the warp's and the level's multiplexers (the mapping before this did):
  // the entries are so read only at constant indices (p_row).
  logic [Depth-1:0] cand_fin, oh_fin, oh_lpos, oh_below;
  lpos_t lvl_below;
  always_comb begin : p_levels
    lvl_below = tos - 1'b1;
    for (int unsigned l = 0; l < Depth; l++) begin
      cand_fin[l] = l < 32'(tos) && !fin[l];
      oh_lpos[l]  = 32'(t_lpos) == l;
      oh_below[l] = 32'(lvl_below) == l;
    end
    for (int unsigned l = 0; l < Depth; l++) begin
      oh_fin[l] = cand_fin[l] && (cand_fin >> (l + 1)) == '0;  // the highest; none: none
    end
  end

  ent_t  e_fin, e_lpos, e_below, e_up, top_next;
  ent_t e_cand [3];  // e_fin, e_lpos, e_below
  for (genvar c = 0; c < 3; c++) begin : gen_rd
    onehot_mux #(
      .Num  (Depth),
      .Width(EntWidth)
    ) u_rd (
      .sel_i (c == 0 ? oh_fin : c == 1 ? oh_lpos : oh_below),
      .data_i(rows),
      .data_o(e_cand[c])
    );
  end
  assign e_fin   = e_cand[0];
  assign e_lpos  = e_cand[1];
  assign e_below = e_cand[2];

  // Whether the uncovered level (below the top, or the pop's new top) is
  // the top's likely-convergence entry, compared beside the pop's decision
  // rather than after the level it picks.
  logic up_at_lpos;
  assign up_at_lpos = (!pop || !Lcp) ? lvl_below == t_lpos : pop_lpos || lvl_fin == t_lpos;
  always_comb begin : p_uncovered
    // without likely convergence nothing is finished, and a pop uncovers
    // the level below the top
    if (!pop || !Lcp) begin
      e_up = e_below;
    end else begin
      e_up = pop_lpos ? e_lpos : e_fin;
    end
    if (up_at_lpos && wr_merge != '0) begin
      e_up[LposWidth +: WarpWidth] = e_up[LposWidth +: WarpWidth] | merge_mask;
    end
  end

  // One-hot choice, an AND-OR rather than a chain of priorities: the
  // choices wait for different comparisons.
  logic div_t, div_f, div_lcp, div_tos, pick_up;
  assign div_t   = !is_init && !adv_like && push_t;  // divergent: the last entry written
  assign div_f   = !is_init && !adv_like && !push_t && push_f;
  assign div_lcp = !is_init && !adv_like && !push_t && !push_f && new_lcp;
  assign div_tos = !is_init && !adv_like && !push_t && !push_f && !new_lcp && !reuse;
  assign pick_up = pop || (!is_init && !adv_like && !push_t && !push_f && !new_lcp && reuse);
  always_comb begin : p_top_next
    top_next = ({EntWidth{is_init}} &
                {req_pc_i, req_rpc_i, PcNone, req_mask_i, {LposWidth{1'b0}}}) |
               ({EntWidth{adv_like && !pop}} & {adv_pc, t_rpc, t_lpc, adv_mask, t_lpos}) |
               ({EntWidth{div_t}}   & {req_pc_i, req_rpc_i, eff_lpc, taken, eff_lpos}) |
               ({EntWidth{div_f}}   & {req_alt_pc_i, req_rpc_i, eff_lpc, not_taken, eff_lpos}) |
               ({EntWidth{div_lcp}} & {req_lpc_i, req_rpc_i, t_lpc, push_merge, t_lpos}) |
               ({EntWidth{div_tos}} & {req_rpc_i, t_rpc, t_lpc, t_mask, t_lpos}) |
               ({EntWidth{pick_up}} & e_up);
  end

  // The buffer, and the top copies written from it.
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_wb
    if (!rst_ni) begin
      wb_q        <= '0;
      lwb_q       <= '0;
      wb_top_we_q <= 1'b0;
      wb_warp_q   <= '0;
      wb_dec_q    <= '0;
      wb_top_q    <= '0;
    end else begin
      wb_q        <= wr_now;
      lwb_q       <= lwr_now;
      wb_top_we_q <= apply;
      wb_warp_q   <= req_warp_i;
      wb_dec_q    <= w_dec;
      wb_top_q    <= top_next;
    end
  end

  for (genvar w = 0; w < NumWarps; w++) begin : gen_top
    always_ff @(posedge clk_i) begin : p_top
      if (wb_top_we_q && wb_dec_q[w]) begin
        top_pc_q[w]   <= wb_top_q[EntWidth-1 -: PcWidth];
        top_rpc_q[w]  <= wb_top_q[EntWidth-PcWidth-1 -: PcWidth];
        top_mask_q[w] <= wb_top_q[LposWidth +: WarpWidth];
      end
    end
  end

  if (Lcp) begin : gen_lcp
    for (genvar w = 0; w < NumWarps; w++) begin : gen_lcp_entries
      always_ff @(posedge clk_i) begin : p_lcp_entries
        if (wb_dec_q[w]) begin
          for (int unsigned l = 0; l < Depth; l++) begin
            {lpc_q[w][l], lpos_q[w][l], empty_q[w][l]} <=
                ent_lcp(lpc_q[w][l], lpos_q[w][l], empty_q[w][l], lwb_q.full[l],
                        lwb_q.merge[l], wd_lpc[l], wd_lpos[l], wd_empty[l]);
          end
        end
      end
    end
    for (genvar w = 0; w < NumWarps; w++) begin : gen_top_lcp
      always_ff @(posedge clk_i) begin : p_top_lcp
        if (wb_top_we_q && wb_dec_q[w]) begin
          top_lpc_q[w]  <= wb_top_q[LposWidth+WarpWidth +: PcWidth];
          top_lpos_q[w] <= wb_top_q[LposWidth-1:0];
        end
      end
    end
  end else begin : gen_no_lcp
    for (genvar w = 0; w < NumWarps; w++) begin : gen_w
      for (genvar l = 0; l < Depth; l++) begin : gen_l
        assign lpc_q[w][l]  = PcNone;
        assign lpos_q[w][l] = '0;
      end
      assign empty_q[w]    = '0;  // only likely-convergence entries start empty
      assign top_lpc_q[w]  = PcNone;
      assign top_lpos_q[w] = '0;
    end
  end

  if (!Lcp) begin : gen_no_lcp_data
    // Without likely-convergence fields their buffered data has no sink.
    logic unused_top_lcp;
    assign unused_top_lcp = ^{wb_top_q[LposWidth+WarpWidth +: PcWidth], wb_top_q[LposWidth-1:0]};
  end

  // ------------------------------------------------------------------------
  // Response and sticky error
  // ------------------------------------------------------------------------
  rsp_reg #(
    .NumPorts(1),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i (req_valid_i),
    .err_i   (err),
    .valid_o (rsp_valid_o),
    .err_o   (rsp_err_o),
    .sticky_o(err_sticky_o)
  );

  // What the request presented now gets at this edge, for a block that
  // composes the stack and acts on the outcome in the same cycle.
  assign req_err_o = req_valid_i ? err : '0;
  assign req_fin_o = apply && sp_next == '0;

  // ------------------------------------------------------------------------
  // Read port
  // ------------------------------------------------------------------------
  logic rd_top_buffered;  // the read warp's top is in the write buffer
  assign rd_top_buffered = wb_top_we_q && wb_warp_q == rd_warp_i;

  // The counts (CountEnable): each warp's, written with its top copy from
  // the buffered top's; the read gives the buffer's while it holds the
  // warp's top.
  logic [CountWidth-1:0] rd_cnt;
  if (CountEnable != 0) begin : gen_count
    logic [CountWidth-1:0] top_cnt_q [NumWarps];
    logic [CountWidth-1:0] wb_cnt;
    popcount #(.Width(WarpWidth)) u_wb_cnt (.in_i(wb_top_q[LposWidth +: WarpWidth]),
                                            .count_o(wb_cnt));
    for (genvar w = 0; w < NumWarps; w++) begin : gen_cnt
      always_ff @(posedge clk_i) begin : p_cnt
        if (wb_top_we_q && wb_dec_q[w]) top_cnt_q[w] <= wb_cnt;
      end
    end
    assign rd_cnt = rd_top_buffered ? wb_cnt : top_cnt_q[rd_warp_i];
  end else begin : gen_no_count
    assign rd_cnt = '0;
  end

  always_comb begin : p_read
    depth_t rd_sp;
    rd_valid_o = 1'b0;
    rd_pc_o    = '0;
    rd_rpc_o   = '0;
    rd_mask_o  = '0;
    rd_count_o = '0;
    rd_lpc_o   = '0;
    rd_lpos_o  = '0;
    rd_depth_o = '0;
    rd_sp      = '0;
    if (32'(rd_warp_i) < NumWarps) begin
      rd_sp  = sp_q[rd_warp_i];
      if (rd_sp != '0) begin
        rd_valid_o = 1'b1;
        rd_depth_o = rd_sp;
        {rd_pc_o, rd_rpc_o, rd_lpc_o, rd_mask_o, rd_lpos_o} = top_of(rd_warp_i, rd_top_buffered);
        rd_count_o = rd_cnt;
      end
    end
  end

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(recon_stack_pkg::ErrNone) == 0)
  // No stack deeper than Depth, nor than the most entries W threads fill.
  localparam int unsigned SpMax = (MaxFill < Depth) ? MaxFill : Depth;
  for (genvar w = 0; w < NumWarps; w++) begin : gen_sp_assert
    `ASSERT(SpBound_A, 32'(sp_q[w]) <= SpMax)
  end
  // A stack empties only by a pop at the rpc (a likely-convergence merge
  // always leaves the entry it merged into).
  `ASSERT_NEVER(EmptyOnlyAtRpc_A, apply && sp_next == '0 && !(pop && hit_rpc))
`ifndef SYNTHESIS
  // No entry below the addressed warp's TOS is at its own rpc: a branch at
  // the TOS's rpc creates no reconvergence entry, so the pop search needs
  // only the empty bits.
  logic [Depth-1:0] below_at_rpc;
  always_comb begin
    below_at_rpc = '0;
    for (int unsigned l = 0; l < Depth; l++) begin
      below_at_rpc[l] = warp_ok && l < 32'(tos) &&
                        row[l][EntWidth-1 -: PcWidth] == row[l][EntWidth-PcWidth-1 -: PcWidth];
    end
  end
  `ASSERT_NEVER(NoEntryBelowTosAtRpc_A, below_at_rpc != '0)
  // The top copy is the addressed warp's entry at level sp - 1.
  `ASSERT(TopCopy_A, !(warp_ok && sp != '0) ||
                     {t_pc, t_rpc, t_lpc, t_mask, t_lpos} == row[tos])
`endif
  // The reserved PC is rejected (BAD_PC) and never reaches a top of stack.
  `ASSERT_NEVER(RdPcNone_A, rd_valid_o && rd_pc_o == PcNone)
  // rd_count_o is the read mask's set bits (CountEnable), else 0.
  `ASSERT(RdCount_A, 32'(rd_count_o) == (CountEnable != 0 ? $countones(rd_mask_o) : 0))

endmodule
