"""`vars(obj)` and `obj.__dict__` of an instance of a user class (objects.py), and the rebuild
of an object of a class with `__slots__`."""

from __future__ import annotations

import _thread
import types
from typing import TYPE_CHECKING, Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ItemSource
from compiler.values import registry
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

if TYPE_CHECKING:
    from compiler.values.objects import ObjectValue


class InstanceDictValue(Value):
    """`vars(obj)` or `obj.__dict__`: a live view of the attributes of an object made in the
    trace; of an existing object, its keys (guarded) and each value read (guarded)."""

    def __init__(self, owner: ObjectValue):
        super().__init__(None)
        self.owner = owner

    @classmethod
    def of(cls, owner: ObjectValue) -> InstanceDictValue:
        """The one view of the object's dict (`obj.__dict__ is obj.__dict__`)."""
        view = getattr(owner, "_dict_view", None)
        if view is None:
            view = owner._dict_view = cls(owner)
        return view

    def reconstruct(self, plan) -> str:
        return plan.temp(f"vars({plan.expr(self.owner)})")

    def python_type(self) -> type:
        return dict

    def _made_in_trace(self, what: str) -> None:
        raise Unsupported(f"{what} of the __dict__ of an existing object",
                          BreakReason.UNSUPPORTED_VALUE)

    def _pairs(self, tx) -> list[tuple[Value, Value]]:
        owner = self.owner
        if owner.real is None:  # a slot's value is kept beside the dict's entries
            return [(ConstantValue(k), v) for k, v in owner.attrs.items()
                    if not is_slot(owner.cls, k)]
        return [(ConstantValue(k), self._lookup(tx, ConstantValue(k))) for k in self._keys(tx)]

    def _keys(self, tx) -> list[str]:
        """An existing object's keys, in order: the real dict's (guarded) the trace kept in
        place, then those it added, in the order they were added: a new key, and a key
        deleted and set again (it moved to the end, as CPython's dict moves it)."""
        owner = self.owner
        if owner.source is None:
            self._made_in_trace("the keys")
        moved = {entry[1] for entry in tx.ctx.side_effects.attribute_writes.values()
                 if entry[0] is owner and entry[3]}
        real = list(owner.real.__dict__)
        tx.ctx.guard(AttrSource(owner.source, "__dict__"), GuardKind.DICT_KEYS, real)
        return [k for k in real if k not in owner.deleted and k not in moved] + [
            k for k in owner.attrs
            if (k not in owner.real.__dict__ or k in moved) and not is_slot(owner.cls, k)]

    def len(self, tx) -> int:
        return len(self._pairs(tx))

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        return SequenceIteratorValue([k for k, _ in self._pairs(tx)])

    def _lookup(self, tx, key: Value) -> Value | None:
        name, owner = key.as_constant(), self.owner
        if isinstance(name, str) and is_slot(owner.cls, name):
            return None  # a slot, not an entry of the dict
        if name in owner.attrs:
            return owner.attrs[name]
        if owner.real is None or name in owner.deleted or not isinstance(name, str):
            return None
        instance_dict = owner.real.__dict__
        source = AttrSource(owner.source, "__dict__") if owner.source is not None else None
        if name not in instance_dict:
            if source is not None:
                tx.ctx.guard(owner.source, GuardKind.INSTANCE_ATTR, (name, False))
            return None
        owner.attrs[name] = registry.wrap(tx.ctx, instance_dict[name], ItemSource(source, name)
                                 if source is not None else None)
        return owner.attrs[name]

    def contains(self, tx, item: Value) -> bool:
        return self._lookup(tx, item) is not None

    def getitem(self, tx, key: Value) -> Value:
        found = self._lookup(tx, key)
        if found is None:
            raise RaisedByProgram(KeyError(key.as_constant()))
        return found

    def setitem(self, tx, key: Value, value: Value) -> None:
        self._store(tx, key.as_constant() if key.is_constant() else None, value)

    def delitem(self, tx, key: Value) -> None:
        if self._lookup(tx, key) is None:
            raise RaisedByProgram(KeyError(key.as_constant()))
        self._store(tx, key.as_constant(), None)

    def _store(self, tx, name: Any, value: Value | None) -> None:
        """An entry set (`value`) or deleted (None) in the dict itself, past every descriptor
        and `__setattr__`: an existing object's is written the same way after the graph."""
        owner = self.owner
        if not isinstance(name, str) or is_slot(owner.cls, name) or (
                name.startswith("__") and name.endswith("__")):
            raise Unsupported("a __dict__ entry that is not an attribute name, or shadows a "
                              "slot or a special attribute", BreakReason.UNSUPPORTED_VALUE)
        tx.ctx.side_effects.touch(owner)
        if value is None:
            owner.attrs.pop(name, None)
            owner.deleted.add(name)
        else:
            owner.attrs[name] = value
            owner.deleted.discard(name)
        if owner.real is not None:
            if find_in_mro(owner.cls, name)[0] is not None:  # a descriptor's name: the write
                owner.dict_stores.add(name)  # after the graph must not run it either
            tx.ctx.side_effects.write_attribute(owner, name, value)

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.native import BoundContainerMethodValue
        return BoundContainerMethodValue(self, name)

    def call_method(self, tx, name, args, kwargs) -> Value:
        from compiler.values.containers import DictValue
        if name == "get" and 1 <= len(args) <= 2 and not kwargs:
            found = self._lookup(tx, args[0])
            return found if found is not None else (args[1] if len(args) == 2
                                                     else ConstantValue(None))
        if name == "setdefault" and 1 <= len(args) <= 2 and not kwargs:
            found = self._lookup(tx, args[0])
            if found is None:
                found = args[1] if len(args) == 2 else ConstantValue(None)
                self.setitem(tx, args[0], found)
            return found
        if name == "pop" and 1 <= len(args) <= 2 and not kwargs:
            found = self._lookup(tx, args[0])
            if found is None:
                if len(args) == 2:
                    return args[1]
                raise RaisedByProgram(KeyError(args[0].as_constant()))
            self.delitem(tx, args[0])
            return found
        if name in _DUNDERS and len(args) == _DUNDERS[name][1] and not kwargs:
            return _DUNDERS[name][0](self, tx, *args)
        if name == "clear" and not args and not kwargs:
            for key, _ in self._pairs(tx):
                self._store(tx, key.as_constant(), None)
            return ConstantValue(None)
        if name == "update" and len(args) <= 1:
            for key, value in [*_update_pairs(tx, args), *((ConstantValue(k), v)
                                                          for k, v in kwargs.items())]:
                self.setitem(tx, key, value)
            return ConstantValue(None)
        return DictValue.from_pairs(self._pairs(tx)).call_method(tx, name, args, kwargs) \
            if name in ("keys", "values", "items", "copy") else _no_method(name)


_DUNDERS = {  # the dict's slots called by name: (as the tracker answers them, arguments)
    "__len__": (lambda view, tx: ConstantValue(view.len(tx)), 0),
    "__contains__": (lambda view, tx, key: ConstantValue(view.contains(tx, key)), 1),
    "__getitem__": (InstanceDictValue.getitem, 1),
    "__setitem__": (lambda view, tx, k, v: view.setitem(tx, k, v) or ConstantValue(None), 2),
    "__delitem__": (lambda view, tx, k: view.delitem(tx, k) or ConstantValue(None), 1),
}


def _update_pairs(tx, args: list[Value]) -> list[tuple[Value, Value]]:
    """The entries `dict.update` takes from its positional argument: a dict's (a plain
    dict, an OrderedDict or defaultdict tracked in the trace, another instance dict), or
    those of a list or tuple of pairs; anything else is refused."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    if not args:
        return []
    other = args[0]
    if isinstance(other, DictValue):
        return list(other.entries.values())
    if isinstance(other, InstanceDictValue):
        return other._pairs(tx)
    if type(other) in (ListValue, TupleValue):
        pairs = [item.unpack(tx) for item in other.unpack(tx)]
        if all(len(pair) == 2 for pair in pairs):
            return [(k, v) for k, v in pairs]
    raise Unsupported(f"vars(obj).update({other})", BreakReason.UNSUPPORTED_CALL)


def _no_method(name: str):
    raise Unsupported(f"vars(obj).{name}", BreakReason.UNSUPPORTED_CALL)


def dict_writers(cls: type, dict_stores: set[str]) -> tuple[str, str]:
    """The store and delete an object's attribute writes are replayed with after the graph:
    object's own (the class's hooks were traced; a thread-local's, for the calling thread's
    dict), and for a name the trace wrote in the instance dict while a descriptor of the
    class has it, the dict itself."""
    base = "__import__('_thread')._local" if issubclass(cls, _thread._local) else "object"
    if not dict_stores:
        return f"{base}.__setattr__", f"{base}.__delattr__"
    names, entries = repr(sorted(dict_stores)), f"{base}.__getattribute__(o, '__dict__')"
    return (f"(lambda o, n, v: {entries}.__setitem__(n, v) if n in {names} "
            f"else {base}.__setattr__(o, n, v))",
            f"(lambda o, n: {entries}.pop(n, None) if n in {names} "
            f"else {base}.__delattr__(o, n))")


def is_slot(cls: type, name: str) -> bool:
    """Whether `name` is a `__slots__` entry of the class (kept outside the instance dict)."""
    owner, raw = find_in_mro(cls, name)
    return isinstance(raw, types.MemberDescriptorType) and "__slots__" in vars(owner)


def new_slotted_object(cls: type, attrs: dict[str, Any]) -> Any:
    """The rebuild of an object of a class with `__slots__`: each slot set through its
    descriptor, the rest in the instance dict (past the class's `__setattr__`)."""
    obj = object.__new__(cls)
    for name, value in attrs.items():
        if is_slot(cls, name):
            find_in_mro(cls, name)[1].__set__(obj, value)
        else:
            obj.__dict__[name] = value
    return obj
