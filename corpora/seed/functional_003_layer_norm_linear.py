"""F.layer_norm with weight and bias, then F.linear with and without bias.
features: nn_functional"""

import torch
import torch.nn.functional as F


def program(x, w, b, use_bias):
    h = F.layer_norm(x, x.shape[-1:], weight=w[0], bias=b)
    return F.linear(h, w, b if use_bias else None)


def calls():
    g = torch.Generator().manual_seed(262)

    def randn(*shape):
        return torch.randn(*shape, generator=g)

    yield (randn(4, 6), randn(6, 6), randn(6), True), {}
    yield (randn(4, 6), randn(6, 6), randn(6), True), {}
    yield (randn(4, 6), randn(6, 6), randn(6), False), {}
