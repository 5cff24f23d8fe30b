"""Generated program. features: aliasing, collections_std, comprehensions, container_inputs, identity, nn_module, noncontiguous, object_protocols, parametrizations, raises, recall_values, requires_grad"""
import collections
import torch
import torch.nn.functional as F


class Node0:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Node0) and self.v == other.v

    __hash__ = object.__hash__

A0 = Node0(1)

B0 = None


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
        return torch.sin(u) * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Child0.make(0.5)


class Symmetric0(torch.nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(-1, -2)


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv2d0 = torch.nn.Conv2d(3, 2, 3, padding=1)
        self.sub0 = torch.nn.Linear(3, 3)
        torch.nn.utils.parametrize.register_parametrization(self.sub0, 'weight', Symmetric0())
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * 0.5)

    def forward(self, x, w, xs, d):
        s0 = A0 != B0
        c0 = collections.Counter('abca')
        c0.update(['b'])
        t0 = w * c0['a'] + c0.most_common(1)[0][1] + c0['z']
        t1 = OBJ0.apply(t0)
        t2 = torch.where(t1 > 1.5, t1, 0)
        t3 = self.conv2d0(w)
        t4 = t0 @ self.sub0.weight
        t5 = torch.cat([w.softmax(-1).flatten() for _ in range(2)])
        t6 = F.log_softmax(t0, dim=-2)
        t7 = torch.tril(t4)
        t8 = t6.type_as(t2)
        return x.view(x.numel() + 1)


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(1, 4, 3, generator=g, requires_grad=True).expand(3, 4, 3)
    yield (x, x, [torch.randn(3, 4, 3, generator=g) for _ in range(2)], {"a": torch.randn(3, 4, 3, generator=g), "b": torch.randn(3, 4, 3, generator=g)}), {}
    x = torch.randn(1, 4, 3, generator=g, requires_grad=True).expand(3, 4, 3)
    yield (x, x, [torch.randn(3, 4, 3, generator=g) for _ in range(2)], {"a": torch.randn(3, 4, 3, generator=g), "b": torch.randn(3, 4, 3, generator=g)}), {}
