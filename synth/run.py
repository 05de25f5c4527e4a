#!/usr/bin/env python3
"""Run step of the area/timing flow: Yosys and OpenSTA on a block's configurations.

  synth/run.py --block B [--config C ...] [--jobs N] [--fast] [--timeout S]
               [--out-dir DIR]

Reads the block through scripts/cfg.py (`sources B rtl` and `rtl-args`,
`params B C yosys` and `json`, `get B top`, `storage B C`), the templates
synth/synth.ys.in and (--fast: ABC without its `&dch -f` step)
synth/abc_fast.abc.in, synth/constraints.sdc (period, driving cell and load
for ABC too; a configuration with a `period` line in its configs/<block>.cfg,
`cfg.py period B C`, is mapped and timed against that period instead) and
the liberty ($OSU018_LIB, default Debian's
qflow-tech-osu018). Writes, per configuration (all of the block's by
default, --jobs at a time), build/synth/<block>/<config>/ (--out-dir
replaces build/synth): synth.ys, abc.constr, abc.script, constraints.sdc (the
copy sta.tcl reads), yosys.log, stat.txt, stat.json, netlist.v, sta.log and
run.json (what was run, run times, tool versions). A tool running longer
than --timeout seconds is killed with its children (the ABC yosys starts).
Then synth/parse.py makes each run a record and scripts/synth_render.py
merges the records into synth/results/ and rewrites docs/area_timing.md and
its pictures (docs/img/).
Exit 0; 1 when a tool fails or its output cannot be parsed; 2 on a usage
error (unknown block or configuration, tool or library missing); the error
is one line on stderr.
"""
import argparse
import concurrent.futures
import contextlib
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYNTH = os.path.join(ROOT, "synth")
sys.path[:0] = [SYNTH, os.path.join(ROOT, "scripts")]
import parse  # noqa: E402  (synth/parse.py)
import synth_render  # noqa: E402  (scripts/synth_render.py)

LIBERTY = os.environ.get("OSU018_LIB") or "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
PROG = "run.py"


class UsageError(Exception):
    """Bad request or missing tool: exit 2."""


def cfg(*args):
    """Output of `scripts/cfg.py ARGS`; its error becomes a usage error."""
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "cfg.py"), *args],
                       capture_output=True, text=True)
    if p.returncode:
        raise UsageError(p.stderr.strip().removeprefix("cfg.py: "))
    return p.stdout.strip()


def tool_versions():
    def output(*cmd):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            return p.stdout, p.stderr
        except (OSError, subprocess.TimeoutExpired):
            return "", ""

    def first_line(*cmd):
        lines = "".join(output(*cmd)).strip().splitlines()
        return lines[0].strip() if lines else None
    v = {"yosys": first_line("yosys", "-V"), "opensta": first_line("sta", "-version"),
         "abc": first_line(shutil.which("berkeley-abc") or "yosys-abc", "-q", "version")}
    pk = output("dpkg-query", "-W", "-f", "${Package}=${Version}\\n", "yosys",
                "opensta", "berkeley-abc", "qflow-tech-osu018")[0]
    if pk:
        v["debian_packages"] = dict(ln.split("=", 1) for ln in pk.split())
    return v


def kill_tree(p):
    """SIGKILL p and every process below it (Linux /proc)."""
    children = {}
    for n in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError, IndexError, ValueError), open(f"/proc/{n}/stat") as f:
            children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(n))
    pids = [p.pid]
    for pid in pids:  # the list grows while it is walked: the whole tree
        pids += children.get(pid, [])
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    p.wait()


def run_tool(cmd, out_path, what, timeout, env=None, log=None):
    """Run cmd (output to out_path; log: the tool's own log, if it writes
    one), kill its tree on timeout or interrupt. The tools stay in this
    process group, so ^C or a kill of the group reaches them too. Returns
    the run time in seconds."""
    t0, log = time.monotonic(), log or out_path
    with open(out_path, "w") as out:
        try:
            p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        except OSError as e:
            raise UsageError(f"cannot run {cmd[0]}: {e.strerror}; run scripts/setup.sh synth")
        try:
            rc = p.wait(timeout=timeout)
        except BaseException as e:
            kill_tree(p)
            if isinstance(e, subprocess.TimeoutExpired):
                raise parse.FlowError(f"{what}: timed out after {timeout:g} s "
                                      f"(log: {parse.rel(log)})")
            raise
    if rc:
        text = "".join(parse.read(f) for f in {log, out_path} if os.path.isfile(f))
        msg = next((ln.strip() for ln in text.splitlines()
                    if re.search(r"\bERROR:|^Error:", ln.strip())), f"exit status {rc}")
        raise parse.FlowError(f"{what} failed: {msg} (log: {parse.rel(log)})")
    return time.monotonic() - t0


def fill(template, fields):
    """The template with its @NAME@ fields filled in, comments and blank
    lines left out."""
    lines = []
    for line in open(template).read().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            for k, v in fields.items():
                line = line.replace(f"@{k}@", v)
            lines.append(re.sub(r"(?<=\S)  +", " ", line).rstrip())  # empty fields
            if re.search(r"@[A-Z_]+@", line):
                raise parse.FlowError(f"{parse.rel(template)}: unknown field in '{line}'")
    return "\n".join(lines) + "\n"


def run_config(block, config, conf, job):
    """Synthesise and time one configuration; returns its record."""
    t0 = time.monotonic()
    wdir = os.path.join(job["out_dir"], block, config)
    shutil.rmtree(wdir, ignore_errors=True)
    os.makedirs(wdir)
    p = {n: os.path.join(wdir, n) for n in ("synth.ys", "abc.constr", "abc.script",
                                            "constraints.sdc", "stat.txt", "stat.json",
                                            "netlist.v", "yosys.log", "sta.log")}
    sdc = job["sdc"]
    period_ns = conf["period_ns"] or sdc["period_ns"]
    with open(p["constraints.sdc"], "w") as f:  # the copy, with the configuration's period
        f.write(re.sub(r"^(set\s+period_ns\s+)\S+", rf"\g<1>{period_ns:g}",
                       parse.read(parse.SDC), count=1, flags=re.M))
    target_ps = str(parse.abc_target_ps(dict(sdc, period_ns=period_ns)))
    with open(p["abc.constr"], "w") as f:  # ABC's load unit is the femtofarad
        f.write(f"set_driving_cell {sdc['driving_cell']}\n"
                f"set_load {sdc['output_load_pf'] * 1000:g}\n")
    if job["fast"]:
        with open(p["abc.script"], "w") as f:
            f.write(fill(os.path.join(SYNTH, "abc_fast.abc.in"), {"D": f"-D {target_ps}"}))
    with open(p["synth.ys"], "w") as f:
        f.write(fill(os.path.join(SYNTH, "synth.ys.in"), {
            "RTL_ARGS": job["rtl_args"], "TOP": job["top"],
            "CHPARAM": conf["chparam"],
            "LIBERTY": LIBERTY, "CONSTR": p["abc.constr"], "TARGET_PS": target_ps,
            "ABC_FAST": f"-script {p['abc.script']}" if job["fast"] else "",
            "STAT_TXT": p["stat.txt"], "STAT_JSON": p["stat.json"],
            "NETLIST": p["netlist.v"]}))
    what = f"{block}/{config}"
    t_yosys = run_tool(["yosys", "-q", "-l", p["yosys.log"], "-s", p["synth.ys"]],
                       os.path.join(wdir, "yosys.stdout"), f"yosys {what}", job["timeout"],
                       log=p["yosys.log"])
    env = dict(os.environ, STA_LIBERTY=LIBERTY, STA_NETLIST=p["netlist.v"],
               STA_TOP=job["top"], STA_SDC=p["constraints.sdc"])
    t_sta = run_tool(["sta", "-no_init", "-no_splash", "-exit", os.path.join(SYNTH, "sta.tcl")],
                     p["sta.log"], f"OpenSTA {what}", job["timeout"], env)
    run = {"block": block, "config": config, "params": conf["params"],
           "top": job["top"], "liberty": LIBERTY, "fast": job["fast"],
           "storage_bits": conf["storage_bits"],
           "rtl_files": job["files"], "rtl_headers": job["headers"],
           "rtl_sha256": job["rtl_sha256"],
           "runtime_s": {"yosys": round(t_yosys, 1), "sta": round(t_sta, 1),
                         "total": round(time.monotonic() - t0, 1)},
           "tools": job["tools"],
           "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
    with open(os.path.join(wdir, "run.json"), "w") as f:
        json.dump(run, f, indent=2)
    return parse.record(wdir)


def main(argv):
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    ap.add_argument("--block", required=True, help="block (configs/<block>.cfg)")
    ap.add_argument("--config", action="append", default=[],
                    help="configuration (repeatable; default: all of the block's)")
    ap.add_argument("--jobs", "-j", type=int, default=1,
                    help="configurations synthesised in parallel (default 1)")
    ap.add_argument("--fast", action="store_true",
                    help="ABC without its '&dch -f' step (synth/abc_fast.abc.in)")
    ap.add_argument("--timeout", type=float, help="seconds allowed per tool run")
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "build", "synth"),
                    help="work/log directory (default build/synth)")
    opts = ap.parse_args(argv)
    if opts.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    files = cfg("sources", opts.block, "rtl").split()
    rtl_args = cfg("sources", opts.block, "rtl-args").split()
    confs = {}  # cfg.py also rejects an unknown configuration
    for c in opts.config or cfg("configs", opts.block).split():
        storage = cfg("storage", opts.block, c)
        period = cfg("period", opts.block, c)
        confs[c] = {"params": json.loads(cfg("params", opts.block, c, "json")),
                    "period_ns": float(period) if period else None,
                    "chparam": cfg("params", opts.block, c, "yosys"),
                    "storage_bits": None if storage == "None" else int(storage)}
    for tool in ("yosys", "sta"):
        if not shutil.which(tool):
            raise UsageError(f"'{tool}' not found on PATH; run scripts/setup.sh synth")
    if not os.path.isfile(LIBERTY):
        raise UsageError(f"liberty file {LIBERTY} not found; run scripts/setup.sh "
                         f"synth or set OSU018_LIB")
    for path in [opts.out_dir, LIBERTY] + rtl_args:  # Yosys script syntax
        if re.search(r'[\s"]', path):
            raise UsageError(f"path with white space or a quote: {path}")
    headers = cfg("sources", opts.block, "headers").split()
    job = {"files": files, "headers": headers,
           "rtl_sha256": parse.rtl_sha256(files, headers),  # before any run
           "rtl_args": " ".join(rtl_args),
           "top": cfg("get", opts.block, "top"), "sdc": parse.read_sdc(),
           "fast": opts.fast, "timeout": opts.timeout, "tools": tool_versions(),
           "out_dir": os.path.abspath(opts.out_dir)}
    periods = ", ".join(f"{c} {conf['period_ns']:g} ns" for c, conf in confs.items()
                        if conf["period_ns"])
    print(f"{PROG}: {len(confs)} configuration(s), {opts.jobs} in parallel, period "
          f"{job['sdc']['period_ns']:g} ns{f' ({periods})' if periods else ''}, "
          f"logs in {parse.rel(job['out_dir'])}/", flush=True)
    records, failures = {}, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        futs = {ex.submit(run_config, opts.block, c, conf, job): c for c, conf in confs.items()}
        for fut in concurrent.futures.as_completed(futs):
            c = futs[fut]
            try:
                records[c] = fut.result()
                print(f"  {opts.block}/{c}: done in "
                      f"{records[c]['runtime_s']['total']:.1f} s", flush=True)
            except (parse.FlowError, UsageError) as err:
                failures.append(err)
                print(f"  {opts.block}/{c}: FAILED", flush=True)
    if records:
        ordered = [records[c] for c in confs if c in records]
        synth_render.update(ordered)
        synth_render.print_table(ordered)
        print(f"{PROG}: results in {parse.rel(synth_render.RESULTS_DIR)}/, "
              f"page {parse.rel(synth_render.DOC_FILE)}")
    for f in failures:
        print(f"{PROG}: error: {f}", file=sys.stderr)
    return 2 if any(isinstance(f, UsageError) for f in failures) else 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (UsageError, parse.FlowError) as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(2 if isinstance(e, UsageError) else 1)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        sys.exit(130)
