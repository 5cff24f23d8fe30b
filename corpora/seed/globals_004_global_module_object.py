"""Global modules (math, torch.nn.functional as F) read through attributes.
features: globals, math, nn_functional"""

import math

import torch
import torch.nn.functional as F


def program(x):
    return F.softplus(x) * math.e, F.elu(x, alpha=math.tau / 10)


def calls():
    g = torch.Generator().manual_seed(173)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(2, 3, generator=g),), {}
