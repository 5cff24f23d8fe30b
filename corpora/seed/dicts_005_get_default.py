"""dict.get with a default picks optional parameters. features: dicts, control_flow"""

import torch


def program(x, opts):
    scale = opts.get("scale", 1.0)
    bias = opts.get("bias")
    y = x * scale
    if bias is not None:
        y = y + bias
    return y


def calls():
    g = torch.Generator().manual_seed(64)
    yield (torch.randn(10, 10, generator=g), {}), {}
    yield (torch.randn(10, 10, generator=g), {"scale": 3.0}), {}
    yield (torch.randn(10, 10, generator=g), {"scale": 3.0, "bias": torch.ones(10)}), {}
