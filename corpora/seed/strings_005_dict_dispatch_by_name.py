"""A dict from string names to torch functions picks the op. features: strings, dicts"""

import torch

OPS = {"sin": torch.sin, "cos": torch.cos, "sigmoid": torch.sigmoid}


def program(x, name):
    return OPS[name](x) + OPS["sin"](x)


def calls():
    g = torch.Generator().manual_seed(97)
    yield (torch.randn(10, 10, generator=g), "cos"), {}
    yield (torch.randn(10, 10, generator=g), "cos"), {}
    yield (torch.randn(10, 10, generator=g), "sigmoid"), {}
