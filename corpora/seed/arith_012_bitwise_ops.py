"""Bitwise and/or/xor and shifts on int tensors and bool masks. features: arithmetic, dtype"""

import torch


def program(a, b, s):
    m1, m2 = a > 0, b > 0
    return a & b, a | b, a ^ b, a << s, a >> s, (m1 & m2) | (m1 ^ m2)


def calls():
    g = torch.Generator().manual_seed(11)
    yield (
        (
            torch.randint(0, 64, (10, 10), generator=g),
            torch.randint(0, 64, (10, 10), generator=g),
            1,
        ),
        {},
    )
    yield (
        (
            torch.randint(0, 64, (10, 10), generator=g),
            torch.randint(0, 64, (10, 10), generator=g),
            2,
        ),
        {},
    )
    yield (
        (
            torch.randint(0, 64, (4,), generator=g, dtype=torch.int32),
            torch.randint(0, 64, (4,), generator=g, dtype=torch.int32),
            1,
        ),
        {},
    )
