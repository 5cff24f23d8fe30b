"""ModuleList slicing and out-of-range index, named_children, modules(), named_modules(),
children() and a ParameterList iterated. features: modules, loops, exceptions"""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.scales = nn.ParameterList([nn.Parameter(torch.full((4,), float(i))) for i in range(2)])
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(4, 2))

    def forward(self, x, k):
        for block in self.blocks[:k]:
            x = block(x)
        for p in self.scales:
            x = x * p
        try:
            self.blocks[7]
            err = None
        except IndexError as e:
            err = str(e)
        names = [n for n, _ in self.named_children()]
        kinds = [type(m).__name__ for m in self.modules()]
        paths = [n for n, _ in self.named_modules()]
        return self.head(x), names, kinds, paths, len(list(self.children())), err


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(480)
    yield (torch.randn(2, 4, generator=g), 2), {}
    yield (torch.randn(2, 4, generator=g), 2), {}
    yield (torch.randn(2, 4, generator=g), 3), {}
