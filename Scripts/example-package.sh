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
