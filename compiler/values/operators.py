"""Python operators on value trackers: binary and in-place ops, comparisons, identity, unary.

Tensors go to the graph; constants are folded with the real operator; containers and user
objects follow CPython's dunder protocol (left operand, then the reflected one).
"""

from __future__ import annotations

import collections
import operator

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue, call_pure
from compiler.values.containers import is_plain, plain
from compiler.values.counters import MUTATORS as COUNTER_MUTATORS
from compiler.values.counters import CounterValue
from compiler.values.dunders import dunder, plain_python_objects, try_dunders
from compiler.values.symbolic_int import (
    is_symbolic,
    specialised,
    symbolic_binary,
    symbolic_compare,
)

# Installed by the modules that own them when imported (compiler/values/__init__.py imports
# them): `percent_of_one(tx, template, value)` (user_hash_repr.py), which imports builtins,
# which imports this module.
HOOKS = {"percent_of_one": lambda tx, template, value: None}

BINARY = {
    "+": (operator.add, "__add__", "__radd__"), "-": (operator.sub, "__sub__", "__rsub__"),
    "*": (operator.mul, "__mul__", "__rmul__"), "/": (operator.truediv, "__truediv__",
                                                      "__rtruediv__"),
    "//": (operator.floordiv, "__floordiv__", "__rfloordiv__"),
    "%": (operator.mod, "__mod__", "__rmod__"), "**": (operator.pow, "__pow__", "__rpow__"),
    "@": (operator.matmul, "__matmul__", "__rmatmul__"),
    "&": (operator.and_, "__and__", "__rand__"), "|": (operator.or_, "__or__", "__ror__"),
    "^": (operator.xor, "__xor__", "__rxor__"), "<<": (operator.lshift, "__lshift__",
                                                       "__rlshift__"),
    ">>": (operator.rshift, "__rshift__", "__rrshift__"),
}
INPLACE = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow,
    "@=": operator.imatmul, "&=": operator.iand, "|=": operator.ior, "^=": operator.ixor,
    "<<=": operator.ilshift, ">>=": operator.irshift,
}
COMPARE = {
    "<": (operator.lt, "__lt__", "__gt__"), "<=": (operator.le, "__le__", "__ge__"),
    "==": (operator.eq, "__eq__", "__eq__"), "!=": (operator.ne, "__ne__", "__ne__"),
    ">": (operator.gt, "__gt__", "__lt__"), ">=": (operator.ge, "__ge__", "__le__"),
}
UNARY = {"-": (operator.neg, "__neg__"), "+": (operator.pos, "__pos__"),
         "~": (operator.invert, "__invert__"), "abs": (operator.abs, "__abs__")}


def _is_tensor(value: Value) -> bool:
    from compiler.values.tensor import TensorValue
    return isinstance(value, TensorValue)


def _is_array(value: Value) -> bool:
    from compiler.values.numpy_arrays import NdarrayValue
    return isinstance(value, NdarrayValue)


def _constant_result(result):
    """A new Counter (`c + d`, `-c`) is a Counter of this trace, changed in place by its own
    methods (counters.py); anything else a constant."""
    if type(result) is collections.Counter:
        return CounterValue(result)
    return registry.wrap_constant(result)


def _is_set(value: Value) -> bool:
    from compiler.values.sets import SetValue
    return isinstance(value, SetValue)


def _array_op(tx, symbol: str, operands: list[Value]) -> Value:
    from compiler.values.numpy_arrays import OPERATORS, numpy_op
    if symbol not in OPERATORS:
        raise Unsupported(f"operator {symbol} on a NumPy array", BreakReason.UNSUPPORTED_VALUE)
    return numpy_op(tx, "op", symbol, operands, {})


def binary_op(tx, symbol: str, a: Value, b: Value) -> Value:
    if symbol in INPLACE:
        return inplace_op(tx, symbol, a, b)
    if getattr(a, "either", False) or getattr(b, "either", False):
        from compiler.values.tensor_either import binary  # max(t, 0): a tensor or a number
        return binary(tx, symbol, a, b)
    fn, name, reflected = BINARY[symbol]
    if _is_array(a) or _is_array(b):
        return _array_op(tx, symbol, [a, b])
    if _is_tensor(a) or _is_tensor(b):
        if symbol in ("+", "-", "*"):  # `x * t.item()`: t's copy where eager's dtype allows
            from compiler.values.deferred_item import as_tensor_operand
            a, b = (as_tensor_operand(a, b.example) if _is_tensor(b) else a,
                    as_tensor_operand(b, a.example) if _is_tensor(a) else b)
        return tx.ctx.tensor_op("call_function", fn, [a, b], {}, f"operator {symbol}")
    if is_symbolic(a) or is_symbolic(b):
        result = symbolic_binary(tx, symbol, a, b)
        if result is not None:
            return result
        a, b = specialised(a), specialised(b)
    if symbol in "|&-^" and _is_set(a) and _is_set(b):  # before folding: the table's order
        from compiler.values.sets import set_operator
        return set_operator(symbol, a, b)
    if is_plain(a) and is_plain(b):  # containers of constants too: `"%(n)d" % {"n": 1}`
        return _constant_result(call_pure(fn, [plain(a), plain(b)], {}))
    if symbol == "%" and a.is_constant() and type(a.as_constant()) is str:
        result = HOOKS["percent_of_one"](tx, a.as_constant(), b)  # `"%s" % obj`
        if result is not None:
            return result
    result = try_dunders(tx, a, b, name, reflected)
    if result is not None:
        return result
    result = _container_op(tx, symbol, a, b)
    if result is not None:
        return result
    _refuse_declined(symbol, a, b)
    raise Unsupported(f"operator {symbol} on {a} and {b}", BreakReason.UNSUPPORTED_VALUE)


# Builtin types whose dunders decline (NotImplemented) any operand not of a number type.
DECLINING_CONSTANTS = (int, float, complex, bool, type(None))


def _refuse_declined(symbol: str, a: Value, b: Value) -> None:
    """A user object's dunders declined and the other operand is a number or None, whose own
    dunders decline a user object that is not a number: CPython's TypeError."""
    def declines(value: Value) -> bool:
        return isinstance(value, ConstantValue) and type(value.value) in DECLINING_CONSTANTS

    def user(value: Value) -> bool:
        cls = value.dunder_class()
        return cls is not None and not issubclass(cls, DECLINING_CONSTANTS) and not any(
            find_in_mro(cls, hook)[0] is not None for hook in ("__index__", "__float__",
                                                               "__complex__", "__int__"))

    if (user(a) and declines(b)) or (declines(a) and user(b)) or plain_python_objects(a, b):
        op = "** or pow()" if symbol == "**" else symbol
        left, right = (v.python_type().__name__ for v in (a, b))
        raise RaisedByProgram(TypeError(f"unsupported operand type(s) for {op}: {left!r} and "
                                        f"{right!r}"))


def _container_op(tx, symbol: str, a: Value, b: Value) -> Value | None:
    from compiler.values.containers import (
        DictValue,
        DictViewValue,
        ListValue,
        SequenceValue,
    )
    from compiler.values.sets import SetValue
    if symbol in "|&-^" and any(isinstance(v, DictViewValue) and v.kind in ("keys", "items")
                                for v in (a, b)):  # set-like views: CPython's set algebra
        from compiler.values.sets import view_set_operator
        return view_set_operator(tx, symbol, a, b)
    if symbol == "+" and isinstance(a, SequenceValue) and isinstance(b, SequenceValue):
        if a.python_type() is not b.python_type() and not (
                issubclass(a.python_type(), tuple) and issubclass(b.python_type(), tuple)):
            left, right = a.python_type().__name__, b.python_type().__name__
            raise RaisedByProgram(TypeError(f'can only concatenate {left} (not "{right}") '
                                            f"to {left}"))
        if isinstance(a, ListValue):  # deques stay deques, of the left one's maxlen
            return a.rebuilt(a.items + b.items)
        return _tuple_of(a.items + b.items, a, b)
    if symbol == "*" and isinstance(a, SequenceValue) and b.is_constant():
        if isinstance(a, ListValue):
            return a.rebuilt(a.items * b.as_constant())
        return _tuple_of(a.items * b.as_constant(), a)
    if symbol == "*" and isinstance(b, SequenceValue) and a.is_constant():
        return _container_op(tx, symbol, b, a)
    if symbol == "|" and isinstance(a, DictValue) and isinstance(b, DictValue):
        return a.union(b)
    from compiler.values.proxy_operands import proxy_operands
    proxied = proxy_operands(tx, symbol, a, b)  # a mappingproxy's `|`: its mapping's
    if proxied is not None:
        return binary_op(tx, symbol, *proxied)
    if isinstance(a, SetValue) and isinstance(b, SetValue) and symbol in "|&-^":
        from compiler.values.sets import set_operator
        return set_operator(symbol, a, b)
    return None


def _tuple_of(items: list, *operands: Value) -> Value:
    """The tuple `+` or `*` makes: a torch.Size when an operand is one (its own and its
    reflected operators win over tuple's), else a plain tuple."""
    from compiler.values.containers import SizeValue, TupleValue
    if not any(isinstance(v, SizeValue) for v in operands):
        return TupleValue(items)
    from compiler.values.symbolic_int import is_symbolic
    if not all(is_symbolic(i) or i.is_constant() and type(i.as_constant()) is int
               for i in items):
        raise Unsupported("torch.Size joined with something other than ints",
                          BreakReason.UNSUPPORTED_VALUE)
    return SizeValue(items)


def inplace_op(tx, symbol: str, a: Value, b: Value) -> Value:
    from compiler.values.containers import DictValue, ListValue
    from compiler.values.sets import SetValue
    plain = symbol[:-1]
    if _is_array(a):
        from compiler.values.numpy_writes import inplace_array_op
        return inplace_array_op(tx, symbol, a, b)
    if _is_array(b):
        raise Unsupported(f"in-place {symbol} with a NumPy array operand",
                          BreakReason.SIDE_EFFECT)
    if _is_tensor(a):
        return tx.ctx.tensor_op("call_function", INPLACE[symbol], [a, b], {},
                                f"operator {symbol}")
    if isinstance(a, ListValue) and symbol == "+=":
        a.call_method(tx, "extend", [b], {})
        return a
    if isinstance(a, ListValue) and symbol == "*=":
        tx.ctx.side_effects.mutate(a)
        a.items = a.rebuilt(a.items * b.as_constant()).items
        return a
    if isinstance(a, DictValue) and symbol == "|=":
        a.call_method(tx, "update", [b], {})
        return a
    if isinstance(a, SetValue) and isinstance(b, SetValue) and symbol in ("|=", "&=", "-=",
                                                                          "^="):
        from compiler.values.sets import set_inplace_operator
        return set_inplace_operator(tx, symbol, a, b)
    from compiler.values.proxy_operands import proxy_operands
    proxy_operands(tx, symbol, a, b)  # `p |= d` on a mappingproxy raises
    _, name, _ = BINARY[plain]
    if isinstance(a, CounterValue) and "__i" + name[2:] in COUNTER_MUTATORS:  # in place
        return a.getattr(tx, "__i" + name[2:]).call(tx, [b], {})
    method = dunder(tx, a, "__i" + name[2:])
    if method is not None:
        result = method.call(tx, [b], {})
        if not (result.is_constant() and result.as_constant() is NotImplemented):
            return result  # else `a = a + b`, as CPython falls back
    return binary_op(tx, plain, a, b)


def compare(tx, symbol: str, a: Value, b: Value) -> Value:
    fn, name, reflected = COMPARE[symbol]
    if _is_array(a) or _is_array(b):
        return _array_op(tx, symbol, [a, b])
    if _is_tensor(a) or _is_tensor(b):
        return tx.ctx.tensor_op("call_function", fn, [a, b], {}, f"comparison {symbol}")
    if is_symbolic(a) or is_symbolic(b):
        result = symbolic_compare(symbol, a, b)
        if result is not None:
            return result
    if _is_set(a) and _is_set(b):  # by members: a set's order plays no part
        return ConstantValue(fn(set(a.members), set(b.members)))
    if a.is_constant() and b.is_constant():
        return ConstantValue(call_pure(fn, [a.as_constant(), b.as_constant()], {}))
    result = try_dunders(tx, a, b, name, reflected)
    if result is not None:
        return result
    return ConstantValue(_structural_compare(tx, symbol, a, b))


def _structural_compare(tx, symbol: str, a: Value, b: Value) -> bool:
    from compiler.values.containers import DictValue, SequenceValue
    from compiler.values.equality import equal as _equal
    from compiler.values.sets import SetValue
    if symbol in ("==", "!="):
        equal = _equal(tx, a, b, dunders_tried=symbol == "==")  # object.__ne__ asks __eq__
        return equal if symbol == "==" else not equal
    from compiler.values.dict_views import view_order_compare
    ordered = view_order_compare(tx, symbol, a, b)  # keys/items views, a set and a list
    if ordered is not None:
        return ordered
    if isinstance(a, SequenceValue) and isinstance(b, SequenceValue):
        for x, y in zip(a.items, b.items):
            if not _equal(tx, x, y):
                return compare(tx, symbol, x, y).bool(tx)
        return COMPARE[symbol][0](len(a.items), len(b.items))
    if isinstance(a, SetValue) and isinstance(b, SetValue):
        return COMPARE[symbol][0](set(a.members), set(b.members))
    if isinstance(a, DictValue) or isinstance(b, DictValue):
        from compiler.values.containers import type_name
        left, right = (type_name(v.python_type()) for v in (a, b))
        raise RaisedByProgram(TypeError(f"'{symbol}' not supported between instances of "
                                        f"'{left}' and '{right}'"))
    raise Unsupported(f"comparison {symbol} of {a} and {b}", BreakReason.UNSUPPORTED_VALUE)


def is_same(tx, a: Value, b: Value) -> bool:
    """`a is b`, exactly or Unsupported (compiler/values/identity.py)."""
    from compiler.values.identity import is_same as identity_is_same
    return identity_is_same(tx, a, b)


def unary_op(tx, symbol: str, a: Value) -> Value:
    fn, name = UNARY[symbol]
    if _is_array(a):
        return _array_op(tx, {"-": "neg", "+": "pos", "abs": "abs"}.get(symbol, symbol), [a])
    if _is_tensor(a):
        return tx.ctx.tensor_op("call_function", fn, [a], {}, f"unary {symbol}")
    if a.is_constant():
        return _constant_result(call_pure(fn, [a.as_constant()], {}))
    method = dunder(tx, a, name)
    if method is not None:
        return method.call(tx, [], {})
    raise Unsupported(f"unary {symbol} on {a}", BreakReason.UNSUPPORTED_VALUE)


def same_or_equal(tx, a: Value, b: Value) -> bool:
    """`a is b or a == b`, as CPython's containers compare members."""
    from compiler.values.identity import identity, is_same
    same = identity(tx, a, b)
    if same:
        return True
    if compare(tx, "==", a, b).bool(tx):
        return True
    if same is None and a.is_constant() and b.is_constant() and call_pure(
            lambda v: v == v, [a.as_constant()], {}):
        return False  # a constant equal to itself is not `b` when it is not equal to `b`
    return is_same(tx, a, b)


registry.install(compare=compare, same_or_equal=same_or_equal)
