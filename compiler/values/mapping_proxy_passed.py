"""A `types.MappingProxyType` from outside the frame (an argument, a global, an attribute): the
view of its dict as mapping_proxy_made.py models one made in the trace, over the tracker of
the dict it wraps. That dict is reached in guards and in the rebuild through the proxy
(`___proxied(<proxy>)`: the one object the proxy's traversal visits), guarded as any dict is
(exact type, keys, the values read); a proxy over anything but a plain dict, or over the
namespace of a class, a module or an object (whose attribute writes the dict tracker would not
see), is refused. Registered in wrap.BY_EXACT_TYPE."""

from __future__ import annotations

import collections
import gc
import types

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import CallSource, ConstantSource
from compiler.values.base import Value
from compiler.values.mapping_proxy_made import MadeMappingProxyValue
from compiler.values.wrap import BY_EXACT_TYPE, wrap


def proxied(proxy: types.MappingProxyType):
    """The mapping a mappingproxy wraps (None if it cannot be told)."""
    found = gc.get_referents(proxy)
    return found[0] if len(found) == 1 else None


# What may hold a plain dict without it being the namespace of that object.
_HOLDERS = (
    dict,
    list,
    tuple,
    set,
    frozenset,
    types.FrameType,
    types.CellType,
    types.MappingProxyType,
    collections.deque,
)


def _is_namespace(mapping: dict) -> bool:
    """Whether the dict may be the `__dict__` of a class, a module or an object: something
    other than a container, a frame, a cell or the compiler holds it (no program code runs
    to tell)."""
    return any(
        not isinstance(owner, _HOLDERS) and not type(owner).__module__.startswith("compiler.")
        for owner in gc.get_referrers(mapping)
    )  # (the compiler's own records of the dict: its guards, sources, trackers)


class PassedMappingProxyValue(MadeMappingProxyValue):
    def __init__(self, mapping: Value, source):
        super().__init__(mapping)
        self.source = source

    def __repr__(self) -> str:
        return f"PassedMappingProxyValue({self.source})"

    def is_fresh_object(self) -> bool:
        return False

    def reconstruct(self, plan) -> str:
        return plan.source_expr(self.source)


def _wrap_proxy(ctx, proxy: types.MappingProxyType, source) -> Value:
    if ctx is None or source is None:
        raise Unsupported("a mappingproxy with no source", BreakReason.UNSUPPORTED_VALUE)
    ctx.guard(source, GuardKind.TYPE, types.MappingProxyType)
    mapping = proxied(proxy)
    if type(mapping) is not dict or _is_namespace(mapping):
        raise Unsupported(
            "a mappingproxy over something other than a plain dict", BreakReason.UNSUPPORTED_VALUE
        )
    inner = CallSource(ConstantSource(ctx.label_for(proxied, "fn"), proxied), (source,))
    ctx.guard(inner, GuardKind.ID, mapping)  # (a namespace is told only when traced)
    return PassedMappingProxyValue(wrap(ctx, mapping, inner), source)


BY_EXACT_TYPE.setdefault(types.MappingProxyType, _wrap_proxy)
