"""copy.deepcopy and copy.copy of a plain user object holding numbers, a list and a shared
reference; the copies are mutated. features: classes, aliasing, mutation"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile recompiles on every new State object (an id guard from copy.deepcopy).

import copy

import torch


class State:
    def __init__(self, scale, hist):
        self.scale = scale
        self.hist = hist
        self.alias = hist


def program(x, s, k):
    d = copy.deepcopy(s)
    d.scale *= k
    d.hist.append(k)
    c = copy.copy(s)
    c.hist.append(-k)
    return x * d.scale, d.alias is d.hist, d.hist, s.hist, c.hist is s.hist, d.alias


def calls():
    g = torch.Generator().manual_seed(407)
    yield (torch.randn(4, generator=g), State(2.0, [1]), 2), {}
    yield (torch.randn(4, generator=g), State(2.0, [1]), 2), {}
    yield (torch.randn(4, generator=g), State(0.5, [1, 2]), 3), {}
