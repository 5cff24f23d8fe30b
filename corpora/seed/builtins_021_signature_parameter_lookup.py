"""inspect.signature(...).parameters looked up by a name the caller passes, present or
missing (a KeyError caught by the caller). features: builtins, exceptions"""

import inspect

import torch


def helper(a, b=2):
    return a * b


def parameter_name(name):
    return inspect.signature(helper).parameters[name].name


def program(x, name):
    y = x * 2
    try:
        return y + 1, parameter_name(name)
    except KeyError as e:
        return y - 1, str(e)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g), "b"), {}
    yield (torch.randn(3, generator=g), "zz"), {}
    yield (torch.randn(3, generator=g), "a"), {}
