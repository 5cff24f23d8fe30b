"""A diamond class hierarchy with cooperative super() calls; MRO order reaches the output.
features: classes, lists, strings"""

import torch


class Base:
    def apply(self, x, trail):
        trail.append("Base")
        return x + 1


class Left(Base):
    def apply(self, x, trail):
        trail.append("Left")
        return super().apply(x * 2, trail)


class Right(Base):
    def apply(self, x, trail):
        trail.append("Right")
        return super().apply(x - 1, trail)


class Both(Left, Right):
    def apply(self, x, trail):
        trail.append("Both")
        return super(Both, self).apply(x, trail)  # noqa: UP008 - the explicit form is the point


def program(x, obj):
    trail = []
    y = obj.apply(x, trail)
    return y, trail, [c.__name__ for c in type(obj).__mro__]


def calls():
    g = torch.Generator().manual_seed(414)
    yield (torch.randn(3, generator=g), Both()), {}
    yield (torch.randn(3, generator=g), Both()), {}
    yield (torch.randn(3, generator=g), Left()), {}
    yield (torch.randn(3, generator=g), Right()), {}
