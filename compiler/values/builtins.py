"""Python builtins in a trace: one lookaside table from the real builtin to its handler.

A builtin not in the table is folded on constant arguments when it is pure, and is otherwise
a graph break naming it. The standard library's handlers (operator, functools, itertools,
collections, dataclasses, inspect) live in modules of their own, each adding its HANDLERS to
this table at its import (`compiler/values/__init__.py` imports them): they use builtins' and
operators' handlers, and this module does not import them back. So do the builtins of
attributes and identity (getattr, setattr, vars, id, ...: builtins_attributes.py) and hash,
repr, str and format of objects (user_hash_repr.py).
"""

from __future__ import annotations

import math
import operator
import sys
import types
from collections.abc import Callable
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import guard_subclass_answer
from compiler.values.base import RaisedByProgram, Value, identity_key, is_hashable
from compiler.values.constant import (
    IMMUTABLE_TYPES,
    PURE_METHODS,
    ConstantValue,
    call_pure,
)
from compiler.values.containers import (
    DictValue,
    ListValue,
    TupleValue,
    is_plain,
    mapping_pairs,
    plain,
    store_entry,
)
from compiler.values.iterators import (
    InfiniteIteratorValue,
    SequenceIteratorValue,
    StrictZipIteratorValue,
)
from compiler.values.live_iterators import live_enumerate, live_reversed, live_zip
from compiler.values.named_tuples import NamedTupleValue
from compiler.values.native import NativeFunctionValue
from compiler.values.operators import binary_op, compare, unary_op
from compiler.values.sets import build_set
from compiler.values.symbolic_int import specialised

HANDLERS: dict[Any, Callable] = {}
# Tried in order on a call no handler took, before it is refused: each answers or gives None.
FALLBACKS: list[Callable] = []

PURE_BUILTINS = {
    abs, all, any, ascii, bin, bool, bytes, chr, complex, divmod, float, format, frozenset, hash,
    hex, int, len, max, min, oct, ord, pow, range, repr, round, sorted, str, sum, tuple, slice,
    isinstance, issubclass, callable, list, set, dict, reversed, enumerate, zip,
}


def handles(*fns):
    def register(handler):
        for fn in fns:
            HANDLERS[fn] = handler
        return handler
    return register


def _const(value: Any) -> Value:
    return registry.wrap_constant(value)


def _items(tx, value: Value) -> list[Value]:
    return value.unpack(tx)


class BuiltinValue(NativeFunctionValue):
    def is_constant(self) -> bool:
        return True

    def hash_key(self) -> Any:
        return identity_key(self.fn)

    def call(self, tx, args, kwargs) -> Value:
        return call_builtin(tx, self.fn, args, kwargs)

    def getattr(self, tx, name: str) -> Value:
        if name in ("__name__", "__qualname__", "__module__", "__doc__") and isinstance(
                self.fn, types.BuiltinFunctionType):  # read-only on a builtin function
            return _const(getattr(self.fn, name))
        return super().getattr(tx, name)


# Builtins that read their caller's frame (vars and dir only without an argument).
# (globals() is modelled: module_namespace.GlobalsValue)
FRAME_READERS = frozenset({locals, vars, dir, eval, exec, breakpoint, sys._getframe})


def call_builtin(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.generators import call_over_generator
    lazy = call_over_generator(tx, fn, args, kwargs)
    if lazy is not None:
        return lazy
    if is_hashable(fn) and fn in FRAME_READERS and not (fn in (vars, dir) and args):
        refused = Unsupported(f"{fn.__name__}() reads the frame it is called in",
                              BreakReason.UNSUPPORTED_CALL)
        refused.frame_bound = True
        raise refused
    from compiler.values.call_arity import check_builtin
    check_builtin(fn, args, kwargs)
    handler = HANDLERS.get(fn) if is_hashable(fn) else None
    if handler is not None:
        result = handler(tx, *args, **kwargs)
        if result is not NotImplemented:
            return result
    pure = _is_pure(fn)
    if pure:  # a size it needs as an int is specialised
        args = [specialised(a) for a in args]
        kwargs = {k: specialised(v) for k, v in kwargs.items()}
    if pure and all(is_plain(a) for a in args) and all(is_plain(v) for v in kwargs.values()):
        positional = [plain(a) for a in args]
        named = {k: plain(v) for k, v in kwargs.items()}
        return _const(call_pure(fn, positional, named))
    for fallback in FALLBACKS:  # (builtins_unbound.py: `set.union(p, q)`, ...)
        answer = fallback(tx, fn, args, kwargs)
        if answer is not None:
            return answer
    name = getattr(fn, "__qualname__", repr(fn))
    raise Unsupported(f"call of builtin {name}", BreakReason.UNSUPPORTED_CALL)


# Static and class methods of the immutable builtin types.
PURE_TYPE_FUNCTIONS = {str.maketrans, bytes.maketrans, bytes.fromhex, float.fromhex,
                       int.from_bytes}


def _is_pure(fn) -> bool:
    if is_hashable(fn) and (fn in PURE_BUILTINS or fn in PURE_TYPE_FUNCTIONS):
        return True
    owner = getattr(fn, "__objclass__", None)  # an unbound method: str.lower, int.bit_length
    if owner in IMMUTABLE_TYPES and fn.__name__ in PURE_METHODS[owner]:
        return True
    module = getattr(fn, "__module__", None)
    if module in ("operator", "_operator") and getattr(fn, "__name__", "").strip("_") in (
            OPERATOR_WRITERS):
        return False  # they change their first argument
    return module in ("math", "operator", "_operator", "cmath") or getattr(
        fn, "__self__", None) in (math, operator)


# operator functions that change an argument: never folded on copies of plain containers.
OPERATOR_WRITERS = frozenset({"setitem", "delitem", "iconcat", "iadd", "isub", "imul",
                              "itruediv", "ifloordiv", "imod", "ipow", "imatmul", "iand",
                              "ior", "ixor", "ilshift", "irshift"})


# -- types and attributes --------------------------------------------------------------------
@handles(len)
def _len(tx, obj):
    from compiler.values.tensor import TensorValue
    if isinstance(obj, TensorValue) and obj.example.dim():
        return obj.size_of(tx, 0)  # symbolic where the size is
    return _const(obj.len(tx))


@handles(isinstance)
def _isinstance(tx, obj, classes):
    kind, targets = obj.python_type(), classes.as_constant()
    from compiler.values.instance_checks import computed_instance_checks
    computed = computed_instance_checks(tx, obj, targets, _issubclass_of)
    if computed is not None:
        return ConstantValue(computed)
    guard_subclass_answer(tx, kind, targets)
    return ConstantValue(_issubclass_of(kind, targets))


def _issubclass_of(kind: type, classes) -> bool:
    import torch
    if isinstance(classes, tuple):
        return any(_issubclass_of(kind, c) for c in classes)
    if classes is torch.Tensor and kind is torch.nn.Parameter:
        return True
    return issubclass(kind, classes)


@handles(bool)
def _bool(tx, *value):
    return ConstantValue(value[0].bool(tx) if value else False)


@handles(str)
def _str(tx, *value, **kwargs):
    from compiler.values.exceptions import ExceptionValue
    if len(value) == 1 and isinstance(value[0], ExceptionValue) and not kwargs:
        return ConstantValue(str(value[0].exc))
    return NotImplemented


@handles(type)
def _type(tx, obj, *rest):
    if rest:
        return NotImplemented
    from compiler.values.objects import ClassValue
    return ClassValue(obj.python_type())


@handles(print)
def _print(tx, *args, **kwargs):
    raise Unsupported("print() writes to the terminal", BreakReason.SIDE_EFFECT)


@handles(super)
def _super(tx, *args):
    if args:
        return tx.super_of(args[0].as_constant(), args[1])
    return tx.zero_argument_super()


# -- iteration ---------------------------------------------------------------------------------
@handles(iter)
def _iter(tx, obj, *sentinel):
    if sentinel:
        from compiler.values.generators import call_iterator
        return call_iterator(obj, sentinel[0])
    return obj.iter(tx)


@handles(next)
def _next(tx, it, *default):
    try:
        return it.next(tx)
    except RaisedByProgram as raised:
        if default and isinstance(raised.exc, StopIteration):
            return default[0]
        raise


@handles(list)
def _list(tx, *iterable):
    return ListValue(_items(tx, iterable[0]) if iterable else [])


@handles(tuple)
def _tuple(tx, *iterable):
    return TupleValue(_items(tx, iterable[0]) if iterable else [])


@handles(set)
def _set(tx, *iterable):
    return build_set(tx, iterable[0] if iterable else None, frozen=False)


@handles(frozenset)
def _frozenset(tx, *iterable):
    return build_set(tx, iterable[0] if iterable else None, frozen=True)


@handles(dict)
def build_dict(tx, *source, **kwargs):
    result = DictValue()
    if source:
        if isinstance(source[0], DictValue):
            result.merge_entries(source[0])
        else:
            for key, value in mapping_pairs(tx, source[0]):
                store_entry(result.entries, key, value, tx)
    for key, value in kwargs.items():
        store_entry(result.entries, ConstantValue(key), value)
    return result


@handles(zip)
def _zip(tx, *iterables, strict=None):
    if strict is None or not strict.as_constant():
        live = live_zip(tx, list(iterables))
        if live is not None:
            return live
    lists = [None if isinstance(it, InfiniteIteratorValue) else _items(tx, it)
             for it in iterables]
    finite = [len(items) for items in lists if items is not None]
    if len(finite) < len(lists):  # pair infinite counts with the shortest finite input
        if not finite:
            raise Unsupported("zip of infinite iterators only", BreakReason.UNSUPPORTED_CALL)
        if strict is not None and strict.as_constant():  # its error consumes the endless one
            raise Unsupported("zip(strict=True) of an endless iterator",
                              BreakReason.UNSUPPORTED_CALL)
        lists = [it.take(min(finite)) if items is None else items
                 for it, items in zip(iterables, lists)]
    groups = [TupleValue(list(group)) for group in zip(*lists)]
    if strict is not None and strict.as_constant() and len({len(x) for x in lists}) > 1:
        return StrictZipIteratorValue(groups, [len(x) for x in lists])
    return SequenceIteratorValue(groups, kind=zip)


@handles(enumerate)
def _enumerate(tx, iterable, start=None):
    first = start.as_constant() if start is not None else 0
    live = live_enumerate(tx, iterable, first)
    if live is not None:
        return live
    return SequenceIteratorValue([TupleValue([ConstantValue(i), v])
                                  for i, v in enumerate(_items(tx, iterable), first)],
                                 kind=enumerate)


@handles(reversed)
def _reversed(tx, sequence):
    """`__reversed__`, else the sequence protocol (`__len__` and `__getitem__`), else
    TypeError; a user object's dunders are called as CPython calls them."""
    from compiler.values.attributes import find_in_mro
    from compiler.values.objects import ObjectValue
    kind = sequence.python_type()
    has = {name: find_in_mro(kind, name)[0] is not None
           for name in ("__reversed__", "__len__", "__getitem__")}
    if not has["__reversed__"] and not (has["__len__"] and has["__getitem__"]):
        raise RaisedByProgram(TypeError(f"{kind.__name__!r} object is not reversible"))
    if isinstance(sequence, ObjectValue):
        return _reversed_user(tx, sequence, has["__reversed__"])
    live = live_reversed(sequence)
    if live is not None:
        return live
    items = list(reversed(_items(tx, sequence)))
    if sequence.is_constant() and not isinstance(sequence, TupleValue):
        kind = type(call_pure(reversed, [sequence.as_constant()], {}))
    else:
        empty = {list: [], tuple: (), dict: {}}.get(sequence.python_type())
        kind = type(reversed(empty)) if empty is not None else None
    return SequenceIteratorValue(items, kind=kind)


def _reversed_user(tx, obj, has_reversed: bool):
    from compiler.values.generators import reversed_sequence
    from compiler.values.objects import class_attribute
    if has_reversed:
        method = class_attribute(tx, obj.cls, "__reversed__", obj)
        if method.is_constant() and method.as_constant() is None:
            raise RaisedByProgram(TypeError(f"{obj.cls.__name__!r} object is not reversible"))
        return method.call(tx, [], {})
    return reversed_sequence(tx, obj)


@handles(map)
def _map(tx, fn, *iterables):
    lists = [_items(tx, it) for it in iterables]
    return SequenceIteratorValue([fn.call(tx, list(group), {}) for group in zip(*lists)],
                                 kind=map)


@handles(filter)
def _filter(tx, fn, iterable):
    items = _items(tx, iterable)
    if fn.is_constant() and fn.as_constant() is None:
        return SequenceIteratorValue([i for i in items if i.bool(tx)], kind=filter)
    return SequenceIteratorValue([i for i in items if fn.call(tx, [i], {}).bool(tx)],
                                 kind=filter)


@handles(sorted)
def _sorted(tx, iterable, key=None, reverse=None):
    from compiler.values.sets import SetValue
    members = iterable.sortable_members() if isinstance(iterable, SetValue) and (
        key is None or key.is_constant() and key.as_constant() is None) else None
    result = ListValue(members if members is not None else _items(tx, iterable))
    options = {"reverse": reverse} if reverse is not None else {}
    if key is not None and not (key.is_constant() and key.as_constant() is None):
        options["key"] = key
    result.sorting_copy = True  # its failure raises the program's TypeError
    try:
        result.call_method(tx, "sort", [], options)  # a new list: no side effect
    finally:
        result.sorting_copy = False
    return result


def _python_type(value: Value):
    try:
        return value.python_type()
    except (Unsupported, NotImplementedError):
        return None


# -- folds -------------------------------------------------------------------------------------
@handles(sum)
def _sum(tx, iterable, start=None):
    total = start if start is not None else ConstantValue(0)
    refused = {str: "''", bytes: "b''", bytearray: "b''"}.get(_python_type(total))
    if refused is not None:  # sum() rejects these starts before reading the iterable
        name = _python_type(total).__name__
        raise RaisedByProgram(TypeError(
            f"sum() can't sum {name} [use {refused}.join(seq) instead]"))
    for item in _items(tx, iterable):
        total = binary_op(tx, "+", total, item)
    return total


@handles(any)
def _any(tx, iterable):
    return ConstantValue(any(item.bool(tx) for item in _items(tx, iterable)))


@handles(all)
def _all(tx, iterable):
    return ConstantValue(all(item.bool(tx) for item in _items(tx, iterable)))


def _extreme(tx, symbol, args, key, default):
    if key is not None and key.is_constant() and key.as_constant() is None:
        key = None  # key=None: the items themselves
    if default is not None and len(args) > 1:
        name = "max" if symbol == ">" else "min"
        raise RaisedByProgram(TypeError(f"Cannot specify a default for {name}() with multiple "
                                        f"positional arguments"))
    items = _items(tx, args[0]) if len(args) == 1 else list(args)
    if not items:
        if default is not None:
            return default
        name = "max" if symbol == ">" else "min"
        raise RaisedByProgram(ValueError(f"{name}() arg is an empty sequence"))
    if key is None and all(i.is_constant() for i in items):
        fn = max if symbol == ">" else min
        return _const(call_pure(fn, [[i.as_constant() for i in items]], {}))
    if key is None:
        from compiler.values.tensor_selection import select_extreme
        selected = select_extreme(tx, symbol, items)
        if selected is not None:
            return selected
    best = items[0]
    best_key = key.call(tx, [best], {}) if key is not None else best
    for item in items[1:]:
        item_key = key.call(tx, [item], {}) if key is not None else item
        if compare(tx, symbol, item_key, best_key).bool(tx):
            best, best_key = item, item_key
    return best


@handles(max)
def _max(tx, *args, key=None, default=None):
    found = _extreme(tx, ">", args, key, default)
    return NotImplemented if found is None else found


@handles(min)
def _min(tx, *args, key=None, default=None):
    found = _extreme(tx, "<", args, key, default)
    return NotImplemented if found is None else found


@handles(abs)
def _abs(tx, value):
    return unary_op(tx, "abs", value)


@handles(round)
def _round(tx, value, ndigits=None):
    from compiler.values.tensor import TensorValue
    if isinstance(value, TensorValue):  # round(x, n) is type(x).__round__(x, n)
        kind = value.python_type()
        if hasattr(kind, "__round__"):
            raise Unsupported(f"round() of a {kind.__name__} (its own __round__)",
                              BreakReason.UNSUPPORTED_CALL)
        raise RaisedByProgram(TypeError(f"type {kind.__name__} doesn't define __round__ method"))
    cls = value.dunder_class()
    if cls is None:
        return NotImplemented
    method = _dunder(tx, value, "__round__")  # an object: type(obj).__round__(obj[, ndigits])
    if method is None:
        raise RaisedByProgram(TypeError(f"type {cls.__name__} doesn't define __round__ method"))
    given = ndigits is not None and not (ndigits.is_constant() and ndigits.as_constant() is None)
    return method.call(tx, [ndigits] if given else [], {})


def _dunder(tx, value: Value, name: str):
    from compiler.values.dunders import dunder
    return dunder(tx, value, name)


def _math_hook(hook: str):
    """math.floor / ceil / trunc of an object: its class's hook (a float conversion when it
    has none is left refused)."""
    def handler(tx, value):
        if value.dunder_class() is None:
            return NotImplemented
        method = _dunder(tx, value, hook)
        if method is None:
            raise Unsupported(f"math.{hook.strip('_')}() of {value}, which has no {hook}",
                              BreakReason.UNSUPPORTED_CALL)
        return method.call(tx, [], {})
    return handler


for _fn, _hook in ((math.floor, "__floor__"), (math.ceil, "__ceil__"),
                   (math.trunc, "__trunc__")):
    HANDLERS[_fn] = _math_hook(_hook)


@handles(pow)
def _pow(tx, base, exp, *mod):
    if mod:
        return NotImplemented
    return binary_op(tx, "**", base, exp)


@handles(divmod)
def _divmod(tx, a, b):
    if a.is_constant() and b.is_constant():
        return NotImplemented
    from compiler.values.tensor import TensorValue
    if isinstance(a, TensorValue) or isinstance(b, TensorValue):
        return _divmod_with_tensor(a, b)
    if a.dunder_class() is not None or b.dunder_class() is not None:
        from compiler.values.dunders import try_dunders
        result = try_dunders(tx, a, b, "__divmod__", "__rdivmod__")  # not // and %
        if result is not None:
            return result
        from compiler.values.containers import type_name
        names = [type_name(v.python_type()) for v in (a, b)]
        raise RaisedByProgram(TypeError(f"unsupported operand type(s) for divmod(): "
                                        f"'{names[0]}' and '{names[1]}'"))
    return TupleValue([binary_op(tx, "//", a, b), binary_op(tx, "%", a, b)])


def _divmod_with_tensor(a, b):
    """A tensor has no __divmod__ nor __rdivmod__, and a number's refuses a tensor: CPython's
    TypeError, unless some operand's type brings its own hook."""
    from compiler.values.tensor import TensorValue
    kinds = []
    for operand in (a, b):
        if isinstance(operand, TensorValue):
            kind = operand.python_type()
            if hasattr(kind, "__divmod__") or hasattr(kind, "__rdivmod__"):
                raise Unsupported(f"divmod() of a {kind.__name__}", BreakReason.UNSUPPORTED_CALL)
        elif operand.is_constant() and type(operand.as_constant()) in (int, float, bool, complex):
            kind = type(operand.as_constant())
        else:
            raise Unsupported(f"divmod() of a tensor and {operand}", BreakReason.UNSUPPORTED_CALL)
        kinds.append(kind.__name__)
    raise RaisedByProgram(TypeError(f"unsupported operand type(s) for divmod(): "
                                    f"'{kinds[0]}' and '{kinds[1]}'"))


@handles(tuple.__new__)
def _tuple_new(tx, cls, *iterable, **kwargs):
    if kwargs:  # tuple's own checks, before anything is read
        raise RaisedByProgram(TypeError("tuple() takes no keyword arguments"))
    if len(iterable) > 1:
        raise RaisedByProgram(TypeError(f"tuple expected at most 1 argument, got "
                                        f"{len(iterable)}"))
    items = _items(tx, iterable[0]) if iterable else []
    if cls.as_constant() is tuple:
        return TupleValue(items)
    return NamedTupleValue(cls.as_constant(), items)


@handles(dict.fromkeys)
def _fromkeys(tx, keys, value=None):
    value = value if value is not None else ConstantValue(None)
    return DictValue.from_pairs([(k, value) for k in _items(tx, keys)], tx=tx)

