"""@torch.set_grad_enabled(flag) decorates a helper inside the program; the mode is only
changed while the helper runs. features: requires_grad, closures"""

import torch


def program(x, w, flag):
    @torch.set_grad_enabled(flag)
    def helper(a):
        return (a @ w).relu(), torch.is_grad_enabled()

    before = torch.is_grad_enabled()
    y, during = helper(x)
    return y, y.requires_grad, before, during, torch.is_grad_enabled()


def calls():
    g = torch.Generator().manual_seed(503)
    w = torch.randn(4, 2, generator=g).requires_grad_()
    yield (torch.randn(3, 4, generator=g), w, False), {}
    yield (torch.randn(3, 4, generator=g), w, False), {}
    yield (torch.randn(3, 4, generator=g), w, True), {}
