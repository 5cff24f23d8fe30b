"""`fn.__get__` of a Python function: `fn.__get__(obj[, type])` is the method bound to obj;
`fn.__get__(None, C)` is fn itself. The bound-method kind is handed in by callables.py (which
makes this value), so that this module imports nothing of the trackers."""

from __future__ import annotations

from collections.abc import Callable

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value


def _is_none(value: Value) -> bool:
    return value.is_constant() and value.as_constant() is None


class FunctionGetValue(Value):
    def __init__(self, function: Value, bind: Callable[[Value, Value], Value]):
        super().__init__(None)
        self.function, self.bind = function, bind

    def call(self, tx, args, kwargs) -> Value:
        if kwargs or not 1 <= len(args) <= 2:
            raise Unsupported("function.__get__ with these arguments",
                              BreakReason.UNSUPPORTED_CALL)
        if _is_none(args[0]):
            if len(args) == 1 or _is_none(args[1]):  # CPython: TypeError
                raise Unsupported("function.__get__(None, None)", BreakReason.UNSUPPORTED_CALL)
            return self.function
        return self.bind(self.function, args[0])
