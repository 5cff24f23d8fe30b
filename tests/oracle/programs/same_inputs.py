"""Four calls with identical metadata: a correct compiler compiles once."""
import torch


def program(x):
    return torch.relu(x) - 1


def calls():
    g = torch.Generator().manual_seed(3)
    for _ in range(4):
        yield (torch.randn(2, 3, generator=g),), {}
