"""Guards on a lookup along a class's MRO: what `type(obj).name` found stays what it finds.

A program may replace a method on its class, override it on a subclass nearer the instance, or
delete it, between two calls. The trace inlined what the lookup found, so each class the lookup
passed is guarded to still lack the name, and the class that had it to still hold the same
object. Types CPython does not let a program change (builtins, C extension types) need no guard.
"""

from __future__ import annotations

from typing import Any

from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource, ItemSource
from compiler.values.attributes import find_in_mro

_IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: its attributes cannot be set


def guard_lookup(tx, cls: type, name: str, owner: type | None,
                 start_after: type | None = None) -> None:
    """Guard the lookup of `name` along `cls.__mro__` (past `start_after`, as super() looks)
    that found it on `owner` (None: on no class)."""
    mro = cls.__mro__
    if start_after is not None:
        mro = mro[mro.index(start_after) + 1:]
    for klass in mro:
        if not klass.__flags__ & _IMMUTABLE_TYPE:
            source = ConstantSource(tx.ctx.label_for(klass, "cls"), klass)
            if klass is owner:
                tx.ctx.guard(ItemSource(AttrSource(source, "__dict__"), name), GuardKind.ID,
                             klass.__dict__[name])
            else:
                tx.ctx.guard(source, GuardKind.INSTANCE_ATTR, (name, False))
        if klass is owner:
            return


def guarded_find_in_mro(tx, cls: type, name: str,
                        start_after: type | None = None) -> tuple[type | None, Any]:
    """`find_in_mro`, with its answer guarded (`guard_lookup`)."""
    owner, raw = find_in_mro(cls, name, start_after)
    guard_lookup(tx, cls, name, owner, start_after)
    return owner, raw
