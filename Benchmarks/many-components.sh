#!/usr/bin/env bash
# Generates this package with N more components (default 1000) through new-component, builds the app in
# release mode, and reports what scales with the number of components.
#
#   bash Benchmarks/many-components.sh [N] [--keep]
#   bash Benchmarks/many-components.sh --reuse DIR
#
# It works in a copy of the tracked files under a temporary folder (--keep leaves it there) and prints:
# the time to add the components, the release build, launch to the first screen, the wiring audit,
# `layering-check` end to end, `mall graph` and `mall routes` (medians of 11 runs, the two apps' runs
# taken in turn), each for the four-component app and the big one, and launch against the 2x goal.
# --reuse DIR measures the two apps a --keep run left in DIR again, with this checkout's sources
# copied over theirs (all but the manifest and the router list, which new-component edited), so a
# change is measured without adding the components again; its build times are incremental.
# It takes minutes at N = 1000 (the adding is the long part); CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."

count=1000
keep=false
reuse=""
while [ $# -gt 0 ]; do
    case "$1" in
        --keep) keep=true ;;
        --reuse)
            [ $# -ge 2 ] && [ -d "${2:-}/four" ] && [ -d "${2:-}/many/Components" ] || {
                echo "Error: --reuse needs the folder a --keep run left (with four/ and many/ in it)" >&2
                exit 2
            }
            reuse=$2
            shift
            ;;
        -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        '' | *[!0-9]*) echo "Error: unknown argument '$1'; give a number of components, --keep or --reuse DIR" >&2; exit 2 ;;
        *) count=$1 ;;
    esac
    shift
done
[ "$count" -ge 1 ] || { echo "Error: give at least 1 component" >&2; exit 2; }

if [ -n "$reuse" ]; then
    work=$reuse
else
    work="$(mktemp -d "${TMPDIR:-/tmp}/many-components.XXXXXX")"
    $keep || trap 'rm -rf "$work"' EXIT
fi
now() { echo "$EPOCHREALTIME"; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# Milliseconds one run of a command takes.
# Each app's figures are medians of 11 runs, the two apps' runs taken in turn, timed by a small
# program built here that starts each with posix_spawn, output discarded: timing in the shell
# would add the shell's own milliseconds to both apps and pull their ratio towards 1.
make_timer() {
    cat > "$work/timer.swift" <<'SWIFT'
import Glibc

// timer ROUNDS A... ::: B...   runs A and B in turn, once each to warm up, then ROUNDS times each,
// and prints the median milliseconds of A and of B.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let rounds = arguments.first.flatMap({ Int($0) }), rounds > 0, let split = arguments.firstIndex(of: ":::"),
    split > 1, split < arguments.count - 1
else {
    fputs("usage: timer ROUNDS A... ::: B...\n", stderr)
    exit(2)
}
let commands = [Array(arguments[1..<split]), Array(arguments[(split + 1)...])]
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

func milliseconds(_ command: [String]) -> Double {
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var pid: pid_t = 0
    guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else {
        fputs("timer: cannot run \(command[0])\n", stderr)
        exit(2)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

for command in commands { _ = milliseconds(command) }
var times: [[Double]] = [[], []]
for _ in 0..<rounds {
    for index in commands.indices { times[index].append(milliseconds(commands[index])) }
}
print(times.map { (($0.sorted()[$0.count / 2]) * 100).rounded() / 100 }.map { "\($0)" }.joined(separator: " "))
SWIFT
    swiftc -O "$work/timer.swift" -o "$work/timer"
}

# "median-for-four median-for-many": the app run with these arguments, 11 times each, in turn.
paired_ms() { "$work/timer" 11 "$four_mall" "$@" ::: "$many_mall" "$@"; }

# Builds `mall` and `layering-check` in one copy; prints the seconds the `mall` build took.
build() {
    local package=$1 start end
    start=$(now)
    swift build -c release --package-path "$package" --product mall 2>&1 | tail -n 1 >&2
    end=$(now)
    swift build -c release --package-path "$package" --product layering-check 2>&1 | tail -n 1 >&2
    seconds "$start" "$end"
}

if [ -n "$reuse" ]; then
    echo "Copying this checkout's sources over the apps in $work" >&2
    git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/four"
    git ls-files -z -- . ':!:Package.swift' ':!:Shell/Routers/Routers.swift' | xargs -0 tar -cf - | tar -xf - -C "$work/many"
    count=$(find "$work/many/Components" -mindepth 1 -maxdepth 1 -type d -name 'Area*' | wc -l)
else
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
fi

make_timer
four_build=$(build "$work/four")
many_build=$(build "$work/many")
four_mall="$(swift build -c release --package-path "$work/four" --show-bin-path)/mall"
many_mall="$(swift build -c release --package-path "$work/many" --show-bin-path)/mall"
read -r four_launch many_launch <<< "$(paired_ms --script /dev/null)"
read -r four_audit many_audit <<< "$(paired_ms audit)"
read -r four_graph many_graph <<< "$(paired_ms graph)"
read -r four_routes many_routes <<< "$(paired_ms routes)"
read -r four_check many_check <<< "$("$work/timer" 11 "$(dirname "$four_mall")/layering-check" \
    --package-path "$work/four" ::: "$(dirname "$many_mall")/layering-check" --package-path "$work/many")"

row() { printf '%-24s %10s %10s %10s %10s %10s %10s\n' "$@"; }
echo
row "app" "build s" "launch ms" "audit ms" "check ms" "graph ms" "routes ms"
row "4 components" "$four_build" "$four_launch" "$four_audit" "$four_check" "$four_graph" "$four_routes"
row "$((count + 4)) components" "$many_build" "$many_launch" "$many_audit" "$many_check" "$many_graph" "$many_routes"
[ -z "$reuse" ] || echo "(build times are incremental: --reuse)"
awk -v a="$many_launch" -v b="$four_launch" -v n="$((count + 4))" 'BEGIN {
    ratio = a / b
    printf "\nlaunch with %s against 4: %.2fx (goal <= 2x: %s)\n", n, ratio, ratio <= 2 ? "met" : "missed"
}'
