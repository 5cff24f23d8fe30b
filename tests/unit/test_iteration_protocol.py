"""Iterating user objects as CPython does: `__iter__` (whose result must be an iterator), the
sequence protocol (`__getitem__` from 0 until IndexError or StopIteration, one call per step),
`__iter__ = None`, and user iterators driven through `__next__`."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


class Window:
    def __init__(self, items, log):
        self.items, self.log = items, log

    def __getitem__(self, i):
        self.log.append(i)
        return self.items[i]


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


class ListFromIter:
    def __iter__(self):
        return [1, 2]


class NotIterable:
    __iter__ = None

    def __getitem__(self, i):
        return i


def _x():
    return torch.ones(3)


def sequence_protocol(x):
    log = []
    w = Window([x, x * 2, x * 3], log)
    out = [t + 1 for t in w]
    first = next(iter(Window([x], log)))
    log.append("zip")
    pairs = list(zip(Window([x, x, x], log), [1]))  # stops after one call of __getitem__
    return out, first, len(pairs), log


def user_iterator(x):
    total = x
    for k in Countdown(3):
        total = total + k
    return total, list(Countdown(2)), next(Countdown(5))


@pytest.mark.parametrize("fn", [sequence_protocol, user_iterator])
def test_user_iteration_is_one_graph(fn):
    one_graph(check_same(fn, _x()))


def non_iterator_returned(x):
    try:
        for _ in ListFromIter():
            pass
    except TypeError as err:
        return x + 1, str(err)
    return x, "no error"


def iter_set_to_none(x):
    try:
        iter(NotIterable())
    except TypeError as err:
        return x + 1, str(err)
    return x, "no error"


@pytest.mark.parametrize("fn", [non_iterator_returned, iter_set_to_none])
def test_iteration_errors_are_cpythons(fn):
    check_same(fn, _x())
    compiler.reset()


class WithReversed:
    def __init__(self):
        self.items = [1, 2, 3]

    def __reversed__(self):
        return iter(self.items[::-1] + [0])

    def __len__(self):
        return 3

    def __getitem__(self, i):
        return self.items[i]


class OnlySequence:
    def __len__(self):
        return 2

    def __getitem__(self, i):
        if i > 1:
            raise IndexError(i)
        return i * 10


def reversed_forms(x):
    errors = []
    for bad in ({1, 2}, (i for i in range(2)), iter([1])):
        try:
            reversed(bad)
        except TypeError as err:
            errors.append(str(err))
    return (x + 1, list(reversed(WithReversed())), list(reversed(OnlySequence())),
            list(reversed({"a": 1, "b": 2})), errors)


def test_reversed_uses_reversed_dunder_or_the_sequence_protocol():
    one_graph(check_same(reversed_forms, _x()))


def bound_next_and_iter(x):
    it = iter([1, 2, 3])
    step, again = it.__next__, it.__iter__
    first = step()
    rest = list(again())
    counter = iter(range(5)).__next__
    return x + first + sum(rest) + counter() + counter(), step.__self__ is it


def test_an_iterators_bound_next_and_iter_step_it():
    one_graph(check_same(bound_next_and_iter, _x()))
