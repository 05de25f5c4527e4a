// Assertion macros of every block: one place that says how a simulation-only
// check is written, so a block states only what it checks.
//
// `include "assert.svh" at the top of a file (rtl/common is an include folder
// of every block: `scripts/cfg.py sources BLOCK incdirs`), then, in the
// module body:
//
//   `ASSERT(Name_A, prop)                 prop holds at every rising clk_i edge
//   `ASSERT(Name_A, prop, clk, rst_n)       while rst_ni (rst_n) is high
//   `ASSERT_NEVER(Name_A, prop)           prop never holds at such an edge
//   `ASSERT_INIT(Name_A, prop)            prop holds at time zero: a fact
//                                         derived from the parameters
//   `ASSERT_COMB(Name_A, prop)            combinational blocks (no clock):
//                                         prop holds whenever it is evaluated
//
// Names are UpperCamelCase ending in _A, unique in their scope (inside a
// generate loop the loop's block name tells the instances apart). A failing
// assertion reports, through $error, its name, its instance path (%m: the
// top module's name, the instances and generate blocks down to the check,
// e.g. mdt.mdt.gen_warp_assert[4].gen_entry_assert[0].EntryNotEmpty_A in
// the co-simulation) and the file and line of the macro call.
//
// Form: immediate assertions, not concurrent ones. ASSERT is an
// `always_ff @(posedge clk or negedge rst_n)` block that checks prop while
// rst_n is high; it sees the values of the cycle that ends at the edge, as a
// concurrent assertion's sampled values would be. Verilator 5.006 also
// accepts `assert property (@(posedge clk) disable iff (!rst_n) prop)`, but
// with --assert that form uses rst_ni both as an asynchronous reset and as a
// synchronous condition and -Wall warns (SYNCASYNCNET); the immediate form is
// clean under `verilator --lint-only -Wall` with and without --assert and runs
// in the co-simulation (scripts/build_cosim.sh passes --assert). Do not use
// $past in a property: in this form its clock would include the reset edge;
// compare a register's _d and _q instead. ASSERT_COMB is a deferred
// (`assert final`) assertion in an always_comb block, so a 4-state simulator
// does not report a glitch between two evaluations of one time step.
//
// There is no "no X on this output" macro: Verilator is a 2-state
// simulator, where such a check passes by construction. An X that would leave
// a block (a bit read before it is written or reset) is found instead by
// running the co-simulation with `--x-initial unique --x-assign unique` under
// several random seeds (make test's x_initial section): each seed gives such
// bits other values, and the model's comparison fails on them.
//
// Synthesis: everything is inside `ifndef SYNTHESIS. Yosys's read_verilog
// defines SYNTHESIS (the synthesis flow and tests/run_tests.py rely on that);
// there every macro expands to nothing, so the synthesised logic is the same
// with and without assertions.

`ifndef ASSERT_SVH
`define ASSERT_SVH

`ifndef SYNTHESIS

// The report of a failing assertion (an action block statement).
`define ASSERT_REPORT(__name) \
  $error("assertion %s failed in %m (%s:%0d)", `"__name`", `__FILE__, `__LINE__);

`define ASSERT(__name, __prop, __clk = clk_i, __rst_n = rst_ni) \
  always_ff @(posedge __clk or negedge __rst_n) begin : __name \
    if (__rst_n) begin \
      assert (__prop) else `ASSERT_REPORT(__name) \
    end \
  end

`define ASSERT_NEVER(__name, __prop, __clk = clk_i, __rst_n = rst_ni) \
  `ASSERT(__name, !(__prop), __clk, __rst_n)

`define ASSERT_INIT(__name, __prop) \
  initial begin : __name \
    assert (__prop) else `ASSERT_REPORT(__name) \
  end

`define ASSERT_COMB(__name, __prop) \
  always_comb begin : __name \
    assert final (__prop) else `ASSERT_REPORT(__name) \
  end

`else  // SYNTHESIS

`define ASSERT(__name, __prop, __clk = clk_i, __rst_n = rst_ni)
`define ASSERT_NEVER(__name, __prop, __clk = clk_i, __rst_n = rst_ni)
`define ASSERT_INIT(__name, __prop)
`define ASSERT_COMB(__name, __prop)

`endif  // SYNTHESIS

`endif  // ASSERT_SVH
