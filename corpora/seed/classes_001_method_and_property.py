"""A user object with a method and a property is passed in; its attribute changes between calls.
features: classes"""

import torch


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @property
    def inverse(self):
        return 1.0 / self.factor

    def apply(self, t):
        return t * self.factor


def program(x, s):
    return s.apply(x) + x * s.inverse


def calls():
    g = torch.Generator().manual_seed(100)
    s = Scaler(2.0)
    yield (torch.randn(10, 10, generator=g), s), {}
    yield (torch.randn(10, 10, generator=g), s), {}
    s.factor = 4.0
    yield (torch.randn(10, 10, generator=g), s), {}
