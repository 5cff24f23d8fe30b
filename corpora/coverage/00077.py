"""Generated program. features: change_scalar, change_shape, containers, decorators, dict_views, dtypes, generators_consumed, mark_dynamic, mutate_between_calls, noncontiguous, numpy_interop, recall_values, scalar_inputs, sweep_batch"""
import functools
import torch

TABLE0 = {"a": 1, "b": 2}


def steps0(u, n=3):
    acc = u
    while n > 0:
        acc = acc * 0.5 + torch.clamp(u, -1, 1)
        n -= 1
        yield acc


def traced0(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper

@traced0
def helper0(u):
    """doc"""
    return u * 0.5

DYNAMIC = {"x": [0]}


def program(x, y, z, *, scale=1.0):
    s0 = ("a", 1) in TABLE0.items()
    t0 = z.unbind(2)[3]
    s1 = float(y.detach().numpy().mean())
    t1 = torch.atan(y)
    c0 = {"a": t1, "b": torch.sigmoid(t1)}
    c0["c"] = c0["a"] * c0["b"]
    t2 = c0["c"] + len(c0)
    t3 = torch.amax(y, 0, keepdim=False)
    t4 = sum(v for _, v in zip(range(2), steps0(t3)))
    t5 = helper0(t4) * (1.0 if helper0.__doc__ == 'doc' else 2.0)
    t6 = torch.as_tensor(t5.detach().numpy() * 2)
    return t0, s1, t2, t6


def calls():
    g = torch.Generator().manual_seed(0)
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (4, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (4, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(10, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (5, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (4, 2, 5, 3,), generator=g)), {"scale": 1.0}
    TABLE0.update(b=7)
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (4, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(10, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (5, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(14, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (7, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(4, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (2, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(2, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (1, 2, 5, 3,), generator=g)), {"scale": 0.5}
    yield ((torch.rand(0, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64), torch.randint(-5, 6, (0, 2, 5, 3,), generator=g)), {"scale": 0.5}
