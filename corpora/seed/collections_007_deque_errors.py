"""deque errors: pop of an empty deque, slice indexing, insert into a full bounded deque,
a non-integer maxlen; defaultdict with a non-callable factory. features: lists, exceptions"""

import collections

import torch


def program(x, n):
    errors = []
    d = collections.deque([x, x + 1], maxlen=n)
    try:
        d.insert(0, x)
    except IndexError as e:
        errors.append(str(e))
    try:
        d[0:1] = [x]
    except TypeError as e:
        errors.append(str(e))
    e = collections.deque()
    try:
        e.pop()
    except IndexError as err:
        errors.append(str(err))
    try:
        collections.deque([], maxlen="a")
    except TypeError as err:
        errors.append(str(err))
    try:
        collections.defaultdict(1)
    except TypeError as err:
        errors.append(str(err))
    return list(d), errors


def calls():
    g = torch.Generator().manual_seed(532)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 5), {}
