#!/usr/bin/env bash
# How long `swift test` takes after the build: the median wall time of RUNS runs (default 5) against the
# target of 25 s, then one run with the tests one at a time (--no-parallel), listing every test over
# 5 s; such a test must say why in a comment line beginning `// Slow:` within the 8 lines above it.
# Measure on a quiet machine: another build beside it doubles every figure.
#
#   Scripts/suite-time.sh [--check] [RUNS]     (--check: exit 1 when the median or a silent test is over)
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
runs="${1:-5}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/suite-time.sh [--check] [RUNS]  (RUNS: a whole number ≥ 1, got '$runs')" >&2; exit 2; }
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

swift build --build-tests >"$logs/build" 2>&1 || { cat "$logs/build"; exit 1; }
echo "suite-time: $runs runs after the build, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
seconds=()
for ((run = 1; run <= runs; run++)); do
  start=$(date +%s.%N)
  swift test >"$logs/run$run" 2>&1 || { echo "run $run failed:"; tail -5 "$logs/run$run"; exit 1; }
  end=$(date +%s.%N)
  seconds+=("$(python3 -c "print(f'{$end - $start:.1f}')")")
  echo "  run $run: ${seconds[-1]} s"
done
median=$(printf '%s\n' "${seconds[@]}" | sort -g | python3 -c "import sys; v=[float(l) for l in sys.stdin]; print(v[len(v)//2])")
status=0
echo "median: $median s (target ≤ 25 s)"
if python3 -c "import sys; sys.exit(0 if $median > 25 else 1)"; then echo "suite-time: target missed: median $median s over 25 s" >&2; status=1; fi

echo "one test at a time (swift test --no-parallel): tests over 5 s"
swift test --no-parallel >"$logs/serial" 2>&1 || { echo "the serial run failed:"; tail -5 "$logs/serial"; exit 1; }
silent=0
while read -r duration name; do
  function_name="${name%%(*}"
  # The comment that says why: `// Slow:` within the lines above the test's declaration.
  if grep -rn -B8 "func $function_name(" Tests --include=*.swift | grep -q "// Slow:"; then
    echo "  $duration s  $name  (says why)"
  else
    echo "  $duration s  $name  — says nothing of why"
    silent=$((silent + 1))
  fi
done < <(sed -n -E 's/^✔ Test ([^ ]+\)) .*passed after ([0-9.]+) seconds.*/\2 \1/p' "$logs/serial" | awk '$1 > 5' | sort -rn)
if ((silent > 0)); then echo "suite-time: $silent tests over 5 s say nothing of why" >&2; status=1; fi
if ((check == 0)); then exit 0; fi
exit "$status"
