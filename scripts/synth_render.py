#!/usr/bin/env python3
"""Render step of the area/timing flow: results -> docs/area_timing.md and pictures.

  synth_render.py [RECORD.json ...]

Merges each record (written by synth/parse.py, e.g.
build/synth/<block>/<config>/record.json) into synth/results/<block>.json,
keeping the order of configs/<block>.cfg and dropping configurations it no
longer has, then writes docs/area_timing.md from all synth/results/*.json,
and per block docs/img/<block>_area_timing.png (beside the page: the img/
folder of --doc's): area and critical path against the configuration's
size, drawn with matplotlib (Agg; the same results give the same bytes;
a picture is only rewritten when it changes; the pictures of blocks
without results are removed). The page and docs/blocks/*.md show them.
Without arguments it only rewrites the page and the pictures from the
stored results. Also reads configs/*.cfg and the RTL (through
scripts/cfg.py: stale parameters and RTL are marked) and
synth/constraints.sdc (the period and constraints the page describes). The
read-merge-write holds a lock, so runs that finish together do not lose
each other's results. Without matplotlib the page is still written and a
one-line warning says the pictures were not. Exit 0, 1 on an unreadable
record or results file, 2 on a usage error; the error is one line on stderr.
"""
import argparse
import contextlib
import fcntl
import functools
import hashlib
import io
import json
import math
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "scripts"), os.path.join(ROOT, "synth")]
import cfg  # noqa: E402  (scripts/cfg.py, the one reader of configs/*.cfg)
import gen_decl  # noqa: E402  (the page that documents a block)
import parse  # noqa: E402  (synth/parse.py)

RESULTS_DIR = os.path.join(ROOT, "synth", "results")
DOC_FILE = os.path.join(ROOT, "docs", "area_timing.md")
README = os.path.join(ROOT, "README.md")
BLOCKS_MARK = re.compile(r"(<!-- blocks -->\n)(.*?)(<!-- /blocks -->)", re.S)
RESULTS_MARK = re.compile(r"(<!-- results:(\w+) -->\n)(.*?)(<!-- /results -->)", re.S)
BREAKDOWN_MARK = re.compile(r"(<!-- breakdown:(\w+):(\w+) -->\n)(.*?)(<!-- /breakdown -->)", re.S)
BREAKDOWN_ROWS = 12  # registers and outputs a page lists; the rest in one row
PAGES = os.path.join(ROOT, "docs", "blocks")
IMG_DIR = "img"  # the pictures' folder, beside the page
PICTURE = "{block}_area_timing.png"


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


def write_atomic(path, data):
    """Write text (str) or bytes through a temporary file."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    os.replace(tmp, path)


def update(records, results_dir=RESULTS_DIR, doc=DOC_FILE):
    """Merge the records into their blocks' results files, rewrite the page
    and the pictures (in the img/ folder beside it). Returns the pictures
    written (paths), None when matplotlib is missing."""
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
        if os.path.abspath(doc) == DOC_FILE:  # the real page: the README's and pages' tables too
            write_atomic(README, readme(open(README).read(), results_dir))
            for path, text in pages(results_dir).items():
                write_atomic(path, text)
        written = pictures(load_blocks(results_dir),
                           os.path.join(os.path.dirname(os.path.abspath(doc)), IMG_DIR))
    if written is None:
        print("synth_render.py: matplotlib not installed (pip install matplotlib; "
              "scripts/setup.sh synth): page written, pictures not updated", file=sys.stderr)
    return written


def fmt_num(x, nd=0):
    return "-" if x is None else f"{x:,.{nd}f}"


def fmt_secs(t):
    if t is None:
        return "?"
    return f"{t:.0f} s" if t < 120 else f"{t / 60:.0f} min"


@functools.cache
def synthesis_hash(files, headers):
    """parse.rtl_sha256, once per file list in a run (the RTL does not
    change while the pages render)."""
    return parse.rtl_sha256(list(files), list(headers))


def rtl_changed(entry):
    """Has the RTL a result was made from changed since, as synthesis reads
    it (parse.rtl_sha256 of the files and headers the record lists). None
    when unknown (a file is gone)."""
    try:
        return synthesis_hash(tuple(entry["rtl_files"]), tuple(entry["rtl_headers"])) \
            != entry["rtl_sha256"]
    except (OSError, parse.FlowError):
        return None


def marks(block, entries):
    """Per configuration: was it run with --fast, have its parameters or its
    clock period in configs/<block>.cfg (`period`, else the period of
    synth/constraints.sdc) changed since (or is it gone), has the RTL changed
    since (False when the RTL cannot be hashed)."""
    try:
        current, periods = cfg.load(block).configs, cfg.load(block).periods
    except cfg.CfgError:
        current, periods = {}, {}
    default_period = parse.read_sdc()["period_ns"]
    return {c: {"fast": e.get("abc_script", parse.ABC_SCRIPTS[False]) != parse.ABC_SCRIPTS[False],
                "params": current.get(c) != e["params"] or
                e.get("clock_period_ns") != periods.get(c, (default_period,))[0],
                "rtl": bool(rtl_changed(e))}
            for c, e in entries.items()}


def render_block(b, sdc):
    block, entries = b["block"], b["configs"]
    out = [f"## {block}", "",
           "| config | params | area um^2 | GE | flip-flops | storage bits predicted "
           "| critical path ns | max freq MHz |", "|---|---|--:|--:|--:|--:|--:|--:|"]
    notes, fast = [], []
    mark = marks(block, entries)
    changed = [c for c in entries if mark[c]["rtl"]]
    if changed:
        notes.append(f"the RTL changed since the run of "
                     f"{', '.join(f'`{c}`' for c in changed)}; regenerate.")
    for c, e in entries.items():
        name = f"`{c}`"
        if mark[c]["params"]:
            name += " (stale)"
            notes.append(f"`{c}`: parameters or period changed in configs/{block}.cfg "
                         f"since this run; regenerate.")
        if mark[c]["fast"]:
            name += " (fast)"
            fast.append(f"`{c}`")
        if e.get("clock_period_ns") != sdc["period_ns"]:
            slack = e["clock_period_ns"] - (e.get("min_period_ns") or 0)
            notes.append(f"`{c}` was mapped and timed against its {e['clock_period_ns']:g} ns "
                         f"target (`period` in configs/{block}.cfg): worst slack "
                         f"{slack:+.2f} ns, {'met' if slack >= 0 else 'not met'}.")
        out.append(f"| {name} | {' '.join(f'{k}={v}' for k, v in e['params'].items())} | {fmt_num(e['area_um2'])} "
                   f"| {fmt_num(e['gate_equivalents'])} | {fmt_num(e['flip_flops'])} "
                   f"| {fmt_num(e['storage_bits'])} | {fmt_num(e['critical_path_ns'], 2)} "
                   f"| {fmt_num(e['fmax_mhz'], 0)} |")
    if fast:
        older = [f"`{c}`" for c, e in entries.items()
                 if mark[c]["fast"] and e.get("abc_script") != parse.ABC_SCRIPTS[True]]
        notes.append(f"{', '.join(fast)} (fast): mapped with `--fast`, ABC "
                     f"without `&dch -f` (`synth/abc_fast.abc.in`); "
                     f"some percent more area than the default script"
                     + (f"; mapped before that script bounded `&fraig` (`-C 10000`): "
                        f"{', '.join(older)}" if older else "") + ".")
    out += ["", f"![{block}: area and critical path against size]"
            f"({IMG_DIR}/{PICTURE.format(block=block)})"]
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


def readme(text, results_dir=RESULTS_DIR):
    """The README with its block table (between `<!-- blocks -->` and
    `<!-- /blocks -->`) rendered: a line per block from its declaration
    (summary, sections) and its `paper` configuration's result."""
    rows = ["| block | what it is | paper | `paper` configuration at OSU 0.18 um | page |",
            "|---|---|---|---|---|"]
    for b in cfg.blocks():
        d = cfg.load(b)
        path = os.path.join(results_dir, f"{b}.json")
        entry = load_json(path)["configs"].get("paper") if os.path.isfile(path) else None
        if entry is None:
            fig = "not synthesised"
        else:
            m = marks(b, {"paper": entry})["paper"]
            target = entry["clock_period_ns"]
            fig = (f"{fmt_num(entry['area_um2'])} um^2, {entry['critical_path_ns']:.2f} ns "
                   f"({'meets' if entry['critical_path_ns'] <= target else 'misses'} "
                   f"{target:g} ns)" + (", fast flow" if m["fast"] else "") +
                   (", stale" if m["params"] or m["rtl"] else ""))
        page = gen_decl.doc_page(d)
        rows.append(f"| `{b}` | {d.keys['summary']} | {d.keys['sections']} | {fig} | "
                    f"[{page}](docs/blocks/{page}.md) |")
    if not BLOCKS_MARK.search(text):
        raise cfg.CfgError("README.md has no <!-- blocks --> ... <!-- /blocks --> table")
    return BLOCKS_MARK.sub(lambda m: m.group(1) + "\n".join(rows) + "\n" + m.group(3), text)


def results_table(block, results_dir=RESULTS_DIR):
    """A block page's table of its stored results: a row per configuration
    of its declaration, mapped or not."""
    path = os.path.join(results_dir, f"{block}.json")
    entries = load_json(path)["configs"] if os.path.isfile(path) else {}
    m = marks(block, entries)
    rows = ["| config | area um^2 | GE | flip-flops | storage bits | critical path | "
            "target | flow |", "|---|--:|--:|--:|--:|---|--:|---|"]
    for c in cfg.load(block).configs:
        e = entries.get(c)
        if e is None:
            rows.append(f"| `{c}` | not synthesised | | | | | | |")
            continue
        cls = (e.get("critical_path") or {}).get("class", "")
        rows.append(f"| `{c}` | {fmt_num(e['area_um2'])} | {fmt_num(e['gate_equivalents'])} | "
                    f"{fmt_num(e['flip_flops'])} | {fmt_num(e.get('storage_bits'))} | "
                    f"{e['critical_path_ns']:.2f} ns {cls} | {e['clock_period_ns']:g} ns | "
                    f"{run_kind(m[c], short=True)}, {e['date'][:10]} |")
    return rows


def breakdown_table(block, config, results_dir=RESULTS_DIR):
    """A block page's account of one configuration's area
    (synth/breakdown.py, stored with the run): storage against the total,
    the registers and outputs that take the most, the cells by kind."""
    path = os.path.join(results_dir, f"{block}.json")
    e = (load_json(path)["configs"] if os.path.isfile(path) else {}).get(config)
    if config not in cfg.load(block).configs:
        raise cfg.CfgError(f"breakdown:{block}:{config}: {block} declares no configuration {config}")
    if e is None or "breakdown" not in e:
        return [f"`{config}`: no breakdown stored (`make synth BLOCK={block} CONFIG={config}` "
                f"stores one with its run)."]
    bd, area = e["breakdown"], e["area_um2"]
    ff = bd["ff_cell_area_um2"]
    storage = (e.get("storage_bits") or 0) * ff
    kinds = {k["kind"]: k for k in bd["by_kind"]}
    ffs, logic = kinds["flip-flops"], area - kinds["flip-flops"]["area_um2"]
    reset = e["cells_by_type"].get("DFFSR", 0)
    lines = [f"`{config}` ({run_kind(marks(block, {config: e})[config], short=True)}, "
             f"{e['date'][:10]}): {fmt_num(area)} um^2 in all"
             + (f", {area / storage:.1f}x the {fmt_num(storage)} um^2 its "
                f"{fmt_num(e['storage_bits'])} storage bits would take as flip-flops of "
                f"{fmt_num(ff)} um^2. The flip-flops take {fmt_num(ffs['area_um2'])} um^2 "
                f"({fmt_num(ffs['cells'])} of them, {fmt_num(reset)} with the asynchronous "
                f"reset, DFFSR, at {fmt_num(e['breakdown'].get('reset_ff_cell_area_um2'))} um^2): "
                f"{ffs['area_um2'] / storage:.1f}x the storage; the logic "
                f"{fmt_num(logic)} um^2, {logic / storage:.1f}x." if storage else ".")
             + " Per register and output port (the logic each one's input needs, "
             "its own and its share of what it shares):", "",
             "| register or output | flip-flops | flip-flop um^2 | own logic um^2 | "
             "shared logic um^2 | total um^2 | share |", "|---|--:|--:|--:|--:|--:|--:|"]

    def row(name, r):
        return (f"| {name} | {fmt_num(r['flip_flops'])} | {fmt_num(r['ff_area_um2'])} | "
                f"{fmt_num(r['own_logic_um2'])} | {fmt_num(r['shared_logic_um2'])} | "
                f"{fmt_num(r['area_um2'])} | {100 * r['area_um2'] / max(area, 1.0):.1f}% |")
    regs = bd["by_register"]
    for r in regs[:BREAKDOWN_ROWS]:
        lines.append(row(f"`{r['name']}`" + (" (output)" if r["port"] else ""), r))
    rest = regs[BREAKDOWN_ROWS:]
    if rest:
        keys = ("flip_flops", "ff_area_um2", "own_logic_um2", "shared_logic_um2", "area_um2")
        lines.append(row(f"the other {len(rest)}", {k: sum(r[k] for r in rest) for k in keys}))
    if bd["unreached_um2"]:
        lines.append(f"| reaching no register or output | | | {fmt_num(bd['unreached_um2'])} | "
                     f"| {fmt_num(bd['unreached_um2'])} | "
                     f"{100 * bd['unreached_um2'] / max(area, 1.0):.1f}% |")
    lines += ["", "| cells | count | um^2 | share |", "|---|--:|--:|--:|"]
    for k in bd["by_kind"]:
        lines.append(f"| {k['kind']} | {fmt_num(k['cells'])} | {fmt_num(k['area_um2'])} | "
                     f"{100 * k['area_um2'] / max(area, 1.0):.1f}% |")
    return lines


def pages(results_dir=RESULTS_DIR):
    """The block pages whose `<!-- results:BLOCK -->` tables or
    `<!-- breakdown:BLOCK:CONFIG -->` accounts differ from a fresh render:
    {path: text}."""
    out = {}
    for f in sorted(os.listdir(PAGES)):
        path = os.path.join(PAGES, f)
        text = open(path).read()
        new = RESULTS_MARK.sub(lambda m: m.group(1) + "\n".join(
            results_table(m.group(2), results_dir)) + "\n" + m.group(4), text)
        new = BREAKDOWN_MARK.sub(lambda m: m.group(1) + "\n".join(
            breakdown_table(m.group(2), m.group(3), results_dir)) + "\n" + m.group(5), new)
        if new != text:
            out[path] = new
    return out


# A figure a page quotes: an area, gate equivalents, flip-flops, a delay.
FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?"
                    r"(um\^2|mm\^2|GE\b|flip-flops\b|ns\b)")
HEADING = re.compile(r"^(#+)\s+(.*)$")


def held_figures(results_dir=RESULTS_DIR):
    """Every figure the stored results hold, as a page would quote it: per
    unit, the values (areas in um^2 and mm^2, gate equivalents, flip-flops
    and storage bits, every delay: critical path, each class's worst path,
    minimum period, slack, clock period)."""
    held = {"um^2": set(), "mm^2": set(), "GE": set(), "flip-flops": set(), "ns": set()}
    for b in load_blocks(results_dir):
        for e in b["configs"].values():
            held["um^2"].add(e["area_um2"])
            held["mm^2"].add(e["area_um2"] / 1e6)
            held["GE"].add(e["gate_equivalents"])
            held["flip-flops"].update(v for v in (e["flip_flops"], e.get("storage_bits")) if v)
            bd = e.get("breakdown") or {}
            for r in bd.get("by_register", []):
                held["um^2"].update(r[k] for k in ("ff_area_um2", "own_logic_um2",
                                                   "shared_logic_um2", "area_um2"))
                held["flip-flops"].add(r["flip_flops"])
            held["um^2"].update(k["area_um2"] for k in bd.get("by_kind", []))
            held["um^2"].add(bd.get("unreached_um2"))
            if bd:
                held["um^2"].update([bd["ff_cell_area_um2"], bd.get("reset_ff_cell_area_um2"),
                                     (e.get("storage_bits") or 0) * bd["ff_cell_area_um2"],
                                     e["area_um2"] - sum(k["area_um2"] for k in bd["by_kind"]
                                                         if k["kind"] == "flip-flops")])
                held["flip-flops"].update(k["cells"] for k in bd["by_kind"])
                held["flip-flops"].add(e["cells_by_type"].get("DFFSR", 0))
            crit = e.get("critical_path") or {}
            held["ns"].update([e["critical_path_ns"], e["clock_period_ns"], e["min_period_ns"],
                               crit.get("slack_ns"), *(p[k] for p in e["paths_by_class"].values() if p
                                                       for k in ("arrival_ns", "slack_ns"))])
    return {u: {abs(v) for v in vs if v is not None} for u, vs in held.items()}


def unheld_figures(text, held):
    """The figures of a page (markdown text) that no stored result holds, as
    (line number, figure). Sections whose heading starts with "History" are
    left out: they quote mappings of earlier RTL, kept to show what a change
    bought."""
    out, skip_level = [], None
    lines = text.splitlines()
    fenced = False
    for n, line in enumerate(lines, 1):
        fenced ^= line.startswith("```")
        h = None if fenced else HEADING.match(line)
        if h:
            level = len(h.group(1))
            if skip_level is not None and level <= skip_level:
                skip_level = None
            if skip_level is None and h.group(2).lower().startswith("history"):
                skip_level = level
            continue
        if skip_level is not None:
            continue
        # a figure whose unit wraps onto the next line is still this line's
        after = lines[n].split()[:1] if n < len(lines) and not HEADING.match(lines[n]) else []
        for m in FIGURE.finditer(" ".join([line, *after])):
            if m.start() >= len(line):
                break
            whole, frac, unit = m.group(1).replace(",", ""), m.group(2) or "", m.group(3)
            value, places = float(whole + frac), max(len(frac) - 1, 0)
            if not any(round(v, places) == value for v in held[unit]):
                out.append((n, m.group(0)))
    return out


def load_blocks(results_dir):
    """Every results file in results_dir that holds a configuration, by name."""
    files = sorted(f for f in os.listdir(results_dir) if f.endswith(".json")) \
        if os.path.isdir(results_dir) else []
    return [b for b in (load_json(os.path.join(results_dir, f)) for f in files)
            if b["configs"]]


def render(results_dir):
    """The page, from every results file in results_dir."""
    sdc = parse.read_sdc()
    blocks = load_blocks(results_dir)
    entries = [e for b in blocks for e in b["configs"].values()]
    libs = {(e["library"]["name"], e["library"]["file"], e["nand2_area_um2"])
            for e in entries}
    tools = {}
    for e in entries:
        for k in ("yosys", "opensta", "abc"):
            if e.get("tools", {}).get(k):
                tools.setdefault(k, set()).add(e["tools"][k])
    targets = sorted({e["clock_period_ns"] for e in entries} - {sdc["period_ns"]})
    bare = sum(e["constraints"]["abc_delay_target_ps"] == round(e["clock_period_ns"] * 1000)
               for e in entries)  # mapped against the period itself
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
        "`synth/results/<block>.json`, the pictures (area and critical path "
        f"against size, one per block) in `docs/{IMG_DIR}/`. Directly: "
        "`synth/run.py --block B [--config C ...] [--jobs N] [--fast]` "
        "(`--fast`: ABC without its `&dch -f` step, minutes instead of an hour "
        "on the largest configurations, some percent more area, marked (fast) "
        "below; `scripts/synth_render.py` alone rebuilds this page and the "
        "pictures from the stored results).", ""]
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
        "`synth -flatten`, `dfflibmap -liberty`, `abc -liberty -constr -D <target>` "
        "(ABC's default script plus buffering and gate sizing against the "
        f"target: the period less the flip-flops' setup time, {sdc['setup_ns']:g} ns "
        "(`setup_ns`), which ABC, mapping the logic between the flip-flops, does "
        "not count; no retiming), `opt_clean`, `stat -liberty`. Each result "
        "stores its target (`constraints.abc_delay_target_ps`)"
        + (f"; {bare} of the {len(entries)} results were mapped before the "
           "setup time was taken off, against the period itself" if bare else "")
        + ".",
        "- Area: the sum of the cell areas of the mapped netlist (`stat -liberty` "
        "\"Chip area\"), no placement, routing or utilisation factor. "
        "Flip-flops: cells with an `ff` group in the library (`DFFSR` for "
        "flops with the asynchronous reset, `DFFPOSX1` for flops without). "
        "Storage bits predicted: the entry-format formula of "
        "`configs/<block>.cfg` (`scripts/cfg.py storage`); flip-flops above it "
        "are the RTL's control and status state, below it stored bits that "
        "synthesis found constant or unused.",
        "- Where the area goes (`synth/breakdown.py`, stored with each run since "
        "2026-12-07 and shown on the block pages): every flip-flop belongs to "
        "its register (the net on its Q pin, indices dropped); every other cell "
        "is charged to the registers and output ports its output reaches "
        "through combinational logic, its own when it reaches one, split evenly "
        "when it reaches several (\"shared\"). The rows sum to the area.",
        f"- Timing (`synth/sta.tcl`, constraints in `synth/constraints.sdc`): "
        f"OpenSTA on the netlist, one ideal clock on `{sdc['clock_port']}` (no clock "
        f"tree) of {sdc['period_ns']:g} ns"
        + (f", or the configuration's own timing target where its configs/<block>.cfg "
           f"has a `period` line ({', '.join(f'{p:g} ns' for p in targets)}; ABC's "
           f"target follows it)" if targets else "")
        + f", input and output delays {delays}, "
        f"inputs driven by a `{sdc['driving_cell']}`, outputs loaded with "
        f"{sdc['output_load_pf']:g} pF, no wire-load model or parasitics (net delays 0). "
        f"The asynchronous reset `{sdc['reset_port']}` is a false path (its deassertion "
        f"is the reset tree's and synchroniser's concern, not the block's).",
        "- Critical path ns: the data arrival time of the worst max-delay path, "
        "whatever its class (register-to-register, input-to-register, "
        "register-to-output or input-to-output), from the clock edge: clock-to-Q "
        "plus the logic. Max freq MHz = 1000 / (period - worst slack), i.e. the "
        "critical path plus the endpoint's setup time (0 for an output).",
        f"- Pictures (`docs/{IMG_DIR}/{PICTURE.format(block='<block>')}`, matplotlib; also on "
        "the block pages): area and critical path of each configuration against its "
        "storage bits predicted (for a block without storage, the product of the "
        "parameters that size it), on a log scale, and on log scales where they span more than a "
        "factor of 10; "
        "hollow points: (fast), red: stale (the RTL or the parameters changed since "
        "the run). The table under them: the parameters that size the hardware "
        "(those of the storage formula and of the port widths).",
        "- Caveat: pre-layout numbers of an old educational library; useful "
        "to compare configurations and blocks with each other, not as absolute "
        "silicon figures."]
    if dates:
        span = dates[0] if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"
        out.append(f"- Runs dated {span}.")
    return "\n".join(out + [""])


def size_params(block, first):
    """The parameters that size the block's hardware: those its storage
    formula or a port width depends on (directly or through derived
    values), in the order of the parameters of its first result; all of
    them when the declaration cannot be read or names none."""
    try:
        d = cfg.load(block)
    except cfg.CfgError:
        return list(first)
    uses = " ".join([d.keys.get("storage", "")] + [w for _, _, w, _ in d.ports])
    grown = None
    while grown != uses:  # a derived value may use another
        grown = uses
        uses += "".join(" " + e for k, e in d.derived.items()
                        if re.search(rf"\b{k}\b", uses) and e not in uses)
    return [n for n in first if re.search(rf"\b{n}\b", uses)] or list(first)


def size_axis(block, entries):
    """The size of each configuration, the x axis of its block's picture:
    (axis label, {config: size}). The storage bits the entry format predicts
    (`scripts/cfg.py storage`, stored in the result), which grow with the
    warps, the warp width and the depth; for a block that stores nothing (a
    combinational cell) the product of the parameters that size it
    (size_params: not a mode such as tourney's Max, which may be 0)."""
    if all(e["storage_bits"] for e in entries.values()):
        return ("storage bits predicted (scripts/cfg.py storage)",
                {c: e["storage_bits"] for c, e in entries.items()})
    names = size_params(block, next(iter(entries.values()))["params"])
    return " x ".join(names), {c: math.prod(e["params"][n] for n in names)
                               for c, e in entries.items()}


def run_kind(m, short=False):
    """A configuration's marks in words: the legend's, or the table's (short)."""
    stale = " and ".join(k for k in ("RTL", "parameters") if m["rtl" if k == "RTL" else "params"])
    flow = "fast" if m["fast"] else "default"
    if short:
        return flow + (f", stale ({stale})" if stale else "")
    return f"{flow} flow" + (f", stale ({stale} changed since the run)" if stale else "")


def place_labels(ax, renderer, points):
    """Name each point beside it, at the first of a few spots that overlaps
    no other label or point and stays inside the axes (the last spot if
    none does). points: (x, y, text, colour)."""
    spots = ((7, 2, "left"), (7, -11, "left"), (-7, 2, "right"), (-7, -11, "right"),
             (7, 11, "left"), (7, -20, "left"), (-7, 11, "right"), (-7, -20, "right"))
    taken = [ax.transData.transform((x, y)) for x, y, _, _ in points]  # pixels
    box = ax.get_window_extent(renderer)
    boxes = []
    for i, (x, y, text, colour) in enumerate(points):
        for spot in spots:
            dx, dy, ha = spot
            t = ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points",
                            fontsize=8, color=colour, ha=ha)
            bb = t.get_window_extent(renderer).expanded(1.05, 1.1)
            clash = any(bb.overlaps(o) for o in boxes) or not (
                box.x0 <= bb.x0 and bb.x1 <= box.x1 and box.y0 <= bb.y0 and bb.y1 <= box.y1) \
                or any(j != i and bb.x0 - 9 <= px <= bb.x1 + 9 and bb.y0 - 9 <= py <= bb.y1 + 9
                       for j, (px, py) in enumerate(taken))  # 9: a marker's radius and more
            if not clash or spot == spots[-1]:
                boxes.append(bb)
                break
            t.remove()


def draw_block(b, sdc):
    """One block's picture: area and critical path against size, a point
    per configuration named beside it, and the configurations' size
    parameters below. Filled: the default flow; hollow: --fast. Red: stale
    (the RTL or the parameters changed since the run)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib import ticker
    block, entries = b["block"], b["configs"]
    mark = marks(block, entries)
    label, size = size_axis(block, entries)
    names = size_params(block, next(iter(entries.values()))["params"])
    rows = len(entries) + 1
    fig = Figure(figsize=(10, 5 + 0.2 * rows), dpi=100)
    renderer = FigureCanvasAgg(fig).get_renderer()
    grid = fig.add_gridspec(2, 2, height_ratios=[4.1, 0.2 * rows + 0.2], left=0.08,
                            right=0.98, top=0.87, bottom=0.02, wspace=0.22, hspace=0.35)
    fig.suptitle(f"{block}: area and critical path against size", fontsize=13,
                 fontweight="bold", y=0.975)
    fig.text(0.5, 0.915, f"OSU 0.18 \u00b5m, Yosys + OpenSTA; a point per configuration of "
             f"configs/{block}.cfg (numbers: docs/area_timing.md)", ha="center",
             fontsize=9, color="0.3")
    style = {}  # config -> its marker
    for c in entries:
        stale = mark[c]["params"] or mark[c]["rtl"]
        colour = "tab:red" if stale else "tab:blue"
        style[c] = dict(marker="o", markersize=7, linestyle="none", markeredgewidth=1.5,
                        markeredgecolor=colour,
                        markerfacecolor="white" if mark[c]["fast"] else colour)
    xs = sorted(size.values())
    span = math.log10(xs[-1] / xs[0]) if xs[0] > 0 else 0
    panels = ((fig.add_subplot(grid[0, 0]), "area_um2", "area", "\u00b5m\u00b2"),
              (fig.add_subplot(grid[0, 1]), "critical_path_ns", "critical path", "ns"))
    for ax, key, what, unit in panels:
        ys = sorted(e[key] for e in entries.values() if e[key] > 0)
        log = bool(ys) and ys[-1] / ys[0] > 10  # the range demands it
        shown = [c for c in entries if not log or entries[c][key] > 0]
        for c in shown:
            ax.plot([size[c]], [entries[c][key]], **style[c])
        ax.set_xscale("log")
        ax.set_xlim(xs[0] / 10 ** (0.12 * span + 0.15), xs[-1] * 10 ** (0.15 * span + 0.3))
        if span < 1:  # under a decade: the sizes themselves, not crowded minor labels
            ax.xaxis.set_major_locator(ticker.FixedLocator(xs))
            ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
            ax.xaxis.set_minor_locator(ticker.NullLocator())
        if log:
            ax.set_yscale("log")
            ax.set_ylim(ys[0] / 10 ** 0.3, ys[-1] * 10 ** 0.3)
        else:
            ax.set_ylim(0, max(ys + [1]) * 1.12)
        if key == "critical_path_ns":
            if log:
                ax.set_ylim(top=max(ys[-1], sdc["period_ns"]) * 10 ** 0.3)
            else:
                ax.set_ylim(top=max(ys + [sdc["period_ns"]]) * 1.12)
            ax.axhline(sdc["period_ns"], color="0.5", linestyle="--", linewidth=1)
            ax.annotate(f"clock period {sdc['period_ns']:g} ns", (0.01, sdc["period_ns"]),
                        xycoords=("axes fraction", "data"), xytext=(0, 3),
                        textcoords="offset points", fontsize=8, color="0.4")
        ax.set_xlabel(label, fontsize=9)
        ax.set_ylabel(f"{what} ({unit})", fontsize=9)
        ax.tick_params(labelsize=8)
        ax.grid(True, which="major", color="0.9", linewidth=0.8)
        off = [f"{c} ({entries[c][key]:g} {unit})" for c in entries if c not in shown]
        if off:
            ax.text(0.98, 0.02, "not on the log scale: " + ", ".join(off),
                    transform=ax.transAxes, ha="right", va="bottom", fontsize=8, color="0.3")
        place_labels(ax, renderer, [(size[c], entries[c][key], c, style[c]["markeredgecolor"])
                                    for c in sorted(shown, key=lambda c: (size[c], c))])
    kinds = {}
    for c in entries:
        kinds.setdefault(run_kind(mark[c]), style[c])
    panels[0][0].legend(handles=[panels[0][0].plot([], [], label=k, **st)[0]
                                 for k, st in sorted(kinds.items())],
                        loc="upper left", fontsize=8)
    table = fig.add_subplot(grid[1, :])
    table.axis("off")
    own = label not in names  # the size is not one of the parameters
    t = table.table(cellText=[[c] + [str(e["params"].get(n, "-")) for n in names]
                              + [f"{size[c]:,}"] * own + [run_kind(mark[c], True)]
                              for c, e in entries.items()],
                    colLabels=["config"] + names + [label.split(" (")[0]] * own + ["run"],
                    loc="center", cellLoc="center")
    t.auto_set_font_size(False)
    t.set_fontsize(8)
    t.auto_set_column_width(range(len(names) + 2 + own))
    return fig


def pictures(blocks, img_dir):
    """Write each block's picture into img_dir (only when its bytes
    change) and remove the pictures of blocks without results. Returns the
    paths written, or None when matplotlib is missing."""
    try:
        import matplotlib.style  # draw_block draws on an Agg canvas, without pyplot
    except ImportError:
        return None
    sdc = parse.read_sdc()
    os.makedirs(img_dir, exist_ok=True)
    written, keep = [], set()
    for b in blocks:
        path = os.path.join(img_dir, PICTURE.format(block=b["block"]))
        keep.add(os.path.basename(path))
        buf = io.BytesIO()
        with matplotlib.style.context("default"):  # not the user's matplotlibrc
            # no software version nor date in the file: the same results, the same bytes
            draw_block(b, sdc).savefig(buf, format="png", dpi=100, metadata={"Software": None})
        if not os.path.isfile(path) or open(path, "rb").read() != buf.getvalue():
            write_atomic(path, buf.getvalue())
            written.append(path)
    suffix = PICTURE.format(block="")
    for f in sorted(os.listdir(img_dir)):
        if f.endswith(suffix) and f not in keep:
            os.remove(os.path.join(img_dir, f))
    return written


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
    written = update(records, opts.results_dir, opts.doc)
    if records:
        print_table(records)
    print(f"synth_render.py: wrote {parse.rel(opts.doc)}"
          + "".join(f", {parse.rel(p)}" for p in written or []))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (parse.FlowError, cfg.CfgError) as e:
        print(f"synth_render.py: error: {e}", file=sys.stderr)
        sys.exit(2 if isinstance(e, cfg.CfgError) else 1)
