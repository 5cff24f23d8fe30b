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


def _standin(value: Value, items: list, depth: int = 0) -> Any:
    """The data with each deferred number replaced by a number of its type (to ask torch the
    dtype and shape it infers), the deferred ones collected in order; None for anything else."""
    from compiler.values.containers import ListValue, TupleValue
    if isinstance(value, DeferredItemValue):
        items.append(value)
        return value.python_type()(0)
    if type(value) in (ListValue, TupleValue) and depth < 8:
        parts = [_standin(item, items, depth + 1) for item in value.items]
        return None if any(p is None for p in parts) else parts
    if value.is_constant() and type(value.as_constant()) in (bool, int, float, complex):
        return value.as_constant()
    return None


def tensor_of_items(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """`torch.tensor([t.item(), 2.0])`: each deferred number is its tensor's copy converted to
    the dtype torch infers from the Python numbers (or is given), where that conversion is
    exactly the Python number's (into a floating dtype; an int or bool into the dtype it
    infers); None where the data holds no deferred number or the call is otherwise."""
    if len(args) != 1 or set(kwargs) - {"dtype"}:
        return None
    items: list = []
    standin = _standin(args[0], items)
    if not items or standin is None:
        return None
    given = kwargs["dtype"].as_constant() if "dtype" in kwargs and kwargs[
        "dtype"].is_constant() else None
    if "dtype" in kwargs and not isinstance(given, torch.dtype):
        return None
    try:
        inferred = fn(standin).dtype
        fn(standin, dtype=given or inferred)
    except Exception:  # noqa: BLE001 - eager's error: the general path gives it
        return None
    dtype = given or inferred
    if not (dtype.is_floating_point or dtype.is_complex or (
            dtype == inferred and all(i.python_type() in (int, bool) for i in items))):
        raise Unsupported(f"torch.{fn.__name__} of .item() numbers into {dtype}",
                          BreakReason.DATA_DEPENDENT)
    return _built(tx, args[0], dtype)


def _built(tx, value: Value, dtype: torch.dtype) -> Value:
    from compiler.values.constant import ConstantValue
    from compiler.values.containers import ListValue
    op = tx.ctx.tensor_op
    if isinstance(value, DeferredItemValue):
        alone = op("call_method", "detach", [value.snapshot], {}, "torch.tensor")
        copied = op("call_method", "to", [alone], {"dtype": ConstantValue(dtype),
                                                   "copy": ConstantValue(True)}, "torch.tensor")
        return op("call_method", "reshape", [copied, ConstantValue(())], {}, "torch.tensor")
    if value.is_constant():
        return op("call_function", torch.tensor, [value], {"dtype": ConstantValue(dtype)},
                  "torch.tensor")
    parts = ListValue([_built(tx, item, dtype) for item in value.items])
    return op("call_function", torch.stack, [parts], {}, "torch.tensor")
