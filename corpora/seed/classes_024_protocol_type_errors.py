"""TypeErrors of user objects that lack a protocol: call, len, iter, next, subscript, item
assignment, an __iter__ returning a non-iterator. features: classes, exceptions, strings"""

import torch


class Plain:
    def __init__(self, t):
        self.t = t


class BadIter:
    def __iter__(self):
        return 5


def attempt(fn):
    try:
        fn()
        return "ok"
    except TypeError as e:
        return str(e)


def program(x):
    p = Plain(x)
    out = [
        attempt(lambda: p(1)),
        attempt(lambda: len(p)),
        attempt(lambda: iter(p)),
        attempt(lambda: next(p)),
        attempt(lambda: p[0]),
        attempt(lambda: iter(BadIter())),
    ]
    try:
        p[0] = 1
    except TypeError as e:
        out.append(str(e))
    return p.t * 2, out


def calls():
    g = torch.Generator().manual_seed(508)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(4, generator=g),), {}
