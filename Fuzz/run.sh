#!/usr/bin/env bash
# Runs the fuzz targets: each for a while over its committed seed corpus, with the address sanitizer.
#
#   bash Fuzz/run.sh [--seconds N] [--seed N] [fuzz-target ...]    # default: 60 s each, every target
#
# --seed fixes libFuzzer's random seed, so a run that fails fails again the same way (CI uses 1).
# New inputs libFuzzer finds go to .build-fuzz/corpus/<target> (kept between runs, never committed);
# a crash leaves its input in .build-fuzz/crashes/<target>/ and the script exits 1. Replay one with
#   .build-fuzz/<package>/release/<target> <file>     # <package>: mall or middleware
set -euo pipefail
# This script by its full path: the help reads it after the cd below.
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

usage() { sed -n '2,9p' "$script" | sed 's/^# \{0,1\}//'; }
seconds=60
seed=()
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds)
            [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "Error: --seconds needs a whole number of seconds, e.g. --seconds 600" >&2; exit 2; }
            seconds=$2; shift 2 ;;
        --seed)
            [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]{0,9}$ ]] && [ "$2" -le 4294967295 ] || { echo "Error: --seed needs a whole number from 1 to 4294967295, e.g. --seed 1" >&2; exit 2; }
            seed=("-seed=$2"); shift 2 ;;
        -h|--help) usage; exit 0 ;;
        fuzz-*) targets+=("$1"); shift ;;
        *) echo "Error: unknown argument '$1'; name fuzz targets (Fuzz/README.md lists them), or use --seconds N or --seed N" >&2; exit 2 ;;
    esac
done
# The mall's targets are in this package (seeds in Fuzz/Corpus), the middleware's in its fuzz package
# (ComponentMiddleware/Fuzz, seeds in its Corpus).
mall_targets=$(ls Fuzz/Corpus)
middleware_targets=$(ls ComponentMiddleware/Fuzz/Corpus)
all="$mall_targets"$'\n'"$middleware_targets"
# The package folder, scratch folder and seed corpus of a target.
in_mall() { grep -qxF "$1" <<< "$mall_targets"; }
package_of() { if in_mall "$1"; then echo .; else echo ComponentMiddleware/Fuzz; fi; }
scratch_of() { if in_mall "$1"; then echo .build-fuzz/mall; else echo .build-fuzz/middleware; fi; }
seeds_of() { if in_mall "$1"; then echo "Fuzz/Corpus/$1"; else echo "ComponentMiddleware/Fuzz/Corpus/$1"; fi; }
if [ ${#targets[@]} -eq 0 ]; then
    read -r -a targets <<< "$(echo $all)"
fi
for target in "${targets[@]}"; do
    grep -qxF "$target" <<< "$all" || { echo "Error: no fuzz target '$target'; there are: $(echo $all)" >&2; exit 2; }
done

# SwiftPM hands the compiler one of the two --sanitize flags, whichever comes first in an unordered set,
# so half the builds had no coverage instrumentation at all; the -Xswiftc flag asks for both, always.
mkdir -p .build-fuzz
for target in "${targets[@]}"; do
    build_log=".build-fuzz/$target.build.log"
    if ! swift build -c release --package-path "$(package_of "$target")" --product "$target" --sanitize=fuzzer \
        --sanitize=address --disable-dead-strip -Xswiftc -sanitize=fuzzer,address --scratch-path "$(scratch_of "$target")" \
        > "$build_log" 2>&1; then
        grep -E 'error:' "$build_log" | sort -u | head -n 20 >&2 || true
        echo "Error: $target did not build; see $build_log" >&2
        exit 1
    fi
    tail -n 1 "$build_log"
done

status=0
failures=""
printf '\n%-26s %10s %8s %8s  %s\n' target executions cov ft result
for target in "${targets[@]}"; do
    corpus=".build-fuzz/corpus/$target"
    crashes=".build-fuzz/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    log=".build-fuzz/$target.log"
    set +e
    # The leak check is off: the Swift runtime's metadata caches and Foundation's singletons live until
    # exit by design, and libFuzzer would report them as leaks of each input.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$(scratch_of "$target")/release/$target" ${seed[@]+"${seed[@]}"} \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "$corpus" "$(seeds_of "$target")" > "$log" 2>&1
    result=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*' || echo "?")
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*' || echo "?")
    if [ $result -eq 0 ]; then
        verdict="ok"
    else
        verdict="FAILED (exit $result): see $log and $crashes/"
        failures+="$target: $(grep -m 1 -E 'Fatal error|ERROR:|SUMMARY' "$log" || echo "no error line")"$'\n'
        status=1
    fi
    printf '%-26s %10s %8s %8s  %s\n' "$target" "$runs" "$cov" "$ft" "$verdict"
done
[ -z "$failures" ] || printf '\n%s' "$failures"
exit $status
