"""Dim 0 changes at call 1, dim 1 at call 2 (found by a campaign against torch:aot_eager):
automatic dynamic makes each dim symbolic at its first change, so torch compiles three times;
R4 must allow it, and nothing more once both dims are symbolic (call 3)."""
import torch


def program(x):
    rows, cols = x.shape
    y = x.sin() * cols
    return y.sum(0) / rows, y.t().cumsum(0)


def calls():
    g = torch.Generator().manual_seed(0)
    for shape in ((4, 8), (6, 8), (6, 10), (7, 12)):
        yield (torch.randn(*shape, generator=g),), {}
