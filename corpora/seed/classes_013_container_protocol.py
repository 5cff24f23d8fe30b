"""A user container class with __len__, __getitem__, __setitem__, __contains__ and __iter__.
features: classes, loops, mutation"""

import torch


class Bank:
    def __init__(self, tensors):
        self.items = list(tensors)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, v):
        self.items[i] = v

    def __contains__(self, n):
        return 0 <= n < len(self.items)

    def __iter__(self):
        return iter(self.items)


def program(bank, x):
    bank[0] = bank[0] + x
    total = sum(t for t in bank)
    return total, len(bank), 2 in bank, bank[-1] * 2, bool(bank)


def calls():
    g = torch.Generator().manual_seed(422)
    yield (Bank([torch.randn(3, generator=g) for _ in range(3)]), torch.randn(3, generator=g)), {}
    yield (Bank([torch.randn(3, generator=g) for _ in range(3)]), torch.randn(3, generator=g)), {}
    yield (Bank([torch.randn(3, generator=g) for _ in range(2)]), torch.randn(3, generator=g)), {}
