"""A dict subclass whose methods call dict's own through super(): __setitem__, __delitem__,
__contains__, get with a default, __len__ and iteration. features: dicts, classes"""

import torch


class Registry(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)

    def remove(self, key):
        super().__delitem__(key.lower())

    def __contains__(self, key):
        return super().__contains__(key.lower())

    def lookup(self, key, default=None):
        return super().get(key.lower(), default)

    def count(self):
        return super().__len__()

    def names(self):
        return list(super().__iter__())


def program(x, key):
    r = Registry()
    r["A"] = x
    r["B"] = x * 2
    present = key in r
    got = r.lookup(key, "none")
    r.remove("A")
    return present, got, r.count(), r.names(), "a" in r


def calls():
    g = torch.Generator().manual_seed(550)
    yield (torch.randn(3, generator=g), "A"), {}
    yield (torch.randn(3, generator=g), "A"), {}
    yield (torch.randn(3, generator=g), "c"), {}
