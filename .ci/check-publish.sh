#!/usr/bin/env bash
# Publishes the middleware, from a copy of this working tree, into a throwaway repository with
# bash ComponentMiddleware/Scripts/publish.sh (at its changelog's next version: its `## Unreleased`
# section named so in the copy), then builds the second app (Examples/Notes) against it by URL, as an
# app outside this repository would: .package(url: "file://…/ComponentMiddleware.git",
# .upToNextMinor(from: "0.2.0")). The app must resolve that version, build, audit, keep its derived
# files and its layers; publishing the same version again must be refused with nothing pushed.
#
#   bash .ci/check-publish.sh
set -euo pipefail
# This script by its full path: the help reads it after the cd below.
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
case "${1:-}" in
    "") ;;
    -h | --help) sed -n '2,9p' "$script" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1'; see --help" >&2; exit 2 ;;
esac

source .ci/working-tree.sh
work="$(mktemp -d "${TMPDIR:-/tmp}/publish-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
repository="$work/ComponentMiddleware.git"
mkdir "$work/repository"
working_tree_repository "$work/repository"
cd "$work/repository"
version=$(release_version ComponentMiddleware/CHANGELOG.md)

bash ComponentMiddleware/Scripts/publish.sh "$version" "$repository"
test "$(git -C "$repository" tag)" = "$version" || { echo "Error: the repository has no tag $version" >&2; exit 1; }
git -C "$repository" cat-file -e "$version:Package.swift" \
    || { echo "Error: the published $version has no Package.swift at its root" >&2; exit 1; }
heads=$(git ls-remote "$repository")
if bash ComponentMiddleware/Scripts/publish.sh "$version" "$repository" 2> /dev/null; then
    echo "Error: publishing $version a second time was accepted" >&2
    exit 1
fi
test "$(git ls-remote "$repository")" = "$heads" || { echo "Error: a refused publish changed the repository" >&2; exit 1; }

# The second app, depending on the published version by URL instead of on the folder by path.
mkdir "$work/notes"
cp -R Examples/Notes/. "$work/notes"
manifest="$work/notes/Package.swift"
grep -qF '.package(path: "../../ComponentMiddleware")' "$manifest" \
    || { echo "Error: Examples/Notes/Package.swift no longer depends on the middleware by path" >&2; exit 1; }
sed -i "s|.package(path: \"../../ComponentMiddleware\")|.package(url: \"file://$repository\", .upToNextMinor(from: \"$version\"))|" "$manifest"
(
    cd "$work/notes"
    swift package resolve
    grep -q "\"version\" : \"$version\"" Package.resolved \
        || { echo "Error: Package.resolved does not pin $version" >&2; cat Package.resolved >&2; exit 1; }
    swift build
    swift run notes audit
    swift run new-component --check
    swift run layering-check
)
echo "Published $version, and an app depending on it by URL resolves, builds, audits and keeps its layers."
