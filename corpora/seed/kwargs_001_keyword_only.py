"""Keyword-only arguments with defaults, called with different keyword sets. features: kwargs"""

import torch


def program(x, *, alpha=1.0, mode="add", other=None):
    other = x if other is None else other
    if mode == "add":
        return x + alpha * other
    return x * other * alpha


def calls():
    g = torch.Generator().manual_seed(50)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {"alpha": 0.5}
    yield (
        (torch.randn(10, 10, generator=g),),
        {"mode": "mul", "other": torch.randn(10, 10, generator=g)},
    )
    yield (
        (torch.randn(10, 10, generator=g),),
        {"other": torch.randn(10, 10, generator=g), "mode": "add"},
    )
