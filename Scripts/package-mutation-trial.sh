#!/usr/bin/env bash
# Mutation analysis on a package Tally did not grow up with, judged by that package's own tests: a copy
# of SwiftCSV 0.10.0 (as Examples/PackageTrials pins it) gets a three-line tool, `csv-tally` (Tally's
# own package has a `tally` target), and `csv-tally mutate SwiftCSV` runs each mutant against the
# XCTest cases that reach it. Prints the score,
# the survivors with file:line, the wall time and the test runs saved beside running every test for
# every mutant (Muter's approach). Everything happens in a temporary folder, removed at the end.
# Not part of .ci/run: it builds Tally twice (the copy and its scratch build), about ten minutes on 2 cores.
#
#   Scripts/package-mutation-trial.sh [--jobs N]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$root/Examples/PackageTrials" && swift package resolve >/dev/null)
source="$root/Examples/PackageTrials/.build/checkouts/SwiftCSV"
[[ -f "$source/Package.swift" ]] || { echo "package-mutation-trial: no SwiftCSV checkout at $source" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$source" "$work/SwiftCSV"
rm -rf "$work/SwiftCSV/.git"
cd "$work/SwiftCSV"
mkdir -p TallyTool
printf 'import TallyCommandLine\n\nawait TallyCommandLine.main()\n' > TallyTool/main.swift
cat >> Package.swift <<MANIFEST

// Added by Tally's package-mutation-trial.sh: the three-line tool that runs tally mutate here.
package.dependencies.append(.package(name: "Tally", path: "$root"))
package.targets.append(.executableTarget(name: "csv-tally", dependencies: [.product(name: "TallyCommandLine", package: "Tally")], path: "TallyTool"))
MANIFEST
echo "package-mutation-trial: building SwiftCSV with a tally tool in $work/SwiftCSV"
swift build --build-tests 2>&1 | tail -1
swift test 2>&1 | grep -E "Executed .* tests" | tail -1
start=$(date +%s)
status=0
swift run csv-tally mutate SwiftCSV "$@" || status=$?
echo "package-mutation-trial: tally mutate exited $status after $(( $(date +%s) - start )) s"
