#!/usr/bin/env python3
"""Area and timing of the blocks' named configurations: Yosys + OpenSTA on the
OSU 0.18 um standard cells.

  synth_report.py [--block B ...] [--config C ...] [--jobs N] [--out-dir DIR]
                  [--period NS] [--fast] [--timeout S] [--docs-only]

For each requested configuration (all configurations of the block by
default; all blocks when no --block is given) this

  1. fills in synth/synth.ys.in and runs Yosys: read rtl/common/*.sv and
     rtl/<group>/*.sv, chparam to the configuration, synth -flatten,
     dfflibmap + abc onto the liberty, stat -liberty, write a netlist;
  2. runs OpenSTA with synth/sta.tcl on that netlist: one ideal clock of
     --period ns on clk_i, input/output delays 0, rst_ni a false path; the
     worst max-delay path gives the critical path;
  3. writes build/synth/<block>/<config>/{synth.ys,yosys.log,netlist.v,
     sta.log,...} (--out-dir replaces build/synth), merges the numbers into
     synth/results/<block>.json and regenerates docs/area_timing.md from all
     synth/results/*.json.

The liberty is $OSU018_LIB, by default the file of Debian's
qflow-tech-osu018 package. --fast runs ABC without its `&dch -f` step
(synth/abc_fast.abc.in): the step takes most of the time on the largest
configurations. Exit status 0 on success, 1 when a tool fails or
its output cannot be parsed, 2 on a usage error (unknown block or config,
tool or library missing); the error is one line on stderr.

Python 3.11 standard library only.
"""
import argparse
import concurrent.futures
import contextlib
import datetime
import fcntl
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import cfg  # noqa: E402  (scripts/cfg.py, the one reader of configs/*.cfg)

DEFAULT_LIB = "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
SYNTH_DIR = os.path.join(ROOT, "synth")
YS_TEMPLATE = os.path.join(SYNTH_DIR, "synth.ys.in")
STA_SCRIPT = os.path.join(SYNTH_DIR, "sta.tcl")
ABC_FAST_TEMPLATE = os.path.join(SYNTH_DIR, "abc_fast.abc.in")
ABC_FAST_NAME = "default without &dch -f (--fast)"
RESULTS_DIR = os.path.join(SYNTH_DIR, "results")
DOC_FILE = os.path.join(ROOT, "docs", "area_timing.md")
BUILD_DIR = os.path.join(ROOT, "build", "synth")

DEFAULT_PERIOD_NS = 10.0
CLOCK_PORT = "clk_i"
RESET_PORT = "rst_ni"
DRIVING_CELL = "BUFX2"     # drives every data input (ABC and STA)
OUTPUT_LOAD_PF = 0.01      # on every output (ABC and STA)
REFERENCE_CELL = "NAND2X1"  # one gate equivalent

PROG = "synth_report.py"


class UsageError(Exception):
    """Bad request or missing tool: exit 2."""


class FlowError(Exception):
    """A tool failed or its output could not be parsed: exit 1."""


def rel(path):
    """A path relative to the repository when inside it (for messages/json)."""
    path = os.path.abspath(path)
    try:
        r = os.path.relpath(path, ROOT)
    except ValueError:
        return path
    return path if r.startswith("..") else r


# --------------------------------------------------------------------------
# liberty

def read_liberty(path):
    """Library name, cell areas and the sequential cells of a liberty file
    (a light scan: `library (name)`, `cell (name)`, `area : x`, and an
    `ff (` / `latch (` group inside the cell)."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise UsageError(f"cannot read liberty {path}: {e.strerror}; "
                         f"run scripts/setup.sh synth or set OSU018_LIB")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    m = re.search(r"\blibrary\s*\(\s*\"?([\w.\-]+)\"?\s*\)", text)
    if not m:
        raise FlowError(f"{path}: no library(...) group; not a liberty file?")
    name = m.group(1)
    cells = {}
    starts = [(c.start(), c.group(1))
              for c in re.finditer(r"\bcell\s*\(\s*\"?([\w.\-]+)\"?\s*\)", text)]
    for i, (pos, cname) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        body = text[pos:end]
        a = re.search(r"\barea\s*:\s*([0-9.eE+\-]+)\s*;", body)
        kind = ("ff" if re.search(r"\bff\s*\(", body)
                else "latch" if re.search(r"\blatch\s*\(", body) else "comb")
        cells[cname] = {"area": float(a.group(1)) if a else None, "kind": kind}
    if REFERENCE_CELL not in cells or not cells[REFERENCE_CELL]["area"]:
        raise FlowError(f"{path}: no area for {REFERENCE_CELL}")
    if DRIVING_CELL not in cells:
        raise FlowError(f"{path}: no cell {DRIVING_CELL} (the input driving cell)")
    return {"name": name, "file": os.path.basename(path), "path": path,
            "cells": cells}


# --------------------------------------------------------------------------
# tools

def tool_versions():
    def first_line(cmd):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return None
        for line in (p.stdout + p.stderr).splitlines():
            if line.strip():
                return line.strip()
        return None
    v = {"yosys": first_line(["yosys", "-V"]),
         "opensta": first_line(["sta", "-version"])}
    abc = shutil.which("berkeley-abc") or shutil.which("yosys-abc")
    if abc:
        v["abc"] = first_line([abc, "-q", "version"])
    if shutil.which("dpkg-query"):
        try:
            p = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n",
                                "yosys", "opensta", "berkeley-abc",
                                "qflow-tech-osu018"],
                               capture_output=True, text=True, timeout=30)
            pk = dict(line.split(" ", 1) for line in p.stdout.splitlines()
                      if " " in line)
            if pk:
                v["debian_packages"] = pk
        except (OSError, subprocess.TimeoutExpired):
            pass
    return v


def check_tools():
    for tool in ("yosys", "sta"):
        if not shutil.which(tool):
            raise UsageError(f"'{tool}' not found on PATH; run scripts/setup.sh synth")


def first_error(log_path, patterns=(r".*\bERROR:.*", r"^Error:.*")):
    try:
        with open(log_path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for pat in patterns:
        for line in lines:
            if re.match(pat, line.strip()):
                return line.strip()
    return None


def run_tool(cmd, out_path, env=None, what="", log=None, timeout=None):
    """Run cmd with its output in out_path (log: the log to point at). On a
    timeout the tool and its children (the ABC that yosys starts) are
    killed. The tools stay in this process group, so ^C or a kill of the
    group reaches them too."""
    t0 = time.monotonic()
    with open(out_path, "w") as out:
        try:
            p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                 env=env, cwd=ROOT)
        except OSError as e:
            raise UsageError(f"cannot run {cmd[0]}: {e.strerror}; "
                             f"run scripts/setup.sh synth")
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_tree(p)
            raise FlowError(f"{what}: timed out after {timeout:g} s "
                            f"(log: {rel(log or out_path)})")
        except BaseException:
            kill_tree(p)
            raise
    return rc, time.monotonic() - t0


def descendants(pid):
    """Process ids below pid (Linux /proc; empty elsewhere)."""
    children = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    for n in names:
        if not n.isdigit():
            continue
        try:
            with open(f"/proc/{n}/stat") as f:
                st = f.read()
            ppid = int(st[st.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(n))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def kill_tree(p):
    for pid in [p.pid] + descendants(p.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    p.wait()


# --------------------------------------------------------------------------
# one configuration

def rtl_files(rtl_dir, group):
    """rtl/common/*.sv then rtl/<group>/*.sv; within each folder the files
    that declare a package first (Yosys needs a package before its use)."""
    gdir = os.path.join(rtl_dir, group)
    if not os.path.isdir(gdir):
        raise UsageError(f"no RTL folder {rel(gdir)}")
    out = []
    common = os.path.join(rtl_dir, "common")
    for d in ([common] if os.path.normpath(common) != os.path.normpath(gdir)
              else []) + [gdir]:
        if not os.path.isdir(d):
            continue
        files = sorted(os.path.join(d, f) for f in os.listdir(d)
                       if f.endswith(".sv"))

        def is_pkg(p):
            with open(p, errors="replace") as f:
                return re.search(r"^\s*package\s+\w+", f.read(), re.M) is not None
        out += [f for f in files if is_pkg(f)] + [f for f in files if not is_pkg(f)]
    if not any(os.path.dirname(f) == gdir for f in out):
        raise UsageError(f"no RTL: {rel(gdir)}/*.sv is empty")
    return out


def sha256_files(files):
    h = hashlib.sha256()
    for f in files:
        h.update(rel(f).encode() + b"\0")
        with open(f, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


def ys_quote(path):
    if re.search(r"\s|\"", path):
        raise UsageError(f"path with white space not supported by the flow: {path}")
    return path


def parse_yosys_stat(stat_txt, stat_json, lib):
    try:
        with open(stat_json) as f:
            js = json.load(f)
        with open(stat_txt) as f:
            txt = f.read()
    except (OSError, ValueError) as e:
        raise FlowError(f"cannot read yosys statistics: {e}")
    design = js.get("design") or {}
    if not design:
        mods = js.get("modules") or {}
        if len(mods) != 1:
            raise FlowError(f"{rel(stat_json)}: expected one flattened module, "
                            f"found {len(mods)}")
        design = next(iter(mods.values()))
    by_type = design.get("num_cells_by_type")
    if by_type is None or "num_cells" not in design:
        raise FlowError(f"{rel(stat_json)}: no cell counts")
    m = re.findall(r"Chip area for (?:module|top module) '[^']*':\s*([0-9.]+)", txt)
    if m:
        area = float(m[-1])
    elif int(design["num_cells"]) == 0:
        area = 0.0  # nothing but wires: yosys prints no area line
    else:
        raise FlowError(f"{rel(stat_txt)}: no 'Chip area' line")
    unknown = sorted(t for t in by_type if t not in lib["cells"])
    if unknown:
        raise FlowError(f"netlist has cells not in the library: {' '.join(unknown)} "
                        f"(unmapped logic? see yosys.log)")
    summed = sum(n * (lib["cells"][t]["area"] or 0.0) for t, n in by_type.items())
    if abs(summed - area) > 0.01 * max(1.0, area):
        raise FlowError(f"area mismatch: yosys says {area}, cells sum to {summed}")
    ffs = sum(n for t, n in by_type.items() if lib["cells"][t]["kind"] == "ff")
    latches = sum(n for t, n in by_type.items() if lib["cells"][t]["kind"] == "latch")
    return {"area_um2": area, "cells": int(design["num_cells"]),
            "cells_by_type": dict(sorted(by_type.items())),
            "flip_flops": ffs, "latches": latches}


NUM = r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"


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
    gates = [pin for pin, cell in pins
             if cell not in ("in", "out") and not pin.startswith(ends)]
    return {
        "startpoint": sp.group(1), "start_kind": sp.group(2),
        "endpoint": ep.group(1), "end_kind": ep.group(2),
        "arrival_ns": float(arr[0]), "required_ns": float(req[0]),
        "slack_ns": float(slack.group(1)), "met": slack.group(2) == "MET",
        "setup_ns": -float(setup.group(1)) if setup else 0.0,
        "gates": len(gates),
    }


def path_class(p):
    s = "reg" if "flip-flop" in p["start_kind"] or "latch" in p["start_kind"] else "in"
    e = "out" if "output port" in p["end_kind"] else "reg"
    return f"{s}2{e}"


def parse_sta(log_path, period):
    try:
        with open(log_path, errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise FlowError(f"cannot read {rel(log_path)}: {e.strerror}")
    err = re.search(r"^Error:.*$", text, re.M)
    if err:
        raise FlowError(f"OpenSTA: {err.group(0).strip()} (log: {rel(log_path)})")
    sections = {}
    for m in re.finditer(r"^### (\w+)\s*\n(.*?)(?=^### |\Z)", text, re.M | re.S):
        sections[m.group(1)] = m.group(2)
    for need in ("worst", "summary", "end"):
        if need not in sections:
            raise FlowError(f"OpenSTA output incomplete, no '### {need}' section "
                            f"(log: {rel(log_path)})")
    # 'worst' holds one path per path group: the smallest slack is the worst
    blocks = re.split(r"(?=^Startpoint:)", sections["worst"], flags=re.M)
    try:
        paths = [p for p in (parse_path(b) for b in blocks if "Startpoint:" in b)
                 if p]
        classes = {c: parse_path(sections.get(c, ""))
                   for c in ("reg2reg", "in2reg", "reg2out", "in2out")}
    except FlowError as e:
        raise FlowError(f"{e} (log: {rel(log_path)})")
    if not paths:
        raise FlowError(f"OpenSTA found no constrained path (clock port "
                        f"{CLOCK_PORT} missing?) (log: {rel(log_path)})")
    worst = min(paths, key=lambda p: p["slack_ns"])
    ws = re.search(rf"worst slack\s+({NUM})", sections["summary"])
    if ws and abs(float(ws.group(1)) - worst["slack_ns"]) > 1e-3:
        raise FlowError(f"OpenSTA worst slack {ws.group(1)} differs from the "
                        f"reported worst path's {worst['slack_ns']} "
                        f"(log: {rel(log_path)})")
    tns = re.search(rf"tns\s+({NUM})", sections["summary"])
    classes = {c: None if p is None else {
        "arrival_ns": p["arrival_ns"], "slack_ns": p["slack_ns"],
        "startpoint": p["startpoint"], "endpoint": p["endpoint"]}
        for c, p in classes.items()}
    min_period = period - worst["slack_ns"]
    return {
        "critical_path_ns": worst["arrival_ns"],
        "critical_path": {
            "class": path_class(worst),
            "startpoint": worst["startpoint"], "endpoint": worst["endpoint"],
            "setup_ns": worst["setup_ns"], "slack_ns": worst["slack_ns"],
            "gates": worst["gates"]},
        "min_period_ns": round(min_period, 4),
        "fmax_mhz": round(1000.0 / min_period, 2) if min_period > 0 else None,
        "tns_ns": float(tns.group(1)) if tns else None,
        "paths_by_class": classes,
    }


def run_config(job):
    """Synthesise and time one configuration; returns its result entry."""
    block, config, opts, lib, versions = (job["block"], job["config"],
                                          job["opts"], job["lib"], job["versions"])
    t_start = time.monotonic()
    params = cfg.params(block, config)
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    chparam = f"chparam {chparam}" if params else ""
    top = job["top"]
    files = job["files"]
    wdir = os.path.join(opts.out_dir, block, config)
    os.makedirs(wdir, exist_ok=True)
    for stale in ("netlist.v", "stat.txt", "stat.json", "sta.log", "yosys.log",
                  "abc.script"):
        try:
            os.remove(os.path.join(wdir, stale))
        except FileNotFoundError:
            pass
    period = opts.period
    p = {n: os.path.join(wdir, n) for n in
         ("synth.ys", "abc.constr", "abc.script", "yosys.log", "stat.txt", "stat.json",
          "netlist.v", "sta.log")}
    with open(p["abc.constr"], "w") as f:
        # ABC's load unit is the femtofarad
        f.write(f"set_driving_cell {DRIVING_CELL}\n"
                f"set_load {OUTPUT_LOAD_PF * 1000:g}\n")
    if opts.fast:
        with open(ABC_FAST_TEMPLATE) as f:
            abc = [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]
        with open(p["abc.script"], "w") as f:
            f.write("\n".join(ln.replace("@D@", f"-D {period * 1000:.0f}")
                              for ln in abc) + "\n")
    with open(YS_TEMPLATE) as f:
        script = f.read()
    fields = {
        "RTL_FILES": " ".join(ys_quote(f) for f in files),
        "CHPARAM": chparam, "TOP": top,
        "LIBERTY": ys_quote(lib["path"]), "CONSTR": ys_quote(p["abc.constr"]),
        "PERIOD_PS": f"{period * 1000:.0f}",
        "ABC_FAST": f"-script {ys_quote(p['abc.script'])}" if opts.fast else "",
        "STAT_TXT": ys_quote(p["stat.txt"]), "STAT_JSON": ys_quote(p["stat.json"]),
        "NETLIST": ys_quote(p["netlist.v"]),
    }
    lines = []
    for line in script.splitlines():
        if not line.lstrip().startswith("#"):  # comments name the fields
            for k, v in fields.items():
                line = line.replace(f"@{k}@", v)
            line = re.sub(r"(?<=\S)  +", " ", line).rstrip()  # an empty field
            left = re.findall(r"@[A-Z_]+@", line)
            if left:
                raise FlowError(f"{rel(YS_TEMPLATE)}: unknown field(s) "
                                f"{' '.join(sorted(set(left)))}")
            if not chparam and line.strip() == top:
                line = ""
        lines.append(line)
    script = "\n".join(lines) + "\n"
    with open(p["synth.ys"], "w") as f:
        f.write(script)

    what = f"{block}/{config}"
    rc, t_yosys = run_tool(["yosys", "-q", "-l", p["yosys.log"], "-s", p["synth.ys"]],
                           os.path.join(wdir, "yosys.stdout"), what=f"yosys {what}",
                           log=p["yosys.log"], timeout=opts.timeout)
    if rc != 0 or not os.path.isfile(p["netlist.v"]):
        msg = first_error(p["yosys.log"]) or first_error(
            os.path.join(wdir, "yosys.stdout")) or f"exit status {rc}"
        raise FlowError(f"yosys failed on {what}: {msg} (log: {rel(p['yosys.log'])})")
    stat = parse_yosys_stat(p["stat.txt"], p["stat.json"], lib)

    env = dict(os.environ, STA_LIBERTY=lib["path"], STA_NETLIST=p["netlist.v"],
               STA_TOP=top, STA_PERIOD_NS=f"{period:g}", STA_CLOCK_PORT=CLOCK_PORT,
               STA_RESET_PORT=RESET_PORT, STA_DRIVING_CELL=DRIVING_CELL,
               STA_OUTPUT_LOAD_PF=f"{OUTPUT_LOAD_PF:g}")
    rc, t_sta = run_tool(["sta", "-no_init", "-no_splash", "-exit", STA_SCRIPT],
                         p["sta.log"], env=env, what=f"sta {what}",
                         timeout=opts.timeout)
    if rc != 0:
        msg = first_error(p["sta.log"]) or f"exit status {rc}"
        raise FlowError(f"OpenSTA failed on {what}: {msg} (log: {rel(p['sta.log'])})")
    timing = parse_sta(p["sta.log"], period)

    nand2 = lib["cells"][REFERENCE_CELL]["area"]
    return {
        "block": block, "config": config, "params": params,
        "top": top,
        "library": {"name": lib["name"], "file": lib["file"]},
        "area_um2": stat["area_um2"],
        "nand2_area_um2": nand2,
        "gate_equivalents": round(stat["area_um2"] / nand2, 1),
        "flip_flops": stat["flip_flops"],
        "latches": stat["latches"],
        "storage_bits": cfg.storage(block, config),
        "cells": stat["cells"],
        "cells_by_type": stat["cells_by_type"],
        "clock_period_ns": period,
        "critical_path_ns": timing["critical_path_ns"],
        "critical_path": timing["critical_path"],
        # a block without flip-flops has no clock to speak of (the STA clock
        # only times its input-to-output paths)
        "min_period_ns": timing["min_period_ns"] if stat["flip_flops"] else None,
        "fmax_mhz": timing["fmax_mhz"] if stat["flip_flops"] else None,
        "tns_ns": timing["tns_ns"],
        "paths_by_class": timing["paths_by_class"],
        "constraints": {"clock_port": CLOCK_PORT, "reset_port": RESET_PORT,
                        "reset": "false path", "input_delay_ns": 0,
                        "output_delay_ns": 0, "input_driving_cell": DRIVING_CELL,
                        "output_load_pf": OUTPUT_LOAD_PF,
                        "abc_delay_target_ps": int(round(period * 1000))},
        "abc_script": ABC_FAST_NAME if opts.fast else "default",
        "rtl_files": [rel(f) for f in files],
        "rtl_sha256": job["rtl_sha256"],
        "runtime_s": {"yosys": round(t_yosys, 1), "sta": round(t_sta, 1),
                      "total": round(time.monotonic() - t_start, 1)},
        "tools": versions,
        "date": datetime.datetime.now(datetime.timezone.utc)
                .strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


# --------------------------------------------------------------------------
# results and the page

def load_results(path):
    if not os.path.isfile(path):
        return None
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise FlowError(f"cannot read {rel(path)}: {e}")
    if not isinstance(data, dict) or not isinstance(data.get("configs"), dict):
        raise FlowError(f"{rel(path)}: not a results file (no 'configs')")
    return data


@contextlib.contextmanager
def results_lock(results_dir):
    """Serialise the read-merge-write of the results (and the page) between
    runs of this script that finish at the same time."""
    os.makedirs(results_dir, exist_ok=True)
    key = hashlib.sha256(os.path.abspath(results_dir).encode()).hexdigest()[:12]
    with open(os.path.join(tempfile.gettempdir(),
                           f"synth_report-{key}.lock"), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def write_atomic(path, text):
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def save_results(block, entries, results_dir):
    os.makedirs(results_dir, exist_ok=True)
    path = os.path.join(results_dir, f"{block}.json")
    old = load_results(path) or {"configs": {}}
    configs = dict(old["configs"])
    configs.update(entries)
    order = cfg.load(block)[1]
    # keep the .cfg order; drop configurations the .cfg no longer has
    configs = {c: configs[c] for c in order if c in configs}
    data = {"block": block, "configs": configs}
    write_atomic(path, json.dumps(data, indent=2) + "\n")
    return path


def fmt_num(x, nd=0):
    if x is None:
        return "-"
    if nd == 0:
        return f"{x:,.0f}"
    return f"{x:,.{nd}f}"


def fmt_secs(t):
    if t is None:
        return "?"
    return f"{t:.0f} s" if t < 120 else f"{t / 60:.0f} min"


def fmt_params(params):
    return " ".join(f"{k}={v}" for k, v in params.items())


def current_rtl_sha(block, rtl_dir):
    """sha256 of the block's RTL as it is now, None when unknown."""
    try:
        keys, _ = cfg.load(block)
        return sha256_files(rtl_files(rtl_dir, keys["group"]))
    except (cfg.CfgError, UsageError, OSError):
        return None


def render_doc(results_dir, doc_file, rtl_dir):
    files = sorted(f for f in os.listdir(results_dir) if f.endswith(".json")) \
        if os.path.isdir(results_dir) else []
    blocks = []
    for f in files:
        data = load_results(os.path.join(results_dir, f))
        if data and data["configs"]:
            blocks.append(data)
    libs, tools, periods, dates = set(), {}, set(), []
    for b in blocks:
        for e in b["configs"].values():
            libs.add((e["library"]["name"], e["library"]["file"],
                      e["nand2_area_um2"]))
            for k in ("yosys", "opensta", "abc"):
                if e.get("tools", {}).get(k):
                    tools.setdefault(k, set()).add(e["tools"][k])
            periods.add(e["clock_period_ns"])
            dates.append(e["date"])

    out = []
    w = out.append
    w("# Area and timing")
    w("")
    w("<!-- Generated by scripts/synth_report.py from synth/results/*.json; "
      "do not edit by hand. -->")
    w("")
    w("Gate-level area and critical path of every block's named configurations "
      "(`configs/<block>.cfg`), synthesised with Yosys onto the OSU 0.18 um "
      "standard cells and timed with OpenSTA. Regenerate with `make synth` "
      "(all blocks) or `make synth BLOCK=<block> [CONFIG=<config>] [FAST=1]` "
      "(a result marked (fast) below is reproduced with `FAST=1`), which run "
      "`scripts/synth_report.py --block <block>`; logs and netlists land in "
      "`build/synth/<block>/<config>/`, the numbers in "
      "`synth/results/<block>.json`. Directly: `scripts/synth_report.py "
      "[--block B] [--config C ...] [--jobs N] [--period NS] [--fast]` "
      "(`--fast`: ABC without its `&dch -f` step, minutes instead of an hour "
      "on the largest configurations, some percent more area, marked (fast) "
      "below; `--docs-only` rebuilds this page from the stored results).")
    w("")
    if not blocks:
        w("No results yet.")
        w("")
    for b in blocks:
        block = b["block"]
        try:
            current = cfg.load(block)[1]
        except cfg.CfgError:
            current = {}
        w(f"## {block}")
        w("")
        w("| config | params | area um^2 | GE | flip-flops | storage bits predicted "
          "| critical path ns | max freq MHz |")
        w("|---|---|--:|--:|--:|--:|--:|--:|")
        notes, fast, old_fast = [], [], []
        rtl_now = current_rtl_sha(block, rtl_dir)
        changed = [c for c, e in b["configs"].items()
                   if rtl_now and e.get("rtl_sha256") != rtl_now]
        if changed:
            notes.append(f"the RTL changed since the run of "
                         f"{', '.join(f'`{c}`' for c in changed)}; regenerate.")
        for c, e in b["configs"].items():
            name = f"`{c}`"
            if current.get(c) != e["params"]:
                name += " (stale)"
                notes.append(f"`{c}`: parameters changed in configs/{block}.cfg "
                             f"since this run; regenerate.")
            abc = e.get("abc_script", "default")
            if abc == ABC_FAST_NAME:
                name += " (fast)"
                fast.append(f"`{c}`")
            elif abc != "default":
                name += " (abc -fast)"
                old_fast.append(f"`{c}`")
            if e.get("clock_period_ns") != DEFAULT_PERIOD_NS:
                notes.append(f"`{c}` was mapped and timed against a "
                             f"{e['clock_period_ns']:g} ns period.")
            w(f"| {name} | {fmt_params(e['params'])} | {fmt_num(e['area_um2'])} "
              f"| {fmt_num(e['gate_equivalents'])} | {fmt_num(e['flip_flops'])} "
              f"| {fmt_num(e['storage_bits'])} | {fmt_num(e['critical_path_ns'], 2)} "
              f"| {fmt_num(e['fmax_mhz'], 0)} |")
        if fast:
            notes.append(f"{', '.join(fast)} (fast): mapped with `--fast`, ABC "
                         f"without `&dch -f` (`synth/abc_fast.abc.in`); "
                         f"some percent more area than the default script.")
        if old_fast:
            notes.append(f"{', '.join(old_fast)}: mapped with `abc -fast`, which "
                         f"can give several times the area; regenerate.")
        w("")
        crit = []
        for c, e in b["configs"].items():
            cp = e.get("critical_path") or {}
            setup = ("" if str(cp.get("class", "")).endswith("2out") else
                     f", setup {fmt_num(cp.get('setup_ns'), 2)} ns")
            crit.append(f"`{c}` {cp.get('class', '?')} "
                        f"({cp.get('gates', '?')} gates{setup})")
        w("Critical path class (reg2reg, in2reg, reg2out, in2out): "
          + "; ".join(crit) + ".")
        w("")
        w("Run time (Yosys + OpenSTA, wall clock): " + "; ".join(
            f"`{c}` {fmt_secs(e.get('runtime_s', {}).get('total'))}"
            for c, e in b["configs"].items()) + ".")
        if all(not e["flip_flops"] for e in b["configs"].values()):
            w("")
            w("Combinational block: the critical path is input to output, "
              "and there is no clock frequency to give.")
        lat = [f"`{c}` {e['latches']}" for c, e in b["configs"].items()
               if e.get("latches")]
        if lat:
            w("")
            w("Latches inferred: " + ", ".join(lat) + ".")
        for n in notes:
            w("")
            w("Note: " + n)
        w("")

    w("## Method")
    w("")
    if libs:
        for name, f, nand2 in sorted(libs):
            w(f"- Library: `{name}` (`{f}`, Debian package qflow-tech-osu018; "
              f"path overridable with `OSU018_LIB`), typical corner, 1.8 V, "
              f"25 C. One gate equivalent (GE) = one {REFERENCE_CELL} = "
              f"{fmt_num(nand2, 1)} um^2.")
    if tools:
        w("- Tools: " + "; ".join(f"{k} `{v}`" for k, vs in sorted(tools.items())
                                  for v in sorted(vs)) + ".")
    w("- Synthesis (`synth/synth.ys.in`): `read_verilog -sv` of "
      "`rtl/common/*.sv` and `rtl/<group>/*.sv` (`SYNTHESIS` defined, so the "
      "simulation-only code is left out), `chparam` to the configuration, "
      "`synth -flatten`, `dfflibmap -liberty`, `abc -liberty -constr -D <period>` "
      "(ABC's default script plus buffering and gate sizing against the "
      "period; no retiming), `opt_clean`, `stat -liberty`.")
    w("- Area: the sum of the cell areas of the mapped netlist (`stat -liberty` "
      "\"Chip area\"), no placement, routing or utilisation factor. "
      "Flip-flops: cells with an `ff` group in the library (`DFFSR` for "
      "flops with the asynchronous reset, `DFFPOSX1` for flops without). "
      "Storage bits predicted: the entry-format formula of "
      "`configs/<block>.cfg` (`scripts/cfg.py storage`); flip-flops above it "
      "are the RTL's control and status state, below it stored bits that "
      "synthesis found constant or unused.")
    per = ", ".join(f"{p:g} ns" for p in sorted(periods)) or f"{DEFAULT_PERIOD_NS:g} ns"
    w(f"- Timing (`synth/sta.tcl`): OpenSTA on the netlist, one ideal clock of "
      f"{per} on `{CLOCK_PORT}` (no clock tree), input and output delays 0, "
      f"inputs driven by a `{DRIVING_CELL}`, outputs loaded with "
      f"{OUTPUT_LOAD_PF:g} pF, no wire-load model or parasitics (net delays 0). "
      f"The asynchronous reset `{RESET_PORT}` is a false path (its deassertion "
      f"is the reset tree's and synchroniser's concern, not the block's).")
    w("- Critical path ns: the data arrival time of the worst max-delay path, "
      "whatever its class (register-to-register, input-to-register, "
      "register-to-output or input-to-output), from the clock edge: clock-to-Q "
      "plus the logic. Max freq MHz = 1000 / (period - worst slack), i.e. the "
      "critical path plus the endpoint's setup time (0 for an output).")
    w("- Caveat: pre-layout numbers of an old educational library; useful "
      "to compare configurations and blocks with each other, not as absolute "
      "silicon figures.")
    if dates:
        w(f"- Runs dated {min(dates)[:10]} to {max(dates)[:10]}." if min(dates)[:10]
          != max(dates)[:10] else f"- Runs dated {min(dates)[:10]}.")
    w("")
    os.makedirs(os.path.dirname(doc_file) or ".", exist_ok=True)
    write_atomic(doc_file, "\n".join(out))


def print_table(entries):
    head = ("block", "config", "area um^2", "GE", "FFs", "storage", "crit ns",
            "class", "MHz", "time s")
    rows = [(e["block"], e["config"], fmt_num(e["area_um2"]),
             fmt_num(e["gate_equivalents"]), fmt_num(e["flip_flops"]),
             fmt_num(e["storage_bits"]), fmt_num(e["critical_path_ns"], 3),
             e["critical_path"]["class"], fmt_num(e["fmax_mhz"], 1),
             fmt_num(e["runtime_s"]["total"], 1)) for e in entries]
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    for r in [head] + rows:
        print("  ".join(str(c).rjust(wd) if i >= 2 and i != 7 else str(c).ljust(wd)
                        for i, (c, wd) in enumerate(zip(r, widths))).rstrip())


# --------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(
        prog=PROG, description="Area/timing of the blocks' configurations "
        "(Yosys + OpenSTA, OSU 0.18 um).")
    ap.add_argument("--block", action="append", default=[],
                    help="block (repeatable; default: every block in configs/)")
    ap.add_argument("--config", action="append", default=[],
                    help="configuration (repeatable; default: all of the block's)")
    ap.add_argument("--jobs", "-j", type=int, default=1,
                    help="configurations synthesised in parallel (default 1)")
    ap.add_argument("--out-dir", default=BUILD_DIR,
                    help="work/log directory (default build/synth)")
    ap.add_argument("--period", type=float, default=DEFAULT_PERIOD_NS,
                    help=f"nominal clock period in ns (default {DEFAULT_PERIOD_NS:g})")
    ap.add_argument("--fast", action="store_true",
                    help="ABC without its '&dch -f' step (synth/abc_fast.abc.in): "
                    "about 10x quicker on the largest configurations, some "
                    "%% more area; marked in the results and on the page")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds allowed per tool run (default: none)")
    ap.add_argument("--rtl-dir", default=os.path.join(ROOT, "rtl"),
                    help=argparse.SUPPRESS)  # for testing the flow on other RTL
    ap.add_argument("--results-dir", default=RESULTS_DIR, help=argparse.SUPPRESS)
    ap.add_argument("--doc", default=DOC_FILE, help=argparse.SUPPRESS)
    ap.add_argument("--docs-only", action="store_true",
                    help="only regenerate docs/area_timing.md from synth/results")
    opts = ap.parse_args(argv)
    opts.out_dir = os.path.abspath(opts.out_dir)

    if opts.docs_only:
        with results_lock(opts.results_dir):
            render_doc(opts.results_dir, opts.doc, os.path.abspath(opts.rtl_dir))
        print(f"{PROG}: wrote {rel(opts.doc)}")
        return 0
    if opts.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if not opts.period > 0:
        raise UsageError("--period must be positive")

    known = cfg.blocks()
    blocks = opts.block or known
    if not blocks:
        raise UsageError("no blocks: configs/ has no .cfg file")
    for b in blocks:
        if b not in known:
            raise UsageError(f"unknown block '{b}' (known: {' '.join(known)})")
    if opts.config and len(blocks) != 1:
        raise UsageError("--config needs exactly one --block")

    check_tools()
    lib_path = os.environ.get("OSU018_LIB") or DEFAULT_LIB
    if not os.path.isfile(lib_path):
        raise UsageError(f"liberty file {lib_path} not found; run scripts/setup.sh synth "
                         f"or set OSU018_LIB")
    lib = read_liberty(lib_path)
    versions = tool_versions()

    jobs = []
    for b in blocks:
        keys, configs = cfg.load(b)
        names = opts.config or list(configs)
        for c in names:
            if c not in configs:
                raise UsageError(f"block '{b}' has no configuration '{c}' "
                                 f"(has: {' '.join(configs)})")
        files = rtl_files(os.path.abspath(opts.rtl_dir), keys["group"])
        sha = sha256_files(files)  # of the RTL as read, before any run
        for c in names:
            jobs.append({"block": b, "config": c, "opts": opts, "lib": lib,
                         "versions": versions, "top": keys["top"], "files": files,
                         "rtl_sha256": sha})

    results, failures = {}, []
    print(f"{PROG}: {len(jobs)} configuration(s), {opts.jobs} in parallel, "
          f"period {opts.period:g} ns, logs in {rel(opts.out_dir)}/", flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        futs = {ex.submit(run_config, j): j for j in jobs}
        for fut in concurrent.futures.as_completed(futs):
            j = futs[fut]
            try:
                e = fut.result()
            except (FlowError, UsageError) as err:
                failures.append(err)
                print(f"  {j['block']}/{j['config']}: FAILED", flush=True)
                continue
            results[(j["block"], j["config"])] = e
            print(f"  {j['block']}/{j['config']}: done in "
                  f"{e['runtime_s']['total']:.1f} s", flush=True)

    if results:
        with results_lock(opts.results_dir):
            for b in blocks:
                entries = {c: e for (bb, c), e in results.items() if bb == b}
                if entries:
                    save_results(b, entries, opts.results_dir)
            render_doc(opts.results_dir, opts.doc, os.path.abspath(opts.rtl_dir))
        ordered = [results[(j["block"], j["config"])] for j in jobs
                   if (j["block"], j["config"]) in results]
        print_table(ordered)
        print(f"{PROG}: results in {rel(opts.results_dir)}/, page {rel(opts.doc)}")
    if failures:
        for f in failures:
            print(f"{PROG}: error: {f}", file=sys.stderr)
        return 2 if any(isinstance(f, UsageError) for f in failures) else 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except UsageError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(2)
    except FlowError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(1)
    except cfg.CfgError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        sys.exit(130)
