"""`a == b` for trackers that are not both constants or tensors (docs/soundness.md).

Containers compare as CPython's do (same family, items with the identity shortcut, ordered
dicts in order, dict views as sets, values views by identity); user objects run their
`__eq__` (compiler/values/operators.py tries the dunders first); two objects whose types keep
`object.__eq__`, or whose `__eq__` declines the other's type, are equal only when identical.
Anything else is refused.
"""

from __future__ import annotations

import collections

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import ConstantValue, call_pure
from compiler.values.dunders import dunder, try_dunders
from compiler.values.identity import identity
from compiler.values.tensor import TensorValue


def _family(kind: type) -> type:
    """list == tuple is False whatever the items; tuple subclasses compare as tuples."""
    for base in (list, tuple):
        if issubclass(kind, base):
            return base
    return kind


def _items_equal(tx, x: Value, y: Value) -> bool:
    """How a container compares two members: identity first, then `==`."""
    if x.is_constant() and y.is_constant():
        return call_pure(lambda p, q: [p] == [q], [x.as_constant(), y.as_constant()], {})
    if identity(tx, x, y):
        return True
    return registry.compare(tx, "==", x, y).bool(tx)  # operators.py, which imports this


def equal(tx, a: Value, b: Value, dunders_tried: bool = False) -> bool:
    from compiler.values.containers import DictValue, DictViewValue, SequenceValue
    from compiler.values.sets import SetValue
    if a is b:
        return True
    if a.is_constant() and b.is_constant():
        return call_pure(lambda p, q: p == q, [a.as_constant(), b.as_constant()], {})
    if isinstance(a, TensorValue) or isinstance(b, TensorValue):
        return registry.compare(tx, "==", a, b).bool(tx)  # a graph node
    if not dunders_tried:
        result = try_dunders(tx, a, b, "__eq__", "__eq__")
        if result is not None:
            return result.bool(tx)
    from compiler.values.proxy_operands import proxy_operands
    proxied = proxy_operands(tx, "==", a, b)  # a mappingproxy compares as its mapping
    if proxied is not None:
        return equal(tx, *proxied)
    if isinstance(a, DictViewValue) or isinstance(b, DictViewValue):
        return _views_equal(tx, a, b)
    if isinstance(a, SequenceValue) and isinstance(b, SequenceValue) and (
            _family(a.python_type()) is _family(b.python_type())):
        return len(a.items) == len(b.items) and all(
            _items_equal(tx, x, y) for x, y in zip(a.items, b.items))
    if isinstance(a, DictValue) and isinstance(b, DictValue):
        return _dicts_equal(tx, a, b)
    if isinstance(a, SetValue) and isinstance(b, SetValue):  # the tables themselves: a key
        return a.table_for_operator() == b.table_for_operator()  # compared as CPython does
    return _by_identity(tx, a, b)


def _dicts_equal(tx, a, b) -> bool:
    ordered = all(issubclass(d.python_type(), collections.OrderedDict) for d in (a, b))
    if ordered and list(a.entries) != list(b.entries):
        return False  # OrderedDict == OrderedDict also compares the order
    return a.entries.keys() == b.entries.keys() and all(
        _items_equal(tx, a.entries[k][1], b.entries[k][1]) for k in a.entries)


def _views_equal(tx, a: Value, b: Value) -> bool:
    """Keys and items views equal sets and other keys/items views with the same members;
    values views and every other pairing compare by identity."""
    from compiler.values.containers import DictViewValue
    from compiler.values.sets import SetValue
    view, other = (a, b) if isinstance(a, DictViewValue) else (b, a)
    set_like = isinstance(other, SetValue) or (isinstance(other, DictViewValue)
                                               and other.kind != "values")
    if view.kind == "values" or not set_like:
        return _by_identity(tx, a, b)
    if view.len(tx) != other.len(tx):
        return False
    return all(other.contains(tx, item) for item in view.unpack(tx))


def _declines_others(value: Value) -> bool:
    """Its type's `__eq__` is object's, or a builtin container's or constant's, which returns
    NotImplemented for every pairing not handled in `equal`."""
    from compiler.values.attributes import find_in_mro
    from compiler.values.containers import DictValue, DictViewValue, SequenceValue
    from compiler.values.identity import exact_type
    from compiler.values.sets import SetValue
    if isinstance(value, (SequenceValue, DictValue, SetValue, DictViewValue)):
        return True
    if isinstance(value, ConstantValue):
        return type(value.value).__module__ == "builtins"
    kind = exact_type(value)
    return kind is not None and find_in_mro(kind, "__eq__")[0] is object


def _by_identity(tx, a: Value, b: Value) -> bool:
    """Reached once the dunders were tried on this pair (`equal`): a type whose own `__eq__`
    ran and returned NotImplemented declined too, and CPython then compares identity."""
    from compiler.values.identity import is_same
    if all(_declines_others(v) or dunder(tx, v, "__eq__") is not None for v in (a, b)):
        return is_same(tx, a, b)
    raise Unsupported(f"whether {a} == {b}", BreakReason.UNSUPPORTED_VALUE)
