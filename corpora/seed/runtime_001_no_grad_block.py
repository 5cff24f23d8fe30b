"""A torch.no_grad block inside the program; grad mode is queried inside and outside.
features: runtime_queries, requires_grad"""

import torch


def program(x, w):
    with torch.no_grad():
        stat = (x @ w).abs().mean()
        inside = torch.is_grad_enabled()
    y = x @ w / (stat + 1)
    return y, y.requires_grad, inside, torch.is_grad_enabled()


def calls():
    g = torch.Generator().manual_seed(160)
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)), {}
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g).requires_grad_()), {}
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)), {}
