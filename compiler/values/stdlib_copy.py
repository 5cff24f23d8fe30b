"""`copy.deepcopy(x)` (and `copy.copy` of a plain instance) in a trace, computed as CPython's
copy module does, or refused.

Modelled (each a new tracker made in the trace, shared through a memo so that an object
reached twice is copied once, as the real memo keyed by id() does):
- constants: the real `copy.deepcopy` of the real value (atoms come back as themselves);
- classes and plain functions: themselves (copy's atomic types);
- exact tuples: themselves when every item copies to itself, else a new tuple;
- exact lists and dicts, and an object's `__dict__`: new containers of the copied items;
- instances of a plain class that keeps object's reduce protocol (no `__deepcopy__`,
  `__reduce__`, `__reduce_ex__`, `__getstate__`, `__setstate__`, `__getnewargs(_ex)__`,
  `__slots__`, own `__new__`, nor an entry in copy's or copyreg's dispatch tables): a new
  instance made by `cls.__new__(cls)` whose `__dict__` is the copy of the original's, filled
  without running `__setattr__`. The attributes of an existing object are read in the order
  of its `__dict__`, guarded (its keys, and the absence of those names in it).
Anything else (tensors, modules, dict or list subclasses, named tuples, a memo argument) is
refused: the call is a graph break.
"""

from __future__ import annotations

import collections
import copy
import copyreg
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.callables import UserFunctionValue
from compiler.values.constant import ConstantValue
from compiler.values.containers import (
    DictValue,
    ListValue,
    SizeValue,
    TupleValue,
    store_entry,
)
from compiler.values.identity import identity
from compiler.values.objects import (
    ClassValue,
    InstanceDictValue,
    ObjectSlotMethodValue,
    ObjectValue,
)

_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class written in Python


def _refuse(what: str) -> Unsupported:
    return Unsupported(f"copy.deepcopy of {what}", BreakReason.UNSUPPORTED_CALL)


def _plain_class(cls: type) -> bool:
    """A Python class over object alone, whose instances deepcopy reduces through
    object.__reduce_ex__(4) to `cls.__new__(cls)` and a copy of the `__dict__` (what its
    instances answer for `__deepcopy__`, `__reduce_ex__`... is traced by the copier)."""
    if cls in copy._deepcopy_dispatch or cls in copyreg.dispatch_table or issubclass(cls, type):
        return False
    if not all(k is object or k.__flags__ & _HEAP_TYPE for k in cls.__mro__):
        return False
    if type(cls) is not type or cls.__new__ is not object.__new__:
        return False
    special = ("__getnewargs__", "__getnewargs_ex__")  # looked up on the type only
    return not any(hasattr(cls, name) for name in special) and not copyreg._slotnames(cls)


def _attribute(tx, obj: Value, name: str) -> Value | None:
    """`getattr(obj, name, None)` as the program would run it (the class's hooks traced)."""
    try:
        return obj.getattr(tx, name)
    except RaisedByProgram as raised:
        if isinstance(raised.exc, AttributeError):
            return None
        raise


def _is_object_method(found: Value | None, obj: Value, name: str) -> bool:
    return isinstance(found, ObjectSlotMethodValue) and found.obj is obj and found.name == name


def _identity(tx, a: Value, b: Value) -> bool | None:
    """`a is b`; two tuples with items known to differ are two objects."""
    same = identity(tx, a, b)
    if same is None and type(a) is TupleValue and type(b) is TupleValue and (
            len(a.items) != len(b.items)
            or any(identity(tx, p, q) is False for p, q in zip(a.items, b.items))):
        return False
    return same


def _check_object_reduce(tx, x: ObjectValue) -> None:
    """copy's path reduces `x` through object's own protocol (the class's hooks traced)."""
    for name in ("__reduce_ex__", "__reduce__", "__getstate__"):
        if not _is_object_method(_attribute(tx, x, name), x, name):
            raise _refuse(f"{x} (its {name} is not object's)")


def _fill_state(tx, made: ObjectValue, pairs) -> None:
    """copy._reconstruct: `y.__dict__.update(state)`, no __setattr__ run."""
    if _attribute(tx, made, "__setstate__") is not None:
        raise _refuse(f"{made} (its copy has __setstate__)")
    target = _attribute(tx, made, "__dict__")
    if not (isinstance(target, InstanceDictValue) and target.owner is made):
        raise _refuse(f"{made} (its copy's __dict__ is not its instance dict)")
    for key, value in pairs:
        made.attrs[key.as_constant()] = value


def _guard_tables(tx, tables) -> None:
    for table in tables:  # what decides the path: guarded whole (keys and functions)
        label = tx.ctx.label_for(table, "copy_table")
        tx.ctx.guard(ConstantSource(label, table), GuardKind.EQUALS, dict(table))


def shallow_copy(tx, x: Value) -> Value:
    """`copy.copy` of an instance of a plain class: `cls.__new__(cls)` given the original's
    `__dict__` items themselves (the values are shared, not copied)."""
    if type(x) is not ObjectValue or x.cls in copy._copy_dispatch or not _plain_class(x.cls):
        raise Unsupported(f"copy.copy of {x}", BreakReason.UNSUPPORTED_CALL)
    _guard_tables(tx, (copy._copy_dispatch, copyreg.dispatch_table))
    if _attribute(tx, x, "__copy__") is not None:
        raise Unsupported(f"copy.copy of {x} (it has __copy__)", BreakReason.UNSUPPORTED_CALL)
    _check_object_reduce(tx, x)
    pairs = DeepCopier(tx)._attributes(x)
    made = ObjectValue(x.cls)
    if pairs:
        _fill_state(tx, made, pairs)
    return made


class DeepCopier:
    """One `copy.deepcopy` call: its memo pairs each original tracker with its copy."""

    def __init__(self, tx):
        self.tx = tx
        self.memo: list[tuple[Value, Value]] = []

    def copy(self, x: Value) -> Value:
        atom = self._atom(x)
        if atom is not None:
            return atom
        for original, made in self.memo:
            same = _identity(self.tx, original, x)
            if same is None:
                raise _refuse(f"{x} (whether it is {original} is not known)")
            if same:
                return made
        return self._copy_new(x)

    def _atom(self, x: Value) -> Value | None:
        """The copy of a value deepcopy never memoises: constants, classes, functions."""
        if isinstance(x, ConstantValue):
            real = copy.deepcopy(x.value)
            return x if real is x.value else ConstantValue(real)
        if isinstance(x, ClassValue):
            return x
        if isinstance(x, UserFunctionValue) and type(x.fn) is types.FunctionType \
                and not x.attributes:
            return x
        return None

    def _remember(self, x: Value, made: Value) -> Value:
        self.memo.append((x, made))
        return made

    def _copy_new(self, x: Value) -> Value:
        if type(x) is TupleValue:
            items = [self.copy(item) for item in x.items]
            if all(a is b for a, b in zip(items, x.items)):
                return x
            return self._remember(x, TupleValue(items))
        if type(x) is ListValue:
            made = self._remember(x, ListValue([]))
            made.items.extend(self.copy(item) for item in x.items)
            return made
        if type(x) is DictValue and x.cls is dict:
            return self._copy_pairs(x, [x.entries[k] for k in list(x.entries)])
        if type(x) is InstanceDictValue:
            return self._copy_pairs(None, self._attributes(x.owner))
        made = self._copy_collection(x)
        if made is not None:
            return made
        if type(x) is ObjectValue and _plain_class(x.cls):
            return self._copy_object(x)
        if isinstance(x, SizeValue):
            raise _refuse("a torch.Size")
        raise _refuse(str(x))

    def _copy_collection(self, x: Value) -> Value | None:
        """Sets, deques, OrderedDicts and defaultdicts, rebuilt as their __reduce_ex__ has
        deepcopy rebuild them: a new object of the type (a defaultdict with its factory copied,
        a deque with its maxlen), remembered, then filled with the copied items in order."""
        from compiler.values.sets import SetValue
        from compiler.values.stdlib_collections import DequeValue, OrderedDictValue
        if type(x) is SetValue:  # set(list(x)) of the copied members
            return self._remember(x, SetValue([self.copy(m) for m in x.ordered()],
                                              frozen=x.frozen))
        if type(x) is DequeValue:
            made = self._remember(x, DequeValue([], x.maxlen))
            made.items.extend(self.copy(item) for item in x.items)
            return made
        if type(x) is OrderedDictValue and not x.attributes and (
                x.real is None or not vars(x.real)):
            made = self._remember(x, OrderedDictValue({}))
        elif type(x) is DictValue and x.cls is collections.defaultdict:
            factory = x.default_factory
            made = self._remember(x, DictValue(cls=collections.defaultdict, default_factory=(
                None if factory is None else self.copy(factory))))
        else:
            return None
        for key, value in [x.entries[k] for k in list(x.entries)]:
            copied_key = self.copy(key)
            store_entry(made.entries, copied_key, self.copy(value))
        return made

    def _copy_pairs(self, x: Value | None, pairs: list[tuple[Value, Value]]) -> DictValue:
        made = DictValue()
        if x is not None:
            self._remember(x, made)
        for key, value in pairs:
            copied_key = self.copy(key)
            made.entries[copied_key.hash_key()] = (copied_key, self.copy(value))
        return made

    def _copy_object(self, x: ObjectValue) -> ObjectValue:
        """deepcopy's path for a plain instance, each lookup in the order it makes them."""
        if _attribute(self.tx, x, "__deepcopy__") is not None:
            raise _refuse(f"{x} (it has __deepcopy__)")
        _check_object_reduce(self.tx, x)
        pairs = self._attributes(x)  # object.__getstate__: the __dict__, None when empty
        made = ObjectValue(x.cls)
        self._remember(x, made)
        if pairs:
            _fill_state(self.tx, made, self._copy_pairs(None, pairs).entries.values())
        return made

    def _attributes(self, owner: ObjectValue) -> list[tuple[Value, Value]]:
        """The (name, value) pairs of an object's __dict__, in its order."""
        if owner.real is None:
            return [(ConstantValue(k), v) for k, v in owner.attrs.items()]
        if owner.source is None or owner.deleted:
            raise _refuse(f"the attributes of {owner}")
        names = list(owner.real.__dict__)
        if not all(type(name) is str for name in names):
            raise _refuse(f"an object with non-string attribute names ({owner})")
        self.tx.ctx.guard(AttrSource(owner.source, "__dict__"), GuardKind.DICT_KEYS, names)
        view = InstanceDictValue(owner)
        pairs = [(ConstantValue(n), view.getitem(self.tx, ConstantValue(n))) for n in names]
        pairs += [(ConstantValue(n), v) for n, v in owner.attrs.items() if n not in names]
        return pairs


def _deepcopy(tx, x: Value, *rest: Value, **kwargs: Value) -> Value:
    if rest or kwargs:
        raise _refuse("with a memo argument")
    _guard_tables(tx, (copy._deepcopy_dispatch, copyreg.dispatch_table))
    return DeepCopier(tx).copy(x)


def _install(handlers: dict[Any, Any]) -> None:
    handlers[copy.deepcopy] = _deepcopy


_install(BUILTIN_HANDLERS)
