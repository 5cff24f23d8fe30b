"""Held-out-style cases written from real code's idioms: NumPy interop (ndarray arguments and
results, `np.*` functions and ndarray methods traced onto torch ops, NumPy scalars, mixing
tensors and arrays, in-place updates of arrays)."""

from __future__ import annotations
