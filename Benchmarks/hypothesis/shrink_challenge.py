"""The shrinking challenge's Hypothesis definitions, counted as `tally-bench shrink-challenge` counts: every run of
the test body from the first failure on, the first failure and runs that assume() discards included.

After its first failure Hypothesis goes on generating (report_multiple_bugs, on by default: up to the 10th call and
until twice the call that found the last bug), then shrinks, then replays the minimum once. `tally-bench` stops
searching at the first failure, so the median counts those generated calls too; the `shrink` column leaves them
out (the first failure, the shrink phase and the replay), which is how the figures in issue 13 were counted.

Usage: python3 Benchmarks/hypothesis/shrink_challenge.py [case ...]   (Hypothesis and numpy installed; seeds 1...20)"""
import sys, statistics, warnings, json
import numpy as np
import hypothesis.strategies as st
import hypothesis.extra.numpy as nps
from hypothesis import given, settings, HealthCheck, Phase, Verbosity, assume, seed as with_seed
from hypothesis.errors import UnsatisfiedAssumption
from hypothesis.internal.conjecture.engine import ConjectureRunner

# Which phase the engine is in: set around Hypothesis's shrink phase (an internal method of Hypothesis 6).
phase = {"name": "generate"}
_shrink_phase = ConjectureRunner.shrink_interesting_examples
def _marked_shrink_phase(runner):
    phase["name"] = "shrink"
    return _shrink_phase(runner)
ConjectureRunner.shrink_interesting_examples = _marked_shrink_phase

def run(strategy, body, n=20):
    evals = []; shrinking = []; results = {}
    for s in range(1, n + 1):
        stats = {"ev": 0, "failed": False, "shrunk": None, "generated": 0}
        phase["name"] = "generate"
        @with_seed(s)
        @settings(database=None, suppress_health_check=list(HealthCheck), max_examples=10**6,
                  phases=[Phase.generate, Phase.shrink], verbosity=Verbosity.quiet, deadline=None)
        @given(strategy)
        def test(x):
            if stats["failed"]:
                stats["ev"] += 1
                if phase["name"] == "generate": stats["generated"] += 1
            try:
                body(x)
            except (AssertionError, ZeroDivisionError):
                if not stats["failed"]:
                    stats["failed"] = True; stats["ev"] = 1
                stats["shrunk"] = repr(x)
                raise
        try: test()
        except (AssertionError, ZeroDivisionError): pass
        evals.append(stats["ev"]); shrinking.append(stats["ev"] - stats["generated"])
        results[stats["shrunk"]] = results.get(stats["shrunk"], 0) + 1
    return statistics.median_low(evals), max(evals), statistics.median_low(shrinking), results

def reverse(ls): assert ls == list(reversed(ls))
def lengthlist(ls): assert max(ls) < 900
def d0(t):
    a, b = t; assert a < 10 or a != b
def dsmall(t):
    a, b = t; assert a < 10 or not (1 <= abs(a - b) <= 4)
def done(t):
    a, b = t; assert a < 10 or abs(a - b) != 1
int16s = nps.from_dtype(np.dtype("int16"))
bounded = st.lists(int16s, max_size=1).filter(lambda x: sum(x) < 256)
def bound5(p):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert sum([x for sub in p for x in sub], np.int16(0)) < 5 * 256
def deletion(t):
    ls, i = t; assume(i < len(ls)); ls = list(ls); x = ls[i]; ls.remove(x); assert x not in ls
def distinct(ls): assert len(set(ls)) < 3
def nested(ls): assert sum(map(len, ls), 0) <= 10
def lul(ls):
    s = set()
    for x in ls: s.update(x)
    assert len(s) < 5
def coupling(ls):
    assume(all(v < len(ls) for v in ls))
    for i, j in enumerate(ls):
        if i != j: assert ls[j] != i
expression = st.deferred(lambda: st.one_of(st.integers(), st.tuples(st.just('+'), expression, expression), st.tuples(st.just('/'), expression, expression)))
def divs(e):
    if isinstance(e, int): return True
    if e[0] == '/' and e[-1] == 0: return False
    return divs(e[1]) and divs(e[2])
def ev(e):
    if isinstance(e, int): return e
    if e[0] == '+': return ev(e[1]) + ev(e[2])
    return ev(e[1]) // ev(e[2])
def calculator(e):
    assume(divs(e)); ev(e)
@st.composite
def heap1(draw, bound, size):
    branch = draw(st.integers(1, 8))
    if branch == 1 or size <= 0: return None
    key = st.integers()
    if bound is not None: key = key.filter(lambda n: n >= bound)
    head = draw(key)
    return (head, draw(heap1(head, size // 2)), draw(heap1(head, size // 2)))
@st.composite
def heap(draw): return draw(heap1(None, draw(st.integers(0, 20))))
def to_list(h):
    r = []; s = [h]
    while s:
        x = s.pop()
        if x is None: continue
        r.append(x[0]); s.extend(x[1:])
    return r
def merge(a, b):
    if a is None: return b
    if b is None: return a
    if a[0] <= b[0]: return (a[0], merge(a[2], b), a[1])
    return (b[0], merge(b[2], a), b[1])
def binheap(h):
    l1 = to_list(h); l2 = [] if h is None else [h[0]] + to_list(merge(h[1], h[2]))
    assert l2 == sorted(l2); assert sorted(l1) == l2

cases = {
    "reverse": (st.lists(st.integers()), reverse),
    "lengthlist": (st.integers(1, 100).flatmap(lambda n: st.lists(st.integers(0, 1000), min_size=n, max_size=n)), lengthlist),
    "difference_must_be_zero": (st.tuples(st.integers(min_value=1), st.integers(min_value=1)), d0),
    "difference_must_be_small": (st.tuples(st.integers(min_value=1), st.integers(min_value=1)), dsmall),
    "difference_must_be_one": (st.tuples(st.integers(min_value=1), st.integers(min_value=1)), done),
    "bound5": (st.tuples(bounded, bounded, bounded, bounded, bounded), bound5),
    "deletion": (st.tuples(st.lists(st.integers()), st.integers(0, 10)), deletion),
    "distinct": (st.lists(st.integers()), distinct),
    "nestedlists": (st.lists(st.lists(st.just(()))), nested),
    "large_union_list": (st.lists(st.lists(st.integers())), lul),
    "coupling": (st.lists(st.integers(0, 10)), coupling),
    "calculator": (expression, calculator),
    "binheap": (heap(), binheap),
}
out = {}
for name in (sys.argv[1:] or cases):
    strategy, body = cases[name]
    med, mx, shrink, results = run(strategy, body)
    top = sorted(results.items(), key=lambda kv: -kv[1])[:2]
    print(f"{name:26} median {med:5} max {mx:5} shrink {shrink:5}   {top}", flush=True)
    out[name] = med
print(json.dumps(out))
