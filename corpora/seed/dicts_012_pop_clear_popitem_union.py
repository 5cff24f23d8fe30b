"""dict.pop of a missing key, popitem of an empty dict, OrderedDict.popitem(last=False),
clear(), update() from pairs, | between dict kinds. features: dicts, exceptions"""

import collections

import torch


def program(x, key):
    d = {"a": x, "b": x + 1}
    errors = []
    try:
        d.pop(key)
    except KeyError as e:
        errors.append(repr(e))
    d.update([("c", x * 2), ("d", x * 3)])
    od = collections.OrderedDict(first=1, second=2, third=3)
    first = od.popitem(last=False)
    last = od.popitem()
    dd = collections.defaultdict(int, {"z": 1})
    merged = {"k": 0} | dd
    merged["new"] += 1
    e = {}
    try:
        e.popitem()
    except KeyError as err:
        errors.append(str(err))
    keys = sorted(d)
    d.clear()
    return keys, first, last, type(merged).__name__, dict(merged), len(d), errors, d


def calls():
    g = torch.Generator().manual_seed(513)
    yield (torch.randn(3, generator=g), "q"), {}
    yield (torch.randn(3, generator=g), "q"), {}
    yield (torch.randn(3, generator=g), "a"), {}
