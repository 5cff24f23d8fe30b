"""A global list grows on every call: each call is new metadata, until the cache limit."""
import torch

TRACE = []


def program(x):
    TRACE.append("call")
    return x * len(TRACE)


def calls():
    g = torch.Generator().manual_seed(0)
    for _ in range(10):
        yield (torch.randn(3, generator=g),), {}
