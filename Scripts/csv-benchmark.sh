#!/usr/bin/env bash
# CSV parse throughput: Tally's reader against Python's csv module (C-accelerated), on the same
# generated 50 MB table with quoted fields (Scripts/csv-generate.sh), in one run. Prints both rates and
# their ratio, against the target tally / python ≥ 2×; with --check, a missed target exits 1.
#   Scripts/csv-benchmark.sh [--check] [MEGABYTES]
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
size="${1:-50}"
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
file="$folder/table.csv"
Scripts/csv-generate.sh "$file" "$size"
swift build -c release --package-path Benchmarks --product csv-bench 2>&1 | tail -1
# Three interleaved runs of each; the best of each counts (the machine is shared and noisy).
tally_rates=(); python_rates=()
for round in 1 2 3; do
  tally_line="$(Benchmarks/.build/release/csv-bench "$file")"
  python_line="$(python3 - "$file" <<'PY'
import csv, os, sys, time
path = sys.argv[1]
start = time.perf_counter()
records = fields = 0
with open(path, newline="", encoding="utf-8") as f:
    for row in csv.reader(f):
        records += 1
        fields += len(row)
seconds = time.perf_counter() - start
print(f"python csv: {records} records, {fields} fields, {seconds:.2f} s, {os.path.getsize(path) / 1e6 / seconds:.1f} MB/s")
PY
)"
  echo "round $round: $tally_line | $python_line"
  tally_rates+=("$(echo "$tally_line" | sed -E 's/.* ([0-9.]+) MB\/s/\1/')")
  python_rates+=("$(echo "$python_line" | sed -E 's/.* ([0-9.]+) MB\/s/\1/')")
done
tally_best="$(printf '%s\n' "${tally_rates[@]}" | sort -g -r | head -1)"
python_best="$(printf '%s\n' "${python_rates[@]}" | sort -g -r | head -1)"
echo "best: tally $tally_best MB/s, python csv $python_best MB/s"
met=0
python3 -c "import sys; t, p = float(sys.argv[1]), float(sys.argv[2]); print(f'tally / python: {t/p:.2f}x (target >= 2x)'); sys.exit(0 if t / p >= 2 else 1)" "$tally_best" "$python_best" || met=$?
if [ "$met" -ne 0 ]; then
  echo "csv-benchmark: target missed: tally / python below 2x" >&2
  if [ "$check" -eq 1 ]; then exit 1; fi
fi
