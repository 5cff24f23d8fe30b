"""The itertools classes that take a function or run forever, in a trace: their results are
computed eagerly over trackers (`cycle` is taken a bounded part of, like `count`)."""

from __future__ import annotations

import itertools

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.containers import TupleValue, same_or_equal
from compiler.values.iterators import SequenceIteratorValue


def _truthy(tx, fn: Value | None, item: Value) -> bool:
    if fn is None or (fn.is_constant() and fn.as_constant() is None):
        return item.bool(tx)
    return fn.call(tx, [item], {}).bool(tx)


def _starmap(tx, fn, iterable):
    return SequenceIteratorValue([fn.call(tx, args.unpack(tx), {})
                                  for args in iterable.unpack(tx)])


def _takewhile(tx, predicate, iterable):
    taken = []
    for item in iterable.unpack(tx):
        if not _truthy(tx, predicate, item):
            break
        taken.append(item)
    return SequenceIteratorValue(taken)


def _dropwhile(tx, predicate, iterable):
    items = iterable.unpack(tx)
    for position, item in enumerate(items):
        if not _truthy(tx, predicate, item):
            return SequenceIteratorValue(items[position:])
    return SequenceIteratorValue([])


def _compress(tx, data, selectors):
    return SequenceIteratorValue([item for item, keep in zip(data.unpack(tx),
                                                             selectors.unpack(tx))
                                  if keep.bool(tx)])


def _filterfalse(tx, predicate, iterable):
    return SequenceIteratorValue([item for item in iterable.unpack(tx)
                                  if not _truthy(tx, predicate, item)])


def _groupby(tx, iterable, key=None):
    groups: list[Value] = []
    current_key, members = None, []
    for item in iterable.unpack(tx):
        item_key = item if key is None else key.call(tx, [item], {})
        if members and same_or_equal(tx, item_key, current_key):
            members.append(item)
            continue
        if members:
            groups.append(TupleValue([current_key, SequenceIteratorValue(members)]))
        current_key, members = item_key, [item]
    if members:
        groups.append(TupleValue([current_key, SequenceIteratorValue(members)]))
    return SequenceIteratorValue(groups)


class CycleValue(Value):
    """`itertools.cycle` of a finite sequence: infinite, taken a bounded part of."""

    def __init__(self, items: list[Value]):
        super().__init__(None)
        self.items, self.position = items, 0

    def python_type(self) -> type:
        return itertools.cycle

    def iter(self, tx) -> Value:
        return self

    def next(self, tx) -> Value:
        return self.take(1)[0]

    def take(self, n: int) -> list[Value]:
        if not self.items:
            return []
        values = [self.items[(self.position + i) % len(self.items)] for i in range(n)]
        self.position += n
        return values

    def unpack(self, tx) -> list[Value]:
        raise Unsupported("exhausting an infinite itertools.cycle",
                          BreakReason.UNSUPPORTED_CALL)


def _cycle(tx, iterable):
    return CycleValue(iterable.unpack(tx))


HANDLERS = {itertools.starmap: _starmap, itertools.takewhile: _takewhile,
            itertools.dropwhile: _dropwhile, itertools.compress: _compress,
            itertools.filterfalse: _filterfalse, itertools.groupby: _groupby,
            itertools.cycle: _cycle}
