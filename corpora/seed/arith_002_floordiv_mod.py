"""Floor division and modulo between tensors and scalars, int and float.
features: arithmetic, dtype"""

import torch


def program(a, b):
    q = a // b
    r = a % b
    return q * b + r, a // 3, a % 4


def calls():
    g = torch.Generator().manual_seed(1)

    def ints(lo, hi):
        return torch.randint(lo, hi, (10, 10), generator=g)

    yield (ints(-20, 20), ints(1, 6)), {}
    yield (ints(-20, 20), ints(1, 6)), {}
    yield (torch.randn(10, 10, generator=g) * 10, torch.rand(10, 10, generator=g) + 1), {}
