"""Generated program. features: aliasing, change_list_len, change_scalar, container_inputs, identity, mutate_between_calls, recall_values, scalar_inputs, special_values"""
import torch


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = Node0(2)


def program(x, y, w, n, flag, xs, d):
    w.masked_fill_(w < 0, 0)
    t0 = w.expand(2, 5, 2, 4)
    t1 = t0.sigmoid()
    t2 = torch.trunc(x)
    t3 = w[-1]
    t4 = torch.log1p(x.abs())
    t5 = torch.flip(t1, (-1,))
    s0 = A0 in (B0,)
    t6 = t5.double()
    t7 = torch.linalg.vector_norm(t3, 1, 0)
    return t4, s0, t6, t7


def calls():
    global A0, B0
    g = torch.Generator().manual_seed(0)
    x = torch.randn(5, 2, 4, generator=g)
    yield (x, torch.randn(0, 5, generator=g) * 1e30, x, 0, True, [torch.randn(5, 2, 4, generator=g) for _ in range(3)], {"a": torch.randn(5, 2, 4, generator=g), "b": torch.randn(5, 2, 4, generator=g)}), {}
    x = torch.randn(5, 2, 4, generator=g)
    yield (x, torch.randn(0, 5, generator=g) * 1e30, x, 0, True, [torch.randn(5, 2, 4, generator=g) for _ in range(3)], {"a": torch.randn(5, 2, 4, generator=g), "b": torch.randn(5, 2, 4, generator=g)}), {}
    x = torch.randn(5, 2, 4, generator=g)
    yield (x, torch.randn(0, 5, generator=g) * 1e30, x, 1, False, [torch.randn(5, 2, 4, generator=g) for _ in range(3)], {"a": torch.randn(5, 2, 4, generator=g), "b": torch.randn(5, 2, 4, generator=g)}), {}
    x = torch.randn(5, 2, 4, generator=g)
    yield (x, torch.randn(0, 5, generator=g) * 1e30, x, 0, True, [torch.randn(5, 2, 4, generator=g) for _ in range(4)], {"a": torch.randn(5, 2, 4, generator=g), "b": torch.randn(5, 2, 4, generator=g)}), {}
    B0 = None
    x = torch.randn(5, 2, 4, generator=g)
    yield (x, torch.randn(0, 5, generator=g) * 1e30, x, 0, True, [torch.randn(5, 2, 4, generator=g) for _ in range(3)], {"a": torch.randn(5, 2, 4, generator=g), "b": torch.randn(5, 2, 4, generator=g)}), {}
