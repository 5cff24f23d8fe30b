"""Generated program. features: aliasing, change_list_len, change_scalar, container_inputs, identity, mutate_between_calls, recall_values, scalar_inputs"""
import torch


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = Node0(2)


def program(x, w, n, flag, xs):
    w.masked_fill_(w < 0, 0)
    t0 = w.expand(2, 5, 1)
    t1 = t0.sigmoid()
    t2 = torch.trunc(x)
    t3 = t0[-1]
    t4 = torch.log1p(x.abs())
    t5 = torch.flip(t2, (-1,))
    s0 = xs == list(xs)
    t6 = t5.double()
    t7 = torch.linalg.vector_norm(t4, 1, -2)
    return t3, s0, t6, t7


def calls():
    global A0, B0
    g = torch.Generator().manual_seed(0)
    x = torch.randn(5, 1, generator=g)
    yield (x, x, 5, True, [torch.randn(5, 1, generator=g) for _ in range(2)]), {}
    x = torch.randn(5, 1, generator=g)
    yield (x, x, 5, True, [torch.randn(5, 1, generator=g) for _ in range(2)]), {}
    x = torch.randn(5, 1, generator=g)
    yield (x, x, 6, False, [torch.randn(5, 1, generator=g) for _ in range(2)]), {}
    x = torch.randn(5, 1, generator=g)
    yield (x, x, 5, True, [torch.randn(5, 1, generator=g) for _ in range(3)]), {}
    B0 = None
    x = torch.randn(5, 1, generator=g)
    yield (x, x, 5, True, [torch.randn(5, 1, generator=g) for _ in range(2)]), {}
