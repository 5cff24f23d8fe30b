"""`compiler.mark_dynamic(t, dim, min=None, max=None)` and `compiler.mark_static(t, dim)`: hints
kept on the tensor object itself, read when the tensor is an input of a compile."""

from __future__ import annotations

import torch

DYNAMIC_ATTR = "_parity_dynamic_dims"  # {dim: (min or None, max or None)}
STATIC_ATTR = "_parity_static_dims"    # {dim, ...}


def _dim(t: torch.Tensor, dim: int) -> int:
    if not isinstance(t, torch.Tensor):
        raise TypeError(f"expected a tensor, got {type(t).__qualname__}")
    if not -t.dim() <= dim < t.dim():
        raise IndexError(f"dimension {dim} of a {t.dim()}-d tensor")
    return dim % t.dim()


def mark_dynamic(t: torch.Tensor, dim: int, min: int | None = None,  # noqa: A002
                 max: int | None = None) -> None:  # noqa: A002
    """Trace dimension `dim` of `t` as a symbol from its first compile, within [min, max]."""
    if min is not None and max is not None and min > max:
        raise ValueError(f"mark_dynamic: min {min} is above max {max}")
    d = _dim(t, dim)
    marks = dict(getattr(t, DYNAMIC_ATTR, {}))
    marks[d] = (min, max)
    setattr(t, DYNAMIC_ATTR, marks)
    getattr(t, STATIC_ATTR, set()).discard(d)


def mark_static(t: torch.Tensor, dim: int) -> None:
    """Always specialise dimension `dim` of `t`, whatever `dynamic` says."""
    d = _dim(t, dim)
    setattr(t, STATIC_ATTR, getattr(t, STATIC_ATTR, set()) | {d})
    marks = getattr(t, DYNAMIC_ATTR, None)
    if marks:
        marks.pop(d, None)


def dynamic_marks(t: torch.Tensor) -> dict[int, tuple[int | None, int | None]]:
    return getattr(t, DYNAMIC_ATTR, None) or {}


def static_marks(t: torch.Tensor) -> set[int]:
    return getattr(t, STATIC_ATTR, None) or set()
