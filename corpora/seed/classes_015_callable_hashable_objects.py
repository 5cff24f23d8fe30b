"""User objects with __call__ and __bool__ (truth tests and calls), and __len__ as truth.
features: classes, control_flow"""

import torch


class Gate:
    def __init__(self, on, k):
        self.on = on
        self.k = k

    def __bool__(self):
        return self.on

    def __call__(self, x, *, bias=0.0):
        return x * self.k + bias


class Empty:
    def __len__(self):
        return 0


def program(x, gate):
    y = gate(x, bias=1.0) if gate else x
    z = x if Empty() else -x
    return y, z, not gate, callable(gate)


def calls():
    g = torch.Generator().manual_seed(424)
    yield (torch.randn(3, generator=g), Gate(True, 2.0)), {}
    yield (torch.randn(3, generator=g), Gate(True, 3.0)), {}
    yield (torch.randn(3, generator=g), Gate(False, 3.0)), {}
