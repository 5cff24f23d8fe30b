"""A small MLP module built from Linear and ReLU with seeded weights. features: modules"""

import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(10, 16)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return MLP().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(240)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(3, 10, generator=g),), {}
    yield (torch.randn(2, 5, 10, generator=g),), {}
