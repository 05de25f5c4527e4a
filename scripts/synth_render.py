#!/usr/bin/env python3
"""Render step of the area/timing flow: results -> docs/area_timing.md.

  synth_render.py [RECORD.json ...]

Merges each record (written by synth/parse.py, e.g.
build/synth/<block>/<config>/record.json) into synth/results/<block>.json,
keeping the order of configs/<block>.cfg and dropping configurations it no
longer has, then writes docs/area_timing.md from all synth/results/*.json.
Without arguments it only rewrites the page. Also reads configs/*.cfg and the
RTL (through scripts/cfg.py: stale parameters and RTL are marked) and
synth/constraints.sdc (the period and constraints the page describes). The
read-merge-write holds a lock, so runs that finish together do not lose
each other's results. Exit 0, 1 on an unreadable record or results file,
2 on a usage error; the error is one line on stderr.
"""
import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "scripts"), os.path.join(ROOT, "synth")]
import cfg  # noqa: E402  (scripts/cfg.py, the one reader of configs/*.cfg)
import parse  # noqa: E402  (synth/parse.py)

RESULTS_DIR = os.path.join(ROOT, "synth", "results")
DOC_FILE = os.path.join(ROOT, "docs", "area_timing.md")


# What a record (one configuration's result) must hold for the page: a
# dotted name is a field of a field.
RECORD_FIELDS = ("block", "config", "params", "date", "clock_period_ns", "area_um2",
                 "gate_equivalents", "flip_flops", "storage_bits", "critical_path_ns",
                 "critical_path.class", "fmax_mhz", "runtime_s.total", "nand2_area_um2",
                 "library.name", "library.file", "tools")


def check_record(path, rec):
    """A record lacking a field is a bad file, named with the field."""
    for name in RECORD_FIELDS:
        v = rec
        for part in name.split("."):
            if not isinstance(v, dict) or part not in v:
                what = f"configuration '{rec.get('config', '?')}'" if isinstance(rec, dict) \
                    else "a record"
                raise parse.FlowError(f"{parse.rel(path)}: {what} has no '{name}'")
            v = v[part]


def load_json(path, what="configs"):
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise parse.FlowError(f"cannot read {parse.rel(path)}: {e}")
    if not isinstance(data, dict) or what not in data:
        raise parse.FlowError(f"{parse.rel(path)}: no '{what}'; not a result")
    if what == "block":
        check_record(path, data)
    elif not isinstance(data["configs"], dict):
        raise parse.FlowError(f"{parse.rel(path)}: 'configs' is not a table")
    else:
        for rec in data["configs"].values():
            check_record(path, rec)
    return data


@contextlib.contextmanager
def results_lock(results_dir):
    """Serialise the read-merge-write of the results (and the page)."""
    os.makedirs(results_dir, exist_ok=True)
    key = hashlib.sha256(os.path.abspath(results_dir).encode()).hexdigest()[:12]
    with open(os.path.join(tempfile.gettempdir(), f"synth_results-{key}.lock"), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def write_atomic(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def update(records, results_dir=RESULTS_DIR, doc=DOC_FILE):
    """Merge the records into their blocks' results files, rewrite the page."""
    with results_lock(results_dir):
        for block in dict.fromkeys(r["block"] for r in records):
            path = os.path.join(results_dir, f"{block}.json")
            configs = load_json(path)["configs"] if os.path.isfile(path) else {}
            configs.update({r["config"]: r for r in records if r["block"] == block})
            order = cfg.load(block).configs
            configs = {c: configs[c] for c in order if c in configs}
            write_atomic(path, json.dumps({"block": block, "configs": configs},
                                          indent=2) + "\n")
        write_atomic(doc, render(results_dir))


def fmt_num(x, nd=0):
    return "-" if x is None else f"{x:,.{nd}f}"


def fmt_secs(t):
    if t is None:
        return "?"
    return f"{t:.0f} s" if t < 120 else f"{t / 60:.0f} min"


def current_rtl_sha(block):
    """sha256 of the block's RTL as it is now, None when unknown."""
    try:
        return parse.rtl_sha256(cfg.sources(block, "rtl") + cfg.sources(block, "headers"))
    except (cfg.CfgError, OSError):
        return None


def render_block(b, sdc):
    block, entries = b["block"], b["configs"]
    try:
        current = cfg.load(block).configs
    except cfg.CfgError:
        current = {}
    out = [f"## {block}", "",
           "| config | params | area um^2 | GE | flip-flops | storage bits predicted "
           "| critical path ns | max freq MHz |", "|---|---|--:|--:|--:|--:|--:|--:|"]
    notes, fast = [], []
    rtl_now = current_rtl_sha(block)
    changed = [c for c, e in entries.items() if rtl_now and e.get("rtl_sha256") != rtl_now]
    if changed:
        notes.append(f"the RTL changed since the run of "
                     f"{', '.join(f'`{c}`' for c in changed)}; regenerate.")
    for c, e in entries.items():
        name = f"`{c}`"
        if current.get(c) != e["params"]:
            name += " (stale)"
            notes.append(f"`{c}`: parameters changed in configs/{block}.cfg "
                         f"since this run; regenerate.")
        if e.get("abc_script") == parse.ABC_SCRIPTS[True]:
            name += " (fast)"
            fast.append(f"`{c}`")
        if e.get("clock_period_ns") != sdc["period_ns"]:
            notes.append(f"`{c}` was mapped and timed against a "
                         f"{e['clock_period_ns']:g} ns period.")
        out.append(f"| {name} | {' '.join(f'{k}={v}' for k, v in e['params'].items())} | {fmt_num(e['area_um2'])} "
                   f"| {fmt_num(e['gate_equivalents'])} | {fmt_num(e['flip_flops'])} "
                   f"| {fmt_num(e['storage_bits'])} | {fmt_num(e['critical_path_ns'], 2)} "
                   f"| {fmt_num(e['fmax_mhz'], 0)} |")
    if fast:
        notes.append(f"{', '.join(fast)} (fast): mapped with `--fast`, ABC "
                     f"without `&dch -f` (`synth/abc_fast.abc.in`); "
                     f"some percent more area than the default script.")
    crit = []
    for c, e in entries.items():
        cp = e.get("critical_path") or {}
        setup = ("" if str(cp.get("class", "")).endswith("2out") else
                 f", setup {fmt_num(cp.get('setup_ns'), 2)} ns")
        crit.append(f"`{c}` {cp.get('class', '?')} ({cp.get('gates', '?')} gates{setup})")
    out += ["", "Critical path class (reg2reg, in2reg, reg2out, in2out): "
            + "; ".join(crit) + ".", "",
            "Run time (Yosys + OpenSTA, wall clock): " + "; ".join(
                f"`{c}` {fmt_secs(e.get('runtime_s', {}).get('total'))}"
                for c, e in entries.items()) + "."]
    if all(not e["flip_flops"] for e in entries.values()):
        out += ["", "Combinational block: the critical path is input to output, "
                "and there is no clock frequency to give."]
    lat = [f"`{c}` {e['latches']}" for c, e in entries.items() if e.get("latches")]
    if lat:
        out += ["", "Latches inferred: " + ", ".join(lat) + "."]
    for n in notes:
        out += ["", "Note: " + n]
    return out + [""]


def render(results_dir):
    """The page, from every results file in results_dir."""
    sdc = parse.read_sdc()
    files = sorted(f for f in os.listdir(results_dir) if f.endswith(".json")) \
        if os.path.isdir(results_dir) else []
    blocks = [b for b in (load_json(os.path.join(results_dir, f)) for f in files)
              if b["configs"]]
    entries = [e for b in blocks for e in b["configs"].values()]
    libs = {(e["library"]["name"], e["library"]["file"], e["nand2_area_um2"])
            for e in entries}
    tools = {}
    for e in entries:
        for k in ("yosys", "opensta", "abc"):
            if e.get("tools", {}).get(k):
                tools.setdefault(k, set()).add(e["tools"][k])
    periods = sorted({e["clock_period_ns"] for e in entries}) or [sdc["period_ns"]]
    dates = sorted(e["date"][:10] for e in entries)
    i, o = sdc["input_delay_ns"], sdc["output_delay_ns"]
    delays = f"{i:g}" if i == o else f"{i:g} ns (in) and {o:g} ns (out)"

    out = [
        "# Area and timing", "",
        "<!-- Generated by scripts/synth_render.py from synth/results/*.json; "
        "do not edit by hand. -->", "",
        "Gate-level area and critical path of every block's named configurations "
        "(`configs/<block>.cfg`), synthesised with Yosys onto the OSU 0.18 um "
        "standard cells and timed with OpenSTA. Regenerate with `make synth` "
        "(all blocks) or `make synth BLOCK=<block> [CONFIG=<config>] [FAST=1]` "
        "(a result marked (fast) below is reproduced with `FAST=1`), which run "
        "`synth/run.py --block <block>`: Yosys and OpenSTA, then `synth/parse.py` "
        "and `scripts/synth_render.py`; logs and netlists land in "
        "`build/synth/<block>/<config>/`, the numbers in "
        "`synth/results/<block>.json`. Directly: `synth/run.py --block B "
        "[--config C ...] [--jobs N] [--fast]` "
        "(`--fast`: ABC without its `&dch -f` step, minutes instead of an hour "
        "on the largest configurations, some percent more area, marked (fast) "
        "below; `scripts/synth_render.py` alone rebuilds this page from the "
        "stored results).", ""]
    if not blocks:
        out += ["No results yet.", ""]
    for b in blocks:
        out += render_block(b, sdc)
    out += ["## Method", ""]
    for name, f, nand2 in sorted(libs):
        out.append(f"- Library: `{name}` (`{f}`, Debian package qflow-tech-osu018; "
                   f"path overridable with `OSU018_LIB`), typical corner, 1.8 V, "
                   f"25 C. One gate equivalent (GE) = one {parse.REFERENCE_CELL} = "
                   f"{fmt_num(nand2, 1)} um^2.")
    if tools:
        out.append("- Tools: " + "; ".join(f"{k} `{v}`" for k, vs in sorted(tools.items())
                                           for v in sorted(vs)) + ".")
    out += [
        "- Synthesis (`synth/synth.ys.in`): `read_verilog -sv` of "
        "`rtl/common/*.sv` and `rtl/<group>/*.sv` (`SYNTHESIS` defined, so the "
        "simulation-only code is left out), `chparam` to the configuration, "
        "`synth -flatten`, `dfflibmap -liberty`, `abc -liberty -constr -D <period>` "
        "(ABC's default script plus buffering and gate sizing against the "
        "period; no retiming), `opt_clean`, `stat -liberty`.",
        "- Area: the sum of the cell areas of the mapped netlist (`stat -liberty` "
        "\"Chip area\"), no placement, routing or utilisation factor. "
        "Flip-flops: cells with an `ff` group in the library (`DFFSR` for "
        "flops with the asynchronous reset, `DFFPOSX1` for flops without). "
        "Storage bits predicted: the entry-format formula of "
        "`configs/<block>.cfg` (`scripts/cfg.py storage`); flip-flops above it "
        "are the RTL's control and status state, below it stored bits that "
        "synthesis found constant or unused.",
        f"- Timing (`synth/sta.tcl`, constraints in `synth/constraints.sdc`): "
        f"OpenSTA on the netlist, one ideal clock of "
        f"{', '.join(f'{p:g} ns' for p in periods)} on `{sdc['clock_port']}` "
        f"(no clock tree), input and output delays {delays}, "
        f"inputs driven by a `{sdc['driving_cell']}`, outputs loaded with "
        f"{sdc['output_load_pf']:g} pF, no wire-load model or parasitics (net delays 0). "
        f"The asynchronous reset `{sdc['reset_port']}` is a false path (its deassertion "
        f"is the reset tree's and synchroniser's concern, not the block's).",
        "- Critical path ns: the data arrival time of the worst max-delay path, "
        "whatever its class (register-to-register, input-to-register, "
        "register-to-output or input-to-output), from the clock edge: clock-to-Q "
        "plus the logic. Max freq MHz = 1000 / (period - worst slack), i.e. the "
        "critical path plus the endpoint's setup time (0 for an output).",
        "- Caveat: pre-layout numbers of an old educational library; useful "
        "to compare configurations and blocks with each other, not as absolute "
        "silicon figures."]
    if dates:
        span = dates[0] if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"
        out.append(f"- Runs dated {span}.")
    return "\n".join(out + [""])


def print_table(records):
    head = ("block", "config", "area um^2", "GE", "FFs", "storage", "crit ns",
            "class", "MHz", "time s")
    rows = [(e["block"], e["config"], fmt_num(e["area_um2"]),
             fmt_num(e["gate_equivalents"]), fmt_num(e["flip_flops"]),
             fmt_num(e["storage_bits"]), fmt_num(e["critical_path_ns"], 3),
             e["critical_path"]["class"], fmt_num(e["fmax_mhz"], 1),
             fmt_num(e["runtime_s"]["total"], 1)) for e in records]
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    for r in [head] + rows:
        print("  ".join(c.rjust(wd) if i >= 2 and i != 7 else c.ljust(wd)
                        for i, (c, wd) in enumerate(zip(r, widths))).rstrip())


def main(argv):
    ap = argparse.ArgumentParser(prog="synth_render.py", description=__doc__.split("\n")[0])
    ap.add_argument("records", nargs="*", help="record.json files from synth/parse.py")
    ap.add_argument("--results-dir", default=RESULTS_DIR, help=argparse.SUPPRESS)
    ap.add_argument("--doc", default=DOC_FILE, help=argparse.SUPPRESS)
    opts = ap.parse_args(argv)
    records = [load_json(r, "block") for r in opts.records]
    update(records, opts.results_dir, opts.doc)
    if records:
        print_table(records)
    print(f"synth_render.py: wrote {parse.rel(opts.doc)}")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (parse.FlowError, cfg.CfgError) as e:
        print(f"synth_render.py: error: {e}", file=sys.stderr)
        sys.exit(2 if isinstance(e, cfg.CfgError) else 1)
