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
        json       {"Name": Value, ...}
        plain      Name=Value ...   (default)
  cfg.py storage BLOCK CONFIG         storage bits predicted by the entry format
"""
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CFG_DIR = os.path.join(ROOT, "configs")


class CfgError(Exception):
    pass


def blocks():
    if not os.path.isdir(CFG_DIR):
        return []
    return sorted(f[:-4] for f in os.listdir(CFG_DIR) if f.endswith(".cfg"))


def load(block):
    path = os.path.join(CFG_DIR, block + ".cfg")
    if not os.path.isfile(path):
        raise CfgError(f"unknown block '{block}' (known: {' '.join(blocks())})")
    keys, configs = {}, {}
    with open(path) as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            where = f"{path}:{lineno}"
            if words[0] == "config":
                if len(words) < 2:
                    raise CfgError(f"{where}: 'config' needs a name")
                params = {}
                for w in words[2:]:
                    m = re.fullmatch(r"([A-Z][A-Za-z0-9]*)=(-?\d+)", w)
                    if not m:
                        raise CfgError(f"{where}: bad parameter '{w}' (want Name=integer)")
                    params[m.group(1)] = int(m.group(2))
                configs[words[1]] = params
            elif len(words) >= 2:
                keys[words[0]] = " ".join(words[1:])
            else:
                raise CfgError(f"{where}: cannot parse '{line}'")
    for k in ("group", "top"):
        if k not in keys:
            raise CfgError(f"{path}: missing '{k}' line")
    for need in ("default", "paper", "min", "max"):
        if need not in configs:
            raise CfgError(f"{path}: missing required configuration '{need}'")
    return keys, configs


def params(block, config):
    _, configs = load(block)
    if config not in configs:
        raise CfgError(f"block '{block}' has no configuration '{config}' "
                       f"(has: {' '.join(configs)})")
    return configs[config]


def clog2(x):
    return max(0, math.ceil(math.log2(x))) if x > 0 else 0


def storage(block, config):
    """Evaluate the block's 'storage' expression over the config's parameters."""
    keys, _ = load(block)
    expr = keys.get("storage")
    if expr is None:
        return None
    env = dict(params(block, config))
    env.update(clog2=clog2, max=max, min=min)
    return int(eval(expr, {"__builtins__": {}}, env))  # expression from our own cfg file


def main(argv):
    if len(argv) < 2:
        raise CfgError("usage: cfg.py blocks|configs|get|params|storage ...")
    cmd = argv[1]
    if cmd == "blocks":
        print("\n".join(blocks()))
    elif cmd == "configs" and len(argv) == 3:
        print("\n".join(load(argv[2])[1]))
    elif cmd == "get" and len(argv) == 4:
        keys, _ = load(argv[2])
        if argv[3] not in keys:
            raise CfgError(f"block '{argv[2]}' has no key '{argv[3]}'")
        print(keys[argv[3]])
    elif cmd == "params" and len(argv) in (4, 5):
        p = params(argv[2], argv[3])
        fmt = argv[4] if len(argv) == 5 else "plain"
        if fmt == "verilator":
            print(" ".join(f"-G{k}={v}" for k, v in p.items()))
        elif fmt == "cdefs":
            print(" ".join(f"-DCFG_{k}={v}" for k, v in p.items()))
        elif fmt == "yosys":
            print("chparam " + " ".join(f"-set {k} {v}" for k, v in p.items()))
        elif fmt == "json":
            print(json.dumps(p))
        elif fmt == "plain":
            print(" ".join(f"{k}={v}" for k, v in p.items()))
        else:
            raise CfgError(f"unknown format '{fmt}'")
    elif cmd == "storage" and len(argv) == 4:
        print(storage(argv[2], argv[3]))
    else:
        raise CfgError(f"bad arguments: {' '.join(argv[1:])}")


if __name__ == "__main__":
    try:
        main(sys.argv)
    except CfgError as e:
        print(f"cfg.py: {e}", file=sys.stderr)
        sys.exit(2)
