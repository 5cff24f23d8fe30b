"""forward iterates named_parameters() to compute a penalty next to the output.
features: modules, loops, strings"""

import torch
from torch import nn


class Regularized(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(5, 5)
        self.b = nn.Linear(5, 2, bias=False)

    def forward(self, x):
        penalty = 0
        for name, p in self.named_parameters():
            if "weight" in name:
                penalty = penalty + p.pow(2).sum()
        return self.b(self.a(x).relu()), penalty


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(11)
        return Regularized().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(250)
    yield (torch.randn(3, 5, generator=g),), {}
    yield (torch.randn(3, 5, generator=g),), {}
    yield (torch.randn(6, 5, generator=g),), {}
