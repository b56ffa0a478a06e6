# Sourced by the CI scripts that publish packages: what they publish is a copy of this working tree,
# so they check uncommitted work too and never tag the repository itself.

# Copies the working tree (tracked and new files, not ignored ones) into the empty folder $1 and
# commits it there as a repository of its own, by an author of its own.
working_tree_repository() {
    local destination=$1
    git ls-files -z --cached --others --exclude-standard \
        | while IFS= read -r -d '' file; do [ ! -e "$file" ] || printf '%s\0' "$file"; done \
        | tar -cf - --null -T - | tar -xf - -C "$destination"
    (
        cd "$destination"
        git init --quiet --initial-branch=main
        git add -A
        git -c user.name=CI -c user.email=ci@example.com commit --quiet -m "The working tree"
    )
}

# The version the changelog $1 publishes next: its top section's, where that is a version, or, where
# it is `## Unreleased`, the minor version after the highest (that section then named so, and committed).
release_version() {
    local changelog=$1 top highest next
    top=$(grep -m 1 '^## ' "$changelog" || true)
    if [ "$top" != "## Unreleased" ]; then
        [[ "$top" =~ ^##\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "Error: $changelog's top section is '$top'" >&2; return 1; }
        echo "${top#\#\# }"
        return
    fi
    highest=$(sed -n 's/^## \([0-9]*\.[0-9]*\.[0-9]*\)$/\1/p' "$changelog" | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1)
    next=$(awk -F. '{ print $1 "." $2 + 1 ".0" }' <<< "${highest:-0.0.0}")
    sed -i "s/^## Unreleased\$/## $next/" "$changelog"
    git -C "$(dirname "$changelog")" -c user.name=CI -c user.email=ci@example.com \
        commit --quiet -m "$(basename "$(dirname "$changelog")") $next" -- "$(basename "$changelog")"
    echo "$next"
}
