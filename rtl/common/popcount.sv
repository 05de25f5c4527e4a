// Population count: how many bits of in_i are set.
//
// A balanced tree of adders, clog2(Width) levels deep: the inputs, padded
// with zeros to a power of two, are the leaves; a node of level l is the sum
// of two nodes of level l-1, l+1 bits wide (at most 2^l), so the adders grow
// by one bit a level and a path crosses clog2(Width) of them, not Width. For
// the blocks' counts of a mask's set bits (a warp's active lanes); a generic
// cell, tested on its own (configs/popcount.cfg).
//
// Example (Width = 8): in_i = 8'b0110_1001 -> count_o = 4 (level 1: 1, 2,
// 1, 0 from the bit pairs 0-1 .. 6-7; level 2: 3, 1; level 3: 4).
// in_i = 0 -> 0; in_i = 8'hff -> 8.

`include "assert.svh"

module popcount #(
  `include "popcount_paramlist.svh"
) (
  `include "popcount_portlist.svh"
);

  `include "popcount_checks.svh"

  localparam int unsigned Levels = $clog2(Width);
  localparam int unsigned Leaves = 1 << Levels;
  // = CountWidth, but positive even for the illegal Width = 0 the checks
  // above reject, so that Yosys gets to their message.
  localparam int unsigned CntW = (CountWidth > 0) ? CountWidth : 1;

  // gen_level[l].sum: Leaves >> l nodes of NodeW bits; node n counts the
  // set bits among inputs n*2^l .. (n+1)*2^l - 1, at most 2^l: l+1 bits.
  // The root's are CountWidth (one fewer when Width is not a power of two:
  // the count is at most Width < 2^l there).
  for (genvar l = 0; l <= Levels; l++) begin : gen_level
    localparam int unsigned NodeW = (l == Levels) ? CntW : l + 1;
    logic [(Leaves >> l)*NodeW-1:0] sum;
    if (l == 0) begin : gen_leaves
      assign sum = Leaves'(in_i);
    end else begin : gen_adders
      // the children, of level l-1 (not the root): l bits each
      for (genvar n = 0; n < (Leaves >> l); n++) begin : gen_node
        assign sum[n*NodeW +: NodeW] = NodeW'(gen_level[l-1].sum[2*n*l +: l]) +
                                       NodeW'(gen_level[l-1].sum[(2*n+1)*l +: l]);
      end
    end
  end

  assign count_o = gen_level[Levels].sum;

  `ASSERT_COMB(CountIsOnes_A, 32'(count_o) == $countones(in_i))

endmodule
