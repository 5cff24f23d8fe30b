"""Floor division and modulo between tensors and scalars, int and float.
features: arithmetic, dtype"""

import torch


def program(a, b):
    q = a // b
    r = a % b
    return q * b + r, a // 3, a % 4


def calls():
    g = torch.Generator().manual_seed(1)
    yield (
        (torch.randint(-20, 20, (10, 10), generator=g), torch.randint(1, 6, (10, 10), generator=g)),
        {},
    )
    yield (
        (torch.randint(-20, 20, (10, 10), generator=g), torch.randint(1, 6, (10, 10), generator=g)),
        {},
    )
    yield (torch.randn(10, 10, generator=g) * 10, torch.rand(10, 10, generator=g) + 1), {}
