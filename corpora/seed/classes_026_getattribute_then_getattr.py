"""A Python __getattribute__ that raises AttributeError falls back to __getattr__; hasattr
and getattr with a default go the same way. features: classes, builtins, strings"""

import torch


class Proxy:
    def __init__(self, inner):
        self.inner = inner

    def __getattribute__(self, name):
        if name.startswith("hidden"):
            raise AttributeError(name)
        return super().__getattribute__(name)

    def __getattr__(self, name):
        if name == "hidden_scale":
            return 3.0
        raise AttributeError(name)


def program(x):
    p = Proxy(x)
    y = p.inner * p.hidden_scale
    return y, hasattr(p, "hidden_other"), getattr(p, "hidden_other", "dflt"), hasattr(p, "inner")


def calls():
    g = torch.Generator().manual_seed(510)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(2, 2, generator=g),), {}
