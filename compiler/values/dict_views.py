"""Live views of a dict tracker: `d.keys()`, `d.values()`, `d.items()` (their length, `in`,
iteration in the dict's order, and `isdisjoint`); set operations on them are sets.py's."""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import bound_method
from compiler.values.base import RaisedByProgram, Value, one_by_one
from compiler.values.stdlib_hash_keys import key_of

if TYPE_CHECKING:
    from compiler.values.containers import DictValue


class DictViewValue(Value):
    """`d.keys()`, `d.values()`, `d.items()`: live views of a dict tracker."""

    def __init__(self, mapping: DictValue, kind: str):
        super().__init__(None)
        self.mapping, self.kind = mapping, kind

    def is_fresh_object(self) -> bool:
        return True

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.expr(self.mapping)}.{self.kind}()")

    def python_type(self) -> type:  # an OrderedDict's are odict_keys, odict_items, ...
        base = collections.OrderedDict if issubclass(self.mapping.cls, collections.OrderedDict) \
            else dict
        return type(getattr(base(), self.kind)())

    def _items(self) -> list[Value]:
        entries = self.mapping.entries.values()
        if self.kind == "keys":
            return [k for k, _ in entries]
        if self.kind == "values":
            return [v for _, v in entries]
        return [self.mapping.pair(k, v) for k, v in entries]

    def unpack(self, tx) -> list[Value]:
        return self._items()

    def iter(self, tx) -> Value:
        from compiler.values.member_iterators import dict_iterator
        return dict_iterator(self.mapping, self.kind)

    def reversed_iter(self, tx) -> Value:
        """`reversed(d.items())`: from the last entry, as CPython's reverse iterators."""
        from compiler.values.member_iterators import dict_iterator
        return dict_iterator(self.mapping, self.kind, reverse=True)

    def len(self, tx) -> int:
        return len(self.mapping.entries)

    def bool(self, tx) -> bool:
        return bool(self.mapping.entries)

    def contains(self, tx, item: Value) -> bool:
        if self.kind == "keys":
            return self.mapping.contains(tx, item)
        if self.kind == "items":  # the key looked up, then its value compared
            pair = _pair(item)
            if pair is None:
                return False
            found = self.mapping.entries.get(key_of(tx, pair[0]))
            return found is not None and registry.same_or_equal(tx, found[1], pair[1])
        return any(registry.same_or_equal(tx, v, item) for v in self._items())

    def is_constant(self) -> bool:
        return False

    def getattr(self, tx, name: str) -> Value:
        if name == "__iter__":
            from compiler.values.iterators import IterMethodValue
            return IterMethodValue(self)  # calling it is `iter(self)`
        return bound_method(self, name)

    def call_method(self, tx, name, args, kwargs):
        if name == "isdisjoint" and self.kind != "values" and len(args) == 1 and not kwargs:
            return registry.wrap_constant(_disjoint(tx, self, args[0]))
        raise Unsupported(f"{self.kind} view method {name}", BreakReason.UNSUPPORTED_CALL)


_SET_LIKE = (set, frozenset, *(type(getattr(kind(), view)()) for view in ("keys", "items")
                                for kind in (dict, collections.OrderedDict)))


def _disjoint(tx, view: Value, other: Value) -> bool:
    """`view.isdisjoint(other)`: CPython iterates the other side (the smaller when both are
    sets or keys/items views), asking `in` of the other, up to the first found."""
    if other is view:
        return not view.len(tx)
    if other.python_type() in _SET_LIKE and other.len(tx) > view.len(tx):
        view, other = other, view
    return not any(view.contains(tx, item) for item in one_by_one(tx, other.iter(tx)))


def view_order_compare(tx, symbol: str, a: Value, b: Value) -> bool | None:
    """`<`, `<=`, `>`, `>=` with a keys or items view on either side: CPython's view compares
    as a set with another set or keys/items view (lengths, then every member of the smaller
    side looked up in the other with `in`); anything else is the program's TypeError. None
    when neither side is a view or a set (a values view has no ordering, a set none against
    a list: the TypeError)."""
    if not any(isinstance(v, DictViewValue) or _is_set(v) for v in (a, b)):
        return None
    if not all(_is_set(v) or (isinstance(v, DictViewValue) and v.kind != "values")
               for v in (a, b)):
        names = [v.python_type().__name__ for v in (a, b)]
        raise RaisedByProgram(TypeError(f"'{symbol}' not supported between instances of "
                                        f"'{names[0]}' and '{names[1]}'"))
    if symbol in (">", ">="):  # a > b is b < a, a >= b is b <= a
        a, b, symbol = b, a, "<" if symbol == ">" else "<="
    size_a, size_b = a.len(tx), b.len(tx)
    if size_a > size_b or (symbol == "<" and size_a == size_b):
        return False
    members = list(a.members.values()) if _is_set(a) else a.unpack(tx)
    return all(b.contains(tx, item) for item in members)


def _is_set(value: Value) -> bool:
    """A set or frozenset tracker (sets.py's SetValue: its `members` by hash key)."""
    return isinstance(getattr(value, "members", None), dict) and getattr(
        value, "frozen", None) in (True, False)


def _pair(item: Value) -> list[Value] | None:
    """The two items of a tuple tracker (a named tuple too), else None: what `in` of an items
    view looks up (CPython's test: a tuple of length 2)."""
    items = getattr(item, "items", None)
    if not isinstance(items, list) or len(items) != 2:
        return None
    try:
        kind = item.python_type()
    except Unsupported:
        return None
    return items if issubclass(kind, tuple) else None
