"""Subjects whose one bug is of a kind a simplified repro harness misses: requires_grad,
strides, a module buffer held as a program global, aliasing, and outputs that make
torch.testing.assert_close raise something other than an AssertionError.

Specs: tests.campaign.planted_repro_subjects:FlipsRequiresGrad (also NonContiguous,
DropsBufferUpdates, CopiesReturnedInput, ReturnsAList).
"""

from __future__ import annotations

import torch

from tests.oracle import planted


class FlipsRequiresGrad(planted.Faithful):
    """A returned floating tensor comes back with requires_grad flipped, values intact."""

    name = "planted:flips-requires-grad"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        if isinstance(out, torch.Tensor) and out.is_floating_point():
            return out.detach().clone().requires_grad_(not out.requires_grad)
        return out


class NonContiguous(planted.Faithful):
    """A returned matrix has the same values in column-major layout (another stride)."""

    name = "planted:non-contiguous"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        if isinstance(out, torch.Tensor) and out.dim() >= 2:
            return out.mT.contiguous().mT
        return out


class DropsBufferUpdates(planted.Faithful):
    """The buffers of nn.Module globals (a BatchNorm's running stats) are not written back."""

    name = "planted:drops-buffer-updates"

    def call(self, fn, args, kwargs):
        modules = [m for m in planted._globals_of(fn).values() if isinstance(m, torch.nn.Module)]
        saved = [[b.clone() for b in m.buffers()] for m in modules]
        try:
            return fn(*args, **kwargs)
        finally:
            with torch.no_grad():
                for module, buffers in zip(modules, saved):
                    for live, old in zip(module.buffers(), buffers):
                        live.copy_(old)


class CopiesReturnedInput(planted.Faithful):
    """Where the program returns an input tensor itself, a copy of it comes back."""

    name = "planted:copies-returned-input"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        if any(out is a for a in args):
            return out.clone()
        return out


class ReturnsAList(planted.Faithful):
    """A returned tensor comes back as a nested list of its values."""

    name = "planted:returns-a-list"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        return out.tolist() if isinstance(out, torch.Tensor) else out


KINDS = ("FlipsRequiresGrad", "NonContiguous", "DropsBufferUpdates", "CopiesReturnedInput",
         "ReturnsAList")
