#!/usr/bin/env bash
# Times the layering check on a generated package of N component targets x 5 files (default 1000).
#
#   bash Benchmarks/layering-check.sh [components] [--with-build]
#
# The package has a layers.json (app above independent components above a base). Prints the
# manifest load (swift package describe, cold and warm), the check itself, the whole command end to
# end describing the package and with the description cached, its peak memory, and a baseline
# measured in the same run: grep reading every import line of the same files. --with-build also times
# `swift build --explicit-target-dependency-import-check error` on the same package (slow).
set -euo pipefail
cd "$(dirname "$0")/.."

components=1000
with_build=false
for argument in "$@"; do
    case "$argument" in
        --with-build) with_build=true ;;
        -h | --help) sed -n '2,10p' "$0"; exit 0 ;;
        *[!0-9]* | '') echo "error: unknown argument '$argument'; pass a number of components or --with-build" >&2; exit 2 ;;
        *) components="$argument" ;;
    esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/layering-bench.XXXXXX")"
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT
package="$work/Synthetic"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

echo "Generating $components components x 5 files in $package"
mkdir -p "$package/Sources/Base" "$package/Shell/App"
cat > "$package/Sources/Base/Base.swift" <<'SWIFT'
public struct Identifier: Sendable { public let raw: String; public init(_ raw: String) { self.raw = raw } }
SWIFT
{
    echo '// swift-tools-version: 6.0'
    echo 'import PackageDescription'
    echo ''
    echo "let components = (1...$components).map { \"Component\\(\$0)\" }"
    echo 'let package = Package(name: "Synthetic", targets: [.target(name: "Base", path: "Sources/Base")])'
    echo 'for component in components {'
    echo '    package.targets.append(.target(name: component, dependencies: ["Base"], path: "Components/\(component)"))'
    echo '}'
    echo 'package.targets.append('
    echo '    .executableTarget(name: "App", dependencies: ["Base"] + components.map { .target(name: $0) }, path: "Shell/App")'
    echo ')'
} > "$package/Package.swift"
for ((i = 1; i <= components; i++)); do
    dir="$package/Components/Component$i"
    mkdir -p "$dir"
    for ((f = 1; f <= 5; f++)); do
        cat > "$dir/File$f.swift" <<SWIFT
import Base
import Foundation

/// File $f of component $i. "import Component1" in a string or // import Component2 in a comment is not an import.
public struct Component${i}Model$f: Sendable {
    public var id = Identifier("c$i-$f")
    public var note = "import Component1"
    public init() {}
}
SWIFT
    done
done
cat > "$package/layers.json" <<'JSON'
{
  "layers": [["App"], { "name": "Business", "targets": ["Components/*"] }, ["Base"]],
  "independence": [["Components/*"]]
}
JSON
echo 'import Base' > "$package/Shell/App/main.swift"
echo 'print(Identifier("app").raw)' >> "$package/Shell/App/main.swift"
files=$(find "$package" -name '*.swift' ! -name Package.swift | wc -l)
echo "Generated $files Swift files"

echo "Building layering-check (release)"
swift build -c release --product layering-check > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 2; }
tool="$(swift build -c release --show-bin-path)/layering-check"

start=$(now)
swift package --package-path "$package" describe --type json > "$work/describe.json"
cold_describe=$(elapsed "$start" "$(now)")
start=$(now)
swift package --package-path "$package" describe --type json > "$work/describe.json"
warm_describe=$(elapsed "$start" "$(now)")

# The check alone: the description is read from a file, so only reading and lexing sources counts.
best_check=""
for run in 1 2 3; do
    "$tool" --package-path "$package" --description "$work/describe.json" --timings > "$work/check.txt" 2> "$work/timings.txt"
    check=$(sed -n 's/.*check \([0-9.]*\) s.*/\1/p' "$work/timings.txt")
    if [ -z "$best_check" ] || awk -v a="$check" -v b="$best_check" 'BEGIN { exit !(a < b) }'; then best_check=$check; fi
done
summary=$(tail -1 "$work/check.txt")

# End to end: describing every time (--no-cache, SwiftPM's own manifest cache warm), then with the
# description cached by a first run, and its peak memory.
/usr/bin/time -f '%e %M' -o "$work/time.txt" "$tool" --package-path "$package" --no-cache > /dev/null
read -r end_to_end_uncached _ < "$work/time.txt"
"$tool" --package-path "$package" > /dev/null
/usr/bin/time -f '%e %M' -o "$work/time.txt" "$tool" --package-path "$package" > /dev/null
read -r end_to_end peak_kb < "$work/time.txt"

# Baseline: grep reading the import lines of the same files.
start=$(now)
grep -rh --include='*.swift' '^import' "$package/Components" "$package/Sources" "$package/Shell" | wc -l > /dev/null
grep_time=$(elapsed "$start" "$(now)")

files_per_second=$(awk -v f="$files" -v t="$best_check" 'BEGIN { printf "%.0f", f / t }')
ratio=$(awk -v c="$best_check" -v g="$grep_time" 'BEGIN { printf "%.1f", c / g }')
echo
echo "layering-check: $summary"
echo "  manifest load (swift package describe): cold ${cold_describe} s, warm ${warm_describe} s"
echo "  check itself (best of 3):               ${best_check} s (${files_per_second} files/s)"
echo "  end to end, describing (warm manifest):  ${end_to_end_uncached} s"
echo "  end to end, cached description:         ${end_to_end} s, peak memory $((peak_kb / 1024)) MB"
echo "  baseline, grep '^import' on the files:  ${grep_time} s (check / grep = ${ratio}x)"

if [ "$with_build" = true ]; then
    echo
    echo "Timing swift build --explicit-target-dependency-import-check error (this takes a while)"
    start=$(now)
    if swift build --package-path "$package" --scratch-path "$work/.build-explicit" \
        --explicit-target-dependency-import-check error > "$work/explicit.log" 2>&1; then status=ok; else status=failed; fi
    echo "  swift build with the explicit import check: $(elapsed "$start" "$(now)") s ($status)"
fi
