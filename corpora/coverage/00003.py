"""Generated program. features: change_shape, if_python, mark_dynamic, noncontiguous, raises, scalar_arith, scalar_inputs, sweep_seq"""
import torch

DYNAMIC = {"x": [1]}


def program(x, y, z, flag, *, scale=1.0):
    t0 = z.unsqueeze(3)
    s0 = scale ** 2
    t1 = torch.minimum(x, z)
    if s0 >= 0:
        t2 = t1 * 0.5
    else:
        t2 = t1.abs()
    t3 = z.int()
    t4 = torch.sum(t3)
    t5 = x != s0
    return x.view(x.numel() + 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 5, 2, 2, generator=g).expand(5, 5, 2, 2), torch.randn(5, 5, 2, generator=g).transpose(-2, -1), torch.randn(1, 2, 1, generator=g).expand(1, 2, 1), True), {"scale": 1.0}
    yield (torch.randn(1, 5, 2, 2, generator=g).expand(6, 5, 2, 2), torch.randn(6, 5, 2, generator=g).transpose(-2, -1), torch.randn(1, 2, 1, generator=g).expand(1, 2, 1), True), {"scale": 1.0}
    yield (torch.randn(1, 0, 2, 2, generator=g).expand(5, 0, 2, 2), torch.randn(0, 5, 2, generator=g).transpose(-2, -1), torch.randn(1, 2, 1, generator=g).expand(1, 2, 1), True), {"scale": 1.0}
    yield (torch.randn(1, 1, 2, 2, generator=g).expand(5, 1, 2, 2), torch.randn(1, 5, 2, generator=g).transpose(-2, -1), torch.randn(1, 2, 1, generator=g).expand(1, 2, 1), True), {"scale": 1.0}
    yield (torch.randn(1, 2, 2, 2, generator=g).expand(5, 2, 2, 2), torch.randn(2, 5, 2, generator=g).transpose(-2, -1), torch.randn(1, 2, 1, generator=g).expand(1, 2, 1), True), {"scale": 1.0}
    yield (torch.randn(1, 7, 2, 2, generator=g).expand(5, 7, 2, 2), torch.randn(7, 5, 2, generator=g).transpose(-2, -1), torch.randn(1, 2, 1, generator=g).expand(1, 2, 1), True), {"scale": 1.0}
