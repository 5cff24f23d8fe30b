"""NumPy edges: numpy() of a tensor that requires grad, len() of a NumPy scalar, a missing array
attribute, np.asarray, np.float32(0.5). features: exceptions, dtype, builtins"""

import numpy as np
import torch


def program(x, w):
    errors = []
    try:
        w.numpy()
    except RuntimeError as e:
        errors.append(type(e).__name__)
    a = x.numpy()
    b = np.asarray(a)
    s = a.sum()
    try:
        len(s)
    except TypeError as e:
        errors.append(str(e))
    try:
        a.no_such_thing
    except AttributeError as e:
        errors.append(str(e))
    half = np.float32(0.5)
    return torch.from_numpy(b * half), errors, b is a


def calls():
    g = torch.Generator().manual_seed(525)
    yield (torch.randn(3, 2, generator=g), torch.randn(2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 2, generator=g), torch.randn(2, generator=g).requires_grad_()), {}
    yield (torch.randn(4, generator=g), torch.randn(2, generator=g)), {}
