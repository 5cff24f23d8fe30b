"""Attributes of an enum member (a constant of the trace: its identity is fixed, an enum
class's members never change), looked up as `object.__getattribute__` does on it: the
class's data descriptors first (enum's own `name` and `value`, a user's `@property`), then
the member's instance dict (what a custom `__init__` stored on it, `_value_`), then the
class's methods, class and static methods; last, the methods a mixin base (`str`, `int`,
`float`) gives, which are pure and run on the real member.
"""

from __future__ import annotations

import enum
import types

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource
from compiler.values import constant, registry
from compiler.values.attributes import find_in_mro, guarded_find_in_mro
from compiler.values.base import RaisedByProgram, Value

_ENUM_BASES = (enum.Enum, enum.Flag, enum.IntEnum, enum.IntFlag, enum.StrEnum, enum.ReprEnum,
               object)
_MIXIN_TYPES = (str, int, float, bytes, complex)
_OWN = {"name", "value", "_name_", "_value_"}


def member_attribute(tx, member_value: Value, name: str) -> Value:
    """`member.name` for an enum member tracked as a constant."""
    member = member_value.as_constant()
    cls = type(member)
    owner, raw = guarded_find_in_mro(tx, cls, name)
    if name in _OWN and owner in _ENUM_BASES + (None,):
        return _guarded_read(tx, member_value, name, getattr(member, name))
    data = isinstance(raw, property) or (owner is not None and owner not in _ENUM_BASES and (
        hasattr(type(raw), "__set__") or hasattr(type(raw), "__delete__")))
    if data:  # a property (or another data descriptor written in Python) comes first
        return registry.class_attribute(tx, cls, name, member_value)
    instance = vars(member)
    if name in instance:
        return _guarded_read(tx, member_value, name, instance[name])
    if owner is None:
        raise RaisedByProgram(AttributeError(f"{cls.__name__!r} object has no attribute "
                                             f"{name!r}"))
    if owner not in _ENUM_BASES and owner not in _MIXIN_TYPES and isinstance(
            raw, (types.FunctionType, classmethod, staticmethod)):
        return registry.class_attribute(tx, cls, name, member_value)
    if owner in _MIXIN_TYPES and callable(raw) and not name.startswith("__"):
        from compiler.values.constant import BoundConstantMethodValue  # a pure method of the
        return BoundConstantMethodValue(member, name)  # mixin type, on the member itself
    raise Unsupported(f"attribute {name!r} of enum member {member!r}",
                      BreakReason.UNSUPPORTED_ATTRIBUTE)


def member_has_attribute(tx, member_value: Value, name: str) -> bool:
    """`hasattr(member, name)`: found along the class's MRO (the lookup guarded), else in the
    member's instance dict (guarded present or absent); enum members have no __getattr__."""
    member = member_value.as_constant()
    cls = type(member)
    if find_in_mro(cls, "__getattr__")[0] is not None or find_in_mro(
            cls, "__getattribute__")[0] is not object:
        raise Unsupported("hasattr of an enum member whose class looks attributes up itself",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    if guarded_find_in_mro(tx, cls, name)[0] is not None:
        return True
    present = name in vars(member)
    tx.ctx.guard(_member_source(tx, member_value), GuardKind.INSTANCE_ATTR, (name, present))
    return present


def _member_source(tx, member_value: Value):
    if member_value.source is not None:
        return member_value.source
    member = member_value.as_constant()
    return ConstantSource(tx.ctx.label_for(member, "member"), member)


def _guarded_read(tx, member_value: Value, name: str, real) -> Value:
    """What the member holds under `name`, guarded like any attribute read from an object
    the compiler holds on to (a member's instance dict may be written to)."""
    if isinstance(real, (bool, int, float, str, type(None), enum.Enum)) and name in _OWN:
        return registry.wrap_constant(real)  # fixed when the class was made
    return registry.wrap(tx.ctx, real, AttrSource(_member_source(tx, member_value), name))


def is_enum_protocol(cls: type, name: str) -> bool:
    """Whether `cls` is an enum class whose `name` (`__iter__`, `__len__`, `__getitem__`,
    which `iter(E)`, `len(E)` and `E[k]` ask of the metaclass) is enum's own; one whose
    metaclass overrides it is refused rather than answered with the members."""
    if not issubclass(cls, enum.Enum):
        return False
    if getattr(type(cls), name) is not getattr(enum.EnumType, name):
        raise Unsupported(f"{name} of an enum class whose metaclass {type(cls).__qualname__} "
                          f"overrides it", BreakReason.UNSUPPORTED_VALUE)
    return True


def class_contains(tx, cls_value: Value, item: Value) -> bool | None:
    """`item in cls` for a class whose metaclass defines `__contains__` (the `in` operator asks
    the metaclass, never the class's members): enum's own (3.11: a member of the class, or
    TypeError for a non-member), run on the real class; one written in Python, traced; None
    when the metaclass has none (CPython iterates the class then)."""
    cls = cls_value.as_constant()
    owner, raw = guarded_find_in_mro(tx, type(cls), "__contains__")
    if owner is None:
        return None
    if owner is enum.EnumType:
        if not item.is_constant():
            raise Unsupported("`in` of an enum class for a value that is not a constant",
                              BreakReason.UNSUPPORTED_VALUE)
        return constant.call_pure(lambda c, i: i in c, [cls, item.as_constant()], {})
    if isinstance(raw, types.FunctionType):
        return registry.wrap(tx.ctx, raw, None).call(tx, [cls_value, item], {}).bool(tx)
    raise Unsupported(f"`in` of a class whose metaclass {type(cls).__qualname__} has a "
                      f"C-level __contains__", BreakReason.UNSUPPORTED_VALUE)


constant.HOOKS["enum_member_attribute"] = member_attribute
constant.HOOKS["enum_member_has_attribute"] = member_has_attribute


class ClassProtocols(Value):
    """`in`, `iter`, `len` and `[]` of a class tracker (`ClassValue`, which holds `cls`): they
    ask the metaclass. Enum's own run on the real class; a metaclass overriding them is
    refused; `cls[k]` of any other class is a subscript (`list[int]`, a Generic)."""

    cls: type

    def contains(self, tx, item: Value) -> bool:
        """`item in cls` asks the metaclass's `__contains__` (enum's: TypeError for a value
        that is not a member in 3.11); a metaclass without one iterates the class."""
        found = class_contains(tx, self, item)
        return super().contains(tx, item) if found is None else found

    def iter(self, tx) -> Value:
        if is_enum_protocol(self.cls, "__iter__"):  # the members, in definition order
            from compiler.values.iterators import SequenceIteratorValue
            return SequenceIteratorValue([constant.ConstantValue(m) for m in self.cls])
        return super().iter(tx)

    def len(self, tx) -> int:
        return len(self.cls) if is_enum_protocol(self.cls, "__len__") else super().len(tx)

    def getitem(self, tx, key: Value) -> Value:
        if is_enum_protocol(self.cls, "__getitem__"):  # a member by name
            return constant.ConstantValue(constant.call_pure(lambda k: self.cls[k],
                                                             [key.as_constant()], {}))
        from compiler.values.typing_values import class_subscript
        return class_subscript(tx, self, key)
