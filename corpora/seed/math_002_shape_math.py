"""math.prod, math.ceil, math.floor and math.gcd on shape values pick a reshape.
features: math, metadata, views"""

import math

import torch


def program(x, parts):
    n = math.prod(x.shape)
    rows = math.ceil(n / parts)
    pad = rows * parts - n
    flat = torch.cat([x.flatten(), x.new_zeros(pad)])
    return flat.reshape(rows, parts), math.gcd(n, parts), math.floor(n / 3)


def calls():
    g = torch.Generator().manual_seed(131)
    yield (torch.randn(4, 5, generator=g), 3), {}
    yield (torch.randn(4, 5, generator=g), 3), {}
    yield (torch.randn(4, 5, generator=g), 4), {}
    yield (torch.randn(2, 3, 2, generator=g), 5), {}
