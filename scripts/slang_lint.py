#!/usr/bin/env python3
"""A second SystemVerilog front end (`make lint`): slang, through its Python
package pyslang, elaborates each block configuration's top module with the
configuration's parameters, at slang's default warning set (the warnings the
`slang` command reports without -W options, its analysis pass included).

  slang_lint.py [BLOCK/CONFIG ...] [Name=Value ...]

No BLOCK/CONFIG: every configuration of every block. Name=Value overrides
a parameter of each selected configuration (an illegal value must be
rejected at elaboration: tests/run_tests.py checks that slang does).
Per configuration it prints `slang BLOCK/CONFIG: 0 warnings`, or slang's
diagnostics (file:line:column, as slang prints them) and the count of
errors and warnings. Exit 0 when every configuration is clean, 1 when one
is not, 2 on bad arguments.

Files, include folders, top module and parameters come from scripts/cfg.py.
"""
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cfg  # noqa: E402


class Usage(Exception):
    pass


def here(path):
    """A path of the repository, relative to the current folder."""
    return os.path.relpath(os.path.join(cfg.ROOT, path))


def elaborate(pyslang, block, params):
    """(errors, warnings, diagnostics text) of slang elaborating block's top
    with params; paths in the text are relative to the current folder."""
    d = pyslang.driver.Driver()
    d.addStandardArgs()
    # the text client the slang command prints through, kept to a string
    text = pyslang.TextDiagnosticClient()
    d.diagEngine.clearClients()
    d.diagEngine.addClient(text)
    # no error limit: a bad parameter's own $error must not be cut off behind
    # the errors it causes in a child (a zero-size array, ...)
    args = ["slang", "--top", cfg.load(block).keys["top"], "--error-limit=0",
            *[f"-G{k}={v}" for k, v in params.items()],
            *[f"-I{here(inc)}" for inc in cfg.sources(block, "incdirs")],
            *[here(f) for f in cfg.sources(block, "rtl")]]
    read = d.parseCommandLine(shlex.join(args), pyslang.driver.CommandLineOptions()) and \
        d.processOptions() and d.parseAllSources()
    if read:  # what the slang command does: compile, report, analyse
        compilation = d.createCompilation()
        for diag in compilation.getAllDiagnostics():
            d.diagEngine.issue(diag)
        d.runAnalysis(compilation)  # issues its own diagnostics
    errors = d.diagEngine.numErrors if read else max(1, d.diagEngine.numErrors)
    return errors, d.diagEngine.numWarnings, text.getString()


def selection(argv):
    """[(block, config, params, label)] of the command line."""
    sel = [a for a in argv if "=" not in a]
    overrides = {}
    for a in argv:
        if "=" in a:
            m = re.fullmatch(r"([A-Z][A-Za-z0-9]*)=(\d+)", a)
            if not m:
                raise Usage(f"bad parameter '{a}' (want Name=unsigned integer)")
            overrides[m.group(1)] = int(m.group(2))
    if not sel:
        sel = [f"{b}/{c}" for b in cfg.blocks() for c in cfg.load(b).configs]
    out = []
    for s in sel:
        if s.count("/") != 1:
            raise Usage(f"want BLOCK/CONFIG, got '{s}'")
        block, config = s.split("/")
        d = cfg.load(block)
        for name in overrides:
            if name not in d.params and name not in d.derived:
                raise Usage(f"block '{block}' has no parameter '{name}'")
        label = " ".join([s] + [f"{k}={v}" for k, v in overrides.items()])
        out.append((block, config, {**cfg.params(block, config), **overrides}, label))
    return out


def main(argv):
    try:
        sel = selection(argv)
        import pyslang
    except (Usage, cfg.CfgError) as e:
        print(f"slang_lint.py: {e}", file=sys.stderr)
        return 2
    except ImportError:
        print("slang_lint.py: pyslang is not installed (scripts/setup.sh lint)", file=sys.stderr)
        return 2
    clean = True
    for block, config, params, label in sel:
        errors, warnings, text = elaborate(pyslang, block, params)
        if errors or warnings or text:
            clean = False
            sys.stderr.write(text)
            sys.stderr.flush()
            print(f"slang {label}: {errors} error{'s' * (errors != 1)}, "
                  f"{warnings} warning{'s' * (warnings != 1)}", flush=True)
        else:
            print(f"slang {label}: 0 warnings", flush=True)
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
