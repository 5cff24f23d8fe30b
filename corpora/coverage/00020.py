"""Generated program. features: aliasing, change_list_len, container_inputs, identity, nn_module, noncontiguous, scalar_inputs"""
import torch


class Node0:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Node0) and self.v == other.v

    __hash__ = object.__hash__

A0 = Node0(1)

B0 = A0


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, w, scale, xs):
        s0 = A0 == None
        t0 = torch.eq(w, w)
        return s0, t0


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(1, generator=g).expand(1)
    yield (x, x, 2.0, [torch.randn(1, generator=g) for _ in range(3)]), {}
    x = torch.randn(1, generator=g).expand(1)
    yield (x, x, 2.0, [torch.randn(1, generator=g) for _ in range(4)]), {}
