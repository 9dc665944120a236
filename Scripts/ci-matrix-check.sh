#!/usr/bin/env bash
# Runs the shell steps of Examples/ci/nightly-fuzz.yml locally: four shards of a short fuzz with the
# planted bugs (TALLY_PLANTED_BUGS=1), each into its own report folder as the matrix's jobs upload them,
# then the merge job. Checks that the merged summary names every property once, with the planted
# failure and a replay line that replays it; then deletes one shard and checks that the merge fails
# naming it. Everything goes into a temporary folder, removed at the end; the working tree is untouched.
#
#   Scripts/ci-matrix-check.sh                       # builds tally (debug) first
#   TALLY_BIN=.build/debug/tally Scripts/ci-matrix-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
workflow=Examples/ci/nightly-fuzz.yml

tally="${TALLY_BIN:-}"
if [[ -z "$tally" ]]; then
  swift build --product tally
  tally="$(swift build --show-bin-path)/tally"
fi
tally="$(cd "$(dirname "$tally")" && pwd)/$(basename "$tally")"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "ci-matrix-check: error: $*" >&2; exit 1; }

# The `run:` line of the step after the marker `# ci-matrix-check: NAME` in the workflow.
step() {
  awk -v marker="# ci-matrix-check: $1" '
    index($0, marker) { found = 1; next }
    found && /^ *run: / { sub(/^ *run: /, ""); print; exit }' "$workflow"
}
shard_step="$(step shard)"
merge_step="$(step merge)"
[[ "$shard_step" == *'TALLY_FUZZ_SHARD=${{ matrix.shard }}/4'* ]] || fail "$workflow: no shard step with TALLY_FUZZ_SHARD=\${{ matrix.shard }}/4 after '# ci-matrix-check: shard'"
[[ "$merge_step" == *'tally report --merge shards/* --to merged'* ]] || fail "$workflow: no merge step 'tally report --merge shards/* --to merged' after '# ci-matrix-check: merge'"

# As CI runs it, but briefly, with the tally built here; each shard's folder lands where the merge
# job downloads it (shards/fuzz-shard-I), and findings are saved in the scratch folder.
export TALLY_PLANTED_BUGS=1 TALLY_CASE_TIMEOUT=1s TALLY_EXAMPLES="$scratch/examples" TALLY_BIN="$tally"
for shard in 1 2 3 4; do
  command="${shard_step//\$\{\{ matrix.shard \}\}/$shard}"
  command="${command/TALLY_FUZZ_TIME=20m/TALLY_FUZZ_TIME=3s}"
  command="${command/TALLY_REPORT_DIR=shard-$shard/TALLY_REPORT_DIR=\"$scratch/shards/fuzz-shard-$shard\"}"
  status=0
  (eval "$command") > "$scratch/shard-$shard.log" 2>&1 || status=$?
  # 1: the planted bugs were found; anything else means the shard did not run as CI would.
  ((status <= 1)) || { cat "$scratch/shard-$shard.log" >&2; fail "shard $shard/4 exited $status"; }
done
merge() { (cd "$scratch" && eval "${merge_step//swift run tally/\"$tally\"}"); }

status=0
merge > "$scratch/merge.log" 2>&1 || status=$?
summary="$scratch/merged/summary.md"
[[ -f "$summary" ]] || { cat "$scratch/merge.log" >&2; fail "the merge wrote no merged/summary.md (exit status $status)"; }
[[ "$(tail -n 1 "$scratch/merge.log")" == "HTML report: merged/index.html" ]] || fail "the merge's last line is not the HTML report's path: $(tail -n 1 "$scratch/merge.log")"
grep -q "problem" "$scratch/merge.log" && { cat "$scratch/merge.log" >&2; fail "the merge of four whole shards found problems with them"; }

# Every property once: the names in each shard's own table, then the merged table's.
table() { awk '/^\| property \|/ { on = 1; next } on && /^\|---/ { next } on && /^\|/ { split($0, cell, " \\| "); print substr(cell[1], 3); next } on { exit }' "$1"; }
expected="$(for shard in 1 2 3 4; do table "$scratch/shards/fuzz-shard-$shard/summary.md"; done | sort)"
merged="$(table "$summary" | sort)"
[[ -n "$expected" ]] || fail "the shards' summaries name no property"
[[ "$merged" == "$expected" ]] || fail "the merged summary does not name the shards' properties once each:
$(diff <(echo "$expected") <(echo "$merged") || true)"
[[ -z "$(uniq -d <<<"$merged")" ]] || fail "properties named twice in the merged summary: $(uniq -d <<<"$merged")"

# The planted failure, with a replay line that replays it.
grep -q '^## ❌ planted/planted ordinary failure$' "$summary" || fail "the merged summary has no finding for planted/planted ordinary failure"
replay="$(awk '/^## ❌ planted\/planted ordinary failure$/ { on = 1 } on && /^Replay: `/ { print; exit }' "$summary")"
token="$(sed -E 's/^Replay: `swift run tally replay ([^`]+)`$/\1/' <<<"$replay")"
[[ -n "$replay" && "$token" != "$replay" ]] || fail "the planted failure has no replay line in the merged summary: '$replay'"
status=0
replayed="$("$tally" replay "$token" 2>&1)" || status=$?
[[ "$status" -eq 1 && "$replayed" == *"sum ≤ 100"* ]] || fail "its replay line did not reproduce it (exit $status): $replayed"
ls "$scratch"/merged/examples/planted_ordinary_failure-*/*.token >/dev/null 2>&1 || fail "the planted failure's token is not under merged/examples/"
echo "ci-matrix-check: four shards merged: $(wc -l <<<"$merged") properties once each, the planted failure with its replay line"

# A shard that never reported: the merge fails, naming it.
rm -rf "$scratch/shards/fuzz-shard-3"
status=0
merge > "$scratch/merge.log" 2>&1 || status=$?
((status == 1)) || { cat "$scratch/merge.log" >&2; fail "the merge without shard 3 exited $status, not 1"; }
grep -q "shard 3/4 is missing" "$scratch/merge.log" "$summary" || fail "the merge without shard 3 does not name it"
grep -q "^- shard 3/4 is missing" "$summary" || fail "the merged summary without shard 3 does not name it"
echo "ci-matrix-check: without shard 3 the merge fails: $(grep -m1 'shard 3/4 is missing' "$scratch/merge.log" | sed 's/^ *//')"
