"""f-strings build dict keys for layer outputs. features: strings, fstrings, dicts, loops"""

import torch


def program(x, n):
    out = {}
    h = x
    for i in range(n):
        h = torch.tanh(h * (i + 1))
        out[f"layer_{i}"] = h
    return out, f"{n} layers, shape {tuple(x.shape)}"


def calls():
    g = torch.Generator().manual_seed(93)
    yield (torch.randn(4, 4, generator=g), 2), {}
    yield (torch.randn(4, 4, generator=g), 2), {}
    yield (torch.randn(4, 4, generator=g), 3), {}
