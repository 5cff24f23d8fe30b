"""The program itself is a closure whose captured scale changes between calls.
features: closures, recompile"""

import torch


def make():
    scale = 2

    def program(x):
        return x * scale + 1

    def set_scale(v):
        nonlocal scale
        scale = v

    return program, set_scale


program, set_scale = make()


def calls():
    g = torch.Generator().manual_seed(44)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    set_scale(5)
    yield (torch.randn(10, 10, generator=g),), {}
    set_scale(0.25)
    yield (torch.randn(10, 10, generator=g),), {}
