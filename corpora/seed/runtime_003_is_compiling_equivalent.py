"""torch.compiler.is_compiling() picks between two paths with bit-identical results.
features: runtime_queries, control_flow"""

import torch


def program(x):
    # Both branches compute the same value exactly, so compiled and eager agree either way.
    if torch.compiler.is_compiling():
        y = x + x
    else:
        y = x * 2
    return y.relu()


def calls():
    g = torch.Generator().manual_seed(162)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
