// Population count: how many bits of in_i are set.
//
// Column compression (Wallace/Dadda style), then one add. The bits are
// sorted into columns by weight: column c holds bits worth 2^c, and at
// first column 0 holds all Width inputs. Each stage reduces every column on
// its own: while at least three of its bits are left, a full adder takes
// three (their sum, a^b^c, stays in the column; their majority carries into
// column c+1); when exactly two are left and the column had more than three,
// a half adder takes them; the rest pass. The stages go on until no column
// holds more than two bits; then the columns' first bits make one number and
// their second bits another, and one CountWidth-bit add sums them. A stage is
// one full adder deep (5 stages at Width = 32, 14 at 1024), so a path
// crosses that many full adders and a single carry chain, not clog2(Width)
// chains of growing adders. The sum of the bits' weights is Width at every
// stage (a full adder turns 3*2^c into 2^c + 2^(c+1), a half adder 2*2^c
// into 2^c + 2^(c+1)), so no bit reaches column CountWidth and the top
// column never needs an adder. For the blocks' counts of a mask's set bits
// (a warp's active lanes); a generic cell, tested on its own
// (configs/popcount.cfg).
//
// Example (Width = 8): column 0 holds 8 bits; stage 1: two full adders and
// a half adder leave 3 bits in column 0 and 3 in column 1; stage 2: a full
// adder in each leaves 1, 2 and 1 bits in columns 0, 1 and 2; the add.
// in_i = 8'b0110_1001 -> stage 1: sums 1, 0, 1 (bits 0-2, 3-5, 6-7), carries
// 0, 1, 0; stage 2: column 0: 0, column 1: 1 (column 0's carry) and 1,
// column 2: 0 -> count_o = 3'b010 + 3'b010 = 4. in_i = 0 -> 0; 8'hff -> 8.

`include "assert.svh"

module popcount #(
  `include "popcount_paramlist.svh"
) (
  `include "popcount_portlist.svh"
);

  `include "popcount_checks.svh"

  // = CountWidth, but positive even for the illegal Width = 0 the checks
  // above reject, so that Yosys gets to their message.
  localparam int unsigned CntW = (CountWidth > 0) ? CountWidth : 1;
  // The schedule's column heights, CntW fields of 32 bits (column c at
  // [32*c +: 32]); a height is at most Width.
  localparam int unsigned HeightsW = 32 * CntW;

  // ------------------------------------------------------------------------
  // The schedule, at elaboration
  // ------------------------------------------------------------------------
  // A stage's full adders and half adder in a column of h bits, and the bits
  // it passes.
  function automatic int unsigned full_adders(int unsigned h);
    full_adders = h / 3;
  endfunction

  function automatic int unsigned half_adders(int unsigned h);
    half_adders = (h % 3 == 2 && h > 3) ? 1 : 0;
  endfunction

  function automatic int unsigned passed(int unsigned h);
    passed = h - 3 * full_adders(h) - 2 * half_adders(h);
  endfunction

  // The carries a stage moves out of a column of h bits.
  function automatic int unsigned carries(int unsigned h);
    carries = full_adders(h) + half_adders(h);
  endfunction

  function automatic int unsigned height(logic [HeightsW-1:0] hs, int unsigned c);
    height = hs[32*c +: 32];
  endfunction

  // The heights one stage after hs: column c holds its sums, the bits it
  // passes and column c-1's carries.
  function automatic logic [HeightsW-1:0] step(logic [HeightsW-1:0] hs);
    step = '0;
    for (int unsigned c = 0; c < CntW; c++) begin
      step[32*c +: 32] = carries(height(hs, c)) + passed(height(hs, c)) +
                         ((c > 0) ? carries(height(hs, c - 1)) : 0);
    end
  endfunction

  // The heights after stage s (0: the inputs, all in column 0).
  function automatic logic [HeightsW-1:0] heights(int unsigned s);
    heights = '0;
    heights[31:0] = Width;
    for (int unsigned t = 0; t < s; t++) begin
      heights = step(heights);
    end
  endfunction

  // Where column c starts in a stage's bits: the bits of columns below c.
  function automatic int unsigned offset(logic [HeightsW-1:0] hs, int unsigned c);
    offset = 0;
    for (int unsigned k = 0; k < CntW; k++) begin
      if (k < c) begin
        offset = offset + height(hs, k);
      end
    end
  endfunction

  // The stages until no column holds more than two bits. Fewer than Width
  // (the loop's bound): a stage with a full adder leaves one bit fewer.
  function automatic int unsigned stages_needed(int unsigned bound);
    logic [HeightsW-1:0] hs;
    logic                done;
    hs = heights(0);
    stages_needed = 0;
    done = 1'b0;
    for (int unsigned t = 0; t < bound; t++) begin
      if (!done) begin
        done = 1'b1;
        for (int unsigned c = 0; c < CntW; c++) begin
          if (height(hs, c) > 2) begin
            done = 1'b0;
          end
        end
        if (!done) begin
          hs = step(hs);
          stages_needed = t + 1;
        end
      end
    end
  endfunction

  localparam int unsigned Stages = stages_needed(Width);

  // ------------------------------------------------------------------------
  // The stages
  // ------------------------------------------------------------------------
  // gen_stage[s].bits: the bits after stage s, column by column from column
  // 0 (offset()); within column c: column c-1's carries, then column c's
  // full adders' sums, its half adder's sum, the bits it passed.
  for (genvar s = 0; s <= Stages; s++) begin : gen_stage
    localparam logic [HeightsW-1:0] Hs = heights(s);
    logic [offset(Hs, CntW)-1:0] bits;
    if (s == 0) begin : gen_inputs
      assign bits = in_i;
    end else begin : gen_reduce
      localparam logic [HeightsW-1:0] Prev = heights(s - 1);
      for (genvar c = 0; c < CntW; c++) begin : gen_col
        localparam int unsigned H     = height(Prev, c);
        localparam int unsigned Fa    = full_adders(H);
        localparam int unsigned Ha    = half_adders(H);
        localparam int unsigned Pass  = passed(H);
        localparam int unsigned In    = offset(Prev, c);
        // this column's sums follow column c-1's carries
        localparam int unsigned Out   = offset(Hs, c) + ((c > 0) ? carries(height(Prev, c - 1)) : 0);
        // and its carries open column c+1 (none at the top: see the header)
        localparam int unsigned Carry = offset(Hs, c + 1);
        for (genvar k = 0; k < Fa; k++) begin : gen_fa
          logic [2:0] x;
          assign x                = gen_stage[s-1].bits[In + 3*k +: 3];
          assign bits[Out + k]    = ^x;
          assign bits[Carry + k]  = (x[0] & x[1]) | (x[0] & x[2]) | (x[1] & x[2]);
        end
        if (Ha > 0) begin : gen_ha
          logic [1:0] x;
          assign x                = gen_stage[s-1].bits[In + 3*Fa +: 2];
          assign bits[Out + Fa]   = ^x;
          assign bits[Carry + Fa] = &x;
        end
        if (Pass > 0) begin : gen_pass
          assign bits[Out + Fa + Ha +: Pass] = gen_stage[s-1].bits[In + 3*Fa + 2*Ha +: Pass];
        end
      end
    end
  end

  // ------------------------------------------------------------------------
  // The add: each column's first bit into a, its second (if any) into b
  // ------------------------------------------------------------------------
  localparam logic [HeightsW-1:0] Final = heights(Stages);
  logic [CntW-1:0] sum_a, sum_b;
  for (genvar c = 0; c < CntW; c++) begin : gen_final
    localparam int unsigned H   = height(Final, c);
    localparam int unsigned Off = offset(Final, c);
    if (H > 0) begin : gen_a
      assign sum_a[c] = gen_stage[Stages].bits[Off];
    end else begin : gen_no_a
      assign sum_a[c] = 1'b0;
    end
    if (H > 1) begin : gen_b
      assign sum_b[c] = gen_stage[Stages].bits[Off + 1];
    end else begin : gen_no_b
      assign sum_b[c] = 1'b0;
    end
  end

  assign count_o = sum_a + sum_b;

  `ASSERT_COMB(CountIsOnes_A, 32'(count_o) == $countones(in_i))

endmodule
