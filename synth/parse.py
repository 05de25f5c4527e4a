#!/usr/bin/env python3
"""Parse step of the area/timing flow: the logs of one run -> one JSON record.

  synth/parse.py DIR [DIR ...]

DIR is a folder synth/run.py left, build/synth/<block>/<config>/. Reads its
run.json (what was run: block, configuration, parameters, liberty, RTL
files and hash, ABC script, run times, tool versions, date),
constraints.sdc (the copy of synth/constraints.sdc the run used),
stat.txt and stat.json (Yosys `stat`), sta.log (synth/sta.tcl) and the
liberty (cell areas, which cells are flip-flops). Writes DIR/record.json:
one entry of synth/results/<block>.json (area um^2, gate equivalents,
flip-flops, storage bits, critical path, constraints, tools, ...; and
where the area goes, synth/breakdown.py on netlist.v).

Also the module the other two steps share: read_sdc (the constraints),
rtl_sha256 (the hash of the RTL as synthesis reads it, which dates a result), the ABC script names.
Exit 0, or 1 with a one-line error when a log is missing or cannot be parsed.
"""
import hashlib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SDC = os.path.join(ROOT, "synth", "constraints.sdc")
REFERENCE_CELL = "NAND2X1"  # one gate equivalent
# The label of each ABC script in a record (before 2026-11-26 the fast
# script's &fraig was unbounded: "default without &dch -f (--fast)").
ABC_SCRIPTS = {False: "default", True: "default without &dch -f, &fraig -C 10000 (--fast)"}
SDC_SETTINGS = {"clock_port": str, "reset_port": str, "period_ns": float, "setup_ns": float,
                "input_delay_ns": json.loads, "output_delay_ns": json.loads,
                "driving_cell": str, "output_load_pf": float}
NUM = r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"


class FlowError(Exception):
    """A tool failed or its output could not be parsed: exit 1."""


def rel(path):
    """A path relative to the repository when inside it (for messages)."""
    r = os.path.relpath(os.path.abspath(path), ROOT)
    return path if r.startswith("..") else r


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError as e:
        raise FlowError(f"cannot read {rel(path)}: {e.strerror}")


def abc_target_ps(sdc):
    """ABC's delay target: the period less the flip-flops' setup time."""
    return int(round((sdc["period_ns"] - sdc["setup_ns"]) * 1000))


def read_sdc(path=SDC):
    """The `set NAME VALUE` settings of the constraints file."""
    found = dict(re.findall(r"^set\s+(\w+)\s+([\w.+\-]+)\s*$", read(path), re.M))
    missing = [k for k in SDC_SETTINGS if k not in found]
    if missing:
        raise FlowError(f"{rel(path)}: no 'set {missing[0]} VALUE' line")
    return {k: conv(found[k]) for k, conv in SDC_SETTINGS.items()}


def rtl_sha256(files, headers):
    """Hash of the RTL as synthesis reads it: the files preprocessed with
    SYNTHESIS defined (`verilator -E`, the headers' folders as include
    folders), comments gone, as a sequence of tokens (white space between
    them or not). An edit that cannot change the netlist -- a comment, the
    layout, a simulation-only assertion (assert.svh's macros are empty
    under SYNTHESIS), a list moved into a generated header -- keeps the
    hash, so a stored result stays current; any other edit dates it."""
    incdirs = list(dict.fromkeys(os.path.dirname(f) for f in files + headers))
    r = subprocess.run(["verilator", "-E", "-P", "-DSYNTHESIS",
                        *[f"-I{d}" for d in incdirs], *files],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode:
        raise FlowError("verilator -E: " + (r.stderr.strip().splitlines() or ["failed"])[0])
    tokens = re.findall(r"[\w$]+|\S", r.stdout)
    return hashlib.sha256(" ".join(tokens).encode()).hexdigest()


def read_liberty(path):
    """Library name and, per cell, its area, kind (ff, latch, comb) and
    output pins."""
    text = re.sub(r"/\*.*?\*/", "", read(path), flags=re.S)
    m = re.search(r"\blibrary\s*\(\s*\"?([\w.\-]+)\"?\s*\)", text)
    if not m:
        raise FlowError(f"{path}: no library(...) group; not a liberty file?")
    cells = {}
    starts = [(c.start(), c.group(1))
              for c in re.finditer(r"\bcell\s*\(\s*\"?([\w.\-]+)\"?\s*\)", text)]
    for (pos, name), (end, _) in zip(starts, starts[1:] + [(len(text), None)]):
        body = text[pos:end]
        a = re.search(r"\barea\s*:\s*([0-9.eE+\-]+)\s*;", body)
        kind = ("ff" if re.search(r"\bff\s*\(", body)
                else "latch" if re.search(r"\blatch\s*\(", body) else "comb")
        outputs = {o.group(1) for o in re.finditer(
            r"\bpin\s*\(\s*\"?(\w+)\"?\s*\)\s*\{[^{}]*?direction\s*:\s*output", body, re.S)}
        cells[name] = {"area": float(a.group(1)) if a else None, "kind": kind,
                       "outputs": outputs}
    if not (cells.get(REFERENCE_CELL) or {}).get("area"):
        raise FlowError(f"{path}: no area for {REFERENCE_CELL}")
    return {"name": m.group(1), "file": os.path.basename(path), "cells": cells}


def parse_stat(wdir, lib):
    """Area, cell counts, flip-flops and latches from Yosys' stat output."""
    try:
        js = json.loads(read(os.path.join(wdir, "stat.json")))
        by_type, cells = js["design"]["num_cells_by_type"], js["design"]["num_cells"]
    except (ValueError, KeyError) as e:
        raise FlowError(f"{rel(wdir)}/stat.json: no cell counts ({e})")
    if len(js.get("modules", {})) != 1:
        raise FlowError(f"{rel(wdir)}/stat.json: not one flattened module")
    m = re.findall(r"Chip area for (?:module|top module) '[^']*':\s*([0-9.]+)",
                   read(os.path.join(wdir, "stat.txt")))
    if not m and cells:  # nothing but wires: yosys prints no area line
        raise FlowError(f"{rel(wdir)}/stat.txt: no 'Chip area' line")
    area = float(m[-1]) if m else 0.0
    unknown = sorted(t for t in by_type if t not in lib["cells"])
    if unknown:
        raise FlowError(f"netlist has cells not in the library: {' '.join(unknown)} "
                        f"(unmapped logic? see yosys.log)")
    summed = sum(n * (lib["cells"][t]["area"] or 0.0) for t, n in by_type.items())
    if abs(summed - area) > 0.01 * max(1.0, area):
        raise FlowError(f"area mismatch: yosys says {area}, cells sum to {summed}")
    count = {k: sum(n for t, n in by_type.items() if lib["cells"][t]["kind"] == k)
             for k in ("ff", "latch")}
    return {"area_um2": area, "cells": int(cells), "cells_by_type": dict(sorted(by_type.items())),
            "flip_flops": count["ff"], "latches": count["latch"]}


def parse_path(text):
    """One full report_checks path -> dict, or None for 'No paths found.'"""
    if "No paths found" in text or "Startpoint:" not in text:
        return None
    sp = re.search(r"^Startpoint:\s*(\S+)\s*\(([^)]*)\)", text, re.M)
    ep = re.search(r"^Endpoint:\s*(\S+)\s*\(([^)]*)\)", text, re.M)
    arr = re.findall(rf"({NUM})\s+data arrival time", text)
    slack = re.search(rf"({NUM})\s+slack\s+\((MET|VIOLATED)\)", text)
    req = re.findall(rf"({NUM})\s+data required time", text)
    if not (sp and ep and arr and slack and req):
        raise FlowError("cannot parse an OpenSTA path report")
    # the required side shows the setup time as a negative delay
    setup = re.search(rf"({NUM})\s+{NUM}\s+library setup time", text)
    # logic gates on the data path: the 'delay time ^|v inst/pin (CELL)' lines
    # before 'data arrival time', minus the ports and the start/end flop
    launch = text.split("data arrival time", 1)[0]
    pins = re.findall(rf"{NUM}\s+{NUM}\s+[\^v]\s+(\S+)\s+\(([^)]*)\)", launch)
    ends = (sp.group(1) + "/", ep.group(1) + "/")
    start = "reg" if re.search("flip-flop|latch", sp.group(2)) else "in"
    return {
        "class": start + ("2out" if "output port" in ep.group(2) else "2reg"),
        "startpoint": sp.group(1), "endpoint": ep.group(1),
        "arrival_ns": float(arr[0]), "slack_ns": float(slack.group(1)),
        "setup_ns": -float(setup.group(1)) if setup else 0.0,
        "gates": sum(1 for pin, cell in pins
                     if cell not in ("in", "out") and not pin.startswith(ends)),
    }


def parse_sta(log_path, period):
    """Critical path, its class, fmax and the worst path of each class."""
    text = read(log_path)
    where = f"(log: {rel(log_path)})"
    err = re.search(r"^Error:.*$", text, re.M)
    if err:
        raise FlowError(f"OpenSTA: {err.group(0).strip()} {where}")
    sections = dict(re.findall(r"^### (\w+)\s*\n(.*?)(?=^### |\Z)", text, re.M | re.S))
    for need in ("worst", "summary", "end"):
        if need not in sections:
            raise FlowError(f"OpenSTA output incomplete, no '### {need}' section {where}")
    try:
        # 'worst' holds one path per path group: the smallest slack is the worst
        paths = [p for p in map(parse_path, re.split(r"(?=^Startpoint:)",
                                                     sections["worst"], flags=re.M)) if p]
        classes = {c: parse_path(sections.get(c, ""))
                   for c in ("reg2reg", "in2reg", "reg2out", "in2out")}
    except FlowError as e:
        raise FlowError(f"{e} {where}")
    if not paths:
        raise FlowError(f"OpenSTA found no constrained path {where}")
    worst = min(paths, key=lambda p: p["slack_ns"])
    ws = re.search(rf"worst slack\s+({NUM})", sections["summary"])
    if ws and abs(float(ws.group(1)) - worst["slack_ns"]) > 1e-3:
        raise FlowError(f"OpenSTA worst slack {ws.group(1)} differs from the "
                        f"reported worst path's {worst['slack_ns']} {where}")
    tns = re.search(rf"tns\s+({NUM})", sections["summary"])
    min_period = period - worst["slack_ns"]
    return {
        "critical_path_ns": worst["arrival_ns"],
        "critical_path": {k: worst[k] for k in ("class", "startpoint", "endpoint",
                                                "setup_ns", "slack_ns", "gates")},
        "min_period_ns": round(min_period, 4),
        "fmax_mhz": round(1000.0 / min_period, 2) if min_period > 0 else None,
        "tns_ns": float(tns.group(1)) if tns else None,
        "paths_by_class": {c: p and {k: p[k] for k in ("arrival_ns", "slack_ns",
                                                        "startpoint", "endpoint")}
                           for c, p in classes.items()},
    }


def record(wdir):
    """The result entry of the run in wdir; also written to wdir/record.json."""
    try:
        run = json.loads(read(os.path.join(wdir, "run.json")))
    except ValueError as e:
        raise FlowError(f"{rel(wdir)}/run.json: {e}")
    lib = read_liberty(run["liberty"])
    sdc = read_sdc(os.path.join(wdir, "constraints.sdc"))
    if sdc["driving_cell"] not in lib["cells"]:
        raise FlowError(f"{run['liberty']}: no cell {sdc['driving_cell']} "
                        f"(the input driving cell)")
    stat = parse_stat(wdir, lib)
    timing = parse_sta(os.path.join(wdir, "sta.log"), sdc["period_ns"])
    nand2 = lib["cells"][REFERENCE_CELL]["area"]
    # a block without flip-flops has no clock to speak of (the STA clock
    # only times its input-to-output paths)
    clocked = stat["flip_flops"] > 0
    rec = {
        "block": run["block"], "config": run["config"], "params": run["params"],
        "top": run["top"], "library": {"name": lib["name"], "file": lib["file"]},
        "area_um2": stat["area_um2"], "nand2_area_um2": nand2,
        "gate_equivalents": round(stat["area_um2"] / nand2, 1),
        "flip_flops": stat["flip_flops"], "latches": stat["latches"],
        "storage_bits": run["storage_bits"],
        "cells": stat["cells"], "cells_by_type": stat["cells_by_type"],
        "clock_period_ns": sdc["period_ns"],
        "critical_path_ns": timing["critical_path_ns"],
        "critical_path": timing["critical_path"],
        "min_period_ns": timing["min_period_ns"] if clocked else None,
        "fmax_mhz": timing["fmax_mhz"] if clocked else None,
        "tns_ns": timing["tns_ns"], "paths_by_class": timing["paths_by_class"],
        "constraints": {"clock_port": sdc["clock_port"], "reset_port": sdc["reset_port"],
                        "reset": "false path", "input_delay_ns": sdc["input_delay_ns"],
                        "output_delay_ns": sdc["output_delay_ns"],
                        "input_driving_cell": sdc["driving_cell"],
                        "output_load_pf": sdc["output_load_pf"],
                        "abc_delay_target_ps": abc_target_ps(sdc)},
        "abc_script": ABC_SCRIPTS[run["fast"]],
    }
    rec.update({k: run[k] for k in ("rtl_files", "rtl_headers", "rtl_sha256", "runtime_s",
                                     "tools", "date")})
    import breakdown  # (synth/breakdown.py imports this module)
    try:
        rec["breakdown"] = breakdown.breakdown(wdir)
    except (FlowError, KeyError, ValueError, RecursionError) as e:
        # the run's figures stand without it: say so, store them
        print(f"parse.py: warning: {rel(wdir)}: no area breakdown ({e})", file=sys.stderr)
    with open(os.path.join(wdir, "record.json"), "w") as f:
        json.dump(rec, f, indent=2)
        f.write("\n")
    return rec


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: synth/parse.py DIR [DIR ...]", file=sys.stderr)
        sys.exit(2)
    for d in sys.argv[1:]:
        try:
            record(d)
        except (FlowError, KeyError) as e:  # KeyError: run.json lacks a field
            print(f"parse.py: error: {rel(d)}: {e}", file=sys.stderr)
            sys.exit(1)
        print(f"{rel(d)}/record.json")
