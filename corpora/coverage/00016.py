"""Generated program. features: aliasing, dtypes, identity, recall_values"""
import torch
import torch.nn.functional as F

M0 = torch.nn.LayerNorm(2)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = Node0(2)


def program(x, w):
    t0 = M0(w)
    t1 = t0.log_softmax(0)
    t2 = t1.scatter_add(0, torch.arange(2).reshape(2) % 2, t1)
    t3 = torch.tensor([[1, 2], [3, 4]])
    t4 = torch.median(t3, -1).values
    t5 = F.leaky_relu(t2, 0.1)
    s0 = A0.__class__ == Node0
    return t4, t5, s0


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, generator=g, dtype=torch.float16)
    yield (x, x), {}
    x = torch.randn(2, generator=g, dtype=torch.float16)
    yield (x, x), {}
