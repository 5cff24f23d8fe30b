"""A global weakref.ref to a config object is dereferenced; the referent's attribute changes.
features: classes, globals"""

import weakref

import torch


class Config:
    def __init__(self, scale):
        self.scale = scale


CFG = Config(2.0)
REF = weakref.ref(CFG)


def program(x):
    cfg = REF()
    return x * cfg.scale, cfg is CFG, cfg.scale


def calls():
    g = torch.Generator().manual_seed(469)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    CFG.scale = 5.0
    yield (torch.randn(3, generator=g),), {}
