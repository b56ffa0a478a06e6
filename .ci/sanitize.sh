#!/usr/bin/env bash
# Runs the whole test suite of every package (the middleware's, the mall's, then each component's in a
# package of its own) under a sanitizer, in build folders of its own:
#
#   bash .ci/sanitize.sh thread     # data races (TSan)
#   bash .ci/sanitize.sh address    # memory errors and leaks (ASan, LeakSanitizer)
#
# Any report fails the run (exit 1). Leaks that the toolchain's own libraries make at exit are
# suppressed in .ci/lsan-suppressions.txt, each with the reason; nothing of this package's is.
set -euo pipefail
# This script by its full path: the help reads it after the cd below.
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

[ $# -le 1 ] || { echo "Error: name one sanitizer, 'thread' or 'address'; run 'bash .ci/sanitize.sh --help' for usage" >&2; exit 2; }
case "${1:-}" in
    thread | address) sanitizer=$1 ;;
    -h | --help) sed -n '2,9p' "$script" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: name a sanitizer, 'thread' or 'address'; run 'bash .ci/sanitize.sh --help' for usage" >&2; exit 2 ;;
esac

export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
export ASAN_OPTIONS="halt_on_error=1 detect_leaks=1 detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt print_suppressions=0"
export SWIFT_BACKTRACE=enable=no
log=".build-$sanitizer/tests.log"
mkdir -p ".build-$sanitizer"
set +e
(
    swift test --sanitize="$sanitizer" --package-path ComponentMiddleware --scratch-path ".build-$sanitizer-middleware" &&
        swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" &&
        for manifest in Components/*/Package.swift; do
            [ -e "$manifest" ] || continue  # no component has a package of its own
            component=$(basename "$(dirname "$manifest")")
            swift test --sanitize="$sanitizer" --package-path "Components/$component" \
                --scratch-path ".build-$sanitizer-$component" || exit
        done
) > "$log" 2>&1
status=$?
set -e
grep -E "^(✔ Test run|✘|==[0-9]+==|WARNING: ThreadSanitizer|SUMMARY)" "$log" || true
if grep -qE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer" "$log"; then
    # The first reports whole, stacks and all: CI keeps what the run printed, not the log, and a
    # report that comes once in many runs must be readable from the run that had it.
    awk '/WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer/ { if (++reports > 5) exit; lines = 0; on = 1 }
        on { print; if (/^SUMMARY: /) on = 0; else if (++lines >= 80) { print "(the rest of this report is in the log)"; on = 0 } }' "$log"
    echo "Error: the $sanitizer sanitizer reported a problem; see $log" >&2
    exit 1
fi
exit "$status"
