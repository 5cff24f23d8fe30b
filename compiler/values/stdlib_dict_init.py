"""The (key, value) pairs `dict(x)`, `d.update(x)` and `dict.fromkeys` read from their
argument, in CPython's order."""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterator
from typing import Any

from compiler.values import registry
from compiler.values.attributes import has_attribute
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.lazy_extend import items_in_turn

# Readers of a dict subclass instance's storage (dict_unbound.storage_pairs): its pairs, or
# None when the value is not such an instance.
STORAGE_READERS: list[Callable[[Any, Value], list | None]] = []


def mapping_pairs(tx, source: Value) -> Iterator[tuple[Value, Value]]:
    """The (key, value) pairs `dict(source)` and `d.update(source)` read, one at a time as
    CPython reads them (each is stored before the next is read): a mapping's (anything with
    `keys`) from `keys()`, drained into a list, then `source[key]` for each key; else each item
    of the iterable, which must be a pair. A dict subclass keeping dict's iteration (a Counter
    constant, an instance of a Python class) is read by CPython's dict fast path: its items as
    they are, past any override of `keys` or `__getitem__`."""
    for reader in STORAGE_READERS:  # a dict subclass keeping dict's __iter__: its storage
        stored = reader(tx, source)
        if stored is not None:
            yield from stored
            return
    if isinstance(source, ConstantValue) and type(source.value) is collections.Counter:
        for key, value in list(source.value.items()):
            yield registry.wrap_constant(key), registry.wrap_constant(value)
        return
    if has_attribute(tx, source, "keys"):
        for key in source.getattr(tx, "keys").call(tx, [], {}).unpack(tx):
            yield key, source.getitem(tx, key)
        return
    for index, pair in enumerate(items_in_turn(tx, source)):  # each stored before the next
        items = pair.unpack(tx)
        if len(items) != 2:
            raise RaisedByProgram(ValueError(f"dictionary update sequence element #{index} has "
                                             f"length {len(items)}; 2 is required"))
        yield items[0], items[1]
