// Tournament: the minimum (or maximum) key among the valid inputs, with its
// index; the lowest index wins a tie.
//
// A tree of Radix-input matches, ceil(log_Radix(Width)) levels deep. A match
// compares every pair of its inputs at once (Radix(Radix-1)/2 comparators,
// one per pair) and its winner is the input that no other beats: one
// comparator delay per level, where a tree of two-input matches takes
// log2(Radix) of them. After level l the node at index b holds the best of
// inputs b .. b + Radix^(l+1) - 1. The warp-split table uses it for the
// catch-up winner (the minimum instruction count, DWS section 5.4), the
// merged splits' counts (maxima) and the shallowest-warp-first pick (the
// fewest remaining MFC, section 5.6); at its paper configuration, matches of
// 8 instead of 2 took the critical path from 13.9 to 8.3 ns for 21% more area
// (docs/blocks/warp_split_table.md, Area and timing).
//
// Example (Width = 4, KeyWidth = 4, Max = 0): valid_i = 4'b1110,
// key_i = {4'd2, 4'd7, 4'd2, 4'd0} (input 3 in the top bits) -> valid_o = 1,
// key_o = 2, idx_o = 1 (inputs 1 and 3 tie at 2; input 0 is not valid).
// valid_i = 0 -> valid_o = 0, key_o = 0, idx_o = 0. A generic cell, tested
// on its own (configs/tourney.cfg).

`include "assert.svh"

module tourney #(
  `include "tourney_paramlist.svh"
) (
  `include "tourney_portlist.svh"
);

  `include "tourney_checks.svh"

  localparam bit IsMax = Max != 0;
  // (an illegal Radix below 2 reaches its $error above, not an endless loop)
  localparam int unsigned R = (Radix >= 2) ? Radix : 2;

  logic                vld [Width];
  logic [KeyWidth-1:0] key [Width];
  logic [IdxWidth-1:0] idx [Width];
  always_comb begin : p_tree
    logic [R-1:0] win;  // win[m]: member m of the match beats every other member
    logic                nv;
    logic [KeyWidth-1:0] nk;
    logic [IdxWidth-1:0] ni;
    for (int unsigned i = 0; i < Width; i++) begin
      vld[i] = valid_i[i];
      key[i] = valid_i[i] ? key_i[i*KeyWidth +: KeyWidth] : '0;
      idx[i] = IdxWidth'(i);
    end
    // Level with stride s: the match at b has members b + m*s, m < R.
    for (int unsigned s = 1; s < Width; s = s * R) begin
      for (int unsigned b = 0; b < Width; b = b + s * R) begin
        win = '0;
        for (int unsigned m = 0; m < R; m++) begin
          if (b + m * s < Width) begin
            win[m] = vld[b + m * s];
            // A lower member n beats m unless m's key is strictly better;
            // a higher one beats m when its key is strictly better.
            for (int unsigned n = 0; n < R; n++) begin
              if (n != m && b + n * s < Width && vld[b + n * s]) begin
                if (n < m) begin
                  if (!(IsMax ? key[b + m * s] > key[b + n * s] :
                              key[b + m * s] < key[b + n * s])) begin
                    win[m] = 1'b0;
                  end
                end else if (IsMax ? key[b + n * s] > key[b + m * s] :
                                   key[b + n * s] < key[b + m * s]) begin
                  win[m] = 1'b0;
                end
              end
            end
          end
        end
        // At most one member wins (the order is total): OR its fields in.
        nv = 1'b0;
        nk = '0;
        ni = '0;
        for (int unsigned m = 0; m < R; m++) begin
          if (win[m]) begin
            nv = 1'b1;
            nk = nk | key[b + m * s];
            ni = ni | idx[b + m * s];
          end
        end
        vld[b] = nv;
        key[b] = nk;
        idx[b] = ni;
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
