"""A deque with maxlen keeps the last rows; appendleft, rotate and popleft reorder them.
features: lists, loops, recompile"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile returns None for deque.maxlen here.

import collections

import torch


def program(x, n):
    window = collections.deque(maxlen=n)
    for row in x:
        window.append(row * 2)
    window.appendleft(x[0])
    window.rotate(1)
    first = window.popleft()
    return torch.stack(list(window)).sum(0) + first, len(window), window.maxlen


def calls():
    g = torch.Generator().manual_seed(401)
    yield (torch.randn(5, 4, generator=g), 3), {}
    yield (torch.randn(5, 4, generator=g), 3), {}
    yield (torch.randn(5, 4, generator=g), 2), {}
    yield (torch.randn(2, 4, generator=g), 4), {}
