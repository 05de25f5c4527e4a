// Round-robin pick: the first request after last_i, circularly. The lowest
// request above last_i wins; without one, the lowest request of all (the
// pick wraps around), so last_i's own request is picked only when it is the
// only one. A last_i of Width or more counts as Width-1: the lowest request
// wins (with last_i at its all-ones value, a plain priority encoder).
//
// Two lowest-set-bit pickers side by side, one over the requests above
// last_i and one over all of them; the first wins when it finds one. Every
// part is a tree, log2(Width) gates deep: the mask above last_i (a compare
// with a constant per bit), the pickers (a parallel prefix OR: a bit is
// picked when no bit below it is set), valid_o (an OR) and idx_o (an OR of
// the one-hot bits per index bit: the onehot_mux cell). The prio_enc cell
// is not used: at 1024 inputs its carry and index chains are over 300
// gates deep (docs/blocks/rr_pick.md). The round-robin picks of
// warp_slice_table, warp_split_table and pst; a generic cell, tested on its own
// (configs/rr_pick.cfg).
//
// Example (Width = 8): req_i = 8'b0100_1010, last_i = 3 -> valid_o = 1,
// idx_o = 6, onehot_o = 8'b0100_0000; last_i = 6 -> idx_o = 1 (wrapped),
// onehot_o = 8'b0000_0010. req_i = 8'b0000_1000, last_i = 3 -> idx_o = 3.
// req_i = 0 -> valid_o = 0, idx_o = 0, onehot_o = 0.

`include "assert.svh"

module rr_pick #(
  `include "rr_pick_paramlist.svh"
) (
  `include "rr_pick_portlist.svh"
);

  `include "rr_pick_checks.svh"

  // The lowest set bit of v alone: bit i when v[i] is set and no bit below
  // it is. The prefix OR (any[i]: some bit of v at or below i) takes
  // log2(Width) levels of two-input ORs: after the level of distance d,
  // any[i] covers bits i-2d+1 .. i (Hillis and Steele's scan).
  function automatic logic [Width-1:0] lowest(logic [Width-1:0] v);
    logic [Width-1:0] any;
    any = v;
    for (int unsigned d = 1; d < Width; d = d * 2) begin
      any = any | (any << d);
    end
    lowest[0] = v[0];
    for (int unsigned i = 1; i < Width; i++) begin
      lowest[i] = v[i] && !any[i-1];
    end
  endfunction

  // Bit i: input i lies above last_i (none when last_i >= Width-1).
  logic [Width-1:0] above;
  always_comb begin : p_above
    for (int unsigned i = 0; i < Width; i++) begin
      above[i] = 32'(last_i) < i;
    end
  end

  logic [Width-1:0] req_above;
  assign req_above = req_i & above;
  assign valid_o   = req_i != '0;
  assign onehot_o  = req_above != '0 ? lowest(req_above) : lowest(req_i);

  // The index of the pick: bit b of idx_o ORs the one-hot bits whose index
  // has bit b set (the onehot_mux cell).
  logic [Width*IdxWidth-1:0] indices;
  always_comb begin : p_indices
    for (int unsigned i = 0; i < Width; i++) begin
      indices[i*IdxWidth +: IdxWidth] = IdxWidth'(i);
    end
  end
  onehot_mux #(.Num(Width), .Width(IdxWidth)) u_idx (
    .sel_i (onehot_o),
    .data_i(indices),
    .data_o(idx_o)
  );

`ifndef SYNTHESIS
  // The checks' own view of the pointer, apart from `above`: the last index
  // (Width-1 for an out-of-range last_i) as a one-hot, the bits at or below
  // it, and the bits below the pick.
  logic [Width-1:0] last_oh, upto_last, below_pick;
  assign last_oh    = 32'(last_i) < Width ? Width'(1) << last_i : Width'(1) << (Width - 1);
  assign upto_last  = last_oh | (last_oh - 1'b1);
  assign below_pick = onehot_o - 1'b1;
`endif

  // The pick is a request; there is one exactly when some input asks.
  `ASSERT_COMB(OnehotIsRequest_A, $onehot(onehot_o) == valid_o && (onehot_o & ~req_i) == '0)
  `ASSERT_COMB(IdxMatchesOnehot_A, valid_o ? onehot_o == (Width'(1) << idx_o) : idx_o == '0)
  // No request lies strictly between last_i and the pick, circularly: above
  // the pointer and below the pick when the pick is above the pointer, else
  // above the pointer or below the pick.
  `ASSERT_COMB(NoneSkipped_A, !valid_o ||
                              (req_i & ((onehot_o & ~upto_last) != '0 ? ~upto_last & below_pick
                                                                      : ~upto_last | below_pick))
                              == '0)

endmodule
