"""A decorator with functools.wraps applied inside the program, operator.methodcaller, and
functools.reduce over an empty list raising TypeError. features: functools, operator, exceptions"""

import functools
import operator

import torch


def program(x, names):
    def logged(fn):
        @functools.wraps(fn)
        def inner(t):
            names.append(fn.__name__)
            return fn(t)
        return inner

    @logged
    def double(t):
        return t * 2

    upper = operator.methodcaller("upper")
    split = operator.methodcaller("split", "-")
    try:
        functools.reduce(operator.add, [])
        err = None
    except TypeError as e:
        err = str(e)
    return double(x), double.__name__, [upper(n) for n in names], split("a-b-c"), err


def calls():
    g = torch.Generator().manual_seed(481)
    yield (torch.randn(3, generator=g), []), {}
    yield (torch.randn(3, generator=g), ["x"]), {}
    yield (torch.randn(3, generator=g), ["x", "y"]), {}
