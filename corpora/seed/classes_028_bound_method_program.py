"""The program under test is a bound method of an object: its attributes are read through
self and changed between calls. features: classes, recompile"""

import torch


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        return x * self.factor + 1


scaler = Scaler(2.0)
program = scaler.apply


def calls():
    g = torch.Generator().manual_seed(546)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    scaler.factor = 3.0
    yield (torch.randn(3, generator=g),), {}
