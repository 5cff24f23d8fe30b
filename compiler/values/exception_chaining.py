"""The program assigning an exception's chaining attributes, and the tracebacks it handles.

`__cause__` and `__context__` take None or an exception object (a class, or anything else,
raises CPython's TypeError); setting the cause also sets `__suppress_context__`, which itself
takes a bool only. The context goes into the trace's record of `__context__`
(compiler/values/exception_context.py), which is what later reads and a later raise's cycle cut
follow. `__traceback__` takes None (the exception has no traceback until it is raised again) or
a traceback the trace handed out (a `with` block's exit giving one back, as contextlib's does);
whether a traceback exists is known, the traceback itself is not modelled.
"""

from __future__ import annotations

import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value

CHAIN_ATTRIBUTES = ("__cause__", "__context__", "__suppress_context__", "__traceback__")
_MESSAGES = {
    "__cause__": "exception cause must be None or derive from BaseException",
    "__context__": "exception context must be None or derive from BaseException",
    "__suppress_context__": "attribute value type must be bool",
    "__traceback__": "__traceback__ must be a traceback or None",
}


class ExceptionTracebackValue(Value):
    """The traceback of an exception raised in the trace (what a `with` block's exit gets):
    a real traceback, never None; any use but handing it back to an exception is refused."""

    def __init__(self, exc: BaseException):
        super().__init__(None)
        self.exc = exc

    def python_type(self) -> type:
        return types.TracebackType

    def __repr__(self) -> str:
        return f"ExceptionTracebackValue({type(self.exc).__name__})"


def _is_none(value: Value) -> bool:
    return value.is_constant() and value.as_constant() is None


def _kind(value: Value) -> type | None:
    try:
        return value.python_type()
    except Unsupported:
        return None


def _refuse_or_raise(name: str, value: Value, allowed: type) -> None:
    """`value` is not one the trace models for `name`: refused when it may be an `allowed`
    object after all, else CPython's TypeError."""
    kind = _kind(value)
    if kind is None or issubclass(kind, allowed):
        raise Unsupported(f"setting {name} of an exception to {value}", BreakReason.SIDE_EFFECT)
    raise RaisedByProgram(TypeError(_MESSAGES[name]))


def assign(tx, target, name: str, value: Value) -> None:
    """`target.name = value` for one of CHAIN_ATTRIBUTES (target: an ExceptionValue, the class
    of every exception's tracker: exceptions.py imports this module, not the other way)."""
    exc, records = target.exc, tx.ctx.exception_contexts
    if name == "__traceback__":
        set_traceback(tx, target, value)
    elif name == "__suppress_context__":
        if not (value.is_constant() and type(value.as_constant()) is bool):
            _refuse_or_raise(name, value, bool)
        exc.__suppress_context__ = value.as_constant()
    elif not (_is_none(value) or isinstance(value, type(target))):
        _refuse_or_raise(name, value, BaseException)
    elif name == "__cause__":
        exc.__cause__ = None if _is_none(value) else value.exc  # suppresses the context too
    else:
        context = None if _is_none(value) else value.exc
        exc.__context__ = context  # (the real object too: rebuilding it is then refused)
        records.assign(exc, context)


def set_traceback(tx, target, value: Value) -> None:
    """`exc.__traceback__ = value`, also `exc.with_traceback(value)`."""
    records = tx.ctx.exception_contexts
    if _is_none(value):
        target.exc.__traceback__ = None
        records.set_traceback(target.exc, False)
    elif isinstance(value, ExceptionTracebackValue):
        records.set_traceback(target.exc, True)
    else:
        _refuse_or_raise("__traceback__", value, types.TracebackType)


def read_traceback(tx, target) -> Value:
    """`exc.__traceback__`: None for one never raised (or set to None since); a traceback that
    exists is not modelled."""
    from compiler.values import registry

    if tx.ctx.exception_contexts.has_traceback(target.exc):
        raise Unsupported("the traceback of a raised exception", BreakReason.UNSUPPORTED_ATTRIBUTE)
    return registry.wrap_constant(None)
