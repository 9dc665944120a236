#!/usr/bin/env bash
# Every replay line Tally prints works when pasted verbatim at the package root.
#
# Makes real failures — the planted bugs under `tally check` and `tally fuzz`, and the probe tests
# (Tests/TallyTests/ProbeTests.swift) under `swift test` with TALLY_PROBE_BUG=1 — takes every
# "Replay: …" line they print (console, and the fuzz's Markdown, JSON and JUnit reports), runs each
# with bash exactly as printed from the package root, and checks that it fails again with the same
# counterexample. The planted bugs stay planted while the lines run (TALLY_PROBE_BUG stays exported),
# as they would for a developer who has not fixed the bug yet.
#
# Leaves nothing behind: failures are saved under a temporary folder (TALLY_EXAMPLES), the fuzz runs
# in it, and it is removed on exit. Exits 1 at the first line that does not work, saying which.
# Usage: Scripts/check-printed-commands.sh   (CI runs it after swift test)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tally-printed-commands.XXXXXX")
trap 'rm -rf "$work"' EXIT
export TALLY_EXAMPLES="$work/examples" NO_COLOR=1 SWIFT_BACKTRACE=enable=no
unset TALLY_REPLAY TALLY_PROPERTY TALLY_SEED TALLY_ITERATIONS TALLY_STATS

fail() { echo "check-printed-commands: FAIL: $*" >&2; exit 1; }
plain() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }

# Prints "value<TAB>command" for each failure in a report: the counterexample (or the value a replay
# announces before running it), on one line, and the command of the Replay: line that follows it.
failures() {
    plain "$1" | awk '
        function flush() { if (command != "") print value "\t" command; command = ""; value = "" }
        /Counterexample( \(shrunk[^)]*\))?:$/ || /^Replaying .*:$/ { flush(); value = ""; capturing = 1; next }
        capturing && /^[[:space:]]*Failure:/ { capturing = 0; next }
        capturing && /^[[:space:]]+[^[:space:]]/ { line = $0; sub(/^[[:space:]]+/, "", line); value = value (value == "" ? "" : " ") line; next }
        capturing { capturing = 0 }
        /Replay: / { line = $0; sub(/.*Replay: /, "", line); command = line; flush() }
    '
}

# Runs `command` verbatim from the package root; it must fail again (a non-zero status, a crash
# included) and show `value` as its counterexample. Prints the command's own Replay: lines.
replays() {
    local value=$1 command=$2 log
    # A Replay: line with no counterexample before it has nothing to reproduce: no pass.
    [ -n "$value" ] || fail "no counterexample was printed before '$command'"
    log="$work/run-$(printf '%s' "$command" | cksum | cut -d' ' -f1).log"
    echo "  \$ $command"
    # (The braces keep bash's own "Illegal instruction" note out of sight: a crash is a reproduction.)
    if { (cd "$root" && bash -c "$command") >"$log" 2>&1; } 2>/dev/null; then
        cat "$log" >&2
        fail "'$command' exited 0: the printed line did not reproduce the failure"
    fi
    local shown
    shown=$(failures "$log" | awk -F'\t' 'NR == 1 { print $1 }')
    [ -n "$shown" ] || shown=$(plain "$log" | awk '!done && /^Counterexample:$/ { getline; sub(/^[[:space:]]+/, ""); print; done = 1 }')
    if [ "$shown" != "$value" ]; then
        cat "$log" >&2
        fail "'$command' showed the counterexample '$shown', not '$value'"
    fi
    echo "    reproduced: $value"
}

# Checks every failure of the report in `log`: at least `expected` of them, each replaying as printed.
check_report() {
    local log=$1 expected=$2 what=$3 count=0
    while IFS=$'\t' read -r value command; do
        replays "$value" "$command"
        count=$((count + 1))
    done < <(failures "$log")
    [ "$count" -ge "$expected" ] || { cat "$log" >&2; fail "$what printed $count replay lines, expected $expected"; }
}

echo "== tally check (planted bugs: a failure and a generator that traps, whose value cannot be made)"
swift build --product tally >/dev/null
status=0
TALLY_PLANTED_BUGS=1 swift run tally check --property "planted/planted ordinary failure" \
    --property "planted/planted generator trap" >"$work/check.log" 2>&1 || status=$?
[ "$status" -eq 1 ] || { cat "$work/check.log" >&2; fail "tally check exited $status, expected 1"; }
check_report "$work/check.log" 2 "tally check"

echo "== tally replay (its own Replay: line)"
token=$(plain "$work/check.log" | sed -n 's/.*Replay: swift run tally replay //p' | awk 'NR == 1')
(swift run tally replay "$token" || true) >"$work/replay.log" 2>&1
check_report "$work/replay.log" 1 "tally replay"

echo "== tally fuzz (planted bugs: a failure and a crash)"
bin="$(swift build --show-bin-path)/tally"
status=0
(cd "$work" && TALLY_PLANTED_BUGS=1 "$bin" fuzz --spec planted --property "planted ordinary failure" --property "planted overflow" \
    --cases 3000 --seed 7 --report fuzz.md --report fuzz.json --report fuzz.xml) >"$work/fuzz.log" 2>&1 || status=$?
[ "$status" -eq 1 ] || { cat "$work/fuzz.log" >&2; fail "tally fuzz exited $status, expected 1 (new failures)"; }
check_report "$work/fuzz.log" 2 "tally fuzz"
printed=$(plain "$work/fuzz.log" | sed -n 's/.*Replay: //p' | sort -u)
for report in fuzz.md fuzz.json fuzz.xml; do
    lines=$(grep -o 'swift run tally replay [A-Za-z0-9._-]*' "$work/$report" | sort -u)
    [ "$lines" = "$printed" ] || fail "$report's replay lines differ from the console's: $lines / $printed"
done
echo "  the Markdown, JSON and JUnit reports print the same lines"

echo "== swift test (probe tests with TALLY_PROBE_BUG=1)"
export TALLY_PROBE_BUG=1
status=0
swift test --filter 'TallyTests.(probeProperties|ProbeTests)' >"$work/test.log" 2>&1 || status=$?
[ "$status" -ne 0 ] || { cat "$work/test.log" >&2; fail "swift test passed with the probe bugs planted"; }
check_report "$work/test.log" 3 "swift test"

echo "check-printed-commands: every printed replay line reproduced its counterexample"
