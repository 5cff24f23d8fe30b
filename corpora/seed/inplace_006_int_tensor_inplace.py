"""In-place integer ops (add_, floor_divide_, bitwise_and_) on an int input.
features: inplace, dtype, mutation"""

import torch


def program(x, k):
    x.add_(k)
    x.floor_divide_(2)
    x.bitwise_and_(7)
    return x


def calls():
    g = torch.Generator().manual_seed(225)
    yield (torch.randint(-20, 20, (10, 10), generator=g), 3), {}
    yield (torch.randint(-20, 20, (10, 10), generator=g), 3), {}
    yield (torch.randint(-20, 20, (10, 10), generator=g, dtype=torch.int32), 5), {}
