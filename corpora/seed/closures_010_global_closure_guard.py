"""A global closure made by a factory is inlined, its cell guarded: rebinding the global to a
closure over another value recompiles. features: closures, globals, recompile"""

import torch


def make_scaler(factor):
    def scale(t):
        return t * factor

    return scale


scaler = make_scaler(2.0)


def program(x):
    return scaler(x) + 1


def calls():
    global scaler
    g = torch.Generator().manual_seed(565)
    yield (torch.randn(3, generator=g),), {}
    scaler = make_scaler(2.0)
    yield (torch.randn(3, generator=g),), {}
    scaler = make_scaler(5.0)
    yield (torch.randn(3, generator=g),), {}
