"""`torch.autocast(...)` blocks in a trace: entering one enters a real autocast at trace time
(so the fake ops cast as eager's do, and `y.dtype` is eager's) and records
`torch.amp._enter_autocast` in the graph; leaving records `torch.amp._exit_autocast`.

A block is a region (compiler/values/regions.py): a break inside a block of torch's own
autocast classes resumes there (the graph leaves the block, the break runner enters a
`torch.amp.autocast` made with the object's settings, whose exit the resume function calls:
compiler/values/block_exits.py); a block the trace leaves open when it stops is exited then.
A graph that raises at run time inside a block gets the autocast state it started with back
(`saved_state`, `restore_state`).
"""

from __future__ import annotations

from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.regions import RegionValue

AUTOCAST_CLASSES = (torch.amp.autocast_mode.autocast,)
PARAMETERS = ("device_type", "dtype", "enabled", "cache_enabled")
DEVICES = ("cpu", "cuda", "xpu", "mps", "hpu", "xla", "ipu", "privateuseone")


def is_autocast_class(cls: type) -> bool:
    return isinstance(cls, type) and issubclass(cls, AUTOCAST_CLASSES)


class AutocastValue(RegionValue):
    """One autocast object of the program, made from constants."""

    kind = "autocast"
    enter_target = staticmethod(torch.amp._enter_autocast)
    exit_target = staticmethod(torch.amp._exit_autocast)
    # A decorated function that raises does not leave its block: the trace's end does.
    exits_on_raise = False

    def __init__(self, cls: type, args: tuple, kwargs: dict | None = None):
        super().__init__()
        self.cls, self.args, self.kwargs = cls, args, kwargs or {}
        try:
            self.real = cls(*args, **self.kwargs)  # its checks and warnings, as the program's
        except Exception as exc:  # noqa: BLE001 - an error of the program's arguments
            raise RaisedByProgram(exc) from None

    def python_type(self) -> type:
        return self.cls

    def start(self, tx) -> tuple[Any, tuple]:
        real = self.real  # made with the object, so the program's call saw its errors
        return real, (real.device, real.fast_dtype, real._enabled, real._cache_enabled)

    def fresh(self) -> AutocastValue:
        return AutocastValue(self.cls, self.args, self.kwargs)

    def resumed_exit(self):
        """torch's own classes only (a subclass's `__enter__` could do more); the object's
        settings as its `__init__` resolved them, so making it again warns of nothing."""
        from compiler.values.block_exits import resumed_autocast
        real = self.real
        if self.cls not in (*AUTOCAST_CLASSES, *DEVICE_CLASSES) or not isinstance(
                real.device, str):
            return None
        return resumed_autocast(real.device, real.fast_dtype, real._enabled,
                                real._cache_enabled), None

    def enter(self, tx) -> Value:
        super().enter(tx)
        return self  # the `as` value: the autocast object, as eager's __enter__ gives


def wrap_autocast(ctx, obj, source) -> AutocastValue:
    """A real autocast object of the program (the one `@torch.autocast(...)` keeps in its
    wrapper, a global): entered as a fresh object made with its settings, which are guarded."""
    from compiler.guards.guard import GuardKind
    from compiler.guards.sources import AttrSource
    if type(obj) not in AUTOCAST_CLASSES or not isinstance(obj.device, str):
        raise Unsupported(f"a {type(obj).__name__} object", BreakReason.UNSUPPORTED_VALUE)
    if ctx is not None and source is not None:
        ctx.guard(AttrSource(source, "fast_dtype"), GuardKind.ID, obj.fast_dtype)
        for name in ("device", "_enabled", "_cache_enabled"):
            ctx.guard(AttrSource(source, name), GuardKind.EQUALS, getattr(obj, name))
    made = AutocastValue(type(obj), (obj.device, obj.fast_dtype, obj._enabled,
                                     obj._cache_enabled))
    made.source = source  # (leaving the frame: the program's own object)
    return made


def construct_autocast(cls: type, args: list[Value], kwargs: dict[str, Value]) -> Value:
    values = dict(zip(PARAMETERS, args))
    if len(args) > len(PARAMETERS) or set(kwargs) - set(PARAMETERS) or set(values) & set(kwargs):
        raise Unsupported("torch.autocast with these arguments", BreakReason.UNSUPPORTED_CALL)
    values.update(kwargs)
    if not all(v.is_constant() for v in values.values()):
        raise Unsupported("torch.autocast with computed arguments", BreakReason.UNSUPPORTED_CALL)
    plain = {k: v.as_constant() for k, v in values.items()}
    if cls in DEVICE_CLASSES:  # torch.cpu.amp.autocast(enabled, dtype, cache_enabled)
        return _device_autocast(cls, args, kwargs)
    if "device_type" not in plain:
        raise Unsupported("torch.autocast without a device type", BreakReason.UNSUPPORTED_CALL)
    defaults = {"dtype": None, "enabled": True, "cache_enabled": None}
    return AutocastValue(cls, tuple(plain.get(k, defaults.get(k)) for k in PARAMETERS))


# The deprecated per-device classes: no device_type, (enabled, dtype, cache_enabled).
DEVICE_CLASSES = (torch.cpu.amp.autocast, torch.cuda.amp.autocast)
DEVICE_PARAMETERS = ("enabled", "dtype", "cache_enabled")


def _device_autocast(cls: type, args: list[Value], kwargs: dict[str, Value]) -> Value:
    values = dict(zip(DEVICE_PARAMETERS, args))
    if len(args) > len(DEVICE_PARAMETERS) or set(kwargs) - set(DEVICE_PARAMETERS) or \
            set(values) & set(kwargs):
        raise Unsupported(f"{cls.__qualname__} with these arguments",
                          BreakReason.UNSUPPORTED_CALL)
    values.update(kwargs)
    if not all(v.is_constant() for v in values.values()):
        raise Unsupported("torch.autocast with computed arguments", BreakReason.UNSUPPORTED_CALL)
    return AutocastValue(cls, (), {k: v.as_constant() for k, v in values.items()})


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
