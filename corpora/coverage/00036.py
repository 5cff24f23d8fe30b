"""Generated program. features: aliasing, change_scalar, closures, dict_views, mutate_between_calls, object_protocols, recall_values, scalar_inputs, special_values, sweep_batch"""
import torch

TABLE0 = {"a": 1, "b": 2}

M0 = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh())
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

TABLE1 = {"a": 1, "b": 2}


def program(x, w, flag):
    s0 = ("a", 1) in TABLE0.items()
    t0 = w.index_fill(0, torch.tensor([-1, 1]), 0)
    t1 = M0(w)
    t2 = t1 * Base0.make(3.0).factor
    s1 = TABLE1.keys() == {"a", "b"}
    def inner0(u):
        return u.relu() + t2
    t3 = inner0(t2 * 0.5)
    return s0, t0, s1, t3


def calls():
    global OBJ0
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, generator=g) * 1e30
    yield (x, x, False), {}
    x = torch.randn(2, 3, generator=g) * 1e30
    yield (x, x, False), {}
    x = torch.randn(2, 3, generator=g) * 1e30
    yield (x, x, True), {}
    TABLE0["a"] = 5
    OBJ0.k = -1.0
    TABLE1["a"] = 5
    x = torch.randn(2, 3, generator=g) * 1e30
    yield (x, x, False), {}
    x = torch.randn(3, 3, generator=g) * 1e30
    yield (x, x, False), {}
    x = torch.randn(5, 3, generator=g) * 1e30
    yield (x, x, False), {}
