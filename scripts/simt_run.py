#!/usr/bin/env python3
"""Run a C kernel on the system model and check it against the host.

    simt_run.py KERNEL [--size small|default|large] [--seed N] [--rtl] [SIMTSYS OPTIONS...]

KERNEL is a name from kernels/ (bfs) or the path of any C file that follows
the convention of kernels/rt/simt.h. The kernel is compiled for RISC-V
(rv32imf) and for the host into build/kernels/<name>/ (<name>-<hash> for
a file outside kernels/), the host build runs
thread by thread and writes the reference outputs, and build/sys/simtsys runs
the RISC-V build with --expect: the output buffers must be byte-identical.
With --rtl, simtsys drives the mechanism's verilated block instead of its model:
a build of simtsys with the RTL for the machine's parameters
(scripts/build_sys_rtl.sh, into build/sys/rtl/, once per parameter set).
Every other option goes to simtsys (--preset, --set, --sched, --json, ...).
Exit status: simtsys's (0 ok, 1 the run failed, 2 bad options, 3 outputs
differ), or 1 with one line on stderr when a build fails.

As a module: kernel_builds(), simtsys(), run() for tests/run_tests.py and
scripts/sweep.py.
"""
import hashlib
import os
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("BUILD", "build")
RT = os.path.join(ROOT, "kernels", "rt")
SIZES = ("small", "default", "large")

# The kernel convention's compiler flags (kernels/rt/simt.h): both builds
# round every float operation on its own, neither sets errno; the RISC-V
# build has no jump table or tail call (only returns jump indirectly) and
# keeps each loop's end test in one place (docs/system.md, "Writing a
# kernel").
COMMON = ["-O2", "-ffp-contract=off", "-fno-math-errno", "-Wall", "-Wextra", "-Werror",
          f"-I{RT}"]
RISCV = ["riscv64-unknown-elf-gcc", "-march=rv32imf", "-mabi=ilp32f", "-ffreestanding",
         "-nostdlib", "-fno-jump-tables", "-fno-optimize-sibling-calls",
         "-freorder-blocks-algorithm=simple",
         "-T", os.path.join(RT, "link.ld")]
RISCV_RT = [os.path.join(RT, "crt0.S"), os.path.join(RT, "simt_rt.c")]
HOST = ["gcc", "-std=c11"]
HOST_RT = [os.path.join(RT, "host.c")]


class BuildError(Exception):
    pass


def kernel_source(kernel):
    """The C file of a kernel name or path."""
    if os.path.sep in kernel or kernel.endswith(".c"):
        path = os.path.abspath(kernel)
    else:
        path = os.path.join(ROOT, "kernels", kernel + ".c")
    if not os.path.isfile(path):
        known = sorted(f[:-2] for f in os.listdir(os.path.join(ROOT, "kernels"))
                       if f.endswith(".c"))
        raise BuildError(f"no kernel '{kernel}' (a C file, or one of: {' '.join(known)})")
    return path


def _newer(target, sources):
    return os.path.exists(target) and all(
        os.path.getmtime(target) >= os.path.getmtime(s) for s in sources)


def _tmp(path):
    """A name next to path that no other process or thread uses."""
    return f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"


def _compile(cmd, target, sources):
    """Compiles into a file of its own, then renames it: runs that build the
    same kernel at once (make test's, a sweep's) never see half a file."""
    if _newer(target, sources):
        return
    tmp = _tmp(target)
    r = subprocess.run(cmd + ["-o", tmp], capture_output=True, text=True)
    if r.returncode:
        first = (r.stderr.strip().splitlines() or ["(no message)"])
        raise BuildError(f"{os.path.basename(target)}: compile failed: {first[0]}")
    os.replace(tmp, target)


def kernel_builds(kernel):
    """Compiles a kernel for RISC-V and the host (when out of date): returns
    (elf, host executable)."""
    src = kernel_source(kernel)
    name = os.path.splitext(os.path.basename(src))[0]
    folder = name
    if os.path.dirname(src) != os.path.join(ROOT, "kernels"):
        # a file from elsewhere: its own folder, even if a suite kernel has its name
        folder += "-" + hashlib.sha1(src.encode()).hexdigest()[:8]
    out = os.path.join(ROOT, BUILD, "kernels", folder)
    os.makedirs(out, exist_ok=True)
    runtime = [os.path.join(RT, f) for f in os.listdir(RT)]
    elf, host = os.path.join(out, name + ".elf"), os.path.join(out, name + ".host")
    _compile(RISCV + COMMON + RISCV_RT + [src, "-lgcc"], elf, [src] + runtime)
    _compile(HOST + COMMON + HOST_RT + [src, "-lm"], host, [src] + runtime)
    return elf, host


def simtsys():
    """Builds build/sys/simtsys with make (when out of date): its path."""
    target = os.path.join(BUILD, "sys", "simtsys")
    r = subprocess.run(["make", "--no-print-directory", "-s", target], cwd=ROOT,
                       capture_output=True, text=True)
    if r.returncode:
        raise BuildError(f"building simtsys failed: {(r.stderr or r.stdout).strip()[-500:]}")
    return os.path.join(ROOT, target)


def _sources(*patterns):
    import glob
    return [f for p in patterns for f in glob.glob(os.path.join(ROOT, p))]


def simtsys_rtl(options=()):
    """Builds simtsys with the verilated block of the mechanism and
    machine that `options` (--mech, --preset, --set) describe, when out of
    date: its path."""
    r = subprocess.run([simtsys(), "--rtl-params", *options], capture_output=True, text=True)
    if r.returncode:
        raise BuildError(r.stderr.strip().removeprefix("simtsys: "))
    block, *words = r.stdout.split()
    tag = "_".join(w.replace("=", "") for w in words)
    out = os.path.join(ROOT, BUILD, "sys", "rtl", block, tag)
    exe = os.path.join(out, "simtsys")
    deps = _sources("csim/sys/*.[ch]", "csim/sys/cli/*.c", "csim/*/*.[ch]", "rtl/*/*.sv",
                    "rtl/*/*.svh", "verif/sys/*.c", "verif/common/bind.h",
                    "scripts/build_sys_rtl.sh", "scripts/gen_shim.py", "scripts/gen_kit.py")
    if not _newer(exe, deps):
        r = subprocess.run(["bash", os.path.join(ROOT, "scripts", "build_sys_rtl.sh"), out,
                            block, *words], capture_output=True, text=True)
        if r.returncode:
            raise BuildError(f"building simtsys with the RTL failed: {r.stderr.strip()[-500:]}")
    return exe


def reference(host, size, seed):
    """Runs the host build: the path of its output file."""
    ref = f"{host}.{size}.{seed}.ref"
    if not _newer(ref, [host]):
        tmp = _tmp(ref)
        r = subprocess.run([host, str(SIZES.index(size)), str(seed), tmp],
                           capture_output=True, text=True)
        if r.returncode:
            raise BuildError(f"the host build failed: {r.stderr.strip()}")
        os.replace(tmp, ref)
    return ref


def run(kernel, size="small", seed=1, options=(), capture=True, rtl=False):
    """Builds, runs the host reference and simtsys --expect (with the RTL
    in the loop if rtl); the CompletedProcess of simtsys."""
    elf, host = kernel_builds(kernel)
    ref = reference(host, size, seed)
    exe = simtsys_rtl(options) if rtl else simtsys()
    cmd = [exe, elf, "--size", size, "--seed", str(seed), "--expect", ref, *options]
    if rtl:
        cmd.append("--rtl")
    return subprocess.run(cmd, capture_output=capture, text=True)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.split("\nAs a module")[0].strip())
        return 0 if argv else 2
    kernel, rest = argv[0], argv[1:]
    size, seed, options, rtl = "small", 1, [], False
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--rtl":
            rtl = True
            i += 1
        elif a in ("--size", "--seed"):
            if i + 1 == len(rest):
                print(f"simt_run.py: {a} needs a value", file=sys.stderr)
                return 2
            v = rest[i + 1]
            if a == "--size":
                if v not in SIZES:
                    print(f"simt_run.py: --size must be one of {', '.join(SIZES)}, not '{v}'",
                          file=sys.stderr)
                    return 2
                size = v
            else:
                if not v.isdigit() or int(v) >= 1 << 32:
                    print(f"simt_run.py: --seed must be a 32-bit number, not '{v}'",
                          file=sys.stderr)
                    return 2
                seed = int(v)
            i += 2
        else:
            options.append(a)
            i += 1
    try:
        return run(kernel, size, seed, options, capture=False, rtl=rtl).returncode
    except BuildError as e:
        print(f"simt_run.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
