"""The order list.sort gives trackers: constants sorted as Python sorts them, other
keys compared with `<` through the operators (registry.compare, late-bound), the same
comparisons, in the same order, as CPython's sort makes on the real keys."""

from __future__ import annotations

import functools

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value


def sorted_order(tx, keys: list[Value], reverse: bool) -> list[int]:
    """A stable sort of positions by key, comparing trackers with `<` as list.sort does:
    CPython's sort asks `<` only, and sorts in reverse by reversing the list, sorting it
    stably and reversing it again. The same algorithm run on the positions asks the keys'
    `<` in the same order (and an inconsistent `<` gives the same order)."""
    if all(k.is_constant() for k in keys):
        plain = [k.as_constant() for k in keys]
        return sorted(range(len(keys)), key=plain.__getitem__, reverse=reverse)

    def order(i: int, j: int) -> int:
        return -1 if registry.compare(tx, "<", keys[i], keys[j]).bool(tx) else 1

    positions = list(range(len(keys)))
    if reverse:
        positions.reverse()
    positions.sort(key=functools.cmp_to_key(order))
    if reverse:
        positions.reverse()
    return positions


def list_sort_order(tx, target, args: list[Value], kwargs: dict[str, Value]) -> list[int]:
    """The positions `target.sort(**kwargs)` puts the items of a list tracker in."""
    if args or set(kwargs) - {"key", "reverse"}:
        raise RaisedByProgram(TypeError("sort() takes no positional arguments") if args
                              else TypeError("sort() got an unexpected keyword argument"))
    key = kwargs.get("key")
    if key is not None and key.is_constant() and key.as_constant() is None:
        key = None  # key=None: the items themselves
    reverse = kwargs.get("reverse", registry.wrap_constant(False)).as_constant()
    # CPython empties the list while it sorts: the key and `<` see it empty, and should they
    # add to it, the sorted items are put back, the additions dropped, and ValueError raised
    items, during = target.items, _DuringSort()
    target.items = during
    try:
        keys = [key.call(tx, [item], {}) for item in items] if key is not None else list(items)
        order = _sorted(tx, target, keys, reverse)
    finally:
        grown = during.grown or (target.items is not during and len(target.items) > 0)
        target.items = items
    if grown:
        items[:] = [items[i] for i in order]
        raise RaisedByProgram(ValueError("list modified during sort"))
    return order


def _sorted(tx, target, keys: list[Value], reverse: bool) -> list[int]:
    try:
        return sorted_order(tx, keys, reverse)
    except (TypeError, RaisedByProgram) as error:  # the real sort raised part-way
        if getattr(target, "sorting_copy", False):  # sorted(): the list is never seen
            raise error if isinstance(error, RaisedByProgram) else RaisedByProgram(
                error) from None
        raise Unsupported("list.sort failing part-way (CPython leaves the list partly "
                          "sorted)", BreakReason.UNSUPPORTED_CALL) from None


class _DuringSort(list):
    """The items of a list being sorted: empty, and whether anything made it grow (CPython
    then finds memory allocated for it, and reports the list modified)."""

    grown = False

    def _after(self):
        self.grown = self.grown or len(self) > 0

    def append(self, item):
        super().append(item)
        self._after()

    def extend(self, items):
        super().extend(items)
        self._after()

    def insert(self, index, item):
        super().insert(index, item)
        self._after()

    def __setitem__(self, index, value):
        super().__setitem__(index, value)
        self._after()

    def __iadd__(self, items):
        result = super().__iadd__(items)
        self._after()
        return result
