"""Subscripted classes and typing objects in a trace: `list[int]`, `typing.List[int]`,
`typing.Callable[[T], T]`, `dict[str, torch.Tensor]` (annotations of functions made in the
trace, aliases built in the function body).

A typing object of the standard library (a `types.GenericAlias`, typing's aliases and
special generics, a TypeVar) is immutable in use: typing builds and caches them and never
changes one after it is made. Subscribing one, or a class whose `__class_getitem__` is the
standard library's, with constant arguments is pure, so it runs at trace time on the real
objects and its result is a constant of the trace (`TypingValue`). One reached from a source
is guarded by identity, and the attributes read from it by value.
"""

from __future__ import annotations

import collections
import collections.abc
import types
import typing
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import HOOKS as CONSTANT_HOOKS
from compiler.values.constant import ConstantValue, call_pure

# The exact types of the standard library's typing objects (user subclasses are not these).
TYPING_TYPES = (
    types.GenericAlias, typing._GenericAlias, typing._SpecialGenericAlias,
    typing._CallableType, typing._TupleType, typing._UnionGenericAlias,
    typing._LiteralGenericAlias, typing._CallableGenericAlias, typing._AnnotatedAlias,
    type(collections.abc.Callable[[int], int]), typing.TypeVar, typing.ParamSpec,
)
# What a program reads from one: set when it is made, never written after.
ATTRIBUTES = {"__args__", "__origin__", "__parameters__", "__name__", "__qualname__",
              "__module__", "__bound__", "__constraints__", "__covariant__",
              "__contravariant__", "__metadata__", "__unpacked__"}
# Where a `__class_getitem__` that only builds an alias is defined.
_PURE_OWNERS = ("builtins", "typing", "_collections_abc", "collections.abc", "collections",
                "types", "abc", "re", "functools", "os", "queue", "contextlib", "weakref",
                "_weakrefset", "dataclasses", "asyncio.queues", "asyncio.futures")


# Builtin classes whose instances take no attribute: calling their alias is calling them
# (an OrderedDict, a Counter or a user class's instance gets the alias as `__orig_class__`).
_NO_INSTANCE_DICT = (list, dict, tuple, set, frozenset, collections.deque,
                     collections.defaultdict)


def is_typing_object(obj: Any) -> bool:
    return type(obj) in TYPING_TYPES


CONSTANT_HOOKS["is_typing_object"] = is_typing_object


class TypingValue(ConstantValue):
    """A typing object of the standard library: immutable, known exactly."""

    def __repr__(self) -> str:
        return f"TypingValue({self.value!r})"

    def has_attribute(self, tx, name: str) -> bool:
        if name not in ATTRIBUTES and name != "__class__":
            raise Unsupported(f"attribute {name!r} of {self.value!r}",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        return hasattr(self.value, name)

    def getattr(self, tx, name: str) -> Value:
        if name == "__class__":
            return registry.class_value(type(self.value))
        if name not in ATTRIBUTES:
            raise Unsupported(f"attribute {name!r} of {self.value!r}",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        result = call_pure(getattr, [self.value, name], {})  # its AttributeError, as raised
        if self.source is not None:
            tx.ctx.guard(AttrSource(self.source, name), GuardKind.EQUALS, result)
        return wrap_typing_result(result)

    def getitem(self, tx, key: Value) -> Value:
        real = real_argument(key)
        return wrap_typing_result(call_pure(lambda k: self.value[k], [real], {}))

    def call(self, tx, args, kwargs) -> Value:
        """`list[int]((1, 2))`, `Box[int](x)`: an alias calls its origin, then sets the
        instance's `__orig_class__` to itself (an instance without an instance dict refuses
        it, silently: AttributeError for typing's aliases, TypeError too for a GenericAlias);
        typing's aliases of builtin containers (`typing.List[int]`) cannot be called."""
        alias = self.value
        origin = getattr(alias, "__origin__", None)
        typing_alias = isinstance(alias, typing._BaseGenericAlias)
        if typing_alias and not alias._inst:
            raise RaisedByProgram(TypeError(f"Type {alias._name} cannot be instantiated; use "
                                            f"{origin.__name__}() instead"))
        if not isinstance(origin, type) or not (typing_alias or type(alias) is types.GenericAlias):
            raise Unsupported(f"call of {alias!r}", BreakReason.UNSUPPORTED_CALL)
        made = registry.class_value(origin).call(tx, args, kwargs)
        if origin in _NO_INSTANCE_DICT:
            return made
        ignored = (AttributeError,) if typing_alias else (AttributeError, TypeError)
        try:
            made.setattr(tx, "__orig_class__", self)
        except RaisedByProgram as raised:
            if not isinstance(raised.exc, ignored):
                raise
        return made

    def iter(self, tx) -> Value:
        raise Unsupported(f"iteration over {self.value!r}", BreakReason.UNSUPPORTED_VALUE)


def wrap_typing_result(result: Any) -> Value:
    """A value computed from typing objects: typing objects, classes, constants, tuples."""
    if is_typing_object(result):
        return TypingValue(result)
    if type(result) is tuple:
        from compiler.values.containers import TupleValue
        return TupleValue([wrap_typing_result(item) for item in result])
    if type(result) is list:  # a Callable's parameters, as typing gives them back
        from compiler.values.containers import ListValue
        return ListValue([wrap_typing_result(item) for item in result])
    return registry.wrap_constant(result)


def real_argument(value: Value) -> Any:
    """The real object a subscript's key stands for: constants, classes, typing objects, and
    tuples and lists of them (a fresh list: typing only reads it). Anything else is refused."""
    from compiler.values.containers import ListValue, TupleValue
    if isinstance(value, ConstantValue) or (  # a class (ClassValue)
            value.is_constant() and isinstance(value.as_constant(), type)):
        return value.as_constant()
    if type(value) is TupleValue:
        return tuple(real_argument(item) for item in value.items)
    if type(value) is ListValue:
        return [real_argument(item) for item in value.items]
    obj = getattr(value, "real", None)  # `typing.Optional[int]`: a special form's result,
    if is_typing_object(obj) and value.source is None and not getattr(value, "attrs", None):
        return obj  # made in the trace from constants, never written to
    raise Unsupported(f"a subscript of a class or typing object by {value}",
                      BreakReason.UNSUPPORTED_VALUE)


def class_subscript(tx, cls_value: Value, key: Value) -> Value:
    """`cls[key]` of a class that is not an enum (`ClassValue.getitem`): a standard library
    `__class_getitem__` (types.GenericAlias, typing.Generic's), run on the real objects."""
    from compiler.values.attributes import find_in_mro, guarded_find_in_mro
    cls = cls_value.cls
    meta = type(cls)
    if meta is not type and find_in_mro(meta, "__getitem__")[0] is not None:
        raise Unsupported(f"indexing {cls_value} (its metaclass's __getitem__)",
                          BreakReason.UNSUPPORTED_VALUE)
    owner, raw = guarded_find_in_mro(tx, cls, "__class_getitem__")
    if owner is not None and not _is_pure_class_getitem(owner, raw):
        raise Unsupported(f"indexing {cls_value} (its own __class_getitem__)",
                          BreakReason.UNSUPPORTED_VALUE)
    real = real_argument(key)
    return wrap_typing_result(call_pure(lambda k: cls[k], [real], {}))


def _is_pure_class_getitem(owner: type, raw: Any) -> bool:
    function = getattr(raw, "__func__", raw)
    if function is types.GenericAlias:
        return True
    return owner.__module__ in _PURE_OWNERS and getattr(
        function, "__module__", owner.__module__) in _PURE_OWNERS + (None,)
