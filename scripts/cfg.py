#!/usr/bin/env python3
"""Read the named block configurations in configs/<block>.cfg.

The one parser of the configuration files; the Makefile, the synthesis and
benchmark scripts and the test runner all go through it.

  cfg.py blocks                       block names, one per line
  cfg.py configs BLOCK                configuration names of BLOCK
  cfg.py get BLOCK KEY                a block-level key (group, top, storage)
  cfg.py params BLOCK CONFIG [FORMAT] the parameters, FORMAT one of
        verilator  -GName=Value ...
        cdefs      -DCFG_Name=Value ...
        yosys      chparam -set Name Value ... (one line)
        hierarchy  -chparam Name Value ... (one line: Yosys' hierarchy
                   command's, after read_verilog -defer)
        json       {"Name": Value, ...}
        plain      Name=Value ...   (default)
  cfg.py storage BLOCK CONFIG         storage bits predicted by the entry format
  cfg.py period BLOCK CONFIG          the clock period (ns) the configuration is
        synthesised against: its `period` line, else nothing (the flow then
        uses synth/constraints.sdc's period_ns)
  cfg.py cycles BLOCK CONFIG          the length of the configuration's default
        co-simulation run (run_cycles(): make test's seed 1, make measured)
  cfg.py make FILE                    write the Makefile's view of every block
        (blocks, configurations, group, top, rtl-args, Verilator parameters)
        to FILE as make variables, if it changed; print FILE. One call per
        make invocation instead of one per lookup.
  cfg.py shell BLOCK CONFIG           what a build of one configuration needs
        (group, top, Verilator parameters, C defines, rtl, incdirs, csim) as
        shell assignments, for `eval` (scripts/build_cosim.sh)
  cfg.py scenario FILE block [--block=B]        the block a scenario file drives
        (its `# block:` line, else B, else the block its name starts with)
  cfg.py scenario FILE configs [C] [--block=B] the configuration it is written
        for (its `# config:` line; none: every configuration), or C if that agrees
  cfg.py sources BLOCK KIND           the block's source files, one per line,
        relative to the repository root; KIND one of
        rtl    of rtl/common/, the groups its group reuses, then rtl/<group>/
               (packages first in each), the files the block's top reaches:
               the modules it instantiates and packages it names, transitively
        csim   the *.c of the same folders under csim/ (the golden models)
        tests  tests/<group>/test_<block>.c, if the block has unit tests
        incdirs  include folders of the RTL (rtl/common, ..., rtl/<group>)
        cincdirs include folders of the models (csim/common, ..., csim/<group>)
        headers  the *.svh files in those folders that the rtl files include,
                 directly or not (what a result's RTL hash covers besides
                 the rtl files)
        rtl-args  -I<incdir>... and the rtl files: the arguments Verilator
                  and Yosys's read_verilog both take

The one file list: sim, lint, the unit tests, the Yosys step of the tests
and synthesis all ask `sources`.
"""
import functools
import json
import math
import os
import re
import shlex
import stat
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CFG_DIR = os.path.join(ROOT, "configs")


class CfgError(Exception):
    pass


def blocks():
    if not os.path.isdir(CFG_DIR):
        return []
    return sorted(f[:-4] for f in os.listdir(CFG_DIR) if f.endswith(".cfg"))


class Decl:
    """One block's declaration (configs/<block>.cfg)."""

    def __init__(self, name):
        self.name = name
        self.keys = {}        # group, top, summary, sections, storage, cprefix, ops
        self.configs = {}     # name -> {Param: value}
        self.params = {}      # Param -> (lo, hi, doc), in declaration order
        self.requires = []    # (expr, message)
        self.derived = {}     # Name -> expr over the parameters
        self.derived_from = {}  # Name -> the child a composed block has it from
        self.codes = {}       # kind -> {"width", "doc", "values": [(NAME, value, doc)]}
        self.covers = []      # (name, doc, when-expr or None)
        self.packed = []      # (port, element-width expr, own): a port of elements
        self.symbols = {}     # scenario symbol -> expr (e.g. none: the reserved PC)
        self.children = []    # composed blocks: child block names
        self.nocover = set()  # children whose cover points only their own testbench checks
        self.child_set = {}   # child -> {Param: value}: the child's parameters the
                              # composed block fixes (not its own parameters)
        self.uses = []        # blocks instantiated with parameters of their own (not children)
        self.ports = []       # (name, "in"|"out", width expr, doc), in port order
        self.port_child = {}  # composed blocks: port -> the child that declares it
        self.ctypes = {}      # port -> the C type of its model field, where the
                              # width's rule does not give it (scripts/gen_decl.py)
        self.periods = {}     # config -> (clock period ns, why): its timing target
        self.cycles = {}      # config -> (cycles, why): its default run's length

    def env(self, config_params):
        """Parameters and derived values of one parameter set."""
        env = dict(config_params)
        for k, e in self.derived.items():
            env[k] = evaluate(e, env)
        return env


def evaluate(expr, env):
    """A declaration expression (Python syntax: + - * // < and or, clog2,
    max, min) over parameter values; the expressions come from our own
    declaration files."""
    scope = dict(env)
    scope.update(clog2=clog2, max=max, min=min)
    try:
        return int(eval(expr, {"__builtins__": {}}, scope))
    except Exception as e:  # a bad expression in a declaration
        raise CfgError(f"cannot evaluate '{expr}': {e}") from None


def _words(where, line):
    try:
        return shlex.split(line, comments=True)
    except ValueError as e:
        raise CfgError(f"{where}: {e}") from None


def load(block):
    """The block's declaration, parsed once per process and folder (callers
    only read it)."""
    return _load(CFG_DIR, block)


def _lines(cfg_dir, path, seen=()):
    """(where, line) of a declaration file, each `include NAME` line replaced
    by the lines of configs/NAME.inc (facts several blocks share)."""
    with open(path) as f:
        for lineno, raw in enumerate(f, 1):
            where = f"{path}:{lineno}"
            words = _words(where, raw)
            if raw[:1] not in " \t" and words[:1] == ["include"]:
                inc = os.path.join(cfg_dir, words[1] + ".inc") if len(words) == 2 else ""
                if not os.path.isfile(inc) or inc in seen:
                    raise CfgError(f"{where}: want 'include NAME' of a configs/NAME.inc "
                                   "not included already")
                yield from _lines(cfg_dir, inc, seen + (inc,))
            else:
                yield where, raw


@functools.lru_cache(None)
def _load(cfg_dir, block):
    path = os.path.join(cfg_dir, block + ".cfg")
    if not os.path.isfile(path):
        raise CfgError(f"unknown block '{block}' (known: {' '.join(blocks())})")
    d = Decl(block)
    code = None  # the code list that indented lines extend
    for where, raw in _lines(cfg_dir, path):
        words = _words(where, raw)
        if not words:
            continue
        if raw[0] in " \t":
            if code is None:
                raise CfgError(f"{where}: an indented line belongs under a 'code' line")
            if len(words) not in (2, 3):
                raise CfgError(f"{where}: want NAME [VALUE] \"meaning\"")
            value = int(words[1], 0) if len(words) == 3 else \
                (code["values"][-1][1] + 1 if code["values"] else code["first"])
            if not re.fullmatch(r"[A-Z][A-Z0-9_]*", words[0]) or \
                    not 0 <= value < 1 << code["width"]:
                raise CfgError(f"{where}: bad code '{words[0]}' = {value}")
            if words[0] in ("WIDTH", "COUNT"):  # <PREFIX>_<KIND>_WIDTH/_COUNT are the list's
                raise CfgError(f"{where}: a code may not be named {words[0]} "
                               f"(the C header's <PREFIX>_<KIND>_{words[0]} is the list's own)")
            code["values"].append((words[0], value, words[-1]))
            continue
        code = None
        kw, args = words[0], words[1:]
        if kw == "config":
            if not args:
                raise CfgError(f"{where}: 'config' needs a name")
            params = {}
            for w in args[1:]:
                m = re.fullmatch(r"([A-Z][A-Za-z0-9]*)=(-?\d+)", w)
                if not m:
                    raise CfgError(f"{where}: bad parameter '{w}' (want Name=integer)")
                params[m.group(1)] = int(m.group(2))
            d.configs[args[0]] = params
        elif kw == "param" and len(args) == 3:
            m = re.fullmatch(r"(\d+)\.\.(\d+)", args[1])
            if not m:
                raise CfgError(f"{where}: want 'param Name LO..HI \"meaning\"'")
            d.params[args[0]] = (int(m.group(1)), int(m.group(2)), args[2])
        elif kw == "require" and len(args) == 2:
            d.requires.append((args[0], args[1]))
        elif kw == "derive" and len(args) == 2:
            d.derived[args[0]] = args[1]
        elif kw == "code" and (len(args) == 3 or len(args) == 5 and args[3] == "after"):
            # `after CHILD`: the list extends the child's list of that kind,
            # numbered on from its last code, none of its values reused
            code = {"width": int(args[1]), "doc": args[2], "values": [], "first": 0,
                    "after": args[4] if len(args) == 5 else None}
            if code["after"]:
                if code["after"] not in d.children:
                    raise CfgError(f"{where}: 'after {code['after']}': not a 'child' line above")
                theirs = load(code["after"]).codes.get(args[0])
                if theirs is None or theirs["width"] > code["width"]:
                    raise CfgError(f"{where}: '{code['after']}' has no '{args[0]}' list "
                                   f"of at most {code['width']} bits to extend")
                code["first"] = theirs["values"][-1][1] + 1
            d.codes[args[0]] = code
        elif kw == "cover" and len(args) in (2, 4) and (len(args) == 2 or args[2] == "when"):
            d.covers.append((args[0], args[1], args[3] if len(args) == 4 else None))
        elif kw == "period" and len(args) == 3:
            try:
                ns = float(args[1])
            except ValueError:
                ns = 0.0
            if not (math.isfinite(ns) and ns > 0):
                raise CfgError(f"{where}: want 'period CONFIG NS \"why\"' with NS > 0")
            d.periods[args[0]] = (ns, args[2])
        elif kw == "cycles" and len(args) == 3:
            if not re.fullmatch(r"[1-9]\d*", args[1]):
                raise CfgError(f"{where}: want 'cycles CONFIG N \"why\"' with N > 0")
            d.cycles[args[0]] = (int(args[1]), args[2])
        elif kw == "symbol" and len(args) == 2:
            d.symbols[args[0]] = args[1]
        elif kw == "packed" and len(args) == 2:
            d.packed.append((args[0], args[1], True))
        elif kw == "ctype" and len(args) == 2 and args[1] in CTYPES:
            d.ctypes[args[0]] = args[1]
        elif kw == "uses" and len(args) == 1:
            d.uses.append(args[0])
        elif kw == "child" and args and \
                all(a == "nocover" or re.fullmatch(r"[A-Z]\w*=\d+", a) for a in args[1:]):
            d.children.append(args[0])
            if "nocover" in args[1:]:
                d.nocover.add(args[0])
            d.child_set[args[0]] = {k: int(v) for k, v in
                                    (a.split("=") for a in args[1:] if "=" in a)}
        elif kw == "port" and len(args) == 4 and args[0] in ("in", "out"):
            if not re.fullmatch(r"\w+_(i|ni|o)", args[1]) or \
                    (args[1].endswith("_o") != (args[0] == "out")):
                raise CfgError(f"{where}: port '{args[1]}': an input ends in _i or _ni, "
                               "an output in _o")
            d.ports.append((args[1], args[0], args[2], args[3]))
        elif kw == "ports" and len(args) >= 2:
            if args[0] not in d.children:
                raise CfgError(f"{where}: 'ports {args[0]}': not a 'child' line above")
            theirs = {p[0]: p for p in load(args[0]).ports}
            for name in args[1:]:
                if name not in theirs:
                    raise CfgError(f"{where}: '{args[0]}' has no port '{name}'")
                d.ports.append(theirs[name])
                d.port_child[name] = args[0]
        elif kw in ("summary", "sections") and len(args) == 1:
            d.keys[kw] = args[0]
        elif kw in ("group", "top", "storage", "cprefix", "ops") and args:
            d.keys[kw] = " ".join(args)
        else:
            raise CfgError(f"{where}: cannot parse '{raw.strip()}'")
    for kind, c in d.codes.items():
        if c["after"]:
            theirs = {v: n for n, v, _ in load(c["after"]).codes[kind]["values"]}
            for n, v, _ in c["values"]:
                if v in theirs:
                    raise CfgError(f"{path}: code {kind} {n} = {v} is {c['after']}'s "
                                   f"{theirs[v]} (an extending list numbers on from its last)")
    own_derived, d.derived = d.derived, {}
    stray = sorted(set(d.ctypes) - {p[0] for p in d.ports})
    if stray:
        raise CfgError(f"{path}: 'ctype {stray[0]}': not a port of the block")
    for child in d.children:  # a composed block has its children's parameters
        c = load(child)
        for name, v in d.child_set[child].items():
            if name not in c.params:
                raise CfgError(f"{path}: 'child {child} {name}={v}': not a parameter of {child}")
            if not c.params[name][0] <= v <= c.params[name][1]:
                raise CfgError(f"{path}: 'child {child} {name}={v}': {name} must be "
                               f"{c.params[name][0]}..{c.params[name][1]}")
        for name, (lo, hi, doc) in c.params.items():
            if name in d.child_set[child]:
                continue
            # a parameter two children share: the range legal for both
            if name in d.params:
                lo, hi = max(lo, d.params[name][0]), min(hi, d.params[name][1])
                doc = d.params[name][2]
            d.params[name] = (lo, hi, doc)
        d.requires += [r for r in c.requires if r not in d.requires]
        for name, v in c.derived.items():
            if name not in d.derived:
                d.derived[name] = v
                d.derived_from[name] = child
        for name, v in c.symbols.items():
            d.symbols.setdefault(name, v)
        d.packed += [(port, e, False) for port, e, _ in c.packed
                     if port not in [q[0] for q in d.packed]]
        for port, t in c.ctypes.items():
            d.ctypes.setdefault(port, t)
    # the children's derived values first: the core's own may use them
    d.derived.update(own_derived)
    for name in own_derived:
        d.derived_from.pop(name, None)
    names = [p[0] for p in d.ports]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise CfgError(f"{path}: port declared twice: {' '.join(dup)}")
    for k in ("group", "top", "summary", "sections"):
        if k not in d.keys:
            raise CfgError(f"{path}: missing '{k}' line")
    for need in ("default", "paper", "min", "max"):
        if need not in d.configs:
            raise CfgError(f"{path}: missing required configuration '{need}'")
    for kw, named in (("period", d.periods), ("cycles", d.cycles)):
        for cname in named:
            if cname not in d.configs:
                raise CfgError(f"{path}: '{kw} {cname}': no such configuration")
    for cname, p in d.configs.items():
        bad = legal(d, p)
        if bad:
            raise CfgError(f"{path}: configuration '{cname}': {bad}")
    return d


# The C types a `ctype PORT TYPE` line may give a port's model field.
CTYPES = ("bool", "unsigned", "uint64_t", "bitmask_t")


def violation(d, p):
    """The first thing that makes the parameter set p illegal for d, as
    (parameter, message), or None. Every range in declaration order comes
    first, then every rule in order; a rule's parameter is the one its
    message names first (its elaboration error names it; the models'
    create() returns that parameter's code)."""
    for name, (lo, hi, _) in d.params.items():
        if name in p and not lo <= p[name] <= hi:
            return name, f"{name} must be {lo}..{hi}"
    if d.params:
        for name in p:
            if name not in d.params:
                return name, f"unknown parameter '{name}'"
        env = d.env({**{k: v[0] for k, v in d.params.items()}, **p})
        for expr, msg in d.requires:
            if not evaluate(expr, env):
                return rule_param(d, msg), msg
    return None


def rule_param(d, msg):
    """The parameter a rule's message names first."""
    named = [w for w in re.findall(r"[A-Za-z]\w*", msg) if w in d.params]
    if not named:
        raise CfgError(f"{d.name}: the rule message '{msg}' names no parameter")
    return named[0]


def legal(d, p):
    """None if the parameter set p is legal for declaration d, else why not."""
    v = violation(d, p)
    return v and v[1]


INT_UNSIGNED_MAX = (1 << 32) - 1  # the type of every parameter


def bad_params(block):
    """Parameter sets just outside the legal space, each with the parameter
    its elaboration error must name: one below and one above every range,
    and one per 'require' (found by a search near the default)."""
    d = load(block)
    base = d.configs["default"]
    out = []
    for name, (lo, hi, _) in d.params.items():
        # (a value above an `int unsigned` cannot be given at all)
        for v in ([lo - 1] if lo > 0 else []) + ([hi + 1] if hi < INT_UNSIGNED_MAX else []):
            out.append(({**base, name: v}, name))
    for expr, msg in d.requires:
        names = [n for n in d.params if re.search(rf"\b{n}\b", expr)]
        found = None
        for name in names:
            lo, hi, _ = d.params[name]
            for v in sorted(range(lo, hi + 1), key=lambda v: abs(v - base[name]))[:4096]:
                p = {**base, name: v}
                if legal(d, p) == msg:
                    found = (p, name)
                    break
            if found:
                break
        if not found:
            raise CfgError(f"{block}: no parameter set near 'default' breaks '{expr}'")
        out.append(found)
    return out


def params(block, config):
    configs = load(block).configs
    if config not in configs:
        raise CfgError(f"block '{block}' has no configuration '{config}' "
                       f"(has: {' '.join(configs)})")
    return configs[config]


# The length of a configuration's default co-simulation run (make sim's
# without CYCLES=, make test's seed 1 with every cover point required, make
# measured's runs): RUN_CYCLES,
# a `max` configuration's MAX_RUN_CYCLES (a cycle of one costs up to ten
# times its default's: simtx_rename max about 325 s per 10^6 cycles on two
# cores), or what its `cycles` line says (a configuration whose cover needs
# more).
RUN_CYCLES = 1_000_000
MAX_RUN_CYCLES = 200_000


def run_cycles(block, config):
    d = load(block)
    params(block, config)  # an unknown configuration is an error
    if config in d.cycles:
        return d.cycles[config][0]
    return MAX_RUN_CYCLES if config == "max" else RUN_CYCLES


def clog2(x):
    return max(0, math.ceil(math.log2(x))) if x > 0 else 0


def storage(block, config):
    """Evaluate the block's 'storage' expression over the config's parameters
    (a composed block's may name a child: that child's storage, over the
    child's own parameters and derived values, a composed child's in turn)."""
    return _storage(load(block), params(block, config))


def _storage(d, values):
    expr = d.keys.get("storage")
    if expr is None:
        return None
    env = d.env({k: values[k] for k in d.params if k in values})
    for child in d.children:
        bits = _storage(load(child), {**env, **d.child_set[child]})
        if bits is not None:
            env[child] = bits
    return evaluate(expr, env)


def _pkg_first(paths):
    """Files that declare a package before the rest (Yosys and Verilator need
    a package read before its first use); each part sorted by name."""
    def is_pkg(p):
        with open(os.path.join(ROOT, p), errors="replace") as f:
            return re.search(r"^\s*package\s+\w+", f.read(), re.M) is not None
    paths = sorted(paths)
    return [p for p in paths if is_pkg(p)] + [p for p in paths if not is_pkg(p)]


def _files(folder, suffix):
    d = os.path.join(ROOT, folder)
    if not os.path.isdir(d):
        return []
    return [f"{folder}/{f}" for f in sorted(os.listdir(d)) if f.endswith(suffix)]


def folder_files(folder):
    """Every RTL file of a folder (packages first) and every header."""
    return _pkg_first(_files(folder, ".sv")), _files(folder, ".svh")


def _code(path):
    """A source file without its comments."""
    with open(os.path.join(ROOT, path), errors="replace") as f:
        return re.sub(r"//[^\n]*|/\*.*?\*/", " ", f.read(), flags=re.S)


def _reached(paths, top, block):
    """The files of `paths` the block's hierarchy needs, in their order: the
    one declaring `top`, then, transitively, those declaring a module it
    instantiates (`name #(` or `name u_x (`) or a package it names
    (`name::`). So a block's result is dated by the RTL it is built from,
    not by a sibling's."""
    code = {p: _code(p) for p in paths}
    decl = {n: p for p in paths for n in re.findall(r"^\s*(?:module|package)\s+(\w+)", code[p], re.M)}
    if top not in decl:
        raise CfgError(f"block '{block}': no file declares module '{top}'")
    need, todo = set(), [decl[top]]
    while todo:
        p = todo.pop()
        if p in need:
            continue
        need.add(p)
        own = set(re.findall(r"^\s*(?:module|package)\s+(\w+)", code[p], re.M))
        todo += [decl[n] for n in decl if n not in own and
                 re.search(rf"\b{n}\s*(?:#\s*\(|\w+\s*\(|::)", code[p])]
    return [p for p in paths if p in need]


def _included(paths, headers):
    """The `headers` that `paths` include, directly or through another."""
    by_name = {os.path.basename(h): h for h in headers}
    need, todo = set(), list(paths)
    while todo:
        for n in re.findall(r'`include\s+"([^"]+)"', _code(todo.pop())):
            h = by_name.get(os.path.basename(n))
            if h and h not in need:
                need.add(h)
                todo.append(h)
    return [h for h in headers if h in need]


SOURCE_KINDS = ("rtl", "csim", "tests", "incdirs", "cincdirs", "headers", "rtl-args")


def _group_needs(group, seen=()):
    """The other groups a group's blocks reuse blocks from (a composed
    block's children, or a block it `uses`, may be of another group), those
    groups' needs first."""
    out = []
    for b in blocks():
        d = load(b)
        if d.keys["group"] != group:
            continue
        for child in d.children + d.uses:
            g = load(child).keys["group"]
            if g not in (group, "common") and g not in seen:
                out += [x for x in _group_needs(g, seen + (group,)) + [g] if x not in out]
    return out


def folders(block):
    """The groups whose sources a block uses: common, the groups its own
    group reuses (every block of a folder sees the same files), its own."""
    own = load(block).keys["group"]
    return ["common"] + _group_needs(own) + ([own] if own != "common" else [])


def sources(block, kind):
    """The block's source files of one kind, relative to the root."""
    group = load(block).keys["group"]
    folders_ = folders(block)
    if kind == "rtl":
        out = []
        for g in folders_:
            out += folder_files(f"rtl/{g}")[0]
        if not any(f.startswith(f"rtl/{group}/") for f in out):
            raise CfgError(f"block '{block}': no RTL in rtl/{group}/")
        return _reached(out, load(block).keys["top"], block)
    if kind == "csim":
        return [f for g in folders_ for f in _files(f"csim/{g}", ".c")]
    if kind == "tests":
        t = f"tests/{group}/test_{block}.c"
        return [t] if os.path.isfile(os.path.join(ROOT, t)) else []
    if kind == "incdirs":
        return [f"rtl/{g}" for g in folders_ if os.path.isdir(os.path.join(ROOT, "rtl", g))]
    if kind == "cincdirs":
        return [f"csim/{g}" for g in folders_ if os.path.isdir(os.path.join(ROOT, "csim", g))]
    if kind == "headers":
        return _included(sources(block, "rtl"),
                         [f for d in sources(block, "incdirs") for f in folder_files(d)[1]])
    if kind == "rtl-args":
        return [f"-I{d}" for d in sources(block, "incdirs")] + sources(block, "rtl")
    raise CfgError(f"unknown source kind '{kind}' (one of: {', '.join(SOURCE_KINDS)})")


SCENARIO_MAX_LINE = 4094  # bytes a scenario line may have (verif/common/scenario.c)


def scenario_headers(path):
    """{name: value} of a scenario file's header lines (`# block: NAME`,
    `# config: NAME`), read as the harness reads them (scenario_header in
    verif/common/scenario.c): a regular file only (a link to a device is
    refused before anything is read), lines of text, the value the first
    word after the colon; two lines of one name that disagree are an error."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise CfgError(f"scenario '{path}' is not a file")
        f = open(path, "rb")
    except OSError as e:
        raise CfgError(f"cannot open scenario '{path}': {e.strerror}") from None
    found = {}
    with f:
        for lineno, raw in enumerate(iter(lambda: f.readline(SCENARIO_MAX_LINE + 2), b""), 1):
            if len(raw) > SCENARIO_MAX_LINE + 1 or (len(raw) == SCENARIO_MAX_LINE + 1
                                                    and not raw.endswith(b"\n")):
                raise CfgError(f"{path}:{lineno}: line too long (at most {SCENARIO_MAX_LINE} "
                               "bytes)")
            bad = next((i for i, c in enumerate(raw) if not (32 <= c < 127 or c in b" \t\r\n\v\f")),
                       None)
            if bad is not None:
                raise CfgError(f"{path}:{lineno}: not a text line (byte 0x{raw[bad]:02x} at "
                               f"column {bad + 1})")
            m = re.match(r"#[ \t]*(block|config):[ \t]*(\S*)", raw.decode("ascii"))
            if not m:
                continue
            name, value = m.groups()
            if not value:
                raise CfgError(f"{path}:{lineno}: '# {name}:' names no {name}")
            if found.get(name, value) != value:
                raise CfgError(f"{path}:{lineno}: a second '# {name}:' line names '{value}', "
                               f"an earlier one '{found[name]}'")
            found[name] = value
    return found


def scenario(path, block=None):
    """(block, config) of a directed scenario file. The block: the file's
    `# block: NAME` line, else `block` (make's BLOCK=), else the block its
    file name starts with (<block>_*.scn, the longest such name); a `# block:`
    line and `block` that disagree are an error. The configuration: its
    `# config: NAME` line (None: any)."""
    head = scenario_headers(path)
    if block is not None and block not in blocks():
        raise CfgError(f"unknown block '{block}' ({' '.join(blocks())})")
    if "block" in head:
        if head["block"] not in blocks():
            raise CfgError(f"scenario '{path}': '# block: {head['block']}' names no block "
                           f"({' '.join(blocks())})")
        if block is not None and block != head["block"]:
            raise CfgError(f"scenario '{path}' is written for block '{head['block']}' "
                           f"(its '# block:' line), not '{block}'")
        block = head["block"]
    if block is None:
        base = os.path.basename(path)
        names = [b for b in blocks() if base.startswith(b + "_")]
        if not names:
            raise CfgError(f"scenario '{path}': name its block with BLOCK= or a '# block: NAME' "
                           f"line (its file name does not start with a block name and '_')")
        block = max(names, key=len)
    config = head.get("config")
    if config is not None and config not in load(block).configs:
        raise CfgError(f"scenario '{path}': block '{block}' has no configuration '{config}'")
    return block, config


PARAM_FORMATS = {  # how each consumer takes a parameter set
    "verilator": lambda p: " ".join(f"-G{k}={v}" for k, v in p.items()),
    "cdefs": lambda p: " ".join(f"-DCFG_{k}={v}" for k, v in p.items()),
    "yosys": lambda p: "chparam " + " ".join(f"-set {k} {v}" for k, v in p.items()),
    "hierarchy": lambda p: " ".join(f"-chparam {k} {v}" for k, v in p.items()),
    "json": json.dumps,
    "plain": lambda p: " ".join(f"{k}={v}" for k, v in p.items()),
}


def make_vars():
    """The Makefile's lookups, as make variables."""
    lines = ["# Generated by scripts/cfg.py make from configs/*.cfg: do not edit.",
             f"CFG_BLOCKS := {' '.join(blocks())}"]
    for b in blocks():
        d = load(b)
        lines += [f"CFG_GROUP_{b} := {d.keys['group']}", f"CFG_TOP_{b} := {d.keys['top']}",
                  f"CFG_FOLDERS_{b} := {' '.join(folders(b))}",
                  f"CFG_CONFIGS_{b} := {' '.join(d.configs)}",
                  f"CFG_RTLARGS_{b} := {' '.join(sources(b, 'rtl-args'))}"]
        lines += [f"CFG_VPARAMS_{b}/{c} := {PARAM_FORMATS['verilator'](p)}"
                  for c, p in d.configs.items()]
        lines += [f"CFG_CYCLES_{b}/{c} := {run_cycles(b, c)}" for c in d.configs]
    return "\n".join(lines) + "\n"


def write_if_changed(path, text):
    """Replace path by text atomically (parallel makes), only if it differs."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = f"{path}.{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def shell_vars(block, config):
    """One build's inputs as bash assignments (arrays for the file lists)."""
    d, p = load(block), params(block, config)
    q = shlex.quote
    arr = lambda name, xs: f"{name}=({' '.join(q(x) for x in xs)})"  # noqa: E731
    return "\n".join([
        f"group={q(d.keys['group'])}", f"top={q(d.keys['top'])}",
        f"vparams={q(PARAM_FORMATS['verilator'](p))}",
        f"cdefs={q(PARAM_FORMATS['cdefs'](p))}",
        arr("rtl", sources(block, "rtl")), arr("incdirs", sources(block, "incdirs")),
        arr("csim", sources(block, "csim")), arr("cincdirs", sources(block, "cincdirs"))])


def main(argv):
    if len(argv) < 2:
        raise CfgError("usage: cfg.py blocks|configs|get|params|storage ...")
    cmd = argv[1]
    if cmd == "blocks":
        print("\n".join(blocks()))
    elif cmd == "configs" and len(argv) == 3:
        print("\n".join(load(argv[2]).configs))
    elif cmd == "get" and len(argv) == 4:
        keys = load(argv[2]).keys
        if argv[3] not in keys:
            raise CfgError(f"block '{argv[2]}' has no key '{argv[3]}'")
        print(keys[argv[3]])
    elif cmd == "params" and len(argv) in (4, 5):
        p = params(argv[2], argv[3])
        fmt = argv[4] if len(argv) == 5 else "plain"
        if fmt not in PARAM_FORMATS:
            raise CfgError(f"unknown format '{fmt}'")
        print(PARAM_FORMATS[fmt](p))
    elif cmd == "sources" and len(argv) == 4:
        print("\n".join(sources(argv[2], argv[3])))
    elif cmd == "scenario" and len(argv) in (4, 5, 6):
        opts = [a for a in argv[4:] if a.startswith("--block=")]
        rest = [a for a in argv[4:] if not a.startswith("--block=")]
        block, config = scenario(argv[2], opts[0][8:] if opts else None)
        if argv[3] == "block" and not rest:
            print(block)
        elif argv[3] == "configs" and len(rest) <= 1:  # its configuration, or all of the block's
            configs = [config] if config else list(load(block).configs)
            if rest and rest[0]:
                if config and rest[0] != config:
                    raise CfgError(f"scenario '{argv[2]}' is written for configuration "
                                   f"'{config}', not '{rest[0]}'")
                configs = [rest[0]]
            print(" ".join(configs))
        else:
            raise CfgError(f"bad arguments: {' '.join(argv[1:])}")
    elif cmd == "storage" and len(argv) == 4:
        print(storage(argv[2], argv[3]))
    elif cmd == "period" and len(argv) == 4:
        params(argv[2], argv[3])  # an unknown configuration is an error
        if argv[3] in load(argv[2]).periods:
            print(f"{load(argv[2]).periods[argv[3]][0]:g}")
    elif cmd == "cycles" and len(argv) == 4:
        print(run_cycles(argv[2], argv[3]))
    elif cmd == "make" and len(argv) == 3:
        write_if_changed(argv[2], make_vars())
        print(argv[2])
    elif cmd == "shell" and len(argv) == 4:
        print(shell_vars(argv[2], argv[3]))
    elif cmd == "snake-params" and len(argv) >= 3:
        # name=value in the model's field names (simtsys --rtl-params) ->
        # Name=value as the block declares them, one per line
        from gen_decl import c_field  # noqa: E402  (it imports this module)
        names = {c_field(n): n for n in load(argv[2]).params}
        for word in argv[3:]:
            field, _, value = word.partition("=")
            if field not in names or not value:
                raise CfgError(f"block '{argv[2]}' has no parameter '{field}'")
            print(f"{names[field]}={value}")
    else:
        raise CfgError(f"bad arguments: {' '.join(argv[1:])}")


if __name__ == "__main__":
    try:
        main(sys.argv)
    except CfgError as e:
        print(f"cfg.py: {e}", file=sys.stderr)
        sys.exit(2)
