#!/usr/bin/env python3
"""Where a synthesised block's area goes: its netlist's cells, each charged
to the registers and outputs it computes.

    python3 synth/breakdown.py build/synth/<block>/<config> [--rows N] [--store]

Reads the flattened gate-level netlist that synth/run.py left in the
directory and the liberty's cell areas and pin directions. Every flip-flop
belongs to its register (the net on its Q pin, indices dropped:
`u_table.lanes_q`); every combinational cell is charged to the registers
and output ports its output reaches through combinational logic alone (its
fan-out cone, to the flip-flops' D pins and the outputs). A cell that feeds
one register or output is that one's own; a cell that feeds several is
shared, and its area is split evenly among them (the "shared" column says
how much of a row came so). The sum of the rows is the netlist's area.

Also the cells by kind: flip-flops, multiplexers, XOR/XNOR, adder cells,
buffers and inverters, the other gates.

Prints a table. Every record synth/parse.py makes carries this result
(`breakdown`), where the block pages' `<!-- breakdown:BLOCK:CONFIG -->`
sections read it (scripts/synth_render.py); --store writes it into the
stored record of a run made before (synth/results/<block>.json, the entry
whose date and RTL hash are this run's).
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parse  # noqa: E402

KINDS = (("flip-flops", lambda t, k: k == "ff"),
         ("multiplexers", lambda t, k: t.startswith("MUX")),
         ("XOR/XNOR", lambda t, k: t.startswith(("XOR", "XNOR"))),
         ("adder cells", lambda t, k: t.startswith(("FAX", "HAX"))),
         ("buffers, inverters", lambda t, k: t.startswith(("BUF", "INV", "CLKBUF"))),
         ("other gates", lambda t, k: True))
CONSTANT = re.compile(r"^\d+'[bhd][0-9a-fA-FxXzZ]+$")


def net(expr):
    """A pin's connection as one name: escaped identifiers lose their
    backslash and the space before an index."""
    return re.sub(r"\s+", "", expr.strip()).lstrip("\\")


def register(name):
    """A net's register or port: the name without its indices."""
    return re.sub(r"\[[^\]]*\]", "", name)


def read_netlist(path, top):
    """The top module's cells (type, name, {pin: net}), its output ports and
    its assigns (net -> net driving it)."""
    text = parse.read(path)
    m = re.search(r"\bmodule\s+" + re.escape(top) + r"\b(.*?)\bendmodule\b", text, re.S)
    if not m:
        raise parse.FlowError(f"{parse.rel(path)}: no module {top}")
    body = m.group(1)
    outputs = set()
    for o in re.finditer(r"^\s*output\s+(?:\[[^\]]*\]\s*)?([^;]+);", body, re.M):
        outputs.update(n.strip().lstrip("\\") for n in o.group(1).split(","))
    assigns = {}
    for a in re.finditer(r"^\s*assign\s+(.+?)\s*=\s*(.+?)\s*;", body, re.M):
        assigns[net(a.group(1))] = net(a.group(2))
    cells = []
    for c in re.finditer(r"^\s*([A-Za-z]\w*)\s+(\\?\S+)\s*\((.*?)\);", body, re.M | re.S):
        if c.group(1) in ("wire", "input", "output", "assign", "module", "reg"):
            continue
        pins = {p.group(1): net(p.group(2))
                for p in re.finditer(r"\.(\w+)\s*\(((?:[^()]|\([^()]*\))*)\)", c.group(3))}
        cells.append((c.group(1), c.group(2), pins))
    return cells, outputs, assigns


def breakdown(wdir):
    """The run's area by register and output, and by cell kind."""
    run = json.loads(parse.read(os.path.join(wdir, "run.json")))
    lib = parse.read_liberty(run["liberty"])
    outs_of = {c: v["outputs"] for c, v in lib["cells"].items()}
    cells, outputs, assigns = read_netlist(os.path.join(wdir, "netlist.v"), run["top"])
    unknown = sorted({t for t, _, _ in cells if t not in lib["cells"]})
    if unknown:
        raise parse.FlowError(f"netlist has cells not in the library: {' '.join(unknown)}")

    groups = []                 # group index -> name
    index = {}

    def group(name):
        if name not in index:
            index[name] = len(groups)
            groups.append(name)
        return index[name]

    # who reads each net: (cell number, pin); an assign reads its source
    readers = {}
    for i, (t, _, pins) in enumerate(cells):
        for p, n in pins.items():
            if p not in outs_of[t]:
                readers.setdefault(n, []).append(i)
    alias_readers = {}
    for dst, src in assigns.items():
        alias_readers.setdefault(src, []).append(dst)

    ff_group = {}
    for i, (t, _, pins) in enumerate(cells):
        if lib["cells"][t]["kind"] != "comb":
            q = next((pins[p] for p in outs_of[t] if p in pins), "?")
            ff_group[i] = 1 << group(register(q))
    out_bits = {o: 1 << group(o) for o in sorted(outputs)}

    # the groups a net reaches, memoised; iterative to stay off Python's stack
    memo = {}

    def reach(start):
        stack = [(start, False)]
        while stack:
            n, expanded = stack.pop()
            if n in memo:
                continue
            succ = [("cell", i) for i in readers.get(n, ())] + \
                   [("net", d) for d in alias_readers.get(n, ())]
            if not expanded:
                memo_pending = []
                stack.append((n, True))
                for kind, x in succ:
                    if kind == "net":
                        if x not in memo:
                            memo_pending.append(x)
                    elif x not in ff_group:
                        t, _, pins = cells[x]
                        for p in outs_of[t]:
                            o = pins.get(p)
                            if o is not None and o not in memo:
                                memo_pending.append(o)
                stack.extend((m, False) for m in memo_pending)
                continue
            bits = out_bits.get(register(n), 0)
            for kind, x in succ:
                if kind == "net":
                    bits |= memo.get(x, 0)
                elif x in ff_group:
                    t, _, pins = cells[x]
                    # a flip-flop's data pin, not its clock or reset
                    if any(pins.get(p) == n for p in ("D",)):
                        bits |= ff_group[x]
                else:
                    t, _, pins = cells[x]
                    for p in outs_of[t]:
                        o = pins.get(p)
                        if o is not None:
                            bits |= memo.get(o, 0)
            memo[n] = bits
        return memo[start]

    own = {}
    shared = {}
    ffs = {}
    ff_area = {}
    unreached = 0.0
    kinds = {k: [0, 0.0] for k, _ in KINDS}
    for i, (t, _, pins) in enumerate(cells):
        area = lib["cells"][t]["area"] or 0.0
        kind = next(k for k, f in KINDS if f(t, lib["cells"][t]["kind"]))
        kinds[kind][0] += 1
        kinds[kind][1] += area
        if i in ff_group:
            g = ff_group[i].bit_length() - 1
            ffs[g] = ffs.get(g, 0) + 1
            ff_area[g] = ff_area.get(g, 0.0) + area
            continue
        bits = 0
        for p in outs_of[t]:
            if p in pins:
                bits |= reach(pins[p])
        members = [g for g in range(bits.bit_length()) if bits >> g & 1]
        if not members:
            unreached += area
        elif len(members) == 1:
            own[members[0]] = own.get(members[0], 0.0) + area
        else:
            for g in members:
                shared[g] = shared.get(g, 0.0) + area / len(members)
    rows = []
    for g, name in enumerate(groups):
        total = ff_area.get(g, 0.0) + own.get(g, 0.0) + shared.get(g, 0.0)
        if total > 0:
            rows.append({"name": name, "port": name in outputs or g not in ffs,
                         "flip_flops": ffs.get(g, 0), "ff_area_um2": round(ff_area.get(g, 0.0), 1),
                         "own_logic_um2": round(own.get(g, 0.0), 1),
                         "shared_logic_um2": round(shared.get(g, 0.0), 1),
                         "area_um2": round(total, 1)})
    rows.sort(key=lambda r: -r["area_um2"])
    return {"by_register": rows, "unreached_um2": round(unreached, 1),
            "by_kind": [{"kind": k, "cells": n, "area_um2": round(a, 1)}
                        for k, (n, a) in kinds.items()],
            "ff_cell_area_um2": lib["cells"]["DFFPOSX1"]["area"],
            "reset_ff_cell_area_um2": lib["cells"]["DFFSR"]["area"]}


def store(wdir, result):
    """Write result into the stored record of the run in wdir."""
    sys.path.insert(0, os.path.join(parse.ROOT, "scripts"))
    import synth_render  # noqa: E402
    rec = json.loads(parse.read(os.path.join(wdir, "record.json")))
    path = os.path.join(synth_render.RESULTS_DIR, rec["block"] + ".json")
    with synth_render.results_lock(synth_render.RESULTS_DIR):
        stored = json.loads(parse.read(path))
        e = stored["configs"].get(rec["config"])
        if not e or e.get("date") != rec["date"] or e.get("rtl_sha256") != rec["rtl_sha256"]:
            raise parse.FlowError(f"{parse.rel(path)}: the stored {rec['config']} is not this "
                                  f"run's ({parse.rel(wdir)}); store the run first")
        e["breakdown"] = result
        synth_render.write_atomic(path, json.dumps(stored, indent=2) + "\n")
    return path


def print_table(result, rows):
    total = sum(r["area_um2"] for r in result["by_register"]) + result["unreached_um2"]
    print(f"{'area um^2':>11} {'%':>5} {'FFs':>6} {'FF um^2':>10} {'own um^2':>10} "
          f"{'shared um^2':>11}  register or output")
    for r in result["by_register"][:rows]:
        print(f"{r['area_um2']:11,.0f} {100 * r['area_um2'] / total:5.1f} {r['flip_flops']:6d} "
              f"{r['ff_area_um2']:10,.0f} {r['own_logic_um2']:10,.0f} "
              f"{r['shared_logic_um2']:11,.0f}  {r['name']}")
    print(f"total {total:,.0f} um^2; reaching nothing: {result['unreached_um2']:,.0f}")
    for k in result["by_kind"]:
        print(f"  {k['kind']:<20} {k['cells']:8d} cells {k['area_um2']:12,.0f} um^2")


def main(argv):
    ap = argparse.ArgumentParser(prog="breakdown.py", description=__doc__.split("\n")[0])
    ap.add_argument("dir", help="a synth/run.py work directory: build/synth/<block>/<config>")
    ap.add_argument("--rows", type=int, default=25, help="registers and outputs printed")
    ap.add_argument("--store", action="store_true", help="store into synth/results/")
    a = ap.parse_args(argv)
    if a.rows < 1:
        raise parse.FlowError("--rows must be at least 1")
    for f in ("netlist.v", "run.json", "record.json"):
        if not os.path.isfile(os.path.join(a.dir, f)):
            raise parse.FlowError(f"{os.path.join(a.dir, f)} not found (run synth/run.py first)")
    result = breakdown(a.dir)
    print_table(result, a.rows)
    if a.store:
        print(f"breakdown.py: wrote {parse.rel(store(a.dir, result))}")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (parse.FlowError, KeyError, ValueError) as e:
        print(f"breakdown.py: error: {e}", file=sys.stderr)
        sys.exit(1)
