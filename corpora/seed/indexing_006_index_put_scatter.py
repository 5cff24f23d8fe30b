"""index_put_ with unique indices and scatter of a scalar into fresh tensors.
features: indexing, inplace"""

import torch


def program(x, idx, vals):
    out = torch.zeros_like(x)
    out.index_put_((idx,), vals)
    sc = torch.zeros(idx.shape[0], x.shape[0]).scatter(1, idx[:, None], 1.0)
    return out, sc


def calls():
    g = torch.Generator().manual_seed(189)
    yield (torch.randn(6, generator=g), torch.tensor([0, 2, 4]), torch.randn(3, generator=g)), {}
    yield (torch.randn(6, generator=g), torch.tensor([5, 1, 3]), torch.randn(3, generator=g)), {}
    yield (torch.randn(8, generator=g), torch.tensor([7, 0]), torch.randn(2, generator=g)), {}
