"""Immutable Python constants: None, bool, int, float, complex, str, bytes, slices, ranges,
dtypes, devices, and anything else whose value the compiler specialises on.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import sys
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
    collections.Counter: {"most_common", "total", "elements", "keys", "values", "items", "get",
                          "__getitem__", "__contains__", "__len__"},
    torch.dtype: {"to_real", "to_complex"},
}


def plain(value) -> Any:
    """A real Python object equal to `value`, for pure functions: containers of constants are
    copied into fresh lists, dicts and sets (the function may not keep them)."""
    from compiler.values.containers import DictValue, ListValue, SetValue
    if isinstance(value, ListValue):
        return [plain(item) for item in value.items]
    if isinstance(value, DictValue):
        return {plain(k): plain(v) for k, v in value.entries.values()}
    if isinstance(value, SetValue) and not value.frozen:
        return {plain(item) for item in value.members.values()}
    return value.as_constant()


def is_plain(value) -> bool:
    from compiler.values.containers import DictValue, ListValue, SetValue
    # Only a list or a dict is copied exactly by `plain`: a deque, an OrderedDict or a
    # defaultdict would reach the pure function as a list or a dict of another type.
    if isinstance(value, ListValue):
        return value.python_type() is list and all(is_plain(item) for item in value.items)
    if isinstance(value, DictValue):
        return value.cls is dict and all(is_plain(k) and is_plain(v)
                                         for k, v in value.entries.values())
    if isinstance(value, SetValue):
        return value.is_constant()
    return value.is_constant()


def call_pure(fn, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """Run a pure function on real constants; an exception it raises is the program's."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        raise RaisedByProgram(exc) from None


# Sizes the ShapeEnv tracks: as a constant, one is specialised (guarded equal to its value).
SYMBOLIC_TYPES = (torch.SymInt, torch.SymBool, torch.SymFloat)
_SPECIALISED = {torch.SymInt: int, torch.SymBool: bool, torch.SymFloat: float}


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
        return registry.wrap_constant(
            call_pure(lambda a, b: a[b], [self.value, key.as_constant()], {}))

    def contains(self, tx, item: Value) -> bool:
        return call_pure(lambda a, b: b in a, [self.value, item.as_constant()], {})

    def has_attribute(self, tx, name: str) -> bool:
        """The real constant decides (its value and type are guarded, or made in the trace)."""
        return hasattr(self.value, name)

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.callables import BoundConstantMethodValue
        value = self.value
        if not hasattr(value, name):
            raise RaisedByProgram(AttributeError(f"{type(value).__name__!r} object has no "
                                                 f"attribute {name!r}"))
        if name == "__class__":
            from compiler.values.objects import ClassValue
            return ClassValue(type(value))
        allowed = PURE_METHODS.get(type(value), set())
        if name in allowed:
            return BoundConstantMethodValue(value, name)
        if isinstance(value, enum.Enum) and name in ("name", "value"):
            return registry.wrap_constant(getattr(value, name))
        if isinstance(value, (torch.dtype, torch.device, slice, range, complex, int, float,
                              torch.finfo, torch.iinfo, type(sys.version_info),
                              dataclasses.Field)):
            if not name.startswith("__"):
                attribute = getattr(value, name)
                if not callable(attribute):
                    return registry.wrap_constant(attribute)
        raise Unsupported(f"attribute {name!r} of constant {value!r}",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
