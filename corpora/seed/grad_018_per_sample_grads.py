"""Per-sample gradients: torch.func.vmap over torch.func.grad of a loss, with in_dims
(None, 0, 0). features: requires_grad, closures, reductions"""

import torch


def loss(w, x, t):
    return ((x @ w - t) ** 2).mean()


def program(w, xs, ts):
    per_sample = torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0, 0))(w, xs, ts)
    full = torch.func.grad(loss)(w, xs, ts)
    return per_sample, full, per_sample.mean(0) - full, per_sample.shape


def calls():
    g = torch.Generator().manual_seed(1119)
    yield (torch.randn(4, 2, generator=g), torch.randn(6, 4, generator=g),
           torch.randn(6, 2, generator=g)), {}
    yield (torch.randn(4, 2, generator=g), torch.randn(6, 4, generator=g),
           torch.randn(6, 2, generator=g)), {}
    yield (torch.randn(4, 2, generator=g), torch.randn(3, 4, generator=g),
           torch.randn(3, 2, generator=g)), {}
