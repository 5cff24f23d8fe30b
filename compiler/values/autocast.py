"""`torch.autocast(...)` blocks in a trace: entering one enters a real autocast at trace time
(so the fake ops cast as eager's do, and `y.dtype` is eager's) and records
`torch.amp._enter_autocast` in the graph; leaving records `torch.amp._exit_autocast`.

A break inside a block is refused (the exit cannot leave the graph), a block the trace
leaves open when it stops is exited then (`leave_open`), and a graph that raises at run time
inside a block gets the autocast state it started with back (`saved_state`, `restore_state`).
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

AUTOCAST_CLASSES = (torch.amp.autocast_mode.autocast,)
PARAMETERS = ("device_type", "dtype", "enabled", "cache_enabled")
DEVICES = ("cpu", "cuda", "xpu", "mps", "hpu", "xla", "ipu", "privateuseone")


def is_autocast_class(cls: type) -> bool:
    return isinstance(cls, type) and issubclass(cls, AUTOCAST_CLASSES)


class AutocastValue(Value):
    """One autocast object of the program, made from constants."""

    def __init__(self, cls: type, args: tuple):
        super().__init__(None)
        self.cls, self.args = cls, args
        try:
            self.real = cls(*args)  # its checks and warnings, as the program's call
        except Exception as exc:  # noqa: BLE001 - an error of the program's arguments
            raise RaisedByProgram(exc) from None
        self.node = None

    def python_type(self) -> type:
        return self.cls

    def is_fresh_object(self) -> bool:
        return True

    def enter(self, tx) -> Value:
        if self.node is not None:
            raise Unsupported("entering an autocast object twice", BreakReason.UNSUPPORTED_CALL)
        real = self.real
        state = (real.device, real.fast_dtype, real._enabled, real._cache_enabled)
        real.__enter__()
        tx.ctx.open_autocasts.append(real)
        self.node = tx.ctx.graph.graph.call_function(torch.amp._enter_autocast, state)
        return self

    def enter_with(self, tx) -> tuple[Value, Value]:
        return AutocastExitValue(self), self.enter(tx)

    def exit(self, tx) -> Value:
        tx.ctx.open_autocasts.remove(self.real)
        self.real.__exit__(None, None, None)
        tx.ctx.graph.graph.call_function(torch.amp._exit_autocast, (self.node,))
        return ConstantValue(None)

    def call(self, tx, args, kwargs) -> Value:
        """Used as a decorator: each call of the function runs inside the block."""
        if len(args) != 1 or kwargs or not callable_value(args[0]):
            raise Unsupported("calling an autocast object", BreakReason.UNSUPPORTED_CALL)
        return AutocastFunctionValue(self, args[0])


class AutocastFunctionValue(Value):
    def __init__(self, manager: AutocastValue, inner: Value):
        super().__init__(None)
        self.manager, self.inner = manager, inner

    def call(self, tx, args, kwargs) -> Value:
        block = AutocastValue(self.manager.cls, self.manager.args)  # entered anew each call
        block.enter(tx)
        result = self.inner.call(tx, args, kwargs)
        block.exit(tx)
        return result


def callable_value(value: Value) -> bool:
    from compiler.values.callables import UserFunctionValue
    return isinstance(value, UserFunctionValue)


class AutocastExitValue(Value):
    """The `__exit__` of an autocast `with` block, on the stack while the block runs."""

    def __init__(self, manager: AutocastValue):
        super().__init__(None)
        self.manager = manager

    def call(self, tx, args, kwargs) -> Value:
        return self.manager.exit(tx)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a graph break inside an autocast block",
                          BreakReason.UNSUPPORTED_VALUE)


def construct_autocast(cls: type, args: list[Value], kwargs: dict[str, Value]) -> Value:
    values = dict(zip(PARAMETERS, args))
    if len(args) > len(PARAMETERS) or set(kwargs) - set(PARAMETERS) or set(values) & set(kwargs):
        raise Unsupported("torch.autocast with these arguments", BreakReason.UNSUPPORTED_CALL)
    values.update(kwargs)
    if not all(v.is_constant() for v in values.values()):
        raise Unsupported("torch.autocast with computed arguments", BreakReason.UNSUPPORTED_CALL)
    plain = {k: v.as_constant() for k, v in values.items()}
    if "device_type" not in plain:
        raise Unsupported("torch.autocast without a device type", BreakReason.UNSUPPORTED_CALL)
    defaults = {"dtype": None, "enabled": True, "cache_enabled": None}
    return AutocastValue(cls, tuple(plain.get(k, defaults.get(k)) for k in PARAMETERS))


def leave_open(ctx) -> None:
    """The trace stopped inside autocast blocks: leave them, innermost first."""
    while ctx.open_autocasts:
        ctx.open_autocasts.pop().__exit__(None, None, None)


def _nesting() -> int:
    level = torch.autocast_increment_nesting()
    torch.autocast_decrement_nesting()
    return level - 1


def saved_state() -> tuple:
    """What a graph entering autocast blocks may leave changed should it raise inside one."""
    return (tuple((torch.is_autocast_enabled(d), torch.get_autocast_dtype(d)) for d in DEVICES),
            torch.is_autocast_cache_enabled(), _nesting())


def restore_state(state: tuple) -> None:
    devices, cache, nesting = state
    for device, (enabled, dtype) in zip(DEVICES, devices):
        torch.set_autocast_enabled(device, enabled)
        torch.set_autocast_dtype(device, dtype)
    torch.set_autocast_cache_enabled(cache)
    level = _nesting()
    while level > nesting:
        level = torch.autocast_decrement_nesting()
        if level == 0:
            torch.clear_autocast_cache()
