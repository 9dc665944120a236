"""The shrinking challenge's Hypothesis definitions, counted as `tally-bench shrink-challenge` counts: every run of
the test body from the first failure on, the first failure and runs that assume() discards included.

After its first failure Hypothesis goes on generating (report_multiple_bugs, on by default: up to the 10th call and
until twice the call that found the last bug), then shrinks, then replays the minimum once. `tally-bench` stops
searching at the first failure, so the median counts those generated calls too; the `shrink` column leaves them
out (the first failure, the shrink phase and the replay), which is how the figures in issue 13 were counted.

A run reaches the minimum when the counterexample, spelt as Tally prints it (`show`: numpy integers as plain ones), is
one of the case's minima: the sets of Benchmarks/Sources/tally-bench/ShrinkChallenge (nestedlists's elements are `()`).

Usage: python3 Benchmarks/hypothesis/shrink_challenge.py [case ...]   (Hypothesis and numpy installed; seeds 1...20)"""
import sys, statistics, warnings, json, itertools
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

def show(x):
    """The counterexample as Tally prints it: numpy integers as plain ones."""
    def plain(v):
        if isinstance(v, np.integer): return int(v)
        if isinstance(v, tuple): return tuple(plain(e) for e in v)
        if isinstance(v, list): return [plain(e) for e in v]
        return v
    return repr(plain(x))

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
                stats["shrunk"] = show(x)
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

# Variants of bound5 and binheap (issue 25), as in Benchmarks/Sources/tally-bench/ShrinkChallenge/BoundVariants.swift
# and HeapVariants.swift.
def wrapping_lists(dtype, max_size, bound):
    def below(x):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return sum(x, dtype.type(0)) < bound
    return st.lists(nps.from_dtype(dtype), max_size=max_size).filter(below)
def bound_below(dtype, limit):
    def body(p):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert sum([x for sub in p for x in sub], dtype.type(0)) < limit
    return body
def bound_minima(least, empties, tuple_=True):
    orders = {", ".join(o) for o in itertools.permutations([f"[{least}]", "[-1]"] + ["[]"] * empties)}
    return {f"({o})" if tuple_ else f"[{o}]" for o in orders}
i16, i8, i32 = np.dtype("int16"), np.dtype("int8"), np.dtype("int32")
pairs, triples = wrapping_lists(i16, 2, 256), wrapping_lists(i16, 3, 256)
int8s, int32s = wrapping_lists(i8, 1, 16), wrapping_lists(i32, 1, 256)

def implicit_heap(values):
    keys = []
    for v in values:
        keys.append(v); i = len(keys) - 1
        while i > 0 and keys[(i - 1) // 2] > keys[i]:
            keys[(i - 1) // 2], keys[i] = keys[i], keys[(i - 1) // 2]; i = (i - 1) // 2
    return keys
def wrong_pop_least(keys):
    least = keys[0]; last = keys.pop()
    if keys:
        keys[0] = last; i = 0
        while 2 * i + 1 < len(keys) and keys[2 * i + 1] < keys[i]:
            keys[i], keys[2 * i + 1] = keys[2 * i + 1], keys[i]; i = 2 * i + 1
    return least
def binheap_array(keys):
    popped = list(keys); out = []
    while popped: out.append(wrong_pop_least(popped))
    assert out == sorted(keys)
def step_trees(depth):
    if depth == 0: return st.none()
    deeper = step_trees(depth - 1)
    return st.one_of(st.none(), st.tuples(st.integers(0, 1000), deeper, deeper))
def keyed(steps, parent=0):
    if steps is None: return None
    key = parent + steps[0]
    return (key, keyed(steps[1], key), keyed(steps[2], key))
@st.composite
def positive_heap1(draw, bound, size):
    branch = draw(st.integers(1, 8))
    if branch == 1 or size <= 0: return None
    head = draw(st.integers(bound, 1000))
    return (head, draw(positive_heap1(head, size // 2)), draw(positive_heap1(head, size // 2)))
@st.composite
def positive_heap(draw): return draw(positive_heap1(1, draw(st.integers(0, 20))))
def inserted(keys):
    h = None
    for k in keys: h = merge(h, (k, None, None))
    binheap(h)

heap_minimum = "(0, None, (0, (0, None, None), (1, None, None)))"
# name: (strategy, body, minima as Tally prints them)
cases = {
    "reverse": (st.lists(st.integers()), reverse, {"[0, 1]"}),
    "lengthlist": (st.integers(1, 100).flatmap(lambda n: st.lists(st.integers(0, 1000), min_size=n, max_size=n)), lengthlist, {"[900]"}),
    "difference_must_be_zero": (st.tuples(st.integers(min_value=1), st.integers(min_value=1)), d0, {"(10, 10)"}),
    "difference_must_be_small": (st.tuples(st.integers(min_value=1), st.integers(min_value=1)), dsmall, {"(10, 6)"}),
    "difference_must_be_one": (st.tuples(st.integers(min_value=1), st.integers(min_value=1)), done, {"(10, 9)"}),
    "bound5": (st.tuples(bounded, bounded, bounded, bounded, bounded), bound5, bound_minima(-32768, 3)),
    "deletion": (st.tuples(st.lists(st.integers()), st.integers(0, 10)), deletion, {"([0, 0], 0)"}),
    "distinct": (st.lists(st.integers()), distinct, {"[0, 1, -1]", "[0, 1, 2]"}),
    "nestedlists": (st.lists(st.lists(st.just(()))), nested, {"[[(), (), (), (), (), (), (), (), (), (), ()]]"}),
    "large_union_list": (st.lists(st.lists(st.integers())), lul, {"[[0, 1, -1, 2, -2]]"}),
    "coupling": (st.lists(st.integers(0, 10)), coupling, {"[1, 0]"}),
    "calculator": (expression, calculator, {"('/', 0, ('+', 0, 0))"}),
    "binheap": (heap(), binheap, {heap_minimum}),
    "bound5_pairs": (st.tuples(*[pairs] * 5), bound_below(i16, 5 * 256), bound_minima(-32768, 3)),
    "bound5_triples": (st.tuples(*[triples] * 5), bound_below(i16, 5 * 256), bound_minima(-32768, 3)),
    "bound5_int8": (st.tuples(*[int8s] * 5), bound_below(i8, 5 * 16), bound_minima(-128, 3)),
    "bound5_int32": (st.tuples(*[int32s] * 5), bound_below(i32, 5 * 256), bound_minima(-2147483648, 3)),
    "bound3": (st.tuples(bounded, bounded, bounded), bound_below(i16, 3 * 256), bound_minima(-32768, 1)),
    "bound7": (st.lists(bounded, min_size=7, max_size=7), bound_below(i16, 7 * 256), bound_minima(-32768, 5, tuple_=False)),
    "binheap_array": (st.lists(st.integers()).map(implicit_heap), binheap_array, {"[0, 1, 0, 1]"}),
    "binheap_steps": (step_trees(5).map(keyed), binheap, {heap_minimum}),
    "binheap_positive": (positive_heap(), binheap, {"(1, None, (1, (1, None, None), (2, None, None)))"}),
    "binheap_inserted": (st.integers(0, 20).flatmap(lambda n: st.lists(st.integers(), min_size=n, max_size=n)), inserted, {"[0, 0, 0, 1]"}),
}
out = {}
for name in (sys.argv[1:] or cases):
    if name not in cases: sys.exit(f"shrink_challenge.py: no case '{name}'; the cases are {', '.join(cases)}")
    strategy, body, minima = cases[name]
    med, mx, shrink, results = run(strategy, body)
    minimal = sum(count for value, count in results.items() if value in minima)
    top = sorted(((v, c) for v, c in results.items() if v not in minima), key=lambda kv: -kv[1])[:2]
    print(f"{name:26} minimal {minimal:2}/20 median {med:5} max {mx:5} shrink {shrink:5}   {top}", flush=True)
    out[name] = {"minimal_runs": minimal, "median": med}
print(json.dumps(out))
