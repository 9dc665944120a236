#!/usr/bin/env bash
# Cases per second of `tally fuzz` on the claims invariants with one and two worker processes, in one
# run, from the JSON reports. Usage: Scripts/fuzz-benchmark.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
swift build -c release --product tally 2>&1 | tail -1
tally="$(swift build -c release --show-bin-path)/tally"
folder="$(mktemp -d)"
for jobs in 1 2; do
  start=$(date +%s.%N)
  (cd "$folder" && "$tally" fuzz --spec claims --time "${seconds}s" --jobs "$jobs" --seed 1 --report "jobs$jobs.json" > /dev/null)
  end=$(date +%s.%N)
  python3 - "$folder/jobs$jobs.json" "$jobs" "$start" "$end" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
cases = sum(p["cases"] for p in report["properties"])
wall = float(sys.argv[4]) - float(sys.argv[3])
print(f"--jobs {sys.argv[2]}: {cases} cases in {wall:.1f} s wall, {cases / wall:,.0f} cases/s")
PY
done
rm -rf "$folder"
