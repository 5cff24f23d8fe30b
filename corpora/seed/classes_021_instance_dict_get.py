"""obj.__dict__.get / in / [] on an input object whose attributes change between calls.
features: classes, dicts, recompile"""

import torch


class Config:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def program(x, cfg):
    scale = cfg.__dict__.get("scale", 1.0)
    shift = cfg.__dict__.get("shift")
    y = x * scale
    if "bias" in cfg.__dict__:
        y = y + cfg.__dict__["bias"]
    try:
        tag = cfg.__dict__["tag"]
    except KeyError:
        tag = "untagged"
    return y, shift, tag


def calls():
    g = torch.Generator().manual_seed(505)
    yield (torch.randn(3, 3, generator=g), Config(scale=2.0)), {}
    yield (torch.randn(3, 3, generator=g), Config(scale=2.0)), {}
    yield (torch.randn(3, 3, generator=g), Config(scale=2.0, bias=1.0)), {}
    yield (torch.randn(3, 3, generator=g), Config(shift=3, tag="t")), {}
