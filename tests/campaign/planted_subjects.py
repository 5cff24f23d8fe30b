"""Subjects with one planted bug each, triggered by one construct, for campaign tests and the
`parity fuzz` acceptance runs: the bug shows only where a generated program uses the trigger,
so a campaign must find a program that does, and the shrinker must keep the trigger.

Specs: tests.campaign.planted_subjects:WrongValue (also DroppedMutation, StaleGuard,
ExcessRecompiles, Crash, Hang, and for dynamic shapes RecompileEverySize, StaleSymbolicGraph).
"""

from __future__ import annotations

import time

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_flatten, tree_unflatten

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


class RecompileEverySize(_Honest):
    """Claims automatic dynamic shapes, but compiles again for every new size (rule R4)."""

    name = "planted:recompile-every-size"

    def stats(self, compiled) -> dict:
        return {**super().stats(compiled), "dynamic": "auto", "symbolic_recompiles": 0}


class StaleSymbolicGraph(_Honest):
    """Automatic dynamic done wrong: the graph traced on a key's first call (keyed by tensor
    ranks, dtypes, plain values and globals, not sizes) is replayed on later sizes, with every
    size the program read in Python baked in (`x.shape[0]`, `x.numel() // 2`)."""

    name = "planted:stale-symbolic-graph"

    def compile(self, fn):
        entries: dict = {}

        def compiled(*args, **kwargs):
            leaves, spec = tree_flatten((args, kwargs))
            tensors = [i for i, leaf in enumerate(leaves) if isinstance(leaf, torch.Tensor)]
            sized = tuple(tuple(leaves[i].shape) for i in tensors)
            key = repr(_meta([leaves[i].dim() if i in tensors else leaf
                              for i, leaf in enumerate(leaves)]
                             + [leaves[i].dtype for i in tensors]
                             + [planted._plain_globals(fn)]))
            if key not in entries:
                self.compiles += 1
                entries[key] = (sized, leaves, spec, [leaves[i].clone() for i in tensors], None)
            first, old_leaves, old_spec, clones, graph = entries[key]
            if sized == first:
                return fn(*args, **kwargs)
            if graph is None:
                graph = _trace(fn, old_leaves, old_spec, tensors, clones)
                entries[key] = (first, old_leaves, old_spec, clones, graph)
            if graph is False:  # the program could not be traced: run it as it is
                return fn(*args, **kwargs)
            return graph(*[leaves[i] for i in tensors])

        return compiled


def _trace(fn, leaves, spec, tensors, clones):
    """make_fx of `fn` over its tensor leaves, the rest fixed; False when it cannot trace."""
    from torch.fx.experimental.proxy_tensor import make_fx

    def flat(*values):
        full = list(leaves)
        for i, value in zip(tensors, values, strict=True):
            full[i] = value
        args, kwargs = tree_unflatten(full, spec)
        return fn(*args, **kwargs)

    try:
        return make_fx(flat)(*[c.clone() for c in clones])
    except Exception:
        return False
