"""pop and setdefault on a locally built dict. features: dicts"""

import torch


def program(x, y):
    d = {"x": x, "y": y}
    first = d.pop("x")
    missing = d.pop("z", None)
    d.setdefault("y", torch.zeros(1))
    d.setdefault("w", first * 2)
    return d, missing is None, len(d)


def calls():
    g = torch.Generator().manual_seed(65)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(5, generator=g), torch.randn(5, generator=g)), {}
