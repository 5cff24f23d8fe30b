"""F.relu, F.gelu (both approximations) and F.softmax over a dim argument.
features: nn_functional"""

import torch
import torch.nn.functional as F


def program(x, dim):
    return F.relu(x), F.gelu(x), F.gelu(x, approximate="tanh"), F.softmax(x, dim=dim)


def calls():
    g = torch.Generator().manual_seed(260)
    yield (torch.randn(10, 10, generator=g), -1), {}
    yield (torch.randn(10, 10, generator=g), -1), {}
    yield (torch.randn(10, 10, generator=g), 0), {}
