"""Subjects with one planted bug each, triggered by one construct, for campaign tests and the
`parity fuzz` acceptance runs: the bug shows only where a generated program uses the trigger,
so a campaign must find a program that does, and the shrinker must keep the trigger.

Specs: tests.campaign.planted_subjects:WrongValue (also DroppedMutation, StaleGuard,
ExcessRecompiles, Crash, Hang).
"""

from __future__ import annotations

import time

import torch
from torch.overrides import TorchFunctionMode

from tests.oracle import planted


class _OnOp(TorchFunctionMode):
    """Calls `effect(result)` after any call of one of `ops`."""

    def __init__(self, ops, effect):
        super().__init__()
        self.ops, self.effect = ops, effect

    def __torch_function__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        if func in self.ops:
            with torch.no_grad():
                self.effect(result)
        return result


def _nudge(result) -> None:
    if isinstance(result, torch.Tensor) and result.is_floating_point() and result.numel():
        result[(-1,) * result.dim()] += 1e-3


def _lower_failed(result) -> None:
    raise planted.PlantedInternalError("planted: lowering transpose failed")


def _stall(result) -> None:
    time.sleep(3600)


def _meta(value):
    """What a correct compiler guards on, coarsely: tensor metadata and plain values."""
    if isinstance(value, torch.Tensor):
        return ("T", value.dtype, tuple(value.shape), value.stride(), value.requires_grad)
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_meta(v) for v in value))
    if isinstance(value, dict):
        return tuple((k, _meta(v)) for k, v in value.items())
    return repr(value) if isinstance(value, int | float | str | bool | None) else id(value)


class _Honest(planted.Faithful):
    """Compiles once per distinct metadata of the arguments and of the plain globals."""

    def compile(self, fn):
        seen = set()

        def compiled(*args, **kwargs):
            key = repr(_meta((args, kwargs, planted._plain_globals(fn))))
            if key not in seen:
                seen.add(key)
                self.compiles += 1
            return self.call(fn, args, kwargs)

        return compiled


class WrongValue(_Honest):
    """abs() of a floating tensor comes back with its last element 1e-3 off."""

    name = "planted:wrong-value-abs"

    def call(self, fn, args, kwargs):
        with _OnOp({torch.abs, torch.Tensor.abs}, _nudge):
            return fn(*args, **kwargs)


class DroppedMutation(_Honest):
    """In-place writes to tensor inputs are lost (runs on copies)."""

    name = "planted:dropped-mutation"
    call = planted.DroppedMutation.call


class StaleGuard(planted.StaleCache):
    """Guards on tensor metadata only: a changed scalar argument or global is not seen."""


class ExcessRecompiles(planted.RecompileAlways):
    """Correct values, but every call compiles again."""


class Crash(_Honest):
    """An internal error whenever the program transposes."""

    name = "planted:crash-transpose"

    def call(self, fn, args, kwargs):
        with _OnOp({torch.transpose, torch.Tensor.transpose, torch.Tensor.t, torch.t},
                   _lower_failed):
            return fn(*args, **kwargs)


class Hang(_Honest):
    """Never returns once the program calls sigmoid."""

    name = "planted:hang-sigmoid"

    def call(self, fn, args, kwargs):
        with _OnOp({torch.sigmoid, torch.Tensor.sigmoid}, _stall):
            return fn(*args, **kwargs)


KINDS = ("WrongValue", "DroppedMutation", "StaleGuard", "ExcessRecompiles", "Crash", "Hang")


class TwoWrongValues(_Honest):
    """Two bugs on one output path: abs() and sigmoid() each come back 1e-3 off. A campaign
    must report them as two findings, not fold them into one `out:value`."""

    name = "planted:two-wrong-values"

    def call(self, fn, args, kwargs):
        ops = {torch.abs, torch.Tensor.abs, torch.sigmoid, torch.Tensor.sigmoid}
        with _OnOp(ops, _nudge):
            return fn(*args, **kwargs)


class SlowCompile(_Honest):
    """Correct, but each compile takes 1.5 s: under a 1-s limit a timeout that is no hang."""

    name = "planted:slow-compile"

    def compile(self, fn):
        time.sleep(1.5)
        return super().compile(fn)
