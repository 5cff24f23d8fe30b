"""`inspect.signature(f)` of a plain Python function or of a method bound to one: computed by
`inspect.signature` on the real function, guarded on what decides it (the function's code and
defaults by identity, and no `__wrapped__` or `__signature__` in its `__dict__`). Only the
parameter names are exposed (`sig.parameters`: len, iteration, `in`); anything else, and any
other callable, is refused.
"""

from __future__ import annotations

import inspect
import types

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue


def _refuse(what: str) -> Unsupported:
    return Unsupported(f"inspect.signature {what}", BreakReason.UNSUPPORTED_CALL)


def _signature(tx, target, *rest, **kwargs):
    from compiler.values.callables import UserFunctionValue, UserMethodValue
    if rest or kwargs:
        raise _refuse("with options")
    bound = isinstance(target, UserMethodValue)
    function = target.function if bound else target
    fn = function.fn if isinstance(function, UserFunctionValue) else None
    if type(fn) is not types.FunctionType or function.attributes:
        raise _refuse(f"of {target}")
    source = function._fn_source(tx.ctx)
    function.guard_code(tx.ctx)
    for name in ("__defaults__", "__kwdefaults__"):
        tx.ctx.guard(AttrSource(source, name), GuardKind.ID, getattr(fn, name))
    for name in ("__wrapped__", "__signature__"):
        present = name in fn.__dict__
        tx.ctx.guard(source, GuardKind.INSTANCE_ATTR, (name, present))
        if present:
            raise _refuse(f"of a function with {name}")
    real = types.MethodType(fn, object()) if bound else fn
    return SignatureValue(list(inspect.signature(real).parameters))


class SignatureValue(Value):
    def __init__(self, names: list[str]):
        super().__init__(None)
        self.names = names

    def python_type(self) -> type:
        return inspect.Signature

    def getattr(self, tx, name: str) -> Value:
        if name == "parameters":
            return ParameterNamesValue(self.names)
        raise _refuse(f"attribute {name!r}")


class ParameterNamesValue(Value):
    """`sig.parameters` (a mappingproxy), by its keys only."""

    def __init__(self, names: list[str]):
        super().__init__(None)
        self.names = names

    def python_type(self) -> type:
        return types.MappingProxyType

    def len(self, tx) -> int:
        return len(self.names)

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        return SequenceIteratorValue([ConstantValue(n) for n in self.names])

    def contains(self, tx, item: Value) -> bool:
        return item.as_constant() in self.names

    def getitem(self, tx, key: Value) -> Value:
        if key.as_constant() not in self.names:
            raise RaisedByProgram(KeyError(key.as_constant()))
        raise _refuse("Parameter objects")

    def getattr(self, tx, name: str) -> Value:
        raise _refuse(f"parameters.{name}")


HANDLERS = {inspect.signature: _signature}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
