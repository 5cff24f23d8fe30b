"""Type promotion: int tensor with float scalar, float tensor with int tensor.
features: arithmetic, dtype"""

import torch


def program(i, f):
    return i * 1.5, i + f, i / 2, i // 2, (i + 1).dtype


def calls():
    g = torch.Generator().manual_seed(8)
    yield (torch.randint(0, 10, (10, 10), generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randint(0, 10, (10, 10), generator=g), torch.randn(10, 10, generator=g)), {}
    i32 = torch.randint(0, 10, (10, 10), generator=g, dtype=torch.int32)
    yield (i32, torch.randn(10, 10, generator=g).half()), {}
