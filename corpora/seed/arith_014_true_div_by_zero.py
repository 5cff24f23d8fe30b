"""Float tensor divided by a tensor holding zeros gives inf and nan. features: arithmetic"""

import torch


def program(x, y):
    q = x / y
    return q, torch.isinf(q).sum(), torch.nan_to_num(q, nan=0.0, posinf=1.0, neginf=-1.0)


def calls():
    g = torch.Generator().manual_seed(13)
    yield (torch.randn(10, 10, generator=g), torch.randint(0, 3, (10, 10), generator=g).float()), {}
    yield (torch.zeros(10, 10), torch.zeros(10, 10)), {}
    yield (torch.randn(3, 3, generator=g), torch.randint(0, 2, (3, 3), generator=g).float()), {}
