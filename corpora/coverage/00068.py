"""Generated program. features: change_scalar, change_shape, containers, decorators, dict_views, dtypes, generators_consumed, mark_dynamic, mutate_between_calls, numpy_interop, recall_values, scalar_inputs, sweep_batch"""
import numpy as np
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


def program(x, n, *, scale=1.0):
    s0 = ("a", 1) in TABLE0.items()
    t0 = x.unbind(2)[0]
    t1 = torch.from_numpy(np.clip(t0.detach().numpy(), -1, 1).copy())
    t2 = torch.atan(t1)
    c0 = {"a": t2, "b": torch.sigmoid(t2)}
    c0["c"] = c0["a"] * c0["b"]
    t3 = c0["c"] + len(c0)
    t4 = torch.amax(x, 2, keepdim=False)
    t5 = t4.t()
    t6 = sum(v for _, v in zip(range(2), steps0(t5)))
    t7 = helper0(t6) * (1.0 if helper0.__doc__ == 'doc' else 2.0)
    t8 = torch.as_tensor(t7.detach().numpy() * 2)
    return s0, t3, t8


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(3, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 6), {"scale": 0.2}
    TABLE0.update(b=7)
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(3, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(5, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(1, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(0, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
