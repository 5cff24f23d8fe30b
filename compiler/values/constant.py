"""Immutable Python constants: None, bool, int, float, complex, str, bytes, slices, ranges,
dtypes, devices, and anything else whose value the compiler specialises on.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import sys
import types
import typing
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value

# Module-level settings a program or torch may flip at run time: guarded by value when read.
FLAG_TYPES = (bool, int, float, str, type(None))
CONSTANT_TYPES = (
    type(None), bool, int, float, complex, str, bytes, slice, range, type(Ellipsis),
    type(NotImplemented), torch.dtype, torch.device, torch.layout, torch.memory_format,
    torch.finfo, torch.iinfo, type(sys.version_info), dataclasses.Field,
)

# Typing objects (a dataclass field's `float | None`, `typing.Union`): immutable, known
# exactly. A union is never wrapped from a source (its `==` ignores the order of its
# arguments); a special form is one object, guarded by identity (identity.py: a singleton).
TYPING_CONSTANTS = (types.UnionType, typing._SpecialForm)
TYPING_ATTRIBUTES = {"__args__", "__parameters__"}


def is_special_form(obj: Any) -> bool:
    """typing.Union, typing.Literal...: one object each, compared and hashed by identity."""
    kind = type(obj)
    return isinstance(obj, typing._SpecialForm) and kind.__eq__ is object.__eq__ \
        and kind.__hash__ is object.__hash__


def is_typing_constant(obj: Any) -> bool:
    return type(obj) is types.UnionType or is_special_form(obj)

# Methods of constants that are pure: evaluated at trace time on the real object.
PURE_METHODS = {
    str: {"upper", "lower", "strip", "lstrip", "rstrip", "split", "rsplit", "join", "replace",
          "startswith", "endswith", "find", "rfind", "index", "count", "format", "title",
          "capitalize", "isdigit", "isalpha", "isalnum", "isupper", "islower", "isspace",
          "zfill", "center", "ljust", "rjust", "partition", "rpartition", "casefold",
          "swapcase", "splitlines", "encode", "removeprefix", "removesuffix", "__len__",
          "__contains__", "__getitem__", "__add__", "__mul__", "__mod__", "__eq__", "__ne__",
          "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "isidentifier", "isnumeric",
          "isdecimal", "expandtabs"},
    int: {"bit_length", "to_bytes", "conjugate", "__add__", "__sub__", "__mul__",
          "__floordiv__", "__mod__", "__pow__", "__neg__", "__abs__", "__index__",
          "__truediv__", "__radd__", "__rmul__", "__rsub__", "__eq__", "__lt__", "__hash__",
          "__int__", "__float__", "__bool__", "bit_count", "as_integer_ratio"},
    float: {"is_integer", "as_integer_ratio", "conjugate", "hex", "__add__", "__sub__",
            "__mul__", "__truediv__", "__neg__", "__abs__", "__eq__", "__lt__", "__int__",
            "__float__", "__round__", "__floor__", "__ceil__", "__trunc__"},
    complex: {"conjugate"},
    bool: {"__and__", "__or__", "__xor__", "__eq__", "__hash__", "__int__", "__bool__"},
    bytes: {"decode", "hex", "__len__"},
    range: {"index", "count"},
    slice: {"indices"},
    collections.Counter: {"most_common", "total", "elements", "keys", "values", "items", "get",
                          "__getitem__", "__contains__", "__len__"},
    torch.dtype: {"to_real", "to_complex"},
}
# Every public method of the immutable builtin types is pure (str.format reads its arguments'
# __format__, and only constants or plain containers of them reach it: `call` below).
IMMUTABLE_TYPES = (str, bytes, int, float, complex)
for _kind in IMMUTABLE_TYPES:
    PURE_METHODS[_kind] = PURE_METHODS[_kind] | {
        name for name in dir(_kind) if not name.startswith("_") and callable(getattr(_kind, name))}


def call_pure(fn, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """Run a pure function on real constants; an exception it raises is the program's."""
    from compiler.values.program_dunders import refuse_program_dunders
    refuse_program_dunders(fn, args, kwargs)  # (a constant with a program's dunders: refused)
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        raise RaisedByProgram(exc) from None


# Sizes the ShapeEnv tracks: as a constant, one is specialised (guarded equal to its value).
SYMBOLIC_TYPES = (torch.SymInt, torch.SymBool, torch.SymFloat)
_SPECIALISED = {torch.SymInt: int, torch.SymBool: bool, torch.SymFloat: float}


# Installed by the modules that build on this one: `member.name` of an enum member
# ("enum_member_attribute", stdlib_enum.py), `str.format` with arguments that are objects
# ("format_with_objects", stdlib_string.py), the typing objects ("is_typing_object",
# typing_values.py).
HOOKS: dict[str, Any] = {}

CLASS_NAMES = {"__name__", "__qualname__", "__module__"}
Py_TPFLAGS_HEAPTYPE = 1 << 9


def _is_builtin_type(cls: type) -> bool:
    """A static (non-heap) type: its attributes cannot be set, so reading them is exact."""
    return not cls.__flags__ & Py_TPFLAGS_HEAPTYPE


class ConstantValue(Value):
    def __init__(self, value: Any, source=None):
        super().__init__(source)
        if type(value) in _SPECIALISED:
            value = _SPECIALISED[type(value)](value)
        self.value = value

    def reconstruct(self, plan) -> str:
        return plan.constant(self.value)

    def __repr__(self) -> str:
        return f"ConstantValue({self.value!r})"

    def as_fx_argument(self, part: str) -> Any:
        return self.value

    def python_type(self) -> type:
        return type(self.value)

    def is_constant(self) -> bool:
        return True

    def as_constant(self) -> Any:
        return self.value

    def bool(self, tx) -> bool:
        return bool(self.value)

    def len(self, tx) -> int:
        return call_pure(len, [self.value], {})

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        items = call_pure(list, [self.value], {})
        return SequenceIteratorValue([registry.wrap_constant(i) for i in items],
                                     kind=type(iter(self.value)))

    def getitem(self, tx, key: Value) -> Value:
        if key.dunder_class() is not None and isinstance(self.value, (str, bytes, range)):
            key = registry.wrap_constant(index_of(tx, key))  # a user object's __index__
        return registry.wrap_constant(
            call_pure(lambda a, b: a[b], [self.value, key.as_constant()], {}))

    def contains(self, tx, item: Value) -> bool:
        return call_pure(lambda a, b: b in a, [self.value, item.as_constant()], {})

    def call(self, tx, args, kwargs) -> Value:
        if not callable(self.value):  # `sorted(xs, key=1)`, `None()`
            name = type(self.value).__name__
            raise RaisedByProgram(TypeError(f"'{name}' object is not callable"))
        return super().call(tx, args, kwargs)

    def has_attribute(self, tx, name: str) -> bool:
        """The real constant decides (its value and type are guarded, or made in the trace);
        an enum member's class and instance dict may change: guarded (stdlib_enum.py)."""
        if isinstance(self.value, enum.Enum):
            return HOOKS["enum_member_has_attribute"](tx, self, name)
        return hasattr(self.value, name)

    def getattr(self, tx, name: str) -> Value:
        value = self.value
        if not hasattr(value, name):
            raise RaisedByProgram(AttributeError(f"{type(value).__name__!r} object has no "
                                                 f"attribute {name!r}"))
        if name == "__class__":
            return registry.class_value(type(value))  # late-bound: objects.py imports constants
        allowed = PURE_METHODS.get(type(value), set())
        if name in allowed:
            return BoundConstantMethodValue(value, name)
        if isinstance(value, enum.Enum):  # installed by stdlib_enum.py, which imports this
            return HOOKS["enum_member_attribute"](tx, self, name)
        if isinstance(value, (torch.dtype, torch.device, slice, range, complex, int, float,
                              torch.finfo, torch.iinfo, type(sys.version_info),
                              dataclasses.Field)):
            if not name.startswith("__"):
                attribute = getattr(value, name)
                if type(attribute) is types.MappingProxyType:  # a field's metadata: read only
                    return ConstantValue(attribute)
                if not callable(attribute) or (isinstance(value, dataclasses.Field) and (
                        isinstance(attribute, type) or _is_typing(attribute))):
                    return registry.wrap_constant(attribute)  # a field's type: its class
        if isinstance(value, type) and name in CLASS_NAMES and _is_builtin_type(value):
            return registry.wrap_constant(getattr(value, name))  # immutable on builtin types
        if isinstance(value, TYPING_CONSTANTS) and name in TYPING_ATTRIBUTES:
            return registry.wrap_constant(getattr(value, name))
        if name == "__iter__" and type(value) in (str, bytes, range, tuple, frozenset):
            from compiler.values.iterators import IterMethodValue
            return IterMethodValue(self)  # calling it is `iter(value)`: a fresh iterator
        raise Unsupported(f"attribute {name!r} of constant {value!r}",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)


def _is_typing(obj: Any) -> bool:
    """A typing object of the standard library (`Optional[float]`, a field's annotation);
    typing_values.py installs the test of its own kinds as HOOKS["is_typing_object"]."""
    own = HOOKS.get("is_typing_object")
    return is_typing_constant(obj) or (own is not None and own(obj))


def index_of(tx, value: Value) -> int:
    """`operator.index(value)` of a user object: its class's `__index__`, traced; an int (a
    subclass of int is taken as its int value, as CPython does with a warning)."""
    cls = value.dunder_class()
    method = registry.class_attribute(tx, cls, "__index__", value)
    if method is None:
        raise RaisedByProgram(TypeError(f"'{cls.__name__}' object cannot be interpreted as an "
                                        f"integer"))
    result = method.call(tx, [], {})
    answer = result.as_constant() if result.is_constant() else None
    if not isinstance(answer, int):
        kind = type(answer).__name__ if result.is_constant() else "not a constant"
        if not result.is_constant():
            raise Unsupported("an __index__ result that is not a constant",
                              BreakReason.UNSUPPORTED_VALUE)
        raise RaisedByProgram(TypeError(f"__index__ returned non-int (type {kind})"))
    return int(answer)


class BoundConstantMethodValue(Value):
    """A pure method of a constant (`"a,b".split`), evaluated at trace time."""

    def __init__(self, obj: Any, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.bind(self.obj)}.{self.name}")

    def call(self, tx, args, kwargs) -> Value:
        is_plain, copied = registry.is_plain, registry.plain
        if self.name == "format" and type(self.obj) is str and not all(
                is_plain(a) for a in [*args, *kwargs.values()]):
            return HOOKS["format_with_objects"](tx, self.obj, args, kwargs)
        if self.name == "join" and isinstance(self.obj, (str, bytes)) and len(args) == 1:
            plain = [[i.as_constant() for i in args[0].unpack(tx)]]
        else:  # lists and dicts of constants as fresh copies (str.format reads `{0[1]}`)
            plain = [copied(a) if is_plain(a) else a.as_constant() for a in args]
        named = {k: copied(v) if is_plain(v) else v.as_constant() for k, v in kwargs.items()}
        result = call_pure(getattr(self.obj, self.name), plain, named)
        if type(self.obj) is collections.Counter and self.name == "elements":
            from compiler.values.iterators import SequenceIteratorValue  # a fresh chain of
            return SequenceIteratorValue([registry.wrap_constant(i) for i in result],  # keys
                                         kind=type(result))
        if type(self.obj) is collections.Counter and self.name in ("keys", "values", "items"):
            return CounterViewValue(result)
        return registry.wrap_constant(result)


class CounterViewValue(ConstantValue):
    """`counter.values()` (keys, items) of a Counter constant: a live view of the trace's own
    Counter, read by pure functions at trace time as the program reads it; never rebuilt
    (the call's Counter is another object)."""

    def reconstruct(self, plan) -> str:
        raise Unsupported("a Counter's view as an output of the compiled code",
                          BreakReason.UNSUPPORTED_VALUE)

    def hash_key(self):
        raise RaisedByProgram(TypeError(f"unhashable type: '{type(self.value).__name__}'"))
