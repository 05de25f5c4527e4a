#!/usr/bin/env bash
# Coverage-guided fuzzing of the scenario and recording readers
# (docs/fuzzing.md):
#   scripts/fuzz.sh SECONDS [BLOCK/CONFIG ...]
# For each target (default: every block's default configuration, so every
# scenario reader -- the blocks' own and the port-level one) it builds the
# libFuzzer binary (build_cosim.sh FUZZ=1 MODEL_ONLY=1) and the model-only
# binary, makes the seed corpus from the committed scenarios and recordings
# of them and of a short random run, and fuzzes for SECONDS, two
# targets at a time. The regression inputs tests/fuzz/<block>/ run first,
# every time. A crash, leak, sanitizer report or slow input fails the run,
# and its input is copied into tests/fuzz/<block>/ to be committed.
# Work folders: $BUILD/fuzz/<block>/<config>/ (BUILD default build).
set -euo pipefail
secs=${1:?usage: fuzz.sh SECONDS [BLOCK/CONFIG ...]}
shift
targets=("$@")
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t blocks < <(python3 scripts/cfg.py blocks)
    targets=("${blocks[@]/%//default}")
fi
build=${BUILD:-build}/fuzz

# Build and seed one target; its output goes to $dir/build.log.
prepare() {
    local block=${1%/*} config=${1#*/} dir=$build/$1
    mkdir -p "$dir"
    {
        FUZZ=1 MODEL_ONLY=1 bash scripts/build_cosim.sh "$block" "$config" "$dir"
        MODEL_ONLY=1 bash scripts/build_cosim.sh "$block" "$config" "$dir"
        rm -rf "$dir/corpus" "$dir/artifacts"
        mkdir -p "$dir/corpus" "$dir/artifacts"
        "$dir/cosim_model" --cycles 100 --record "$dir/corpus/random.rec"
        # every block's scenarios (one language), and recordings of those
        # this binary runs (its block's, for its configuration)
        local scn
        for scn in verif/*/scenarios/*.scn; do
            cp "$scn" "$dir/corpus/"
            "$dir/cosim_model" --scenario "$scn" --record "$dir/corpus/$(basename "$scn").rec" ||
                rm -f "$dir/corpus/$(basename "$scn").rec"
        done
        # their words as a dictionary: verbs, `key=`, values (a thread set, ...)
        sed 's/#.*//' verif/*/scenarios/*.scn | tr -s ' \t' '\n' | sed 's/=/=\n/' | grep . |
            sort -u | sed 's/["\\]/\\&/g; s/.*/"&"/' > "$dir/scenario.dict"
    } > "$dir/build.log" 2>&1
}

# Fuzz one target for $secs seconds: 0, or 1 with its input kept.
fuzz() {
    local dir=$build/$1 regress=tests/fuzz/${1%/*}
    local corpora=("$dir/corpus")
    [ -d "$regress" ] && corpora+=("$regress")
    if "$dir/cosim_fuzz" -max_total_time="$secs" -timeout=10 -close_fd_mask=3 \
        -dict="$dir/scenario.dict" -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
        "${corpora[@]}" > "$dir/fuzz.log" 2>&1; then
        final() { sed -n "s/^stat::$1: *//p" "$dir/fuzz.log"; } # libFuzzer's statistics
        echo "fuzz $1: ${secs}s, $(final number_of_executed_units) runs," \
             "$(final average_exec_per_sec)/s, no finding"
        return 0
    fi
    grep -E "ERROR|SUMMARY|runtime error|fuzz_cosim:" "$dir/fuzz.log" | head -20 >&2 || true
    mkdir -p "$regress"
    local found=0 f kept k
    for f in "$dir"/artifacts/*; do
        [ -e "$f" ] || continue
        kept=$regress/$(basename "$f")
        for k in "$regress"/*; do # a regression input that fails again
            if cmp -s "$f" "$k"; then kept=$k; fi
        done
        [ -e "$kept" ] || cp "$f" "$kept"
        echo "fuzz $1: FAIL on the input $kept; reproduce: $dir/cosim_fuzz $kept" >&2
        found=1
    done
    [ $found = 1 ] || echo "fuzz $1: FAIL without an input (log: $dir/fuzz.log)" >&2
    echo "fuzz $1: fix the bug and commit the kept input: it runs on every fuzz run" >&2
    return 1
}

# Two targets at a time: a job per target, its status in a file (the step
# runs as a plain command, so that set -e stops it at its first failure).
each() {
    local step=$1 t
    for t in "${targets[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
        ( "$step" "$t"; touch "$build/$t/$step.ok" ) &
    done
    wait
}

for t in "${targets[@]}"; do
    mkdir -p "$build/$t"
    rm -f "$build/$t"/{prepare,fuzz}.ok
done
each prepare
rc=0
for t in "${targets[@]}"; do
    if [ ! -e "$build/$t/prepare.ok" ]; then
        tail -20 "$build/$t/build.log" >&2
        echo "fuzz $t: build failed (log: $build/$t/build.log)" >&2
        rc=1
    fi
done
[ $rc = 0 ] || exit 1
each fuzz
for t in "${targets[@]}"; do
    [ -e "$build/$t/fuzz.ok" ] || rc=1
done
exit $rc
