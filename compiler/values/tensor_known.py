"""Tensors whose data the trace knows: `torch.tensor(2)`, `torch.as_tensor([1, 0])` of Python
constants. Their value is the constants', so a use that needs data in Python (a list or
`x.shape` indexed by it, `int(t)`, `bool(t)`, `t.item()`, `t.tolist()`) is answered at trace
time, exactly, with no graph break.

That holds while nothing writes the tensor: its fake tensor's version counter (shared with
its views, and moved by every in-place op and `out=`) must be the one it had when it was
made. `.data` (an alias with a counter of its own) and `.numpy()` (an array sharing the
memory) forget the value. The tensor is also made in the graph, as any other, so what the
program does with it as a tensor is unchanged.
"""

from __future__ import annotations

import operator

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value

NUMBERS = (bool, int, float)
MAX_ELEMENTS = 64


def _plain(value) -> bool:
    if type(value) in NUMBERS:
        return True
    return type(value) in (list, tuple) and all(_plain(v) for v in value)


def _data(value: Value, depth: int = 0):
    """The Python data of a constant or of lists and tuples of constants, else None."""
    from compiler.values.containers import ListValue, TupleValue
    if value.is_constant():
        data = value.as_constant()
        return data if _plain(data) else None
    if type(value) in (ListValue, TupleValue) and depth < 8:
        items = [_data(item, depth + 1) for item in value.items]
        if all(item is not None for item in items):
            return items if type(value) is ListValue else tuple(items)
    return None


def literal(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """`torch.tensor(c)` / `torch.as_tensor(c)` of numbers (nested lists of them), with at
    most a dtype and a CPU device: the graph's tensor, knowing its value; None for any other
    call."""
    if len(args) != 1 or set(kwargs) - {"dtype", "device"} or not all(
            v.is_constant() for v in kwargs.values()):
        return None
    device = kwargs["device"].as_constant() if "device" in kwargs else None
    if device is not None and not (isinstance(device, (str, torch.device))
                                   and torch.device(device).type == "cpu"):
        return None
    data = _data(args[0])
    dtype = kwargs["dtype"].as_constant() if "dtype" in kwargs else None
    if data is None or (dtype is not None and not isinstance(dtype, torch.dtype)):
        return None
    try:
        probe = fn(data, dtype=dtype)  # (the general path raises eager's error)
    except Exception:  # noqa: BLE001
        return None
    if probe.numel() > MAX_ELEMENTS:
        return None
    result = tx.ctx.tensor_op("call_function", fn, list(args), kwargs,
                              f"torch.{fn.__name__}")
    real = fn(data, dtype=result.example.dtype)  # the dtype eager infers at this point of
    # the program (a default dtype the program set in the trace included)
    version = _version(result.example)
    if version is not None and getattr(result, "known", None) is None:
        result.known = (real, version)
    return result


def _version(fake) -> int | None:
    try:
        return fake._version
    except RuntimeError:  # an inference tensor keeps no counter
        return None


def known_value(tensor) -> torch.Tensor | None:
    """The tensor's data as a real tensor while it is known, else None."""
    known = getattr(tensor, "known", None)
    if known is None:
        return None
    if _version(tensor.example) != known[1]:
        tensor.known = None  # written: forgotten for good
        return None
    return known[0]


def forget(tensor) -> None:
    tensor.known = None


def index(tensor) -> int:
    """`operator.index(t)`: its value when known; eager's TypeError when no value could be
    an index (a floating dtype, more than one element); else refused."""
    real = known_value(tensor)
    if real is None:
        fake = tensor.example
        numel = fake.numel()
        if isinstance(numel, int) and (numel != 1 or fake.dtype.is_floating_point
                                       or fake.dtype.is_complex):
            stand_in = torch.zeros(numel, dtype=fake.dtype)
            try:
                operator.index(stand_in)
            except TypeError as exc:
                raise RaisedByProgram(exc) from None
        raise Unsupported(f"{tensor} as an index (its value is tensor data)",
                          BreakReason.DATA_DEPENDENT)
    try:
        return operator.index(real)
    except TypeError as exc:
        raise RaisedByProgram(exc) from None


PYTHON_VALUE_METHODS = {"item", "tolist", "__index__", "__int__", "__float__", "__bool__",
                        "__complex__"}


def python_value(tensor, name: str, args: list[Value], kwargs: dict[str, Value]):
    """`t.item()`, `t.tolist()`, `t.__int__()`... of a tensor whose value is known: (True,
    the answer) computed on the real value (its errors are eager's), or (False, None)."""
    real = known_value(tensor)
    if real is None or name not in PYTHON_VALUE_METHODS:
        return False, None
    if any(not a.is_constant() for a in (*args, *kwargs.values())):
        return False, None
    try:
        answer = getattr(real, name)(*(a.as_constant() for a in args),
                                     **{k: v.as_constant() for k, v in kwargs.items()})
    except Exception as exc:  # noqa: BLE001 - eager's own error
        raise RaisedByProgram(exc) from None
    return True, answer
