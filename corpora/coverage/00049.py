"""Generated program. features: aliasing, change_dtype, change_list_len, change_scalar, container_inputs, dict_views, dtypes, for_range, generators_consumed, helper_functions, mutate_between_calls, object_protocols, recall_values, scalar_inputs, strings"""
import torch

TABLE0 = {"a": 1, "b": 2}


def helper0(u):
    v = u.softmax(-1)
    return v + 1


def steps0(u, n=3):
    for k in range(n):
        yield u * 0.5 * k


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


def program(x, y, w, n, xs):
    s0 = len(TABLE0.keys() ^ {"b", "c"})
    t0 = y.expand(2)
    t1 = torch.broadcast_to(t0, (-1,))
    t2 = y
    for i0 in range(n):
        t2 = -t2
    t3 = torch.maximum(x, t2)
    t4 = torch.sum(x)
    t5 = helper0(t3)
    t6 = torch.atleast_2d(t1)
    t7 = t6.detach()
    t8 = torch.neg(w)
    key0 = "blocks.0.attn".split(".")[-1].upper()
    s1 = len(key0) + (key0 == "float32")
    t9 = dict(enumerate(steps0(t6)))[1]
    t10 = Base0(2.0).apply(t9)
    t11 = t9.log_softmax(-1)
    t12 = t11[..., 0]
    t13 = torch.stack(xs).sum(0)
    return s1, t10, t12, t13


def calls():
    global OBJ0
    g = torch.Generator().manual_seed(0)
    x = torch.randint(-5, 6, (), generator=g)
    yield (x, torch.randn((), generator=g), x, 3, [torch.randint(-5, 6, (), generator=g) for _ in range(2)]), {}
    x = torch.randint(-5, 6, (), generator=g)
    yield (x, torch.randn((), generator=g), x, 3, [torch.randint(-5, 6, (), generator=g) for _ in range(2)]), {}
    x = torch.randint(-5, 6, (), generator=g, dtype=torch.int32)
    yield (x, torch.randn((), generator=g, dtype=torch.float64), x, 3, [torch.randint(-5, 6, (), generator=g, dtype=torch.int32) for _ in range(2)]), {}
    x = torch.randint(-5, 6, (), generator=g)
    yield (x, torch.randn((), generator=g), x, 4, [torch.randint(-5, 6, (), generator=g) for _ in range(2)]), {}
    x = torch.randint(-5, 6, (), generator=g)
    yield (x, torch.randn((), generator=g), x, 3, [torch.randint(-5, 6, (), generator=g) for _ in range(3)]), {}
    TABLE0.update(b=7)
    Base0.scale = 0.25
    x = torch.randint(-5, 6, (), generator=g)
    yield (x, torch.randn((), generator=g), x, 3, [torch.randint(-5, 6, (), generator=g) for _ in range(2)]), {}
