"""Generated program. features: change_dtype, mutate_between_calls, nn_module, object_protocols, requires_grad, strings"""
import torch


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
        return torch.clamp(u, -1, 1) * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Base0.make(0.5)


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        t0 = Base0.apply(OBJ0, x)
        t1 = t0 != t0
        key0 = f"{t1.dtype}".replace("torch.", "")
        s0 = len(key0) + (key0 == "float32")
        t2 = ~t1
        t3 = torch.sin(t0)
        t4 = t3.clamp_min(0)
        t5 = t4.clamp_min(0)
        return s0, t2, t5


program = Program()


def calls():
    global OBJ0
    g = torch.Generator().manual_seed(0)
    yield (torch.randn((), generator=g, requires_grad=True),), {}
    yield (torch.randn((), generator=g, dtype=torch.float64, requires_grad=True),), {}
    Child0.scale = 5.0
    yield (torch.randn((), generator=g, requires_grad=True),), {}
