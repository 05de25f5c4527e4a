#!/usr/bin/env bash
# Build simtsys with the verilated recon_stack in the loop (simtsys --rtl)
# for one set of stack parameters:
#   build_sys_rtl.sh NUM_WARPS WARP_WIDTH DEPTH LCP OUTDIR   -> OUTDIR/simtsys
# The shim and port structs are generated from the RTL (scripts/gen_shim.py)
# as for the co-simulation; verif/sys/recon_stack_rtl.c binds them to the
# model's structs. scripts/simt_run.py --rtl calls this with the machine's
# parameters.
set -euo pipefail
nw=${1:?usage: build_sys_rtl.sh NUM_WARPS WARP_WIDTH DEPTH LCP OUTDIR}
ww=${2:?}
depth=${3:?}
lcp=${4:?}
out=${5:?}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p "$out"
out=$(cd "$out" && pwd)

eval "$(python3 scripts/cfg.py shell recon_stack default)"
vparams="-GNumWarps=$nw -GWarpWidth=$ww -GPcWidth=32 -GDepth=$depth -GLcpEnable=$lcp -GCountEnable=0"
incflags=("${incdirs[@]/#/-I}")
mkdir -p "$out/gen" "$out/c"
python3 scripts/gen_shim.py --block recon_stack --config default --out "$out/gen" -- \
    $vparams "${incflags[@]}" "${rtl[@]}"

# the system model's C, as the Makefile's simtsys (make sys-sources: its
# include folders, sources, libraries), plus the RTL's binding
mapfile -t sys < <(make -s --no-print-directory sys-sources)
read -ra sys_incdirs <<< "${sys[0]}"
read -ra sys_srcs <<< "${sys[1]}"
sys_libs=${sys[2]}
cc=(gcc)
command -v ccache > /dev/null && cc=(ccache gcc)
cflags=(-std=c11 -O2 -g -Wall -Wextra -Werror "${sys_incdirs[@]/#/-I}"
        -Iverif/common -I"$out/gen" -DSIM_RTL -DSYS_RTL_NUM_WARPS="${nw}u"
        -DSYS_RTL_WARP_WIDTH="${ww}u" -DSYS_RTL_DEPTH="${depth}u" -DSYS_RTL_LCP="${lcp}u")
objs=()
for src in "${sys_srcs[@]}" csim/sys/cli/simtsys.c verif/sys/recon_stack_rtl.c; do
    obj="$out/c/$(basename "${src%.c}").o"
    "${cc[@]}" "${cflags[@]}" -c "$src" -o "$obj"
    objs+=("$obj")
done
verilator --cc --exe --build -j 2 --top-module "$top" $vparams -O3 --trace-fst \
    -Wno-fatal -Wno-lint -Wno-style \
    -CFLAGS "-I$root/verif/common -I$out/gen" -LDFLAGS "${objs[*]} $sys_libs -lz" \
    --Mdir "$out/obj" -o "$out/simtsys" \
    "$out/gen/${top}_shim.cpp" "${incflags[@]}" "${rtl[@]}" > "$out/verilator.log" 2>&1 || {
    tail -20 "$out/verilator.log" >&2
    echo "build_sys_rtl.sh: Verilator build failed (log: $out/verilator.log)" >&2
    exit 1
}
echo "built $out/simtsys"
