"""Calls that bind wrongly raise eager's TypeErrors: too many positionals, a value given twice,
an unknown keyword, missing arguments. features: kwargs, varargs, exceptions, strings"""

import torch


def target(a, b, *, k):
    return a + b + k


def three(a, b, c):
    return a + b + c


def program(x, extra):
    attempts = [
        lambda: target(x, 1, 2, k=1),
        lambda: target(x, 1, a=x, k=1),
        lambda: target(x, 1, k=1, **extra),
        lambda: target(x, 1),
        lambda: three(x),
        lambda: three(),
        lambda: target(x, 1, k=1),
    ]
    out = []
    for fn in attempts:
        try:
            out.append(fn())
        except TypeError as e:
            out.append(str(e))
    return out


def calls():
    g = torch.Generator().manual_seed(521)
    yield (torch.randn(3, generator=g), {"zz": 1}), {}
    yield (torch.randn(3, generator=g), {"zz": 1}), {}
    yield (torch.randn(3, generator=g), {}), {}
