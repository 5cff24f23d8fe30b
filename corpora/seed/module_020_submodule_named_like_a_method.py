"""A submodule registered under the name of an nn.Module method (double): self.double is still
the method, so calling it with a tensor raises TypeError. features: modules, exceptions"""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.double = nn.ReLU()
        self.act = nn.Tanh()

    def forward(self, x):
        try:
            y = self.double(x)
        except TypeError as e:
            y = str(e)
        return self.act(x), y, "double" in self._modules


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(572)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(2, 2, generator=g),), {}
