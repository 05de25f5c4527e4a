#!/usr/bin/env python3
"""The whole test suite (`make test`). Ends with 'N passed, N failed'.

  1. cmocka unit tests of every golden model (tests/<group>/test_*.c) and
     of the system model (tests/sys/test_*.c), and
     the papers' walk-throughs (the scenario files) against the golden
     models alone (model-only builds of the testbenches)
  2. lockstep co-simulation of every block configuration but the `max` ones
     (configs(): `make sim CONFIG=max` and `make soak` run those), default
     length and seed with every cover point required, plus a second seed
     with the reset asserted in mid-run; random initial values
     (X-initialisation)
  3. directed scenarios from the papers (verif/<group>/scenarios/*.scn)
  4. record / replay reproduces a run exactly
  5. mutants (tests/mutation/mutants.py): one-line bugs in RTL or model that
     the co-simulation must catch, with a complete mismatch report
  6. bad input: parameters rejected at elaboration, bad command lines and
     files rejected with a one-line error and exit 2
  7. every `make sim` / `make lint` example of the README and docs/
  8. the synthesis front end: Yosys (the version `make synth` uses) reads
     and elaborates every block configuration -- Verilator accepting the RTL
     does not prove Yosys does -- and rejects illegal parameters; the
     area/timing pictures are current
  9. hardening and packaging: sanitizers, a bounded fuzzing run of the
     scenario and recording readers, the FuseSoC cores (current, one lint
     target from a fresh library), the golden models installed as a library
"""
import functools
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mutation"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from mutants import MUTANTS  # noqa: E402
import cfg as decl  # noqa: E402  the block declarations (configs/<block>.cfg)
import gen_decl  # noqa: E402  the names the declarations give in C
import measured  # noqa: E402  the figures testbenches measure, as pages quote them

BUILD = os.environ.get("BUILD", "build")
JOBS = 2
results = []  # (name, ok, detail)


class Section:
    """One section's run: its output lines, held until every section listed
    before it has printed (the first unfinished one prints as it goes), and
    the CPU seconds of the programs it ran."""
    order = []             # every Section of this run, in the order printed
    lock = threading.Lock()
    head = 0               # the first of order not yet finished and printed

    def __init__(self, fn):
        self.fn, self.lines, self.printed, self.done = fn, [], 0, False
        self.wall = self.cpu = 0.0
        Section.order.append(self)

    def run(self):
        _context.section = self
        start = time.monotonic()
        try:
            return self.fn()
        except Exception:  # a broken section fails, the others still run
            record(f"section {self.fn.__name__} ran to its end", False, traceback.format_exc())
            return False
        finally:
            self.wall = time.monotonic() - start
            self.done = True
            Section.flush()

    def emit(self, line):
        with Section.lock:
            self.lines.append(line)
        Section.flush()

    @classmethod
    def flush(cls):
        with cls.lock:
            while cls.head < len(cls.order):
                s = cls.order[cls.head]
                for line in s.lines[s.printed:]:
                    print(line, flush=True)
                s.printed = len(s.lines)
                if not s.done:
                    break
                cls.head += 1


_context = threading.local()  # .section: the Section this thread works for


class _Popen(subprocess.Popen):
    """subprocess.Popen that charges the CPU seconds of each program it
    reaps (and of that program's own children) to the Section of the thread
    that waits for it: sections run side by side, so the process's total
    (RUSAGE_CHILDREN) cannot say which section spent what. Every wait of
    subprocess.run() and communicate() reaps through _try_wait()."""

    def _try_wait(self, wait_flags):
        try:
            pid, sts, ru = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return super()._try_wait(wait_flags)
        section = getattr(_context, "section", None)
        if pid == self.pid and section is not None:
            with Section.lock:
                section.cpu += ru.ru_utime + ru.ru_stime
        return pid, sts


subprocess.Popen = _Popen


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def pmap(fn, items, cost=None):
    """fn over items, JOBS at a time (two cores), results in order. With
    cost (item -> number), the costliest start first, so that the last to
    finish is a short one, and the results come in that order (the order
    of items would hold every result back until the cheap first one ran)."""
    items = list(items)
    section = getattr(_context, "section", None)

    def call(item):
        _context.section = section  # its programs are the section's
        return fn(item)
    start = sorted(range(len(items)), key=lambda i: -cost(items[i])) if cost else \
        range(len(items))
    with ThreadPoolExecutor(JOBS) as ex:
        futures = {i: ex.submit(call, items[i]) for i in start}
        for i in start:
            yield futures[i].result()


def out(line):
    """A line of the running section's output (printed in section order)."""
    section = getattr(_context, "section", None)
    if section is None:
        print(line, flush=True)
    else:
        section.emit(line)


def record(name, ok, detail=""):
    results.append((name, ok, detail))
    out(f"{'PASS' if ok else 'FAIL'}  {name}" + (f"  -- {detail}" if detail and not ok else ""))


def size(block, config):
    """A configuration's declared storage (bits): what its Verilated model's
    build and run cost grow with, for pmap's order."""
    return decl.storage(block, config)


def cosim(block, config):
    return os.path.join(BUILD, block, config, "cosim")


def configs(block, largest=False):
    """block's configurations that make test builds, co-simulates and
    elaborates: every one but `max`; with largest, the `max` one alone.
    The `max` builds were most of a fresh make test's Verilator builds
    (robust_core max 74 CPU s, against 4 for default) on a suite that must
    stay under 30 minutes on two cores: `make sim CONFIG=max`, `make soak`
    and `make elaborate-max` run them."""
    return [c for c in decl.load(block).configs if (c == "max") == largest]


def build_all():
    # the largest first: the build's last minutes are not one large model alone
    targets = [cosim(b, c) for b, c in sorted(
        ((b, c) for b in decl.blocks() for c in configs(b)), key=lambda bc: -size(*bc))]
    r = sh(["make", f"-j{JOBS}", "--no-print-directory", *targets])
    record("build every co-simulation binary", r.returncode == 0, r.stderr[-2000:])
    return r.returncode == 0


def unit_tests():
    """Every cmocka suite, two at a time (each builds with the sanitizers
    first), reported in order."""
    suites = []
    for b in decl.blocks():
        tests = decl.sources(b, "tests")
        if tests:
            suites.append((tests[0], decl.sources(b, "cincdirs"), decl.sources(b, "csim"), ()))
    # the system model (csim/sys/, no block): each suite with all its sources
    incdirs, srcs, libs = sys_build()
    for t in sorted(glob.glob("tests/sys/test_*.c", root_dir=ROOT)):
        suites.append((t, incdirs, srcs, libs))
    for outcomes in pmap(lambda suite: unit_suite(*suite), suites):
        for outcome in outcomes:
            record(*outcome)


def unit_suite(test, cincdirs, csim, libs=()):
    """Builds one cmocka suite (a tests/*/test_*.c) with the model sources
    it tests (csim) and runs it: (name, ok, detail) of each of its tests."""
    name = os.path.splitext(os.path.basename(test))[0]
    exe = os.path.join(ROOT, BUILD, "tests", name)
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    # under AddressSanitizer and UBSan: a report is a failed test
    r = sh(["gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-g",
            "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            *[f"-I{d}" for d in cincdirs], "-Itests/common", *csim, test,
            "-lcmocka", *libs, "-o", exe])
    if r.returncode:
        return [(f"unit {name}: build", False, r.stderr[-2000:])]
    r = subprocess.run([exe], capture_output=True, text=True)
    out = r.stdout + r.stderr
    outcomes = [(f"unit {name}: {m.group(2)}", m.group(1) == "OK")
                for m in re.finditer(r"^\[\s+(OK|FAILED)\s+\] ([A-Za-z_]\w*)$", out, re.M)]
    if r.returncode and "FAILED" not in out:
        outcomes.append((f"unit {name}", False, out[-2000:]))
    return outcomes


def model_params():
    """Every golden model's create() against its declaration: each named
    configuration is accepted, and each parameter set just outside the legal
    space (scripts/cfg.py bad_params: the sets Verilator, Yosys and slang
    must reject) is refused with the code of the parameter cfg.py's own
    evaluator finds first (a range in declaration order, then a rule: the
    parameter its message names first), leaving no model. A set that puts a
    0..1 parameter at 2 cannot be written in C (a bool): left out."""
    body, cases = [], {}
    blocks = [b for b in decl.blocks() if gen_decl.made_by_create(decl.load(b))]
    for b in blocks:
        d = decl.load(b)
        sets = [(f"config {c}", p, None) for c, p in d.configs.items()]
        sets += [(" ".join(f"{k}={v}" for k, v in p.items() if v != d.configs["default"].get(k)),
                  p, decl.violation(d, p)[0]) for p, _ in decl.bad_params(b)
                 if all(v <= 1 for k, v in p.items() if d.params[k][:2] == (0, 1))]
        cases[b] = len(sets)
        for what, p, bad in sets:
            fields = ", ".join(f".{gen_decl.c_field(k)} = {v}u" for k, v in p.items())
            want = gen_decl.param_code(d, bad) if bad else f"{gen_decl.cprefix(d)}_OK"
            body.append(f"    {{\n        {b}_params_t p = {{{fields}}};\n"
                        f"        {b}_t *m = ({b}_t *)&p; /* must be cleared */\n"
                        f"        int rc = {b}_create(&p, &m);\n"
                        f"        report(\"{b}\", \"{what}\", rc, {want}, \"{want}\", m, {int(bool(bad))});\n"
                        f"        {b}_destroy(m);\n    }}")
    src = "\n".join(["#include <stdio.h>", ""] +
                     [f'#include "{b}.h"' for b in blocks] +
                     ["", "static void report(const char *block, const char *what, int got, int want,",
                      "                   const char *name, const void *m, int bad)", "{",
                      '    printf("%s %s %s: %d, want %d (%s)%s\\n", got == want && (!bad || !m) ? '
                      '"PASS" : "FAIL",', '           block, what, got, want, name,',
                      '           bad && m ? ", and a model" : "");', "}", "",
                      "int main(void)", "{", *body, "    return 0;", "}", ""])
    exe = os.path.join(ROOT, BUILD, "tests", "model_params")
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    with open(exe + ".c", "w") as f:
        f.write(src)
    incdirs = sorted({i for b in blocks for i in decl.sources(b, "cincdirs")})
    srcs = sorted({c for b in blocks for c in decl.sources(b, "csim")})
    r = sh(["gcc", "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all", *[f"-I{d}" for d in incdirs], *srcs, exe + ".c", "-o", exe])
    out = r.stderr if r.returncode else \
        subprocess.run([exe], capture_output=True, text=True).stdout
    for b in blocks:
        lines = [l for l in out.splitlines() if l.split(" ")[1:2] == [b]]
        bad = [l for l in lines if not l.startswith("PASS")]
        record(f"model params: {b}_create() accepts its {len(decl.load(b).configs)} configurations "
               f"and refuses the bad parameter sets with the declared code ({cases[b]} sets)",
               len(lines) == cases[b] and not bad and r.returncode == 0,
               "\n".join(bad) or out[-1500:])


# Co-simulation runs cosim_runs() passed: (binary, sorted arguments without
# --wave-dir). A run is a function of its binary and arguments (seeded), so
# a `make sim` example that makes only such runs is not run a second time.
PASSED_RUNS = set()


def run_key(cmd):
    binary, args = os.path.normpath(cmd[0]), list(cmd[1:])
    if "--wave-dir" in args:
        i = args.index("--wave-dir")
        del args[i:i + 2]
    return os.path.relpath(os.path.join(ROOT, binary), ROOT), tuple(sorted(args))


def cosim_runs():
    """Every configuration of configs(): seed 1 at its default length (scripts/cfg.py
    run_cycles) with every cover point required; seed 2, a fifth of that
    long, with the reset asserted in mid-run, once in 4000 cycles on average
    (model and RTL must agree after each). Two runs at a time (JOBS),
    reported in order."""
    runs = [(b, c, seed) for b in decl.blocks() for c in configs(b) for seed in (1, 2)]

    def run(job):
        b, c, seed = job
        extra = ["--require-cover"] if seed == 1 else ["--reset-every", "4000"]
        cycles = str(decl.run_cycles(b, c) // (1 if seed == 1 else 5))
        waves = os.path.join(ROOT, BUILD, b, c, f"seed{seed}")  # the two run side by side
        os.makedirs(waves, exist_ok=True)
        cmd = [cosim(b, c), "--seed", str(seed), "--cycles", cycles, "--wave-dir", waves, *extra]
        r = sh(cmd)
        if r.returncode == 0:
            PASSED_RUNS.add(run_key(cmd))
        return job, cycles, r

    for (b, c, seed), cycles, r in pmap(run, runs, cost=lambda job: size(*job[:2])):
        line = (r.stdout.strip().splitlines() or [""])[-1]
        resets = " with resets in mid-run" if seed == 2 else ""
        ok = r.returncode == 0 and (not resets or " resets=" in line)
        record(f"cosim {b}/{c} seed {seed} {cycles} cycles{resets}", ok,
               (r.stderr or line)[-3000:])
        if r.returncode == 0:
            out(f"      {line}")
        if seed == 1 and r.returncode == 0 and " measured: " in r.stdout:
            measured_as_quoted(b, c, r.stdout)


def measured_as_quoted(block, config, stdout):
    """Seed 1's measured figures (a passing run's "measured:" line) against
    the range its block page quotes (scripts/measured.py writes the table),
    and against the paper's direction (SIMT-X section 4.3, Figure 9: the
    naive RAT issues more merge micro-ops than the PIRAT)."""
    bad = measured.check(block, config, stdout)
    page = os.path.relpath(measured.page_path(block), ROOT)
    record(f"measured {block}/{config} seed 1: within the range {page} quotes", not bad,
           "; ".join(bad) + f" (make measured BLOCK={block} rewrites the table)")
    got = measured.values(stdout)
    record(f"measured {block}/{config} seed 1: the naive RAT merges more than the PIRAT "
           "(SIMT-X 4.3)", all(got[f"{w}_per_1k_naive"] > got[f"{w}_per_1k_pirat"]
                               for w in ("merges", "unpending")), str(got))


def scenario_files():
    """(block, configuration, file) of every directed scenario; a scenario
    names its configuration in a "# config: NAME" line."""
    for b in decl.blocks():
        group = decl.load(b).keys["group"]
        for scn in sorted(glob.glob(os.path.join(ROOT, "verif", group, "scenarios", f"{b}_*.scn"))):
            yield b, decl.scenario(scn)[1] or "default", scn


def model_scenarios():
    """The papers' walk-throughs against the golden models alone (a
    model-only build of each testbench: no RTL), as unit tests."""
    built = {}
    for b, config, scn in scenario_files():
        if (b, config) not in built:
            r = subprocess.run(["bash", "scripts/build_cosim.sh", b, config,
                                os.path.join(BUILD, b, config)], cwd=ROOT, capture_output=True,
                               text=True, env={**os.environ, "MODEL_ONLY": "1"})
            built[b, config] = r.returncode == 0
            if r.returncode:
                record(f"unit model-only build {b}/{config}", False, r.stderr[-2000:])
        if built[b, config]:
            r = sh([os.path.join(BUILD, b, config, "cosim_model"), "--scenario", scn])
            record(f"unit scenario {os.path.relpath(scn, ROOT)} (model)", r.returncode == 0,
                   r.stderr[-3000:])


def scenarios():
    for b, config, scn in scenario_files():
        r = sh([cosim(b, config), "--scenario", scn, "--wave-dir", os.path.join(BUILD, b)])
        record(f"scenario {os.path.relpath(scn, ROOT)}", r.returncode == 0, r.stderr[-3000:])


def record_replay():
    for b in decl.blocks():
        with tempfile.TemporaryDirectory() as tmp:
            rec = os.path.join(tmp, "run.rec")
            # with resets in mid-run: the recording holds them
            a = sh([cosim(b, "default"), "--seed", "7", "--cycles", "50000", "--record", rec,
                    "--reset-every", "3000"])
            r = sh([cosim(b, "default"), "--replay", rec])
            strip = lambda s: re.sub(r"\s(random|replay)\s|\d+\.\d+ Mcyc/s", " ", s).split()
            ok = a.returncode == 0 and r.returncode == 0 and strip(a.stdout) == strip(r.stdout) \
                and " resets=" in r.stdout
            record(f"record/replay {b}: same cycles, resets, ops and coverage", ok,
                   f"{a.stdout}{a.stderr}\n{r.stdout}{r.stderr}")
            other = [c for c in list(decl.load(b).configs) if c != "default"][0]
            r = sh([cosim(b, other), "--replay", rec])
            record(f"record/replay {b}: recording of another config refused", r.returncode == 2
                   and len(r.stderr.strip().splitlines()) == 1, r.stderr)
            # the model side in a thread of its own changes nothing but the speed
            one = os.path.join(tmp, "one.rec")
            t1 = sh([cosim(b, "default"), "--seed", "7", "--cycles", "50000", "--record", one,
                     "--reset-every", "3000", "--threads", "2"])
            same = lambda s: re.sub(r"\d+\.\d+ Mcyc/s", "", s)
            record(f"threads {b}: one thread and two give the same run and recording",
                   t1.returncode == 0 and same(t1.stdout) == same(a.stdout)
                   and open(one, "rb").read() == open(rec, "rb").read(),
                   f"{a.stdout}{a.stderr}\n{t1.stdout}{t1.stderr}")
    # and the same failure report (a wrong expectation in a walk-through)
    with tempfile.TemporaryDirectory() as tmp:
        scn = os.path.join(tmp, "dws_core_wrong.scn")
        with open(os.path.join(ROOT, "verif/dws/scenarios/dws_core_dws_5_3.scn")) as f:
            text = f.read()
        with open(scn, "w") as f:
            f.write(text.replace("tos_mask=0x33 tos_depth=3 arrived=0x1",
                                 "tos_mask=0x3c tos_depth=3 arrived=0x1"))
        runs = [sh([cosim("dws_core", "paper"), "--scenario", scn, "--wave-dir", tmp,
                      "--threads", n]) for n in ("1", "2")]
        record("threads: one thread and two report a failure alike",
               all(r.returncode == 1 for r in runs) and runs[0].stderr == runs[1].stderr
               and "expected tos_mask = [2-5]" in runs[0].stderr,
               runs[0].stderr + runs[1].stderr)


def mutant_edits(m):
    """A mutant's edits: (file, old, new) each. A mutant of one file has
    kind `rtl` or `model`; an `intent` mutant lists its `edits`, the RTL and
    the model changed the same way, so that the two still agree and only a
    check written from the paper (the testbench's) can catch it."""
    return m["edits"] if "edits" in m else [(m["file"], m["old"], m["new"])]


def run_mutant(m):
    d = os.path.join(ROOT, BUILD, "mutants", m["name"])
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    env = dict(os.environ)
    for file, old, new in mutant_edits(m):
        src = open(os.path.join(ROOT, file)).read()
        if src.count(old) != 1:
            return m, False, f"anchor occurs {src.count(old)} times in {file} (want 1)"
        mutated = os.path.join(d, os.path.basename(file))
        with open(mutated, "w") as f:
            f.write(src.replace(old, new))
        key = "RTL_MUTANT" if file.startswith("rtl/") else "MODEL_MUTANT"
        if key in env:
            return m, False, f"{key}: a mutant changes one RTL and one model file at most"
        env[key] = mutated
    config = m.get("config", "default")
    env["RTL_OPT"] = "-O0"  # its build is most of its time: runs end at the first mismatch
    if "RTL_MUTANT" not in env:  # the RTL as build_all verilated it: link, do not verilate again
        env["RTL_FROM"] = os.path.join(ROOT, BUILD, m["block"], config)
    r = subprocess.run(["bash", "scripts/build_cosim.sh", m["block"], config, d],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    if r.returncode:
        return m, False, "mutant did not build: " + r.stderr[-1500:]
    r = subprocess.run([os.path.join(d, "cosim"), "--cycles", "1000000", "--wave-dir", d,
                        *m.get("args", [])], cwd=ROOT, capture_output=True, text=True)
    err = r.stderr
    mismatch = "reference" in err and "hardware" in err
    report_ok = all(k in err for k in ("FAIL", "seed=", "cycle=", "reproduce: make sim")) and \
        ((mismatch and m["kind"] != "intent") or "testbench check" in err) and \
        os.path.exists(os.path.join(d, f"{m['block']}_{config}_fail.fst"))
    if r.returncode != 1:
        return m, False, f"not caught (exit {r.returncode}): {r.stdout[-300:]}"
    if not report_ok:
        return m, False, "caught, but the report or waveform is incomplete" + \
            (" (an intent mutant must fail a testbench check)" if m["kind"] == "intent" else "") + \
            ":\n" + err[-1500:]
    first = next((l for l in err.splitlines() if "signal" in l or "testbench check" in l), "")
    return m, True, first.strip()


def mutants():
    """Every mutant; MUTANTS=NAME,... in the environment: those only."""
    only = [n for n in os.environ.get("MUTANTS", "").split(",") if n]
    unknown = set(only) - {m["name"] for m in MUTANTS}
    if unknown:
        raise SystemExit(f"run_tests.py: unknown mutant {sorted(unknown)[0]!r}")
    for m, ok, detail in pmap(run_mutant, [m for m in MUTANTS if not only or m["name"] in only],
                              cost=lambda m: size(m["block"], m.get("config", "default"))):
        record(f"mutant {m['name']} ({m['why']}) is caught", ok, detail)
        if ok:
            out(f"      {detail}")


@functools.cache
def sys_build():
    """The system model's include folders, sources and libraries, as the
    Makefile says them (make sys-sources)."""
    r = subprocess.run(["make", "-s", "--no-print-directory", "sys-sources"], cwd=ROOT,
                       capture_output=True, text=True, check=True)
    incdirs, srcs, libs = (line.split() for line in r.stdout.splitlines()[:3])
    return incdirs, srcs, libs


def kernels():
    """The kernel suite's names, then the test kernels that must run
    (tests/sys/kernels/, but for the fault_* ones) by path."""
    suite = sorted(os.path.splitext(f)[0] for f in os.listdir(os.path.join(ROOT, "kernels"))
                   if f.endswith(".c"))
    tests = sorted(p for p in glob.glob(os.path.join("tests", "sys", "kernels", "*.c"),
                                        root_dir=ROOT)
                   if not os.path.basename(p).startswith("fault_"))
    return suite + tests


# The mechanisms' runs of make test: simtsys options, each without and with
# likely-convergence points (but DoM, which refuses them). One (kernel,
# options) pair does not fit: raywalk's likely-convergence entries under
# TBC need more than the 32 entries tbc_core allows (docs/system.md); a
# test checks that it stops with OVERFLOW, so that the day it fits it is
# run like the others.
SYS_MECHS = [[], ["--mech", "tbc"], ["--mech", "dom"], ["--mech", "dws", "--set", "dws_policy=aggress"]]
SYS_NO_LCP = [["--mech", "dom"]]
SYS_LCP = ["--set", "lcp=1"]
SYS_TOO_DEEP = {("raywalk", ("--mech", "tbc", "--set", "lcp=1"))}

# Blocks broken on purpose in the system model: the detection of a
# mechanism that deadlocks or loses a thread must fire (one line naming
# the block or warp, the PC and the cycle). (file, old, new, kernel,
# options, words expected).
SYS_MUTANTS = [
    ("csim/tbc/thread_compactor.c",
     "        /* the encoders reset the bits of the threads they sent */",
     "        bm_clear(&m->remaining); /* mutant: the mask's other warps are lost */",
     "saxpy", ["--mech", "tbc"], "a lost warp"),
    ("csim/tbc/thread_compactor.c",
     "        m->remaining = in->in_mask;\n",
     "        m->remaining = in->in_mask;\n        bm_set(&m->remaining, 0, false); /* mutant */\n",
     "saxpy", ["--mech", "tbc"], "a lost thread"),
    ("csim/dom/mdt.c",
     "        x->waiting &= ~fmask;\n",
     "",
     "saxpy", ["--mech", "dom"], "deadlock"),
    ("csim/dom/mdt.c",
     "                d->rejoin = s[e].ready;\n                /* rsp_waiting",
     "                d->rejoin = s[e].ready & (s[e].ready - 1); /* mutant */\n"
     "                /* rsp_waiting",
     "saxpy", ["--mech", "dom"], "a lost thread"),
    ("csim/dws/warp_split_table.c",
     "        m->pending[f.warp] &= ~f.mask;\n",
     "        (void)0; /* mutant: a fill returns no thread */\n",
     "saxpy", ["--mech", "dws"], "deadlock"),
    ("csim/dws/warp_split_table.c",
     "    ENT(m, d->warp, d->entry)->mask = E0->mask ^ d->hit;\n",
     "    ENT(m, d->warp, d->entry)->mask = (E0->mask ^ d->hit) & ((E0->mask ^ d->hit) - 1);\n",
     "bfs", ["--mech", "dws", "--set", "dws_policy=aggress"], "issued thread"),
]


def system_model():
    """Every kernel at `small` on the small machine under every mechanism,
    checked against the host build; with the mechanism's verilated block
    in the loop, identical cycles and statistics; under AddressSanitizer
    and UBSan; a mechanism that deadlocks or loses a thread stopped; bad
    input to simtsys and to scripts/simt_run.py: one line of error,
    non-zero exit."""
    import simt_run
    try:
        exe = simt_run.simtsys()
    except simt_run.BuildError as e:
        record("system model: build simtsys", False, str(e))
        return

    try:  # each kernel built once, before the runs that share it
        for k in kernels():
            simt_run.kernel_builds(k)
    except simt_run.BuildError as e:
        record("system model: build the kernels", False, str(e))
        return

    runs = [(k, tuple(m + lcp)) for k in kernels() for m in SYS_MECHS for lcp in ([], SYS_LCP)
            if not (lcp and m in SYS_NO_LCP)]
    label = lambda options: ", ".join(["small"] + [o.split("=")[0] for o in options
                                                  if not o.startswith("--")])

    def run(job):
        k, options = job
        try:
            r = simt_run.run(k, options=list(options))
        except simt_run.BuildError as e:
            return job, False, str(e)
        if job in SYS_TOO_DEEP:
            return job, r.returncode == 1 and "OVERFLOW" in r.stderr, r.stderr
        return job, r.returncode == 0, r.stderr + r.stdout[-500:]
    # a mechanism or likely-convergence points change the schedule, never a result
    for (k, options), ok, detail in pmap(run, runs):
        what = "stops with OVERFLOW (too deep)" if (k, options) in SYS_TOO_DEEP else \
            "equals the host build"
        record(f"system model: {k} ({label(options)}) {what}", ok, detail)

    # What no machine changes: each thread runs its own instructions, so the
    # thread-instructions (and the outputs, checked by --expect) are the same
    # on every warp width, datapath, warp count, scheduler and mechanism; a
    # kernel without a divergent branch keeps every lane busy -- but under
    # DoM and DWS, which split warps at loads (the last two machines).
    machines = [[], ["--sched", "rr"], ["--set", "warp_width=16", "--set", "simd_lanes=4"],
                ["--set", "num_warps=8", "--set", "l1_mshrs=1"], ["--mech", "tbc"],
                ["--mech", "dom"], ["--mech", "dws", "--set", "dws_policy=latspec",
                                    "--set", "dws_sched=swf"]]

    def invariant(k):
        got = []
        for m in machines:
            r = simt_run.run(k, options=["--json", "-", *m])
            if r.returncode:
                return k, False, f"{' '.join(m)}: {r.stderr}"
            got.append(json.loads(r.stdout))
        insns = [d["thread_insns"] for d in got]
        ok = len(set(insns)) == 1
        if ok and got[0]["divergent_branches"] == 0:
            ok = all(d["simd_efficiency"] == 1.0 for d in got[:-2])
        return k, ok, f"thread_insns {insns}, simd_efficiency {[d['simd_efficiency'] for d in got]}"
    for k, ok, detail in pmap(invariant, kernels()):
        record(f"system model: {k}: the same thread-instructions on four machines, TBC, DoM "
               "and DWS",
               ok, detail)
    r = sh([exe, "--list", "--markdown"])
    with open(os.path.join(ROOT, "docs", "system.md")) as f:
        page = f.read()
    record("system model: docs/system.md's parameter table is simtsys --list --markdown",
           r.returncode == 0 and f"-->\n{r.stdout}<!-- /simtsys -->" in page,
           "run make sys-results (or copy simtsys --list --markdown)")
    with open(os.path.join(ROOT, "kernels", "saxpy.c")) as f:
        example = f.read()
    record("system model: docs/system.md's example is kernels/saxpy.c",
           f"```c\n{example}```\n<!-- /kernels/saxpy.c -->" in page, "run make sys-results")
    # the README's and docs/system.md's kernel commands, run as written
    examples = []
    for name in ("README.md", os.path.join("docs", "system.md")):
        for line in open(os.path.join(ROOT, name)):
            m = re.match(r"^    (make run\b[^#]*|python3 scripts/simt_run\.py [^#]*)", line)
            if m and "path/to" not in m.group(1) and m.group(1).strip() not in examples:
                examples.append(m.group(1).strip())
    with tempfile.TemporaryDirectory() as tmp:
        def example_run(cmd):
            args = shlex.split(cmd)
            if args[0] == "make":
                args = ["make", "--no-print-directory", "-C", ROOT] + args[1:]
            else:
                args = [sys.executable, os.path.join(ROOT, args[1])] + args[2:]
            r = subprocess.run(args, capture_output=True, text=True, cwd=tmp)
            return cmd, r.returncode == 0 and "simd_efficiency" in r.stdout, r.stderr[-1000:]
        for cmd, ok, detail in pmap(example_run, examples):
            record(f"system model: example: {cmd}", ok, detail)

    # each mechanism's verilated block in the loop: the same cycles and
    # statistics; every kernel once per mechanism, with likely-convergence
    # points on every other kernel (both RTL builds are checked; a pair too
    # deep for them runs without)
    def stats(k, rtl, options):
        r = simt_run.run(k, options=["--json", "-", *options], rtl=rtl)
        if r.returncode:
            return None, r.stderr
        d = json.loads(r.stdout)
        d.pop("host_seconds"), d.pop("rtl")
        return d, ""
    rtl_runs = []
    for i, k in enumerate(kernels()):
        for m in SYS_MECHS:
            job = (k, tuple(m + (SYS_LCP if i % 2 and m not in SYS_NO_LCP else [])))
            rtl_runs.append(job if job not in SYS_TOO_DEEP else (k, tuple(m)))
    try:
        for options in sorted({options for _, options in rtl_runs}):
            simt_run.simtsys_rtl(list(options))
        rtl_ok = True
    except simt_run.BuildError as e:
        record("system model: build simtsys with the RTL", False, str(e))
        rtl_ok = False
    if rtl_ok:
        def both(job):
            k, options = job
            try:
                (a, ea), (b, eb) = stats(k, False, options), stats(k, True, options)
            except simt_run.BuildError as e:
                return job, False, str(e)
            diff = [f"{n}: model {a[n]}, RTL {b[n]}" for n in (a or {}) if b and a[n] != b.get(n)]
            return job, a is not None and a == b, ea + eb + "; ".join(diff)
        for (k, options), ok, detail in pmap(both, rtl_runs):
            record(f"system model: {k} ({label(options)}) with the RTL in the loop: identical",
                   ok, detail)

    # the simulator under the sanitizers: a report is a failed run
    san = os.path.join(ROOT, BUILD, "sys", "simtsys_san")
    r = sh(["gcc", "-std=c11", "-O1", "-g", "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all", *[f"-I{d}" for d in sys_build()[0]],
            *sys_build()[1], "csim/sys/cli/simtsys.c", *sys_build()[2], "-o", san])
    record("system model: sanitizer build", r.returncode == 0, r.stderr[-2000:])
    if r.returncode == 0:
        def run_san(job):
            k, mech = job
            elf, host = simt_run.kernel_builds(k)
            ref = simt_run.reference(host, "small", 1)
            r = subprocess.run([san, elf, "--expect", ref, *mech], capture_output=True, text=True)
            return job, r.returncode == 0, r.stderr[-2000:]
        for (k, mech), ok, detail in pmap(run_san, [(k, tuple(m)) for k in kernels()
                                                    for m in SYS_MECHS]):
            record(f"system model: {k} (small, {' '.join(mech[1:]) if mech else 'pdom'}) "
                   "under the sanitizers", ok, detail)

    # a mechanism that deadlocks or loses a thread is stopped, with the cycle
    def sys_mutant(job):
        i, (file, old, new, k, options, words) = job
        src = open(os.path.join(ROOT, file)).read()
        if src.count(old) != 1:
            return job, False, f"anchor occurs {src.count(old)} times in {file} (want 1)"
        d = os.path.join(ROOT, BUILD, "sys", "mutants", str(i))
        os.makedirs(d, exist_ok=True)
        mutated = os.path.join(d, os.path.basename(file))
        with open(mutated, "w") as f:
            f.write(src.replace(old, new))
        exe = os.path.join(d, "simtsys")
        srcs = [mutated if x == file else x for x in sys_build()[1]]
        r = sh(["gcc", "-std=c11", "-O1", "-w", *[f"-I{x}" for x in sys_build()[0]],
                *srcs, "csim/sys/cli/simtsys.c", *sys_build()[2], "-o", exe])
        if r.returncode:
            return job, False, "mutant did not build: " + r.stderr[-1000:]
        elf, _ = simt_run.kernel_builds(k)
        r = subprocess.run([exe, elf, *options], capture_output=True, text=True, timeout=300)
        lines = r.stderr.strip().splitlines()
        ok = r.returncode == 1 and len(lines) == 1 and words in r.stderr and "cycle" in r.stderr
        return job, ok, f"exit {r.returncode}: {r.stderr[-500:]}"
    for (i, m), ok, detail in pmap(sys_mutant, list(enumerate(SYS_MUTANTS))):
        record(f"system model: {m[5]} is detected ({m[0]}, mutant {i})", ok, detail)

    # bad input
    elf, host = simt_run.kernel_builds("saxpy")
    faults = {name: simt_run.kernel_builds(os.path.join(ROOT, "tests", "sys", "kernels",
                                                        f"fault_{name}.c"))[0]
              for name in ("oob", "trap", "indirect", "barrier", "spin")}
    with tempfile.TemporaryDirectory() as tmp:
        text = os.path.join(tmp, "text.elf")
        with open(text, "w") as f:
            f.write("not an ELF file\n")
        cases = [
            ("a missing ELF", [exe, os.path.join(tmp, "none.elf")], 1, "cannot open"),
            ("a text file", [exe, text], 1, "not an ELF"),
            ("a host ELF", [exe, host], 1, "not a 32-bit little-endian RISC-V"),
            ("an unknown preset", [exe, elf, "--preset", "nope"], 2, "unknown preset"),
            ("an unknown mechanism", [exe, elf, "--mech", "nope"], 2, "unknown mechanism"),
            ("blocks wider than the core", [exe, elf, "--set", "block_warps=8"], 2,
             "block_warps"),
            ("a machine the RTL build does not hold", [exe, elf, "--rtl"], 2, "RTL"),
            ("a parameter out of range", [exe, elf, "--set", "l1_ways=0"], 2, "l1_ways"),
            ("an unknown parameter", [exe, elf, "--set", "nope=1"], 2, "unknown parameter"),
            ("lanes not dividing the warp", [exe, elf, "--set", "simd_lanes=3"], 2, "divide"),
            ("a bad size", [exe, elf, "--size", "huge"], 2, "--size"),
            ("a bad seed", [exe, elf, "--seed", "x"], 2, "--seed"),
            ("an unknown option", [exe, elf, "--nope"], 2, "unknown option"),
            ("no kernel", [exe], 2, "no kernel"),
            ("a read outside the buffers", [exe, faults["oob"]], 1, "outside the kernel's buffers"),
            ("a trap", [exe, faults["trap"]], 1, "trapped"),
            ("an indirect call", [exe, faults["indirect"]], 1, "indirect jump at PC 0x"),
            ("a barrier under divergence", [exe, faults["barrier"]], 1, "under divergence"),
            ("a barrier under divergence (TBC)", [exe, faults["barrier"], "--mech", "tbc"], 1,
             "deadlock at cycle"),
            ("a barrier under divergence (DoM)", [exe, faults["barrier"], "--mech", "dom"], 1,
             "under divergence"),
            ("a barrier under divergence (DWS)", [exe, faults["barrier"], "--mech", "dws"], 1,
             "under divergence"),
            ("DWS on more warps than its table holds",
             [exe, elf, "--mech", "dws", "--set", "num_warps=32"], 2, "dws takes at most"),
            ("an unknown split policy", [exe, elf, "--set", "dws_policy=eager"], 2, "dws_policy"),
            ("DoM with likely-convergence points", [exe, elf, "--mech", "dom", "--set", "lcp=1"],
             2, "lcp does not combine with dom"),
            ("a kernel past the cycle limit", [exe, faults["spin"], "--max-cycles", "100000"], 1,
             "cycle limit"),
            ("an unknown kernel", [sys.executable, "scripts/simt_run.py", "nope"], 1, "no kernel"),
        ]
        for what, cmd, code, words in cases:
            r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
            lines = r.stderr.strip().splitlines()
            ok = r.returncode == code and len(lines) == 1 and words in r.stderr
            record(f"system model: {what} is refused in one line", ok,
                   f"exit {r.returncode}, stderr: {r.stderr[-500:]}")
        # the outputs must differ when they do
        wrong = os.path.join(tmp, "wrong.ref")
        ref = simt_run.reference(host, "small", 1)
        with open(ref, "rb") as f:
            data = bytearray(f.read())
        data[len(data) // 2] ^= 1
        with open(wrong, "wb") as f:
            f.write(data)
        r = subprocess.run([exe, elf, "--expect", wrong], capture_output=True, text=True)
        record("system model: an output that differs from the host's is found", r.returncode == 3
               and "differs" in r.stderr, r.stderr[-500:])


def one_line_error(r):
    return r.returncode == 2 and len(r.stderr.strip().splitlines()) >= 1 and \
        "Traceback" not in r.stderr and "Segmentation" not in r.stderr


def bad_input():
    for b in decl.blocks():
        exe = cosim(b, "default")
        with tempfile.TemporaryDirectory() as tmp:
            garbage = os.path.join(tmp, "garbage.rec")
            with open(garbage, "w") as f:
                f.write("not a recording\n")
            typo = os.path.join(tmp, "typo.scn")
            with open(typo, "w") as f:
                f.write("idle w=0 colour=blue\n")
            expect_typo = os.path.join(tmp, "expect_typo.scn")
            with open(expect_typo, "w") as f:
                f.write("expect colour=blue\n")
            cases = {
                "--seed abc": ["--seed", "abc"],
                "--cycles -5": ["--cycles", "-5"],
                "unknown option": ["--bogus"],
                "missing value": ["--seed"],
                "stray argument": ["extra"],
                "missing replay file": ["--replay", os.path.join(tmp, "none.rec")],
                "garbage replay file": ["--replay", garbage],
                "missing scenario": ["--scenario", os.path.join(tmp, "none.scn")],
                "scenario key typo": ["--scenario", typo],
                "scenario expect-key typo": ["--scenario", expect_typo],
                "--reset-every 1": ["--reset-every", "1"],
                "--threads 3": ["--threads", "3"],
                "--reset-every with --replay": ["--reset-every", "9", "--replay", garbage],
            }
            for what, args in cases.items():
                r = sh([exe, *args])
                record(f"bad input {b}: {what} -> exit 2, one-line error", one_line_error(r),
                       f"exit {r.returncode}: {r.stderr}")
    scenario_usage()
    peek_lines()
    hostile_input()
    hostile_input_2()
    scenario_language()
    r = sh(["make", "--no-print-directory", "sim", "BLOCK=no_such_block"])
    record("bad input: make sim BLOCK=no_such_block is refused", r.returncode != 0 and
           "unknown BLOCK" in r.stderr, r.stderr)
    r = sh(["make", "--no-print-directory", "sim", "BLOCK=recon_stack", "CONFIG=huge"])
    record("bad input: make sim CONFIG=huge is refused", r.returncode != 0 and
           "no configuration" in r.stderr, r.stderr)
    r = sh(["bash", "scripts/build_cosim.sh", "prio_enc", "default"], env={**os.environ, "RTL_OPT": "-O9"})
    record("bad input: build_cosim.sh RTL_OPT=-O9 -> exit 2, one-line error", one_line_error(r),
           f"exit {r.returncode}: {r.stderr}")
    r = sh([sys.executable, "scripts/cfg.py", "period", "warp_split_table", "huge"])
    record("bad input: cfg.py period of an unknown configuration -> exit 2, one-line error",
           one_line_error(r), f"exit {r.returncode}: {r.stderr}")
    # parameters outside their legal range fail at elaboration with a message
    def lint(job):
        b, params, word = job
        return b, params, word, sh(["verilator", "--lint-only", "-Wall", "--top-module", b,
                                    *[f"-G{k}={v}" for k, v in params.items()],
                                    *decl.sources(b, "rtl-args")])
    for b, params, word, r in pmap(lint, bad_params()):
        record(f"elaboration {b} {word}={params[word]} rejected naming {word}",
               r.returncode != 0 and word in r.stderr, r.stderr[-800:])


def scenario_usage():
    """A scenario's configuration line is honoured, and a value that does
    not fit its port is a bad file (exit 2, file:line), never truncated."""
    fig10 = "verif/pdom/scenarios/recon_stack_tbc_fig10.scn"
    r = sh([cosim("recon_stack", "min"), "--scenario", fig10])
    record("bad input: a scenario on another configuration than its own -> exit 2",
           one_line_error(r) and "written for configuration 'default'" in r.stderr, r.stderr)
    r = sh(["make", "--no-print-directory", "sim", f"SCENARIO={fig10}", "CONFIG=min"])
    record("bad input: make sim SCENARIO=... CONFIG=<another> is refused (exit 2)",
           r.returncode == 2 and "written for configuration 'default'" in r.stderr, r.stderr)
    r = sh(["make", "--no-print-directory", "-n", "sim", f"SCENARIO={fig10}"])
    record("make sim SCENARIO=... runs the block and configuration the file names",
           r.returncode == 0 and "recon_stack/default" in r.stdout and "/min" not in r.stdout,
           r.stdout + r.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        for what, line in (("PC wider than PcWidth", "init w=0 pc=0x100000000 mask=1 rpc=4"),
                           ("warp id wider than its port", "init w=8 pc=0x10 mask=1 rpc=4"),
                           ("mask wider than the warp", "init w=0 pc=0x10 mask=0x1ffffffff rpc=4"),
                           ("thread set beyond the warp", "init w=0 pc=0x10 mask=[0-3,32] rpc=4"),
                           ("negative number", "init w=0 pc=-5 mask=1 rpc=4"),
                           ("binary minus", "init w=0 pc=0b-1 mask=1 rpc=4"),
                           # a check's value wider than the output port it checks
                           ("expect depth= wider than rd_depth_o", "expect w=0 depth=0x10000"),
                           ("peek err= wider than rsp_err_o", "peek w=0 err=0x8"),
                           ("a request line's check wider than its port",
                            "advance w=0 pc=0x10 depth=0x10000")):
            scn = os.path.join(tmp, "recon_stack_x.scn")
            with open(scn, "w") as f:
                f.write(line + "\n")
            r = sh([cosim("recon_stack", "default"), "--scenario", scn])
            record(f"bad input recon_stack: scenario {what} -> exit 2 at file:line",
                   one_line_error(r) and f"{scn}:1:" in r.stderr, f"exit {r.returncode}: {r.stderr}")
        scn = os.path.join(tmp, "recon_stack_wide.scn")
        with open(scn, "w") as f:
            f.write("init w=0 pc=0x10 mask=[0-3,31] rpc=0x80\n"
                    "expect w=0 valid=1 depth=1 mask=0x8000_000f\n")
        r = sh([cosim("recon_stack", "default"), "--scenario", scn])
        record("scenario thread sets and separators: [0-3,31] is 0x8000_000f",
               r.returncode == 0, r.stderr)
        # The harness checks every scenario input against its port's width,
        # whatever the testbench reads it with.
        scn = os.path.join(tmp, "mdt_wide_pc.scn")
        with open(scn, "w") as f:
            f.write("access w=0 pc=0x1ffffffffff exec=1 hit=0\n")
        r = sh([cosim("mdt", "small"), "--scenario", scn])
        record("bad input mdt: scenario PC wider than acc_pc_i -> exit 2, file:line and port",
               one_line_error(r) and f"{scn}:1: value 0x1ffffffffff does not fit acc_pc_i"
               in r.stderr, f"exit {r.returncode}: {r.stderr}")
        # A warp of threads past 63 checked as a thread set: a wrong set fails,
        # reported as both sets.
        wide = open(os.path.join(ROOT, "verif/tbc/scenarios/tbc_core_wide.scn")).read()
        assert "out=[224-255]" in wide
        scn = os.path.join(tmp, "tbc_core_wide_bad.scn")
        with open(scn, "w") as f:
            f.write(wide.replace("out=[224-255]", "out=[224-250,252]"))
        r = sh([cosim("tbc_core", "default"), "--scenario", scn])
        record("scenario: a wrong wide out= (threads 224-255) fails, printed as thread sets",
               r.returncode == 1 and "expected out = [224-250,252] (from the paper walk-through), "
               "model gives [224-255]" in r.stdout + r.stderr, r.stdout + r.stderr)


def hostile_input():
    """The harness against hostile input (each case once failed): nothing
    is destroyed, nothing vacuous passes, every refusal is exit 2 with a
    one-line message, a damaged recording never replays."""
    exe = cosim("recon_stack", "default")
    with tempfile.TemporaryDirectory() as tmp:
        def path(name, text=None, data=None):
            p = os.path.join(tmp, name)
            if text is not None or data is not None:
                with open(p, "wb") as f:
                    f.write(data if data is not None else text.encode())
            return p

        def refused(what, args, words):
            r = sh([exe, *args])
            record(f"hostile input: {what} -> exit 2, one-line error naming it",
                   one_line_error(r) and len(r.stderr.strip().splitlines()) == 1
                   and all(w in r.stderr for w in words), f"exit {r.returncode}: {r.stderr}")
            return r

        rec = path("run.rec")
        a = sh([exe, "--seed", "3", "--cycles", "2000", "--record", rec])
        record("hostile input: a recording is written", a.returncode == 0, a.stderr)
        data = open(rec, "rb").read()
        # 3. the same file in and out: refused before anything is written
        refused("--replay R --record R", ["--replay", rec, "--record", rec], ["same file"])
        record("hostile input: the refused --replay R --record R left R intact",
               open(rec, "rb").read() == data)
        scn = path("s.scn", "idle\nexpect w=0 valid=0\n")
        refused("--record S --scenario S", ["--record", scn, "--scenario", scn], ["same file"])
        record("hostile input: the refused --record S --scenario S left S intact",
               open(scn).read() == "idle\nexpect w=0 valid=0\n")
        # 4. a replay runs the whole recording; --cycles shortens it
        r = sh([exe, "--replay", rec])
        r5 = sh([exe, "--replay", rec, "--cycles", "5"])
        record("hostile input: a replay runs the whole recording (2000 cycles), --cycles 5 "
               "the first 5", "cycles=2000 " in r.stdout and "cycles=5 " in r5.stdout,
               r.stdout + r.stderr + r5.stdout + r5.stderr)
        r = sh(["make", "--no-print-directory", "-n", "sim", "BLOCK=recon_stack",
                "CONFIG=default", f"REPLAY={rec}"])
        record("hostile input: make sim REPLAY= passes no --cycles (the whole recording)",
               r.returncode == 0 and "--replay" in r.stdout and "--cycles" not in r.stdout,
               r.stdout + r.stderr)
        # 5. a run that checks nothing is an error
        os.makedirs(os.path.join(tmp, "folder"))
        refused("an empty scenario", ["--scenario", path("e.scn", "")], ["nothing was checked"])
        refused("a comments-only scenario", ["--scenario", path("c.scn", "# only\n\n")],
                ["nothing was checked"])
        refused("a folder as --scenario", ["--scenario", os.path.join(tmp, "folder")],
                ["not a file"])
        refused("--cycles 0", ["--cycles", "0"], ["nothing was checked"])
        # 6. recordings: cut on a word, cut on a cycle boundary, header only, a flipped bit
        nl = data.index(b"\n") + 1
        head = data[:nl].split()
        per = (int(head[4]) + 1) * 8  # a cycle: its control word and its input words
        for what, bad in (("cut mid-word", data[:-3]), ("cut on a cycle boundary", data[:nl + per]),
                          ("header only", data[:nl]),
                          ("a flipped bit", data[:-1] + bytes([data[-1] ^ 1]))):
            refused(f"a recording {what}", ["--replay", path("bad.rec", data=bad)],
                    ["recording", "damaged"])
        # a control word with a bit that means nothing, under a correct checksum
        body = bytearray(data[nl:])
        body[0] |= 2
        fnv = 0xcbf29ce484222325
        for byte in body:
            fnv = ((fnv ^ byte) * 0x100000001b3) & (2**64 - 1)
        header = b"%s %s %s %s %s %s %016x\n" % (*head[:6], fnv)
        refused("a recording with an unknown control bit",
                ["--replay", path("ctl.rec", data=header + bytes(body))],
                ["damaged", "control word"])
        # 7. outputs that cannot be written
        refused("--wave-dir /nonexistent", ["--cycles", "10", "--wave-dir", "/nonexistent"],
                ["--wave-dir"])
        refused("--fst /nonexistent/x.fst", ["--cycles", "10", "--fst", "/nonexistent/x.fst"],
                ["--fst", "/nonexistent"])
        # 8. numbers: no sign, no space
        refused("--seed ' -5'", ["--seed", " -5"], ["--seed"])
        refused("--cycles ' -1'", ["--cycles", " -1"], ["--cycles"])
        refused("scenario value 0b-1", ["--scenario", path("b.scn", "init w=0 pc=0b-1 mask=1\n")],
                ["b.scn:1"])
        # 2. a benchmark length whose buffer size overflows
        refused("--bench with 2^61 cycles",
                ["--bench", path("b.json"), "--cycles", "2049638230412172402"], ["memory"])
        # 9. messages that say what is wrong
        other = cosim("recon_stack", "min")
        r = sh([other, "--replay", rec])
        record("hostile input: a recording of another configuration names both",
               one_line_error(r) and "recon_stack/default" in r.stderr
               and "recon_stack/min" in r.stderr, r.stderr)
        n = int(head[4])  # a recording whose block and configuration match, its width not
        wide = b" ".join([*head[:4], b"%d" % (n + 1), *head[5:]]) + b"\n" + data[nl:]
        refused("a recording with another number of input words a cycle",
                ["--replay", path("wide.rec", data=wide)],
                [f"with {n + 1} input words", f"recon_stack/default with {n}"])
        syms = "".join(f"sym S{i}=1\n" for i in range(257)) + "idle\n"
        refused("257 symbols", ["--scenario", path("m.scn", syms)], ["too many symbols"])
        refused("a key given twice", ["--scenario", path("k.scn", "idle w=0 w=1\n")],
                ["given twice"])
        keys = " ".join(f"k{i}=1" for i in range(33))
        refused("33 keys on a line", ["--scenario", path("n.scn", f"idle {keys}\n")],
                ["more than 32 keys"])
        r = refused("binary garbage in a scenario",
                    ["--scenario", path("g.scn", data=b"init w=\x01\xfe\xff\n")],
                    ["not a text line"])
        record("hostile input: binary garbage is not echoed", "\ufffd" not in r.stderr and
               "\x01" not in r.stderr, repr(r.stderr))
    with tempfile.TemporaryDirectory() as tmp:
        for f in glob.glob(os.path.join(ROOT, "synth", "results", "*.json")):
            shutil.copy(f, tmp)
        damaged = os.path.join(tmp, "mdt.json")
        data = json.load(open(damaged))
        first = next(iter(data["configs"]))
        del data["configs"][first]["critical_path"]
        json.dump(data, open(damaged, "w"))
        r = sh([sys.executable, "scripts/synth_render.py", "--results-dir", tmp,
                "--doc", os.path.join(tmp, "page.md")])
        record("hostile input: a results entry without a field is named, not a traceback",
               r.returncode == 1 and "Traceback" not in r.stderr
               and f"configuration '{first}' has no 'critical_path.class'" in r.stderr, r.stderr)
    r = sh(["make", "--no-print-directory", "sim", "BLOCK="])
    record("hostile input: make sim BLOCK= (empty) is refused, not run on every block",
           r.returncode != 0 and "BLOCK= is empty" in r.stderr, r.stderr[-500:])
    r = sh(["make", "--no-print-directory", "sim", "BLOCK=recon_stack", "CONFIG=all",
            "RECORD=never-written.rec"])
    record("hostile input: make sim RECORD= on several configurations (runs two at a time, "
           "one file) is refused", r.returncode != 0 and "select one block and configuration"
           in r.stderr and not os.path.exists(os.path.join(ROOT, "never-written.rec")),
           r.stderr[-500:])


def sh_timeout(cmd, seconds):
    """sh(), or None when it runs past seconds (a hang)."""
    try:
        return sh(cmd, timeout=seconds)
    except subprocess.TimeoutExpired:
        return None


def hostile_input_2():
    """The harness's second round against hostile input: each case once
    hung, aborted, crashed, passed vacuously or said its error twice."""
    exe = cosim("recon_stack", "default")
    with tempfile.TemporaryDirectory() as tmp:
        def path(name, data):
            p = os.path.join(tmp, name)
            with open(p, "wb") as f:
                f.write(data)
            return p

        def refused(what, r, words, lines=1):
            ok = r is not None and one_line_error(r) and \
                len(r.stderr.strip().splitlines()) == lines and all(w in r.stderr for w in words)
            record(f"hostile input 2: {what} -> exit 2, one-line error", ok,
                   "timed out" if r is None else f"exit {r.returncode}: {r.stderr}")

        # 1. a device is refused before it is read (it was read whole: a hang)
        for dev in ("/dev/zero", "/dev/urandom"):
            refused(f"--scenario {dev}", sh_timeout([exe, "--scenario", dev], 30), ["not a file"])
        # 2. Verilator's runtime aborts on a bad argument of its own: refused first
        for arg in ("+verilator+seed+0", "+verilator+seed+abc", "+verilator+rand+reset+7",
                    "+verilator+bogus", "+verilator+help"):
            refused(f"the Verilator argument {arg}", sh([exe, "--cycles", "10", arg]),
                    ["bad Verilator argument", arg])
        r = sh(["make", "--no-print-directory", "sim", "BLOCK=recon_stack", "CYCLES=10",
                "PLUSARGS=+verilator+seed+0"])
        record("hostile input 2: make sim PLUSARGS=+verilator+seed+0 fails with the one-line "
               "error, no abort", r.returncode != 0 and "bad Verilator argument" in r.stderr
               and "Abort" not in r.stderr and "134" not in r.stderr, r.stderr[-800:])
        r = sh([exe, "--cycles", "10", "+verilator+seed+7", "+verilator+rand+reset+2"])
        record("hostile input 2: good Verilator arguments still run", r.returncode == 0,
               r.stderr)
        # 3. make sim SCENARIO= a binary file or a link to a device: no traceback, no hang
        binary = path("recon_stack_bin.scn", bytes(range(256)) * 4)
        link = os.path.join(tmp, "recon_stack_zero.scn")
        os.symlink("/dev/zero", link)
        for what, f, word in (("a binary file", binary, "not a text line"),
                              ("a link to /dev/zero", link, "not a file")):
            r = sh_timeout(["make", "--no-print-directory", "sim", f"SCENARIO={f}"], 60)
            record(f"hostile input 2: make sim SCENARIO= {what} is refused with a message",
                   r is not None and r.returncode != 0 and "Traceback" not in r.stderr
                   and word in r.stderr, "timed out" if r is None else r.stderr[-800:])
        # 4. a NUL byte anywhere in a line makes it not a text line
        for what, data in (("after text", b"idle\x00 garbage=1\n"), ("first", b"\x00idle\n")):
            refused(f"a NUL byte {what} on a line",
                    sh([exe, "--scenario", path("nul.scn", data)]),
                    ["nul.scn:1:", "not a text line (byte 0x00"])
        # 5. a write error is said once
        r = sh([exe, "--cycles", "200000", "--record", "/dev/full"])
        record("hostile input 2: --record /dev/full -> exit 2, its write error said once",
               r.returncode == 2 and r.stderr.count("/dev/full") == 1, r.stderr)
        # 6. a recording that drives a port with bits above its width is damaged
        rec = os.path.join(tmp, "run.rec")
        a = sh([exe, "--seed", "3", "--cycles", "100", "--record", rec])
        data = open(rec, "rb").read()
        nl = data.index(b"\n") + 1
        head = data[:nl].split()
        per = (int(head[4]) + 1) * 8
        body = bytearray(data[nl:])
        op_word = 1 + 1  # req_op_i (2 bits) is input word 1; word 0 is the control word
        body[per * 5 + op_word * 8] |= 0x10  # cycle 5: req_op_i = 16 + ...
        fnv = 0xcbf29ce484222325
        for byte in body:
            fnv = ((fnv ^ byte) * 0x100000001b3) & (2**64 - 1)
        wide = b" ".join(head[:6]) + b" %016x\n" % fnv + bytes(body)
        record("hostile input 2: (the recording to damage was written)", a.returncode == 0,
               a.stderr)
        refused("a recording whose req_op_i carries bits above its 2",
                sh([exe, "--replay", path("wide.rec", wide)]),
                ["damaged", "cycle 5", "req_op_i"])
        # 7. two header lines of one name that disagree
        two = path("recon_stack_two.scn", b"# config: default\n# config: min\nidle\n")
        refused("two '# config:' lines that disagree", sh([exe, "--scenario", two]),
                ["second '# config:' line", "'min'"])
        r = sh([sys.executable, "scripts/cfg.py", "scenario", two, "configs"])
        refused("two '# config:' lines that disagree, in cfg.py", r,
                ["second '# config:' line", "'min'"])
    # 9. a soak of few cycles is still two runs, one with resets; a run has a time limit
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import soak
    runs = soak.plan(["recon_stack/default"], 10**7, 10**7)
    record("hostile input 2: a soak of 10^7 cycles is two runs, one with resets in mid-run",
           len(runs) == 2 and sum(r[3] for r in runs) == 10**7 and [r[4] for r in runs] ==
           [False, True], str(runs))
    r = sh([sys.executable, "scripts/soak.py", "--cycles", str(10**9), "--chunk", str(10**9),
            "--timeout", "1", "--jobs", "1", "--build", BUILD, "recon_stack/default"])
    record("hostile input 2: a soak run past --timeout is stopped and fails",
           r.returncode == 1 and "--timeout" in r.stdout, r.stdout[-800:] + r.stderr[-400:])


def scenario_language():
    """One language for every block: any file name with BLOCK= (a `# block:`
    line that disagrees refused), every failed check reported, a check
    value wider than its port refused, checks on request lines, every
    block's verbs and keys on docs/scenarios.md as its reader takes them."""
    with tempfile.TemporaryDirectory() as tmp:
        for b in decl.blocks():
            scn = os.path.join(tmp, "walk.scn")  # a name that names no block
            with open(scn, "w") as f:
                f.write("idle\nexpect\n")
            # (CONFIG=: a file without a `# config:` line runs on every
            # configuration, `max` too, whose builds make test leaves out)
            r = sh(["make", "--no-print-directory", "sim", f"BLOCK={b}", "CONFIG=default",
                    f"SCENARIO={scn}"])
            record(f"scenario language: make sim BLOCK={b} CONFIG=default SCENARIO=walk.scn runs",
                   r.returncode == 0 and f"{b} " in r.stdout and "PASS" in r.stdout,
                   r.stdout[-500:] + r.stderr[-800:])
        scn = os.path.join(tmp, "walk.scn")
        r = sh(["make", "--no-print-directory", "sim", f"SCENARIO={scn}"])
        record("scenario language: a file that names no block, without BLOCK=, is refused",
               r.returncode != 0 and "BLOCK=" in r.stderr and "Traceback" not in r.stderr,
               r.stderr[-500:])
        mdt = os.path.join(tmp, "mine.scn")
        with open(mdt, "w") as f:
            f.write("# block: mdt\nidle\n")
        r = sh(["make", "--no-print-directory", "sim", "BLOCK=recon_stack", f"SCENARIO={mdt}"])
        record("scenario language: BLOCK= that disagrees with the file's '# block:' is refused",
               r.returncode != 0 and "written for block 'mdt'" in r.stderr, r.stderr[-500:])
        r = sh([cosim("recon_stack", "default"), "--scenario", mdt])
        record("scenario language: a binary refuses a file of another '# block:' (exit 2)",
               one_line_error(r) and "written for block 'mdt'" in r.stderr, r.stderr)
        r = sh(["make", "--no-print-directory", "-n", "sim", f"SCENARIO={mdt}"])
        record("scenario language: a '# block:' line names the block of any file name",
               r.returncode == 0 and "mdt/" in r.stdout, r.stdout + r.stderr)
        # every failure of a walk-through, with its line, then the count
        fig10 = open(os.path.join(ROOT, "verif/pdom/scenarios/recon_stack_tbc_fig10.scn")).read()
        lines = fig10.splitlines()
        wrong = [i for i, l in enumerate(lines) if l.startswith("expect") and " depth=" in l][:3]
        for i in wrong:
            lines[i] = re.sub(r" depth=(\d+)", lambda m: f" depth={int(m.group(1)) + 7}", lines[i])
        bad = os.path.join(tmp, "recon_stack_bad.scn")
        with open(bad, "w") as f:
            f.write("\n".join(lines) + "\n")
        for exe in (cosim("recon_stack", "default"),
                    os.path.join(BUILD, "recon_stack", "default", "cosim_model")):
            r = sh([exe, "--scenario", bad, "--wave-dir", tmp])
            shown = all(f"{bad}:{i + 1}: expected depth = " in r.stderr for i in wrong)
            record(f"scenario language: {os.path.basename(exe)} shows all 3 failed checks, each "
                   "with its line, then the count (exit 1)",
                   r.returncode == 1 and len(wrong) == 3 and shown and
                   "3 failed checks" in r.stderr, r.stderr[-1500:])
        # checks on a request line: the outputs of its cycle, before its edge
        f = os.path.join(tmp, "recon_stack_req.scn")
        for depth, rc in ((0, 0), (1, 1)):
            with open(f, "w") as fh:
                fh.write(f"init w=0 pc=0x10 rpc=0x80 mask=[0-3] depth={depth} valid=0\n"
                         "expect w=0 depth=1 valid=1 pc=0x10 mask=[0-3]\n")
            r = sh([cosim("recon_stack", "default"), "--scenario", f])
            record(f"scenario language: a request line checks its own cycle (depth={depth}: "
                   f"exit {rc})", r.returncode == rc, r.stdout + r.stderr)
    r = sh([sys.executable, "scripts/gen_scenario_doc.py", "--check"])
    record("scenario language: docs/scenarios.md lists every block's verbs and keys as its "
           "reader takes them", r.returncode == 0, r.stdout + r.stderr)


def peek_lines():
    """A peek line is no cycle: a recording of a scenario with peeks holds
    only its cycles and replays to the same count; inputs that act only at an
    edge are bad keys on a peek; a failed peek says it was one."""
    peek = os.path.join(ROOT, "verif/tbc/scenarios/tbc_core_peek.scn")
    text = open(peek).read()
    with tempfile.TemporaryDirectory() as tmp:
        rec = os.path.join(tmp, "peek.rec")
        a = sh([cosim("tbc_core", "small"), "--scenario", peek, "--record", rec])
        r = sh([cosim("tbc_core", "small"), "--replay", rec])
        cycles = [re.search(r"cycles=(\d+)", x.stdout) for x in (a, r)]
        lines = sum(1 for l in text.splitlines()
                    if l.split("#")[0].split()[:1] not in ([], ["sym"], ["peek"]))
        record("scenario peek lines are no cycles: recorded and replayed cycles = "
               "the file's non-peek lines",
               a.returncode == 0 and r.returncode == 0 and all(cycles)
               and int(cycles[0].group(1)) == int(cycles[1].group(1)) == lines,
               a.stdout + a.stderr + r.stdout + r.stderr)
        for block, config, line in (("tbc_core", "small", "peek out_valid=0 take=0"),
                                    ("slip_ctrl", "small", "peek w=0 max=3 bytes=4"),
                                    ("dom_core", "small", "peek w=0 core_idle=1")):
            scn = os.path.join(tmp, f"{block}_x.scn")
            with open(scn, "w") as f:
                f.write(line + "\n")
            r = sh([cosim(block, config), "--scenario", scn])
            record(f"bad input {block}: an edge-only input on a peek line -> exit 2 at file:line",
                   one_line_error(r) and f"{scn}:1: 'peek' does not take key" in r.stderr,
                   f"exit {r.returncode}: {r.stderr}")
        scn = os.path.join(tmp, "tbc_core_bad_peek.scn")
        with open(scn, "w") as f:
            f.write(text.replace("peek out_valid=1 out=[4-7] out_pc=A last=1",
                                 "peek out_valid=1 out=[4-6] out_pc=A last=1"))
        r = sh([cosim("tbc_core", "small"), "--scenario", scn])
        record("scenario: a wrong peek fails (exit 1), named as a peek with its file:line",
               r.returncode == 1 and "(a peek before it, no clock edge)" in r.stderr
               and f"{scn}:30: expected out = [4-6]" in r.stderr, r.stdout + r.stderr)


def x_initial():
    """Every block with random initial values: the RTL is built with
    --x-assign unique --x-initial unique, and +verilator+rand+reset+2 with
    three Verilator seeds fills every register without a reset (the entry
    storage) with random bits before the first cycle: no mismatch."""
    for b in decl.blocks():
        for seed in (1, 2, 3):
            r = sh([cosim(b, "default"), "--cycles", "100000", "--seed", str(10 + seed),
                    "+verilator+rand+reset+2", f"+verilator+seed+{seed}"])
            record(f"x-initial {b}/default verilator seed {seed}: no mismatch",
                   r.returncode == 0, (r.stdout + r.stderr)[-1500:])
    r = sh([cosim("recon_stack", "default"), "--cycles", "10", "+bogus"])
    record("bad input: an argument with + that is not Verilator's -> exit 2",
           one_line_error(r), r.stderr)
    r = sh([os.path.join(ROOT, BUILD, "recon_stack", "default", "cosim_model"), "--cycles", "10",
            "+verilator+seed+1"])
    record("bad input: +verilator+ arguments to a model-only build (no RTL) -> exit 2",
           one_line_error(r) and "no RTL" in r.stderr, r.stderr)


def install_example():
    """The golden models as a library: make install into a fresh prefix,
    then docs/examples/recon_stack_example.c compiled through pkg-config
    against the installed copy, shared and static, and run."""
    with tempfile.TemporaryDirectory() as tmp:
        prefix = os.path.join(tmp, "prefix")
        r = sh(["make", "--no-print-directory", "install", f"PREFIX={prefix}"])
        record("make install PREFIX=...: library, headers, pkg-config file", r.returncode == 0
               and os.path.isfile(os.path.join(prefix, "lib", "pkgconfig", "simt-models.pc")),
               (r.stdout + r.stderr)[-1500:])
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib", "pkgconfig"))
        pc = subprocess.run(["pkg-config", "--cflags", "--libs", "simt-models"], env=env,
                            capture_output=True, text=True)
        libdir = os.path.join(prefix, "lib")
        example = os.path.join(ROOT, "docs", "examples", "recon_stack_example.c")
        for kind, link in (("shared", [*pc.stdout.split(), f"-Wl,-rpath,{libdir}"]),
                           ("static", [*pc.stdout.split()[:1],
                                       os.path.join(libdir, "libsimt_models.a")])):
            exe = os.path.join(tmp, f"example_{kind}")
            r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", example,
                                *link, "-o", exe], cwd=tmp, capture_output=True, text=True)
            run = subprocess.run([exe], cwd=tmp, capture_output=True, text=True) \
                if r.returncode == 0 else r
            record(f"docs/examples/recon_stack_example.c against the installed library "
                   f"({kind}, pkg-config): builds, runs, checks its own results",
                   pc.returncode == 0 and run.returncode == 0 and "depth 3" in run.stdout,
                   pc.stderr + r.stderr + run.stdout + run.stderr)


SANITIZER_REPORT = re.compile(r"runtime error|AddressSanitizer|LeakSanitizer")


def sanitizers():
    """The project's C -- models, testbenches, harness -- under AddressSanitizer
    and UBSan (model-only builds: Verilator's runtime is left out, it has
    known UBSan reports of its own): random runs on the default and paper
    (else min) configuration of every block, every scenario, and hostile
    input. Any report fails; the builds stop at the first one."""
    runs = []  # (block, config, args, what, want_rc)
    for b in decl.blocks():
        configs = list(decl.load(b).configs)
        for c in ["default", "paper" if "paper" in configs else "min"]:
            runs.append((b, c, ["--cycles", "100000", "--seed", "11"], "random", 0))
    for b, c, scn in scenario_files():
        runs.append((b, c, ["--scenario", scn], os.path.relpath(scn, ROOT), 0))
    tmp = tempfile.mkdtemp()
    rec = os.path.join(tmp, "r.rec")
    hostile = {
        "a warp id wider than its port": ("w.scn", b"init w=64 pc=0x100 mask=1\n"),
        "binary bytes": ("g.scn", b"init w=\x01\xfe\xff mask=1\n"),
        "a 300-symbol scenario": ("s.scn", "".join(f"sym S{i}=[0-3]\n" for i in range(300))
                                  .encode()),
        "a 1024-thread set on a 32-thread mask": ("m.scn", b"init w=0 pc=1 mask=[0-1023]\n"),
    }
    for what, (name, data) in hostile.items():
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(data)
        runs.append(("recon_stack", "default", ["--scenario", os.path.join(tmp, name)],
                     f"hostile: {what}", 2))
    with open(os.path.join(tmp, "bad.rec"), "wb") as f:
        f.write(b"SIMTREC2 recon_stack default 1 9 00000000000000000005 0000000000000000\n\1")
    runs.append(("recon_stack", "default", ["--replay", os.path.join(tmp, "bad.rec")],
                 "hostile: a damaged recording", 2))
    # in order, after the others: the replay reads the record's file
    ordered = [("recon_stack", "default", ["--cycles", "3000", "--record", rec], "record", 0),
               ("recon_stack", "default", ["--replay", rec], "replay", 0)]

    def build(bc):
        b, c = bc
        env = dict(os.environ, SANITIZE="1", MODEL_ONLY="1")
        r = subprocess.run(["bash", "scripts/build_cosim.sh", b, c, os.path.join(BUILD, b, c)],
                           cwd=ROOT, env=env, capture_output=True, text=True)
        return bc, r

    built = set()
    for (b, c), r in pmap(build, sorted({(b, c) for b, c, *_ in runs + ordered})):
        record(f"sanitizers {b}/{c}: build", r.returncode == 0, r.stderr[-1500:])
        if r.returncode == 0:
            built.add((b, c))

    def run(job):
        b, c, args, what, want = job
        return job, sh([os.path.join(ROOT, BUILD, b, c, "cosim_san"), *args])
    built_runs = [j for j in runs if j[:2] in built]
    for (b, c, args, what, want), r in [*pmap(run, built_runs),
                                        *map(run, [j for j in ordered if j[:2] in built])]:
        report = SANITIZER_REPORT.search(r.stderr)
        record(f"sanitizers {b}/{c} {what}: exit {want}, no report",
               r.returncode == want and not report, (r.stdout + r.stderr)[-2000:])
    shutil.rmtree(tmp, ignore_errors=True)


def doc_examples():
    """Every concrete `make sim` / `make lint` example in the README and
    docs/ (an indented or fenced line starting with the command), run as
    written; a RECORD= example is replayed too. (`make synth`, `make bench`,
    `make test` and `make clean` examples are not run here: the first two
    take up to an hour, the last two would recurse or destroy the build.)"""
    pages = [os.path.join(ROOT, "README.md")] + \
        sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    seen = []
    for page in pages:
        for line in open(page):
            m = re.match(r"^(?:    |\t)\s*(make (?:sim|lint)\b[^#`]*)", line)
            if m and "[" not in m.group(1) and "..." not in m.group(1):
                cmd = m.group(1).split()
                if cmd not in [c for c, _ in seen]:
                    seen.append((cmd, os.path.relpath(page, ROOT)))
    with tempfile.TemporaryDirectory() as tmp:
        for cmd, page in seen:
            runs = [cmd]
            rec = [a for a in cmd if a.startswith("RECORD=")]
            if rec:  # run.rec -> a temporary file, then replayed
                path = os.path.join(tmp, os.path.basename(rec[0][7:]))
                runs = [[a if a != rec[0] else f"RECORD={path}" for a in cmd],
                        [a if a != rec[0] else f"REPLAY={path}" for a in cmd]]
            again = run_earlier(cmd)
            if again is None:
                record(f"example ({page}): {' '.join(cmd)}: makes only runs the co-simulation "
                       "step passed, and those of `max` configurations (make -n)", True)
                continue
            if cmd[:2] == ["make", "sim"]:
                out(f"      run again: {again}")
            for run in runs:
                r = sh([*run[:1], "--no-print-directory", *run[1:]])
                record(f"example ({page}): {' '.join(run).replace(tmp, 'TMP')}",
                       r.returncode == 0, (r.stderr or r.stdout)[-2000:])


def run_earlier(cmd):
    """None when `cmd`, a `make sim` example, makes only runs (`make -n`: the
    commands it would execute) that all passed in cosim_runs(), their
    binaries up to date, but those of `max` configurations, which make test
    leaves out (configs()); else why it must run."""
    if cmd[:2] != ["make", "sim"] or any(a.startswith(("RECORD=", "REPLAY=")) for a in cmd):
        return "not a plain make sim"
    r = sh([*cmd[:1], "-n", "--no-print-directory", *cmd[1:]])
    lines = r.stdout.splitlines()

    def tested(block, config):
        return block not in decl.blocks() or config in configs(block)
    # build/<block>/<config>/cosim ...; bash scripts/build_cosim.sh <block> <config> <dir>
    runs = [l.split() for l in lines if re.match(r"^\S+/cosim\s", l)]
    if r.returncode or not runs:
        return f"make -n exit {r.returncode}, {len(runs)} runs"
    runs = [run for run in runs if tested(*os.path.normpath(run[0]).split(os.sep)[-3:-1])]
    builds = [l.split()[-1] for l in lines if "build_cosim.sh" in l and tested(*l.split()[-3:-1])]
    new = [" ".join(run) for run in runs if run_key(run) not in PASSED_RUNS]
    if builds or new:
        return f"{len(builds)} binaries to build ({' '.join(builds[:3])}), " \
               f"{len(new)} runs not passed ({'; '.join(new[:2])})"
    return None


@functools.lru_cache(None)
def bad_params():
    """Every block's parameter sets just outside its declared legal space
    (scripts/cfg.py bad_params), with the parameter the error must name
    (worked out once: three front ends ask)."""
    return tuple((b, p, word) for b in decl.blocks() for p, word in decl.bad_params(b))


def yosys_elaborate(block, params, full=False, defer=False):
    """Yosys reads and elaborates one parameter set; full: also proc + check.
    defer: read_verilog -defer, each module elaborated once, by hierarchy,
    with the parameters (without it every module is elaborated at its
    defaults first: the 298 parameter sets the checks reject took 810 s on
    one core, 248 s with it). Only for those: on the legal sets of 8 of
    the blocks (pst, asu, recon_stack, ...) Yosys 0.23's hierarchy
    derives the top a second time and fails an internal assertion."""
    top = decl.load(block).keys["top"]
    rtl = " ".join(decl.sources(block, "rtl-args"))
    fmt = decl.PARAM_FORMATS
    script = (f"read_verilog -defer -sv {rtl}; hierarchy -check -top {top} {fmt['hierarchy'](params)}"
              if defer else
              f"read_verilog -sv {rtl}; {fmt['yosys'](params)} {top}; hierarchy -check -top {top}")
    return sh(["yosys", "-q", "-p", script + ("; proc; check -assert" if full else "")])


def synth_front_end(largest=False):
    """Every configuration but `max` elaborated; the `min` ones through proc
    and check too (on the 1024-thread configurations proc alone takes many
    minutes: `make synth` is where they are synthesised). The `max` ones
    (largest=True) take minutes each, about three quarters of the whole:
    `make elaborate-max` (synth_front_end_max) runs them."""
    if shutil.which("yosys") is None:
        record("synthesis front end: yosys on PATH (scripts/setup.sh all)", False)
        return
    jobs = [(b, c) for b in decl.blocks() for c in configs(b, largest)]

    def one(bc):
        b, c = bc
        return b, c, yosys_elaborate(b, decl.params(b, c), full=c == "min")
    for b, c, r in pmap(one, jobs):
        what = "elaborates, proc, check" if c == "min" else "elaborates"
        record(f"yosys {what} {b}/{c}", r.returncode == 0, (r.stdout + r.stderr)[-1500:])
    if largest:
        return

    def bad(job):
        b, params, word = job
        return b, params, word, yosys_elaborate(b, params, defer=True)
    for b, params, word, r in pmap(bad, bad_params()):
        out = r.stdout + r.stderr
        # (the error itself names it: not a warning, nor an internal failure)
        named = any("ERROR" in line and word in line for line in out.splitlines())
        record(f"yosys rejects {b} {word}={params[word]} naming {word}",
               r.returncode != 0 and named, out[-800:])


def generated_files():
    """The files generated from the declarations are up to date."""
    r = sh([sys.executable, "scripts/gen_decl.py", "--check"])
    record("generated files match the declarations (scripts/gen_decl.py --check)",
           r.returncode == 0, r.stderr)
    bad_declaration_lines()
    source_lists()
    restated_facts()


def restated_facts():
    """A model's hand-written files (csim/<group>/<block>.h and .c) hold no
    fact its declaration holds: no parameter, port or create-code
    definitions (the generated <block>_decl.h has them), no list of its
    ports, no parameter range and no code or port width written as a
    number."""
    for b in decl.blocks():
        d = decl.load(b)
        pre = gen_decl.cprefix(d)
        files = [f"csim/{d.keys['group']}/{b}.{x}" for x in ("h", "c")]
        text = "\n".join(open(os.path.join(ROOT, f)).read() for f in files
                         if os.path.isfile(os.path.join(ROOT, f)))
        found = []
        for m in re.finditer(rf"\}}\s*({b}_(?:params|in|out)_t);", text):
            found.append(f"defines {m.group(1)}")
        found += [f"defines {m.group(0)}" for m in re.finditer(rf"\b{pre}_(?:OK|EPARAM_\w+)\s*=", text)]
        fields = {n[:n.rindex("_")] for n, _, _, _ in d.ports} - {"clk", "rst"}
        for m in re.finditer(r"#define (\w+)\(X\)((?:[^\n]*\\\n)*[^\n]*)", text):
            named = set(re.findall(r"X\(\s*[\w ]+,\s*(\w+)\s*\)", m.group(2))) & fields
            if len(named) > 1:
                found.append(f"lists ports in {m.group(1)}")
        for name, (lo, hi, _) in d.params.items():
            f = gen_decl.c_field(name)
            for m in re.finditer(rf"(?:p->|\bp\.){f}\s*(<=?|>=?)\s*(\d+)u?\b", text):
                if int(m.group(2)) in (lo, hi, lo - 1, hi + 1):
                    found.append(f"range '{m.group(0)}'")
        widths = {n[:n.rindex("_")]: w for n, _, w, _ in d.ports if w.isdigit() and w != "1"}
        for m in re.finditer(r"\bin->(\w+)\s*&\s*(0x[0-9a-fA-F]+|\d+)u?\b", text):
            if m.group(1) in widths and int(m.group(2), 0) == (1 << int(widths[m.group(1)])) - 1:
                found.append(f"width '{m.group(0)}'")
        record(f"{b}: the model's hand-written files restate nothing of configs/{b}.cfg",
               not found, "; ".join(found))


def source_lists():
    """A block's file list is what its hierarchy reaches: a sibling's module
    and an unused common cell are not in it, a grandchild's cell is."""
    for block, needs, not_needed in (
            ("warp_split_table", ["rtl/common/tourney.sv", "rtl/common/prio_enc.sv",
                                  "rtl/common/rr_pick.sv", "rtl/common/onehot_mux.sv"],
             ["rtl/dws/dws_core.sv", "rtl/dws/dws_core_portlist.svh"]),
            ("recon_stack", ["rtl/common/rsp_reg.sv"],
             ["rtl/common/tourney.sv", "rtl/common/prio_enc.sv"]),
            ("dws_core", ["rtl/pdom/recon_stack.sv", "rtl/common/tourney.sv",
                          "rtl/dws/warp_split_table_portlist.svh"], [])):
        files = decl.sources(block, "rtl") + decl.sources(block, "headers")
        record(f"the file list of {block} has what its hierarchy reaches, only",
               all(f in files for f in needs) and not any(f in files for f in not_needed),
               " ".join(files))


def bad_declaration_lines():
    """A port, period, cycles, code or ctype line that breaks the declaration's rules is an
    error naming the file (and line), not a wrong RTL port list or a
    synthesis against a meaningless clock."""
    cases = {
        "input named like an output": ("prio_enc", 'port in  extra_o 1 "x"\n'),
        "port declared twice": ("prio_enc", 'port in  in_i Width "x"\n'),
        "child port that does not exist": ("tbc_core", "ports tbc_stack no_such_i\n"),
        "ports of a block that is not a child": ("tbc_core", "ports mdt acc_valid_i\n"),
        "period of a configuration that does not exist": ("prio_enc", 'period nope 5 "x"\n'),
        "period that is not a positive number": ("prio_enc", 'period default 0 "x"\n'),
        "period without a number": ("prio_enc", 'period default fast "x"\n'),
        "cycles of a configuration that does not exist": ("prio_enc", 'cycles nope 5 "x"\n'),
        "cycles that is not a positive integer": ("prio_enc", 'cycles max 0 "x"\n'),
        "code list extending a child's that reuses one of its values":
            ("robust_core", 'code err 4 "x" after warp_slice_table\n    AGAIN 3 "x"\n'),
        "code list extending a block that is not a child": ("tbc_core", 'code err 4 "x" after mdt\n'),
        "code list extending a wider one": ("robust_core", 'code err 3 "x" after warp_slice_table\n'),
        "ctype of a port the block does not have": ("prio_enc", "ctype nope_o bool\n"),
        "ctype that is not a field type": ("prio_enc", "ctype in_i float\n"),
        "child parameter fixed that the child does not have":
            ("dws_core", "child recon_stack nocover NoSuch=1\n"),
        "child parameter fixed outside the child's range":
            ("dws_core", "child recon_stack nocover CountEnable=2\n"),
    }
    saved = decl.CFG_DIR
    try:
        for what, (block, line) in cases.items():
            with tempfile.TemporaryDirectory() as tmp:
                for f in glob.glob(os.path.join(saved, "*.cfg")) + \
                        glob.glob(os.path.join(saved, "*.inc")):
                    shutil.copy(f, tmp)
                with open(os.path.join(tmp, block + ".cfg"), "a") as f:
                    f.write(line)
                decl.CFG_DIR = tmp
                try:
                    decl.load(block)
                    ok, detail = False, "accepted"
                except decl.CfgError as e:
                    ok, detail = f"{block}.cfg:" in str(e), str(e)
            record(f"declaration: {what} is rejected with its file", ok, detail)
    finally:
        decl.CFG_DIR = saved


def slang_elaborate():
    """slang (scripts/slang_lint.py, which `make lint` runs on every
    configuration) elaborates for real: it rejects every parameter set just
    outside the legal space through the RTL's own check naming the
    parameter, not only through a side effect such as a zero-sized array."""
    try:
        import pyslang
        import slang_lint
    except ImportError as e:
        record("slang front end: pyslang installed (scripts/setup.sh test)", False, str(e))
        return
    for b, params, word in bad_params():
        errors, _, text = slang_lint.elaborate(pyslang, b, params)
        again = " ".join(["scripts/slang_lint.py", f"{b}/default",
                          *[f"{k}={v}" for k, v in params.items()]])
        record(f"slang rejects {b} {word}={params[word]} naming {word}",
               errors > 0 and re.search(rf"\$error encountered: [^\n]*\b{word}\b", text)
               is not None, f"{again}\n{text[-800:]}")
    r = sh([sys.executable, "scripts/slang_lint.py", "recon_stack/default", "NumWarps=six"])
    record("bad input: slang_lint.py NumWarps=six -> exit 2, one-line error",
           one_line_error(r), f"exit {r.returncode}: {r.stderr}")


def fusesoc_lint(block="tbc_core"):
    """The FuseSoC cores (scripts/gen_core.py) match the declarations, and
    one block's core, added to an empty FuseSoC library, lints its default
    configuration clean (Verilator --lint-only -Wall) and refuses an illegal
    parameter. tbc_core: a composed block, its core brings two RTL folders."""
    r = sh([sys.executable, "scripts/gen_core.py", "--check"])
    record("FuseSoC cores match the declarations (scripts/gen_core.py --check)",
           r.returncode == 0, r.stderr)
    r = sh([sys.executable, "-m", "fusesoc.main", "--version"])
    if r.returncode:  # the Python running the tests, where setup.sh installs it
        record("FuseSoC: fusesoc installed (scripts/setup.sh test)", False, r.stderr[-500:])
        return
    vlnv = f"simt-divergence:blocks:{block}"
    with tempfile.TemporaryDirectory() as tmp:
        conf = os.path.join(tmp, "fusesoc.conf")  # a fresh library list, not the user's
        open(conf, "w").close()
        fusesoc = [sys.executable, "-m", "fusesoc.main", "--config", conf]
        r = sh([*fusesoc, "library", "add", "simt-divergence", os.path.join(ROOT, "rtl")])

        def lint(*args):
            r = sh([*fusesoc, "run", "--build-root", os.path.join(tmp, "build"),
                    "--target", "lint", vlnv, *args])
            return r.returncode, r.stdout + r.stderr

        rc, out = lint() if r.returncode == 0 else (r.returncode, r.stderr)
        vc = glob.glob(os.path.join(tmp, "build", "*", "lint", "*.vc"))
        args = open(vc[0]).read().split() if vc else []
        record(f"FuseSoC: {vlnv} lint target from a fresh library: Verilator -Wall, 0 warnings",
               rc == 0 and "--lint-only" in args and "-Wall" in args and "%Warning" not in out,
               out[-2000:])
        bad, name = decl.bad_params(block)[0]
        rc, out = lint(*[f"--{k}={v}" for k, v in bad.items()])
        record(f"FuseSoC: {vlnv} lint target refuses {name}={bad[name]} at elaboration",
               rc != 0 and re.search(rf"%Warning-USERERROR: .*\b{name}\b", out) is not None,
               out[-2000:])


FUZZ_SECONDS = 8


def fuzzing():
    """scripts/fuzz.sh, FUZZ_SECONDS per target (its default targets: every
    scenario reader): the regression inputs of tests/fuzz/ and then new
    inputs through the scenario reader, the recording reader and the model
    under ASan and UBSan (docs/fuzzing.md); one result per target."""
    r = subprocess.run(["bash", "scripts/fuzz.sh", str(FUZZ_SECONDS)], cwd=ROOT,
                       capture_output=True, text=True, env={**os.environ, "BUILD": BUILD})
    out = r.stdout + r.stderr
    targets = sorted(set(re.findall(r"^fuzz (\S+/\S+):", out, re.M)))
    for t in targets:
        ok = re.search(rf"^fuzz {re.escape(t)}: .* no finding$", out, re.M) is not None
        record(f"fuzzing {t}: {FUZZ_SECONDS} s of libFuzzer with ASan/UBSan, regression "
               f"inputs first, no finding", ok and r.returncode == 0,
               "\n".join(l for l in out.splitlines() if t in l or "ERROR" in l)[-2000:])
    want = sorted(f"{b}/default" for b in decl.blocks())
    record("fuzzing: the default targets are every block (every scenario reader)",
           targets == want, f"targets {targets}, blocks {want}\n{out[-1500:]}")


def synth_pictures():
    """The area/timing pictures are current: scripts/synth_render.py renders
    the page and the pictures from synth/results/ into a temporary folder;
    the same pictures as docs/img/, pixel for pixel (the PNG bytes may differ
    with Pillow's zlib), and each one shown on a block page. A picture marks
    the results whose RTL or parameters changed since, so an RTL change
    without a re-render fails here too, as it does for the page."""
    try:
        from PIL import Image, ImageChops  # Pillow comes with matplotlib
    except ImportError:
        record("synth pictures: matplotlib installed (scripts/setup.sh test)", False)
        return
    img = os.path.join(ROOT, "docs", "img")
    with tempfile.TemporaryDirectory() as tmp:
        r = sh([sys.executable, "scripts/synth_render.py", "--doc",
                os.path.join(tmp, "area_timing.md")])
        fresh = sorted(os.listdir(os.path.join(tmp, "img"))) \
            if os.path.isdir(os.path.join(tmp, "img")) else []
        kept = sorted(f for f in os.listdir(img) if f.endswith(".png")) \
            if os.path.isdir(img) else []
        record("synth pictures: rendered from synth/results/, one per block, as in docs/img/",
               r.returncode == 0 and not r.stderr and fresh and fresh == kept,
               r.stderr.strip() or f"rendered {fresh}, docs/img/ has {kept}")
        for f in fresh:
            if f not in kept:
                continue
            a, b = (Image.open(os.path.join(d, f)).convert("RGBA")
                    for d in (os.path.join(tmp, "img"), img))
            same = a.size == b.size and a.tobytes() == b.tobytes()
            where = "" if same or a.size != b.size else \
                f", region {ImageChops.difference(a.convert('RGB'), b.convert('RGB')).getbbox()}"
            record(f"synth pictures: docs/img/{f} is current", same,
                   f"differs from a fresh render (size {b.size} vs {a.size}{where}); "
                   f"run python3 scripts/synth_render.py")
        page = open(os.path.join(tmp, "area_timing.md")).read() \
            if r.returncode == 0 else None
        record("synth pictures: docs/area_timing.md is current (links the pictures)",
               page == open(os.path.join(ROOT, "docs", "area_timing.md")).read(),
               "differs from a fresh render; run python3 scripts/synth_render.py")
    sys.path.insert(0, os.path.join(ROOT, "synth"))
    import synth_render  # noqa: E402  (scripts/, synth/ on the path)
    readme = open(os.path.join(ROOT, "README.md")).read()
    try:
        fresh_readme = synth_render.readme(readme)
    except decl.CfgError as e:
        fresh_readme = str(e)
    record("README's block table is current: each block's summary and sections from its "
           "declaration, its `paper` figures from synth/results/", fresh_readme == readme,
           "differs from a fresh render; run python3 scripts/synth_render.py")
    stale_pages = synth_render.pages()
    record("block pages: each <!-- results:BLOCK --> table and <!-- breakdown:BLOCK:CONFIG --> "
           "account is current (synth/results/)",
           not stale_pages, "differ from a fresh render (run python3 scripts/synth_render.py): "
           + " ".join(os.path.relpath(p, ROOT) for p in stale_pages))
    held = synth_render.held_figures()
    for page in sorted(glob.glob(os.path.join(ROOT, "docs", "blocks", "*.md"))) + \
            [os.path.join(ROOT, "README.md")]:
        unheld = synth_render.unheld_figures(open(page).read(), held)
        record(f"{os.path.relpath(page, ROOT)}: every area, gate count, flip-flop count and delay "
               "it quotes is held by synth/results/ (outside its History sections)", not unheld,
               "not held: " + "; ".join(f"line {n}: {fig}" for n, fig in unheld))
    pages = "".join(open(p).read() for p in sorted(glob.glob(
        os.path.join(ROOT, "docs", "blocks", "*.md"))))
    missing = [f for f in kept if f"](../img/{f})" not in pages]
    record("synth pictures: each block's picture is shown on a block page (docs/blocks/)",
           not missing, "not linked: " + " ".join(missing))


def synth_breakdown():
    """synth/breakdown.py charges each cell to the registers and outputs it
    reaches: a hand-made netlist (tests/synth/breakdown_netlist.v) whose
    answer follows from its wiring and the liberty's cell areas."""
    sys.path.insert(0, os.path.join(ROOT, "synth"))
    import breakdown  # noqa: E402
    import parse  # noqa: E402
    import run  # noqa: E402  (run.LIBERTY: the flow's liberty)
    try:
        area = {c: v["area"] for c, v in parse.read_liberty(run.LIBERTY)["cells"].items()}
    except parse.FlowError as e:
        record("synth breakdown: the OSU 0.18 um liberty (scripts/setup.sh all)", False, str(e))
        return
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(os.path.join(ROOT, "tests", "synth", "breakdown_netlist.v"),
                    os.path.join(tmp, "netlist.v"))
        with open(os.path.join(tmp, "run.json"), "w") as f:
            json.dump({"liberty": run.LIBERTY, "top": "t"}, f)
        try:
            got = breakdown.breakdown(tmp)
        except parse.FlowError as e:
            record("synth/breakdown.py reads a netlist", False, str(e))
            return
    rows = {r["name"]: (r["flip_flops"], r["ff_area_um2"], r["own_logic_um2"],
                        r["shared_logic_um2"]) for r in got["by_register"]}
    nand, xor = area["NAND2X1"] / 3, area["XOR2X1"] / 2  # NAND: 3 reached, XOR: 2
    want = {"a_q": (2, 2 * area["DFFPOSX1"], area["INVX1"], nand),
            "b_q": (1, area["DFFSR"], 0.0, nand + xor),
            "o": (0, 0.0, area["BUFX2"], 0.0),
            "o2": (0, 0.0, 0.0, nand + xor)}
    close = rows.keys() == want.keys() and all(
        rows[k][0] == want[k][0] and all(abs(a - b) < 0.1 for a, b in zip(rows[k][1:], want[k][1:]))
        for k in want)
    record("synth/breakdown.py: each cell charged to the registers and outputs it reaches, "
           "a shared one split evenly", close, f"got {rows}, want {want}")
    total = sum(area[c] for c in ("NAND2X1", "INVX1", "XOR2X1", "DFFPOSX1", "DFFPOSX1",
                                  "DFFSR", "BUFX2"))
    kinds = {k["kind"]: k["cells"] for k in got["by_kind"]}
    record("synth/breakdown.py: the rows sum to the netlist's area; cells counted by kind",
           abs(sum(r["area_um2"] for r in got["by_register"]) - total) < 0.5
           and got["unreached_um2"] == 0 and kinds["flip-flops"] == 3
           and kinds["XOR/XNOR"] == 1 and kinds["buffers, inverters"] == 2
           and kinds["other gates"] == 1, f"{got}")


def synth_front_end_max():
    """The `max` configurations through the synthesis front end (`make
    elaborate-max`; not in `make test`: tens of minutes on two cores)."""
    synth_front_end(largest=True)


# The suite: these first, one after the other (the last builds what the rest
# run), then two lanes side by side, each in its order. A section that needs
# what another makes runs after it in its lane: doc_examples after
# cosim_runs (the runs that passed), x_initial and bad_input after
# model_scenarios (the model-only builds). The lanes are balanced by the CPU
# time their sections took (the summary prints it).
FIRST = [generated_files, fusesoc_lint, build_all]
LANES = [[cosim_runs, doc_examples, scenarios, record_replay, synth_front_end, synth_pictures,
          synth_breakdown,
          slang_elaborate, install_example, system_model, unit_tests],
         [model_scenarios, x_initial, bad_input, mutants, model_params, sanitizers, fuzzing]]
SECTIONS = FIRST + [s for lane in LANES for s in lane]
# Sections run only when named.
ON_REQUEST = [synth_front_end_max]


def main():
    """`run_tests.py [SECTION...]` runs those sections only, one after the
    other (names as in SECTIONS; a section may need what an earlier one
    built)."""
    names = {s.__name__: s for s in SECTIONS + ON_REQUEST}
    unknown = [a for a in sys.argv[1:] if a not in names]
    if unknown:
        raise SystemExit(f"run_tests.py: unknown section {unknown[0]!r}; sections: {' '.join(names)}")
    start = time.monotonic()
    named = [names[a] for a in sys.argv[1:]]
    first = [Section(fn) for fn in named or FIRST]
    lanes = [] if named else [[Section(fn) for fn in lane] for lane in LANES]
    for section in first:
        if section.run() is False and section.fn is build_all:
            print("0 passed, 1 failed")
            return 1
    with ThreadPoolExecutor(len(lanes) or 1) as ex:
        for done in [ex.submit(lambda lane: [s.run() for s in lane], lane) for lane in lanes]:
            done.result()
    # where the suite's time goes (it must stay under 30 minutes on 2 cores,
    # a fresh clone's, CI's): each section's wall-clock seconds (the lanes'
    # overlap) and the CPU seconds of the programs it ran
    order = Section.order
    print("\nSeconds per section (wall/CPU): " +
          ", ".join(f"{s.fn.__name__} {s.wall:.0f}/{s.cpu:.0f}" for s in order) +
          f"; in all {(time.monotonic() - start) / 60:.1f} min wall, "
          f"{sum(s.cpu for s in order) / 60:.1f} min CPU")
    failed = [r for r in results if not r[1]]
    if failed:
        print("\nFailed:")
        for name, _, detail in failed:
            print(f"  {name}\n    {detail.strip()[:3000]}")
    print(f"\n{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
