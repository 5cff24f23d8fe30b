"""f-string with format specs and a conversion; the tensor path ignores the string.
features: fstrings, strings"""

import torch


def program(x, k, tag):
    key = f"{tag!r}-{k:03d}-{k / 3:.2f}"
    scale = len(key)
    return x * scale, key


def calls():
    g = torch.Generator().manual_seed(98)
    yield (torch.randn(10, 10, generator=g), 5, "a"), {}
    yield (torch.randn(10, 10, generator=g), 5, "a"), {}
    yield (torch.randn(10, 10, generator=g), 42, "long"), {}
