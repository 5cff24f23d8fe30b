"""The argument check before a builtin type's method or a builtin runs (call_arity.py): its
table agrees with CPython, and a call that does not fit raises CPython's own TypeError."""

from __future__ import annotations

import collections

import pytest
import torch

import compiler
from compiler.values import call_arity
from compiler.values.call_arity import _MANY, BUILTIN_TABLE, METHOD_TABLES


def _entries():
    for owner, table in METHOD_TABLES.items():
        for name, shape in table.items():
            yield owner, name, shape


@pytest.mark.parametrize(("owner", "name", "shape"), list(_entries()),
                         ids=lambda v: getattr(v, "__name__", str(v)))
def test_table_counts_are_cpythons(owner, name, shape):
    least, most, _ = shape
    method = getattr(owner(), name)
    if most != _MANY:
        with pytest.raises(TypeError):  # one more than the most
            method(*[None] * (most + 1))
    if least:
        with pytest.raises(TypeError):
            method(*[None] * (least - 1))


@pytest.mark.parametrize("fn", [f for f, s in BUILTIN_TABLE.items() if s[1] != _MANY])
def test_builtin_table_most_is_cpythons(fn):
    with pytest.raises(TypeError):
        fn(*[None] * (BUILTIN_TABLE[fn][1] + 1))


def _message(call):
    try:
        call()
    except TypeError as e:
        return str(e)
    return None


CALLS = [
    lambda: [].append(1, 2), lambda: [1].pop(index=0), lambda: {}.update({}, {}),
    lambda: {}.get(1, 2, 3), lambda: {1: 2}.pop(1, default=3), lambda: {}.keys(1),
    lambda: set().copy(1), lambda: set().add(), lambda: frozenset().union(other=1),
    lambda: collections.deque().rotate(1, 2), lambda: len(obj=[1]), lambda: list([1], [2]),
    lambda: dict({}, {}), lambda: getattr([], "a", 1, 2), lambda: set.copy(frozenset()),
    lambda: set.__sub__(set()), lambda: list.append([], 1, 2), lambda: dict.get({}, 1, 2, 3),
    lambda: collections.OrderedDict().move_to_end(1, True, 3),
]


@pytest.mark.parametrize("index", range(len(CALLS)))
def test_wrong_arguments_raise_cpythons_type_error(index):
    call = CALLS[index]

    def fn(x):
        return x + 1, _message(call)

    expected = fn(torch.ones(1))[1]
    assert expected is not None
    for fullgraph in (True, False):
        compiler.reset()
        assert compiler.compile(fn, fullgraph=fullgraph)(torch.ones(1))[1] == expected


def test_a_python_override_keeps_its_own_signature():
    class Loose(dict):
        def get(self, *args):
            return len(args)

    def fn(x, d):
        return x + d.get(1, 2, 3)

    d = Loose()
    compiler.reset()
    assert torch.equal(compiler.compile(fn)(torch.ones(1), d), fn(torch.ones(1), d))


def test_builtin_owner_skips_overrides():
    class Own(list):
        def append(self, a, b):
            pass

    assert call_arity.builtin_owner(Own, "append") is None
    assert call_arity.builtin_owner(Own, "pop") is list
