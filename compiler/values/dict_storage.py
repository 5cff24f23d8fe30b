"""The storage of an existing instance of a dict subclass, read through `super().get(k)`,
`super().__getitem__(k)` and `super().__contains__(k)` (the subclass overrides them).

Each key read is guarded on what `dict.get(obj, k)` gives (the value, or that it is absent).
The storage is never written in a trace: `super().__setitem__` and the other mutators are
refused, so what was read stays true until the frame returns.
"""

from __future__ import annotations

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import MISSING, DictStorageItemSource
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

READERS = ("get", "__getitem__", "__contains__")
_KEY_TYPES = (str, int, bool, type(None))


def dict_storage_method(obj: Value, name: str) -> Value | None:
    """`super().<name>` of `obj` reaching dict's own method, or None when not modelled."""
    from compiler.values.objects import ObjectValue
    if name not in READERS or not isinstance(obj, ObjectValue) or obj.real is None or (
            obj.source is None) or not isinstance(obj.real, dict):
        return None
    return DictStorageMethodValue(obj, name)


class DictStorageMethodValue(Value):
    def __init__(self, obj, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def __repr__(self) -> str:
        return f"DictStorageMethodValue({self.obj}, {self.name})"

    def call(self, tx, args, kwargs) -> Value:
        expected = 2 if self.name == "get" else 1
        if kwargs or not 1 <= len(args) <= expected:
            raise Unsupported(f"dict.{self.name} with these arguments",
                              BreakReason.UNSUPPORTED_CALL)
        found = self._read(tx, args[0])
        if self.name == "__contains__":
            return ConstantValue(found is not None)
        if found is not None:
            return found
        if self.name == "get":
            return args[1] if len(args) == 2 else ConstantValue(None)
        raise RaisedByProgram(KeyError(args[0].as_constant()))

    def _read(self, tx, key: Value) -> Value | None:
        from compiler.values.wrap import wrap
        real_key = key.as_constant()
        if type(real_key) not in _KEY_TYPES:
            raise Unsupported(f"a key of type {type(real_key).__qualname__} in a dict subclass",
                              BreakReason.UNSUPPORTED_VALUE)
        source = DictStorageItemSource(self.obj.source, real_key)
        item = dict.get(self.obj.real, real_key, MISSING)
        if item is MISSING:
            tx.ctx.guard(source, GuardKind.ID, MISSING)
            return None
        return wrap(tx.ctx, item, source)
