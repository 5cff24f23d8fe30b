"""torch's insertion-ordered set (`torch.utils._ordered_set.OrderedSet`): a `MutableSet` written
in plain Python over one dict slot, so the trace runs its code as it runs a program's class
(its methods, the `collections.abc` mixins it inherits, its `__init__`), instead of refusing it
as one of torch's classes. Made in the trace it is an object of the class with its slot
written there; passed in, read from a global or a closure, it is the existing object, guarded
on its exact type, whose slot dict is read (and guarded) as any other dict is.
Registered in builtins.HANDLERS (the constructor) and wrap.BY_EXACT_TYPE (an existing one)."""

from __future__ import annotations

from compiler.guards.guard import GuardKind
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS
from compiler.values.objects import ObjectValue, UserObjectValue, class_attribute
from compiler.values.wrap import BY_EXACT_TYPE

try:
    from torch.utils._ordered_set import OrderedSet
except ImportError:  # an older torch without it: nothing to model
    OrderedSet = None


def _construct(tx, *args: Value, **kwargs: Value) -> Value:
    """`OrderedSet(iterable=None)`: a new object whose Python `__init__` is traced."""
    made = ObjectValue(OrderedSet)
    returned = class_attribute(tx, OrderedSet, "__init__", made).call(tx, list(args), kwargs)
    if not (returned.is_constant() and returned.as_constant() is None):
        raise RaisedByProgram(TypeError("__init__() should return None"))
    return made


def _wrap(ctx, obj, source) -> Value:
    if ctx is not None:
        ctx.guard(source, GuardKind.TYPE, type(obj))
    return UserObjectValue(obj, source)


if OrderedSet is not None:
    HANDLERS.setdefault(OrderedSet, _construct)
    BY_EXACT_TYPE.setdefault(OrderedSet, _wrap)
