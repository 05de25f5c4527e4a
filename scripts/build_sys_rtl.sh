#!/usr/bin/env bash
# Build simtsys with a mechanism's verilated block in the loop (simtsys
# --rtl) for one parameter set:
#   build_sys_rtl.sh OUTDIR BLOCK name=value...   -> OUTDIR/simtsys
# BLOCK and the words after it are what `simtsys --rtl-params` prints for
# the machine (the block's parameters in the model's snake_case names). The
# shim and port structs are generated from the RTL (scripts/gen_shim.py) as
# for the co-simulation; verif/sys/block_rtl.c binds them to the model's
# structs. scripts/simt_run.py --rtl calls this.
set -euo pipefail
out=${1:?usage: build_sys_rtl.sh OUTDIR BLOCK name=value...}
block=${2:?usage: build_sys_rtl.sh OUTDIR BLOCK name=value...}
shift 2
words="$block $*"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p "$out"
out=$(cd "$out" && pwd)

eval "$(python3 scripts/cfg.py shell "$block" default)"
# the Verilog parameters (-GName=value) and the kit's CFG_Name macros, by
# the declaration's names
mapfile -t named < <(python3 scripts/cfg.py snake-params "$block" "$@")
vparams=() cparams=() sets=()
for nv in "${named[@]}"; do
    vparams+=("-G$nv")
    cparams+=("-DCFG_$nv")
    sets+=(--set "$nv")
done
incflags=("${incdirs[@]/#/-I}")
mkdir -p "$out/gen" "$out/c"
python3 scripts/gen_shim.py --block "$block" --config default "${sets[@]}" --out "$out/gen" -- \
    "${vparams[@]}" "${incflags[@]}" "${rtl[@]}"

# the system model's C, as the Makefile's simtsys (make sys-sources: its
# include folders, sources, libraries), plus the RTL's binding
mapfile -t sys < <(make -s --no-print-directory sys-sources)
read -ra sys_incdirs <<< "${sys[0]}"
read -ra sys_srcs <<< "${sys[1]}"
sys_libs=${sys[2]}
cc=(gcc)
command -v ccache > /dev/null && cc=(ccache gcc)
cflags=(-std=c11 -O2 -g -Wall -Wextra -Werror "${sys_incdirs[@]/#/-I}"
        -Iverif/common -I"$out/gen" -DSIM_RTL -DSYS_RTL_TOP="$block"
        -DSYS_RTL_PARAMS="\"$words\"" "${cparams[@]}")
objs=()
for src in "${sys_srcs[@]}" csim/sys/cli/simtsys.c verif/sys/block_rtl.c; do
    obj="$out/c/$(basename "${src%.c}").o"
    "${cc[@]}" "${cflags[@]}" -c "$src" -o "$obj"
    objs+=("$obj")
done
rm -f "$out/simtsys" # Verilator's make does not see the objects: link again
verilator --cc --exe --build -j 2 --top-module "$top" "${vparams[@]}" -O3 --trace-fst \
    -Wno-fatal -Wno-lint -Wno-style \
    -CFLAGS "-I$root/verif/common -I$out/gen" -LDFLAGS "${objs[*]} $sys_libs -lz" \
    --Mdir "$out/obj" -o "$out/simtsys" \
    "$out/gen/${top}_shim.cpp" "${incflags[@]}" "${rtl[@]}" > "$out/verilator.log" 2>&1 || {
    tail -20 "$out/verilator.log" >&2
    echo "build_sys_rtl.sh: Verilator build failed (log: $out/verilator.log)" >&2
    exit 1
}
echo "built $out/simtsys"
