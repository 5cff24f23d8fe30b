"""NumPy constructors (arange, eye, linspace), matmul/dot/outer on Tensor.numpy() arrays.
features: arithmetic, math, dtype"""

import numpy as np
import torch


def program(x, n):
    a = x.numpy()
    eye = np.eye(a.shape[1])
    r = np.arange(n) * 1.5
    lin = np.linspace(0.0, 1.0, a.shape[1])
    prod = a @ eye + np.dot(a, lin)[:, None]
    out = np.outer(r, lin)
    total = np.sum(out)
    scaled = torch.from_numpy(np.abs(out) / total)
    return torch.from_numpy(prod), torch.from_numpy(out), scaled, np.ones(2).shape


def calls():
    g = torch.Generator().manual_seed(431)
    yield (torch.randn(2, 3, generator=g, dtype=torch.float64), 3), {}
    yield (torch.randn(2, 3, generator=g, dtype=torch.float64), 3), {}
    yield (torch.randn(2, 5, generator=g, dtype=torch.float64), 4), {}
