#!/usr/bin/env bash
# The HTML requirements report, checked in a real browser: renders the example package's report with a
# planted failing row, loads every page from disk in headless Chromium (installed from the system's
# package manager when missing) and checks the DOM: row counts match the CSV, the planted row is red
# with its actual value, charts are drawn, colors have contrast, pages fit a phone, nothing is fetched
# from the network. Saves screenshots and a printed PDF.
#
#   Scripts/browser-check.sh [REPORT_DIR]      (default .tally/reports/example)
#
# REPORT_DIR ends up holding tables-with-planted-row/Tables/ (the example's tables plus the planted
# row), html/ (the report), screenshot.png, screenshot-phone.png and report.pdf. Exits non-zero when a
# check fails or Chromium cannot be had: never passes without a browser.
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

status=0
(cd "$report_dir/tables-with-planted-row" && "$tool" report --html ../html >/dev/null) || status=$?
if [ "$status" != 1 ]; then
  echo "error: shipping report exited with $status; with a planted failing row it must exit 1" >&2
  exit 1
fi

python3 Scripts/browser-check.py "$browser" "$report_dir" "$report_dir/tables-with-planted-row/Tables"
