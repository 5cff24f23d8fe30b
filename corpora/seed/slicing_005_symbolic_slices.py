"""Slices whose bounds are symbolic sizes (a dynamic first dim): half, reversed list of rows,
strided, and arithmetic on the size. features: slicing, metadata, recompile"""

import torch

DYNAMIC = {"x": [0]}


def program(x):
    n = x.shape[0]
    half = x[: n // 2]
    tail = x[n // 2 :]
    step = x[1 : n : 2]
    rows = list(x.unbind(0))[::-1]
    flag = bool(n % 2)
    return half, tail, step, torch.stack(rows), flag, n.__class__.__name__


def calls():
    g = torch.Generator().manual_seed(527)
    yield (torch.randn(4, 3, generator=g),), {}
    yield (torch.randn(6, 3, generator=g),), {}
    yield (torch.randn(7, 3, generator=g),), {}
    yield (torch.randn(9, 3, generator=g),), {}
