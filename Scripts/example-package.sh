#!/usr/bin/env bash
# The example package, as a team that adds Tally to its own package uses it: Examples/ builds its own
# copy of Tally (into Examples/.build), runs its tests, runs its own tool's `check`, and its `mutate`:
# every mutant of the shipping engine must be killed (about a minute from a clean clone on 2 cores,
# most of it building the scratch copy under Examples/.tally/mutate; seconds when nothing changed).
#
#   Scripts/example-package.sh
#
# Exits non-zero when the build, a test or a check fails, or a mutant survives.
set -euo pipefail
cd "$(dirname "$0")/../Examples"

echo "Example package: build"
swift build --build-tests
echo "Example package: swift test"
swift test
echo "Example package: shipping check"
"$(swift build --show-bin-path)/shipping" check
echo "Example package: shipping mutate"
"$(swift build --show-bin-path)/shipping" mutate

# The second example, Examples/Checkout: a package whose only properties are `forAll`s in its tests, and
# whose tool is three lines. Its fuzz finds those properties in the built tests; with the planted bug
# (CHECKOUT_PLANTED_BUG=1, a copy of the engine in the tests) it finds the cent the shares lose, shrunk
# to (1, 50), and both replay lines it prints work when pasted, as printed. Its mutate, with no spec, is judged
# by the tests: every mutant must be killed.
cd Checkout
echo "Checkout example: build and swift test"
swift build --build-tests
swift test
checkout="$(swift build --show-bin-path)/checkout"
examples="$(mktemp -d)"
trap 'rm -rf "$examples"' EXIT
export TALLY_EXAMPLES="$examples"
echo "Checkout example: checkout fuzz, the engine as it is"
"$checkout" fuzz --cases 2000 | tee "$examples/clean.log"
grep -q "Fuzz: 2 passed, 0 failed" "$examples/clean.log" || { echo "checkout fuzz did not fuzz the tests' two properties" >&2; exit 1; }
echo "Checkout example: checkout fuzz, with the planted bug"
status=0
CHECKOUT_PLANTED_BUG=1 "$checkout" fuzz --cases 2000 > "$examples/planted.log" || status=$?
cat "$examples/planted.log"
[[ "$status" == 1 ]] || { echo "checkout fuzz exited $status with the planted bug, expected 1" >&2; exit 1; }
grep -qx "        (1, 50)" "$examples/planted.log" || { echo "the planted bug was not shrunk to (1, 50)" >&2; exit 1; }
replay="$(sed -n 's/^ *Replay: //p' "$examples/planted.log")"
[[ "$replay" == "swift run checkout replay "* ]] || { echo "no replay line: '$replay'" >&2; exit 1; }
token="${replay##* }"
# Each line as Tally printed it: the fuzz's replay line, then the swift test line that replay says it
# stands for, then the Replay: line that swift test prints, which must be that very line.
pasted() {
  echo "Checkout example: pasted: CHECKOUT_PLANTED_BUG=1 $1"
  status=0
  (export CHECKOUT_PLANTED_BUG=1; eval "$1") > "$examples/$2" 2>&1 || status=$?
  [[ "$status" != 0 ]] && grep -q "^    (1, 50)" "$examples/$2" || { cat "$examples/$2" >&2; echo "'$1' did not replay (1, 50) (exit $status)" >&2; exit 1; }
}
pasted "$replay" replay.log
swift_test="$(sed -n 's/.*, as \(TALLY_REPLAY=.* swift test --filter .*\) does:$/\1/p' "$examples/replay.log")"
[[ "$swift_test" == "TALLY_REPLAY=$token swift test --filter "* ]] || { cat "$examples/replay.log" >&2; echo "replay named no swift test line for $token" >&2; exit 1; }
pasted "$swift_test" swift-test.log
printed="$(sed -n 's/^ *Replay: //p' "$examples/swift-test.log" | head -1)"
[[ "$printed" == "$swift_test" ]] || { cat "$examples/swift-test.log" >&2; echo "swift test printed the replay line '$printed', not '$swift_test'" >&2; exit 1; }
echo "Checkout example: checkout mutate, judged by the tests alone (no spec): every mutant killed"
"$checkout" mutate
echo "Checkout example: fuzzed, found, shrunk to the cent and replayed; every mutant killed by its tests"
