#!/usr/bin/env bash
# Writes a generated requirement table of about MEGABYTES (default 50) to FILE, for the CSV benchmark
# (Scripts/csv-benchmark.sh) and the memory check (Scripts/csv-memory.sh). It has the shape of
# Tables/claims/visits.csv and every row passes, so `tally tables run FILE --as claims/visits` reads,
# binds and checks all of it; its cells hold delimiters, doubled quotes, line breaks and non-ASCII
# text, quoted the way spreadsheets export them.
#   Scripts/csv-generate.sh FILE [MEGABYTES]
set -euo pipefail
python3 - "$1" "${2:-50}" <<'PY'
import csv, random, sys
path, size = sys.argv[1], int(sys.argv[2]) * 1_000_000
random.seed(1)
words = ["deductible", "copay", "coinsurance", "out of network", "primary care", "specialist, follow-up",
         'the "allowed" amount', "emergency\nroom", "preventive", "généraliste"]
def money(cents):
    return f"${cents / 100:,.2f}"
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["id", "category", "allowed", "deductible", "deductible met", "coinsurance", "oop max",
                "covered?", "reason?", "deductible?", "copay?", "coinsurance?", "plan pays?", "balance billed?",
                "patient pays?", "error?", "note"])
    i = 0
    while f.tell() < size:
        i += 1
        # Whole dollars and 20% coinsurance keep every share exact, so the expected cells are simple.
        allowed, met = random.randint(0, 9_999) * 100, random.randint(0, 1_000) * 100
        deductible = min(allowed, 100_000 - met)
        coinsurance = (allowed - deductible) // 5
        w.writerow([f"row {i}: {random.choice(words)}", "specialist", money(allowed), money(100_000), money(met), "20%",
                    money(10_000_000), "yes", "", money(deductible), money(0), money(coinsurance),
                    money(allowed - deductible - coinsurance), money(0), money(deductible + coinsurance), "",
                    random.choice(words) + " " + random.choice(words)])
PY
