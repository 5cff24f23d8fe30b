"""The builtin `object` called in a trace: `object()` (a sentinel, equal only to itself, as
heapq.nlargest and programs make) and `object.__new__(cls)` (a bare instance of a class written
in Python, as a metaclass's `__call__` or a class's `__new__` makes it, `__init__` not run)."""

from __future__ import annotations

import abc

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.objects import ClassValue, ObjectValue

_HEAP_TYPE = 1 << 9


class SentinelValue(ObjectValue):
    """`object()` made in the trace: no attributes of its own."""

    def __init__(self):
        super().__init__(object)

    def setattr(self, tx, name: str, value: Value) -> None:
        raise RaisedByProgram(AttributeError(f"'object' object has no attribute {name!r}"))

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.bind(object)}()")


def _object(tx, *args, **kwargs):
    if args or kwargs:
        raise RaisedByProgram(TypeError("object() takes no arguments"))
    return SentinelValue()


def _object_new(tx, cls_value=None, *args, **kwargs):
    """`object.__new__(cls, ...)`, with CPython's checks of the extra arguments."""
    if cls_value is None:
        raise RaisedByProgram(TypeError("object.__new__(): not enough arguments"))
    if not isinstance(cls_value, ClassValue):
        raise Unsupported(f"object.__new__ of {cls_value}", BreakReason.UNSUPPORTED_CALL)
    cls = cls_value.cls
    if cls is object:
        return _object(tx)
    if not all(k.__flags__ & _HEAP_TYPE for k in cls.__mro__[:-1]) or type(cls).__new__ not in (
            type.__new__, abc.ABCMeta.__new__):
        raise Unsupported(f"object.__new__({cls.__qualname__})", BreakReason.UNSUPPORTED_CALL)
    if getattr(cls, "__abstractmethods__", None):  # CPython's TypeError, with its text
        try:
            object.__new__(cls)
        except TypeError as error:
            raise RaisedByProgram(error) from None
        raise Unsupported(f"object.__new__({cls.__qualname__}) of a class with abstract "
                          f"methods", BreakReason.UNSUPPORTED_CALL)
    if args or kwargs:
        if cls.__new__ is not object.__new__:
            raise RaisedByProgram(TypeError("object.__new__() takes exactly one argument (the "
                                            "type to instantiate)"))
        if cls.__init__ is object.__init__:
            raise RaisedByProgram(TypeError(f"{cls.__name__}() takes no arguments"))
    return ObjectValue(cls)


BUILTIN_HANDLERS.update({object: _object, object.__new__: _object_new})
