"""parameters(), buffers() and their named forms on a module holding both, read in forward.
features: modules"""

import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 2)
        self.register_buffer("scale", torch.full((2,), 3.0))

    def forward(self, x):
        p = [tuple(t.shape) for t in self.parameters()]
        b = [tuple(t.shape) for t in self.buffers()]
        names = [n for n, _ in self.named_parameters()] + [n for n, _ in self.named_buffers()]
        total = sum(t.sum() for t in self.parameters()) - sum(t.sum() for t in self.buffers())
        return self.lin(x) * self.scale + total, p, b, names


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().eval()


program = build()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 3, generator=g),), {}
    yield (torch.randn(4, 3, generator=g),), {}
