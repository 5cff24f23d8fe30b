"""`torch.inference_mode(mode)` in a trace, as a `with` block or a decorator: entering one
enters the real mode at trace time (fake tensors made inside are inference tensors, and what
the trace reads of them is eager's) and records `enter_region` in the graph; leaving records
`exit_region`. The graph's own nodes make inference tensors only when they run as recorded
(the eager backend); a backend that compiles the graph traces the mode away, so it is refused.

A break inside a region is refused, a region the trace leaves open when it stops is exited
then (the trace's open blocks), and a graph that raises inside a region leaves it
(`leave_regions`, compiler/cache/graph_raised.py).
"""

from __future__ import annotations

import threading

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

_open = threading.local()  # the mode guards the graphs entered and have not left, in order


def _regions() -> list:
    if not hasattr(_open, "guards"):
        _open.guards = []
    return _open.guards


def enter_region(mode: bool) -> torch._C._InferenceMode:
    """The graph's enter node: torch's own mode guard, entered and remembered."""
    guard = torch._C._InferenceMode(mode)
    guard.__enter__()
    _regions().append(guard)
    return guard


def exit_region(guard: torch._C._InferenceMode) -> None:
    """The graph's exit node: the guard its enter node made, left."""
    _regions().remove(guard)
    guard.__exit__(None, None, None)


def open_regions() -> int:
    return len(_regions())


def leave_regions(depth: int) -> None:
    """A graph raised: the regions it entered since `open_regions()` was `depth` are left,
    innermost first, which restores the inference and grad modes of before them."""
    regions = _regions()
    while len(regions) > depth:
        regions.pop().__exit__(None, None, None)


def is_inference_mode_class(cls) -> bool:
    return cls is torch.inference_mode


def construct_inference_mode(tx, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`torch.inference_mode(mode=True)`; a function as `mode` is the bare decorator's call."""
    values = list(args) + ([kwargs["mode"]] if "mode" in kwargs else [])
    if len(values) > 1 or set(kwargs) - {"mode"}:
        raise Unsupported("torch.inference_mode with these arguments",
                          BreakReason.UNSUPPORTED_CALL)
    if values and _is_function(values[0]):  # @torch.inference_mode, without parentheses
        return InferenceModeValue(True).call(tx, values, {})
    mode = values[0].as_constant() if values else True
    if type(mode) is not bool:  # eager calls the object made with True, which then raises
        raise Unsupported("torch.inference_mode of a non-bool", BreakReason.UNSUPPORTED_CALL)
    return InferenceModeValue(mode)


def _is_function(value: Value) -> bool:
    from compiler.values.callables import UserFunctionValue
    return isinstance(value, UserFunctionValue)


class InferenceModeValue(Value):
    """One `torch.inference_mode(mode)` object of the program."""

    def __init__(self, mode: bool):
        super().__init__(None)
        self.mode = mode
        self.real: torch._C._InferenceMode | None = None
        self.node = None

    def python_type(self) -> type:
        return torch.inference_mode

    def is_fresh_object(self) -> bool:
        return True

    def enter(self, tx) -> Value:
        if self.real is not None:
            raise Unsupported("entering an inference_mode object twice",
                              BreakReason.UNSUPPORTED_CALL)
        if tx.ctx.guard_aliasing:  # (set for every backend but eager)
            raise Unsupported("torch.inference_mode with a backend that compiles the graph: "
                              "its code would not make inference tensors",
                              BreakReason.UNSUPPORTED_CALL)
        self.real = torch._C._InferenceMode(self.mode)
        self.real.__enter__()
        tx.ctx.open_autocasts.append(self.real)  # left innermost first should the trace stop
        self.node = tx.ctx.graph.graph.call_function(enter_region, (self.mode,))
        return ConstantValue(None)

    def enter_with(self, tx) -> tuple[Value, Value]:
        return InferenceModeExitValue(self), self.enter(tx)

    def exit(self, tx) -> Value:
        tx.ctx.open_autocasts.remove(self.real)
        self.real.__exit__(None, None, None)
        tx.ctx.graph.graph.call_function(exit_region, (self.node,))
        return ConstantValue(None)

    def call(self, tx, args, kwargs) -> Value:
        """Used as a decorator: each call of the function runs inside a region of its own."""
        if len(args) != 1 or kwargs or not _is_function(args[0]):
            raise Unsupported("calling an inference_mode object", BreakReason.UNSUPPORTED_CALL)
        return InferenceModeFunctionValue(self.mode, args[0])


class InferenceModeFunctionValue(Value):
    def __init__(self, mode: bool, inner: Value):
        super().__init__(None)
        self.mode, self.inner = mode, inner

    def call(self, tx, args, kwargs) -> Value:
        region = InferenceModeValue(self.mode)  # entered anew on each call, as eager's clone
        region.enter(tx)
        try:  # an exception the caller's trace handles leaves the region, as eager's does
            return self.inner.call(tx, args, kwargs)
        finally:
            region.exit(tx)


class InferenceModeExitValue(Value):
    """The `__exit__` of an inference-mode `with` block, on the stack while the block runs."""

    def __init__(self, manager: InferenceModeValue):
        super().__init__(None)
        self.manager = manager

    def call(self, tx, args, kwargs) -> Value:
        return self.manager.exit(tx)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a graph break inside an inference_mode block",
                          BreakReason.UNSUPPORTED_VALUE)
