"""raise ... from ... escapes the program on one call, after an input list was appended to;
the other calls return. features: exceptions, mutation, lists"""

import torch


def program(x, log, limit):
    log.append("start")
    y = x * 2
    if y.shape[0] > limit:
        raise ValueError(f"{y.shape[0]} rows") from KeyError("limit")
    log.append("done")
    return y


def calls():
    g = torch.Generator().manual_seed(559)
    yield (torch.randn(3, generator=g), [], 4), {}
    yield (torch.randn(3, generator=g), [], 4), {}
    yield (torch.randn(5, generator=g), ["old"], 4), {}
    yield (torch.randn(3, generator=g), [], 2), {}
