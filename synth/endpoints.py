#!/usr/bin/env python3
"""Where a synthesised netlist's slow paths end, grouped by register.

    python3 synth/endpoints.py build/synth/<block>/<config> [--paths N] [--rows N]

Runs OpenSTA on the netlist that synth/run.py left in the directory (the
same liberty and constraints), reports the worst path to each of the N
worst endpoints (`report_checks -group_count N -endpoint_count 1 -format
end`), names each flip-flop by the register its Q pin drives, and prints one
row per register array: the worst slack and arrival, how many of its bits are among
the N, and one flip-flop to pass to `report_checks -to <cell>/D` for the
whole path. For a table whose worst path is one of many of the same length,
this says which fields the logic of that length writes.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import breakdown  # noqa: E402  (read_netlist)
import run  # noqa: E402  (LIBERTY: the flow's liberty file)


def flop_names(netlist, top):
    """Flip-flop cell -> the net on its Q pin (breakdown.py reads the
    netlist)."""
    cells, _, _ = breakdown.read_netlist(netlist, top)
    return {name: pins.get("Q", "?") for kind, name, pins in cells if kind.startswith("DFF")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", help="a synth/run.py work directory: build/synth/<block>/<config>")
    ap.add_argument("--paths", type=int, default=7000, help="endpoints reported (default 7000)")
    ap.add_argument("--rows", type=int, default=20, help="registers printed (default 20)")
    a = ap.parse_args()
    netlist = os.path.join(a.dir, "netlist.v")
    sdc = os.path.join(a.dir, "constraints.sdc")
    meta = os.path.join(a.dir, "run.json")
    for f in (netlist, sdc, meta):
        if not os.path.isfile(f):
            sys.exit(f"endpoints.py: {f} not found (run synth/run.py first)")
    if a.paths < 1 or a.rows < 1:
        sys.exit("endpoints.py: --paths and --rows must be at least 1")
    top = json.load(open(meta))["top"]
    with tempfile.NamedTemporaryFile("w", suffix=".tcl", delete=False) as t:
        t.write(f"read_liberty {run.LIBERTY}\nread_verilog {netlist}\nlink_design {top}\n"
                f"read_sdc {sdc}\n"
                f"report_checks -group_count {a.paths} -endpoint_count 1 -format end\n")
    try:
        r = subprocess.run(["sta", "-no_init", "-no_splash", "-exit", t.name],
                           capture_output=True, text=True)
    finally:
        os.unlink(t.name)
    names = flop_names(netlist, top)
    groups = collections.OrderedDict()
    for line in r.stdout.splitlines():
        m = re.match(r"(\S+)/D \(DFF\w+\)\s+\S+\s+(\S+)\s+(\S+)", line)
        if m:
            reg = re.sub(r"\[\d+\]", "[]", names.get(m.group(1), "?"))
            g = groups.setdefault(reg, [0.0, 0, m.group(1), float(m.group(3))])
            g[0] = max(g[0], float(m.group(2)))
            g[1] += 1
    if not groups:
        sys.exit("endpoints.py: OpenSTA reported no flip-flop endpoint\n" + r.stdout[-2000:])
    print(f"{'slack ns':>8}  {'arrival ns':>10}  {'bits':>5}  register (one flip-flop)")
    for reg, (arr, n, cell, slack) in list(groups.items())[:a.rows]:
        print(f"{slack:8.2f}  {arr:10.2f}  {n:5d}  {reg} ({cell})")


if __name__ == "__main__":
    main()
