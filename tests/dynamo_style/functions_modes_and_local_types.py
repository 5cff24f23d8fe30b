"""Inference-mode regions (block, decorator, nested with grad modes, inference tensors used
after the region) and types defined inside the function: namedtuples returned, enums and
frozen dataclasses, class bodies that call something.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import typing

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


@case()
def typed_namedtuple_made_inside(a, b):
    class Output(typing.NamedTuple):
        logits: torch.Tensor
        loss: torch.Tensor | None = None

        def has_loss(self):
            return self.loss is not None

    first = Output(a @ b.T)
    second = first._replace(loss=first.logits.sum())
    return first, second, first.has_loss(), second.has_loss(), Output._fields


@case()
def enum_defined_inside(a, b):
    class Reduction(enum.Enum):
        SUM = "sum"
        MEAN = "mean"

        def apply(self, t):
            return t.sum() if self is Reduction.SUM else t.mean()

    chosen = Reduction("mean")
    return chosen, chosen.apply(a), Reduction.SUM.apply(b), [r.value for r in Reduction]


@case()
def int_enum_defined_inside(a, b):
    class Axis(enum.IntEnum):
        ROWS = 0
        COLS = 1

    return a.sum(Axis.COLS), b.softmax(dim=Axis.ROWS), Axis.COLS, Axis(0).name


@case()
def class_body_with_simple_calls(a, b):
    class Layout:
        axes = ("batch", "feature")
        rank = len(axes)
        width = max(2, 4) * 2
        tag = "r" + str(rank)

    return a.reshape(Layout.rank * 6, -1).sum(0) + Layout.width, Layout.tag, b


@case()
def class_body_makes_a_tensor(a, b):
    class Buffers:
        offset = torch.ones(4)
        scale = torch.full((4,), 0.5)

    Buffers.offset.mul_(2)
    return a * Buffers.scale + Buffers.offset, b + Buffers.offset
