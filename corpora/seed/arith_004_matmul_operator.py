"""The @ operator on matrices, a matrix-vector product and a batched product.
features: arithmetic"""

import torch


def program(a, b):
    v = b[:, 0]
    return a @ b, a @ v, (a.unsqueeze(0) @ b.unsqueeze(0)).squeeze(0)


def calls():
    g = torch.Generator().manual_seed(3)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(4, 6, generator=g), torch.randn(6, 3, generator=g)), {}
