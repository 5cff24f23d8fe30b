"""The builtins of attributes and identity in a trace: getattr, hasattr, setattr, delattr,
object.__setattr__, vars, callable and id. They join builtins.HANDLERS at this module's import
(user_hash_repr.py imports it, as compiler/values/__init__.py imports that one).

`id(obj)` is exact or refused. An object that is the same one on every call the graph runs
for (a class, a function, a module, an object reached through a source, pinned by an identity
guard) has its real id, a constant. An object made in the trace has another id on every call:
its id is an opaque number (`IdentityNumber`), one per object, that keys a dict or set and
compares equal to its own object's id; anything that would show the number itself (printing
it, arithmetic, returning it, comparing it with another int) is refused.
"""

from __future__ import annotations

import enum
import types
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.values import builtins_numbers, builtins_unbound  # noqa: F401 (their handlers)
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue


def _getattr(tx, obj, name, *default):
    from compiler.values.attributes import getattr_or_default
    if default:
        return getattr_or_default(tx, obj, name.as_constant(), default[0])
    return obj.getattr(tx, name.as_constant())


def _hasattr(tx, obj, name):
    from compiler.values.attributes import has_attribute
    return ConstantValue(has_attribute(tx, obj, name.as_constant()))


def _setattr(tx, obj, name, value):
    obj.setattr(tx, name.as_constant(), value)  # the class's __setattr__ and properties
    return ConstantValue(None)


def _object_setattr(tx, obj, name, value):
    from compiler.values.objects import ObjectValue
    if not isinstance(obj, ObjectValue):
        raise Unsupported(f"object.__setattr__ on {obj}", BreakReason.SIDE_EFFECT)
    obj.generic_setattr(tx, name.as_constant(), value)
    return ConstantValue(None)


def _vars(tx, *obj):
    """`vars(obj)` is `obj.__dict__` (a TypeError when it has none): the instance dict of an
    object, made in the trace or existing (its reads and writes as `obj.__dict__`'s)."""
    from compiler.values.objects import InstanceDictValue, ObjectValue
    from compiler.values.tensor import TensorValue
    if len(obj) == 1 and isinstance(obj[0], TensorValue):
        return obj[0].getattr(tx, "__dict__")  # an input's view; refused for a made tensor
    if len(obj) == 1 and isinstance(obj[0], ObjectValue):
        from compiler.values.attributes import guarded_find_in_mro
        if guarded_find_in_mro(tx, obj[0].python_type(), "__dict__")[1] is None:  # __slots__
            raise RaisedByProgram(TypeError("vars() argument must have __dict__ attribute"))
        if obj[0].real is None:
            return InstanceDictValue(obj[0])
        try:
            return obj[0].getattr(tx, "__dict__")
        except RaisedByProgram as raised:
            if isinstance(raised.exc, AttributeError):
                raise RaisedByProgram(TypeError("vars() argument must have __dict__ "
                                                "attribute")) from None
            raise
    from compiler.values.objects import ClassValue, PythonModuleValue
    if len(obj) == 1 and (isinstance(obj[0], PythonModuleValue) or isinstance(
            obj[0], ClassValue) and type(obj[0].cls) is type):  # its `__dict__`
        return obj[0].getattr(tx, "__dict__")
    raise Unsupported(f"vars() of {obj[0] if obj else 'the frame'}",
                      BreakReason.UNSUPPORTED_CALL)


def _delattr(tx, obj, name):
    obj.delattr(tx, name.as_constant())
    return ConstantValue(None)


def _callable(tx, obj):
    from compiler.values.attributes import is_callable
    return ConstantValue(is_callable(obj))


# -- id() ------------------------------------------------------------------------------------
# Objects a constant of the trace stands for that live as long as the program: their id is
# the same on every call.
_LASTING = (type(None), bool, type(Ellipsis), type(NotImplemented), torch.dtype, enum.Enum,
            type, types.ModuleType, types.BuiltinFunctionType)


def _id(tx, obj: Value):
    if obj.is_constant() and obj.as_constant() is None:
        return ConstantValue(id(None))  # (lasting_object answers None for "none")
    real = lasting_object(tx, obj)
    if real is not None:
        return ConstantValue(id(real))
    if obj.source is None and obj.is_fresh_object() and obj.fixed_object() is None:
        return IdentityNumber.of(obj)
    raise Unsupported(f"id() of {obj}", BreakReason.UNSUPPORTED_CALL)


def lasting_object(tx, value: Value) -> Any:
    """The real object `value` stands for, the same one on every call the graph runs for
    (pinned by an identity guard when it comes from a source), else None."""
    from compiler.values.exceptions import ExceptionValue
    if isinstance(value, ExceptionValue):
        return None  # the trace's exception object stands for a new one on every call
    if isinstance(value, ConstantValue):
        from compiler.values.constant import is_special_form
        real = value.value
        if not (isinstance(real, _LASTING) or is_special_form(real)):
            return None  # an int or a str may or may not be a new object (or a snapshot)
        if value.source is not None:
            tx.ctx.guard(value.source, GuardKind.ID, real)
    elif value.source is not None:
        real = value.current_object()
        if real is None:
            real = _input_object(tx, value)
        if real is not None:
            tx.ctx.guard(value.source, GuardKind.ID, real)
        return real
    else:
        real = value.fixed_object()
    if real is None or getattr(value, "made_in_trace", False) or tx.ctx.is_made_per_call(real):
        return None
    return real


def _input_object(tx, value: Value) -> Any:
    """The real object a tracker of an input was made from (a tensor)."""
    for real, tracker in tx.ctx.values_by_id.values():
        if tracker is value:
            return real
    return None


class IdentityNumber(Value):
    """`id(obj)` of an object made in the trace, whose number eager gives anew on every call:
    one tracker per object, so that the number keys a dict or a set (by its object) and
    `id(a) == id(a)` holds; what would need the number itself is refused."""

    def __init__(self, target: Value):
        super().__init__(None)
        self.target = target

    @staticmethod
    def of(target: Value) -> IdentityNumber:
        number = getattr(target, "_identity_number", None)
        if number is None:
            number = IdentityNumber(target)
            target._identity_number = number
        return number

    def __repr__(self) -> str:
        return f"IdentityNumber({self.target})"

    def python_type(self) -> type:
        return int

    def hash_key(self) -> Any:
        return ("id() of an object made in the trace", id(self.target))


BUILTIN_HANDLERS.update({
    getattr: _getattr, hasattr: _hasattr, setattr: _setattr, object.__setattr__: _object_setattr,
    vars: _vars, delattr: _delattr, callable: _callable, id: _id,
})
