"""`weakref.ref` objects that exist before the trace (nn.RNNBase keeps one per flat weight).

Only the exact type `weakref.ReferenceType` with a source is modelled. Calling it reads the
referent now, through a `WeakRefReferentSource` that is guarded like any other source (the
object's identity or type, or that it is gone: None). Anything else is refused.
"""

from __future__ import annotations

import weakref
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import WeakRefReferentSource
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue


class WeakRefValue(Value):
    def __init__(self, ref: Any, source):
        super().__init__(source)
        self.ref = ref

    def __repr__(self) -> str:
        return f"WeakRefValue({self.source})"

    def python_type(self) -> type:
        return weakref.ReferenceType

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise RaisedByProgram(TypeError("weakref() takes no arguments"))
        source = WeakRefReferentSource(self.source)
        referent = self.ref()
        if referent is None:
            tx.ctx.guard(source, GuardKind.ID, None)
            return ConstantValue(None, source)
        return registry.wrap(tx.ctx, referent, source)

    def getattr(self, tx, name: str) -> Value:
        raise Unsupported(f"weakref attribute {name!r}", BreakReason.UNSUPPORTED_ATTRIBUTE)


def instance_weakref(tx, obj) -> Value:
    """`obj.__weakref__` of an instance of a user class: the first weak reference to it, or
    None. One made in the trace has none (the trace makes no weak references); an existing
    one's is read now, through its source (guarded as any value)."""
    from compiler.guards.sources import AttrSource
    if obj.real is None:
        return ConstantValue(None)
    if obj.source is None:
        raise Unsupported("__weakref__ of an object reached without a source",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    source = AttrSource(obj.source, "__weakref__")
    first = obj.real.__weakref__
    if first is None:
        tx.ctx.guard(source, GuardKind.ID, None)
        return ConstantValue(None, source)
    return registry.wrap(tx.ctx, first, source)


def wrap_weakref(ctx, ref: Any, source) -> Value:
    if source is None:
        raise Unsupported("a weakref with no known source", BreakReason.UNSUPPORTED_VALUE)
    ctx.guard(source, GuardKind.TYPE, weakref.ReferenceType)
    return WeakRefValue(ref, source)
