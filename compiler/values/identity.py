"""`a is b` for value trackers, known exactly or refused (docs/soundness.md).

Identity is known for: the same tracker; real objects fixed by an identity guard or that are
constants of the trace (classes, functions, modules, None/True/False, enum members, dtypes,
also when held as constants, as an exception's class is);
mutable objects made in the trace (one tracker per object, fresh in eager too); exception
objects (by the object the trace made or was given: a tracker is rewrapped when it is raised
and caught); and objects
reached through sources (two distinct trackers are two objects now: a DISTINCT guard makes it
so on every call). Equal immutable values from different trackers (ints, strings, tuples) may
or may not be one object in CPython: refused.
"""

from __future__ import annotations

import enum
import types
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.values.base import Value

_SINGLETONS = (type(None), bool, type(Ellipsis), type(NotImplemented), torch.dtype)
OBJECT, FRESH, SOURCED = "object", "fresh", "sourced"


def _key(value: Value) -> tuple[str, Any] | None:
    """What `is` compares: (OBJECT, real object), (FRESH, tracker), (SOURCED, tracker)."""
    from compiler.values.constant import ConstantValue, is_special_form
    from compiler.values.exceptions import ExceptionValue
    if isinstance(value, ExceptionValue):  # one trace-time object per exception of the run:
        return OBJECT, value.exc  # made in the trace (new on each call) or the program's own
    if isinstance(value, ConstantValue):
        real = value.value
        if isinstance(real, (_SINGLETONS, enum.Enum, type, types.ModuleType,
                             types.BuiltinFunctionType)) or is_special_form(real):
            return OBJECT, real
        return (SOURCED, value) if value.source is not None else None
    if getattr(value, "selected_from", None) is not None:
        return None  # max()/min() of tensors: which object it is depends on data
    real = value.fixed_object()  # each kind says (classes, functions, modules, ...)
    if real is not None:
        return OBJECT, real
    if value.source is not None:
        return SOURCED, value
    return (FRESH, value) if value.is_fresh_object() else None


def exact_type(value: Value) -> type | None:
    try:
        return value.python_type()
    except Unsupported:
        return None


def identity(tx, a: Value, b: Value) -> bool | None:
    """`a is b`, or None when it cannot be known."""
    if a is b:
        return True
    key_a, key_b = _key(a), _key(b)
    if key_a is None or key_b is None:
        type_a, type_b = exact_type(a), exact_type(b)
        if type_a is not None and type_b is not None and type_a is not type_b:
            return False  # two objects of different exact types
        return None
    (kind_a, obj_a), (kind_b, obj_b) = key_a, key_b
    if kind_a == OBJECT and kind_b == OBJECT:
        return obj_a is obj_b
    if FRESH in (kind_a, kind_b):
        return False  # an object made in the trace is no other tracker's object
    if kind_a == SOURCED and kind_b == SOURCED:
        return _sourced_identity(tx, a, b)
    sourced, fixed = (a, obj_b) if kind_a == SOURCED else (b, obj_a)
    if exact_type(sourced) is not type(fixed):
        return False  # the source's type is guarded
    held = sourced.current_object()
    if held is not None and not isinstance(held, (int, float, str, bytes, tuple)):
        # the object the source holds now, pinned by identity (another one recompiles)
        tx.ctx.guard(sourced.source, GuardKind.ID, held)
        return held is fixed
    return None


def _sourced_identity(tx, a: Value, b: Value) -> bool:
    """Two existing objects: what they are now, guarded to stay so."""
    from compiler.values.constant import ConstantValue
    same = (a.value is b.value if isinstance(a, ConstantValue) and isinstance(b, ConstantValue)
            else False)  # wrap gives one tracker per object, so distinct trackers differ
    tx.ctx.guard(a.source, GuardKind.SAME_OBJECT if same else GuardKind.DISTINCT, b.source)
    return same


def is_same(tx, a: Value, b: Value) -> bool:
    known = identity(tx, a, b)
    if known is None:
        raise Unsupported(f"whether {a} is {b}", BreakReason.UNSUPPORTED_VALUE)
    return known
