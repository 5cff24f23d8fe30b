"""torch.set_grad_enabled(False) called as a function, then the previous mode is put back.
features: requires_grad, runtime_queries"""

import torch


def program(x, w):
    previous = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    frozen = x @ w
    inside = torch.is_grad_enabled()
    torch.set_grad_enabled(previous)
    live = x @ w
    return frozen, frozen.requires_grad, live.requires_grad, inside, torch.is_grad_enabled()


def calls():
    g = torch.Generator().manual_seed(501)
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
