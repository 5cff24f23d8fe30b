"""match edges: a sequence pattern, a mapping pattern with equal keys, two
sub-patterns for one attribute, int(1, 2), bad __match_args__. features: control_flow, classes"""

import torch


class Keys:
    A = "k"
    B = "k"


class P:
    __match_args__ = ("x",)

    def __init__(self, x):
        self.x = x


class NumArgs:
    __match_args__ = (1,)


def attempt(subject):
    try:
        match subject:
            case [a, b]:
                return "rows", a + b
            case (a, b, c):
                return "triple", a
            case {Keys.A: 1, Keys.B: 2}:
                return "dup"
            case P(1, x=1):
                return "px"
            case int(1, 2):
                return "int"
            case NumArgs(1):
                return "num args"
            case _:
                return "other"
    except (TypeError, ValueError) as e:
        return type(e).__name__, str(e)


def program(x):
    subjects = [[x, x], (x, 1, 2), {"k": 1}, P(1), 7, NumArgs(), "s"]
    return [attempt(s) for s in subjects]


def calls():
    g = torch.Generator().manual_seed(558)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(2, generator=g),), {}
