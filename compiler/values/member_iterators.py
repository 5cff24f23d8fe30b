"""Iterators over a dict, its views, an OrderedDict or a set made in the trace, as CPython's.

They read the container as they go: a value written to a key since the iterator was made is
the one given (`d[k] = v` during `for k, v in d.items()`). A change to the container's keys
is what CPython's iterators react to:

- a dict's or set's iterator raises "... changed size during iteration" at its next step when
  the size changed, and again at every later step; a change that keeps the size (a key
  removed and another added) moves its position in a table the trace does not model, so it is
  refused;
- an OrderedDict's raises "OrderedDict mutated during iteration" after any change to its keys
  (a key added, removed or moved), then ends; past its last key it has ended already;
- an iterator that has ended stays ended, whatever happens to the container after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value, next_until_stop
from compiler.values.iterators import SequenceIteratorValue

DICT_CHANGED = "dictionary changed size during iteration"  # CPython's dict iterators' error


class MembersIteratorValue(SequenceIteratorValue):
    """`items`: what the iterator gives, as read when it was made; `item_at(i)` the live item
    at position i (None: the snapshot's); `state()` the container's (size, keys version)."""

    def __init__(self, items: list[Value], kind: type, state: Callable[[], tuple[int, int]],
                 message: str, *, ordered: bool = False,
                 item_at: Callable[[int], Value] | None = None):
        super().__init__(items, kind=kind)
        self.state, self.start = state, state()
        self.message, self.ordered, self.item_at = message, ordered, item_at
        self.failed = self.ended = False

    def _allowed(self) -> None:
        if self.ended:
            raise RaisedByProgram(StopIteration())
        if self.ordered:  # CPython's odict iterator holds the next key, or none after the last
            if self.position >= self.start[0]:
                self.ended = True
                raise RaisedByProgram(StopIteration())
            if self.state()[1] != self.start[1]:
                self.ended = True
                raise RaisedByProgram(RuntimeError("OrderedDict mutated during iteration"))
            return
        if self.failed:
            raise RaisedByProgram(RuntimeError(self.message))
        size, version = self.state()
        if size != self.start[0]:
            self.failed = True
            raise RaisedByProgram(RuntimeError(self.message))
        if version != self.start[1]:
            raise Unsupported("keys replaced while iterating over them",
                              BreakReason.UNSUPPORTED_VALUE)

    def next(self, tx) -> Value:
        self._allowed()
        if self.position >= len(self.items):
            self.ended = True
            raise RaisedByProgram(StopIteration())
        value = self.items[self.position] if self.item_at is None else self.item_at(
            self.position)
        self.position += 1
        return value

    def drain(self, tx) -> list[Value]:
        return next_until_stop(tx, self)

    def reconstruct(self, plan) -> str:
        if self.failed or self.ended or self.state() != self.start:
            raise Unsupported("an iterator over a changed dict or set leaving the frame",
                              BreakReason.UNSUPPORTED_VALUE)
        rest = [self.items[i] if self.item_at is None else self.item_at(i)
                for i in range(self.position, len(self.items))]
        return plan.temp(f"iter([{plan.items(rest)}])")


def dict_iterator(mapping: Any, kind: str, reverse: bool = False) -> MembersIteratorValue:
    """An iterator over `mapping` (a DictValue): its keys, values or items, maybe reversed."""
    import collections

    from compiler.values.stdlib_hash_keys import rebuilding
    ordered = issubclass(mapping.cls, collections.OrderedDict)
    base = collections.OrderedDict() if ordered else {}
    view = base if kind == "keys" else getattr(base, kind)()
    real = reversed(view) if reverse else iter(view)
    hashed = list(mapping.entries)
    keys = [key for key, _ in mapping.entries.values()]
    if reverse:
        hashed.reverse()
        keys.reverse()
    item_at = None
    if kind != "keys":
        def item_at(i: int) -> Value:
            with rebuilding():  # the keys are unchanged (checked): no comparison runs
                key, value = mapping.entries[hashed[i]]
            return value if kind == "values" else mapping.pair(key, value)
    items = keys if kind == "keys" else [item_at(i) for i in range(len(hashed))]
    return MembersIteratorValue(
        items, type(real), lambda: (len(mapping.entries), mapping.entries.version),
        DICT_CHANGED, ordered=ordered, item_at=item_at)
