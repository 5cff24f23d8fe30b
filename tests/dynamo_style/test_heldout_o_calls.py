"""Multi-call probes for iterators and containers from outside the frame: an iterator passed
in and advanced (what is left of it after the call must be what eager leaves), a defaultdict
argument whose missing keys the frame inserts (the insertions visible after the call, its
factory changed between calls), sets and frozenset-keyed dicts changed between calls.
"""

from __future__ import annotations

import collections
import itertools

import compiler
from tests.differential import assert_same
from tests.dynamo_style.calls_support import sample as _x


def _compare_after(fn, make_args, *, calls=2, fullgraph=True):
    """Eager and compiled each called on fresh arguments `calls` times: results equal, and
    the arguments as the calls left them (iterators by what is left in them)."""
    def leftover(args):
        return [list(a) if isinstance(a, collections.abc.Iterator) else a for a in args]

    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for _ in range(calls):
        eager_args, compiled_args = make_args(), make_args()
        want = fn(*eager_args)
        got = compiled(*compiled_args)
        assert_same(got, want)
        assert_same(leftover(compiled_args), leftover(eager_args), "arguments after")
    return compiler.stats(compiled)


def _advance_two(x, it):
    return x * next(it) + next(it)


def test_list_iterator_argument_advanced():
    stats = _compare_after(_advance_two, lambda: (_x(), iter([1.0, 2.0, 3.0, 4.0])))
    assert stats.compiles == 1


def test_tuple_and_range_iterators_advanced_then_resumed():
    def fn(x, it):
        out = x
        for v in it:
            out = out + v
            if v >= 6:
                break
        return out, next(it, -1)

    _compare_after(fn, lambda: (_x(), iter((5, 6, 7, 8))))
    _compare_after(fn, lambda: (_x(), iter(range(4, 9))))


def test_iterator_argument_zipped_consumes_one_more():
    def fn(x, it):
        pairs = list(zip(it, "ab"))  # zip reads a third item from `it` before stopping
        return x + len(pairs), pairs

    _compare_after(fn, lambda: (_x(), iter(range(10))))


def test_iterator_argument_exhausted_in_frame():
    def fn(x, it):
        total = sum(it)
        return x + total, next(it, None)

    _compare_after(fn, lambda: (_x(), iter([1, 2])))


def test_iterator_argument_lengths_change_between_calls():
    compiled = compiler.compile(_advance_two, fullgraph=True)
    for items in ([1.0, 2.0], [1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]):
        a, b = iter(items), iter(items)
        assert_same(compiled(_x(), a), _advance_two(_x(), b))
        assert list(a) == list(b)


def test_defaultdict_argument_insertions_visible_after_call():
    def fn(x, d):
        d["new"].append(len(d["old"]))
        return x * len(d)

    def make():
        d = collections.defaultdict(list)
        d["old"].extend([1, 2])
        return (_x(), d)

    _compare_after(fn, make)


def test_defaultdict_factory_changed_between_calls():
    def fn(x, d):
        v = d["missing"]
        return x + (len(v) if isinstance(v, list) else v)

    factories = [int, int, list, lambda: 7]
    compiled = compiler.compile(fn, fullgraph=True)
    for factory in factories:
        a, b = collections.defaultdict(factory), collections.defaultdict(factory)
        assert_same(compiled(_x(), a), fn(_x(), b))
        assert dict(a) == dict(b)
    assert compiler.stats(compiled).compiles == 3


def test_defaultdict_factory_none_then_set():
    def fn(x, d):
        try:
            return x + d["k"]
        except KeyError:
            return x - 1

    compiled = compiler.compile(fn, fullgraph=True)
    for factory in (None, int, None):
        a, b = collections.defaultdict(factory), collections.defaultdict(factory)
        assert_same(compiled(_x(), a), fn(_x(), b))
        assert dict(a) == dict(b)


def test_single_member_set_argument_popped():
    def fn(x, s):
        v = s.pop()
        s.add(v + 1)
        return x * v

    compiled = compiler.compile(fn, fullgraph=True)
    for members in ({3}, {4}, {5}):
        a, b = set(members), set(members)
        assert_same(compiled(_x(), a), fn(_x(), b))
        assert a == b


def test_frozenset_keyed_dict_argument_changes():
    def fn(x, table):
        return x * table.get(frozenset({"a", "b"}), 0.5)

    compiled = compiler.compile(fn, fullgraph=True)
    tables = [{frozenset({"a", "b"}): 2.0}, {frozenset({"a"}): 2.0},
              {frozenset({"b", "a"}): 3.0}, {frozenset({1, 2.5}): 1.0}]
    for table in tables:
        assert_same(compiled(_x(), dict(table)), fn(_x(), dict(table)))


def test_itertools_count_argument_advanced():
    def fn(x, counter):
        return x + next(counter) * next(counter)

    compiled = compiler.compile(fn, fullgraph=False)
    a, b = itertools.count(2), itertools.count(2)
    for _ in range(2):
        assert_same(compiled(_x(), a), fn(_x(), b))
    assert next(a) == next(b)


def test_dunder_iter_of_argument_list_fresh_each_call():
    def fn(x, xs):
        it = xs.__iter__()
        first = it.__next__()
        xs.append(first)
        return x * first, list(it)

    compiled = compiler.compile(fn, fullgraph=True)
    for xs in ([1.0, 2.0], [3.0], [4.0, 5.0, 6.0]):
        a, b = list(xs), list(xs)
        assert_same(compiled(_x(), a), fn(_x(), b))
        assert a == b


def test_set_argument_changes_replayed_in_order():
    """A set from outside the frame that the trace removes from and adds to ends with the
    iteration order eager leaves (the changes are made again one by one, not refilled)."""
    def fn(x, s):
        s.discard(16)
        s.remove(0)
        s.add(200)
        s.add(8)  # already in: no change
        return x * len(s)

    compiled = compiler.compile(fn, fullgraph=True)
    for members in (range(0, 80, 8), range(0, 400, 8), (0, 16, 24, 1 << 40)):
        a, b = set(members), set(members)
        assert_same(compiled(_x(), a), fn(_x(), b))
        assert list(a) == list(b)


def test_set_argument_cleared_then_refilled():
    def fn(x, s):
        n = len(s)
        s.clear()
        s.add(n)
        s.add("k")
        return x + n

    compiled = compiler.compile(fn, fullgraph=True)
    for members in ({1, 2, 3}, set(range(40))):
        a, b = set(members), set(members)
        assert_same(compiled(_x(), a), fn(_x(), b))
        assert list(a) == list(b)


def test_cleared_argument_set_popped_matches_eager():
    """A set from outside the frame that was popped before the call: after clear() its next
    pop starts where the earlier pops left off (unknown to the trace: refused, not guessed)."""
    def fn(x, s):
        s.clear()
        s.add(0)
        s.add(5)
        return x * s.pop()

    def make():
        s = {0, 1, 2, 3}
        s.pop()
        return (_x(), s)

    _compare_after(fn, make, fullgraph=False)
