// Priority encoder: the lowest set bit of in_i, as an index and one-hot.
//
// One per lane in TBC's thread compactor (HPCA'11 section 3.3: "each
// priority encoder selects at most one thread from its corresponding
// inputs"); a generic cell, tested on its own (configs/prio_enc.cfg).
//
// Example (Width = 8): in_i = 8'b0110_1000 -> valid_o = 1, idx_o = 3,
// onehot_o = 8'b0000_1000. in_i = 0 -> valid_o = 0, idx_o = 0, onehot_o = 0.

`include "assert.svh"

module prio_enc #(
  `include "prio_enc_paramlist.svh"
) (
  `include "prio_enc_portlist.svh"
);

  `include "prio_enc_checks.svh"

  assign valid_o  = |in_i;
  // x & -x isolates the lowest set bit.
  assign onehot_o = in_i & (~in_i + 1'b1);

  always_comb begin
    idx_o = '0;
    for (int unsigned i = Width; i > 0; i--) begin
      if (in_i[i-1]) begin
        idx_o = IdxWidth'(i - 1);
      end
    end
  end

  // onehot_o is the lowest set bit of in_i, idx_o its index.
  `ASSERT_COMB(OnehotIsLowest_A, $onehot(onehot_o) == valid_o && (onehot_o & ~in_i) == '0 &&
                                 (in_i & (onehot_o - 1'b1)) == '0)
  `ASSERT_COMB(IdxMatchesOnehot_A, valid_o ? onehot_o == (Width'(1) << idx_o) : idx_o == '0)

endmodule
