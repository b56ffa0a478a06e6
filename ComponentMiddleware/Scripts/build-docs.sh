#!/usr/bin/env bash
# Builds the DocC reference of the libraries other packages use, with the toolchain's own docc and
# warnings as errors, so a broken link or an undocumented parameter fails the build; a public symbol
# without a summary line fails it too.
#   bash Scripts/build-docs.sh            # writes .build-docs/site/<Library>.doccarchive
#   bash Scripts/build-docs.sh --preview  # serves http://localhost:8080/documentation/middleware (Ctrl-C stops it)
# The symbol graphs come from `swift build` with -emit-symbol-graph, in .build-docs, so the package's
# own .build is left alone. They are written when a module compiles, so they are kept between runs.
set -euo pipefail
# This script by its full path: the help reads it after the cd below.
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

usage() { sed -n '2,6p' "$script" | sed 's/^# \{0,1\}//'; }
preview=false
case "${1:-}" in
    "") ;;
    --preview) preview=true ;;
    -h|--help) usage; exit 0 ;;
    *) echo "Error: unknown argument '$1'; use --preview or --help" >&2; exit 2 ;;
esac

# Each library and its catalog.
libraries=("Middleware:Sources/Middleware/Middleware.docc" "LayeringCheck:Tools/LayeringCheck/LayeringCheck.docc")

scratch=.build-docs
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs/all" "$scratch/site"
for entry in "${libraries[@]}"; do
    library="${entry%%:*}"
    swift build --scratch-path "$scratch" --target "$library" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" > /dev/null
done

for entry in "${libraries[@]}"; do
    library="${entry%%:*}"
    catalog="${entry#*:}"
    # Only the library's own graphs: its dependencies' symbols are documented in their own place.
    own="$graphs/$library"
    rm -rf "$own"
    mkdir -p "$own"
    cp "$graphs/all/$library".symbols.json "$graphs/all/$library"@*.symbols.json "$own/" 2>/dev/null || true
    if $preview; then
        # Into the scratch folder: by default docc writes the site inside the catalog, among the sources.
        # docc creates the archive's folder but not the one it sits in.
        mkdir -p "$scratch/preview"
        exec docc preview "$catalog" --additional-symbol-graph-dir "$own" \
            --output-path "$scratch/preview/$library.doccarchive" \
            --fallback-display-name "$library" --fallback-bundle-identifier "ComponentMiddleware.$library"
    fi
    docc convert "$catalog" --additional-symbol-graph-dir "$own" --warnings-as-errors \
        --fallback-display-name "$library" --fallback-bundle-identifier "ComponentMiddleware.$library" \
        --output-path "$scratch/site/$library.doccarchive" \
        --experimental-documentation-coverage --coverage-summary-level none
    # Every symbol of ours has a summary; what the compiler synthesizes (`==`, `hash(into:)`, Codable,
    # RawRepresentable, the conformance groups) has none to give.
    python3 - "$scratch/site/$library.doccarchive/documentation-coverage.json" "$library" <<'PYTHON'
import json, re, sys
synthesized = re.compile(r"(Implementations$|^!=|^==|^<|^>|^\.\.|^hash\(into:\)$|^hashValue$|^init\(from:\)$"
                         r"|^encode\(to:\)$|^init\(rawValue:\)$|^localizedDescription$)")
missing = [entry["referencePath"].split("/documentation/", 1)[-1] for entry in json.load(open(sys.argv[1]))
           if entry["kind"].get("isSymbol") and not entry["hasAbstract"] and not synthesized.search(entry["title"])]
for path in missing:
    print(f"error: {path} has no documentation comment; add a summary line", file=sys.stderr)
sys.exit(1 if missing else 0)
PYTHON
done
echo "Built: $(ls -d "$scratch"/site/*.doccarchive | tr '\n' ' ')"
