"""`types` in a trace: `types.MethodType(function, obj)` binds a traced callable to an object
(contextlib.ExitStack binds each context manager's `__exit__` so)."""

from __future__ import annotations

import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.attributes import is_callable
from compiler.values.base import RaisedByProgram
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.callables import UserMethodValue


def _method_type(tx, function, obj, *rest, **kwargs):
    if rest or kwargs:
        raise Unsupported("types.MethodType with more arguments", BreakReason.UNSUPPORTED_CALL)
    if not is_callable(function):
        raise RaisedByProgram(TypeError("first argument must be callable"))
    if obj.is_constant() and obj.as_constant() is None:
        raise RaisedByProgram(TypeError("instance must not be None"))
    return UserMethodValue(function, obj)


HANDLERS = {types.MethodType: _method_type}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
