"""An input object loses an attribute between calls: the hasattr guard fails, the recompiled
code takes the other branch. features: recompile, classes, builtins"""

import torch


class Cfg:
    pass


def make(v):
    c = Cfg()
    if v is not None:
        c.inner = Cfg()
        c.inner.v = v
    return c


def program(x, cfg):
    if hasattr(cfg, "inner"):
        return x * cfg.inner.v
    return x - 1


def calls():
    g = torch.Generator().manual_seed(568)
    yield (torch.randn(3, generator=g), make(2.0)), {}
    yield (torch.randn(3, generator=g), make(2.0)), {}
    yield (torch.randn(3, generator=g), make(None)), {}
    yield (torch.randn(3, generator=g), make(3.0)), {}
