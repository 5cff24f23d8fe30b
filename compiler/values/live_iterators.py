"""Iterators over a list that read it as CPython's do, step by step: `zip`, `enumerate` and
`reversed` over a list see an item appended, replaced or removed after they were made.
"""

from __future__ import annotations

from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.containers import ListValue, TupleValue
from compiler.values.iterators import LiveIteratorValue, SequenceIteratorValue


def _rest(iterator: SequenceIteratorValue) -> list[Value]:
    return list(iterator._current()[iterator.position:])


def live_zip(tx, iterables: list[Value]) -> LiveIteratorValue | None:
    """`zip` over inputs one of which is a list, reading them step by step; None where an input
    is not a list, tuple, dict, set or constant sequence (the callers' other models apply)."""
    if not any(isinstance(it, ListValue) for it in iterables):
        return None
    iterators = [it.iter(tx) for it in iterables]
    if any(type(it) is not SequenceIteratorValue for it in iterators):
        return None

    def step(tx):
        return TupleValue([it.next(tx) for it in iterators])  # in order, as CPython pulls

    def remaining():
        return [TupleValue(list(group)) for group in zip(*(_rest(it) for it in iterators))]

    return LiveIteratorValue(zip, step, remaining)


def live_enumerate(tx, iterable: Value, start: int) -> LiveIteratorValue | None:
    if not isinstance(iterable, ListValue):
        return None
    inner = iterable.iter(tx)
    if type(inner) is not SequenceIteratorValue:
        return None
    count = [start]

    def step(tx):
        item = inner.next(tx)
        count[0] += 1
        return TupleValue([ConstantValue(count[0] - 1), item])

    def remaining():
        return [TupleValue([ConstantValue(count[0] + i), v]) for i, v in enumerate(_rest(inner))]

    return LiveIteratorValue(enumerate, step, remaining)


def live_reversed(sequence: Value) -> LiveIteratorValue | None:
    """`reversed(list)`: CPython's reverse iterator starts at the last index and reads the list
    at each step; an index past the end then ends it for good."""
    if not isinstance(sequence, ListValue) or sequence.python_type() is not list:
        return None
    index = [len(sequence.items) - 1]

    def step(tx):
        i = index[0]
        if 0 <= i < len(sequence.items):
            index[0] = i - 1
            return sequence.items[i]
        index[0] = -1
        raise RaisedByProgram(StopIteration())

    def remaining():
        i = index[0]
        return [sequence.items[j] for j in range(i, -1, -1)] if i < len(sequence.items) else []

    return LiveIteratorValue(type(reversed([])), step, remaining)
