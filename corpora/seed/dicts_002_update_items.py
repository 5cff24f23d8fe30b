"""dict.update then iterate items() in insertion order. features: dicts, loops"""

import torch


def program(x, extra):
    d = {"a": 1.0, "b": 2.0}
    d.update(extra)
    out = x
    for k, v in d.items():
        out = out * v if k < "c" else out - v
    return out, list(d.keys())


def calls():
    g = torch.Generator().manual_seed(61)
    yield (torch.randn(10, 10, generator=g), {"c": 3.0}), {}
    yield (torch.randn(10, 10, generator=g), {"c": 4.0}), {}
    yield (torch.randn(10, 10, generator=g), {"a": 0.5, "d": 1.0}), {}
