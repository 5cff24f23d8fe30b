"""torch's own `@contextmanager` helpers and hook managers, modelled whole in a trace (their
generator bodies change C-level state the graph must change at run time, so they are not
traced as Python):

- `torch.random.fork_rng(devices, enabled, ..., device_type)`: entering saves the CPU
  generator's state (`torch.get_rng_state()`, a node of the graph) and leaving sets it back
  (`torch.set_rng_state`, compiler/values/rng_state.py), as the helper's body does; only when
  it forks no device generator (`devices=[]`, or none of the device type present), else refused.
- `torch.autograd.graph.disable_saved_tensors_hooks(message)`: a region
  (compiler/values/regions.py) entered for real at trace time and recorded as
  `enter_region(message, "saved_tensors_hooks_disabled")` / `exit_region`
  (compiler/values/inference_mode.py, whose open-region stack a graph raising inside it
  unwinds). Run as recorded only by the eager backend, so any other is refused.
- `torch._C.DisableTorchFunctionSubclass()`: a block that records nothing (below).
- `torch.autograd.graph.saved_tensors_hooks(pack, unpack)`: made as an object; entered inside
  a disabling region of the trace it raises eager's RuntimeError with the region's message.
  Entered anywhere else it is refused: its pack hook would run once per tensor an op saves
  for backward, which the trace does not know.
"""

from __future__ import annotations

import contextlib
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.inference_mode import REGION_KINDS, enter_region, exit_region
from compiler.values.regions import RegionValue
from compiler.values.torch_functions import MODELLED_CALLS

DISABLED = "saved_tensors_hooks_disabled"


class HooksDisabled:
    """What the graph's enter node enters: the saved-tensor hooks disabled with `message`,
    and on leaving the state of before (as the helper's `finally` restores it)."""

    def __init__(self, message: str):
        self.message = message
        self.previous: str | None = None

    def __enter__(self):
        self.previous = torch._C._autograd._saved_tensors_hooks_get_disabled_error_message()
        torch._C._autograd._saved_tensors_hooks_disable(self.message)
        return self

    def __exit__(self, *exc_info) -> None:
        if self.previous is None:
            torch._C._autograd._saved_tensors_hooks_enable()
        else:
            torch._C._autograd._saved_tensors_hooks_disable(self.previous)


REGION_KINDS[DISABLED] = HooksDisabled


class HooksDisabledValue(RegionValue):
    """One `disable_saved_tensors_hooks(message)` object (a generator-based manager: entered
    once only, as eager's)."""

    kind = "disable_saved_tensors_hooks"
    enter_target = staticmethod(enter_region)
    exit_target = staticmethod(exit_region)
    exits_on_raise = True  # the decorator's `with` block leaves it when the function raises

    def __init__(self, message: str):
        super().__init__()
        self.message = message
        self.entered = False

    def python_type(self) -> type:
        return contextlib._GeneratorContextManager

    def start(self, tx) -> tuple[Any, tuple]:
        if tx.ctx.backend_compiles:
            raise Unsupported(
                "disable_saved_tensors_hooks with a backend that compiles the "
                "graph (it would run once, when the backend traces it)",
                BreakReason.UNSUPPORTED_CALL,
            )
        if self.entered:  # eager's generator-based manager cannot be entered again
            raise Unsupported(
                "a disable_saved_tensors_hooks object entered twice", BreakReason.UNSUPPORTED_CALL
            )
        self.entered = True
        return HooksDisabled(self.message), (self.message, DISABLED)

    def fresh(self) -> HooksDisabledValue:
        return HooksDisabledValue(self.message)


def _disable_saved_tensors_hooks(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    given = list(args) + ([kwargs["error_message"]] if "error_message" in kwargs else [])
    if len(given) != 1 or set(kwargs) - {"error_message"}:
        raise RaisedByProgram(
            TypeError("disable_saved_tensors_hooks() takes 1 argument (error_message)")
        )
    if not given[0].is_constant() or type(given[0].as_constant()) is not str:
        raise Unsupported(
            "disable_saved_tensors_hooks of a message that is no str constant",
            BreakReason.UNSUPPORTED_CALL,
        )
    return HooksDisabledValue(given[0].as_constant())


MODELLED_CALLS[torch.autograd.graph.disable_saved_tensors_hooks] = _disable_saved_tensors_hooks


class SavedTensorsHooksValue(Value):
    """A `saved_tensors_hooks(pack, unpack)` object made in the trace."""

    def __init__(self, pack: Value, unpack: Value):
        super().__init__(None)
        self.pack, self.unpack = pack, unpack

    def python_type(self) -> type:
        return torch.autograd.graph.saved_tensors_hooks

    def is_fresh_object(self) -> bool:
        return True

    def enter_with(self, tx) -> tuple[Value, Value]:
        disabled = [r for r in tx.ctx.open_regions if isinstance(r, HooksDisabled)]
        if disabled:  # the innermost disabling region of the trace set the message
            raise RaisedByProgram(RuntimeError(disabled[-1].message))
        raise Unsupported(
            "entering saved_tensors_hooks (its pack hook runs for each tensor an "
            "op saves for backward)",
            BreakReason.UNSUPPORTED_CALL,
        )


def is_manager_class(cls) -> bool:
    return cls is torch.autograd.graph.saved_tensors_hooks or cls is SUBCLASS_OFF


def construct_manager(cls, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if cls is SUBCLASS_OFF:
        if args or kwargs:
            raise RaisedByProgram(TypeError("DisableTorchFunctionSubclass() takes no arguments"))
        return SubclassTorchFunctionOffValue()
    names = ("pack_hook", "unpack_hook")
    given = dict(zip(names, args))
    if len(args) > 2 or set(kwargs) - set(names) or set(given) & set(kwargs):
        raise RaisedByProgram(TypeError("saved_tensors_hooks() takes pack_hook, unpack_hook"))
    given.update(kwargs)
    if set(given) != set(names):
        raise RaisedByProgram(TypeError("saved_tensors_hooks() missing a hook"))
    return SavedTensorsHooksValue(given["pack_hook"], given["unpack_hook"])


SUBCLASS_OFF = torch._C.DisableTorchFunctionSubclass


class _SubclassOffMark:
    """On the trace's open-region stack while a DisableTorchFunctionSubclass block runs."""

    def __exit__(self, *exc_info) -> None:
        pass


class SubclassTorchFunctionOffValue(Value):
    """`torch._C.DisableTorchFunctionSubclass()`: inside its block a tensor subclass's
    `__torch_function__` is not called. The trace has no such tensor (a tensor subclass is
    refused where it is met), so the graph's ops are the same with or without it and the block
    records nothing; `torch._C._is_torch_function_enabled()` inside it is False."""

    def __init__(self):
        super().__init__(None)
        self.mark: _SubclassOffMark | None = None

    def python_type(self) -> type:
        return SUBCLASS_OFF

    def is_fresh_object(self) -> bool:
        return True

    def enter_with(self, tx) -> tuple[Value, Value]:
        if self.mark is not None:
            raise Unsupported(
                "a DisableTorchFunctionSubclass object entered twice at once",
                BreakReason.UNSUPPORTED_CALL,
            )
        self.mark = _SubclassOffMark()
        tx.ctx.open_regions.append(self.mark)
        return _SubclassOffExit(self), ConstantValue(None)


class _SubclassOffExit(Value):
    def __init__(self, manager: SubclassTorchFunctionOffValue):
        super().__init__(None)
        self.manager = manager

    def call(self, tx, args, kwargs) -> Value:
        tx.ctx.open_regions.remove(self.manager.mark)
        self.manager.mark = None
        return ConstantValue(False)

    def reconstruct(self, plan) -> str:
        raise Unsupported(
            "a graph break inside a DisableTorchFunctionSubclass block",
            BreakReason.UNSUPPORTED_VALUE,
        )


def _torch_function_enabled(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if (
        not args
        and not kwargs
        and any(isinstance(r, _SubclassOffMark) for r in tx.ctx.open_regions)
    ):
        return ConstantValue(False)
    raise Unsupported(
        "torch._C._is_torch_function_enabled outside a DisableTorchFunctionSubclass "
        "block of the trace (the caller's state)",
        BreakReason.UNSUPPORTED_CALL,
    )


MODELLED_CALLS[torch._C._is_torch_function_enabled] = _torch_function_enabled


class ForkRngValue(Value):
    """One `torch.random.fork_rng(...)` object that forks the CPU generator alone (or, not
    enabled, nothing): a generator-based manager, entered once."""

    def __init__(self, enabled: bool):
        super().__init__(None)
        self.enabled = enabled
        self.entered = False

    def python_type(self) -> type:
        return contextlib._GeneratorContextManager

    def is_fresh_object(self) -> bool:
        return True

    def enter_with(self, tx) -> tuple[Value, Value]:
        from compiler.values.torch_functions import TorchFunctionValue

        if self.entered:
            raise Unsupported("a fork_rng object entered twice", BreakReason.UNSUPPORTED_CALL)
        self.entered = True
        saved = None
        if self.enabled:
            saved = TorchFunctionValue(torch.get_rng_state).call(tx, [], {})
        return _ForkRngExit(saved), ConstantValue(None)


class _ForkRngExit(Value):
    """The `__exit__` of a fork_rng block: sets the saved CPU state back (a node)."""

    def __init__(self, saved: Value | None):
        super().__init__(None)
        self.saved = saved

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.torch_functions import TorchFunctionValue

        if self.saved is not None:
            TorchFunctionValue(torch.set_rng_state).call(tx, [self.saved], {})
        return ConstantValue(False)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a graph break inside a fork_rng block", BreakReason.UNSUPPORTED_VALUE)


_FORK_PARAMETERS = ("devices", "enabled", "_caller", "_devices_kw", "device_type")


def _fork_rng(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    given = dict(zip(_FORK_PARAMETERS, args))
    if (
        len(args) > len(_FORK_PARAMETERS)
        or set(kwargs) - set(_FORK_PARAMETERS)
        or set(given) & set(kwargs)
    ):
        raise Unsupported("fork_rng with these arguments", BreakReason.UNSUPPORTED_CALL)
    given.update(kwargs)
    if "devices" in given and _is_empty_sequence(tx, given["devices"]):
        given["devices"] = ConstantValue(())  # `devices=[]`: a list made in the trace
    if not all(v.is_constant() for v in given.values()):
        raise Unsupported("fork_rng with computed arguments", BreakReason.UNSUPPORTED_CALL)
    plain = {k: v.as_constant() for k, v in given.items()}
    enabled, devices = plain.get("enabled", True), plain.get("devices")
    if type(enabled) is not bool:
        raise Unsupported("fork_rng with a non-bool enabled", BreakReason.UNSUPPORTED_CALL)
    if not enabled:  # the helper yields at once and restores nothing
        return ForkRngValue(False)
    device_type = plain.get("device_type", "cuda")
    if device_type == "meta" or type(device_type) is not str:
        raise Unsupported("fork_rng of this device type", BreakReason.UNSUPPORTED_CALL)
    if devices is None:
        module = getattr(torch, device_type, None)
        count = getattr(module, "device_count", None)
        if count is None or count() != 0:  # it would fork a device generator too
            raise Unsupported(
                f"fork_rng forking {device_type} generators", BreakReason.UNSUPPORTED_CALL
            )
    elif type(devices) not in (list, tuple) or len(devices) != 0:
        raise Unsupported("fork_rng forking device generators", BreakReason.UNSUPPORTED_CALL)
    return ForkRngValue(True)


def _is_empty_sequence(tx, value: Value) -> bool:
    if value.is_constant():
        return False
    try:
        kind = value.python_type()
    except Unsupported:
        return False
    return kind in (list, tuple) and value.unpack(tx) == []


MODELLED_CALLS[torch.random.fork_rng] = _fork_rng
