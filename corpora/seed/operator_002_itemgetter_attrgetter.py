"""operator.itemgetter and attrgetter pull pieces from containers and tensors.
features: operator, tuples"""

import operator

import torch


def program(pack):
    first_last = operator.itemgetter(0, -1)(pack)
    shape_of = operator.attrgetter("shape")
    return first_last[0] + first_last[1], shape_of(pack[1]), operator.getitem(pack, 1).T


def calls():
    g = torch.Generator().manual_seed(128)

    def randn(*shape):
        return torch.randn(*shape, generator=g)

    yield ((randn(3, 3), randn(3, 3), randn(3, 3)),), {}
    yield ((randn(3, 3), randn(3, 3), randn(3, 3)),), {}
    yield ((randn(3, 3), randn(2, 5), randn(3, 3)),), {}
