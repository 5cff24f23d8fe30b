"""`isinstance(obj, classes)` as CPython answers it: an exact type match first, then, for each
class of a tuple, its metaclass's `__instancecheck__`.

Most metaclasses' checks are a subclass test of the object's type (type's own, ABCMeta's with
its registrations, typing's aliases, unions): the caller answers those with `issubclass`,
guarded (builtins._isinstance). Two others are computed here: torch's legacy tensor types
(`torch.FloatTensor`), whose check compares a tensor's dtype and device, asked of the tensor's
fake (its dtype and device are guarded, or follow from the graph); and a metaclass of the
program with a Python `__instancecheck__`, which is inlined, its result's truth taken as
CPython takes it. A metaclass that overrides `__subclasscheck__` but keeps type's
`__instancecheck__` plays no part in `isinstance`: type's check walks the object's MRO
(`type.__subclasscheck__`), never the override, and that answer is guarded.
"""

from __future__ import annotations

import types
from typing import Any

import torch

from compiler.values.base import Value

_LIBRARY_MODULES = ("abc", "typing", "torch.")
_LEGACY_TENSOR_META = type(torch.FloatTensor)  # torch.FloatTensor, torch.LongTensor...


def own_instance_check(cls: Any):
    """The Python `__instancecheck__` of a program's metaclass of `cls`, or None."""
    return program_check(cls, "__instancecheck__")


def program_check(cls: Any, name: str):
    """The Python `name` (`__instancecheck__`, `__subclasscheck__`) of a program's metaclass
    of `cls`, or None."""
    if not isinstance(cls, type):
        return None
    check = getattr(type(cls), name, None)
    if not isinstance(check, types.FunctionType):
        return None
    module = check.__module__ or ""
    if module in _LIBRARY_MODULES or module.startswith(_LIBRARY_MODULES[2]):
        return None
    return check


def is_legacy_tensor_type(cls: Any) -> bool:
    return isinstance(cls, type) and type(cls) is _LEGACY_TENSOR_META


def _subclass_check_only(cls: Any) -> bool:
    """A metaclass's `__subclasscheck__` overridden, type's `__instancecheck__` kept."""
    meta = type(cls)
    return (isinstance(cls, type) and meta.__instancecheck__ is type.__instancecheck__
            and meta.__subclasscheck__ is not type.__subclasscheck__)


def checks_its_own_way(cls: Any) -> bool:
    return (is_legacy_tensor_type(cls) or own_instance_check(cls) is not None
            or _subclass_check_only(cls) or program_check(cls, "__subclasscheck__") is not None)


def _by_mro(tx, kind: type, cls: type) -> bool:
    from compiler.guards.guard import GuardKind
    from compiler.guards.sources import CallSource, ConstantSource
    ctx = tx.ctx
    check = type.__subclasscheck__
    answer = check(cls, kind)
    query = CallSource(ConstantSource(ctx.label_for(check, "fn"), check),
                       (ConstantSource(ctx.label_for(cls, "cls"), cls),
                        ConstantSource(ctx.label_for(kind, "cls"), kind)))
    ctx.guard(query, GuardKind.EQUALS, answer)
    return answer


def computed_answer(tx, obj: Value, cls: Any) -> bool | None:
    """The answer for one class when its check is one of the two computed here, else None."""
    if obj.python_type() is cls:
        return True  # CPython's exact match comes before any __instancecheck__
    if is_legacy_tensor_type(cls):
        example = getattr(obj, "example", None)  # a tensor tracker's fake
        return isinstance(example, torch.Tensor) and isinstance(example, cls)
    if _subclass_check_only(cls):
        return _by_mro(tx, obj.python_type(), cls)
    check = own_instance_check(cls)
    if check is None and program_check(cls, "__subclasscheck__") is not None:
        from compiler.errors import BreakReason, Unsupported  # a library's check calling it
        raise Unsupported("isinstance() through a library's __instancecheck__ that asks a "
                          "program's __subclasscheck__", BreakReason.UNSUPPORTED_CALL)
    if check is None:
        return None
    from compiler.values import registry
    result = registry.wrap(tx.ctx, check, None).call(tx, [registry.class_value(cls), obj], {})
    return result.bool(tx)


def computed_instance_checks(tx, obj: Value, targets, issubclass_of) -> bool | None:
    """`isinstance(obj, targets)` when a class among them checks instances its own way, else
    None (the caller's guarded subclass test answers). `issubclass_of` is that test."""
    from compiler.values.attributes import guard_subclass_answer
    flat = _flat_classes(targets)
    if not any(checks_its_own_way(c) for c in flat):
        return None
    for c in flat:  # in order, up to the first that accepts, as CPython asks them
        answer = computed_answer(tx, obj, c)
        if answer is None:
            guard_subclass_answer(tx, obj.python_type(), c)
            answer = issubclass_of(obj.python_type(), c)
        if answer:
            return True
    return False


def _flat_classes(targets) -> list:
    if isinstance(targets, tuple):
        return [c for t in targets for c in _flat_classes(t)]
    return [targets]
