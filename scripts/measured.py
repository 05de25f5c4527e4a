#!/usr/bin/env python3
"""The figures a testbench measures beyond its checks, as the pages quote them.

  python3 scripts/measured.py [BLOCK ...]      (make measured)

A testbench may print a "measured:" line at the end of a passing run
(cosim_testbench_t.measure; today pirat's and simtx_rename's: merge
micro-ops per 1,000 renamed instructions, the PIRAT against the naive RAT
of SIMT-X section 3.1). For each block whose page holds a
`<!-- measured:BLOCK -->` ... `<!-- /measured -->` table, this runs every
configuration's co-simulation at SEEDS, each at the configuration's default
length (cfg.run_cycles: make test's seed-1 run's), and writes the table: per
configuration the range of each figure over the seeds. `make test`
(cosim_runs) checks seed 1's figures, from its own run, against the range
the page quotes (check()), so a page cannot keep a figure the testbench no
longer measures.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import cfg  # noqa: E402  (the block declarations)
import gen_decl  # noqa: E402  (the page that documents a block)

SEEDS = (1, 2, 3)
MARK = re.compile(r"(<!-- measured:(\w+) -->\n)(.*?)(<!-- /measured -->)", re.S)


def per_1k(key):
    return lambda v: v[key]


# The table's columns: heading, the figure from a run's values, its format.
COLUMNS = [
    ("renamed", lambda v: v["renamed"], "k"),
    ("pending share", lambda v: 100 * (1 - v["renamed_unpending"] / v["renamed"]), "%"),
    ("PIRAT, all", per_1k("merges_per_1k_pirat"), "n"),
    ("naive, all", per_1k("merges_per_1k_naive"), "n"),
    ("naive / PIRAT", lambda v: v["merges_per_1k_naive"] / v["merges_per_1k_pirat"], "x"),
    ("PIRAT, none pending", per_1k("unpending_per_1k_pirat"), "n"),
    ("naive, none pending", per_1k("unpending_per_1k_naive"), "n"),
    ("PIRAT's destination merges", per_1k("dst_per_1k_pirat"), "n"),
    ("of them pending-only", per_1k("pend_only_per_1k_pirat"), "n"),
]


def fmt(x, kind):
    """One figure as the table writes it: thousands with a k, a share in
    percent, a ratio to two places, a count per 1,000 to one place below 10."""
    if kind == "k":
        return f"{x / 1000:.1f}k" if x < 100_000 else f"{x / 1000:.0f}k"
    if kind == "%":
        return f"{x:.0f}%"
    if kind == "x":
        return f"{x:.2f}"
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def cell(xs, kind):
    lo, hi = fmt(min(xs), kind), fmt(max(xs), kind)
    return lo if lo == hi else f"{lo}-{hi}"


def bounds(text, kind):
    """A cell's range (low, high), each widened by half its last digit."""
    out = []
    for part in text.split("-"):
        m = re.fullmatch(r"(\d+)(?:\.(\d+))?(k|%)?", part)
        if not m:
            raise ValueError(f"not a figure: {part!r}")
        scale = 1000 if m.group(3) == "k" else 1
        half = scale * 10 ** -len(m.group(2) or "") / 2
        out.append((float(f"{m.group(1)}.{m.group(2) or 0}") * scale, half))
    return out[0][0] - out[0][1], out[-1][0] + out[-1][1]


def values(stdout):
    """The figures of a run's "measured:" line, or None."""
    line = next((l for l in stdout.splitlines() if " measured: " in l), None)
    if line is None:
        return None
    return {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line.split(" measured: ")[1])}


def page_path(block):
    return os.path.join(ROOT, "docs", "blocks", f"{gen_decl.doc_page(cfg.load(block))}.md")


def quoted(block, config):
    """The page's row for the configuration: {heading: cell}, or None."""
    m = next((m for m in MARK.finditer(open(page_path(block)).read()) if m.group(2) == block),
             None)
    if m is None:
        return None
    rows = [[c.strip() for c in l.strip().strip("|").split("|")]
            for l in m.group(3).splitlines()]
    row = next((r for r in rows[2:] if r[0] == f"`{config}`"), None)
    return dict(zip(rows[0], row)) if row else None


def check(block, config, stdout):
    """Problems of a run's measured figures against the page's row for
    its configuration: [] when each lies in the quoted range."""
    got, row = values(stdout), quoted(block, config)
    if got is None:
        return ["the run printed no measured: line"]
    if row is None:
        return [f"{os.path.relpath(page_path(block), ROOT)} has no <!-- measured:{block} --> "
                f"row `{config}`"]
    bad = []
    for head, fn, kind in COLUMNS:
        try:
            lo, hi = bounds(row[head], kind)
        except (KeyError, ValueError) as e:  # a hand-edited row: say so, do not crash
            bad.append(f"column {head!r} unreadable ({e})")
            continue
        if not lo <= fn(got) <= hi:
            bad.append(f"{head} {fmt(fn(got), kind)} outside the quoted {row[head]}")
    return bad


def table(block):
    lines = ["| config | " + " | ".join(h for h, _, _ in COLUMNS) + " |",
             "|---|" + "--:|" * len(COLUMNS)]
    for config in cfg.load(block).configs:
        exe = os.path.join(ROOT, "build", block, config, "cosim")
        if subprocess.run(["make", "-s", "--no-print-directory", os.path.relpath(exe, ROOT)],
                          cwd=ROOT).returncode:
            raise SystemExit(f"measured.py: {block}/{config} does not build (see above)")
        runs = []
        for seed in SEEDS:
            r = subprocess.run([exe, "--seed", str(seed), "--cycles", str(cfg.run_cycles(block, config))],
                               cwd=ROOT, capture_output=True, text=True)
            if r.returncode or values(r.stdout) is None:
                raise SystemExit(f"measured.py: {block}/{config} seed {seed} failed or "
                                 f"measured nothing:\n{r.stdout[-500:]}{r.stderr[-1500:]}")
            runs.append(values(r.stdout))
        lines.append(f"| `{config}` | " + " | ".join(cell([fn(v) for v in runs], kind)
                                                     for _, fn, kind in COLUMNS) + " |")
        print(lines[-1], flush=True)
    return lines


def main(argv):
    pages = {}
    for block in cfg.blocks():
        text = open(page_path(block)).read()
        if any(m.group(2) == block for m in MARK.finditer(text)) and (not argv or block in argv):
            pages.setdefault(page_path(block), []).append(block)
    unknown = set(argv) - {b for bs in pages.values() for b in bs}
    if unknown:
        raise SystemExit(f"measured.py: no page holds a <!-- measured:{sorted(unknown)[0]} --> table")
    for path, blocks in pages.items():
        tables = {b: table(b) for b in blocks}
        text = MARK.sub(lambda m: m.group(1) + "\n".join(tables[m.group(2)]) + "\n" + m.group(4)
                        if m.group(2) in tables else m.group(0), open(path).read())
        with open(path, "w") as f:
            f.write(text)
        print(f"measured.py: wrote {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
