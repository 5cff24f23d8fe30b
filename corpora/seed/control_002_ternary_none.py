"""Conditional expressions on an optional tensor argument. features: control_flow"""

import torch


def program(x, mask=None):
    y = x if mask is None else x * mask
    return y.sum() if y.dim() == 1 else y.sum(-1)


def calls():
    g = torch.Generator().manual_seed(201)
    yield (torch.randn(10, 10, generator=g),), {}
    mask = (torch.rand(10, 10, generator=g) > 0.5).float()
    yield (torch.randn(10, 10, generator=g),), {"mask": mask}
    yield (torch.randn(10, generator=g),), {}
