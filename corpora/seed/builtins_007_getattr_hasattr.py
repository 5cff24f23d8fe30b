"""getattr with a default and hasattr on a simple config object. features: builtins, classes"""

import torch


class Config:
    scale = 2.0


def program(x, cfg, name):
    s = getattr(cfg, "scale", 1.0)
    b = getattr(cfg, name, 0.0)
    if hasattr(cfg, "shift"):
        b = b + cfg.shift
    return x * s + b


def calls():
    g = torch.Generator().manual_seed(26)
    cfg = Config()
    yield (torch.randn(10, 10, generator=g), cfg, "bias"), {}
    cfg.bias = 0.5
    yield (torch.randn(10, 10, generator=g), cfg, "bias"), {}
    cfg.shift = -3.0
    yield (torch.randn(10, 10, generator=g), cfg, "bias"), {}
    yield (torch.randn(10, 10, generator=g), cfg, "scale"), {}
