#!/usr/bin/env bash
# Check (and, as root, install) what the project needs on Debian 12.
#   scripts/setup.sh [sim|lint|synth|sys|test|all]   default: all
# Without root it prints the exact apt-get command and exits 1.
set -euo pipefail

what=${1:-all}
# ccache: the configurations of a block share their model and harness objects
base=(make gcc g++ python3 zlib1g-dev verilator ccache)
# libFuzzer and its sanitizer runtimes (scripts/fuzz.sh)
fuzz=(clang-14 libclang-rt-14-dev)
# the system model: kernels compiled for rv32imf, ELF files read with libelf;
# GNU parallel runs its sweeps (scripts/sys_sweep.py)
sys=(make gcc python3 gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf libelf-dev pkg-config
     parallel)
case "$what" in
    sim|lint) pkgs=("${base[@]}") ;;
    sys) pkgs=("${sys[@]}") ;;
    test) pkgs=("${base[@]}" libcmocka-dev pkg-config yosys "${fuzz[@]}" "${sys[@]}") ;;
    synth) pkgs=(make python3 yosys opensta qflow-tech-osu018) ;;
    all) pkgs=("${base[@]}" libcmocka-dev pkg-config yosys opensta qflow-tech-osu018 "${fuzz[@]}" "${sys[@]}") ;;
    *) echo "setup.sh: unknown target '$what' (sim, lint, synth, sys, test, all)" >&2; exit 2 ;;
esac

missing=()
for p in "${pkgs[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "setup.sh: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "setup.sh: missing Debian packages: ${missing[*]}" >&2
        echo "setup.sh: run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

# Python packages from PyPI, into the Python that runs the flows (python3):
# pyslang for make lint's second front end, matplotlib for make synth's
# pictures (pinned: the committed PNGs are compared pixel for pixel),
# fusesoc for the cores' lint target that make test runs.
case "$what" in
    sim|sys) py=() ;;
    lint) py=(pyslang==12.1.0) ;;
    synth) py=(matplotlib==3.11.2) ;;
    test|all) py=(pyslang==12.1.0 matplotlib==3.11.2 fusesoc==2.4.7) ;;
esac
py_missing=()
for spec in "${py[@]}"; do
    name=${spec%%==*}
    have=$(python3 -c "import importlib.metadata as m; print(m.version('$name'))" 2>/dev/null || true)
    [ "$have" = "${spec##*==}" ] || py_missing+=("$spec")
done
if [ ${#py_missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "setup.sh: installing ${py_missing[*]} (pip)"
        # Debian's own Python refuses pip outside a venv unless told
        python3 -m pip install -q "${py_missing[@]}" 2>/dev/null ||
            python3 -m pip install -q --break-system-packages "${py_missing[@]}"
    else
        echo "setup.sh: missing Python packages: ${py_missing[*]}" >&2
        echo "setup.sh: run: python3 -m pip install --user ${py_missing[*]}" >&2
        exit 1
    fi
fi

# Versions the flows were written against (Debian 12): Verilator 5.006, Yosys 0.23.
version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }
check() {
    local name=$1 have=$2 need=$3
    if ! version_at_least "$have" "$need"; then
        echo "setup.sh: $name $have is older than the $need this project needs" >&2
        exit 1
    fi
}
case "$what" in
    sim|lint|test|all)
        v=$(verilator --version | awk '{print $2}')
        check verilator "$v" 5.006 ;;
esac
case "$what" in
    synth|test|all)
        v=$(yosys -V | awk '{print $2}')
        check yosys "$v" 0.23 ;;
esac
case "$what" in
    synth|all)
        lib=${OSU018_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
        [ -f "$lib" ] || { echo "setup.sh: OSU 0.18um liberty not found at $lib (qflow-tech-osu018)" >&2; exit 1; }
        command -v sta >/dev/null || { echo "setup.sh: OpenSTA 'sta' not on PATH (opensta)" >&2; exit 1; } ;;
esac
exit 0
