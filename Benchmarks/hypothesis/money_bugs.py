"""The money bugs' Hypothesis twin: the eleven properties of `tally-bench money`
(Benchmarks/Sources/tally-bench/MoneyBugs) on the same definitions — the same ranges (`Gen.cents(in: a...b)` and
`Gen.int(in: a...b)` are `st.integers(a, b)`, `Gen.zip` is `st.tuples`), the same integer arithmetic (every operand
is non-negative, so Python's `//` and `%` are Swift's `/` and `%`), the same assertion — counted as
search_challenge.py and shrink_challenge.py count:

- search: seeds 1...100, at most 1000 cases, `phases=[Phase.generate]`, no database: the calls of the test until its
  first failure, the failing call included, for the runs that found one (within 1000, and within 100).
- shrink: seeds 1...100, `phases=[Phase.generate, Phase.shrink]`, report_multiple_bugs as by default: every call from
  the first failure on, the first failure and the further generation after it included; a run reaches the minimum
  when its final counterexample, spelt as Tally prints it, is the stated minimum.

Every stated minimum is first checked by an exhaustive search in the order Tally's shrinker aims at: tuples in
lexicographic order of each value's distance from its range's simplest value (0 when the range holds it, else the
end nearest 0; on a range across 0 the order is 0, 1, -1, 2, -2, ...). A wrong minimum stops the script.

Usage: python3 Benchmarks/hypothesis/money_bugs.py [--json] [--verify-minima] [case ...]
  --verify-minima   only check the minima (and print the least failing case with whole-dollar amounts)
  --json            print the figures as one JSON object instead of the table, for money_bugs.json:
                    python3 Benchmarks/hypothesis/money_bugs.py --json > Benchmarks/hypothesis/money_bugs.json
(Hypothesis and numpy installed.)"""
import sys, json, math, statistics
import numpy as np
import hypothesis
import hypothesis.strategies as st
from hypothesis import given, settings, HealthCheck, Phase, Verbosity, seed as with_seed

USAGE = "python3 Benchmarks/hypothesis/money_bugs.py [--json] [--verify-minima] [case ...]"
SEARCH_SEEDS = range(1, 101)
CASE_LIMIT = 1000
SHRINK_SEEDS = range(1, 101)


# Helpers that work on plain integers (the test) and on numpy arrays (the exhaustive search) alike.
def least(a, b):
    return np.minimum(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else min(a, b)
def greatest(a, b):
    return np.maximum(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else max(a, b)
def divided_half_even(amount, divisor):
    """amount / divisor rounded half to even: MoneyRounding.dividedHalfEven in Swift."""
    quotient, remainder = amount // divisor, amount % divisor
    return quotient + ((2 * remainder > divisor) | ((2 * remainder == divisor) & (quotient % 2 == 1)))


# The bugs, in the order and with the names of RoundingBugs.swift and RuleBugs.swift. Each returns whether the
# property holds.
def discount_split(cents, percent):
    pay = (cents * (100 - percent) + 50) // 100
    discount = (cents * percent + 50) // 100
    return pay + discount == cents

def unit_price_half_even(pack_price, count):
    unit_price = divided_half_even(pack_price, count)        # the shared helper rounds ties to even
    return unit_price == (2 * pack_price + count) // (2 * count)   # the shelf-label rule: half up

def proration_half_up(monthly, unused_days):
    refund = (monthly * unused_days + 15) // 30                # half up
    return refund == divided_half_even(monthly * unused_days, 30)  # the billing provider: half to even

def invoice_tax_per_line(first, second, rate):
    tax = (first * rate + 50) // 100 + (second * rate + 50) // 100   # each line's tax, rounded, summed
    return tax == ((first + second) * rate + 50) // 100                # the tax on the subtotal

def commission_of_fee(order, fee_percent, commission_percent):
    fee = (order * fee_percent + 50) // 100
    commission = (fee * commission_percent + 50) // 100               # rounded twice
    return commission == (order * fee_percent * commission_percent + 5000) // 10000   # rounded once

def bill_split(bill, people):
    share = (bill + people // 2) // people                             # each share rounded half up
    return share * people == bill                                      # the shares sum to the bill

def vat_inclusive(gross, vat_percent):
    net = (gross * 100 + (100 + vat_percent) // 2) // (100 + vat_percent)
    vat = (net * vat_percent + 50) // 100                              # VAT added on the net, as if exclusive
    return net + vat == gross

def half_price_cap(price, percent):
    discount = (least(price * percent, price * 50) + 50) // 100        # capped at half, then rounded
    return 2 * (price - discount) >= price                             # the customer pays at least half

def currency_round_trip(cents, rate):
    converted = (cents * rate + 500_000) // 1_000_000
    back = (converted * 1_000_000 + rate // 2) // rate
    return back == cents

def basis_points(amount, fee_bps):
    percent = fee_bps // 100                                           # basis points taken for percent
    fee = (amount * percent + 50) // 100
    return fee == (amount * fee_bps + 5000) // 10000

def late_fee(balance, minimum_percent):
    shown = least(balance, greatest(2500, (balance * minimum_percent + 50) // 100))
    exact = least(balance * 100, greatest(250_000, balance * minimum_percent))   # in hundredths of a cent
    return shown * 100 >= exact                                        # paying the minimum shown is not late

# name: (property, its arguments' ranges as ("cents" | "int", lower, upper), the minimum as Tally prints it)
CENTS, INT = "cents", "int"
CASES = {
    "discount_split": (discount_split, [(CENTS, 0, 1_000_000), (INT, 0, 100)], "(1, 50)"),
    "unit_price_half_even": (unit_price_half_even, [(CENTS, 0, 100_000), (INT, 1, 24)], "(1, 2)"),
    "proration_half_up": (proration_half_up, [(CENTS, 0, 100_000), (INT, 0, 30)], "(1, 15)"),
    "invoice_tax_per_line": (invoice_tax_per_line, [(CENTS, 0, 1_000_000), (CENTS, 0, 1_000_000), (INT, 0, 30)], "(1, 1, 25)"),
    "commission_of_fee": (commission_of_fee, [(CENTS, 0, 1_000_000), (INT, 0, 30), (INT, 0, 100)], "(2, 25, 50)"),
    "bill_split": (bill_split, [(CENTS, 0, 100_000), (INT, 1, 20)], "(1, 2)"),
    "vat_inclusive": (vat_inclusive, [(CENTS, 0, 1_000_000), (INT, 0, 30)], "(2, 25)"),
    "half_price_cap": (half_price_cap, [(CENTS, 0, 1_000_000), (INT, 0, 100)], "(1, 50)"),
    "currency_round_trip": (currency_round_trip, [(CENTS, 0, 1_000_000), (INT, 500_000, 2_000_000)], "(1, 500000)"),
    "basis_points": (basis_points, [(CENTS, 0, 1_000_000), (INT, 0, 1_000)], "(6, 834)"),
    "late_fee": (late_fee, [(CENTS, 0, 1_000_000), (INT, 1, 10)], "(25001, 10)"),
}


# The exhaustive search for the minimum.
def in_shrink_order(lower, upper):
    """The range's values in the order of Tally's choices: IntegerChoiceMapping.value(for:) for choices 0, 1, 2, ..."""
    origin = lower if lower > 0 else (upper if upper < 0 else 0)
    below, above = origin - lower, upper - origin
    choice = np.arange(upper - lower + 1, dtype=np.int64)
    shared = min(below, above)
    if shared == 0:
        offset = -choice if above == 0 else choice
    else:
        half = (choice + 1) >> 1
        alternating = np.where(choice & 1 == 1, half, -half)
        rest = choice - below if above > below else -(choice - above)
        offset = np.where(choice <= 2 * shared, alternating, rest)
    return origin + offset

LIMIT = 2_000_000  # values per numpy evaluation

class OverBudget(Exception):
    """The search would evaluate more cases than it may."""

def first_failure(holds, fixed, dims, budget):
    """The first tuple (`fixed` followed by one value of each of `dims`, in order) that breaks the property;
    raises OverBudget once more than budget[0] cases are evaluated."""
    sizes = [len(d) for d in dims]
    inner = math.prod(sizes[1:])
    if inner > LIMIT:
        for value in dims[0]:
            found = first_failure(holds, fixed + [int(value)], dims[1:], budget)
            if found: return found
        return None
    step = max(1, LIMIT // inner)
    for start in range(0, sizes[0], step):
        block = dims[0][start:start + step]
        budget[0] -= len(block) * inner
        if budget[0] < 0: raise OverBudget()
        parts = [block] + dims[1:]
        shape = [len(p) for p in parts]
        grids = [p.reshape([-1 if i == k else 1 for i in range(len(parts))]) for k, p in enumerate(parts)]
        bad = np.argwhere(~np.broadcast_to(np.asarray(holds(*fixed, *grids), dtype=bool), shape))
        if len(bad):
            return tuple(fixed + [int(parts[k][i]) for k, i in enumerate(bad[0])])
    return None

def least_failure(holds, ranges, whole_dollars=False, budget=None):
    dims = []
    for kind, lower, upper in ranges:
        values = in_shrink_order(lower, upper)
        dims.append(values[values % 100 == 0] if whole_dollars and kind == CENTS else values)
    return first_failure(holds, [], dims, [budget or math.inf])

def verify_minima(names, report):
    for name in names:
        holds, ranges, minimum = CASES[name]
        found = least_failure(holds, ranges)
        if found is None or repr(found) != minimum:
            sys.exit(f"money_bugs.py: {name}: the stated minimum is {minimum}, the exhaustive search finds {found}")
        if report:
            # The least failing case whose amounts are all whole dollars: Gen.cents draws those first, so
            # Tally may shrink to it rather than to the minimum (a search of at most 10^9 cases).
            try: whole = least_failure(holds, ranges, whole_dollars=True, budget=10**9) or "never fails"
            except OverBudget: whole = "none in the first 10^9 cases"
            print(f"{name:22} minimum {minimum:12} verified; with whole-dollar amounts: {whole}", flush=True)


# The measurements.
def search(holds, strategy, s):
    """Calls of the test until its first failure, the failing call included; None when it never failed."""
    counter = {"calls": 0, "first": None}
    @with_seed(s)
    @settings(database=None, suppress_health_check=list(HealthCheck), max_examples=CASE_LIMIT,
              phases=[Phase.generate], verbosity=Verbosity.quiet, deadline=None)
    @given(strategy)
    def test(x):
        counter["calls"] += 1
        if not holds(*x):
            if counter["first"] is None: counter["first"] = counter["calls"]
            raise AssertionError(x)
    try: test()
    except AssertionError: pass
    return counter["first"]

def shrink(holds, strategy, s):
    """(Evaluations from the first failure on, the first included; the counterexample Hypothesis reports)."""
    stats = {"ev": 0, "failed": False, "shrunk": None}
    @with_seed(s)
    @settings(database=None, suppress_health_check=list(HealthCheck), max_examples=10**6,
              phases=[Phase.generate, Phase.shrink], verbosity=Verbosity.quiet, deadline=None)
    @given(strategy)
    def test(x):
        if stats["failed"]: stats["ev"] += 1
        if not holds(*x):
            if not stats["failed"]:
                stats["failed"] = True; stats["ev"] = 1
            stats["shrunk"] = repr(tuple(x))
            raise AssertionError(x)
    try: test()
    except AssertionError: pass
    return stats["ev"], stats["shrunk"]

def mean(values):
    return round(sum(values) / len(values), 1) if values else None

def measure(name):
    holds, ranges, minimum = CASES[name]
    strategy = st.tuples(*[st.integers(lower, upper) for _, lower, upper in ranges])
    cases = [search(holds, strategy, s) for s in SEARCH_SEEDS]
    within_1000 = [c for c in cases if c is not None and c <= CASE_LIMIT]
    within_100 = [c for c in within_1000 if c <= 100]
    runs = [shrink(holds, strategy, s) for s in SHRINK_SEEDS]
    results = {}
    for _, value in runs: results[value] = results.get(value, 0) + 1
    return {"minimum": minimum,
            "search": {"runs": len(SEARCH_SEEDS), "found_within_100": len(within_100),
                       "found_within_1000": len(within_1000), "mean_cases": mean(within_1000),
                       "mean_cases_within_100": mean(within_100)},
            "shrink": {"runs": len(SHRINK_SEEDS), "minimal_runs": results.get(minimum, 0),
                       "median_evaluations_after_failure": statistics.median_low([ev for ev, _ in runs]),
                       "max_evaluations_after_failure": max(ev for ev, _ in runs),
                       "results": dict(sorted(results.items(), key=lambda kv: -kv[1]))}}

def main():
    arguments = sys.argv[1:]
    names = [a for a in arguments if not a.startswith("-")]
    unknown = [a for a in arguments if a.startswith("-") and a not in ("--json", "--verify-minima")]
    if unknown: sys.exit(f"money_bugs.py: unknown option '{unknown[0]}'; usage: {USAGE}")
    for name in names:
        if name not in CASES: sys.exit(f"money_bugs.py: no case '{name}'; the cases are {', '.join(CASES)}")
    names = names or list(CASES)
    verify_minima(names, report="--verify-minima" in arguments)
    if "--verify-minima" in arguments: return
    wants_json = "--json" in arguments
    if not wants_json:
        print(f"Hypothesis {hypothesis.__version__}: found ≤100 / ≤1000 of {len(SEARCH_SEEDS)} seeds, mean cases "
              f"(within 1000 / 100), minimum reached of {len(SHRINK_SEEDS)}, median evaluations after the first failure")
        print("bug                    ≤100 ≤1000    mean   ≤100  minimum median")
    out = {}
    for name in names:
        figures = out[name] = measure(name)
        if wants_json: continue
        s, k = figures["search"], figures["shrink"]
        print(f"{name:22} {s['found_within_100']:4} {s['found_within_1000']:5} {str(s['mean_cases']):>7} "
              f"{str(s['mean_cases_within_100']):>7} {k['minimal_runs']:4}/{k['runs']} {k['median_evaluations_after_failure']:6}"
              f"   minimum {figures['minimum']}", flush=True)
        for value, count in list(k["results"].items())[:3]:
            if value != figures["minimum"]: print(f"  {count}× {value}")
    if wants_json:
        print(json.dumps({"tool": "hypothesis", "hypothesis_version": hypothesis.__version__,
                          "search_seeds": f"{SEARCH_SEEDS.start}...{SEARCH_SEEDS.stop - 1}", "search_case_limit": CASE_LIMIT,
                          "shrink_seeds": f"{SHRINK_SEEDS.start}...{SHRINK_SEEDS.stop - 1}",
                          "command": "python3 Benchmarks/hypothesis/money_bugs.py --json", "cases": out}, indent=1))

if __name__ == "__main__":
    main()
