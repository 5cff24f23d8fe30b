"""The itertools iterators that call a function (starmap, takewhile, dropwhile, filterfalse,
accumulate with a func, groupby with a key) call it one step at a time, as CPython does: a
function with effects the program sees (a log) interleaves with the program's own steps as
in eager. They used to run every call when the iterator was made (the log came out in
another order, fullgraph or not)."""

import itertools

import pytest
import torch

import compiler
from tests.differential import assert_same


def _starmap(x):
    log = []

    def add(a, b):
        log.append(a)
        return a + b

    m = itertools.starmap(add, [(1, 2), (3, 4)])
    log.append("made")
    first = next(m)
    log.append("after first")
    return x + 1, log, first, list(m)


def _takewhile(x):
    log = []

    def small(v):
        log.append(v)
        return v < 3

    m = itertools.takewhile(small, [1, 2, 5, 1])
    log.append("made")
    return x + 1, list(m), log


def _dropwhile(x):
    log = []

    def small(v):
        log.append(v)
        return v < 3

    m = itertools.dropwhile(small, [1, 2, 5, 1])
    log.append("made")
    first = next(m)
    log.append("after first")
    return x * first, list(m), log


def _filterfalse(x):
    log = []

    def odd(v):
        log.append(v)
        return v % 2

    m = itertools.filterfalse(odd, [1, 2, 3, 4])
    log.append("made")
    first = next(m)
    log.append("after first")
    return x + first, log, list(m)


def _accumulate(x):
    log = []

    def combine(total, v):
        log.append(v)
        return total * v

    m = itertools.accumulate([1, 2, 3], combine, initial=x.shape[0])
    log.append("made")
    first = next(m)
    log.append("after first")
    return x + first, log, list(m)


def _groupby_key(x):
    log = []

    def half(v):
        log.append(v)
        return v // 2

    m = itertools.groupby([1, 2, 3, 4], half)
    log.append("made")
    key, group = next(m)
    return x + key, log


def _groupby_groups_share_the_input(x):
    log = []

    def parity(v):
        log.append(v)
        return v % 2

    outer = itertools.groupby([1, 3, 2, 4, 6, 5, 1], parity)
    k1, g1 = next(outer)
    first_of_g1 = next(g1)
    k2, g2 = next(outer)  # skips the rest of g1; g1 is now over
    left_in_g1 = list(g1)
    part = [next(g2)]
    rest = [(k, list(g)) for k, g in outer]
    return x + k1 + k2, log, first_of_g1, left_in_g1, part, list(g2), rest


CASES = [_starmap, _takewhile, _dropwhile, _filterfalse, _accumulate, _groupby_key,
         _groupby_groups_share_the_input]


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_function_runs_per_step(fn, fullgraph):
    x = torch.arange(3.0)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    assert_same(compiled(x), fn(x))
    assert compiler.stats(compiled).graphs == 1


def _pure_builtin_stays_in_graph(x):
    sums = list(itertools.starmap(max, [(1, 2), (4, 3)]))
    return x + sum(sums), list(itertools.accumulate([1, 2, 3], min))


def test_builtin_function_still_compiles_fullgraph():
    x = torch.arange(3.0)
    compiled = compiler.compile(_pure_builtin_stays_in_graph, backend="eager", fullgraph=True)
    assert_same(compiled(x), _pure_builtin_stays_in_graph(x))
    assert compiler.stats(compiled).graphs == 1
