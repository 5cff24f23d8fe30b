"""Nested tuple unpacking of a structured argument. features: tuples, unpacking"""

import torch


def program(packed):
    (x, (w, b)), scale = packed
    return (x @ w + b) * scale


def calls():
    g = torch.Generator().manual_seed(82)

    def packed(scale):
        x = torch.randn(4, 3, generator=g)
        w, b = torch.randn(3, 2, generator=g), torch.randn(2, generator=g)
        return ((x, (w, b)), scale)

    yield (packed(2.0),), {}
    yield (packed(2.0),), {}
    yield (packed(0.5),), {}
