# OpenSTA script of the area/timing flow: static timing of one synthesised
# gate-level netlist.
#
# Run by synth/run.py as `sta -no_init -no_splash -exit sta.tcl` with the
# inputs in environment variables (so the script is the same for every run
# and can be re-run by hand on a netlist in build/synth/...):
#
#   STA_LIBERTY   liberty file
#   STA_NETLIST   gate-level Verilog from synth/synth.ys.in
#   STA_TOP       top module
#   STA_SDC       the constraints, synth/constraints.sdc (run.py passes the
#                 copy it leaves next to the netlist)
#
# No wire-load model (the library has none) and no parasitics: net delays are
# zero and the cell delays see pin capacitance only.
#
# Report sections, each opened by a line `### <name>` that synth/parse.py
# parses:
#   worst     the worst (smallest-slack) max-delay path, full report
#   reg2reg, in2reg, reg2out, in2out  the worst path of each class
#   endpoints the ten worst endpoints
#   summary   worst slack and total negative slack

# This sta reads its command file line by line, like typed input: an error
# does not stop it, and `exit` inside a sourced file does not end it (the exit
# status is 0 whatever happens). So the flow is one procedure that returns on
# a fatal error, and every error is printed as a line starting "Error:",
# which is what synth/parse.py looks for.

proc need_env {name} {
  if {![info exists ::env($name)] || $::env($name) eq ""} {
    error "environment variable $name is not set"
  }
  return $::env($name)
}

proc sta_flow {} {
  if {[catch {
    set liberty [need_env STA_LIBERTY]
    set netlist [need_env STA_NETLIST]
    set top     [need_env STA_TOP]
    set sdc     [need_env STA_SDC]
  } msg]} {
    puts "Error: $msg"
    return
  }

  puts "### setup"
  puts "liberty $liberty"
  puts "netlist $netlist"
  puts "top $top"
  puts "sdc $sdc"

  if {[catch {read_liberty $liberty} msg]} {
    puts "Error: read_liberty failed: $msg"
    return
  }
  if {[catch {read_verilog $netlist} msg]} {
    puts "Error: read_verilog failed: $msg"
    return
  }
  if {[catch {link_design $top} msg] || ![string is true -strict $msg]} {
    puts "\nError: link_design $top failed (is the netlist's module named $top?)"
    return
  }

  # read_sdc evaluates the file at global level: its variables are globals.
  if {[catch {read_sdc $sdc} msg]} {
    puts "Error: read_sdc $sdc failed: $msg"
    return
  }
  if {![info exists ::data_inputs]} {
    puts "Error: $sdc does not set data_inputs"
    return
  }
  set data_inputs $::data_inputs
  set outputs [all_outputs]

  # --- reports -------------------------------------------------------------
  puts "### check_setup"
  check_setup -verbose

  puts "### worst"
  report_checks -path_delay max -group_count 1 -endpoint_count 1 -digits 4 \
    -fields {capacitance slew}

  # The worst path of each start/end class (a class with no path says
  # "No paths found.").
  set reg_clk  [all_registers -edge_triggered -clock_pins]
  set reg_data [all_registers -edge_triggered -data_pins]
  set have_in  [expr {[llength $data_inputs] > 0}]
  set have_out [expr {[llength $outputs] > 0}]
  set have_reg [expr {[llength $reg_clk] > 0}]

  puts "### reg2reg"
  if {$have_reg} {
    report_checks -path_delay max -from $reg_clk -to $reg_data -digits 4
  } else { puts "No paths found." }
  puts "### in2reg"
  if {$have_reg && $have_in} {
    report_checks -path_delay max -from $data_inputs -to $reg_data -digits 4
  } else { puts "No paths found." }
  puts "### reg2out"
  if {$have_reg && $have_out} {
    report_checks -path_delay max -from $reg_clk -to $outputs -digits 4
  } else { puts "No paths found." }
  puts "### in2out"
  if {$have_in && $have_out} {
    report_checks -path_delay max -from $data_inputs -to $outputs -digits 4
  } else { puts "No paths found." }

  puts "### endpoints"
  report_checks -path_delay max -format end -group_count 10 -digits 4

  puts "### summary"
  report_worst_slack -digits 4
  report_tns -digits 4
  puts "### end"
}

sta_flow
