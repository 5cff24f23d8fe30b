"""functools.partial(p, ...) where p is a partial with attributes (a __dict__): CPython does not
flatten it (keywords {'act'}, func is p); ours flattened it (keywords {'act', 'bias'}, func affine).
signature: mismatch-value:ours:out[1]
subject: ours
found: by hand
shrunk: 25 -> 25 lines (written small)
status: fixed in ffb960c
features: functools
"""

import functools

import torch


def affine(x, w, *, bias=0.0, act=None):
    return x * w + bias


BOUND = functools.partial(affine, bias=1.0)
BOUND.tag = "has a dict"


def program(x):
    p = functools.partial(BOUND, act=None)
    return x + 1, ",".join(sorted(p.keywords)), p.func is affine


def calls():
    yield (torch.ones(2),), {}
    yield (torch.ones(2),), {}
