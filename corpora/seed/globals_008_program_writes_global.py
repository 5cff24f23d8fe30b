"""The program itself rebinds a global counter and reads it back. features: globals, mutation"""

import torch

CALLS = 0


def program(x):
    global CALLS
    CALLS += 1
    return x * CALLS, CALLS


def calls():
    g = torch.Generator().manual_seed(177)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
