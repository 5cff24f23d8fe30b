"""calls() updates a parameter in place under no_grad between calls. features: modules, inplace"""

import torch
from torch import nn


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(10)
        return nn.Linear(4, 2).eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(249)
    yield (torch.randn(3, 4, generator=g),), {}
    with torch.no_grad():
        program.weight.mul_(2)
    yield (torch.randn(3, 4, generator=g),), {}
    with torch.no_grad():
        program.bias.zero_()
    yield (torch.randn(3, 4, generator=g),), {}
