"""The storage of instances of dict and OrderedDict subclasses, reached through the base's
own methods (not overridden, or through super()).

An existing instance is read only, through `get`, `__getitem__`, `__contains__` and `__len__`:
each key read is guarded on what `dict.get(obj, k)` gives (the value, or that it is absent), a
length on `len(obj)`. Its storage
is never written in a trace (the mutators are refused), so what was read stays true.

An instance made in the trace (a `ModelOutput`: an OrderedDict dataclass) is a
MappingObjectValue: an object with a dict tracker for its storage, which the base's methods
read and write; it is rebuilt after the graph with the base's own `__new__`/`__setitem__`.
"""

from __future__ import annotations

import collections

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import MISSING, DictStorageItemSource
from compiler.values import registry
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.objects import ObjectValue

BASES = (collections.OrderedDict, dict)
_HEAP_TYPE = 1 << 9
# The base's methods on a MappingObjectValue, as the dict tracker's methods.
STORAGE_METHODS = {"keys", "values", "items", "get", "__getitem__", "__setitem__",
                   "__delitem__", "__contains__", "__len__", "__iter__", "__init__"}

READERS = ("get", "__getitem__", "__contains__", "__len__")
_KEY_TYPES = (str, int, bool, type(None))


def storage_base(cls: type) -> type | None:
    """OrderedDict or dict, when instances of `cls` are such a dict plus Python classes: no
    `__new__` but the base's, a metaclass that keeps `type.__call__`, no `__missing__`."""
    if not issubclass(cls, dict) or cls in BASES or find_in_mro(cls, "__missing__")[0]:
        return None
    base = collections.OrderedDict if issubclass(cls, collections.OrderedDict) else dict
    python_classes = [k for k in cls.__mro__ if k not in (base, dict, object)]
    if not all(k.__flags__ & _HEAP_TYPE for k in python_classes) or (
            find_in_mro(cls, "__new__")[0] is not dict) or (
            find_in_mro(type(cls), "__call__")[0] is not type):
        return None
    return base


class MappingObjectValue(ObjectValue):
    """An instance of a dict or OrderedDict subclass made in the trace."""

    def __init__(self, cls: type, base: type):
        from compiler.values.containers import DictValue
        super().__init__(cls)
        self.base = base
        self.storage = DictValue(cls=base)


def dict_storage_method(obj: Value, name: str, owner: type = dict) -> Value | None:
    """`obj.<name>` or `super().<name>` of `obj` reaching dict's or OrderedDict's own method
    `name` (from `owner`), or None when not modelled."""
    if isinstance(obj, MappingObjectValue) and name in STORAGE_METHODS and owner in BASES:
        return MappingStorageMethodValue(obj, name)
    if owner is not dict or name not in READERS or not isinstance(obj, ObjectValue) or (
            obj.real is None or obj.source is None or not isinstance(obj.real, dict)):
        return None
    return DictStorageMethodValue(obj, name)


class DictStorageMethodValue(Value):
    def __init__(self, obj, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def __repr__(self) -> str:
        return f"DictStorageMethodValue({self.obj}, {self.name})"

    def call(self, tx, args, kwargs) -> Value:
        if self.name == "__len__":
            return self._len(tx, args, kwargs)
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

    def _len(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise RaisedByProgram(TypeError("__len__() takes no arguments"))
        size = dict.__len__(self.obj.real)
        tx.ctx.guard(self.obj.source, GuardKind.LENGTH, size)
        return ConstantValue(size)

    def _read(self, tx, key: Value) -> Value | None:
        real_key = key.as_constant()
        if type(real_key) not in _KEY_TYPES:
            raise Unsupported(f"a key of type {type(real_key).__qualname__} in a dict subclass",
                              BreakReason.UNSUPPORTED_VALUE)
        source = DictStorageItemSource(self.obj.source, real_key)
        item = dict.get(self.obj.real, real_key, MISSING)
        if item is MISSING:
            tx.ctx.guard(source, GuardKind.ID, MISSING)
            return None
        return registry.wrap(tx.ctx, item, source)


class MappingStorageMethodValue(Value):
    def __init__(self, obj: MappingObjectValue, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def __repr__(self) -> str:
        return f"MappingStorageMethodValue({self.obj}, {self.name})"

    def call(self, tx, args, kwargs) -> Value:
        storage, name = self.obj.storage, self.name
        if name == "__init__":  # OrderedDict's stores through the subclass's __setitem__
            if (args or kwargs) and self.obj.base is not dict and find_in_mro(
                    self.obj.cls, "__setitem__")[0] is not collections.OrderedDict:
                raise Unsupported(f"{self.obj.base.__name__}.__init__ with items of a subclass",
                                  BreakReason.UNSUPPORTED_CALL)
            if len(args) > 1:
                raise RaisedByProgram(TypeError(f"expected at most 1 argument, got {len(args)}"))
            storage.call_method(tx, "update", args, kwargs)
            return ConstantValue(None)
        if name in ("__setitem__", "__delitem__", "__getitem__", "__contains__", "__len__",
                    "__iter__") and kwargs:
            raise RaisedByProgram(TypeError(f"{name}() takes no keyword arguments"))
        if name == "__setitem__":
            storage.setitem(tx, *args)
            return ConstantValue(None)
        if name == "__delitem__":
            storage.delitem(tx, *args)
            return ConstantValue(None)
        if name == "__getitem__":
            return storage.getitem(tx, *args)
        if name == "__contains__":
            return ConstantValue(storage.contains(tx, *args))
        if name == "__len__":
            return ConstantValue(storage.len(tx))
        if name == "__iter__":
            return storage.iter(tx)
        return storage.call_method(tx, name, args, kwargs)


def input_dict_key(ctx, key) -> Value | None:
    """The tracker of a key, not a plain constant, of a dict from outside the frame (wrap.py's
    `_wrap_dict`), or None when not modelled. The dict's keys guard (`list(d) == keys`)
    compares keys with `==`: exact for an enum member (a singleton whose class compares by
    identity, or an int/str mixin, which the guard's key types tell apart) and for an object
    whose class keeps object's `__eq__` and `__hash__` (identity: the guard holds the object,
    and the key is that object, read through a constant source)."""
    import enum

    from compiler.guards.sources import ConstantSource
    if isinstance(key, enum.Enum):
        return registry.wrap_constant(key)
    cls = type(key)
    if cls.__flags__ & _HEAP_TYPE and cls.__eq__ is object.__eq__ and (
            cls.__hash__ is object.__hash__):
        return registry.wrap(ctx, key, ConstantSource(ctx.label_for(key, "key"), key))
    return None
