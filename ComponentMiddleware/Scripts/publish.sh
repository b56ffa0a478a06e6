#!/usr/bin/env bash
# Publishes a package as a git repository of its own, with a SemVer tag, so an app can depend on it
# with .package(url:from:): the middleware (this script's package), or any package of an app, a
# component in a package of its own among them.
#
#   bash Scripts/publish.sh [--package FOLDER] [--dependency NAME URL FROM]... VERSION DESTINATION
#
# VERSION is MAJOR.MINOR.PATCH (e.g. 0.1.0), and the top section of the package's CHANGELOG.md must
# be '## VERSION', saying what it changed (name an '## Unreleased' section after it first). DESTINATION is a git repository to push to: a URL, or a folder,
# made as a bare repository if it does not exist. Name it after the package's folder (the middleware's
# ComponentMiddleware.git): SwiftPM names a package reached by URL after the URL's last part, and
# apps name it so.
#
# --package FOLDER publishes the package in FOLDER instead of the middleware.
# --dependency NAME URL FROM is where a package the published one depends on by path is published:
# the published manifest says .package(url: URL, from: FROM) (.upToNextMinor(from: FROM) before
# 1.0.0, where a minor version may break) where the package's says .package(path: "…/NAME"), as a
# repository of its own cannot reach a folder beside it. Give one for each dependency by path, named
# after its folder; URL is a URL or an absolute path that has a version FROM takes. The package in the
# folder keeps its paths.
#
# Inside a larger repository, the package's history is split out of it as `git subtree split` does,
# every commit that touched the folder kept; a repository that is the package publishes its HEAD.
# Only what is committed is published. With dependencies given, the version is a commit on top of
# that history whose only change is the manifest; once main holds such a commit, every later version
# is one too, descending from the release before it, so main moves forward (nothing else on main is
# ever merged). The destination's main branch gets the commit, and the tag points at it.
#
# Refused, with nothing pushed and nothing made (exit 2): a version that is not MAJOR.MINOR.PATCH, one
# that is not the CHANGELOG's top section, one the destination already has or that is not above its
# highest, uncommitted changes in the package, a dependency by path no --dependency names (or one that
# names none, a URL SwiftPM would name otherwise, or one with no version FROM takes), a destination
# that cannot be reached or that refuses the push (whose main is not an ancestor of the version).
# Relative folders are taken from where you run it.
set -euo pipefail
# Relative folders are the caller's, not the package folder's this script works in.
caller=$(pwd)
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"

usage() { sed -n '2,34p' "$script" | sed 's/^# \{0,1\}//'; }
fail() { echo "Error: $*" >&2; exit 2; }
semver='^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$'

# The name SwiftPM gives a package at this folder or URL: its last part, without `.git`, lowercased.
identity() {
    local last=${1%/}
    last=${last##*/}
    last=${last%.git}
    printf '%s' "$last" | tr '[:upper:]' '[:lower:]'
}

package="$(dirname "$script")/.."
# Each --dependency: its name as given, the name SwiftPM gives it, its URL and lowest version. Bash 3
# (macOS) takes "${array[@]}" of an empty array for unset, hence ${names[@]+…} below.
names=() ids=() urls=() froms=()
arguments=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h | --help) usage; exit 0 ;;
        --package)
            [ $# -ge 2 ] || fail "--package needs a folder; see --help"
            package=$2
            [[ "$package" = /* ]] || package="$caller/$package"
            shift 2
            ;;
        --dependency)
            [ $# -ge 4 ] || fail "--dependency needs a name, a URL and a version, e.g." \
                "--dependency Base https://example.com/Base.git 1.0.0; see --help"
            [[ ! "$3" =~ $semver ]] || fail "--dependency takes a name, a URL and a version, in that order;" \
                "'$3' is a version; see --help"
            [[ "$2" =~ ^[A-Za-z0-9_.-]+$ ]] || fail "'$2' is not a package's folder name (letters, digits, _ . -)"
            [[ "$3" =~ ^[^[:space:][:cntrl:]\"\\]+$ ]] \
                || fail "the URL '$3' for $2 has a space, a quote, a backslash or a control character"
            [[ "$3" == *://* || "$3" =~ ^[^/]+: || "$3" = /* ]] \
                || fail "the URL '$3' for $2 is neither a URL (https://…, file://…) nor an absolute path, which a" \
                    "published manifest needs: it is read where the package is checked out"
            id=$(identity "$2")
            [ "$(identity "$3")" = "$id" ] \
                || fail "SwiftPM would name the package at '$3' '$(identity "$3")', not '$id';" \
                    "give the repository the name of the folder, $2.git"
            [[ "$4" =~ $semver ]] || fail "'$4' (the version of $2) is not a version MAJOR.MINOR.PATCH, e.g. 1.0.0"
            for known in ${ids[@]+"${ids[@]}"}; do
                [ "$known" != "$id" ] || fail "--dependency names $2 twice"
            done
            names+=("$2") ids+=("$id") urls+=("$3") froms+=("$4")
            shift 4
            ;;
        --) shift; arguments+=("$@"); break ;;
        -?*) fail "unknown option '$1'; see --help" ;;
        *) arguments+=("$1"); shift ;;
    esac
done
[ ${#arguments[@]} -eq 2 ] \
    || fail "give a version and a destination, e.g. bash Scripts/publish.sh 0.1.0 ../ComponentMiddleware.git; see --help"
version=${arguments[0]}
destination=${arguments[1]}
[[ "$version" =~ $semver ]] || fail "'$version' is not a version MAJOR.MINOR.PATCH, e.g. 0.1.0"
[ -n "$destination" ] || fail "the destination is empty; give a repository URL or folder"
# A URL (scheme://…) or an scp-like address (host:path, no / before the colon) is a remote's; anything
# else, ./my:dest.git among them, is a folder.
is_folder=true
if [[ "$destination" == *://* || "$destination" =~ ^[^/]+: ]]; then
    is_folder=false
else
    [[ "$destination" = /* ]] || destination="$caller/$destination"
fi
[ -d "$package" ] || fail "there is no folder '$package' to publish"
cd "$package"
[ -f Package.swift ] || fail "'$(pwd)' has no Package.swift; give --package the folder of a package"
# What is published is the folder as committed, so the changelog's top section must be the version's:
# a section above it (`## Unreleased`) describes changes the version would carry unannounced.
[ -f CHANGELOG.md ] || fail "$(pwd) has no CHANGELOG.md; add one whose top section is '## $version', then publish"
top=$(grep -m 1 '^## ' CHANGELOG.md || true)
if [ "$top" != "## $version" ]; then
    ! grep -q "^## $version[[:space:]]\{1,\}\$" CHANGELOG.md \
        || fail "$(pwd)/CHANGELOG.md writes '## $version' with spaces or a carriage return after it; write the" \
            "heading alone on its line (and the file with line feeds), then publish"
    grep -qxF "## $version" CHANGELOG.md \
        || fail "$(pwd)/CHANGELOG.md has no section '## $version'; say what this version changes, then publish"
    fail "$(pwd)/CHANGELOG.md has '$top' above '## $version', and the folder as committed holds what it" \
        "describes; name that section after the version you publish (above $version), commit, then publish"
fi

git rev-parse --show-toplevel > /dev/null 2>&1 || fail "$(pwd) is not in a git repository"
prefix=$(git rev-parse --show-prefix)
prefix=${prefix%/}
[ -n "$(git ls-files -- Package.swift)" ] || fail "Package.swift is not committed (git status -- ${prefix:-.}); commit the package, then publish"
[ -z "$(git status --porcelain -- .)" ] \
    || fail "the package has uncommitted changes (git status -- ${prefix:-.}); commit them, then publish"

scratch=$(mktemp -d)
created=""
cleanup() { rm -rf "$scratch"; [ -z "$created" ] || rm -rf "$created"; }
trap cleanup EXIT

# The requirement a published manifest states for FROM: up to the next major version, or before 1.0.0,
# where a minor version may break, up to the next minor one.
requirement() {
    if [[ "$1" == 0.* ]]; then echo ".upToNextMinor(from: \"$1\")"; else echo "from: \"$1\""; fi
}
# Whether the repository at URL has a version tag (X.Y.Z or vX.Y.Z) that requirement() of FROM takes.
has_version() {
    local tags
    tags=$(git ls-remote --tags "$1" 2> /dev/null) || return 2
    sed -n 's|.*refs/tags/v\{0,1\}\([0-9]*\)\.\([0-9]*\)\.\([0-9]*\)$|\1 \2 \3|p' <<< "$tags" \
        | awk -v from="$2" '
            BEGIN { split(from, f, "."); found = 0 }
            {
                above = $1 > f[1] || ($1 == f[1] && ($2 > f[2] || ($2 == f[2] && $3 >= f[3])))
                below = f[1] == 0 ? ($1 == 0 && $2 == f[2]) : $1 == f[1]
                if (above && below) found = 1
            }
            END { exit !found }'
}

# The manifest as published: each dependency by path, which SwiftPM's reading of the manifest lists by
# the name it gives the folder, by URL, as its --dependency says. Written one call a line,
# `.package(path: "…")` or `.package(name: "…", path: "…")` (a line that is a comment is left as it
# is); SwiftPM's reading of the result refuses anything else that still names a folder.
description=$(swift package dump-package 2>&1) || fail "SwiftPM cannot read $(pwd)/Package.swift:"$'\n'"$description"
local_names=$(grep -A2 '"fileSystem"' <<< "$description" | sed -n 's/.*"identity" : "\(.*\)".*/\1/p' || true)
manifest_changed=false
if [ -n "$local_names" ] || [ ${#names[@]} -gt 0 ]; then
    for index in ${names[@]+"${!names[@]}"}; do
        grep -qxF "${ids[$index]}" <<< "$local_names" \
            || fail "Package.swift depends on no package named ${names[$index]} by path (SwiftPM names those:" \
                "$(paste -sd, - <<< "${local_names:-none}")); check --dependency ${names[$index]}"
    done
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        for given in ${ids[@]+"${ids[@]}"}; do [ "$given" != "$name" ] || continue 2; done
        fail "Package.swift depends by path on $name, which a repository of its own cannot reach;" \
            "give --dependency $name URL FROM: where it is published, and its lowest version"
    done <<< "$local_names"
    # Each path the manifest writes, by the name SwiftPM gives the folder it leads to from here.
    rows=""
    seen=""
    while IFS= read -r path; do
        [ -n "$path" ] || continue
        folder=$(cd "$path" 2> /dev/null && pwd) || folder=$path
        name=$(identity "$folder")
        # Two folders SwiftPM names alike cannot each be given a place (bash 3's arrays, no maps).
        other=$(awk -F'\t' -v name="$name" -v folder="$folder" '$1 == name && $2 != folder { print $2; exit }' <<< "$seen")
        [ -z "$other" ] \
            || fail "Package.swift depends by path on $other and $folder, which SwiftPM both names $name;" \
                "one --dependency cannot say where each is published, so rename one folder"
        seen+="$name	$folder"$'\n'
        for index in ${names[@]+"${!names[@]}"}; do
            [ "${ids[$index]}" = "$name" ] || continue
            rows+="$path	.package(url: \"${urls[$index]}\", $(requirement "${froms[$index]}"))	$name"$'\n'
        done
    done < <(grep -v '^[[:space:]]*//' Package.swift | grep -o 'path: *"[^"]*")' | sed 's/^path: *"//; s/")$//' | sort -u)
    awk -v rows="$rows" -v rewritten="$scratch/Package.swift" '
        BEGIN {
            count = split(rows, lines, "\n")
            for (i = 1; i <= count; i++) {
                if (lines[i] == "") continue
                split(lines[i], fields, "\t")
                call[fields[1]] = fields[2]
            }
            pattern = "\\.package\\((name: *\"[^\"]*\", *)?path: *\"[^\"]*\"\\)"
        }
        /^[[:space:]]*\/\// { print > rewritten; next }
        {
            line = $0; out = ""
            while (match(line, pattern)) {
                text = substr(line, RSTART, RLENGTH)
                path = text; sub(/.*path: *"/, "", path); sub(/"\)$/, "", path)
                if (path in call) text = call[path]
                out = out substr(line, 1, RSTART - 1) text
                line = substr(line, RSTART + RLENGTH)
            }
            print out line > rewritten
        }' Package.swift
    # What SwiftPM reads from the manifest as published: no dependency left by path, each given by URL.
    mkdir "$scratch/read"
    cp "$scratch/Package.swift" "$scratch/read/Package.swift"
    published=$(cd "$scratch/read" && swift package dump-package 2>&1) \
        || fail "SwiftPM cannot read the manifest as published:"$'\n'"$published"
    ! grep -q '"fileSystem"' <<< "$published" \
        || fail "Package.swift writes a dependency by path in a form this script does not rewrite; write each" \
            "one call a line, .package(path: \"…\") or .package(name: \"…\", path: \"…\")"
    for index in ${names[@]+"${!names[@]}"}; do
        grep -B2 "\"identity\" : \"${ids[$index]}\"" <<< "$published" | grep '"sourceControl"' > /dev/null \
            || fail "the manifest as published does not depend on ${names[$index]} by URL"
        # A version the published manifest cannot resolve would use the version number up for nothing.
        status=0
        has_version "${urls[$index]}" "${froms[$index]}" || status=$?
        [ "$status" -ne 2 ] || fail "cannot reach ${names[$index]}'s repository '${urls[$index]}'"
        [ "$status" -eq 0 ] || fail "'${urls[$index]}' has no version of ${names[$index]} that" \
            "$(requirement "${froms[$index]}") takes; publish it there first, or give the version it has"
    done
    manifest_changed=true
fi

# A folder that does not exist yet becomes a bare repository, removed again if the publish is refused;
# anything else must already be a repository.
if $is_folder && [ -L "$destination" ] && [ ! -e "$destination" ]; then
    fail "'$destination' is a symbolic link that leads nowhere; give a repository or a folder to make one in"
fi
if $is_folder && [ ! -e "$destination" ]; then
    [ -d "$(dirname "$destination")" ] || fail "there is no folder '$(dirname "$destination")' to make the repository in"
    git init --quiet --bare --initial-branch=main "$destination"
    created=$destination
fi
git ls-remote "$destination" > /dev/null 2>&1 || fail "cannot reach the repository '$destination'"

# The highest version already published, and the refusal of any that is not above it.
published=$(git ls-remote --tags "$destination" | sed -n 's|.*refs/tags/v\{0,1\}\([0-9]*\.[0-9]*\.[0-9]*\)$|\1|p')
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
    commit=$(cd "$(git rev-parse --show-toplevel)" && git subtree split --prefix="$prefix" HEAD 2> "$scratch/progress") \
        || { tr '\r' '\n' < "$scratch/progress" | tail -n 5 >&2; fail "git subtree split failed"; }
else
    commit=$(git rev-parse HEAD)
fi

# The destination's main, when it is a release commit this script made of an earlier version of this
# history (its message says so, and the split history has its first parent): the version descends
# from it, or the push could not move main forward once a release commit is there. Anything else on
# main is never merged; the push then refuses what does not descend from it.
release_parent=""
main=$(git ls-remote "$destination" refs/heads/main | cut -f1)
if [ -n "$main" ] && ! git merge-base --is-ancestor "$main" "$commit" 2> /dev/null; then
    git fetch --quiet --no-write-fetch-head "$destination" main 2> /dev/null || true
    subject=$(git log -1 --format=%s "$main" 2> /dev/null || true)
    previous=$(git rev-parse --quiet --verify "$main^1" 2> /dev/null || true)
    if [[ "$subject" =~ ^Release\ [0-9]+\.[0-9]+\.[0-9]+:\ (dependencies\ by\ URL|the\ folder\ as\ it\ is)$ ]] \
        && [ -n "$previous" ] && git merge-base --is-ancestor "$previous" "$commit"; then
        release_parent=$main
    fi
fi

if $manifest_changed || [ -n "$release_parent" ]; then
    # The release commit: the split commit's tree (with the manifest as published), by the split
    # commit's author and committer at its dates, so publishing a history again to the same
    # repository makes the same commit.
    parents=(-p "$commit")
    [ -z "$release_parent" ] || parents+=(-p "$release_parent")
    tree=$(git rev-parse "$commit^{tree}")
    subject="Release $version: the folder as it is"
    if $manifest_changed; then
        subject="Release $version: dependencies by URL"
        blob=$(git hash-object -w "$scratch/Package.swift")
        tree=$(
            export GIT_INDEX_FILE="$scratch/index"
            git read-tree "$commit"
            git update-index --cacheinfo "100644,$blob,Package.swift"
            git write-tree
        )
    fi
    commit=$(
        export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_COMMITTER_DATE
        IFS=$'\t' read -r GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL \
            GIT_COMMITTER_DATE < <(git log -1 --format='%an%x09%ae%x09%ad%x09%cn%x09%ce%x09%cd' --date=raw "$commit")
        git commit-tree "$tree" "${parents[@]}" -m "$subject" \
            -m "$(printf '%s\n' ${names[@]+"${names[@]}"} | sed '/^$/d; s/^/- /')"
    )
fi

# Both refs or neither: a tag pushed beside a refused branch would use the version up on a commit
# that is not on main.
git push --quiet --atomic "$destination" "$commit:refs/heads/main" "$commit:refs/tags/$version" \
    || fail "'$destination' refused the push (is its main not an ancestor of this version, or checked out?);" \
        "nothing was pushed"
created=""
echo "Published $version ($commit) to $destination"
