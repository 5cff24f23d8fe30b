"""Instances of tuple subclasses that are not named tuples (`class Pair(tuple)`, with or
without a `__new__` of its own reaching `super().__new__(cls, items)`), made in the trace.

They are tuples whose class is the program's: a NamedTupleValue without fields, so the class's
methods and its overrides of `__getitem__`, `__len__`, `__contains__` and the operators run as
the program's code, tuple's own read the items, and the instance dict is tracked as an
object's. `==` runs the class's `__eq__` when it has one. Never a constant (its class's code
must not run outside the trace), it is made again past the class's `__new__`.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.named_tuples import NamedTupleValue, rebuilt_named_tuple
from compiler.values.objects import ClassValue

_HEAP_TYPE = 1 << 9
# Dunders whose override makes `==`, hashing and the operators ask the class.
_OWN_COMPARISON = ("__eq__", "__ne__", "__hash__")


class TupleObjectValue(NamedTupleValue):
    """A tuple subclass instance made in the trace (see the module's note)."""

    def _fields(self) -> tuple[str, ...]:
        return ()

    def dunder_class(self) -> type | None:
        if any(find_in_mro(self.cls, name)[0] not in (tuple, object)
               for name in _OWN_COMPARISON):
            return self.cls
        return super().dunder_class()

    def is_constant(self) -> bool:
        return False

    def hash_key(self) -> Any:
        """tuple's hash and `==` (by the items), else refused: a class's own `__eq__` decides
        which keys are equal, which a stand-in key does not know."""
        if any(find_in_mro(self.cls, name)[0] is not tuple for name in _OWN_COMPARISON):
            raise Unsupported(f"{self.cls.__qualname__} objects as dict keys or set members "
                              f"(custom __hash__/__eq__)", BreakReason.UNSUPPORTED_VALUE)
        return super().hash_key()

    def as_constant(self) -> Any:
        raise Unsupported(f"a {self.cls.__qualname__} made in the trace as a constant",
                          BreakReason.UNSUPPORTED_VALUE)

    def reconstruct(self, plan) -> str:
        attrs = ", ".join(f"{name!r}: {plan.expr(v)}" for name, v in self.attrs.items())
        return plan.temp(f"{plan.bind(rebuilt_named_tuple)}({plan.bind(self.cls)}, "
                         f"({plan.items(self.items)}), {{{attrs}}})")


def new_tuple(tx, cls: type, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`tuple.__new__(cls, iterable=())` for a plain subclass: its items, as tuple() reads
    them; CPython's errors for keywords (when the class keeps object's `__init__`) and extra
    arguments."""
    if kwargs:
        if find_in_mro(cls, "__init__")[0] is object:
            raise RaisedByProgram(TypeError("tuple() takes no keyword arguments"))
        raise Unsupported(f"{cls.__qualname__}() with keyword arguments",
                          BreakReason.UNSUPPORTED_CALL)
    if len(args) > 1:
        raise RaisedByProgram(TypeError(f"tuple expected at most 1 argument, got {len(args)}"))
    return TupleObjectValue(cls, args[0].unpack(tx) if args else [])


def is_plain_tuple_subclass(cls: type) -> bool:
    """A proper subclass of tuple, not a named tuple or structseq, whose other classes are
    written in Python (no `__slots__`) and whose metaclass keeps `type.__call__`."""
    if not issubclass(cls, tuple) or cls is tuple or hasattr(cls, "_fields") or (
            cls.__module__.startswith("torch")):
        return False
    python = [k for k in cls.__mro__ if k not in (tuple, object)]
    return all(k.__flags__ & _HEAP_TYPE and "__slots__" not in vars(k) for k in python) and (
        find_in_mro(type(cls), "__call__")[0] is type)


def _tuple_new_handler(original):
    def handler(tx, cls_value=None, *args, **kwargs):
        if isinstance(cls_value, ClassValue) and is_plain_tuple_subclass(cls_value.cls):
            return new_tuple(tx, cls_value.cls, list(args), kwargs)
        if original is None:
            return NotImplemented
        return original(tx, *([] if cls_value is None else [cls_value]), *args, **kwargs)
    return handler


BUILTIN_HANDLERS[tuple.__new__] = _tuple_new_handler(BUILTIN_HANDLERS.get(tuple.__new__))
