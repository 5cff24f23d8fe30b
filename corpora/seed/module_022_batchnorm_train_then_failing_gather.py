"""Batch norm in train mode (it writes its running statistics), then a gather whose indices
fail on real data, inside try. features: modules, exceptions, inplace"""

import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = torch.nn.BatchNorm1d(3)

    def forward(self, x, idx):
        try:
            y = self.bn(x)
            z = torch.gather(y, 1, idx)
        except RuntimeError:
            z = None
        return z, self.bn.running_mean.clone(), self.bn.num_batches_tracked.clone()


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net().train()


program = build()


def calls():
    g = torch.Generator().manual_seed(11)
    yield (torch.randn(4, 3, generator=g), torch.tensor([[0], [1], [2], [1]])), {}
    yield (torch.randn(4, 3, generator=g), torch.tensor([[0], [5], [2], [1]])), {}
    yield (torch.randn(4, 3, generator=g), torch.tensor([[2], [1], [0], [0]])), {}
