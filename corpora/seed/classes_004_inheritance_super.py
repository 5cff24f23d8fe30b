"""Subclass overrides a method and calls super(). features: classes"""

import torch


class Base:
    def __init__(self, w):
        self.w = w

    def forward(self, t):
        return t @ self.w


class Shifted(Base):
    def __init__(self, w, b):
        super().__init__(w)
        self.b = b

    def forward(self, t):
        return super().forward(t) + self.b


def program(x, w, b):
    return Shifted(w, b).forward(x), Base(w).forward(x)


def calls():
    g = torch.Generator().manual_seed(103)
    yield (
        (
            torch.randn(4, 3, generator=g),
            torch.randn(3, 5, generator=g),
            torch.randn(5, generator=g),
        ),
        {},
    )
    yield (
        (
            torch.randn(4, 3, generator=g),
            torch.randn(3, 5, generator=g),
            torch.randn(5, generator=g),
        ),
        {},
    )
    yield (torch.randn(2, 3, generator=g), torch.randn(3, 5, generator=g), 1.0), {}
