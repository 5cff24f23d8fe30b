"""functools.partial objects with bound keywords, nested partials and their func/args/keywords.
features: functools, kwargs, varargs"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile gives q.keywords as only {'w'} (nested partials not flattened).

import functools

import torch


def affine(x, w, *, bias=0.0, act=None):
    y = x * w + bias
    return act(y) if act is not None else y


BIAS = 1.0


def program(x, w):
    bound = functools.partial(affine, bias=BIAS)
    p = functools.partial(bound, act=torch.tanh)
    q = functools.partial(p, w=w)
    return q(x), p(x, 2.0, bias=0.0), ",".join(sorted(q.keywords)), len(p.args), q.func is affine


def calls():
    global BIAS
    g = torch.Generator().manual_seed(410)
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g)), {}
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g)), {}
    BIAS = -1.0
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g)), {}
