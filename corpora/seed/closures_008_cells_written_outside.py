"""A closure made at import rebinds its cell (nonlocal) when the program calls it; a free
variable read before it is bound raises NameError. features: closures, globals, exceptions"""

import torch


def make_accumulator():
    total = torch.zeros(3)

    def bump(t):
        nonlocal total
        total = total + t
        return total * 2

    return bump


bump = make_accumulator()


def program(x):
    y = bump(x)
    z = bump(y)

    def early():
        return later

    try:
        early()
        msg = "bound"
    except NameError as e:
        msg = str(e)
    later = 1
    return z, msg, early()


def calls():
    g = torch.Generator().manual_seed(519)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
