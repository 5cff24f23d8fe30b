"""super().__init__() reaching object, super().__setattr__/__getattribute__ inside a class's
own hooks, and super() in a classmethod. features: classes, strings"""

import torch


class Tracked:
    def __init__(self, value):
        super().__init__()
        self.log = []
        self.value = value

    def __setattr__(self, name, v):
        if name != "log":
            self.log.append(name)
        super().__setattr__(name, v)

    def __getattribute__(self, name):
        if name == "doubled":
            return super().__getattribute__("value") * 2
        return super().__getattribute__(name)


class Base:
    @classmethod
    def make(cls, v):
        return cls(v)


class Derived(Base):
    def __init__(self, v):
        self.v = v

    @classmethod
    def make(cls, v):
        return super().make(v + 1)


def program(x):
    t = Tracked(x)
    t.value = t.value + 1
    d = Derived.make(x)
    return t.doubled, t.log, d.v, type(d).__name__


def calls():
    g = torch.Generator().manual_seed(507)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(2, 3, generator=g),), {}
