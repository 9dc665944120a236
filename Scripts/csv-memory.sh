#!/usr/bin/env bash
# Peak memory of `tally tables lint` and `tally tables run` (debug build, as `swift run tally` uses) on
# a generated table of MEGABYTES (default 50), as /usr/bin/time -v reports it (maximum resident set
# size). Exits non-zero when either command fails or peaks at 150 MB or more: tables are read streaming.
#   Scripts/csv-memory.sh [MEGABYTES]      (TALLY_BIN=path measures another build, such as an older one)
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-50}"
limit=150
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
Scripts/csv-generate.sh "$folder/table.csv" "$size"
swift build --product tally 2>&1 | tail -1
tally="${TALLY_BIN:-$(swift build --show-bin-path)/tally}"
file_mb=$(( $(stat -c %s "$folder/table.csv") / 1000000 ))
status=0
for command in lint run; do
  if ! /usr/bin/time -v "$tally" tables "$command" "$folder/table.csv" --as claims/visits >"$folder/out" 2>"$folder/time"; then
    echo "tally tables $command failed:"; tail -3 "$folder/out"; status=1
  fi
  peak=$(( $(awk '/Maximum resident set size/ {print $NF}' "$folder/time") / 1024 ))
  cpu=$(awk '/User time|System time/ {sum += $NF} END {printf "%.1f", sum}' "$folder/time")
  echo "tally tables $command on a $file_mb MB table: peak $peak MB, $cpu s of CPU; $(tail -1 "$folder/out")"
  if [ "$peak" -ge "$limit" ]; then echo "  over the $limit MB limit"; status=1; fi
done
exit $status
