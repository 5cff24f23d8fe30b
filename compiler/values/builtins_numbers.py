"""Builtins that read a number from their argument: `int(obj)` / `float(obj)` through the
object's `__int__` / `__float__` / `__index__`, `range`, `bin`, `hex`, `oct` and
`operator.index` through `__index__`, and all of them of a tensor whose value is known at
trace time (a tensor made from constants and not written since). They join builtins.HANDLERS
when builtins_attributes.py imports this module.
"""

from __future__ import annotations

import operator

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import RaisedByProgram
from compiler.values.builtins import HANDLERS, _const, call_builtin
from compiler.values.constant import index_of


def _by_index(fn):
    """A builtin that reads its arguments as integers through `__index__`: a user object's
    is called (in order), and the builtin runs on the ints it gave."""
    def handler(tx, *args, **kwargs):
        from compiler.values.tensor import TensorValue
        if any(isinstance(a, TensorValue) for a in args):  # a tensor of a known value
            args = [_const(a.known_index(tx)) if isinstance(a, TensorValue) else a for a in args]
            return call_builtin(tx, fn, list(args), kwargs)
        if not any(a.dunder_class() is not None for a in args):
            return NotImplemented
        ints = [_const(index_of(tx, a)) if a.dunder_class() is not None else a for a in args]
        return call_builtin(tx, fn, ints, kwargs)
    return handler


for _reader in (range, bin, hex, oct, operator.index):
    HANDLERS.setdefault(_reader, _by_index(_reader))


def _number_of_object(kind: type, hooks: tuple[str, ...], message: str):
    """`int(obj)` / `float(obj)` of a user object: the first of its class's hooks it has
    (`__int__` then `__index__`; `__float__` then `__index__`), traced."""
    def handler(tx, *args, **kwargs):
        from compiler.values.tensor import TensorValue
        if len(args) == 1 and not kwargs and isinstance(args[0], TensorValue):
            return args[0].call_method(tx, "__int__" if kind is int else "__float__", [], {})
        if len(args) != 1 or kwargs or args[0].dunder_class() is None or issubclass(
                args[0].dunder_class(), (int, float, str, bytes)):
            return NotImplemented
        obj, cls = args[0], args[0].dunder_class()
        for hook in hooks:
            method = registry.class_attribute(tx, cls, hook, obj)
            if method is None:
                continue
            result = method.call(tx, [], {})
            if not result.is_constant():
                raise Unsupported(f"a {hook} result that is not a constant",
                                  BreakReason.UNSUPPORTED_VALUE)
            answer = result.as_constant()
            wanted = int if hook == "__index__" else kind
            if type(answer) is not wanted:  # (a subclass: CPython warns, then converts)
                if not isinstance(answer, wanted):
                    raise RaisedByProgram(TypeError(f"{hook} returned non-{wanted.__name__} "
                                                    f"(type {type(answer).__name__})"))
            return _const(kind(answer))
        if registry.class_attribute(tx, cls, "__trunc__", obj) is not None:
            return NotImplemented
        raise RaisedByProgram(TypeError(f"{message}, not '{cls.__name__}'"))
    return handler


HANDLERS[int] = _number_of_object(int, ("__int__", "__index__"), "int() argument must be a "
                                  "string, a bytes-like object or a real number")
HANDLERS[float] = _number_of_object(float, ("__float__", "__index__"),
                                    "float() argument must be a string or a real number")
