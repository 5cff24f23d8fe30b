"""torch ops returning named tuples (topk, sort, max with dim) read by attribute.
features: namedtuples, reductions"""

import torch


def program(x, k):
    top = x.topk(k, dim=-1)
    srt = torch.sort(x, dim=0, descending=True)
    mx = x.max(dim=1, keepdim=True)
    return top.values * 2, top.indices, srt.values[0], mx.values - x


def calls():
    g = torch.Generator().manual_seed(108)
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), 5), {}
