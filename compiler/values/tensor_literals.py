"""`torch.tensor([...])` and `torch.as_tensor([...])` of lists that hold 0-d tensors made or
read in the trace (`torch.tensor([x.sum(), y.max(), 2.0])`).

Eager reads each 0-d tensor's value and builds a new tensor of it: a copy with no grad. The
result's dtype, unless given, is torch's inference for such data: the promotion (as
`torch.promote_types`, not by category) of the leaves' own types, a tensor's dtype, bool,
int64, the default float dtype or its complex; a dtype given is taken only where it is a
floating or complex one that holds the leaves' kind. In the graph the leaves are detached, cast to
that dtype and stacked level by level. Anything else (a leaf with dimensions, ragged or empty
lists, options beyond dtype and a CPU device) is left to the general path or refused.
"""

from __future__ import annotations

import functools

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

NUMBER_TYPES = (bool, int, float, complex)


def _leaves(value: Value, depth: int = 0) -> list | Value:
    """The nested lists as Python lists of leaves, or the leaf itself."""
    from compiler.values.containers import ListValue, TupleValue
    if type(value) in (ListValue, TupleValue):
        if depth > 32:
            raise Unsupported("torch.tensor of deeply nested lists", BreakReason.UNSUPPORTED_CALL)
        return [_leaves(item, depth + 1) for item in value.items]
    return value


def _flat(tree) -> list[Value]:
    if isinstance(tree, list):
        return [leaf for item in tree for leaf in _flat(item)]
    return [tree]


def _shape(tree) -> tuple[int, ...] | None:
    """The shape of a rectangular nest of non-empty lists, else None."""
    if not isinstance(tree, list):
        return ()
    if not tree:
        return None
    shapes = {_shape(item) for item in tree}
    if len(shapes) != 1 or None in shapes:
        return None
    return (len(tree), *shapes.pop())


def _leaf_dtype(leaf: Value) -> torch.dtype:
    from compiler.values.tensor import TensorValue
    if isinstance(leaf, TensorValue):
        return leaf.example.dtype
    value = leaf.as_constant()
    default = torch.get_default_dtype()
    if type(value) is bool:
        return torch.bool
    if type(value) is int:
        return torch.int64
    if type(value) is float:
        return default
    return torch.complex128 if default == torch.float64 else torch.complex64


def _is_leaf(leaf: Value) -> bool:
    from compiler.values.tensor import TensorValue
    if isinstance(leaf, TensorValue):
        example = leaf.example
        return example.dim() == 0 and example.device.type == "cpu" and (
            example.layout == torch.strided)
    return isinstance(leaf, ConstantValue) and type(leaf.value) in NUMBER_TYPES


def _options(kwargs: dict[str, Value]) -> torch.dtype | None:
    dtype = None
    for name, value in kwargs.items():
        real = value.as_constant()
        if name == "dtype" and (real is None or isinstance(real, torch.dtype)):
            dtype = real
        elif name == "device" and real in (None, "cpu", torch.device("cpu")):
            continue
        elif name in ("requires_grad", "pin_memory") and real is False:
            continue
        else:
            raise Unsupported(f"torch.tensor of tensors with {name}={real!r}",
                              BreakReason.UNSUPPORTED_CALL)
    return dtype


def tensor_of_tensors(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """The call as the graph's ops, or None where the data holds no tensor (the general path
    takes it)."""
    from compiler.values.tensor import TensorValue
    from compiler.values.tensor_known import literal
    made = literal(tx, fn, args, kwargs)  # of Python numbers: its value is known
    if made is not None:
        return made
    if len(args) != 1:
        return None
    tree = _leaves(args[0])
    if not isinstance(tree, list):
        return None
    leaves = _flat(tree)
    if not any(isinstance(leaf, TensorValue) for leaf in leaves):
        return None
    if _shape(tree) is None or not all(_is_leaf(leaf) for leaf in leaves):
        raise Unsupported(f"torch.{fn.__name__} of lists of tensors that are not 0-d CPU "
                          f"tensors and numbers in a rectangular nest",
                          BreakReason.UNSUPPORTED_CALL)
    inferred = functools.reduce(torch.promote_types, (_leaf_dtype(leaf) for leaf in leaves))
    dtype = _options(kwargs) or inferred
    if dtype != inferred and not (dtype.is_floating_point or dtype.is_complex) or (
            inferred.is_complex and not dtype.is_complex):
        raise Unsupported(f"torch.{fn.__name__} of tensors into {dtype} (eager converts each "
                          f"through a Python number, and refuses some)",
                          BreakReason.UNSUPPORTED_CALL)
    return _build(tx, tree, dtype)


def _build(tx, tree, dtype: torch.dtype) -> Value:
    from compiler.values.containers import ListValue
    from compiler.values.tensor import TensorValue
    if isinstance(tree, list):
        parts = ListValue([_build(tx, item, dtype) for item in tree])
        return tx.ctx.tensor_op("call_function", torch.stack, [parts], {}, "torch.tensor")
    if isinstance(tree, TensorValue):
        detached = tx.ctx.tensor_op("call_method", "detach", [tree], {}, "torch.tensor")
        return tx.ctx.tensor_op("call_method", "to", [detached], {"dtype": ConstantValue(dtype)},
                                "torch.tensor")
    return tx.ctx.tensor_op("call_function", torch.tensor, [tree],
                            {"dtype": ConstantValue(dtype)}, "torch.tensor")
