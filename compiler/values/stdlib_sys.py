"""`sys` in a trace: `sys.exc_info()`, the exception being handled.

Inside the trace, a frame of it (or one it was called from) that handles an exception would
give that exception with its traceback, which the trace does not model: refused. Otherwise it
is the exception handled where the compiled code was called (the trace runs in that call):
none, guarded (compiler/guards/exception_state.py), else refused.
`contextlib.ExitStack.__exit__` reads it.
"""

from __future__ import annotations

import sys

from compiler.errors import BreakReason, Unsupported
from compiler.guards.exception_state import NoHandledExceptionGuard
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.containers import TupleValue


def _exc_info(tx):
    frame = tx
    while frame is not None:
        if frame.exc_stack:
            raise Unsupported("sys.exc_info() while the traced code handles an exception",
                              BreakReason.UNSUPPORTED_CALL)
        frame = frame.parent
    if sys.exc_info()[1] is not None:  # the trace runs in the call: what its callers handle
        raise Unsupported("sys.exc_info() in code called while an exception is handled",
                          BreakReason.UNSUPPORTED_CALL)
    tx.ctx.add_guard(NoHandledExceptionGuard(None))
    return TupleValue([ConstantValue(None), ConstantValue(None), ConstantValue(None)])


HANDLERS = {sys.exc_info: _exc_info}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
