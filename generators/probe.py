"""Probing: run a statement on the first call's actual inputs to learn the types it produces.

The probe namespace plays the role of the program's globals and locals at once.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import math

import numpy as np
import torch
import torch.nn.functional as F

from generators.ir import Kind, Value, kind_of

# A probed float result beyond this magnitude (from tame operands) marks the op as explosive.
MAX_MAGNITUDE = 1e4


@functools.lru_cache(maxsize=8192)
def _compiled(src: str, mode: str):
    return compile(src, "<probe>", mode)


def base_namespace() -> dict:
    return {"torch": torch, "F": F, "nn": torch.nn, "math": math, "np": np,
            "functools": functools, "collections": collections, "dataclasses": dataclasses,
            "__name__": "probe"}


def run(src: str, env: dict) -> bool:
    """Execute `src` in `env`; False when it raised."""
    try:
        exec(_compiled(src, "exec"), env)
    except Exception:
        return False
    return True


def evaluate(expr: str, env: dict):
    """The value of `expr` in `env`, or None when it raised."""
    try:
        return eval(_compiled(expr, "eval"), env)
    except Exception:
        return None


def is_tame(obj) -> bool:
    """Finite and of moderate magnitude."""
    if isinstance(obj, torch.Tensor):
        if obj.numel() == 0 or obj.dtype == torch.bool:
            return True
        if obj.is_complex():
            return False
        with torch.no_grad():
            flat = obj.detach()
            if flat.is_floating_point():
                if not bool(torch.isfinite(flat).all()):
                    return False
            return float(flat.abs().max()) <= MAX_MAGNITUDE
    if isinstance(obj, float):
        return math.isfinite(obj) and abs(obj) <= MAX_MAGNITUDE
    if isinstance(obj, int) and not isinstance(obj, bool):
        return abs(obj) <= MAX_MAGNITUDE
    return True


def value_of(name: str, env: dict, tame_inputs: bool, exact: bool = True) -> Value | None:
    """A Value for `env[name]`, or None when untrackable or newly explosive."""
    obj = env.get(name)
    kind = kind_of(obj)
    if kind is None:
        return None
    if kind is Kind.TENSOR and obj.is_complex():
        return None
    tame = tame_inputs and is_tame(obj) if kind not in (Kind.TLIST, Kind.TDICT) else tame_inputs
    if tame_inputs and not tame:
        return None  # tame operands gave a blown-up result: the op is explosive here
    return Value(name, kind, obj, tame=tame, exact=exact)
