"""torch.get_default_dtype() fixes the dtype of tensors created inside the program.
features: runtime_queries, dtype"""

import torch


def program(x):
    dt = torch.get_default_dtype()
    ones = torch.ones(x.shape[-1])
    out = x.to(dt) + ones
    return out, dt, ones.dtype == dt


def calls():
    g = torch.Generator().manual_seed(164)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randint(0, 5, (3, 4), generator=g),), {}
