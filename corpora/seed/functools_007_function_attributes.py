"""Function __name__/__qualname__/__doc__/__defaults__/__kwdefaults__, a bound method input.
features: functools, classes, strings"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile reads fn.__qualname__ as the type's descriptor.

import torch


def helper(x, k=2, *, bias=1.0):
    """Doubles."""
    return x * k + bias


class Layer:
    def __init__(self, w):
        self.w = w

    def run(self, x):
        return x * self.w


def program(x, method):
    fn = helper
    name = f"{fn.__name__}/{fn.__qualname__}/{fn.__code__.co_name}"
    d = fn.__defaults__
    kd = fn.__kwdefaults__
    y = fn(x, *d, **kd)
    owner = method.__self__
    z = method.__func__(owner, x) + method(x)
    return y, z, name, fn.__doc__, d, kd, type(owner).__name__, (lambda: 0).__name__


def calls():
    g = torch.Generator().manual_seed(471)
    yield (torch.randn(3, generator=g), Layer(2.0).run), {}
    yield (torch.randn(3, generator=g), Layer(2.0).run), {}
    yield (torch.randn(3, generator=g), Layer(-1.0).run), {}
