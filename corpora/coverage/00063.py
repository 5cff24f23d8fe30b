"""Generated program. features: change_dtype, generators_consumed, mutate_between_calls, nn_module, numpy_interop, object_protocols, requires_grad, strings, try_finally"""
import numpy as np
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


def steps0(u, n=3):
    acc = u
    while n > 0:
        acc = acc * 0.5 + torch.sigmoid(u)
        n -= 1
        yield acc


class Base1:
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
        return torch.tanh(u) * self.factor


class Child1(Base1):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ1 = Base1.make(0.5)

TRACE0 = []


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        t0 = Base0.apply(OBJ0, x)
        t1 = t0 != t0
        key0 = f"{t1.dtype}".replace("torch.", "")
        s0 = len(key0) + (key0 == "float32")
        t2 = dict(enumerate(steps0(t0)))[1]
        t3 = t2 + torch.from_numpy(np.ones_like(t2.detach().numpy()))
        t4 = t3 * getattr(OBJ1, 'w_abc', 1)
        try:
            t5 = torch.clamp(t4, -1, 1)
        except ValueError:
            t5 = t4 * 0.5
        else:
            t5 = t5 * 2
        finally:
            TRACE0.append(1)
        t5.copy_(t2)
        return s0, t5


program = Program()


def calls():
    global OBJ0, OBJ1
    g = torch.Generator().manual_seed(0)
    yield (torch.randn((), generator=g, requires_grad=True),), {}
    yield (torch.randn((), generator=g, dtype=torch.float64, requires_grad=True),), {}
    Child0.scale = 5.0
    OBJ1.w_extra = 0.5
    yield (torch.randn((), generator=g, requires_grad=True),), {}
