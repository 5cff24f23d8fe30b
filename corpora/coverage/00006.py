"""Generated program. features: container_subclasses, mark_dynamic, match_statements, modules_in_forward, mutate_between_calls, nn_module, noncontiguous, object_protocols, recall_values, scalar_inputs, sweep_batch"""
import torch


class Layers0(list):
    def total(self):
        return sum(self)

    def append(self, v):
        super().append(v * 2)


class Base0:
    scale = 2.0

    def __init__(self, k):
        self.k = k

    @property
    def factor(self):
        return self.k * self.scale

    @classmethod
    def make(cls, k):
        return cls(k)

    @staticmethod
    def shift(u):
        return u + 1

    def apply(self, u):
        return -u * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Base0.make(0.5)

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, *, scale=1.0):
        t0 = torch.cummin(x, -2).values
        t1 = torch.sin(t0)
        o0 = Layers0([t1])
        t2 = (o0.append(t1) or o0.total())
        match t2.dim():
            case 0 | 1:
                t3 = torch.tanh(t2)
            case 2:
                t3 = t2.abs()
            case _:
                t3 = t2
        t4 = torch.nn.Sequential(torch.nn.Identity(), torch.nn.Tanh())(t3)
        t5 = Base0(2.0).apply(t3)
        return t4, t5


program = Program()


def calls():
    global OBJ0
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1),), {"scale": 2.0}
    OBJ0.scale = 7.0
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 3, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 5, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 1, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
