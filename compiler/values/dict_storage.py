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

from compiler.guards.guard import GuardKind
from compiler.guards.sources import MISSING, DictStorageItemSource
from compiler.values import registry
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.objects import ObjectValue

BASES = (collections.OrderedDict, dict)
_HEAP_TYPE = 1 << 9
READERS = ("get", "__getitem__", "__contains__", "__len__")
_KEY_TYPES = (str, int, bool, type(None))


def _python_layers(cls: type, base: type) -> bool:
    """Every class of `cls`'s MRO but the base, dict and object is written in Python (no
    defaultdict or Counter between them)."""
    python_classes = [k for k in cls.__mro__ if k not in (base, dict, object)]
    return all(k.__flags__ & _HEAP_TYPE for k in python_classes) and (
        collections.Counter not in python_classes)


def storage_base(cls: type) -> type | None:
    """OrderedDict or dict, when instances of `cls` are such a dict plus Python classes: no
    `__new__` but the base's, a metaclass that keeps `type.__call__` (a `__missing__` written
    in Python is called by the base's `__getitem__`)."""
    if not issubclass(cls, dict) or cls in BASES:
        return None
    base = collections.OrderedDict if issubclass(cls, collections.OrderedDict) else dict
    if not _python_layers(cls, base) or (
            find_in_mro(cls, "__new__")[0] is not dict) or (
            find_in_mro(type(cls), "__call__")[0] is not type):
        return None
    return base


def _existing_instance(obj: Value) -> bool:
    """An instance from outside the frame of a dict or OrderedDict subclass written in Python."""
    if not isinstance(obj, ObjectValue) or obj.real is None or obj.source is None:
        return False
    cls = type(obj.real)
    if not isinstance(obj.real, dict) or cls in BASES:
        return False
    base = collections.OrderedDict if isinstance(obj.real, collections.OrderedDict) else dict
    return _python_layers(cls, base)


def modelled(obj: Value) -> bool:
    """Whether dict_subclasses.py models `obj`'s storage."""
    return isinstance(obj, MappingObjectValue) or _existing_instance(obj)


class MappingObjectValue(ObjectValue):
    """An instance of a dict or OrderedDict subclass made in the trace."""

    def __init__(self, cls: type, base: type):
        from compiler.values.containers import DictValue
        super().__init__(cls)
        self.base = base
        self.storage = DictValue(cls=base)


def dict_storage_method(obj: Value, name: str, owner: type = dict) -> Value | None:
    """`obj.<name>` or `super().<name>` of `obj` reaching dict's or OrderedDict's own method
    `name` (from `owner`), or None when not modelled (dict_subclasses.py)."""
    from compiler.values.dict_subclasses import DICT_METHODS, ODICT_METHODS, BaseMethodValue
    if owner not in BASES or name not in (ODICT_METHODS if owner is not dict else DICT_METHODS):
        return None
    if isinstance(obj, MappingObjectValue):
        return BaseMethodValue(obj, name, owner)
    if not _existing_instance(obj):
        return None
    if owner is dict and name in READERS:
        return DictStorageMethodValue(obj, name)
    return BaseMethodValue(obj, name, owner)


class DictStorageMethodValue(Value):
    """A reader of an existing instance's storage: each key read is guarded alone, until
    the trace changes the storage (dict_subclasses.storage_of), then the storage's."""

    def __init__(self, obj, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def __repr__(self) -> str:
        return f"DictStorageMethodValue({self.obj}, {self.name})"

    def call(self, tx, args, kwargs) -> Value:
        simple = all(a.is_constant() and type(a.as_constant()) in _KEY_TYPES for a in args[:1])
        if self.obj.__dict__.get("storage") is not None or not simple or kwargs or (
                self.name == "__getitem__" and find_in_mro(self.obj.cls, "__missing__")[0]):
            from compiler.values.dict_subclasses import base_method
            return base_method(tx, self.obj, self.name, dict, args, kwargs)
        if self.name == "__len__":
            return self._len(tx, args)
        from compiler.values.call_arity import check_method
        check_method(self.obj.python_type(), self.name, args, kwargs, owner=dict)
        found = self._read(tx, args[0].as_constant())
        if self.name == "__contains__":
            return ConstantValue(found is not None)
        if found is not None:
            return found
        if self.name == "get":
            return args[1] if len(args) == 2 else ConstantValue(None)
        raise RaisedByProgram(KeyError(args[0].as_constant()))

    def _len(self, tx, args) -> Value:
        from compiler.values.dict_subclasses import StorageKeysSource
        if args:
            raise RaisedByProgram(TypeError("__len__() takes no arguments"))
        size = dict.__len__(self.obj.real)
        ordered = isinstance(self.obj.real, collections.OrderedDict)
        tx.ctx.guard(StorageKeysSource(self.obj.source, ordered), GuardKind.LENGTH, size)
        return ConstantValue(size)

    def _read(self, tx, key) -> Value | None:
        source = DictStorageItemSource(self.obj.source, key)
        item = dict.get(self.obj.real, key, MISSING)
        if item is MISSING:
            tx.ctx.guard(source, GuardKind.ID, MISSING)
            return None
        return registry.wrap(tx.ctx, item, source)


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
