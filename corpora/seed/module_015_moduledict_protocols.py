"""nn.ModuleDict iterated, its keys()/items(), len(), a missing key's KeyError, and a module
whose class overrides __call__. features: modules, dicts, exceptions"""

import torch
from torch import nn


class Doubling(nn.Module):
    def forward(self, x):
        return x * 2

    def __call__(self, x):
        return super().__call__(x) + 1


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"relu": nn.ReLU(), "tanh": nn.Tanh()})
        self.twice = Doubling()

    def forward(self, x, key):
        names = list(self.heads)
        pairs = [k for k, _ in self.heads.items()]
        keys = tuple(self.heads.keys())
        try:
            y = self.heads[key](x)
        except KeyError as e:
            y = x
            names.append(str(e))
        return self.twice(y), names, pairs, keys, len(self.heads)


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(531)
    yield (torch.randn(3, generator=g), "relu"), {}
    yield (torch.randn(3, generator=g), "relu"), {}
    yield (torch.randn(3, generator=g), "gelu"), {}
