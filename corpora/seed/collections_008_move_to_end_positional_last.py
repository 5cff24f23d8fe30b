"""OrderedDict.move_to_end with last given by position and by keyword. features: dicts"""

import collections

import torch


def program(x):
    od = collections.OrderedDict([("a", x), ("b", x + 1), ("c", x + 2)])
    od.move_to_end("c", False)
    order1 = list(od)
    od.move_to_end("a", True)
    od.move_to_end("b", last=False)
    return list(od), order1, od["a"] * 2


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
