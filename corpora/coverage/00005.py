"""Generated program. features: change_shape, mark_dynamic, sweep_seq, torch_values"""
import torch

DYNAMIC = {"x": [1]}


def program(x):
    t0 = torch.abs(x)
    s0 = torch.backends.cudnn.enabled
    return s0


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 0, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
