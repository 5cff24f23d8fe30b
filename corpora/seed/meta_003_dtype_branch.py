"""Branch on dtype: integer tensors are converted, float64 kept, float32 scaled.
features: metadata, dtype, control_flow"""

import torch


def program(x):
    if x.dtype == torch.float64:
        return x * 2
    if not x.is_floating_point():
        return x.to(torch.float32) / 2
    return x.half().float()


def calls():
    g = torch.Generator().manual_seed(142)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g, dtype=torch.float64),), {}
    yield (torch.randint(0, 9, (10, 10), generator=g),), {}
