"""Generated program. features: change_dtype, change_shape, context_managers, decorators, default_kwargs, dtypes, noncontiguous, recall_values, sweep_seq"""
import functools
import torch
import torch.nn.functional as F


def helper0(u, scale=2.0, *, shift=0.5):
    return torch.clamp(u, -1, 1) * scale + shift


def traced0(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper

@traced0
def helper1(u):
    """doc"""
    return u.abs()


def program(x):
    t0 = torch.minimum(x, x)
    t0.sub_(1)
    t1 = helper0(t0, 0.5)
    t2 = torch.ones_like(t1)
    t3 = t2.float()
    t4 = t3[torch.tensor([-1, -1])]
    t5 = t4.new_zeros((2,))
    t6 = torch.softmax(t4, -1)
    with torch.set_grad_enabled(False):
        t7 = torch.clamp(t6, -1, 1)
        t7 = t7 + t7.requires_grad
    t8 = F.hardtanh(t3)
    t9 = torch.rsqrt(t6.abs() + 1)
    t10 = t9 * (helper1.__wrapped__ is not helper1)
    return t5, t7, t8, t10


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 3, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
    yield (torch.randn(1, 3, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
    yield (torch.randn(2, 3, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
    yield (torch.randn(1, 3, 5, 5, generator=g).transpose(-2, -1),), {}
    yield (torch.randn(1, 0, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
    yield (torch.randn(1, 1, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
    yield (torch.randn(1, 2, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
    yield (torch.randn(1, 5, 5, 5, generator=g, dtype=torch.float64).transpose(-2, -1),), {}
