"""Generated program. features: container_inputs, decorators, helper_functions, identity, nn_module, noncontiguous, object_protocols, recall_values"""
import functools
import torch


def helper0(u):
    v = u.relu()
    return v.softmax(-1)


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
        return torch.tanh(u) * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Base0.make(0.5)


def traced0(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper

@traced0
def helper1(u):
    """doc"""
    return u.abs()


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

OBJ1 = Child1.make(0.5)

CALLS0 = [0]


def counted0(scale):
    def decorate(fn):
        def inner(*args, **kwargs):
            CALLS0[0] += 1
            return fn(*args, **kwargs) * scale
        return inner
    return decorate

@counted0(0.5)
def helper2(u):
    return torch.clamp(u, -1, 1)


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
        self.sequential0 = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.Tanh())
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * 0.5)

    def forward(self, x, d):
        t0 = x @ x
        t1 = helper0(t0)
        t2 = t1 * Base0.make(3.0).factor
        t3 = self.sequential0(t2)
        t4 = t3 * len(helper1.__name__)
        t5 = t0 * (1.0 if hasattr(OBJ1, 'w_x') else 2.0)
        t6 = torch.argsort(x, dim=1, stable=True)
        t7 = t5.log_softmax(0)
        t8 = helper2(u=t7) + CALLS0[0]
        t9 = torch.diagonal(t6)
        t10 = t3.sigmoid()
        s0 = B0 is None
        return t8, t9, t10, s0


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 5, generator=g).expand(5, 5), {"a": torch.randn(5, 5, generator=g), "b": torch.randn(5, 5, generator=g)}), {}
    yield (torch.randn(1, 5, generator=g).expand(5, 5), {"a": torch.randn(5, 5, generator=g), "b": torch.randn(5, 5, generator=g)}), {}
