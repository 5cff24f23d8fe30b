"""Descriptors written in C read as values: a getset or member descriptor (`torch.Tensor.shape`,
`type.__dict__['__dict__']`, a `__slots__` entry, `C.__weakref__`) and its bound `__get__`.

`desc.__get__(obj)` runs the descriptor's getter. That is what `obj.<name>` runs when the
attribute lookup of obj's type is the generic one, finds this same descriptor along the
type's MRO, and no `__getattr__` could answer instead: then the read is the tracker's own
attribute read. Anything else (another type's descriptor, a type with its own lookup) is
refused. The descriptor is held by identity (an ID guard on its source); a bound `__get__`
by its type, the descriptor it is bound to, and its name.
"""

from __future__ import annotations

import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values.attributes import find_in_mro
from compiler.values.base import Value
from compiler.values.constant import ConstantValue
from compiler.values.wrap import BY_EXACT_TYPE, wrap_object

DESCRIPTOR_TYPES = (types.GetSetDescriptorType, types.MemberDescriptorType)
_GENERIC_LOOKUPS = (object.__getattribute__, type.__getattribute__)


class CDescriptorValue(Value):
    def __init__(self, desc: Any, source=None):
        super().__init__(source)
        self.desc = desc

    def __repr__(self) -> str:
        return f"CDescriptorValue({self.desc.__objclass__.__name__}.{self.desc.__name__})"

    def python_type(self) -> type:
        return type(self.desc)

    def held_object(self) -> Any:
        return self.desc

    def fixed_object(self) -> Any:
        return self.desc

    def hash_key(self) -> Any:
        return ("c-descriptor", id(self.desc))

    def getattr(self, tx, name: str) -> Value:
        if name == "__get__":
            return DescriptorGetValue(self.desc)
        if name in ("__name__", "__qualname__", "__doc__"):
            return ConstantValue(getattr(self.desc, name))
        if name == "__objclass__":
            from compiler.values.objects import ClassValue
            return ClassValue(self.desc.__objclass__)
        raise Unsupported(f"attribute {name!r} of {self}", BreakReason.UNSUPPORTED_ATTRIBUTE)


class DescriptorGetValue(Value):
    """`desc.__get__`, bound to a C descriptor."""

    def __init__(self, desc: Any, source=None):
        super().__init__(source)
        self.desc = desc

    def __repr__(self) -> str:
        return f"DescriptorGetValue({self.desc.__objclass__.__name__}.{self.desc.__name__})"

    def python_type(self) -> type:
        return types.MethodWrapperType

    def held_object(self) -> Any:
        return self.desc.__get__

    def call(self, tx, args, kwargs) -> Value:
        if kwargs or not 1 <= len(args) <= 2:
            raise Unsupported(f"{self} with these arguments", BreakReason.UNSUPPORTED_CALL)
        instance = args[0]
        if instance.is_constant() and instance.as_constant() is None:
            if len(args) == 2:  # read through the class: the descriptor itself
                return CDescriptorValue(self.desc)
            raise Unsupported(f"{self}(None)", BreakReason.UNSUPPORTED_CALL)
        return read_through(tx, self.desc, instance)


def read_through(tx, desc: Any, instance: Value) -> Value:
    """`desc.__get__(instance)` as `instance.<name>`, when the two run the same getter."""
    name, kind = desc.__name__, instance.python_type()
    if not (isinstance(kind, type) and issubclass(kind, desc.__objclass__)
            and find_in_mro(kind, name)[1] is desc
            and kind.__getattribute__ in _GENERIC_LOOKUPS
            and find_in_mro(kind, "__getattr__")[0] in (None, object)):
        raise Unsupported(f"{desc.__objclass__.__name__}.{name}.__get__ on {instance}",
                          BreakReason.UNSUPPORTED_CALL)
    return instance.getattr(tx, name)


def _wrap_descriptor(ctx, desc: Any, source) -> Value:
    if ctx is not None and source is not None:
        ctx.guard(source, GuardKind.ID, desc)
    return CDescriptorValue(desc, source)


def _wrap_method_wrapper(ctx, obj: Any, source) -> Value:
    """A C descriptor's bound `__get__`; any other method-wrapper as before."""
    owner = getattr(obj, "__self__", None)
    if type(owner) not in DESCRIPTOR_TYPES or obj.__name__ != "__get__":
        return wrap_object(ctx, obj, source)
    if ctx is not None and source is not None:
        ctx.guard(source, GuardKind.TYPE, types.MethodWrapperType)
        ctx.guard(AttrSource(source, "__self__"), GuardKind.ID, owner)
        ctx.guard(AttrSource(source, "__name__"), GuardKind.EQUALS, "__get__")
    return DescriptorGetValue(owner, source)


for _kind in DESCRIPTOR_TYPES:
    BY_EXACT_TYPE.setdefault(_kind, _wrap_descriptor)
BY_EXACT_TYPE.setdefault(types.MethodWrapperType, _wrap_method_wrapper)
