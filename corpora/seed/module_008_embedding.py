"""nn.Embedding lookup of int indices followed by a mean over the sequence.
features: modules, dtype, reductions"""

import torch
from torch import nn


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(8)
        return nn.Embedding(20, 6)


class Bag(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = build()

    def forward(self, ids):
        return self.emb(ids).mean(dim=-2)


program = Bag()


def calls():
    g = torch.Generator().manual_seed(247)
    yield (torch.randint(0, 20, (2, 5), generator=g),), {}
    yield (torch.randint(0, 20, (2, 5), generator=g),), {}
    yield (torch.randint(0, 20, (3, 7), generator=g),), {}
    yield (torch.randint(0, 20, (4,), generator=g, dtype=torch.int32),), {}
