"""A lazy module (nn.LazyLinear) infers its input size on the first call; later calls reuse the
materialised weight. features: modules, recompile"""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.LazyLinear(2)

    def forward(self, x):
        return self.fc(x).relu()


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(544)
    yield (torch.randn(3, 4, generator=g),), {}
    yield (torch.randn(3, 4, generator=g),), {}
    yield (torch.randn(5, 4, generator=g),), {}
