// Registered response and sticky error bits of a block's request ports.
//
// The blocks that check a request in the cycle it arrives and answer at the
// next edge (configs/rsp_reg.cfg lists them) share this register:
// per port, valid_o is valid_i one cycle later and err_o its error code (0 --
// the packages' ErrNone -- when there was no request); sticky_o[k] is set at
// the edge after any port's request has error k != 0, and only reset clears
// it. Ports share the sticky bits: a block whose ports have one code list
// (mdt's access and fill ports) has one sticky vector.
//
// Example (NumPorts = 1, ErrWidth = 3): valid_i = 1, err_i = 5 in cycle t ->
// in cycle t+1 valid_o = 1, err_o = 5, sticky_o = 8'b0010_0000, and bit 5
// stays set until reset. valid_i = 0 in cycle t+1 -> valid_o = 0, err_o = 0
// in t+2.

`include "assert.svh"

module rsp_reg #(
  // The parameter and port lists written out, not `include "rsp_reg_paramlist.svh"
  // and "rsp_reg_portlist.svh": the generated lists write (1 << ErrWidth) and
  // [(NumPorts * ErrWidth)-1:0], tokens that would date the synthesis results of
  // every block that uses this cell (synth/parse.py rtl_sha256).
  /// Request ports, 1 .. 8.
  parameter int unsigned NumPorts    = 1,
  /// Width of an error code, 1 .. 8; code 0 means no error.
  parameter int unsigned ErrWidth    = 3,
  /// Derived, do not override: one sticky bit per code.
  parameter int unsigned StickyWidth = 1 << ErrWidth
) (
  /// Clock, rising edge.
  input  logic                         clk_i,
  /// Asynchronous active-low reset: no response, no sticky bit.
  input  logic                         rst_ni,
  /// Port p has a request this cycle (bit p).
  input  logic [NumPorts-1:0]          valid_i,
  /// Its error code (port p at bits p*ErrWidth).
  input  logic [NumPorts*ErrWidth-1:0] err_i,
  /// Registered: port p had a request last cycle.
  output logic [NumPorts-1:0]          valid_o,
  /// Registered: that request's error code, 0 without a request.
  output logic [NumPorts*ErrWidth-1:0] err_o,
  /// Bit k: some port's request had error code k since reset (bit 0 stays 0).
  output logic [StickyWidth-1:0]       sticky_o
);

  `include "rsp_reg_checks.svh"

  // Everything happens at the clock edge, with no combinational logic in
  // between: the Verilated model then evaluates the request's error cone once
  // a cycle (a combinational next-state, or a loop writing part-selects, made
  // the model of recon_stack a third slower).
  for (genvar p = 0; p < NumPorts; p++) begin : gen_port
    always_ff @(posedge clk_i or negedge rst_ni) begin : p_err
      if (!rst_ni) begin
        err_o[p*ErrWidth +: ErrWidth] <= '0;
      end else begin
        err_o[p*ErrWidth +: ErrWidth] <= valid_i[p] ? err_i[p*ErrWidth +: ErrWidth] : '0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : p_rsp
    if (!rst_ni) begin
      valid_o  <= '0;
      sticky_o <= '0;
    end else begin
      valid_o <= valid_i;
      for (int unsigned p = 0; p < NumPorts; p++) begin
        if (valid_i[p] && err_i[p*ErrWidth +: ErrWidth] != '0) begin
          sticky_o[err_i[p*ErrWidth +: ErrWidth]] <= 1'b1;
        end
      end
    end
  end

  `ASSERT_NEVER(StickyNone_A, sticky_o[0])
  for (genvar p = 0; p < NumPorts; p++) begin : gen_port_assert
    // An error code shows only with its response, and its sticky bit with it.
    `ASSERT(ErrOnlyWithValid_A, valid_o[p] || err_o[p*ErrWidth +: ErrWidth] == '0)
    `ASSERT(ErrIsSticky_A, sticky_o[err_o[p*ErrWidth +: ErrWidth]] ||
                           err_o[p*ErrWidth +: ErrWidth] == '0)
  end

endmodule
