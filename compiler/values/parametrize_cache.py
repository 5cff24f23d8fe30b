"""`torch.nn.utils.parametrize.cached()` in a trace: inside the block, a parametrized
attribute (`m.weight` of a parametrized module) is computed once and the same tensor is given
again, as eager's cache gives it; leaving the outermost block empties the cache.

The trace keeps its own cache (per trace, by module and name) and does not change torch's
counter: the entry guards that the counter is zero (values/modules.py), so the trace's blocks
are the only ones. Used as a decorator, and a break inside the block, are refused.
"""

from __future__ import annotations

import weakref

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

# trace context -> [depth of open cached() blocks, {(id(module), name): tracker}]
_STATE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def cached_attribute(ctx, module, name: str, compute) -> Value:
    """`compute()` (the parametrization's call), or the tracker an open block cached."""
    state = _STATE.get(ctx)
    if state is None or state[0] == 0:
        return compute()
    key = (id(module), name)
    if key not in state[1]:
        state[1][key] = compute()
    return state[1][key]


class ParametrizationCacheValue(Value):
    """What `parametrize.cached()` returned in the trace: a manager used by `with`."""

    def __init__(self):
        super().__init__(None)
        self.entered = False

    def enter_with(self, tx) -> tuple[Value, Value]:
        if self.entered:
            raise Unsupported("entering a parametrize.cached() object twice",
                              BreakReason.UNSUPPORTED_CALL)
        self.entered = True
        state = _STATE.setdefault(tx.ctx, [0, {}])
        state[0] += 1
        return _CacheExitValue(self), ConstantValue(None)

    def call(self, tx, args, kwargs) -> Value:
        raise Unsupported("parametrize.cached() as a decorator", BreakReason.UNSUPPORTED_CALL)


class _CacheExitValue(Value):
    """The block's `__exit__`, on the stack while it runs."""

    def __init__(self, manager: ParametrizationCacheValue):
        super().__init__(None)
        self.manager = manager

    def call(self, tx, args, kwargs) -> Value:
        state = _STATE[tx.ctx]
        state[0] -= 1
        if state[0] == 0:
            state[1].clear()
        return ConstantValue(None)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a graph break inside a parametrize.cached() block",
                          BreakReason.UNSUPPORTED_VALUE)


def cached_call(tx, fn, args, kwargs) -> Value:
    if args or kwargs:
        raise Unsupported("parametrize.cached() with arguments", BreakReason.UNSUPPORTED_CALL)
    return ParametrizationCacheValue()
