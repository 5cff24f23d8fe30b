"""A collections.namedtuple as input: fields read by name and index.
features: namedtuples, tuples"""

import collections

import torch

Batch = collections.namedtuple("Batch", ["x", "y", "weight"])


def program(batch):
    diff = batch.x - batch[1]
    return (diff * diff * batch.weight).mean(), batch._fields


def calls():
    g = torch.Generator().manual_seed(106)

    def randn():
        return torch.randn(10, 10, generator=g)

    yield (Batch(randn(), randn(), 1.0),), {}
    yield (Batch(randn(), randn(), 1.0),), {}
    yield (Batch(randn(), randn(), torch.rand(10, 10, generator=g)),), {}
