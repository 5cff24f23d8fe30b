"""Assigning a property that has no setter raises AttributeError; getattr with a default lets
a getter's KeyError through. features: classes, exceptions, builtins"""

import torch


class Thing:
    def __init__(self, t, table):
        self.t = t
        self.table = table

    @property
    def doubled(self):
        return self.t * 2

    @property
    def looked_up(self):
        return self.table["key"]


def program(x, table):
    th = Thing(x, table)
    out = []
    try:
        th.doubled = 1
    except AttributeError as e:
        out.append(type(e).__name__)
    try:
        out.append(getattr(th, "looked_up", "default"))
    except KeyError as e:
        out.append(repr(e))
    return th.doubled, out


def calls():
    g = torch.Generator().manual_seed(536)
    yield (torch.randn(3, generator=g), {"key": 1}), {}
    yield (torch.randn(3, generator=g), {"key": 1}), {}
    yield (torch.randn(3, generator=g), {}), {}
