"""collections.namedtuple called in the program: CPython sets the class's __module__ to the
caller's module; ours made the class with __module__ 'compiler.values.constant'.
signature: mismatch-value:ours:out[1]
subject: ours
found: by hand
shrunk: 17 -> 17 lines (written small)
status: fixed in a5c1eed
features: namedtuples
"""

import collections

import torch


def program(x):
    Pair = collections.namedtuple("Pair", ("a", "b"))
    return x * 2, Pair.__module__ == __name__


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g),), {}
