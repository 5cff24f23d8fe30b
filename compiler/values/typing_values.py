"""Subscripted classes and typing objects in a trace: `list[int]`, `typing.List[int]`,
`typing.Callable[[T], T]`, `dict[str, torch.Tensor]` (annotations of functions made in the
trace, aliases built in the function body).
"""

from __future__ import annotations

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value


def class_subscript(tx, cls_value: Value, key: Value) -> Value:
    """`cls[key]` of a class that is not an enum (`ClassValue.getitem`)."""
    raise Unsupported(f"indexing {cls_value}", BreakReason.UNSUPPORTED_VALUE)
