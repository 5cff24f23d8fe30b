"""Inference-mode regions (block, decorator, nested with grad modes, inference tensors used
after the region) and types defined inside the function: namedtuples returned, enums and
frozen dataclasses, class bodies that call something.
"""

from __future__ import annotations

import collections
import dataclasses

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _leaf_and_plain() -> tuple:
    return randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))


@case(_leaf_and_plain)
def inference_mode_block_makes_inference_tensors(a, b):
    with torch.inference_mode():
        y = a * 2 + b
        inside = torch.is_inference_mode_enabled(), torch.is_grad_enabled()
    return y, y.is_inference(), y.requires_grad, inside, torch.is_inference_mode_enabled()


@case(_leaf_and_plain)
def inference_mode_decorated_helper(a, b):
    @torch.inference_mode()
    def frozen(x):
        return x.relu() * 3

    out = frozen(a)
    return out, out.is_inference(), out.requires_grad, (a * 2).requires_grad


@case(_leaf_and_plain)
def inference_mode_nested_in_no_grad(a, b):
    with torch.no_grad():
        with torch.inference_mode():
            x = a.sin()
            with torch.inference_mode(False):
                y = b.cos()
                off = torch.is_inference_mode_enabled()
        z = a * 2
    return x.is_inference(), y.is_inference(), off, z.requires_grad, x + y + z


@case(_leaf_and_plain)
def inference_tensor_used_after_region(a, b):
    with torch.inference_mode():
        stats = b.mean(0, keepdim=True)
    centred = b - stats  # an inference tensor in a later op that saves nothing
    return centred, centred.is_inference(), (a + stats).requires_grad


@case()
def namedtuple_made_inside_returned(a, b):
    Stats = collections.namedtuple("Stats", ["mean", "spread"])
    out = Stats(a.mean(0), b.std(0))
    return out, out.mean + out.spread, out._fields, type(out).__name__


@case()
def namedtuple_made_inside_class_escapes(a, b):
    Pair = collections.namedtuple("Pair", "left right", defaults=[None])
    made = [Pair(a), Pair(a, b)]
    return Pair, made, made[0].right is None, made[1] == (a, b)


@case()
def class_made_inside_instance_returned(a, b):
    class Holder:
        def __init__(self, value):
            self.value = value

        def doubled(self):
            return self.value * 2

    h = Holder(a + b)
    return h, h.doubled()


@case()
def frozen_dataclass_made_inside_returned(a, b):
    @dataclasses.dataclass(frozen=True)
    class Config:
        width: int
        name: str = "cfg"

    cfg = Config(4)
    return cfg, a[:, : cfg.width] * 2, cfg == Config(4, "cfg"), dataclasses.astuple(cfg)
