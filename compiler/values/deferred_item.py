"""`t.item()` whose value the trace never needs: it is read after the graph.

`.item()` is a Python number only the real data gives. Often the program only returns it (a
loss for logging) or discards it; then the trace needs nothing of its value, and the graph
hands out the one-element tensor (a copy taken where `.item()` was called, so a later in-place
write to it or to its base does not show) whose `.item()` the rebuild calls after the graph.
Its type is known from the dtype. Any other use (arithmetic, a comparison, a branch, a dict key,
a call taking it) needs the value: refused there, where the frame breaks and runs the rest in
Python with the real number.
"""

from __future__ import annotations

from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value


class DeferredItemValue(Value):
    def __init__(self, snapshot: Value, dtype: torch.dtype):
        super().__init__(None)
        self.snapshot = snapshot  # the graph's copy of the tensor at the call
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"DeferredItemValue({self.snapshot})"

    def python_type(self) -> type:
        if self.dtype is torch.bool:
            return bool
        if self.dtype.is_complex:
            return complex
        return float if self.dtype.is_floating_point else int

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.expr(self.snapshot)}.item()")

    def hash_key(self) -> Any:
        raise Unsupported(f"{self} as a dict key or set member (its value is tensor data)",
                          BreakReason.DATA_DEPENDENT)


def deferred_item(tx, tensor, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`tensor.item()`: eager's error for a tensor of more than one element; else the
    deferred number."""
    if args or kwargs:
        raise RaisedByProgram(TypeError(f"item() takes no arguments ({len(args)} given)"))
    numel = tensor.example.numel()
    if not isinstance(numel, int):
        raise Unsupported("Tensor.item() of a tensor of symbolic size",
                          BreakReason.DATA_DEPENDENT)
    if numel != 1:
        raise RaisedByProgram(RuntimeError(
            f"a Tensor with {numel} elements cannot be converted to Scalar"))
    snapshot = tensor.call_method(tx, "clone", [], {})
    return DeferredItemValue(snapshot, tensor.example.dtype)


def as_tensor_operand(item: Value, other_fake: torch.Tensor) -> Value:
    """`x * t.item()` (+, - or *, with a tensor `x` whose fake is `other_fake`): the graph's copy
    of `t` in the number's place, when the op gives the same dtype with it as with a Python
    number of its type (a 0-d tensor of another category can promote differently); the
    number is cast to that dtype either way, so the elements are eager's. Anything else:
    `item` as it was."""
    if not isinstance(item, DeferredItemValue):
        return item
    number = item.python_type()(1)
    if torch.result_type(other_fake, number) != torch.result_type(other_fake,
                                                                  item.snapshot.example):
        return item
    return item.snapshot
