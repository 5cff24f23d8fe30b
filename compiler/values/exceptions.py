"""Exception objects in a trace: made by the program (arguments are constants) or raised by
the operations it traced. Each holds the real exception object, whose state (args, attributes
a user `__init__` set, the cause `raise ... from` gave it) answers the program's questions.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import Value

# Builtin exceptions whose whole state is their args: an instance of a subclass is rebuilt as
# the base's __new__ with the same args plus the instance dict (the user __init__ is not run
# again; it already ran in the trace).
ARGS_ONLY = {BaseException, Exception, ValueError, TypeError, RuntimeError, KeyError,
             IndexError, LookupError, ArithmeticError, ZeroDivisionError, AssertionError,
             NotImplementedError, RecursionError, OverflowError, FloatingPointError,
             BufferError, EOFError, MemoryError, ReferenceError, Warning, UserWarning,
             DeprecationWarning, RuntimeWarning}
IMMUTABLE = (type(None), bool, int, float, complex, str, bytes)


def _new_exception(base: type, cls: type, args: tuple, attrs: dict) -> BaseException:
    exc = base.__new__(cls, *args)
    exc.__dict__.update(attrs)
    return exc


class ExceptionValue(Value):
    """An exception object of the trace; `raised`: it was raised (so it has a traceback)."""

    def __init__(self, exc: BaseException, raised: bool = False):
        super().__init__(None)
        self.exc = exc
        self.raised = raised

    def reconstruct(self, plan) -> str:
        """A fresh exception object on each call, equal in type, args and attributes."""
        exc = self.exc
        if self.raised or exc.__cause__ is not None or exc.__context__ is not None:
            raise Unsupported("an exception that was raised (its traceback and context) "
                              "leaving the compiled code", BreakReason.UNSUPPORTED_VALUE)
        attrs = dict(vars(exc)) if hasattr(exc, "__dict__") else {}
        if not (_immutable(exc.args) and _immutable(tuple(attrs.values()))):
            raise Unsupported("an exception holding mutable objects leaving the compiled code",
                              BreakReason.UNSUPPORTED_VALUE)
        cls = type(exc)
        base = _builtin_base(cls)
        if base is cls and not attrs and base in ARGS_ONLY:
            return plan.temp(f"{plan.bind(cls)}(*{plan.bind(exc.args)})")
        if base not in ARGS_ONLY or any("__new__" in vars(k) for k in _user_classes(cls)):
            raise Unsupported(f"rebuilding a {cls.__qualname__} exception (its state is more "
                              "than its args)", BreakReason.UNSUPPORTED_VALUE)
        return plan.temp(f"{plan.bind(_new_exception)}({plan.bind(base)}, {plan.bind(cls)}, "
                         f"{plan.bind(exc.args)}, {plan.bind(attrs)})")

    def python_type(self) -> type:
        return type(self.exc)

    def as_constant(self) -> Any:
        return self.exc

    def getattr(self, tx, name: str) -> Value:
        exc = self.exc
        if name == "args":
            return registry.wrap_constant(exc.args)
        if name in getattr(exc, "__dict__", {}):  # set by a user exception's __init__
            return registry.wrap_constant(exc.__dict__[name])
        if name == "__cause__":  # set by `raise ... from` only (never implicitly)
            cause = exc.__cause__
            return registry.wrap_constant(None) if cause is None else ExceptionValue(cause, True)
        if name == "value" and isinstance(exc, StopIteration):  # a constant (a generator
            return registry.wrap_constant(exc.value)  # returning a traced value is refused)
        if name == "__context__":  # as CPython chains it (compiler/values/exception_context.py)
            context = tx.ctx.exception_contexts.context_of(tx, exc)
            return ExceptionValue(context, True) if context else registry.wrap_constant(None)
        if name == "__suppress_context__":
            return registry.wrap_constant(exc.__suppress_context__)
        raise Unsupported(f"attribute {name!r} of an exception", BreakReason.UNSUPPORTED_ATTRIBUTE)


    def setattr(self, tx, name: str, value: Value) -> None:
        if name == "__traceback__":  # contextlib's __exit__ giving back the traceback: never
            return  # observed here (reading __traceback__ is refused)
        super().setattr(tx, name, value)


def _immutable(values: tuple) -> bool:
    return all(type(v) in IMMUTABLE or type(v) is tuple and _immutable(v) for v in values)


def _builtin_base(cls: type) -> type:
    return next(k for k in cls.__mro__ if k.__module__ == "builtins")


def _user_classes(cls: type) -> list[type]:
    return [k for k in cls.__mro__ if k.__module__ != "builtins"]
