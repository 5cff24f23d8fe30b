"""Turning value trackers into FX node arguments and into fake-tensor call arguments."""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value


def _convert(value: Value, tensor_part: str) -> Any:
    from compiler.values.constant import ConstantValue
    from compiler.values.containers import ListValue, SequenceValue
    from compiler.values.symbolic_int import SymIntValue
    from compiler.values.tensor import TensorValue
    if isinstance(value, (TensorValue, SymIntValue)):
        return getattr(value, tensor_part)
    if isinstance(value, ConstantValue):
        return value.value
    if isinstance(value, SequenceValue):
        items = [_convert(item, tensor_part) for item in value.items]
        return items if isinstance(value, ListValue) else tuple(items)
    if value.is_constant():
        return value.as_constant()
    fn = getattr(value, "fn", None)
    if fn is not None and tensor_part == "example":
        return fn
    raise Unsupported(f"{value} passed to a tensor operation", BreakReason.UNSUPPORTED_VALUE)


def node_argument(value: Value) -> Any:
    """The argument as it appears in the FX graph: nodes for tensors, constants inline."""
    return _convert(value, "node")


def fake_argument(value: Value) -> Any:
    """The argument as the fake-tensor run sees it."""
    return _convert(value, "example")
