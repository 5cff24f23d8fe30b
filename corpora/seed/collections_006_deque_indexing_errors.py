"""deque extendleft, indexing, item assignment and deletion, copy, appends past maxlen, and the
errors of pop on empty, slicing and a negative maxlen. features: lists, exceptions, mutation"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile returns None for deque.maxlen here.

import collections

import torch


def program(xs, n):
    d = collections.deque(xs, maxlen=n)
    d.extendleft([xs[0] * 10])
    d[0] = d[0] + 1
    del d[-1]
    c = d.copy()
    c.append(xs[-1])
    errors = []
    try:
        collections.deque().pop()
    except IndexError as e:
        errors.append(type(e).__name__)
    try:
        d[0:1]
    except TypeError as e:
        errors.append(str(e))
    try:
        collections.deque([], maxlen=-1)
    except ValueError as e:
        errors.append(str(e))
    return torch.stack(list(d)).sum(0), len(d), len(c), c.maxlen, errors


def calls():
    g = torch.Generator().manual_seed(491)
    yield ([torch.randn(2, generator=g) for _ in range(4)], 3), {}
    yield ([torch.randn(2, generator=g) for _ in range(4)], 3), {}
    yield ([torch.randn(2, generator=g) for _ in range(4)], 5), {}
