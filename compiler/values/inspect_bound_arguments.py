"""`sig.bind(...)` and `sig.bind_partial(...)` of a signature the trace computed
(stdlib_inspect.py), and the BoundArguments they give.

Which parameter each argument goes to depends only on how many positional arguments there are
and which keyword names: CPython's own `Signature.bind` is run on placeholder objects standing
for the traced arguments, so the binding and its TypeErrors are exactly CPython's. The result's
`arguments` is one dict made in the trace (a program may write to it); `args` and `kwargs` are
computed from it on each read, and `apply_defaults()` replaces it, as `inspect.BoundArguments`
does. A default that is not a constant, and anything else asked of the object, is refused.
"""

from __future__ import annotations

import inspect
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

_P = inspect.Parameter


def _refuse(what: str) -> Unsupported:
    return Unsupported(f"inspect.BoundArguments {what}", BreakReason.UNSUPPORTED_CALL)


def bind(tx, signature: inspect.Signature, partial: bool, args: list[Value],
         kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import DictValue, TupleValue
    values = [*args, *kwargs.values()]
    placeholders = [_Mark(i) for i in range(len(values))]
    positional = placeholders[:len(args)]
    named = dict(zip(kwargs, placeholders[len(args):]))
    try:
        real = (signature.bind_partial if partial else signature.bind)(*positional, **named)
    except TypeError as error:
        raise RaisedByProgram(TypeError(*error.args)) from None

    def back(obj: Any) -> Value:
        if isinstance(obj, _Mark):
            return values[obj.key]
        if isinstance(obj, tuple):
            return TupleValue([back(o) for o in obj])
        if isinstance(obj, dict):
            return DictValue.from_pairs([(ConstantValue(k), back(v)) for k, v in obj.items()])
        raise _refuse(f"argument of type {type(obj).__qualname__}")

    arguments = DictValue.from_pairs([(ConstantValue(k), back(v))
                                      for k, v in real.arguments.items()])
    return BoundArgumentsValue(signature, arguments)


class _Mark:
    """A placeholder for one traced argument."""

    def __init__(self, key: int):
        self.key = key


class BoundArgumentsValue(Value):
    def __init__(self, signature: inspect.Signature, arguments: Value):
        super().__init__(None)
        self.signature, self.arguments = signature, arguments

    def python_type(self) -> type:
        return inspect.BoundArguments

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.containers import TupleValue
        if name == "arguments":
            return self.arguments
        if name == "args":
            return TupleValue(self._args(tx))
        if name == "kwargs":
            from compiler.values.containers import DictValue
            return DictValue.from_pairs(self._kwargs(tx))
        if name == "apply_defaults":
            from compiler.values.native import BoundContainerMethodValue
            return BoundContainerMethodValue(self, name)
        raise _refuse(f"attribute {name!r}")

    def _get(self, tx, name: str) -> Value | None:
        key = ConstantValue(name)
        return self.arguments.getitem(tx, key) if self.arguments.contains(tx, key) else None

    def _args(self, tx) -> list[Value]:
        out: list[Value] = []
        for name, param in self.signature.parameters.items():
            if param.kind in (_P.VAR_KEYWORD, _P.KEYWORD_ONLY):
                break
            arg = self._get(tx, name)
            if arg is None:
                break
            if param.kind == _P.VAR_POSITIONAL:
                out.extend(arg.unpack(tx))
            else:
                out.append(arg)
        return out

    def _kwargs(self, tx) -> list[tuple[Value, Value]]:
        from compiler.values.containers import DictValue
        out: dict[Any, tuple[Value, Value]] = {}
        started = False
        for name, param in self.signature.parameters.items():
            if not started:
                if param.kind in (_P.VAR_KEYWORD, _P.KEYWORD_ONLY):
                    started = True
                elif self._get(tx, name) is None:
                    started = True
                    continue
            if not started:
                continue
            arg = self._get(tx, name)
            if arg is None:
                continue
            if param.kind == _P.VAR_KEYWORD:
                if type(arg) is not DictValue or arg.cls is not dict:
                    raise _refuse("**kwargs entry that is not a dict")
                for key, value in arg.entries.values():
                    if not key.is_constant():
                        raise _refuse("**kwargs key that is not a constant")
                    out[key.as_constant()] = (key, value)
            else:
                out[name] = (ConstantValue(name), arg)
        return list(out.values())

    def call_method(self, tx, name, args, kwargs) -> Value:
        from compiler.values import registry
        from compiler.values.constant import CONSTANT_TYPES
        from compiler.values.containers import DictValue, TupleValue
        if name != "apply_defaults" or args or kwargs:
            raise _refuse(f"{name} with these arguments")
        pairs = []
        for pname, param in self.signature.parameters.items():
            arg = self._get(tx, pname)
            if arg is None:
                if param.default is not _P.empty:
                    if type(param.default) not in CONSTANT_TYPES:
                        raise _refuse(f"default of {pname!r} that is not a constant")
                    arg = registry.wrap_constant(param.default)
                elif param.kind is _P.VAR_POSITIONAL:
                    arg = TupleValue([])
                elif param.kind is _P.VAR_KEYWORD:
                    arg = DictValue()
                else:
                    continue
            pairs.append((ConstantValue(pname), arg))
        self.arguments = DictValue.from_pairs(pairs)
        return ConstantValue(None)
