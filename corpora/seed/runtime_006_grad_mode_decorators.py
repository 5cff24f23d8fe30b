"""@torch.no_grad() on a helper, torch.set_grad_enabled(flag) as a block, enable_grad inside
no_grad; the grad flags of the results are the outputs. features: requires_grad, runtime_queries"""

import torch


@torch.no_grad()
def frozen_scale(x):
    return x * 2


@torch.enable_grad()
def tracked(x):
    return x * 3


def program(x, flag):
    a = frozen_scale(x)
    with torch.set_grad_enabled(flag):
        b = x + 1
        inside = torch.is_grad_enabled()
    with torch.no_grad():
        c = tracked(x)
    return (a.detach(), b.detach(), c.detach(), a.requires_grad, b.requires_grad,
            c.requires_grad, inside, torch.is_grad_enabled())


def calls():
    g = torch.Generator().manual_seed(465)
    yield (torch.randn(3, generator=g, requires_grad=True), True), {}
    yield (torch.randn(3, generator=g, requires_grad=True), True), {}
    yield (torch.randn(3, generator=g, requires_grad=True), False), {}
    yield (torch.randn(3, generator=g), True), {}
