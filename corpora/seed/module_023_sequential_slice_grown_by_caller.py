"""A slice of an nn.Sequential (a new container on each call) put in a list argument; the caller
grows the slice it got before the next call. features: modules, aliasing, lists"""

import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU(), torch.nn.Tanh())

    def forward(self, x, acc):
        tail = self.layers[1:]
        acc.append(tail)
        return tail(x), len(tail)


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(1)
    got = []
    yield (torch.randn(3, generator=g), got), {}
    got[0].append(torch.nn.Sigmoid())
    yield (torch.randn(3, generator=g), []), {}
