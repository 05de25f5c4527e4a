// Diverge on Miss: Memory Divergence Table with the MCB's per-thread status.
//
// Source: DoM (SC'09) section 3.2 (three-state per-thread FSM of the memory
// coalescing buffer), section 4.1 steps 1-5, section 4.3 (forced
// reconvergence). Behaviour, cycle timing and errors: docs/blocks/mdt.md.
//
// Per warp EntriesPerWarp entries {valid, pc, waiting[W], ready[W], age}; a
// thread's MCB status is INVALID (neither bit), WAITING or READY. Two ports:
// the access port (ACCESS / FORCE / RELEASE, from the pipeline) and the fill
// port (returned cache lines). Both act on the state at the start of the
// cycle; their effects on one entry touch different threads and are merged
// at the edge.
//
// Example (W = 4, M = 2): ACCESS pc=P exec=1111 hit=0101 -> ALLOCATED entry
// 0, threads 1,3 WAITING. FILL entry 0 mask=1000 -> thread 3 READY. ACCESS
// pc=P exec=0101 hit=0101 -> MERGED, rejoin=1000 (thread 3), thread 1 still
// WAITING. FILL 0010, then ACCESS pc=P again -> rejoin=0010, entry freed.

`include "assert.svh"

module mdt #(
  `include "mdt_paramlist.svh"
) (
  `include "mdt_portlist.svh"
);

  `include "mdt_checks.svh"

  localparam int unsigned M = EntriesPerWarp;

  typedef logic [WarpWidth-1:0]    mask_t;
  typedef logic [EntryIdWidth-1:0] eid_t;

  // ------------------------------------------------------------------------
  // State. valid resets; the rest is a register file read only where valid.
  // ------------------------------------------------------------------------
  logic [M-1:0]        valid_q [NumWarps];
  logic [PcWidth-1:0]  pc_q    [NumWarps][M];
  mask_t               wait_q  [NumWarps][M];
  mask_t               ready_q [NumWarps][M];
  eid_t                age_q   [NumWarps][M];

  // ------------------------------------------------------------------------
  // Access port
  // ------------------------------------------------------------------------
  logic  acc_warp_ok;
  assign acc_warp_ok = 32'(acc_warp_i) < NumWarps;

  logic [M-1:0] a_valid, a_match;
  mask_t        a_masked, miss;
  logic         found, has_free, has_oldest;
  eid_t         found_e, free_e, oldest_e, n_valid;
  always_comb begin
    a_valid    = acc_warp_ok ? valid_q[acc_warp_i] : '0;
    a_match    = '0;
    a_masked   = '0;
    found      = 1'b0;
    found_e    = '0;
    has_free   = 1'b0;
    free_e     = '0;
    has_oldest = 1'b0;
    oldest_e   = '0;
    n_valid    = '0;
    for (int unsigned e = M; e > 0; e--) begin
      if (a_valid[e-1]) begin
        a_match[e-1] = pc_q[acc_warp_i][e-1] == acc_pc_i;
        a_masked     = a_masked | wait_q[acc_warp_i][e-1] | ready_q[acc_warp_i][e-1];
        n_valid      = n_valid + 1'b1;
        if (a_match[e-1]) begin
          found   = 1'b1;
          found_e = EntryIdWidth'(e - 1);
        end
        if (age_q[acc_warp_i][e-1] == '0) begin
          has_oldest = 1'b1;
          oldest_e   = EntryIdWidth'(e - 1);
        end
      end else begin
        has_free = 1'b1;
        free_e   = EntryIdWidth'(e - 1);  // the loop runs downwards: lowest wins
      end
    end
    miss = acc_exec_i & ~acc_hit_i;
  end

  logic [2:0] acc_err;
  always_comb begin
    acc_err = mdt_pkg::ErrNone;
    if (acc_op_i == mdt_pkg::OpReserved) begin
      acc_err = mdt_pkg::ErrBadOp;
    end else if (!acc_warp_ok) begin
      acc_err = mdt_pkg::ErrBadWarp;
    end else if (acc_op_i == mdt_pkg::OpAccess && (acc_exec_i & a_masked) != '0) begin
      acc_err = mdt_pkg::ErrBadExec;
    end
  end

  logic acc_apply;
  assign acc_apply = acc_valid_i && acc_err == mdt_pkg::ErrNone;

  // What the access does: which entry, how.
  logic [2:0] kind;
  eid_t       tgt;        // entry merged / forced / allocated
  logic       tgt_update; // MERGED or FORCED: READY threads re-join
  logic       tgt_alloc;
  mask_t      rejoin;
  always_comb begin
    kind       = mdt_pkg::KindNone;
    tgt        = '0;
    tgt_update = 1'b0;
    tgt_alloc  = 1'b0;
    if (acc_op_i == mdt_pkg::OpAccess) begin
      if (found) begin
        kind       = mdt_pkg::KindMerged;
        tgt        = found_e;
        tgt_update = 1'b1;
      end else if (miss != '0) begin
        if (has_free && acc_alloc_ok_i) begin
          kind      = mdt_pkg::KindAllocated;
          tgt       = free_e;
          tgt_alloc = 1'b1;
        end else begin
          kind = mdt_pkg::KindBlocking;
        end
      end
    end else if (acc_op_i == mdt_pkg::OpForce) begin
      if (has_oldest) begin
        kind       = mdt_pkg::KindForced;
        tgt        = oldest_e;
        tgt_update = 1'b1;
      end else begin
        kind = mdt_pkg::KindForceEmpty;
      end
    end
    rejoin = tgt_update ? ready_q[acc_warp_i][tgt] : '0;
  end

  // ------------------------------------------------------------------------
  // Fill port
  // ------------------------------------------------------------------------
  logic fill_warp_ok, fill_entry_ok;
  assign fill_warp_ok  = 32'(fill_warp_i) < NumWarps;
  assign fill_entry_ok = fill_warp_ok && 32'(fill_entry_i) < M &&
                         valid_q[fill_warp_i][fill_entry_i];

  logic [2:0] fill_err;
  always_comb begin
    fill_err = mdt_pkg::ErrNone;
    if (!fill_warp_ok) begin
      fill_err = mdt_pkg::ErrBadWarp;
    end else if (!fill_entry_ok) begin
      fill_err = mdt_pkg::ErrBadEntry;
    end else if (fill_mask_i == '0 ||
                 (fill_mask_i & ~wait_q[fill_warp_i][fill_entry_i]) != '0) begin
      fill_err = mdt_pkg::ErrNotWaiting;
    end
  end

  logic fill_apply;
  assign fill_apply = fill_valid_i && fill_err == mdt_pkg::ErrNone;

  // ------------------------------------------------------------------------
  // The merged next value of the access port's entry, and whether it frees
  // ------------------------------------------------------------------------
  logic  same;       // the fill hits the access port's entry
  mask_t t_wait, t_ready;
  logic  t_free;
  assign same    = fill_apply && acc_apply && tgt_update &&
                   fill_warp_i == acc_warp_i && fill_entry_i == tgt;
  assign t_wait  = (wait_q[acc_warp_i][tgt] | (kind == mdt_pkg::KindMerged ? miss : '0)) &
                   ~(same ? fill_mask_i : '0);
  assign t_ready = same ? fill_mask_i : '0;
  assign t_free  = tgt_update && t_wait == '0 && t_ready == '0;

  always_ff @(posedge clk_i) begin : p_entries
    if (fill_apply && !same) begin
      wait_q[fill_warp_i][fill_entry_i]  <= wait_q[fill_warp_i][fill_entry_i] & ~fill_mask_i;
      ready_q[fill_warp_i][fill_entry_i] <= ready_q[fill_warp_i][fill_entry_i] | fill_mask_i;
    end
    // The lowest free entry takes the access's PC whether or not the access
    // allocates it: a free entry's PC is never read (matches and the read
    // port look at valid entries only), so the write need not wait for the
    // access's outcome (the match, the slip controller's block), which made
    // the longest path of dom_core at paper.
    if (acc_valid_i && acc_warp_ok && has_free) begin
      pc_q[acc_warp_i][free_e] <= acc_pc_i;
    end
    if (acc_apply) begin
      if (tgt_alloc) begin
        wait_q[acc_warp_i][tgt]  <= miss;
        ready_q[acc_warp_i][tgt] <= '0;
        age_q[acc_warp_i][tgt]   <= n_valid;
      end else if (tgt_update) begin
        wait_q[acc_warp_i][tgt]  <= t_wait;
        ready_q[acc_warp_i][tgt] <= t_ready;
        if (t_free) begin
          // the warp's younger entries move up
          for (int unsigned e = 0; e < M; e++) begin
            if (a_valid[e] && age_q[acc_warp_i][e] > age_q[acc_warp_i][tgt]) begin
              age_q[acc_warp_i][e] <= age_q[acc_warp_i][e] - 1'b1;
            end
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_valid
    if (!rst_ni) begin
      for (int unsigned w = 0; w < NumWarps; w++) begin
        valid_q[w] <= '0;
      end
    end else if (acc_apply) begin
      if (acc_op_i == mdt_pkg::OpRelease) begin
        valid_q[acc_warp_i] <= '0;
      end else if (tgt_alloc) begin
        valid_q[acc_warp_i][tgt] <= 1'b1;
      end else if (t_free) begin
        valid_q[acc_warp_i][tgt] <= 1'b0;
      end
    end
  end

  // ------------------------------------------------------------------------
  // Responses
  // ------------------------------------------------------------------------
  // Valid and error of both ports (port 0 access, port 1 fill; one code
  // list, one sticky vector).
  rsp_reg #(
    .NumPorts(2),
    .ErrWidth(3)
  ) u_rsp (
    .clk_i,
    .rst_ni,
    .valid_i ({fill_valid_i, acc_valid_i}),
    .err_i   ({fill_err, acc_err}),
    .valid_o ({fill_rsp_valid_o, rsp_valid_o}),
    .err_o   ({fill_err_o, rsp_err_o}),
    .sticky_o(err_sticky_o)
  );

  // What an applied access did.
  always_ff @(posedge clk_i or negedge rst_ni) begin : p_rsp
    if (!rst_ni) begin
      rsp_kind_o    <= mdt_pkg::KindNone;
      rsp_entry_o   <= '0;
      rsp_rejoin_o  <= '0;
      rsp_waiting_o <= 1'b0;
    end else begin
      rsp_kind_o    <= acc_apply ? kind : mdt_pkg::KindNone;
      rsp_entry_o   <= acc_apply ? tgt : '0;
      rsp_rejoin_o  <= acc_apply ? rejoin : '0;
      rsp_waiting_o <= acc_apply && kind == mdt_pkg::KindForced && wait_q[acc_warp_i][tgt] != '0;
    end
  end

  // ------------------------------------------------------------------------
  // Read port
  // ------------------------------------------------------------------------
  always_comb begin : p_read
    rd_valid_o   = 1'b0;
    rd_pc_o      = '0;
    rd_waiting_o = '0;
    rd_ready_o   = '0;
    rd_age_o     = '0;
    rd_masked_o  = '0;
    rd_free_o    = 1'b0;
    if (32'(rd_warp_i) < NumWarps) begin
      rd_free_o = valid_q[rd_warp_i] != '1;
      for (int unsigned e = 0; e < M; e++) begin
        if (valid_q[rd_warp_i][e]) begin
          rd_masked_o = rd_masked_o | wait_q[rd_warp_i][e] | ready_q[rd_warp_i][e];
        end
      end
      if (32'(rd_entry_i) < M && valid_q[rd_warp_i][rd_entry_i]) begin
        rd_valid_o   = 1'b1;
        rd_pc_o      = pc_q[rd_warp_i][rd_entry_i];
        rd_waiting_o = wait_q[rd_warp_i][rd_entry_i];
        rd_ready_o   = ready_q[rd_warp_i][rd_entry_i];
        rd_age_o     = age_q[rd_warp_i][rd_entry_i];
      end
    end
  end

  // ------------------------------------------------------------------------
  // Assertions
  // ------------------------------------------------------------------------
  // rsp_reg answers "no error" with 0.
  `ASSERT_INIT(ErrNoneIsZero_A, 32'(mdt_pkg::ErrNone) == 0)
  // The MCB's three states per thread (section 3.2): a thread of a valid
  // entry is never both WAITING and READY, and a valid entry holds at least
  // one thread (it frees when its last READY thread re-joins).
  for (genvar w = 0; w < NumWarps; w++) begin : gen_warp_assert
    for (genvar e = 0; e < M; e++) begin : gen_entry_assert
      `ASSERT(WaitingReadyDisjoint_A, !valid_q[w][e] || (wait_q[w][e] & ready_q[w][e]) == '0)
      `ASSERT(EntryNotEmpty_A, !valid_q[w][e] || (wait_q[w][e] | ready_q[w][e]) != '0)
    end
  end

endmodule
