#!/usr/bin/env python3
"""Soak: long random co-simulation of every selected block (`make soak`).

  soak.py [--cycles N] [--chunk N] [--jobs N] [--timeout S] [--build DIR] BLOCK/CONFIG...

Each block gets N random cycles (default 10^8), split between its selected
configurations and into runs of --chunk cycles (default 10^7) -- at least
two runs, however few the cycles -- each run with a seed of its own; every
second run also asserts the reset in mid-run (once in 50,000 cycles on
average, or in a tenth of a shorter run). The runs go to --jobs workers
(default 2, the cores of the reference machine). A run that takes more than
--timeout seconds (default 3600) is stopped and counts as failed. A failing
run prints its mismatch report and the command that reproduces it, and the
soak goes on with the others;
the summary gives, per block, cycles run, resets and mismatching runs. Exit
0 when no run failed, 1 otherwise, 2 on bad arguments.
"""
import argparse
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESET_EVERY = 50000


def positive(text):
    if not text.isdigit() or int(text) == 0:
        raise argparse.ArgumentTypeError(f"wants a positive integer, not '{text}'")
    return int(text)


def plan(selection, cycles, chunk):
    """(block, config, seed, cycles, reset) of every run."""
    by_block = {}
    for s in selection:
        b, _, c = s.partition("/")
        by_block.setdefault(b, []).append(c)
    runs = []
    for b, configs in by_block.items():
        n_runs = max(2 if cycles >= 2 else 1, -(-cycles // chunk))
        for i in range(n_runs):  # the cycles shared out, the first runs one more
            n = cycles // n_runs + (i < cycles % n_runs)
            runs.append((b, configs[i % len(configs)], 1000 + i, n, i % 2 == 1))
    return runs


def run_one(build, timeout, run):
    b, c, seed, n, reset = run
    d = os.path.join(build, b, c)
    every = max(2, min(RESET_EVERY, n // 10))
    cmd = [os.path.join(d, "cosim"), "--seed", str(seed), "--cycles", str(n),
           "--wave-dir", d] + (["--reset-every", str(every)] if reset else [])
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return run, 124, 0, 0, f"stopped after {timeout} s (--timeout): {' '.join(cmd)}\n"
    line = (r.stdout.strip().splitlines() or [""])[-1]
    done = re.search(r"cycles=(\d+)", line)
    resets = re.search(r"resets=(\d+)", line)
    return run, r.returncode, int(done.group(1)) if done else 0, \
        int(resets.group(1)) if resets else 0, r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=positive, default=10**8)
    ap.add_argument("--chunk", type=positive, default=10**7)
    ap.add_argument("--jobs", type=positive, default=2)
    ap.add_argument("--timeout", type=positive, default=3600)
    ap.add_argument("--build", default="build")
    ap.add_argument("selection", nargs="+", metavar="BLOCK/CONFIG")
    a = ap.parse_args()
    for s in a.selection:
        exe = os.path.join(a.build, s, "cosim")
        if not os.access(os.path.join(ROOT, exe), os.X_OK):
            ap.error(f"no co-simulation binary {exe} (build it with make first)")
    runs = plan(a.selection, a.cycles, a.chunk)
    total = {}
    t0 = time.time()
    with ThreadPoolExecutor(a.jobs) as ex:
        for run, rc, done, resets, out in ex.map(lambda r: run_one(a.build, a.timeout, r), runs):
            b, c, seed, n, _ = run
            t = total.setdefault(b, [0, 0, 0, 0])  # cycles, resets, runs, failed runs
            t[0] += done
            t[1] += resets
            t[2] += 1
            if rc:
                t[3] += 1
                print(f"soak {b}/{c} seed {seed}: FAILED (exit {rc})\n{out}", flush=True)
            else:
                print(f"soak {b}/{c} seed {seed}: {done} cycles, {resets} resets, no mismatch",
                      flush=True)
    print(f"\nsoak summary ({time.time() - t0:.0f} s, {a.jobs} workers)")
    for b, (cyc, resets, n, failed) in total.items():
        print(f"  {b:<16} {cyc:>12,} cycles  {resets:>6} resets  {n:>3} runs  "
              f"{failed} failed")
    failed = sum(t[3] for t in total.values())
    print(f"{failed} failed runs" if failed else "no mismatch")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
