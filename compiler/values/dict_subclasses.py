"""The base's own methods on instances of dict and OrderedDict subclasses (dict_storage.py
says which instances): reached through the class (not overridden), through `super()`, or
unbound (`dict.__getitem__(d, k)`, `collections.OrderedDict.__setitem__(d, k, v)`).

The storage is a dict tracker: an instance made in the trace has one from the start; an
existing instance gets one the first time a method needs more than one key
(`StorageDictValue`): its keys in the base's order are guarded (`list(dict.keys(obj))`, past any
override), each item is read past the class (`dict.get(obj, k)`), and a changed storage is
written back after the graph with the base's own `clear` and `__setitem__`.

What each method does follows CPython's C code: dict's methods read and write the storage
only (`__getitem__` calls a `__missing__` of the class for an absent key; `|` gives a plain dict,
a merge reads the argument's storage when its class keeps dict's `__iter__`, else its `keys()`
and `__getitem__`). OrderedDict's `update`, `__init__`, `|`, `|=` and `copy` store through the
instance's own `__setitem__` (its class's override, traced), and `|` makes `type(left)(left)`;
its `pop`, `popitem` and `setdefault` on a class overriding an item method are refused.
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Callable
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import DictStorageItemSource, Source
from compiler.values import registry
from compiler.values.attributes import find_in_mro, has_attribute
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.containers import DictValue
from compiler.values.dict_views import DictViewValue
from compiler.values.stdlib_dict_init import mapping_pairs

ODICT = collections.OrderedDict
KEY_TYPES = (str, int, bool, type(None))
ITEM_METHODS = ("__getitem__", "__setitem__", "__delitem__")
DICT_METHODS = frozenset({
    "keys", "values", "items", "get", "__getitem__", "__setitem__", "__delitem__",
    "__contains__", "__len__", "__iter__", "__reversed__", "pop", "popitem", "setdefault",
    "update", "clear", "copy", "__init__", "__or__", "__ror__", "__ior__", "__eq__", "__ne__"})
ODICT_METHODS = DICT_METHODS | {"move_to_end"}
# dict's methods that neither show dict's own order nor write: all of them an OrderedDict may
# be given (its storage's order is the OrderedDict's, which dict's own iteration does not see)
ORDER_FREE = frozenset({"get", "__getitem__", "__contains__", "__len__", "__eq__", "__ne__"})
# Whether a value is an instance whose storage is modelled (dict_storage.modelled, added by
# dict_unbound.py: dict_storage builds on this module).
MODELLED: list[Callable[[Value], bool]] = []


def _storage_keys(obj) -> list:
    return list(dict.keys(obj))


def _odict_storage_keys(obj) -> list:
    return list(ODICT.keys(obj))


@dataclasses.dataclass(frozen=True, eq=True)
class StorageKeysSource(Source):
    """The keys of a dict subclass instance's storage, in its base's order, past any override
    of `keys`/`__iter__`: `___storage_keys(<obj>)` (a list)."""

    base: Source
    ordered: bool

    def render(self, inner: Callable[[Source], str]) -> str:
        name = "___odict_storage_keys" if self.ordered else "___storage_keys"
        return f"{name}({inner(self.base)})"

    def constants(self) -> dict[str, Any]:
        found = _odict_storage_keys if self.ordered else _storage_keys
        name = "___odict_storage_keys" if self.ordered else "___storage_keys"
        return {**self.base.constants(), name: found}

    def is_local(self) -> bool:
        return self.base.is_local()


@dataclasses.dataclass(frozen=True, eq=True)
class StorageSource(Source):
    """The storage of a dict subclass instance: the instance itself, written back through its
    base's methods only (StorageDictValue.replay_contents)."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return inner(self.base)

    def constants(self) -> dict[str, Any]:
        return self.base.constants()

    def is_local(self) -> bool:
        return self.base.is_local()


def refill(obj, base: type, pairs: list) -> None:
    """Give an existing instance the storage its trace ended with, past its class's methods."""
    base.clear(obj)
    for key, value in pairs:
        base.__setitem__(obj, key, value)


def redo(obj, changes: list) -> None:
    """Make an existing OrderedDict subclass instance's changes again, in order, with
    OrderedDict's own methods: its links and dict's own order (which `move_to_end` leaves)
    end as the program left them."""
    for change in changes:
        if change[0] == "set":
            ODICT.__setitem__(obj, change[1], change[2])
        elif change[0] == "del":
            ODICT.__delitem__(obj, change[1])
        else:
            ODICT.move_to_end(obj, change[1], last=change[2])


_MUTATORS = frozenset({"pop", "popitem", "setdefault", "update", "clear", "move_to_end"})


def _changes(before: dict, after: dict) -> list[tuple]:
    """What one operation did to an OrderedDict's storage: deletions, values set, keys added
    in order, and at most one key moved to an end."""
    changes: list[tuple] = [("del", before[h][0]) for h in before if h not in after]
    kept = [h for h in before if h in after]
    added = [h for h in after if h not in before]
    changes += [("set", *after[h]) for h in kept if after[h][1] is not before[h][1]]
    changes += [("set", *after[h]) for h in added]
    order, simulated = list(after), kept + added
    if simulated != order:
        last = order[-1] != simulated[-1]
        moved = order[-1] if last else order[0]
        rest = [h for h in simulated if h != moved]
        if (rest + [moved] if last else [moved] + rest) != order:
            raise Unsupported("an OrderedDict change the tracer cannot replay",
                              BreakReason.UNSUPPORTED_CALL)
        changes.append(("move", after[moved][0], last))
    return changes


class StorageDictValue(DictValue):
    """The storage of an existing dict subclass instance (`obj`, its ObjectValue). An
    OrderedDict's keeps each change (`changes`), made again in order after the graph; a dict's
    is cleared and refilled (its one order is the entries')."""

    def __init__(self, entries=None, source=None, cls: type = dict, default_factory=None):
        super().__init__(entries, source, cls, default_factory)
        self.changes: list[tuple] = []

    def _logged(self, change: Callable[[], Any]) -> Any:
        if self.cls is not ODICT:
            return change()
        before = dict(self.entries)
        try:
            return change()
        finally:
            self.changes += _changes(before, self.entries)

    def setitem(self, tx, key: Value, value: Value) -> None:
        self._logged(lambda: DictValue.setitem(self, tx, key, value))

    def delitem(self, tx, key: Value) -> None:
        self._logged(lambda: DictValue.delitem(self, tx, key))

    def call_method(self, tx, name, args, kwargs):
        if name in _MUTATORS:
            return self._logged(lambda: DictValue.call_method(self, tx, name, args, kwargs))
        return DictValue.call_method(self, tx, name, args, kwargs)

    def replay_contents(self, plan, target: str) -> None:
        if self.cls is ODICT:
            parts = []
            for change in self.changes:
                values = ", ".join(plan.expr(v) if isinstance(v, Value) else repr(v)
                                   for v in change[1:])
                parts.append(f"({change[0]!r}, {values})")
            plan.writes.append(f"{plan.bind(redo)}({target}, [{', '.join(parts)}])")
            return
        pairs = ", ".join(f"({plan.expr(k)}, {plan.expr(v)})" for k, v in self.entries.values())
        plan.writes.append(f"{plan.bind(refill)}({target}, {plan.bind(self.cls)}, [{pairs}])")

    def reconstruct(self, plan) -> str:
        raise Unsupported("the storage of a dict subclass instance (one of its views) leaving "
                          "the frame", BreakReason.UNSUPPORTED_VALUE)


def storage_of(tx, obj: Value) -> DictValue:
    """The dict tracker of `obj`'s storage: made in the trace, or read once from the existing
    instance, guarded."""
    storage = obj.__dict__.get("storage")
    if storage is not None:
        return storage
    real, source = obj.real, obj.source
    ordered = isinstance(real, ODICT)
    base = ODICT if ordered else dict
    keys = list(base.keys(real))
    for key in keys:
        if type(key) not in KEY_TYPES:
            raise Unsupported(f"a key of type {type(key).__qualname__} in a dict subclass",
                              BreakReason.UNSUPPORTED_VALUE)
    tx.ctx.guard(StorageKeysSource(source, ordered), GuardKind.DICT_KEYS, keys)
    pairs = [(ConstantValue(k), registry.wrap(tx.ctx, dict.__getitem__(real, k),
                                              DictStorageItemSource(source, k))) for k in keys]
    storage = StorageDictValue.from_pairs(pairs, StorageSource(source), tx)
    storage.cls = base
    obj.storage = storage
    return storage


def _overrides_items(cls: type) -> bool:
    return any(find_in_mro(cls, name)[0] not in (dict, ODICT) for name in ITEM_METHODS)


def _none() -> Value:
    return ConstantValue(None)


def _arity(name: str, args, kwargs, low: int, high: int) -> None:
    if kwargs:
        raise RaisedByProgram(TypeError(f"{name}() takes no keyword arguments"))
    if not low <= len(args) <= high:
        raise RaisedByProgram(TypeError(f"{name}() takes from {low} to {high} arguments "
                                        f"({len(args)} given)"))


def dict_method(tx, obj: Value, name: str, args: list[Value], kwargs: dict) -> Value:
    """dict's own method `name` on `obj` (a dict subclass instance)."""
    storage = storage_of(tx, obj)
    if name in ("keys", "values", "items"):
        _arity(name, args, kwargs, 0, 0)
        return DictViewValue(storage, name)
    if name == "__getitem__":
        _arity(name, args, kwargs, 1, 1)
        if storage.contains(tx, args[0]):
            return storage.getitem(tx, args[0])
        missing = registry.class_attribute(tx, obj.python_type(), "__missing__", obj)
        if missing is not None:
            return missing.call(tx, [args[0]], {})
        return storage.getitem(tx, args[0])  # (KeyError)
    if name == "__setitem__":
        _arity(name, args, kwargs, 2, 2)
        storage.setitem(tx, *args)
        return _none()
    if name == "__delitem__":
        _arity(name, args, kwargs, 1, 1)
        storage.delitem(tx, args[0])
        return _none()
    if name == "__contains__":
        _arity(name, args, kwargs, 1, 1)
        return ConstantValue(storage.contains(tx, args[0]))
    if name == "__len__":
        _arity(name, args, kwargs, 0, 0)
        return ConstantValue(storage.len(tx))
    if name in ("__iter__", "__reversed__"):
        _arity(name, args, kwargs, 0, 0)
        if name == "__iter__":
            return storage.iter(tx)
        from compiler.values.containers import DICT_CHANGED
        from compiler.values.iterators import SequenceIteratorValue
        return SequenceIteratorValue(storage.keys()[::-1], kind=type(reversed(storage.cls())),
                                     watched=(DICT_CHANGED, storage.entries.keys))
    if name in ("update", "__init__"):
        if len(args) > 1:
            _too_many(dict, name, len(args))
        storage.call_method(tx, "update", args, kwargs)
        return _none()
    if name == "copy":
        _arity(name, args, kwargs, 0, 0)
        return DictValue(dict(storage.entries))
    if name in ("__or__", "__ror__"):
        _arity(name, args, kwargs, 1, 1)
        left, right = (obj, args[0]) if name == "__or__" else (args[0], obj)
        if not issubclass(args[0].python_type(), dict):
            return ConstantValue(NotImplemented)
        merged = DictValue()
        merged.call_method(tx, "update", [left], {})
        merged.call_method(tx, "update", [right], {})
        return merged
    if name == "__ior__":
        _arity(name, args, kwargs, 1, 1)
        storage.call_method(tx, "update", args, {})
        return obj
    if name in ("__eq__", "__ne__"):
        _arity(name, args, kwargs, 1, 1)
        return equal_storages(tx, obj, args[0], name, dict)
    return storage.call_method(tx, name, args, kwargs)  # get, pop, popitem, setdefault, clear


def _entries(tx, value: Value) -> dict | None:
    """The storage of a dict tracker or of a modelled dict subclass instance, else None."""
    if isinstance(value, DictValue):
        return value.entries
    if any(is_modelled(value) for is_modelled in MODELLED):
        return storage_of(tx, value).entries
    return None


def equal_storages(tx, obj: Value, other: Value, name: str, owner: type) -> Value:
    """dict's `==`/`!=` (items, in any order) or OrderedDict's (their order too when both
    are OrderedDicts), of copies of the two storages."""
    if not issubclass(other.python_type(), dict):
        return ConstantValue(NotImplemented)
    theirs = _entries(tx, other)
    if theirs is None:
        raise Unsupported(f"== of a dict subclass instance and a {other.python_type().__name__}",
                          BreakReason.UNSUPPORTED_CALL)
    ordered = owner is ODICT and issubclass(other.python_type(), ODICT)
    kind = ODICT if ordered else dict
    mine = DictValue(dict(storage_of(tx, obj).entries), cls=kind)
    symbol = "==" if name == "__eq__" else "!="
    return registry.compare(tx, symbol, mine, DictValue(dict(theirs), cls=kind))


def _pairs_to_store(tx, source: Value) -> list[tuple[Value, Value]]:
    """What OrderedDict's update reads from its argument: an exact dict's items, else a
    mapping's `keys()` then each `source[key]`, else pairs."""
    if type(source) is DictValue and source.cls is dict:
        return list(source.entries.values())
    if has_attribute(tx, source, "keys"):
        keys = source.getattr(tx, "keys").call(tx, [], {}).unpack(tx)
        return [(key, source.getitem(tx, key)) for key in keys]
    return list(mapping_pairs(tx, source))


def _too_many(owner: type, name: str, count: int) -> None:
    """The TypeError `owner.name` raises for `count` positional arguments, CPython's own."""
    try:
        getattr(owner(), name)(*[{}] * count)
    except TypeError as error:
        raise RaisedByProgram(error) from None
    raise Unsupported(f"{owner.__name__}.{name} with {count} arguments",
                      BreakReason.UNSUPPORTED_CALL)


def _store_each(tx, obj: Value, args: list[Value], kwargs: dict, name: str) -> None:
    if len(args) > 1:  # CPython's own text, from a fresh OrderedDict given as many
        _too_many(ODICT, name, len(args))
    for arg in args:
        for key, value in _pairs_to_store(tx, arg):
            obj.setitem(tx, key, value)
    for key, value in kwargs.items():
        obj.setitem(tx, ConstantValue(key), value)


def odict_method(tx, obj: Value, name: str, args: list[Value], kwargs: dict) -> Value:
    """OrderedDict's own method `name` on `obj` (an OrderedDict subclass instance)."""
    storage = storage_of(tx, obj)
    if name in ("update", "__init__"):
        _store_each(tx, obj, args, kwargs, name)
        return _none()
    if name == "__ior__":
        _arity(name, args, kwargs, 1, 1)
        _store_each(tx, obj, args, {}, name)
        return obj
    if name in ("__or__", "__ror__"):
        _arity(name, args, kwargs, 1, 1)
        left, right = (obj, args[0]) if name == "__or__" else (args[0], obj)
        if not issubclass(args[0].python_type(), dict):
            return ConstantValue(NotImplemented)
        made = registry.class_value(obj.python_type()).call(tx, [left], {})
        _store_each(tx, made, [right], {}, name)
        return made
    if name == "copy":
        _arity(name, args, kwargs, 0, 0)
        made = registry.class_value(obj.python_type()).call(tx, [], {})
        for key in storage.keys():
            made.setitem(tx, key, obj.getitem(tx, key))
        return made
    if name in ("__eq__", "__ne__"):
        _arity(name, args, kwargs, 1, 1)
        return equal_storages(tx, obj, args[0], name, ODICT)
    if name in ("pop", "popitem", "setdefault") and _overrides_items(obj.python_type()):
        raise Unsupported(f"OrderedDict.{name} on a class overriding item methods (it calls "
                          f"them)", BreakReason.UNSUPPORTED_CALL)
    return dict_method(tx, obj, name, args, kwargs)  # (move_to_end and popitem: the storage's)


def base_method(tx, obj: Value, name: str, owner: type, args, kwargs) -> Value:
    from compiler.values.call_arity import check_method
    check_method(obj.python_type(), name, args, kwargs, owner=owner)  # CPython's TypeError
    if owner is ODICT and name in ODICT_METHODS and name in vars(ODICT):
        return odict_method(tx, obj, name, args, kwargs)
    if owner is dict and name not in ORDER_FREE and issubclass(obj.python_type(), ODICT):
        raise Unsupported(f"dict.{name} on an OrderedDict (dict's own order, or a write past "
                          f"the OrderedDict's links)", BreakReason.UNSUPPORTED_CALL)
    if name in DICT_METHODS:
        return dict_method(tx, obj, name, args, kwargs)
    raise Unsupported(f"{owner.__name__}.{name} on a subclass instance",
                      BreakReason.UNSUPPORTED_CALL)


class BaseMethodValue(Value):
    """`obj.<name>` (or `super().<name>`) resolving to dict's or OrderedDict's own method."""

    def __init__(self, obj: Value, name: str, owner: type):
        super().__init__(None)
        self.obj, self.name, self.owner = obj, name, owner

    def __repr__(self) -> str:
        return f"BaseMethodValue({self.obj}, {self.owner.__name__}.{self.name})"

    def call(self, tx, args, kwargs) -> Value:
        return base_method(tx, self.obj, self.name, self.owner, args, kwargs)

