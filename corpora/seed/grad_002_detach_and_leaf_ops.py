"""detach() and a no_grad result next to a result that carries grad.
features: requires_grad, runtime_queries"""

import torch


def program(x, y):
    z = x * y
    d = z.detach()
    with torch.no_grad():
        e = z * 2
    return z, d, e, z.requires_grad, d.requires_grad, e.requires_grad


def calls():
    g = torch.Generator().manual_seed(277)
    yield (torch.randn(10, 10, generator=g).requires_grad_(), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g).requires_grad_(), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
