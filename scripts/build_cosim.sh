#!/usr/bin/env bash
# Build the co-simulation binary of one block configuration:
#   build/<block>/<config>/cosim
# 1. generate the port structs and C-ABI shim from the RTL port list,
# 2. compile the golden model and testbench (C11, -Werror),
# 3. Verilate the RTL with the config's parameters and link everything.
# Called by the Makefile; RTL_MUTANT=<file> substitutes a mutated RTL file
# (tests/mutation), MODEL_MUTANT=<file> a mutated model source; RTL_OPT
# the level the Verilated C++ is compiled at (below).
# MODEL_ONLY=1 builds build/<block>/<config>/cosim_model instead: the
# testbench and the golden model without the RTL (no Verilator build), which
# runs directed scenarios against the model alone (the unit tests do).
# SANITIZE=1 (with MODEL_ONLY=1) builds build/<block>/<config>/cosim_san: the
# same with AddressSanitizer and UBSan, stopping at the first report. The
# sanitizers cover the project's C only: Verilator's own runtime (its FST
# writer) has known UBSan reports, so the RTL is left out.
# RTL_FROM=DIR reuses DIR's verilated RTL (below). VL_CXX the compiler of the
# Verilated C++ (below).
# FUZZ=1 (with MODEL_ONLY=1) builds build/<block>/<config>/cosim_fuzz: the
# same C under libFuzzer, ASan and UBSan (compiled by FUZZ_CC, default
# clang-14), with verif/fuzz/fuzz_cosim.c in place of cosim_main.c
# (scripts/fuzz.sh runs it).
set -euo pipefail
for mode in SANITIZE FUZZ; do
    if [ -n "${!mode:-}" ] && [ -z "${MODEL_ONLY:-}" ]; then
        echo "build_cosim.sh: $mode=1 needs MODEL_ONLY=1 (the project's C only)" >&2
        exit 2
    fi
done
rtl_opt=${RTL_OPT:--O1} # the level of the Verilated C++ (below)
case $rtl_opt in -O[0-3s]|-Og) ;; *) echo "build_cosim.sh: RTL_OPT=$rtl_opt: want -O0 to -O3, -Os or -Og" >&2; exit 2 ;; esac

block=${1:?usage: build_cosim.sh BLOCK CONFIG [OUTDIR]}
config=${2:?usage: build_cosim.sh BLOCK CONFIG [OUTDIR]}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${3:-build/$block/$config}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# group, top, vparams, cdefs and the file lists rtl, incdirs, csim: one call
vars=$(python3 scripts/cfg.py shell "$block" "$config")
eval "$vars"
incdirs=("${incdirs[@]/#/-I}")
if [ -n "${RTL_MUTANT:-}" ]; then
    rtl=($(for f in "${rtl[@]}"; do [ "$(basename "$f")" = "$(basename "$RTL_MUTANT")" ] && echo "$RTL_MUTANT" || echo "$f"; done))
fi

objdir=$out/c
[ -n "${MODEL_ONLY:-}" ] && objdir=$out/c_model
[ -n "${SANITIZE:-}" ] && objdir=$out/c_san
[ -n "${FUZZ:-}" ] && objdir=$out/c_fuzz
mkdir -p "$out/gen" "$objdir"
python3 scripts/gen_shim.py --block "$block" --config "$config" --out "$out/gen" -- $vparams "${incdirs[@]}" "${rtl[@]}"

CC=${CC:-gcc}
[ -n "${FUZZ:-}" ] && CC=${FUZZ_CC:-clang-14}
build_root=${BUILD:-build}
[[ $build_root = /* ]] || build_root=$root/$build_root
mkdir -p "$build_root"
# The models and the harness do not depend on the configuration: with ccache
# (scripts/setup.sh installs it; its cache in the build folder unless
# CCACHE_DIR says otherwise) every configuration after the first reuses
# their objects. Without it, everything is compiled.
# The Verilated C++ goes through it too (OBJCACHE, below): a mutant of
# make test changes a few of its model's files, and the mutants of one block
# and configuration share the rest. Paths under the build folder are hashed
# relative to it (CCACHE_BASEDIR: every build's obj/ and gen/ sit alike),
# the precompiled verilated.h is allowed (pch_defines, time_macros), and
# the depend mode takes the compiler's own dependency list instead of
# running the preprocessor on a miss (which parsed verilated.h again: a
# first build 37% slower; in depend mode about 4%, robust_core default).
# The 19 RTL mutants of recon_stack and simtx_frontend: 167 -> 124 CPU s.
cc=("$CC")
objcache=
if command -v ccache > /dev/null; then
    export CCACHE_DIR=${CCACHE_DIR:-$build_root/ccache}
    export CCACHE_BASEDIR=$build_root
    export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
    export CCACHE_DEPEND=1
    cc=(ccache "$CC")
    objcache=ccache
fi
cflags=(-std=c11 -O2 -Wall -Wextra -Werror -g
        "${cincdirs[@]/#/-I}" -Iverif/common -Iverif/"$group" -I"$out/gen"
        $cdefs -DCFG_NAME="\"$config\"" ${MODEL_ONLY:+-DCOSIM_MODEL_ONLY})
san=()
[ -n "${SANITIZE:-}" ] && san=(-fsanitize=address,undefined -fno-sanitize-recover=all
                               -fno-omit-frame-pointer)
[ -n "${FUZZ:-}" ] && san=(-fsanitize=fuzzer-no-link,address,undefined
                           -fno-sanitize-recover=all -fno-omit-frame-pointer)
cflags+=("${san[@]}")
objs=()
# Shared and group code, and this block's testbench (not the group's others).
srcs="${csim[*]} $(ls verif/common/*.c verif/"$group"/*.c 2>/dev/null | sort -u)"
for src in $srcs; do
    case "$src" in
        *_tb.c) [ "$(basename "$src")" = "${block}_tb.c" ] || continue ;;
        */cosim_main.c) if [ -n "${FUZZ:-}" ]; then src=verif/fuzz/fuzz_cosim.c; fi ;;
    esac
    if [ -n "${MODEL_MUTANT:-}" ] && [ "$(basename "$src")" = "$(basename "$MODEL_MUTANT")" ]; then
        src=$MODEL_MUTANT
    fi
    obj="$objdir/$(basename "${src%.c}").o"
    "${cc[@]}" "${cflags[@]}" -c "$src" -o "$obj"
    objs+=("$obj")
done

if [ -n "${MODEL_ONLY:-}" ]; then
    exe=$out/cosim_model
    [ -n "${SANITIZE:-}" ] && exe=$out/cosim_san
    if [ -n "${FUZZ:-}" ]; then
        exe=$out/cosim_fuzz
        san=("${san[@]/fuzzer-no-link/fuzzer}") # link libFuzzer's main()
    fi
    "$CC" "${san[@]}" "${objs[@]}" -o "$exe"
    echo "built $exe"
    exit 0
fi

# Verilator's runtime (verilated.o, its FST writer, its thread pool) is the
# same for every block and configuration: it is compiled once, by the first
# build that needs it, into build/verilator_rt/ (tagged with Verilator's
# version) and linked into every binary, instead of once per build. The
# first build compiles it through its own generated makefile, so the flags
# are exactly those Verilator would use.
# The same first build precompiles verilated.h, once per optimisation level
# the generated files are compiled at (pch/-O1/, pch/-O0/: g++ silently
# ignores a header precompiled at another level, and can crash on one):
# every generated file includes it first, and parsing it was about a third
# of a model's compile time (1.4 s of each file's).
rtdir=$build_root/verilator_rt
rt_objs=(verilated.o verilated_fst_c.o verilated_threads.o)
rt_paths=("${rt_objs[@]/#/$rtdir/}")

# RTL_FROM=DIR (not with RTL_MUTANT): the RTL as DIR already verilated it (a
# build of the same block and configuration); only the C is compiled and
# linked against DIR's objects (a model mutant: make test's mutants).
if [ -n "${RTL_FROM:-}" ] && [ -z "${RTL_MUTANT:-}" ]; then
    vobj=$RTL_FROM/obj
    g++ "$vobj/${top}_shim.o" "${rt_paths[@]}" "$vobj/V${top}__ALL.a" -lz "${objs[@]}" \
        -pthread -lpthread -latomic -o "$out/cosim"
    echo "built $out/cosim (RTL of $RTL_FROM)"
    exit 0
fi

fail() {
    tail -30 "$out/verilator.log" >&2
    echo "build_cosim.sh: Verilator build of $block/$config failed (log: $out/verilator.log)" >&2
    exit 1
}
# The Verilated C++ at -O1, not -O3: it is most of a fresh build's time
# (about 200 MB of C++ over every configuration), and -O1 compiles it in
# half the time for a model about 10% slower (pirat default: 40 -> 23 CPU
# seconds to build, 10.2 -> 11.5 s for 10^6 cycles). The files Verilator
# marks slow (__Slow.cpp: construction, initial values, the first settle;
# run once) at -O0: a third of a large model's C++ (simtx_rename max: 104
# -> 81 s to build, the same speed). `make bench` records the level its
# figures were measured at (the file rtl_opt beside cosim). RTL_OPT=-O0
# compiles it all at -O0, in half the time of -O1 for a model about 7 times
# slower: make test's mutants, whose runs end at the first mismatch (within
# 100 cycles for half of them, 2 * 10^5 at most).
slow_opt=-O0
# The Verilated C++ (and Verilator's runtime) compiled by clang++-14 when it
# is installed (scripts/setup.sh test installs it, for the fuzzing), else by
# g++: clang compiles the generated code in about 60% of g++'s CPU time at
# -O1 and half at -O0 (robust_core default: 12.9 -> 7.9 CPU s, 9.0 -> 4.6 s;
# six of make test's mutants: 41 -> 29 s), for a model as fast (robust_core
# default 1.55 -> 1.58 s for 300,000 cycles, pirat default 1.59 -> 1.39 s
# for 200,000). VL_CXX=g++ chooses g++.
vl_cxx=${VL_CXX:-clang++-14}
command -v "$vl_cxx" > /dev/null || vl_cxx=g++
case $vl_cxx in *clang*) pch_ext=pch ;; *) pch_ext=gch ;; esac
verilator --cc --exe --top-module "$top" $vparams \
    -O3 --x-assign unique --x-initial unique --assert --trace-fst \
    -Wno-fatal -Wno-lint -Wno-style \
    -CFLAGS "-I$root/verif/common -I$out/gen" \
    -LDFLAGS "${objs[*]} ${rt_paths[*]} -lz" \
    --Mdir "$out/obj" -o "$out/cosim" \
    "$out/gen/${top}_shim.cpp" "${incdirs[@]}" "${rtl[@]}" > "$out/verilator.log" 2>&1 || fail
mk=(make -C "$out/obj" -f "V${top}.mk" OPT_GLOBAL=-O2 CXX="$vl_cxx" OBJCACHE=$objcache)
(
    flock 9
    tag="$(verilator --version) (runtime at OPT_GLOBAL=-O2 by $vl_cxx)"
    if [ "$(cat "$rtdir/version" 2>/dev/null)" != "$tag" ]; then
        rm -rf "$rtdir" && mkdir -p "$rtdir"
        "${mk[@]}" -j 2 "${rt_objs[@]}" >> "$out/verilator.log" 2>&1 || exit 1
        for o in "${rt_objs[@]}"; do mv "$out/obj/$o" "$rtdir/"; done
        echo "$tag" > "$rtdir/version"
    fi
    # the model's makefile, plus one rule per level missing: its own flags
    for level in $(printf '%s\n' "$rtl_opt" "$slow_opt" | sort -u); do
        pch=$rtdir/pch/$level
        [ -f "$pch/vl_pch.h.$pch_ext" ] && continue
        mkdir -p "$pch"
        printf '#include "verilated.h"\n#include "verilated_fst_c.h"\n' > "$pch/vl_pch.h"
        printf 'pch:\n\t$(CXX) $(CXXFLAGS) $(CPPFLAGS) %s -x c++-header -o %s %s\n' \
            "$level" "$out/obj/pch.gch" "$pch/vl_pch.h" > "$out/obj/pch.mk"
        "${mk[@]}" -f "$out/obj/pch.mk" pch >> "$out/verilator.log" 2>&1 || exit 1
        mv "$out/obj/pch.gch" "$pch/vl_pch.h.$pch_ext"
    done
) 9> "$build_root/.verilator_rt.lock" || fail
"${mk[@]}" -j 2 VK_GLOBAL_OBJS= \
    OPT_FAST="$rtl_opt -include $rtdir/pch/$rtl_opt/vl_pch.h" \
    OPT_SLOW="$slow_opt -include $rtdir/pch/$slow_opt/vl_pch.h" \
    >> "$out/verilator.log" 2>&1 || fail
echo "$rtl_opt (slow paths $slow_opt, $vl_cxx)" > "$out/rtl_opt"
echo "built $out/cosim"
