"""Generated program. features: for_list, mark_dynamic, modules_in_forward, recall_values, sweep_batch"""
import torch

DYNAMIC = {"x": [0]}


def program(x):
    t0 = torch.zeros_like(x)
    for c0 in [0.5, 1.0, 2.0]:
        t0 = t0 + torch.tanh(x) * c0
    t1 = torch.nn.Linear(2, 2)(t0)
    t2 = torch.square(t1)
    return t2


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(5, 2, generator=g),), {}
    yield (torch.randn(1, 2, generator=g),), {}
    yield (torch.randn(0, 2, generator=g),), {}
