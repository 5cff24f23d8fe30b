"""Generated program. features: collections_std, comprehensions, container_inputs, descriptors, dtypes, if_tensor, mutate_between_calls, object_protocols, parametrizations, special_values"""
import collections
import torch
import torch.nn.functional as F

M0 = torch.nn.utils.parametrizations.weight_norm(torch.nn.Linear(6, 6))
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


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
        return torch.cumsum(u, -1) * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Base0.make(0.5)


class Scaled0:
    def __get__(self, obj, objtype=None):
        return 1.0 if obj is None else obj.base * 2


class Holder0:
    twice = Scaled0()

    def __init__(self):
        self.base = 1.5

HOLDER0 = Holder0()


def program(x, y, z, xs, d):
    t0 = -x
    t1 = torch.bitwise_and(z, z)
    t2 = torch.stack([t0 * 0.5 * k0 for k0 in range(3)])
    if t2.sum() > 0:
        t3 = t2.abs()
    else:
        t3 = t2.relu()
    t4 = F.pad(t3, (1, 2))
    t5 = t4.squeeze()
    c0 = collections.defaultdict.fromkeys(['a', 'b'], 1)
    t6 = y * sum(c0.values())
    t7 = M0(t5)
    t8 = Base0.shift(t7) * OBJ0.k
    t9 = t8 * HOLDER0.twice
    t10 = torch.stack(xs).sum(0)
    return t1, t6, t9, t10


def calls():
    global OBJ0
    g = torch.Generator().manual_seed(0)
    yield (torch.randn((), generator=g) * 1e30, torch.randn((), generator=g, dtype=torch.bfloat16) * 1e-30, torch.randint(-5, 6, (), generator=g), [torch.randn((), generator=g) for _ in range(1)], {"a": torch.randn((), generator=g), "b": torch.randn((), generator=g)}), {}
    M0.parametrizations.weight.original1.data.mul_(-0.5)
    Base0.scale = 0.25
    Holder0.twice = 0.25
    yield (torch.randn((), generator=g) * 1e30, torch.randn((), generator=g, dtype=torch.bfloat16) * 1e-30, torch.randint(-5, 6, (), generator=g), [torch.randn((), generator=g) for _ in range(1)], {"a": torch.randn((), generator=g), "b": torch.randn((), generator=g)}), {}
