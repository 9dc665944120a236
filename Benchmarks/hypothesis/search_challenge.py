"""The search challenge's Hypothesis twin: the cases of `tally-bench search-challenge` on the same definitions, counted
the same way — from seeds 1...20, up to 1000 cases each, no saved examples, no shrinking: the calls of the test
function until its first failure, the failing call included, for the runs that found one.

Usage: python3 Benchmarks/hypothesis/search_challenge.py [--json] [case ...]   (Hypothesis 6.155.2 installed)"""
import sys, json
import hypothesis.strategies as st
from hypothesis import given, settings, HealthCheck, Phase, Verbosity, seed as with_seed
from hypothesis.stateful import RuleBasedStateMachine, rule, precondition, run_state_machine_as_test

SEEDS = range(1, 21)
CASE_LIMIT = 1000
SETTINGS = settings(database=None, suppress_health_check=list(HealthCheck), max_examples=CASE_LIMIT,
                    phases=[Phase.generate], verbosity=Verbosity.quiet, deadline=None, stateful_step_count=20)

class Counter:
    def __init__(self): self.calls = 0; self.first_failure = None
    def failed(self):
        if self.first_failure is None: self.first_failure = self.calls

def run_given(strategy, body, s):
    counter = Counter()
    @with_seed(s)
    @SETTINGS
    @given(strategy)
    def test(value):
        counter.calls += 1
        try: body(value)
        except AssertionError:
            counter.failed(); raise
    try: test()
    except AssertionError: pass
    return counter.first_failure

# Coincidences.
def equal_sums(pair):
    first, second = pair; total = sum(first)
    assert first == second or total != sum(second) or total < 50
def three_equal(t):
    a, b, c = t; assert a != b or b != c or a < 7
def same_list_twice(pair):
    first, second = pair; assert first != second or len(first) < 4 or len(set(first)) < len(first)
def reordered_list(pair):
    first, second = pair
    assert not (first != second and sorted(first) == sorted(second) and len(set(first)) >= 3)
def sorted_distinct(xs):
    assert len(xs) < 5 or not all(x < y for x, y in zip(xs, xs[1:]))
naturals = st.integers(0, sys.maxsize)
percent_lists = st.lists(st.integers(0, 100))

# The BST of tally-bench's SearchTree.swift: trees as (left, key, value, right) tuples or None.
def insert(t, k, v, bug=None):
    if t is None: return (None, k, v, None)
    if bug == "insert_1": return (None, k, v, None)
    l, here, old, r = t
    if k < here: return (insert(l, k, v, bug), here, old, r)
    if k > here: return (l, here, old, insert(r, k, v, bug))
    if bug == "insert_2": return (l, here, old, insert(r, k, v, bug))
    if bug == "insert_3": return t
    return (l, k, v, r)
def join(a, b):
    if a is None: return b
    if b is None: return a
    return (a[0], a[1], a[2], (join(a[3], b[0]), b[1], b[2], b[3]))
def delete(t, k, bug=None):
    if t is None: return None
    l, here, v, r = t
    if bug == "delete_4" and k < here: return delete(l, k, bug)
    if bug == "delete_4" and k > here: return delete(r, k, bug)
    if bug == "delete_5" and k < here: return (l, here, v, delete(r, k, bug))
    if bug == "delete_5" and k > here: return (delete(l, k, bug), here, v, r)
    if k < here: return (delete(l, k, bug), here, v, r)
    if k > here: return (l, here, v, delete(r, k, bug))
    return join(l, r)
def split(t, k):
    if t is None: return None, None, None
    l, here, v, r = t
    if k < here:
        below, found, above = split(l, k); return below, found, (above, here, v, r)
    if k > here:
        below, found, above = split(r, k); return (l, here, v, below), found, above
    return l, v, r
def union(a, b, bug=None):
    if a is None: return b
    l, k, v, r = a
    if bug == "union_6" and b is not None and k != b[1]:
        if k < b[1]: return (union(a, b[0], bug), b[1], b[2], b[3])
        return (b[0], b[1], b[2], union(a, b[3], bug))
    below, found, above = split(b, k)
    kept = found if bug == "union_7" and found is not None else v
    upper = r if bug == "union_8" and found is not None else union(r, above, bug)
    return (union(l, below, bug), k, kept, upper)
def entries(t): return [] if t is None else entries(t[0]) + [(t[1], t[2])] + entries(t[3])
def valid(t):
    keys = [k for k, _ in entries(t)]; return all(a < b for a, b in zip(keys, keys[1:]))
def find(t, k):
    while t is not None:
        if k < t[1]: t = t[0]
        elif k > t[1]: t = t[3]
        else: return t[2]
    return None
def build(pairs):
    t = None
    for k, v in pairs: t = insert(t, k, v)
    return t

keys = st.integers(0, 100); values = st.integers(0, 100)
trees = st.lists(st.tuples(keys, values)).map(build)
def insert_valid(bug):
    def body(x): t, k, v = x; assert valid(insert(t, k, v, bug))
    return st.tuples(trees, keys, values), body
def insert_post(bug):
    def body(x):
        t, k, v, p = x; assert find(insert(t, k, v, bug), p) == (v if p == k else find(t, p))
    return st.tuples(trees, keys, values, keys), body
def insert_model(bug):
    def body(x):
        t, k, v = x; assert entries(insert(t, k, v, bug)) == sorted([e for e in entries(t) if e[0] != k] + [(k, v)])
    return st.tuples(trees, keys, values), body
def insert_insert(bug):
    def body(x):
        t, k1, v1, k2, v2 = x
        twice = insert(insert(t, k2, v2, bug), k1, v1, bug)
        expected = insert(t, k1, v1, bug) if k1 == k2 else insert(insert(t, k1, v1, bug), k2, v2, bug)
        assert entries(twice) == entries(expected)
    return st.tuples(trees, keys, values, keys, values), body
def delete_post(bug):
    def body(x):
        t, k, p = x; assert find(delete(t, k, bug), p) == (None if p == k else find(t, p))
    return st.tuples(trees, keys, keys), body
def delete_model(bug):
    def body(x): t, k = x; assert entries(delete(t, k, bug)) == [e for e in entries(t) if e[0] != k]
    return st.tuples(trees, keys), body
def union_valid(bug):
    def body(x): a, b = x; assert valid(union(a, b, bug))
    return st.tuples(trees, trees), body
def union_post(bug):
    def body(x):
        a, b, p = x; left = find(a, p); assert find(union(a, b, bug), p) == (left if left is not None else find(b, p))
    return st.tuples(trees, trees, keys), body
def union_model(bug):
    def body(x):
        a, b = x; ka = {k for k, _ in entries(a)}
        assert entries(union(a, b, bug)) == sorted(entries(a) + [e for e in entries(b) if e[0] not in ka])
    return st.tuples(trees, trees), body
PAIRS = [("insert_1", insert_post), ("insert_1", insert_model), ("insert_1", insert_insert),
         ("insert_2", insert_valid), ("insert_2", insert_post), ("insert_2", insert_model), ("insert_2", insert_insert),
         ("insert_3", insert_post), ("insert_3", insert_model), ("insert_3", insert_insert),
         ("delete_4", delete_post), ("delete_4", delete_model), ("delete_5", delete_post), ("delete_5", delete_model),
         ("union_6", union_valid), ("union_6", union_post), ("union_6", union_model),
         ("union_7", union_post), ("union_7", union_model), ("union_8", union_post), ("union_8", union_model)]

# The bounded queue of QueueMachine.swift: when full it accepts one more and drops the oldest.
CAPACITY = 8
class BoundedQueue:
    def __init__(self): self.elements = []
    def enqueue(self, x):
        if len(self.elements) == CAPACITY: self.elements.pop(0)
        self.elements.append(x); return True

def run_queue(s):
    counter = Counter()
    class QueueMachine(RuleBasedStateMachine):
        def __init__(self):
            super().__init__(); counter.calls += 1; self.model = []; self.queue = BoundedQueue()
        @rule(x=st.integers(0, 100))
        def enqueue(self, x):
            expected = len(self.model) < CAPACITY
            if expected: self.model.append(x)
            if self.queue.enqueue(x) != expected: counter.failed(); raise AssertionError("enqueue")
        @precondition(lambda self: self.model)
        @rule()
        def dequeue(self): assert self.queue.elements.pop(0) == self.model.pop(0)
        @precondition(lambda self: self.model)
        @rule()
        def peek(self): assert self.queue.elements[0] == self.model[0]
        @rule()
        def count(self): assert len(self.queue.elements) == len(self.model)
        @rule()
        def clear(self): self.queue.elements.clear(); self.model.clear()
    with_seed(s)(QueueMachine)
    try: run_state_machine_as_test(QueueMachine, settings=SETTINGS)
    except AssertionError: pass
    return counter.first_failure

CASES = {"equal_sums": lambda s: run_given(st.tuples(percent_lists, percent_lists), equal_sums, s),
         "three_equal": lambda s: run_given(st.tuples(naturals, naturals, naturals), three_equal, s),
         "sorted_distinct": lambda s: run_given(st.lists(st.integers(0, 1000)), sorted_distinct, s),
         "same_list_twice": lambda s: run_given(st.tuples(st.lists(st.integers(0, 1000)), st.lists(st.integers(0, 1000))), same_list_twice, s),
         "reordered_list": lambda s: run_given(st.tuples(st.lists(st.integers(0, 1000)), st.lists(st.integers(0, 1000))), reordered_list, s)}
for bug, prop in PAIRS:
    CASES[f"bst/{bug}/{prop.__name__}"] = (lambda b, p: lambda s: run_given(*p(b), s))(bug, prop)
CASES["queue_overflow"] = run_queue

args = [a for a in sys.argv[1:] if a != "--json"]
out = {}; tree = []
print(f"case                               found  mean cases   (runs of {len(SEEDS)}, up to {CASE_LIMIT} cases each)")
for name in (args or CASES):
    found = [c for c in (CASES[name](s) for s in SEEDS) if c is not None]
    mean = sum(found) / len(found) if found else None
    print(f"{name:34} {f'{len(found)}/{len(SEEDS)}':>7} {('-' if mean is None else f'{mean:.1f}'):>11}", flush=True)
    out[name] = {"runs": len(SEEDS), "found": len(found), "mean_cases": None if mean is None else round(mean, 1)}
    if name.startswith("bst/"): tree.append(out[name])
if tree:
    print(f"bst: {sum(t['found'] == t['runs'] for t in tree)} of {len(tree)} pairs found in every run; "
          f"summed mean cases {sum(t['mean_cases'] or 0 for t in tree):.0f}")
if "--json" in sys.argv: print(json.dumps(out))
