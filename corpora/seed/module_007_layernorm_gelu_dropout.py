"""A block with LayerNorm, GELU and Dropout in eval mode. features: modules"""

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc = nn.Linear(d, d)
        self.act = nn.GELU()
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        return x + self.drop(self.act(self.fc(self.norm(x))))


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(7)
        return Block(8).eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(246)
    yield (torch.randn(3, 8, generator=g),), {}
    yield (torch.randn(3, 8, generator=g),), {}
    yield (torch.randn(2, 5, 8, generator=g),), {}
