"""`inspect.signature(f)` of a plain Python function or of a method bound to one: computed by
`inspect.signature` on the real function, guarded on what decides it (the function's code and
defaults by identity, and no `__wrapped__` or `__signature__` in its `__dict__`). Exposed:
`sig.parameters` (len, iteration, `in`, keys/values/items/get, lookup by name) and each
parameter's name, kind, default and annotation when those are constants or classes; anything
else, and any other callable, is refused.
"""

from __future__ import annotations

import inspect
import types

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values import (  # noqa: F401 - they register their wrappers
    c_descriptors,
    python_descriptors,
)
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
    signature = inspect.signature(real)
    return SignatureValue(signature.parameters, signature)


class SignatureValue(Value):
    def __init__(self, parameters, signature: inspect.Signature):
        super().__init__(None)
        self.parameters = dict(parameters)
        self.signature = signature

    def python_type(self) -> type:
        return inspect.Signature

    def getattr(self, tx, name: str) -> Value:
        if name == "parameters":
            return ParametersValue(self.parameters)
        if name in ("bind", "bind_partial"):  # inspect_bound_arguments.py
            from compiler.values.native import BoundContainerMethodValue
            return BoundContainerMethodValue(self, name)
        raise _refuse(f"attribute {name!r}")

    def call_method(self, tx, name, args, kwargs) -> Value:
        from compiler.values.inspect_bound_arguments import bind
        if name not in ("bind", "bind_partial"):
            raise _refuse(f"method {name!r}")
        return bind(tx, self.signature, name == "bind_partial", args, kwargs)


class ParametersValue(Value):
    """`sig.parameters` (a read-only mapping of names to Parameter objects)."""

    def __init__(self, parameters: dict[str, inspect.Parameter]):
        super().__init__(None)
        self.parameters = parameters
        self.names = list(parameters)

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
        return ParameterValue(self.parameters[key.as_constant()])

    def getattr(self, tx, name: str) -> Value:
        if name not in ("keys", "values", "items", "get"):
            raise _refuse(f"parameters.{name}")
        from compiler.values.native import BoundContainerMethodValue
        return BoundContainerMethodValue(self, name)

    def call_method(self, tx, name, args, kwargs) -> Value:
        from compiler.values.containers import DictValue
        pairs = [(ConstantValue(k), ParameterValue(p)) for k, p in self.parameters.items()]
        return DictValue.from_pairs(pairs).call_method(tx, name, args, kwargs)


class ParameterValue(Value):
    """An `inspect.Parameter` (immutable): its name, kind, and its default and annotation when
    they are constants or classes (the function's defaults are guarded by identity)."""

    def __init__(self, parameter: inspect.Parameter):
        super().__init__(None)
        self.parameter = parameter

    def python_type(self) -> type:
        return inspect.Parameter

    def getattr(self, tx, name: str) -> Value:
        from compiler.values import registry
        from compiler.values.constant import CONSTANT_TYPES
        if name not in ("name", "kind", "default", "annotation"):
            raise _refuse(f"Parameter.{name}")
        real = getattr(self.parameter, name)
        if type(real) in CONSTANT_TYPES or isinstance(real, (type, inspect._ParameterKind)):
            return registry.wrap_constant(real)
        raise _refuse(f"Parameter.{name} of type {type(real).__qualname__}")


HANDLERS = {inspect.signature: _signature}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
