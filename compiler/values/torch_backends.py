"""`torch.backends`: flags are global state read now and guarded by value; availability
queries (`is_available()`, `is_built()`, `version()`) are fixed for the process and answered at
trace time; other plain Python functions (`torch.backends.mha.get_fastpath_enabled`, which reads
a module global) are traced like user functions, guarded by identity through their attribute;
anything else there (builtin flag setters, `flags(...)` context managers) is refused.
"""

from __future__ import annotations

import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource
from compiler.values import registry
from compiler.values.base import HeldCallableValue, RaisedByProgram, Value
from compiler.values.constant import FLAG_TYPES, ConstantValue, call_pure

PREFIX = "torch.backends"
PROCESS_QUERIES = ("is_available", "is_built", "version")


def is_backend_object(obj: Any) -> bool:
    """A torch.backends module (plain or a PropModule) or one of its flag objects
    (`torch.backends.cuda.matmul`)."""
    if isinstance(obj, types.ModuleType):
        name = getattr(obj, "__name__", "")
    elif isinstance(obj, (type, types.FunctionType, types.MethodType)):
        return False
    else:
        name = type(obj).__module__ or ""
    return name == PREFIX or name.startswith(PREFIX + ".")


class BackendValue(Value):
    def __init__(self, obj: Any, source=None):
        super().__init__(source)
        self.obj = obj

    def __repr__(self) -> str:
        return f"BackendValue({getattr(self.obj, '__name__', type(self.obj).__name__)})"

    def python_type(self) -> type:
        return type(self.obj)

    def _live_source(self, tx):
        return ConstantSource(tx.ctx.label_for(self.obj, "backend"), self.obj)

    def getattr(self, tx, name: str) -> Value:
        try:
            real = getattr(self.obj, name)
        except AttributeError as exc:
            raise RaisedByProgram(exc) from None
        if type(real) in FLAG_TYPES:
            source = AttrSource(self._live_source(tx), name)
            tx.ctx.guard(source, GuardKind.EQUALS, real)
            return ConstantValue(real, source)
        if is_backend_object(real):
            return BackendValue(real)
        if callable(real) and getattr(real, "__name__", None) in PROCESS_QUERIES:
            return ProcessQueryValue(real)
        if isinstance(real, type):
            return registry.wrap(tx.ctx, real, None)
        if isinstance(real, types.FunctionType):  # a Python getter/setter: traced, not run
            from compiler.values.callables import UserFunctionValue
            source = AttrSource(self._live_source(tx), name)
            tx.ctx.guard(source, GuardKind.ID, real)
            return UserFunctionValue(real, source)
        raise Unsupported(f"torch.backends attribute {name!r} ({type(real).__name__})",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)


class ProcessQueryValue(HeldCallableValue):
    """`torch.backends.X.is_available` and the like: what the build and machine offer."""

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise Unsupported(f"{self.fn.__qualname__} with arguments",
                              BreakReason.UNSUPPORTED_CALL)
        return ConstantValue(call_pure(self.fn, [], {}))
