#!/usr/bin/env bash
# What counting the package's tests costs `tally mutate`: the same command timed side by side with the
# tests judging what the requirements let through and without them (TALLY_MUTATE_TESTS=off, the one
# difference), on this machine, as issue 37 asks of `tally mutate Claims CardAuthorization` (within 1.5×).
#
#   Scripts/mutate-timing.sh [--pairs N] [TARGET …]     (default: 1 pair, Claims CardAuthorization)
#
# Each run starts with nothing cached, as a first run does: the scratch build is most of its time. The
# .tally/mutate found here is moved aside and put back at the end, however the script ends. Pairs take
# turns going first (without, with; with, without; …), so a change in the machine's load falls on both.
# One run of Claims CardAuthorization took 19 minutes on 2 cores under load 11, so this is no CI step.
#
# What it measures: the tests are built and run only for the mutants no requirement noticed. When the
# requirements kill every mutant (Claims and CardAuthorization: 100%), the tests are never built, and
# the two runs differ only in hashing the tests' sources for the cache: the ratio then says that the
# tests cost nothing where they are not needed, not what judging by them costs. The script prints how
# many mutants the run with the tests left for them, so the figures say which case they are.
# Exits 1 when the total wall time with the tests is over 1.5× the total without; 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=1
if [[ "${1:-}" == "--pairs" ]]; then pairs="${2:-}"; shift 2 || true; fi
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/mutate-timing.sh [--pairs N] [TARGET …]  (N: a whole number ≥ 1, got '$pairs')" >&2; exit 2; }
targets=("$@")
((${#targets[@]} > 0)) || targets=(Claims CardAuthorization)

swift build --product tally >/dev/null
tally="${TALLY_BIN:-$(swift build --show-bin-path)/tally}"
logs="$(mktemp -d)"
saved=""
if [[ -e .tally/mutate ]]; then saved=".tally/mutate.timing-$$"; mv .tally/mutate "$saved"; fi
restore() {
  rm -rf .tally/mutate "$logs"
  if [[ -n "$saved" ]]; then mv "$saved" .tally/mutate; fi
}
trap restore EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# One run from nothing cached: its wall time in seconds, its log kept as $logs/$1.
run() {
  local name="$1"; shift
  rm -rf .tally/mutate
  local start end status=0
  start=$(date +%s.%N)
  env "$@" "$tally" mutate "${targets[@]}" >"$logs/$name" 2>&1 || status=$?
  end=$(date +%s.%N)
  # 1 is a survivor (without the tests, one only they kill survives); anything else is a failed run.
  if ((status > 1)); then tail -20 "$logs/$name" >&2; echo "mutate-timing: $name exited $status" >&2; exit 1; fi
  python3 -c "print(f'{$end - $start:.1f}')"
}

echo "mutate-timing: tally mutate ${targets[*]}, $pairs pair(s), nothing cached, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
without=0 with=0
for ((pair = 1; pair <= pairs; pair++)); do
  order=(without with)
  ((pair % 2 == 0)) && order=(with without)
  for kind in "${order[@]}"; do
    if [[ "$kind" == without ]]; then
      seconds=$(run "without-$pair" TALLY_MUTATE_TESTS=off)
      # No test target reaching the targets: both runs are the same, and there is nothing to time.
      grep -q "do not judge (TALLY_MUTATE_TESTS=off)" "$logs/without-$pair" \
        || { tail -20 "$logs/without-$pair" >&2; echo "mutate-timing: no test target reaches ${targets[*]}: nothing to compare" >&2; exit 1; }
      without=$(python3 -c "print($without + $seconds)")
    else
      seconds=$(run "with-$pair")
      with=$(python3 -c "print($with + $seconds)")
    fi
    log="$logs/$kind-$pair"
    left=$(sed -n -E 's/^([0-9]+) mutants? left for the tests.*/\1/p' "$log")
    echo "  pair $pair, $kind the tests: $seconds s wall; $(grep '^Mutation score' "$log"); $(grep '^Time:' "$log")"
    [[ "$kind" == with ]] && echo "    left for the tests: ${left:-0} mutants$( [[ -z "$left" ]] && echo " (the tests were not built)")"
  done
done
ratio=$(python3 -c "print(f'{$with / $without:.2f}')")
echo "mutate-timing: with the tests ${with} s, without ${without} s in all: ratio $ratio (target ≤ 1.5)"
python3 -c "import sys; sys.exit(0 if $with <= 1.5 * $without else 1)" || { echo "mutate-timing: over 1.5×" >&2; exit 1; }
