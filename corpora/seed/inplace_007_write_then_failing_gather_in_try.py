"""An input written in place, then a gather whose indices fail on real data, inside try;
the handler reads the input. features: exceptions, inplace, mutation"""

import torch


def program(x, idx):
    try:
        x.add_(1.0)
        y = torch.gather(x, 0, idx)
    except RuntimeError:
        y = x * -1
    return y


def calls():
    g = torch.Generator().manual_seed(5)
    yield (torch.randn(4, generator=g), torch.tensor([0, 2])), {}
    yield (torch.randn(4, generator=g), torch.tensor([0, 9])), {}
    yield (torch.randn(4, generator=g), torch.tensor([3, 1])), {}
