"""Tensor.numpy() then NumPy elementwise ops, operators and reductions, back via from_numpy.
features: dtype, reductions, arithmetic"""

import numpy as np
import torch


def program(x, k):
    a = x.numpy()
    b = np.sin(a) * k + np.maximum(a, 0.0)
    s = np.sum(b, axis=0)
    m = b.mean()
    t = torch.from_numpy(s + m)
    return t, t.argmax(), b.shape, str(b.dtype), torch.from_numpy(b.T * 1.0).sum(0)


def calls():
    g = torch.Generator().manual_seed(408)
    yield (torch.randn(3, 4, generator=g), 2.0), {}
    yield (torch.randn(3, 4, generator=g), 2.0), {}
    yield (torch.randn(3, 4, generator=g), 0.5), {}
    yield (torch.randn(5, 2, generator=g, dtype=torch.float64), 2.0), {}
