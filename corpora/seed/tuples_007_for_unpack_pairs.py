"""Iterate a list of (tensor, weight) pairs with tuple unpacking in the for target.
features: tuples, unpacking, loops"""

import torch


def program(pairs):
    out = None
    for t, (w, b) in pairs:
        y = t * w + b
        out = y if out is None else out + y
    return out


def calls():
    g = torch.Generator().manual_seed(86)

    def pairs(*params):
        return [(torch.randn(4, generator=g), p) for p in params]

    yield (pairs((2.0, 1.0), (0.5, 0.0)),), {}
    yield (pairs((2.0, 1.0), (0.5, 0.0)),), {}
    yield (pairs((1.0, -1.0)),), {}
