"""forward branches on self.training; calls() switches train/eval around BatchNorm1d.
features: modules, mutation, control_flow"""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        y = self.bn(self.lin(x))
        return y * 2 if self.training else y


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(12)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(251)
    yield (torch.randn(6, 4, generator=g),), {}
    program.train()
    yield (torch.randn(6, 4, generator=g),), {}
    yield (torch.randn(6, 4, generator=g),), {}
    program.eval()
    yield (torch.randn(6, 4, generator=g),), {}
