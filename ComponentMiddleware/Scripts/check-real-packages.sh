#!/usr/bin/env bash
# Runs the layering check on real packages: each must pass unmodified, and each planted violation
# must be caught.
#
#   bash Scripts/check-real-packages.sh [--keep]
#
# For each package (swift-nio, hummingbird, vapor, swift-crypto, at fixed versions) it clones the
# release into a temporary folder, checks it as it is (no error expected), then appends two targets to
# its manifest and checks again:
#   PlantedExternal     declares nothing and imports a module of one of the package's dependencies
#                       (expected: undeclared-import)
#   PlantedConditional  declares that module for macOS only and imports it unconditionally
#                       (expected: conditional-import, compiled on Linux)
# For swift-nio it also checks the contract of issue 22, "NIOHTTP1 may depend on NIO but import only
# NIOCore" (expected: clean), and that a dependency finding lands on the entry inside NIOHTTP1's own
# target declaration, not on its product.
# For swift-crypto, whose imports of BoringSSL stand in the `#else` of `#if CRYPTO_IN_SWIFTPM &&
# !CRYPTO_IN_SWIFTPM_FORCE_BUILD_API` and whose manifest defines the second name only for the platforms
# that declare BoringSSL, it also defines that name on every platform (expected: conditional-import at
# the import, compiled on macOS).
#
# The packages come from GitHub, or from wherever git's url.<base>.insteadOf sends github.com (a
# local mirror). A package that can be fetched from neither is skipped, and the script says so; a
# release missing from a repository that can be fetched is a failure.
# --keep leaves the clones in place. Exit status: 0 every expectation held, 1 one did not.
set -euo pipefail
# This script by its full path: the help reads it after the cd below.
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

keep=false
for argument in "$@"; do
    case "$argument" in
        --keep) keep=true ;;
        -h | --help) sed -n '2,/^set /p' "$script" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
        *) echo "error: unknown argument '$argument'; see --help" >&2; exit 2 ;;
    esac
done

# name, repository, version, a module of a dependency, and the product and package that offer it.
packages=(
    "swift-nio https://github.com/apple/swift-nio 2.101.3 DequeModule DequeModule swift-collections"
    "hummingbird https://github.com/hummingbird-project/hummingbird 2.28.1 NIOCore NIOCore swift-nio"
    "vapor https://github.com/vapor/vapor 4.122.3 NIOCore NIOCore swift-nio"
    "swift-crypto https://github.com/apple/swift-crypto 4.5.2 SwiftASN1 SwiftASN1 swift-asn1"
)

# A package whose repository cannot be reached here is skipped, and said so; one that can be reached
# but lacks the release is a failure (a mistyped version must not turn into a green run).
reachable=()
for entry in "${packages[@]}"; do
    read -r name url version _ <<< "$entry"
    if ! git ls-remote "$url" > /dev/null 2>&1; then
        echo "skipped: $url cannot be fetched here (no network and no mirror)"
    else
        reachable+=("$entry")
    fi
done
if [ ${#reachable[@]} -eq 0 ]; then
    echo "skipped: none of the packages can be fetched here"
    exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/real-packages.XXXXXX")"
$keep || trap 'rm -rf "$work"' EXIT
swift build --product layering-check > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
tool="$(swift build --show-bin-path)/layering-check"
failures=0

expect() { # description, then a command that must succeed
    local description="$1"
    shift
    if "$@"; then
        echo "  ok: $description"
    else
        echo "  FAILED: $description"
        failures=$((failures + 1))
    fi
}

check() { # folder, output file: runs the check, returns its status
    local status=0
    (cd "$1" && "$tool" --no-cache > "$2" 2>&1) || status=$?
    tail -1 "$2" | sed 's/^/  /'
    return "$status"
}

for entry in "${reachable[@]}"; do
    read -r name url version module product package <<< "$entry"
    echo "$name $version"
    folder="$work/$name"
    if ! git clone -q --depth 1 --branch "$version" "$url" "$folder" 2> "$work/$name.clone.txt"; then
        echo "  FAILED: cloning $url at $version: $(tail -1 "$work/$name.clone.txt")"
        failures=$((failures + 1))
        continue
    fi
    expect "the unmodified package has no error" check "$folder" "$work/$name.clean.txt"

    if [ "$name" = swift-nio ]; then
        cat > "$work/nio-contract.json" <<'JSON'
{"layers": [["NIOHTTP1"], ["NIO"], ["NIOPosix", "NIOEmbedded"], ["NIOCore"]],
 "forbidden": [{"from": ["NIOHTTP1"], "to": ["NIO"], "allowDependency": true,
                "reason": "import NIOCore; the dependency on NIO stays for compatibility"}]}
JSON
        expect "NIOHTTP1 may depend on NIO but import only NIOCore" \
            bash -c "cd '$folder' && '$tool' --contract '$work/nio-contract.json' > '$work/nio-contract.txt' 2>&1"
        cat > "$work/nio-forbid.json" <<'JSON'
{"layers": [["NIOHTTP1", "NIOCore"]],
 "forbidden": [{"from": ["NIOHTTP1"], "to": ["NIOCore"], "reason": "planted"}]}
JSON
        (cd "$folder" && "$tool" --contract "$work/nio-forbid.json" > "$work/nio-forbid.txt" 2>&1) || true
        line="$(grep -m1 "^Package.swift:.*forbidden-dependency" "$work/nio-forbid.txt" | cut -d: -f2)"
        # The target's declaration: from `.target(` followed by `name: "NIOHTTP1"` to the `)` that closes
        # it, at the indentation it opened with.
        range="$(awk 'found && index($0, indent ")") == 1 { print NR; exit }
            /^ *\.(target|testTarget|executableTarget)\($/ { start = NR; indent = substr($0, 1, match($0, /[^ ]/) - 1) }
            /name: "NIOHTTP1"/ && start && NR - start == 1 { print start; found = 1 }' \
            "$folder/Package.swift" | tr '\n' ' ')"
        read -r first after <<< "$range"
        expect "a dependency finding lands in NIOHTTP1's target declaration (line $line, declaration $first-$after)" \
            test -n "$line" -a "${line:-0}" -gt "${first:-0}" -a "${line:-0}" -lt "${after:-0}"
    fi

    if [ "$name" = swift-crypto ]; then
        # The manifest defines the name in a variable, for the platforms in a local array; the planted
        # manifest defines it everywhere, and is put back afterwards.
        cp "$folder/Package.swift" "$work/crypto-manifest.swift"
        sed 's/\.define("CRYPTO_IN_SWIFTPM_FORCE_BUILD_API", \.when(platforms: platforms))/.define("CRYPTO_IN_SWIFTPM_FORCE_BUILD_API")/' \
            "$work/crypto-manifest.swift" > "$folder/Package.swift"
        expect "CRYPTO_IN_SWIFTPM_FORCE_BUILD_API is planted on every platform" \
            bash -c "! cmp -s '$folder/Package.swift' '$work/crypto-manifest.swift'"
        check "$folder" "$work/$name.everywhere.txt" || true
        expect "defined everywhere, it compiles the import of BoringSSL on macOS, where it is not declared" \
            grep -q "^Sources/Crypto/AEADs/AES/GCM/BoringSSL/AES-GCM_boring.swift:17:1: error: 'Crypto' imports 'CCryptoBoringSSL', which it declares only for .*; the import is also compiled on macOS.*\[conditional-import\]" \
            "$work/$name.everywhere.txt"
        cp "$work/crypto-manifest.swift" "$folder/Package.swift"
    fi

    mkdir -p "$folder/Planted/External" "$folder/Planted/Conditional"
    echo "import $module" > "$folder/Planted/External/External.swift"
    echo "import $module" > "$folder/Planted/Conditional/Conditional.swift"
    dependency=".product(name: \"$product\", package: \"$package\", condition: .when(platforms: [.macOS]))"
    cat >> "$folder/Package.swift" <<SWIFT

package.targets.append(.target(name: "PlantedExternal", path: "Planted/External"))
package.targets.append(.target(name: "PlantedConditional", dependencies: [$dependency], path: "Planted/Conditional"))
SWIFT
    check "$folder" "$work/$name.planted.txt" || true
    expect "the undeclared import of $module is an error" \
        grep -q "^Planted/External/External.swift:1:1: error: 'PlantedExternal' imports '$module' of package .*\[undeclared-import\]" \
        "$work/$name.planted.txt"
    expect "the macOS-only $module imported unconditionally is reported on Linux" \
        grep -q "^Planted/Conditional/Conditional.swift:1:1: error: .*declares only for macOS; the import is also compiled on Linux.*\[conditional-import\]" \
        "$work/$name.planted.txt"
done

if [ "$failures" -gt 0 ]; then
    if $keep; then
        echo "$failures expectation(s) failed; the outputs are in $work"
    else
        echo "$failures expectation(s) failed; run again with --keep to look at the outputs"
    fi
    exit 1
fi
echo "every expectation held"
