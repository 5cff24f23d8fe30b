"""A torch op raises on incompatible shapes in the last call; the program does not catch it.
features: exceptions, arithmetic"""

import torch


def program(a, b):
    return (a @ b).relu()


def calls():
    g = torch.Generator().manual_seed(213)
    yield (torch.randn(4, 3, generator=g), torch.randn(3, 2, generator=g)), {}
    yield (torch.randn(4, 3, generator=g), torch.randn(3, 2, generator=g)), {}
    yield (torch.randn(4, 3, generator=g), torch.randn(4, 2, generator=g)), {}
