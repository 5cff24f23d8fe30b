"""Keyword-only arguments with defaults, called with different keyword sets. features: kwargs"""

import torch


def program(x, *, alpha=1.0, mode="add", other=None):
    other = x if other is None else other
    if mode == "add":
        return x + alpha * other
    return x * other * alpha


def calls():
    g = torch.Generator().manual_seed(50)

    def randn():
        return torch.randn(10, 10, generator=g)

    yield (randn(),), {}
    yield (randn(),), {"alpha": 0.5}
    yield (randn(),), {"mode": "mul", "other": randn()}
    yield (randn(),), {"other": randn(), "mode": "add"}
