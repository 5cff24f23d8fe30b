"""requires_grad_() on a tensor made in the program, requires_grad_(False) and the flags read back.
features: requires_grad, metadata"""

import torch


def program(x, flag):
    w = torch.ones_like(x).requires_grad_()
    y = (x * w).sum()
    v = torch.zeros(3).requires_grad_(flag)
    u = x.detach().clone().requires_grad_(requires_grad=flag)
    return y.detach(), w.requires_grad, v.requires_grad, u.requires_grad, y.requires_grad, w.is_leaf


def calls():
    g = torch.Generator().manual_seed(448)
    yield (torch.randn(3, generator=g), True), {}
    yield (torch.randn(3, generator=g), True), {}
    yield (torch.randn(3, generator=g), False), {}
