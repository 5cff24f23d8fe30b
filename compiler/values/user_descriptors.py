"""Descriptors written in Python: a class attribute whose type defines `__get__`, `__set__` or
`__delete__` as Python functions. Their methods are traced, in CPython's lookup order (a data
descriptor on the type comes before the instance dict, a non-data one after it).

The descriptor object is read from the defining class's `__dict__` and guarded by identity, so
replacing it recompiles; what its methods read of it (its own attributes) is guarded as any
object's. A descriptor whose protocol is partly in C (a subclass of `property`, a slot) or
whose class attribute was rebound in this trace is refused.
"""

from __future__ import annotations

import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource, ItemSource
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

_PROTOCOL = ("__get__", "__set__", "__delete__")


def find_in_mro(cls: type, name: str) -> tuple[type | None, Any]:
    """(owner, raw) of `name` along `cls.__mro__`, as attributes.find_in_mro (which imports
    this module's users: kept apart to keep the import graph acyclic)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass, klass.__dict__[name]
    return None, None


def _protocol(raw: Any) -> dict[str, Any] | None:
    """The descriptor methods of `type(raw)` when every one it has is a Python function; None
    when it has none, or one is not Python (refused by the caller's own checks)."""
    if isinstance(raw, (types.FunctionType, type)):
        return None
    found = {}
    for name in _PROTOCOL:
        owner, method = find_in_mro(type(raw), name)
        if owner is None:
            continue
        if owner is object or not isinstance(method, types.FunctionType):
            return None
        found[name] = method
    return found or None


def _refuse_if_rebound(tx, cls: type, name: str) -> None:
    writes = tx.ctx.module_attribute_writes
    if any((id(klass), name) in writes for klass in cls.__mro__):
        raise Unsupported(f"a descriptor {name!r} whose class attribute was rebound in the "
                          "trace", BreakReason.UNSUPPORTED_ATTRIBUTE)


class UserDescriptor:
    """A descriptor found along a class's MRO: where, its protocol, and its tracker."""

    def __init__(self, owner: type, name: str, raw: Any, methods: dict[str, Any]):
        self.owner, self.name, self.raw, self.methods = owner, name, raw, methods

    @classmethod
    def find(cls, tx, klass: type, name: str) -> UserDescriptor | None:
        owner, raw = find_in_mro(klass, name)
        methods = _protocol(raw) if owner is not None else None
        if methods is None:
            return None
        _refuse_if_rebound(tx, klass, name)
        return cls(owner, name, raw, methods)

    @property
    def is_data(self) -> bool:
        return "__set__" in self.methods or "__delete__" in self.methods

    def tracker(self, tx) -> Value:
        """The descriptor object, reached as `owner.__dict__[name]` and guarded by identity."""
        label = tx.ctx.label_for(self.owner, "cls")
        source = ItemSource(AttrSource(ConstantSource(label, self.owner), "__dict__"), self.name)
        tx.ctx.guard(source, GuardKind.ID, self.raw)
        return registry.wrap(tx.ctx, self.raw, source)

    def _call(self, tx, method: str, args: list[Value]) -> Value:
        bound = registry.class_attribute(tx, type(self.raw), method, self.tracker(tx))
        return bound.call(tx, args, {})

    def get(self, tx, instance: Value | None, klass: Value) -> Value:
        """`__get__(instance, klass)`; a data descriptor without `__get__` is itself."""
        if "__get__" not in self.methods:
            if instance is not None:  # the instance dict would decide first: not modelled
                raise Unsupported(f"descriptor {self.name!r} without __get__",
                                  BreakReason.UNSUPPORTED_ATTRIBUTE)
            return self.tracker(tx)
        return self._call(tx, "__get__", [instance or ConstantValue(None), klass])

    def set(self, tx, instance: Value, value: Value) -> None:
        self._require("__set__")
        self._call(tx, "__set__", [instance, value])

    def delete(self, tx, instance: Value) -> None:
        self._require("__delete__")
        self._call(tx, "__delete__", [instance])

    def _require(self, method: str) -> None:
        if method not in self.methods:  # CPython raises AttributeError from the slot
            raise Unsupported(f"descriptor {self.name!r} without {method}",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)


def data_descriptor(tx, klass: type, name: str) -> UserDescriptor | None:
    """A user data descriptor for `name` on `klass`: it decides reads, writes and deletes of
    the attribute on instances, before their dict."""
    found = UserDescriptor.find(tx, klass, name)
    return found if found is not None and found.is_data else None
