"""Constant items of an input dict, guarded only once the trace reads them.

A dict argument is guarded on its keys; each item is a tracker of its own. A constant item
(an int, a float, a str, a bool, None) is guarded equal to its value only when the trace reads
that value: a config dict whose unused entries change between calls (a step counter beside
the settings a function reads) reuses the compiled code instead of recompiling per value.
Every read of the value goes through `ConstantValue.value`, so it is a property here that adds
the guard before it answers; an item only carried along (passed to a callee, kept in a
container, left in the dict) adds none. Reconstructing it reads the value, so a copy of the item
that leaves the frame is guarded too.
"""

from __future__ import annotations

from typing import Any

from compiler.guards.guard import GuardKind
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

LAZY_TYPES = (int, float, str, bool, type(None))


class LazilyGuardedConstant(ConstantValue):
    def __init__(self, value: Any, source, ctx):  # noqa: D107 - the value is held as it is
        Value.__init__(self, source)
        self._value = value
        self._ctx = ctx

    @property
    def value(self) -> Any:
        self._ctx.guard(self.source, GuardKind.EQUALS, self._value)  # (idempotent)
        return self._value

    def __repr__(self) -> str:
        return f"LazilyGuardedConstant({self.source.expr()})"


def wrap_item(ctx, item: Any, source, wrap) -> Value:
    """The tracker of one item of an input dict: constants lazily guarded (an int the shape
    policy traces as a symbol is one), anything else as `wrap` makes it."""
    if source is None or ctx is None or type(item) not in LAZY_TYPES:
        return wrap(ctx, item, source)
    if type(item) is int:
        from compiler.values.symbolic_int import symbolic_int_argument
        symbolic = symbolic_int_argument(ctx, item, source)
        if symbolic is not None:
            return symbolic
    return LazilyGuardedConstant(item, source, ctx)
