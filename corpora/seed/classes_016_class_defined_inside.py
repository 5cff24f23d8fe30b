"""A class statement inside the program: a small local class with a method and a class attribute.
features: classes, closures"""

import torch


def program(x, k):
    class Local:
        factor = k

        def __init__(self, t):
            self.t = t

        def run(self):
            return self.t * self.factor

    obj = Local(x)
    return obj.run(), Local.__name__, Local.factor


def calls():
    g = torch.Generator().manual_seed(425)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 3), {}
