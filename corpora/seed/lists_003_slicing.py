"""Slice a Python list of tensors: head, tail, stride, reverse. features: lists, slicing"""

import torch


def program(xs):
    head, tail = xs[:2], xs[-2:]
    return torch.stack(head + tail).sum(0), torch.stack(xs[::2]), torch.stack(xs[::-1])[0]


def calls():
    g = torch.Generator().manual_seed(72)
    yield ([torch.randn(3, generator=g) for _ in range(4)],), {}
    yield ([torch.randn(3, generator=g) for _ in range(4)],), {}
    yield ([torch.randn(3, generator=g) for _ in range(5)],), {}
