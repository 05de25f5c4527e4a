# Timing constraints of the area/timing flow, the one place they are set.
#
# Read by synth/sta.tcl (OpenSTA `read_sdc`, after the netlist is linked).
# The `set NAME VALUE` lines at the top are also read by synth/parse.py
# (`read_sdc`): synth/run.py gives ABC the period less setup_ns as its delay
# target (`abc -D`), and the driving cell and output load (abc.constr);
# every result in synth/results/ stores them under "constraints". Keep
# those lines literal: one name, one plain value.
#
# setup_ns: the flip-flops' setup time, the largest OpenSTA reports at the
# critical paths' endpoints (0.09 to 0.19 ns: docs/area_timing.md, each
# block's critical path class). ABC maps only the logic between the
# flip-flops and does not count it: against the bare period it stopped at
# paths of 4.94-5.01 ns under a 5 ns clock, which the setup time then
# made 0.04-0.10 ns short.
#
# - one clock on clock_port, ideal (no clock tree: zero latency, zero skew);
#   a virtual clock of the same period when the netlist has no such port;
# - input and output delays against that clock, so register-to-register,
#   input-to-register, register-to-output and input-to-output paths are all
#   timed within one period; data inputs driven by driving_cell, outputs
#   loaded with output_load_pf;
# - the asynchronous reset is a false path. Its net reaches every DFFSR R
#   pin; a real design drives it from a reset synchroniser through a buffer
#   tree, which this netlist does not have. Left timed, the only reported
#   paths from it are recovery checks into the R pins with an ideal,
#   zero-delay driver: meaningless, and listed before the real worst path.
#
# The data inputs (every input but the clock and the reset) are left in the
# variable data_inputs: synth/sta.tcl times its input classes from them.

set clock_port      clk_i
set reset_port      rst_ni
set period_ns       10
set setup_ns        0.2
set input_delay_ns  0
set output_delay_ns 0
set driving_cell    BUFX2
set output_load_pf  0.01

create_clock -name clk -period $period_ns [get_ports -quiet $clock_port]

# OpenSTA has no remove_from_collection: filter the port list in Tcl.
set data_inputs {}
foreach port [all_inputs] {
  if {[lsearch -exact [list $clock_port $reset_port] [get_full_name $port]] < 0} {
    lappend data_inputs $port
  }
}
if {[llength $data_inputs] > 0} {
  set_input_delay $input_delay_ns -clock clk $data_inputs
  set_driving_cell -lib_cell $driving_cell $data_inputs
}

set reset_ports [get_ports -quiet $reset_port]
if {[llength $reset_ports] > 0} {
  set_input_delay $input_delay_ns -clock clk $reset_ports
  set_false_path -from $reset_ports
}

set_output_delay $output_delay_ns -clock clk [all_outputs]
set_load $output_load_pf [all_outputs]
