"""torch.func.vmap with in_dims (a None for a shared argument), out_dims, and a vmap nested in a
vmap. features: requires_grad, closures, tuples"""

import torch


def program(x, w, b):
    def affine(row, weight):
        return (row @ weight).tanh(), row.sum()

    per_row, sums = torch.func.vmap(affine, in_dims=(0, None))(x, w)
    cols = torch.func.vmap(lambda c: c * b, in_dims=1, out_dims=1)(x)
    outer = torch.func.vmap(torch.func.vmap(lambda a, c: a * c, in_dims=(None, 0)),
                            in_dims=(0, None))(x[:, 0], b)
    return per_row, sums, cols, outer, per_row.shape, per_row.requires_grad


def calls():
    g = torch.Generator().manual_seed(1101)
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g),
           torch.randn(3, generator=g)), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g),
           torch.randn(3, generator=g)), {}
    yield (torch.randn(5, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_(),
           torch.randn(5, generator=g)), {}
