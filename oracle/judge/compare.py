"""Compare two frozen states: the tolerance policy, in one place.

Structure and Python types must match exactly, the order of a dict's keys and of an object's
attributes included (both iterate in insertion order). Tensors must agree in dtype, shape, device,
requires_grad, and in strides wherever eager's tensor is dense (strides of size-1 dims and of
empty tensors are free). Values: integers and bool bitwise; floating and complex values within
`rtol * |expected| + atol` of the dtype (TOLERANCES), with NaN equal to NaN and infinities equal
only to themselves. Tensors past state.MAX_ELEMENTS are compared on an evenly spaced sample.

The sign of zero is not compared: compilers may rewrite `x * 0` or fold `a - a`, and wherever the
sign matters inside the program (`1 / x`, `atan2`, `copysign`) it shows up as a difference in the
value that uses it. A caller that consumes a returned -0.0 directly is not protected.
"""

from __future__ import annotations

import cmath
import math
from dataclasses import dataclass, replace
from typing import Any

import torch

from oracle.judge.state import Cycle, MapState, Opaque, Plain, Raised, SeqState, TensorState

# dtype -> (rtol, atol). Wider than torch.testing's defaults for float32 so that a reordered
# reduction (inductor) is not a false alarm; far narrower than a 5% sum check.
TOLERANCES: dict[torch.dtype, tuple[float, float]] = {
    torch.float16: (2e-3, 1e-3),
    torch.bfloat16: (1.6e-2, 1e-2),
    torch.float32: (1e-4, 1e-5),
    torch.float64: (1e-7, 1e-7),
    torch.complex64: (1e-4, 1e-5),
    torch.complex128: (1e-7, 1e-7),
}
DEFAULT_TOLERANCE = (1e-4, 1e-5)  # float8 and other exotic floating dtypes
PYTHON_FLOAT_TOLERANCE = (1e-7, 1e-9)


@dataclass(frozen=True)
class Mismatch:
    """One difference, explained: where, what was expected, what came instead."""

    path: str
    what: str  # type, structure, dtype, shape, stride, device, requires_grad, value, alias, ...
    expected: str
    got: str
    max_abs: float | None = None
    max_rel: float | None = None
    index: tuple[int, ...] | None = None

    def __str__(self) -> str:
        text = f"{self.path}: {self.what} differs: expected {self.expected}, got {self.got}"
        if self.max_abs is not None:
            text += f" (max abs err {self.max_abs:.3g}, max rel err {self.max_rel:.3g}"
            text += f", first at index {list(self.index)})" if self.index is not None else ")"
        return text


def compare(expected: Any, actual: Any, path: str = "out") -> Mismatch | None:
    """The first difference between two frozen states, depth first, or None."""
    if type(expected) is not type(actual):
        return Mismatch(path, "type", describe(expected), describe(actual))
    if isinstance(expected, Plain):
        return _compare_plain(expected.value, actual.value, path)
    if isinstance(expected, TensorState):
        return compare_tensors(expected, actual, path)
    if isinstance(expected, SeqState):
        return _compare_seq(expected, actual, path)
    if isinstance(expected, MapState):
        return _compare_map(expected, actual, path)
    if isinstance(expected, Opaque | Cycle):
        if expected.type_key != actual.type_key:
            return Mismatch(path, "type", expected.type_key, actual.type_key)
        return None
    raise TypeError(f"compare() got a {type(expected).__name__}, not a frozen state")


def compare_exceptions(expected: Raised, actual: Raised, path: str) -> Mismatch | None:
    """The compiled exception must be an instance of eager's type; the message is free."""
    if expected.type_key in actual.lineage:
        return None
    return Mismatch(path, "exception", f"{expected.type_name}: {expected.message}",
                    f"{actual.type_name}: {actual.message}")


def describe(state: Any) -> str:
    if isinstance(state, Plain):
        return f"{type(state.value).__name__} {state.value!r}"
    if isinstance(state, TensorState):
        return f"tensor({str(state.dtype).removeprefix('torch.')}, {list(state.shape)})"
    if isinstance(state, SeqState):
        return f"{state.type_key.removeprefix('builtins.')} of {len(state.items)}"
    if isinstance(state, MapState):
        return f"{state.type_key.removeprefix('builtins.')} with keys {sorted(state.items)}"
    if isinstance(state, Raised):
        return f"raised {state.type_name}: {state.message}"
    return getattr(state, "type_key", type(state).__name__)


def _compare_plain(expected: Any, actual: Any, path: str) -> Mismatch | None:
    if type(expected) is not type(actual):
        return Mismatch(path, "type", describe(Plain(expected)), describe(Plain(actual)))
    if isinstance(expected, float | complex):
        if _close_scalar(expected, actual):
            return None
        err = abs(expected - actual)
        rel = err / abs(expected) if expected else math.inf
        return Mismatch(path, "value", repr(expected), repr(actual), err, rel)
    if expected != actual:
        return Mismatch(path, "value", repr(expected), repr(actual))
    return None


def _close_scalar(expected: complex, actual: complex) -> bool:
    rtol, atol = PYTHON_FLOAT_TOLERANCE
    if cmath.isnan(expected) or cmath.isnan(actual):
        return cmath.isnan(expected) and cmath.isnan(actual)
    if cmath.isinf(expected) or cmath.isinf(actual):
        return expected == actual
    return abs(expected - actual) <= atol + rtol * abs(expected)


def _compare_seq(expected: SeqState, actual: SeqState, path: str) -> Mismatch | None:
    if expected.type_key != actual.type_key:
        return Mismatch(path, "type", expected.type_key, actual.type_key)
    if len(expected.items) != len(actual.items):
        return Mismatch(path, "length", str(len(expected.items)), str(len(actual.items)))
    for i, (e, a) in enumerate(zip(expected.items, actual.items, strict=True)):
        found = compare(e, a, f"{path}[{i}]")
        if found:
            return found
    return None


def _compare_map(expected: MapState, actual: MapState, path: str) -> Mismatch | None:
    if expected.type_key != actual.type_key:
        return Mismatch(path, "type", expected.type_key, actual.type_key)
    missing = [k for k in expected.items if k not in actual.items]
    extra = [k for k in actual.items if k not in expected.items]
    if missing or extra:
        what = "attributes" if expected.is_object else "keys"
        return Mismatch(path, what, _keys(expected), _keys(actual))
    if list(expected.items) != list(actual.items):  # iteration order is Python's promise
        what = "attribute order" if expected.is_object else "key order"
        return Mismatch(path, what, _keys(expected), _keys(actual))
    for key, e in expected.items.items():
        sub = f"{path}.{key}" if expected.is_object else f"{path}[{key}]"
        found = compare(e, actual.items[key], sub)
        if found:
            return found
    return None


def _keys(state: MapState) -> str:
    return "{" + ", ".join(state.items) + "}"


def compare_tensors(expected: TensorState, actual: TensorState, path: str) -> Mismatch | None:
    for what in ("type_key", "dtype", "shape", "device", "layout", "requires_grad"):
        e, a = getattr(expected, what), getattr(actual, what)
        if e != a:
            what = "tensor type" if what == "type_key" else what
            return Mismatch(path, what, _text(e), _text(a))
    if expected.dense and _free_strides(expected) != _free_strides(actual):
        return Mismatch(path, "stride", str(list(expected.stride)), str(list(actual.stride)))
    if expected.values is None or actual.values is None:
        return None
    found = compare_values(expected.values, actual.values, path)
    if found is not None and expected.sampled:
        # The index would be into the sample, not the tensor: say what was compared instead.
        what = found.what.replace(" elements)", f" sampled elements of {_numel(expected)})")
        return replace(found, what=what, index=None)
    return found


def _numel(state: TensorState) -> int:
    return math.prod(state.shape)


def _free_strides(state: TensorState) -> tuple:
    if 0 in state.shape:
        return ()
    return tuple(st for st, size in zip(state.stride, state.shape, strict=True) if size > 1)


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return str(list(value))
    return str(value).removeprefix("torch.")


def compare_values(expected: torch.Tensor, actual: torch.Tensor, path: str) -> Mismatch | None:
    """Values of two tensors of one dtype and shape."""
    if torch.equal(expected, actual):
        return None
    if not (expected.is_floating_point() or expected.is_complex()):
        differs = expected != actual
        return _explain(expected.long(), actual.long(), differs, path)
    rtol, atol = TOLERANCES.get(expected.dtype, DEFAULT_TOLERANCE)
    wide = torch.complex128 if expected.is_complex() else torch.float64
    e, a = expected.to(wide), actual.to(wide)
    close = torch.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    if bool(close.all()):
        return None
    return _explain(e, a, ~close, path)


def _explain(expected: torch.Tensor, actual: torch.Tensor, differs: torch.Tensor,
             path: str) -> Mismatch:
    index = tuple(int(i) for i in differs.nonzero()[0]) if differs.dim() else ()
    e_bad, a_bad = expected[differs], actual[differs]
    err = (a_bad - e_bad).abs().double()
    finite = torch.isfinite(err)
    max_abs = float(err[finite].max()) if bool(finite.any()) else math.inf
    rel = err / e_bad.abs().double()
    rel = rel[torch.isfinite(rel)]
    max_rel = float(rel.max()) if rel.numel() else math.inf
    e_at, a_at = expected[index].item(), actual[index].item()
    count = int(differs.sum())
    return Mismatch(path, f"value ({count} of {differs.numel()} elements)", repr(e_at),
                    repr(a_at), max_abs, max_rel, index)
