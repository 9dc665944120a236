#!/usr/bin/env bash
# Measures `tally fuzz`, side by side in one run.
#
#   Scripts/fuzz-benchmark.sh [SECONDS]   cases per second on the claims invariants, one and two jobs
#   Scripts/fuzz-benchmark.sh --budget [--check]
#                                         wall time against --time with the planted bugs (a crash, a
#                                         hang, a failure), then SIGTERM and SIGKILL halfway: time to
#                                         stop, what was saved, child processes and /tmp files left;
#                                         with --check, a run over its promised time exits 1
#
# TALLY_BIN=.build/debug/tally uses an already built tally instead of a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
tally="${TALLY_BIN:-}"
if [ -z "$tally" ]; then
  swift build -c release --product tally 2>&1 | tail -1
  tally="$(swift build -c release --show-bin-path)/tally"
fi
tally="$(cd "$(dirname "$tally")" && pwd)/$(basename "$tally")"
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
now() { date +%s.%N; }
seconds() { python3 -c "print(f'{$2 - $1:.1f}')"; }

if [ "${1:-}" != "--budget" ]; then
  seconds="${1:-20}"
  for jobs in 1 2; do
    start=$(now)
    (cd "$folder" && "$tally" fuzz --spec claims --time "${seconds}s" --jobs "$jobs" --seed 1 --report "jobs$jobs.json" > /dev/null 2>&1) || true
    end=$(now)
    python3 - "$folder/jobs$jobs.json" "$jobs" "$start" "$end" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
cases = sum(p["cases"] for p in report["properties"])
wall = float(sys.argv[4]) - float(sys.argv[3])
print(f"--jobs {sys.argv[2]}: {cases} cases in {wall:.1f} s wall, {cases / wall:,.0f} cases/s")
PY
  done
  exit 0
fi

check=0
if [ "${2:-}" = "--check" ]; then check=1; fi
missed=0
export TALLY_PLANTED_BUGS=1
planted=(fuzz --spec planted --case-timeout 1s --seed 1)
echo "Time budget (planted bugs, --case-timeout 1s; the promise: at most 5 s + one case timeout over):"
for budget in 1 3 10; do
  run="$folder/budget$budget"; mkdir -p "$run"
  start=$(now)
  (cd "$run" && "$tally" "${planted[@]}" --time "${budget}s" --report r.json > out.txt 2>&1) || true
  end=$(now)
  found=$(grep -c "  ✘ " "$run/out.txt" || true)
  echo "  --time ${budget}s: $(seconds "$start" "$end") s wall, $found findings"
  if python3 -c "import sys; sys.exit(0 if $end - $start > $budget + 6 else 1)"; then
    echo "  target missed: over ${budget}s + 5 s + the 1 s case timeout" >&2
    missed=1
  fi
done

for signal in TERM KILL; do
  run="$folder/$signal"; mkdir -p "$run"
  (cd "$run" && exec "$tally" "${planted[@]}" --property "planted hang" --time 60s --report r.json > out.txt 2>&1) &
  pid=$!
  # Halfway: while the hang is being shrunk (an evaluator runs) or after 10 s.
  for _ in $(seq 200); do
    if pgrep -P "$pid" -f fuzz-evaluate > /dev/null; then break; fi
    sleep 0.05
  done
  sleep 0.5
  children=$(pgrep -P "$pid" || true)
  flights_before=$(ls /tmp | grep -c '^tally-flight' || true)
  start=$(now)
  kill "-$signal" "$pid"
  status=0; { wait "$pid"; } 2> /dev/null || status=$?
  end=$(now)
  sleep 1
  alive=0
  for child in $children; do
    state=$(awk '{print $3}' "/proc/$child/stat" 2>/dev/null || echo gone)
    if [ "$state" != gone ] && [ "$state" != Z ]; then alive=$((alive + 1)); kill -KILL "$child"; fi
  done
  saved=$( (find "$run/.tally/examples" -name '*.token' 2>/dev/null || true) | wc -l)
  report=$([ -f "$run/r.json" ] && echo written || echo missing)
  echo "SIG$signal halfway: ended $(seconds "$start" "$end") s later, exit status $status; $saved saved, report $report;" \
    "$alive of $(echo $children | wc -w) children alive 1 s later; tally-flight files in /tmp: $flights_before before, $(ls /tmp | grep -c '^tally-flight' || true) after"
done
if [ "$missed" -ne 0 ] && [ "$check" -eq 1 ]; then exit 1; fi
