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
    yield (Batch(torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), 1.0),), {}
    yield (Batch(torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), 1.0),), {}
    yield (
        (
            Batch(
                torch.randn(10, 10, generator=g),
                torch.randn(10, 10, generator=g),
                torch.rand(10, 10, generator=g),
            ),
        ),
        {},
    )
