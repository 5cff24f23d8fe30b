"""torch.autocast used as a decorator on a helper made in the program: matmul runs in bfloat16
inside the helper only. features: dtype, closures, runtime_queries"""

import torch


def program(x, w):
    @torch.autocast("cpu", dtype=torch.bfloat16)
    def mixed(a, b):
        return a @ b, torch.is_autocast_enabled("cpu")

    y, inside = mixed(x, w)
    z = x @ w
    return y.float(), y.dtype, inside, z.dtype, torch.is_autocast_enabled("cpu")


def calls():
    g = torch.Generator().manual_seed(524)
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)), {}
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)), {}
    yield (torch.randn(2, 4, generator=g), torch.randn(4, 3, generator=g)), {}
