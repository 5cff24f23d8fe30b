"""A Counter of string tags picks the most common; elements(), items(), total() and a missing key.
features: dicts, strings, builtins"""

import collections

import torch


def program(x, tags):
    c = collections.Counter(tags)
    (top, count), = c.most_common(1)
    return x * count, top, sorted(c.elements()), c["zz"], sorted(c.items()), c.total(), len(c)


def calls():
    g = torch.Generator().manual_seed(403)
    yield (torch.randn(3, generator=g), ["a", "b", "a", "c"]), {}
    yield (torch.randn(3, generator=g), ["a", "b", "a", "c"]), {}
    yield (torch.randn(3, generator=g), ["c", "c", "c", "a"]), {}
