"""`torch.inference_mode(mode)` in a trace, as a `with` block or a decorator: entering one
enters the real mode at trace time (fake tensors made inside are inference tensors, and what
the trace reads of them is eager's) and records `enter_region` in the graph; leaving records
`exit_region`. The graph's own nodes make inference tensors only when they run as recorded
(the eager backend); a backend that compiles the graph traces the mode away, so it is refused.

A block is a region (compiler/values/regions.py): a break inside it resumes there (the graph
leaves the block, the break runner enters `torch.inference_mode(mode)` anew, whose exit the
resume function calls: compiler/values/block_exits.py), and a block the trace leaves open when
it stops is exited then. A graph that raises inside a region leaves it
(`leave_regions`, compiler/cache/graph_raised.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.regions import RegionValue, is_function

_open = threading.local()  # the mode guards the graphs entered and have not left, in order


def _regions() -> list:
    if not hasattr(_open, "guards"):
        _open.guards = []
    return _open.guards


# What an enter node enters, by the kind it names: torch's inference-mode guard, and the
# other regions whose state only the eager backend's run of the graph keeps
# (compiler/values/torch_managers.py adds its own).
REGION_KINDS: dict[str, Callable[[Any], Any]] = {"inference_mode": torch._C._InferenceMode}


def enter_region(mode: Any, kind: str = "inference_mode") -> Any:
    """The graph's enter node: the mode guard of `kind` made with `mode`, entered and
    remembered."""
    guard = REGION_KINDS[kind](mode)
    guard.__enter__()
    _regions().append(guard)
    return guard


def exit_region(guard: Any) -> None:
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
        raise Unsupported("torch.inference_mode with these arguments", BreakReason.UNSUPPORTED_CALL)
    if values and is_function(values[0]):  # @torch.inference_mode, without parentheses
        return InferenceModeValue(True).call(tx, values, {})
    mode = values[0].as_constant() if values else True
    if type(mode) is not bool:  # eager calls the object made with True, which then raises
        raise Unsupported("torch.inference_mode of a non-bool", BreakReason.UNSUPPORTED_CALL)
    return InferenceModeValue(mode)


class InferenceModeValue(RegionValue):
    """One `torch.inference_mode(mode)` object of the program."""

    kind = "inference_mode"
    enter_target = staticmethod(enter_region)
    exit_target = staticmethod(exit_region)
    exits_on_raise = True  # an exception the caller's trace handles leaves the region, as eager's

    def __init__(self, mode: bool):
        super().__init__()
        self.mode = mode

    def python_type(self) -> type:
        return torch.inference_mode

    def start(self, tx) -> tuple[Any, tuple]:
        if tx.ctx.backend_compiles:
            raise Unsupported(
                "torch.inference_mode with a backend that compiles the graph: "
                "its code would not make inference tensors",
                BreakReason.UNSUPPORTED_CALL,
            )
        return torch._C._InferenceMode(self.mode), (self.mode,)

    def fresh(self) -> InferenceModeValue:
        return InferenceModeValue(self.mode)  # entered anew on each call, as eager's clone

    def resumed_exit(self):
        """A break inside the block enters `torch.inference_mode(mode)` anew, under the grad
        mode of before the block, which its exit gives back (with the inference mode)."""
        from compiler.values.block_exits import resumed_inference_mode
        return resumed_inference_mode(self.mode), self.grad_before
