"""torch.autograd.grad runs inside the program when the weight requires grad.
features: requires_grad, reductions"""

import torch


def program(x, w):
    y = (x @ w).tanh()
    loss = y.pow(2).sum()
    if w.requires_grad:
        (gw,) = torch.autograd.grad(loss, w)
    else:
        gw = torch.zeros_like(w)
    return y, gw


def calls():
    g = torch.Generator().manual_seed(276)
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
