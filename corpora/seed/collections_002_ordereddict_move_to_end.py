"""An input OrderedDict is reordered with move_to_end and popitem; the order reaches the output.
features: dicts, mutation, strings"""

import collections

import torch


def program(d, key):
    d.move_to_end(key)
    d.move_to_end("a", last=False)
    last_key, last_val = d.popitem()
    out = sum(v * i for i, v in enumerate(d.values()))
    return out + last_val, last_key, list(d.keys())


def make(g, n):
    return collections.OrderedDict((k, torch.randn(3, generator=g)) for k in "abcd"[:n])


def calls():
    g = torch.Generator().manual_seed(402)
    yield (make(g, 4), "b"), {}
    yield (make(g, 4), "b"), {}
    yield (make(g, 4), "c"), {}
    yield (make(g, 3), "a"), {}
