"""The program appends to a list passed in by the caller. features: mutation, lists"""

import torch


def program(x, history):
    y = x * 2
    history.append(y.sum())
    history.append(len(history))
    return y


def calls():
    g = torch.Generator().manual_seed(226)
    yield (torch.randn(10, 10, generator=g), []), {}
    yield (torch.randn(10, 10, generator=g), [torch.zeros(())]), {}
    yield (torch.randn(10, 10, generator=g), []), {}
