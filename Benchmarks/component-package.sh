#!/usr/bin/env bash
# Times the mall's debug builds with Appointment in a package of its own, as the repository has it,
# against the same mall with Appointment back in the mall's package (its name out of
# componentPackages, its tests in Tests/, its manifest gone), both copies of the tracked files built
# in one run, their rounds taken in turn:
#
#   bash Benchmarks/component-package.sh [ROUNDS]     # default 3 rounds, each figure their median
#
# For each it prints the clean build (the middleware and the base layer included, as in both), the
# build after no change (SwiftPM's planning and checks alone), after an edit inside a screen of
# Appointment and after one inside a screen of Shop, and after no change with the plan made again
# (--disable-build-manifest-caching, what a file added to a package the app depends on by path asks
# for), then each figure of the package against the mall's package. A failed build stops it with
# status 1, a bad argument with status 2. A round takes about 80 s on 2 cores; CI does not run it.
set -euo pipefail

rounds=3
case "${1:-}" in
    "") ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    [1-9] | [1-9][0-9]) rounds=$1 ;;
    *) echo "Error: '$1' is not a number of rounds from 1 to 99; see --help" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/component-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
for app in package inline; do
    mkdir "$work/$app"
    git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/$app"
done
(
    cd "$work/inline"
    sed -i 's/^let componentPackages: Set<String> = \["Appointment"\]$/let componentPackages: Set<String> = []/' Package.swift
    grep -q '^let componentPackages: Set<String> = \[\]$' Package.swift \
        || { echo "Error: Package.swift no longer lists Appointment alone in componentPackages" >&2; exit 1; }
    mv Components/Appointment/Tests/AppointmentTests Tests/AppointmentTests
    rmdir Components/Appointment/Tests
    rm Components/Appointment/Package.swift Components/Appointment/README.md Components/Appointment/CHANGELOG.md
)

# The two edits: a file and a string in one of its function bodies.
appointment_file=Components/Appointment/Screens/MyBookingsScreen.swift
appointment_text="You hold no bookings"
shop_file=Components/Shop/Screens/ShopDetailScreen.swift
shop_text="Not in your favourites"
grep -qF "\"$appointment_text\"" "$work/inline/$appointment_file" && grep -qF "\"$shop_text\"" "$work/inline/$shop_file" \
    || { echo "Error: the strings this script edits are no longer in $appointment_file and $shop_file" >&2; exit 1; }

# Seconds the command took in the app's folder; a failure stops the run.
seconds() {
    local app=$1 start
    shift
    start=$EPOCHREALTIME
    (cd "$work/$app" && "$@" > "$work/$app.log" 2>&1) \
        || { echo "Error: '$*' failed in the $app copy:" >&2; tail -n 20 "$work/$app.log" >&2; exit 1; }
    awk -v start="$start" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.2f\n", end - start }'
}

# An edit inside a function's body: a string the screen shows, another each round, so the file compiles
# to other code and the app links again while the module's interface stays the same (a comment alone
# changes no object file, and SwiftPM then links nothing; a new declaration changes the module).
edit() {
    local app=$1 file=$2 text=$3 round=$4
    sed -i "s|\"$text[^\"]*\"|\"$text $round\"|" "$work/$app/$file"
}

declare -A times
figures=("clean build" "no change" "edit in Appointment" "edit in Shop" "no change, replanned")
for round in $(seq "$rounds"); do
    for app in package inline; do
        rm -rf "$work/$app/.build" "$work/$app/Components/Appointment/.build"
        times["$app/clean build"]+="$(seconds "$app" swift build) "
        times["$app/no change"]+="$(seconds "$app" swift build) "
        edit "$app" "$appointment_file" "$appointment_text" "$round"
        times["$app/edit in Appointment"]+="$(seconds "$app" swift build) "
        edit "$app" "$shop_file" "$shop_text" "$round"
        times["$app/edit in Shop"]+="$(seconds "$app" swift build) "
        # What a file added to a package the app depends on by path asks for (SwiftPM replans only for
        # the root's own folders): the plan made again.
        times["$app/no change, replanned"]+="$(seconds "$app" swift build --disable-build-manifest-caching) "
    done
    echo "round $round of $rounds done" >&2
done

median() { tr ' ' '\n' <<< "$1" | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-22s %22s %22s %8s\n' "debug build, median of $rounds" "Appointment a package" "all in the mall's" "ratio"
for figure in "${figures[@]}"; do
    own=$(median "${times["package/$figure"]}")
    inline=$(median "${times["inline/$figure"]}")
    printf '%-22s %20s s %20s s %7sx\n' "$figure" "$own" "$inline" "$(awk -v a="$own" -v b="$inline" 'BEGIN { printf "%.2f", a / b }')"
done
