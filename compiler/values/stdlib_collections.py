"""`collections.deque`, `collections.Counter` and `itertools.count` in a trace.

A deque is a list tracker with both ends; a Counter built from constants is a constant; a count
is an infinite iterator that `islice` and `zip` take a bounded part of.
"""

from __future__ import annotations

import collections
import itertools

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue, call_pure, is_plain, plain
from compiler.values.containers import ListValue
from compiler.values.iterators import SequenceIteratorValue


class DequeValue(ListValue):
    def python_type(self) -> type:
        return collections.deque

    def call_method(self, tx, name, args, kwargs):
        if name in ("appendleft", "popleft", "extendleft", "rotate"):
            tx.ctx.side_effects.mutate(self)
        if name == "appendleft":
            self.items.insert(0, args[0])
        elif name == "popleft":
            if not self.items:
                raise RaisedByProgram(IndexError("pop from an empty deque"))
            return self.items.pop(0)
        elif name == "extendleft":
            for item in args[0].unpack(tx):
                self.items.insert(0, item)
        elif name == "rotate":
            steps = args[0].as_constant() if args else 1
            if self.items:
                steps %= len(self.items)
                self.items[:] = self.items[-steps:] + self.items[:-steps]
        elif name == "pop" and args:
            raise RaisedByProgram(TypeError("deque.pop() takes no arguments"))
        else:
            return super().call_method(tx, name, args, kwargs)
        return ConstantValue(None)


class CountValue(Value):
    """An infinite `itertools.count(start, step)` of constants."""

    def __init__(self, start, step):
        super().__init__(None)
        self.current, self.step = start, step

    def python_type(self) -> type:
        return itertools.count

    def iter(self, tx) -> Value:
        return self

    def next(self, tx) -> Value:
        value = self.current
        self.current += self.step
        return ConstantValue(value)

    def take(self, n: int) -> list[Value]:
        values = [ConstantValue(self.current + i * self.step) for i in range(n)]
        self.current += n * self.step
        return values

    def unpack(self, tx) -> list[Value]:
        raise Unsupported("exhausting an infinite itertools.count", BreakReason.UNSUPPORTED_CALL)


def _deque(tx, *iterable, **kwargs):
    if kwargs:
        raise Unsupported("deque with maxlen", BreakReason.UNSUPPORTED_CALL)
    return DequeValue(iterable[0].unpack(tx) if iterable else [])


def _counter(tx, *args, **kwargs):
    if not all(is_plain(a) for a in args) or not all(is_plain(v) for v in kwargs.values()):
        raise Unsupported("collections.Counter of values that are not constants",
                          BreakReason.UNSUPPORTED_CALL)
    return ConstantValue(call_pure(collections.Counter, [plain(a) for a in args],
                                   {k: plain(v) for k, v in kwargs.items()}))


def _count(tx, start=None, step=None):
    first = start.as_constant() if start is not None else 0
    return CountValue(first, step.as_constant() if step is not None else 1)


def islice_count(count, bounds: list) -> SequenceIteratorValue:
    """islice of an infinite iterator (a count or a cycle): its stop bounds what is taken."""
    window = slice(*bounds)
    if window.stop is None:
        raise Unsupported("islice of itertools.count without a stop", BreakReason.UNSUPPORTED_CALL)
    start, stop, stride = window.indices(window.stop)
    items = count.take(stop)
    return SequenceIteratorValue(items[start:stop:stride])


HANDLERS = {collections.deque: _deque, collections.Counter: _counter, itertools.count: _count}


def _register_itertools() -> None:
    from compiler.values.stdlib_itertools import HANDLERS as ITERTOOLS_HANDLERS
    HANDLERS.update(ITERTOOLS_HANDLERS)


_register_itertools()
