#!/usr/bin/env bash
# The nightly fuzz in one command: a release build, `tally fuzz` for TALLY_FUZZ_TIME (default 10m),
# reports into TALLY_REPORT_DIR (default .tally/reports). Exits with the fuzz's status: 1 when a new
# failure was found (saved under .tally/examples/ for `swift test` to replay), 0 otherwise.
#
#   TALLY_FUZZ_TIME=20s Scripts/nightly-fuzz.sh
#   TALLY_FUZZ_JOBS=2 TALLY_FUZZ_SHARD=1/4 Scripts/nightly-fuzz.sh     # one machine of a CI matrix
set -euo pipefail
cd "$(dirname "$0")/.."

time_budget="${TALLY_FUZZ_TIME:-10m}"
report_dir="${TALLY_REPORT_DIR:-.tally/reports}"
jobs="${TALLY_FUZZ_JOBS:-1}"
mkdir -p "$report_dir"

swift build -c release --product tally

arguments=(fuzz --time "$time_budget" --jobs "$jobs"
  --report "$report_dir/junit.xml" --report "$report_dir/summary.md" --report "$report_dir/summary.json")
if [ -n "${TALLY_FUZZ_SHARD:-}" ]; then arguments+=(--shard "$TALLY_FUZZ_SHARD"); fi

status=0
"$(swift build -c release --show-bin-path)/tally" "${arguments[@]}" || status=$?
since="${TALLY_MUTATE_SINCE:-$(git rev-list -1 --before='24 hours ago' HEAD)}"; [ -z "$since" ] || "$(swift build -c release --show-bin-path)/tally" mutate --since "$since" --report "$report_dir/mutants.md" --report "$report_dir/mutants.json" || status=$?
echo "Reports: $report_dir/summary.md, $report_dir/junit.xml, $report_dir/summary.json"
exit "$status"
