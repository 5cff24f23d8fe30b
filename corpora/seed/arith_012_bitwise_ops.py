"""Bitwise and/or/xor and shifts on int tensors and bool masks. features: arithmetic, dtype"""

import torch


def program(a, b, s):
    m1, m2 = a > 0, b > 0
    return a & b, a | b, a ^ b, a << s, a >> s, (m1 & m2) | (m1 ^ m2)


def calls():
    g = torch.Generator().manual_seed(11)

    def ints(*shape, dtype=torch.int64):
        return torch.randint(0, 64, shape, generator=g, dtype=dtype)

    yield (ints(10, 10), ints(10, 10), 1), {}
    yield (ints(10, 10), ints(10, 10), 2), {}
    yield (ints(4, dtype=torch.int32), ints(4, dtype=torch.int32), 1), {}
