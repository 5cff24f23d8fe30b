"""vars(obj) items, delattr, setattr/getattr by computed name, and a property without a setter.
features: classes, builtins, exceptions"""

import torch


class Box:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    @property
    def total(self):
        return self.a + self.b


def program(box, name):
    setattr(box, name, box.a * 2)
    keys = sorted(vars(box))
    got = getattr(box, name)
    delattr(box, "b")
    try:
        box.total = 0
        err = None
    except AttributeError:
        err = "readonly"
    return got, keys, hasattr(box, "b"), err, vars(box).get("a")


def calls():
    g = torch.Generator().manual_seed(426)
    yield (Box(torch.randn(3, generator=g), torch.randn(3, generator=g)), "c"), {}
    yield (Box(torch.randn(3, generator=g), torch.randn(3, generator=g)), "c"), {}
    yield (Box(torch.randn(3, generator=g), torch.randn(3, generator=g)), "d"), {}
