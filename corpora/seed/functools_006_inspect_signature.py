"""inspect.signature of a helper decides which keyword arguments to forward.
features: functools, kwargs, strings"""

import inspect

import torch


def scale(x, k=2.0, *, bias=0.0):
    return x * k + bias


def shift(x, by=1.0):
    return x + by


def program(x, use_scale, opts):
    fn = scale if use_scale else shift
    params = inspect.signature(fn).parameters
    kept = {k: v for k, v in opts.items() if k in params}
    return fn(x, **kept), list(params), sorted(kept)


def calls():
    g = torch.Generator().manual_seed(450)
    yield (torch.randn(3, generator=g), True, {"k": 3.0, "by": 1.0}), {}
    yield (torch.randn(3, generator=g), True, {"k": 3.0, "by": 1.0}), {}
    yield (torch.randn(3, generator=g), False, {"k": 3.0, "by": 2.0, "bias": 1.0}), {}
