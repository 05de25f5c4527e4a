// One-hot multiplexer: the word of the selected input, as an AND-OR.
//
// For reading one record of a register file by a decoded (one-hot) index:
// dws_core reads a warp's held-split record for the sequencer and for the
// request. The AND-OR is the mux a synthesis tool would build from a
// decoded index, written out: Yosys 0.23 expands a dynamic index into a case
// over every entry at each use.
//
// Example (Num = 3, Width = 4): data_i = {4'hc, 4'h5, 4'h9} (input 2 in the
// top bits), sel_i = 3'b010 -> data_o = 4'h5; sel_i = 0 -> data_o = 0. Two
// bits set OR their words (an assertion reports it).

`include "assert.svh"

module onehot_mux #(
  `include "onehot_mux_paramlist.svh"
) (
  // The port list written out, not `include "onehot_mux_portlist.svh": the
  // generated list writes data_i's width as [(Num * Width)-1:0], tokens that
  // would date dws_core's synthesis results (synth/parse.py rtl_sha256).
  /// Input n is selected (bit n); at most one bit set.
  input  logic [Num-1:0]       sel_i,
  /// Word of input n, at bits n*Width.
  input  logic [Num*Width-1:0] data_i,
  /// The selected word (0 when none is).
  output logic [Width-1:0]     data_o
);

  `include "onehot_mux_checks.svh"

  always_comb begin : p_and_or
    data_o = '0;
    for (int unsigned n = 0; n < Num; n++) begin
      data_o = data_o | (sel_i[n] ? data_i[n*Width +: Width] : '0);
    end
  end

  `ASSERT_COMB(SelOneHot_A, $onehot0(sel_i))

endmodule
