"""Helpers decorated inside the program: @torch.no_grad(), @torch.no_grad bare,
torch.enable_grad()(fn). features: requires_grad, closures, runtime_queries"""

import torch


def program(x, w):
    @torch.no_grad()
    def frozen(a):
        return a @ w, torch.is_grad_enabled()

    @torch.no_grad
    def frozen_bare(a):
        return a * w.sum()

    def live(a):
        return a @ w, torch.is_grad_enabled()

    with torch.no_grad():
        revived = torch.enable_grad()(live)
        y, mode_in = revived(x)
    z, mode_frozen = frozen(x)
    u = frozen_bare(x)
    return y, y.requires_grad, mode_in, z.requires_grad, mode_frozen, u.requires_grad


def calls():
    g = torch.Generator().manual_seed(502)
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
