"""hash()/repr() of user objects with their own __hash__/__repr__: hashes as dict keys, repr text.
features: classes, dataclasses, builtins, strings, dicts"""

import dataclasses

import torch


class Key:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return self.n * 31 - 1

    def __eq__(self, other):
        return isinstance(other, Key) and other.n == self.n

    def __repr__(self):
        return f"Key<{self.n}>"


@dataclasses.dataclass
class Spec:
    name: str
    size: int


def program(x, n):
    k = Key(n)
    table = {hash(k): x * 2, hash(Key(n + 1)): x + 1}
    hashes = (hash(k), hash(Key(0)), hash(Key(-1)), k == Key(n))
    text = repr(k) + "|" + repr(Spec("w", x.shape[0]))
    return table[hash(Key(n))], hashes, text, len(table)


def calls():
    g = torch.Generator().manual_seed(1112)
    yield (torch.randn(3, generator=g), 1), {}
    yield (torch.randn(3, generator=g), 1), {}
    yield (torch.randn(5, generator=g), 4), {}
