"""`operator`, `functools` and `copy.copy` in a trace.

The operator functions are the translator's own operators; partial, reduce and wraps work on
traced callables; the getters apply their constant keys to whatever they are called with.
"""

from __future__ import annotations

import copy
import functools
import operator
from collections.abc import Callable
from typing import Any

from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.containers import DictValue, ListValue, TupleValue
from compiler.values.operators import (
    BINARY,
    COMPARE,
    INPLACE,
    binary_op,
    compare,
    is_same,
    unary_op,
)
from compiler.values.sets import SetValue

HANDLERS: dict[Any, Callable] = {}


def _binary(symbol: str) -> Callable:
    return lambda tx, a, b: binary_op(tx, symbol, a, b)


def _compare(symbol: str) -> Callable:
    return lambda tx, a, b: compare(tx, symbol, a, b)


def _unary(symbol: str) -> Callable:
    return lambda tx, a: unary_op(tx, symbol, a)


HANDLERS.update({fn: _binary(symbol) for symbol, (fn, _, _) in BINARY.items()})
HANDLERS.update({fn: _binary(symbol) for symbol, fn in INPLACE.items()})
HANDLERS.update({fn: _compare(symbol) for symbol, (fn, _, _) in COMPARE.items()})
HANDLERS.update({
    operator.neg: _unary("-"), operator.pos: _unary("+"), operator.invert: _unary("~"),
    operator.abs: _unary("abs"),
    operator.getitem: lambda tx, a, b: a.getitem(tx, b),
    operator.is_: lambda tx, a, b: ConstantValue(is_same(tx, a, b)),
    operator.is_not: lambda tx, a, b: ConstantValue(not is_same(tx, a, b)),
    operator.not_: lambda tx, a: ConstantValue(not a.bool(tx)),
    operator.truth: lambda tx, a: ConstantValue(a.bool(tx)),
    operator.contains: lambda tx, a, b: ConstantValue(a.contains(tx, b)),
    operator.setitem: lambda tx, a, b, c: _none(a.setitem(tx, b, c)),
    operator.delitem: lambda tx, a, b: _none(a.delitem(tx, b)),
    operator.concat: lambda tx, a, b: _concat(tx, "+", a, b),
    operator.iconcat: lambda tx, a, b: _concat(tx, "+=", a, b),
})


def _none(_) -> Value:
    return ConstantValue(None)


def _concat(tx, symbol: str, a: Value, b: Value) -> Value:
    """operator.concat and iconcat: `a + b` and `a += b` for sequences only (a list grows in
    place under iconcat), CPython's TypeError for anything without __getitem__."""
    from compiler.values.attributes import type_has
    kind = a.python_type()
    if not type_has(kind, "__getitem__"):
        raise RaisedByProgram(TypeError(f"'{kind.__name__}' object can't be concatenated"))
    return binary_op(tx, symbol, a, b)


class GetterValue(Value):
    """operator.itemgetter / attrgetter / methodcaller with constant arguments."""

    def __init__(self, kind: type, args: list[Value], kwargs: dict[str, Value]):
        super().__init__(None)
        self.kind, self.args, self.kwargs = kind, args, kwargs

    def python_type(self) -> type:
        return self.kind

    def call(self, tx, args, kwargs) -> Value:
        (target,) = args
        if self.kind is operator.methodcaller:
            name, *rest = self.args
            return target.getattr(tx, name.as_constant()).call(tx, rest, self.kwargs)
        if self.kind is operator.itemgetter:
            items = [target.getitem(tx, key) for key in self.args]
        else:
            items = [_dotted(tx, target, path.as_constant()) for path in self.args]
        return items[0] if len(items) == 1 else TupleValue(items)


def _dotted(tx, value: Value, path: str) -> Value:
    for part in path.split("."):
        value = value.getattr(tx, part)
    return value


def _getter(kind: type) -> Callable:
    return lambda tx, *args, **kwargs: GetterValue(kind, list(args), kwargs)


HANDLERS.update({kind: _getter(kind) for kind in (operator.itemgetter, operator.attrgetter,
                                                   operator.methodcaller)})


def _wraps(tx, wrapped, **options):
    from compiler.values.callables import WrapsValue
    if options:
        return NotImplemented
    return WrapsValue(wrapped)


def _reduce(tx, fn, iterable, *initial):
    items = iterable.unpack(tx)
    if initial:
        total = initial[0]
    elif items:
        total, items = items[0], items[1:]
    else:
        raise RaisedByProgram(TypeError("reduce() of empty iterable with no initial value"))
    for item in items:
        total = fn.call(tx, [total, item], {})
    return total


def _partial(tx, fn, *args, **kwargs):
    from compiler.values.callables import PartialValue
    if isinstance(fn, PartialValue) and fn.unwraps(tx):  # CPython flattens a partial of a
        # partial that has no instance dict
        return PartialValue(fn.func, [*fn.args, *args], {**fn.current_keywords(), **kwargs})
    return PartialValue(fn, list(args), kwargs)


def _copy(tx, value):
    if isinstance(value, (ListValue, DictValue, SetValue)):
        return value.call_method(tx, "copy", [], {})
    if value.is_constant() or isinstance(value, TupleValue):
        return value
    from compiler.values.stdlib_copy import shallow_copy
    return shallow_copy(tx, value)


HANDLERS.update({functools.wraps: _wraps, functools.reduce: _reduce,
                 functools.partial: _partial, copy.copy: _copy})

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table

# heapq's and bisect's C functions, functools.cmp_to_key and object() join the table there; enum
# members' attributes are found by stdlib_enum, str.format of objects by stdlib_string
from compiler.values import (  # noqa: E402, F401
    stdlib_enum,
    stdlib_heapq,
    stdlib_object,
    stdlib_string,
)
