"""A torch.autocast("cpu", dtype=bfloat16) block: matmul runs in bf16, the dtype branches and
is_autocast_enabled are read inside and after. features: dtype, runtime_queries"""

import torch


def program(x, w, enabled):
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=enabled):
        y = x @ w
        inside = torch.is_autocast_enabled("cpu")
        z = y.float() * 2 if y.dtype == torch.bfloat16 else y
    after = torch.is_autocast_enabled("cpu")
    return z, y.dtype, inside, after


def calls():
    g = torch.Generator().manual_seed(468)
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g), True), {}
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g), True), {}
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g), False), {}
