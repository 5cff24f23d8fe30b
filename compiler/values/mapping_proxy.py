"""Read-only mappings (`types.MappingProxyType`) the trace reads: a class's `__dict__` and an
Enum's `__members__`. Their keys are fixed for the trace (guarded by whoever makes the view);
each value is read on first use; assigning or deleting an item raises TypeError as CPython's.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

_METHODS = ("keys", "values", "items", "get", "copy")


class ReadOnlyMapping(Value):
    """What every mappingproxy tracker answers alike: writes raise, and its methods are bound
    to it by name (`what` names it in a refusal)."""

    what = "a mappingproxy"

    def setitem(self, tx, key: Value, value: Value) -> None:
        raise RaisedByProgram(TypeError("'mappingproxy' object does not support item "
                                        "assignment"))

    def delitem(self, tx, key: Value) -> None:
        raise RaisedByProgram(TypeError("'mappingproxy' object does not support item "
                                        "deletion"))

    def getattr(self, tx, name: str) -> Value:
        if not hasattr(types.MappingProxyType, name):  # no instance dict, no __getattr__
            raise RaisedByProgram(AttributeError(f"'mappingproxy' object has no attribute "
                                                 f"{name!r}"))
        if name not in _METHODS:
            raise Unsupported(f"attribute {name!r} of {self.what}",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        from compiler.values.native import BoundContainerMethodValue
        return BoundContainerMethodValue(self, name)


class MappingProxyValue(ReadOnlyMapping):
    """`owner`: the class whose namespace this is, whose attributes the trace may assign after
    the view is made (each read then refused); a namespace view made without it is refused
    once the trace assigned any class's attribute."""

    def __init__(self, keys: list[Any], read: Callable[[Any], Value], what: str,
                 owner: type | None = None):
        super().__init__(None)
        self.keys, self._read, self.what, self.owner = list(keys), read, what, owner
        self._values: dict[Any, Value] = {}

    def _unchanged(self, tx) -> None:
        if not self.what.endswith(".__dict__"):
            return  # an Enum's members: assigning a class attribute does not change them
        writes = tx.ctx.module_attribute_writes
        if any(self.owner is None or key[0] == id(self.owner) for key in writes):
            raise Unsupported(f"{self.what} after the trace assigned a class attribute",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)

    def __repr__(self) -> str:
        return f"MappingProxyValue({self.what})"

    def python_type(self) -> type:
        return types.MappingProxyType

    def _value(self, key: Any) -> Value:
        if key not in self._values:
            self._values[key] = self._read(key)
        return self._values[key]

    def _key(self, key: Value) -> Any:
        if not key.is_constant():
            raise Unsupported(f"a key of {self.what} that is not a constant",
                              BreakReason.UNSUPPORTED_VALUE)
        return key.as_constant()

    def len(self, tx) -> int:
        self._unchanged(tx)
        return len(self.keys)

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        self._unchanged(tx)

        def keys_now() -> list:  # (a class assigned to while iterating: refused)
            self._unchanged(tx)
            return self.keys

        return SequenceIteratorValue([ConstantValue(k) for k in self.keys],
                                     watched=("dictionary changed size during iteration",
                                              keys_now))

    def contains(self, tx, item: Value) -> bool:
        self._unchanged(tx)
        return self._key(item) in self.keys

    def getitem(self, tx, key: Value) -> Value:
        self._unchanged(tx)
        real = self._key(key)
        if real not in self.keys:
            raise RaisedByProgram(KeyError(real))
        return self._value(real)

    def call_method(self, tx, name, args, kwargs) -> Value:
        self._unchanged(tx)
        if name == "get" and 1 <= len(args) <= 2 and not kwargs:
            real = self._key(args[0])
            if real in self.keys:
                return self._value(real)
            return args[1] if len(args) == 2 else ConstantValue(None)
        if name not in _METHODS or name == "get":
            raise Unsupported(f"{self.what}.{name} with these arguments",
                              BreakReason.UNSUPPORTED_CALL)
        if name in ("keys", "values", "items") and self.what.endswith(".__dict__"):
            return _live_snapshot(self, tx).call_method(tx, name, args, kwargs)
        return self.as_dict(tx).call_method(tx, name, args, kwargs)

    def proxied_mapping(self, tx) -> Value:
        """What its `|` and `==` act on (proxy_operands.py): a dict of its items now."""
        return self.as_dict(tx)

    def as_dict(self, tx) -> Value:
        """A dict of the view's items now (what its `|`, `==` and methods act on)."""
        from compiler.values.containers import DictValue
        self._unchanged(tx)
        return DictValue.from_pairs([(ConstantValue(k), self._value(k)) for k in self.keys])


def _live_snapshot(view: MappingProxyValue, tx) -> Value:
    """The items of a class's namespace now, for a live keys/values/items view of it: each
    later read of the view asks again that the class was not assigned to since (else refused),
    and the view cannot leave the compiled code (a copy is not the class's live view)."""
    from compiler.values.containers import DictValue

    class NamespaceItems(DictValue):
        @property
        def entries(self):
            view._unchanged(tx)
            return self._entries

        @entries.setter
        def entries(self, value):
            self._entries = value

        def reconstruct(self, plan) -> str:
            raise Unsupported(f"a view of {view.what} as an output of the compiled code",
                              BreakReason.UNSUPPORTED_VALUE)

    view._unchanged(tx)
    return NamespaceItems.from_pairs([(ConstantValue(k), view._value(k)) for k in view.keys])
