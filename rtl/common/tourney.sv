// Tournament: the minimum (or maximum) key among the valid inputs, with its
// index; the lowest index wins a tie.
//
// A balanced tree of two-input matches, ceil(log2(Width)) levels deep: after
// level l, node i holds the best of inputs i .. i + 2^(l+1) - 1. The
// warp-split table uses it for the catch-up winner (the minimum instruction
// count, DWS section 5.4), the merged splits' counts (maxima) and the
// shallowest-warp-first pick (the fewest remaining MFC, section 5.6).
//
// Example (Width = 4, KeyWidth = 4, Max = 0): valid_i = 4'b1110,
// key_i = {4'd2, 4'd7, 4'd2, 4'd0} (input 3 in the top bits) -> valid_o = 1,
// key_o = 2, idx_o = 1 (inputs 1 and 3 tie at 2; input 0 is not valid).
// valid_i = 0 -> valid_o = 0, key_o = 0, idx_o = 0.

`include "assert.svh"

module tourney #(
  /// Inputs, 1 .. 4096.
  parameter int unsigned Width    = 8,
  /// Width of a key, 1 .. 64.
  parameter int unsigned KeyWidth = 8,
  /// 0: the minimum key wins; 1: the maximum.
  parameter bit          Max      = 1'b0,
  /// Derived, do not override: width of an index.
  parameter int unsigned IdxWidth = (Width > 1) ? $clog2(Width) : 1
) (
  /// Input i takes part (bit i).
  input  logic [Width-1:0]               valid_i,
  /// Key of input i (unsigned), at bits i*KeyWidth.
  input  logic [Width*KeyWidth-1:0]      key_i,
  /// Some input takes part.
  output logic                           valid_o,
  /// The winner's key (0 when no input takes part).
  output logic [KeyWidth-1:0]            key_o,
  /// The winner's index, the lowest on a tie (0 when no input takes part).
  output logic [IdxWidth-1:0]            idx_o
);

  if (Width < 1 || Width > 4096) begin : gen_bad_width
    $error("tourney: Width must be 1..4096");
  end
  if (KeyWidth < 1 || KeyWidth > 64) begin : gen_bad_key_width
    $error("tourney: KeyWidth must be 1..64");
  end
  if (IdxWidth != ((Width > 1) ? $clog2(Width) : 1)) begin : gen_bad_idx_width
    $error("tourney: IdxWidth is derived; do not override");
  end

  logic                vld [Width];
  logic [KeyWidth-1:0] key [Width];
  logic [IdxWidth-1:0] idx [Width];
  always_comb begin : p_tree
    for (int unsigned i = 0; i < Width; i++) begin
      vld[i] = valid_i[i];
      key[i] = valid_i[i] ? key_i[i*KeyWidth +: KeyWidth] : '0;
      idx[i] = IdxWidth'(i);
    end
    for (int unsigned l = 0; (1 << l) < Width; l++) begin  // ceil(log2(Width)) levels
      for (int unsigned i = 0; i + (1 << l) < Width; i += (2 << l)) begin
        // the right-hand input wins only if strictly better
        if (vld[i + (1 << l)] &&
            (!vld[i] || (Max ? key[i + (1 << l)] > key[i] : key[i + (1 << l)] < key[i]))) begin
          vld[i] = 1'b1;
          key[i] = key[i + (1 << l)];
          idx[i] = idx[i + (1 << l)];
        end
      end
    end
  end

  assign valid_o = vld[0];
  assign key_o   = key[0];
  assign idx_o   = vld[0] ? idx[0] : '0;

  // The winner takes part; there is one exactly when some input takes part.
  `ASSERT_COMB(WinnerIsValid_A, !valid_o || valid_i[idx_o])
  `ASSERT_COMB(NoneValidNoWinner_A, valid_o == (valid_i != '0))

endmodule
