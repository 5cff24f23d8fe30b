"""An iterator object's position is state the rest of the program sees: zip, enumerate, map,
filter, any, all, islice, chain and `in` pull from it only as far as CPython does, so what is left
in it afterwards equals eager (zip(range(n), it), as heapq.nsmallest uses, drained all of `it`).
Builtins that pull lazily and that the tracer only models by taking every item are refused
over an iterator object."""

import itertools

import pytest
import torch

import compiler
from tests.differential import assert_same


def _zip_with_shorter_first(a):
    it = iter([4, 8, 1, 6])
    pairs = list(zip(range(2), it))
    return a + 1, pairs, list(it)


def _enumerate_with_break(a):
    it = iter([a, a * 2, a * 3, a * 4])
    total = a * 0
    for i, t in enumerate(it):
        total = total + t
        if i == 1:
            break
    return total, list(it)


def _any_stops_at_first_true(a):
    it = iter([0, 3, 0, 5])
    found = any(it)
    return a * found, list(it)


def _all_stops_at_first_false(a):
    it = iter([1, 0, 2])
    return a + all(it), list(it)


def _map_of_two_iterators(a):
    first, second = iter([1, 2, 3]), iter([10, 20])
    sums = list(map(lambda x, y: x + y, first, second))
    return a * sums[-1], list(first), list(second)


def _islice_then_rest(a):
    it = iter([a, a + 1, a + 2, a + 3])
    head = list(itertools.islice(it, 2))
    return torch.stack(head), list(it)


def _filter_then_next(a):
    it = iter([1, 2, 3, 4, 5])
    first_even = next(filter(lambda v: v % 2 == 0, it))
    return a * first_even, list(it)


def _in_stops_at_first_match(a):
    it = iter([1, 2, 3, 4])
    found = 2 in it
    return a * found, list(it)


def _in_over_map_stops(a):
    calls = []
    m = map(lambda v: calls.append(v) or v * 2, [1, 2, 3, 4])
    found = 4 in m
    return a * found, calls, list(m)


def _heapq_nsmallest(a):
    import heapq
    return a + 1, heapq.nsmallest(2, [4, 8, 1, 6]), heapq.nlargest(2, [4, 8, 1, 6])


@pytest.mark.parametrize("fn", [_zip_with_shorter_first, _enumerate_with_break,
                                _any_stops_at_first_true, _all_stops_at_first_false,
                                _map_of_two_iterators, _islice_then_rest, _filter_then_next,
                                _in_stops_at_first_match, _in_over_map_stops, _heapq_nsmallest])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_iterator_left_as_cpython_leaves_it(fn, fullgraph):
    a = torch.randn(3)
    expected = fn(a)
    try:
        actual = compiler.compile(fn, fullgraph=fullgraph)(a)
    except compiler.Unsupported:
        assert fullgraph, "outside fullgraph the frame must run"
        return
    assert_same(actual, expected)


def test_zip_over_iterator_stays_in_one_graph():
    compiled = compiler.compile(_zip_with_shorter_first, fullgraph=True)
    a = torch.randn(3)
    assert_same(compiled(a), _zip_with_shorter_first(a))


def test_takewhile_over_an_iterator_object_is_refused_not_drained():
    def f(a):
        it = iter([1, 2, 5, 1, 7])
        small = list(itertools.takewhile(lambda v: v < 3, it))
        return a * len(small), list(it)

    a = torch.randn(3)
    assert_same(compiler.compile(f)(a), f(a))
