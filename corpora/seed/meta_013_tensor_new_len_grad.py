"""len() of a tensor, Tensor.new_* and legacy new, .grad of an input, getattr default.
features: metadata, dtype"""

import torch


def program(x):
    z = x.new_zeros(len(x))
    o = x.new_ones((2, len(x)))
    t = x.new_tensor([1.0, 2.0])
    e = x.new(len(x), 2).zero_()
    return (z + x[:, 0], o, t, e, x.grad is None, getattr(x, "nope", "default"),
            len(x.shape), x.new(x.shape).zero_().shape)


def calls():
    g = torch.Generator().manual_seed(466)
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(5, 2, generator=g, dtype=torch.float64),), {}
