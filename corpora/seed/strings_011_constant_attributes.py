"""Attributes of constants and builtin types: int.real/imag/bit_length, a missing attribute of
an int, float.is_integer, str methods, int.__name__, typing names. features: strings, builtins"""

import typing

import torch

Hint = typing.Optional[int]


def program(x, n):
    try:
        n.no_such
        err = "none"
    except AttributeError as e:
        err = str(e)
    facts = (n.real, n.imag, n.bit_length(), (n / 2).is_integer(), int.__name__,
             "a-b".split("-"), Hint.__origin__ is typing.Union, typing.Any is Hint)
    return x * n, err, facts


def calls():
    g = torch.Generator().manual_seed(554)
    yield (torch.randn(3, generator=g), 4), {}
    yield (torch.randn(3, generator=g), 4), {}
    yield (torch.randn(3, generator=g), 7), {}
