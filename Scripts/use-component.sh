#!/usr/bin/env bash
# Switches a component in a package of its own between its folder and a published version of it:
# the mall's Package.swift then depends on it by path, or with .package(url:from:).
#
#   bash Scripts/use-component.sh NAME URL FROM   # the version at URL, FROM or any above it up to the next major
#   bash Scripts/use-component.sh NAME --path     # Components/NAME again
#
# NAME is a component of `componentPackages` in Package.swift; URL is its repository (published with
# bash ComponentMiddleware/Scripts/publish.sh --package Components/NAME …), named NAME.git, as SwiftPM
# names a package after its URL's last part; FROM is MAJOR.MINOR.PATCH. The command writes the entry in
# `componentReleases` and resolves the packages (`swift package resolve`), so the next `swift build`
# builds with it; `swift package update` later takes newer versions below the next major one.
#
# Refused, with Package.swift and Package.resolved as they were (exit 2): a name that is not such a
# component, a URL SwiftPM would name otherwise or one a Swift string cannot hold, a version that is
# not MAJOR.MINOR.PATCH, a `componentReleases` not written as this command writes it, and a version
# SwiftPM cannot resolve (its error is shown). While a component comes from a version,
# new-component --check and --regenerate still read its folder, and the layering check leaves the
# folder out (a warning says so). See Docs/ReleasingAComponent.md.
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

usage() { sed -n '2,19p' "$script" | sed 's/^# \{0,1\}//'; }
fail() { echo "Error: $*" >&2; exit 2; }

case "${1:-}" in
    -h | --help) usage; exit 0 ;;
esac
case $# in
    2) [ "$2" = --path ] || fail "give a URL and a version, or --path; see --help" ;;
    3) ;;
    *) fail "give a component and a URL and version, or --path, e.g. bash Scripts/use-component.sh Appointment" \
        "https://example.com/Appointment.git 1.0.0; see --help" ;;
esac
name=$1
url="" from=""
[ $# -eq 2 ] || { url=$2; from=$3; }
[[ "$name" =~ ^[A-Za-z][A-Za-z0-9]*$ ]] || fail "'$name' is not a component's name; see componentPackages in Package.swift"
if [ -n "$url" ]; then
    [[ "$url" =~ ^[^[:space:][:cntrl:]\"\\]+$ ]] || fail "the URL '$url' has a space, a quote, a backslash or a control character"
    last=${url%/}
    last=${last##*/}
    last=${last%.git}
    [ "$(tr '[:upper:]' '[:lower:]' <<< "$last")" = "$(tr '[:upper:]' '[:lower:]' <<< "$name")" ] \
        || fail "SwiftPM would name the package at '$url' '$last', and the mall uses '$name'; publish it as $name.git"
    [[ "$from" =~ ^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$ ]] \
        || fail "'$from' is not a version MAJOR.MINOR.PATCH, e.g. 1.0.0"
fi

source="from Components/$name"
[ -z "$url" ] || source="at $url from $from"

# The component packages, from the manifest's own line (one Set literal of names).
# Written on one line, it is read here for a clear refusal; SwiftPM's reading below holds either way.
line='^let componentPackages: Set<String> = \[\(.*\)\]$'
if grep -q "$line" Package.swift; then
    packages=$(sed -n "s/$line/\1/p" Package.swift)
    grep -qxF "\"$name\"" <<< "$(tr ',' '\n' <<< "$packages" | sed 's/^ *//; s/ *$//')" \
        || fail "'$name' is not in componentPackages in Package.swift (${packages:-none}); only a component in a" \
            "package of its own can be taken at a version"
fi

# componentReleases rewritten: its entries read, NAME's dropped or replaced, all written again, sorted.
# Read as this command writes it: `= [:]`, or one entry a line between `= [` and a line `]`.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
awk -v name="$name" -v url="$url" -v from="$from" '
    function entries(   key, sorted, count, i, j, swap) {
        count = 0
        for (key in release) sorted[++count] = key
        for (i = 2; i <= count; i++)
            for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) {
                swap = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = swap
            }
        if (count == 0) { print head "[:]"; return }
        print head "["
        for (i = 1; i <= count; i++) print "    \"" sorted[i] "\": " release[sorted[i]] ","
        print "]"
    }
    BEGIN { head = "let componentReleases: [String: (url: String, from: Version)] = "; state = "before" }
    state == "before" && index($0, head) == 1 {
        rest = substr($0, length(head) + 1)
        if (rest == "[:]") state = "done"
        else if (rest == "[") { state = "inside"; next }
        else exit 3
    }
    state == "inside" {
        if ($0 == "]") { state = "done" }
        else if (match($0, /^    "[A-Za-z][A-Za-z0-9]*": \(url: "[^"\\]*", from: "[0-9]+\.[0-9]+\.[0-9]+"\),$/)) {
            key = $0; sub(/^    "/, "", key); sub(/".*/, "", key)
            value = $0; sub(/^    "[A-Za-z0-9]*": /, "", value); sub(/,$/, "", value)
            if (key in release) exit 3
            release[key] = value
            next
        }
        else exit 3
    }
    state == "done" {
        delete release[name]
        if (url != "") release[name] = "(url: \"" url "\", from: \"" from "\")"
        entries()
        state = "after"
        next
    }
    { print }
    END { if (state != "after") exit 3 }
' Package.swift > "$scratch/Package.swift" || status=$?
[ "$status" -ne 3 ] || fail "Package.swift's componentReleases is not written as this command writes it" \
    "(\`= [:]\`, or one \`\"Name\": (url: \"…\", from: \"1.0.0\"),\` a line between \`= [\` and \`]\`); edit it by hand"
[ "$status" -eq 0 ] || fail "could not read Package.swift"
if cmp -s Package.swift "$scratch/Package.swift"; then
    echo "Package.swift already takes $name $source; nothing changed"
    exit 0
fi

# Written, then read and resolved; on any failure or interruption both files are put back as they were.
cp -p Package.swift "$scratch/Package.swift.before"
[ ! -e Package.resolved ] || cp -p Package.resolved "$scratch/Package.resolved.before"
restore() {
    cp -p "$scratch/Package.swift.before" Package.swift
    if [ -e "$scratch/Package.resolved.before" ]; then
        cp -p "$scratch/Package.resolved.before" Package.resolved
    else
        rm -f Package.resolved
    fi
}
trap '[ ! -e "$scratch/pending" ] || restore; rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
touch "$scratch/pending"
cat "$scratch/Package.swift" > Package.swift
# SwiftPM's reading of the manifest written: the package named NAME, by URL or by path as asked.
kind=fileSystem
[ -z "$url" ] || kind=sourceControl
identity=$(tr '[:upper:]' '[:lower:]' <<< "$name")
description=$(swift package dump-package 2>&1) \
    || fail "SwiftPM cannot read Package.swift with $name's line written; it is as it was. SwiftPM said:"$'\n'"$description"
grep -B2 "\"identity\" : \"$identity\"" <<< "$description" | grep "\"$kind\"" > /dev/null \
    || fail "Package.swift, so written, does not take $name $source (is it in componentPackages?); it is as it was"
if ! swift package resolve > "$scratch/resolve.log" 2>&1; then
    cat "$scratch/resolve.log" >&2
    fail "SwiftPM cannot resolve $name $source; Package.swift and Package.resolved are as they were"
fi
rm "$scratch/pending"
if [ -n "$url" ]; then
    pinned=$(grep -A8 "\"identity\" : \"$identity\"" Package.resolved | sed -n 's/.*"version" : "\(.*\)".*/\1/p')
    pinned=${pinned%%$'\n'*}
    echo "The mall takes $name ${pinned:-?} from $url (from $from); swift build builds with it."
else
    echo "The mall takes $name from Components/$name again; swift build builds with it."
fi
