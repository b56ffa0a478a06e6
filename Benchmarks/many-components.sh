#!/usr/bin/env bash
# Generates this package with N more components (default 1000) through new-component, builds the app in
# release mode, and reports what scales with the number of components.
#
#   bash Benchmarks/many-components.sh [N] [--keep]
#   bash Benchmarks/many-components.sh --reuse DIR
#
# Each added component has 5 requires, each wired to a provide of another added component, and a
# provide besides its entry screen, so launch, the audit, the graph and the builds pay for wiring.
# It works in a copy of the tracked files under a temporary folder (--keep leaves it there) and prints:
# the time to add the components, the release build, launch to the first screen, the wiring audit,
# `layering-check` end to end, `mall graph` and `mall routes` (medians of 11 runs, 41 for launch, the
# two apps' runs taken in turn), each for the four-component app and the big one, launch against the
# 1.2x goal, and the incremental release build after an edit in a screen, a new provide_ and no
# change, the first two judged by their time above the no-change build, SwiftPM's floor (1.5x, 2x
# goals), and last the link alone, SwiftPM's own link command run again for each app.
# --reuse DIR measures the two apps a --keep run left in DIR again, their sources replaced with this
# checkout's tracked files (what new-component generated and edited in the big app is kept), so a
# change is measured without adding the components again; its build times are incremental.
# A failed build, or a measured run that fails or crashes, stops it with status 1; a bad argument
# with status 2. At N = 1000 it takes half an hour or more, most of it the big app's release build; CI
# does not run it.
set -euo pipefail
shopt -s inherit_errexit

usage_error() {
    echo "Error: $1" >&2
    echo "Run 'bash Benchmarks/many-components.sh --help' for usage." >&2
    exit 2
}

count=1000
count_given=false
keep=false
reuse=""
while [ $# -gt 0 ]; do
    case "$1" in
        --keep) keep=true ;;
        --reuse)
            [ $# -ge 2 ] || usage_error "--reuse needs the folder a --keep run left"
            # Resolved before the script moves to the checkout, so a relative folder is the caller's.
            [ -f "$2/four/Package.swift" ] && [ -f "$2/many/Package.swift" ] && [ -d "$2/many/Components" ] \
                || usage_error "'$2' is not a folder a --keep run left (it holds four/ and many/, each a package)"
            reuse="$(cd "$2" && pwd)"
            shift
            ;;
        -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        [1-9] | [1-9][0-9] | [1-9][0-9][0-9] | [1-9][0-9][0-9][0-9]) count=$1; count_given=true ;;
        *) usage_error "unknown argument '$1'; give a number of components from 1 to 9999, --keep or --reuse DIR" ;;
    esac
    shift
done
if [ -n "$reuse" ]; then
    $count_given && usage_error "--reuse measures the components already in its folder; give no number with it"
    $keep && usage_error "--reuse keeps its folder anyway; give no --keep with it"
fi
cd "$(dirname "$0")/.."

if [ -n "$reuse" ]; then
    work=$reuse
else
    work="$(mktemp -d "${TMPDIR:-/tmp}/many-components.XXXXXX")"
fi
# However the run ends, the outputs of the links timed at the end go, and so does the folder unless it
# is kept.
cleanup() {
    rm -f "$work/four-link-test" "$work/many-link-test"
    if [ -z "$reuse" ] && ! $keep; then rm -rf "$work"; fi
}
trap cleanup EXIT
now() { echo "$EPOCHREALTIME"; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# Each app's figures are medians of 11 runs (41 for launch, the figure a goal judges), the two apps'
# runs taken in turn, timed by a small program built here that starts each with posix_spawn, output
# discarded: timing in the shell would add the shell's own milliseconds to both apps and pull their
# ratio towards 1.
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
    // A run that crashed or failed is not a fast run: nothing is timed.
    guard status == 0 else {
        let signal = status & 0x7F
        let outcome = signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(signal)"
        fputs("timer: '\(command.joined(separator: " "))' \(outcome)\n", stderr)
        exit(1)
    }
    return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

/// `value` with two decimals, e.g. `7.00`.
func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction
}

for command in commands { _ = milliseconds(command) }
var times: [[Double]] = [[], []]
for _ in 0..<rounds {
    for index in commands.indices { times[index].append(milliseconds(commands[index])) }
}
print(times.map { twoDecimals($0.sorted()[$0.count / 2]) }.joined(separator: " "))
SWIFT
    swiftc -O "$work/timer.swift" -o "$work/timer" \
        || { echo "Error: the timer does not compile (above); nothing was measured" >&2; exit 1; }
}

# "median-for-four median-for-many": the app run with the arguments after ROUNDS, ROUNDS times each,
# in turn.
paired_ms() {
    local rounds=$1
    shift
    "$work/timer" "$rounds" "$four_mall" "$@" ::: "$many_mall" "$@"
}

# Builds `mall` and `layering-check` in one copy; prints the seconds the `mall` build took. A failed
# build stops the script with the build's last lines: measuring the binaries of an earlier build
# would report figures of code that is not there any more.
build() {
    local package=$1 product start end log="$work/build.log"
    start=$(now)
    for product in mall layering-check; do
        if ! swift build -c release --package-path "$package" --product "$product" > "$log" 2>&1; then
            tail -n 30 "$log" >&2
            echo "Error: the release build of $product in $package failed (above)" >&2
            exit 1
        fi
        [ "$product" = layering-check ] || end=$(now)
    done
    seconds "$start" "$end"
}

make_timer

if [ -n "$reuse" ]; then
    echo "Replacing the apps' sources in $work with this checkout's tracked files" >&2
    git ls-files | sort > "$work/tracked.txt"
    for app in four many; do
        # Files the checkout no longer tracks (renamed or deleted since) go, but not the build, nor
        # what new-component generated; the rest is written over, so an unchanged file stays
        # unchanged to the build and only what changed is compiled again.
        (cd "$work/$app" && find . -path ./.build -prune -o -type f -print | sed 's|^\./||' | sort) \
            | comm -23 - "$work/tracked.txt" \
            | awk '!/^(Components\/Area[0-9]+\/|Tests\/Area[0-9]+Tests\/|Shell\/Wiring\/Area[0-9]+\/)/' \
            | while IFS= read -r file; do rm -f "$work/$app/$file"; done
    done
    git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/four"
    git ls-files -z -- . ':!:Package.swift' ':!:Shell/Launch/Routers.swift' | xargs -0 tar -cf - | tar -xf - -C "$work/many"
    rm "$work/tracked.txt"
    # What new-component generated in the big app is derived from its API files: derive it again with
    # this checkout's generator, as a user would after pulling it.
    swift build -c release --product new-component 2>&1 | tail -n 1 >&2
    "$(swift build -c release --show-bin-path)/new-component" --regenerate --package-path "$work/many" > /dev/null
    count=$(find "$work/many/Components" -mindepth 1 -maxdepth 1 -type d -name 'Area*' | wc -l)
else
    echo "Copying the package to $work" >&2
    mkdir -p "$work/four" "$work/many"
    git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/four"
    git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/many"

    swift build -c release --product new-component 2>&1 | tail -n 1 >&2
    scaffolder="$(swift build -c release --show-bin-path)/new-component"
    echo "Adding $count components" >&2
    # Each has 5 requires and a provide besides its entry screen, as a real component has; the
    # requires are wired below, each to the provide of one of the next five components.
    # The first and the last tenth are timed apart: an addition that reread what the others added
    # would make the last tenth slower than the first.
    tenth=$(((count + 9) / 10))
    start=$(now)
    for ((i = 1; i <= count; i++)); do
        [ "$i" -ne $((count - tenth + 1)) ] || last_tenth_start=$(now)
        "$scaffolder" "$(printf 'Area%04d' "$i")" --package-path "$work/many" \
            --require 'peer1(itemId: String)' --require 'peer2(itemId: String)' \
            --require 'peer3(itemId: String)' --require 'peer4(itemId: String)' \
            --require 'peer5(itemId: String)' --provide 'detail(itemId: String)' > /dev/null
        [ "$i" -ne "$tenth" ] || first_tenth_end=$(now)
    done
    end=$(now)
    echo "added $count components in $(seconds "$start" "$end") s: the first $tenth in" \
        "$(seconds "$start" "$first_tenth_end") s, the last $tenth in $(seconds "$last_tenth_start" "$end") s" >&2
    # Component i's require k answers with the detail of component i + k (wrapping around): its
    # router imports that component and has the line in place of the hint new-component wrote, and
    # the manifest names the five in its wiresTo, so its router target depends on them.
    manifest_edits="$work/wires-to.sed"
    : > "$manifest_edits"
    for ((i = 1; i <= count; i++)); do
        name=$(printf 'Area%04d' "$i")
        router="$work/many/Shell/Wiring/$name/Router/${name}Router.swift"
        imports=""
        peers=()
        lines=()
        for ((k = 1; k <= 5; k++)); do
            peer=$(printf 'Area%04d' $(((i + k - 1) % count + 1)))
            imports+="import $peer"$'\n'
            peers+=("\"$peer\"")
            lines+=(-e "s|^            peer$k: \.unavailable|            peer$k: wiring.provide($peer.Provides.detail)|")
        done
        sed -i "${lines[@]}" "$router"
        printf '%s' "$imports" | cat - "$router" > "$router.new" && mv "$router.new" "$router"
        grep -q ': \.unavailable' "$router" && { echo "Error: $router still has a require without its answer" >&2; exit 1; }
        (IFS=,; echo "s|(\"$name\", wiresTo: \[\])|(\"$name\", wiresTo: [${peers[*]}])|") >> "$manifest_edits"
    done
    sed -i -f "$manifest_edits" "$work/many/Package.swift"
    ! grep -q 'wiresTo: \[\]' "$work/many/Package.swift" \
        || { echo "Error: a component's wiresTo in $work/many/Package.swift was not filled in" >&2; exit 1; }
    # The previews' "who answers" files follow the routers.
    "$scaffolder" --regenerate --package-path "$work/many" > /dev/null
    echo "wired 5 requires of each of the $count components" >&2
fi

four_build=$(build "$work/four")
many_build=$(build "$work/many")
four_mall="$(swift build -c release --package-path "$work/four" --show-bin-path)/mall"
many_mall="$(swift build -c release --package-path "$work/many" --show-bin-path)/mall"
# Launch, which the 1.2x goal judges, is timed 41 times: medians of 11 spread by a few hundredths
# between batches on the same two binaries, as much as the ratio's distance from its goal.
launch=$(paired_ms 41 --script /dev/null)
audit=$(paired_ms 11 audit)
graph=$(paired_ms 11 graph)
routes=$(paired_ms 11 routes)
check=$("$work/timer" 11 "$(dirname "$four_mall")/layering-check" --package-path "$work/four" \
    ::: "$(dirname "$many_mall")/layering-check" --package-path "$work/many")
read -r four_launch many_launch <<< "$launch"
read -r four_audit many_audit <<< "$audit"
read -r four_graph many_graph <<< "$graph"
read -r four_routes many_routes <<< "$routes"
read -r four_check many_check <<< "$check"

# Incremental release builds of both apps after the same change to Shop, which both have: (a) an edit
# inside a screen's body, (b) a new provide_ in the API file (its derived file regenerated first, not
# timed), (c) no change at all. Each is the median of 3 rounds, the two apps in turn.
scaffolder_bin="$(swift build -c release --show-bin-path)/new-component"
[ -x "$scaffolder_bin" ] || swift build -c release --product new-component 2>&1 | tail -n 1 >&2
edit_screen() { sed -i "s/♥ marks your favourites\.[0-9]*/♥ marks your favourites.$2/" "$1/Components/Shop/Screens/ShopSearchScreen.swift"; }
add_provide() {
    python3 - "$1/Components/Shop/Shop.swift" "$2" <<'PY'
import sys
path, number = sys.argv[1], sys.argv[2]
text = open(path).read().rstrip()
assert text.endswith("}")
text = text[:-1] + f"\n    /// Added by many-components.sh.\n    public func provide_benchmark{number}() -> Screen {{ provide_searchShop() }}\n}}\n"
open(path, "w").write(text)
PY
    "$scaffolder_bin" --regenerate --package-path "$1" > /dev/null
}
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Each result is assigned before it is read: a failure inside `read … <<< "$(…)"`, or inside an array
# element's `$(…)`, would not stop the script, and the figures of a failed build would be printed.
incremental() {
    local change=$1 four=() many=() round seconds
    for round in 1 2 3; do
        for app in four many; do
            [ "$change" = none ] || "$change" "$work/$app" "$round$RANDOM"
            seconds=$(build "$work/$app")
            if [ "$app" = four ]; then four+=("$seconds"); else many+=("$seconds"); fi
        done
    done
    echo "$(median "${four[@]}") $(median "${many[@]}")"
}
screen=$(incremental edit_screen)
provide=$(incremental add_provide)
none=$(incremental none)
read -r four_screen many_screen <<< "$screen"
read -r four_provide many_provide <<< "$provide"
read -r four_none many_none <<< "$none"

# What (a) pays for at N + 4 components and not at 4 is mostly the link: SwiftPM's own link command
# for `mall`, read from its build description, is run again for each app, writing elsewhere so the
# build's output stays as it was (median of 3, the two apps in turn). It runs after every build: the
# Swift driver rewrites a file of its own beside the objects as it links.
link_command() {
    python3 - "$1/.build/release.yaml" "$work/$2-link-test" <<'PY'
import json, os, re, sys
description, output = sys.argv[1], sys.argv[2]
try:
    with open(description) as file:
        lines = file.read().split("\n")
except OSError as error:
    sys.exit(f"Error: cannot read {description}: {error.strerror}")
# The command is found by what it writes, an executable named `mall`, not by its name's prefix, which
# another product's (`mall-lite`) would share.
for number, line in enumerate(lines):
    if not re.fullmatch(r'  "C\.[^"]*\.exe":', line):
        continue
    details = {}
    for detail in lines[number + 1:number + 12]:
        key, _, value = detail.strip().partition(": ")
        if key in ("outputs", "args") and key not in details:
            details[key] = value
    try:
        outputs, arguments = json.loads(details["outputs"]), json.loads(details["args"])
    except (KeyError, ValueError):
        continue
    if outputs and os.path.basename(outputs[0]) == "mall" and "-o" in arguments[:-1]:
        arguments[arguments.index("-o") + 1] = output
        sys.stdout.write("".join(argument + "\0" for argument in arguments))
        sys.exit(0)
sys.exit(f"Error: {description} has no link command for mall")
PY
}
mapfile -d '' four_link < <(link_command "$work/four" four)
mapfile -d '' many_link < <(link_command "$work/many" many)
[ "${#four_link[@]}" -gt 0 ] && [ "${#many_link[@]}" -gt 0 ] \
    || { echo "Error: the link commands could not be read from the apps' build descriptions" >&2; exit 1; }
links=$("$work/timer" 3 "${four_link[@]}" ::: "${many_link[@]}") \
    || { echo "Error: running the apps' link commands again failed (above); no link was timed" >&2; exit 1; }
read -r four_link_ms many_link_ms <<< "$links"

row() { printf '%-24s %10s %10s %10s %10s %10s %10s\n' "$@"; }
echo
row "app" "build s" "launch ms" "audit ms" "check ms" "graph ms" "routes ms"
row "4 components" "$four_build" "$four_launch" "$four_audit" "$four_check" "$four_graph" "$four_routes"
row "$((count + 4)) components" "$many_build" "$many_launch" "$many_audit" "$many_check" "$many_graph" "$many_routes"
[ -z "$reuse" ] || echo "(build times are incremental: --reuse)"
awk -v a="$many_launch" -v b="$four_launch" -v n="$((count + 4))" 'BEGIN {
    ratio = a / b
    printf "\nlaunch with %s against 4: %.2fx (goal <= 1.2x: %s)\n", n, ratio, ratio <= 1.2 ? "met" : "missed"
}'
echo
# SwiftPM plans every target before it finds nothing to do, at every build: (c) is that floor, and
# (a) and (b) are judged by what each build takes above it in the same app.
printf '%-40s %10s %10s %10s %10s %8s %s\n' "incremental release build" "4 s" "4 above" "$((count + 4)) s" \
    "$((count + 4)) above" "ratio" "goal (ratio of the times above the floor)"
ratio_row() {
    awk -v name="$1" -v a="$2" -v b="$3" -v fa="$4" -v fb="$5" -v goal="$6" 'BEGIN {
        above_a = a - fa; above_b = b - fb
        if (above_a < 0.01) above_a = 0.01
        if (above_b < 0) above_b = 0
        ratio = above_b / above_a
        verdict = ratio <= goal ? "<= " goal "x met" : "<= " goal "x missed"
        printf "%-40s %10s %10.2f %10s %10.2f %7.2fx %s\n", name, a, a - fa, b, b - fb, ratio, verdict
    }'
}
ratio_row "(a) an edit inside Shop's screen" "$four_screen" "$many_screen" "$four_none" "$many_none" 1.5
ratio_row "(b) a new provide_ in Shop's API" "$four_provide" "$many_provide" "$four_none" "$many_none" 2
printf '%-40s %10s %10s %10s %10s %7.2fx %s\n' "(c) no change: SwiftPM's floor" "$four_none" "-" "$many_none" "-" \
    "$(awk -v a="$four_none" -v b="$many_none" 'BEGIN { print b / a }')" "-"
# Each figure is rounded to hundredths before the differences are taken, so they agree with the
# figures printed (and a difference of microseconds is not -0.00).
awk -v a="$four_link_ms" -v b="$many_link_ms" -v n="$((count + 4))" -v sa="$four_screen" -v sb="$many_screen" \
    -v fa="$four_none" -v fb="$many_none" 'function hundredths(x) { return sprintf("%.2f", x) + 0 }
BEGIN {
    link_a = hundredths(a / 1000); link_b = hundredths(b / 1000)
    above_a = hundredths(sa - fa); above_b = hundredths(sb - fb)
    printf "\nthe link alone (SwiftPM'"'"'s command run again): %.2f s at 4 components, %.2f s at %s (%+.2f s)\n",
        link_a, link_b, n, hundredths(link_b - link_a)
    printf "(a) above the floor: %.2f s at 4 components, %.2f s at %s (%+.2f s)\n", above_a, above_b, n,
        hundredths(above_b - above_a)
}'
