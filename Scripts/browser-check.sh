#!/usr/bin/env bash
# The HTML requirements report, checked in a real browser: renders the example package's report with a
# planted failing row and planted tally mutate results beside it, loads every page from disk in
# headless Chromium (installed from the system's package manager when missing) and checks the DOM:
# row counts match the CSV, the planted row is red with its actual value, charts are drawn, the
# surviving mutant shows its place and lines, colors have contrast, pages fit a phone, nothing is
# fetched from the network. Saves screenshots and a printed PDF.
#
#   Scripts/browser-check.sh [REPORT_DIR]      (default .tally/reports/example)
#
# REPORT_DIR ends up holding tables-with-planted-row/Tables/ (the example's tables plus the planted
# row), html/ (the report), screenshot.png, screenshot-phone.png and report.pdf; and claims/ the same for
# Tally's own report, with a planted visit in Tables/claims/visits.csv, the widest table. Exits non-zero
# when a check fails or Chromium cannot be had: never passes without a browser.
set -euo pipefail
cd "$(dirname "$0")/.."
report_dir="${1:-.tally/reports/example}"

find_chromium() {
  local name
  for name in chromium chromium-browser google-chrome chromium-headless-shell; do
    if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
  done
  return 1
}

if ! browser="$(find_chromium)"; then
  echo "browser-check: Chromium is not installed; installing the Debian package 'chromium' with apt-get"
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
    sudo -n apt-get update -qq && sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  fi
  browser="$(find_chromium)" || {
    echo "error: browser-check needs headless Chromium and could not install it (apt-get install chromium, as root)." >&2
    echo "       Install Chromium and run Scripts/browser-check.sh again; the report is not checked without a browser." >&2
    exit 1
  }
fi
echo "browser-check: $("$browser" --version 2>/dev/null | head -1)"

# The example's tool, built into the example's own .build.
swift build --package-path Examples --product shipping
tool="$(swift build --package-path Examples --show-bin-path)/shipping"

# A copy of the example's tables with one row whose expected cells are wrong: the report must show it red.
mkdir -p "$report_dir"
report_dir="$(cd "$report_dir" && pwd)"
rm -rf "$report_dir/tables-with-planted-row" "$report_dir/html"
mkdir -p "$report_dir/tables-with-planted-row"
cp -R Examples/Tables "$report_dir/tables-with-planted-row/Tables"
echo 'planted failure,domestic,501,20,15,10,500,$4.95,,"Planted by Scripts/browser-check.sh: the engine bills 1000 g, $5.55"' \
  >>"$report_dir/tables-with-planted-row/Tables/shipping/rates.csv"

# The results of a tally mutate run beside the report, as the nightly script leaves them: one survivor,
# one mutant reviewed as equivalent, one killed. The report must show them on their own page.
mkdir -p "$report_dir/html"
cat >"$report_dir/html/mutants.json" <<'JSON'
{"command": "swift run shipping mutate Shipping", "score": 50.0, "killed": 1, "survived": 1, "equivalent": 1, "did_not_compile": 0,
 "not_run": 0, "incomplete": false, "build_seconds": 1.0, "run_seconds": 1.0, "wall_seconds": 2.0, "mutants_run": 2, "mutants_per_minute": 60, "jobs": 2,
 "targets": [{"target": "Shipping", "mutants": 3, "killed": 1, "survived": 1, "equivalent": 1, "did_not_compile": 0, "not_run": 0, "score": 50.0}],
 "mutants": [
  {"file": "Sources/Shipping/Rates.swift", "line": 12, "column": 24, "target": "Shipping", "operator": "relational boundary", "original": ">", "mutated": ">=",
   "before": ["if grams > 500 { return 1_000 }"], "after": ["if grams >= 500 { return 1_000 }"], "key": "Sources/Shipping/Rates.swift:12:24 > → >=",
   "status": "survived", "by": [], "seconds": 0.1, "cached": false},
  {"file": "Sources/Shipping/Rates.swift", "line": 20, "column": 9, "target": "Shipping", "operator": "min/max", "original": "min", "mutated": "max",
   "before": ["min(a, a)"], "after": ["max(a, a)"], "key": "Sources/Shipping/Rates.swift:20:9 min → max",
   "status": "equivalent", "by": ["Planted by Scripts/browser-check.sh: both arguments are the same amount"], "seconds": 0, "cached": false},
  {"file": "Sources/Shipping/Rates.swift", "line": 30, "column": 5, "target": "Shipping", "operator": "integer literal", "original": "5", "mutated": "6",
   "before": ["let days = 5"], "after": ["let days = 6"], "key": "Sources/Shipping/Rates.swift:30:5 5 → 6",
   "status": "killed", "by": ["row Tables/shipping/rates.csv:3: days?: expected 5, actual 6"], "seconds": 0.1, "cached": false}
 ]}
JSON

reported=0
(cd "$report_dir/tables-with-planted-row" && "$tool" report --html ../html >/dev/null) || reported=$?
if [ "$reported" != 1 ]; then
  echo "error: shipping report exited with $reported; with a planted failing row it must exit 1" >&2
  exit 1
fi

status=0
python3 Scripts/browser-check.py "$browser" "$report_dir" "$report_dir/tables-with-planted-row/Tables" \
  '{"price?": ["$4.95", "$5.55"], "billable grams?": ["500", "1000"]}' || status=$?

# Tally's own report, whose widest table (claims/visits: eight expected columns) must still show every
# verdict at a laptop's width, with a planted visit whose patient share is wrong; and whose tables of
# steps show the input columns their specs name beside the verdicts (corrections: five beside nine).
swift build --product tally
tally="$(swift build --show-bin-path)/tally"
claims="$report_dir/claims"
rm -rf "$claims"
mkdir -p "$claims/tables-with-planted-row"
cp -R Tables "$claims/tables-with-planted-row/Tables"
echo 'planted failure,specialist,,,$350.00,"$1,000.00",$0.00,20%,"$5,000.00",,,,,,,,yes,,$350.00,$0.00,$0.00,$0.00,$0.00,$340.00,,,,"Planted by Scripts/browser-check.sh: the patient pays $350.00"' \
  >>"$claims/tables-with-planted-row/Tables/claims/visits.csv"
reported=0
(cd "$claims/tables-with-planted-row" && "$tally" report --html ../html >/dev/null) || reported=$?
if [ "$reported" != 1 ]; then
  echo "error: tally report exited with $reported; with a planted failing row it must exit 1" >&2
  exit 1
fi
# Each table of steps shows which scenario, step, claim (or request) and date each verdict is about.
python3 Scripts/browser-check.py "$browser" "$claims" "$claims/tables-with-planted-row/Tables" '{"patient pays?": ["$340.00", "$350.00"]}' \
  '{"claims/corrections": ["scenario", "action", "claim", "voids", "date"],
    "claims/plan-years": ["scenario", "action", "claim", "member", "date"],
    "claims/coverage-examples": ["example", "claim", "date"],
    "card-authorization/sequences": ["scenario", "action", "request", "amount", "hold", "day"]}' || status=$?
exit "$status"
