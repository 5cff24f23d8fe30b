"""A builtin container type's method called unbound, the instance first: `set.union(p, q)`,
`list.append(l, 1)`, `frozenset.isdisjoint(f, q)`, `set.__sub__(p, q)`, `dict.__or__(a, b)`,
`list.__getitem__(l, 0)`.

The method runs on the instance as `instance.method(...)` would when the instance's type does
not override it; a Python override is bypassed by the unbound call, so that case is refused
(left to call_builtin's fallthrough, which tries `call_unbound` among its FALLBACKS: it joins
them when builtins_attributes.py imports this module). An instance of another type gets
CPython's TypeError.
A binary dunder given an operand of a type it does not take answers NotImplemented, as the C
slot does; with an operand of exactly a builtin type it takes, the operator's answer is the
dunder's (the reflected side of a builtin type never takes precedence); an operand of a
subclass (whose reflected method could) is refused.
"""

from __future__ import annotations

import operator

from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import FALLBACKS, call_builtin
from compiler.values.call_arity import (
    BOUND_DUNDERS,
    METHOD_TABLES,
    _raise_real,
    builtin_owner,
    check_method,
)

_SET_TYPES = (set, frozenset)
_COMPARISONS = {"__eq__": "==", "__ne__": "!=", "__lt__": "<", "__le__": "<=", "__gt__": ">",
                "__ge__": ">="}
_SET_BINARY = {"__sub__": "-", "__and__": "&", "__or__": "|", "__xor__": "^",
               "__isub__": "-=", "__iand__": "&=", "__ior__": "|=", "__ixor__": "^="}
# owner -> {dunder: (symbol, the operand types it takes)}
_BINARY: dict[type, dict[str, tuple[str, tuple[type, ...]]]] = {
    set: {**{k: (v, _SET_TYPES) for k, v in {**_SET_BINARY, **_COMPARISONS}.items()}},
    frozenset: {k: (v, _SET_TYPES) for k, v in {**_SET_BINARY, **_COMPARISONS}.items()
                if not k.startswith("__i")},
    dict: {"__or__": ("|", (dict,)), "__ior__": ("|=", (dict,)),
           "__eq__": ("==", (dict,)), "__ne__": ("!=", (dict,))},
    list: {**{k: (v, (list,)) for k, v in _COMPARISONS.items()}, "__add__": ("+", (list,))},
    tuple: {**{k: (v, (tuple,)) for k, v in _COMPARISONS.items()}, "__add__": ("+", (tuple,))},
}
# Sequence repetition and in-place growth: the operand a builtin operator would give the same
# answer for (an int for `*`; a builtin container for `+=`, whose own `__radd__` is not asked
# first); anything else is left to the tracker's call_method (refused).
_REPEAT = {list: ("__mul__", "__rmul__", "__imul__"), tuple: ("__mul__", "__rmul__")}
_REPEAT_OPERATORS = {"__mul__": operator.mul, "__rmul__": operator.mul, "__imul__": operator.imul}
_BUILTIN_OPERANDS = (set, frozenset, dict, list, tuple)
_OPERATOR_FUNCTIONS = {
    "+": operator.add, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
    "<=": operator.le, ">": operator.gt, ">=": operator.ge, "-": operator.sub, "&": operator.and_,
    "|": operator.or_,
    "^": operator.xor, "-=": operator.isub, "&=": operator.iand, "|=": operator.ior,
    "^=": operator.ixor}
_BY_OPERATOR = {"__getitem__": (operator.getitem, 1), "__contains__": (operator.contains, 1),
                "__len__": (len, 0), "__iter__": (iter, 0), "__setitem__": (operator.setitem, 2),
                "__delitem__": (operator.delitem, 1), "__reversed__": (reversed, 0)}
# The protocol dunders each builtin container type defines itself (`tuple.__setitem__` is none).
_OWN_PROTOCOL = {list: set(_BY_OPERATOR), tuple: {"__getitem__", "__contains__", "__len__",
                                                   "__iter__"},
                 dict: {"__getitem__", "__contains__", "__len__", "__iter__", "__setitem__",
                        "__delitem__", "__reversed__"},
                 set: {"__contains__", "__len__", "__iter__"},
                 frozenset: {"__contains__", "__len__", "__iter__"}}


def _trackers() -> tuple[type, ...]:
    from compiler.values.containers import DictValue, ListValue, TupleValue
    from compiler.values.sets import SetValue
    return ListValue, TupleValue, DictValue, SetValue


def _wrong_instance(fn, owner: type, kind: type) -> RaisedByProgram:
    name = fn.__name__
    if type(fn).__name__ == "wrapper_descriptor":
        text = (f"descriptor '{name}' requires a '{owner.__name__}' object but received a "
                f"'{kind.__name__}'")
    else:
        text = (f"descriptor '{name}' for '{owner.__name__}' objects doesn't apply to a "
                f"'{kind.__name__}' object")
    return RaisedByProgram(TypeError(text))


def call_unbound(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """`Owner.name(instance, ...)` for a builtin container type's own method; None where it
    is not modelled (the caller refuses)."""
    owner = getattr(fn, "__objclass__", None)
    if owner not in METHOD_TABLES or owner is str or type(fn).__name__ not in (
            "method_descriptor", "wrapper_descriptor"):
        return None
    name = fn.__name__
    if not args:
        _raise_real(fn, 0, kwargs)
        return None
    target, rest = args[0], list(args[1:])
    kind = target.python_type()
    if not issubclass(kind, owner):
        raise _wrong_instance(fn, owner, kind)
    if not isinstance(target, _trackers()) or _resolved(kind, name) is not fn:
        return None  # a Python override the unbound call bypasses, or an untracked instance
    if not name.startswith("__"):
        check_method(kind, name, rest, kwargs, owner=owner)
        return target.call_method(tx, name, rest, kwargs)
    return _dunder(tx, fn, owner, target, rest, kwargs)


def _resolved(kind: type, name: str):
    for klass in kind.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    return None


def _dunder(tx, fn, owner: type, target: Value, rest: list[Value], kwargs) -> Value | None:
    from compiler.values.constant import ConstantValue
    name = fn.__name__
    binary = _BINARY.get(owner, {}).get(name)
    by_operator = _BY_OPERATOR.get(name) if name in _OWN_PROTOCOL.get(owner, ()) else None
    if name in _REPEAT.get(owner, ()):
        return _repeat(tx, fn, owner, target, rest, kwargs)
    if name == "__iadd__" and owner is list:
        return _extend_in_place(tx, fn, target, rest, kwargs)
    if binary is None and by_operator is None:
        return None
    count = 1 if binary is not None else by_operator[1]
    if kwargs or len(rest) != count:
        _raise_real(fn, len(rest), kwargs, owner())
        return None
    if by_operator is not None:
        return call_builtin(tx, by_operator[0], [target, *rest], {})
    symbol, takes = binary
    other_kind = rest[0].python_type()
    if not issubclass(other_kind, takes) and symbol == "+":  # sequence concatenation's own
        raise RaisedByProgram(TypeError(f'can only concatenate {owner.__name__} (not '
                                        f'"{other_kind.__name__}") to {owner.__name__}'))
    if not issubclass(other_kind, takes):
        return ConstantValue(NotImplemented)
    if other_kind not in _BUILTIN_OPERANDS:
        return None  # a subclass operand: its reflected method could answer first
    if symbol in _COMPARISONS.values() or owner is not dict:  # operator.eq, operator.sub...
        return call_builtin(tx, _OPERATOR_FUNCTIONS[symbol], [target, rest[0]], {})
    if owner is dict:  # `a | b` is a new dict of both; `a |= b` updates a
        merged = target if symbol == "|=" else _new_dict()
        for source in ([target] if symbol == "|" else []) + [rest[0]]:
            merged.call_method(tx, "update", [source], {})
        return merged


def _repeat(tx, fn, owner, target: Value, rest: list[Value], kwargs) -> Value | None:
    if kwargs or len(rest) != 1:
        _raise_real(fn, len(rest), kwargs, owner())
        return None
    kind = rest[0].python_type()
    if kind in (float, str, type(None), complex):  # the slot asks for an index: none
        raise RaisedByProgram(TypeError(f"'{kind.__name__}' object cannot be interpreted as "
                                        f"an integer"))
    if kind not in (int, bool) or not rest[0].is_constant():
        return None
    return call_builtin(tx, _REPEAT_OPERATORS[fn.__name__], [target, rest[0]], {})


def _extend_in_place(tx, fn, target: Value, rest: list[Value], kwargs) -> Value | None:
    """`lst.__iadd__(other)`: extends by any iterable and returns the list; `lst += other`
    would ask a non-builtin operand's `__radd__` first, so only builtin containers here."""
    if kwargs or len(rest) != 1:
        _raise_real(fn, len(rest), kwargs, [])
        return None
    if rest[0].python_type() not in _BUILTIN_OPERANDS:
        return None
    return call_builtin(tx, operator.iadd, [target, rest[0]], {})


def _new_dict() -> Value:
    from compiler.values.containers import DictValue
    return DictValue()


def call_bound_dunder(tx, target: Value, name: str, args, kwargs) -> Value | None:
    """`p.__sub__(q)`, `a.__or__(b)`, `p.__eq__(q)`, `lst.__getitem__(i)`, `t.__mul__(2)` on a
    container tracker: the unbound call of the builtin type's own dunder; None for the
    tracker's call_method to answer."""
    owner = builtin_owner(target.python_type(), name)
    if owner is None or not (name in _BINARY.get(owner, {}) or name in _REPEAT.get(owner, ())
                             or name in _OWN_PROTOCOL.get(owner, ()) or (
                                 owner is list and name == "__iadd__")):
        return None
    return call_unbound(tx, vars(owner)[name], [target, *args], kwargs)


FALLBACKS.append(call_unbound)
BOUND_DUNDERS.append(call_bound_dunder)
