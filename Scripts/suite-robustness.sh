#!/usr/bin/env bash
# Is `swift test` green wherever a user runs it? Clones a commit of this checkout into the places users
# clone to and runs the whole suite there RUNS times (default 3), then prints runs and failures per
# place, with the tests that failed:
#
#   temporary   a clone under the temporary directory ($(mktemp -d)/tally), where quick trials go
#   space       a clone in a folder whose path has a space
#   tmpdir      a clone elsewhere, with TMPDIR pointing to yet another folder
#   busy        the temporary clone again, with a process spinning on every core meanwhile
#
#   Scripts/suite-robustness.sh [RUNS] [REVISION]      (REVISION: HEAD by default; an older one measures "before")
#
# Each place is a fresh clone with a build of its own (about a minute each on 2 cores), so a full run
# takes RUNS × 4 suites plus three builds. Clones go under .build/robustness (git ignores it) unless
# they belong in the temporary directory; everything is removed at the end, also when stopped.
# Exits 1 when any run failed; the logs of failed runs are kept in .tally/robustness/.
set -euo pipefail
cd "$(dirname "$0")" && cd "$(git rev-parse --show-toplevel)"
root="$(pwd)"
runs="${1:-3}"
revision="${2:-HEAD}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/suite-robustness.sh [RUNS] [REVISION]  (RUNS: a whole number ≥ 1, got '$runs')" >&2; exit 2; }
commit="$(git rev-parse --verify --quiet "$revision^{commit}")" || { echo "usage: Scripts/suite-robustness.sh [RUNS] [REVISION]  ('$revision' names no commit)" >&2; exit 2; }

base="$root/.build/robustness"
temporary="$(mktemp -d)"
hogs=()
cleanup() {
  for hog in "${hogs[@]}"; do kill "$hog" 2>/dev/null || true; done
  rm -rf "$base" "$temporary"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
rm -rf "$base"
mkdir -p "$base"

# A clone of the commit at $1, built with its tests.
clone() {
  git clone --quiet "$root" "$1"
  git -C "$1" checkout --quiet "$commit"
  (cd "$1" && swift build --build-tests >"$1.build.log" 2>&1) || { echo "error: the clone at $1 does not build; see $1.build.log" >&2; cat "$1.build.log" >&2; exit 1; }
}

# Runs the suite $runs times in folder $2 with TMPDIR $3, recording the results of place $1.
results=()
measure() {
  local place="$1" folder="$2" tmpdir="$3" failures=0 failed=() seconds=()
  for ((run = 1; run <= runs; run++)); do
    local log="$base/$place-$run.log" start end
    start=$(date +%s)
    if (cd "$folder" && TMPDIR="$tmpdir" swift test >"$log" 2>&1); then :; else
      failures=$((failures + 1))
      mkdir -p "$root/.tally/robustness"
      cp "$log" "$root/.tally/robustness/"
      # The tests that failed, by name; or the run's last line when it ended before any test failed.
      mapfile -t names < <(sed -n 's/^✘ Test \([^ ]*\) .*failed.*/\1/p' "$log" | grep -vx run | sort -u)
      ((${#names[@]} > 0)) || names=("$(tail -1 "$log")")
      failed+=("${names[@]}")
    fi
    end=$(date +%s)
    seconds+=("$((end - start))")
    echo "  $place run $run ($((end - start)) s): $(tail -1 "$log" | cut -c1-120)"
  done
  local listed=""
  ((${#failed[@]} == 0)) || listed="  failed: $(printf '%s\n' "${failed[@]}" | sort | uniq -c | awk '{$1=$1; print}' | paste -sd ';' -)"
  results+=("$(printf '%-10s %4d %8d   %s s%s' "$place" "$runs" "$failures" "${seconds[*]}" "$listed")")
}

echo "suite-robustness: $revision ($(git rev-parse --short "$commit")), $runs run(s) per place, $(nproc) cores"
echo "  building the clones"
clone "$temporary/tally"
clone "$base/with space/tally"
clone "$base/plain/tally"
mkdir -p "$base/elsewhere-tmp"

echo "  running"
measure temporary "$temporary/tally" "${TMPDIR:-/tmp}"
measure space "$base/with space/tally" "${TMPDIR:-/tmp}"
measure tmpdir "$base/plain/tally" "$base/elsewhere-tmp"
for ((core = 0; core < $(nproc); core++)); do
  (while :; do :; done) &
  hogs+=("$!")
done
measure busy "$temporary/tally" "${TMPDIR:-/tmp}"
for hog in "${hogs[@]}"; do kill "$hog" 2>/dev/null || true; done
hogs=()

echo
printf '%-10s %4s %8s   %s\n' place runs failures "seconds per run"
printf '%s\n' "${results[@]}"
total_failures=$(printf '%s\n' "${results[@]}" | awk '{sum += $3} END {print sum}')
((total_failures == 0))
