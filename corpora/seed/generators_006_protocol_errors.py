"""Generator protocol errors: send() of a value to a just-started generator, throw() and close()
of a finished one, a StopIteration raised inside it. features: loops, exceptions, strings"""

import torch


def counter(x, n):
    for i in range(n):
        yield x * i


def leaky(x):
    yield x
    raise StopIteration


def program(x, n):
    out = []
    g = counter(x, n)
    try:
        g.send(1)
    except TypeError as e:
        out.append(str(e))
    items = list(g)
    out.append(g.close())
    try:
        g.throw(ValueError("late"))
    except ValueError as e:
        out.append(str(e))
    h = leaky(x)
    first = next(h)
    try:
        next(h)
    except RuntimeError as e:
        out.append(str(e))
    return first + len(items), out


def calls():
    g = torch.Generator().manual_seed(517)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 4), {}
