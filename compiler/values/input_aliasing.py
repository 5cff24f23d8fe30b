"""Objects from outside the frame that the trace holds as apart, guarded to stay apart.

A program's object is guarded by its type, not its identity (a fresh object of the class
reuses the compiled code), yet the trace treats two objects it read as two: a dict keyed by
one and asked for the other, an attribute written through one and read through the other.
So the objects of one class read in a trace are guarded to be as many objects
(`apart_from_others_of_its_type`). Likewise a dict from outside and a program's object are
two trackers, exact only while the dict is not that object's `__dict__` when the trace
changed either (`check_instance_dict_aliases`, at the end of the trace).
"""

from __future__ import annotations

import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, Source
from compiler.values.base import Value


def apart_from_others_of_its_type(ctx, obj: Any, source: Source) -> None:
    """One guard per class, remade as the group grows: its objects are pairwise different
    (the same object read twice is one tracker, its sources guarded the same)."""
    group = ctx.plain_instances.setdefault(type(obj), [])
    group.append(source)
    if len(group) < 2:
        return
    for key in [k for k, g in ctx.guards.items()
                if g.kind is GuardKind.ALL_DISTINCT and g.source == group[0]]:
        del ctx.guards[key]  # (the guard of the smaller group it replaces)
    ctx.guard(group[0], GuardKind.ALL_DISTINCT, tuple(group[1:]))


def instance_dict(obj: Any) -> dict | None:
    """An object's own instance dict, read through its type's C descriptor (no program code
    runs), or None."""
    from compiler.values.attributes import find_in_mro
    if not isinstance(find_in_mro(type(obj), "__dict__")[1], types.GetSetDescriptorType):
        return None  # (its class's own MRO: a metaclass's `__dict__` is the class's)
    try:
        table = object.__getattribute__(obj, "__dict__")
    except AttributeError:
        return None
    return table if type(table) is dict else None


def remember_table(ctx, obj: Any, value: Value) -> None:
    """Remember a dict from outside, or a program's object with an instance dict, for
    `check_instance_dict_aliases`."""
    from compiler.values.containers import DictValue
    from compiler.values.objects import ObjectValue
    if isinstance(value, DictValue) and type(obj) is dict:
        ctx.wrapped_tables.append((obj, value, True))
    elif isinstance(value, ObjectValue) and instance_dict(obj) is not None:
        ctx.wrapped_tables.append((obj, value, False))


def check_instance_dict_aliases(ctx) -> None:
    """At the end of a trace, for each dict and object the trace changed either of (reads
    alone agree): the same table is refused, different ones are guarded to stay different."""
    writes = ctx.side_effects
    written = {key[0] for key in writes.attribute_writes} | set(writes.mutated)
    tables = [(o, v) for o, v, is_dict in ctx.wrapped_tables if is_dict]
    holders = [(o, v) for o, v, is_dict in ctx.wrapped_tables if not is_dict]
    for table, table_value in tables:
        for holder, holder_value in holders:
            if id(table_value) not in written and id(holder_value) not in written:
                continue
            if instance_dict(holder) is table:
                raise Unsupported("a dict that is also an object's __dict__ in the same frame",
                                  BreakReason.UNSUPPORTED_VALUE)
            ctx.guard(table_value.source, GuardKind.DISTINCT,
                      AttrSource(holder_value.source, "__dict__"))
