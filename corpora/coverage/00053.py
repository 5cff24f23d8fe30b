"""Generated program. features: change_dtype, container_inputs, container_subclasses, decorators, dict_views, dtypes, lazy_modules, mark_dynamic, match_statements, modules_in_forward, noncontiguous, probes, recall_values, special_values, sweep_batch"""
import torch
import torch.nn.functional as F

CALLS0 = [0]


def counted0(scale):
    def decorate(fn):
        def inner(*args, **kwargs):
            CALLS0[0] += 1
            return fn(*args, **kwargs) * scale
        return inner
    return decorate

@counted0(0.5)
def helper0(u):
    return torch.cumsum(u, -1)

M0 = torch.nn.LayerNorm(5)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


class Cache0(dict):
    def get(self, k, default=None):
        return super().get(k, default) if k in self else default

    def __missing__(self, k):
        return 0.0

LAZY0 = torch.nn.LazyLinear(2, bias=False)

LAZY1 = torch.nn.LazyLinear(2, bias=False)

M1 = torch.nn.Embedding(5, 3)
with torch.no_grad():
    for _p in M1.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

TABLE0 = {"a": 1, "b": 2}

DYNAMIC = {"x": [0]}


def program(x, y, z, xs, d):
    t0 = torch.clamp(z, -3.0, 3.0)
    t1 = t0.split(1)[-1]
    t2 = helper0(helper0(t0))
    t3 = t2[..., 2]
    t4 = M0(t3)
    t5 = torch.argsort(t0, dim=-4, stable=True)
    match tuple(t4.shape):
        case (a,):
            t6 = torch.sigmoid(t4)
        case (a, b) if a > 1:
            t6 = torch.cumsum(t4, -1)
        case _:
            t6 = t4
    t7 = F.cosine_similarity(t6, t4, dim=-1)
    o0 = Cache0(a=t7)
    t8 = o0.get("z", t7) * len(o0)
    t9 = LAZY0(t8) * LAZY0.in_features
    t10 = LAZY1(t9) * LAZY1.in_features
    t11 = torch.nn.Sequential(torch.nn.Identity(), torch.nn.Tanh())(t10)
    s0 = t8.__class__ is torch.Tensor
    t12 = M1(t10.long().abs() % 5)
    t13 = torch.maximum(t3, t6)
    s1 = TABLE0.items() <= {("a", 1), ("b", 2)}
    t14 = torch.stack(xs).sum(0)
    return t12, t13, s1, t14


def calls():
    g = torch.Generator().manual_seed(0)
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (4, 2, 5, 3,), generator=g), [(torch.rand(4, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(4, generator=g) > 0.5), "b": (torch.rand(4, generator=g) > 0.5)}), {}
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (4, 2, 5, 3,), generator=g), [(torch.rand(4, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(4, generator=g) > 0.5), "b": (torch.rand(4, generator=g) > 0.5)}), {}
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g) * 1e30, torch.randint(-5, 6, (4, 2, 5, 3,), generator=g, dtype=torch.int32), [(torch.rand(4, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(4, generator=g) > 0.5), "b": (torch.rand(4, generator=g) > 0.5)}), {}
    yield ((torch.rand(10, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (5, 2, 5, 3,), generator=g), [(torch.rand(5, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(5, generator=g) > 0.5), "b": (torch.rand(5, generator=g) > 0.5)}), {}
    yield ((torch.rand(14, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (7, 2, 5, 3,), generator=g), [(torch.rand(7, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(7, generator=g) > 0.5), "b": (torch.rand(7, generator=g) > 0.5)}), {}
    yield ((torch.rand(4, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (2, 2, 5, 3,), generator=g), [(torch.rand(2, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(2, generator=g) > 0.5), "b": (torch.rand(2, generator=g) > 0.5)}), {}
    yield ((torch.rand(2, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (1, 2, 5, 3,), generator=g), [(torch.rand(1, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(1, generator=g) > 0.5), "b": (torch.rand(1, generator=g) > 0.5)}), {}
    yield ((torch.rand(0, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (0, 2, 5, 3,), generator=g), [(torch.rand(0, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(0, generator=g) > 0.5), "b": (torch.rand(0, generator=g) > 0.5)}), {}
