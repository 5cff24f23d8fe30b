"""`max`/`min` over one-element tensors: CPython keeps the first item, then takes each next one
whose comparison with the kept one (`>` or `<`) is true. The kept *value* is exact in the graph
as `torch.where(item > kept, item, kept)` (NaN included: a false comparison keeps the old one).

The *object* is not: eager returns one of the candidates, the graph a new tensor. So a selection
is only made among tensors made in this graph that are not views (own storage, same dtype,
shape, device and requires_grad), and afterwards nothing may tell the objects apart: `is`,
`hash` and writes to the result or to any candidate (or a view of one) are refused, and two
outputs that may be one object in eager (the result and a candidate, or two results sharing a
candidate) refuse the graph.
"""

from __future__ import annotations

import torch
from torch.multiprocessing.reductions import StorageWeakRef

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.tensor import TensorValue


class SelectedTensorValue(TensorValue):
    """The result of max/min over tensors: its value is exact, its identity unknown."""

    selected_from: list[TensorValue]

    def hash_key(self):
        raise Unsupported("hash of a tensor picked by max()/min() (which object it is depends "
                          "on data)", BreakReason.DATA_DEPENDENT)


def _storage(value: TensorValue) -> StorageWeakRef:
    return StorageWeakRef(value.example.untyped_storage())


def _selectable(items: list[Value]) -> bool:
    if not all(isinstance(i, TensorValue) for i in items):
        return False
    first = items[0].example
    return all(
        i.node.op != "placeholder" and not i.example._is_view() and i.example.numel() == 1
        and (i.example.dtype, i.example.shape, i.example.device, i.example.requires_grad)
        == (first.dtype, first.shape, first.device, first.requires_grad)
        and not (i.example.requires_grad and i.example.is_leaf)
        for i in items)


def select_extreme(tx, symbol: str, items: list[Value]) -> Value | None:
    """max (symbol ">") or min ("<") of tensors, or None when they are not all tensors."""
    from compiler.values.tensor_either import select_with_numbers
    mixed = select_with_numbers(tx, symbol, items)  # with numbers: tensor_either.py
    if mixed is not None:
        return mixed
    if not all(isinstance(i, TensorValue) for i in items):
        return None
    if not _selectable(items):
        raise Unsupported("max()/min() of tensors that are inputs, views or of different "
                          "kinds (which object it returns depends on data)",
                          BreakReason.DATA_DEPENDENT)
    kept = items[0]
    for item in items[1:]:
        wins = registry.compare(tx, symbol, item, kept)  # late-bound: operators.py
        kept = tx.ctx.tensor_op("call_function", torch.where, [wins, item, kept], {},
                                "max()/min() of tensors")
    if len(items) == 1:
        return kept
    result = SelectedTensorValue(kept.node, kept.example)
    result.selected_from = [getattr(i, "selected_from", [i]) for i in items]
    result.selected_from = [c for group in result.selected_from for c in group]
    tx.ctx.register_tensor(kept.example, result)
    tx.ctx.entangled_storages.update(_storage(c) for c in result.selected_from)
    tx.ctx.entangled_storages.add(_storage(result))
    return result


def check_write(ctx, written: Value) -> None:
    """A write to a selection's result or candidate (or a view of one) would show in eager
    through the other object: refused."""
    if isinstance(written, TensorValue) and ctx.entangled_storages and (
            _storage(written) in ctx.entangled_storages):
        raise Unsupported("writing a tensor that max()/min() picked or picked from",
                          BreakReason.DATA_DEPENDENT)


def check_outputs(ctx, outputs: list) -> None:
    """Two outputs that may be one object in eager: refused."""
    if not ctx.entangled_storages:
        return
    claims: dict[StorageWeakRef, list[tuple[object, bool]]] = {}
    for node in dict.fromkeys(outputs):
        value = ctx.existing_tensor(node.meta.get("example_value"))
        if isinstance(value, SelectedTensorValue):
            possible = {_storage(c) for c in value.selected_from}
        elif isinstance(value, TensorValue):
            possible = {_storage(value)} & ctx.entangled_storages
        else:
            continue
        for storage in possible:
            claims.setdefault(storage, []).append(
                (node, isinstance(value, SelectedTensorValue)))
    for claimants in claims.values():
        if len(claimants) > 1 and any(selected for _, selected in claimants):
            raise Unsupported("max()/min() picked a tensor that is also returned (which "
                              "object it is depends on data)", BreakReason.DATA_DEPENDENT)
