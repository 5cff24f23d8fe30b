"""NumPy shape ops (reshape, transpose, concatenate, stack, expand_dims) and indexing of
arrays made with Tensor.numpy(); comparisons and where. features: views, indexing, dtype"""

import numpy as np
import torch


def program(x, y):
    a, b = x.numpy(), y.numpy()
    c = np.concatenate([a, b], axis=0).reshape(-1, 2)
    t = np.transpose(c)
    mask = t > 0
    w = np.where(mask, t, -t)
    e = np.expand_dims(w[0], 0)
    st = np.stack([e, e * 2])
    return torch.from_numpy(st.copy()), len(c), w.ndim, torch.from_numpy(mask), st.shape


def calls():
    g = torch.Generator().manual_seed(430)
    yield (torch.randn(2, 4, generator=g), torch.randn(2, 4, generator=g)), {}
    yield (torch.randn(2, 4, generator=g), torch.randn(2, 4, generator=g)), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(1, 4, generator=g)), {}
