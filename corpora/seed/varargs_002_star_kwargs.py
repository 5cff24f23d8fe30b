"""**kwargs is iterated in insertion order and applied as named scales.
features: varargs, kwargs, dicts"""

import torch


def program(x, **scales):
    out = x
    for name, s in scales.items():
        out = out * s if name.startswith("m") else out + s
    return out, sorted(scales)


def calls():
    g = torch.Generator().manual_seed(52)
    yield (torch.randn(10, 10, generator=g),), {"mul": 2.0, "add": 1.0}
    yield (torch.randn(10, 10, generator=g),), {"mul": 3.0, "add": 1.0}
    yield (torch.randn(10, 10, generator=g),), {"add": 1.0, "mul": 2.0}
    yield (torch.randn(10, 10, generator=g),), {}
