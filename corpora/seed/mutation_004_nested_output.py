"""Returns a nested structure: a dict of tuples and lists of tensors plus Python values.
features: mutation, dicts, tuples, lists"""

import torch


def program(x, y):
    return {
        "sums": (x.sum(), y.sum()),
        "rows": [x[0], y[-1]],
        "meta": {"shape": tuple(x.shape), "ok": True},
        "none": None,
    }


def calls():
    g = torch.Generator().manual_seed(229)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(2, 3, generator=g), torch.randn(4, 3, generator=g)), {}
