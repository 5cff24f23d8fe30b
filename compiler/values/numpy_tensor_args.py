"""Tensors given to NumPy functions (`np.ones_like(t, dtype=np.float64)`, `np.concatenate([t,
a])`).

NumPy reads a tensor through `Tensor.__array__` (its `.numpy()`: the same memory), but not
always: a ufunc hands its result to `Tensor.__array_wrap__`, which makes it a tensor again
(`np.sin(t)` is a tensor, a boolean one uint8), and some functions call the tensor's method of
their name (`np.reshape(t, s)` is `t.reshape(s)`, `np.sum(t)` raises there). So NumPy is first
asked with stand-in tensors (ones of the tensor's dtype, shape and strides): only where its
answer is NumPy's own (an array, a NumPy scalar, a list or tuple of arrays, a query's plain
answer) is each tensor then read as its `.numpy()` and the call traced as on arrays; a tensor
result, or an error, is refused.
"""

from __future__ import annotations

import warnings

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value


def _is_tensor(value: Value) -> bool:
    """A tensor's tracker (by its fake example: importing tensor.py here would close an
    import cycle through numpy_arrays.py)."""
    return isinstance(getattr(value, "example", None), torch.Tensor)


def has_tensor(args: list[Value], kwargs: dict[str, Value]) -> bool:
    from compiler.values.containers import ListValue, TupleValue

    def inside(value: Value) -> bool:
        if type(value) in (ListValue, TupleValue):
            return any(inside(v) for v in value.items)
        return _is_tensor(value)
    return any(inside(v) for v in [*args, *kwargs.values()])


def tensor_stand_in(example: torch.Tensor) -> torch.Tensor:
    """A real CPU tensor of ones with the example's dtype, shape and strides."""
    shape, strides = tuple(example.shape), tuple(example.stride())
    span = 1 + sum((n - 1) * s for n, s in zip(shape, strides)) if all(shape) else 0
    return torch.ones(max(span, 1), dtype=example.dtype).as_strided(shape, strides)


def _stand_in(value: Value, found: list):
    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.numpy_ops import stand_in
    if _is_tensor(value):
        return tensor_stand_in(value.example)
    if type(value) in (ListValue, TupleValue):
        return (list if type(value) is ListValue else tuple)(_stand_in(v, found)
                                                             for v in value.items)
    return stand_in(value, found)


def _numpy_kind(result) -> bool:
    import numpy as np
    if type(result) in (list, tuple):  # (not torch.Size: `np.shape(t)` is `t.shape`)
        return all(_numpy_kind(r) for r in result)
    return isinstance(result, (np.ndarray, np.generic, np.dtype)) or type(result) in (
        bool, int, float)


def call_with_tensors(tx, fn_value, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """A listed NumPy function given tensors: each read as its `.numpy()`, once NumPy has been
    seen to read it so (see the module's doc); a ufunc's result made a tensor again as
    `Tensor.__array_wrap__` makes it; anything else refused."""
    import numpy as np

    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.numpy_arrays import NdarrayValue, function_name, tensor_to_array
    name = function_name(fn_value.fn)
    if "out" in kwargs:
        raise Unsupported(f"NumPy {name} of a tensor with out=", BreakReason.UNSUPPORTED_CALL)
    found: list = []
    real_args = [_stand_in(a, found) for a in args]
    real_kwargs = {k: _stand_in(v, found) for k, v in kwargs.items()}
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = fn_value.fn(*real_args, **real_kwargs)
    except Exception as exc:  # noqa: BLE001 - NumPy refuses it (or the tensor's method does)
        raise Unsupported(f"NumPy {name} of a tensor raises {type(exc).__name__}",
                          BreakReason.UNSUPPORTED_CALL) from None
    wrapped = isinstance(fn_value.fn, np.ufunc) and type(result) is torch.Tensor and not any(
        isinstance(r, torch.Tensor) and r.untyped_storage().data_ptr()
        == result.untyped_storage().data_ptr() for r in _flat([real_args, real_kwargs]))
    if not (wrapped or _numpy_kind(result)):
        raise Unsupported(f"NumPy {name} of a tensor gives {type(result).__name__} (the "
                          f"tensor's own method or __array_wrap__)", BreakReason.UNSUPPORTED_CALL)

    def convert(value: Value) -> Value:
        if _is_tensor(value):
            return tensor_to_array(tx, value, [], {})
        if type(value) in (ListValue, TupleValue):
            return type(value)([convert(v) for v in value.items])
        return value
    answer = fn_value.call_on_arrays(tx, [convert(a) for a in args],
                                     {k: convert(v) for k, v in kwargs.items()})
    if not wrapped:
        return answer
    # Tensor.__array_wrap__: a boolean array as uint8, then torch.from_numpy of it
    if not isinstance(answer, NdarrayValue):
        raise Unsupported(f"NumPy {name} of a tensor", BreakReason.UNSUPPORTED_CALL)
    tensor = answer.tensor
    if tensor.example.dtype == torch.bool:
        tensor = tx.ctx.tensor_op("call_method", "to", [tensor, tx.const(torch.uint8)], {},
                                  "Tensor.__array_wrap__")
    example = tensor.example
    if (example.dtype, tuple(example.shape)) != (result.dtype, tuple(result.shape)):
        raise Unsupported(f"NumPy {name} of a tensor: its tensor result differs",
                          BreakReason.UNSUPPORTED_CALL)
    return tensor  # (NumPy's result is a new array: a new tensor, as from_numpy of it)


def _flat(value) -> list:
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _flat(v)]
    if isinstance(value, dict):
        return _flat(list(value.values()))
    return [value]


def _items(value: Value):
    """The flat items of a nested list/tuple tracker, or None if it is not one."""
    from compiler.values.containers import ListValue, TupleValue
    if type(value) in (ListValue, TupleValue):
        flat = []
        for item in value.items:
            inner = _items(item)
            flat.extend(inner if inner is not None else [item])
        return flat
    return None


def tensor_of_numpy_scalars(tx, fn, args: list[Value], kwargs: dict[str, Value]
                            ) -> Value | None:
    """`torch.tensor([a[0], a[2], 1.5])`: a (nested) list of NumPy scalars of the trace and
    constants. torch's dtype for it is asked of torch with the real scalar types (values one,
    constants themselves: its inference does not look further); each item is then cast to
    that dtype as torch.tensor casts it, and the items stacked into its shape."""
    from compiler.values.numpy_arrays import NdarrayValue
    from compiler.values.numpy_ops import stand_in
    if len(args) != 1 or set(kwargs) - {"dtype"}:
        return None
    flat = _items(args[0])
    if not flat or not any(isinstance(v, NdarrayValue) for v in flat):
        return None
    if not all(isinstance(v, NdarrayValue) and v.scalar_type is not None or v.is_constant()
               for v in flat):
        return None
    dtype = kwargs.get("dtype")
    if dtype is not None and not (dtype.is_constant() and isinstance(dtype.as_constant(),
                                                                     torch.dtype)):
        return None
    found: list = []
    try:
        real = fn(stand_in(args[0], found), **({"dtype": dtype.as_constant()} if dtype else {}))
    except TypeError as exc:  # of the items' types (`np.float32` for an integer dtype)
        raise RaisedByProgram(exc) from None
    except Exception as exc:  # noqa: BLE001 - torch refuses these items
        raise Unsupported(f"{fn.__name__} of NumPy scalars raises {type(exc).__name__}",
                          BreakReason.UNSUPPORTED_CALL) from None
    _refuse_checked_narrowing(fn, flat, real.dtype)
    items = [v.tensor if isinstance(v, NdarrayValue) else v for v in flat]
    return tx.ctx.tensor_op("call_function", stacked_items,
                            [tx.const(tuple(real.shape)), tx.const(real.dtype), *items], {},
                            f"{fn.__name__} of NumPy scalars")


def _refuse_checked_narrowing(fn, items: list[Value], dtype: torch.dtype) -> None:
    """torch checks an item's value against an integer dtype (nan, 300 for uint8: a
    RuntimeError), where the graph's cast would wrap: only casts that cannot overflow; a
    complex item only into a complex dtype."""
    import numpy as np

    from compiler.values.numpy_arrays import NdarrayValue, numpy_dtype
    target = numpy_dtype(dtype)
    for item in items:
        if not isinstance(item, NdarrayValue):
            continue
        kind = item.dtype.kind
        if (target.kind in "iu" and not np.can_cast(item.dtype, target, "safe")) or (
                kind == "c" and target.kind != "c"):
            raise Unsupported(f"{fn.__name__} of a NumPy {item.dtype} scalar as {dtype} "
                              f"(torch checks its value)", BreakReason.UNSUPPORTED_CALL)


def stacked_items(shape, dtype, *items) -> torch.Tensor:
    """The graph op: items (0-d tensors, numbers) cast to `dtype`, in a tensor of `shape`."""
    return torch.stack([torch.as_tensor(item, dtype=dtype) for item in items]).reshape(shape)
