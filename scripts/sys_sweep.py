#!/usr/bin/env python3
"""Sweeps of the system model, run by tools that exist: this script only
prints command lines and collects their JSON.

  sys_sweep.py commands --out DIR [--kernels K,K|all] [--presets P,P] [--sizes S,S]
                        [--mechs M,M] [--grid NAME=V,V ...] [--sched rr,gto] [--seeds N,N]
      Builds simtsys, every kernel and its host references, then prints one
      command line per point of the cross product; each writes
      DIR/<point>.json and checks the outputs against the host. Run them with
      GNU parallel (`... | parallel -j 2`) or as a Slurm job array
      (docs/system.md, "Sweeps").
  sys_sweep.py collect DIR [--x NAME] [--y STAT] [--plot FILE.png] [--markdown]
      Reads DIR/*.json: a table of STAT (default cycles) per kernel (rows)
      and value of NAME (columns: a --grid parameter, preset, size, mech or sched;
      default num_warps), on stdout (--markdown: a Markdown table), and with
      --plot a matplotlib figure, one line per kernel.

One line of error and exit 2 on a bad command line.
"""
import argparse
import glob
import itertools
import json
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt_run  # noqa: E402


def kernel_names():
    return sorted(f[:-2] for f in os.listdir(os.path.join(simt_run.ROOT, "kernels"))
                  if f.endswith(".c"))


def split(text):
    return [v for v in text.split(",") if v]


def points(a):
    kernels = kernel_names() if a.kernels == "all" else split(a.kernels)
    grid = []
    for g in a.grid:
        name, _, values = g.partition("=")
        if not name or not values:
            raise SystemExit(f"sys_sweep.py: --grid wants NAME=V,V,..., not '{g}'")
        grid.append([(name, v) for v in split(values)])
    axes = [kernels, split(a.presets), split(a.sizes), split(a.mechs), split(a.sched),
            split(a.seeds)] + grid
    for k, preset, size, mech, sched, seed, *sets in itertools.product(*axes):
        yield k, preset, size, mech, sched, seed, sets


def commands(a):
    exe = simt_run.simtsys()
    os.makedirs(a.out, exist_ok=True)
    built = {}
    for k, preset, size, mech, sched, seed, sets in points(a):
        if k not in built:
            built[k] = simt_run.kernel_builds(k)
        elf, host = built[k]
        ref = simt_run.reference(host, size, int(seed))
        name = "-".join([k, preset, size, mech, sched, f"s{seed}"] +
                        [f"{n}{v}" for n, v in sets])
        cmd = [exe, elf, "--preset", preset, "--size", size, "--mech", mech, "--sched", sched,
               "--seed", seed,
               "--expect", ref, "--json", os.path.join(os.path.abspath(a.out), name + ".json")]
        for n, v in sets:
            cmd += ["--set", f"{n}={v}"]
        print(" ".join(shlex.quote(c) for c in cmd) + " > /dev/null")


def load(directory):
    runs = []
    for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
        with open(path) as f:
            try:
                runs.append(json.load(f))
            except json.JSONDecodeError:
                raise SystemExit(f"sys_sweep.py: {path} is not JSON")
    if not runs:
        raise SystemExit(f"sys_sweep.py: no *.json in {directory}")
    return runs


def table(runs, x, y):
    for r in runs:
        if x not in r or y not in r:
            missing = x if x not in r else y
            raise SystemExit(f"sys_sweep.py: the runs have no '{missing}' (keys: "
                             f"{', '.join(sorted(r))})")
    cols = sorted({r[x] for r in runs}, key=lambda v: (isinstance(v, str), v))
    rows = sorted({r["kernel"].removesuffix(".elf") for r in runs})
    cell = {(r["kernel"].removesuffix(".elf"), r[x]): r[y] for r in runs}
    return rows, cols, cell


def collect(a):
    runs = load(a.dir)
    rows, cols, cell = table(runs, a.x, a.y)
    fmt = (lambda v: "" if v is None else (f"{v:.4g}" if isinstance(v, float) else str(v)))
    if a.markdown:
        print(f"| kernel | " + " | ".join(f"{a.x} {c}" for c in cols) + " |")
        print("|---|" + "---:|" * len(cols))
        for k in rows:
            print(f"| {k} | " + " | ".join(fmt(cell.get((k, c))) for c in cols) + " |")
    else:
        print(f"{a.y} by {a.x}")
        print(f"{'kernel':14s}" + "".join(f"{str(c):>12s}" for c in cols))
        for k in rows:
            print(f"{k:14s}" + "".join(f"{fmt(cell.get((k, c))):>12s}" for c in cols))
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7, 4.5))
        numeric = all(isinstance(c, (int, float)) for c in cols)
        xs = cols if numeric else list(range(len(cols)))
        for k in rows:
            pts = [(xv, cell[(k, c)]) for xv, c in zip(xs, cols) if (k, c) in cell]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=k)
        if numeric and len(cols) > 2 and min(cols) > 0:
            ax.set_xscale("log", base=2)
        if not numeric:
            ax.set_xticks(xs, [str(c) for c in cols])
        ax.set_xlabel(a.x)
        ax.set_ylabel(a.y)
        if a.y == "cycles":
            ax.set_yscale("log")
        ax.legend(fontsize=7, ncol=2)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(a.plot, dpi=100)


def main(argv):
    ap = argparse.ArgumentParser(prog="sys_sweep.py", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    c = sub.add_parser("commands")
    c.add_argument("--out", required=True)
    c.add_argument("--kernels", default="all")
    c.add_argument("--presets", default="small")
    c.add_argument("--sizes", default="small")
    c.add_argument("--mechs", default="pdom")
    c.add_argument("--sched", default="gto")
    c.add_argument("--seeds", default="1")
    c.add_argument("--grid", action="append", default=[], metavar="NAME=V,V")
    k = sub.add_parser("collect")
    k.add_argument("dir")
    k.add_argument("--x", default="num_warps")
    k.add_argument("--y", default="cycles")
    k.add_argument("--plot")
    k.add_argument("--markdown", action="store_true")
    a = ap.parse_args(argv)
    try:
        commands(a) if a.what == "commands" else collect(a)
    except simt_run.BuildError as e:
        raise SystemExit(f"sys_sweep.py: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
