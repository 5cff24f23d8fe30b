"""functools.lru_cache wrappers in a trace: called on constants, the real wrapper runs at
trace time and its constant result is folded in, guarded on the cache's miss count.
"""

from __future__ import annotations

import inspect
import weakref
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.sources import AttrSource, ConstantSource
from compiler.values import registry
from compiler.values.base import HeldCallableValue, Value
from compiler.values.constant import ConstantValue


def unsupported_call(what: str) -> Unsupported:
    return Unsupported(f"call of {what}", BreakReason.UNSUPPORTED_CALL)


class LruCacheValue(HeldCallableValue):
    """A functools.lru_cache wrapper. Called on constants, it is called for real at trace time,
    as the program calls it (a result it had cached is what the program gets, even if the
    function would compute another now), and its constant result is folded in, guarded on the
    cache's miss count, which a recomputation or a cache_clear() changes. A list or dict result
    is the object the cache holds, an existing object of the program (its contents guarded
    as read, its changes replayed on it). Anything else (a tensor argument, another mutable
    result) is refused: the call runs in Python. A tensor keys the
    cache by its identity: for an input, a hit (the tensor it stored then, however the input
    changed since) or a miss cannot be known at trace time; for a tensor made in the trace the
    miss is certain, but the entry eager stores (and counts) cannot be replayed after the
    graph. Inlining the function would differ from eager in both."""

    def as_constant(self) -> Any:
        return self.fn

    def call(self, tx, args, kwargs) -> Value:
        from compiler.guards.guard import GuardKind
        from compiler.guards.sources import LruCacheEntrySource, LruCacheMissesSource
        name = getattr(self.fn, "__qualname__", "an lru_cache function")
        plain = [_argument(tx, a, name) for a in args]
        named = {k: _argument(tx, v, name) for k, v in kwargs.items()}
        # (one reached with no source, a global of a library's module, is named by the guards
        # as a constant they hold)
        source = self.source or ConstantSource(tx.ctx.label_for(self.fn, "lru"), self.fn)
        called = _CALLED.setdefault(tx.ctx, {})
        key = _call_key(self.fn, plain, named)
        if tx.ctx.side_effects.recorded() and not _surely_hits(self.fn, plain, named) and (
                key is None or called.get(key) != self.fn.cache_info().misses):
            # (a global set, a list changed, ... earlier in the trace): should the call miss,
            # the function would run now, blind to those changes. It surely hits when this
            # trace made the same call and nothing missed (so nothing was evicted) since.
            raise unsupported_call(f"{name}, an lru_cache function called after the trace "
                                   f"changed existing objects: its real call now would not "
                                   f"see those changes")
        try:
            result = self.fn(*plain, **named)
        except Exception as exc:
            raise unsupported_call(f"{name}, which raises {type(exc).__name__}") from None
        if key is not None:
            called[key] = self.fn.cache_info().misses
        misses = LruCacheMissesSource(source)
        for key in [k for k, g in tx.ctx.guards.items() if g.source == misses]:
            del tx.ctx.guards[key]  # the count after the last call of this trace
        tx.ctx.guard(misses, GuardKind.EQUALS, self.fn.cache_info().misses)
        # and the entry itself: after a cache_clear() the count can come back with other entries
        entry = LruCacheEntrySource(source, tuple(plain), tuple(named.items()))
        tx.ctx.guard(entry, GuardKind.EQUALS if _is_frozen(result) else GuardKind.ID, result)
        if _is_frozen(result):
            return registry.wrap_constant(result)
        if type(result) not in (list, dict):
            raise unsupported_call(f"{name}, an lru_cache function returning a "
                                   f"{type(result).__qualname__}")
        # The very object the cache holds, which the program may change: an existing object,
        # read through a source naming it (guards on what is read of it, changes replayed)
        held = ConstantSource(tx.ctx.label_for(result, "lru_result"), result)
        return registry.wrap(tx.ctx, result, held)

    def getattr(self, tx, name: str) -> Value:
        if name in ("__wrapped__", "__name__", "__qualname__", "__module__", "__doc__"):
            return registry.wrap(tx.ctx, getattr(self.fn, name), AttrSource(self.source, name)
                        if self.source is not None else None)
        return super().getattr(tx, name)


def _surely_hits(fn, plain: list, named: dict) -> bool:
    """A call with no arguments of a function that takes none, whose cache holds an entry:
    that entry is the one key such a call can have, so the call hits."""
    if plain or named:
        return False
    try:
        parameters = inspect.signature(fn.__wrapped__).parameters
    except (AttributeError, TypeError, ValueError):
        return False
    return not parameters and fn.cache_info().currsize >= 1


# The calls each trace made, by trace context: (wrapper, arguments) -> miss count after it.
_CALLED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _call_key(fn, plain: list, named: dict):
    key = (id(fn), tuple(plain), tuple(sorted(named.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _argument(tx, value: Value, name: str) -> Any:
    """A constant, or an existing object keyed by identity (a module, a config object: its
    class keeps object's __hash__ and __eq__), pinned so that it is the same key on every
    call."""
    from compiler.values.builtins_attributes import lasting_object
    from compiler.values.containers import TupleValue
    if isinstance(value, (ConstantValue, TupleValue)):
        return _frozen_constant(value, name)
    real = lasting_object(tx, value)
    kind = type(real)
    if real is None or kind.__hash__ is not object.__hash__ or kind.__eq__ is not object.__eq__:
        return _frozen_constant(value, name)  # refused, with its reason
    return real


def _frozen_constant(value: Value, name: str) -> Any:
    from compiler.values.constant import CONSTANT_TYPES
    from compiler.values.containers import TupleValue
    if isinstance(value, ConstantValue) and type(value.value) in CONSTANT_TYPES:
        return value.value
    if isinstance(value, TupleValue) and value.python_type() in (tuple, torch.Size):
        return value.python_type()(_frozen_constant(item, name) for item in value.items)
    raise unsupported_call(f"{name} (an lru_cache function) on {value}: the cache it consults "
                           f"and fills cannot be modelled")


def _is_frozen(result: Any) -> bool:
    from compiler.values.constant import CONSTANT_TYPES
    if type(result) in (tuple, frozenset, torch.Size):
        return all(_is_frozen(item) for item in result)
    return type(result) in CONSTANT_TYPES
