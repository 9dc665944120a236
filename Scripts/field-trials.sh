#!/usr/bin/env bash
# The field trials: Tally's properties on the Foundation that ships with Swift (Examples/FieldTrials).
# Builds its own copy of Tally (into Examples/FieldTrials/.build) and runs its tests: every known
# defect must still be found and shrunk to its pinned counterexample, every regression check must hold
# (under a second once built). See Examples/FieldTrials/FINDINGS.md.
#
#   Scripts/field-trials.sh
#
# Exits non-zero when the build or a test fails — including when a known defect is fixed upstream.
set -euo pipefail
cd "$(dirname "$0")/../Examples/FieldTrials"

echo "Field trials: build"
swift build --build-tests
echo "Field trials: swift test"
swift test
