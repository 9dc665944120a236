#!/usr/bin/env bash
# The example package, as a team that adds Tally to its own package uses it: Examples/ builds its own
# copy of Tally (into Examples/.build), runs its tests, and runs its own tool's `check`.
#
#   Scripts/example-package.sh
#
# Exits non-zero when the build, a test or a check fails.
set -euo pipefail
cd "$(dirname "$0")/../Examples"

echo "Example package: build"
swift build --build-tests
echo "Example package: swift test"
swift test
echo "Example package: shipping check"
"$(swift build --show-bin-path)/shipping" check
