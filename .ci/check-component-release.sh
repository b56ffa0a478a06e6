#!/usr/bin/env bash
# A component released on its own and taken by the mall at a version, end to end with file URLs, in a
# copy of this working tree:
#   1. the middleware, the base layer and Appointment are published (ComponentMiddleware/Scripts/publish.sh)
#      into throwaway repositories, Appointment and the base with their dependencies by URL;
#   2. Appointment 1.0.0, checked out from its repository, builds and passes its tests alone;
#   3. the mall takes it (Scripts/use-component.sh), builds and audits;
#   4. 1.1.0, which adds a provide, is taken with swift package update;
#   5. 2.0.0, which adds a require, is not; asked for, it fails the mall's build at the router's line,
#      naming the require;
#   6. the mall goes back to the folder. Refused publishes and switches change nothing.
#
#   bash .ci/check-component-release.sh
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
case "${1:-}" in
    "") ;;
    -h | --help) sed -n '2,13p' "$script" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'; see --help" >&2; exit 2 ;;
esac
fail() { echo "Error: $*" >&2; exit 1; }
step() { printf '\n== %s\n' "$*"; }

work="$(mktemp -d "${TMPDIR:-/tmp}/component-release.XXXXXX")"
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
# SwiftPM's lock files for the copies' build folders go to the temporary folder: this run's own.
mkdir "$work/tmp"
export TMPDIR="$work/tmp"
repos="$work/repos"
mall="$work/mall"
mkdir "$repos" "$mall"
source .ci/working-tree.sh
export GIT_AUTHOR_NAME=CI GIT_AUTHOR_EMAIL=ci@example.com GIT_COMMITTER_NAME=CI GIT_COMMITTER_EMAIL=ci@example.com

working_tree_repository "$mall"
cd "$mall"
publish=ComponentMiddleware/Scripts/publish.sh
# The middleware at its next version (its `## Unreleased` section named so).
middleware=$(release_version ComponentMiddleware/CHANGELOG.md)
trunk=(--dependency ComponentMiddleware "file://$repos/ComponentMiddleware.git" "$middleware")
dependencies=("${trunk[@]}" --dependency MallBase "file://$repos/MallBase.git" 1.0.0)
component="file://$repos/Appointment.git"

# The mall's manifest and pins, as a checksum.
manifests() { { cat Package.swift; cat Package.resolved 2> /dev/null || true; } | cksum; }

# Whether a refused command left the files as they were.
refused() {
    local what=$1
    shift
    local before
    before=$(manifests)
    if "$@" > "$work/refused.log" 2>&1; then
        cat "$work/refused.log" >&2
        fail "$what was accepted"
    fi
    grep -q '^Error: ' "$work/refused.log" || { cat "$work/refused.log" >&2; fail "$what was refused without an error"; }
    [ "$(manifests)" = "$before" ] || fail "$what changed the manifest"
    [ -z "$(git status --porcelain -- Components Sources)" ] || fail "$what changed files"
    echo "refused as it should be: $what ($(grep '^Error: ' "$work/refused.log" | head -n 1 | cut -c8-90)…)"
}

step "1. Published: the middleware $middleware, the base layer 1.0.0, Appointment 1.0.0"
bash "$publish" "$middleware" "$repos/ComponentMiddleware.git"
bash "$publish" --package Sources/MallBase "${trunk[@]}" 1.0.0 "$repos/MallBase.git"
refused "Appointment published with its dependency on the base by path" \
    bash "$publish" --package Components/Appointment "${trunk[@]}" 1.0.0 "$repos/Appointment.git"
refused "a --dependency naming no dependency of Appointment" \
    bash "$publish" --package Components/Appointment "${dependencies[@]}" --dependency Shop "file://$repos/Shop.git" 1.0.0 \
    1.0.0 "$repos/Appointment.git"
refused "Appointment depending on a version of the base that was never published" \
    bash "$publish" --package Components/Appointment "${trunk[@]}" --dependency MallBase "file://$repos/MallBase.git" 9.0.0 \
    1.0.0 "$repos/Appointment.git"
refused "a version below the changelog's top section" bash "$publish" 0.1.0 "$repos/Old/ComponentMiddleware.git"
[ ! -e "$repos/Appointment.git" ] || fail "a refused publish made the repository"
bash "$publish" --package Components/Appointment "${dependencies[@]}" 1.0.0 "$repos/Appointment.git"
for package in MallBase Appointment; do
    git -C "$repos/$package.git" show "1.0.0:Package.swift" > "$work/published.swift"
    ! grep -q 'path: "\.\.' "$work/published.swift" || fail "the published $package still depends on a folder"
    grep -qF ".package(url: \"file://$repos/ComponentMiddleware.git\", .upToNextMinor(from: \"$middleware\"))" \
        "$work/published.swift" \
        || fail "the published $package does not depend on the middleware by URL"
done

step "2. Appointment 1.0.0 alone, from its repository"
git clone --quiet --branch 1.0.0 "$repos/Appointment.git" "$work/appointment" 2> /dev/null
swift test --package-path "$work/appointment" 2>&1 | tee "$work/alone.log"
grep -Eq "Test run with [1-9][0-9]* tests? in [0-9]+ suites? passed" "$work/alone.log" \
    || fail "Appointment's tests did not run from its repository"

step "3. The mall takes Appointment 1.0.0 by URL"
refused "a URL SwiftPM would name otherwise" bash Scripts/use-component.sh Appointment "file://$repos/Appointments.git" 1.0.0
refused "a component in the mall's own package" bash Scripts/use-component.sh Shop "file://$repos/Shop.git" 1.0.0
refused "a version no repository has" bash Scripts/use-component.sh Appointment "$component" 9.0.0
bash Scripts/use-component.sh Appointment "$component" 1.0.0
pinned() { sed -n '/"identity" : "appointment"/,/}/p' Package.resolved | sed -n 's/.*"version" : "\(.*\)".*/\1/p'; }
[ "$(pinned)" = 1.0.0 ] || fail "Package.resolved pins Appointment at '$(pinned)', not 1.0.0"
swift build
swift run mall audit
# The layering check cannot see the version taken, and says it leaves the folder out.
swift run layering-check > "$work/layering.log" 2>&1 || { cat "$work/layering.log" >&2; fail "the layering check failed"; }
grep "warning: the package in Components/Appointment, which \"packages\" names, is not checked" "$work/layering.log" \
    || { cat "$work/layering.log" >&2; fail "the layering check did not say it leaves Components/Appointment out"; }

# Publishes VERSION of Appointment with a member added under its API's `// MARK: SECTION` (a
# documented declaration), its derived files written again and the changelog's new top section NOTE.
release() {
    local version=$1 section=$2 comment=$3 declaration=$4 note=$5
    local api=Components/Appointment/Appointment.swift
    awk -v mark="    // MARK: $section" -v comment="    /// $comment" -v declaration="    $declaration" \
        '{ print } $0 == mark { print ""; print comment; print declaration }' "$api" > "$work/api.swift"
    cat "$work/api.swift" > "$api"
    swift run new-component --regenerate
    # The version's section goes on top of the changelog, where publish.sh looks for it.
    awk -v section="## $version" -v note="$note" '
        !done && /^## / { print section; print ""; print note; print ""; done = 1 } { print }
    ' Components/Appointment/CHANGELOG.md > "$work/changelog.md"
    cat "$work/changelog.md" > Components/Appointment/CHANGELOG.md
    git add -A Components/Appointment
    git commit --quiet -m "Appointment $version"
    bash "$publish" --package Components/Appointment "${dependencies[@]}" "$version" "$repos/Appointment.git"
}

step "4. Appointment 1.1.0 adds a provide; swift package update takes it"
release 1.1.0 provide "The version of Appointment the app took." \
    'public func provide_releaseName() -> String { "1.1.0" }' 'Added `provide_releaseName`.'
swift package update
[ "$(pinned)" = 1.1.0 ] || fail "swift package update took Appointment '$(pinned)', not 1.1.0"
grep -q provide_releaseName .build/checkouts/Appointment/Appointment.swift || fail "the checkout is not 1.1.0's"
swift build

step "5. Appointment 2.0.0 adds a require; the mall's build names it at the router"
release 2.0.0 require "The page where the user pays a booking's deposit." \
    'public var require_depositPayment: ((_ orderNo: String) -> Screen)?' 'Breaking: requires `require_depositPayment`.'
swift package update
[ "$(pinned)" = 1.1.0 ] || fail "swift package update took Appointment '$(pinned)' past its major version"
bash Scripts/use-component.sh Appointment "$component" 2.0.0
[ "$(pinned)" = 2.0.0 ] || fail "Package.resolved pins Appointment at '$(pinned)', not 2.0.0"
if swift build > "$work/build.log" 2>&1; then
    fail "the mall built with Appointment 2.0.0, whose require its router does not answer"
fi
grep -E "Shell/Wiring/Appointment/Router/AppointmentRouter\.swift:[0-9]+:[0-9]+: error: .*'depositPayment'" \
    "$work/build.log" || { cat "$work/build.log" >&2; fail "the failed build does not name the require at the router"; }

for version in 1.0.0 1.1.0; do
    git -C "$repos/Appointment.git" merge-base --is-ancestor "$version" 2.0.0 \
        || fail "Appointment $version is not in 2.0.0's history"
done

step "6. Back to the folder"
bash Scripts/use-component.sh Appointment --path
git diff --quiet -- Package.swift || fail "Package.swift differs from the mall's after going back to the folder"
echo
echo "Appointment published alone, taken at 1.0.0 and 1.1.0 by URL, and 2.0.0's new require refused at the router."
