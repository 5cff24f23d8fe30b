"""Calls by keyword, with defaults left out or given, a keyword-only argument, and calls() that
change which arguments are passed. features: kwargs, recompile, control_flow"""

import torch


def program(x, scale=2.0, bias=None, *, mode="add", clamp=False):
    y = x * scale
    if bias is not None:
        y = y + bias if mode == "add" else y * bias
    if clamp:
        y = y.clamp(-1, 1)
    return y, scale, mode, bias is None


def calls():
    g = torch.Generator().manual_seed(1113)
    yield (torch.randn(3, 4, generator=g),), {}
    yield (), {"x": torch.randn(3, 4, generator=g)}
    yield (torch.randn(3, 4, generator=g), 0.5), {"mode": "mul",
                                                  "bias": torch.randn(4, generator=g)}
    yield (torch.randn(3, 4, generator=g),), {"bias": torch.randn(4, generator=g), "clamp": True}
    yield (), {"clamp": True, "scale": 3.0, "x": torch.randn(3, 4, generator=g)}
