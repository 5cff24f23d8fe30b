"""The descriptor objects of Python classes read as values: a `property`, a `staticmethod`, a
`classmethod` (`type(obj).__dict__["name"]`, `C.prop`); a function's own `__get__` is in
function_binding.py.

Each is held by identity (exact types only: a subclass may change the protocol), and its
protocol is CPython's, spelled out: `property.__get__(obj)` calls `fget(obj)` (the property
itself when obj is None), `__set__`/`__delete__` call `fset`/`fdel`; a staticmethod gives its
function; a classmethod binds its function to the class given or to obj's type. A missing accessor
(no fget...) is refused rather than spelled with CPython's message.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import ConstantValue
from compiler.values.wrap import BY_EXACT_TYPE

_PROTOCOL = ("__get__", "__set__", "__delete__")


def _is_none(value: Value | None) -> bool:
    return value is None or (value.is_constant() and value.as_constant() is None)


def _refuse(what: str) -> Unsupported:
    return Unsupported(what, BreakReason.UNSUPPORTED_ATTRIBUTE)


class DescriptorObjectValue(Value):
    """A property, staticmethod or classmethod object (fixed: ID-guarded where it has a
    source, else held as a constant of the trace)."""

    PARTS: tuple[str, ...] = ()

    def __init__(self, obj: Any, source=None):
        super().__init__(source)
        self.obj = obj

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source or self.obj!r})"

    def python_type(self) -> type:
        return type(self.obj)

    def held_object(self) -> Any:
        return self.obj

    def fixed_object(self) -> Any:
        return self.obj

    def hash_key(self) -> Any:
        return ("descriptor-object", id(self.obj))

    def part(self, tx, name: str) -> Value:
        return registry.wrap(tx.ctx, getattr(self.obj, name), None)  # fixed with the object

    def getattr(self, tx, name: str) -> Value:
        if name in self.PARTS:
            return self.part(tx, name)
        if name in _PROTOCOL and hasattr(type(self.obj), name):
            from compiler.values.native import BoundContainerMethodValue
            return BoundContainerMethodValue(self, name)
        raise _refuse(f"attribute {name!r} of {self}")


class PropertyValue(DescriptorObjectValue):
    PARTS = ("fget", "fset", "fdel")

    def _accessor(self, tx, name: str) -> Value:
        if getattr(self.obj, name) is None:
            raise _refuse(f"a property without {name}")
        return self.part(tx, name)

    def call_method(self, tx, name, args, kwargs) -> Value:
        if kwargs:
            raise _refuse(f"property.{name} with keywords")
        if name == "__get__" and 1 <= len(args) <= 2:
            if _is_none(args[0]):
                return self
            return self._accessor(tx, "fget").call(tx, [args[0]], {})
        if name == "__set__" and len(args) == 2:
            self._accessor(tx, "fset").call(tx, list(args), {})
            return ConstantValue(None)
        if name == "__delete__" and len(args) == 1:
            self._accessor(tx, "fdel").call(tx, list(args), {})
            return ConstantValue(None)
        raise _refuse(f"property.{name} with these arguments")


class StaticMethodValue(DescriptorObjectValue):
    PARTS = ("__func__",)

    def call(self, tx, args, kwargs) -> Value:  # a staticmethod object is callable (3.10+)
        return self.part(tx, "__func__").call(tx, args, kwargs)

    def call_method(self, tx, name, args, kwargs) -> Value:
        if name == "__get__" and 1 <= len(args) <= 2 and not kwargs:
            return self.part(tx, "__func__")
        raise _refuse(f"staticmethod.{name} with these arguments")


class ClassMethodValue(DescriptorObjectValue):
    PARTS = ("__func__",)

    def call_method(self, tx, name, args, kwargs) -> Value:
        from compiler.values.callables import UserMethodValue
        if name == "__get__" and 1 <= len(args) <= 2 and not kwargs:
            owner = args[1] if len(args) == 2 and not _is_none(args[1]) else None
            if owner is None:
                if _is_none(args[0]):
                    raise _refuse("classmethod.__get__(None, None)")
                owner = registry.class_value(args[0].python_type())
            return UserMethodValue(self.part(tx, "__func__"), owner)
        raise _refuse(f"classmethod.{name} with these arguments")


def _wrapper(kind: type[DescriptorObjectValue]):
    def wrap(ctx, obj: Any, source) -> Value:
        if ctx is not None and source is not None:
            ctx.guard(source, GuardKind.ID, obj)
        return kind(obj, source)
    return wrap


BY_EXACT_TYPE.setdefault(property, _wrapper(PropertyValue))
BY_EXACT_TYPE.setdefault(staticmethod, _wrapper(StaticMethodValue))
BY_EXACT_TYPE.setdefault(classmethod, _wrapper(ClassMethodValue))
