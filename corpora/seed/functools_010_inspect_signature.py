"""inspect.signature(fn).parameters as a mapping: len, membership, keys in order, a missing key's
KeyError; arguments picked by name. features: functools, dicts, kwargs"""

import inspect

import torch


def target(x, scale=2.0, *, shift=0.0):
    return x * scale + shift


def program(x, name):
    params = inspect.signature(target).parameters
    names = list(params)
    has = name in params
    found = "present"
    if not has:
        try:
            params[name]
        except KeyError as e:
            found = repr(e)
    kwargs = {name: 1.5} if has and name != "x" else {}
    return target(x, **kwargs), names, len(params), has, found


def calls():
    g = torch.Generator().manual_seed(543)
    yield (torch.randn(3, generator=g), "scale"), {}
    yield (torch.randn(3, generator=g), "scale"), {}
    yield (torch.randn(3, generator=g), "shift"), {}
    yield (torch.randn(3, generator=g), "bias"), {}
