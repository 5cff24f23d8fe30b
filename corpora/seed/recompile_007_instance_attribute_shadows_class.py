"""A global object's attribute read from its class, then set on the instance, then deleted.
features: recompile, classes, globals"""

import torch


class Config:
    offset = 1.0
    use_tanh = False


CFG = Config()


def program(x):
    y = x.tanh() if CFG.use_tanh else x
    return y + CFG.offset, CFG.offset, hasattr(CFG, "offset")


def calls():
    g = torch.Generator().manual_seed(1116)
    yield (torch.randn(4, generator=g),), {}
    yield (torch.randn(4, generator=g),), {}
    CFG.offset = 5.0
    yield (torch.randn(4, generator=g),), {}
    del CFG.offset
    Config.offset = -2.0
    Config.use_tanh = True
    yield (torch.randn(4, generator=g),), {}
