"""Generated program. features: change_shape, globals_read, probes"""
import torch

G0 = {"scale": 2.0}


def program(x):
    t0 = x.permute(1, 0)
    t1 = t0[torch.tensor([False, False])]
    t2 = t0 * G0["scale"]
    s0 = getattr(x, "__name__", None) is None
    t2.relu_()
    return t1, s0, t2


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
