"""`sys` in a trace: `sys.exc_info()`, the exception being handled.

Inside the trace, the innermost frame of it that handles an exception gives that exception: its
type, the exception's tracker, and its traceback, which the trace does not model (any use of it
is refused). A generator frame on the way, or an exception the trace does not hold, is refused.
Otherwise it is the exception handled where the compiled code was called (the trace runs in that
call): none, guarded (compiler/guards/exception_state.py), else refused.
`contextlib.ExitStack.__exit__` reads it.
"""

from __future__ import annotations

import sys

from compiler.errors import BreakReason, Unsupported
from compiler.guards.exception_state import NoHandledExceptionGuard
from compiler.values.base import Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.containers import TupleValue
from compiler.values.exception_context import UNKNOWN, handled_tracker


class TracebackValue(Value):
    """The traceback of an exception the trace handles: not modelled, so any use refuses."""

    def __repr__(self) -> str:
        return "TracebackValue()"


def _exc_info(tx):
    from compiler.values import registry
    from compiler.values.exceptions import ExceptionValue
    handled = handled_tracker(tx)
    if handled is UNKNOWN:
        raise Unsupported("sys.exc_info() in a generator of the trace",
                          BreakReason.UNSUPPORTED_CALL)
    if handled is not None:
        if not isinstance(handled, ExceptionValue):
            raise Unsupported(f"sys.exc_info() while the trace handles {handled}",
                              BreakReason.UNSUPPORTED_CALL)
        return TupleValue([registry.class_value(type(handled.exc)), handled,
                           TracebackValue(None)])
    if sys.exc_info()[1] is not None:  # the trace runs in the call: what its callers handle
        raise Unsupported("sys.exc_info() in code called while an exception is handled",
                          BreakReason.UNSUPPORTED_CALL)
    tx.ctx.add_guard(NoHandledExceptionGuard(None))
    return TupleValue([ConstantValue(None), ConstantValue(None), ConstantValue(None)])


HANDLERS = {sys.exc_info: _exc_info}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
