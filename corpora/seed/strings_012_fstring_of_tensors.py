"""f-strings that format tensors (a format spec, !r, !s) and symbolic sizes: the frame breaks
at the formatting and the text is eager's. features: fstrings, strings, metadata"""

import torch


def program(x):
    total = x.sum()
    text = f"sum={total:.3f} max={x.max()!r} first={x[0]!s}"
    shape = f"{x.shape[0]:>4}|{x.dtype}"
    return text, shape, total * 2


def calls():
    g = torch.Generator().manual_seed(556)
    yield (torch.randn(4, generator=g),), {}
    yield (torch.randn(4, generator=g),), {}
    yield (torch.randn(6, generator=g),), {}
