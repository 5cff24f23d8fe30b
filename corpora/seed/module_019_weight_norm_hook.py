"""A Linear under nn.utils.weight_norm: its forward pre-hook recomputes weight from weight_g
and weight_v on every call; the parameters change between calls. features: modules, inplace"""

import torch
from torch import nn


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return nn.utils.weight_norm(nn.Linear(4, 3)).eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(571)
    yield (torch.randn(2, 4, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
    with torch.no_grad():
        program.weight_g.mul_(2.0)
    yield (torch.randn(5, 4, generator=g),), {}
