"""A torch.Size input and a frozen dataclass input (compared by value) pick reshape targets.
features: metadata, dataclasses, recompile"""

import dataclasses

import torch


@dataclasses.dataclass(frozen=True)
class Spec:
    rows: int
    scale: float


def program(x, size, spec):
    y = x.reshape(size) * spec.scale
    return y[: spec.rows], size.numel(), size[-1], spec


def calls():
    g = torch.Generator().manual_seed(473)
    yield (torch.randn(12, generator=g), torch.Size([3, 4]), Spec(2, 1.5)), {}
    yield (torch.randn(12, generator=g), torch.Size([3, 4]), Spec(2, 1.5)), {}
    yield (torch.randn(12, generator=g), torch.Size([4, 3]), Spec(2, 1.5)), {}
    yield (torch.randn(12, generator=g), torch.Size([4, 3]), Spec(1, 0.5)), {}
