"""iter(callable, sentinel) over a closure counter, reversed() of a user sequence, next() default.
features: closures, loops, classes"""

import torch


class Rows:
    def __init__(self, t):
        self.t = t

    def __len__(self):
        return self.t.shape[0]

    def __getitem__(self, i):
        return self.t[i]


def program(x, stop):
    state = [0]

    def tick():
        state[0] += 1
        return state[0]

    ticks = list(iter(tick, stop))
    rev = torch.stack(list(reversed(Rows(x))))
    empty = iter([])
    return rev * len(ticks), ticks, next(empty, "none"), state[0]


def calls():
    g = torch.Generator().manual_seed(444)
    yield (torch.randn(3, 2, generator=g), 3), {}
    yield (torch.randn(3, 2, generator=g), 3), {}
    yield (torch.randn(4, 2, generator=g), 5), {}
