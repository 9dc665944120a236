#!/usr/bin/env bash
# What Tally costs an adopter to build: in a temporary folder (removed on exit), three tiny packages with
# one property test each — one on x-sheep/swift-property-based 2.0.1 (the peer, from the machine's
# package copy), one on Tally's `Tally` product (by path to this checkout), and one that also adds
# `TallyTables` and the three-line tool (`TallyCommandLine.main`). Each is built cold, debug, with its
# tests (`swift build --build-tests` after removing everything in .build but the resolved checkouts),
# side by side in alternating order, three rounds; prints each round's seconds, wall and CPU, and the
# ratios to the peer. Resolving dependencies is not timed. Slow (10 minutes on 2 cores, 25 when the
# machine is busy) and sensitive to its load, so it is not in .ci/run (CI has 2 cores): run it by hand
# before and after changing what the `Tally` target builds.
#
#   Scripts/adopter-build.sh            # three rounds
#   ADOPTER_ROUNDS=5 Scripts/adopter-build.sh
#
# Exits non-zero when a build fails, or when the median Tally/peer ratio is over 2.0 (issue 40's target).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
rounds="${ADOPTER_ROUNDS:-3}"
if [[ ! "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "ADOPTER_ROUNDS must be a positive whole number, not '$rounds'" >&2
    exit 2
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/tally-adopter.XXXXXX")"
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
# The compiler's own temporary files go there too, so that nothing is left in /tmp.
mkdir "$work/tmp"
export TMPDIR="$work/tmp"

# package NAME DEPENDENCIES PRODUCTS [TOOL_PRODUCT]: a package with one test target (and a tool if asked).
package() {
    local name="$1" dependency="$2" products="$3" tool="${4:-}"
    mkdir -p "$work/$name/Tests/${name}Tests"
    local tool_target=""
    if [[ -n "$tool" ]]; then
        mkdir -p "$work/$name/Sources/tool"
        tool_target=".executableTarget(name: \"tool\", dependencies: [$tool]),"
        printf 'import TallyCommandLine\n\nawait TallyCommandLine.main(properties: [], tables: [])\n' \
            > "$work/$name/Sources/tool/main.swift"
    fi
    cat > "$work/$name/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "$name",
    dependencies: [$dependency],
    targets: [
        $tool_target
        .testTarget(name: "${name}Tests", dependencies: [$products]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
}

package Peer '.package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1")' \
    '.product(name: "PropertyBased", package: "swift-property-based")'
cat > "$work/Peer/Tests/PeerTests/SumTests.swift" <<'EOF'
import PropertyBased
import Testing

@Test func sumIsCommutative() async {
    await propertyCheck(input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...100)) { cents, percent in
        #expect(cents + percent == percent + cents)
    }
}
EOF

tally_test='import Tally
import Testing

@Test func sumIsCommutative() async {
    await forAll(Gen.int(in: 0...1_000_000), Gen.int(in: 0...100)) { cents, percent in
        #expect(cents + percent == percent + cents)
    }
}'
package TallyOnly ".package(name: \"Tally\", path: \"$repo\")" '.product(name: "Tally", package: "Tally")'
echo "$tally_test" > "$work/TallyOnly/Tests/TallyOnlyTests/SumTests.swift"
package TallyAndTool ".package(name: \"Tally\", path: \"$repo\")" \
    '.product(name: "Tally", package: "Tally"), .product(name: "TallyTables", package: "Tally")' \
    '.product(name: "TallyCommandLine", package: "Tally")'
echo "$tally_test" > "$work/TallyAndTool/Tests/TallyAndToolTests/SumTests.swift"

names=(Peer TallyOnly TallyAndTool)
for name in "${names[@]}"; do
    (cd "$work/$name" && swift package resolve >"$work/$name.log" 2>&1) \
        || { cat "$work/$name.log" >&2; echo "$name: swift package resolve failed" >&2; exit 1; }
done

# cold NAME: removes all but the resolved checkouts, builds with tests, prints "WALL CPU" in seconds
# (CPU: user + system time of the build's processes, steadier than the wall clock on a busy machine).
cold() {
    local dir="$work/$1" status=0
    find "$dir/.build" -mindepth 1 -maxdepth 1 ! -name checkouts ! -name repositories \
        ! -name workspace-state.json -exec rm -rf {} +
    local TIMEFORMAT='%R %U %S'
    { time (cd "$dir" && swift build --build-tests >"$work/$1.log" 2>&1); } 2>"$work/$1.time" || status=$?
    if ((status != 0)); then
        cat "$work/$1.log" >&2
        echo "$1: swift build --build-tests failed (exit $status)" >&2
        exit 1
    fi
    awk '{ printf "%.1f %.1f", $1, $2 + $3 }' "$work/$1.time"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

declare -A wall cpu
wall_tally=() wall_tool=() cpu_tally=() cpu_tool=()
echo "Cold debug builds with tests (swift build --build-tests): wall seconds (CPU seconds);" \
    "load: $(cut -d' ' -f1-3 /proc/loadavg)"
row='%-6s %14s %14s %14s %14s %16s\n'
printf "$row" round Peer TallyOnly TallyAndTool "Tally/peer" "Tally+tool/peer"
for ((round = 1; round <= rounds; round++)); do
    order=("${names[@]}")
    ((round % 2 == 0)) && order=(TallyAndTool TallyOnly Peer)
    for name in "${order[@]}"; do
        times="$(cold "$name")"
        read -r wall[$name] cpu[$name] <<<"$times"
    done
    wall_tally+=("$(ratio "${wall[TallyOnly]}" "${wall[Peer]}")")
    wall_tool+=("$(ratio "${wall[TallyAndTool]}" "${wall[Peer]}")")
    cpu_tally+=("$(ratio "${cpu[TallyOnly]}" "${cpu[Peer]}")")
    cpu_tool+=("$(ratio "${cpu[TallyAndTool]}" "${cpu[Peer]}")")
    printf "$row" "$round" "${wall[Peer]} (${cpu[Peer]})" "${wall[TallyOnly]} (${cpu[TallyOnly]})" \
        "${wall[TallyAndTool]} (${cpu[TallyAndTool]})" "${wall_tally[-1]} (${cpu_tally[-1]})" \
        "${wall_tool[-1]} (${cpu_tool[-1]})"
done

median() {
    printf '%s\n' "$@" | sort -g \
        | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
median_tally="$(median "${wall_tally[@]}")"
echo "Median ratios over $rounds rounds, wall (CPU): Tally/peer $median_tally ($(median "${cpu_tally[@]}"))," \
    "target at most 2.0; Tally+TallyTables+tool/peer $(median "${wall_tool[@]}") ($(median "${cpu_tool[@]}"));" \
    "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
if awk -v r="$median_tally" 'BEGIN { exit !(r > 2.0) }'; then
    echo "The median Tally/peer ratio $median_tally (wall) is over 2.0: a package on Tally builds too slowly" >&2
    exit 1
fi
