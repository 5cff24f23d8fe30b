"""match class patterns at their edges: too many positional sub-patterns, no __match_args__,
a missing attribute (no match). features: control_flow, classes, exceptions"""

import torch


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Bare:
    def __init__(self, v):
        self.v = v


def classify(obj):
    try:
        match obj:
            case Point(1, 2, 3):
                return "three"
            case _:
                return "other"
    except TypeError as e:
        return str(e)


def program(x, k):
    out = [classify(Point(k, 2))]
    try:
        match Bare(k):
            case Bare(1):
                out.append("one")
    except TypeError as e:
        out.append(str(e))
    match Point(x, k):
        case Point(z=0):
            out.append("has z")
        case Point(y=1):
            out.append("y is one")
        case _:
            out.append("fallthrough")
    return x * k, out


def calls():
    g = torch.Generator().manual_seed(528)
    yield (torch.randn(3, generator=g), 1), {}
    yield (torch.randn(3, generator=g), 1), {}
    yield (torch.randn(3, generator=g), 2), {}
