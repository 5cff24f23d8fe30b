"""nn.Sequential and nn.ModuleList used as containers: len, `in`, negative index, iteration,
a missing ModuleDict key tested with `in`. features: modules, indexing, loops"""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 2))
        self.blocks = nn.ModuleList([nn.Tanh(), nn.Sigmoid()])
        self.heads = nn.ModuleDict({"a": nn.Identity()})

    def forward(self, x, key):
        y = self.seq(x)
        for b in self.blocks:
            y = b(y)
        last = self.seq[-1]
        facts = (len(self.seq), len(self.blocks), self.blocks[0] in self.blocks,
                 key in self.heads, type(last).__name__)
        if key in self.heads:
            y = self.heads[key](y)
        return y, facts


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(562)
    yield (torch.randn(4, 3, generator=g), "a"), {}
    yield (torch.randn(4, 3, generator=g), "a"), {}
    yield (torch.randn(4, 3, generator=g), "b"), {}
