"""`types` in a trace: `types.MethodType(function, obj)` binds a traced callable to an object
(contextlib.ExitStack binds each context manager's `__exit__` so). Importing this module also
imports typing_values (how typing objects are wrapped) and pytree_model (torch.utils._pytree's
functions)."""

from __future__ import annotations

import types

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.values import (  # noqa: F401 - they register their wrappers and handlers
    pytree_model,
    typing_values,
)
from compiler.values.attributes import is_callable
from compiler.values.base import RaisedByProgram
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.callables import UserMethodValue
from compiler.values.wrap import BY_EXACT_TYPE


def _method_type(tx, function, obj, *rest, **kwargs):
    if rest or kwargs:
        raise Unsupported("types.MethodType with more arguments", BreakReason.UNSUPPORTED_CALL)
    if not is_callable(function):
        raise RaisedByProgram(TypeError("first argument must be callable"))
    if obj.is_constant() and obj.as_constant() is None:
        raise RaisedByProgram(TypeError("instance must not be None"))
    return UserMethodValue(function, obj)


def _wrap_typing_object(ctx, obj, source):
    """A typing object reached from a source (`typing.List`, a module's alias, a TypeVar):
    guarded by identity; typing never changes one (typing_values.py)."""
    ctx.guard(source, GuardKind.ID, obj)
    return typing_values.TypingValue(obj, source)


HANDLERS = {types.MethodType: _method_type}
for _kind in typing_values.TYPING_TYPES:  # how wrap.py wraps a typing object
    BY_EXACT_TYPE.setdefault(_kind, _wrap_typing_object)

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
