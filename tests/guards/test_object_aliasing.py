"""A program's objects are guarded by type, not identity (a fresh object of the same class
reuses the compiled code), so two objects the trace read as two are guarded to stay two: a
call where they are one object recompiles instead of answering as if they were apart."""

from __future__ import annotations

import torch

import compiler
from tests.differential import assert_same


class Node:
    pass


A, B = Node(), Node()


def keyed_by_one_asked_for_the_other(x):
    return x + {A: 1}.get(B, 0)


def written_through_one_read_through_the_other(x):
    A.value = 1
    B.value = 2
    return x * A.value


def _calls(fn, rebind):
    global A, B
    compiled = compiler.compile(fn, fullgraph=True)
    first_a, first_b = A, B
    try:
        for step in (None, rebind, None):
            if step is not None:
                step()
            assert_same(compiled(torch.ones(2)), fn(torch.ones(2)))
    finally:
        A, B = first_a, first_b
    return compiler.stats(compiled)


def _same():
    global B
    B = A


def test_two_objects_becoming_one_recompile():
    for fn in (keyed_by_one_asked_for_the_other, written_through_one_read_through_the_other):
        stats = _calls(fn, _same)
        assert stats.recompiles, fn.__name__


def _fresh():
    global A, B
    A, B = Node(), Node()


def test_fresh_objects_of_the_same_class_reuse_the_code():
    stats = _calls(keyed_by_one_asked_for_the_other, _fresh)
    assert stats.compiles == 1


def test_the_group_guard_accepts_exactly_different_objects():
    """One guard for all the objects of a class a trace read: as many objects as sources."""
    from compiler.guards.check import CheckFunction
    from compiler.guards.guard import GuardKind, guard_of
    from compiler.guards.sources import LocalSource

    check = CheckFunction([guard_of(LocalSource("a"), GuardKind.ALL_DISTINCT,
                                    (LocalSource("b"), LocalSource("c")))])
    one, two, three = Node(), Node(), Node()
    assert check.check({"a": one, "b": two, "c": three}, {})
    for same in ({"a": one, "b": one, "c": three}, {"a": one, "b": two, "c": one},
                 {"a": one, "b": two, "c": two}):
        assert not check.check(same, {})
        assert check.first_failure(same, {}) is not None


C = Node()


def three_keys(x):
    return x + sum({A: 1, B: 2, C: 4}.values())


def test_three_objects_of_a_class_two_becoming_one_recompile():
    global C
    compiled = compiler.compile(three_keys, fullgraph=True)
    first = C
    try:
        for value in (first, A, first):
            C = value
            assert_same(compiled(torch.ones(2)), three_keys(torch.ones(2)))
    finally:
        C = first
    assert compiler.stats(compiled).recompiles
