#!/usr/bin/env bash
# The nightly fuzz in one command: a release build, `tally fuzz` for TALLY_FUZZ_TIME (default 10m),
# reports into TALLY_REPORT_DIR (default .tally/reports). Exits with the fuzz's status: 1 when a new
# failure was found (saved under .tally/examples/ for `swift test` to replay) or a property could not
# run within the time (give more time or shard), 0 otherwise, 2 when
# tally was called wrongly (a bad TALLY_FUZZ_* value), 130/143/129 when stopped by SIGINT/SIGTERM/SIGHUP.
# A signal to this script alone (a CI cancel may reach only it) is passed on to the tally step running,
# which stops cleanly and writes what it checked; the steps after it are skipped.
#
#   TALLY_FUZZ_TIME=20s Scripts/nightly-fuzz.sh
#   TALLY_BIN=.build/debug/tally Scripts/nightly-fuzz.sh              # an already built tally
#
# The matrix form: N machines each fuzz a slice of the properties (TALLY_FUZZ_SHARD=I/N) for the same
# TALLY_FUZZ_TIME at the same commit, each into its own report folder, which the CI job uploads; a last
# job merges the N folders into one report. A shard runs the fuzz only: the mutation analysis and the
# HTML report are one machine's work (the merge writes the merged HTML report).
#
#   TALLY_FUZZ_SHARD=1/4 TALLY_REPORT_DIR=shard-1 Scripts/nightly-fuzz.sh   # ... and 2/4, 3/4, 4/4
#   swift run tally report --merge shard-1 shard-2 shard-3 shard-4 --to merged
#
# A shard missing from the merge, or of another commit, N or budget, fails the merge and is named in
# merged/summary.md. Examples/ci/nightly-fuzz.yml is this matrix as a GitHub Actions workflow, and
# Scripts/ci-matrix-check.sh runs its steps locally.
set -euo pipefail
cd "$(dirname "$0")/.."

time_budget="${TALLY_FUZZ_TIME:-10m}"
report_dir="${TALLY_REPORT_DIR:-.tally/reports}"
jobs="${TALLY_FUZZ_JOBS:-1}"
reports=("$report_dir/summary.md" "$report_dir/junit.xml" "$report_dir/summary.json")
mkdir -p "$report_dir"
# Reports of an earlier night must not pass for tonight's: each tally step first removes what an
# earlier run wrote in the folder at its step or a later one (the fuzz: every report of Tally's), so a
# run stopped at any step leaves only its own files; files Tally did not write stay.

stopped=0
signal_name=""
step=""
stop() {
  stopped=$1
  signal_name=$2
  if [ -n "$step" ]; then kill -s "$2" "$step" 2>/dev/null || true; fi
}
trap 'stop 130 INT' INT
trap 'stop 143 TERM' TERM
trap 'stop 129 HUP' HUP
# Runs a step in the background and waits for it: bash runs a trap only once a foreground command
# ends, so a signal would wait for the whole fuzz; `wait` returns at once and the trap passes it on.
run_step() {
  "$@" &
  step=$!
  local code=0
  wait "$step" || code=$?
  # A trapped signal ends `wait` while the step still runs: wait for the step's own end.
  while [ "$stopped" -ne 0 ] && kill -0 "$step" 2>/dev/null; do
    code=0
    wait "$step" || code=$?
  done
  step=""
  return "$code"
}
# Exits when a signal stopped the script, or the step (its status $2): a script started in the
# background by another script ignores SIGINT and cannot trap it, while tally still stops on it.
exit_if_stopped() {
  if [ "$stopped" -eq 0 ]; then
    case "${2:-0}" in
      129) stopped=129 signal_name=HUP ;;
      130) stopped=130 signal_name=INT ;;
      143) stopped=143 signal_name=TERM ;;
    esac
  fi
  if [ "$stopped" -ne 0 ]; then
    echo "nightly-fuzz: stopped by SIG$signal_name: $1" >&2
    exit "$stopped"
  fi
}

tally="${TALLY_BIN:-}"
if [ -z "$tally" ]; then
  swift build -c release --product tally
  tally="$(swift build -c release --show-bin-path)/tally"
fi
exit_if_stopped "before the fuzz started; nothing was written, and $report_dir holds only what an earlier run left there"

arguments=(fuzz --time "$time_budget" --jobs "$jobs")
for report in "${reports[@]}"; do arguments+=(--report "$report"); done
if [ -n "${TALLY_FUZZ_SHARD:-}" ]; then arguments+=(--shard "$TALLY_FUZZ_SHARD"); fi

status=0
run_step "$tally" "${arguments[@]}" || status=$?
exit_if_stopped "the fuzz reported what it checked (tally fuzz exited $status); mutation analysis and the HTML report were skipped" "$status"
if [ "$status" -eq 2 ]; then
  echo "nightly-fuzz: usage error: tally fuzz refused its options (see above; check TALLY_FUZZ_TIME, TALLY_FUZZ_JOBS, TALLY_FUZZ_SHARD); no reports were written" >&2
  exit 2
fi
if [ -n "${TALLY_FUZZ_SHARD:-}" ]; then
  echo "nightly-fuzz: shard $TALLY_FUZZ_SHARD: the fuzz only; mutation analysis and the HTML report run once, after tally report --merge"
  for report in "${reports[@]}"; do
    if [ ! -f "$report" ]; then echo "nightly-fuzz: shard $TALLY_FUZZ_SHARD wrote no $report (tally fuzz exited $status)" >&2; exit 1; fi
  done
  echo "Reports: $(printf '%s, ' "${reports[@]}" | sed 's/, $//')"
  exit "$status"
fi
# Mutation analysis of the engine lines changed since the last night (TALLY_MUTATE_SINCE overrides).
since="${TALLY_MUTATE_SINCE:-$(git rev-list -1 --before='24 hours ago' HEAD)}"
if [ -n "$since" ]; then
  mutated=0
  run_step "$tally" mutate --since "$since" --report "$report_dir/mutants.md" --report "$report_dir/mutants.json" || mutated=$?
  exit_if_stopped "during mutation analysis; the HTML report was skipped" "$mutated"
  if [ "$mutated" -ne 0 ]; then status=$mutated; fi
else
  echo "nightly-fuzz: mutation analysis skipped: no commit is older than 24 hours to start from; set TALLY_MUTATE_SINCE"
fi
# The HTML requirements report beside them: tables, properties and this fuzz's findings (summary.json).
report=0
run_step "$tally" report --html "$report_dir" >/dev/null || report=$?
exit_if_stopped "while writing the HTML report" "$report"
if ((report > 1)); then echo "error: tally report could not write $report_dir/index.html (exit status $report)" >&2; status=1; fi
written=()
for report in "${reports[@]}" "$report_dir/mutants.md" "$report_dir/mutants.json"; do
  if [ -f "$report" ]; then written+=("$report"); fi
done
if [ "${#written[@]}" -gt 0 ]; then
  echo "Reports: $(printf '%s, ' "${written[@]}" | sed 's/, $//')"
else
  echo "nightly-fuzz: no reports were written (tally fuzz ended with status $status)" >&2
fi
# Last, the page to open, as tally report prints it.
if [ -f "$report_dir/index.html" ]; then echo "HTML report: $report_dir/index.html"; fi
exit "$status"
