#!/usr/bin/env bash
# The package trials: Tally's properties on Swift packages that Swift developers depend on — Yams,
# XMLCoder, SwiftCSV, CSV.swift, BigInt, swift-collections and swift-async-algorithms (under Tally's
# scheduler), each at an exact version (Examples/PackageTrials).
# Builds them and its own copy of Tally (into Examples/PackageTrials/.build) and runs its tests: every
# known defect must still be found and shrunk to its pinned counterexample, every regression check must
# hold. See Examples/PackageTrials/FINDINGS.md.
#
#   Scripts/package-trials.sh
#
# Exits non-zero when the build or a test fails — including when a known defect is fixed upstream.
set -euo pipefail
cd "$(dirname "$0")/../Examples/PackageTrials"

echo "Package trials: build"
swift build --build-tests
echo "Package trials: swift test"
swift test
