"""Returns an int and a dict holding a tensor: explanations name the path out[1]['h']."""
import torch


def program(x, n):
    return n, {"h": x * 2 + n}


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, 4, generator=g), 1), {}
    yield (torch.randn(3, 4, generator=g), 1), {}
