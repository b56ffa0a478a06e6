#!/usr/bin/env bash
# Generates this package with N more components (default 1000) through new-component, builds the app in
# release mode, and reports what scales with the number of components.
#
#   bash Benchmarks/many-components.sh [N] [--keep]
#
# It works in a copy of the tracked files under a temporary folder (--keep leaves it there) and prints:
# the time to add the components, the release build, launch to the first screen (median of 11), the
# wiring audit, `layering-check` end to end, `mall graph` and `mall routes`, each with the same figure
# for the four-component app measured in the same run. It takes minutes at N = 1000; CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."

count=1000
keep=false
for argument in "$@"; do
    case "$argument" in
        --keep) keep=true ;;
        -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        '' | *[!0-9]*) echo "Error: unknown argument '$argument'; give a number of components or --keep" >&2; exit 2 ;;
        *) count=$argument ;;
    esac
done
[ "$count" -ge 1 ] || { echo "Error: give at least 1 component" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/many-components.XXXXXX")"
$keep || trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# The median wall time of a command run 11 times, in milliseconds.
median_ms() {
    local times=()
    for _ in $(seq 11); do
        local start end
        start=$(now); "$@" > /dev/null 2>&1 || true; end=$(now)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", (b - a) * 1000 }')")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 6p
}

# Figures for one copy of the package: build, launch, audit, layering-check, graph, routes.
measure() {
    local package=$1 label=$2 start end
    start=$(now)
    swift build -c release --package-path "$package" --product mall 2>&1 | tail -n 1 >&2
    end=$(now)
    local build; build=$(seconds "$start" "$end")
    local mall; mall="$(swift build -c release --package-path "$package" --show-bin-path)/mall"
    swift build -c release --package-path "$package" --product layering-check 2>&1 | tail -n 1 >&2
    local check; check="$(dirname "$mall")/layering-check"
    launch=$(median_ms "$mall" --script /dev/null)
    printf '%-24s %10s %10s %10s %10s %10s %10s\n' "$label" "$build" "$launch" "$(median_ms "$mall" audit)" \
        "$(median_ms "$check" --package-path "$package")" "$(median_ms "$mall" graph)" "$(median_ms "$mall" routes)"
}

echo "Copying the package to $work" >&2
mkdir -p "$work/four" "$work/many"
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/four"
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/many"

swift build -c release --product new-component 2>&1 | tail -n 1 >&2
scaffolder="$(swift build -c release --show-bin-path)/new-component"
echo "Adding $count components" >&2
start=$(now)
for ((i = 1; i <= count; i++)); do
    "$scaffolder" "$(printf 'Area%04d' "$i")" --package-path "$work/many" > /dev/null
done
end=$(now)
echo "added $count components in $(seconds "$start" "$end") s" >&2

printf '\n%-24s %10s %10s %10s %10s %10s %10s\n' "app" "build s" "launch ms" "audit ms" "check ms" "graph ms" "routes ms"
measure "$work/four" "4 components"
four=$launch
measure "$work/many" "$((count + 4)) components"
awk -v a="$launch" -v b="$four" 'BEGIN {
    ratio = a / b
    printf "\nlaunch with %s against 4: %.2fx (goal <= 2x: %s)\n", "'"$((count + 4))"'", ratio, ratio <= 2 ? "met" : "missed"
}'
