# OpenSTA script of the area/timing flow: static timing of one synthesised
# gate-level netlist.
#
# Run by scripts/synth_report.py as `sta -no_init -no_splash -exit sta.tcl`
# with the settings in environment variables (so the script is the same for
# every run and can be re-run by hand on a netlist in build/synth/...):
#
#   STA_LIBERTY         liberty file (required)
#   STA_NETLIST         gate-level Verilog from synth/synth.ys.in (required)
#   STA_TOP             top module (required)
#   STA_PERIOD_NS       nominal clock period, default 10
#   STA_CLOCK_PORT      default clk_i
#   STA_RESET_PORT      default rst_ni
#   STA_DRIVING_CELL    cell assumed to drive the data inputs, default BUFX2
#   STA_OUTPUT_LOAD_PF  load on each output, default 0.01 pF
#
# Constraints:
# - one clock on STA_CLOCK_PORT, ideal (no clock tree: zero latency, zero
#   skew); a virtual clock of the same period when the netlist has no such
#   port;
# - input and output delays 0 against that clock, so register-to-register,
#   input-to-register, register-to-output and input-to-output paths are all
#   timed within one period; inputs driven by STA_DRIVING_CELL, outputs
#   loaded with STA_OUTPUT_LOAD_PF (the same assumptions the ABC mapping
#   made, see synth/synth.ys.in);
# - the asynchronous reset is a false path. Its net reaches every DFFSR R
#   pin; a real design drives it from a reset synchroniser through a buffer
#   tree, which this netlist does not have. Left timed, the only reported
#   paths from it are recovery checks into the R pins (path group
#   **async_default**) with an ideal, zero-delay driver: meaningless, and
#   listed before the real worst path.
#
# No wire-load model (the library has none) and no parasitics: net delays are
# zero and the cell delays see pin capacitance only.
#
# Report sections, each opened by a line `### <name>` that the driver parses:
#   worst     the worst (smallest-slack) max-delay path, full report
#   reg2reg, in2reg, reg2out, in2out  the worst path of each class
#   endpoints the ten worst endpoints
#   summary   worst slack and total negative slack

# This sta reads its command file line by line, like typed input: an error
# does not stop it, and `exit` inside a sourced file does not end it (the exit
# status is 0 whatever happens). So the flow is one procedure that returns on
# a fatal error, and every error is printed as a line starting "Error:",
# which is what scripts/synth_report.py looks for.

proc env_or {name default} {
  if {[info exists ::env($name)] && $::env($name) ne ""} {
    return $::env($name)
  }
  return $default
}

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
  } msg]} {
    puts "Error: $msg"
    return
  }
  set period     [env_or STA_PERIOD_NS 10]
  set clk_name   [env_or STA_CLOCK_PORT clk_i]
  set rst_name   [env_or STA_RESET_PORT rst_ni]
  set drive_cell [env_or STA_DRIVING_CELL BUFX2]
  set out_load   [env_or STA_OUTPUT_LOAD_PF 0.01]

  puts "### setup"
  puts "liberty $liberty"
  puts "netlist $netlist"
  puts "top $top"
  puts "period_ns $period"

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

  # --- constraints -----------------------------------------------------------
  set clk_ports [get_ports -quiet $clk_name]
  if {[llength $clk_ports] > 0} {
    create_clock -name clk -period $period $clk_ports
    puts "clock clk on port $clk_name"
  } else {
    create_clock -name clk -period $period
    puts "clock clk virtual (no port $clk_name)"
  }

  set rst_ports [get_ports -quiet $rst_name]
  set data_inputs {}
  foreach p [all_inputs] {
    set n [get_full_name $p]
    if {$n ne $clk_name && $n ne $rst_name} {
      lappend data_inputs $p
    }
  }
  if {[llength $data_inputs] > 0} {
    set_input_delay 0 -clock clk $data_inputs
    set_driving_cell -lib_cell $drive_cell $data_inputs
  }
  if {[llength $rst_ports] > 0} {
    set_input_delay 0 -clock clk $rst_ports
    set_false_path -from $rst_ports
    puts "reset $rst_name: false path"
  }
  set outputs [all_outputs]
  if {[llength $outputs] > 0} {
    set_output_delay 0 -clock clk $outputs
    set_load $out_load $outputs
  }

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
