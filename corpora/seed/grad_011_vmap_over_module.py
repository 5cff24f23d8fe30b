"""torch.func.vmap over a submodule's forward and over a function calling it, in a module's
forward. features: modules, closures"""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    def forward(self, x, scale):
        direct = torch.func.vmap(self.lin)(x)
        scaled = torch.func.vmap(lambda r: self.lin(r).relu() * scale, in_dims=1)(x)
        return direct, scaled, direct.requires_grad


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(1102)
    yield (torch.randn(2, 5, 4, generator=g), 2.0), {}
    yield (torch.randn(2, 5, 4, generator=g), 2.0), {}
    yield (torch.randn(2, 3, 4, generator=g), 0.5), {}
