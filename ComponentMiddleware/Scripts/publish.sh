#!/usr/bin/env bash
# Publishes this package as a git repository of its own, with a SemVer tag, so an app can depend on
# it with .package(url:from:).
#
#   bash Scripts/publish.sh VERSION DESTINATION
#
# VERSION is MAJOR.MINOR.PATCH (e.g. 0.1.0), and CHANGELOG.md must have a section '## VERSION' saying
# what it changed. DESTINATION is a git repository to push to: a URL, or a folder, made as a bare
# repository if it does not exist. Name it ComponentMiddleware.git: SwiftPM names a package reached by
# URL after the URL's last part, and apps name this one "ComponentMiddleware".
#
# Inside a larger repository (this folder in the one it is developed in), the package's history is
# split out of it as `git subtree split` does, every commit that touched the folder kept; a repository
# that is the package publishes its HEAD. Only what is committed is published. The destination's main branch gets the
# commit, and the tag points at it.
#
# Refused, with nothing pushed and nothing made (exit 2): a version that is not MAJOR.MINOR.PATCH, one
# the CHANGELOG does not describe, one the destination already has or that is not above its highest,
# uncommitted changes in the package, a destination that cannot be reached or that refuses the push
# (whose main is not an ancestor of the version). A relative folder is taken from where you run it.
set -euo pipefail
# A relative destination is the caller's, not the package folder's this script works in.
caller=$(pwd)
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

usage() { sed -n '2,20p' "$script" | sed 's/^# \{0,1\}//'; }
fail() { echo "Error: $*" >&2; exit 2; }

case "${1:-}" in
    -h | --help) usage; exit 0 ;;
esac
[ $# -eq 2 ] || fail "give a version and a destination, e.g. bash Scripts/publish.sh 0.1.0 ../ComponentMiddleware.git; see --help"
version=$1
destination=$2
[[ "$version" =~ ^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$ ]] \
    || fail "'$version' is not a version MAJOR.MINOR.PATCH, e.g. 0.1.0"
[ -n "$destination" ] || fail "the destination is empty; give a repository URL or folder"
# A URL (scheme://…) or an scp-like address (host:path, no / before the colon) is a remote's; anything
# else, ./my:dest.git among them, is a folder.
is_folder=true
if [[ "$destination" == *://* || "$destination" =~ ^[^/]+: ]]; then
    is_folder=false
else
    [[ "$destination" = /* ]] || destination="$caller/$destination"
fi
grep -qxF "## $version" CHANGELOG.md 2>/dev/null \
    || fail "CHANGELOG.md has no section '## $version'; say what this version changes, then publish"

git rev-parse --show-toplevel > /dev/null 2>&1 || fail "$(pwd) is not in a git repository"
prefix=$(git rev-parse --show-prefix)
prefix=${prefix%/}
[ -z "$(git status --porcelain -- .)" ] \
    || fail "the package has uncommitted changes (git status -- ${prefix:-.}); commit them, then publish"

# A folder that does not exist yet becomes a bare repository, removed again if the publish is refused;
# anything else must already be a repository.
created=""
if $is_folder && [ -L "$destination" ] && [ ! -e "$destination" ]; then
    fail "'$destination' is a symbolic link that leads nowhere; give a repository or a folder to make one in"
fi
if $is_folder && [ ! -e "$destination" ]; then
    [ -d "$(dirname "$destination")" ] || fail "there is no folder '$(dirname "$destination")' to make the repository in"
    git init --quiet --bare --initial-branch=main "$destination"
    created=$destination
fi
cleanup() { [ -z "$created" ] || rm -rf "$created"; }
trap cleanup EXIT
git ls-remote "$destination" > /dev/null 2>&1 || fail "cannot reach the repository '$destination'"

# The highest version already published, and the refusal of any that is not above it.
published=$(git ls-remote --tags "$destination" | sed -n 's|.*refs/tags/\([0-9]*\.[0-9]*\.[0-9]*\)$|\1|p')
if grep -qxF "$version" <<< "$published"; then
    fail "'$destination' already has $version; a published version never changes, so publish a higher one"
fi
highest=$(printf '%s\n' "$published" "$version" | sed '/^$/d' | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1)
[ "$highest" = "$version" ] || fail "'$destination' already has $highest, above $version; publish a higher version"

if [ -n "$prefix" ]; then
    # `git subtree -h` prints its usage and exits 129 where it is installed.
    grep -q 'git subtree split' <<< "$(git subtree -h 2>&1 || true)" \
        || fail "git subtree is not installed (it comes with git's contrib, e.g. in Debian's git package)"
    echo "Splitting the history of $prefix…" >&2
    # Its progress goes to standard error, one line rewritten per commit: kept, and shown on a failure.
    progress=$(mktemp)
    cleanup() { rm -f "$progress"; [ -z "$created" ] || rm -rf "$created"; }
    commit=$(cd "$(git rev-parse --show-toplevel)" && git subtree split --prefix="$prefix" HEAD 2> "$progress") \
        || { tr '\r' '\n' < "$progress" | tail -n 5 >&2; fail "git subtree split failed"; }
else
    commit=$(git rev-parse HEAD)
fi
# Both refs or neither: a tag pushed beside a refused branch would use the version up on a commit
# that is not on main.
git push --quiet --atomic "$destination" "$commit:refs/heads/main" "$commit:refs/tags/$version" \
    || fail "'$destination' refused the push (is its main not an ancestor of this version, or checked out?);" \
        "nothing was pushed"
created=""
echo "Published $version ($commit) to $destination"
