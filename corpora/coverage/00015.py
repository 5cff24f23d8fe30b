"""Generated program. features: containers, context_managers, exceptions, module_state, raises, recall_values, requires_grad"""
import torch
import torch.nn.functional as F

M0 = torch.nn.BatchNorm1d(4)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

EVENTS0 = []


class Scope0:
    def __init__(self, k):
        self.k = k

    def __enter__(self):
        EVENTS0.append('enter')
        return self

    def __exit__(self, kind, value, tb):
        EVENTS0.append('exit')
        return False

M1 = torch.nn.BatchNorm1d(4)
with torch.no_grad():
    for _p in M1.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


def program(x, y, z):
    t0 = M0(z)
    with Scope0(2.0) as c0:
        t1 = -t0 * c0.k
    c1 = (t1, t1.relu())
    t2 = c1[1] - c1[0]
    t3 = torch.broadcast_to(t2, (2, 4, 4, 2,))
    try:
        t4 = [t3][1]
    except IndexError:
        t4 = t3 + 1
    t5 = M1(t2)
    t6 = t5.bfloat16()
    t7 = F.cosine_similarity(t6, t6, dim=-1)
    t8 = t2.bool()
    t9 = t7.double()
    t10 = F.conv2d(t4, torch.full((2, 4, 3, 3), 0.1, dtype=t4.dtype), padding=1)
    return x.view(x.numel() + 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 4, 2, generator=g, requires_grad=True), torch.randn(4, 4, 2, generator=g), torch.randn(4, 4, 2, generator=g, requires_grad=True)), {}
    yield (torch.randn(4, 4, 2, generator=g, requires_grad=True), torch.randn(4, 4, 2, generator=g), torch.randn(4, 4, 2, generator=g, requires_grad=True)), {}
